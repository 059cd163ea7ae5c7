"""Observations per seat: a fixed-shape tensor and a readable text, from the seat's view only.

:class:`Observer` turns :func:`canasta.views.seat_view` (the engine's per-seat view, in numbers) into
one ``float32`` vector whose layout depends only on the rule set (its players, sides, card kinds and
meld slots), and into text. Nothing else of the state is read, so two states that differ only in the
cards another seat holds (or the stock's order) give the same observation (``tests/test_rl.py``).

Seats and sides are numbered *from the observer*: seat 0 is the observer, seat 1 the next player to
its left, ...; side 0 is the observer's side. Counts are plain numbers (a card count, a number of
turns), points are divided by :data:`POINTS` (1,000). ``Observer.layout`` lists the sections
(``docs/rl.md`` has the table):

======================  ==========================  ============================================
section                 size                        content
======================  ==========================  ============================================
``phase``               4                           one-hot: draw, play, answer, game over
``to_act``              N                           one-hot: the seat to act (none when over)
``turn``                N                           one-hot: whose turn it is
``dealer``              N                           one-hot
``hand``                53                          own cards, a count per face (``cards.py``)
``hand_counts``         N                           every seat's number of cards
``stock``               1                           cards in the stock
``pile_top``            54                          one-hot face of the top card, or 53: no pile
``pile``                4                           size, frozen, frozen for the observer's side,
                                                    stopped (a black three on top)
``pile_cards``          53                          the pile's cards, a count per face (every one
                                                    was shown face up as it reached the pile)
``threes``              N x 4                       threes laid out per seat (3C, 3D, 3H, 3S)
``sides``               S x 6                       per side: opened, minimum, score, canastas,
                                                    talon cards left, penalties
``seats``               N x 6                       per seat: has melded, asks, answers, points
                                                    owed, boxed cards, turns left boxed
``own``                 1                           red treys the observer may still disclose for
                                                    a further card (S0)
``laydown``             S x 2                       per side: laid down (S0), the turns since
``turn_state``          21                          the turn's facts (``views.TURN_FLAGS``, 12),
                                                    opening points so far, melds before the turn,
                                                    the answer (none, no, yes), asked before the
                                                    draw, replacement draws due, table kept at a
                                                    "yes", turn card passed
``game``                1 + S                       hand number, the winning side (one-hot)
``melds``               S x M x (K + 8)             per side, per meld slot: a count per card kind
                                                    (none for a closed canasta whose cards the
                                                    rules hide), size, type (group, black threes,
                                                    sequence, wild), canasta, natural, present
======================  ==========================  ============================================

N players, S sides, K card kinds (``canasta.model``: 15 without sequences, 48 with), M meld slots
(``actions.meld_slots``).
"""

from __future__ import annotations

from array import array
from typing import Final, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from ..cards import card_str, format_cards, sort_key
from ..model import card_model
from ..rules import RuleSet
from ..state import GameState
from ..views import TURN_FLAGS, MeldFacts, SeatView, seat_view
from .actions import meld_slots
from .encode import POINTS, Floats, Offsets, dense, meld_block

PHASES: Final = ("draw", "play", "answer", "over")
MELD_TYPES: Final = ("group", "black threes", "sequence", "wild")
MELD_EXTRA: Final = 8  # size, four types, canasta, natural, present


class Section(NamedTuple):
    name: str
    start: int
    size: int


class Observer:
    """The observations of one rule set (see the module docstring)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.model = card_model(rules)
        n, s = rules.players, rules.sides
        self.players, self.sides = n, s
        self.kinds = self.model.nkinds
        self.slots = meld_slots(rules)
        self.slot_size = self.kinds + MELD_EXTRA
        sizes = [("phase", 4), ("to_act", n), ("turn", n), ("dealer", n), ("hand", 53),
                 ("hand_counts", n), ("stock", 1), ("pile_top", 54), ("pile", 4), ("pile_cards", 53),
                 ("threes", n * 4), ("sides", s * 6), ("seats", n * 6), ("own", 1), ("laydown", s * 2),
                 ("turn_state", len(TURN_FLAGS) + 9), ("game", 1 + s),
                 ("melds", s * self.slots * self.slot_size)]
        self.layout: list[Section] = []
        at = 0
        for name, size in sizes:
            self.layout.append(Section(name, at, size))
            at += size
        self.size = at
        self.at = {sec.name: sec.start for sec in self.layout}
        self.dense = self.at["melds"]  # the sections before the melds (encode.dense)
        self._off = Offsets(**{sec.name: sec.start for sec in self.layout})
        # seats and sides in the observer's order, by the observer's seat and side
        self._seat_order = [tuple((me + x) % n for x in range(n)) for me in range(n)]
        self._side_order = [tuple((side + y) % s for y in range(s)) for side in range(s)]
        # a side's meld block by its facts (seat_view gives the same tuple for the same melds)
        self._blocks: dict[int, tuple[tuple[MeldFacts, ...], array[float]]] = {}
        self._zeros = array("f", bytes(4 * self.size))

    # ------------------------------------------------------------------ the tensor
    def tensor(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """A new observation vector of ``seat`` (``float32``, ``self.size`` long)."""
        out = np.empty(self.size, dtype=np.float32)
        self.write(seat_view(state, seat), out)
        return out

    def write(self, v: SeatView, out: npt.NDArray[np.float32]) -> None:
        """Write the observation of view ``v`` into ``out``'s first ``self.size`` floats (every one
        of them). Run at every step of an environment: the floats are zeroed by one C copy, then the
        compiled ``encode.dense`` sets the nonzero ones of the sections before the melds, and a
        side's meld block is copied from the one kept while its melds are the same (a side's melds
        change seldom). (Converting a whole list of floats cost more than making it.)"""
        side = v.side
        mv = cast(Floats, out.data)
        out.data[:self.size] = self._zeros
        dense(v, self._off, self._seat_order[v.seat], self._side_order[side], mv)
        block = self.slots * self.slot_size
        blocks = self._blocks
        melds = v.melds
        at = self.dense
        for x in self._side_order[side]:
            facts = melds[x]
            hit = blocks.get(id(facts))
            if hit is not None and hit[0] is facts:
                out.data[at:at + block] = hit[1]
            else:
                self._side_block(facts, out, at)
            at += block

    def _side_block(self, facts: tuple[MeldFacts, ...], out: npt.NDArray[np.float32], at: int) -> None:
        """Write a side's meld block (its floats are zero) and keep a copy by its facts."""
        if len(self._blocks) >= 1 << 12:
            self._blocks.clear()
        block = self.slots * self.slot_size
        meld_block(facts, self.model.kind_of, self.kinds, self.slots, self.slot_size,
                   cast(Floats, out.data), at)
        self._blocks[id(facts)] = (facts, array("f", out[at:at + block].tobytes()))

    # ------------------------------------------------------------------ the text
    def string(self, state: GameState, seat: int) -> str:
        """The observation in words and card notation (what the tensor holds)."""
        return self.text(seat_view(state, seat))

    def text(self, v: SeatView) -> str:
        n, s = self.players, self.sides
        phase = PHASES[v.phase]
        lines = [f"{self.rules.name}, hand {v.hand_number + 1}, seat {v.seat} (side {v.side}), "
                 f"{phase}" + (f", seat {v.to_act} to act" if v.to_act >= 0 else "")
                 + f", turn of seat {v.turn}, dealer seat {v.dealer}"]
        hand = sorted((f for f in range(53) for _ in range(v.hand[f])), key=sort_key)
        lines.append(f"hand: {format_cards(hand) or '-'}")
        lines.append("cards held: " + " ".join(f"{x}:{v.hand_counts[x]}" for x in range(n))
                     + f"; stock {v.stock}")
        pile = "empty" if v.pile_top < 0 else f"{v.pile_size} cards, top {card_str(v.pile_top)}"
        flags = [w for w, on in (("frozen", v.pile_frozen), ("frozen for you", v.frozen_for_me),
                                 ("stopped", v.pile_stopped)) if on]
        lines.append(f"pile: {pile}" + (f" ({', '.join(flags)})" if flags else "")
                     + (f": {format_cards(v.pile_cards)}" if v.pile_cards else ""))
        for x in range(s):
            melds = " | ".join(f"@{i} " + (format_cards(sorted(m.cards, key=sort_key)) if m.cards
                                            else f"closed {m.size}")
                               for i, m in enumerate(v.melds[x]))
            lines.append(f"side {x}{' (you)' if x == v.side else ''}: {v.scores[x]} points, "
                         + (f"opened, {v.canastas[x]} canastas" if v.opened[x]
                            else f"not opened (minimum {v.minimum[x]})")
                         + (f", talon {v.talons[x]}" if v.talons[x] else "")
                         + (f", penalties {v.penalties[x]}" if v.penalties[x] else "")
                         + f"; melds: {melds or '-'}")
        threes = [f"{x}: {format_cards(v.threes[x])}" for x in range(n) if v.threes[x]]
        if threes:
            lines.append("threes laid: " + "; ".join(threes))
        boxed = [f"{x}: {format_cards(v.boxed[x])} ({v.box_turns[x]} turns)" for x in range(n) if v.boxed[x]]
        if boxed:
            lines.append("boxed: " + "; ".join(boxed))
        turn = [k for k, on in zip(TURN_FLAGS, v.turn_flags, strict=True) if on]
        answer = {-1: "", 0: "partner said no", 1: "partner said yes"}.get(v.answer, "")
        lines.append("turn: " + (", ".join(turn + ([answer] if answer else [])) or "-")
                     + (f"; opening points {v.opening_points}" if v.opening_points else "")
                     + (f"; {v.fresh_red_threes} red treys to disclose" if v.fresh_red_threes else ""))
        if v.winner >= 0:
            lines.append(f"game over: side {v.winner} won")
        return "\n".join(lines)


__all__ = ["POINTS", "Observer", "Section"]
