"""One open table socket: who it is, and the queue its sender task empties."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from ..i18n import catalogue

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
    lang: str = "en"               # the reader's language: refusals and hints are said in it

    def send(self, msg: Reply | str) -> None:
        """Queue a message: a dict, or the JSON text of one (a message many sockets get alike is
        encoded once)."""
        if self.closed:
            return
        if (isinstance(msg, dict) and msg.get("type") in ("refused", "error") and "code" in msg
                and self.lang != "en"):
            # each person at the table reads a refusal in their own language
            msg = {**msg, "message": catalogue(self.lang).refusal(msg["code"], msg.get("data"),
                                                                  msg.get("message", ""))}
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:  # too far behind: drop it; the client reconnects for a snapshot
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)
