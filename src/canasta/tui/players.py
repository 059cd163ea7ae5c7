"""Bots for the terminal UI: ``canasta.bots`` when it is installed, a seeded random fallback otherwise.

Every bot follows one protocol: ``choose(view, legal) -> Action`` and ``explain() -> str`` (the reason
for its last choice, in one line).
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from ..actions import Action, Op


class Bot(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...

    def explain(self) -> str: ...


class FallbackBot:
    """A random legal action (seeded), preferring not to end the turn early: used only while the
    ``canasta.bots`` package is missing."""

    is_fallback = True

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(f"tui-fallback/{seed}")
        self._last = ""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        # Asking over and over would stall a random game; ask rarely.
        pool = [a for a in legal if a.op is not Op.ASK] or legal
        a = self._rng.choice(pool)
        self._last = f"{a}: a random legal action (fallback bot: canasta.bots is not installed)"
        return a

    def explain(self) -> str:
        return self._last or "fallback bot: random legal actions"


def bots_available() -> bool:
    try:
        mod = importlib.import_module("canasta.bots")
    except ImportError:
        return False
    return hasattr(mod, "make_bot")


def make_bot(level: str, seed: int | str) -> tuple[Bot, bool]:
    """A bot of ``level`` and whether it is the fallback (``canasta.bots`` missing)."""
    try:
        mod = importlib.import_module("canasta.bots")
        factory = mod.make_bot
    except (ImportError, AttributeError):
        return FallbackBot(seed), True
    bot: Bot = factory(level, seed)
    return bot, False
