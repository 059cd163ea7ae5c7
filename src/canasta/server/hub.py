"""All the tables of one server process: creating them, finding them by token, reloading them.

At start-up every table whose game is unfinished is replayed from its stored moves and its bots
play on, so a restart (even ``kill -9``) loses no acknowledged move. Tables whose game is over are
loaded when someone opens one of their links.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from . import duplicate
from .botpool import BotPool
from .bus import EventBus, LocalBus
from .cluster import Cluster, close_quietly
from .config import ServerConfig
from .limits import Guards
from .online_table import OnlineTable, table_name
from .pgbus import PgBus
from .protocol import NewTable
from .refusals import Refusal
from .rulesets import build_rules
from .store import Conflict, Moved, SeatData, Store, TableData
from .tokens import new_table_id, new_token, token_hash

log = logging.getLogger("canasta.server")
T = TypeVar("T")


class Hub:
    def __init__(self, config: ServerConfig, store: Store | None = None,
                 bus: EventBus | None = None) -> None:
        self.config = config
        self.store = store or Store(config.database_url(), owner=config.instance)
        # processes on one PostgreSQL hear each other (LISTEN/NOTIFY); SQLite has one process
        self.bus: EventBus = bus or (PgBus(self.store.url, config.instance)
                                     if self.store.url.startswith("postgresql") else LocalBus())
        self.cluster = Cluster(self)
        self.bots = BotPool(config.bot_workers)
        self.guards = Guards(config.limits)
        self.tables: dict[str, OnlineTable] = {}
        sqlite = self.store.url.startswith("sqlite")
        # SQLite has one writer: one thread keeps its transactions in order without lock waits
        self._db = ThreadPoolExecutor(max_workers=1 if sqlite else 4, thread_name_prefix="db")
        self._load_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call off the event loop. A failure of the storage itself (a full disk, a
        database gone) is the refusal ``storage``, logged with its cause; a ``Conflict`` (another
        writer was first) stays itself, and a table another process has claimed (``Moved``) is let go."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))
        except Moved as e:
            await self.drop(e.table_id)
            raise
        except (Conflict, Refusal):
            raise
        except Exception as e:
            log.exception("storage failed (%s)", getattr(fn, "__name__", fn))
            raise Refusal("storage") from e

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        await self.cluster.start()
        for data in await self.db(self.store.unfinished):
            self.cluster.claimed(data.id)
            try:
                self.tables[data.id] = OnlineTable(self, data)
            except Exception:  # one damaged table must not keep the others down
                log.exception("table %s could not be reloaded", data.id)
        for t in self.tables.values():
            t.bots.kick()
        log.info("%d unfinished tables reloaded", len(self.tables))
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        await self.cluster.stop()
        for t in self.tables.values():
            await t.close()
        self.bots.close()
        self.guards.close()
        await asyncio.to_thread(self._db.shutdown, True)
        self.store.close()

    async def _sweep(self) -> None:
        """Now and then, unload the tables nobody has used for ``idle_unload`` seconds."""
        every = max(0.05, min(60.0, self.config.idle_unload / 4))
        while True:
            await asyncio.sleep(every)
            await self.unload_idle()

    async def unload_idle(self) -> int:
        """Take the tables nobody uses out of memory (they stay stored, and come back when one of their
        links is opened): no page open, no bot playing, nothing changed for ``idle_unload`` seconds."""
        now = time.monotonic()
        idle = [t for t in self.tables.values() if t.idle_since(now) >= self.config.idle_unload]
        for t in idle:
            if self.tables.get(t.id) is t:
                del self.tables[t.id]
                self.store.release(t.id)   # claimed again when a link brings it back
                await t.close()
        if idle:
            log.info("%d idle tables unloaded (%d in memory)", len(idle), len(self.tables))
        return len(idle)

    def peers_moved_on(self, table: OnlineTable) -> None:
        """``table`` (of a duplicate round) finished a hand: the tables dealt alike held here may show
        it now (in another process, a table sees it at its own next hand or page)."""
        for t in list(self.tables.values()):
            if t is not table and t.deals.seed == table.deals.seed:
                asyncio.get_running_loop().create_task(duplicate.peers_moved_on(t))

    async def drop(self, table_id: str) -> None:
        """Let a table go (another process holds it now): its sockets close and their pages
        reconnect through the proxy to the process that holds it."""
        table = self.tables.pop(table_id, None)
        self.store.release(table_id)
        if table is None:
            return
        log.info("table %s is held by another process now", table_id)
        asyncio.get_running_loop().create_task(close_quietly(table))

    # ------------------------------------------------------------------ finding
    async def get(self, table_id: str, address: str | None = None) -> OnlineTable | None:
        """The table, loaded from storage if it is not in memory. ``address``: the client asking, whose
        loads are limited (links to no table at all cost a database query each)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if address is not None and not self.guards.loads.take(address):
            raise Refusal("rate_limited")
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is None:
                if not await self.db(self.store.claim, table_id):
                    return None
                self.cluster.claimed(table_id)
                data = await self.db(self.store.load_table, table_id)
                if data is None:
                    return None
                table = OnlineTable(self, data)
                self.tables[table.id] = table
                table.bots.kick()
            return table

    async def by_token(self, table_id: str, token: str,
                       address: str | None = None) -> tuple[OnlineTable, int | None, bool] | None:
        """The table, seat (None: spectator or host) and host flag a token opens, or None."""
        table = await self.get(table_id, address)
        if table is None:
            return None
        role = table.role_of(token_hash(token))
        if role is None:
            return None
        return table, role[0], role[1]

    # ------------------------------------------------------------------ creating
    async def create(self, spec: NewTable, event_round: dict[str, Any] | None = None) -> dict[str, Any]:
        rs = build_rules(spec.preset, spec.players, spec.overrides)
        n = rs.players
        seats = spec.seats
        if seats is None:
            seats_in: list[dict[str, Any]] = [{"kind": "person"}] + [
                {"kind": "bot", "level": spec.level or "club"} for _ in range(n - 1)]
        elif spec.level is not None:
            raise Refusal("level_with_seats")
        else:
            if len(seats) != n:
                raise Refusal("seat_count", {"n": len(seats), "players": n})
            seats_in = [s.model_dump() for s in seats]
        if not any(s["kind"] == "person" for s in seats_in):
            raise Refusal("no_person")
        if len(self.tables) >= self.config.max_tables:
            raise Refusal("full")
        tokens: dict[int, str] = {}
        seat_rows: list[SeatData] = []
        for i, s in enumerate(seats_in):
            # a seat nobody named is named by each page in its reader's language ("" here)
            if s["kind"] == "person":
                tok = new_token()
                tokens[i] = tok
                seat_rows.append(SeatData(i, "person", None, s.get("name") or "", token_hash(tok)))
            else:
                level = s.get("level") or "club"
                seat_rows.append(SeatData(i, "bot", level, s.get("name") or "", None))
        host, spectator = new_token(), new_token()
        # the seed mixed from the seats' numbers, dealt when the last is in; a duplicate round's (or a
        # test's) seed is given, and dealt at once
        data = TableData(new_table_id(), table_name(spec.name, spec.preset), spec.preset,
                         {"preset": rs.name, "options": rs.options(),
                          # a tournament round's table: the facts its name is said from, in each reader's
                          **({"event_round": event_round} if event_round else {})}, token_hash(host),
                         token_hash(spectator), 0, 1, seat_rows, spec.seed, 0,
                         fair_secret=secrets.token_hex(16), values=None if spec.seed is not None else {})
        await self.db(self.store.create_table, data)
        table = OnlineTable(self, data)
        self.tables[table.id] = table
        table.bots.kick()
        tid = data.id
        return {
            "table_id": tid, "host_token": host, "spectator_token": spectator,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level,
                       **({"token": tokens[s.seat]} if s.seat in tokens else {})} for s in seat_rows],
            "links": {"host": f"/host/{tid}#t={host}", "spectator": f"/table/{tid}#t={spectator}",
                      "seats": {str(i): f"/table/{tid}#t={tok}" for i, tok in tokens.items()}},
            "table": table.summary(),
        }
