"""The pages in other languages (issue 37), in Debian's Chromium: every visible word of every page
comes from a catalogue (a run in the pseudo-locale, where a catalogue word is accented and any word
written in code stands out as plain ASCII), a hand played in Spanish with the browser's language
(Accept-Language), the language switch remembered, and screenshots at phone and desktop widths."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx

from canasta.i18n import PSEUDO, catalogue

from .conftest import LiveServer
from .play import play_until_hand_over
from .test_pages import SIDEWAYS


def open_page(context: Any, url: str) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    return page

# Every piece of text a person reads on the page: text nodes that are shown, and the names and
# placeholders of controls; [data-verbatim] (option names typed in house rules, the rule sheets'
# quotes, each language's own name) apart, and [data-untranslated] (text the server still makes in
# English) listed apart.
READ = """() => {
  const out = { text: [], untranslated: [] };
  const shown = e => e && e.getClientRects().length && getComputedStyle(e).visibility !== "hidden";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode, e = n.parentElement, s = n.textContent.trim();
    if (!s || !shown(e) || e.closest("script, style, [data-verbatim]")) continue;
    (e.closest("[data-untranslated]") ? out.untranslated : out.text).push(s);
  }
  for (const e of document.querySelectorAll("[data-untranslated]")) {
    out.untranslated.push(`[data-untranslated] ${e.tagName} ${e.textContent.trim().slice(0, 60)}`);
  }
  for (const e of document.querySelectorAll("[aria-label], [title], [placeholder], option")) {
    if (e.closest("[data-verbatim]") || (e.tagName !== "OPTION" && !shown(e))) continue;
    for (const a of ["aria-label", "title", "placeholder"]) {
      if (e.getAttribute(a)) out.text.push(e.getAttribute(a));
    }
    if (e.tagName === "OPTION") out.text.push(e.textContent.trim());
  }
  out.text.push(document.title);
  return out;
}"""
# Plain words: two or more ASCII letters. The pseudo-locale has none (every letter is accented); a
# card is a symbol and a single letter (K♥, 10♦), a meld number @0.
PLAIN = re.compile(r"[A-Za-z]{2,}")
HEX = re.compile(r"\b[0-9a-f]{12}\b")


def plain_words(page: Any, where: str) -> tuple[set[str], list[str]]:
    got = page.evaluate(READ)
    # "JK" is the index printed in a joker's corner, as K or 10 on the others; a fair deal's code and
    # seal are hexadecimal digits
    bad = {f"{where}: {s!r}" for s in got["text"] if PLAIN.search(HEX.sub("", s)) and s != "JK"}
    return bad, got["untranslated"]


PAIRS = ["[Åñå] & [Ƀéñ]", "[Çý] & [Ðî]", "[Éð] & [Ƒļö]", "[Ĝûš] & [Ĥåļ]"]   # names players typed


def test_every_visible_word_of_every_page_comes_from_a_catalogue(chromium: Any, server: LiveServer,
                                                                  shots: Path) -> None:
    """The pseudo-locale run: home, a table played to the end of a hand (log, hint, breakdown), the
    replay, the host's page, the lobby, the fair deals' page, the rules card, the score keeper with a hand and
    the tournament's director page and clock: no plain (unaccented) word anywhere, so none was
    written in code."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    bad: set[str] = set()
    untranslated: list[str] = []

    def look(page: Any, where: str) -> None:
        b, u = plain_words(page, where)
        bad.update(b)
        untranslated.extend(u)

    page = open_page(context, server.url + f"/?lang={PSEUDO}")
    page.wait_for_selector("#preset option[value='spanish']", state="attached")
    assert page.locator("h1").inner_text().startswith("[")          # the pseudo-locale is on
    page.fill("#house", "game_hands=1")
    page.wait_for_selector("#pok:not([hidden])")
    look(page, "home")
    # a one-hand game of the Spanish rules against three bots (the page remembers the language)
    made = httpx.post(server.url + "/api/tables", json={
        "preset": "spanish", "overrides": {"game_hands": 1},
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "club"}] * 3}).json()
    page.goto(made["links"]["seats"]["0"] + "&h=" + made["host_token"])
    page.wait_for_selector("#hand .card")
    page.wait_for_selector("body.my-turn")
    pseudo = catalogue(PSEUDO).text
    page.locator("#actions button", has_text=pseudo("hint")).click()
    page.wait_for_selector("#hint:not([hidden])")
    look(page, "table")
    play_until_hand_over([page], lang=PSEUDO)
    look(page, "end of the hand")
    page.screenshot(path=str(shots / "pseudo-breakdown-1280.png"))
    table_id, host = made["table_id"], made["host_token"]
    with page.expect_navigation():
        page.locator("#result-replay").click()
    page.wait_for_selector("#at:not(:empty)")
    page.click("#fwd")
    page.wait_for_selector("#log li")
    look(page, "replay")
    page.goto(server.url + f"/host/{table_id}#t={host}")
    page.wait_for_selector("#seats li")
    look(page, "host")
    page.goto(server.url + "/lobby")   # the table nobody named: its rule set's title from the catalogue
    page.wait_for_selector("#tables tr:not(.head)")
    look(page, "lobby")
    page.goto(server.url + "/fair")
    page.wait_for_selector("h2:not(:empty)")
    look(page, "fair deals")
    page.goto(server.url + "/rules/trey-canasta")
    page.wait_for_selector("#groups li")
    look(page, "rules card")
    sheet = httpx.post(server.url + "/api/sheets", json={"preset": "american", "names": PAIRS[:2]}).json()
    page.goto(sheet["link"])
    page.wait_for_selector("#sides-entry fieldset")
    page.fill("#f-0-natural_canastas", "1")
    page.fill("#f-0-table", "300")
    page.click("#save")
    page.wait_for_selector("#hands table")
    look(page, "score keeper")
    page.goto(server.url + "/score")
    page.wait_for_selector("#preset option[value='classic']", state="attached")
    look(page, "new score sheet")
    page.goto(server.url + "/event")
    page.wait_for_selector("#preset option[value='nvso-tournament']", state="attached")
    look(page, "new tournament")
    # a tournament with every line its module makes: the seats' high-card draws, where each decision
    # comes from, S2's new partners (the draws, the table cards' notes, the players' guide cards)
    event = httpx.post(server.url + "/api/events", json={
        "name": "[Çļûƀ]", "pairs": PAIRS, "draw": "high_card", "partnering": "gvr"}).json()
    page.goto(event["link"])
    page.wait_for_selector("#rounds section")
    assert page.locator("#ev-draws li").count() == 2 + 3 + 4 + 1      # draws, sources, partners, clock
    assert page.locator("#table-cards .note").count() == 4 and page.locator("#guides li").count() == 24
    look(page, "tournament")
    page.goto(event["link"].replace("#", "/clock#"))
    page.wait_for_selector("#time:not(:empty)")
    look(page, "clock")
    page.click("#start")
    page.wait_for_selector("#pause:not([hidden])")
    look(page, "clock running")
    # a knockout seeded by the high card: the bracket, its draws and sources, a tie refused in words
    knockout = httpx.post(server.url + "/api/events", json={
        "name": "[Ķö]", "pairs": PAIRS, "draw": "high_card", "movement": "knockout"}).json()
    page.goto(knockout["link"])
    page.wait_for_selector("#bracket .ko-game")
    page.fill("#r1t1-ns", "2500")
    page.fill("#r1t1-ew", "2500")
    page.click("#r1t1-save")
    page.wait_for_selector("#r1t1-row-err")
    assert "2.500" not in page.inner_text("#r1t1-row-err") and "2,500" in page.inner_text("#r1t1-row-err")
    look(page, "knockout")
    page.goto(knockout["link"].replace("#", "/bracket#"))
    page.wait_for_selector("#bracket .ko-game")
    look(page, "bracket")
    assert not page.errors
    assert not bad, "words not from a catalogue:\n" + "\n".join(sorted(bad))
    # nothing is marked as said in English any more: the tournament's lines come from the catalogue
    assert not untranslated, untranslated
    context.close()


def test_a_hand_in_spanish_in_the_browser(chromium: Any, server: LiveServer, shots: Path) -> None:
    """A Spanish-speaking player's browser (Accept-Language es-AR): the home page, a hand of the
    Spanish rules and its score in Spanish, with S4's words, at phone and desktop widths; the
    switch on the page changes the language and every page remembers it."""
    context = chromium.new_context(locale="es-AR", viewport={"width": 1280, "height": 900})
    page = open_page(context, server.url + "/")
    page.wait_for_selector("#preset option[value='spanish']", state="attached")
    assert page.get_by_role("heading", name="Jugar contra la computadora").is_visible()
    assert page.locator("html").get_attribute("lang") == "es"
    page.select_option("#preset", "spanish")
    assert "de dos a seis jugadores" in page.inner_text("#desc") and "5.000" in page.inner_text("#desc")
    page.fill("#house", "game_hands=1")
    page.click("#go")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card")
    page.wait_for_selector("body.my-turn")
    text = page.inner_text("body")
    for words in ("Te toca", "Robar del mazo", "Tu mano", "Mazo:", "Pozo", "Mínimo para bajarse", "Nosotros",
                  "Lo que pasó", "Se reparten las cartas."):
        assert words in text, words
    # a card by its Spanish name ("rey de corazones", "comodín")
    name = page.locator("#hand .card").first.get_attribute("aria-label")
    assert " de " in name or name == "comodín"
    page.locator("#actions button", has_text="Pista").click()
    page.wait_for_selector("#hint:not([hidden])")
    assert page.inner_text("#hint").startswith("Pista: ")
    page.screenshot(path=str(shots / "es-table-1280.png"))
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(shots / "es-table-375.png"), full_page=True)
    assert page.evaluate(SIDEWAYS) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    play_until_hand_over([page], lang="es")
    result = page.locator("#result")
    body = result.inner_text()
    assert "Terminó la mano 1" in body and "Total de la mano" in body and "Base (premios)" in body
    page.screenshot(path=str(shots / "es-breakdown-1280.png"))
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(shots / "es-breakdown-375.png"))
    assert page.evaluate(SIDEWAYS) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("#result-close").click()
    # the switch: English now, on this page and the next one opened
    page.select_option("#lang", "en")
    page.wait_for_selector("text=What happened")
    page.goto(server.url + "/rules/spanish")
    page.wait_for_selector("#groups li")
    assert "Spanish canasta (4 players)" in page.inner_text("#name")
    page.select_option("#lang", "es")
    page.wait_for_selector("#name:has-text('Canasta española (4 jugadores)')")
    assert "Mazos de 52 cartas: 2." in page.inner_text("#groups")   # each rule a sentence
    page.screenshot(path=str(shots / "es-rules-1280.png"))
    assert not page.errors
    context.close()


def test_a_tournament_in_spanish(chromium: Any, server: LiveServer, shots: Path) -> None:
    """The director's page, the table and guide cards, the clock and a knockout's bracket of a club
    afternoon in Spanish (issue 37): the tournament's own lines (movement, ranking rule, the seats'
    draws, where each decision comes from, S2's new partners, the guides' directions) and its
    refusals in the words of a Spanish-speaking club, at phone and desktop widths."""
    pairs = ["Ana & Beto", "Carla & Dani", "Eva & Fede", "Gus & Hugo"]
    es = {"accept-language": "es-AR,es;q=0.9"}
    event = httpx.post(server.url + "/api/events", headers=es, json={
        "name": "Tarde del club", "pairs": pairs, "draw": "high_card", "partnering": "gvr",
        "preset": "gvr-club"}).json()
    knockout = httpx.post(server.url + "/api/events", headers=es, json={
        "name": "Copa", "pairs": [*pairs, "Iris & Juan", "Kike & Lola"], "draw": "high_card",
        "movement": "knockout"}).json()
    context = chromium.new_context(locale="es-AR", viewport={"width": 1280, "height": 900})
    page = open_page(context, event["link"])
    page.wait_for_selector("#rounds section")
    facts, draws = page.inner_text("#ev-facts"), page.inner_text("#ev-draws")
    assert "4 parejas" in facts and "Cambio de compañero (GVR)" in facts and "3 rondas de 50 minutos" in facts
    seats = [x for x in draws.splitlines() if x.startswith("Mesa ") and x.endswith("se sienta en Norte-Sur")]
    assert len(seats) == 2 and " saca " in seats[0] and "partida 2" in draws
    assert "«un sorteo de carta alta»" in draws and "hace pareja con el anotador" in draws
    assert page.inner_text("#ev-ranking") == (
        "Solo cuentan los resultados que aceptaron las dos parejas. La clasificación va por las partidas "
        "ganadas, luego por los puntos totales y luego por las partidas ganadas entre las parejas empatadas; "
        "las parejas que siguen empatadas comparten el puesto. La pareja que descansa una ronda se anota en "
        "ella su propio promedio.")
    guides = page.inner_text("#guides")
    assert "Norte-Sur" in guides and "Este-Oeste" in guides and "North" not in guides
    assert "partida 3" in page.inner_text("#table-cards")
    page.screenshot(path=str(shots / "es-event-1280.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(shots / "es-event-375.png"), full_page=True)
    assert page.evaluate(SIDEWAYS) == []
    page.goto(event["link"].replace("#", "/clock#"))
    page.wait_for_selector("#time:not(:empty)")
    page.screenshot(path=str(shots / "es-clock-375.png"))
    assert page.evaluate(SIDEWAYS) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#start")
    page.wait_for_selector("#pause:not([hidden])")
    assert page.inner_text("#status") == "Jugando"
    page.screenshot(path=str(shots / "es-clock-1280.png"))
    page.goto(knockout["link"])
    page.wait_for_selector("#bracket .ko-game")
    facts = page.inner_text("#ev-facts")
    assert "Eliminación directa" in facts and "6 parejas" in facts
    assert "la mejor cabeza de serie se sienta en Norte-Sur" in page.inner_text("#ev-draws")
    assert "la ronda en que quedó fuera cada pareja: primero la campeona" in page.inner_text("#ev-ranking")
    page.fill("#r1t1-ns", "2500")
    page.fill("#r1t1-ew", "2500")
    page.click("#r1t1-save")
    page.wait_for_selector("#r1t1-row-err")
    assert page.inner_text("#r1t1-row-err").startswith("Mesa 1: los totales están empatados (2.500);")
    page.screenshot(path=str(shots / "es-knockout-1280.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(shots / "es-knockout-375.png"), full_page=True)
    assert page.evaluate(SIDEWAYS) == []
    page.goto(knockout["link"].replace("#", "/bracket#"))
    page.wait_for_selector("#bracket .ko-game")
    page.screenshot(path=str(shots / "es-bracket-375.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(shots / "es-bracket-1280.png"), full_page=True)
    assert not page.errors
    context.close()


def test_the_language_chosen_is_the_next_pages_even_when_followed_at_once(chromium: Any, server: LiveServer,
                                                                          shots: Path) -> None:
    """Issue 37, as players met it: a browser in English (it chose English before) opens ``/?lang=es``
    and follows a link to a new table at once, before the home page's script has fetched its words
    (held here, so the race is lost every time): the table is in Spanish, its page and the server's
    sentences. Then the quick start clicked straight through from ``/?lang=es``: Spanish too."""
    context = chromium.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
    page = open_page(context, server.url + "/?lang=en")              # English chosen on this browser
    page.wait_for_selector("#preset option[value='classic']", state="attached")
    assert page.evaluate("localStorage.getItem('canasta.lang')") == "en"
    made = httpx.post(server.url + "/api/tables", json={
        "preset": "spanish", "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "club"}] * 3}).json()
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:   # the home page's words never come; the table's do
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/messages/**", hold_the_first)
    page.goto(server.url + "/?lang=es", wait_until="domcontentloaded")
    while not held:                                   # its script has asked for its words, and waits
        page.wait_for_timeout(20)
    assert page.inner_text("#h-bots") == ""
    page.goto(made["links"]["seats"]["0"] + "&h=" + made["host_token"])   # the link followed at once
    page.wait_for_selector("#hand .card")
    assert page.locator("html").get_attribute("lang") == "es"
    page.wait_for_selector("body.my-turn")
    assert "Tu mano" in page.inner_text(".hand-box h2") and button_named(page, "Robar del mazo")
    page.locator("#actions button", has_text="Pista").click()            # a sentence the server makes
    page.wait_for_selector("#hint:not([hidden])")
    assert page.inner_text("#hint").startswith("Pista: ")
    assert page.evaluate("localStorage.getItem('canasta.lang')") == "es"   # and kept for the pages after
    assert {c["name"]: c["value"] for c in context.cookies()}["canasta_lang"] == "es"
    page.screenshot(path=str(shots / "lang-race-table-es-1280.png"))
    page.unroute("**/api/messages/**")
    # the quick start, clicked as soon as it can be, from a page opened in English
    page.goto(server.url + "/?lang=en")
    page.wait_for_selector("#preset option[value='classic']", state="attached")
    page.goto(server.url + "/?lang=es")
    page.click("#go")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card")
    assert page.locator("html").get_attribute("lang") == "es" and "Tu mano" in page.inner_text(".hand-box h2")
    assert not page.errors
    context.close()


def button_named(page: Any, words: str) -> bool:
    return page.locator("#actions button", has_text=words).count() > 0
