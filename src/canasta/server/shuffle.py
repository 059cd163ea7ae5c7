"""A seat's page sends its random number for the shuffle (``tournament.fair``): the game is dealt
from the server's sealed seed mixed with every seat's number, once the last one is in."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..state import GameState
from .connection import Connection, Reply
from .protocol import Shuffle
from .refusals import Refusal
from .store import SeatValues

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
            await settle_deal(table, table.deals.with_value(conn.seat, msg.number))
        except Refusal as r:
            return r.reply(msg.id)
        return {"type": "ack", "id": msg.id, "event": table.timeline.newest}


def from_pages(table: OnlineTable) -> list[int]:
    """The seats whose number for the deal comes from a player's page (a person's, not away)."""
    return [s.seat for s in table.seats if s.kind == "person" and not s.stand_in]


def dealing(table: OnlineTable) -> dict[str, Any]:
    """While the cards are not dealt: the server seed's seal (published before any number) and the
    seats whose page's number is still awaited."""
    return {"game": table.game_no, "server_sha256": table.deals.server_seal(),
            "waiting": table.deals.awaited(from_pages(table))}


def tell_dealing(table: OnlineTable) -> None:
    """Tell every page whose number the deal still waits for."""
    text = json.dumps({"type": "dealing", "dealing": dealing(table)})
    for c in list(table.conns):
        c.send(text)


async def settle_deal(table: OnlineTable, values: SeatValues | None = None) -> None:
    """Under the table's lock: store the seats' numbers (``values``, when one came in), and deal once
    none is awaited any more: the numbers, the mixed seed and the deal's event in one transaction."""
    deals = table.deals
    now = deals.values if values is None else values
    if table.dealt or now is None:
        return
    if [s for s in from_pages(table) if s not in now]:
        if now != deals.values:
            await table.write(table.hub.store.set_values, table.id, table.game_no, now, None, None)
            deals.values = now
            tell_dealing(table)
        return
    done, seed = deals.completed(now, table.rules.players)
    events = table.timeline.plan("deal")
    await table.write(table.hub.store.set_values, table.id, table.game_no, done, seed, events[-1].n)
    deals.values, deals.seed = done, seed
    table.game = GameState.new(table.rules, seed, table.dealer)
    table.timeline.add(events)
    table.broadcast(events, table_changed=True)
    table.bots.kick()
