"""The messages clients send, checked by schema before anything reads them (docs/server-protocol.md).

A message that fails its schema is answered with ``bad_message`` naming the field, and nothing
changes. Cards and actions are strings here: the engine parses and judges them.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

ClientId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._:-]+$")]
CardText = Annotated[str, Field(min_length=1, max_length=4)]
# the bots' levels (canasta.bots.LEVELS), then their old names, still accepted (stored seats)
LEVELS = ("beginner", "club", "expert", "expert-plus", "easy", "medium", "hard")
Level = Literal["beginner", "club", "expert", "expert-plus", "easy", "medium", "hard"]
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def clean_name(value: str) -> str:
    """A player's or table's name: trimmed, no control characters (it is shown to everyone)."""
    value = " ".join(value.split())
    if _CONTROL.search(value):
        raise ValueError("a name may not hold control characters")
    return value


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_max_length=200)


class Hello(Strict):
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=8, max_length=100)]
    last_event: Annotated[int, Field(ge=0)] | None = None
    lang: Annotated[str, Field(max_length=20)] | None = None   # the page's language (refusals, hints)


class Intent(Strict):
    type: Literal["intent"]
    id: ClientId
    based_on: Annotated[int, Field(ge=0)]
    action: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    meld: Annotated[list[CardText], Field(min_length=1, max_length=40)] | None = None
    to: Annotated[int, Field(ge=0, le=200)] | None = None
    take: Annotated[list[CardText], Field(max_length=40)] | None = None

    def kinds(self) -> int:
        return sum(x is not None for x in (self.action, self.meld, self.take))


class Hint(Strict):
    type: Literal["hint"]
    id: ClientId


class Undo(Strict):
    type: Literal["undo"]
    id: ClientId
    based_on: Annotated[int, Field(ge=0)]


class Ping(Strict):
    type: Literal["ping"]


class Say(Strict):
    """A line of table talk: free text or a quick phrase's code (``chat.PHRASES``)."""

    type: Literal["chat"]
    id: ClientId
    text: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    phrase: Annotated[str, Field(min_length=1, max_length=40)] | None = None


class Shuffle(Strict):
    """The page's random number for game ``game``'s shuffle (128 to 256 bits, in hex)."""

    type: Literal["shuffle"]
    id: ClientId
    game: Annotated[int, Field(ge=1)]
    number: Annotated[str, Field(min_length=32, max_length=64)]


Message = Hello | Intent | Hint | Undo | Ping | Say | Shuffle
ClientMessage = Annotated[Message, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Message] = TypeAdapter(ClientMessage)
CLIENT_ID: TypeAdapter[str] = TypeAdapter(ClientId)


def readable_id(text: str) -> str | None:
    """The ``id`` of a message that was refused before it was read (too many at once, not a valid
    message), where it has a valid one: the answer names it, so that a client waiting for the answer
    to that message gets it. None for anything else (not JSON, not an object, no or a bad id)."""
    try:
        got = json.loads(text)
        return CLIENT_ID.validate_python(got.get("id")) if isinstance(got, dict) else None
    except (ValueError, RecursionError):  # (json's errors and pydantic's are ValueErrors)
        return None


def field_problem(e: ValidationError | RequestValidationError) -> dict[str, str]:
    """The first schema problem as the data of ``bad_message`` or ``bad_request``: the ``field`` it
    names (``message`` or ``body`` for the whole) and pydantic's ``reason``."""
    errs = e.errors()
    err = errs[0] if errs else {"loc": (), "msg": "invalid"}
    where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
    return {"field": where or ("body" if isinstance(e, RequestValidationError) else "message"),
            "reason": str(err.get("msg"))}


# ---------------------------------------------------------------------------------------- HTTP bodies
Name = Annotated[str, Field(min_length=1, max_length=40)]


class SeatSpec(Strict):
    kind: Literal["person", "bot"]
    name: Name | None = None
    level: Level | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return None if v is None else clean_name(v)


class VerifyDeals(Strict):
    """A game's record and/or its commitments file (JSON objects), as ``canasta verify`` reads them."""

    record: dict[str, Any] | None = None
    commitments: dict[str, Any] | None = None


class NewTable(Strict):
    preset: Annotated[str, Field(min_length=1, max_length=40)]
    players: Annotated[int, Field(ge=2, le=6)] | None = None
    overrides: dict[str, Any] = Field(default_factory=dict)
    name: Annotated[str, Field(max_length=80)] | None = None
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=6)] | None = None
    level: Level | None = None  # the bots' level where ``seats`` is not given (the quick start)
    # a number (hands revealed after the game) or "fair:" and 32-64 hex digits (each hand revealed
    # when it ends, tournament.fair); none: the server draws a fair seed
    seed: Annotated[int, Field(ge=0, lt=2**53)] | Annotated[
        str, Field(pattern=r"^fair:[0-9a-f]{32,64}$")] | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return None if v is None else clean_name(v)

    @field_validator("overrides")
    @classmethod
    def _small(cls, v: dict[str, Any]) -> dict[str, Any]:
        if len(v) > 100:
            raise ValueError("too many house rules")
        return v


class RulesCheck(Strict):
    preset: Annotated[str, Field(min_length=1, max_length=40)]
    players: Annotated[int, Field(ge=2, le=6)] | None = None
    overrides: dict[str, Any] = Field(default_factory=dict)


class ChatSettings(Strict):
    """The host's table-talk settings: on or off, and the seats whose talk is muted."""

    enabled: bool | None = None
    muted: Annotated[list[Annotated[int, Field(ge=0, le=5)]], Field(max_length=6)] | None = None


class QrRequest(Strict):
    """A link to draw as a QR code (sent in the body: a link's token never goes in a URL)."""

    text: Annotated[str, Field(min_length=1, max_length=200)]


class SeatChange(Strict):
    kind: Literal["person", "bot"] | None = None
    level: Level | None = None
    name: Name | None = None
    reissue: bool = False

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return None if v is None else clean_name(v)
