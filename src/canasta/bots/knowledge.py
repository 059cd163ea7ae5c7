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

Two steps, one place for each fact: :class:`LogFacts` reads the hand's public log, event by event
(the same for every seat), and the finish adds the seat's own view: :func:`analyse` from a view dict
(the bots, at each decision), :func:`knowledge_of` from ``views.seat_view`` and facts kept up to
date from step to step (the learning environments, which ask at every step).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import NUM_FACES, full_deck, is_black_three, is_wild, parse_card, parse_cards
from ..melds import MeldType, wild_card
from ..rules import RuleSet
from ..state import GameState
from ..views import SeatView


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


class LogFacts:
    """What the public log of a hand proves, read event by event: the pile (``start_pile`` +
    discards, emptied by each ``take`` and ``upcard``), the cards known to be in each hand (taken
    with the pile, shown and taken back, less what was laid or discarded since), the ranks each seat
    discarded or passed up, the cards each side put on the table. Only public events' cards are
    read (a draw counts as an event, its cards are never looked at), so the facts are the same
    for every seat: one serves them all, finished with a seat's own view by :func:`analyse` or
    :func:`knowledge_of`.

    :meth:`follow` keeps them up to date with a game from step to step (the events since the last
    call), so a learner that asks what a seat knows at every step does not read the hand's log
    again each time (``canasta.rl``)."""

    def __init__(self, rules: RuleSet, deck: list[int] | None = None) -> None:
        self.rules = rules
        self.laid = rules.laid_faces
        self.deck = deck_counts(rules) if deck is None else deck  # (face counts of the whole deck)
        self.players, self.sides = rules.players, rules.sides
        self.hand = -1          # the hand followed (:meth:`follow`)
        self.mark: object = None  # the game's log mark up to which it is read (:meth:`follow`)
        self.clear()

    def clear(self) -> None:
        """No event read yet (a new hand)."""
        n, sides = self.players, self.sides
        self.pile: list[int] = []
        self.started = False
        self.known = [[0] * NUM_FACES for _ in range(n)]
        self.discarded = [[0] * 15 for _ in range(n)]
        self.passed: list[list[int]] = [[] for _ in range(n)]
        self.melded = [False] * sides
        # face counts each side has put on the table this hand (meld, add, take; minus retract)
        self.logged = [[0] * NUM_FACES for _ in range(sides)]

    def copy(self) -> LogFacts:
        """An independent copy (a cloned game's facts go their own way)."""
        c = LogFacts(self.rules, self.deck)
        c.hand, c.mark = self.hand, self.mark
        c.pile, c.started = self.pile[:], self.started
        c.known = [x[:] for x in self.known]
        c.discarded = [x[:] for x in self.discarded]
        c.passed = [x[:] for x in self.passed]
        c.melded = self.melded[:]
        c.logged = [x[:] for x in self.logged]
        return c

    def data(self) -> tuple[Any, ...]:
        """The facts as plain lists (to pickle; :meth:`restored` reads them back)."""
        return (self.hand, self.pile, self.started, self.known, self.discarded, self.passed, self.melded,
                self.logged)

    @classmethod
    def restored(cls, rules: RuleSet, data: tuple[Any, ...]) -> LogFacts:
        """The facts of :meth:`data` (read on from no log mark: :meth:`carry_to` sets one)."""
        c = cls(rules)
        hand, pile, c.started, known, discarded, passed, melded, logged = data
        c.hand, c.pile, c.melded = hand, list(pile), list(melded)
        c.known = [list(x) for x in known]
        c.discarded = [list(x) for x in discarded]
        c.passed = [list(x) for x in passed]
        c.logged = [list(x) for x in logged]
        return c

    def feed(self, who: int, what: str, cards: list[int] | tuple[int, ...]) -> None:
        """Read one event of the hand's log (a public event's cards; another seat's private
        event's are not read)."""
        pile = self.pile
        known = self.known[who]
        if what == "draw":
            # a player whose side has melded, drawing from the stock when a natural pair of the top
            # card would take a pile of three or more, is unlikely to hold that pair
            if self.started and len(pile) >= 3 and self.melded[who % self.sides]:
                up = pile[-1]
                passed = self.passed[who]
                if not is_wild(up) and up // 4 != 1 and up // 4 + 2 not in passed:
                    passed.append(up // 4 + 2)
        elif what == "start_pile":
            self.pile = list(cards)
            self.started = True
        elif what == "turnover":  # S0 [K](iii): the pile became the stock
            self.pile = []
        elif what == "discard":
            pile.extend(cards)
            discarded = self.discarded[who]
            for f in cards:
                if not is_wild(f):
                    discarded[f // 4 + 2] += 1
                if known[f]:
                    known[f] -= 1
        elif what == "upcard":
            if pile:
                pile.pop()
            for f in cards:
                known[f] += 1
        elif what == "take":
            if pile:
                pile.pop()  # the top card; a "pile" event follows when the rest is taken too
            for f in cards[1:]:
                if known[f]:
                    known[f] -= 1
            self._lay(who, cards, 1)
        elif what == "pile":
            self.pile = []
            laid = self.laid
            for f in cards:
                if not laid[f]:
                    known[f] += 1
        elif what == "red3":  # a red three laid (S1: possibly a card taken with the pile)
            for f in cards:
                if known[f]:
                    known[f] -= 1
        elif what == "retract" or what == "unbox":  # S0 [G](ii), [J](v): boxed cards come back
            for f in cards:
                known[f] += 1
            if what == "retract":
                self._lay(who, cards, -1)
        elif what == "meld" or what == "add":
            self.melded[who % self.sides] = True
            for f in cards:
                if known[f]:
                    known[f] -= 1
            self._lay(who, cards, 1)
        elif what == "box":
            self._lay(who, cards, -1)

    def _lay(self, who: int, cards: list[int] | tuple[int, ...], sign: int) -> None:
        row = self.logged[who % self.sides]
        for f in cards:
            row[f] += sign

    def follow(self, state: GameState) -> LogFacts:
        """Read what ``state`` logged since the last call (the facts of its current hand: a new
        hand starts them afresh); the state is this one's game or a clone of it."""
        if self.hand != state.hand_no:
            if self.hand >= 0:
                self.clear()
            self.hand = state.hand_no
        hand = self.hand
        for h, who, what, cards, _ in state.events_since(self.mark):
            if h == hand:
                self.feed(who, what, cards)
        self.mark = state.log_mark()
        return self

    def carry_to(self, state: GameState) -> LogFacts:
        """These facts, read on from the end of another game's log: a world sampled from a seat's
        view (``canasta.rl.openspiel``'s resampling) remembers the hand as the real game's log
        showed it, which the world's own log (a position) does not hold."""
        c = self.copy()
        c.hand, c.mark = state.hand_no, state.log_mark()
        return c


def _visible_meld(cards: list[int], canasta: bool, natural: bool, rules: RuleSet) -> MeldInfo:
    black3 = any(is_black_three(f) for f in cards)
    nat = [f for f in cards if not wild_card(f, rules.red3_wild)]
    rank = 3 if black3 else (nat[0] // 4 + 2 if nat else 0)
    return MeldInfo(rank, cards, len(cards), canasta, natural, black3, False)


def _closed_meld(group: bool, rank: int, size: int, natural: bool) -> MeldInfo:
    """A closed canasta (S4): its cards are rebuilt later; a group's rank says which naturals it
    holds, any other (a wild canasta, where rules allow one) has none."""
    return MeldInfo(rank if group else 0, [], size, True, natural, False, True)


def analyse(view: dict[str, Any], rules: RuleSet) -> Knowledge:
    """Everything the view proves (see the module docstring)."""
    facts = LogFacts(rules)
    for e in view["log"]:
        facts.feed(e["seat"], e["what"], _parse(e.get("cards")))
    pv = view["pile"]
    top = parse_card(pv["top"]) if pv["top"] else -1
    melds = [[_closed_meld(m["type"] == "group", m["rank"], m["size"], m["natural"]) if m["cards"] is None
              else _visible_meld(parse_cards(m["cards"]), m["canasta"], m["natural"], rules)
              for m in ms] for ms in view["melds"]]
    return _finish(facts, view["seat"], _parse(view["hand"]), top, pv["size"], melds,
                   [_parse(x) for x in view["red_threes"]], [_parse(b) for b in view.get("boxed", [])],
                   list(view["hand_counts"]), view["stock"])


def knowledge_of(facts: LogFacts, v: SeatView, rules: RuleSet) -> Knowledge:
    """What :func:`analyse` gives for the view of ``v``'s seat, from the facts of the hand's log so
    far (:meth:`LogFacts.follow`) and the seat's view in numbers (``views.seat_view``): the same
    knowledge, without the view's text and without reading the log again."""
    counts = v.hand
    hand = [f for f in range(NUM_FACES) for _ in range(counts[f])]  # (face order: the view's order)
    group = int(MeldType.GROUP)
    melds = [[_closed_meld(m.type == group, m.rank, m.size, m.natural) if not m.cards
              else _visible_meld(list(m.cards), m.canasta, m.natural, rules)
              for m in ms] for ms in v.melds]
    return _finish(facts, v.seat, hand, v.pile_top, v.pile_size, melds,
                   [list(x) for x in v.threes], [list(b) for b in v.boxed], list(v.hand_counts),
                   v.stock)


def known_unseen(facts: LogFacts, v: SeatView, rules: RuleSet) -> tuple[list[list[int]], list[int]]:
    """The ``known`` and ``unseen`` fields of :func:`knowledge_of` alone (with ``facts.discarded``,
    all the information state's tensor holds, ``canasta.rl``): no meld records but for closed
    canastas, no ``Knowledge``; about half the finish's cost."""
    counts = v.hand
    hand = [f for f in range(NUM_FACES) for _ in range(counts[f])]
    group = int(MeldType.GROUP)
    closed: list[MeldInfo] = []
    for side, ms in enumerate(v.melds):
        if any(not m.cards for m in ms):  # (a closed canasta shows no cards)
            shut = [_closed_meld(m.type == group, m.rank, m.size, m.natural) for m in ms if not m.cards]
            _rebuild_closed(facts.logged[side], [f for m in ms for f in m.cards], shut)
            closed += shut
    known, unseen, _, _, _ = _where(facts, v.seat, hand, v.pile_top, v.pile_size,
                                    [f for ms in v.melds for m in ms for f in m.cards], closed,
                                    [f for x in v.threes for f in x] + [f for b in v.boxed for f in b],
                                    v.hand_counts)
    return known, unseen


def _finish(facts: LogFacts, seat: int, hand: list[int], top: int, pile_size: int,
            melds: list[list[MeldInfo]], red3: list[list[int]], boxed: list[list[int]],
            hand_counts: list[int], stock: int) -> Knowledge:
    """The log's facts finished with a seat's view (``top`` -1: no pile; closed canastas without
    their cards yet)."""
    closed: list[MeldInfo] = []
    for side, infos in enumerate(melds):
        if any(info.closed for info in infos):
            shut = [info for info in infos if info.closed]
            _rebuild_closed(facts.logged[side], [f for info in infos if not info.closed for f in info.cards],
                            shut)
            closed += shut
    shown = [f for infos in melds for info in infos if not info.closed for f in info.cards]
    laid = [f for r in red3 for f in r] + [f for b in boxed for f in b]
    known, unseen, used, pile, complete = _where(facts, seat, hand, top, pile_size, shown, closed, laid,
                                                 hand_counts)
    seen_rank = [0] * 15
    for f in used:
        if not is_wild(f):
            seen_rank[f // 4 + 2] += 1
    for s in range(len(hand_counts)):
        ks = known[s]
        for f in range(52):
            if ks[f]:
                seen_rank[f // 4 + 2] += ks[f]
    return Knowledge(seat, hand, pile, pile_size, complete, melds, red3, known, unseen, hand_counts,
                     stock, [x[:] for x in facts.discarded], seen_rank, [x[:] for x in facts.passed])


def _rebuild_closed(logged: list[int], shown: list[int], closed: list[MeldInfo]) -> None:
    """Closed canastas' cards (set on them) from the side's ``logged`` cards not in its ``shown``
    melds (the rest is filled from the unseen cards by ``_where``)."""
    pool = logged[:]
    for f in shown:
        pool[f] = max(0, pool[f] - 1)
    for info in closed:
        info.cards = _closed_cards(info, pool)


def _where(facts: LogFacts, seat: int, hand: list[int], top: int, pile_size: int, shown: list[int],
           closed: list[MeldInfo], laid: list[int], hand_counts: Sequence[int]
           ) -> tuple[list[list[int]], list[int], list[int], list[int], bool]:
    """Where the cards are: the cards known in each hand, the unseen ones, the cards seen (own hand,
    pile, table, laid threes and boxed cards), the pile and whether it is complete. ``shown``: the
    cards of the melds shown; ``closed``: the closed canastas, their cards rebuilt from the log
    (``_rebuild_closed``; the rest filled here); ``laid``: the threes laid out and the boxed cards
    (S0)."""
    known = [x[:] for x in facts.known]
    known[seat] = [0] * NUM_FACES
    pile = facts.pile
    complete = facts.started and len(pile) == pile_size and (not pile or pile[-1] == top)
    pile = pile[:] if complete else [] if top < 0 else [top]
    unseen = facts.deck[:]
    used = hand + pile + shown + laid
    for info in closed:
        used += info.cards
    for f in used:
        unseen[f] -= 1
    # a closed canasta the log does not rebuild (a position) gets plausible cards from the unseen ones
    for m in closed:
        if len(m.cards) < m.size:
            extra = _fill_closed(m, unseen)
            m.cards.extend(extra)
            used.extend(extra)
    for s in range(len(hand_counts)):
        ks = known[s]
        for f in range(NUM_FACES):
            if ks[f]:  # (most are 0)
                k = min(ks[f], unseen[f])
                ks[f] = k
                unseen[f] -= k
        # never more known cards than the hand holds
        excess = sum(ks) - hand_counts[s]
        f = 0
        while excess > 0 and f < NUM_FACES:
            take = min(excess, ks[f])
            ks[f] -= take
            unseen[f] += take
            excess -= take
            f += 1
    return known, unseen, used, pile, complete


def _closed_cards(info: MeldInfo, pool: list[int]) -> list[int]:
    """The cards of a closed canasta: its rank's naturals and wild cards from the side's logged
    cards not in a visible meld (the rest is filled from the unseen cards by _fill_closed)."""
    out: list[int] = []
    lo = (info.rank - 2) * 4
    for f in range(lo, lo + 4 if info.rank else lo):  # (rank 0, a wild canasta: no naturals)
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
    for f in range(lo, lo + 4 if info.rank else lo):  # (rank 0, a wild canasta: no naturals)
        while unseen[f] > 0 and len(out) < need:
            unseen[f] -= 1
            out.append(f)
            nat += 1
    if not info.natural:
        for f in (0, 1, 2, 3, 52):
            while unseen[f] > 0 and len(out) < need and (wild + 1 <= nat or not info.rank):
                unseen[f] -= 1
                out.append(f)
                wild += 1
    return out
