"""A bot's reason as a player reads it: without the search's figures and bookkeeping.

Why: the search explains itself for developers ("best mean outcome over 16 sampled worlds ..."),
while the terminal's hint and the browser's hint button speak to players. Both ask this module, so
what counts as "only for developers" is written once. Card notation stays as it is (``7H``): each
interface writes cards its own way.
"""

from __future__ import annotations

import re

from ..actions import Action

# What only a developer reads: the search's figures and bookkeeping.
_TECHNICAL = (
    re.compile(r"\s*\[[^\]]*sampled worlds[^\]]*\]"),
    re.compile(r"\s*\(search skipped[^)]*\)"),
    re.compile(r";?\s*the heuristic's choice kept: no alternative is surely better"),
    re.compile(r"best mean outcome over \d+ sampled worlds \([^)]*\)"),
    re.compile(r"\s*\(\w+=[-+]?\d[^)]*\)"),
)
_FIGURES = ((re.compile(r"is worth [-+]?\d[\d.,]*"), "is worth taking"),)

LOOKED_AHEAD = "looking ahead over the cards the others may hold, it does best"


def plain_words(why: str, a: Action) -> str:
    """The reason without the action's notation it starts with and without figures; empty when
    nothing but figures was said."""
    text = why.strip()
    for prefix in (str(a) + ":", str(a)):
        if text.startswith(prefix):
            text = text[len(prefix):].strip()
            break
    for pattern in _TECHNICAL:
        text = pattern.sub("", text)
    for pattern, words in _FIGURES:
        text = pattern.sub(words, text)
    return text.strip(" :;,")
