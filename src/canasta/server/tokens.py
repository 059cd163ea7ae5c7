"""Secret tokens for seats, spectators and hosts: 192 random bits, stored only as hashes."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    """An unguessable token (192 bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the database keeps: a stolen database holds no usable link."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_table_id() -> str:
    """A table's public id (in URLs; not a secret, but not guessable either)."""
    return secrets.token_urlsafe(9)
