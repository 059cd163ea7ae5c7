"""Discarding (``discard``): the check (going out with the last card, the opening, SWAD, a binding
"yes"), the cards that may be discarded, and the effect (the talon, the next turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import JOKER
from ..goingout import can_go_out
from .common import DISCARDS, GROUP_MELD, SAID_YES, Problem
from .conditions import LAST_DISCARD, canasta_counts, go_out_problem, has_cards, open_after, talon_count
from .flow import check_failed_go_out, draw_cards, go_out, next_turn

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def why_not_discard(s: GameState, cards: tuple[int, ...], held_to_yes: bool = True) -> Problem:
    """Why the discard is refused; ``held_to_yes=False`` skips the last check, the binding yes
    (the same for every card), for a caller that makes it once."""
    if len(cards) != 1:
        return ("discard_one", {})
    seat = s.current
    miss = has_cards(s, seat, cards)
    if miss:
        return miss
    if s.no_discard:
        return ("no_discard", {})
    side = s.side_of(seat)
    if s.hn[seat] == 1:
        why = go_out_problem(s, canasta_counts(s, side), open_after(s, side, 0),
                             s.goes_out_concealed(), LAST_DISCARD)
        if why and not (open_after(s, side, 0) and talon_count(s, side)):
            return why
        return None
    if not open_after(s, side, 0) and s.turn_points:
        return opening_short(s, side)
    if s.took_pile and not s.pile and s.rules.after_take_no_discard:
        why = swad(s, cards[0], side)
        if why and any(swad(s, g, side) is None for g in s.hand_cards(seat)):
            return why
    return must_go_out(s) if held_to_yes else None


def opening_short(s: GameState, side: int) -> Problem:
    """The refusal of ending a turn (discard, pass, end) with melds short of the opening: its points,
    or its natural meld (R 1.2), are missing."""
    if s.turn_points >= s.minimum[side]:
        return ("opening_natural_retract", {})
    return ("opening_short", {"points": s.turn_points, "minimum": s.minimum[side]})


def swad(s: GameState, f: int, side: int) -> Problem:
    """Why card ``f`` may not be discarded after a take, by its forbidden class (SWAD: seven, ace,
    wild, dead), or None. A player holding nothing else may discard one anyway (director's
    reading)."""
    no = s.rules.after_take_no_discard
    rank = f // 4 + 2
    if f == JOKER or rank == 2:
        return ("swad_wild", {}) if "wild" in no else None
    if rank == 7 and "seven" in no:
        return ("swad_seven", {})
    if rank == 14 and "ace" in no:
        return ("swad_ace", {})
    if "dead" in no and any(m.type is GROUP_MELD and m.rank == rank
                            and len(m.cards) >= s.rules.canasta_size for m in s.melds[side]):
        return ("swad_dead", {"rank": rank})
    return None


def must_go_out(s: GameState) -> Problem:
    """A binding "yes" obliges the player to go out when the cards allow it."""
    if s.permission == SAID_YES and s.binding and _can_go_out_held(s):
        return ("must_go_out", {})
    return None


def _can_go_out_held(s: GameState) -> bool:
    """``can_go_out(s)``, with a "no" found earlier this turn reused: from there the turn's plays
    (melds, additions, merges) only moved cards of the hand onto the table, so a way out from here
    would have been one from there too. Reused only while the hand holds no card more of any face
    than then and nothing else changed that the check reads (the stock, the pile, a retraction, the
    flag of a last-card red three, boxed cards), and never where special hands may be declared (a
    hand melded down may become one)."""
    seat = s.current
    h = s.hands[seat]
    no = s.no_out
    if no is not None:
        held, (stock, pile, retracted, no_discard, boxed) = no
        if (stock == len(s.stock) and pile == len(s.pile) and retracted == int(s.retracted)
                and no_discard == int(s.no_discard) and boxed == len(s.boxed[seat])):
            for f in range(53):
                if h[f] > held[f]:
                    break
            else:
                return False
    if can_go_out(s):
        return True
    if not s.model.special_hands:
        s.no_out = (h[:], (len(s.stock), len(s.pile), int(s.retracted), int(s.no_discard),
                           len(s.boxed[seat])))
    return False


def gen_discards(s: GameState, out: list[Action], naturals: list[Action] | None = None) -> None:
    """The discards, one per kind held; the full check only where it can refuse one. ``naturals``:
    the natural kinds' discards where ``gen_melds`` has listed them (in this position)."""
    seat = s.current
    if s.no_discard:
        return
    hn = s.hn[seat]
    short = s.turn_points and not open_after(s, s.seat_side[seat], 0)  # (side_of, by its table: hot)
    if short and hn >= 2:
        return  # melds short of the opening: no discard until they open or are retracted
    if hn == 1 or short or (s.took_pile and not s.pile and s.rules.after_take_no_discard):
        # going out with the last card, short of the opening, or SWAD: the full check decides
        # (its last step, the binding yes, is the same for every card: asked once, below)
        cands = []
        for k, n in enumerate(s.hk[seat]):
            if n:
                a = DISCARDS[s.face_of_kind(seat, k)]
                if why_not_discard(s, a.cards, False) is None:
                    cands.append(a)
        if cands and (hn == 1 or not must_go_out(s)):
            out.extend(cands)
        return
    if s.permission == SAID_YES and must_go_out(s):
        return
    h = s.hands[seat]
    m = s.model
    hk = s.hk[seat]
    faces_of = m.faces_of
    if m.seq_runs:  # every natural face is its own kind, in face order
        for f in range(8, 52):  # (a loop: in plain Python a comprehension is a call of its own)
            if h[f]:
                out.append(DISCARDS[f])
    elif naturals is not None:
        out.extend(naturals)
    else:  # one kind per rank (its four faces): its first held face
        for k in range(m.n_natural):
            if hk[k]:
                f0, f1, f2, f3 = faces_of[k]
                out.append(DISCARDS[f0 if h[f0] else f1 if h[f1] else f2 if h[f2] else f3])
    for k in m.special_kinds:  # red threes, black threes, deuces, jokers
        if hk[k]:
            for f in faces_of[k]:  # the kind's first held face (``face_of_kind``, inline: hot)
                if h[f]:
                    out.append(DISCARDS[f])
                    break


def do_discard(s: GameState, a: Action) -> None:
    """The card goes on the pile (freezing it where it does); going out, the talon, the next turn."""
    f = a.cards[0]
    seat = s.current
    r = s.rf
    side = s.seat_side[seat]  # (side_of, by its table: hot)
    talon = talon_count(s, side) if r.talon and s.opened[side] else 0
    s.hands[seat][f] -= 1  # (take_from, inline: every turn)
    s.hk[seat][s.model.kind_of[f]] -= 1
    s.hn[seat] -= 1
    s.pile.append(f)
    if s.model.freezes[f]:
        s.pile_frozen = True
    s._log = ((s.hand_no, seat, "discard", a.cards, False), s._log)  # (log_event, inline: every turn)
    if s.hn[seat] == 0 and (not talon or go_out_problem(s,
            canasta_counts(s, side), True, s.goes_out_concealed()) is None):
        go_out(s, seat)
        return
    if talon:  # R 1.2: the talon comes after the opening turn's discard
        got = draw_cards(s, seat, talon, r.turn_card_under)
        s.talons[side] = talon
        s.log_event(seat, "talon", tuple(got), private=True)
    if s.permission == SAID_YES:  # (its first test, made a call sooner at every turn)
        check_failed_go_out(s)
    next_turn(s)

