"""A bot's move said as a player says it: "Discard 7♥: probably safe, your left-hand opponent has not
taken a 7".

Why one module: the terminal's hint, the browser's hint and every bot's ``explain()`` speak to
players, so what they say is decided here once. The reasons are built from the position the bot saw
(an :class:`~canasta.bots.heuristic.Obs`) with the heuristic's own judgement (what makes a discard
safe, what the pile gives, what the opening needs), never from a bot's internal figures: the
search's means and the strategy's weights are for developers (``detail()`` on the bots).

A move and its reason are each a message, a code and its data (:mod:`canasta.messages`), so that
the terminal and the server say them in the player's language from a catalogue; ``TEMPLATES`` holds
their English (the catalogues' template is extracted from it) and :func:`explain_move` gives the
English sentence a Python user reads from ``explain()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import SPECIAL_HANDS, Action, Op
from ..cards import JOKER, card_str, is_black_three, is_red_three, is_wild
from ..messages import Template, render
from .plan import short_penalty

if TYPE_CHECKING:
    from collections.abc import Callable

    from .heuristic import Heuristic, MeldObs, Obs

Msg = tuple[str, dict[str, Any]]

#: The English of every move and reason a hint can say, by code (``{cards}`` card symbols,
#: ``{rank}`` a rank's plural, ``{rank:a}`` one card of it, ``{n:word}`` a small count in words).
#: A code ending ``.two`` is said at a table of two, where there is one opponent.
TEMPLATES: dict[str, Template] = {
    # the whole sentence: the move, then why (a reason may be missing)
    "hint.sentence": "{move}: {reason}.",
    "hint.sentence_bare": "{move}.",
    "hint.looked_ahead": "{reason}; looking ahead, this does best",
    "hint.looked_ahead_alone": "looking ahead, this does best",
    # the move
    "hint.move.draw": "Draw from the stock",
    "hint.move.draw_further": "Draw your further card",
    "hint.move.take": "Take the pile",
    "hint.move.meld_rank": {"one": "Meld {card}", "other": "Meld {n:word} {rank}"},
    "hint.move.meld_rank_wild": "Meld {n:word} {rank} with {wild_cards}",
    "hint.move.meld_rank_joker": "Meld {n:word} {rank} with a joker",
    "hint.move.meld": "Meld {cards}",
    "hint.move.add": "Add {cards} to a meld",
    "hint.move.add_group": "Add {cards} to your {rank}",
    "hint.move.add_sequence": "Add {cards} to your {suit} sequence",
    "hint.move.add_any_sequence": "Add {cards} to your sequence",
    "hint.move.add_wild": "Add {cards} to your wild cards",
    "hint.move.add_black3": "Add {cards} to your black threes",
    "hint.move.discard": "Discard {cards}",
    "hint.move.ask": "Ask your partner \"may I go out?\"",
    "hint.move.yes": "Answer yes",
    "hint.move.no": "Answer no",
    "hint.move.retract": "Take back the melds you showed",
    "hint.move.end": "End the turn without a discard",
    "hint.move.pass": "Pass",
    "hint.move.upcard": "Take the upcard",
    "hint.move.merge": "Join the two melds",
    "hint.move.top": "Lay down with the top card",
    "hint.move.declare_pairs": "Declare pairs",
    "hint.move.declare_garbage": "Declare garbage",
    "hint.move.declare_straight": "Declare a straight",
    "hint.move.play": "Play",
    # why: asking, and the moves with one reason each
    "hint.ask_mandatory": "you can go out this turn, and the rules say to ask your partner first",
    "hint.ask": "you can go out this turn if your partner agrees",
    "hint.retract": "the melds you showed cannot reach your opening",
    "hint.end": "your side may not go out yet",
    "hint.pass": "one card left, and your side may not go out yet",
    "hint.upcard": "the upcard is worth more than a card from the stock",
    "hint.merge": "one meld is nearer a canasta than two",
    "hint.top": "the top card makes your lay-down",
    "hint.declare": "a special hand ends the hand with a large award",
    # why this discard
    "hint.discard.freeze_pile": "it freezes the pile of {n} cards, so the opponents need a natural pair "
                                "to take it",
    "hint.discard.wild": "every other card would help the opponents more",
    "hint.discard.black3_stops": "a black three stops the pile, so your left-hand opponent cannot take it",
    "hint.discard.black3_stops.two": "a black three stops the pile, so your opponent cannot take it",
    "hint.discard.black3_kept": "the card you need least (your black threes are kept to go out with)",
    "hint.discard.red3_blocks": "a red three blocks the pile, so your left-hand opponent cannot take it",
    "hint.discard.red3_blocks.two": "a red three blocks the pile, so your opponent cannot take it",
    "hint.discard.red3_freezes": "it freezes the pile of {n} cards",
    "hint.discard.least": "the card you need least",
    "hint.discard.next_has_meld": "the least dangerous card, though your left-hand opponent could add it "
                                  "to their {rank}",
    "hint.discard.next_has_meld.two": "the least dangerous card, though your opponent could add it to "
                                      "their {rank}",
    "hint.discard.extends_next_sequence": "the least dangerous card, though it fits the next player's "
                                          "sequence",
    "hint.discard.sheds_stuck": "three {rank} left in your hand at the end would cost {penalty}",
    "hint.discard.next_closed": "safe, your left-hand opponent's side has closed its {rank}",
    "hint.discard.next_closed.two": "safe, your opponent has closed its {rank}",
    "hint.discard.own_closed": "your side has closed its {rank}, so it is of no use to you",
    "hint.discard.next_threw": "probably safe, your left-hand opponent threw {rank:a} away",
    "hint.discard.next_threw.two": "probably safe, your opponent threw {rank:a} away",
    "hint.discard.few_unseen": "safe, the other {rank} are in sight",
    "hint.discard.toward_sequence": "the card you need least (your cards toward a sequence are kept)",
    "hint.discard.not_taken": "probably safe, your left-hand opponent has not taken {rank:a}",
    "hint.discard.not_taken.two": "probably safe, your opponent has not taken {rank:a}",
    "hint.discard.took": "the card you need least, though your left-hand opponent took {rank:a} with "
                         "the pile",
    "hint.discard.took.two": "the card you need least, though your opponent took {rank:a} with the pile",
    # why take the pile: what it gives, and what it completes, makes or opens
    "hint.take": {"one": "it gives you {n} card", "other": "it gives you {n} cards"},
    "hint.take.completes": {"one": "it gives you {n} card and completes your {rank}",
                            "other": "it gives you {n} cards and completes your {rank}"},
    "hint.take.makes": {"one": "it gives you {n} card and makes a canasta of {rank}",
                        "other": "it gives you {n} cards and makes a canasta of {rank}"},
    "hint.take.opens": {"one": "it gives you {n} card and opens your side (you need {need})",
                        "other": "it gives you {n} cards and opens your side (you need {need})"},
    "hint.take.completes_opens": {
        "one": "it gives you {n} card, completes your {rank} and opens your side (you need {need})",
        "other": "it gives you {n} cards, completes your {rank} and opens your side (you need {need})"},
    "hint.take.makes_opens": {
        "one": "it gives you {n} card, makes a canasta of {rank} and opens your side (you need {need})",
        "other": "it gives you {n} cards, makes a canasta of {rank} and opens your side (you need "
                 "{need})"},
    # why draw rather than take
    "hint.draw.further": "a red three laid earns a further card",
    "hint.draw.pile_empty": "the pile is empty",
    "hint.draw.wild_spent": {"one": "taking the pile would spend a wild card on {n} card",
                             "other": "taking the pile would spend a wild card on {n} cards"},
    "hint.draw.few": {"one": "only {n} card in the pile: not worth taking",
                      "other": "only {n} cards in the pile: not worth taking"},
    "hint.draw.short_meld": "taking the pile would start a meld of {rank}, which costs {penalty} if it "
                            "is not finished",
    "hint.draw.black3": "a black three on top stops the pile",
    "hint.draw.wild_top": "the pile cannot be taken on a wild card",
    "hint.draw.frozen": "the pile is frozen and you hold no natural pair of {rank}",
    "hint.draw.opening_short_meld": "opening with the pile would need a meld of {rank}, which costs "
                                    "{penalty} if it is not finished",
    "hint.draw.opening_wilds": "opening with the pile would spend wild cards you keep for canastas",
    "hint.draw.below_opening": "taking the pile would not reach your opening {need}",
    "hint.draw.no_pair": "you hold no pair of {rank} to take the pile with",
    "hint.draw.cannot_take": "you cannot take the pile now",
    # why this meld
    "hint.meld.black3": "your black threes go down as you go out",
    "hint.meld.red3_fresh": "a red three shown at once earns a further card",
    "hint.meld.red3_held": "held, it would count against you at the end",
    "hint.meld.red3": "it counts for your side now",
    "hint.going_out": "you are going out this turn",
    "hint.meld.opens_take": "you reach your opening {need}, so you can take the pile",
    "hint.meld.toward_opening_take": "with your other melds and the pile's {rank} it reaches your "
                                     "opening {need}, so you can take the pile",
    "hint.meld.opens": "you reach your opening {need}",
    "hint.meld.toward_opening": "with your other melds it reaches your opening {need}",
    "hint.meld.canasta": "a canasta at once",
    "hint.meld.wild": "wild cards together can make a canasta of their own",
    "hint.meld.sequence": "a sequence grows into a canasta worth much more than a group",
    "hint.meld.group": "the {rank} score on the table and can grow into a canasta",
    # why add to a meld
    "hint.add.completes": "it completes the canasta",
    "hint.add.toward_opening": "toward your opening {need}",
    "hint.add.away_group": {"one": "your {rank} are {n} card from a canasta",
                            "other": "your {rank} are {n} cards from a canasta"},
    "hint.add.away_sequence": {"one": "your sequence is {n} card from a canasta",
                               "other": "your sequence is {n} cards from a canasta"},
    "hint.add.away_wild": {"one": "your wild cards are {n} card from a canasta",
                           "other": "your wild cards are {n} cards from a canasta"},
    "hint.add.grows_group": "your {rank} grow",
    "hint.add.grows_sequence": "your sequence grows",
    "hint.add.grows_wild": "your wild cards grow",
    "hint.add.fewer_away_group": {"one": "one card fewer in your hand; your {rank} are {n} card from a "
                                         "canasta",
                                  "other": "one card fewer in your hand; your {rank} are {n} cards "
                                           "from a canasta"},
    "hint.add.fewer_away_sequence": {"one": "one card fewer in your hand; your sequence is {n} card "
                                            "from a canasta",
                                     "other": "one card fewer in your hand; your sequence is {n} "
                                              "cards from a canasta"},
    "hint.add.fewer_away_wild": {"one": "one card fewer in your hand; your wild cards are {n} card "
                                        "from a canasta",
                                 "other": "one card fewer in your hand; your wild cards are {n} cards "
                                          "from a canasta"},
    "hint.add.fewer": "one card fewer in your hand to count against you",
    # why answer yes or no
    "hint.no.can_meld": "you could still meld {meld} of the {points} points in your hand",
    "hint.no.points": "you hold {points} points that going out now would cost your side",
    "hint.yes.opponent_near_out": "an opponent is close to going out, so it is better to end the hand "
                                  "now",
    "hint.yes.cannot_meld": "you could not meld your {points} points anyway, and going out gains the "
                            "bonus",
    "hint.yes.little": "you hold only {points} points, and going out gains the bonus",
}
#: the English of the looked-ahead note, as tests and developers read it
LOOKED_AHEAD = str(TEMPLATES["hint.looked_ahead_alone"])


@dataclass(frozen=True)
class Explanation:
    """A move and why, as messages: said in any language by :meth:`say`."""

    move: Msg
    reason: Msg | None
    looked_ahead: bool = False

    def say(self, text: Callable[[str, dict[str, Any]], str]) -> str:
        """The sentence, each message made by ``text(code, data)`` (a catalogue's)."""
        why = text(*self.reason) if self.reason is not None else ""
        if self.looked_ahead:
            why = text("hint.looked_ahead", {"reason": why}) if why else text("hint.looked_ahead_alone", {})
        move = text(*self.move)
        return text("hint.sentence", {"move": move, "reason": why}) if why else \
            text("hint.sentence_bare", {"move": move})

    def english(self) -> str:
        return self.say(lambda code, data: render(TEMPLATES[code], data))

    def to_json(self) -> dict[str, Any]:
        return {"move": list(self.move), "reason": list(self.reason) if self.reason else None,
                "looked_ahead": self.looked_ahead}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Explanation:
        r = d.get("reason")
        return cls((d["move"][0], dict(d["move"][1])), (r[0], dict(r[1])) if r else None,
                   bool(d.get("looked_ahead")))


def _rank(f: int) -> int:
    return f // 4 + 2


def _cards(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [card_str(f) for f in cards]


def _two(o: Obs, code: str) -> str:
    """The code said at a table of two (one opponent), where it has such a form."""
    return f"{code}.two" if len(o.hand_counts) == 2 and f"{code}.two" in TEMPLATES else code


def _kind(m: MeldObs) -> str:
    return {"seq": "sequence", "wild": "wild", "black3": "black3"}.get(m.kind, "group")


def action_message(a: Action, o: Obs | None = None) -> Msg:
    """The move as a sentence's start: ``Discard 7♥``, ``Meld three kings``, ``Add 7♥ to your
    sevens``, ``Take the pile``."""
    op = a.op
    if op is Op.DRAW:
        return ("hint.move.draw" if o is None or o.phase == "draw" else "hint.move.draw_further"), {}
    if op is Op.TAKE:
        return "hint.move.take", {}
    if op is Op.MELD:
        nat = [f for f in a.cards if not is_wild(f)]
        ranks = {_rank(f) for f in nat}
        if len(ranks) == 1 and len(nat) == len(a.cards) and not any(is_red_three(f) for f in nat):
            return "hint.move.meld_rank", {"n": len(nat), "rank": ranks.pop(), "card": card_str(nat[0])}
        if len(ranks) == 1 and nat and not is_red_three(nat[0]) and not is_black_three(nat[0]):
            wild = [f for f in a.cards if is_wild(f)]
            if wild == [JOKER]:
                return "hint.move.meld_rank_joker", {"n": len(nat), "rank": ranks.pop()}
            return "hint.move.meld_rank_wild", {"n": len(nat), "rank": ranks.pop(),
                                                "wild_cards": _cards(wild)}
        return "hint.move.meld", {"cards": _cards(a.cards)}
    if op is Op.ADD:
        cards = _cards(a.cards)
        if o is not None and 0 <= a.meld < len(o.melds[o.side]):
            m = o.melds[o.side][a.meld]
            kind = _kind(m)
            if kind == "sequence":
                if 0 <= m.suit < 4:
                    return "hint.move.add_sequence", {"cards": cards, "suit": m.suit}
                return "hint.move.add_any_sequence", {"cards": cards}
            if kind == "group":
                return "hint.move.add_group", {"cards": cards, "rank": m.rank}
            return f"hint.move.add_{kind}", {"cards": cards}
        return "hint.move.add", {"cards": cards}
    if op is Op.DISCARD:
        return "hint.move.discard", {"cards": _cards(a.cards)}
    if op is Op.DECLARE:
        return (f"hint.move.declare_{SPECIAL_HANDS[a.meld]}" if 0 <= a.meld < 3 else "hint.move.play"), {}
    name = op.name.lower()
    return (f"hint.move.{name}" if f"hint.move.{name}" in TEMPLATES else "hint.move.play"), {}


def action_words(a: Action, o: Obs | None = None) -> str:
    """The move in English (:func:`action_message` said with the English templates)."""
    code, data = action_message(a, o)
    return render(TEMPLATES[code], data)


# ------------------------------------------------------------------------------------- reasons
def explanation(o: Obs, a: Action, h: Heuristic, legal: list[Action] | None = None,
                looked_ahead: bool = False) -> Explanation:
    """Move ``a`` (one of ``legal``) in the position ``o`` and why; ``looked_ahead`` when a search
    chose it over the heuristic's own choice."""
    return Explanation(action_message(a, o), reason(o, a, h, legal), looked_ahead)


def explain_move(o: Obs, a: Action, h: Heuristic, legal: list[Action] | None = None,
                 looked_ahead: bool = False) -> str:
    """The whole sentence for move ``a``, in English."""
    return explanation(o, a, h, legal, looked_ahead).english()


def reason(o: Obs, a: Action, h: Heuristic, legal: list[Action] | None = None) -> Msg | None:
    """Why ``a`` is a good move in ``o``, as a message (None when there is nothing to say)."""
    try:
        if a.op is Op.DISCARD and a.cards:
            return _discard(o, a.cards[0], h)
        if a.op is Op.TAKE:
            return _take(o, a)
        if a.op is Op.DRAW:
            return _draw(o, legal)
        if a.op is Op.MELD:
            return _meld(o, a, h)
        if a.op is Op.ADD:
            return _add(o, a, h)
        if a.op in (Op.YES, Op.NO):
            return _answer(o, a, h)
        if a.op is Op.ASK:
            return ("hint.ask_mandatory" if o.rules.ask_partner == "mandatory" else "hint.ask"), {}
    except (IndexError, KeyError, ValueError):  # a position this module does not know: say less
        return None
    code = {Op.RETRACT: "hint.retract", Op.END: "hint.end", Op.PASS: "hint.pass",
            Op.UPCARD: "hint.upcard", Op.MERGE: "hint.merge", Op.TOP: "hint.top",
            Op.DECLARE: "hint.declare"}.get(a.op)
    return (code, {}) if code else None


def _discard(o: Obs, f: int, h: Heuristic) -> Msg:
    _, why = h.discard_score(o, f)
    rank = _rank(f)
    if why in ("freeze_pile", "red3_freezes"):
        return f"hint.discard.{why}", {"n": o.pile_size + 1}
    if why in ("wild", "black3_kept", "extends_next_sequence", "toward_sequence"):
        return f"hint.discard.{why}", {}
    if why in ("black3_stops", "red3_blocks"):
        return _two(o, f"hint.discard.{why}"), {}
    if why.startswith("red3"):
        return "hint.discard.least", {}
    if why == "sheds_stuck":
        return "hint.discard.sheds_stuck", {"rank": rank, "penalty": 1500}
    if why in ("next_has_meld", "next_closed", "own_closed", "next_threw", "few_unseen"):
        return _two(o, f"hint.discard.{why}"), {"rank": rank}
    nxt = (o.seat + 1) % len(o.hand_counts)
    known = o.known[nxt] if o.known and nxt < len(o.known) else None
    if known is None:
        return "hint.discard.least", {}
    if not any(k and not is_wild(g) and _rank(g) == rank for g, k in enumerate(known)):
        return _two(o, "hint.discard.not_taken"), {"rank": rank}
    return _two(o, "hint.discard.took"), {"rank": rank}


def _take(o: Obs, a: Action) -> Msg:
    r = o.rules
    data: dict[str, Any] = {"n": o.pile_size}
    made = ""
    top = o.pile[-1] if o.pile else None
    if top is not None and not is_wild(top):
        rank = _rank(top)
        # the meld the top card goes to, with the pile's other naturals of its rank and the hand's
        onto = o.melds[o.side][a.meld] if 0 <= a.meld < len(o.melds[o.side]) else None
        size = 1 + len(a.cards) + (onto.size if onto is not None else 0)
        size += sum(1 for g in o.pile[:-1] if not is_wild(g) and _rank(g) == rank)
        size += sum(1 for g in o.hand if not is_wild(g) and _rank(g) == rank and g not in a.cards)
        if size >= r.canasta_size and onto is not None and not onto.canasta:
            made = "completes"
        elif size >= r.canasta_size and onto is None:
            made = "makes"
        if made:
            data["rank"] = rank
    opens = not o.opened[o.side]
    if opens:
        data["need"] = o.minimum[o.side]
    code = "_".join(x for x in (made, "opens" if opens else "") if x)
    return ("hint.take." + code if code else "hint.take"), data


def _short_meld(o: Obs, top: int, held: int) -> Msg | None:
    """Why taking ``top`` with the ``held`` naturals of its rank is declined, where the take would
    start a pure meld of 7s or aces that costs its penalty if it is not finished (R 1.2, S3 G): a
    choice, not a rule. None otherwise."""
    rank = _rank(top)
    penalty = short_penalty(o, rank)
    if not penalty or held + 1 >= o.rules.canasta_size or any(
            m.rank == rank and m.kind == "group" for m in o.melds[o.side]):
        return None
    return "hint.draw.short_meld", {"rank": rank, "penalty": penalty}


def _draw(o: Obs, legal: list[Action] | None) -> Msg | None:
    if o.phase != "draw":
        return "hint.draw.further", {}
    if o.pile_size == 0:
        return "hint.draw.pile_empty", {}
    top = o.pile[-1] if o.pile else None
    takes = [a for a in legal or () if a.op is Op.TAKE]
    held = 0 if top is None else sum(1 for g in o.hand if not is_wild(g) and _rank(g) == _rank(top))
    if takes:
        n = o.pile_size
        if all(any(is_wild(f) for f in a.cards) for a in takes):
            return "hint.draw.wild_spent", {"n": n}
        return (_short_meld(o, top, held) if top is not None else None) or ("hint.draw.few", {"n": n})
    if top is None or legal is None:
        return None
    if is_black_three(top):
        return "hint.draw.black3", {}
    if is_wild(top) or is_red_three(top):
        return "hint.draw.wild_top", {}
    if o.pile_frozen and held < 2:
        return "hint.draw.frozen", {"rank": _rank(top)}
    if not o.opened[o.side] and held >= 2:
        short = _short_meld(o, top, held)
        if short:
            return short
        # the opening shown before the take would need a pure meld of 7s or aces (as above)
        for rank, penalty in o.rules.rank_incomplete_penalty:
            if penalty and sum(1 for g in o.hand if not is_wild(g) and _rank(g) == rank) >= 3 and any(
                    a.op is Op.MELD for a in legal):
                return "hint.draw.opening_short_meld", {"rank": rank, "penalty": penalty}
        if any(a.op is Op.MELD for a in legal) and any(is_wild(g) for g in o.hand):
            # melds shown before the take might reach it with wild cards: the club player keeps those
            return "hint.draw.opening_wilds", {}
        return "hint.draw.below_opening", {"need": o.minimum[o.side]}
    if held < 2 and not any(m.rank == _rank(top) and m.kind == "group" for m in o.melds[o.side]):
        return "hint.draw.no_pair", {"rank": _rank(top)}
    return "hint.draw.cannot_take", {}


def _points(o: Obs, cards: tuple[int, ...] | list[int]) -> int:
    return sum(o.model.open_value[f] for f in cards)


def _meld(o: Obs, a: Action, h: Heuristic) -> Msg:
    r = o.rules
    side = o.side
    if any(is_black_three(f) for f in a.cards):
        return "hint.meld.black3", {}
    if len(a.cards) == 1 and is_red_three(a.cards[0]):
        if r.red3_mode == "disclose":
            return ("hint.meld.red3_fresh" if o.fresh3 > 0 else "hint.meld.red3_held"), {}
        return "hint.meld.red3", {}
    left = len(o.hand) - len(a.cards)
    if h.going_out(o) or (left == 0 and o.requirement_met()):
        return "hint.going_out", {}
    if not o.opened[side]:
        need = o.minimum[side]
        have = o.opening_points + _points(o, a.cards)
        if o.phase == "draw" and o.pile:
            # shown before the draw (S3 N7, S0 [G]): the opening is made with the pile's top card
            if have >= need:
                return "hint.meld.opens_take", {"need": need}
            return "hint.meld.toward_opening_take", {"need": need, "rank": _rank(o.pile[-1])}
        return ("hint.meld.opens" if have >= need else "hint.meld.toward_opening"), {"need": need}
    if len(a.cards) >= r.canasta_size:
        return "hint.meld.canasta", {}
    nat = [f for f in a.cards if not is_wild(f)]
    if not nat:
        return "hint.meld.wild", {}
    if len({_rank(f) for f in nat}) > 1:
        return "hint.meld.sequence", {}
    return "hint.meld.group", {"rank": _rank(nat[0])}


def _add(o: Obs, a: Action, h: Heuristic) -> Msg | None:
    r = o.rules
    if not 0 <= a.meld < len(o.melds[o.side]):
        return None
    m = o.melds[o.side][a.meld]
    after = m.size + len(a.cards)
    if h.going_out(o):
        return "hint.going_out", {}
    if not m.canasta and after >= r.canasta_size:
        return "hint.add.completes", {}
    if not o.opened[o.side]:
        return "hint.add.toward_opening", {"need": o.minimum[o.side]}
    short = r.canasta_size - after
    kind = {"sequence": "sequence", "wild": "wild"}.get(_kind(m), "group")
    data: dict[str, Any] = {"n": short, "rank": m.rank} if kind == "group" else {"n": short}
    if all(is_wild(f) for f in a.cards):
        return (f"hint.add.away_{kind}" if short > 0 else f"hint.add.grows_{kind}"), data
    if short > 0:
        return f"hint.add.fewer_away_{kind}", data
    return "hint.add.fewer", {}


def _answer(o: Obs, a: Action, h: Heuristic) -> Msg:
    _, why = h.answer_yes(o)
    pts = sum(o.model.value[f] for f in o.hand)
    meld = h.meldable_points(o)
    if a.op is Op.NO:
        if meld:
            return "hint.no.can_meld", {"meld": meld, "points": pts}
        return "hint.no.points", {"points": pts}
    if why == "opponent_near_out":
        return "hint.yes.opponent_near_out", {}
    if meld == 0:
        return "hint.yes.cannot_meld", {"points": pts}
    return "hint.yes.little", {"points": pts}
