"""The event bus across server processes, over PostgreSQL's LISTEN/NOTIFY (no other service).

Every process on one database listens on one channel. A notice is delivered at once to this
process's own subscribers (as :class:`~canasta.server.bus.LocalBus` does) and sent to the others by
a task of its own, so publishing never waits for the network and never blocks a table's writer.
Notices are hints, not records: one lost while the database restarts is made good by the next
(the lobby's entries are sent again every few seconds; a table's claim is also fenced in the
database, see ``Store.claim``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from sqlalchemy import make_url

from .bus import LocalBus

log = logging.getLogger("canasta.server")

CHANNEL = "canasta"
MAX_PAYLOAD = 7900        # PostgreSQL's limit is 8000 bytes
RETRY = 2.0               # seconds between reconnection attempts


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL ``postgresql+psycopg://...`` as libpq's ``postgresql://...``."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PgBus:
    """:class:`~canasta.server.bus.EventBus` over LISTEN/NOTIFY; ``origin`` names this process."""

    def __init__(self, url: str, origin: str | None = None, queue: int = 4096) -> None:
        self.url = libpq_url(url)
        self.origin = origin or secrets.token_hex(6)
        self.local = LocalBus()
        self._out: asyncio.Queue[str] = asyncio.Queue(queue)
        self._tasks: list[asyncio.Task[None]] = []
        self.connected = asyncio.Event()    # set while the listening connection is up (tests wait on it)
        self.received = 0

    # ------------------------------------------------------------------ EventBus
    def publish(self, topic: str, message: dict[str, Any]) -> None:
        self.local.publish(topic, message)
        payload = json.dumps({"o": self.origin, "t": topic, "m": message}, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            log.error("bus: a %s notice of %d bytes is too big to send; split it", topic, len(payload))
            return
        try:
            self._out.put_nowait(payload)
        except asyncio.QueueFull:   # the database is away: the oldest notice gives way
            self._out.get_nowait()
            self._out.put_nowait(payload)

    def subscribe(self, topic: str) -> asyncio.Queue[dict[str, Any]]:
        return self.local.subscribe(topic)

    def unsubscribe(self, topic: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        self.local.unsubscribe(topic, queue)

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._send())]

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                     application_name="canasta bus")

    async def _listen(self) -> None:
        while True:
            try:
                conn = await self._connect()
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    async for note in conn.notifies():
                        self._deliver(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as e:   # the database restarted or is unreachable: listen again soon
                log.warning("bus: listening failed (%s); trying again in %g s", e, RETRY)
            self.connected.clear()
            await asyncio.sleep(RETRY)

    def _deliver(self, payload: str) -> None:
        try:
            note = json.loads(payload)
            if note.get("o") == self.origin:
                return   # our own, already delivered here
            topic, message = str(note["t"]), note["m"]
        except (ValueError, KeyError, TypeError):
            log.warning("bus: a notice that is not ours: %.80s", payload)
            return
        if isinstance(message, dict):
            self.received += 1
            self.local.publish(topic, message)

    async def _send(self) -> None:
        while True:
            payload = await self._out.get()
            try:
                conn = await self._connect()
                async with conn:
                    while True:
                        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
                        payload = await self._out.get()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("bus: sending failed (%s); trying again in %g s", e, RETRY)
                with contextlib.suppress(asyncio.QueueFull):
                    self._out.put_nowait(payload)
                await asyncio.sleep(RETRY)
