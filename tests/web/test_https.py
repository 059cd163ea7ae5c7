"""HTTPS through Caddy (issue 32): deploy/Caddyfile, given Caddy's own certificate authority
(``tls internal``) instead of a public one, in front of ``canasta serve --trusted-proxy``. Python
checks the certificate chain against Caddy's root; Chromium pins Caddy's CA key; a person then
plays a turn at ``https://`` with the table's WebSocket at ``wss://``, all through Caddy."""

from __future__ import annotations

import base64
import hashlib
import os
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.deploy.tools import tool
from tests.server.conftest import LiveServer, free_port, stop_process, wait_serving

from .conftest import ARGS, CHROMIUM, chromium_or_skip
from .play import event_no, play_turn

ROOT = Path(__file__).resolve().parents[2]


def spki_pin(cert: Path) -> str:
    """base64(SHA-256 of the certificate's public key): Chromium's form of a pinned key."""
    pem = subprocess.run(["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"], capture_output=True,
                         check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pem, capture_output=True,
                         check=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


class Caddy:
    """Debian's Caddy running deploy/Caddyfile for https://localhost:PORT with its internal CA."""

    def __init__(self, app_port: int, tmp: Path) -> None:
        self.port, self.tmp = free_port(), tmp
        recipe = (ROOT / "deploy" / "Caddyfile").read_text()
        site = recipe.replace("canasta.example.org", f"localhost:{self.port}").replace(
            "127.0.0.1:8000", f"127.0.0.1:{app_port}")
        # the test's own global options: Caddy's internal CA, nothing installed in the system's
        # trust store, no admin endpoint, no port 80
        glob = f"{{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port {free_port()}\n}}\n"
        (tmp / "Caddyfile").write_text(glob + site)
        self.env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"),
                    "XDG_CONFIG_HOME": str(tmp / "config")}
        self.log = tmp / "caddy.log"
        self.proc = subprocess.Popen([tool("caddy"), "run", "--adapter", "caddyfile", "--config",
                                      str(tmp / "Caddyfile")], env=self.env, stdout=self.log.open("wb"),
                                     stderr=subprocess.STDOUT)
        self.ca = tmp / "data" / "caddy" / "pki" / "authorities" / "local"

    @property
    def url(self) -> str:
        return f"https://localhost:{self.port}"

    def wait(self) -> None:
        deadline = time.monotonic() + 60
        while not (self.ca / "root.crt").exists():   # Caddy makes its CA as it starts
            assert self.proc.poll() is None and time.monotonic() < deadline, self.log.read_text()[-2000:]
            time.sleep(0.2)
        wait_serving(self.url + "/api/presets", self.proc, self.log, verify=self.trust())

    def trust(self) -> ssl.SSLContext:
        """Python trusting Caddy's root certificate (and nothing else)."""
        return ssl.create_default_context(cafile=str(self.ca / "root.crt"))

    def stop(self) -> None:
        stop_process(self.proc)


@pytest.fixture
def https_site(tmp_path: Path) -> Iterator[tuple[LiveServer, Caddy]]:
    tool("caddy")
    server = LiveServer(f"sqlite:///{tmp_path / 'canasta.db'}", tmp_path, bot_delay=0.0,
                        extra=("--trusted-proxy", "127.0.0.1")).start()
    caddy = Caddy(server.port, tmp_path)
    try:
        caddy.wait()
        yield server, caddy
    finally:
        caddy.stop()
        server.stop()


def test_a_turn_played_over_https_and_wss_through_caddy(https_site: tuple[LiveServer, Caddy],
                                                        shots: Path) -> None:
    chromium_or_skip()
    from playwright.sync_api import sync_playwright

    _server, caddy = https_site
    # the chain Caddy presents checks against its root: a real certificate, not an ignored error
    made: dict[str, Any] = httpx.post(caddy.url + "/api/tables", json={"preset": "gvr-club"},
                                      verify=caddy.trust(), timeout=10).json()
    # the links say https and Caddy's address: the forwarded headers of a trusted proxy
    assert made["links"]["seats"]["0"].startswith(caddy.url + "/table/"), made["links"]
    with pytest.raises(httpx.ConnectError):   # and it is not trusted without Caddy's root
        httpx.get(caddy.url + "/api/presets", timeout=5)
    pins = ",".join(spki_pin(caddy.ca / f"{n}.crt") for n in ("root", "intermediate"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=[*ARGS, f"--ignore-certificate-errors-spki-list={pins}"])
        try:
            # bypass_csp: wait_for_function evaluates a string (see tests/web/conftest.py CspBypass)
            page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
            sockets: list[str] = []
            page.on("websocket", lambda ws: sockets.append(ws.url))
            page.goto(made["links"]["seats"]["0"])
            page.wait_for_selector("#hand .card", timeout=30000)
            assert page.evaluate("location.protocol") == "https:"
            page.wait_for_function("document.body.classList.contains('my-turn')", timeout=60000)
            before = event_no(page)
            play_turn(page)
            page.wait_for_function(f"Number(document.body.dataset.event) > {before}", timeout=30000)
            assert event_no(page) > before
            wss = f"wss://localhost:{caddy.port}/ws/"
            assert sockets and all(u.startswith(wss) for u in sockets), sockets
            page.screenshot(path=str(shots / "https-table-1280.png"))
        finally:
            browser.close()
