"""A seat's page sends its random number for the shuffle (``tournament.fair``): the game is dealt
from the server's sealed seed mixed with every seat's number, once the last one is in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .connection import Connection, Reply
from .protocol import Shuffle
from .refusals import Refusal

if TYPE_CHECKING:
    from .online_table import OnlineTable


async def give_number(table: OnlineTable, conn: Connection, msg: Shuffle) -> Reply:
    if conn.seat is None:
        return Refusal("spectator").reply(msg.id)
    async with table.lock:
        if not table.seated(conn):
            conn.close()
            return Refusal("bad_token").reply(msg.id)
        try:
            if msg.game != table.game_no or table.dealt:
                given = (table.deals.values or {}).get(conn.seat)
                if msg.game == table.game_no and given == ("page", msg.number):
                    return {"type": "ack", "id": msg.id, "event": table.timeline.newest}   # a resend
                raise Refusal("not_dealing")
            await table.settle_deal(table.deals.with_value(conn.seat, msg.number))
        except Refusal as r:
            return r.reply(msg.id)
        return {"type": "ack", "id": msg.id, "event": table.timeline.newest}
