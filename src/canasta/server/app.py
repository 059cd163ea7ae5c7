"""The web app: HTTP routes for tables and seats, the WebSocket of a table page, and the pages.

Routes are listed in docs/server-protocol.md. Tokens travel in an ``Authorization`` header or in the
first WebSocket message, never in a URL a log could keep (links hold them after ``#``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from ..errors import CanastaError, RecordError, RuleError
from ..presets import PRESETS, check_preset, preset_table
from ..records import GameRecord
from ..rules import OPTION_DOCS, OPTION_GROUPS, OPTION_NAMES
from ..views import view
from .config import ServerConfig
from .events import router as events_router
from .hub import Hub, build_rules, presets_list
from .lobby import router as lobby_router
from .protocol import (
    CLIENT_MESSAGE,
    Hello,
    Hint,
    Intent,
    NewTable,
    Ping,
    RulesCheck,
    SeatChange,
    Undo,
    VerifyDeals,
    describe,
)
from .sheets import router as sheets_router
from .table import Connection, Refusal, Table
from .tokens import new_token, token_hash
from .urls import absolute, for_config, link

log = logging.getLogger("canasta.server")
STATUS = {"unknown_table": 404, "unknown_sheet": 404, "unknown_event": 404, "bad_token": 403, "not_host": 403,
          "not_finished": 409, "changed": 409, "full": 503, "storage": 503}
MAX_BODY = 64 * 1024


def _static_dir() -> Path:
    from ..web import STATIC

    return STATIC


# Every page by its route (each page is one static file; the pages read ids and tokens themselves).
PAGES = {
    "/": "index.html",                            # home: play against bots, private table, join, ...
    "/table/{table_id}": "table.html",            # the game table (#t=seat or spectator token)
    "/host/{table_id}": "host.html",              # the host's seats, links and next game
    "/replay/{table_id}/{game_no}": "replay.html",  # a finished game, step by step
    "/rules/{preset}": "rules.html",              # the printable rules card
    "/score": "score.html",                       # a new score sheet of a paper game
    "/score/{sheet_id}": "score.html",            # the score sheet
    "/event": "event.html",                       # a new tournament event
    "/event/{event_id}": "event.html",            # the director's page
    "/event/{event_id}/clock": "clock.html",      # the big-screen clock
    "/lobby": "lobby.html",                       # the tables playing now (every process)
}


def _page_endpoint(name: str) -> Any:
    async def endpoint() -> Response:
        path = _static_dir() / name
        if not path.is_file():
            return HTMLResponse(f"<!doctype html><title>canasta</title><p>{name} is not built.</p>", 404)
        return FileResponse(path, media_type="text/html", headers={"cache-control": "no-cache"})
    return endpoint


def error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}},
                        status_code=status or STATUS.get(code, 400))


class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def create_app(config: ServerConfig | None = None, hub: Hub | None = None) -> FastAPI:
    cfg = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        h = hub or Hub(cfg)
        app.state.hub = h
        await h.start()
        try:
            yield
        finally:
            await h.stop()

    app = FastAPI(title="canasta", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.state.addresses = for_config(cfg)

    def the_hub(request: Request | WebSocket) -> Hub:
        h: Hub = request.app.state.hub
        return h

    # ------------------------------------------------------------------ errors and limits
    @app.exception_handler(Refusal)
    async def _refusal(_request: Request, r: Refusal) -> JSONResponse:
        return error(r.code, r.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        errs = e.errors()
        first = errs[0] if errs else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "body"
        return error("bad_request", f"{where}: {first.get('msg')}")

    @app.middleware("http")
    async def _limit_body(request: Request, call_next: Any) -> Response:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            return error("too_big", f"a request body may hold at most {MAX_BODY} bytes", 413)
        response: Response = await call_next(request)
        return response

    async def authorised(request: Request, table_id: str,
                         host: bool = False) -> tuple[Table, int | None, bool]:
        auth = request.headers.get("authorization", "")
        token = auth[7:].strip() if auth.lower().startswith("bearer ") else ""
        h = the_hub(request)
        table = await h.get(table_id)
        if table is None:
            raise Refusal("unknown_table", "there is no such table (check the link)")
        role = table.role_of(token_hash(token)) if token else None
        if role is None:
            raise Refusal("bad_token", "this link is not (or no longer) valid for this table")
        if host and not role[1]:
            raise Refusal("not_host", "only the host of the table may do this")
        return table, role[0], role[1]

    # ------------------------------------------------------------------ rule sets
    @app.get("/api/presets")
    async def presets() -> list[dict[str, Any]]:
        return presets_list()

    @app.get("/api/presets/{preset}")
    async def rules_card(preset: str, players: int | None = None) -> Any:
        try:
            check_preset(preset)
        except RuleError as e:
            return error("unknown_preset", str(e))
        try:
            rs = build_rules(preset, players, {})
        except CanastaError as e:
            return error("bad_rules", str(e))
        table = preset_table(preset, rs.players)
        values = rs.options()
        return {"name": preset, "description": PRESETS[preset][0], "players": rs.players,
                "options": [{"name": o, "group": OPTION_GROUPS[o], "value": values[o],
                             "meaning": OPTION_DOCS[o],
                             "source": table[o][1] if o in table else "engine default"}
                            for o in OPTION_NAMES if o != "name"]}

    @app.post("/api/rules/check")
    async def rules_check(body: RulesCheck) -> Any:
        try:
            rs = build_rules(body.preset, body.players, body.overrides)
        except CanastaError as e:
            return error("bad_rules", str(e))
        return {"ok": True, "players": rs.players}

    # ------------------------------------------------------------------ tables
    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: NewTable) -> Any:
        try:
            made = await the_hub(request).create(body)
        except CanastaError as e:
            return error("bad_rules", str(e))
        made["links"] = absolute(made["links"], link(request, ""))
        return made

    @app.get("/api/tables/{table_id}")
    async def table_info(request: Request, table_id: str) -> Any:
        table, seat, host = await authorised(request, table_id)
        return {**table.summary(), "you": {"seat": seat, "host": host}}

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def change_seat(request: Request, table_id: str, seat: int, body: SeatChange) -> Any:
        table, _seat, _host = await authorised(request, table_id, host=True)
        if not 0 <= seat < table.rules.players:
            raise Refusal("bad_seat",
                          f"seat {seat} is not at this table (seats 0 to {table.rules.players - 1})")
        if body.kind == "bot" and body.reissue:
            raise Refusal("bad_request", "a bot's seat has no link to re-issue")

        def fresh() -> tuple[str, str]:
            tok = new_token()
            return tok, token_hash(tok)

        s, token = await table.change_seat(seat, body.kind, body.level, body.name, body.reissue, fresh)
        the_hub(request).index(table)
        out: dict[str, Any] = s.public()
        if token is not None:
            out["token"] = token
            out["link"] = link(request, f"/table/{table.id}#t={token}")
        return out

    @app.post("/api/tables/{table_id}/games")
    async def next_game(request: Request, table_id: str) -> Any:
        table, _seat, _host = await authorised(request, table_id, host=True)
        await table.new_game()
        return table.summary()

    async def _record_text(table: Table, game_no: int) -> str:
        if game_no == table.game_no:
            text = table.record()
        else:
            text = await table.hub.db(table.hub.store.record, table.id, game_no)
        if text is None:
            if 1 <= game_no <= table.game_no:
                raise Refusal("not_finished", "the record is given once the game is over")
            raise Refusal("unknown_table", f"this table has no game {game_no}")
        return text

    async def _record(table: Table, game_no: int) -> GameRecord:
        return GameRecord.from_json(await _record_text(table, game_no))

    @app.get("/api/tables/{table_id}/games/{game_no}/record")
    async def record(request: Request, table_id: str, game_no: int) -> Any:
        table, _seat, _host = await authorised(request, table_id)
        text = json.dumps(json.loads(await _record_text(table, game_no)), indent=1)
        return Response(text, media_type="application/json", headers={
            "content-disposition": f'attachment; filename="canasta-{table.id}-game{game_no}.json"'})

    @app.get("/api/tables/{table_id}/games/{game_no}/commitments")
    async def commitments(request: Request, table_id: str, game_no: int) -> Any:
        """The deals' SHA-256 commitments: published before the deals; a fair game reveals each hand's
        seed and salt when the hand ends, any other game all of them when it is over."""
        table, _seat, _host = await authorised(request, table_id)
        if game_no == table.game_no:
            return table.commitments()
        found = json.loads(await _record_text(table, game_no)).get("commitments")
        if found is None:
            raise Refusal("no_commitments", "this game was played before deals were committed to")
        return found

    @app.post("/api/verify")
    async def verify(body: VerifyDeals) -> Any:
        """``canasta verify`` for anyone: a finished record against its commitments, or a fair game's
        commitments alone (the hands revealed so far, each as soon as it ended)."""
        from ..tournament.fair import verify_files
        if body.record is None and body.commitments is None:
            raise Refusal("bad_verify", "give a record, commitments, or both")
        try:
            verdict = verify_files(json.dumps(body.record if body.record is not None else body.commitments),
                                   None if body.record is None or body.commitments is None
                                   else json.dumps(body.commitments))
        except CanastaError as e:
            raise Refusal("bad_verify", str(e)) from e
        return {"ok": verdict.ok, "lines": list(verdict.lines)}

    @app.get("/api/tables/{table_id}/games/{game_no}/replay")
    async def replay(request: Request, table_id: str, game_no: int, step: int = 0,
                     seat: int | None = None) -> Any:
        table, my_seat, _host = await authorised(request, table_id)
        rec = await _record(table, game_no)
        steps = len(rec.actions)
        step = max(0, min(step, steps))
        who = seat if seat is not None else (my_seat if my_seat is not None else 0)
        if not 0 <= who < rec.rules.players:
            raise Refusal("bad_seat", f"seat {who} is not at this table")
        try:
            state = rec.replay(step)
        except RecordError as e:
            raise Refusal("bad_record", str(e)) from e
        return {"steps": steps, "step": step, "seat": who,
                "action": str(rec.actions[step - 1]) if step else None,
                "actor": table.movers[step - 1] if game_no == table.game_no and step else None,
                "view": view(state, who),
                # the game is over, so every hand is public to the table: the viewer shows them all
                "hands": [view(state, s)["hand"] for s in range(rec.rules.players)]}

    # ------------------------------------------------------------------ the table's socket
    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        h = the_hub(websocket)

        async def fail(code: str, message: str, close: int) -> None:
            await websocket.send_text(json.dumps({"type": "error", "code": code, "message": message}))
            await websocket.close(close)

        try:
            first = await asyncio.wait_for(websocket.receive_text(), timeout=15)
        except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
            with contextlib.suppress(Exception):
                await websocket.close(4400)
            return
        if len(first) > cfg.max_message:
            await fail("too_big", f"a message may hold at most {cfg.max_message} bytes", 4400)
            return
        try:
            hello = CLIENT_MESSAGE.validate_json(first)
        except ValidationError as e:
            await fail("bad_message", describe(e), 4400)
            return
        if not isinstance(hello, Hello):
            await fail("bad_message", "the first message must be 'hello' with your link's token", 4400)
            return
        table = await h.get(table_id)
        if table is None:
            await fail("unknown_table", "there is no such table (check the link)", 4404)
            return
        found = await h.by_token(table_id, hello.token)
        if found is None:
            await fail("bad_token", "this link is not (or no longer) valid for this table", 4401)
            return
        _t, seat, host = found
        conn = Connection(seat, host, token_hash(hello.token))
        conn.send({"type": "welcome", "role": "seat" if seat is not None else "spectator", "seat": seat,
                   "host": host, "table": table.summary()})
        table.catch_up(conn, hello.last_event)
        table.attach(conn)

        async def sender() -> None:
            while True:
                msg = await conn.outbox.get()
                if msg is None:
                    with contextlib.suppress(Exception):
                        await websocket.close(4401 if table.role_of(conn.token_hash) is None else 1000)
                    return
                await websocket.send_text(json.dumps(msg))

        send_task = asyncio.get_running_loop().create_task(sender())
        bucket = Bucket(cfg.rate, cfg.burst)
        try:
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    conn.send({"type": "error", "code": "bad_message", "message": "messages are JSON text"})
                    continue
                if len(text) > cfg.max_message:
                    conn.send({"type": "error", "code": "too_big",
                               "message": f"a message may hold at most {cfg.max_message} bytes"})
                    continue
                if not bucket.take():
                    conn.send({"type": "error", "code": "rate_limited",
                               "message": "too many messages at once; slow down"})
                    continue
                try:
                    msg = CLIENT_MESSAGE.validate_json(text)
                except ValidationError as e:
                    conn.send({"type": "error", "code": "bad_message", "message": describe(e)})
                    continue
                if isinstance(msg, Intent):
                    conn.send(await table.intent(conn, msg))
                elif isinstance(msg, Hint):
                    asyncio.get_running_loop().create_task(_hint(table, conn, msg.id))
                elif isinstance(msg, Undo):
                    conn.send(await table.undo(conn, msg.id, msg.based_on))
                elif isinstance(msg, Ping):
                    conn.send({"type": "pong"})
                else:
                    conn.send({"type": "error", "code": "bad_message", "message": "already said hello"})
        except WebSocketDisconnect:
            pass
        finally:
            table.detach(conn)
            await asyncio.sleep(0)
            send_task.cancel()

    async def _hint(table: Table, conn: Connection, client_id: str) -> None:
        conn.send(await table.hint(conn, client_id))

    # ------------------------------------------------------------------ pages
    for route, name in PAGES.items():
        app.add_api_route(route, _page_endpoint(name), methods=["GET"], include_in_schema=False)

    app.include_router(sheets_router)
    app.include_router(events_router)
    app.include_router(lobby_router)
    static = _static_dir()
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    return app
