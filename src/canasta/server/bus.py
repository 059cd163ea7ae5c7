"""The event bus between a table's writer and whoever listens (the lobby, other server processes).

One process needs nothing more than :class:`LocalBus`. Several processes behind a proxy (see
docs/scaling.md) would plug in a bus over PostgreSQL LISTEN/NOTIFY or Redis pub/sub with the same two
methods; the table writer publishes the same notices either way.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any, Protocol


class EventBus(Protocol):
    def publish(self, topic: str, message: dict[str, Any]) -> None:
        """Send a notice to every subscriber of ``topic`` (never blocks the writer)."""

    def subscribe(self, topic: str) -> asyncio.Queue[dict[str, Any]]:
        """A queue receiving the notices of ``topic`` from now on."""

    def unsubscribe(self, topic: str, queue: asyncio.Queue[dict[str, Any]]) -> None: ...


class LocalBus:
    """In-process bus: bounded queues, a slow listener loses old notices rather than stall a table."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._subs: defaultdict[str, list[asyncio.Queue[dict[str, Any]]]] = defaultdict(list)

    def publish(self, topic: str, message: dict[str, Any]) -> None:
        for q in self._subs.get(topic, ()):
            if q.full():
                q.get_nowait()
            q.put_nowait(message)

    def subscribe(self, topic: str) -> asyncio.Queue[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(self.size)
        self._subs[topic].append(q)
        return q

    def unsubscribe(self, topic: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        subs = self._subs.get(topic)
        if subs and queue in subs:
            subs.remove(queue)
