"""Catalogues: every word a person reads, in their language, from gettext catalogues read with Babel.

One catalogue format for Python and the pages. ``canasta.pot`` (in this folder) is the template,
extracted from the code's English templates and the pages' words (``python -m canasta.translate
extract``); each language is a ``<lang>.po`` beside it, as translators' tools (Poedit, Weblate)
read and write it. Every message has a *key* (the ``msgctxt``: a page word such as ``act_draw``, or
a dotted key such as ``hint.discard_safe``) and its English template (the ``msgid``); a message
with a count has the plural forms the language has (CLDR: ``one``, ``many``, ``other``...).

Templates are :mod:`canasta.messages` templates: ``{card:name}``, ``{rank}``, ``{n}`` are typed by
their key's name, so numbers are grouped as the language writes them (``15.000`` in Spanish) and
cards named in its words (``rey de corazones``). A sentence is always one template: no translated
pieces are glued together.

The pseudo-locale ``en-XA`` is made from the English at load time: every template wrapped and
accented (``[Ƥļåý åĝåîñšţ ƀöţš]``), so that a page or screen showing a word that does not come from
a catalogue stands out (the browser tests run in it). Adding a language is adding its ``.po``
file: see docs/translating.md.
"""

from __future__ import annotations

import gettext
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol

from ..error_words import catalogue_key
from ..messages import Data, Template, Words, render

HERE = Path(__file__).parent
TEMPLATE = HERE / "canasta.pot"
PAGE_WORDS = HERE / "pages-en.json"  # the pages' words in English: the source of their msgids
ENGLISH = "en"
PSEUDO = "en-XA"
Forms = Mapping[str, str]  # CLDR plural category -> template

RANK_KEYS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5",
             4: "4", 3: "3", 2: "2"}


@dataclass(frozen=True)
class Catalogue:
    """One language's messages (key -> template) and the words its data are written in."""

    lang: str
    locale: Locale            # the CLDR locale its numbers and plural categories follow
    messages: Mapping[str, str | Forms]
    words: Words

    def has(self, key: str) -> bool:
        return key in self.messages

    def template(self, key: str) -> Template:
        """The template of ``key``: this language's, else English's, else the key itself (so a
        word missing from every catalogue shows as its key, which the tests catch)."""
        found = self.messages.get(key)
        if found is None:
            found = catalogue(ENGLISH).messages.get(key, key) if self.lang != ENGLISH else key
        return found

    def text(self, key: str, data: Data | None = None, /, **more: Any) -> str:
        """The sentence of message ``key`` with ``data`` in this language (a nested reason, see
        :mod:`canasta.messages`, said in it too)."""
        values = {**(data or {}), **more}
        return render(self.template(key), values, self.words, self.nested)

    def nested(self, code: str) -> Template:
        """The template of a reason inside another message: a library error's (``error.<code>``),
        for a move the rules refuse the engine's (``refusal.<code>``), else a club tool's
        (``server.<code>``); a code with a dot is the catalogue's key itself (a score sheet's reason
        inside its file's: ``server.<code>``)."""
        if "." in code:
            return self.template(code)  # a catalogue key given whole (``server.names_not_list``)
        english = catalogue(ENGLISH)
        key = next((k for k in (f"error.{code}", f"refusal.{code}") if english.has(k)), f"server.{code}")
        return self.template(key)

    def error(self, e: BaseException) -> str:
        """A library error (:class:`~canasta.errors.CanastaError`) in this language: its code and
        data from the catalogue (``error.<code>``; an engine refusal's ``refusal.<code>``, a club
        tool's ``server.<code>``); its English sentence where it has no code the catalogues know,
        or its data do not fill the sentence."""
        code = getattr(e, "code", "")
        data = getattr(e, "data", None)
        if not isinstance(code, str) or not code or not isinstance(data, Mapping):
            return str(e)
        key = catalogue_key(e) or f"server.{code}"
        if not catalogue(ENGLISH).has(key):
            return str(e)
        try:
            return self.text(key, data)
        except (KeyError, IndexError, ValueError):
            return str(e)

    def say(self, key: str, data: Data | None = None, english: str | None = None) -> str:
        """Like :meth:`text`, but where no catalogue has ``key`` (a code new to the catalogues),
        ``english`` (the code's own English sentence) rather than the key."""
        if english is not None and key not in self.messages and not catalogue(ENGLISH).has(key):
            return english
        return self.text(key, data)

    def refusal(self, code: str, data: Mapping[str, Any] | None, english: str) -> str:
        """A refusal in this language: the server's own (``server.<code>``) or the engine's
        (``refusal.<code>``) sentence with its data; ``english`` (the sentence the refusal came with)
        where the catalogues have no sentence for the code or its data do not fill it."""
        for key in (f"server.{code}", f"refusal.{code}"):
            if catalogue(ENGLISH).has(key):
                try:
                    return self.text(key, data or {})
                except (KeyError, IndexError, ValueError):
                    return english
        return english

    def number(self, n: int) -> str:
        return self.words.number(n)

    def decimal(self, x: float, digits: int = 1) -> str:
        """A measured figure with ``digits`` decimals, as the language writes it (``1,234.5``;
        ``1.234,5`` in Spanish, CLDR through Babel)."""
        pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
        return str(format_decimal(x, format=pattern, locale=self.locale))

    def page_catalogue(self) -> dict[str, Any]:
        """What the pages read (``/api/messages/<lang>``): the page words (keys without a dot), the
        rule sets' names and the score sheet's lines, the language's tag for its plural categories
        (``Intl.PluralRules``) and its number symbols."""
        words = {k: v for k, v in self.messages.items() if _for_pages(k)}
        return {"lang": self.lang, "plural_locale": str(self.locale).replace("_", "-"),
                "number": number_symbols(self.locale), "messages": words}


def _for_pages(key: str) -> bool:
    """The pages read the page words (keys without a dot), the rule sets' names, the score
    sheet's lines and the tournament's lines."""
    return "." not in key or key.startswith(("preset.", "sheet.", "tournament."))


def number_symbols(locale: Locale) -> dict[str, Any]:
    """How the language groups an integer (CLDR, from Babel): the symbol, and from how many digits
    it groups (``1500`` or ``1.500``)."""
    four = format_decimal(1000, locale=locale)
    group = next((c for c in format_decimal(1000000, locale=locale) if not c.isdigit()), "")
    return {"group": group, "min_digits": 4 if not four.isdigit() else 5,
            "decimal": get_decimal_symbol(locale)}


def _cldr_locale(lang: str) -> Locale:
    return Locale.parse("en" if lang == PSEUDO else lang.replace("-", "_"))


def languages() -> list[str]:
    """Every language with a catalogue, English first (the pseudo-locale is not listed)."""
    return [ENGLISH, *sorted(p.stem for p in HERE.glob("*.po"))]


def language_name(lang: str) -> str:
    """A language's name in itself, as a switch lists it: ``English``, ``Español``."""
    if lang == PSEUDO:
        return "[Ƥšéûðö]"
    name = _cldr_locale(lang).get_display_name(_cldr_locale(lang)) or lang
    return name[:1].upper() + name[1:]


def known(lang: str | None) -> str | None:
    """``lang`` as a catalogue's tag (``es-UY`` -> ``es``), or None where there is none."""
    if not lang:
        return None
    lang = lang.strip().replace("_", "-")
    if lang.lower() == PSEUDO.lower():
        return PSEUDO
    have = languages()
    for tag in (lang, lang.split("-")[0]):
        for h in have:
            if h.lower() == tag.lower():
                return h
    return None


def negotiate(accept_language: str | None) -> str:
    """The language of an ``Accept-Language`` header (``es-AR,es;q=0.9,en;q=0.8`` -> ``es``):
    the first, by weight, that has a catalogue; English otherwise."""
    prefs: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and tag != "*" and q > 0:
            prefs.append((-q, i, tag))
    for _q, _i, tag in sorted(prefs):
        found = known(tag)
        if found is not None and found != PSEUDO:
            return found
    return ENGLISH


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of a terminal, as gettext finds it: ``LANGUAGE`` (a list), ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` (``es_AR.UTF-8`` -> ``es``); English where none has a catalogue."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in env.get(var, "").split(":"):
            tag = tag.split(".")[0].split("@")[0]
            if tag in ("", "C", "POSIX"):
                continue
            found = known(tag)
            if found is not None and found != PSEUDO:
                return found
        if env.get(var):
            break
    return ENGLISH


# ----------------------------------------------------------------------------------- loading
def _index_categories(catalog: Catalog, locale: Locale) -> list[str]:
    """The CLDR category of each of the catalogue's gettext plural forms (``msgstr[i]``): the
    category of the numbers its ``Plural-Forms`` expression sends to ``i``."""
    pick = gettext.c2py(catalog.plural_expr)
    cats: list[str] = []
    samples = [*range(0, 220), 1000, 10000, 100000, 1000000, 2000000]
    for i in range(catalog.num_plurals):
        found = [locale.plural_form(n) for n in samples if pick(n) == i]
        cats.append(max(set(found), key=found.count) if found else "other")
    return cats


def _forms(ids: tuple[str, ...] | list[str], cats: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for cat, s in zip(cats, ids, strict=False):
        if s and cat not in out:
            out[cat] = s
    given = [s for s in ids if s]
    if "other" not in out and given:
        out["other"] = given[-1]
    return out


def read_catalogue(path: Path, lang: str) -> dict[str, str | Forms]:
    """A ``.po`` (or the ``.pot``, whose English msgids are the English catalogue) as key ->
    template; untranslated and fuzzy entries are left out (English stands in for them)."""
    locale = _cldr_locale(lang)
    with path.open("rb") as f:
        cat = read_po(f, locale=None if path.suffix == ".pot" else locale, domain="canasta")
    english = path.suffix == ".pot"
    cats = ["one", "other"] if english else _index_categories(cat, locale)
    out: dict[str, str | Forms] = {}
    for m in cat:
        if not m.context or not m.id:
            continue
        if english:
            out[m.context] = _forms(m.id, ["one", "other"]) if isinstance(m.id, tuple) else str(m.id)
        elif m.fuzzy:
            continue
        elif isinstance(m.string, tuple | list):
            forms = _forms(m.string, cats)
            if forms:
                out[m.context] = forms
        elif m.string:
            out[m.context] = m.string
    return out


def _words(messages: Mapping[str, str | Forms], locale: Locale) -> Words:
    def one(key: str) -> str:
        v = messages.get(key, key)
        return v if isinstance(v, str) else v.get("one") or v["other"]

    def number(n: int) -> str:
        return str(format_decimal(n, locale=locale))

    def category(n: int) -> str:
        return str(locale.plural_form(n))

    return Words(rank_one={r: one(f"rank_{k}") for r, k in RANK_KEYS.items()},
                 rank_many={r: one(f"ranks_{k}") for r, k in RANK_KEYS.items()},
                 suit_names=tuple(one(f"suit_{s}") for s in "CDHS"),
                 card_name=one("card_name"), joker=one("joker"), number=number,
                 plural=lambda n: 0 if category(n) == "one" else 1, category=category,
                 rank_a={r: one(f"rank_a_{k}") for r, k in RANK_KEYS.items()},
                 count_words={i: one(f"count_{i}") for i in range(1, 8)})


@cache
def catalogue(lang: str = ENGLISH) -> Catalogue:
    """The catalogue of ``lang`` (a tag from :func:`languages`, or the pseudo-locale); an unknown
    tag gets English."""
    tag = known(lang) or ENGLISH
    english = read_catalogue(TEMPLATE, ENGLISH)
    if tag == ENGLISH:
        messages: dict[str, str | Forms] = english
    elif tag == PSEUDO:
        from .pseudo import pseudo_messages

        messages = pseudo_messages(english)
    else:
        messages = {**english, **read_catalogue(HERE / f"{tag}.po", tag)}
    locale = _cldr_locale(tag)
    return Catalogue(tag, locale, messages, _words(messages, locale))


def page_words_english() -> dict[str, str | dict[str, str]]:
    """The pages' words in English (the source the template's page msgids are extracted from)."""
    data: dict[str, str | dict[str, str]] = json.loads(PAGE_WORDS.read_text("utf-8"))
    return data
