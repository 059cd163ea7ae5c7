"""A duplicate round's tables, dealt alike from one seed: a hand is shown at one table only once every
table of the round has finished it (its seed gives every card of the deal), and a game's record once
every table's game is over. Their progress is read from storage (``games.hands``), so tables held by
other processes count too."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .online_table import OnlineTable


async def refresh_peers(table: OnlineTable) -> bool:
    """How far the other tables dealt alike have played; whether more may be shown now."""
    deals = table.deals
    if not deals.shared or deals.seed is None:
        return False
    before = deals.peers_done
    others = await table.hub.db(table.hub.store.dealt_alike, str(deals.seed), table.id)
    deals.peers_done = min((math.inf if over else hands for hands, over in others), default=math.inf)
    return deals.peers_done > before


async def peers_moved_on(table: OnlineTable) -> None:
    """Another table dealt alike has finished a hand: send the hands that may be shown now."""
    if await refresh_peers(table) and table.conns:
        text = json.dumps({"type": "reveals", "reveals": table.deals.reveals(table.game)})
        for c in list(table.conns):
            c.send(text)
