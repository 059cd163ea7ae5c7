"""The command line's help (``canasta --help``, ``canasta serve --help``, ``canasta`` alone) in the
reader's language.

The English stays in the code, where Typer reads it (``help=`` and the commands' docstrings), so a
Python user and the English help see it as written. Each text gets a catalogue key made from where
it is: ``cli.help.<command path>`` for a command, ``cli.help.<command path>.<parameter>`` for an
option or argument (``cli.help.serve.port``, ``cli.help.score.new.names``; the group itself is
``canasta``); :func:`help_texts` walks the Click command tree Typer builds and lists every key with
its English, which ``python -m canasta.translate update`` puts in the template, so a new option's
help reaches the catalogues by itself. Before Click parses anything (the language is known from
``--lang`` or the terminal), :func:`translate_help` puts the reader's language into that tree, and into
the words Typer and Click add around it (the panels' titles, ``Usage:``, ``[default: ...]``, the
value types): module constants of Typer's ``rich_utils`` and attributes of the commands. English is
left untouched, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from typer import rich_utils

from .i18n import ENGLISH, Catalogue

ROOT = "canasta"
PREFIX = "cli.help."

# the words Typer and Click write around the help texts, by key, in English as they write them
# ({value}: the default or the variable, put back as Typer's own "{}")
FRAME: dict[str, str] = {
    "cli.help.frame.usage": "Usage:",
    "cli.help.frame.options": "Options",
    "cli.help.frame.arguments": "Arguments",
    "cli.help.frame.commands": "Commands",
    "cli.help.frame.default": "[default: {value}]",
    "cli.help.frame.env_var": "[env var: {value}]",
    "cli.help.frame.required": "[required]",
    "cli.help.frame.options_metavar": "[OPTIONS]",
    "cli.help.frame.command_metavar": "COMMAND [ARGS]...",
    "cli.help.frame.help_option": "Show this message and exit.",
}
# rich_utils' constants, and the frame's key each takes (with "{}" where Typer puts its value)
_RICH_CONSTANTS = {
    "OPTIONS_PANEL_TITLE": "cli.help.frame.options",
    "ARGUMENTS_PANEL_TITLE": "cli.help.frame.arguments",
    "COMMANDS_PANEL_TITLE": "cli.help.frame.commands",
    "DEFAULT_STRING": "cli.help.frame.default",
    "ENVVAR_STRING": "cli.help.frame.env_var",
    "REQUIRED_LONG_STRING": "cli.help.frame.required",
}
_ENGLISH_CONSTANTS = {name: getattr(rich_utils, name) for name in _RICH_CONSTANTS}
_TYPE_WORD = re.compile(r"[^a-z0-9]+")


def _plain(text: str) -> str:
    """Plain text as a catalogue template: its braces doubled."""
    return text.replace("{", "{{").replace("}", "}}")


def _walk(cmd: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Every command of the tree with its key path (``serve``, ``score.new``), the group first."""
    yield path, cmd
    for name, sub in sorted(getattr(cmd, "commands", {}).items()):
        yield from _walk(sub, name if path == ROOT else f"{path}.{name}")


def _type_key(param: Any) -> str | None:
    """The key of the value's type as Typer shows it (``<int range>``: ``cli.help.type.int_range``);
    None for a flag, an option with its own metavar (shown instead), or a type Typer does not name."""
    if getattr(param, "is_flag", False) or not hasattr(param, "display_type"):
        return None
    if param.metavar is not None and param.param_type_name == "option":
        return None
    shown = param.display_type(None)
    if not shown:
        return None
    return "cli.help.type." + _TYPE_WORD.sub("_", str(shown).lower()).strip("_")


def _name_shown(param: Any) -> str | None:
    """The word the help shows for an argument (its metavar, else its name: ``RECORD.json``,
    ``name``) or an option's value (``OPTION=VALUE``); None where it shows none or only a type."""
    if param.param_type_name == "argument":
        return str(param.metavar or param.name)
    return str(param.metavar) if param.metavar else None


def _params(cmd: Any) -> Iterator[Any]:
    """A command's parameters with a help text (``--help`` itself is a frame word)."""
    for p in cmd.params:
        if getattr(p, "help", None):
            yield p


def help_texts(root: Any) -> dict[str, str]:
    """Every help text of the command tree ``root`` (from ``typer.main.get_command``) by key, as
    a catalogue template (braces doubled), with the frame's words and the value types shown."""
    out = dict(FRAME)
    for path, cmd in _walk(root, ROOT):
        if cmd.help:
            out[PREFIX + path] = _plain(cmd.help)
        if cmd.short_help:
            out[f"{PREFIX}{path}.short"] = _plain(cmd.short_help)
        for p in _params(cmd):
            out[f"{PREFIX}{path}.{p.name}"] = _plain(p.help)
        for p in cmd.params:
            key = _type_key(p)
            if key:
                out[key] = _plain(str(p.display_type(None)))
            shown = _name_shown(p)
            if shown:
                out[f"{PREFIX}{path}.{p.name}.metavar"] = _plain(shown)
    return dict(sorted(out.items()))


def _shown_as(text: str) -> Callable[[Any], str]:
    """An argument's ``display_type_rich`` showing ``text`` (its type in the help's language)."""
    return lambda ctx: text


def translate_help(root: Any, cat: Catalogue) -> None:
    """Put ``cat``'s language into the command tree ``root`` and Typer's help words (nothing in
    English: the help stays as Typer writes it). Typer's words are the module's, for the whole
    process: English puts Typer's own back (a test runs several languages in one process)."""
    for name, key in _RICH_CONSTANTS.items():
        english = _ENGLISH_CONSTANTS[name]
        setattr(rich_utils, name, english if cat.lang == ENGLISH else cat.text(key, value="{}"))
    # "Usage:" in the help's language, coloured as Typer colours its own
    highlighter: Any = rich_utils.highlighter  # its patterns: a class list, replaced for this instance
    highlighter.highlights = [*rich_utils.OptionHighlighter.highlights, *(
        [] if cat.lang == ENGLISH else [f"(?P<usage>{re.escape(cat.text('cli.help.frame.usage'))} )"])]
    if cat.lang == ENGLISH:
        return
    for path, cmd in _walk(root, ROOT):
        if cmd.help:
            cmd.help = cat.text(PREFIX + path)
        if cmd.short_help:
            cmd.short_help = cat.text(f"{PREFIX}{path}.short")
        for p in _params(cmd):
            p.help = cat.text(f"{PREFIX}{path}.{p.name}")
        for p in cmd.params:
            type_key, shown = _type_key(p), _name_shown(p)
            if type_key and p.param_type_name == "option":
                p.metavar = cat.text(type_key)  # shown in place of the type
            elif type_key:  # an argument's type, shown beside its name
                p.display_type_rich = _shown_as(cat.text(type_key))
            if shown:
                p.metavar = cat.text(f"{PREFIX}{path}.{p.name}.metavar")
        if getattr(cmd, "options_metavar", None):
            cmd.options_metavar = cat.text("cli.help.frame.options_metavar")
        if getattr(cmd, "subcommand_metavar", None):
            cmd.subcommand_metavar = cat.text("cli.help.frame.command_metavar")
        cmd.help_words = {"usage": cat.text("cli.help.frame.usage") + " ",
                          "help_option": cat.text("cli.help.frame.help_option")}


def usage_prefix(cmd: Any) -> str | None:
    """``Usage: `` in the language :func:`translate_help` put in ``cmd`` (None: Click's English)."""
    words = getattr(cmd, "help_words", None)
    return words["usage"] if words else None


def help_option_text(cmd: Any) -> str | None:
    """The ``--help`` option's own help in the language :func:`translate_help` put in ``cmd``."""
    words = getattr(cmd, "help_words", None)
    return words["help_option"] if words else None
