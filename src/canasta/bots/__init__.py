"""Bots: players that see only their seat's view (see :mod:`canasta.bots.base`).

``make_bot(name, seed)`` builds a bot by name; the names are the bots (``random``, ``heuristic``,
``search``) and the levels (``easy`` = the heuristic with its pile judgment and discard safety switched off,
``medium`` = heuristic, ``hard`` = search). The engine never imports this package.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, play_turn
from .heuristic import HeuristicBot, Weights
from .random import RandomBot
from .search import SearchBot, SearchConfig

__all__ = ["BOTS", "LEVELS", "Bot", "HeuristicBot", "RandomBot", "SearchBot", "SearchConfig", "Weights",
           "bot_names", "make_bot", "play_turn"]


def _easy(seed: int | str) -> Bot:
    return HeuristicBot(seed, Weights(danger_meld_rank=0.0, danger_unseen=0.0, break_pair=0.0,
                                      black3=0.0, pile_card=0.0, wild_gap=0))


BOTS: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}

LEVELS: dict[str, Callable[[int | str], Bot]] = {
    "easy": _easy,
    "medium": HeuristicBot,
    "hard": SearchBot,
}


def bot_names() -> list[str]:
    return [*BOTS, *LEVELS]


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot by name (a bot or a level); ``ValueError`` for an unknown name."""
    make = BOTS.get(name) or LEVELS.get(name)
    if make is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    return make(seed)
