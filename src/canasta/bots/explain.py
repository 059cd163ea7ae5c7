"""A bot's move said as a player says it: "Discard 7♥: probably safe, your left-hand opponent has not
taken a 7".

Why one module: the terminal's hint, the browser's hint and every bot's ``explain()`` speak to
players, so the words (card symbols ♣♦♥♠, "joker", plain rank names) are decided here once. The
reasons are built from the position the bot saw (an :class:`~canasta.bots.heuristic.Obs`) with the
heuristic's own judgement (what makes a discard safe, what the pile gives, what the opening needs),
never from a bot's internal figures: the search's means and the strategy's weights are for
developers (``detail()`` on the bots).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import SPECIAL_HANDS, Action, Op
from ..cards import JOKER, RANK_NAMES, card_name, is_black_three, is_red_three, is_wild
from .plan import short_penalty

if TYPE_CHECKING:
    from .heuristic import Heuristic, MeldObs, Obs

LOOKED_AHEAD = "looking ahead, this does best"
_SINGULAR = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "10", 9: "9", 8: "8", 7: "7", 6: "6",
             5: "5", 4: "4", 3: "3", 2: "2"}
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


# ------------------------------------------------------------------------------------- words
def card_word(f: int) -> str:
    """``7♥``, ``10♦``, ``K♠``; ``joker``."""
    return card_name(f)


def cards_words(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(card_word(f) for f in cards)


def rank_words(rank: int, plural: bool = True) -> str:
    """``kings`` / ``a king``; ``sevens`` / ``a 7`` (as players say them)."""
    if plural:
        return RANK_NAMES.get(rank, "cards")
    word = _SINGULAR.get(rank, "card")
    return ("an " if word[0] in "a8" else "a ") + word


def _rank(f: int) -> int:
    return f // 4 + 2


def _meld_name(m: MeldObs) -> str:
    """``kings``, ``the hearts sequence``, ``wild cards``."""
    if m.kind == "seq":
        return f"{_SUIT_NAMES[m.suit]} sequence" if 0 <= m.suit < 4 else "sequence"
    if m.kind == "wild":
        return "wild cards"
    if m.kind == "black3":
        return "black threes"
    return rank_words(m.rank)


def _opponent(o: Obs) -> str:
    """The next player, who may take what is discarded."""
    return "your opponent" if len(o.hand_counts) == 2 else "your left-hand opponent"


def action_words(a: Action, o: Obs | None = None) -> str:
    """The move as a sentence's start: ``Discard 7♥``, ``Meld three kings``, ``Add 7♥ to your
    sevens``, ``Take the pile``."""
    op = a.op
    if op is Op.DRAW:
        return "Draw from the stock" if o is None or o.phase == "draw" else "Draw your further card"
    if op is Op.TAKE:
        return "Take the pile"
    if op is Op.MELD:
        nat = [f for f in a.cards if not is_wild(f)]
        ranks = {_rank(f) for f in nat}
        if len(ranks) == 1 and len(nat) == len(a.cards) and not any(is_red_three(f) for f in nat):
            r = ranks.pop()
            what = rank_words(r) if len(nat) > 1 else card_word(nat[0])
            return f"Meld {_COUNT.get(len(nat), str(len(nat)))} {what}"
        if len(ranks) == 1 and nat and not is_red_three(nat[0]) and not is_black_three(nat[0]):
            r = ranks.pop()
            wild = [f for f in a.cards if is_wild(f)]
            return (f"Meld {_COUNT.get(len(nat), str(len(nat)))} {rank_words(r)} with "
                    f"{' and '.join('a joker' if f == JOKER else card_word(f) for f in wild)}")
        return f"Meld {cards_words(a.cards)}"
    if op is Op.ADD:
        where = "a meld"
        if o is not None and 0 <= a.meld < len(o.melds[o.side]):
            where = f"your {_meld_name(o.melds[o.side][a.meld])}"
        return f"Add {cards_words(a.cards)} to {where}"
    if op is Op.DISCARD:
        return f"Discard {cards_words(a.cards)}"
    return {Op.ASK: "Ask your partner \"may I go out?\"", Op.YES: "Answer yes", Op.NO: "Answer no",
            Op.RETRACT: "Take back the melds you showed", Op.END: "End the turn without a discard",
            Op.PASS: "Pass", Op.UPCARD: "Take the upcard",
            Op.MERGE: "Join the two melds", Op.TOP: "Lay down with the top card"}.get(
        op, f"Declare {SPECIAL_HANDS[a.meld]}" if op is Op.DECLARE and 0 <= a.meld < 3 else "Play")


def sentence(a: Action, reason: str, o: Obs | None = None) -> str:
    """``Discard 7♥: safe, ....`` (the reason may be empty)."""
    head = action_words(a, o)
    return f"{head}: {reason}." if reason else f"{head}."


# ------------------------------------------------------------------------------------- reasons
def explain_move(o: Obs, a: Action, h: Heuristic, legal: list[Action] | None = None,
                 looked_ahead: bool = False) -> str:
    """The whole sentence for move ``a`` (one of ``legal``) in the position ``o``;
    ``looked_ahead`` when a search chose it over the heuristic's own choice."""
    why = reason(o, a, h, legal)
    if looked_ahead:
        why = f"{why}; {LOOKED_AHEAD}" if why else LOOKED_AHEAD
    return sentence(a, why, o)


def reason(o: Obs, a: Action, h: Heuristic, legal: list[Action] | None = None) -> str:
    """Why ``a`` is a good move in ``o``, in a player's words (empty when there is nothing to say)."""
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
            if o.rules.ask_partner == "mandatory":
                return "you can go out this turn, and the rules say to ask your partner first"
            return "you can go out this turn if your partner agrees"
    except (IndexError, KeyError, ValueError):  # a position this module does not know: say less
        return ""
    return {Op.RETRACT: "the melds you showed cannot reach your opening",
            Op.END: "your side may not go out yet",
            Op.PASS: "one card left, and your side may not go out yet",
            Op.UPCARD: "the upcard is worth more than a card from the stock",
            Op.MERGE: "one meld is nearer a canasta than two",
            Op.TOP: "the top card makes your lay-down",
            Op.DECLARE: "a special hand ends the hand with a large award"}.get(a.op, "")


def _discard(o: Obs, f: int, h: Heuristic) -> str:
    _, why = h.discard_score(o, f)
    who = _opponent(o)
    rank = _rank(f)
    if why == "freezes a big pile":
        return (f"it freezes the pile of {o.pile_size + 1} cards, so the opponents need a natural pair "
                "to take it")
    if "wild card" in why:
        return "every other card would help the opponents more"
    if why == "a black three stops the pile":
        return f"a black three stops the pile, so {who} cannot take it"
    if why == "black treys kept to go out with":
        return "the card you need least (your black threes are kept to go out with)"
    if why == "a red three blocks the pile":
        return f"a red three blocks the pile, so {who} cannot take it"
    if why == "a red trey freezes a big pile":
        return f"it freezes the pile of {o.pile_size + 1} cards"
    if why.startswith("a red t"):
        return "the card you need least"
    if why == "the next player has that meld":
        return f"the least dangerous card, though {who} could add it to their {rank_words(rank)}"
    if why == "it would extend the next player's sequence":
        return "the least dangerous card, though it fits the next player's sequence"
    if why == "sheds a rank that costs 1,500 when three are held":
        return f"three {rank_words(rank)} left in your hand at the end would cost 1,500"
    if why == "the next player's side has closed that rank":
        return f"safe, {who}'s side has closed its {rank_words(rank)}"
    if why == "our side has closed that rank":
        return f"your side has closed its {rank_words(rank)}, so it is of no use to you"
    if why == "the next player threw that rank away":
        return f"probably safe, {who} threw {rank_words(rank, False)} away"
    if why == "few copies left unseen":
        return f"safe, the other {rank_words(rank)} are in sight"
    if why == "a card toward a sequence":
        return "the card you need least (your cards toward a sequence are kept)"
    nxt = (o.seat + 1) % len(o.hand_counts)
    known = o.known[nxt] if o.known and nxt < len(o.known) else None
    if known is None:
        return "the card you need least"
    if not any(k and not is_wild(g) and _rank(g) == rank for g, k in enumerate(known)):
        return f"probably safe, {who} has not taken {rank_words(rank, False)}"
    return f"the card you need least, though {who} took {rank_words(rank, False)} with the pile"


def _take(o: Obs, a: Action) -> str:
    r = o.rules
    n = o.pile_size
    parts = [f"it gives you {n} card{'s' if n != 1 else ''}"]
    top = o.pile[-1] if o.pile else None
    if top is not None and not is_wild(top):
        rank = _rank(top)
        # the meld the top card goes to, with the pile's other naturals of its rank and the hand's
        onto = o.melds[o.side][a.meld] if 0 <= a.meld < len(o.melds[o.side]) else None
        size = 1 + len(a.cards) + (onto.size if onto is not None else 0)
        size += sum(1 for g in o.pile[:-1] if not is_wild(g) and _rank(g) == rank)
        size += sum(1 for g in o.hand if not is_wild(g) and _rank(g) == rank and g not in a.cards)
        if size >= r.canasta_size and onto is not None and not onto.canasta:
            parts.append(f"completes your {rank_words(rank)}")
        elif size >= r.canasta_size and onto is None:
            parts.append(f"makes a canasta of {rank_words(rank)}")
    if not o.opened[o.side]:
        parts.append(f"opens your side (you need {o.minimum[o.side]})")
    return " and ".join(parts) if len(parts) < 3 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _short_meld(o: Obs, top: int, held: int) -> str:
    """Why taking ``top`` with the ``held`` naturals of its rank is declined, where the take would
    start a pure meld of 7s or aces that costs its penalty if it is not finished (R 1.2, S3 G): a
    choice, not a rule. Empty otherwise."""
    rank = _rank(top)
    penalty = short_penalty(o, rank)
    if not penalty or held + 1 >= o.rules.canasta_size or any(
            m.rank == rank and m.kind == "group" for m in o.melds[o.side]):
        return ""
    return (f"taking the pile would start a meld of {rank_words(rank)}, which costs {penalty:,} if it "
            f"is not finished")


def _draw(o: Obs, legal: list[Action] | None) -> str:
    if o.phase != "draw":
        return "a red three laid earns a further card"
    if o.pile_size == 0:
        return "the pile is empty"
    top = o.pile[-1] if o.pile else None
    takes = [a for a in legal or () if a.op is Op.TAKE]
    held = 0 if top is None else sum(1 for g in o.hand if not is_wild(g) and _rank(g) == _rank(top))
    if takes:
        n = o.pile_size
        if all(any(is_wild(f) for f in a.cards) for a in takes):
            return f"taking the pile would spend a wild card on {n} card{'s' if n != 1 else ''}"
        return (top is not None and _short_meld(o, top, held)) or (
            f"only {n} card{'s' if n != 1 else ''} in the pile: not worth taking")
    if top is None or legal is None:
        return ""
    if is_black_three(top):
        return "a black three on top stops the pile"
    if is_wild(top) or is_red_three(top):
        return "the pile cannot be taken on a wild card"
    if o.pile_frozen and held < 2:
        return f"the pile is frozen and you hold no natural pair of {rank_words(_rank(top))}"
    if not o.opened[o.side] and held >= 2:
        short = _short_meld(o, top, held)
        if short:
            return short
        # the opening shown before the take would need a pure meld of 7s or aces (as above)
        for rank, penalty in o.rules.rank_incomplete_penalty:
            if penalty and sum(1 for g in o.hand if not is_wild(g) and _rank(g) == rank) >= 3 and any(
                    a.op is Op.MELD for a in legal):
                return (f"opening with the pile would need a meld of {rank_words(rank)}, which costs "
                        f"{penalty:,} if it is not finished")
        if any(a.op is Op.MELD for a in legal) and any(is_wild(g) for g in o.hand):
            # melds shown before the take might reach it with wild cards: the club player keeps those
            return "opening with the pile would spend wild cards you keep for canastas"
        return f"taking the pile would not reach your opening {o.minimum[o.side]}"
    if held < 2 and not any(m.rank == _rank(top) and m.kind == "group" for m in o.melds[o.side]):
        return f"you hold no pair of {rank_words(_rank(top))} to take the pile with"
    return "you cannot take the pile now"


def _points(o: Obs, cards: tuple[int, ...] | list[int]) -> int:
    return sum(o.model.open_value[f] for f in cards)


def _meld(o: Obs, a: Action, h: Heuristic) -> str:
    r = o.rules
    side = o.side
    if any(is_black_three(f) for f in a.cards):
        return "your black threes go down as you go out"
    if len(a.cards) == 1 and is_red_three(a.cards[0]):
        if r.red3_mode == "disclose":
            return "a red three shown at once earns a further card" if o.fresh3 > 0 else \
                "held, it would count against you at the end"
        return "it counts for your side now"
    left = len(o.hand) - len(a.cards)
    if h.going_out(o) or (left == 0 and o.requirement_met()):
        return "you are going out this turn"
    if not o.opened[side]:
        need = o.minimum[side]
        have = o.opening_points + _points(o, a.cards)
        if o.phase == "draw" and o.pile:
            # shown before the draw (S3 N7, S0 [G]): the opening is made with the pile's top card
            top = rank_words(_rank(o.pile[-1]))
            if have >= need:
                return f"you reach your opening {need}, so you can take the pile"
            return f"with your other melds and the pile's {top} it reaches your opening {need}, " \
                "so you can take the pile"
        if have >= need:
            return f"you reach your opening {need}"
        return f"with your other melds it reaches your opening {need}"
    if len(a.cards) >= r.canasta_size:
        return "a canasta at once"
    nat = [f for f in a.cards if not is_wild(f)]
    if not nat:
        return "wild cards together can make a canasta of their own"
    if len({_rank(f) for f in nat}) > 1:
        return "a sequence grows into a canasta worth much more than a group"
    rank = _rank(nat[0])
    return f"the {rank_words(rank)} score on the table and can grow into a canasta"


def _add(o: Obs, a: Action, h: Heuristic) -> str:
    r = o.rules
    if not 0 <= a.meld < len(o.melds[o.side]):
        return ""
    m = o.melds[o.side][a.meld]
    after = m.size + len(a.cards)
    if h.going_out(o):
        return "you are going out this turn"
    if not m.canasta and after >= r.canasta_size:
        return "it completes the canasta"
    if not o.opened[o.side]:
        return f"toward your opening {o.minimum[o.side]}"
    short = r.canasta_size - after
    are = "is" if m.kind == "seq" else "are"
    away = f"your {_meld_name(m)} {are} {short} card{'s' if short != 1 else ''} from a canasta"
    if all(is_wild(f) for f in a.cards):
        return away if short > 0 else f"your {_meld_name(m)} {'grows' if are == 'is' else 'grow'}"
    if short > 0:
        return f"one card fewer in your hand; {away}"
    return "one card fewer in your hand to count against you"


def _answer(o: Obs, a: Action, h: Heuristic) -> str:
    _, why = h.answer_yes(o)
    pts = sum(o.model.value[f] for f in o.hand)
    meld = h.meldable_points(o)
    if a.op is Op.NO:
        if meld:
            return f"you could still meld {meld} of the {pts} points in your hand"
        return f"you hold {pts} points that going out now would cost your side"
    if why == "opponent_near_out":
        return "an opponent is close to going out, so it is better to end the hand now"
    if meld == 0:
        return f"you could not meld your {pts} points anyway, and going out gains the bonus"
    return f"you hold only {pts} points, and going out gains the bonus"
