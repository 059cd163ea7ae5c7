"""The ``canasta`` command: rule sets, rules cards, random-play simulation, game records and replays.

Errors the user can fix (an unknown rule set or option, a bad value, a corrupt record) print one line
on stderr and exit with code 2, never a traceback.
"""

from __future__ import annotations

import difflib
import json
import os
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from typer.core import TyperCommand, TyperGroup

from . import ENGINE, __version__
from .actions import Action
from .cards import card_str, format_cards, sort_key
from .cli_help import help_option_text, translate_help, usage_prefix
from .cli_usage import usage_line
from .cli_words import WORDS as CLI_WORDS
from .error_words import os_reason
from .errors import CanastaError, RecordError
from .i18n import Catalogue, catalogue, from_environment, known, languages
from .i18n.events import event_words
from .i18n.spreadsheet import Spreadsheet, spreadsheet_for
from .parallel import MAX_JOBS
from .presets import BUNDLES, RULE_SETS, preset, preset_table
from .presets import rules as preset_rules
from .records import GameRecord, load, save
from .rules import OPTION_DOCS, OPTION_GROUPS, OPTION_NAMES, RuleSet
from .scoresheet import ScoreSheet, SheetError, entry_fields, parse_line
from .scoring import HandResult, SideScore
from .sheetfile import changing, create_sheet, read_sheet
from .sim import MAX_HANDS, play_random, simulate
from .state import GameState
from .views import threes_laid

if TYPE_CHECKING:
    from .server.backup import Summary

# Typer's usage errors (a bad option value, an unknown option) are Click exceptions; Typer may vendor
# Click, so the classes are found from the one Typer exports.
_CLICK_EXCEPTION: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def _help_params(cmd: Any, params: list[Any]) -> list[Any]:
    """Flags (--json, --help, --version) take no value: show none in the help. ``--help`` says what
    it does in the language the help is in (Click makes it anew for every help)."""
    help_text = help_option_text(cmd)
    for p in params:
        if getattr(p, "is_flag", False) and getattr(p, "metavar", None) is None:
            p.metavar = ""
        if help_text and p.name == "help":
            p.help = help_text
    return params


def _format_usage(cmd: Any, ctx: Any, formatter: Any) -> None:
    """Click's usage line, with ``Usage:`` in the help's language."""
    formatter.write_usage(ctx.command_path, " ".join(cmd.collect_usage_pieces(ctx)),
                          prefix=usage_prefix(cmd))


class _Command(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return _help_params(self, super().get_params(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _format_usage(self, ctx, formatter)


class _Group(TyperGroup):
    """The ``canasta`` group: every error a user can make ends in one ``error:`` line on stderr and
    exit code 2 (usage errors included), never a traceback."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _help_params(self, super().get_params(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _format_usage(self, ctx, formatter)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        # the help in the reader's language, known before Click parses (--lang or the terminal)
        translate_help(self, _catalogue_of_args(args))
        given = " ".join(sys.argv[1:] if args is None else args)
        if given.startswith(("--lang ", "--lang=")) and " " not in given[7:] and known(given[7:]):
            args = []  # `canasta --lang es`: the help, as `canasta` alone shows it
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False,
                              windows_expand_args=windows_expand_args, **extra)
        except typer.Exit as e:
            code = e.exit_code
        except typer.Abort:
            cat = _catalogue_of_args(args)
            typer.echo(cat.text("cli.error", message=cat.text("cli.aborted")), err=True)
            code = 1
        except CanastaError as e:  # a library error a command did not catch itself
            cat = _catalogue_of_args(args)
            typer.echo(cat.text("cli.error", message=cat.error(e)), err=True)
            code = 2
        except Exception as e:
            cat = _catalogue_of_args(args)  # known before Click parsed: from --lang or the terminal
            if isinstance(e, _CLICK_EXCEPTION):
                line = usage_line(e, cat)
                code = int(getattr(e, "exit_code", 2)) or 2
                if line:
                    typer.echo(cat.text("cli.error", message=line), err=True)
                else:  # `canasta` alone: the help was shown, which is not an error
                    code = 0
            elif os.environ.get("CANASTA_DEBUG"):
                raise
            else:
                typer.echo(cat.text("cli.error", message=cat.text(
                    "cli.unexpected", kind=type(e).__name__, detail=str(e))), err=True)
                code = 1
        else:
            code = rv if isinstance(rv, int) and not isinstance(rv, bool) else 0
        if not standalone_mode:
            return code
        sys.exit(code)


app = typer.Typer(
    name="canasta",
    help="Canasta exact to club rule sheets: play in the terminal or the browser, rule sets and rules "
         "cards, house rules, simulation, records and replays.",
    cls=_Group,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", metavar="OPTION=VALUE",
                 help="House rule: override a rule option (repeatable). Values are JSON when they "
                      "parse as JSON (true, 2, [1,2]), otherwise text."),
]
def complete_variant(incomplete: str) -> list[str]:
    """Shell completion of a rule set name."""
    return [name for name in RULE_SETS if name.startswith(incomplete)]


VariantOption = Annotated[str, typer.Option("--variant", help="Rule set name (see `canasta variants`).",
                                            autocompletion=complete_variant)]
PlayersOption = Annotated[int | None, typer.Option("--players", help="Number of players (where the "
                                                                     "rule set allows several).")]


LangOption = Annotated[str | None, typer.Option(
    "--lang", metavar="LANG", help="Language of what is shown: en, es, ... (default: the terminal's, "
    "from LANGUAGE or LANG).")]


def _catalogue_of_args(args: Sequence[str] | None) -> Catalogue:
    """The language a command line asked for (``--lang X``), for an error no command caught; the
    terminal's where it asks for none (or for one without a catalogue)."""
    argv = list(sys.argv[1:] if args is None else args)
    for i, arg in enumerate(argv):
        if arg.startswith("--lang="):
            return catalogue(known(arg.partition("=")[2]) or from_environment())
        if arg == "--lang" and i + 1 < len(argv):
            return catalogue(known(argv[i + 1]) or from_environment())
    return catalogue(from_environment())


def _words(lang: str | None) -> Catalogue:
    """The catalogue of ``--lang`` (an unknown language is refused), else the terminal's."""
    if lang is None:
        return catalogue(from_environment())
    found = known(lang)
    if found is None:  # said in the terminal's language, the one a reader asking for this has
        terminal = catalogue(from_environment())
        _fail(terminal.text("cli.unknown_lang", lang=repr(lang), langs=", ".join(languages())), terminal)
    return catalogue(found)


def _spreadsheet(lang: str | None) -> Spreadsheet:
    """How the reader's spreadsheet reads a CSV file (:mod:`canasta.i18n.spreadsheet`): from
    ``--lang`` as typed (``es-MX`` names the region), else from the terminal's numbers' locale."""
    if lang is not None:
        return spreadsheet_for(lang, known(lang))
    env = os.environ
    return spreadsheet_for(env.get("LC_ALL") or env.get("LC_NUMERIC") or env.get("LANG"), from_environment())


def _version(value: bool) -> None:
    if value:
        typer.echo(f"canasta {__version__}, engine {ENGINE}")
        raise typer.Exit()


def _lang_defaults(cmd: Any, lang: str) -> dict[str, Any]:
    """Click's default map giving every command below ``cmd`` this ``--lang``."""
    return {name: {**_lang_defaults(sub, lang), "lang": lang} if hasattr(sub, "commands") else {"lang": lang}
            for name, sub in cmd.commands.items()}


def _group_lang(ctx: typer.Context, lang: str | None) -> None:
    """A group's ``--lang`` (``canasta --lang es play``, ``canasta score --lang es add``): checked,
    and given to every command below it as its own ``--lang``."""
    if lang is not None:
        _words(lang)  # an unknown language is refused here
        ctx.default_map = _lang_defaults(ctx.command, lang)


@app.callback()
def _main(ctx: typer.Context, version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Show the version and whether the engine is compiled.")] = False,
        lang: LangOption = None) -> None:
    """Canasta exact to club rule sheets: rule sets, rules cards, simulation and replays."""
    _group_lang(ctx, lang)


def _fail(message: str, cat: Catalogue | None = None) -> NoReturn:
    """One line on stderr, ``error: ...`` in ``cat``'s language (English without one), exit code 2."""
    typer.echo((cat or catalogue()).text("cli.error", message=message), err=True)
    raise typer.Exit(2)


def _console() -> Console:
    return Console(highlight=False)


def parse_value(text: str) -> Any:
    """A --set value: JSON when it parses (``true``, ``2``, ``[1,2]``), else the text itself."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_sets(items: list[str] | None, cat: Catalogue | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or []:
        name, eq, value = item.partition("=")
        name = name.strip()
        if not eq or not name:
            _fail((cat or catalogue()).text("cli.set_needs_value", item=repr(item)), cat)
        out[name] = parse_value(value.strip())
    return out


def _build_rules(name: str, players: int | None, sets: list[str] | None,
                 cat: Catalogue | None = None) -> tuple[RuleSet, dict[str, Any]]:
    """The preset with --players and --set applied; returns the rules and the house-rule overrides
    (a refusal said in ``cat``'s language)."""
    cat = cat or catalogue()
    overrides = parse_sets(sets, cat)
    if "name" in overrides:
        _fail(cat.text("cli.name_not_house_rule"), cat)
    if "players" in overrides:
        if players is not None and overrides["players"] != players:
            _fail(cat.text("cli.players_disagree", players=str(players), value=str(overrides["players"])),
                  cat)
        players = overrides.pop("players")
    try:
        extra = {} if players is None else {"players": players}
        rs = preset_rules(name, **extra, **overrides)
    except CanastaError as e:
        _fail(cat.error(e), cat)
    return rs, overrides


def _fail_with_house_rules(e: BaseException, overrides: dict[str, Any], cat: Catalogue) -> NoReturn:
    """Rules under which a random game cannot go on: the reason, and the house rules given."""
    why = cat.error(e)
    if overrides:
        why = cat.text("cli.with_house_rules", reason=why,
                       rules=", ".join(f"{k}={json.dumps(v)}" for k, v in overrides.items()))
    _fail(why, cat)


def _rules_or_fail(name: str, players: int | None, sets: list[str] | None,
                   cat: Catalogue | None = None) -> RuleSet:
    return _build_rules(name, players, sets, cat)[0]


# How a hand ended (HandResult.reason), in English words (the catalogue's ``cli.reason.*``).
REASON_WORDS = {reason: str(CLI_WORDS[f"cli.reason.{reason}"])
                for reason in ("went_out", "stock_out", "last_red3", "special")}


def reason_words(reason: str, rs: RuleSet, cat: Catalogue | None = None) -> str:
    """How a hand ended, in words (the American games lay every three, black ones too: R 1.2, S3 C)."""
    cat = cat or catalogue()
    if reason == "last_red3" and threes_laid(rs) == "all":
        return cat.text("cli.reason.last_three")
    return cat.text(f"cli.reason.{reason}") if reason in REASON_WORDS else reason


def _side_name(rs: RuleSet, side: int, cat: Catalogue | None = None) -> str:
    cat = cat or catalogue()
    seats = [s for s in range(rs.players) if s % rs.sides == side]
    if len(seats) == 1:
        return cat.text("cli.side_seat", side=side, seat=seats[0])
    return cat.text("cli.side_seats", side=side, seats=", ".join(map(str, seats)))


# ---------------------------------------------------------------------------------------- variants
@app.command(cls=_Command)
def variants(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object only.")] = False,
    lang: LangOption = None,
) -> None:
    """List the rule sets (presets) with a one-line description."""
    rows = [(name, preset_table(name)["player_counts"][0], p.description) for name, p in RULE_SETS.items()]
    if as_json:
        typer.echo(json.dumps({"variants": [{"name": n, "players": list(c), "description": d}
                                            for n, c, d in rows]}))
        return
    cat = _words(lang)
    table = Table(title=cat.text("cli.variants_title"), show_lines=False)
    table.add_column(cat.text("cli.col.name"), style="bold", no_wrap=True)
    table.add_column(cat.text("cli.col.players"), no_wrap=True)
    table.add_column(cat.text("cli.col.description"))
    for name, counts, description in rows:
        table.add_row(name, ", ".join(map(str, counts)),
                      cat.say(f"preset.{name}.description", {}, description))
    _console().print(table)


# ---------------------------------------------------------------------------------------- rules card
def format_option(name: str, value: Any, cat: Catalogue | None = None) -> str:
    """An option value for people: ``true``, ``2``, ``wild, red3``, ``15 below 0; 50 from 0; ...``
    (the words in ``cat``'s language; the values as they are typed)."""
    cat = cat or catalogue()
    if isinstance(value, bool):
        return cat.text("cli.true") if value else cat.text("cli.false")
    if isinstance(value, (list, tuple)):
        if not value:
            return cat.text("cli.none")
        if name == "opening_minimums":
            parts = []
            for i, (lower, minimum) in enumerate(value):
                if i == 0 and lower <= -(10**6) and len(value) > 1:
                    parts.append(cat.text("cli.minimum_below", minimum=minimum, score=value[1][0]))
                else:
                    parts.append(cat.text("cli.minimum_from", minimum=minimum, score=lower))
            return "; ".join(parts)
        if isinstance(value[0], (list, tuple)):
            return "; ".join("-".join(map(str, pair)) for pair in value)
        return ", ".join(map(str, value))
    return str(value)


REFERENCE = "classic"  # the reference game (R 1.1): the short rules card shows what differs from it
# Options the short card always shows: what a player asks first about any rule set.
ESSENTIALS = ("packs", "hand_size", "stock_draw", "opening_minimums", "canasta_size", "go_out_canastas",
              "target_score")


@app.command("rules", cls=_Command)
def rules_card(
    name: Annotated[str, typer.Argument(help="Rule set name (see `canasta variants`).",
                                        autocompletion=complete_variant)],
    players: PlayersOption = None,
    sets: SetOption = None,
    full: Annotated[bool, typer.Option("--full", help="Every option, not only those that differ "
                                                      "from the reference game.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object only (every "
                                                         "option).")] = False,
    lang: LangOption = None,
) -> None:
    """Show a rule set as a rules card: the options that differ from the reference classic game,
    with their meaning and source (--full: every option)."""
    english = catalogue()
    cat = english if as_json else _words(lang)
    rs, overrides = _build_rules(name, players, sets, cat)
    table_src = preset_table(name, rs.players)
    values = rs.options()
    reference = preset_rules(REFERENCE).options()

    from_bundle = {opt: f"{word}: {src}" for word, on in overrides.items() if word in BUNDLES and on is True
                   for opt, (_, src) in BUNDLES[word].items() if opt not in overrides}
    house = set(overrides) | set(from_bundle)

    def source(opt: str) -> str:
        if opt in from_bundle:
            word, _, src = from_bundle[opt].partition(": ")
            return cat.text("cli.house_rule_bundle", bundle=word, source=src)
        if opt in overrides:
            preset_value = table_src[opt][0] if opt in table_src else None
            return cat.text("cli.house_rule", value=format_option(opt, preset_value, cat))
        return str(table_src[opt][1]) if opt in table_src else cat.text("server.engine_default")

    if as_json:
        options = {opt: {"value": values[opt], "group": OPTION_GROUPS[opt], "meaning": OPTION_DOCS[opt],
                         "source": source(opt), "house_rule": opt in house,
                         "differs_from_reference": values[opt] != reference[opt]}
                   for opt in OPTION_NAMES if opt != "name"}
        typer.echo(json.dumps({"name": name, "description": preset(name).description, "players": rs.players,
                               "sides": rs.sides, "reference": REFERENCE, "overrides": overrides,
                               "options": options}))
        return
    shown = [opt for opt in OPTION_NAMES if opt != "name" and (
        full or opt in house or opt in ESSENTIALS or values[opt] != reference[opt])]
    console = _console()
    title = cat.say(f"preset.{name}.title", {}, preset(name).title)
    description = cat.say(f"preset.{name}.description", {}, preset(name).description)
    heading = cat.text("cli.rules_heading", title=title, name=name, description=description)
    console.print(f"[bold]{escape(heading)}[/bold]")
    console.print(cat.text("cli.players_sides_house", players=rs.players, sides=rs.sides,
                           options=", ".join(sorted(overrides))) if overrides
                  else cat.text("cli.players_sides", players=rs.players, sides=rs.sides))
    if not full:
        differ = sum(1 for o in OPTION_NAMES if o != "name" and values[o] != reference[o])
        command = f"canasta rules {name} --full"
        console.print(cat.text("cli.essentials_reference", n=len(OPTION_NAMES) - 1, command=command)
                      if name == REFERENCE else
                      cat.text("cli.essentials", n=differ, reference=REFERENCE, all=len(OPTION_NAMES) - 1,
                               command=command), markup=False)
    groups: dict[str, list[str]] = {}
    for opt in shown:
        groups.setdefault(OPTION_GROUPS[opt], []).append(opt)
    for group, opts in groups.items():
        heading = cat.say("group." + group.replace(" ", "_"), {}, group)
        table = Table(title=heading, title_justify="left", title_style="bold")
        table.add_column(cat.text("cli.col.option"), no_wrap=True)
        table.add_column(cat.text("cli.col.value"))
        table.add_column(cat.text("cli.col.meaning"))
        table.add_column(cat.text("cli.col.source"))
        if not full and name != REFERENCE:
            table.add_column(cat.text("cli.col.in_reference", name=REFERENCE))
        for opt in opts:
            value = format_option(opt, values[opt], cat)
            meaning = escape(cat.say(f"option.{opt}", {}, OPTION_DOCS[opt]))
            ref = [format_option(opt, reference[opt], cat)] if not full and name != REFERENCE else []
            if opt in house:
                table.add_row(f"[bold yellow]{opt}[/]", f"[bold yellow]{value}[/]", meaning,
                              f"[yellow]{escape(source(opt))}[/]", *ref)
            else:
                table.add_row(opt, value, meaning, escape(source(opt)), *ref)
        console.print(table)


# ---------------------------------------------------------------------------------------- simulate
@app.command("simulate", cls=_Command)
def simulate_cmd(
    variant: VariantOption = "gvr-club",
    games: Annotated[int, typer.Option("--games", min=0, max=MAX_JOBS, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game (game i: seed + i).")] = 1,
    players: PlayersOption = None,
    sets: SetOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object only.")] = False,
    max_hands: Annotated[int, typer.Option(
        "--max-hands", min=1, help="Stop a game after this many hands and report it as unfinished "
        "(random play may never reach the target).")] = MAX_HANDS,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Local worker processes (at most one "
                                         "per game and per CPU).")] = 1,
    lang: LangOption = None,
) -> None:
    """Play GAMES whole games with uniformly random legal actions and report on them."""
    cat = catalogue() if as_json else _words(lang)
    rs, overrides = _build_rules(variant, players, sets, cat)
    try:
        if as_json:
            report = simulate(rs, games, seed, max_hands=max_hands, workers=workers)
        else:
            err = Console(stderr=True)
            with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=err, transient=True) as bar:
                task = bar.add_task(escape(cat.text("cli.sim.progress", variant=variant)), total=games)
                report = simulate(rs, games, seed, progress=lambda _g: bar.advance(task),
                                  max_hands=max_hands, workers=workers)
    except (CanastaError, RuntimeError) as e:  # rules under which a random game cannot go on
        _fail_with_house_rules(e, overrides, cat)
    except ValueError as e:  # a number of games out of range (the library's own check)
        _fail(str(e), cat)
    if as_json:
        out = {"variant": variant, "engine": ENGINE, "players": rs.players, "sides": rs.sides, "seed": seed,
               "overrides": overrides} | report.to_dict()
        typer.echo(json.dumps(out))
        return
    console = _console()
    hands = report.hands

    def pct(n: int, of: int) -> str:
        return cat.text("cli.percent", count=n, percent=cat.decimal(100 * n / of, 1)) if of else cat.number(n)

    t = Table(title=escape(cat.text("cli.sim.title", variant=variant, n=games, first=str(seed),
                                    last=str(seed + games - 1))), show_header=False, title_justify="left")
    t.add_column("what", style="bold", no_wrap=True)
    t.add_column("value")

    def row(key: str, value: str, **data: Any) -> None:
        t.add_row(escape(cat.text(key, data)), escape(value))

    row("cli.sim.players", cat.text("cli.sim.players_sides", players=rs.players, sides=rs.sides))
    if overrides:
        row("cli.sim.house_rules", ", ".join(f"{k}={json.dumps(v)}" for k, v in overrides.items()))
    row("cli.sim.games", cat.number(report.games))
    if report.unfinished:
        row("cli.sim.unfinished", cat.text("cli.sim.unfinished_value",
                                           count=pct(report.unfinished, report.games), hands=max_hands))
    row("cli.sim.hands", cat.text("cli.sim.hands_value", hands=hands,
                                  per_game=cat.decimal(hands / report.games, 2))
        if report.games else cat.number(0))
    for reason, n in report.reasons.items():
        row("cli.sim.hands_ended", pct(n, hands), how=reason_words(reason, rs, cat))
    for side, mean in enumerate(report.mean_hand_score):
        row("cli.sim.mean_score", cat.decimal(mean, 1), side=_side_name(rs, side, cat))
    for side, wins in enumerate(report.wins):
        row("cli.sim.games_won", pct(wins, report.games), side=_side_name(rs, side, cat))
    row("cli.sim.actions", cat.number(report.actions))
    row("cli.sim.time", cat.text("cli.seconds", seconds=cat.decimal(report.elapsed, 2)))
    row("cli.sim.hands_per_second", cat.text("cli.sim.rate_engine",
                                             rate=cat.number(round(report.hands_per_second)), engine=ENGINE))
    row("cli.sim.actions_per_second", cat.number(round(report.actions_per_second)))
    console.print(t)


# ---------------------------------------------------------------------------------------- match
@app.command("match", cls=_Command)
def match_cmd(
    variant: VariantOption = "gvr-club",
    a: Annotated[str, typer.Option("--a", help="Bot A (side 0 first): random, heuristic, search, or "
                                              "a level: beginner, club, expert, expert-plus; a search "
                                              "level thinking N times as long: expert:N (N 1-8).")]
    = "heuristic",
    b: Annotated[str, typer.Option("--b", help="Bot B.")] = "random",
    games: Annotated[int, typer.Option("--games", min=0, max=MAX_JOBS,
                                       help="Games (pairs of duplicate deals).")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Deal seed of the first pair (pair i: seed + i).")] = 1,
    workers: Annotated[int | None, typer.Option("--workers", min=1, help="Local worker processes "
                                                "(default and at most: one per CPU and per game).")] = None,
    ray: Annotated[str | None, typer.Option("--ray", metavar="ADDRESS", help="Run as Ray tasks on this "
                                            "cluster ('auto': a local Ray); needs the ray extra.")] = None,
    players: PlayersOption = None,
    sets: SetOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object only.")] = False,
    max_hands: Annotated[int, typer.Option("--max-hands", min=1, help="Stop a game after this many "
                                           "hands and report it as unfinished.")] = MAX_HANDS,
    lang: LangOption = None,
) -> None:
    """Play bot A against bot B on duplicate deals: win rate with a 95% interval, scores, times."""
    from .bots import bot_names, is_bot_name
    from .match import run_match

    cat = catalogue() if as_json else _words(lang)
    for name in (a, b):
        if not is_bot_name(name):
            close = difflib.get_close_matches(name, bot_names(), n=1)
            names = ", ".join(bot_names())
            _fail(cat.text("cli.unknown_bot_close", name=repr(name), close=repr(close[0]), names=names)
                  if close else cat.text("cli.unknown_bot", name=repr(name), names=names), cat)
    rs = _rules_or_fail(variant, players, sets, cat)
    try:
        if as_json:
            report = run_match(rs, a, b, games, seed, workers, ray, max_hands)
        else:
            with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task(escape(cat.text("cli.match.progress", variant=variant, a=a, b=b)),
                                    total=games)
                report = run_match(rs, a, b, games, seed, workers, ray, max_hands,
                                   progress=lambda _g: bar.advance(task))
    except (RuntimeError, ValueError) as e:
        _fail(cat.error(e), cat)
    if as_json:
        typer.echo(json.dumps(report.to_dict()))
        return
    t = Table(title=escape(cat.text("cli.match.title", variant=variant, a=a, b=b, n=games, seed=str(seed))),
              show_header=False, title_justify="left")
    t.add_column("what", style="bold", no_wrap=True)
    t.add_column("value")

    def row(key: str, value: str, **data: Any) -> None:
        t.add_row(escape(cat.text(key, data)), escape(value))

    lo, hi = report.ci95
    row("cli.match.a_wins", cat.text("cli.match.a_wins_value", wins=report.wins_a, games=report.games,
                                     rate=cat.decimal(100 * report.win_rate_a, 1),
                                     low=cat.decimal(100 * lo, 1), high=cat.decimal(100 * hi, 1)))
    row("cli.match.b_wins", cat.number(report.wins_b))
    if report.unfinished:
        row("cli.sim.unfinished", cat.text("cli.match.unfinished_value", count=report.unfinished,
                                           hands=max_hands))
    diff = round(report.mean_score_diff)
    row("cli.match.mean_diff", ("+" if diff >= 0 else "-") + cat.number(abs(diff)))
    row("cli.match.hands_per_game", cat.decimal(report.mean_hands, 2))
    for who, bt in (("A", report.times_a), ("B", report.times_b)):
        row("cli.match.decision_time", cat.text("cli.match.times", mean=cat.decimal(1000 * bt.mean, 2),
                                                median=cat.decimal(1000 * bt.median, 2),
                                                max=cat.decimal(1000 * bt.max, 1), decisions=bt.decisions),
            who=who)
    row("cli.sim.time", cat.text("cli.match.time_value", seconds=cat.decimal(report.elapsed, 2),
                                 rate=cat.decimal(report.games_per_second, 2)))
    _console().print(t)


# ---------------------------------------------------------------------------------------- record
@app.command("record", cls=_Command)
def record_cmd(
    out: Annotated[str, typer.Option("--out", help="File to write the record to (JSON).")],
    variant: VariantOption = "gvr-club",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deal and of the random play.")] = 1,
    players: PlayersOption = None,
    sets: SetOption = None,
    lang: LangOption = None,
) -> None:
    """Play one game with random legal actions and save its record (try it with `canasta replay`)."""
    cat = _words(lang)
    rs, overrides = _build_rules(variant, players, sets, cat)
    try:
        state = play_random(GameState.new(rs, seed=seed), random.Random(seed))
    except (CanastaError, RuntimeError) as e:  # rules under which a random game cannot go on
        _fail_with_house_rules(e, overrides, cat)
    except ValueError as e:  # a number of games out of range (the library's own check)
        _fail(cat.error(e), cat)
    try:
        save(GameRecord.of(state), out)
    except CanastaError as e:
        _fail(cat.error(e), cat)
    typer.echo(cat.text("cli.record.saved", file=out, variant=variant, seed=str(seed), n=len(state.results),
                        actions=state.nactions, scores=" / ".join(map(cat.number, state.scores)),
                        winner=_side_name(rs, state.winner, cat)))


# ---------------------------------------------------------------------------------------- replay
@dataclass
class _Step:
    actor: int
    action: Action
    notes: list[str]


@dataclass
class _Turn:
    seat: int
    steps: list[_Step] = field(default_factory=list)


@dataclass
class _Hand:
    number: int
    dealer: int
    hands: list[list[int]]
    pile: list[int]
    stock: int
    cut: int
    perfect_cut: bool
    scores_before: list[int]
    deal_notes: list[str] = field(default_factory=list)
    turns: list[_Turn] = field(default_factory=list)
    result: HandResult | None = None


# Events that only repeat the action itself (its notation says it all).
_SILENT = {"meld", "add", "discard", "ask", "yes", "no", "end", "hand_over", "deal", "position", "merge",
           "pass"}


def _event_text(event: tuple[Any, ...], seat_view: int | None, with_seat: bool,
                cat: Catalogue | None = None) -> str | None:
    """A table event in the words the terminal game's log says it with (the cards in notation, as
    the actions are written), or None for events the action's notation already says."""
    cat = cat or catalogue()
    _hand, who, what, cards, private = event
    if what in _SILENT:
        return None
    hidden = private and seat_view is not None and who != seat_view
    text = event_words(cat, what, [] if hidden else [card_str(f) for f in cards],
                       count=len(cards) if hidden else None, notation=True)
    if not text:
        return None
    return cat.text("cli.event.by_seat", seat=who, event=text) if with_seat else text


def _walk(record: GameRecord, seat_view: int | None,
          cat: Catalogue | None = None) -> tuple[list[_Hand], GameState]:
    s = record.initial_state()

    def start_hand(notes: list[str]) -> _Hand:
        return _Hand(s.hand_no, s.dealer, [s.hand_cards(i) for i in range(s.rules.players)], list(s.pile),
                     len(s.stock), s.cut_size, s.perfect_cut, list(s.hand_start_scores), notes)

    hands: list[_Hand] = []
    head = s.log_mark()
    first = [t for e in s.events_since(None) if (t := _event_text(e, seat_view, True, cat))]
    hands.append(start_hand(first))
    for a in record.actions:
        h = hands[-1]
        hand_no = s.hand_no
        seat, actor = s.current, s.actor
        if not h.turns or h.turns[-1].seat != seat:
            h.turns.append(_Turn(seat))
        n_results = len(s.results)
        s.apply_unchecked(a)
        evs = s.events_since(head)
        head = s.log_mark()
        notes = [t for e in evs if e[0] == hand_no and (t := _event_text(e, seat_view, e[1] != actor, cat))]
        h.turns[-1].steps.append(_Step(actor, a, notes))
        if len(s.results) > n_results:
            h.result = s.results[n_results]
            if not s.is_over:
                later = [t for e in evs if e[0] != hand_no and (t := _event_text(e, seat_view, True, cat))]
                hands.append(start_hand(later))
    return hands, s


def _score_table(rs: RuleSet, result: HandResult, cat: Catalogue | None = None) -> Table:
    """A hand's score, line by line, in the words of the score breakdown on the pages."""
    cat = cat or catalogue()
    t = Table(title=escape(cat.text("cli.replay.score_title", hand=result.hand + 1)), title_justify="left")
    t.add_column("")
    for side in range(rs.sides):
        t.add_column(escape(_side_name(rs, side, cat)), justify="right")
    for f in fields(SideScore):
        vals = [getattr(sc, f.name) for sc in result.sides]
        shown = [cat.text("cli.yes" if v else "cli.no") if isinstance(v, bool) else cat.number(v)
                 for v in vals]
        label = cat.text(f"row_{f.name}") if cat.has(f"row_{f.name}") else f.name.replace("_", " ")
        t.add_row(escape(label), *shown, style="bold" if f.name == "total" else None)
    t.add_row(escape(cat.text("cli.replay.running_total")), *map(cat.number, result.scores_after),
              style="bold")
    return t


def _replay_dict(record: GameRecord, hands: list[_Hand], final: GameState,
                 seat: int | None) -> dict[str, Any]:
    """The replay as JSON: what the text shows (hidden hands as counts when ``seat`` is given)."""
    rs = record.rules
    out_hands = []
    for h in hands:
        held: list[str | int] = [format_cards(sorted(cards, key=sort_key)) if seat is None or i == seat
                                 else len(cards) for i, cards in enumerate(h.hands)]
        out_hands.append({
            "number": h.number + 1, "dealer": h.dealer, "scores_before": h.scores_before, "cut": h.cut,
            "perfect_cut": h.perfect_cut, "stock": h.stock, "pile": format_cards(h.pile), "hands": held,
            "deal_notes": h.deal_notes,
            "turns": [{"seat": t.seat, "steps": [{"seat": st.actor, "action": str(st.action),
                                                  "notes": st.notes} for st in t.steps]} for t in h.turns],
            "result": h.result.to_dict() if h.result is not None else None})
    return {"rules": rs.name, "seed": record.seed, "players": rs.players, "sides": rs.sides,
            "actions": len(record.actions), "seat": seat, "hands": out_hands, "over": final.is_over,
            "scores": list(final.scores), "winner": final.winner if final.is_over else None}


@app.command("replay", cls=_Command)
def replay_cmd(
    path: Annotated[str, typer.Argument(metavar="RECORD.json", help="A game record (canasta record).")],
    seat: Annotated[int | None, typer.Option("--seat", help="Show the game as this seat saw it: other "
                                                             "players' hands and draws hidden.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object only: the hands, turns "
                                                         "and scores.")] = False,
    lang: LangOption = None,
) -> None:
    """Replay a game record hand by hand: every turn in words, each hand's score, the winner."""
    cat = catalogue() if as_json else _words(lang)
    try:
        record = load(path)
        record.replay()  # checks every action and the saved result before printing anything
    except RecordError as e:
        _fail(cat.error(e), cat)
    rs = record.rules
    if seat is not None and not 0 <= seat < rs.players:
        _fail(cat.text("cli.seat_range", seat=seat, last=rs.players - 1), cat)
    hands, final = _walk(record, seat, cat)
    if as_json:
        typer.echo(json.dumps(_replay_dict(record, hands, final, seat)))
        return
    console = _console()

    def say(key: str, **data: Any) -> None:
        console.print(cat.text(key, data), markup=False, highlight=False)

    def scores(values: list[int]) -> str:
        return " / ".join(map(cat.number, values))

    heading = dict(rules=rs.name, seed=repr(record.seed), players=rs.players, actions=len(record.actions))
    say("cli.replay.heading_seat" if seat is not None else "cli.replay.heading", **heading,
        **({"seat": seat} if seat is not None else {}))
    for h in hands:
        console.rule(escape(cat.text("cli.replay.hand", hand=h.number + 1)))
        say("cli.replay.deal_perfect" if h.perfect_cut else "cli.replay.deal", dealer=h.dealer,
            scores=scores(h.scores_before), cut=h.cut, stock=h.stock,
            pile=format_cards(h.pile) or cat.text("cli.replay.pile_empty"))
        for i, cards in enumerate(h.hands):
            if seat is None or i == seat:
                held = format_cards(sorted(cards, key=sort_key))
                console.print("  " + cat.text("cli.replay.holds", seat=i, notation=held), markup=False)
            else:
                console.print("  " + cat.text("cli.replay.holds_n", seat=i, n=len(cards)), markup=False)
        for note in h.deal_notes:
            console.print(f"  {note}", markup=False)
        for n, turn in enumerate(h.turns, 1):
            parts = []
            for step in turn.steps:
                words = str(step.action)
                if step.actor != turn.seat:
                    words = cat.text("cli.replay.step_by", seat=step.actor, action=words)
                if step.notes:
                    words += " [" + "; ".join(step.notes) + "]"
                parts.append(words)
            line = cat.text("cli.replay.turn", seat=turn.seat, steps=" · ".join(parts))
            console.print(f"  {n:>3}. {line}", markup=False)
        if h.result is not None:
            r = h.result
            how = (cat.text("cli.replay.went_out", seat=r.out_seat) if r.reason == "went_out"
                   else reason_words(r.reason, rs, cat))
            say("cli.replay.hand_over", hand=h.number + 1, how=how)
            console.print(_score_table(rs, r, cat))
        else:
            say("cli.replay.not_finished", hand=h.number + 1)
    if final.is_over:
        console.rule(escape(cat.text("cli.replay.result")))
        final_scores = (cat.text("cli.replay.scores_to", first=final.scores[0], second=final.scores[1])
                        if len(final.scores) == 2 else scores(final.scores))
        winner = cat.text("cli.replay.winner", side=_side_name(rs, final.winner, cat), scores=final_scores)
        console.print(f"[bold]{escape(winner)}[/bold]")
    else:
        say("cli.replay.not_over", scores=scores(final.scores))


def _think_level(level: str, think: int, cat: Catalogue | None = None) -> str:
    """The level with a thinking budget (``expert`` and ``--think 4``: ``expert:4``); the budget is the
    Expert's, so only a search level takes one."""
    from .bots import SEARCHERS, level_id

    if level_id(level.partition(":")[0]) not in SEARCHERS:
        _fail((cat or catalogue()).text("cli.think_expert", level=repr(level)), cat)
    return f"expert:{think}"


@app.command("play", cls=_Command)
def play_cmd(
    variant: VariantOption = "gvr-club",
    level: Annotated[str, typer.Option("--level", help="Bots' level: beginner, club (a club player), "
                                                "expert, or expert-plus (thinks longer); the old "
                                                "names easy, medium, hard still work.")] = "club",
    think: Annotated[int | None, typer.Option("--think", min=1, max=8, help="Let the Expert think N "
                                              "times as long (N times the worlds it samples; each "
                                              "decision still under 2 s): stronger, a little slower.")]
    = None,
    seats: Annotated[str | None, typer.Option("--seats", help="Who sits where, seat 0 first, e.g. "
                                              "human,bot,human,bot (default: you in seat 0, bots "
                                              "elsewhere).")] = None,
    players: PlayersOption = None,
    sets: SetOption = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deal (default: random).")] = None,
    save_to: Annotated[str | None, typer.Option("--save", help="Save the game here after every action "
                                                "(default ~/.canasta/last-game.json).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the last game (or the saved game "
                                         "named after it: --resume FILE).")] = False,
    saved: Annotated[str | None, typer.Argument(metavar="SAVED_GAME", show_default=False,
                                                help="A saved game to continue (as with --resume FILE).")]
    = None,
    four_colour: Annotated[bool, typer.Option("--four-colour", help="Four suit colours.")] = False,
    lang: LangOption = None,
) -> None:
    """Play a whole game in the terminal, with bots and people at one keyboard.

    \b
    Keys: left/right (h/l) move the cursor, space selects a card (or click it),
    esc clears the selection; d draw, t take the pile with the selected cards,
    u take the upcard, m meld the selected cards, a add them to a meld (or click
    the meld), x discard, g ask your partner to go out, y/n answer, r retract,
    e end, : any action in notation, ? hint (the hard bot's suggestion),
    z undo (against bots: your last turn), c four colours, f1 help, q quit
    (the game is saved after every action; --resume continues it).
    """
    from pathlib import Path

    from .tui.app import run
    from .tui.session import DEFAULT_SAVE, Session, parse_seats
    from .tui.words import use

    cat = use(_words(lang).lang)   # the screen's words, and these messages, in the player's language
    path = Path(save_to).expanduser() if save_to else DEFAULT_SAVE
    try:
        if resume or saved is not None:
            if sets:
                _fail(cat.text("cli.set_on_resume"))
            if think is not None:
                _fail(cat.text("cli.think_on_resume"))
            source = Path(saved).expanduser() if saved is not None else path
            if not source.exists():
                _fail(cat.text("cli.no_saved_game", path=str(source)))
            session = Session.load(source, save_path=path if save_to else source)
        else:
            seat_list = parse_seats(seats) if seats else None
            if players is None and seat_list is not None and len(seat_list) != preset_rules(variant).players:
                players = len(seat_list)
            rs = _rules_or_fail(variant, players, sets, cat)
            if seat_list is None:
                seat_list = ["human"] + ["bot"] * (rs.players - 1)
            game_seed = random.randrange(1_000_000) if seed is None else seed
            if think is not None:
                level = _think_level(level, think, cat)
            session = Session.new(rs, seat_list, level, game_seed, save_path=path)
        session.save()
    except OSError as e:
        _fail(cat.text("cli.cannot_save", path=str(path), why=os_reason(e)))
    except (CanastaError, ValueError) as e:
        _fail(cat.error(e), cat)
    run(session, four_colour, cat.lang)


# ---------------------------------------------------------------------------------------- tournament
# ---------------------------------------------------------------------------------------- score
score_app = typer.Typer(
    cls=_Group, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]},
    help="Keep score of a game with real cards: each hand as the table writes it down, added up by "
         "the engine's own scoring (the same as an online hand), with each side's next opening "
         "minimum, the game's end and winner, corrections kept with who made them, and CSV.")
app.add_typer(score_app, name="score")


@score_app.callback()
def _score(ctx: typer.Context, lang: LangOption = None) -> None:
    _group_lang(ctx, lang)

SheetFile = Annotated[str, typer.Option("--file", "-f", help="The score sheet's file (JSON).")]
WhoOption = Annotated[str, typer.Option("--who", help="Who enters or corrects (kept in the sheet).")]


def _load_sheet(path: str, cat: Catalogue | None = None) -> ScoreSheet:
    try:
        return read_sheet(path)
    except CanastaError as e:
        _fail((cat or catalogue()).error(e), cat)


def _hand_no(sheet: ScoreSheet, i: int) -> int:
    """The number of the sheet's i-th hand in the game (from 1, as the table counts)."""
    return sheet.first_hand + i + 1


def _sheet_table(sheet: ScoreSheet, cat: Catalogue | None = None) -> Table:
    """The sheet as S3 K writes it: per hand and side Base, Count, Penalties, Total, running total
    (Base + Count + Penalties = Total on every line); a sheet carried over starts with the totals
    carried in."""
    cat = cat or catalogue()
    title = cat.say(f"preset.{sheet.rules.name}.title", {}, sheet.rules.name)
    t = Table(title=cat.text("cli.sheet_title", names=" - ".join(sheet.names), rules=title))
    for col in ("hand", "side", "base", "count", "penalties", "total", "running"):
        t.add_column(cat.text(f"cli.sheet_col.{col}"), justify="left" if col == "side" else "right")
    if sheet.carried:
        for side, carried in enumerate(sheet.start_scores):
            t.add_row(cat.text("cli.sheet_carried") if side == 0 else "", sheet.names[side], "", "", "",
                      "", cat.number(carried), end_section=side == len(sheet.start_scores) - 1)
    for n, h in enumerate(sheet.results()):
        for side, sc in enumerate(h.sides):
            total = ("+" if sc.total > 0 else "") + cat.number(sc.total)
            t.add_row(cat.number(_hand_no(sheet, n)) if side == 0 else "", sheet.names[side],
                      cat.number(sc.base), cat.number(sc.count), cat.number(sc.all_penalties), total,
                      cat.number(h.scores_after[side]),
                      end_section=side == len(h.sides) - 1)
    return t


def _sheet_status(sheet: ScoreSheet, cat: Catalogue | None = None) -> str:
    cat = cat or catalogue()
    if sheet.winner >= 0:
        return cat.text("cli.sheet_won", name=sheet.names[sheet.winner])
    mins = ", ".join(f"{name} {cat.number(m)}" for name, m in zip(sheet.names, sheet.minimums(), strict=True))
    line = cat.text("cli.sheet_next", n=_hand_no(sheet, len(sheet.entries)), minimums=mins)
    if sheet.moral_winner >= 0:   # S0 [K](ii)
        return cat.text("cli.sheet_moral", name=sheet.names[sheet.moral_winner], next=line)
    return line


def _show_sheet(sheet: ScoreSheet, cat: Catalogue | None = None) -> None:
    console = _console()
    if sheet.entries or sheet.carried:
        console.print(_sheet_table(sheet, cat))
    console.print(_sheet_status(sheet, cat))


def _carried(text: str | None, sides: int, cat: Catalogue | None = None) -> tuple[int, ...]:
    if text is None:
        return ()
    parts = [x.strip() for x in text.split(",")]
    try:
        return tuple(int(x) for x in parts)
    except ValueError:
        _fail((cat or catalogue()).text("cli.carry_totals", sides=sides, value=repr(text)), cat)


@score_app.command("new", cls=_Command)
def score_new(
    variant: Annotated[str, typer.Argument(help="Rule set (see `canasta variants`).",
                                           autocompletion=complete_variant)],
    file: SheetFile = "canasta-sheet.json",
    names: Annotated[str, typer.Option("--names", help="The sides' names, comma separated.")] = "We,They",
    carry: Annotated[str | None, typer.Option(
        "--carry", help="A game going on from another sheet: the totals carried in, comma separated "
                        "('3330,2900').")] = None,
    first_hand: Annotated[int, typer.Option(
        "--first-hand", min=1, help="The number in the game of the sheet's first hand.")] = 1,
    players: PlayersOption = None,
    sets: SetOption = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing sheet.")] = False,
    lang: LangOption = None,
) -> None:
    """Start a score sheet for a game played with real cards (or go on with one from another sheet)."""
    cat = _words(lang)
    rs = _rules_or_fail(variant, players, sets, cat)
    try:
        sheet = ScoreSheet(rs, [x.strip() for x in names.split(",")],
                           start_scores=_carried(carry, rs.sides, cat),
                           first_hand=first_hand - 1)
        create_sheet(sheet, file, force)
    except SheetError as e:
        _fail(cat.text("cli.sheet_exists", file=file) if e.code == "file_exists" else cat.error(e), cat)
    typer.echo(cat.text("cli.sheet_new", file=file, names=" - ".join(sheet.names),
                        rules=cat.say(f"preset.{rs.name}.title", {}, rs.name),
                        lines=", ".join(f.name for f in entry_fields(rs))))
    if sheet.carried:
        _show_sheet(sheet, cat)


@score_app.command("lines", cls=_Command)
def score_lines(
    variant: Annotated[str, typer.Argument(help="Rule set.", autocompletion=complete_variant)],
    players: PlayersOption = None,
    sets: SetOption = None,
    lang: LangOption = None,
) -> None:
    """The lines a score sheet of these rules asks for each side (each one as `score add` takes it)."""
    cat = _words(lang)
    rs = _rules_or_fail(variant, players, sets, cat)
    t = Table(title=cat.text("cli.sheet_lines_title", rules=cat.say(f"preset.{rs.name}.title", {}, rs.name)))
    for col in ("line", "kind", "what"):
        t.add_column(cat.text(f"cli.sheet_col.{col}"))
    for f in entry_fields(rs):
        label = cat.say(f.key, f.data, f.label) if f.key else f.label
        note = (cat.say(f.help_key, f.data, f.help) if f.help_key else f.help)
        t.add_row(f.name, cat.text(f"cli.sheet_kind.{f.kind}"),
                  cat.text("cli.sheet_line_help", line=label, help=note) if note else label)
    _console().print(t)


@score_app.command("add", cls=_Command)
def score_add(
    sides: Annotated[list[str], typer.Option("--side", help="One side's lines, in the sides' order: "
                                             "'natural_canastas=2 mixed_canastas=1 went_out table=325' "
                                             "(a name alone is yes).")],
    file: SheetFile = "canasta-sheet.json",
    who: WhoOption = "",
    lang: LangOption = None,
) -> None:
    """Enter the next hand."""
    entries = [parse_line(x) for x in sides]
    with changing(file) as sheet:
        sheet.add_hand(entries, who=who)
    _show_sheet(sheet, _words(lang))


@score_app.command("fix", cls=_Command)
def score_fix(
    hand: Annotated[int, typer.Argument(help="The hand's number in the game (from 1), as on the sheet.")],
    side: Annotated[int, typer.Argument(help="The side's number (from 1).")],
    changes: Annotated[str, typer.Argument(help="The lines to change: 'table=330 went_out=no'.")],
    who: WhoOption,
    file: SheetFile = "canasta-sheet.json",
    lang: LangOption = None,
) -> None:
    """Correct a hand; every later hand is scored again and the change is logged."""
    lines = parse_line(changes)
    with changing(file) as sheet:
        sheet.correct(sheet.hand_index(hand), sheet.side_index(side), lines, who)
    _show_sheet(sheet, _words(lang))


@score_app.command("undo", cls=_Command)
def score_undo(who: WhoOption, file: SheetFile = "canasta-sheet.json", lang: LangOption = None) -> None:
    """Remove the last hand entered (logged)."""
    with changing(file) as sheet:
        sheet.remove_last(who)
    _show_sheet(sheet, _words(lang))


@score_app.command("show", cls=_Command)
def score_show(
    file: SheetFile = "canasta-sheet.json",
    as_json: Annotated[bool, typer.Option("--json", help="The sheet and its scores as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """The sheet: every hand, the totals, the next minimums or the winner, the corrections."""
    sheet = _load_sheet(file, None if as_json else _words(lang))
    if as_json:
        typer.echo(json.dumps(sheet.to_dict() | {"hands": [h.to_dict() for h in sheet.results()],
                                                 "scores": list(sheet.scores), "winner": sheet.winner,
                                                 "moral_winner": sheet.moral_winner,
                                                 "minimums": list(sheet.minimums())}, indent=1))
        return
    cat = _words(lang)
    _show_sheet(sheet, cat)
    for c in sheet.log:
        what = ", ".join(f"{k} {a} -> {b}" for k, (a, b) in c.changes.items())
        typer.echo(cat.text("cli.sheet_log", at=c.at, who=c.who, n=_hand_no(sheet, c.hand),
                            side=sheet.names[c.side], what=what))


@score_app.command("csv", cls=_Command)
def score_csv(
    file: SheetFile = "canasta-sheet.json",
    out: Annotated[str | None, typer.Option("--out", "-o", help="Write to this file (default: print).")]
    = None,
    lang: LangOption = None,
) -> None:
    """The sheet as CSV for your spreadsheet (one row per hand and side, a column for each part of
    the score its rules count, headings in words; ';' where your language writes 1,5)."""
    cat = _words(lang)
    text = _spreadsheet(lang).text(_load_sheet(file, cat).rows(lambda key: cat.text(key)))
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        with open(out, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as e:
        _fail(cat.text("cli.cannot_write", path=out, why=os_reason(e)), cat)


@app.command("tournament", cls=_Command)
def tournament_cmd(
    tables: Annotated[int, typer.Option("--tables", min=1, help="Number of tables.")] = 3,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the position draws.")] = 0,
    sets: Annotated[list[str] | None, typer.Option(
        "--set", metavar="OPTION=VALUE",
        help="Frame option (games, game_minutes, on_time, format ...).")] = None,
    lang: LangOption = None,
) -> None:
    """The S3 B tournament frame: its options, each table's high-card draw, the movement."""
    from .tournament import event_plan, frame_options

    cat = _words(lang)
    try:
        typer.echo(event_plan(tables, seed, frame_options(**parse_sets(sets, cat)),
                              lambda key, data: cat.text(key, data)))
    except CanastaError as e:
        _fail(cat.error(e), cat)


@app.command("verify", cls=_Command)
def verify_cmd(
    record: Annotated[str, typer.Argument(help="A finished game's record (JSON), or a commitments file "
                                          "alone (checks the hands revealed so far).")],
    commitments: Annotated[str | None, typer.Option(
        "--commitments", help="The commitments file (published hashes, revealed seeds and salts); "
        "default: the record's own 'commitments'.")] = None,
    lang: LangOption = None,
) -> None:
    """Check a game's deals against the commitments published before them (a provably fair shuffle)."""
    from .tournament.fair import verify_files

    cat = _words(lang)

    def read(path: str) -> bytes:
        try:
            with open(path, "rb") as fh:
                return fh.read()
        except OSError as e:
            _fail(cat.text("cli.cannot_read", path=path, why=os_reason(e)), cat)
    try:
        verdict = verify_files(read(record), read(commitments) if commitments is not None else None)
    except CanastaError as e:
        _fail(cat.error(e), cat)
    lines = [cat.text(f"verify.{code}", data) for code, data in verdict.said]
    for line in lines[:-1]:
        typer.echo(line)
    if not verdict.ok:
        typer.echo(cat.text("cli.error", message=lines[-1]), err=True)
        raise typer.Exit(1)
    typer.echo(lines[-1])


# ---------------------------------------------------------------------------------------- serve
@app.command("serve", cls=_Command)
def serve_cmd(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every network).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    data: Annotated[str | None, typer.Option("--data", help="Folder for the database (default: your "
                                             "user data folder).")] = None,
    db: Annotated[str | None, typer.Option("--db", envvar="CANASTA_DB", help="Database URL, e.g. "
                                           "postgresql+psycopg://user@host/canasta (default: SQLite in the "
                                           "data folder).")] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in a browser.")] = False,
    bot_delay: Annotated[float, typer.Option("--bot-delay", min=0, help="Seconds a bot waits before its "
                                             "move, so that people can follow.")] = 0.9,
    grace: Annotated[float, typer.Option("--grace", min=0, help="Seconds a person may be away before a "
                                         "bot plays the seat until they are back.")] = 60.0,
    bot_workers: Annotated[int, typer.Option("--bot-workers", min=0, help="Processes for the bots' "
                                             "decisions (0: a thread).")] = 1,
    origin: Annotated[list[str] | None, typer.Option(
        "--origin", help="Another address whose pages may open tables, e.g. https://canasta.example.org "
        "(the server's own address always may; repeat for several).")] = None,
    api_docs: Annotated[bool, typer.Option("--api-docs", help="Serve the API's docs page at /api/docs "
                                           "(off: a public server shows no more than its pages need).")]
    = False,
    idle_minutes: Annotated[float, typer.Option("--idle-minutes", min=0.01, help="Minutes after which a "
                                                "table nobody uses leaves memory (it stays stored).")] = 15.0,
    limit: Annotated[list[str] | None, typer.Option(
        "--limit", help="A limit per client as NAME=VALUE, e.g. sockets_per_address=128 for a club whose "
        "players share one internet address (the names and defaults: docs/server-protocol.md).")] = None,
    test_seeds: Annotated[bool, typer.Option("--test-seeds", hidden=True, help="Tests only: a new table "
                                             "may be given its deal's seed.")] = False,
    public_url: Annotated[str | None, typer.Option("--public-url", envvar="CANASTA_PUBLIC_URL",
                                                   help="The address people reach the "
                                                   "server at, e.g. https://canasta.ourclub.org: every "
                                                   "link uses it.")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option("--trusted-proxy", metavar="ADDRESS",
                                                            help="Address (or network) "
                                                            "of a reverse proxy whose forwarded headers "
                                                            "to believe; repeat for more.")] = None,
    instance: Annotated[str | None, typer.Option("--instance", envvar="CANASTA_INSTANCE",
                                                 help="This process's name when several "
                                                 "serve one PostgreSQL database (docs/scaling.md).")]
    = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="Log the database's migrations and every "
                                          "request.")] = False,
    lang: LangOption = None,
) -> None:
    """Run the club's canasta server: play in the browser against bots or with friends."""
    from pathlib import Path

    from .server.backup import BackupError
    from .server.config import ServerConfig, limits_with
    from .server.run import serve
    from .server.store import SchemaTooNew
    from .server.urls import AddressError, networks
    from .server.urls import public_url as check_url

    cat = _words(lang)
    try:
        limits = limits_with(limit or [])
    except ValueError as e:
        _fail(cat.text("cli.serve_limit", why=cat.error(e)), cat)
    config = ServerConfig(bot_delay=bot_delay, grace=grace, bot_workers=bot_workers, db_url=db,
                          origins=tuple(origin or ()), api_docs=api_docs, chosen_seeds=test_seeds,
                          limits=limits, idle_unload=idle_minutes * 60,
                          public_url=public_url, trusted_proxies=tuple(trusted_proxy or ()),
                          instance=instance)
    if data is not None:
        config.data_dir = Path(data).expanduser()
    where = {"path": str(config.data_dir)}
    try:
        if public_url is not None:
            check_url(public_url)
        networks(config.trusted_proxies)
        serve(config, host, port, open_browser, verbose, lambda key, data: cat.text(key, data))
    except (AddressError, SchemaTooNew, BackupError) as e:
        _fail(cat.error(e), cat)
    except PermissionError as e:
        why = os_reason(e)
        _fail(cat.text("cli.serve_cannot_write_db", why=why) if db
              else cat.text("cli.serve_cannot_write_data", why=why, **where), cat)
    except OSError as e:
        if e.filename:  # the data folder or the database file
            _fail(cat.text("cli.serve_cannot_use", path=str(e.filename), why=os_reason(e)), cat)
        _fail(cat.text("cli.serve_cannot_listen", host=host, port=str(port), why=os_reason(e)), cat)
    except Exception as e:  # a database that cannot be reached, upgraded or written
        if type(e).__module__.startswith(("sqlalchemy", "alembic")):
            cause = str(getattr(e, "orig", None) or e).splitlines()[0]
            _fail(cat.text("cli.serve_cannot_use_db", why=cause) if db
                  else cat.text("cli.serve_cannot_use_data", why=cause, **where), cat)
        raise


# ---------------------------------------------------------------------------------------- backup, restore
_DATA_HELP = "The server's data folder (default: your user data folder)."
_DB_HELP = "The server's database URL, as given to canasta serve --db (default: SQLite in the data folder)."


def _server_db(data: str | None, db: str | None) -> tuple[str, Path]:
    from .server.config import ServerConfig

    config = ServerConfig(db_url=db)
    if data is not None:
        config.data_dir = Path(data).expanduser()
    return (db or f"sqlite:///{config.data_dir / 'canasta.db'}"), config.data_dir


@app.command("backup", cls=_Command)
def backup_cmd(
    file: Annotated[str, typer.Argument(help="The backup file to write.")],
    data: Annotated[str | None, typer.Option("--data", help=_DATA_HELP)] = None,
    db: Annotated[str | None, typer.Option("--db", envvar="CANASTA_DB", help=_DB_HELP)] = None,
    lang: LangOption = None,
) -> None:
    """Back up the server's database, while it runs (SQLite's online backup, or pg_dump)."""
    from .server.backup import BackupError, backup

    cat = _words(lang)
    url, _data_dir = _server_db(data, db)
    try:
        summary = backup(url, Path(file))
    except BackupError as e:
        _fail(cat.error(e), cat)
    except OSError as e:
        _fail(cat.text("cli.serve_cannot_use", path=str(e.filename or file), why=os_reason(e)), cat)
    typer.echo(cat.text("admin.backed_up", summary=_summary(summary, cat)))


@app.command("restore", cls=_Command)
def restore_cmd(
    file: Annotated[str, typer.Argument(help="A backup made by canasta backup.")],
    data: Annotated[str | None, typer.Option("--data", help=_DATA_HELP)] = None,
    db: Annotated[str | None, typer.Option("--db", envvar="CANASTA_DB", help=_DB_HELP)] = None,
    lang: LangOption = None,
) -> None:
    """Replace the server's database with a backup (the server must be stopped; the database it
    replaces is kept in the data folder)."""
    from .server.backup import BackupError, restore
    from .server.store import SchemaTooNew

    cat = _words(lang)
    url, data_dir = _server_db(data, db)
    try:
        summary, kept = restore(url, Path(file), data_dir)
    except (BackupError, SchemaTooNew) as e:
        _fail(cat.error(e), cat)
    except OSError as e:
        _fail(cat.text("cli.serve_cannot_use", path=str(e.filename or file), why=os_reason(e)), cat)
    if kept is not None:
        typer.echo(cat.text("admin.kept", path=str(kept)))
    typer.echo(cat.text("admin.restored", summary=_summary(summary, cat)))


def _summary(summary: Summary, cat: Catalogue) -> str:
    """A backup's one line in ``cat``'s language."""
    return summary.line(lambda key, data: cat.text(key, data), cat.decimal)


def main() -> None:  # pragma: no cover - console entry point alternative
    app()


if __name__ == "__main__":  # pragma: no cover
    app()
