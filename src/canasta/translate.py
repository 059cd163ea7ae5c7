"""The catalogues' template, made from the code: ``python -m canasta.translate extract``.

Every English template a person can read is in a table keyed by code (the pages' words in
``i18n/pages-en.json``, the hints' reasons in :mod:`canasta.bots.explain`, the terminal's words in
:mod:`canasta.tui.words`, the command line's in :mod:`canasta.cli_words`, the table events' (the
terminal log's and the replay's) in :mod:`canasta.i18n.events`, the rule sets' titles and
descriptions in :mod:`canasta.presets`, the command line's help in its Click tree
(:mod:`canasta.cli_help`), the options' meanings in :mod:`canasta.rules`, the library
errors' reasons in :mod:`canasta.error_words`). This module
gathers them into ``i18n/canasta.pot`` (``msgctxt`` the key, ``msgid`` the English) and merges a
changed template into every language's ``.po`` (new messages empty, changed ones fuzzy, as gettext
does), so that a translator's tool shows what is new. docs/translating.md says how to add a
language; a test checks that the template is what the code says.

Commands: ``extract`` (write the .pot), ``update`` (the .pot, then merge it into each .po), ``init
LANG`` (a new language's .po), ``carry FILE`` (page words of an old ``messages/en.json``, as another
branch may still add them, moved into ``pages-en.json``), ``check`` (exit 1 where a .po misses a
message or a placeholder).
"""

from __future__ import annotations

import datetime as _dt
import io
import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .i18n import HERE, PAGE_WORDS, TEMPLATE, page_words_english

Template = str | tuple[str, str]
_FIXED_DATE = _dt.datetime(2026, 1, 1, tzinfo=_dt.UTC)
_PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")


def _group_key(group: str) -> str:
    return "group." + group.replace(" ", "_")


def _plain(text: str) -> str:
    """Plain text (a citation such as ``S0 [F](i){c}``) as a template: its braces doubled."""
    return text.replace("{", "{{").replace("}", "}}")


def sources() -> dict[str, tuple[Template, str]]:
    """Every English template by key, with a note for translators (where it is read)."""
    from .bots.explain import TEMPLATES as HINTS
    from .cli_words import WORDS as CLI
    from .error_words import ERRORS
    from .i18n.events import WORDS as EVENTS
    from .presets import PRESETS, TITLES
    from .refusals import REFUSALS as ENGINE
    from .rules import OPTION_DOCS, OPTION_GROUPS
    from .scoresheet import CSV_WORDS, LINES
    from .scoresheet import MESSAGES as SHEET
    from .server.events import CSV_WORDS as EVENT_CSV
    from .server.events import MESSAGES as RESULTS
    from .server.refusals import REFUSALS
    from .server.season import CSV_WORDS as SEASON_CSV
    from .server.words import ADMIN
    from .server.words import WORDS as SERVER
    from .sheetfile import MESSAGES as SHEET_FILE
    from .tournament.fair import VERDICT
    from .tournament.options import SOURCES as FRAME_SOURCES
    from .tournament.season import MESSAGES as SEASON
    from .tournament.words import LINES as TOURNAMENT_LINES
    from .tournament.words import MESSAGES as TOURNAMENT
    from .tournament.words import PLAN as TOURNAMENT_PLAN
    from .tui.words import WORDS as TUI

    out: dict[str, tuple[Template, str]] = {}

    def add(key: str, template: str | tuple[str, str] | Mapping[str, str], note: str) -> None:
        if isinstance(template, Mapping):
            template = (template["one"], template["other"])
        out[key] = (template, note)

    for key, t in page_words_english().items():
        add(key, t, "the pages (and, for card and rank names, every screen)")
    for name, title in TITLES.items():
        add(f"preset.{name}.title", _plain(title), "a rule set's name, as players call it")
    for name, (desc, _table) in PRESETS.items():
        add(f"preset.{name}.description", _plain(desc), "a rule set in one line (S0..S4 are the rule sheets)")
    for group in sorted(set(OPTION_GROUPS.values())):
        add(_group_key(group), _plain(group), "a heading of the rules card")
    for name, doc in OPTION_DOCS.items():
        add(f"option.{name}", _plain(doc), f"the rules card: what option '{name}' means "
            "(option names and values are typed as they are, in English)")
    for code, template in REFUSALS.items():
        add(f"server.{code}", template, "what the server refuses, and why (a page shows it)")
    for table, note in ((SHEET, "the score keeper refuses an entry, and why ({side}: a side's name, {line}: "
                                "a line of the sheet)"),
                        (RESULTS, "a table's totals refused on the tournament's page, and why"),
                        (SEASON, "a club's roster or season refuses a change, and why"),
                        (TOURNAMENT, "a tournament (the director's page, its clock) refuses a change, and "
                                     "why"),
                        (SHEET_FILE, "a score sheet's file cannot be read or written ({path}: the file)")):
        for code, template in table.items():
            add(f"server.{code}", template, note)
    for code, template in ENGINE.items():
        add(f"refusal.{code}", template, "a move the rules refuse, and why (said to the player)")
    for code, template in VERDICT.items():
        add(f"verify.{code}", template, "canasta verify: a game's deals checked against the commitments "
            "published before them ({seed}, {sha}: hashes and seeds as they are)")
    for code, template in ERRORS.items():
        add(f"error.{code}", template, "what is wrong with a rule option, a house rule, a record, a position "
            "or a card or action typed ({option}, {value}, {key}, {where}, {token}: as they were typed)")
    for table, note in ((HINTS, "a hint: why the move is good"), (TUI, "the terminal game"),
                        (EVENTS, "a table event without its player, as the terminal game's log and "
                                 "canasta replay tell it (event.you.*: the reader's own, said to them)"),
                        (CLI, "the command line"), (SERVER, "the server's refusals"),
                        (LINES, "the score sheet of a game with real cards: a line to fill in"),
                        (CSV_WORDS, "canasta score csv: a column's heading of the score sheet's spreadsheet "
                                    "(or the concealed column's yes / no)"),
                        (SEASON_CSV, "a club's season table as a spreadsheet (the results page's CSV): a "
                                     "column's heading ({n}: how many of each member's best nights count)"),
                        (EVENT_CSV, "a tournament's standings and results as a spreadsheet (the event "
                                    "page's CSV): a column's heading"),
                        (TOURNAMENT_LINES, "a tournament's page (the director's, the table and guide cards): "
                                           "North-South / East-West are the positions; a name in braces is a "
                                           "pair or a player, {draws} the cards each drew")):
        for key, template in table.items():
            add(key, template, note)
    for key, template in ADMIN.items():
        add(key, template, "canasta serve (the lines it prints as it starts), canasta backup and restore "
            "({url}, {path}: addresses and files as they are; {kind}: sqlite or postgresql)")
    from .server.admin_errors import ADMIN_ERRORS

    for code, template in ADMIN_ERRORS.items():
        add(f"server.{code}", template, "canasta serve, backup and restore: why it cannot do what was "
            "asked ({path}, {url}, {value}, {item}, {name}: as they are or were typed; {detail}, {reason}: "
            "the system's or the tool's own words)")
    for key, template in TOURNAMENT_PLAN.items():
        add(key, template, "canasta tournament: the director's plan on the command line (NS1, EW1, A1, B1: "
            "teams; T1: table 1; option names and values as they are typed)")
    for name, source in FRAME_SOURCES.items():
        add(f"cli.frame_source.{name}", source, f"canasta tournament: where frame option '{name}' "
            "comes from (S3 B: the tournament sheet, quoted; director: the director's reading)")
    import typer.main

    from .cli import app
    from .cli_help import help_texts

    for key, template in help_texts(typer.main.get_command(app)).items():
        add(key, template, "the command line's help (canasta --help, canasta <command> --help): a "
            "command's, an option's or an argument's help, or the words around them (option names, "
            "`canasta ...` commands and values such as true, classic or NAME=VALUE stay as typed)")
    return dict(sorted(out.items()))


def template_catalog() -> Catalog:
    cat = Catalog(project="canasta", version="0.1", copyright_holder="the canasta authors",
                  msgid_bugs_address="", creation_date=_FIXED_DATE, revision_date=_FIXED_DATE,
                  fuzzy=False)
    for key, (t, note) in sources().items():
        flags = ["python-brace-format"] if _PLACEHOLDER.search(t if isinstance(t, str) else t[1]) else []
        cat.add(t, context=key, auto_comments=[note], flags=flags)
    return cat


def _po_bytes(cat: Catalog, template: bool = False) -> bytes:
    for m in cat:
        # Babel marks any text with a '%' (a help's "95% interval") as printf-style; ours are brace
        # templates (python-brace-format), and msgfmt -c would check the '%' of the translation
        m.flags.discard("python-format")
    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_output=False, omit_header=False, ignore_obsolete=True,
             include_previous=False)
    return buf.getvalue()


def extract() -> bytes:
    """The template's text as the code says it now."""
    return _po_bytes(template_catalog(), template=True)


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="canasta")


def po_paths() -> list[Path]:
    return sorted(HERE.glob("*.po"))


def update() -> None:
    """Write the template and merge it into every language's catalogue."""
    TEMPLATE.write_bytes(extract())
    template = read(TEMPLATE)
    for path in po_paths():
        cat = read(path, path.stem)
        before = {m.context: m for m in cat if m.context}
        # the key (msgctxt) names a message, not its English: no guessing from similar English
        cat.update(template, no_fuzzy_matching=True, update_header_comment=False,
                   update_creation_date=False)
        for m in cat:
            old = before.get(m.context) if m.context else None
            if old is None or m.string or old.id == m.id or not old.string:
                continue
            # the English of a key changed: its old translation stays, marked fuzzy for the
            # translator to look at again (as gettext's msgmerge does)
            if isinstance(old.id, tuple) == isinstance(m.id, tuple):
                m.string = old.string
                m.flags.add("fuzzy")
        cat.revision_date = _FIXED_DATE
        path.write_bytes(_po_bytes(cat))


def init(lang: str) -> Path:
    """A new language's catalogue, every message empty (for a translator's tool to fill)."""
    path = HERE / f"{lang}.po"
    if path.exists():
        raise SystemExit(f"{path} exists already")
    cat = Catalog(locale=lang, domain="canasta", project="canasta", creation_date=_FIXED_DATE,
                  revision_date=_FIXED_DATE, fuzzy=False)
    cat.update(read(TEMPLATE))
    path.write_bytes(_po_bytes(cat))
    return path


def fill(lang: str, texts: dict[str, str | list[str]]) -> None:
    """Set translations by key (a list for a plural message's forms) in ``lang``'s catalogue (a
    tool for translators who work from a table rather than a .po editor)."""
    path = HERE / f"{lang}.po"
    cat = read(path, lang)
    by_key = {m.context: m for m in cat if m.context}
    missing = [k for k in texts if k not in by_key]
    if missing:
        raise SystemExit(f"not in the template: {', '.join(missing)}")
    shape = [k for k, t in texts.items() if isinstance(t, list) != isinstance(by_key[k].id, tuple)]
    if shape:
        raise SystemExit(f"plural forms given for a message without them, or the reverse: {', '.join(shape)}")
    for key, text in texts.items():
        m = by_key[key]
        m.string = tuple(text) if isinstance(text, list) else text
        m.flags.discard("fuzzy")
    path.write_bytes(_po_bytes(cat))


def carry(old: Path) -> list[str]:
    """Page words of an old ``web/static/messages/en.json`` (as a branch made before the catalogues
    may still add them) moved into ``pages-en.json``: keys it lacks, or whose English changed;
    then the template and the catalogues are updated. Returns the keys carried."""
    words = json.loads(PAGE_WORDS.read_text("utf-8"))
    theirs = json.loads(old.read_text("utf-8"))
    carried = []
    for key, text in theirs.items():
        if key.endswith("_1") and key[:-2] in theirs:
            continue  # a plural's "1" form of the old file: the catalogue's plural has it
        if words.get(key) != text and not isinstance(words.get(key), dict):
            words[key] = text
            carried.append(key)
    PAGE_WORDS.write_text(json.dumps(words, indent=1, ensure_ascii=False) + "\n", "utf-8")
    update()
    return carried


def placeholders(t: str | Iterable[str]) -> set[str]:
    texts = [t] if isinstance(t, str) else list(t)
    return {m.group(1) for s in texts for m in _PLACEHOLDER.finditer(s)}


def problems(lang: str) -> list[str]:
    """What a language's catalogue lacks: messages of the template with no translation (or a fuzzy
    one), and translations whose placeholders are not the English ones."""
    template = {m.context: m for m in read(TEMPLATE) if m.context}
    cat = {m.context: m for m in read(HERE / f"{lang}.po", lang) if m.context}
    out = []
    for key, t in template.items():
        m = cat.get(key)
        if m is None or not m.string or (isinstance(m.string, tuple) and not all(m.string)):
            out.append(f"{key}: not translated")
            continue
        if m.fuzzy:
            out.append(f"{key}: fuzzy (the English changed)")
        english = placeholders(t.id)
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        # each form names only data the English names; the last ("other") form every datum of the
        # English "other", the first every datum of the English "one" but the count ("una carta")
        ids = [t.id] if isinstance(t.id, str) else list(t.id)
        need = {0: placeholders(ids[0]) - ({"n"} if len(ids) > 1 else set()),
                len(forms) - 1: placeholders(ids[-1])}
        for i, form in enumerate(forms):
            have = placeholders(form)
            if have - english or need.get(i, set()) - have:
                out.append(f"{key}: form {i} has placeholders {sorted(have)}, "
                           f"English has {sorted(english)}")
    return out


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "update"
    if cmd == "extract":
        TEMPLATE.write_bytes(extract())
    elif cmd == "update":
        update()
    elif cmd == "init" and len(argv) == 2:
        print(init(argv[1]))
    elif cmd == "carry" and len(argv) == 2:
        print("carried:", ", ".join(carry(Path(argv[1]))) or "nothing")
    elif cmd == "check":
        bad = [f"{p.stem}: {x}" for p in po_paths() for x in problems(p.stem)]
        print("\n".join(bad) or "every catalogue is complete")
        return 1 if bad else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
