"""This server process among the others on one database: who holds which table, and the lobby.

A table lives in one process at a time (its one writer). The proxy sends a table's players to one
process by the table's id (nginx ``hash ... consistent``, deploy/nginx.conf); that process claims
the table in the database when it loads it (``Store.claim``: any earlier holder's writes fail from
then on) and says so on the bus, and the earlier holder unloads it and closes its sockets, whose
pages reconnect through the proxy. When a process dies, the proxy sends its tables' players to
the others, which claim and reload them from the database: nothing acknowledged is lost.

The lobby (``/lobby``) lists the tables playing now in every process: each process sends its own
tables' public facts on the bus every few seconds; a process that stops sending drops out of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from .online_table import OnlineTable
from .pgbus import MAX_PAYLOAD

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("canasta.server")

BEAT = 5.0          # seconds between a process's lobby notices
FORGET = 3 * BEAT   # a table not heard of for this long has left the lobby (its process stopped)


def lobby_entry(table: OnlineTable, process: str) -> dict[str, Any]:
    """A table's public facts: no token, no card, no person's name (the lobby is open to anyone)."""
    state = table.game   # None: the cards wait for the seats' numbers (shuffle.py)
    over = state is not None and state.is_over
    people = [s for s in table.seats if s.kind == "person"]
    return {"id": table.id, "name": table.name, "event_round": table.event_round, "preset": table.preset,
            "players": table.rules.players,
            "game_no": table.game_no, "hand": (len(state.results) if state else 0) + (0 if over else 1),
            "over": over, "scores": list(state.scores) if state else [0] * table.rules.sides,
            "people": len(people),
            "here": sum(s.connections > 0 for s in people), "bots": len(table.seats) - len(people),
            "process": process}


class Cluster:
    """The hub's part in a group of processes (one process alone is a group of one)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.name = hub.config.instance or "main"
        self.others: dict[str, tuple[dict[str, Any], float]] = {}   # table id -> (entry, when heard)
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        bus = self.hub.bus
        start = getattr(bus, "start", None)
        if start is not None:
            await start()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._hear(bus.subscribe("tables"))),
                       loop.create_task(self._hear(bus.subscribe("lobby"))),
                       loop.create_task(self._beat())]

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        stop = getattr(self.hub.bus, "stop", None)
        if stop is not None:
            await stop()

    # ------------------------------------------------------------------ claims
    def claimed(self, table_id: str) -> None:
        """This process has just claimed the table: the one that held it lets it go."""
        self.others.pop(table_id, None)
        self.hub.bus.publish("tables", {"claimed": table_id, "by": self.name})

    async def _hear(self, queue: asyncio.Queue[dict[str, Any]]) -> None:
        while True:
            msg = await queue.get()
            try:
                if "claimed" in msg and msg.get("by") != self.name:
                    await self.hub.drop(str(msg["claimed"]))
                    self.others.pop(str(msg["claimed"]), None)
                elif "lobby" in msg and msg.get("process") != self.name:
                    now = time.monotonic()
                    for entry in msg["lobby"]:
                        if entry["id"] not in self.hub.tables:
                            self.others[entry["id"]] = (entry, now)
            except Exception:   # one bad notice must not stop the listener
                log.exception("a bus notice could not be handled")

    # ------------------------------------------------------------------ the lobby
    def lobby(self) -> list[dict[str, Any]]:
        """Every table playing now, in this process and (through the bus) in the others."""
        now = time.monotonic()
        for tid in [t for t, (_e, at) in self.others.items() if now - at > FORGET]:
            del self.others[tid]
        mine = [lobby_entry(t, self.name) for t in self.hub.tables.values() if not t.closed]
        held = {e["id"] for e in mine}
        return mine + [e for tid, (e, _at) in self.others.items() if tid not in held]

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            try:
                entries = [lobby_entry(t, self.name) for t in list(self.hub.tables.values())
                           if not t.closed and not (t.game is not None and t.game.is_over)]
                for chunk in chunks(entries):
                    self.hub.bus.publish("lobby", {"process": self.name, "lobby": chunk})
            except Exception:
                log.exception("the lobby notice could not be sent")


def chunks(entries: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The entries in lists that each fit in one notice (with room for the envelope)."""
    out: list[list[dict[str, Any]]] = []
    size, room = 0, MAX_PAYLOAD - 200
    for e in entries:
        n = len(json.dumps(e, separators=(",", ":"))) + 1
        if not out or size + n > room:
            out.append([])
            size = 0
        out[-1].append(e)
        size += n
    return out


async def peek(hub: Hub, table_id: str) -> OnlineTable | None:
    """The table as stored, to read (a tournament page reading its online tables' results) without
    taking it from the process that holds it: that one's copy if here, else a fresh load."""
    held = hub.tables.get(table_id)
    if held is not None:
        return held
    data = await hub.db(hub.store.load_table, table_id)
    if data is None:
        return None
    table = OnlineTable(hub, data)
    table.closed = True   # read only: no bots, no sockets
    return table


async def close_quietly(table: OnlineTable) -> None:
    with contextlib.suppress(Exception):
        await table.close()
