"""Bot decisions off the event loop: bots live in worker processes, one table always on one worker.

A bot keeps state across a turn (the search bot follows the turn plan it chose), so each table is
pinned to one worker (by a hash of its id) where its bots stay between calls. Only the seat's view
and the legal actions cross to the worker: a bot on the server sees what a person in its seat sees.
``workers=0`` decides in a thread instead (tests, tiny machines).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import zlib
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from typing import Any

from ..actions import Action
from ..bots import Bot, make_bot
from ..presets import rules_from_options
from ..rules import RuleSet

_BOTS: OrderedDict[str, Bot] = OrderedDict()
_KEEP = 4096   # bots kept per worker (a table's four seats, for about a thousand tables)


@lru_cache(maxsize=256)
def _rules(options_json: str) -> RuleSet:
    return rules_from_options(json.loads(options_json))


def decide(key: str, level: str, seed: int, options_json: str, seat: int, view: dict[str, Any],
           legal: list[Action]) -> tuple[Action, dict[str, Any]]:
    """The bot ``key``'s choice and why (runs in the worker): its explanation as messages
    (:class:`~canasta.bots.explain.Explanation`, said in each reader's language), or, from a bot
    without one, its English line."""
    bot = _BOTS.get(key)
    if bot is None:
        bot = make_bot(level, seed)
        bot.start(_rules(options_json), seat)
        _BOTS[key] = bot
        while len(_BOTS) > _KEEP:
            _BOTS.popitem(last=False)
    else:
        _BOTS.move_to_end(key)
    action = bot.choose(view, legal)
    said = bot.explanation() if hasattr(bot, "explanation") else None
    return action, (said.to_json() if said is not None else {"english": bot.explain()})


class BotPool:
    """``workers`` single-process executors; a table's decisions always go to the same one."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pools: list[Executor] = []

    def _pool(self, table_id: str) -> Executor:
        if not self._pools:
            if self.workers <= 0:
                self._pools = [ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")]
            else:
                ctx = multiprocessing.get_context("spawn")
                self._pools = [ProcessPoolExecutor(max_workers=1, mp_context=ctx)
                               for _ in range(self.workers)]
        return self._pools[zlib.crc32(table_id.encode()) % len(self._pools)]

    async def decide(self, table_id: str, key: str, level: str, seed: int, options_json: str, seat: int,
                     view: dict[str, Any], legal: list[Action]) -> tuple[Action, dict[str, Any]]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(table_id), decide, key, level, seed, options_json,
                                          seat, view, legal)

    def close(self) -> None:
        for p in self._pools:
            p.shutdown(wait=False, cancel_futures=True)
        self._pools = []
