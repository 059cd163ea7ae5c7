"""The server's settings, with defaults a club can run as they are."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    """The per-user data folder (``$CANASTA_DATA``, else the platform's user data folder)."""
    env = os.environ.get("CANASTA_DATA")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("canasta", appauthor=False)


@dataclass
class ServerConfig:
    """Everything ``canasta serve`` can set. Times are in seconds."""

    data_dir: Path = field(default_factory=default_data_dir)
    db_url: str | None = None          # None: SQLite in data_dir
    bot_delay: float = 0.9             # pause before a bot's move, so that people can follow
    grace: float = 60.0                # a person away this long gets a bot stand-in until back
    bot_workers: int = 1               # processes for bot decisions (0: a thread, for tests)
    ring: int = 512                    # events kept per table for reconnects
    max_message: int = 8192            # bytes in one WebSocket message
    rate: float = 20.0                 # messages a second per connection (sustained)
    burst: float = 40.0                # ... and at once
    max_tables: int = 10000            # live tables in one process
    # how others reach the server (canasta.server.urls): links are absolute on the public URL, or
    # on what a trusted proxy's forwarded headers say, or on the request's own address
    public_url: str | None = None
    trusted_proxies: tuple[str, ...] = ()
    listen_host: str = "127.0.0.1"     # the address served on (0.0.0.0: every network)
    # one of several processes on one PostgreSQL (docs/scaling.md): this process's name; None when
    # it is the only one (then it holds every unfinished table from the start)
    instance: str | None = None

    def database_url(self) -> str:
        if self.db_url:
            return self.db_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{self.data_dir / 'canasta.db'}"
