"""The bot protocol: a bot sees its seat's view and the legal actions, never the state.

A bot is created for one game (:func:`canasta.bots.make_bot`), told the rules and its seat once
(``start``: the rules are public, house rules included), then asked for an action at each decision
with ``choose(view, legal)``. ``view`` is :func:`canasta.views.view` for the bot's seat, so a bot
cannot see a hidden card by construction. ``explain()`` says in one line why it chose its last action.

:func:`play_turn` is the runner: it builds the view for ``state.actor``, asks that seat's bot and
applies the choice with ``state.apply`` (checked: a bot that returns an illegal action raises).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ..actions import Action
from ..rules import RuleSet
from ..state import GameState
from ..views import view


@runtime_checkable
class Bot(Protocol):
    """What every bot provides."""

    name: str

    def start(self, rules: RuleSet, seat: int) -> None:
        """A new game: the rules (public) and the bot's seat."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """One of ``legal`` (the seat's legal actions now), from what ``view`` shows."""

    def explain(self) -> str:
        """One line: why the last choice."""


class KnowsRules:
    """Keeps the rules given by ``start``; a bot used without ``start`` rebuilds them from the view's
    preset name (house rules are then unknown to it)."""

    rules: RuleSet | None = None

    def start(self, rules: RuleSet, seat: int) -> None:
        self.rules = rules

    def rules_for(self, view: dict[str, Any]) -> RuleSet:
        """The rules given by ``start``, or else the view's preset (built once and kept)."""
        if self.rules is None:
            from ..presets import rules as preset_rules
            self.rules = preset_rules(view["rules"], players=view["players"])
        return self.rules


def play_turn(state: GameState, bots: Mapping[int, Bot] | Sequence[Bot]) -> Action:
    """Let the bot of ``state.actor`` choose one action and apply it; returns the action."""
    seat = state.actor
    bot = bots[seat]
    legal = state.legal_actions()
    action = bot.choose(view(state, seat), legal)
    state.apply(action)
    return action
