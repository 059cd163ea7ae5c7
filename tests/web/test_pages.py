"""The pages in a real browser: play against bots from the home page by clicking, a refused
action's reason, reconnect on reload, keyboard selection, and screenshots at phone and desktop
widths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import LiveServer


def start_practice(chromium: Any, server: LiveServer, width: int) -> Any:
    page = chromium.new_page(viewport={"width": width, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#preset option[value='classic']", state="attached")
    page.click("#go")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card")
    return page


def wait_my_turn(page: Any) -> None:
    page.wait_for_function("document.querySelector('#status').textContent === 'Your turn'", timeout=30000)


def test_home_page_offers_play_private_join_and_my_tables(chromium: Any, server: LiveServer,
                                                          shots: Path) -> None:
    for width in (375, 1280):
        page = chromium.new_page(viewport={"width": width, "height": 900})
        page.goto(server.url + "/")
        page.wait_for_selector("#preset option[value='bolivia']", state="attached")
        for text in ("Play against bots", "Start a private table", "Join with a link", "My tables"):
            assert page.get_by_role("heading", name=text).is_visible()
        page.screenshot(path=str(shots / f"home-{width}.png"), full_page=True)
        page.close()


def test_a_person_plays_turns_against_three_bots_by_clicking(chromium: Any, server: LiveServer,
                                                             shots: Path) -> None:
    page = start_practice(chromium, server, 1280)
    assert page.locator("#hand .card").count() == 11
    assert page.get_attribute("#hand .card >> nth=0", "aria-label")  # "king of hearts" style names
    for _turn in range(3):
        wait_my_turn(page)
        page.get_by_role("button", name="Draw from the stock").click()
        page.wait_for_selector("button:has-text('Discard the selected card')")
        page.get_by_role("button", name="Discard the selected card").click()
        page.wait_for_selector("#error:not([hidden])")
        assert "Select one card" in page.inner_text("#error")
        lay = page.get_by_role("button", name="Lay down the selected cards")
        if lay.count():  # the engine's refusal: two cards are no meld
            page.locator("#hand .card").nth(0).click()
            page.locator("#hand .card").nth(1).click()
            lay.click()
            page.wait_for_function("document.querySelector('#error').textContent.startsWith('Not allowed')")
            page.locator("#hand .card.sel").nth(0).click()
            page.locator("#hand .card.sel").nth(0).click()
        # keyboard: focus the first card, select it with the space bar, discard
        page.locator("#hand .card").first.focus()
        page.keyboard.press("Space")
        assert page.locator("#hand .card.sel").count() == 1
        page.get_by_role("button", name="Discard the selected card").click()
        page.wait_for_function("document.querySelector('#status').textContent !== 'Your turn'")
    assert page.locator("#log li").count() > 10
    page.screenshot(path=str(shots / "table-1280.png"), full_page=True)
    # a reload reconnects to the same game
    hand = page.inner_text("#hand")
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.inner_text("#hand") == hand or page.locator("#hand .card").count() >= 1
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(shots / "table-375.png"), full_page=True)
    page.close()
