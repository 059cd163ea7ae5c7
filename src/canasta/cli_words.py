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
}
