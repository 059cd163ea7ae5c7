"""A hint for the seat whose turn it is: the expert bot's move and why, from that seat's view only."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from ..bots.explain import Explanation
from ..i18n import catalogue
from ..views import view
from .bot_runner import seed_for
from .connection import Connection, Reply
from .refusals import Refusal

if TYPE_CHECKING:
    from .online_table import OnlineTable

log = logging.getLogger("canasta.server")


async def hint(table: OnlineTable, conn: Connection, client_id: str) -> Reply:
    """One hint at a time per seat: working one out takes the bots' worker a while, and the worker is
    shared by every table of the process."""
    if conn.seat is None:
        return Refusal("spectator_hint").reply(client_id)
    if not table.seated(conn):
        return Refusal("bad_token").reply(client_id)
    state = table.game
    if state is None or state.is_over or state.actor != conn.seat:
        return Refusal("hint_not_your_turn").reply(client_id)
    seat = table.seats[conn.seat]
    if seat.hinting:
        return Refusal("hint_pending").reply(client_id)
    key = f"hint/{table.id}/{conn.seat}/{time.monotonic_ns()}"
    seat.hinting = True
    try:
        choice, why = await table.hub.bots.decide(table.id, key, "expert", seed_for(key), table.options_json,
                                                  conn.seat, view(state, conn.seat), state.legal_actions())
    except Exception:
        log.exception("table %s: hint failed", table.id)
        return Refusal("hint_failed").reply(client_id)
    finally:
        seat.hinting = False
    # the bot's explanation (canasta.bots.explain, the same as the terminal's hint), said in the
    # asking seat's language
    cat = catalogue(conn.lang)
    if "move" in why:
        said = Explanation.from_json(why)
        words = said.say(cat.text)
        reason = cat.text(*said.reason) if said.reason is not None else ""
    else:
        words, reason = why.get("english", ""), ""
    return {"type": "hint", "id": client_id, "action": str(choice), "words": words, "reason": reason,
            "explanation": why}
