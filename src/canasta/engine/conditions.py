"""The conditions every check shares: cards in hand, the opening, wild cards, and going out.

A check that may leave the player with fewer than two cards asks ``finish_problem``: may the player
still finish (go out, or keep a card to discard)?
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..actions import Action
from ..cards import JOKER, card_str
from .common import GROUP_MELD, OP_MELD, OP_TAKE, OP_TOP, PARTNER_SAID_NO, Problem

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def canasta_counts(s: GameState, side: int, more: int = 0, more_seq: int = 0) -> tuple[int, int]:
    """(canastas, sequence canastas) of the side, plus those an action would complete."""
    return (s.canastas(side) + more,
            (s.sequence_canastas(side) if s.rf.go_out_sequence else 0) + more_seq)


def open_points(s: GameState, cards: tuple[int, ...] | list[int]) -> int:
    """Points toward the opening minimum (S0 [B]: treys count nothing where the rules say)."""
    v = s.model.open_value
    total = 0
    for f in cards:  # (a loop, not sum() of a generator: hot, and a frame less in plain Python)
        total += v[f]
    return total


def has_cards(s: GameState, seat: int, cards: tuple[int, ...]) -> Problem:
    """Why the seat does not hold ``cards`` (counted with repeats), or None."""
    if len(cards) == 1:
        f = cards[0]
        if not 0 <= f <= JOKER:
            return ("not_a_card", {"value": str(f)})
        return None if s.hands[seat][f] else ("not_in_hand", {"card": card_str(f)})
    need: dict[int, int] = {}
    for f in cards:
        if not 0 <= f <= JOKER:
            return ("not_a_card", {"value": str(f)})
        need[f] = need.get(f, 0) + 1
    for f, n in need.items():
        if s.hands[seat][f] < n:
            return ("not_that_many" if s.hands[seat][f] else "not_in_hand", {"card": card_str(f)})
    return None


# A play that the going-out terms forbid is refused in its own words: for each kind of play, the
# codes of go_out_problem's five reasons (the canastas, a sequence canasta, the partner's "no", the
# question not asked, the opening minimum), a sentence each (``canasta.refusals``); the data are the
# same for each kind: ``n`` the canastas needed, ``canastas`` those made, ``minimum`` the opening's
ONE_CARD_LEFT: Final = ("keep_cards_canastas", "keep_cards_sequence", "keep_cards_partner_no",
                        "keep_cards_ask_first", "keep_cards_opening")
HAND_EMPTIED: Final = ("cannot_go_out_canastas", "cannot_go_out_sequence", "cannot_go_out_partner_no",
                       "cannot_go_out_ask_first", "cannot_go_out_opening")
BLACK_THREES_OUT: Final = ("black_three_out_canastas", "black_three_out_sequence",
                           "black_three_out_partner_no", "black_three_out_ask_first",
                           "black_three_out_opening")
LAST_DISCARD: Final = ("discard_out_canastas", "discard_out_sequence", "discard_out_partner_no",
                       "discard_out_ask_first", "discard_out_opening")
GOING_OUT_CODES: Final = (ONE_CARD_LEFT, HAND_EMPTIED, BLACK_THREES_OUT, LAST_DISCARD)


def go_out_problem(s: GameState, counts: tuple[int, int], open_ok: bool, concealed: bool,
                   codes: tuple[str, ...] = HAND_EMPTIED) -> Problem:
    """Why the player could not go out with this many canastas, or None; refused with ``codes``
    (one of ``GOING_OUT_CODES``: the play's words). ``concealed``: the turn would still qualify as
    going out concealed (which waives the opening minimum, C1)."""
    r = s.rf
    canastas, seqs = counts
    if canastas < r.go_out_canastas:
        return (codes[0], {"n": r.go_out_canastas, "canastas": canastas})
    if r.go_out_sequence and seqs < 1:
        return (codes[1], {})
    why = s.permission_problem()
    if why:
        return (codes[2] if why == PARTNER_SAID_NO else codes[3], {})
    if not open_ok and not concealed:
        return (codes[4], {"minimum": s.minimum[s.seat_side[s.current]]})
    return None


def finish_problem(s: GameState, h_after: int, counts: tuple[int, int], open_ok: bool, concealed: bool,
                    action: Action) -> Problem:
    """May ``action`` leave the player with ``h_after`` cards? Below two cards the player must
    still be able to finish: go out with the hand emptied, or with the one card left either
    discarded (going out) or melded (going out without a discard), or pass where allowed."""
    if h_after >= 2:
        return None
    if h_after == 1:
        why = go_out_problem(s, counts, open_ok, concealed, ONE_CARD_LEFT)
        if why is None or s.rules.pass_allowed or s.last_card_goes_out(action):
            return None
        if (open_ok and action.op is not OP_TAKE and s.rules.talon
                and talon_count(s, s.side_of(s.current))):
            return None  # S3 D: discard the last card and take the talon
        return why
    why = go_out_problem(s, counts, open_ok, concealed, HAND_EMPTIED)
    if why is not None:
        return why
    if s.rules.go_out_discard == "required":
        return ("discard_needed", {})
    return None


def merges_after(s: GameState, action: Action) -> bool:
    """Could the side have two group melds of one rank to merge after ``action`` (a quick
    test, true whenever it may be)?"""
    if not s.rules.merge_groups or s.permission_problem():
        return False
    ranks = {m.rank for m in s.melds[s.side_of(s.current)] if m.type is GROUP_MELD}
    groups = sum(1 for m in s.melds[s.side_of(s.current)] if m.type is GROUP_MELD)
    if len(ranks) < groups:
        return True
    if action.meld >= 0 or action.op not in (OP_MELD, OP_TAKE, OP_TOP):
        return False  # a card onto a meld makes no new meld
    wf = s.model.wild_face
    return any(not wf[f] and f // 4 + 2 in ranks for f in action.cards)


def open_after(s: GameState, side: int, points: int, natural: bool = False, canasta: bool = False) -> bool:
    """Would the side be open after a play worth ``points`` (``natural``: the play makes a
    natural meld of three or more; ``canasta``: it completes a natural canasta)?"""
    if s.opened[side]:
        return True
    r = s.rules
    if s.turn_points + points >= s.minimum[side] and (
            not r.opening_natural_meld or natural or has_natural(s, side, 3)):
        return True
    return r.canasta_opens and (canasta or has_natural(s, side, r.canasta_size))


def has_natural(s: GameState, side: int, size: int) -> bool:
    """Whether the side shows a natural group of at least ``size`` cards (R 1.2 opening)."""
    return any(m.type is GROUP_MELD and not m.wilds and len(m.cards) >= size
               for m in s.melds[side])


def opening_turn(s: GameState, side: int) -> bool:
    """Is this the side's opening turn (not yet open, or opened by this turn's melds)?"""
    return not s.opened[side] or s.turn_points > 0


def wild_rule(s: GameState, side: int, rank: int, naturals: int) -> Problem:
    """Why a wild card may not be in a group of ``rank`` holding ``naturals`` naturals now:
    ranks that never take wilds, ranks that take them only in the opening, and the rule of
    five after the opening turn (R 1.2)."""
    r = s.rf
    if rank in r.no_wild_ranks:
        return ("wild_limit_rank", {"rank": rank})
    if s.opened[side] and not s.turn_points:
        if rank in r.opening_wild_ranks:
            return ("wild_limit_opening", {"rank": rank})
        if naturals < r.wild_needs_naturals:
            return ("wild_limit_naturals", {"n": r.wild_needs_naturals})
    return None


def wild_rule_bites(s: GameState, side: int, naturals: int) -> bool:
    """Whether ``wild_rule`` can refuse a wild card in a group of ``naturals`` naturals for some
    rank now: the move generators ask it per rank only then (it reads the rule set, plain Python
    even in the compiled engine)."""
    r = s.rf
    return bool(r.no_wild_ranks or (s.opened[side] and not s.turn_points and (
        r.opening_wild_ranks or naturals < r.wild_needs_naturals)))


def talon_count(s: GameState, side: int) -> int:
    """Talon cards the side would draw after this turn's discard: only in its opening turn,
    not when it took the pile; 4 to the first side to open, 3 to the second (R 1.2), only down
    to and including the turn card (S3 C)."""
    r = s.rf
    if not r.talon or s.took_pile or not opening_turn(s, side):
        return 0
    others = sum(1 for i, o in enumerate(s.opened) if o and i != side)
    if others >= len(r.talon):
        return 0
    return min(r.talon[others], max(0, len(s.stock) - r.turn_card_under))


def pile_gain(s: GameState, whole: bool) -> int:
    """Cards a take puts in the hand besides the top card (red threes laid at once excepted)."""
    if not whole:
        return 0
    pile = s.pile
    faces = s.model.laid_cards
    if not faces:
        return len(pile) - 1
    laid = -(pile[-1] in faces)
    for f in faces:
        laid += pile.count(f)
    return len(pile) - 1 - laid


def held_faces(s: GameState, seat: int, kind: int, count: int) -> tuple[int, ...]:
    """``count`` cards of ``kind`` from the hand, in canonical order."""
    if not count:  # (the takes ask for no deuce or red three most of the time)
        return ()
    h = s.hands[seat]
    out: list[int] = []
    for f in s.model.faces_of[kind]:
        n = h[f]
        if n:
            need = count - len(out)
            out.extend([f] * (n if n < need else need))
            if len(out) == count:
                break
    return tuple(out)
