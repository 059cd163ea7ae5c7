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

from ..presets import preset_title
from . import duplicate
from .botpool import BotPool
from .bus import EventBus, LocalBus
from .config import ServerConfig
from .limits import Guards
from .online_table import OnlineTable
from .protocol import NewTable
from .refusals import Refusal
from .rulesets import build_rules
from .store import Conflict, SeatData, Store, TableData
from .tokens import new_table_id, new_token, token_hash

log = logging.getLogger("canasta.server")
T = TypeVar("T")


class Hub:
    def __init__(self, config: ServerConfig, store: Store | None = None,
                 bus: EventBus | None = None) -> None:
        self.config = config
        self.store = store or Store(config.database_url())
        self.bus: EventBus = bus or LocalBus()
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
        writer was first) stays itself."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))
        except (Conflict, Refusal):
            raise
        except Exception as e:
            log.exception("storage failed (%s)", getattr(fn, "__name__", fn))
            raise Refusal("storage") from e

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        for data in await self.db(self.store.unfinished):
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
    async def create(self, spec: NewTable) -> dict[str, Any]:
        rs = build_rules(spec.preset, spec.players, spec.overrides)
        n = rs.players
        seats = spec.seats
        if seats is None:
            seats_in: list[dict[str, Any]] = [{"kind": "person", "name": "You"}] + [
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
        bot_no = 0
        for i, s in enumerate(seats_in):
            if s["kind"] == "person":
                tok = new_token()
                tokens[i] = tok
                seat_rows.append(SeatData(i, "person", None, s.get("name") or f"Player {i + 1}",
                                          token_hash(tok)))
            else:
                bot_no += 1
                # the level is the seat's own fact: each page says it in its reader's words
                name = s.get("name") or f"Bot {bot_no}"
                seat_rows.append(SeatData(i, "bot", s.get("level") or "club", name, None))
        host, spectator = new_token(), new_token()
        # the seed mixed from the seats' numbers, dealt when the last is in; a duplicate round's (or a
        # test's) seed is given, and dealt at once
        data = TableData(new_table_id(), spec.name or preset_title(spec.preset), spec.preset,
                         {"preset": rs.name, "options": rs.options()}, token_hash(host),
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
