"""Catalogues (canasta.i18n, canasta.translate): the template is what the code says, every language
has every message with the same placeholders, numbers and plurals follow CLDR, and a new language is
a file, not code."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import canasta.i18n as i18n
from canasta import GameState, rules
from canasta.bots import make_bot
from canasta.bots.explain import TEMPLATES, Explanation
from canasta.i18n import PSEUDO, catalogue, known, languages, negotiate
from canasta.i18n.pseudo import pseudo
from canasta.translate import extract, fill, init, po_paths, problems, sources
from canasta.views import view

SRC = Path(i18n.__file__).parent.parent


def test_the_template_is_what_the_code_says() -> None:
    """``python -m canasta.translate update`` was run after the last change of an English template:
    the checked-in canasta.pot is exactly what the code's tables extract to."""
    assert i18n.TEMPLATE.read_bytes() == extract(), "run: python -m canasta.translate update"


@pytest.mark.parametrize("lang", [p.stem for p in po_paths()])
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    """Every key of the template is in every catalogue, translated (not fuzzy), and names the same
    data (a plural's forms may leave the count out, never name another datum)."""
    assert problems(lang) == []


def test_spanish_is_a_language_and_the_pseudo_locale_is_not_listed() -> None:
    assert "es" in languages() and languages()[0] == "en" and PSEUDO not in languages()


def test_numbers_and_plurals_follow_cldr() -> None:
    """15,000 in English and 15.000 in Spanish (CLDR through Babel); Spanish has a form for
    millions ("un millón de cartas")."""
    en, es = catalogue("en"), catalogue("es")
    assert en.text("stock", n=15000) == "Stock: 15,000 cards" and en.text("stock", n=1) == "Stock: 1 card"
    assert es.text("stock", n=15000) == "Mazo: 15.000 cartas" and es.text("stock", n=1) == "Mazo: 1 carta"
    assert es.text("stock", n=1000000) == "Mazo: 1.000.000 de cartas"
    assert es.text("hint.take.makes", n=5, rank=13) == "te da 5 cartas y hace una canasta de reyes"
    assert es.text("hint.discard.next_threw", rank=12) == \
        "casi segura: el rival de tu izquierda tiró una reina"


def test_cards_are_named_in_the_readers_words() -> None:
    es = catalogue("es")
    assert es.words.name("KH") == "rey de corazones" and es.words.name("JK") == "comodín"
    assert es.text("meld_group_natural", rank=7) == "canasta limpia de sietes"


def test_the_browser_language_is_negotiated() -> None:
    assert negotiate("es-AR,es;q=0.9,en;q=0.8") == "es"
    assert negotiate("fr-FR,fr;q=0.9,es;q=0.5") == "es"
    assert negotiate("de-DE") == "en" and negotiate(None) == "en" and negotiate("es;q=0") == "en"
    assert known("es-UY") == "es" and known("xx") is None and known("en-xa") == PSEUDO


def test_the_pseudo_locale_wraps_and_accents_every_word_but_keeps_placeholders() -> None:
    assert pseudo("Stock: {n} cards") == "[Šţöçķ: {n} çåŕðš]"
    p = catalogue(PSEUDO)
    assert p.text("stock", n=3) == "[Šţöçķ: 3 çåŕðš]"
    assert p.words.name("KH").startswith("[")


def test_every_template_key_the_sources_name_is_unique_and_extracted() -> None:
    src = sources()
    template = catalogue("en")
    assert set(src) <= set(template.messages)
    assert all(re.fullmatch(r"[a-z0-9_. -]+", k, re.I) for k in src)   # ("group_going out": a group)


# ------------------------------------------------------------------------------------- hints
HINT_CODE = re.compile(r'"(hint\.[a-z0-9_.]+)"')


def test_every_hint_code_the_module_names_has_a_template() -> None:
    """Every literal hint code in canasta.bots.explain and every reason code the heuristic gives a
    discard (said as ``hint.discard.<code>``, or as the least-needed card) has an English template."""
    text = (SRC / "bots" / "explain.py").read_text("utf-8")
    named = set(HINT_CODE.findall(text.split("TEMPLATES: dict")[1].split("\n}\n", 1)[1]))
    prefixes = {c for c in named if c.endswith(".")}   # "hint.take." + what the take does
    assert named - prefixes and named - prefixes <= set(TEMPLATES)
    assert all(any(k.startswith(p) for k in TEMPLATES) for p in prefixes)
    heuristic = (SRC / "bots" / "heuristic.py").read_text("utf-8")
    discard = heuristic.split("def discard_score")[1].split("def seq_keep")[0]
    rule_values = {"disclose", "none", "optional"}   # rule options compared there, not reasons
    reasons = set(re.findall(r'"([a-z0-9_]+)"', discard)) - rule_values
    assert {"safe", "freeze_pile", "black3_stops", "next_threw", "sheds_stuck"} <= reasons
    for r in reasons:
        # a safe card and a held red three are said as the card needed least (or by what is known)
        said = f"hint.discard.{r}" in TEMPLATES or r in ("safe", "red3", "red3_wild")
        assert said, f"the heuristic's discard reason {r!r} has no sentence"


@pytest.mark.parametrize("preset", ["classic", "spanish", "bolivia", "american", "trey-canasta"])
def test_every_hint_a_game_gives_has_a_sentence_in_every_language(preset: str) -> None:
    """Bots play a game; at each decision the club player's explanation is said in every language:
    every code it gives is in every catalogue, and the sentence is whole (no placeholder left)."""
    rng = random.Random(7)
    s = GameState.new(rules(preset), seed=11)
    bots = [make_bot("club", i) for i in range(s.rules.players)]
    for i, b in enumerate(bots):
        b.start(s.rules, i)
    seen: set[str] = set()
    langs = ["en", *[p.stem for p in po_paths()], PSEUDO]
    for _ in range(400):
        if s.is_over:
            break
        seat = s.actor
        legal = s.legal_actions()
        a = bots[seat].choose(view(s, seat), legal)
        said: Explanation | None = bots[seat].explanation()  # type: ignore[attr-defined]
        assert said is not None
        for code, _data in (said.move, *(() if said.reason is None else (said.reason,))):
            seen.add(code)
            for lang in langs:
                assert catalogue(lang).has(code), (lang, code)
        for lang in langs:
            text = said.say(catalogue(lang).text)
            assert "{" not in text and text.strip(), (lang, text)
        s.apply(rng.choice(legal) if rng.random() < 0.05 else a)
    assert len(seen) >= 8


def test_an_explanation_crosses_processes_as_data() -> None:
    e = Explanation(("hint.move.discard", {"cards": ["7H"]}), ("hint.discard.next_threw", {"rank": 7}))
    back = Explanation.from_json(e.to_json())
    assert back == e
    assert e.english() == "Discard 7♥: probably safe, your left-hand opponent threw a 7 away."
    assert back.say(catalogue("es").text) == \
        "Descarta 7♥: casi segura: el rival de tu izquierda tiró un 7."


# ------------------------------------------------------------------------------------- a new language
def test_a_new_language_needs_no_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A translator adds Brazilian Portuguese as docs/translating.md says: ``init pt``, fill the
    .po, and every interface offers it, negotiates it and says its words, numbers and plurals."""
    for p in (i18n.TEMPLATE, i18n.PAGE_WORDS):
        shutil.copy(p, tmp_path / p.name)
    import canasta.translate as translate
    for module in (i18n, translate):
        monkeypatch.setattr(module, "HERE", tmp_path)
        monkeypatch.setattr(module, "TEMPLATE", tmp_path / "canasta.pot")
    catalogue.cache_clear()
    try:
        init("pt")
        fill("pt", {"stock": ["Monte: {n} carta", "Monte: {n} de cartas", "Monte: {n} cartas"],
                    "rank_K": "rei", "suit_H": "copas", "card_name": "{rank} de {suit}",
                    "hint.move.discard": "Descarte {cards}"})
        assert "pt" in languages() and negotiate("pt-BR,pt;q=0.9") == "pt"
        pt = catalogue("pt")
        assert pt.text("stock", n=15000) == "Monte: 15.000 cartas"
        assert pt.words.name("KH") == "rei de copas"
        assert pt.text("act_draw") == "Draw from the stock"  # not yet translated: English stands in
        assert problems("pt")                               # and the check says what is missing
        from fastapi.testclient import TestClient

        from canasta.server.app import create_app
        from canasta.server.config import ServerConfig
        app = create_app(ServerConfig(data_dir=tmp_path, bot_workers=0))
        with TestClient(app) as client:
            body: dict[str, Any] = client.get("/api/messages/auto",
                                              headers={"accept-language": "pt-BR"}).json()
            assert body["lang"] == "pt" and body["messages"]["stock"]["other"] == "Monte: {n} cartas"
            assert {"tag": "pt", "name": "Português"} in body["languages"]
    finally:
        catalogue.cache_clear()


def test_words_added_to_the_old_page_file_are_carried_into_the_catalogues(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A branch made before the catalogues adds a word to web/static/messages/en.json: ``carry``
    moves the new and changed keys into pages-en.json, the template and every .po (new messages
    empty there, so the check names them), and leaves the old file's split plurals alone."""
    for p in (i18n.TEMPLATE, i18n.PAGE_WORDS, *po_paths()):
        shutil.copy(p, tmp_path / p.name)
    import canasta.translate as translate
    for module in (i18n, translate):
        monkeypatch.setattr(module, "HERE", tmp_path)
        monkeypatch.setattr(module, "TEMPLATE", tmp_path / "canasta.pot")
        monkeypatch.setattr(module, "PAGE_WORDS", tmp_path / "pages-en.json")
    catalogue.cache_clear()
    try:
        old = tmp_path / "en.json"
        old.write_text(json.dumps({"act_draw": "Draw from the stock", "ko_round": "Knockout round {n}",
                                   "pile_1": "Discard pile: 1 card", "pile": "Discard pile: {n} cards"}))
        assert translate.carry(old) == ["ko_round"]
        assert json.loads((tmp_path / "pages-en.json").read_text("utf-8"))["ko_round"] == "Knockout round {n}"
        assert catalogue("en").text("ko_round", n=2) == "Knockout round 2"
        assert problems("es") == ["ko_round: not translated"]
        fill("es", {"ko_round": "Ronda eliminatoria {n}"})
        catalogue.cache_clear()
        assert catalogue("es").text("ko_round", n=2) == "Ronda eliminatoria 2" and problems("es") == []
    finally:
        catalogue.cache_clear()


# ------------------------------------------------------------------------------------- refusals
def _sample(template: str | tuple[str, ...] | dict[str, str]) -> dict[str, Any]:
    """Data for every placeholder of a template, typed by its key's name (canasta.messages)."""
    from canasta.messages import kind_of
    texts = [template] if isinstance(template, str) else list(
        template.values() if isinstance(template, dict) else template)
    data: dict[str, Any] = {}
    for key in {m.group(1) for t in texts for m in re.finditer(r"\{(\w+)(?::\w+)?\}", t)}:
        kind = kind_of(key, 0)
        data[key] = {"card": "KH", "cards": ["KH", "QS"], "rank": 13, "suit": 2}.get(kind) or (
            "x" if key in ("value", "field", "reason", "name", "what", "who") else 2)
    return data


@pytest.mark.parametrize("lang", ["en", *[p.stem for p in po_paths()], PSEUDO])
def test_every_refusal_the_engine_and_the_server_make_is_said_in_every_language(lang: str) -> None:
    """Every code of the engine's refusal table (tests/test_wording.py checks that every code the
    engine returns is in it), of the server's and of the library errors' (tests/test_error_words.py
    checks every code raised is in it) has a sentence in every language, said whole with
    its data (no placeholder left, the English's data named), and a refusal is said by its code."""
    from canasta.error_words import ERRORS
    from canasta.refusals import REFUSALS as ENGINE
    from canasta.server.events import MESSAGES as RESULTS
    from canasta.server.refusals import REFUSALS as SERVER
    from canasta.tournament.season import MESSAGES as SEASON
    from canasta.tournament.words import LINES
    from canasta.tournament.words import MESSAGES as TOURNAMENT
    cat = catalogue(lang)
    for prefix, table in (("refusal", ENGINE), ("server", SERVER), ("server", RESULTS), ("server", SEASON),
                          ("server", TOURNAMENT), ("", LINES), ("error", ERRORS)):
        for code, template in table.items():
            key = f"{prefix}.{code}" if prefix else code
            assert key in cat.messages, (lang, key)
            for n in (1, 2, 1000000):
                said = cat.text(key, {**_sample(template), "n": n})
                assert said and "{" not in said, (lang, key, said)
    said = cat.refusal("not_in_hand", {"card": "KH"}, "you do not hold K♥")
    assert said == {"en": "you do not hold K♥", "es": "no tienes K♥"}.get(lang, said) and "K♥" in said
    assert cat.refusal("a_code_from_the_future", {}, "the English") == "the English"


# ------------------------------------------------------------------------------------- the tournament
TOURNAMENT_CODE = re.compile(r'(?:TournamentError|FrameError)\(f?"([a-z_{}]+)"')
LINE_CODE = re.compile(r'\bline\(\s*"([a-z_0-9]+)"')


def test_every_code_the_tournament_raises_or_shows_has_its_english_and_no_other_code_is_the_same() -> None:
    """Every ``TournamentError("code", ...)`` and every page line ``line("code", ...)`` the tournament
    package writes has its English template (so the catalogues have it, and the test above says it in
    every language); none raises a plain sentence (the fair deals' files included); and no
    tournament code is also a code of the server, the season, a table's totals or the engine (the
    server says a refusal by ``server.<code>`` first: the wrong sentence would win)."""
    from canasta.refusals import REFUSALS as ENGINE
    from canasta.server.events import MESSAGES as RESULTS
    from canasta.server.refusals import REFUSALS as SERVER
    from canasta.tournament.season import MESSAGES as SEASON
    from canasta.tournament.words import LINES
    from canasta.tournament.words import MESSAGES as TOURNAMENT
    raised: set[str] = set()
    shown: set[str] = set()
    for path in sorted((SRC / "tournament").glob("*.py")):
        text = path.read_text("utf-8")
        codes = TOURNAMENT_CODE.findall(text)
        raises = text.count("raise TournamentError(") + text.count("raise FrameError(")
        assert len(codes) == raises, path.name   # every raise by its code
        raised |= {c.replace("{who}", side) for c in codes for side in ("ns", "ew")}
        shown |= set(LINE_CODE.findall(text))
    raised -= {c for c in raised if "{" in c}
    assert len(raised) > 50 and raised <= set(TOURNAMENT), sorted(raised - set(TOURNAMENT))
    assert shown == {"draw_table", "draw_no_opponent", "gvr_game2", "gvr_game3"}
    assert all(f"tournament.{c}" in LINES for c in shown)
    others = set(SERVER) | set(SEASON) | set(RESULTS) | set(ENGINE)
    assert not set(TOURNAMENT) & others, sorted(set(TOURNAMENT) & others)
    assert not set(SEASON) & (set(SERVER) | set(RESULTS) | set(ENGINE))


@pytest.mark.parametrize("lang", [p.stem for p in po_paths()])
def test_the_tournaments_lines_and_refusals_have_the_english_placeholders_in_every_language(
        lang: str) -> None:
    """Each tournament code's sentence in ``lang`` names exactly the data its English names (a plural's
    singular may leave the count out), and a page reads its lines from the pages' catalogue."""
    from canasta.tournament.words import LINES
    from canasta.tournament.words import MESSAGES as TOURNAMENT
    from canasta.translate import placeholders
    english, cat = catalogue("en"), catalogue(lang)
    keys = [f"server.{c}" for c in TOURNAMENT] + list(LINES)
    for key in keys:
        assert (key in cat.messages and cat.messages[key] != english.messages[key]) or key in (
            "tournament.movement.mitchell", "tournament.movement.howell"), (lang, key)   # names kept
        ours, theirs = cat.messages[key], english.messages[key]
        forms = [ours] if isinstance(ours, str) else list(ours.values())
        want = placeholders(theirs if isinstance(theirs, str) else theirs.values())
        assert placeholders(forms[-1]) == want, (lang, key)
    pages = cat.page_catalogue()["messages"]
    assert set(LINES) <= set(pages) and not any(k.startswith("server.") for k in pages)
