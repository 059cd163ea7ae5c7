"""What a host sees of the hosting work (issue 32), at 375 and 1280 px: invite links that are whole
addresses (and a note when they can only open on the server's own computer), the lobby of the tables
playing now, and a tournament round's online tables with their hand and scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from tests.server.conftest import LiveServer

from .test_pages import SIDEWAYS, auth, open_page


def test_private_table_links_are_whole_addresses_and_say_where_they_open(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    for width in (375, 1280):
        page = open_page(chromium, server.url + "/", width)
        page.wait_for_selector("#preset option[value='classic']", state="attached")
        page.click("#create")
        page.wait_for_selector("#links input.link")
        links = [i.input_value() for i in page.locator("#links input.link").all()]
        assert links and all(x.startswith(server.url + "/") for x in links), links
        # this server listens on 127.0.0.1 only: the page says the links open only here, and how to share
        note = page.locator("#links .only-here").inner_text()
        assert "only on this computer" in note and "--public-url" in note
        assert page.evaluate(SIDEWAYS) == []
        page.locator("#links").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"home-links-{width}.png"), full_page=True)
        assert not page.errors
        page.close()


def test_the_lobby_lists_the_tables_playing_without_names_or_links(chromium: Any, server: LiveServer,
                                                                   shots: Path) -> None:
    made = httpx.post(server.url + "/api/tables", json={
        "preset": "bolivia", "name": "Tuesday table", "players": 4,
        "seats": [{"kind": "person", "name": "Ann Smith"}, {"kind": "bot"},
                  {"kind": "person", "name": "Bea"}, {"kind": "bot"}]}).json()
    lobby = httpx.get(server.url + "/api/lobby").json()["tables"]
    entry = next(e for e in lobby if e["id"] == made["table_id"])
    assert entry["name"] == "Tuesday table" and entry["people"] == 2 and entry["bots"] == 2
    assert "Ann Smith" not in str(lobby) and made["host_token"] not in str(lobby)
    for width in (375, 1280):
        page = open_page(chromium, server.url + "/lobby", width)
        page.wait_for_selector("#tables tr:not(.head)")
        text = page.inner_text("#tables")
        assert "Tuesday table" in text and "Bolivia" in text and "Game 1, hand 1" in text
        assert "Ann Smith" not in text
        assert page.evaluate(SIDEWAYS) == []
        page.screenshot(path=str(shots / f"lobby-{width}.png"), full_page=True)
        assert not page.errors
        page.close()


def test_a_round_played_online_shows_each_table_s_hand_and_scores(chromium: Any, server: LiveServer,
                                                                   shots: Path) -> None:
    ev = httpx.post(server.url + "/api/events", json={
        "name": "Club night", "preset": "classic", "pairs": ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"]}
    ).json()
    r = httpx.post(server.url + f"/api/events/{ev['event_id']}/rounds/1/online", json={},
                   headers=auth(ev["token"]))
    assert r.status_code == 200, r.text
    for width in (375, 1280):
        page = open_page(chromium, ev["link"], width)
        page.wait_for_selector("table.results")
        page.wait_for_function("document.querySelector('table.results').innerText.includes('hand 1, 0 to 0')")
        assert page.evaluate(SIDEWAYS) == []
        page.screenshot(path=str(shots / f"event-online-{width}.png"), full_page=True)
        assert not page.errors
        page.close()


def test_the_lobby_writes_the_scores_as_the_readers_language_does(chromium: Any, server: LiveServer) -> None:
    """A game's scores in the lobby as everywhere else on the pages: "15,000 – -1,250" in English,
    "15.000 – -1.250" in Spanish, never the bare "15000"; on a phone each table's card is headed by its
    name in bold."""
    over = {"id": "x1", "name": "Tuesday table", "event_round": None, "preset": "classic", "players": 4,
            "game_no": 2, "hand": 3, "over": False, "scores": [15000, -1250], "people": 2, "here": 1,
            "bots": 2, "process": "main", "title": "Classic canasta"}
    for lang, written in (("en", "15,000 – -1,250"), ("es", "15.000 – -1.250")):
        context = chromium.new_context(locale="es-ES" if lang == "es" else "en-GB")
        page = context.new_page()
        page.route("**/api/lobby", lambda route: route.fulfill(json={"tables": [over]}))
        page.goto(server.url + f"/lobby?lang={lang}")
        page.wait_for_selector("#tables tr:not(.head)")
        assert page.locator("#tables td").nth(2).inner_text() == written, lang
        # on a phone each table is a card headed by its name in bold, as a pair's standings are
        page.set_viewport_size({"width": 375, "height": 800})
        weight = page.evaluate("getComputedStyle(document.querySelector('#tables th[scope=row]')).fontWeight")
        assert int(weight) >= 700, weight
        context.close()
