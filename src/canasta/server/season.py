"""A club's season over HTTP: the roster, the club nights (events made for the club) and their results
kept, the season's table, and the read-only results pages a club links to.

The model is ``canasta.tournament.season``; this module checks the links and keeps the club as one
document with a version (two devices cannot overwrite each other). A club has two links: the
secretary's (everything, ``#t=``) and a read-only one for the results (``#k=``), which opens the
season's table and each night's results and nothing else. The nights' events are ordinary events
(``events``): made from the club's page, their pairs' players are found on the roster first.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import Field, field_validator

from ..errors import CanastaError
from ..i18n.spreadsheet import Cell
from ..messages import Template
from ..tournament.event import Event
from ..tournament.options import TournamentError
from ..tournament.season import Club, SeasonRule
from . import documents
from .access import bearer
from .events import NewEvent, create_event, make_event
from .language import catalogue_of, csv_download
from .protocol import Name, Strict, clean_name
from .refusals import Refusal
from .rulesets import title_in
from .tokens import token_hash
from .urls import link

router = APIRouter()


class NewClub(Strict):
    name: Annotated[str, Field(min_length=1, max_length=80)]
    season: Annotated[str, Field(max_length=80)] = ""
    members: Annotated[list[Name], Field(max_length=1000)] = Field(default_factory=list)
    rank_by: Literal["total", "best", "average"] = "total"
    best: Annotated[int, Field(ge=1, le=100)] = 4

    @field_validator("members")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        return [clean_name(x) for x in v if x.strip()]


class MemberName(Strict):
    name: Name
    version: Annotated[int, Field(ge=0)]


class SeasonSettings(Strict):
    season: Annotated[str, Field(max_length=80)]
    rank_by: Literal["total", "best", "average"]
    best: Annotated[int, Field(ge=1, le=100)]
    version: Annotated[int, Field(ge=0)]


class ClubEvent(NewEvent):
    """A club night: the event's form, and whether to add the players not on the roster yet."""

    add_missing: bool = False


class KeepNight(Strict):
    event_id: Annotated[str, Field(min_length=1, max_length=32)]
    date: Annotated[str, Field(min_length=1, max_length=20)]
    add_missing: bool = False


def _refused(e: CanastaError) -> Refusal:
    """A season's (or an event's) refusal as the tournament says it (code, data, words); any other
    as ``bad_club``."""
    if isinstance(e, TournamentError) and e.code:
        return Refusal(e.code, e.data, e.message)
    return Refusal.because("bad_club", e)


async def _load(request: Request, club_id: str) -> tuple[Club, int]:
    doc, version = await documents.load(request, "club", club_id)
    return Club.from_dict(doc), version


async def _save(request: Request, club_id: str, club: Club, version: int, seen: int | None) -> dict[str, Any]:
    new = await documents.save(request, "club", club_id, club.to_dict(), version, seen)
    return await _view(request, club_id, club, new)


async def _change(request: Request, club_id: str, seen: int | None,
                  change: Callable[[Club], Any]) -> dict[str, Any]:
    club, version = await _load(request, club_id)
    try:
        change(club)
    except CanastaError as e:
        raise _refused(e) from e
    return await _save(request, club_id, club, version, seen)


def _links(request: Request, club_id: str, club: Club) -> dict[str, str]:
    """The read-only results link (its key opens the results only, so it is kept as it is)."""
    return {"results": link(request, f"/results/{club_id}#k={club.read_key}")}


async def _events(request: Request, club: Club) -> list[dict[str, Any]]:
    """The club's nights made here, each with whether its results are kept (its rule set named in
    the reader's language)."""
    h = documents.hub_of(request)
    cat = catalogue_of(request)
    kept = {n.event_id: (i + 1, n.date) for i, n in enumerate(club.nights)}
    out = []
    for event_id in club.events:
        row = await h.db(h.store.load_doc, "event", event_id)
        if row is None:
            continue
        ev = Event.from_dict(json.loads(row[1]))
        out.append({"event_id": event_id, "name": ev.name, "preset": ev.preset,
                    "title": title_in(cat, ev.preset),
                    "pairs": len(ev.pairs), "confirmed": len(ev.games()),
                    "night": kept[event_id][0] if event_id in kept else None,
                    "date": kept[event_id][1] if event_id in kept else None})
    return out


async def _view(request: Request, club_id: str, club: Club, version: int) -> dict[str, Any]:
    return {"id": club_id, "version": version, **club.view(), "events": await _events(request, club),
            "links": _links(request, club_id, club)}


@router.post("/api/clubs", status_code=201)
async def new_club(request: Request, body: NewClub) -> Any:
    try:
        club = Club(" ".join(body.name.split())[:80], body.season.strip()[:80],
                    SeasonRule(body.rank_by, body.best))
        for name in body.members:
            club.add_member(name)
    except CanastaError as e:
        raise _refused(e) from e
    club.read_key = secrets.token_urlsafe(24)
    club_id, token = await documents.create(request, "club", club.to_dict())
    return {"club_id": club_id, "token": token, "link": link(request, f"/club/{club_id}#t={token}"),
            "club": await _view(request, club_id, club, 0)}


@router.get("/api/clubs/{club_id}")
async def get_club(request: Request, club_id: str) -> Any:
    club, version = await _load(request, club_id)
    return await _view(request, club_id, club, version)


@router.post("/api/clubs/{club_id}/members")
async def add_member(request: Request, club_id: str, body: MemberName) -> Any:
    return await _change(request, club_id, body.version, lambda c: c.add_member(clean_name(body.name)))


@router.post("/api/clubs/{club_id}/members/{member_id}")
async def rename_member(request: Request, club_id: str, member_id: str, body: MemberName) -> Any:
    return await _change(request, club_id, body.version, lambda c: c.rename(member_id, clean_name(body.name)))


@router.post("/api/clubs/{club_id}/season")
async def season_settings(request: Request, club_id: str, body: SeasonSettings) -> Any:
    def change(club: Club) -> None:
        club.rule = SeasonRule(body.rank_by, body.best)
        club.season = body.season.strip()[:80]
    return await _change(request, club_id, body.version, change)


@router.post("/api/clubs/{club_id}/events", status_code=201)
async def club_event(request: Request, club_id: str, body: ClubEvent) -> Any:
    """A club night: the event is made as on the director's page, once every player is a member (or
    added, with ``add_missing``); the club keeps its id, for its results to be kept from here."""
    club, _version = await _load(request, club_id)
    ev = make_event(NewEvent(**body.model_dump(exclude={"add_missing"})))
    try:
        club.check_names(ev, body.add_missing)
    except CanastaError as e:
        raise _refused(e) from e
    made = await create_event(request, ev)
    added = [m.name for m in club.members]

    def change(c: Club) -> None:
        for name in added:
            if c.member(name) is None:
                c.add_member(name)
        c.events.append(made["event_id"])
    for _attempt in range(5):   # the club may have changed meanwhile: add the event to the newest one
        try:
            made["club"] = await _change(request, club_id, None, change)
            break
        except Refusal as r:
            if r.code != "club_changed_now":
                raise
    return made


@router.post("/api/clubs/{club_id}/nights")
async def keep_night(request: Request, club_id: str, body: KeepNight) -> Any:
    """Keep (or keep again) a club night's results in the season."""
    club, version = await _load(request, club_id)
    if body.event_id not in club.events:
        raise Refusal("not_club_event", {"event": body.event_id})
    h = documents.hub_of(request)
    row = await h.db(h.store.load_doc, "event", body.event_id)
    if row is None:
        raise Refusal("not_club_event", {"event": body.event_id})
    try:
        club.keep(body.event_id, Event.from_dict(json.loads(row[1])), body.date.strip(), body.add_missing)
    except CanastaError as e:
        raise _refused(e) from e
    return await _save(request, club_id, club, version, None)


# ---------------------------------------------------------------------------- read-only results
async def _results(request: Request, club_id: str) -> Club:
    """The club, for its read-only link's key (or the secretary's link)."""
    h = documents.hub_of(request)
    row = await h.db(h.store.load_doc, "club", club_id)
    if row is None:
        raise Refusal("unknown_club")
    digest, doc, _version = row
    club = Club.from_dict(json.loads(doc))
    key = bearer(request)
    if not key or not (hmac.compare_digest(key, club.read_key)
                       or hmac.compare_digest(token_hash(key), digest)):
        raise Refusal("bad_token")
    return club


def _public(club: Club) -> dict[str, Any]:
    view = club.view()
    view.pop("members")
    return view


@router.get("/api/results/{club_id}")
async def season_results(request: Request, club_id: str) -> Any:
    return _public(await _results(request, club_id))


@router.get("/api/results/{club_id}/nights/{n}")
async def night_results(request: Request, club_id: str, n: int) -> Any:
    club = await _results(request, club_id)
    try:
        v = club.night_view(n)
    except CanastaError as e:
        raise _refused(e) from e
    return {**v, "title": title_in(catalogue_of(request), v["preset"])}


#: The season CSV's headings that the pages do not say (the others are the season table's and the
#: results page's own words, keyed as on the page): in the reader's language, from the catalogue.
CSV_WORDS: dict[str, Template] = {
    "csv.season.best": {"one": "Best night", "other": "Best {n} nights"},
    "csv.season.average": "Average per night",
}
#: Each CSV's headings by catalogue key: the season table, a night's standings and its tables.
SEASON_HEADINGS = ("club_place", "club_member", "club_nights_n")   # then one column per night
SEASON_FIGURES = ("club_by_total", "csv.season.best", "csv.season.average")
NIGHT_HEADINGS = ("club_place", "results_pair", "results_mps", "results_points", "results_wins",
                  "results_games")
TABLE_HEADINGS = ("results_round", "results_table", "results_ns", "results_ew", "results_ns_total",
                  "results_ew_total")


@router.get("/api/results/{club_id}/csv")
async def season_csv(request: Request, club_id: str) -> Response:
    """The season's table: place, member, nights played, each night's match points, the three figures;
    the headings in the reader's language, a night by its date (as typed) and name, the numbers plain."""
    club = await _results(request, club_id)
    cat = catalogue_of(request)
    rows: list[list[Cell]] = [
        [*(cat.text(k) for k in SEASON_HEADINGS), *(f"{n.date} {n.name}" for n in club.nights),
         *(cat.text(k, {"n": club.rule.best}) for k in SEASON_FIGURES)]]
    rows += [[r["place"], r["name"], r["nights"], *r["scores"], r["total"], r["best"], r["average"]]
             for r in club.table()]
    return csv_download(request, rows, f"canasta-season-{club_id}.csv")


@router.get("/api/results/{club_id}/nights/{n}/csv")
async def night_csv(request: Request, club_id: str, n: int) -> Response:
    """A night's standings, then its tables, as one file: headings in the reader's language."""
    club = await _results(request, club_id)
    try:
        v = club.night_view(n)
    except CanastaError as e:
        raise _refused(e) from e
    cat = catalogue_of(request)
    rows: list[list[Cell]] = [[cat.text(k) for k in NIGHT_HEADINGS]]
    rows += [[r[k] for k in ("place", "pair", "match_points", "points", "wins", "played")] for r in v["rows"]]
    rows += [[], [cat.text(k) for k in TABLE_HEADINGS]]
    rows += [[t["round"], t["table"], t["ns"], t["ew"], t["ns_total"], t["ew_total"]] for t in v["tables"]]
    return csv_download(request, rows, f"canasta-night-{club_id}-{n}.csv")
