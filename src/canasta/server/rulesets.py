"""The rule sets over HTTP: the list for the menus, each one's rules card, and the house-rule check
the page calls as the host types."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..error_words import rule_error
from ..errors import CanastaError, RuleError
from ..i18n import Catalogue, catalogue
from ..presets import DEFAULT_PLAYERS, PRESETS, check_preset, preset_table, preset_title, rules
from ..rules import OPTION_DOCS, OPTION_GROUPS, OPTION_NAMES, RuleSet
from .language import catalogue_of
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
            raise rule_error("players_twice")
        opts["players"] = players
    try:
        return rules(preset, **opts)
    except CanastaError:
        raise
    except (TypeError, ValueError) as e:  # an engine that does not yet name every problem itself
        raise RuleError(str(e)) from e


def title_in(cat: Catalogue, preset: str) -> str:
    """A rule set's name as players call it in ``cat``'s language (a name that is no preset as it is)."""
    return cat.say(f"preset.{preset}.title", {}, preset_title(preset))


def presets_list(cat: Catalogue | None = None) -> list[dict[str, Any]]:
    """The rule sets, named and described in ``cat``'s language (English without one)."""
    cat = cat or catalogue()
    return [{"name": name, "title": title_in(cat, name),
             "description": cat.say(f"preset.{name}.description", {}, desc), "players": player_counts(name),
             "default_players": DEFAULT_PLAYERS[name]} for name, (desc, _make) in PRESETS.items()]


@router.get("/api/presets")
async def presets(request: Request) -> list[dict[str, Any]]:
    return presets_list(catalogue_of(request))


@router.get("/api/presets/{preset}")
async def rules_card(request: Request, preset: str, players: int | None = None) -> Any:
    try:
        check_preset(preset)
    except RuleError as e:
        raise Refusal.because("unknown_preset", e) from e
    try:
        rs = build_rules(preset, players, {})
    except CanastaError as e:
        raise Refusal.because("bad_rules", e) from e
    return card(catalogue_of(request), preset, rs)


def card(cat: Catalogue, preset: str, rs: RuleSet, house: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The rules card of ``rs`` (the rule set ``preset`` makes, with the options in ``house``
    changed by a table's house rules): every option with its value, meaning and source."""
    table = preset_table(preset, rs.players)
    values = rs.options()
    # in the reader's language: the title, description, headings and meanings (the sources quote
    # the rule sheets, which are written in English)
    return {"name": preset, "title": title_in(cat, preset),
            "description": cat.say(f"preset.{preset}.description", {}, PRESETS[preset][0]),
            "players": rs.players,
            "options": [{"name": o, "group": OPTION_GROUPS[o], "value": values[o],
                         "group_title": cat.say("group." + OPTION_GROUPS[o].replace(" ", "_"), {},
                                                OPTION_GROUPS[o]),
                         "meaning": cat.say(f"option.{o}", {}, OPTION_DOCS[o]),
                         "source": table[o][1] if o in table else cat.text("server.engine_default"),
                         "house": o in house}
                        for o in OPTION_NAMES if o != "name"]}


def house_rules(preset: str, rs: RuleSet) -> frozenset[str]:
    """The options a table's house rules changed from what its preset says for its player count."""
    base = build_rules(preset, rs.players, {}).options()
    return frozenset(o for o, v in rs.options().items() if o != "name" and v != base[o])


@router.post("/api/rules/check")
async def rules_check(body: RulesCheck) -> Any:
    try:
        rs = build_rules(body.preset, body.players, body.overrides)
    except CanastaError as e:
        raise Refusal.because("bad_rules", e) from e
    return {"ok": True, "players": rs.players}
