"""How the pages are laid out, measured in Debian's Chromium from the boxes the browser draws: every
page's header is one row at desktop width in English and in Spanish (its words at their size), and
fits a phone; the score keeper's − and + are the same squares, large enough to tap, either side of
their number, and every line's box is in one column, at 375 and 1280 px in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .conftest import LiveServer
from .test_club_pages import club_with_one_night
from .test_pages import SIDEWAYS

LANGS = {"en": "en-GB", "es": "es-ES"}
SHEET = {"preset": "american", "names": ["Ann & Bob", "Cy & Di"]}
# The header's items (its title, note, language switch, and each tool): where each is drawn, and the
# size of its words.
HEADER = """() => {
  const h = document.querySelector("header"), out = [];
  for (const e of h.querySelectorAll(":scope > *, :scope > nav > *")) {
    if (e.tagName === "NAV" || !e.getClientRects().length) continue;
    const r = e.getBoundingClientRect();
    out.push({ what: (e.id || e.tagName) + " " + e.textContent.trim().slice(0, 30),
               top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
               font: parseFloat(getComputedStyle(e).fontSize),
               tool: e.matches("button, a.button, select") });
  }
  return out;
}"""


def pages_to_see(server: LiveServer) -> dict[str, tuple[str, str]]:
    """Every kind of page, made through the API: a table, a score sheet, a club with a night kept,
    a tournament, and the pages without anything made."""
    def path(link: str) -> str:
        return "/" + link.split("://", 1)[1].split("/", 1)[1]

    table = httpx.post(server.url + "/api/tables", json={
        "preset": "spanish", "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "club"}] * 3}).json()
    sheet = httpx.post(server.url + "/api/sheets", json=SHEET).json()
    club = httpx.post(server.url + "/api/clubs", json={
        "name": "Greenvale Canasta Club", "season": "Winter 2026",
        "members": ["Ann", "Bob", "Cy", "Di"]}).json()
    who = {"authorization": f"Bearer {club['token']}"}
    night = httpx.post(f"{server.url}/api/clubs/{club['club_id']}/events", headers=who, json={
        "name": "Thursday night", "preset": "gvr-club", "pairs": ["Ann & Bob", "Cy & Di"], "games": 1}).json()
    director = {"authorization": f"Bearer {night['token']}"}
    httpx.post(f"{server.url}/api/events/{night['event_id']}/results", headers=director, json={
        "round": 1, "table": 1, "ns": 3000, "ew": 2000, "ns_agrees": True, "ew_agrees": True, "seen": None})
    kept = httpx.post(f"{server.url}/api/clubs/{club['club_id']}/nights", headers=who,
                      json={"event_id": night["event_id"], "date": "2026-11-26"}).json()
    results = path(kept["links"]["results"])
    return {"home": ("/", "#preset option"), "table": (path(table["links"]["seats"]["0"]), "#hand .card"),
            "score": (path(sheet["link"]), "#sides-entry fieldset"),
            "club": (path(club["link"]), "table.season-table"), "results": (results, "table.season-table"),
            "night": (results.replace("#", "/night/1#"), "table.night-table"),
            "tournament": (path(night["link"]), "#rounds section"),
            "new score sheet": ("/score", "#preset option"), "rules": ("/rules/spanish", "#groups li"),
            "lobby": ("/lobby", "#count:not(:empty)")}


def test_every_page_header_is_one_row_at_desktop_width_and_fits_a_phone(chromium: Any, server: LiveServer,
                                                                        shots: Path) -> None:
    """At 1280 px every header's items are on one row, in English and in Spanish (the Spanish table's
    was two: its display buttons went under the title), with the tools' words at their size (18 px,
    the language switch 17); at 375 px nothing passes the screen's edge and every tool is a finger's
    size (44 px)."""
    pages = pages_to_see(server)
    wrapped, small = [], []
    for lang, locale in LANGS.items():
        for width in (1280, 375):
            context = chromium.new_context(locale=locale, viewport={"width": width, "height": 900})
            page = context.new_page()
            for name, (path, ready) in pages.items():
                page.goto(server.url + path)
                page.wait_for_selector(ready, state="attached")
                assert page.locator("html").get_attribute("lang") == lang
                items = page.evaluate(HEADER)
                where = f"{name} ({lang}, {width} px)"
                if width == 1280:
                    # one row: every item's box crosses the same horizontal line
                    if max(i["top"] for i in items) >= min(i["bottom"] for i in items):
                        tops = ", ".join(f"{i['what']!r} at {i['top']:.0f}" for i in items)
                        wrapped.append(f"{where}: {tops}")
                    small += [f"{where}: {i['what']!r} {i['font']} px" for i in items
                              if i["tool"] and i["font"] < 17]
                else:
                    assert page.evaluate(SIDEWAYS) == [], where
                    assert all(i["right"] <= width + 0.5 for i in items), where
                    small += [f"{where}: {i['what']!r} {i['height']} px high" for i in items
                              if i["tool"] and i["height"] < 44]
                if name in ("table", "score", "night", "tournament"):
                    page.locator("header").screenshot(path=str(shots / f"header-{name}-{lang}-{width}.png"))
            context.close()
    assert not wrapped, "headers on more than one row:\n" + "\n".join(wrapped)
    assert not small, "\n".join(small)


# Each line of the first side's entry: its words' box and its controls' boxes.
LINES = """() => {
  const side = document.querySelector('#sides-entry fieldset');
  const box = e => { const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom,
             width: r.width, height: r.height }; };
  return [...side.querySelectorAll(':scope > .line')].map(l => ({
    words: box(l.matches('label') ? l : l.querySelector('label')), yesno: l.classList.contains('yes-no'),
    controls: [...l.querySelectorAll(':scope > .stepper > *, :scope > input')].map(box) }));
}"""


def test_the_score_keepers_minus_and_plus_are_even_and_large_enough_to_tap(chromium: Any, server: LiveServer,
                                                                         shots: Path) -> None:
    """S3 K's sheet (American): each count's − and + are squares of the same size, at least 44 px,
    at the same height as their number and as far from it on each side; every line's box (a count's
    three controls, a number's field) starts and ends at the same place, beside the words at 1280 px
    and under them at 375 px, in English and Spanish; and they count (+ + − is 1)."""
    sheet = httpx.post(server.url + "/api/sheets", json=SHEET).json()
    for lang, locale in LANGS.items():
        for width in (375, 1280):
            where = f"{lang}, {width} px"
            context = chromium.new_context(locale=locale, viewport={"width": width, "height": 900})
            page = context.new_page()
            page.goto(sheet["link"])
            page.wait_for_selector("#sides-entry fieldset")
            lines = [x for x in page.evaluate(LINES) if not x["yesno"]]
            steppers = [x["controls"] for x in lines if len(x["controls"]) == 3]
            assert len(steppers) >= 4 and len(lines) > len(steppers), where   # counts and points
            for minus, number, plus in steppers:
                assert minus["width"] == minus["height"] == plus["width"] == plus["height"] >= 44, where
                assert abs(minus["top"] - number["top"]) < 1 and abs(plus["top"] - number["top"]) < 1, where
                assert abs((number["left"] - minus["right"]) - (plus["left"] - number["right"])) < 1, where
            lefts = {round(x["controls"][0]["left"]) for x in lines}
            rights = {round(x["controls"][-1]["right"]) for x in lines}
            assert len(lefts) == 1 and len(rights) == 1, (where, lefts, rights)      # one column
            for x in lines:
                box, words = x["controls"][0], x["words"]
                if width == 1280:
                    assert box["left"] > words["right"], where                      # beside the words
                else:
                    assert box["top"] >= words["bottom"] - 1, where                  # under them
            assert page.evaluate(SIDEWAYS) == [], where
            minus_name = ": uno menos" if lang == "es" else ": one less"
            first = page.locator("#sides-entry fieldset").first
            more = first.locator(".stepper button").nth(1)
            more.click()
            more.click()
            first.locator(".stepper button").first.click()
            assert first.locator(".stepper input").first.input_value() == "1"
            less = first.locator(".stepper button").first.get_attribute("aria-label") or ""
            assert less.endswith(minus_name), less
            page.screenshot(path=str(shots / f"score-steppers-{lang}-{width}.png"))
            context.close()


# Each tick box in a label: where its box is drawn, and where the first line of its words is.
TICKS = """() => [...document.querySelectorAll("label")].flatMap(l => {
  const box = l.querySelector("input[type=checkbox]");
  if (!box || !box.getClientRects().length) return [];
  const range = document.createRange(); range.selectNodeContents(l);
  const b = box.getBoundingClientRect();
  const lines = [...range.getClientRects()].filter(r => r.width > 1 && r.left >= b.right - 1);
  return [{ what: l.textContent.trim().slice(0, 40), box: [b.top, b.bottom, b.right],
            first: lines.length ? [lines[0].top, lines[0].bottom, lines[0].left] : null }];
})"""


def test_every_tick_box_sits_beside_its_words_on_a_phone(chromium: Any, server: LiveServer) -> None:
    """A tick box on a line of its own, its words wrapped under it ("Show the names for house rules"
    in Spanish at 375 px), leaves a reader unsure which words it ticks: on every page, in both
    languages, the words of a tick box's label start on its right, level with it."""
    for lang, locale in LANGS.items():
        context = chromium.new_context(locale=locale, viewport={"width": 375, "height": 800})
        page = context.new_page()
        for name, (path, ready) in pages_to_see(server).items():
            page.goto(server.url + path)
            page.wait_for_selector(ready, state="attached")
            for tick in page.evaluate(TICKS):
                top, bottom, right = tick["box"]
                assert tick["first"] is not None, (lang, name, tick)
                line_top, line_bottom, left = tick["first"]
                assert left >= right and line_top < bottom and line_bottom > top, (lang, name, tick)
        context.close()


# Each number of a phone's stacked table: how many lines its text takes, and whether it stays in its box.
NUMBERS = """sel => [...document.querySelectorAll(sel)].flatMap(td => {
  const text = [...td.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
  if (!text.length || !/^[-+−]?[\\d.,\\s]+$/.test(td.textContent.trim())) return [];
  const range = document.createRange(); range.selectNodeContents(text[0]);
  const lines = new Set([...range.getClientRects()].filter(r => r.width > 1).map(r => Math.round(r.top)));
  const box = td.getBoundingClientRect(), r = range.getBoundingClientRect();
  const row = [...document.querySelectorAll("tr")].indexOf(td.closest("tr"));
  return [{ text: td.textContent.trim(), label: td.dataset.label, lines: lines.size,
            line: `${row} ${Math.round(box.top)}`, bottom: Math.round(r.bottom),
            inside: r.right <= box.right + 0.5 && r.left >= box.left - 0.5 }];
})"""


def test_a_big_score_stays_whole_on_one_line_in_a_phones_tables(chromium: Any, server: LiveServer) -> None:
    """A night's standings on a phone in Spanish broke 15.000 points into "15.00" over "0": every
    number of the standings, the season table and a night's table is on one line, inside its box, level
    with the numbers beside it."""
    _club, night, kept = club_with_one_night(server, "Noche", "classic", 15000, -12340)
    results = kept["links"]["results"]
    for lang, locale in LANGS.items():
        context = chromium.new_context(locale=locale, viewport={"width": 375, "height": 800})
        page = context.new_page()
        event = f"{server.url}/event/{night['event_id']}#t={night['token']}"
        for url, ready in ((event, "table.standings td"), (results, "table.season-table td"),
                           (results.replace("#", "/night/1#"), "table.night-table td")):
            page.goto(url)
            page.wait_for_selector(ready)
            cells = page.evaluate(NUMBERS, "table.stack td")
            assert "season" in ready or any(c["text"] in ("15,000", "15.000") for c in cells), (lang, cells)
            bad = [c for c in cells if c["lines"] != 1 or not c["inside"]]
            assert not bad, (lang, url, bad)
            # the numbers side by side stand on one line, whatever their labels' length
            for line in {c["line"] for c in cells}:
                assert len({c["bottom"] for c in cells if c["line"] == line}) == 1, (lang, url, cells)
            assert page.evaluate(SIDEWAYS) == [], (lang, url)
        context.close()


# Links that stand alone (not words inside a sentence): their box, to be tapped by a finger.
ALONE = """() => [...document.querySelectorAll("a")].filter(a => a.getClientRects().length
    && getComputedStyle(a).visibility !== "hidden"
    && (a.parentElement.textContent.trim() === a.textContent.trim()
        || getComputedStyle(a.parentElement).display.includes("flex")))
  .map(a => ({ what: a.textContent.trim().slice(0, 40), height: a.getBoundingClientRect().height }))"""


def test_every_link_standing_alone_is_big_enough_to_tap(chromium: Any, server: LiveServer) -> None:
    """A link on its own ("rules card" beside Start, "Tables playing now", "Open the results page",
    a night of the season, the title that leads home) is tapped like a button: 44 px tall at least,
    as every button is. Links inside a sentence stay words of the sentence."""
    for lang, locale in LANGS.items():
        context = chromium.new_context(locale=locale, viewport={"width": 375, "height": 800})
        page = context.new_page()
        for name, (path, ready) in pages_to_see(server).items():
            page.goto(server.url + path)
            page.wait_for_selector(ready, state="attached")
            small = [a for a in page.evaluate(ALONE) if a["height"] < 44]
            assert not small, (lang, name, small)
        # the home page again, its "My tables" listing the table just visited
        page.goto(server.url + "/")
        page.wait_for_selector("#mine li a")
        small = [a for a in page.evaluate(ALONE) if a["height"] < 44]
        assert not small, (lang, "my tables", small)
        context.close()
