"""The hot paths of a step of the environments, typed for mypyc and compiled in the compiled build
(``setup.py``; NumPy-free): the dense part of an observation (every section but the melds), one
side's meld block and the information state's memory, each made as a list of floats (a compiled
module fills a list natively, and ``array("f", ...)`` converts it to C floats in one call: writing
float by float into the tensor through a ``memoryview`` stays a generic call per float even
compiled), and the ids of the legal actions found by identity (``ActionSpace.legal``).
:mod:`canasta.rl.observation` holds the layout."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ..actions import Action
from ..views import MeldFacts, SeatView

POINTS: Final = 1000.0  # points (scores, minimums, penalties) are divided by this


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


def dense(v: SeatView, o: Offsets, seats: tuple[int, ...], sides: tuple[int, ...], size: int
          ) -> list[float]:
    """The sections before the melds of ``v``'s observation, ``size`` floats (zeros where nothing is
    set); ``seats`` and ``sides`` in the observer's order (itself first). A list of floats, which the
    compiled build fills natively; ``array("f", ...)`` then converts it in one C loop."""
    d = [0.0] * size
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
    hand = v.hand
    for f in range(53):
        c = hand[f]
        if c:
            d[h + f] = float(c)
    d[o.stock] = float(v.stock)
    d[o.pile_top + (v.pile_top if v.pile_top >= 0 else 53)] = 1.0
    p = o.pile
    d[p] = float(v.pile_size)
    if v.pile_frozen:
        d[p + 1] = 1.0
    if v.frozen_for_me:
        d[p + 2] = 1.0
    if v.pile_stopped:
        d[p + 3] = 1.0
    pc = o.pile_cards
    for f in v.pile_cards:
        d[pc + f] += 1.0
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
        d[hc] = float(counts[seat])
        hc += 1
        for f in threes[seat]:
            if 4 <= f < 8:
                d[t3 + f] += 1.0
        t3 += 4
        if has_melded[seat]:
            d[b] = 1.0
        d[b + 1] = float(asks[seat])
        d[b + 2] = float(answers[seat])
        d[b + 3] = owed[seat] / POINTS
        d[b + 4] = float(len(boxed[seat]))
        d[b + 5] = float(box_turns[seat])
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
        d[b + 1] = minimum[x] / POINTS
        d[b + 2] = scores[x] / POINTS
        d[b + 3] = float(canastas[x])
        d[b + 4] = float(talons[x])
        d[b + 5] = penalties[x] / POINTS
        if laydown_seats[x] >= 0:
            d[ld] = 1.0
        d[ld + 1] = float(laydown_turns[x])
        b += 6
        ld += 2
    d[o.own] = float(v.fresh_red_threes)
    ts = o.turn_state
    for flag in v.turn_flags:
        if flag:
            d[ts] = 1.0
        ts += 1
    d[ts] = v.opening_points / POINTS
    d[ts + 1] = float(v.melds_before_turn)
    d[ts + 3 + v.answer] = 1.0  # none (-1), no (0), yes (1)
    if v.ask_phase == 0:
        d[ts + 5] = 1.0
    d[ts + 6] = float(v.replacement_draws)
    if v.told_yes:
        d[ts + 7] = 1.0
    if v.turn_card_passed:
        d[ts + 8] = 1.0
    g = o.game
    d[g] = float(v.hand_number)
    if v.winner >= 0:
        d[g + 1 + (v.winner - side) % s] = 1.0
    return d


def meld_block(facts: tuple[MeldFacts, ...], kind_of: Sequence[int], kinds: int, slots: int,
               slot_size: int) -> list[float]:
    """One side's melds, ``slots`` blocks of ``slot_size`` floats: a count per card kind, size, type,
    canasta, natural, present (``Observer.layout``'s ``melds``)."""
    d = [0.0] * (slots * slot_size)
    for i, m in enumerate(facts[:slots]):
        b = i * slot_size
        for f in m.cards:
            d[b + kind_of[f]] += 1.0
        d[b + kinds] = float(m.size)
        d[b + kinds + 1 + m.type] = 1.0
        if m.canasta:
            d[b + kinds + 5] = 1.0
        if m.natural:
            d[b + kinds + 6] = 1.0
        d[b + kinds + 7] = 1.0
    return d


def memory(known: list[list[int]], discarded: list[list[int]], unseen: list[int], me: int) -> list[int]:
    """The information state's memory after the observation (``canasta.rl.openspiel``), seats in the
    observer's order: per seat the cards known to be in its hand (53 counts), per seat the ranks it
    discarded this hand (15), then the cards the observer has not seen (53). Counts as ints, the
    lists joined whole (``array("f", ...)`` makes the floats in C; a float made per count here cost
    a third as much as the finish that counts them)."""
    n = len(known)
    out: list[int] = []
    for x in range(n):
        out += known[(me + x) % n]
    for x in range(n):
        out += discarded[(me + x) % n]
    out += unseen
    return out


def legal_ids(actions: list[Action], cache: dict[int, tuple[Action, int]]
              ) -> tuple[list[int], list[Action]] | None:
    """The ids of ``actions`` kept in ``cache`` (by the action object's identity) and the actions,
    sorted by id; None where one is not kept (or there are too many to sort this way). The sort
    runs on plain ints, ``id * 1024 + index`` (the engine lists one action per id)."""
    n = len(actions)
    if n >= 1024:
        return None
    keys: list[int] = []
    ascending = True
    last = -1
    for k in range(n):
        a = actions[k]
        hit = cache.get(id(a))
        if hit is None or hit[0] is not a:
            return None
        i = hit[1]
        if i <= last:
            ascending = False
        last = i
        keys.append(i * 1024 + k)
    if ascending:
        return [key >> 10 for key in keys], actions
    keys.sort()
    return [key >> 10 for key in keys], [actions[key & 1023] for key in keys]


__all__ = ["POINTS", "Offsets", "dense", "legal_ids", "meld_block", "memory"]
