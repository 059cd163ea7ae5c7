"""Issue 31: every page works under the Content-Security-Policy the server sends (its own scripts,
styles and images only; no inline code, no ``eval``), in a browser that applies it: no page breaks
the policy, and a game is started and played from the home page."""

from __future__ import annotations

from typing import Any

import httpx

from .conftest import SHOTS, LiveServer

ROUTES = ["/", "/score", "/event", "/rules/classic", "/fair"]


def watch(page: Any) -> list[str]:
    """What the page reports as broken: script errors, and resources or code the policy refused."""
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"error: {e}"))
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    return problems


def test_every_page_works_under_the_content_security_policy(strict_chromium: Any, server: LiveServer) -> None:
    headers = httpx.get(server.url + "/").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    for route in ROUTES:
        page = strict_chromium.new_page(viewport={"width": 1280, "height": 900})
        problems = watch(page)
        page.goto(server.url + route)
        page.wait_for_load_state("networkidle")
        assert page.locator("h1").count() and not problems, (route, problems)
        if route == "/fair":   # how a player checks a deal: every word from the catalogue
            assert page.get_by_role("heading", name="Fair deals: how to check").is_visible()
            assert "canasta verify" in page.inner_text("main") and "data-t" not in page.inner_text("main")
            for width in (375, 1280):
                page.set_viewport_size({"width": width, "height": 900})
                page.screenshot(path=str(SHOTS / f"fair-{width}.png"), full_page=True)
        page.close()
    # a practice game from the home page: the table, its hand, a move
    page = strict_chromium.new_page(viewport={"width": 375, "height": 800})
    problems = watch(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#preset option[value='classic']", state="attached")
    page.click("#go")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card")
    page.locator("#actions button").first.wait_for()
    page.wait_for_selector("body.my-turn", timeout=30000)
    before = page.get_attribute("body", "data-event")
    page.locator("#actions button.primary").first.click()        # draw
    page.wait_for_selector(f"body:not([data-event='{before}'])")
    assert page.locator("#hand .card").count() > 0 and not problems, problems
    page.close()
