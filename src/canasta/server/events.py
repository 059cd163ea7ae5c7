"""Tournament events over HTTP: the director's page and the big-screen clock.

The model is ``canasta.tournament.event`` (the S3 B frame's movement, standings and clock); this
module checks the link, keeps the event with a version (two devices cannot overwrite each other) and
gives the clock in the server's time, so every screen shows the same minutes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import Field, field_validator

from ..errors import CanastaError, RuleError
from ..i18n.spreadsheet import FOR_PROGRAMS, Cell
from ..messages import Template, render
from ..presets import check_preset
from ..tournament.duplicate import deal_results, duplicate_scores, duplicate_totals
from ..tournament.event import Event, event_options, pair_players
from ..tournament.options import TournamentError
from ..tournament.ranking import RankOptions
from . import documents
from .cluster import peek
from .language import catalogue_of, csv_download
from .online_table import OnlineTable
from .protocol import Level, Name, NewTable, SeatSpec, Strict, clean_name
from .refusals import Refusal
from .rulesets import build_rules, title_in
from .seats import change_seat
from .tables import fresh_token
from .urls import absolute, link

router = APIRouter()

#: English templates of a table's result refused, by code (data: ``table``, ``value``).
MESSAGES = {
    "score_empty_ns": "Table {table}, North-South: enter the points",
    "score_empty_ew": "Table {table}, East-West: enter the points",
    "score_whole_ns": "Table {table}, North-South: the points are a whole number (like 2525), not {value}",
    "score_whole_ew": "Table {table}, East-West: the points are a whole number (like 2525), not {value}",
    "score_big_ns": "Table {table}, North-South: {value} is more than a game can score",
    "score_big_ew": "Table {table}, East-West: {value} is more than a game can score",
}
MAX_TOTAL = 1_000_000


def points(table: int, side: str, value: int | str | float | None) -> int:
    """A pair's total as the director typed it, or a refusal in words (never a validator's
    "Input should be a valid integer"): empty, not a whole number, beyond any game."""
    def refuse(code: str, **data: Any) -> Refusal:
        data = {"table": table, **data}
        return Refusal(f"{code}_{side}", data, render(MESSAGES[f"{code}_{side}"], data))
    if value is None or (isinstance(value, str) and not value.strip()):
        raise refuse("score_empty")
    n: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif isinstance(value, float) and value.is_integer():
        n = int(value)
    elif isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d{1,9}\s*", value.replace(",", "")):
        n = int(value.replace(",", ""))
    if n is None:
        raise refuse("score_whole", value=(repr(value) if isinstance(value, str) else str(value))[:20])
    if abs(n) > MAX_TOTAL:
        raise refuse("score_big", value=n)
    return n


def refused(e: CanastaError) -> Refusal:
    """An event's refusal: the tournament's own code, data and English (the page says it in the
    reader's language); a reason it has only in English (a rule set's) as ``bad_event``."""
    if isinstance(e, TournamentError) and e.code:
        return Refusal(e.code, e.data, e.message)
    return Refusal.because("bad_event", e)


class NewEvent(Strict):
    name: Annotated[str, Field(max_length=80)] = "Tournament"
    preset: Annotated[str, Field(min_length=1, max_length=40)] = "nvso-tournament"
    pairs: Annotated[list[Name], Field(min_length=2, max_length=60)]
    games: Annotated[int, Field(ge=1, le=20)] = 3
    game_minutes: Annotated[int, Field(ge=1, le=600)] = 50
    warning_minutes: Annotated[int, Field(ge=0, le=600)] = 10
    draw: Literal["random", "as_listed", "high_card"] = "random"
    on_time: Literal["finish_hand", "stop_hand", "play_out"] = "finish_hand"
    movement: Literal["mitchell", "howell", "round_robin", "knockout"] = "mitchell"
    rank_by: Literal["wins", "points", "match_points"] = "wins"
    # "gvr": S2's new partners for game 2 at each table of four (pairs written "Ann & Bob")
    partnering: Literal["fixed", "gvr"] = "fixed"
    overrides: dict[str, Any] = Field(default_factory=dict)
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
    overwriting; changes elsewhere in the event (other tables, the clock) do not matter. The totals
    are read by ``points`` (a missing or wrong one is refused in words naming the table and pair)."""

    round: Annotated[int, Field(ge=1, le=20)]
    table: Annotated[int, Field(ge=1, le=40)]
    ns: int | str | float | None = None
    ew: int | str | float | None = None
    ns_agrees: bool = False
    ew_agrees: bool = False
    who: Name | None = None
    seen: Seen | None = None


class OnlineRound(Strict):
    """Play a round at online tables; ``duplicate``: every table gets the same deals."""

    duplicate: bool = False


class OnlineSeat(Strict):
    """Hand a seat of an online table to a bot (a player who is missing) or back to a person (a
    new link)."""

    kind: Literal["person", "bot"]
    level: Level = "club"


class ClockAction(Strict):
    """A clock button; ``round`` is the round the screen showed (a second screen's "next round"
    pressed at the same time does not skip a round)."""

    action: Literal["start", "pause", "resume", "plus", "minus", "next"]
    round: Annotated[int, Field(ge=1, le=20)]


async def _online_tables(request: Request, ev: Event) -> dict[tuple[int, int], OnlineTable]:
    """The event's online tables whose game is over."""
    h = documents.hub_of(request)
    done = {}
    for key, tid in ev.online.items():
        table = await peek(h, tid)   # read, not taken: the table may be held by another process
        if table is not None and table.game_no == 1 and table.game is not None and table.game.is_over:
            done[key] = table
    return done


async def _view(request: Request, event_id: str, ev: Event, version: int) -> dict[str, Any]:
    """The event as its pages show it, with the duplicate rounds compared deal by deal."""
    now = time.time()
    dup: dict[str, int] | None = None
    if ev.duplicate:
        finished = await _online_tables(request, ev)
        deals = []
        for (rnd, t), table in finished.items():
            if rnd in ev.duplicate:
                s = next(x for x in ev.seating(rnd) if x.table == t)
                deals += deal_results(table.state, t, s.ns, s.ew)
        dup = duplicate_totals(duplicate_scores(deals))
    shown = ev.view(now, dup)
    # the online tables playing now, in whichever server process holds them (the lobby's facts)
    playing = {e["id"]: e for e in documents.hub_of(request).cluster.lobby()} if ev.online else {}
    for rnd in shown["rounds"]:
        for tb in rnd["tables"]:
            live = playing.get(tb.get("online") or "")
            if live is not None:
                tb["live"] = {k: live[k] for k in ("game_no", "hand", "over", "scores", "here", "people")}
    title = title_in(catalogue_of(request), ev.preset)   # the rule set's, in the reader's language
    return {"id": event_id, "version": version, "now": now, "title": title, **shown}


async def _load(request: Request, event_id: str) -> tuple[Event, int]:
    doc, version = await documents.load(request, "event", event_id)
    return Event.from_dict(doc), version


async def _save(request: Request, event_id: str, ev: Event, version: int, seen: int | None) -> dict[str, Any]:
    new = await documents.save(request, "event", event_id, ev.to_dict(), version, seen)
    return await _view(request, event_id, ev, new)


async def _import_online(request: Request, event_id: str) -> None:
    """Results of finished online tables enter the event as agreed (the server scored them)."""
    ev, _version = await _load(request, event_id)
    finished = await _online_tables(request, ev)
    todo = {k: tuple(t.state.scores) for k, t in finished.items()
            if k not in ev.results or not ev.results[k].confirmed}
    if not todo:
        return

    def change(e: Event) -> None:
        for (rnd, t), (ns, ew) in todo.items():
            e.enter(rnd, t, ns, ew, "online table", True, True)
    await _change(request, event_id, change)


@router.post("/api/events", status_code=201)
async def new_event(request: Request, body: NewEvent) -> Any:
    return await create_event(request, make_event(body))


def make_event(body: NewEvent) -> Event:
    """The event a director's form describes, checked by the engine (its rules) and the frame."""
    try:
        check_preset(body.preset)
    except RuleError as e:
        raise Refusal.because("bad_rules", e) from None
    try:
        options = event_options(body.games, body.game_minutes, body.warning_minutes, body.on_time)
        ranking = RankOptions()
        if body.rank_by != ranking.rank_by:   # then the other two, then the games between the tied
            rest = tuple(t for t in ("wins", "points", "head_to_head") if t != body.rank_by)
            ranking = RankOptions(body.rank_by, rest)
        build_rules(body.preset, 4, body.overrides)    # the engine checks the house rules
        return Event.new(body.name, body.preset, body.pairs, options, body.draw, body.seed, body.movement,
                         ranking, body.overrides, body.partnering)
    except CanastaError as e:
        raise refused(e) from e


async def create_event(request: Request, ev: Event) -> dict[str, Any]:
    """Store a new event; its links (the director's, the clock's) and its view."""
    event_id, token = await documents.create(request, "event", ev.to_dict())
    return {"event_id": event_id, "token": token, "link": link(request, f"/event/{event_id}#t={token}"),
            "clock_link": link(request, f"/event/{event_id}/clock#t={token}"),
            "event": await _view(request, event_id, ev, 0)}


@router.get("/api/events/{event_id}")
async def get_event(request: Request, event_id: str) -> Any:
    await _import_online(request, event_id)
    ev, version = await _load(request, event_id)
    return await _view(request, event_id, ev, version)


def _names(pair: str) -> tuple[str, str]:
    """The two players of a pair named like "Ann & Bob" (else "Pair (1)" and "Pair (2)")."""
    return pair_players(pair) or (f"{pair[:35]} (1)", f"{pair[:35]} (2)")


@router.post("/api/events/{event_id}/rounds/{rnd}/online")
async def play_online(request: Request, event_id: str, rnd: int, body: OnlineRound) -> Any:
    """An online table for every table of the round (North-South in seats 1 and 3, East-West in 2
    and 4, as players count them): the seat links are in the answer, once; results come back to
    the event by themselves when a game ends."""
    ev, _version = await _load(request, event_id)
    try:
        seating = ev.seating(rnd)
    except CanastaError as e:
        raise refused(e) from e
    if any((rnd, s.table) in ev.online for s in seating):
        raise Refusal("round_online", {"round": rnd})
    if body.duplicate and ev.partnering == "gvr":
        raise Refusal("duplicate_gvr")
    h = documents.hub_of(request)
    h.guards.round_tables(len(seating))   # tables made in bulk count against everyone's rate
    made = []
    for s in seating:
        (n1, n2), (e1, e2) = _names(s.ns), _names(s.ew)
        spec = NewTable(preset=ev.preset, overrides=ev.overrides,
                        name="",   # each page names it from its event_round, in its reader's words
                        seats=[SeatSpec(kind="person", name=x) for x in (n1, e1, n2, e2)],
                        seed=ev.round_seed(rnd) if body.duplicate else None)
        try:
            out = await h.create(spec, {"event": ev.name, "round": rnd, "table": s.table})
        except CanastaError as e:
            raise Refusal.because("bad_rules", e) from e
        made.append((s.table, out))

    def change(e: Event) -> None:
        if any((rnd, t) in e.online for t, _o in made):
            raise Refusal("round_online_meanwhile", {"round": rnd})
        for t, out in made:
            e.online[(rnd, t)] = out["table_id"]
        if body.duplicate:
            e.duplicate.add(rnd)
    view = await _change(request, event_id, change)
    base = link(request, "")
    return {"tables": [{"table": t, "table_id": out["table_id"],
                        "seats": absolute(out["links"]["seats"], base),
                        "spectator": absolute(out["links"]["spectator"], base)} for t, out in made],
            "event": view}


@router.post("/api/events/{event_id}/rounds/{rnd}/tables/{table_no}/seats/{seat}")
async def online_seat(request: Request, event_id: str, rnd: int, table_no: int, seat: int,
                      body: OnlineSeat) -> Any:
    """The director hands a seat of an online table to a bot, or to a person with a new link."""
    ev, _version = await _load(request, event_id)
    tid = ev.online.get((rnd, table_no))
    table = await documents.hub_of(request).get(tid) if tid else None
    if table is None:
        raise Refusal("not_online", {"table": table_no, "round": rnd})
    if not 0 <= seat < table.rules.players:
        raise Refusal("bad_seat", {"seat": seat, "last_seat": table.rules.players - 1})
    s, token = await change_seat(table, seat, body.kind, body.level if body.kind == "bot" else None, None,
                                 body.kind == "person", fresh_token)
    out: dict[str, Any] = s.public()
    if token is not None:
        out["link"] = link(request, f"/table/{table.id}#t={token}")
    return out


async def _change(request: Request, event_id: str, change: Callable[[Event], None]) -> dict[str, Any]:
    """Load, change and store the event; when another request stored it in between, do it again on
    the newer event (the change checks itself what its writer saw)."""
    for _attempt in range(5):
        ev, version = await _load(request, event_id)
        try:
            change(ev)
        except CanastaError as e:
            raise refused(e) from e
        try:
            return await _save(request, event_id, ev, version, None)
        except Refusal as r:
            if r.code != "event_changed_now":
                raise
    raise Refusal("event_busy")


@router.post("/api/events/{event_id}/results")
async def enter_result(request: Request, event_id: str, body: Result) -> Any:
    ns, ew = points(body.table, "ns", body.ns), points(body.table, "ew", body.ew)

    def change(ev: Event) -> None:
        now = ev.results.get((body.round, body.table))
        shown = None if now is None else Seen(ns=now.ns, ew=now.ew, ns_agrees=now.ns_agrees,
                                              ew_agrees=now.ew_agrees)
        if shown != body.seen:
            raise Refusal("result_changed", {"table": body.table, "round": body.round})
        ev.enter(body.round, body.table, ns, ew, clean_name(body.who or ""), body.ns_agrees, body.ew_agrees)
    return await _change(request, event_id, change)


@router.post("/api/events/{event_id}/clock")
async def clock(request: Request, event_id: str, body: ClockAction) -> Any:
    def change(ev: Event) -> None:
        if ev.clock.round != body.round:
            raise Refusal("clock_moved", {"now_round": ev.clock.round, "round": body.round})
        ev.clock_action(body.action, time.time())
    return await _change(request, event_id, change)


#: The event CSV's headings that the pages do not say (the others are the results page's words).
CSV_WORDS: dict[str, Template] = {"csv.event.confirmed": "Confirmed by both pairs"}
#: The event CSV's columns: their codes (the file for programs) and their headings by catalogue key.
STANDING_COLUMNS = {"rank": "club_place", "pair": "results_pair", "wins": "results_wins",
                    "points": "results_points", "match_points": "results_mps", "played": "results_games"}
TABLE_COLUMNS = {"round": "results_round", "table": "results_table", "north_south": "results_ns",
                 "east_west": "results_ew", "ns_total": "results_ns_total", "ew_total": "results_ew_total",
                 "confirmed": "csv.event.confirmed"}


@router.get("/api/events/{event_id}/csv")
async def event_csv(request: Request, event_id: str,
                    headings: Literal["codes", "words"] = "codes") -> Response:
    """The standings, then every table's result. ``headings=words`` is a person's download (the
    event page's button): headings in the reader's language, written for their spreadsheet
    (:mod:`canasta.i18n.spreadsheet`). The default keeps the column codes (``rank``, ``pair``...)
    and one dialect (``,``, ``.``, no byte order mark) whatever the language, for the programs and
    formulas that read the file by its column names; only its confirmed column's yes / no is in the
    reader's words."""
    ev, _version = await _load(request, event_id)
    cat = catalogue_of(request)
    people = headings == "words"
    yes, no = cat.text("yes"), cat.text("no")

    def heading(columns: dict[str, str]) -> list[Cell]:
        return [cat.text(key) if people else code for code, key in columns.items()]

    rows: list[list[Cell]] = [heading(STANDING_COLUMNS)]
    rows += [[row[code] for code in STANDING_COLUMNS] for row in ev.standings()]
    rows += [[], heading(TABLE_COLUMNS)]
    for rnd in ev.view(time.time())["rounds"]:
        for t in rnd["tables"]:
            r = t["result"] or {}
            rows.append([rnd["round"], t["table"], t["ns"], t["ew"], r.get("ns"), r.get("ew"),
                         yes if r.get("confirmed") else no])
    return csv_download(request, rows, f"canasta-event-{event_id}.csv", None if people else FOR_PROGRAMS)


