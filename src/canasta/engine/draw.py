"""Drawing from the stock (``draw``), the further card for a disclosed red trey (``draw`` again in the
play phase, S0 [F](i){c}), and the first player's ``upcard``: check and effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import card_str, is_black_three, is_wild
from ..scoring import score_hand
from .common import PLAY_PHASE, Problem
from .flow import draw_cards, fresh

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def why_not_draw(s: GameState) -> Problem:
    """Why ``draw`` is refused before the draw: shown melds, or an empty stock that ends nothing."""
    if s.pre_draw:
        return ("shown_melds", {})
    if not s.stock and s.rules.stock_end != "end_on_draw":
        return ("stock_empty", {})
    return None


def why_not_replacement(s: GameState) -> Problem:
    """The further card for a red trey disclosed at once (S0 [F](i){c}), in the play phase."""
    return None if s.stock else ("stock_empty_replacement", {})


def why_not_upcard(s: GameState) -> Problem:
    """Why the first player may not take the ``upcard`` (alone, on the first turn)."""
    mode = s.rf.first_turn_upcard
    if not s.first_turn or mode == "none":
        return ("no_upcard", {})
    if s.pre_draw:
        return ("shown_melds", {})
    if not s.pile:
        return ("upcard_gone", {})
    top = s.pile[-1]
    if mode == "plus_stock_card":  # S0 [A](i){a}{b}{c}: a natural or a red trey; T1: not a black trey
        if is_wild(top):
            return ("upcard_wild", {"card": card_str(top)})
        if is_black_three(top):
            return ("upcard_black_three", {"card": card_str(top)})
        if not s.stock:
            return ("stock_empty_upcard", {})
        return None
    if is_wild(top) or top // 4 == 1:
        return ("upcard_not_natural", {"card": card_str(top)})
    return None


def do_upcard(s: GameState) -> None:
    """The upcard into the hand (S0: with one stock card, and no lay-down this turn)."""
    seat = s.current
    f = s.pile.pop()
    s.give_card(seat, f)
    s.log_event(seat, "upcard", (f,))
    s.first_turn = False
    s.phase = PLAY_PHASE
    if not s.pile:
        s.pile_frozen = False
    if s.rules.first_turn_upcard == "plus_stock_card":
        # S0 [A](i){a}{b}{c}: one stock card with it, and no lay-down until the next turn
        got = draw_cards(s, seat, s.rules.stock_draw - 1)
        s.log_event(seat, "draw", tuple(got), private=True)
        s.upcard_lock = True
        fresh(s, (f, *got))


def do_draw(s: GameState, a: Action) -> None:
    """Draw the rules' number of cards, laying threes at once; an empty stock ends the hand (or is turned
    over). After the draw: the further card for a red trey disclosed at once."""
    if s.phase is PLAY_PHASE:
        do_replacement(s)
        return
    seat = s.current
    if not s.stock and turnover_due(s):
        # S0 [K](iii): the discard pile is turned over to become the stock, and play goes on
        s.stock = s.pile[::-1]
        s.pile = []
        s.pile_frozen = False
        s.log_event(seat, "turnover", (), private=True)
    if not s.stock:  # S1: wanting to draw from an empty stock ends the hand
        s.log_event(seat, "draw_empty")
        s.end_hand("stock_out", -1)
        return
    rf = s.rf
    got = draw_cards(s, seat, rf.stock_draw)
    # (``s.log_event(seat, "draw", tuple(got), private=True)``, inline: every turn)
    s._log = ((s.hand_no, seat, "draw", tuple(got), True), s._log)
    s.first_turn = False
    s.phase = PLAY_PHASE
    if rf.red3_mode == "disclose":  # (fresh's own test, a call sooner: every turn)
        fresh(s, got)


def turnover_due(s: GameState) -> bool:
    """S0 [K](iii) (option): at the end of the stock with a side at the target (a moral winner,
    [K](ii)), the pile is turned over instead of ending the hand; not when it is empty."""
    if not s.rules.stock_out_turnover or not s.pile:
        return False
    after = score_hand(s, "stock_out", -1, False).scores_after
    return max(after) >= s.rules.target_score


def do_replacement(s: GameState) -> None:
    """The further stock card for a red trey disclosed at once (S0 [F](i){c}, [A](i){c})."""
    seat = s.current
    s.bonus_draws -= 1
    got = draw_cards(s, seat, 1)
    s.log_event(seat, "replace", tuple(got), private=True)
    fresh(s, got)
