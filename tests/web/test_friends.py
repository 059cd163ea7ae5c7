"""Issue 33 in a real browser: a table of friends that a club's members use without a helper.
Invitations by name, two people and two bots at 375 px with the turn, the pile and the buttons on the
first screen, a seat the host changes, "ask partner" only when the engine says going out is possible,
table talk shown as text at every seat, the host's mute. Screenshots at 375 and 1280 px in
tests/web/screenshots/."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
from tests.server.test_table_talk import SEED67_MOVES
from tests.server.wsclient import SeatClient

from .conftest import LiveServer
from .play import button, event_no, play_turn, wait_any, wait_moved
from .test_pages import open_page

XSS = "<img src=x onerror=alert(1)>"
IN_VIEW = """sel => {
  const e = document.querySelector(sel); if (!e || !e.getClientRects().length) return false;
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def friends(server: LiveServer, **extra: Any) -> dict[str, Any]:
    r = httpx.post(server.url + "/api/tables", json={
        "preset": "classic", "name": "Tuesday", "overrides": {"game_hands": 1},
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "beginner"},
                  {"kind": "person", "name": "Carol"}, {"kind": "bot", "level": "beginner"}], **extra},
        timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def in_view(page: Any, selector: str) -> bool:
    return bool(page.evaluate(IN_VIEW, selector))


def shot(page: Any, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"{name}-{page.viewport_size['width']}.png"))


def test_the_host_invites_by_name_with_a_message_and_a_qr_code(chromium: Any, server: LiveServer,
                                                               shots: Path) -> None:
    for width in (375, 1280):
        page = open_page(chromium, server.url + "/", width)
        page.wait_for_selector("#seats .seat-row")
        rows = page.locator("#seats .seat-row")
        for i, (who, name) in enumerate((("person", "Ann"), ("bot:expert-plus", ""), ("person", "Carol"),
                                         ("person", "Dave"))):
            rows.nth(i).locator("select").select_option(who)
            if name:
                rows.nth(i).locator("input").fill(name)
        assert "Computer player: Expert, thinks longer" in rows.nth(1).locator("select").inner_text()
        assert "(" not in rows.nth(1).locator("select").inner_text()     # no "Bot (Expert (thinks longer))"
        page.click("#create")
        page.wait_for_selector("#links .invite")
        assert page.inner_text("#links .sides-line") == "Ann & Carol against Bot 1 & Dave"
        labels = page.locator("#links .invite h4").all_inner_texts()
        assert labels[:3] == ["Ann", "Carol", "Dave"]
        links = [x.input_value() for x in page.locator("#links .invite input.link").all()]
        assert all(x.startswith(server.url + "/") for x in links)      # absolute, from the page's address
        ann = page.locator("#links .invite").nth(0)
        assert ann.locator(".message").inner_text() == f"Join our canasta table: {links[0]}"
        ann.get_by_role("button", name="Show QR code").click()
        page.wait_for_selector("#links .invite >> nth=0 >> svg.qr")
        page.locator("#links .invite").nth(0).scroll_into_view_if_needed()
        shot(page, shots, "friends-invite")
        # nothing on the home page says "RULINGS"; the quick start's levels are plain words
        assert "RULINGS" not in page.inner_text("body")
        assert not page.errors
        page.close()


def test_two_people_and_two_bots_play_a_hand_on_phones(chromium: Any, server: LiveServer,
                                                       shots: Path) -> None:
    made = friends(server)
    pages = []
    for seat in (0, 2):
        ctx = chromium.new_context(viewport={"width": 375, "height": 740})
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e, p=page: p.errors.append(str(e)))
        page.goto(made["links"]["seats"][str(seat)])
        pages.append(page)
    for page in pages:   # issue 31: dealt once both pages have sent their numbers for the shuffle
        page.wait_for_selector("#hand .card")
    refused_seen = False
    for _ in range(400):
        if all(p.evaluate("document.querySelector('#result').open") for p in pages):
            break
        wait_any(pages)
        for p in pages:
            if not p.evaluate("document.body.classList.contains('my-turn')") or p.evaluate(
                    "document.querySelector('#result').open"):
                continue
            p.evaluate("scrollTo(0, 0)")
            # the first screen: whose turn, the pile's top card and its state, each side's melds, the buttons
            for sel in ("#status", "#glance .glance-pile .card", "#glance .glance-side", "#actions button",
                        "#hand .card"):
                assert in_view(p, sel), sel
            for b in p.locator("#actions button").all():
                box = b.bounding_box()
                assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
                assert box["x"] + box["width"] <= 375, box
            if button(p, "Draw from the stock").count():
                before = event_no(p)
                button(p, "Draw from the stock").click()
                p.wait_for_function(f"Number(document.body.dataset.event) > {before}", timeout=20000)
            if not refused_seen and button(p, "Discard the selected card").count():
                # a refused move: its reason beside the action, inside the screen
                melds = p.locator("#sides .meld[role=button]")
                if melds.count():
                    melds.first.click()                      # nothing selected: far down the page
                else:
                    button(p, "Discard the selected card").click()
                p.wait_for_selector("#error:not([hidden])")
                assert in_view(p, "#error"), p.evaluate("document.querySelector('#error').offsetTop")
                shot(p, shots, "friends-refused")
                refused_seen = True
            if p.evaluate("document.body.classList.contains('my-turn')"):
                play_turn(p)
    assert refused_seen
    for p in pages:
        assert "Hand 1 is over" in p.inner_text("#result")
        assert not p.errors
    shot(pages[0], shots, "friends-hand-over")
    for p in pages:
        p.context.close()


def test_a_seat_given_to_a_bot_says_so_at_once_and_on_load(chromium: Any, server: LiveServer,
                                                           shots: Path) -> None:
    made = friends(server, seed=5)    # dealt at once (a test's seed): Ann's page is not opened
    host = {"authorization": f"Bearer {made['host_token']}"}
    for width in (375, 1280):
        if width == 1280:
            made = friends(server, seed=5)
            host = {"authorization": f"Bearer {made['host_token']}"}
        page = open_page(chromium, made["links"]["seats"]["2"], width)
        page.wait_for_selector("#hand .card")
        t0 = time.monotonic()
        httpx.post(f"{server.url}/api/tables/{made['table_id']}/seats/2", json={"kind": "bot"}, headers=host)
        page.wait_for_function("document.body.dataset.lost === 'seat_to_bot'", timeout=2000)
        assert time.monotonic() - t0 < 2.0
        assert page.inner_text("#status") == ("The host has given your seat to a bot. "
                                              "Ask the host for a new link.")
        assert page.locator("#actions button").count() == 0 and page.locator("#actions a").inner_text() == \
            "Go to the home page"
        page.keyboard.press("d")                                     # keys do nothing either
        shot(page, shots, "friends-seat-to-bot")
        old = open_page(chromium, made["links"]["seats"]["2"], width)   # the old link, later
        old.wait_for_function("document.body.dataset.lost === 'seat_to_bot'", timeout=5000)
        assert "Ask the host for a new link" in old.inner_text("#status")
        assert old.locator("#actions button").count() == 0
        assert not page.errors and not old.errors
        page.close()
        old.close()
    # a link that never opened this table says what to do, never "Connecting..."
    bad = open_page(chromium, f"{server.url}/table/{made['table_id']}#t=not-a-token-of-this-table", 375)
    bad.wait_for_function("document.body.dataset.lost === 'bad_token'", timeout=5000)
    assert "Ask the host for a new link" in bad.inner_text("#status")
    bad.close()


def test_connecting_never_lasts(chromium: Any, server: LiveServer, shots: Path) -> None:
    """A page whose socket never answers explains after a few seconds and offers to try again."""
    made = friends(server)
    ctx = chromium.new_context(viewport={"width": 375, "height": 740})
    page = ctx.new_page()
    page.add_init_script("window.WebSocket = class { constructor() { this.readyState = 0; } "
                         "send() {} close() {} }; window.WebSocket.OPEN = 1;")
    page.goto(made["links"]["seats"]["0"])
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Connecting')")
    page.wait_for_selector("#try-again", timeout=8000)
    assert "does not answer" in page.inner_text("#status")
    shot(page, shots, "friends-no-answer")
    ctx.close()


def test_ask_partner_only_when_going_out_is_possible_and_a_yes_leads_out(chromium: Any, server: LiveServer,
                                                                       shots: Path) -> None:
    """R 1.1 (classic, seed 67: the moves of the Club player at every seat, tests/server/test_table_talk.py).
    12 moves in, Ann (seat 0) has drawn with nothing melded: asking is a legal action but she cannot go
    out, so the page does not offer it. 48 moves in she holds KS 2H 6H and her side has K K K JK K K:
    the page offers "Ask partner" with what a yes binds her to; Carol says yes, Ann adds KS 2H to the
    kings (a canasta) and discards 6H: she goes out."""
    made = httpx.post(server.url + "/api/tables", json={
        "preset": "classic", "seed": 67,
        "seats": [{"kind": "person", "name": n} for n in ("Ann", "Ben", "Carol", "Dan")]}, timeout=10).json()
    tid = made["table_id"]
    tokens = {s: made["links"]["seats"][str(s)].split("#t=")[1] for s in range(4)}
    clients = {s: SeatClient(server.ws, tid, tok) for s, tok in tokens.items()}
    pages = {}
    for width in (375, 1280):
        pages[width] = open_page(chromium, made["links"]["seats"]["0"], width)
        pages[width].wait_for_selector("#hand .card")
    for i, (seat, action) in enumerate(SEED67_MOVES):
        if i == 12:
            for page in pages.values():
                page.wait_for_function("document.body.classList.contains('my-turn') && "
                                       "document.querySelector('#actions [data-act=discard]')")
                assert button(page, "Ask partner").count() == 0          # nothing melded: not offered
                page.keyboard.press("a")                                 # nor on the keyboard
            assert "ask" in clients[0].view["legal_actions"]            # though the engine allows asking
        c = clients[seat]
        c.wait_turn_or(lambda _c: False, timeout=30)
        answer = c.intent(action=action)
        assert answer["type"] == "ack", (i, action, answer)
        for other in clients.values():
            while other.event < answer["event"]:
                other.recv()
    page = pages[375]
    for p in pages.values():
        p.wait_for_function("document.querySelector('#actions [data-act=ask]')")
        assert p.inner_text("#ask-binds") == ("If your partner says yes, you must go out this turn; if you "
                                              "then cannot, your side loses 100 points.")
        shot(p, shots, "friends-ask-partner")
    pages[1280].close()
    before = event_no(page)
    button(page, "Ask partner").click()
    wait_moved(page, before)
    carol = clients[2]
    while not (carol.view and carol.view["phase"] == "answer"):
        carol.recv()
    assert carol.intent(action="yes")["type"] == "ack"
    page.wait_for_function("document.querySelector('#question').innerText.includes('the answer was yes')")
    cards = {c.get_attribute("data-card"): c for c in page.locator("#hand .card").all()}
    cards["KS"].click()
    page.locator("#hand .card[data-card='2H']").click()
    before = event_no(page)
    page.locator("#sides .meld[role=button][data-index='0']").click()
    page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
    page.locator("#hand .card[data-card='6H']").click()
    button(page, "Discard the selected card").click()
    page.wait_for_selector("#result[open]", timeout=20000)
    assert "Ann went out" in page.inner_text("#result") or "went out" in page.inner_text("#result")
    shot(page, shots, "friends-went-out")
    for c in clients.values():
        c.close()
    page.close()


def test_table_talk_is_text_at_every_seat_and_the_host_mutes_a_seat(chromium: Any, server: LiveServer,
                                                                   shots: Path) -> None:
    made = friends(server)
    ann = open_page(chromium, made["links"]["seats"]["0"], 375)
    carol = open_page(chromium, made["links"]["seats"]["2"], 1280)
    watcher = open_page(chromium, made["links"]["spectator"], 1280)
    for p in (ann, carol, watcher):
        p.dialogs = []
        p.on("dialog", lambda d, p=p: (p.dialogs.append(d.message), d.dismiss()))
        p.wait_for_selector("#talk-lines", state="attached")
    assert watcher.locator(".hand-box").is_hidden()                  # a watcher has no empty "Your hand"
    ann.fill("#talk-text", XSS)
    ann.press("#talk-text", "Enter")
    carol.get_by_role("button", name="Good luck").click()
    for p in (ann, carol, watcher):
        p.wait_for_function("document.querySelectorAll('#talk-lines li').length >= 2")
        said = p.locator("#talk-lines li .said").all_inner_texts()
        assert said[:2] == [XSS, "Good luck"], said
        assert p.locator("#talk-lines img").count() == 0
        assert not p.dialogs
    ann.locator("#talk").scroll_into_view_if_needed()
    shot(ann, shots, "friends-talk")
    shot(carol, shots, "friends-talk")
    # the host mutes Carol: her page says so and offers no way to write; Ann still writes
    host = open_page(chromium, made["links"]["host"], 375)
    host.wait_for_selector("#seats li")
    assert host.locator("#newgame").is_disabled()
    assert host.inner_text("#newgame-why") == "You can start the next game when this one is over."
    assert host.inner_text("#sides-line") == "Ann & Carol against Bot 1 & Bot 2"
    host.locator("#seats li").nth(2).get_by_role("button", name="Mute").click()
    host.wait_for_function("document.querySelectorAll('#seats li')[2].innerText.includes('muted')")
    shot(host, shots, "friends-host")
    host.set_viewport_size({"width": 1280, "height": 900})
    shot(host, shots, "friends-host")
    carol.wait_for_function("!document.querySelector('#talk-state').hidden")
    assert carol.inner_text("#talk-state") == "The host has turned off table talk from your seat."
    assert carol.locator("#talk-form").is_hidden()
    ann.fill("#talk-text", "still here")
    ann.press("#talk-text", "Enter")
    carol.wait_for_function("[...document.querySelectorAll('#talk-lines .said')]"
                            ".some(x => x.textContent === 'still here')")
    for p in (ann, carol, watcher, host):
        assert not p.errors
        p.close()


# A rule's sentence as a club member reads it: no option name (``red3_values``), no list in
# brackets (``[4, 3]``) or pairs (``(rank, bonus)``), no sheet mark (``S0 [F](i){c}``, ``T8``, ``N9``,
# ``SWAD``), no programmer's words (``false:``, ``0 = no limit``, ``@N``), no ellipsis for "the same".
NOT_PLAIN = re.compile(r"\w+_\w+|[\[\]{}@=]|\(\w+, \w+\)|\bS[0-4]\b|\b[TN]\d+\b|\bSWAD\b|RULINGS|\.\.\.|…"
                       r"|\b(?:false|true)\b|\bred3\b|\bblack3\b")


def test_every_rule_on_every_rules_card_is_a_plain_sentence_in_english_and_spanish(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    presets = [p["name"] for p in httpx.get(server.url + "/api/presets", timeout=10).json()]
    assert len(presets) == 8
    names = [o["name"] for o in httpx.get(server.url + "/api/presets/classic", timeout=10).json()["options"]]
    page = chromium.new_page(viewport={"width": 375, "height": 800})
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    bad: list[str] = []
    for lang in ("en", "es"):
        for preset in presets:
            page.goto(f"{server.url}/rules/{preset}?lang={lang}")
            page.wait_for_selector(".rules-list li.rule")
            rules = page.locator(".rules-list li.rule")
            assert rules.count() == len(names)
            for name, text in zip(rules.evaluate_all("rs => rs.map(r => r.dataset.option)"),
                                  page.locator(".rules-list .rules-sentence").all_inner_texts(), strict=True):
                words = set(re.findall(r"\w+", text))
                if NOT_PLAIN.search(text) or words & {n for n in names if "_" in n or n.isalpha() is False}:
                    bad.append(f"{lang} {preset} {name}: {text}")
                elif not (text[0].isupper() and text.endswith(".")):
                    bad.append(f"{lang} {preset} {name}: not a sentence: {text}")
    assert not bad, "\n".join(bad)
    # the values a bare list used to show, in words: S3 K's bonus for a canasta of sevens or aces,
    # S3 C's opening minimums by score, S3 D's talon of 4 and 3 cards, in Spanish too
    page.goto(f"{server.url}/rules/nvso-tournament?lang=en")   # the last choice is kept: say it
    page.wait_for_selector(".rules-list li.rule")
    said = {o: page.locator(f".rule[data-option={o}] .rules-sentence").inner_text()
            for o in ("rank_canasta_bonus", "opening_minimums", "upcard")}
    assert said["rank_canasta_bonus"].endswith(": sevens: 2,500, aces: 2,500."), said
    assert said["opening_minimums"].endswith(": 125 below a score of 3,000, 155 from a score of 3,000, "
                                             "180 from a score of 5,000."), said
    assert said["upcard"].endswith(": no."), said
    page.goto(f"{server.url}/rules/nvso-tournament?lang=es")
    page.wait_for_selector(".rules-list li.rule")
    talon = page.locator(".rule[data-option=talon] .rules-sentence").inner_text()
    assert talon.endswith(": primera pareja: 4 cartas, segunda pareja: 3 cartas."), talon
    for lang in ("en", "es"):
        for width in (375, 1280):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{server.url}/rules/trey-canasta?lang={lang}")
            page.wait_for_selector(".rules-list li.rule")
            page.screenshot(path=str(shots / f"rules-trey-{lang}-{width}.png"), full_page=True)
    assert not page.errors
    page.close()


def test_the_first_phone_screen_is_the_game_and_the_settings_fold_behind_one_button(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    made = friends(server)
    for lang, settings, larger in (("en", "Settings", "Larger cards"),
                                   ("es", "Ajustes", "Cartas más grandes")):
        ctx = chromium.new_context(viewport={"width": 375, "height": 740})
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e, p=page: p.errors.append(str(e)))
        page.goto(server.url + f"/?lang={lang}")               # the language, kept by the browser
        page.goto(made["links"]["seats"]["0"])
        page.wait_for_selector("#hand .card")
        page.wait_for_selector("#glance .glance-pile .card")
        # the header is one row: the name, the table and one button (the display settings fold)
        header = page.locator("header").bounding_box()
        assert header and header["height"] <= 64, header
        assert page.locator("header nav").is_hidden() and page.locator("#lang").is_hidden()
        toggle = page.get_by_role("button", name=settings)
        assert toggle.get_attribute("aria-expanded") == "false"
        # the first screen: whose turn, the pile's top card and its state, each side's melds, the whole hand
        for sel in ("#status", "#glance .glance-pile .card", "#glance .glance-pile", "#glance .glance-side"):
            assert in_view(page, sel), (lang, sel)
        hand = page.locator("#hand").bounding_box()
        assert hand and hand["y"] >= header["height"] and hand["y"] + hand["height"] <= 740, (lang, hand)
        shot(page, shots, f"friends-first-screen-{lang}")
        # one tap opens the settings, within the screen; they work as before
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "true"
        button_box = page.get_by_role("button", name=larger).bounding_box()
        assert button_box and button_box["y"] + button_box["height"] <= 740, button_box
        assert page.locator("#lang").is_visible() and page.locator("#rules-link").is_visible()
        shot(page, shots, f"friends-settings-open-{lang}")
        page.get_by_role("button", name=larger).click()
        assert page.get_by_role("button", name=larger).get_attribute("aria-pressed") == "true"
        page.get_by_role("button", name=larger).click()                # as it was, for the next page
        toggle.click()
        assert page.locator("header nav").is_hidden()
        # wider, no fold: every setting in the header, no button to open them
        page.set_viewport_size({"width": 1280, "height": 900})
        assert page.locator("header nav").is_visible() and toggle.is_hidden()
        shot(page, shots, f"friends-first-screen-{lang}")
        assert not page.errors
        ctx.close()


def test_the_rules_card_at_a_table_is_that_tables_rules_with_its_house_rules_marked(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    made = friends(server)             # classic with the house rule game_hands=1
    table = made["links"]["seats"]["0"].split("/table/")[1].split("#")[0]
    assert httpx.get(f"{server.url}/api/tables/{table}/rules", timeout=10).status_code >= 400   # no token
    page = chromium.new_page(viewport={"width": 375, "height": 800})
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url + "/?lang=en")
    page.goto(made["links"]["seats"]["0"])
    page.wait_for_selector("#hand .card")
    href = page.locator("#rules-link").get_attribute("href")
    assert href and href.startswith(f"/rules/classic?table={table}#t="), href
    page.goto(server.url + href)
    page.wait_for_selector(".rules-list li.rule")
    assert page.inner_text("#house-count") == "This table plays 1 house rule, marked below."
    assert page.locator(".rules-list li.house").count() == 1
    rule = page.locator(".rule[data-option=game_hands]")
    assert rule.get_attribute("class") == "rule house"
    assert rule.locator(".rules-sentence").inner_text().endswith("(a tie plays on): 1.")
    assert rule.locator(".house-note").inner_text() == "From: the house rules of this table"
    # the rest as the preset says (R 1.1: game is 5,000); the preset's own card has no house rules
    target = page.locator(".rule[data-option=target_score] .rules-sentence").inner_text()
    assert target.endswith(": 5,000."), target
    rule.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "rules-house-375.png"))
    page.goto(server.url + "/rules/classic")
    page.wait_for_selector(".rules-list li.rule")
    assert page.locator(".rules-list li.house").count() == 0 and page.locator("#house-count").count() == 0
    assert page.locator(".rule[data-option=game_hands] .rules-sentence").inner_text().endswith(
        ": no, play to the target score.")
    assert not page.errors
    page.close()


def test_a_dropped_connection_offers_no_move_until_the_server_answers_again(
        chromium: Any, server: LiveServer, shots: Path) -> None:
    # a key pressed into a closed socket only said "not connected", and the page still offered the
    # turn's moves: a test pressing D for its next turn then waited for a draw that never came
    made = httpx.post(server.url + "/api/tables", json={"preset": "classic"}, timeout=10).json()
    page = chromium.new_page(viewport={"width": 375, "height": 740})
    page.goto(server.url + "/?lang=en")
    page.goto(made["links"]["seats"]["0"])
    page.wait_for_function("document.body.classList.contains('my-turn')", timeout=30000)
    before = event_no(page)
    page.keyboard.press("d")
    wait_moved(page, before)
    assert event_no(page) > before
    server.kill()
    try:
        page.wait_for_function("!document.body.classList.contains('my-turn')", timeout=10000)
        assert page.locator("#actions button", has_text="Discard").count() == 0
        status = page.inner_text("#status")
        assert status.startswith("Connection lost") or "answer" in status, status
        shot(page, shots, "friends-reconnecting")
    finally:
        server.start()
    page.wait_for_function(
        "document.body.classList.contains('my-turn') || !!document.querySelector('#try-again')",
        timeout=60000)
    if page.locator("#try-again").count():
        page.locator("#try-again").click()
        page.wait_for_function("document.body.classList.contains('my-turn')", timeout=30000)
    assert button(page, "Discard the selected card").count() == 1     # the same turn, after the draw
    page.close()
