"""A table's games over HTTP: the next game, and a game's record, commitments and replay."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Request, Response

from ..errors import RecordError
from ..records import GameRecord
from ..views import view
from . import duplicate
from .access import authorised
from .limits import address_of
from .online_table import OnlineTable
from .refusals import Refusal

router = APIRouter()


async def record_text(table: OnlineTable, game_no: int) -> str:
    """Game ``game_no``'s record, once that game is over."""
    if game_no == table.game_no:
        await duplicate.refresh_peers(table)
        text = table.record()
    else:
        text = await table.hub.db(table.hub.store.record, table.id, game_no)
    if text is None:
        if 1 <= game_no <= table.game_no:
            raise Refusal("record_not_ready")
        raise Refusal("no_game", {"game_no": game_no})
    return text


@router.post("/api/tables/{table_id}/games")
async def next_game(request: Request, table_id: str) -> Any:
    table, _seat, _host = await authorised(request, table_id, host=True)
    await table.new_game()
    return table.summary()


@router.get("/api/tables/{table_id}/games/{game_no}/record")
async def record(request: Request, table_id: str, game_no: int) -> Any:
    table, _seat, _host = await authorised(request, table_id)
    text = json.dumps(json.loads(await record_text(table, game_no)), indent=1)
    return Response(text, media_type="application/json", headers={
        "content-disposition": f'attachment; filename="canasta-{table.id}-game{game_no}.json"'})


@router.get("/api/tables/{table_id}/games/{game_no}/commitments")
async def commitments(request: Request, table_id: str, game_no: int) -> Any:
    """The deals' SHA-256 commitments: published before the deals; a fair game reveals each hand's
    seed and salt when the hand ends, any other game all of them when it is over."""
    table, _seat, _host = await authorised(request, table_id)
    if game_no == table.game_no:
        await duplicate.refresh_peers(table)
        return table.deals.commitments(table.game)
    found = json.loads(await record_text(table, game_no)).get("commitments")
    if found is None:
        raise Refusal("no_commitments")
    return found


@router.get("/api/tables/{table_id}/games/{game_no}/replay")
async def replay(request: Request, table_id: str, game_no: int, step: int = 0,
                 seat: int | None = None) -> Any:
    table, my_seat, _host = await authorised(request, table_id)
    # replaying a whole game takes tens of milliseconds: a few a second per address, in a thread (a
    # spectator's link may be widely shared; the tables' event loop must not wait for it)
    if not table.hub.guards.replays.take(address_of(request)):
        raise Refusal("rate_limited")
    rec = GameRecord.from_json(await record_text(table, game_no))
    steps = len(rec.actions)
    step = max(0, min(step, steps))
    who = seat if seat is not None else (my_seat if my_seat is not None else 0)
    if not 0 <= who < rec.rules.players:
        raise Refusal("bad_seat", {"seat": who, "last_seat": rec.rules.players - 1})
    try:
        state = await asyncio.to_thread(rec.replay, step)
    except RecordError as e:
        raise Refusal.because("bad_record", e) from e
    return {"steps": steps, "step": step, "seat": who,
            "action": str(rec.actions[step - 1]) if step else None,
            "actor": table.movers[step - 1] if game_no == table.game_no and step else None,
            "view": view(state, who),
            # the game is over, so every hand is public to the table: the viewer shows them all
            "hands": [view(state, s)["hand"] for s in range(rec.rules.players)]}
