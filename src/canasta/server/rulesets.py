"""The rule sets over HTTP: the list for the menus, each one's rules card, and the house-rule check
the page calls as the host types."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ..errors import CanastaError, RuleError
from ..presets import DEFAULT_PLAYERS, PRESETS, check_preset, preset_table, preset_title, rules
from ..rules import OPTION_DOCS, OPTION_GROUPS, OPTION_NAMES, RuleSet
from .protocol import RulesCheck
from .refusals import Refusal

router = APIRouter()


def player_counts(preset: str) -> list[int]:
    """The player counts a preset allows (from its own table)."""
    counts: list[int] = list(preset_table(preset)["player_counts"][0])
    return counts


def build_rules(preset: str, players: int | None, overrides: dict[str, Any]) -> RuleSet:
    """The engine's rule set for a table; RuleError with the engine's message when refused."""
    check_preset(preset)
    opts = dict(overrides)
    if players is not None:
        if "players" in opts and opts["players"] != players:
            raise RuleError("the player count is given twice with different values")
        opts["players"] = players
    try:
        return rules(preset, **opts)
    except CanastaError:
        raise
    except (TypeError, ValueError) as e:  # an engine that does not yet name every problem itself
        raise RuleError(str(e)) from e


def presets_list() -> list[dict[str, Any]]:
    return [{"name": name, "title": preset_title(name), "description": desc, "players": player_counts(name),
             "default_players": DEFAULT_PLAYERS[name]} for name, (desc, _make) in PRESETS.items()]


@router.get("/api/presets")
async def presets() -> list[dict[str, Any]]:
    return presets_list()


@router.get("/api/presets/{preset}")
async def rules_card(preset: str, players: int | None = None) -> Any:
    try:
        check_preset(preset)
    except RuleError as e:
        raise Refusal.because("unknown_preset", e) from e
    try:
        rs = build_rules(preset, players, {})
    except CanastaError as e:
        raise Refusal.because("bad_rules", e) from e
    table = preset_table(preset, rs.players)
    values = rs.options()
    return {"name": preset, "title": preset_title(preset), "description": PRESETS[preset][0],
            "players": rs.players,
            "options": [{"name": o, "group": OPTION_GROUPS[o], "value": values[o], "meaning": OPTION_DOCS[o],
                         "source": table[o][1] if o in table else "engine default"}
                        for o in OPTION_NAMES if o != "name"]}


@router.post("/api/rules/check")
async def rules_check(body: RulesCheck) -> Any:
    try:
        rs = build_rules(body.preset, body.players, body.overrides)
    except CanastaError as e:
        raise Refusal.because("bad_rules", e) from e
    return {"ok": True, "players": rs.players}
