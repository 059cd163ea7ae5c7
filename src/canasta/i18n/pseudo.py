"""The pseudo-locale: every English template wrapped in brackets and its letters accented, its
placeholders kept (``[Ðŕåŵ ƒŕöɱ ţĥé šţöçķ]``, ``[Šţöçķ: {n} çåŕðš]``).

A screen in the pseudo-locale shows at once any word that does not come from a catalogue: it is
plain ASCII English among bracketed accented text. It is also a little longer than English, as most
languages are, so that layouts are tried with longer words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöƥǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖƤǪŔŠŢÛṼŴẊÝŽ")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(template: str) -> str:
    """``template`` accented and bracketed, its ``{placeholders}`` untouched."""
    if not template:
        return template
    parts = _PLACEHOLDER.split(template)
    return "[" + "".join(p if i % 2 else p.translate(ACCENTS) for i, p in enumerate(parts)) + "]"


def pseudo_messages(english: Mapping[str, str | Mapping[str, str]]
                    ) -> dict[str, str | Mapping[str, str]]:
    out: dict[str, str | Mapping[str, str]] = {}
    for key, t in english.items():
        out[key] = pseudo(t) if isinstance(t, str) else {c: pseudo(f) for c, f in t.items()}
    return out


def is_pseudo(text: str) -> bool:
    """Text that came whole from the pseudo-locale catalogue: bracketed, no plain ASCII letters
    outside placeholders' values. (Used by the tests that look for words not from a catalogue.)"""
    return text.startswith("[") and text.endswith("]")
