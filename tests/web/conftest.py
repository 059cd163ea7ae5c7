"""Browser tests: Playwright driving Debian's Chromium against ``canasta serve`` in a subprocess.

Without Chromium (``/usr/bin/chromium``) or Playwright they skip and say why, unless
``CANASTA_REQUIRE_BROWSER=1`` (as in CI), where they fail instead. Screenshots go to
``tests/web/screenshots/`` for anyone to look at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer

CHROMIUM = os.environ.get("CANASTA_CHROMIUM", "/usr/bin/chromium")
REQUIRE = os.environ.get("CANASTA_REQUIRE_BROWSER") == "1"
SHOTS = Path(__file__).parent / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class CspBypass:
    """The browser, its pages made with Playwright's ``bypass_csp``: ``wait_for_function`` evaluates its
    string in the page, which the pages' Content-Security-Policy forbids (no ``eval``). The pages
    themselves are loaded and played under the policy by ``test_security_headers.py``."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_page(self, **kw: Any) -> Any:
        return self.browser.new_page(**{"bypass_csp": True, **kw})

    def new_context(self, **kw: Any) -> Any:
        return self.browser.new_context(**{"bypass_csp": True, **kw})

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


@pytest.fixture(scope="module")
def strict_chromium() -> Iterator[Any]:
    """The browser as a visitor's: the pages' Content-Security-Policy applies."""
    yield from _chromium()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    for b in _chromium():
        yield CspBypass(b)


def _chromium() -> Iterator[Any]:
    chromium_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def chromium_or_skip() -> None:
    """Skip (fail under CANASTA_REQUIRE_BROWSER=1) without Playwright or Debian's Chromium."""
    why = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        why = "Playwright is not installed (pip install -e '.[test]')"
    if why is None and not shutil.which(CHROMIUM):
        why = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    if why is not None:
        if REQUIRE:
            pytest.fail(why)
        pytest.skip(why)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    d = tmp_path_factory.mktemp("web")
    s = LiveServer(f"sqlite:///{d / 'canasta.db'}", d, bot_delay=0.0).start()
    yield s
    s.stop()


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(exist_ok=True)
    return SHOTS
