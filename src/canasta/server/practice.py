"""Practice undo: one person against bots takes back their last move and the bots' moves after it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..records import GameRecord
from .connection import Connection, Reply
from .refusals import Refusal

if TYPE_CHECKING:
    from .online_table import OnlineTable


async def undo(table: OnlineTable, conn: Connection, client_id: str, based_on: int) -> Reply:
    if conn.seat is None:
        return Refusal("spectator_undo").reply(client_id)
    async with table.lock:
        if not table.seated(conn):
            conn.close()
            return Refusal("bad_token").reply(client_id)
        try:
            await _undo(table, conn.seat, based_on)
        except Refusal as r:
            return r.reply(client_id)
        return {"type": "ack", "id": client_id, "event": table.timeline.newest}


async def _undo(table: OnlineTable, seat: int, based_on: int) -> None:
    if not table.practice:
        raise Refusal("not_practice")
    if based_on < table.timeline.last_move:
        raise Refusal("stale", {"event": table.timeline.last_move})
    mine = [i for i, s in enumerate(table.movers) if s == seat]
    if not mine or table.game is None or table.deals.seed is None:
        raise Refusal("nothing_to_undo")
    keep = mine[-1]
    actions = table.game.history()[:keep]
    state = GameRecord(table.rules, table.deals.seed, actions, table.dealer).replay()
    # a hand whose seed has been revealed (``reveals``) is over for good: going back into it would let
    # the player replay it knowing every card
    if len(state.results) < table.deals.revealed(table.state):
        raise Refusal("hand_ended")
    events = table.timeline.plan("undo", seat)
    await table.write(table.hub.store.truncate_actions, table.id, table.game_no, keep, events[-1].n)
    table.state = state
    del table.movers[keep:]
    table.undos += 1
    table.timeline.add(events)
    table.broadcast(events)
    table.bots.kick()
