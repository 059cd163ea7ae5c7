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
    tables.sort(key=_order)
    return {"tables": [{**e, "title": title_in(cat, e["preset"])} for e in tables]}


def _order(e: dict[str, Any]) -> tuple[Any, ...]:
    """Games on before games over; by name, a tournament round's tables (kept with no name) by their
    event, round and table number, so a round's tables are listed 1, 2, 3..."""
    r = e.get("event_round") or {}
    return (e["over"], e["name"] or r.get("event", ""), r.get("round", 0), r.get("table", 0), e["id"])
