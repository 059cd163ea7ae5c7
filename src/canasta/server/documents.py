"""Documents kept whole behind one secret link (score sheets, tournament events): loading with the
link's token, and saving only over the version the writer saw, so that no change is lost silently."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from .hub import Hub
from .store import Conflict
from .table import Refusal
from .tokens import new_table_id, new_token, token_hash

NAMES = {"sheet": "score sheet", "event": "event"}


def hub_of(request: Request) -> Hub:
    h: Hub = request.app.state.hub
    return h


async def create(request: Request, kind: str, doc: dict[str, Any]) -> tuple[str, str]:
    """Store a new document; (its id, its secret token)."""
    doc_id, token = new_table_id(), new_token()
    h = hub_of(request)
    await h.db(h.store.create_doc, kind, doc_id, token_hash(token), json.dumps(doc))
    return doc_id, token


async def load(request: Request, kind: str, doc_id: str) -> tuple[dict[str, Any], int]:
    """The document and its version, for a request bearing its token."""
    h = hub_of(request)
    row = await h.db(h.store.load_doc, kind, doc_id)
    if row is None:
        raise Refusal(f"unknown_{kind}", f"there is no such {NAMES[kind]} (check the link)")
    digest, doc, version = row
    auth = request.headers.get("authorization", "")
    token = auth[7:].strip() if auth.lower().startswith("bearer ") else ""
    if not token or token_hash(token) != digest:
        raise Refusal("bad_token", f"this link is not valid for this {NAMES[kind]}")
    loaded: dict[str, Any] = json.loads(doc)
    return loaded, version


async def save(request: Request, kind: str, doc_id: str, doc: dict[str, Any], version: int,
               seen: int | None) -> int:
    """Store ``doc`` over ``version`` if the writer saw that version (``seen``; None when the caller
    has checked what the writer saw itself); the new version."""
    if seen is not None and seen != version:
        raise Refusal("changed", f"someone else has changed this {NAMES[kind]} since you loaded it: your "
                                 "change was not saved; look again and make it again")
    h = hub_of(request)
    try:
        await h.db(h.store.save_doc, kind, doc_id, json.dumps(doc), version)
    except Conflict as e:
        raise Refusal("changed", f"someone else changed this {NAMES[kind]} at the same moment: your change "
                                 "was not saved; look again and make it again") from e
    return version + 1
