"""The few exception types the package raises, so callers can catch by meaning."""

from __future__ import annotations


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

    ``code`` is machine-readable (for bots and UIs), ``str(exc)`` is a sentence for a player.
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


class SeatError(CanastaError, ValueError):
    """A seat that is not at the table (seats are numbered from 0)."""


class RecordError(CanastaError, ValueError):
    """A position or game record that is malformed or does not match its rules."""


class BotError(CanastaError, ValueError):
    """A bot or level name that does not exist."""
