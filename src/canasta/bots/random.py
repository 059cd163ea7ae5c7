"""The random bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action
from ..rules import RuleSet
from .heuristic import label


class RandomBot:
    """Chooses uniformly among the legal actions (``Random(seed)``: reproducible)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"random/{seed}")
        self._last = ""

    def start(self, rules: RuleSet, seat: int) -> None:
        pass

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        a = self.rng.choice(legal)
        self._last = f"{label(a)}: chosen at random among {len(legal)} legal actions"
        return a

    def explain(self) -> str:
        return self._last
