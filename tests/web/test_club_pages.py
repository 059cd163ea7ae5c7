"""The club's tools in a real browser (issue 35): single-elimination events of 8 and of 6 pairs run
through the director's pages (seeding, byes, S3's tie rule, winners moving on, the bracket on the big
screen and in print), wrong or empty totals refused next to their field and kept in view. Brackets
and places are worked by hand from the seeding (1 v 8, 4 v 5, 2 v 7, 3 v 6) and the totals entered."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import httpx

from .conftest import LiveServer
from .test_pages import SIDEWAYS, fill_hand, open_page

PAIRS8 = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu", "Max & Ned", "Ola & Pat"]


def new_knockout(chromium: Any, server: LiveServer, pairs: list[str], width: int = 1280) -> Any:
    page = open_page(chromium, server.url + "/", width)
    page.get_by_role("link", name="A tournament: pairs, rounds on the clock, standings").click()
    page.wait_for_selector("#preset option[value='nvso-tournament']", state="attached")
    page.fill("#name", "Spring knockout")
    page.fill("#pairs", "\n".join(pairs))
    page.select_option("#draw", "as_listed")
    page.select_option("#movement", "knockout")
    assert page.locator("#games-box").is_hidden() and page.locator("#ko-help").is_visible()
    page.click("#create")
    page.wait_for_selector("#bracket .ko-game")
    return page


def tables_of(page: Any, rnd: int) -> list[tuple[str, str]]:
    """(North-South, East-West) of each table of a round, as the page shows them."""
    out = []
    rows = f"#rounds section.round:nth-of-type({rnd}) table.results tr:not(.head):not(.sit-out)"
    for row in page.locator(rows).all():
        cells = row.locator("td > div").all_inner_texts()
        out.append((cells[0], cells[1]))
    return out


def enter(page: Any, rnd: int, table: int, ns: str, ew: str, agreed: bool = True) -> None:
    rid = f"#r{rnd}t{table}"
    page.fill(f"{rid}-ns", ns)
    page.fill(f"{rid}-ew", ew)
    if agreed:
        page.check(f"{rid}-nsok")
        page.check(f"{rid}-ewok")
    page.click(f"{rid}-save")


def confirmed(page: Any, rnd: int, table: int, ns: int, ew: int) -> None:
    enter(page, rnd, table, str(ns), str(ew))
    page.wait_for_selector(f"#r{rnd}t{table}-save >> xpath=ancestor::tr[contains(@class, 'confirmed')]")


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def standings(page: Any) -> list[tuple[str, str]]:
    return [(r.locator("td").first.inner_text(), r.locator("th").inner_text())
            for r in page.locator("table.standings tr").all()[1:]]


def test_a_knockout_of_eight_pairs_through_the_pages(chromium: Any, server: LiveServer, shots: Path) -> None:
    """S3: "This is a single elimination tournament"; 8 pairs seeded as listed play 3 rounds at 4, 2
    and 1 tables (S3 B's 3 games). Worked by hand: round 1 is 1 v 8, 4 v 5, 2 v 7, 3 v 6, the higher
    seed North-South; Ann & Bob, Ida & Jo (5 beats 4), Cy & Di and Ed & Flo win; round 2: Ann & Bob v
    Ida & Jo and Cy & Di v Ed & Flo; Ida & Jo and Cy & Di win; the final Cy & Di (seed 2, North-South)
    v Ida & Jo, won by Ida & Jo. Places: Ida & Jo 1, Cy & Di 2, Ann & Bob and Ed & Flo 3, the four
    first-round losers 5."""
    page = new_knockout(chromium, server, PAIRS8)
    assert "Knockout · 3 rounds" in page.inner_text("#ev-facts")
    assert tables_of(page, 1) == [("Ann & Bob", "Ola & Pat"), ("Gus & Hal", "Ida & Jo"),
                                  ("Cy & Di", "Max & Ned"), ("Ed & Flo", "Kit & Lu")]
    assert [g.inner_text() for g in page.locator(".ko-round").nth(1).locator(".slot .pair").all()] == [
        "Winner of round 1, table 1", "Winner of round 1, table 2", "Winner of round 1, table 3",
        "Winner of round 1, table 4"]
    # a wrong or empty total is said in words next to its field, in view; nothing is sent
    page.set_viewport_size({"width": 1280, "height": 600})
    enter(page, 1, 1, "", "2075")
    page.wait_for_selector("#r1t1-ns-err")
    assert page.inner_text("#r1t1-ns-err") == "Table 1, North-South: enter the points"
    assert in_view(page, "#r1t1-ns-err") and page.evaluate("document.activeElement.id") == "r1t1-ns"
    assert page.locator("#r1t1-ew").input_value() == "2075"           # what was typed is kept
    enter(page, 1, 1, "25x5", "2075")
    page.wait_for_selector("#r1t1-ns-err:has-text('whole number')")
    assert page.inner_text("#r1t1-ns-err") == "Table 1, North-South: the points are a whole number, like 2525"
    page.locator("#r1t1-ns").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "knockout-field-error-1280.png"))
    # S3's tie rule: a tied game is not a result
    enter(page, 1, 1, "3000", "3000")
    page.wait_for_selector("#r1t1-row-err")
    assert page.inner_text("#r1t1-row-err").startswith(
        "Table 1: the totals are equal (3,000); a knockout game is won on the higher total, so play another")
    assert in_view(page, "#r1t1-row-err")
    assert not page.locator("#r1t1-ns-err").count()
    page.set_viewport_size({"width": 1280, "height": 900})
    for table, (ns, ew) in enumerate([(3200, 2100), (2400, 2600), (4100, 1200), (2900, 2800)], start=1):
        confirmed(page, 1, table, ns, ew)
    assert not page.locator(".field-error").count()
    assert tables_of(page, 2) == [("Ann & Bob", "Ida & Jo"), ("Cy & Di", "Ed & Flo")]
    confirmed(page, 2, 1, 1900, 3300)
    confirmed(page, 2, 2, 5200, 5100)
    assert tables_of(page, 3) == [("Cy & Di", "Ida & Jo")]
    confirmed(page, 3, 1, 2000, 2500)
    page.wait_for_selector(".ko-champion")
    assert page.inner_text(".ko-champion") == "Champion: Ida & Jo"
    assert standings(page) == [("1", "Ida & Jo"), ("2", "Cy & Di"), ("3", "Ann & Bob"), ("3", "Ed & Flo"),
                               ("5", "Gus & Hal"), ("5", "Kit & Lu"), ("5", "Max & Ned"), ("5", "Ola & Pat")]
    page.screenshot(path=str(shots / "knockout8-event-1280.png"), full_page=True)
    # the bracket on the big screen, and in print
    big = open_page(chromium, server.url + page.locator("#bracket-link").get_attribute("href"), 1280)
    big.wait_for_selector(".ko-champion")
    assert big.inner_text(".ko-champion") == "Champion: Ida & Jo"
    assert [r.locator("h3").inner_text() for r in big.locator(".ko-round").all()] == [
        "Quarter-finals", "Semi-finals", "Final"]
    final = big.locator(".ko-round").nth(2).locator(".slot").all_inner_texts()
    assert [" ".join(x.split()) for x in final] == ["2 Cy & Di 2,000", "5 Ida & Jo 2,500"]
    big.screenshot(path=str(shots / "knockout8-bracket-1280.png"), full_page=True)
    big.emulate_media(media="print")
    assert big.locator("header button").first.is_hidden()           # print has the bracket, not buttons
    big.screenshot(path=str(shots / "knockout8-bracket-print.png"), full_page=True)
    big.set_viewport_size({"width": 375, "height": 800})
    big.emulate_media(media="screen")
    assert big.evaluate(SIDEWAYS) == []
    big.screenshot(path=str(shots / "knockout8-bracket-375.png"), full_page=True)
    assert not page.errors and not big.errors
    big.close()
    page.close()


def test_a_knockout_of_six_pairs_gives_the_top_seeds_byes(chromium: Any, server: LiveServer,
                                                           shots: Path) -> None:
    """6 pairs: a bracket of 8 whose places 7 and 8 are empty, so seeds 1 and 2 have byes into round 2.
    Worked by hand: round 1 is 4 v 5 (table 1) and 3 v 6 (table 2); Kit & Lu (6) and Gus & Hal (4)
    win; round 2: Ann & Bob v Gus & Hal, Cy & Di v Kit & Lu; Ann & Bob and Kit & Lu win; the final:
    Ann & Bob beat Kit & Lu. Places: Ann & Bob 1, Kit & Lu 2, Gus & Hal and Cy & Di 3, Ida & Jo and
    Ed & Flo 5. On a phone the bracket's rounds follow one another, nothing scrolls sideways."""
    page = new_knockout(chromium, server, PAIRS8[:6], width=375)
    assert tables_of(page, 1) == [("Gus & Hal", "Ida & Jo"), ("Ed & Flo", "Kit & Lu")]
    byes = page.locator("#rounds section.round").first.locator("tr.sit-out td").all_inner_texts()
    assert byes == ["Ann & Bob goes through to round 2 without a game (a bye)",
                    "Cy & Di goes through to round 2 without a game (a bye)"]
    assert "2 more games once the winners of round 1 are known" in page.inner_text("#rounds")
    assert page.locator(".ko-round").first.locator(".ko-game.bye").count() == 2
    guide = page.locator("#guides .guide", has_text="Ann & Bob").first.inner_text()
    assert "Round 1: a bye (no game)" in guide
    confirmed(page, 1, 1, 3100, 2900)
    confirmed(page, 1, 2, 1800, 2300)
    assert tables_of(page, 2) == [("Ann & Bob", "Gus & Hal"), ("Cy & Di", "Kit & Lu")]
    confirmed(page, 2, 1, 2600, 2500)
    confirmed(page, 2, 2, 2000, 2150)
    assert tables_of(page, 3) == [("Ann & Bob", "Kit & Lu")]
    assert page.evaluate(SIDEWAYS) == []
    page.locator("#ko").screenshot(path=str(shots / "knockout6-bracket-375.png"))
    confirmed(page, 3, 1, 3400, 1200)
    page.wait_for_selector(".ko-champion")
    assert standings(page) == [("1", "Ann & Bob"), ("2", "Kit & Lu"), ("3", "Cy & Di"), ("3", "Gus & Hal"),
                               ("5", "Ed & Flo"), ("5", "Ida & Jo")]
    page.screenshot(path=str(shots / "knockout6-event-375.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(shots / "knockout6-event-1280.png"), full_page=True)
    page.emulate_media(media="print")
    page.screenshot(path=str(shots / "knockout6-event-print.png"), full_page=True)
    assert not page.errors
    page.close()


def test_a_season_of_three_club_nights_through_the_pages(chromium: Any, server: LiveServer,
                                                         shots: Path) -> None:
    """The club's secretary makes the club with its roster, three club nights from the club's page
    (the third brings Ivy, not on the roster yet: refused with her name, then added), keeps each
    night's results, and the season table is the one worked by hand in tests/test_season.py:
    Bob 13, Hal 11, Gus 10, Cy 8, Di 7, Ann, Ed and Ivy 6 (sharing 6th place), Flo 5. The read-only
    link opens the season and each night, and nothing else."""
    from tests.test_season import NIGHTS
    page = open_page(chromium, server.url + "/")
    page.get_by_role("link", name="A club: members, club nights, a season table").click()
    page.wait_for_selector("#new:not([hidden])")
    page.fill("#name", "Greenvale Canasta Club")
    page.fill("#season", "Winter 2026")
    page.fill("#members", "\n".join(["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]))
    page.click("#create")
    page.wait_for_selector("#club:not([hidden]) #roster li")
    club_url = page.url
    for n, (_eid, date, pairs, results) in enumerate(NIGHTS, start=1):
        page.click("#new-night")
        page.wait_for_selector("#for-club:not([hidden])")
        assert "Members: Ann, Bob" in page.inner_text("#club-members")
        page.fill("#name", f"Thursday night {n}")
        page.select_option("#preset", "gvr-club")
        page.fill("#pairs", "\n".join(pairs))
        page.fill("#games", "1")
        page.select_option("#draw", "as_listed")
        page.click("#create")
        if n == 3:
            page.wait_for_selector("#nerr:not([hidden])")
            assert "not on the club's roster: Ivy" in page.inner_text("#nerr")
            page.get_by_role("button", name="Add them to the roster and make the event").click()
        page.wait_for_selector("#rounds section")
        for table, (ns, ew) in enumerate(results, start=1):
            confirmed(page, 1, table, ns, ew)
        page.goto(club_url)
        page.wait_for_selector(f"#events li:nth-child({n})")
        item = page.locator("#events li").nth(n - 1)
        item.locator("input[type=date]").fill(date)
        item.get_by_role("button", name="Keep the results").click()
        page.wait_for_selector(f"#events li:nth-child({n}) >> text=Kept as night {n}")
    rows = [r.locator("td, th").all_inner_texts() for r in page.locator("table.season-table tr").all()[1:]]
    assert [(r[0], r[1], r[6]) for r in rows] == [
        ("1", "Bob", "13"), ("2", "Hal", "11"), ("3", "Gus", "10"), ("4", "Cy", "8"), ("5", "Di", "7"),
        ("6", "Ann", "6"), ("6", "Ed", "6"), ("6", "Ivy", "6"), ("9", "Flo", "5")]
    assert rows[5][3:6] == ["6", "0", "–"]                                # Ann away on night 3
    # how many nights count is asked only of a season that counts the best nights
    assert page.locator("#set-best-box").is_hidden()
    page.select_option("#set-rank-by", "best")
    assert page.locator("#set-best").is_visible()
    page.select_option("#set-rank-by", "total")
    page.screenshot(path=str(shots / "club-1280.png"), full_page=True)
    # the read-only results: the season, then night 2
    results = page.locator("#results-link").input_value()
    public = open_page(chromium, results, 375)
    public.wait_for_selector("table.season-table")
    assert public.evaluate(SIDEWAYS) == []
    public.screenshot(path=str(shots / "results-season-375.png"), full_page=True)
    public.get_by_role("link", name="Night 2: Jan 15, 2026, Thursday night 2 (4 pairs)").click()   # en-US
    public.wait_for_selector("table.night-table")
    first = public.locator("table.night-table tr").nth(1).locator("td, th").all_inner_texts()
    assert first == ["1", "Ed & Gus", "6", "2,600", "1", "1"]
    assert "Bob & Di" in public.inner_text("table.night-tables")
    public.set_viewport_size({"width": 1280, "height": 900})
    public.screenshot(path=str(shots / "results-night-1280.png"), full_page=True)
    public.emulate_media(media="print")
    public.screenshot(path=str(shots / "results-night-print.png"), full_page=True)
    assert not page.errors and not public.errors
    public.close()
    page.close()


def test_a_score_sheet_going_on_from_another_on_a_phone(chromium: Any, server: LiveServer,
                                                        shots: Path) -> None:
    """S3 K carried over: We 3,330 and They 2,900 on a new sheet whose first hand is the game's fourth;
    the sheet says 155 and 125 to open, and hand 4 (S3 K's own: 2,525 and 2,075 less They's unfinished
    sevens, -2,500: -425) adds to the carried totals: 5,855 and 2,475. Every line's words are the page
    catalogue's ("... of them, natural canastas of sevens"), and the Penalties column holds the -2,500."""
    page = open_page(chromium, server.url + "/score", 375)
    page.wait_for_selector("#preset option[value='american']", state="attached")
    page.select_option("#preset", "american")
    page.click("#carry summary")
    assert page.inner_text("#carry0-label") == "We: total carried in"
    page.fill("#carry0", "3330")
    page.fill("#carry1", "2900")
    page.fill("#first-hand", "4")
    page.click("#start")
    page.wait_for_selector("#sides-entry fieldset")
    assert page.inner_text("#entry-title") == "Hand 4"
    assert page.locator("#totals .big").all_inner_texts() == ["3,330", "2,900"]
    assert page.locator("#totals .note").all_inner_texts() == ["needs 155 to open", "needs 125 to open"]
    we = {"red_threes": 5, "black_threes_laid": 2, "natural_canastas": 2, "mixed_canastas": 1,
          "went_out": True, "table": 325}
    they = {"red_threes": 3, "natural_canastas": 2, "mixed_canastas": 1, "table": 275,
            "short_melds_of_sevens": 1}
    page.locator("#sides-entry details").first.evaluate("e => e.open = true")
    page.locator("#sides-entry details").nth(1).evaluate("e => e.open = true")
    assert page.inner_text("label[for='f-0-canastas_of_sevens']") == "... of them, natural canastas of sevens"
    fill_hand(page, [we, they])
    page.click("#save")
    page.wait_for_function("document.querySelectorAll('#hands tr').length === 5")
    assert page.locator("#totals .big").all_inner_texts() == ["5,855", "2,475"]
    they_row = page.locator("table.sheet-table tr").nth(4).locator("td").all_inner_texts()
    assert they_row == ["1,800", "275", "-2,500", "-425", "2,475"]          # Base, Count, Penalties, Total
    assert page.locator("table.sheet-table th.hand-n span").first.inner_text() == "Carried in"
    assert page.evaluate(SIDEWAYS) == []
    page.screenshot(path=str(shots / "score-carried-375.png"), full_page=True)
    assert not page.errors
    page.close()


def club_with_one_night(server: LiveServer, name: str, preset: str, ns: int, ew: int
                        ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Club Los Naipes (Ana, Beto, Carla, Dani) and its night ``name`` of one table (Ana & Beto
    North-South, ``ns`` to ``ew``, confirmed by both pairs), kept on 2026-11-28: the club as made,
    the night as made and the club after the night was kept."""
    made = httpx.post(server.url + "/api/clubs", json={"name": "Club Los Naipes", "season": "2026",
                                                        "members": ["Ana", "Beto", "Carla", "Dani"]}).json()
    club, who = made["club_id"], {"authorization": f"Bearer {made['token']}"}
    night = httpx.post(f"{server.url}/api/clubs/{club}/events", headers=who, json={
        "name": name, "preset": preset, "pairs": ["Ana & Beto", "Carla & Dani"], "games": 1,
        "draw": "as_listed"}).json()
    director = {"authorization": f"Bearer {night['token']}"}
    httpx.post(f"{server.url}/api/events/{night['event_id']}/results", headers=director, json={
        "round": 1, "table": 1, "ns": ns, "ew": ew, "ns_agrees": True, "ew_agrees": True, "seen": None})
    kept = httpx.post(f"{server.url}/api/clubs/{club}/nights", headers=who,
                      json={"event_id": night["event_id"], "date": "2026-11-28"}).json()
    return made, night, kept


def test_the_season_writes_its_dates_as_the_readers_language_does(chromium: Any, server: LiveServer,
                                                                  shots: Path) -> None:
    """A club night kept on 2026-11-28 is "28 nov 2026" to a reader in Spanish, "28 Nov 2026" in
    British English and "Nov 28, 2026" in American English (the month in words: never a 28/11 that
    one club reads as the month), in the season table's heading, its labels on a phone, the nights'
    list and the night's page; the JSON and the CSV files keep the ISO date."""
    made, _night, kept = club_with_one_night(server, "Noche de sábado", "gvr-club", 3000, 2000)
    club = made["club_id"]
    assert kept["nights"][0]["date"] == "2026-11-28"
    results = kept["links"]["results"]
    key = {"authorization": "Bearer " + results.split("#k=")[1]}
    public = httpx.get(f"{server.url}/api/results/{club}", headers=key).json()
    assert public["nights"][0]["date"] == "2026-11-28"
    assert "2026-11-28 Noche de sábado" in httpx.get(f"{server.url}/api/results/{club}/csv", headers=key).text
    for locale, written in (("es-ES", "28 nov 2026"), ("en-GB", "28 Nov 2026"), ("en-US", "Nov 28, 2026")):
        context = chromium.new_context(locale=locale, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"{server.url}/club/{club}#t={made['token']}")
        page.wait_for_selector("table.season-table")
        assert written in page.locator("table.season-table tr.head").all_inner_texts()[0], locale
        assert "2026-11-28" not in page.inner_text("main")
        # the night's line counts its one result in the singular ("1 resultados" read wrong)
        one = "1 resultado confirmado" if locale == "es-ES" else "1 result confirmed"
        assert one in page.inner_text("main")
        page.goto(results)
        page.wait_for_selector("#nights li a")
        assert written in page.inner_text("#nights"), locale
        assert written in page.inner_text("table.season-table"), locale
        page.set_viewport_size({"width": 375, "height": 800})
        assert page.locator("table.season-table td.night").first.get_attribute("data-label") == written
        page.screenshot(path=str(shots / f"season-dates-{locale}-375.png"), full_page=True)
        page.locator("#nights li a").first.click()
        page.wait_for_selector("table.night-table")
        assert page.inner_text("#facts").startswith(written), locale
        # on a phone each table's number says what it is, as the round beside it does
        table_no = "document.querySelector('table.night-tables th[scope=row]')"
        label = f"getComputedStyle({table_no}, '::before').content"
        assert page.evaluate(label) not in ("none", "normal", ""), locale
        context.close()


def test_the_csv_buttons_download_a_file_for_the_readers_spreadsheet(chromium: Any, server: LiveServer,
                                                                     tmp_path: Path) -> None:
    """Issue 37: the event page's and the results page's CSV buttons download what the reader's
    spreadsheet opens as it is: the UTF-8 byte order mark (Excel shows "Sí", not "SÃ­"), ';' between
    columns for a Spanish browser (',' for an American one), the headings in the reader's words and a
    tied game's half win as Spanish Excel reads a number (0,5)."""
    _made, night, kept = club_with_one_night(server, "Noche", "classic", 2500, 2500)
    results = kept["links"]["results"]
    for locale, sep, half, wins in (("es-ES", ";", "0,5", "Ganadas"), ("en-US", ",", "0.5", "Wins")):
        context = chromium.new_context(locale=locale, accept_downloads=True)
        page = context.new_page()
        page.goto(f"{server.url}/event/{night['event_id']}#t={night['token']}")
        page.wait_for_selector("#csv", state="visible")
        for url in (None, results):
            if url:
                page.goto(url)
                page.wait_for_selector("#nights li a")
                page.click("#nights li a")
                page.wait_for_selector("table.night-table")
            with page.expect_download() as got:
                page.click("#csv")
            path = tmp_path / f"{locale}-{'night' if url else 'event'}.csv"
            got.value.save_as(path)
            assert path.read_bytes().startswith(b"\xef\xbb\xbf"), locale
            with path.open(encoding="utf-8-sig", newline="") as fh:
                rows = list(csv.reader(fh, delimiter=sep))
            assert wins in rows[0], (locale, rows[0])
            column = rows[0].index(wins)
            assert [r[column] for r in rows[1:3]] == [half, half], (locale, rows)
        context.close()
