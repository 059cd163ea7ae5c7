"""Where the cards are, and the score sheet: the table a game is played on, with no rule of play.

Why apart (python-chess's ``BaseBoard`` and ``Board``): a :class:`Table` says which cards are in each
hand, the stock, the pile, on the table and set aside, and what each side has scored; it never
decides whether anything is allowed. :class:`canasta.state.GameState` adds the turn's state machine
(phase, whose turn, the turn's flags, the partner's answer) and the rules (``canasta.engine``) on
top of it. Copying a table copies cards; the rules are shared, never copied.

Hands are kept three ways at once, all kept in step by :meth:`give_card` and the engine's card
movement (``engine/flow.py``): ``hands[seat][face]`` counts each of the 53 faces, ``hk[seat][kind]``
counts interchangeable card kinds (``model.py``: what the move generators list), ``hn[seat]`` the cards.
"""

from __future__ import annotations

from typing import Final

from .melds import Meld
from .model import CardModel
from .scoring import HandResult

__all__ = ["TABLE_FIELDS", "Table"]

# every attribute of a Table (its slots); GameState adds the rest of STATE_FIELDS
TABLE_FIELDS: Final[tuple[str, ...]] = (
    "boxed",
    "dealer",
    "hand_no",
    "hand_start_scores",
    "hands",
    "hk",
    "hn",
    "melds",
    "model",
    "pile",
    "red3",
    "results",
    "scores",
    "seed",
    "sides",
    "start_dealer",
    "stock",
    "talons",
)


class Table:
    """The cards and the score sheet of one game (see the module docstring); no rules."""

    __slots__ = TABLE_FIELDS

    model: CardModel          # the pack's card kinds (which faces are interchangeable)
    sides: int                # sides (teams or single players); seat s plays for side s % sides
    seed: int | str           # the game's seed: hand n is dealt from it (``engine/common.hand_seed``)
    hand_no: int
    dealer: int
    start_dealer: int
    scores: list[int]         # per side, the game so far
    hand_start_scores: list[int]
    results: list[HandResult]  # the score sheet: one row per hand played
    hands: list[list[int]]    # per seat, the count of each face (0..52)
    hk: list[list[int]]       # per seat, the count of each card kind
    hn: list[int]             # per seat, the cards held
    stock: list[int]          # faces, the top last
    pile: list[int]           # faces, the top last
    melds: list[list[Meld]]   # per side
    red3: list[list[int]]     # per seat, threes laid out before it
    talons: list[int]         # per side, talon cards still to be drawn (R 1.2)
    boxed: list[list[int]]    # per seat, cards set aside (S0 [G](ii), [J](v))

    def copy_table_to(self, c: Table) -> None:
        """Copy every table field into ``c`` (lists copied, melds shared: they are immutable)."""
        c.model = self.model
        c.sides = self.sides
        c.seed = self.seed
        c.hand_no = self.hand_no
        c.dealer = self.dealer
        c.start_dealer = self.start_dealer
        c.scores = self.scores[:]
        c.hand_start_scores = self.hand_start_scores[:]
        c.results = self.results[:]
        c.hands = [h[:] for h in self.hands]
        c.hk = [h[:] for h in self.hk]
        c.hn = self.hn[:]
        c.stock = self.stock[:]
        c.pile = self.pile[:]
        c.melds = [m[:] for m in self.melds]
        c.red3 = [r[:] for r in self.red3]
        c.talons = self.talons[:]
        c.boxed = [b[:] for b in self.boxed]

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def hand_cards(self, seat: int) -> list[int]:
        """The seat's hand as a list of faces, in face order."""
        out: list[int] = []
        for f, n in enumerate(self.hands[seat]):
            if n:
                out.extend([f] * n)
        return out

    def give_card(self, seat: int, f: int) -> None:
        """Put card ``f`` into the seat's hand (from nowhere: the caller takes it from the stock, the
        pile or a position's setup)."""
        self.hands[seat][f] += 1
        self.hk[seat][self.model.kind_of[f]] += 1
        self.hn[seat] += 1

    def face_of_kind(self, seat: int, kind: int, skip: int = 0) -> int:
        """The canonical face of card kind ``kind`` (``model.py``) in the seat's hand: the
        ``skip``-th card of that kind, as the generated actions name it. The kind must be held."""
        h = self.hands[seat]
        for f in self.model.faces_of[kind]:
            n = h[f]
            if n > skip:
                return f
            skip -= n
        raise AssertionError("kind not held")  # pragma: no cover
