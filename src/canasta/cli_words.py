"""The command line's words a player reads, in English, by key (the catalogues' template is
extracted from here; ``--lang`` says them through :mod:`canasta.i18n`)."""

from __future__ import annotations

from .messages import Template

WORDS: dict[str, Template] = {
    # canasta variants
    "cli.variants_title": "Canasta rule sets",
    "cli.col.name": "name",
    "cli.col.players": "players",
    "cli.col.description": "description",
    # canasta rules: the rules card
    "cli.col.option": "option",
    "cli.col.value": "value",
    "cli.col.meaning": "meaning",
    "cli.col.source": "source",
    "cli.col.in_reference": "in {name}",
    "cli.rules_heading": "{title} ({name}) — {description}",
    "cli.players_sides": "{players} players, {sides} sides",
    "cli.players_sides_house": "{players} players, {sides} sides; house rules: {options}",
    "cli.essentials_reference": "The essentials and what is special: the reference game. Every option ({n}): "
                                "{command}",
    "cli.essentials": {"one": "The essentials and what is special: {n} option differs from the reference "
                              "game ({reference}). Every option ({all}): {command}",
                       "other": "The essentials and what is special: {n} options differ from the reference "
                                "game ({reference}). Every option ({all}): {command}"},
    "cli.house_rule": "house rule (preset: {value})",
    "cli.house_rule_bundle": "house rule {bundle}: {source}",
    "cli.true": "true",
    "cli.false": "false",
    "cli.none": "none",
    "cli.minimum_below": "{minimum} below {score}",
    "cli.minimum_from": "{minimum} from {score}",
    # canasta play
    "cli.no_saved_game": "no saved game at {path}: start one with `canasta play`",
    "cli.set_on_resume": "--set is for a new game: a resumed game keeps the house rules it was started with",
    "cli.think_on_resume": "--think is for a new game: a resumed game keeps its bots' level",
    "cli.cannot_save": "cannot save the game to {path}: {error}",
    "cli.error": "error: {message}",
    # canasta score: the score keeper in the terminal
    "cli.sheet_title": "{names} ({rules})",
    "cli.sheet_col.hand": "hand",
    "cli.sheet_col.side": "side",
    "cli.sheet_col.base": "base",
    "cli.sheet_col.count": "count",
    "cli.sheet_col.penalties": "penalties",
    "cli.sheet_col.total": "total",
    "cli.sheet_col.running": "running",
    "cli.sheet_col.line": "line",
    "cli.sheet_col.kind": "kind",
    "cli.sheet_col.what": "what",
    "cli.sheet_kind.count": "how many",
    "cli.sheet_kind.points": "points",
    "cli.sheet_kind.yes_no": "yes/no",
    "cli.sheet_line_help": "{line} ({help})",
    "cli.sheet_lines_title": "{rules}: what to write down for each side",
    "cli.sheet_won": "{name} won the game.",
    "cli.sheet_next": "Next hand ({n}): opening minimum {minimums}.",
    "cli.sheet_moral": "Nobody went out: {name} is the moral winner; play on until a side goes out. {next}",
    "cli.sheet_carried": "carried",
    "cli.sheet_exists": "{file} exists: add hands to it with `canasta score add`, or start over with --force",
    "cli.sheet_new": "Score sheet {file}: {names}, {rules}. Lines for each side: {lines}.",
    "cli.sheet_log": "{at} {who}: hand {n}, {side}: {what}",
}
