"""Card notation written as on the screen (``7H`` as ``7♥``). The hint's words themselves come from
:mod:`canasta.bots.explain`, the one place that says a move as a player would."""

from __future__ import annotations

import re

from ..cards import parse_cards
from .render import card_label

_CARD = re.compile(r"(?<![\w@])(10|[2-9TJQKA])([CDHS])(?![\w])|(?<![\w@])JK(?![\w])")


def symbols(text: str) -> str:
    """Card notation in ``text`` (``7H``, ``TD``, ``JK``) written as on the screen (``7♥``, ``T♦``)."""
    return _CARD.sub(lambda m: card_label(parse_cards(m.group(0))[0]), text)
