"""Table talk: short messages between the people at a table, and quick phrases.

Kept in memory with the table while it lives (the last ``KEPT`` lines, for a page that opens later),
never stored and never in the game record. Text is only ever shown as text (the pages set
``textContent``). Each seat may say ``RATE`` lines a second, ``BURST`` at once (``limits``); the
host may turn the talk off or mute a seat. A quick phrase travels as its code, so each reader sees
it in their own language.
"""

from __future__ import annotations

import re
from collections import deque
from typing import Any

from .limits import Buckets
from .refusals import Refusal

KEPT = 100
MAX_CHARS = 200
RATE, BURST = 0.5, 5.0
PHRASES = ("hello", "good_luck", "well_played", "one_minute", "thank_you", "sorry", "bye")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


def clean_text(text: str) -> str:
    """One line of talk: control and direction-changing characters out, spaces folded."""
    return " ".join(_CONTROL.sub(" ", text).split())[:MAX_CHARS]


class Chat:
    def __init__(self) -> None:
        self.enabled = True
        self.muted: set[int] = set()
        self.lines: deque[dict[str, Any]] = deque(maxlen=KEPT)
        self.n = 0
        self.limits = Buckets(RATE, BURST)

    def settings(self) -> dict[str, Any]:
        return {"enabled": self.enabled, "muted": sorted(self.muted), "phrases": list(PHRASES),
                "max_chars": MAX_CHARS}

    def set(self, enabled: bool | None, muted: list[int] | None) -> None:
        """The host's settings (None: unchanged)."""
        if enabled is not None:
            self.enabled = enabled
        if muted is not None:
            self.muted = set(muted)

    def say(self, seat: int | None, name: str, text: str | None, phrase: str | None) -> dict[str, Any]:
        """A new line from ``seat``, or the refusal that says why not."""
        if seat is None:
            raise Refusal("chat_spectator")
        if not self.enabled:
            raise Refusal("chat_off")
        if seat in self.muted:
            raise Refusal("chat_muted")
        line: dict[str, Any] = {"n": self.n + 1, "seat": seat, "name": name}
        if phrase is not None:
            if phrase not in PHRASES:
                raise Refusal("bad_message", {"field": "phrase", "reason": "not a quick phrase"})
            line["phrase"] = phrase
        else:
            said = clean_text(text or "")
            if not said:
                raise Refusal("chat_empty")
            line["text"] = said
        if not self.limits.take(seat):
            raise Refusal("chat_rate")
        self.n += 1
        self.lines.append(line)
        return line
