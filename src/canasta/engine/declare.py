"""Special hands (``declare``, R 1.2, S3 F): the award or why it is refused, the hands the player
may show, and the effect (the hand ends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..cards import JOKER
from .common import DRAW_PHASE, OP_DECLARE
from .conditions import has_cards
from .flow import take_from

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def special_award(s: GameState, a: Action) -> tuple[str, dict[str, Any]] | int:
    """The award for declaring special hand ``a`` now (R 1.2, S3 F), or why it is refused (a
    refusal's code and data)."""
    r = s.rules
    if not 0 <= a.meld < 3:
        return ("no_special", {})
    if not (r.special_pairs or r.special_pairs_wild, r.special_garbage, r.special_straight)[a.meld]:
        return ("special_not_in_rules", {})
    seat = s.current
    side = s.side_of(seat)
    if s.melds[side] or s.opened[side] or s.took_pile:
        return ("special_melded", {})  # S3 F
    before_draw = a.meld == 2 and not r.straight_discard  # N8 option: 13 cards, no discard
    if (s.phase is DRAW_PHASE) != before_draw:
        if before_draw:
            return ("straight_before_draw", {})
        return ("draw_first_special", {})
    if s.hn[seat] != r.hand_size + (not before_draw):
        return ("special_size", {"n": r.hand_size + (not before_draw)})
    if (a.meld < 2 or before_draw) and a.cards:
        return ("special_no_discard", {})
    if a.meld == 2 and not before_draw and len(a.cards) != 1:
        return ("straight_discard", {})  # N8
    miss = has_cards(s, seat, a.cards)
    if miss:
        return miss
    counts = [0] * 15  # by rank: 0 joker, 2 deuce, 3 threes, 4..14
    for f, n in enumerate(s.hands[seat]):
        counts[0 if f == JOKER else f // 4 + 2] += n
    for f in a.cards:
        counts[0 if f == JOKER else f // 4 + 2] -= 1
    nat = counts[4:]
    if a.meld == 0:
        if counts[3] or any(n not in (0, 2) for n in nat) or counts[0] not in (0, 2) or (
                counts[2] not in (0, 2)) or (counts[0] and counts[2]):
            return ("not_pairs", {})
        if not counts[0] and not counts[2]:
            return r.special_pairs or ("pairs_need_wilds", {})
        if counts[14] != 2 or counts[7] != 2:
            return ("pairs_aces_sevens", {})
        return r.special_pairs_wild or ("pairs_no_wilds", {})
    if a.meld == 1:
        groups = sorted(n for n in nat + ([counts[2]] if r.garbage_deuces else []) if n)
        if counts[0] or (counts[2] and not r.garbage_deuces) or counts[3] or groups != [3, 3, 4, 4]:
            return ("not_garbage_jokers", {}) if r.garbage_deuces else ("not_garbage", {})  # N9
        return r.special_garbage
    if counts[0] != 1 or counts[2] != 1 or counts[3] or any(n != 1 for n in nat):
        return ("not_straight", {})
    return r.special_straight


def gen_specials(s: GameState, out: list[Action]) -> None:
    """Special hands the player may declare (cheap shape tests first, then the full check)."""
    r = s.rules
    seat = s.current
    side = s.side_of(seat)
    if s.took_pile or s.melds[side] or s.opened[side]:
        return
    h = s.hands[seat]
    if s.phase is DRAW_PHASE:  # N8 option: a straight shown before drawing, 13 cards
        a = Action(OP_DECLARE, (), 2)
        if not isinstance(special_award(s, a), tuple):
            out.append(a)
        return
    if s.hn[seat] != r.hand_size + 1:
        return
    if not s.model.seq_runs:  # kinds are ranks: 7 pairs, 4 groups or 13 singles, else nothing
        kinds = sum(1 for n in s.hk[seat] if n)
        if kinds not in (4, 7, 13):
            return
    counts = [h[JOKER]] + [h[b] + h[b + 1] + h[b + 2] + h[b + 3] for b in range(0, 52, 4)]
    if all(n in (0, 2) for n in counts):
        a = Action(OP_DECLARE, (), 0)
        if not isinstance(special_award(s, a), tuple):
            out.append(a)
    if r.special_garbage and not counts[0] and sorted(
            n for n in counts if n) == [3, 3, 4, 4]:
        a = Action(OP_DECLARE, (), 1)
        if not isinstance(special_award(s, a), tuple):
            out.append(a)
    if r.special_straight and r.straight_discard and all(counts[i] for i in (0, 1, *range(3, 14))):
        for k, n in enumerate(s.hk[seat]):
            if n:
                a = Action(OP_DECLARE, (s.face_of_kind(seat, k),), 2)
                if not isinstance(special_award(s, a), tuple):
                    out.append(a)


def do_declare(s: GameState, a: Action) -> None:
    """The special hand is shown (a straight's 14th card discarded) and the hand ends, scored."""
    seat = s.current
    award = special_award(s, a)
    assert not isinstance(award, tuple)
    shown = tuple(s.hand_cards(seat))
    for f in a.cards:  # the straight's 14th card goes to the pile (N8)
        take_from(s, seat, f)
        s.pile.append(f)
    s.log_event(seat, "declare", shown)
    s.end_hand("special", seat, False, award)
