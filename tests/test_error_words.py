"""The library's errors as a code and its data (issue 37): a bad rule option or house rule, a malformed
record, position, card or action keeps its English sentence for Python users, and carries a code and
data that every catalogue says whole, in the reader's language, nested reasons included."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta import rules
from canasta.actions import Action
from canasta.cards import parse_card
from canasta.error_words import ERRORS, OS_REASONS, english, reason_of
from canasta.errors import CanastaError, NotationError, RecordError, RuleError
from canasta.i18n import PSEUDO, catalogue
from canasta.records import FORMAT, VERSION, GameRecord, position
from canasta.refusals import REFUSALS
from canasta.rules import RuleSet
from canasta.translate import placeholders, po_paths

SRC = Path(canasta.__file__).parent


def _sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(SRC.rglob("*.py"))
                     if p.name != "error_words.py")


def test_every_code_raised_has_its_words_and_every_word_is_used() -> None:
    """Every ``rule_error("x"``, ``record_error("x"``, ``coded(BotError, "x"``, ``bad(option, "x"``
    and NotationError code has an English template; every template's code is raised somewhere (a
    code chosen in code, ``key_per_{what}``, is written out where it is made)."""
    text = _sources()
    raised = set(re.findall(r'(?:rule_error|record_error|coded\(\w+,)\(?\s*"([a-z0-9_]+)"', text))
    raised |= set(re.findall(r'\bbad\((?:\w+|"\w+"),\s*"([a-z0-9_]+)"', text))
    raised |= set(re.findall(r'NotationError\((?:[^()]|\([^()]*\))*?,\s*"([a-z0-9_]+)"[,)\s]', text))
    assert {"option_value", "unknown_option", "range", "action_refused", "card_rank", "top_form"} <= raised
    assert not raised - set(ERRORS), raised - set(ERRORS)
    literals = set(re.findall(r'"([a-z0-9_]+)"', text)) | {f"key_per_{w}" for w in ("seat", "side")}
    # reasons made in error_words itself: an OS error by its errno (os_reason), where JSON breaks
    literals |= {*OS_REASONS.values(), "os_unknown_host", "json_where"}
    assert not set(ERRORS) - literals, set(ERRORS) - literals


def test_the_errors_codes_are_not_the_engines_refusal_codes() -> None:
    """A nested reason is said from ``error.<code>``, or else ``refusal.<code>``: the two never share a
    code, so a reason can only mean one sentence."""
    assert not set(ERRORS) & set(REFUSALS)


@pytest.mark.parametrize("lang", [p.stem for p in po_paths()])
def test_every_error_code_has_english_and_its_translation_with_the_same_placeholders(lang: str) -> None:
    cat = catalogue(lang)
    english_cat = catalogue()
    for code, template in ERRORS.items():
        key = f"error.{code}"
        assert english_cat.has(key), key
        theirs = cat.messages.get(key)
        words = re.sub(r"\{\w+(?::\w+)?\}|[^A-Za-z]", "", str(template))
        assert theirs is not None and (theirs != english_cat.messages[key] or not words), (lang, key)
        texts = [theirs] if isinstance(theirs, str) else list(theirs.values())
        for t in texts:
            assert placeholders(t) == placeholders(template if isinstance(template, str) else template[-1]), \
                (lang, key, t)


def _refused(make: Any) -> CanastaError:
    with pytest.raises(CanastaError) as info:
        make()
    return info.value


BAD_RECORD = {"format": FORMAT, "version": VERSION, "rules": "classic", "seed": 1, "actions": ["discard JK"]}

CASES = {
    "packs": lambda: rules("classic", packs=9),
    "unknown option": lambda: rules("classic", pakcs=2),
    "bool": lambda: rules("classic", concealed_bonus="yes"),
    "preset": lambda: rules("classik"),
    "players": lambda: rules("classic", players=7),
    "positional": lambda: RuleSet(2),  # type: ignore[misc]
    "card": lambda: parse_card("XZ"),
    "action": lambda: Action.parse("meld"),
    "position": lambda: position({"rules": "classic", "hands": "KH"}),
    "hand_over": lambda: position({"rules": "classic", "hand_over": {"reason": "nope"}}),
    "record json": lambda: GameRecord.from_json("{"),
    "record action": lambda: GameRecord.from_dict(BAD_RECORD).replay(),
    "record text action": lambda: GameRecord.from_dict({**BAD_RECORD, "actions": ["meld KH QX"]}),
    "record rules": lambda: GameRecord.from_dict({**BAD_RECORD, "rules": {"preset": "classic",
                                                                           "overrides": {"packs": 0}}}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_error_keeps_its_english_and_says_it_in_spanish_from_its_code(case: str) -> None:
    e = _refused(CASES[case])
    assert isinstance(e, (RuleError, RecordError, NotationError)), e
    assert e.code in ERRORS, (case, e.code, str(e))
    assert str(e) == english(e.code, e.data)            # the English of Python users, unchanged
    json.dumps(e.data)                                  # the data cross a wire
    assert catalogue().error(e) == str(e)
    spanish = catalogue("es").error(e)
    assert spanish != str(e) and "{" not in spanish, spanish
    assert catalogue(PSEUDO).error(e) != str(e)


def test_english_sentences_python_users_match_are_kept() -> None:
    assert str(_refused(CASES["packs"])) == "rule option 'packs' = 9: must be 1 to 4"
    assert str(_refused(CASES["unknown option"])) == "unknown rule option 'pakcs' (did you mean 'packs'?)"
    assert str(_refused(CASES["card"])) == "'XZ': unknown rank 'X' (ranks are A K Q J T 9 8 7 6 5 4 3 2)"
    assert str(_refused(CASES["preset"])).startswith("unknown rule set 'classik' (did you mean 'classic'?)")


def test_a_reason_inside_a_reason_is_said_in_the_same_language() -> None:
    """A record whose rules are refused (the rule option's reason inside the record's), and a record
    whose first move the rules refuse (the engine's refusal inside the record's): every level of the
    sentence in Spanish."""
    e = _refused(CASES["record rules"])
    assert str(e) == "rules: rule option 'packs' = 0: must be 1 to 4"
    assert catalogue("es").error(e) == "reglas: la opción 'packs' = 0: tiene que estar entre 1 y 4"
    e = _refused(CASES["record action"])
    assert e.code == "action_refused" and reason_of(e) == {"code": e.code, "data": dict(e.data)}
    said = catalogue("es").error(e)
    assert said.startswith("la jugada 1 (discard JK) no se puede hacer: ") and "draw" not in said
    inner = e.data["reason"]
    assert said.endswith(catalogue("es").text(f"refusal.{inner['code']}", inner["data"]))
    e = _refused(CASES["record text action"])
    assert str(e) == "action 1: 'QX': unknown suit 'X' (suits are C D H S)"
    assert catalogue("es").error(e).startswith("jugada 1: 'QX': palo desconocido 'X'")


POSITION = {"hands": ["5C 5D", "6C", "7C", "8C"], "stock": "9C 9D", "pile": "4S"}


@pytest.mark.parametrize(("preset", "cards", "english", "spanish"), [
    ("classic", "3C 3S 5C", "black threes meld only with each other",
     "los treses negros se bajan solo entre ellos, sin otras cartas"),
    ("classic", "KH KD 3D", "red threes cannot be melded", "los treses rojos no se bajan"),
    ("classic", "KH 2D 2C", "a meld needs three cards, 2 of them natural",
     "un juego necesita tres cartas, 2 de ellas naturales"),
    ("bolivia", "JK 2C", "wild cards cannot be melded on their own here",
     "con estas reglas los comodines no se bajan solos"),
    ("classic", "5C 6C 7C", "a meld is cards of one rank, or (where the rules have sequences) three or more "
     "natural cards of one suit in a row", "un juego son cartas del mismo número o (si las reglas tienen "
     "escaleras) tres o más cartas naturales seguidas de un mismo palo"),
    ("trey-canasta", "3C 3S 3H", "black threes may not be melded with wild cards", None),  # the play's code
])
def test_a_positions_meld_refused_is_a_code_said_in_english_and_in_spanish(
        preset: str, cards: str, english: str, spanish: str | None) -> None:
    """Why a position's meld is refused (melds.meld_problem) is a refusal's code and data inside the
    RecordError: the English sentence Python users match is unchanged, and the command line and the
    server say every level of it in Spanish (the play's own codes reused where the reason is theirs)."""
    e = _refused(lambda: position({"rules": preset, **POSITION, "melds": [[cards], []]}))
    assert e.code == "at" and str(e) == f"melds[0][0]: {english}"
    inner = e.data["reason"]
    assert isinstance(inner, dict) and inner["code"] in REFUSALS, inner
    json.dumps(e.data)
    said = catalogue("es").error(e)
    assert said.startswith("melds[0][0]: ") and said != str(e) and "{" not in said, said
    if spanish is not None:
        assert said == f"melds[0][0]: {spanish}"
    assert said.endswith(catalogue("es").text(f"refusal.{inner['code']}", inner["data"]))


def test_an_error_with_no_code_is_said_in_its_english() -> None:
    e = RuleError("an engine without words for this yet")
    assert catalogue("es").error(e) == "an engine without words for this yet"
    assert reason_of(e) == "an engine without words for this yet"


def test_an_error_type_that_sets_its_own_code_keeps_it() -> None:
    """A club tool's error (a season's) sets its code and data before the base class's ``__init__``:
    they stay (the base class sets only what it is given)."""
    from canasta.tournament.season import SeasonError
    e = SeasonError("same_name", name="Ann")
    assert e.code == "same_name" and e.data == {"name": "Ann"}
    assert catalogue("es").error(e) != str(e)
