"""Tournament events over HTTP: the director's page and the big-screen clock.

The model is ``canasta.tournament.event`` (the S3 B frame's movement, standings and clock); this
module checks the link, keeps the event with a version (two devices cannot overwrite each other) and
gives the clock in the server's time, so every screen shows the same minutes.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import Field, field_validator

from ..errors import CanastaError
from ..presets import PRESETS
from ..tournament.event import DRAWS, Event, event_options
from ..tournament.ranking import RankOptions
from . import documents
from .protocol import Name, Strict, clean_name
from .table import Refusal

router = APIRouter()


class NewEvent(Strict):
    name: Annotated[str, Field(max_length=80)] = "Tournament"
    preset: Annotated[str, Field(min_length=1, max_length=40)] = "nvso-tournament"
    pairs: Annotated[list[Name], Field(min_length=2, max_length=60)]
    games: Annotated[int, Field(ge=1, le=20)] = 3
    game_minutes: Annotated[int, Field(ge=1, le=600)] = 50
    warning_minutes: Annotated[int, Field(ge=0, le=600)] = 10
    draw: Literal["random", "as_listed"] = "random"
    movement: Literal["mitchell", "howell", "round_robin"] = "mitchell"
    rank_by: Literal["wins", "points", "match_points"] = "wins"
    seed: Annotated[int, Field(ge=0, lt=2**31)] | None = None

    @field_validator("pairs")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        return [clean_name(x) for x in v]


class Seen(Strict):
    """A table's result as the writer's screen showed it."""

    ns: int
    ew: int
    ns_agrees: bool
    ew_agrees: bool


class Result(Strict):
    """A table's totals. ``seen`` is the result the writer's screen showed (null: none yet): if
    another device changed that table meanwhile, the entry is refused rather than lost or
    overwriting; changes elsewhere in the event (other tables, the clock) do not matter."""

    round: Annotated[int, Field(ge=1, le=20)]
    table: Annotated[int, Field(ge=1, le=40)]
    ns: Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
    ew: Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
    ns_agrees: bool = False
    ew_agrees: bool = False
    who: Name | None = None
    seen: Seen | None = None


class ClockAction(Strict):
    """A clock button; ``round`` is the round the screen showed (a second screen's "next round"
    pressed at the same time does not skip a round)."""

    action: Literal["start", "pause", "resume", "plus", "minus", "next"]
    round: Annotated[int, Field(ge=1, le=20)]


def _view(event_id: str, ev: Event, version: int) -> dict[str, Any]:
    now = time.time()
    return {"id": event_id, "version": version, "now": now, **ev.view(now)}


async def _load(request: Request, event_id: str) -> tuple[Event, int]:
    doc, version = await documents.load(request, "event", event_id)
    return Event.from_dict(doc), version


async def _save(request: Request, event_id: str, ev: Event, version: int, seen: int | None) -> dict[str, Any]:
    new = await documents.save(request, "event", event_id, ev.to_dict(), version, seen)
    return _view(event_id, ev, new)


@router.post("/api/events", status_code=201)
async def new_event(request: Request, body: NewEvent) -> Any:
    if body.preset not in PRESETS:
        raise Refusal("bad_rules", f"unknown rule set {body.preset!r}: choose one of {', '.join(PRESETS)}")
    try:
        options = event_options(body.games, body.game_minutes, body.warning_minutes)
        ranking = RankOptions()
        if body.rank_by != ranking.rank_by:   # then the other two, then the games between the tied
            rest = tuple(t for t in ("wins", "points", "head_to_head") if t != body.rank_by)
            ranking = RankOptions(body.rank_by, rest)
        ev = Event.new(body.name, body.preset, body.pairs, options, body.draw, body.seed, body.movement,
                       ranking)
    except CanastaError as e:
        raise Refusal("bad_event", str(e)) from e
    event_id, token = await documents.create(request, "event", ev.to_dict())
    return {"event_id": event_id, "token": token, "link": f"/event/{event_id}#t={token}",
            "clock_link": f"/event/{event_id}/clock#t={token}", "event": _view(event_id, ev, 0)}


@router.get("/api/events/{event_id}")
async def get_event(request: Request, event_id: str) -> Any:
    ev, version = await _load(request, event_id)
    return _view(event_id, ev, version)


async def _change(request: Request, event_id: str, change: Callable[[Event], None]) -> dict[str, Any]:
    """Load, change and store the event; when another request stored it in between, do it again on
    the newer event (the change checks itself what its writer saw)."""
    for _attempt in range(5):
        ev, version = await _load(request, event_id)
        try:
            change(ev)
        except CanastaError as e:
            raise Refusal("bad_event", str(e)) from e
        try:
            return await _save(request, event_id, ev, version, None)
        except Refusal as r:
            if r.code != "changed":
                raise
    raise Refusal("changed", "the event is being changed by many people at once: try again")


@router.post("/api/events/{event_id}/results")
async def enter_result(request: Request, event_id: str, body: Result) -> Any:
    def change(ev: Event) -> None:
        now = ev.results.get((body.round, body.table))
        shown = None if now is None else Seen(ns=now.ns, ew=now.ew, ns_agrees=now.ns_agrees,
                                              ew_agrees=now.ew_agrees)
        if shown != body.seen:
            raise Refusal("changed", f"table {body.table} of round {body.round} was changed on another "
                                     "device: your entry was not saved; look at it again")
        ev.enter(body.round, body.table, body.ns, body.ew, clean_name(body.who or ""), body.ns_agrees,
                 body.ew_agrees)
    return await _change(request, event_id, change)


@router.post("/api/events/{event_id}/clock")
async def clock(request: Request, event_id: str, body: ClockAction) -> Any:
    def change(ev: Event) -> None:
        if ev.clock.round != body.round:
            raise Refusal("changed", f"the clock is at round {ev.clock.round} now, not {body.round}")
        ev.clock_action(body.action, time.time())
    return await _change(request, event_id, change)


@router.get("/api/events/{event_id}/csv")
async def event_csv(request: Request, event_id: str) -> Response:
    ev, _version = await _load(request, event_id)
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["rank", "pair", "wins", "points", "match_points", "played"])
    for row in ev.standings():
        w.writerow([row["rank"], row["pair"], row["wins"], row["points"], row["match_points"], row["played"]])
    w.writerow([])
    w.writerow(["round", "table", "north_south", "east_west", "ns_total", "ew_total", "confirmed"])
    for rnd in ev.view(time.time())["rounds"]:
        for t in rnd["tables"]:
            r = t["result"] or {}
            w.writerow([rnd["round"], t["table"], t["ns"], t["ew"], r.get("ns", ""), r.get("ew", ""),
                        "yes" if r.get("confirmed") else "no"])
    return Response(buf.getvalue(), media_type="text/csv; charset=utf-8", headers={
        "content-disposition": f'attachment; filename="canasta-event-{event_id}.csv"'})


__all__ = ["DRAWS", "router"]
