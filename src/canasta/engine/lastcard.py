"""After an action one card is left: can the player still go out with it? (Melded onto a meld,
or, where melds may be merged, discarded or melded after merges.) Rare, so checked on clones; the
checks reach it through ``GameState.last_card_goes_out``, which keeps the modules free of cycles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from .common import GROUP_MELD, OP_MERGE, PLAY_PHASE
from .conditions import merges_after
from .discard import why_not_discard
from .meld import why_not_add
from .merge import merge_options

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def last_card_out(s: GameState, action: Action) -> bool:
    """After ``action`` one card is left: can the player still go out with it? Melded onto a
    meld, or, where melds may be merged, discarded or melded after merges that complete the
    canastas (R 1.3: "may be combined"; nothing says the merge must come first). Rare, so
    checked on a clone."""
    merges = merges_after(s, action)
    if s.rules.go_out_discard == "required" and not merges:
        return False
    c = s.clone()
    c.apply_unchecked(action)
    if c.phase is not PLAY_PHASE or c.hn[c.current] != 1:
        return False
    return one_card_out(c, merges, action.op is OP_MERGE)


def one_card_out(s: GameState, merges: bool, merged: bool) -> bool:
    """Holding one card in the play phase: can the player go out, merging first if ``merges``?
    (``merged``: a merge was made, so discarding the card is checked again.)"""
    seat = s.current
    side = s.side_of(seat)
    last = s.hands[seat].index(1)  # the one card held (its face's count is 1, every other 0)
    cards = (last,)
    if merged and why_not_discard(s, cards, False) is None:
        return True
    if s.rules.go_out_discard != "required":
        # (a natural card is refused by every group of another rank, "wrong_rank": asked here
        # first, without the check's message; a loop, not any() of a generator: a frame less)
        rank = -1 if s.model.wild_face[last] else last // 4 + 2
        for i, x in enumerate(s.melds[side]):
            if rank >= 0 and x.type is GROUP_MELD and x.rank != rank:
                continue
            if why_not_add(s, i, cards) is None:
                return True
    if merges:
        for a in merge_options(s):
            c = s.clone()
            c.apply_unchecked(a)
            if one_card_out(c, True, True):
                return True
    return False
