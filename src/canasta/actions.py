"""Actions: what a player does, as small immutable values with a text notation.

A turn is a sequence of elementary actions: ``draw`` (or ``take`` the pile, or the ``upcard`` on the
first turn), then any number of ``meld`` (a new meld of three cards, or all one's black threes when
going out), ``add`` (one card to a meld), ``ask``/``retract``, and finally ``discard`` (or ``end``/
``pass`` where the rules allow). The partner answers ``yes`` or ``no``.

Notation (cards as in :mod:`canasta.cards`; ``@N`` names the side's meld number N, from 0)::

    draw | upcard | take [CARDS] [@N] | meld CARDS | add @N CARD | discard CARD
    ask | yes | no | retract | end | pass | merge @N @M | declare pairs|garbage|straight [CARD]

>>> Action.parse("take 6H 6S JK")
Action(op=<Op.TAKE: 1>, cards=(18, 19, 52), meld=-1, other=-1)
>>> str(Action.parse("add @2 KH"))
'add @2 KH'
"""

from __future__ import annotations

import reprlib
from enum import IntEnum
from typing import Any, Final, NamedTuple, cast

from .cards import format_cards, parse_card, parse_cards
from .errors import NotationError


class Op(IntEnum):
    DRAW = 0
    TAKE = 1
    UPCARD = 2
    MELD = 3
    ADD = 4
    DISCARD = 5
    ASK = 6
    YES = 7
    NO = 8
    RETRACT = 9
    END = 10
    PASS = 11
    MERGE = 12
    DECLARE = 13
    TOP = 14      # S0 [G](i){a}{b}{c}: the top discard alone, with cards from hand, as a lay-down meld


# special hands (R 1.2, S3 F), named in ``declare NAME [CARD]``; the index is the action's ``meld``
SPECIAL_HANDS = ("pairs", "garbage", "straight")


_WORDS = {op: op.name.lower() for op in Op}
_OPS = {w: op for op, w in _WORDS.items()}
_NO_ARGS = {Op.DRAW, Op.UPCARD, Op.ASK, Op.YES, Op.NO, Op.RETRACT, Op.END, Op.PASS}


class Action(NamedTuple):
    """``op`` with its cards (faces) and, for ``add`` and ``take``, the target meld (-1 = none);
    ``merge`` joins meld ``other`` into meld ``meld``."""

    op: Op
    cards: tuple[int, ...] = ()
    meld: int = -1
    other: int = -1

    def __str__(self) -> str:
        word = _WORDS[self.op]
        if self.op is Op.ADD:
            return f"add @{self.meld} {format_cards(self.cards)}"
        if self.op is Op.MERGE:
            return f"merge @{self.meld} @{self.other}"
        if self.op is Op.DECLARE:
            name = SPECIAL_HANDS[self.meld] if 0 <= self.meld < len(SPECIAL_HANDS) else "?"
            return f"declare {name}" + (f" {format_cards(self.cards)}" if self.cards else "")
        parts = [word]
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.meld >= 0:
            parts.append(f"@{self.meld}")
        return " ".join(parts)

    @staticmethod
    def parse(text: str | object) -> Action:
        """Read an action; a bad one raises :class:`NotationError` naming the problem. (Typed to take
        anything: what is not text is refused the same way, also where the engine is compiled.)"""
        if not isinstance(text, str):
            raise NotationError(reprlib.repr(text), "an action is written as text, like \"discard KH\"",
                                "action_text_notation")
        words = text.split()
        if not words:
            raise NotationError(text, "empty action", "action_empty")
        op = _OPS.get(words[0].lower())
        if op is None:
            raise NotationError(words[0], f"unknown action (actions are {', '.join(_OPS)})", "action_unknown",
                                {"ops": ", ".join(_OPS)})
        rest = words[1:]
        if op is Op.DECLARE:
            if not rest or rest[0].lower() not in SPECIAL_HANDS:
                raise NotationError(text, f"write declare as: declare {'|'.join(SPECIAL_HANDS)} "
                                    f"[CARD to discard]", "declare_form", {"hands": "|".join(SPECIAL_HANDS)})
            dcards = tuple(parse_cards(" ".join(rest[1:])))
            if len(dcards) > 1:
                raise NotationError(text, "a special hand discards at most one card", "declare_discard")
            return Action(op, dcards, SPECIAL_HANDS.index(rest[0].lower()))
        melds: list[int] = []
        card_words: list[str] = []
        for w in rest:
            if w.startswith("@"):
                if len(melds) == (2 if op is Op.MERGE else 1):
                    raise NotationError(w, "only one meld number is allowed" if op is not Op.MERGE
                                        else "merge takes two meld numbers",
                                        "one_meld_number" if op is not Op.MERGE else "merge_two")
                try:
                    number = int(w[1:])
                except ValueError:
                    raise NotationError(w, "a meld number is @ and a whole number, like @0",
                                        "meld_number") from None
                if number < 0:
                    raise NotationError(w, "meld numbers start at @0", "meld_number_from")
                melds.append(number)
            else:
                card_words.append(w)
        meld = melds[0] if melds else -1
        if op is Op.MERGE:
            if len(melds) != 2 or card_words:
                raise NotationError(text, "write merge as: merge @N @M", "merge_form")
            return Action(op, (), melds[0], melds[1])
        cards = tuple(parse_cards(" ".join(card_words)))
        if op in _NO_ARGS and (cards or meld >= 0):
            raise NotationError(text, f"'{words[0]}' takes no cards or meld number", "takes_nothing",
                                {"op": words[0]})
        if op is Op.ADD:
            if meld < 0 or len(cards) != 1:
                raise NotationError(text, "write add as: add @N CARD", "add_form")
        elif meld >= 0 and op is not Op.TAKE:
            raise NotationError(text, f"'{words[0]}' takes no meld number", "takes_no_meld", {"op": words[0]})
        if op is Op.DISCARD and len(cards) != 1:
            raise NotationError(text, "discard exactly one card", "discard_one_card")
        if op is Op.MELD and not cards:
            raise NotationError(text, "a meld needs cards", "meld_cards")
        if op is Op.TOP and not cards:
            raise NotationError(text, "write top as: top CARD CARD ... (two or more cards from hand)",
                                "top_form")
        return Action(op, cards, meld)


def action_problem(action: object) -> tuple[str, dict[str, Any]] | None:
    """Why ``action`` is not a well-formed :class:`Action` (not one at all, or a field of the wrong
    type: ``op`` an :class:`Op`, ``cards`` a tuple of card numbers, ``meld`` and ``other`` whole
    numbers), as a refusal's code and data (``canasta.refusals``), or None. Whether its cards and
    melds exist is for the game to say."""
    if not isinstance(action, Action):
        return ("not_an_action", {"value": reprlib.repr(action)})
    raw = cast("tuple[object, ...]", action)  # read untyped: built in code, a field may be anything
    op, cards, meld, other = raw[0], raw[1], raw[2], raw[3]
    if not isinstance(op, Op):
        return ("bad_action_op", {"value": reprlib.repr(op)})
    if not isinstance(cards, tuple) or any(isinstance(f, bool) or not isinstance(f, int) for f in cards):
        return ("bad_action_cards", {"value": reprlib.repr(cards)})
    for name, v in (("meld", meld), ("other", other)):
        if isinstance(v, bool) or not isinstance(v, int):
            return ("bad_action_field", {"field": name, "value": reprlib.repr(v)})
    return None


DRAW: Final = Action(Op.DRAW)
UPCARD: Final = Action(Op.UPCARD)
ASK: Final = Action(Op.ASK)
YES: Final = Action(Op.YES)
NO: Final = Action(Op.NO)
RETRACT: Final = Action(Op.RETRACT)
END: Final = Action(Op.END)
PASS: Final = Action(Op.PASS)


def discard(card: str | int) -> Action:
    return Action(Op.DISCARD, (parse_card(card) if isinstance(card, str) else card,))


def meld(cards: str) -> Action:
    return Action(Op.MELD, tuple(parse_cards(cards)))


def add(meld_index: int, card: str | int) -> Action:
    return Action(Op.ADD, (parse_card(card) if isinstance(card, str) else card,), meld_index)


def take(cards: str = "", meld_index: int = -1) -> Action:
    return Action(Op.TAKE, tuple(parse_cards(cards)), meld_index)
