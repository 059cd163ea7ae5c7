"""The lobby: the tables playing now on this server, in every process (``canasta.server.cluster``).

It shows what anyone in the club room could see walking past the tables: each table's name, rule
set, game and hand, scores, and how many people are there; never a link, a card or a person's name.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from .documents import hub_of
from .language import catalogue_of
from .rulesets import title_in

router = APIRouter()


@router.get("/api/lobby")
async def lobby(request: Request) -> dict[str, Any]:
    """The tables, each with its rule set's title in the reader's language (a table with no name of
    its own, ``""``, is called by it)."""
    cat = catalogue_of(request)
    tables = hub_of(request).cluster.lobby()
    tables.sort(key=lambda e: (e["over"], e["name"], e["id"]))
    return {"tables": [{**e, "title": title_in(cat, e["preset"])} for e in tables]}
