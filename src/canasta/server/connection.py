"""One open table socket: who it is, and the queue its sender task empties."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

Reply = dict[str, Any]


@dataclass(eq=False)
class Connection:
    """One open WebSocket of a table page. Messages wait in ``outbox`` for the socket's sender task,
    so a slow client never holds up the table; one that falls too far behind is closed (its page
    reconnects and gets a snapshot)."""

    seat: int | None               # None: a spectator
    host: bool
    token_hash: str
    outbox: asyncio.Queue[Reply | str | None] = field(default_factory=lambda: asyncio.Queue(256))
    closed: bool = False

    def send(self, msg: Reply | str) -> None:
        """Queue a message: a dict, or the JSON text of one (a message many sockets get alike is
        encoded once)."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:  # too far behind: drop it; the client reconnects for a snapshot
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)
