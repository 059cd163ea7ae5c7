"""The WebSocket of a table page, ``/ws/{table_id}``: the ``hello`` with the link's token, then the
page's intents, hints, undos and pings, each answered on the same socket (docs/server-protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from . import duplicate, hints, moves, practice, presence, shuffle
from .access import hub_of
from .config import ServerConfig
from .connection import Connection
from .language import catalogue_of, language_of
from .limits import Bucket, address_of
from .online_table import OnlineTable
from .protocol import (
    CLIENT_MESSAGE,
    Hello,
    Hint,
    Intent,
    Message,
    Ping,
    Say,
    Shuffle,
    Undo,
    field_problem,
    readable_id,
)
from .refusals import Refusal
from .security import origin_allowed
from .tokens import token_hash

router = APIRouter()
HELLO_SECONDS = 15   # a socket that says nothing this long after opening is closed


async def _refuse(websocket: WebSocket, refusal: Refusal, close: int) -> None:
    said = catalogue_of(websocket).refusal(refusal.code, refusal.data, refusal.message)
    await websocket.send_text(json.dumps({**refusal.error(), "message": said}))
    await websocket.close(close)


async def _hello(websocket: WebSocket, table_id: str) -> tuple[OnlineTable, Connection] | None:
    """The first message: the link's token. The table and this page's connection, or None (the socket
    is closed, with the reason sent first when there is one)."""
    cfg: ServerConfig = hub_of(websocket).config
    try:
        first = await asyncio.wait_for(websocket.receive_text(), timeout=HELLO_SECONDS)
    except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
        with contextlib.suppress(Exception):
            await websocket.close(4400)
        return None
    if len(first) > cfg.max_message:
        await _refuse(websocket, Refusal("message_too_big", {"max_bytes": cfg.max_message}), 4400)
        return None
    try:
        hello = CLIENT_MESSAGE.validate_json(first)
    except ValidationError as e:
        await _refuse(websocket, Refusal("bad_message", field_problem(e)), 4400)
        return None
    if not isinstance(hello, Hello):
        await _refuse(websocket, Refusal("hello_first"), 4400)
        return None
    h = hub_of(websocket)
    try:
        table = await h.get(table_id, address_of(websocket))
    except Refusal as r:
        await _refuse(websocket, r, 4429)
        return None
    if table is None:
        await _refuse(websocket, Refusal("unknown_table"), 4404)
        return None
    found = await h.by_token(table_id, hello.token)
    if found is None:  # a link the host replaced says so (while the table is in memory)
        await _refuse(websocket, Refusal(table.revoked.get(token_hash(hello.token), "bad_token")), 4401)
        return None
    _t, seat, host = found
    if seat is None and not host and table.watchers() >= cfg.limits.watchers_per_table:
        await _refuse(websocket, Refusal("watchers_full"), 4429)
        return None
    conn = Connection(seat, host, token_hash(hello.token), lang=language_of(websocket, hello.lang))
    conn.send({"type": "welcome", "role": "seat" if seat is not None else "spectator", "seat": seat,
               "host": host, "table": table.summary()})
    await duplicate.refresh_peers(table)
    table.catch_up(conn, hello.last_event)
    if table.chat.lines:
        conn.send({"type": "chat", "lines": list(table.chat.lines)})
    if presence.attach(table, conn):  # the person is back: the stand-in stops, and they are told
        conn.send({"type": "notice", "code": "seat_back"})
    return table, conn


async def _sender(websocket: WebSocket, table: OnlineTable, conn: Connection) -> None:
    """Empty the connection's outbox onto the socket; close it when the connection is closed (4401
    when its link no longer opens the table)."""
    while True:
        msg = await conn.outbox.get()
        if msg is None:
            with contextlib.suppress(Exception):
                await websocket.close(4401 if table.role_of(conn.token_hash) is None else 1000)
            return
        await websocket.send_text(msg if isinstance(msg, str) else json.dumps(msg))


async def _hint(table: OnlineTable, conn: Connection, client_id: str) -> None:
    conn.send(await hints.hint(table, conn, client_id))


def _say(table: OnlineTable, conn: Connection, msg: Say) -> None:
    """A line of table talk, to every page of the table (a refusal to the writer alone)."""
    name = table.seats[conn.seat].name if conn.seat is not None else ""
    try:
        line = table.chat.say(conn.seat, name, msg.text, msg.phrase)
    except Refusal as r:
        conn.send(r.reply(msg.id))
        return
    text = json.dumps({"type": "chat", "lines": [line]})
    for c in list(table.conns):
        c.send(text)


def _read(text: str | None, cfg: ServerConfig, bucket: Bucket) -> Message:
    """One message from the page, checked by size, rate and schema."""
    if text is None:
        raise Refusal("not_text")
    if len(text) > cfg.max_message:
        raise Refusal("message_too_big", {"max_bytes": cfg.max_message})
    if not bucket.take():
        raise Refusal("rate_limited")
    try:
        return CLIENT_MESSAGE.validate_json(text)
    except ValidationError as e:
        raise Refusal("bad_message", field_problem(e)) from e


def _unread(r: Refusal, text: str | None) -> dict[str, Any]:
    """The error for a message refused before it was read, naming the message's ``id`` where it has
    a valid one (a client waiting for that message's answer gets it); a message too big is not
    parsed."""
    out = r.error()
    cid = readable_id(text) if text is not None and r.code != "message_too_big" else None
    if cid is not None:
        out["id"] = cid
    return out


async def _answer(table: OnlineTable, conn: Connection, msg: Message) -> None:
    if isinstance(msg, Intent):
        conn.send(await moves.play_intent(table, conn, msg))
    elif isinstance(msg, Hint):  # a hint takes a while: the socket goes on meanwhile
        asyncio.get_running_loop().create_task(_hint(table, conn, msg.id))
    elif isinstance(msg, Undo):
        conn.send(await practice.undo(table, conn, msg.id, msg.based_on))
    elif isinstance(msg, Shuffle):
        conn.send(await shuffle.give_number(table, conn, msg))
    elif isinstance(msg, Ping):
        conn.send({"type": "pong"})
    elif isinstance(msg, Say):
        _say(table, conn, msg)
    else:
        conn.send(Refusal("already_hello").error())


@router.websocket("/ws/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    h = hub_of(websocket)
    public = (h.config.public_url,) if h.config.public_url else ()   # its pages open sockets too
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"),
                          h.config.origins + public):
        await websocket.close(4403)    # before the handshake: the browser gets 403
        return
    address = address_of(websocket)
    await websocket.accept()
    if not h.guards.sockets.enter(address):
        await _refuse(websocket, Refusal("too_many_sockets"), 4429)
        return
    try:
        joined = await _hello(websocket, table_id)
        if joined is not None:
            await _serve(websocket, *joined)
    finally:
        h.guards.sockets.leave(address)


async def _serve(websocket: WebSocket, table: OnlineTable, conn: Connection) -> None:
    """Answer the page's messages until it goes (or its link stops working)."""
    limits = table.hub.config.limits
    send_task = asyncio.get_running_loop().create_task(_sender(websocket, table, conn))
    if conn.seat is None:
        bucket = Bucket(limits.seat_rate, limits.seat_burst)
    else:   # a seat's pages share one bucket: opening more pages does not buy more messages
        seat = table.seats[conn.seat]
        bucket = seat.bucket = seat.bucket or Bucket(limits.seat_rate, limits.seat_burst)
    cfg = table.hub.config
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            try:
                msg = _read(text, cfg, bucket)
            except Refusal as r:
                conn.send(_unread(r, text))
                continue
            await _answer(table, conn, msg)
    except WebSocketDisconnect:
        pass
    finally:
        presence.detach(table, conn)
        await asyncio.sleep(0)
        send_task.cancel()
