"""Fixtures for the server tests: a database of each kind, and a real server in a subprocess.

SQLite always runs. PostgreSQL runs when ``CANASTA_TEST_PG`` names a server (an admin URL such as
``postgresql+psycopg://postgres:pw@127.0.0.1/postgres``: each test gets a database of its own);
without it those tests skip, unless ``CANASTA_REQUIRE_PG=1`` (as in CI), where they fail instead.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

PG_ADMIN = os.environ.get("CANASTA_TEST_PG")
REQUIRE_PG = os.environ.get("CANASTA_REQUIRE_PG") == "1"


def _pg_database() -> Iterator[str]:
    if not PG_ADMIN:
        if REQUIRE_PG:
            pytest.fail("CANASTA_REQUIRE_PG=1 but CANASTA_TEST_PG names no PostgreSQL server")
        pytest.skip("PostgreSQL not configured: set CANASTA_TEST_PG to an admin URL to run these tests")
    import sqlalchemy as sa

    name = "canasta_t_" + secrets.token_hex(6)
    admin = sa.create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(sa.text(f"CREATE DATABASE {name}"))
    except Exception as e:  # the server is named but down
        if REQUIRE_PG:
            raise
        pytest.skip(f"PostgreSQL at CANASTA_TEST_PG is not reachable: {e}")
    url = sa.engine.make_url(PG_ADMIN).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with admin.connect() as c:
            c.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'canasta.db'}"
    else:
        yield from _pg_database()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_serving(url: str, proc: subprocess.Popen[bytes], log: Path | None = None, timeout: float = 60,
                 verify: Any = True) -> None:
    """Until ``url`` answers 200, or RuntimeError when ``proc`` exits or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited: {log.read_text()[-2000:] if log else ''}")
        try:
            if httpx.get(url, timeout=2, verify=verify).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer in {timeout:g} s")


def stop_process(proc: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM, and SIGKILL after 10 s."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


class LiveServer:
    """``canasta serve`` in a subprocess (killable, restartable on the same database)."""

    def __init__(self, db: str, data: Path, bot_delay: float = 0.0, grace: float = 30.0,
                 extra: tuple[str, ...] = (), log_name: str = "server.log") -> None:
        self.db, self.data, self.bot_delay, self.grace = db, data, bot_delay, grace
        self.extra = extra          # more options of canasta serve (--instance, --trusted-proxy, ...)
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data / log_name

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        cmd = [sys.executable, "-m", "canasta", "serve", "--port", str(self.port), "--data", str(self.data),
               "--bot-delay", str(self.bot_delay), "--grace", str(self.grace), "--bot-workers", "0",
               "--db", self.db, "--test-seeds", "--limit", "tables_burst=100000",
               "--limit", "tables_total_burst=100000", "--limit", "documents_burst=100000",
               "--verbose", *self.extra]   # every log line, for the tests that read it
        with self.log.open("ab") as out:   # (the server writes to its own copy of the file)
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        # a server starts in about a second; on a machine loaded twenty times over it took over 60
        try:
            wait_serving(self.url + "/api/presets", self.proc, self.log, timeout=180)
        except RuntimeError:
            stop_process(self.proc)   # never left running behind a failed start
            raise
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        stop_process(self.proc)


@pytest.fixture
def live_server(db_url: str, tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """A factory: ``live_server(bot_delay=0)`` starts a server on this test's database."""
    servers: list[LiveServer] = []

    def make(**kw: float) -> LiveServer:
        s = LiveServer(db_url, tmp_path, **kw).start()
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.stop()


@pytest.fixture
def app_client(db_url: str, tmp_path: Path) -> Iterator[Any]:
    """The app in process (Starlette's TestClient) on a fresh database of each kind."""
    from fastapi.testclient import TestClient

    from canasta.server.app import create_app
    from canasta.server.config import ServerConfig

    cfg = ServerConfig(data_dir=tmp_path, db_url=db_url, bot_delay=0, bot_workers=0, chosen_seeds=True)
    with TestClient(create_app(cfg)) as c:
        yield c
