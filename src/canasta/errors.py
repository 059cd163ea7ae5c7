"""The few exception types the package raises, so callers can catch by meaning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class CanastaError(Exception):
    """Base class of every error this package raises on purpose.

    ``str(exc)`` is the English sentence; where ``code`` is given, ``code`` and ``data`` say the same
    in any language (the templates: :mod:`canasta.error_words`, the catalogues' ``error.<code>``), as
    an :class:`IllegalAction`'s do. An error made from an English sentence alone has the code ``""``.
    """

    def __init__(self, message: str = "", code: str = "", data: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        # a subclass that set its own code and data before calling this keeps them (SeasonError)
        self.code: str = code or getattr(self, "code", "")
        self.data: Mapping[str, Any] = data if data is not None else getattr(self, "data", {})


class NotationError(CanastaError, ValueError):
    """A card or action written in text could not be read."""

    def __init__(self, token: str, reason: str, code: str = "",
                 data: Mapping[str, Any] | None = None) -> None:
        self.token = token
        self.reason = reason
        # the code names the reason; its data name the token as the sentence shows it (``{token}``)
        shown = {"token": repr(token), **(data or {})} if code else None
        super().__init__(f"{token!r}: {reason}", code, shown)


class RuleError(CanastaError, ValueError):
    """A rule set or an override of it is invalid."""


class IllegalAction(CanastaError):
    """An action the rules refuse; the state is left exactly as it was.

    ``code`` is machine-readable (for bots and UIs) and ``data`` what the sentence names (cards,
    ranks, numbers: see :mod:`canasta.messages`), so that an interface can say it in the reader's
    language; ``str(exc)`` and ``message`` are the English sentence.
    """

    def __init__(self, code: str, message: str, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, code, data)
        self.message = message


class SeatError(CanastaError, ValueError):
    """A seat that is not at the table (seats are numbered from 0)."""


class RecordError(CanastaError, ValueError):
    """A position or game record that is malformed or does not match its rules."""


class BotError(CanastaError, ValueError):
    """A bot or level name that does not exist."""


class MissingExtra(CanastaError, RuntimeError):
    """An optional extra (``ray``) that a run asked for is not installed."""
