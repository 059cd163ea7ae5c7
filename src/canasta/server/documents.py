"""Documents kept whole behind one secret link (score sheets, tournament events): loading with the
link's token, and saving only over the version the writer saw, so that no change is lost silently."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from .access import bearer, hub_of
from .limits import address_of
from .refusals import Refusal
from .store import Conflict
from .tokens import new_table_id, new_token, token_hash

__all__ = ["create", "hub_of", "load", "save"]

# each kind's refusals: no such document, changed since it was loaded, changed at the same moment
REFUSED = {"sheet": ("unknown_sheet", "sheet_changed", "sheet_changed_now"),
           "event": ("unknown_event", "event_changed", "event_changed_now"),
           "club": ("unknown_club", "club_changed", "club_changed_now")}


async def create(request: Request, kind: str, doc: dict[str, Any]) -> tuple[str, str]:
    """Store a new document; (its id, its secret token). New documents are limited per address (each
    is a row kept for good)."""
    doc_id, token = new_table_id(), new_token()
    h = hub_of(request)
    if not h.guards.new_documents.take(address_of(request)):
        raise Refusal("too_many_documents")
    await h.db(h.store.create_doc, kind, doc_id, token_hash(token), json.dumps(doc))
    return doc_id, token


async def load(request: Request, kind: str, doc_id: str) -> tuple[dict[str, Any], int]:
    """The document and its version, for a request bearing its token."""
    h = hub_of(request)
    row = await h.db(h.store.load_doc, kind, doc_id)
    if row is None:
        raise Refusal(REFUSED[kind][0])
    digest, doc, version = row
    token = bearer(request)
    if not token or token_hash(token) != digest:
        raise Refusal("bad_token")
    loaded: dict[str, Any] = json.loads(doc)
    return loaded, version


async def save(request: Request, kind: str, doc_id: str, doc: dict[str, Any], version: int,
               seen: int | None) -> int:
    """Store ``doc`` over ``version`` if the writer saw that version (``seen``; None when the caller
    has checked what the writer saw itself); the new version."""
    if seen is not None and seen != version:
        raise Refusal(REFUSED[kind][1])
    h = hub_of(request)
    try:
        await h.db(h.store.save_doc, kind, doc_id, json.dumps(doc), version)
    except Conflict as e:
        raise Refusal(REFUSED[kind][2]) from e
    return version + 1
