"""The hot paths of a step of the environments, typed for mypyc and compiled in the compiled build
(``setup.py``; NumPy-free): the dense part of an observation (every section but the melds), one
side's meld block and the information state's memory, each written straight into the tensor's
float32 buffer, the nonzero floats only (the caller zeroes the buffer first, one C copy: most of an
observation is zeros, and converting a whole list of floats cost more than making it), and the ids
of the legal actions found by identity (``ActionSpace.legal``). :mod:`canasta.rl.observation` holds
the layout."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, Protocol

from ..actions import Action
from ..views import MeldFacts, SeatView

POINTS: Final = 1000.0  # points (scores, minimums, penalties) are divided by this


class Floats(Protocol):
    """A float32 buffer read and written by index: the tensor's ``memoryview`` (``ndarray.data``)."""

    def __getitem__(self, i: int, /) -> float: ...

    def __setitem__(self, i: int, x: float, /) -> None: ...


class Offsets(NamedTuple):
    """Where each section of the observation starts (``Observer.layout``)."""

    phase: int
    to_act: int
    turn: int
    dealer: int
    hand: int
    hand_counts: int
    stock: int
    pile_top: int
    pile: int
    pile_cards: int
    threes: int
    sides: int
    seats: int
    own: int
    laydown: int
    turn_state: int
    game: int
    melds: int


def dense(v: SeatView, o: Offsets, seats: tuple[int, ...], sides: tuple[int, ...], d: Floats) -> None:
    """Write the sections before the melds of ``v``'s observation into ``d`` (zeroed by the caller:
    only nonzero floats are set); ``seats`` and ``sides`` in the observer's order (itself first)."""
    n = len(seats)
    s = len(sides)
    me = v.seat
    side = v.side
    d[int(v.phase)] = 1.0
    if v.to_act >= 0:
        d[o.to_act + (v.to_act - me) % n] = 1.0
    d[o.turn + (v.turn - me) % n] = 1.0
    d[o.dealer + (v.dealer - me) % n] = 1.0
    h = o.hand
    for f, c in enumerate(v.hand):
        _put(d, h + f, float(c))
    _put(d, o.stock, float(v.stock))
    d[o.pile_top + (v.pile_top if v.pile_top >= 0 else 53)] = 1.0
    p = o.pile
    _put(d, p, float(v.pile_size))
    if v.pile_frozen:
        d[p + 1] = 1.0
    if v.frozen_for_me:
        d[p + 2] = 1.0
    if v.pile_stopped:
        d[p + 3] = 1.0
    if v.pile_cards:
        pile = [0] * 53
        for f in v.pile_cards:
            pile[f] += 1
        pc = o.pile_cards
        for f in range(53):
            c = pile[f]
            _put(d, pc + f, float(c))
    counts = v.hand_counts
    threes = v.threes
    boxed = v.boxed
    has_melded = v.has_melded
    asks = v.asks
    answers = v.answers
    owed = v.owed
    box_turns = v.box_turns
    hc = o.hand_counts
    t3 = o.threes - 4
    b = o.seats
    for seat in seats:
        _put(d, hc, float(counts[seat]))
        hc += 1
        for f in threes[seat]:
            if 4 <= f < 8:
                d[t3 + f] += 1.0
        t3 += 4
        if has_melded[seat]:
            d[b] = 1.0
        _put(d, b + 1, float(asks[seat]))
        _put(d, b + 2, float(answers[seat]))
        _put(d, b + 3, owed[seat] / POINTS)
        _put(d, b + 4, float(len(boxed[seat])))
        _put(d, b + 5, float(box_turns[seat]))
        b += 6
    b = o.sides
    ld = o.laydown
    opened = v.opened
    minimum = v.minimum
    scores = v.scores
    canastas = v.canastas
    talons = v.talons
    penalties = v.penalties
    laydown_seats = v.laydown_seats
    laydown_turns = v.laydown_turns
    for x in sides:
        if opened[x]:
            d[b] = 1.0
        _put(d, b + 1, minimum[x] / POINTS)
        _put(d, b + 2, scores[x] / POINTS)
        _put(d, b + 3, float(canastas[x]))
        _put(d, b + 4, float(talons[x]))
        _put(d, b + 5, penalties[x] / POINTS)
        if laydown_seats[x] >= 0:
            d[ld] = 1.0
        _put(d, ld + 1, float(laydown_turns[x]))
        b += 6
        ld += 2
    _put(d, o.own, float(v.fresh_red_threes))
    ts = o.turn_state
    for flag in v.turn_flags:
        if flag:
            d[ts] = 1.0
        ts += 1
    _put(d, ts, v.opening_points / POINTS)
    _put(d, ts + 1, float(v.melds_before_turn))
    d[ts + 3 + v.answer] = 1.0  # none (-1), no (0), yes (1)
    if v.ask_phase == 0:
        d[ts + 5] = 1.0
    _put(d, ts + 6, float(v.replacement_draws))
    if v.told_yes:
        d[ts + 7] = 1.0
    if v.turn_card_passed:
        d[ts + 8] = 1.0
    g = o.game
    _put(d, g, float(v.hand_number))
    if v.winner >= 0:
        d[g + 1 + (v.winner - side) % s] = 1.0


def _put(d: Floats, i: int, x: float) -> None:
    """Set float ``i`` of ``d`` to ``x`` where ``x`` is not zero (``d`` is zeroed)."""
    if x:
        d[i] = x


def meld_block(facts: tuple[MeldFacts, ...], kind_of: Sequence[int], kinds: int, slots: int,
               slot_size: int, d: Floats, at: int) -> None:
    """Write one side's melds into ``d`` from ``at`` (zeroed by the caller): ``slots`` blocks of
    ``slot_size`` floats, a count per card kind, size, type, canasta, natural, present
    (``Observer.layout``'s ``melds``)."""
    b = at
    for m in facts[:slots]:
        for f in m.cards:
            d[b + kind_of[f]] += 1.0
        d[b + kinds] = float(m.size)
        d[b + kinds + 1 + m.type] = 1.0
        if m.canasta:
            d[b + kinds + 5] = 1.0
        if m.natural:
            d[b + kinds + 6] = 1.0
        d[b + kinds + 7] = 1.0
        b += slot_size


def memory(known: list[list[int]], discarded: list[list[int]], unseen: list[int], me: int, d: Floats,
           at: int) -> None:
    """Write the information state's memory into ``d`` from ``at`` (zeroed by the caller; it
    follows the observation in ``canasta.rl.openspiel``), seats in the observer's order: per seat
    the cards known to be in its hand (53 counts), per seat the ranks it discarded this hand (15),
    then the cards the observer has not seen (53)."""
    n = len(known)
    for x in range(n):
        at = _counts(known[(me + x) % n], d, at)
    for x in range(n):
        at = _counts(discarded[(me + x) % n], d, at)
    _counts(unseen, d, at)


def _counts(counts: list[int], d: Floats, at: int) -> int:
    for c in counts:
        _put(d, at, float(c))
        at += 1
    return at


def legal_ids(actions: list[Action], cache: dict[int, tuple[Action, int]], id_of: Callable[[Action], int]
              ) -> tuple[list[int], list[Action]]:
    """The ids of ``actions`` and the actions, sorted by id: an action's id from ``cache`` (kept by
    the action object's identity), else from ``id_of`` (which keeps it there). The sort runs on
    plain ints, ``id << 20 | index`` (the engine lists one action per id)."""
    n = len(actions)
    keys: list[int] = []
    ascending = True
    last = -1
    for k in range(n):
        a = actions[k]
        hit = cache.get(id(a))
        i = hit[1] if hit is not None and hit[0] is a else id_of(a)
        if i <= last:
            ascending = False
        last = i
        keys.append(i << 20 | k)
    if ascending:
        return [key >> 20 for key in keys], actions
    keys.sort()
    return [key >> 20 for key in keys], [actions[key & 0xFFFFF] for key in keys]


__all__ = ["POINTS", "Floats", "Offsets", "dense", "legal_ids", "meld_block", "memory"]
