"""What a seat's view proves about where the cards are.

From the view alone (own hand, melds, red threes, the public log of the hand, the counts) this
rebuilds:

* the pile's contents: ``start_pile`` + discards, emptied by each ``take`` and ``upcard``;
* the cards on the table per side, closed canastas included (where the rules hide their cards,
  S4, they are rebuilt from the public meld/add/take events of the hand);
* cards known to be in another player's hand: taken with the pile (the ``pile`` event, red threes
  excepted where they are laid) or shown and taken back (``retract``), less what that player has
  laid or discarded since (a lower bound: the player may hold more of them);
* the *unseen* cards: the deck less all of the above and the seat's own hand. They are somewhere in
  the other hands (beyond the known cards) or in the stock.

A view of a position (no ``start_pile`` event in the log) may not tell the cards under the top of
the pile; then only the top is known and ``pile_complete`` is False.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import NUM_FACES, full_deck, is_black_three, is_wild, parse_card, parse_cards
from ..melds import wild_card
from ..rules import RuleSet

RANK_NAMES_REV = {"aces": 14, "kings": 13, "queens": 12, "jacks": 11, "tens": 10, "nines": 9,
                  "eights": 8, "sevens": 7, "sixes": 6, "fives": 5, "fours": 4}


def _counts(cards: list[int]) -> list[int]:
    c = [0] * NUM_FACES
    for f in cards:
        c[f] += 1
    return c


def _parse(text: Any) -> list[int]:
    return parse_cards(text) if text else []


def deck_counts(rules: RuleSet) -> list[int]:
    return _counts(full_deck(rules.packs, rules.jokers_per_pack))


@dataclass
class MeldInfo:
    """A meld on the table as the view shows it (``cards`` rebuilt for a closed canasta)."""

    rank: int
    cards: list[int]
    size: int
    canasta: bool
    natural: bool
    black3: bool
    closed: bool


@dataclass
class Knowledge:
    seat: int
    hand: list[int]                     # own cards
    pile: list[int]                     # bottom to top (only the top if not pile_complete)
    pile_size: int
    pile_complete: bool
    melds: list[list[MeldInfo]]         # per side
    red3: list[list[int]]               # per seat
    known: list[list[int]]              # per seat: face counts known to be in that hand
    unseen: list[int]                   # face counts: in other hands (beyond known) or the stock
    hand_counts: list[int]
    stock: int
    discarded: list[list[int]]          # per seat: rank counts (index 0..14) discarded this hand
    seen_rank: list[int]                # rank -> copies seen (own hand, table, pile, discards)
    passed: list[list[int]]             # per seat: ranks of pile tops (3 or more cards) the seat
                                        # drew instead of taking, its side having melded already



def _side_log_cards(log: list[dict[str, Any]], sides: int) -> list[list[int]]:
    """Face counts each side has put on the table this hand (meld, add, take; minus retract)."""
    out = [[0] * NUM_FACES for _ in range(sides)]
    for e in log:
        what = e["what"]
        if what in ("meld", "add", "take", "retract", "box") and "cards" in e:
            side = e["seat"] % sides
            sign = -1 if what in ("retract", "box") else 1
            for f in parse_cards(e["cards"]):
                out[side][f] += sign
    return out


def analyse(view: dict[str, Any], rules: RuleSet) -> Knowledge:
    """Everything the view proves (see the module docstring)."""
    seat = view["seat"]
    n = view["players"]
    sides = view["sides"]
    log: list[dict[str, Any]] = view["log"]
    hand = _parse(view["hand"])

    # the pile, rebuilt from the public log
    pile: list[int] = []
    started = False
    known = [[0] * NUM_FACES for _ in range(n)]
    discarded = [[0] * 15 for _ in range(n)]
    passed: list[list[int]] = [[] for _ in range(n)]
    melded = [False] * sides
    for e in log:
        what = e["what"]
        who = e["seat"]
        cards = _parse(e.get("cards"))
        if what == "draw":
            # a player whose side has melded, drawing from the stock when a natural pair of the top
            # card would take a pile of three or more, is unlikely to hold that pair
            if started and len(pile) >= 3 and melded[who % sides]:
                up = pile[-1]
                if not is_wild(up) and up // 4 != 1 and up // 4 + 2 not in passed[who]:
                    passed[who].append(up // 4 + 2)
        elif what == "start_pile":
            pile = list(cards)
            started = True
        elif what == "turnover":  # S0 [K](iii): the pile became the stock
            pile = []
        elif what == "discard":
            pile.extend(cards)
            for f in cards:
                if not is_wild(f):
                    discarded[who][f // 4 + 2] += 1
                if known[who][f]:
                    known[who][f] -= 1
        elif what == "upcard":
            if pile:
                pile.pop()
            for f in cards:
                known[who][f] += 1
        elif what == "take":
            if pile:
                pile.pop()  # the top card; a "pile" event follows when the rest is taken too
            for f in cards[1:]:
                if known[who][f]:
                    known[who][f] -= 1
        elif what == "pile":
            pile = []
            for f in cards:
                if not rules.laid_faces[f]:
                    known[who][f] += 1
        elif what == "red3":  # a red three laid (S1: possibly a card taken with the pile)
            for f in cards:
                if known[who][f]:
                    known[who][f] -= 1
        elif what in ("retract", "unbox"):  # S0 [G](ii), [J](v): boxed cards come back to the hand
            for f in cards:
                known[who][f] += 1
        elif what in ("meld", "add"):
            melded[who % sides] = True
            for f in cards:
                if known[who][f]:
                    known[who][f] -= 1
    known[seat] = [0] * NUM_FACES
    pv = view["pile"]
    top = parse_card(pv["top"]) if pv["top"] else None
    complete = started and len(pile) == pv["size"] and (not pile or pile[-1] == top)
    if not complete:
        pile = [] if top is None else [top]

    # melds, closed canastas rebuilt from the log
    logged = _side_log_cards(log, sides)
    melds: list[list[MeldInfo]] = []
    for side, ms in enumerate(view["melds"]):
        infos: list[MeldInfo] = []
        pool = logged[side][:]
        for m in ms:
            if m["cards"] is not None:
                cards = parse_cards(m["cards"])
                for f in cards:
                    pool[f] = max(0, pool[f] - 1)
                black3 = any(is_black_three(f) for f in cards)
                nat = [f for f in cards if not wild_card(f, rules.red3_wild)]
                rank = 3 if black3 else (nat[0] // 4 + 2 if nat else 0)
                infos.append(MeldInfo(rank, cards, len(cards), m["canasta"], m["natural"], black3, False))
            else:
                rank = RANK_NAMES_REV.get(m["what"].split()[-1], 0)
                infos.append(MeldInfo(rank, [], m["size"], True, m["natural"], False, True))
        for info in infos:
            if info.closed:
                info.cards = _closed_cards(info, pool)
        melds.append(infos)

    red3 = [_parse(x) for x in view["red_threes"]]
    unseen = deck_counts(rules)
    used = hand + pile + [f for ms in melds for m in ms for f in m.cards] + [f for r in red3 for f in r]
    used += [f for b in view.get("boxed", []) for f in _parse(b)]  # boxed cards are known (S0)
    for f in used:
        unseen[f] -= 1
    # a closed canasta the log does not rebuild (a position) gets plausible cards from the unseen ones
    for ms in melds:
        for m in ms:
            if m.closed and len(m.cards) < m.size:
                extra = _fill_closed(m, unseen)
                m.cards.extend(extra)
                used.extend(extra)
    for s in range(n):
        for f in range(NUM_FACES):
            k = min(known[s][f], unseen[f])
            known[s][f] = k
            unseen[f] -= k
        # never more known cards than the hand holds
        excess = sum(known[s]) - view["hand_counts"][s]
        f = 0
        while excess > 0 and f < NUM_FACES:
            take = min(excess, known[s][f])
            known[s][f] -= take
            unseen[f] += take
            excess -= take
            f += 1
    seen_rank = [0] * 15
    for f in used:
        if not is_wild(f):
            seen_rank[f // 4 + 2] += 1
    for s in range(n):
        for f in range(52):
            seen_rank[f // 4 + 2] += known[s][f]
    return Knowledge(seat, hand, pile, pv["size"], complete, melds, red3, known, unseen,
                     list(view["hand_counts"]), view["stock"], discarded, seen_rank, passed)


def _closed_cards(info: MeldInfo, pool: list[int]) -> list[int]:
    """The cards of a closed canasta: its rank's naturals and wild cards from the side's logged
    cards not in a visible meld (the rest is filled from the unseen cards by _fill_closed)."""
    out: list[int] = []
    lo = (info.rank - 2) * 4
    for f in range(lo, lo + 4):
        while pool[f] and len(out) < info.size:
            pool[f] -= 1
            out.append(f)
    if not info.natural:
        for f in (52, 0, 1, 2, 3):
            while pool[f] and len(out) < info.size:
                pool[f] -= 1
                out.append(f)
    return out


def _fill_closed(info: MeldInfo, unseen: list[int]) -> list[int]:
    """Cards for the rest of a closed canasta, taken from ``unseen``: the rank's naturals, then
    (for a mixed one) wild cards, keeping the wild cards fewer than the naturals."""
    out: list[int] = []
    need = info.size - len(info.cards)
    lo = (info.rank - 2) * 4
    nat = sum(1 for f in info.cards if not is_wild(f))
    wild = len(info.cards) - nat
    for f in range(lo, lo + 4):
        while unseen[f] > 0 and len(out) < need:
            unseen[f] -= 1
            out.append(f)
            nat += 1
    if not info.natural:
        for f in (0, 1, 2, 3, 52):
            while unseen[f] > 0 and len(out) < need and wild + 1 <= nat:
                unseen[f] -= 1
                out.append(f)
                wild += 1
    return out
