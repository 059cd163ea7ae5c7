"""Click's usage errors (an unknown command or option, a missing argument, a bad value) as a code and
its data, said in the reader's language from the catalogue (``cli.usage.*`` in :mod:`.cli_words`).

Why not a translation installed for Click's own strings: what runs here is the copy of Click that
Typer vendors (``typer._click``), whose messages are plain f-strings with no gettext at all; and
Click itself marks its English with the standard library's global ``gettext`` domain, which would
take compiled ``.mo`` files keyed by Click's English (outside our catalogues and their checks) and
the language set for the whole process through the environment. The exceptions carry what they are
about instead: an unknown option and the close names (``NoSuchOption``), the parameter and its kind
(``MissingParameter``), the parameter of a bad value (``BadParameter``), the option used wrongly
(``BadOptionUsage``). The sentence is made from those, as every other refusal of the command line
is. What only Typer puts in words (the reason a value is refused, a group's "No such command",
extra arguments, a flag given a value or an option given none) is recognised by its known English
forms; a form not known here keeps Typer's English inside our sentence, never a crash, and the tests
of the Spanish lines fail if Typer changes its words.
"""

from __future__ import annotations

import re
from typing import Any

from .i18n import Catalogue

Usage = tuple[str, dict[str, Any]]

# a value's reason as Typer (``Input should be ...``) or Click (``... is not a valid integer``) says it
_REASONS = (
    (re.compile(r"Input should be a valid integer|is not a valid integer"), "cli.usage.not_whole"),
    (re.compile(r"Input should be a valid number|is not a valid float"), "cli.usage.not_number"),
    (re.compile(r"Input should be greater than or equal to (?P<least>\S+)"), "cli.usage.at_least"),
    (re.compile(r"Input should be less than or equal to (?P<most>\S+)"), "cli.usage.at_most"),
    (re.compile(r"is not a valid boolean"), "cli.usage.not_bool"),
)
_NO_SUCH_COMMAND = re.compile(r"No such command '(?P<name>.*)'\.(?: Did you mean (?P<close>.*)\?)?$")
_EXTRA = re.compile(r"Got unexpected extra arguments?(?:\(s\))? \((?P<args>.*)\)$")


def _hint(e: Exception) -> str:
    """The parameter a usage error is about, as Click names it (``'--port'``, ``'FILE'``)."""
    given = getattr(e, "param_hint", None)
    if isinstance(given, str):
        return given
    if given:
        return " / ".join(repr(h) for h in given)
    param = getattr(e, "param", None)
    if param is None:
        return ""
    try:
        return str(param.get_error_hint())  # Typer's own Click
    except TypeError:
        return str(param.get_error_hint(getattr(e, "ctx", None)))  # Click's, which takes the context


def usage(e: Exception) -> Usage | None:
    """A Click usage error as a catalogue key and its data, by its kind; None where the kind (or a
    text-only form) is not one this knows."""
    kind = type(e).__name__
    message = str(getattr(e, "message", "") or "")
    if kind == "NoSuchOption":
        option, close = str(getattr(e, "option_name", "")), list(getattr(e, "possibilities", None) or [])
        if close:
            return "cli.usage.no_such_option_close", {"option": option, "close": ", ".join(close)}
        return "cli.usage.no_such_option", {"option": option}
    if kind == "MissingParameter":
        param = getattr(e, "param", None)
        which = getattr(e, "param_type", None) or getattr(param, "param_type_name", "parameter")
        which = which if which in ("argument", "option") else "parameter"
        return f"cli.usage.missing_{which}", {"name": _hint(e)}
    if kind == "BadOptionUsage":
        key = "cli.usage.takes_no_value" if "does not take a value" in message else "cli.usage.needs_value"
        return key, {"option": str(getattr(e, "option_name", ""))}
    if kind == "BadParameter":
        for pattern, code in _REASONS:
            found = pattern.search(message)
            if found:
                # a bound as Typer wrote it (a port's 65535 is not grouped like a count)
                return "cli.usage.bad_value", {"name": _hint(e),
                                               "reason": {"code": code, "data": found.groupdict()}}
        return "cli.usage.bad_value", {"name": _hint(e), "reason": message.rstrip(".")}
    found = _NO_SUCH_COMMAND.match(message)
    if found:
        if found["close"]:
            return "cli.usage.no_such_command_close", {"name": repr(found["name"]), "close": found["close"]}
        return "cli.usage.no_such_command", {"name": repr(found["name"])}
    found = _EXTRA.match(message)
    if found:
        return "cli.usage.extra", {"args": found["args"], "n": len(found["args"].split())}
    if message == "Missing command.":
        return "cli.usage.missing_command", {}
    return None


def _english_line(e: Exception) -> str:
    """Click's own message in one line (a usage error of a kind :func:`usage` does not know)."""
    format_message = getattr(e, "format_message", None)
    message = str(format_message()) if callable(format_message) else str(e)
    message = " ".join(part.strip() for part in message.splitlines() if part.strip()).rstrip(".")
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[0].lower() + message[1:]
    return message


def usage_line(e: Exception, cat: Catalogue) -> str:
    """A usage error in one line in ``cat``'s language, with where to read more (``see 'canasta
    serve --help'``); empty where Click has nothing to say (``canasta`` alone shows the help)."""
    said = usage(e)
    message = cat.text(*said) if said is not None else _english_line(e)
    if not message:
        return ""
    path = getattr(getattr(e, "ctx", None), "command_path", None)
    return cat.text("cli.usage.see_help", message=message, command=path) if path else message

