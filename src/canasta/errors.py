"""The few exception types the package raises, so callers can catch by meaning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class CanastaError(Exception):
    """Base class of every error this package raises on purpose."""


class NotationError(CanastaError, ValueError):
    """A card or action written in text could not be read."""

    def __init__(self, token: str, reason: str) -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"{token!r}: {reason}")


class RuleError(CanastaError, ValueError):
    """A rule set or an override of it is invalid."""


class IllegalAction(CanastaError):
    """An action the rules refuse; the state is left exactly as it was.

    ``code`` is machine-readable (for bots and UIs) and ``data`` what the sentence names (cards,
    ranks, numbers: see :mod:`canasta.messages`), so that an interface can say it in the reader's
    language; ``str(exc)`` and ``message`` are the English sentence.
    """

    def __init__(self, code: str, message: str, data: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.message = message
        self.data: Mapping[str, Any] = data if data is not None else {}
        super().__init__(message)


class SeatError(CanastaError, ValueError):
    """A seat that is not at the table (seats are numbered from 0)."""


class RecordError(CanastaError, ValueError):
    """A position or game record that is malformed or does not match its rules."""


class BotError(CanastaError, ValueError):
    """A bot or level name that does not exist."""
