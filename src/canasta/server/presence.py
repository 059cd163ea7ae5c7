"""Who is at the table: pages joining and leaving, and a bot standing in for a person away past the
grace period (at a table with other people; at a practice table the bots wait)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from . import shuffle
from .connection import Connection
from .refusals import Refusal
from .seats import Seat

if TYPE_CHECKING:
    from .online_table import OnlineTable

log = logging.getLogger("canasta.server")


def attach(table: OnlineTable, conn: Connection) -> bool:
    """A page joins; True when its person takes the seat back from a bot stand-in."""
    table.conns.add(conn)
    back = False
    if conn.seat is not None:
        s = table.seats[conn.seat]
        s.connections += 1
        if s.away_timer is not None:
            s.away_timer.cancel()
            s.away_timer = None
        if s.stand_in:
            s.stand_in = False
            back = True
        table.presence()
    return back


def detach(table: OnlineTable, conn: Connection) -> None:
    table.conns.discard(conn)
    conn.close()
    if conn.seat is None:
        return
    s = table.seats[conn.seat]
    s.connections = max(0, s.connections - 1)
    if s.connections == 0 and s.kind == "person" and not s.stand_in and not table.practice:
        # a stand-in keeps other people's game going; at a practice table the bots wait
        s.away_timer = asyncio.get_running_loop().create_task(_away(table, s))
    table.presence()


async def _away(table: OnlineTable, s: Seat) -> None:
    await asyncio.sleep(table.hub.config.grace)
    if not table.closed and s.connections == 0 and s.kind == "person":
        s.stand_in = True
        s.away_timer = None
        table.presence()
        table.bots.kick()
        async with table.lock:   # the deal no longer waits for this seat's page
            try:
                await shuffle.settle_deal(table)
            except Refusal as r:
                log.error("table %s: the deal could not be made: %s", table.id, r.message)
