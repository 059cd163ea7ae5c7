"""The server's settings, with defaults a club can run as they are."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import CanastaError
from .admin_errors import admin_error


def default_data_dir() -> Path:
    """The per-user data folder (``$CANASTA_DATA``, else the platform's user data folder)."""
    env = os.environ.get("CANASTA_DATA")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("canasta", appauthor=False)


@dataclass
class Limits:
    """What one client may take of the server, so that one page, script or address cannot slow the
    others' games (issue 31). Rates are a second; a burst is what may come at once. Addresses are
    the players': behind a proxy named with ``--trusted-proxy``, the address it forwards."""

    sockets_per_address: int = 64      # open table sockets from one address (a club's router: 16 tables)
    watchers_per_table: int = 40       # spectator sockets on one table
    tables_rate: float = 0.1           # new tables a second from one address (one every 10 s) ...
    tables_burst: float = 20.0         # ... after 20 at once
    tables_total_rate: float = 2.0     # new tables a second from everyone together ...
    tables_total_burst: float = 200.0  # ... after 200 at once
    seat_rate: float = 20.0            # messages a second from one seat (all its pages together) ...
    seat_burst: float = 40.0           # ... and at once; a spectator's socket has the same, alone
    loads_rate: float = 5.0            # tables loaded from storage a second for one address (a link to a
    loads_burst: float = 30.0          # ... table not in memory, or to no table at all) ...
    documents_rate: float = 0.1        # new score sheets and events from one address ...
    documents_burst: float = 20.0      # ... after 20 at once
    replay_rate: float = 10.0          # steps of a finished game's replay a second for one address ...
    replay_burst: float = 40.0         # ... after 40 at once (each replays the game up to that step)
    qr_rate: float = 1.0               # QR codes drawn a second for one address (30 to 60 ms each) ...
    qr_burst: float = 12.0             # ... after 12 at once (a host's invitations, twice over)
    verify_rate: float = 1.0           # /api/verify calls a second from one address ...
    verify_burst: float = 5.0          # ... and at once
    verify_at_once: int = 2            # records replayed at the same time, server-wide
    verify_seconds: float = 10.0       # a replay taking longer is given up
    verify_actions: int = 20000        # actions in one record sent to /api/verify


class LimitError(CanastaError, ValueError):
    """A ``--limit`` setting that cannot be used: a code and its data (:mod:`.admin_errors`)."""


def limits_with(settings: list[str]) -> Limits:
    """The default limits with ``NAME=VALUE`` settings applied (``canasta serve --limit``)."""
    out = Limits()
    for item in settings:
        name, _eq, value = item.partition("=")
        name = name.strip()
        if name not in Limits.__dataclass_fields__:
            raise admin_error(LimitError, "limit_unknown", item=repr(item), name=repr(name),
                              names=", ".join(Limits.__dataclass_fields__))
        kind = type(getattr(out, name))
        try:
            number = kind(value)
        except ValueError:
            raise admin_error(LimitError, "limit_number", item=repr(item), name=name, value=repr(value)) \
                from None
        if number < 0:
            raise admin_error(LimitError, "limit_negative", item=repr(item))
        setattr(out, name, number)
    return out


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
    max_tables: int = 10000            # tables in memory in one process
    idle_unload: float = 900.0         # a table nobody has used this long leaves memory (it stays stored)
    limits: Limits = field(default_factory=Limits)
    origins: tuple[str, ...] = ()      # other origins whose pages may open table sockets (the public URL)
    api_docs: bool = False             # serve the API's docs page (/api/docs) and its OpenAPI schema
    chosen_seeds: bool = False         # tests only: a new table may be given its seed (never online)
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
