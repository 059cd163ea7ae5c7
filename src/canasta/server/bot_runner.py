"""The bots of a table (and stand-ins for people away): one task plays every bot turn in a row,
with a pause so that people can follow, through the same writer as a person's move."""

from __future__ import annotations

import asyncio
import logging
import random
import zlib
from typing import TYPE_CHECKING

from ..views import view
from .refusals import Refusal

if TYPE_CHECKING:
    from .online_table import OnlineTable

log = logging.getLogger("canasta.server")


def seed_for(*parts: object) -> int:
    """A bot's seed from what it plays (table, game, seat, level): the same bot for the same turn."""
    return zlib.crc32("/".join(map(str, parts)).encode())


class BotRunner:
    """Starts the table's bot task when a bot (or a stand-in) is to act and none is running."""

    def __init__(self, table: OnlineTable) -> None:
        self.table = table
        self.task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        """Whether a bot is playing (or thinking) now."""
        return self.task is not None and not self.task.done()

    def kick(self) -> None:
        t = self.table
        if t.closed or t.game is None or t.game.is_over or not t.seats[t.game.actor].bot_plays:
            return
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        t = self.table
        cfg = t.hub.config
        while not t.closed:
            state = t.game
            if state is None or state.is_over:
                return
            seat = state.actor
            s = t.seats[seat]
            if not s.bot_plays:
                return
            mark = t.timeline.last_move
            level = s.level if s.kind == "bot" and s.level else "club"
            legal = state.legal_actions()
            seat_view = view(state, seat)
            if cfg.bot_delay > 0:
                await asyncio.sleep(cfg.bot_delay * (0.6 + 0.8 * random.random()))
            key = f"{t.id}/{t.game_no}/{t.undos}/{seat}/{level}/{s.kind}"
            try:
                choice, _why = await t.hub.bots.decide(t.id, key, level, seed_for(key), t.options_json, seat,
                                                       seat_view, legal)
            except Exception:
                log.exception("table %s: bot decision failed; playing the first legal action", t.id)
                choice = legal[0]
            async with t.lock:
                if t.timeline.last_move != mark or t.game is not state:
                    continue  # the table moved on while the bot thought (a seat change, an undo)
                if not t.seats[seat].bot_plays:
                    return
                if state.why_illegal(choice) is not None:  # a bot bug must not stop the game
                    choice = legal[0]
                try:
                    await t.play(seat, [choice], None)
                except Refusal as r:
                    log.error("table %s: bot move refused: %s", t.id, r.message)
                    await asyncio.sleep(1.0)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
