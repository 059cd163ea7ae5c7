"""A table nobody named, in a Spanish browser (issue 37): the lobby, the table page's header and the
list of the tables this browser made call it by its rule set's title in Spanish, never the English
title the server used to keep as its name; and a score sheet's correction dated as the reader's
language writes a day, with its time. Screenshots at 375 and 1280 px."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from tests.server.conftest import LiveServer

from .test_pages import SIDEWAYS


def open_page(chromium: Any, url: str, width: int = 1280, locale: str = "es-AR", **kw: Any) -> Any:
    """A page in a browser of ``locale``'s language, ``width`` px wide, its script errors kept."""
    context = chromium.new_context(locale=locale, viewport={"width": width, "height": 900}, **kw)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return page


SEATS = [{"kind": "person", "name": "Ana"}, {"kind": "bot"}, {"kind": "person", "name": "Beto"},
         {"kind": "bot"}]


def test_an_unnamed_table_is_called_by_its_rule_set_in_spanish_in_the_lobby_and_at_the_table(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    made = httpx.post(server.url + "/api/tables", json={"preset": "classic", "seats": SEATS}).json()
    assert made["table"]["name"] == ""
    for width in (375, 1280):
        page = open_page(chromium, server.url + "/lobby", width)
        page.wait_for_selector("#tables tr:not(.head)")
        text = page.inner_text("#tables")
        assert "Classic canasta" not in text
        assert page.locator("#tables th[scope=row]", has_text="Canasta clásica").count() >= 1
        assert page.evaluate(SIDEWAYS) == []
        page.screenshot(path=str(shots / f"es-lobby-unnamed-{width}.png"), full_page=True)
        assert not page.errors
        page.context.close()
        page = open_page(chromium, made["links"]["seats"]["0"], width)
        page.wait_for_selector("#table-name:not(:empty)")
        assert page.inner_text("#table-name") == "Canasta clásica"
        assert page.evaluate(SIDEWAYS) == []
        page.screenshot(path=str(shots / f"es-table-unnamed-{width}.png"))
        assert not page.errors
        page.context.close()


def test_the_tables_this_browser_made_are_listed_by_their_rule_set_in_the_readers_language(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    page = open_page(chromium, server.url + "/")
    page.wait_for_selector("#preset option[value='classic']", state="attached")
    page.select_option("#preset", "classic")
    page.click("#create")
    page.wait_for_selector("#links input.link")
    mine = page.locator("#mine li").all_inner_texts()
    assert "Canasta clásica: anfitrión" in mine and "Canasta clásica: Jugador 1" in mine, mine
    assert not any("Classic canasta" in x for x in mine), mine
    page.locator("#mine").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "es-my-tables-1280.png"))
    assert not page.errors
    # the same list read in English: each entry said again in the reader's language now
    english = page.context.new_page()
    english.goto(server.url + "/?lang=en")
    english.wait_for_selector("#mine li a")
    mine = english.locator("#mine li").all_inner_texts()
    assert "Classic canasta: host" in mine and "Classic canasta: Player 1" in mine, mine
    page.context.close()


def test_a_corrections_moment_is_written_as_the_readers_language_writes_a_day(chromium: Any,
                                                                            server: LiveServer) -> None:
    """The score sheet's log: the month in words, the time of day, in the reader's time zone; never
    "3/4/2026" (the American order an English page used to write for every reader)."""
    got = {}
    for locale, lang in (("en-GB", "en"), ("en-US", "en"), ("es-ES", "es")):
        page = open_page(chromium, server.url + f"/score?lang={lang}", locale=locale, timezone_id="UTC")
        page.wait_for_selector("#preset option", state="attached")
        got[locale] = page.evaluate("""async () => {
            const { moment } = await import("/static/i18n.js");
            return [moment("2026-03-04T17:05:00+00:00"), moment("not a moment")];
        }""")
        page.context.close()
    assert got["en-GB"] == ["4 Mar 2026, 17:05", "not a moment"]
    assert got["en-US"] == ["Mar 4, 2026, 5:05 PM", "not a moment"]
    assert got["es-ES"] == ["4 mar 2026, 17:05", "not a moment"]


def test_a_spanish_score_sheets_log_dates_a_correction_with_the_month_in_words(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    made = httpx.post(server.url + "/api/sheets",
                      json={"preset": "classic", "names": ["Nosotros", "Ellos"]}).json()
    key = {"authorization": f"Bearer {made['token']}"}
    path = f"{server.url}/api/sheets/{made['sheet_id']}"
    entries = [{"natural_canastas": 1, "went_out": True, "table": 120}, {"natural_canastas": 1, "table": 80}]
    r = httpx.post(path + "/hands", headers=key, json={"entries": entries, "version": 0})
    assert r.status_code == 200, r.text
    r = httpx.post(path + "/hands/1", headers=key, json={"side": 0, "changes": {"table": 130}, "who": "Ana",
                                                          "version": 1})
    assert r.status_code == 200, r.text
    for width in (375, 1280):
        page = open_page(chromium, made["link"], width, locale="es-ES", timezone_id="Europe/Madrid")
        page.wait_for_selector("#log li")
        line = page.locator("#log li").first.inner_text()
        assert re.fullmatch(r"\d{1,2} [a-z]{3,4} \d{4}, \d{1,2}:\d{2}: Ana corrigió la mano 1 de Nosotros: "
                            r"Cuenta de las cartas bajadas 120 → 130", line), line
        assert page.evaluate(SIDEWAYS) == []
        page.locator("#log").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"es-score-log-{width}.png"))
        assert not page.errors
        page.context.close()
