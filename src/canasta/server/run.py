"""``canasta serve``: the app under uvicorn, with the URL printed and, if asked, a browser opened."""

from __future__ import annotations

import gc
import logging
import socket
import threading
import webbrowser
from collections.abc import Callable
from typing import Any

from ..batchgc import THRESHOLD
from ..messages import render
from .config import ServerConfig
from .words import ADMIN

#: Says a line by its key and data in the reader's language.
Say = Callable[[str, dict[str, Any]], str]


def quiet_gc() -> None:
    """Shorter pauses of the cyclic garbage collector for a long-running server.

    Why: a full collection walks every tracked object, and each open table brings its sockets'
    coroutines and buffers; with a few hundred tables a full collection stopped every table for
    100-250 ms (``benchmarks/bench_server.py``). What was built at start-up (modules, the app) is
    moved out of the collector's sight (``gc.freeze``), and young collections run less often, so
    fewer short-lived objects (a move's trial state, the views sent) live long enough to be
    promoted and trigger full collections. Objects are still freed by reference counting.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(THRESHOLD, 20, 20)


def start_lines(config: ServerConfig, host: str, port: int, url: str, say: Say | None = None) -> list[str]:
    """What ``canasta serve`` prints when it starts: where it is served, the database, the data folder
    (``say(key, data)``: a line of :data:`~canasta.server.words.ADMIN` in the reader's language;
    default English)."""
    from sqlalchemy import make_url

    from .urls import ALL_INTERFACES, network_addresses, public_url

    said: Say = say if say is not None else _english
    lines = [said("admin.running", {})]
    here = "localhost" if host in ALL_INTERFACES or host.startswith("127.") or host == "::1" else host
    lines.append("  " + said("admin.on_this_computer", {"url": f"http://{here}:{port}/"}))
    if host in ALL_INTERFACES:
        lines += ["  " + said("admin.on_your_network", {"url": f"http://{a}:{port}/"})
                  for a in network_addresses()]
    if config.public_url:
        lines.append("  " + said("admin.public_address", {"url": f"{public_url(config.public_url)}/"}))
    elif host not in ALL_INTERFACES and here == "localhost":
        lines.append("  " + said("admin.only_this_computer", {}))
    if url.startswith("sqlite"):
        lines.append(said("admin.database_sqlite", {"path": url.removeprefix("sqlite:///")}))
        lines.append(said("admin.data_folder", {"path": str(config.data_dir)}))
    else:
        lines.append(said("admin.database", {"url": make_url(url).render_as_string(hide_password=True)}))
    if config.instance:
        lines.append(said("admin.process", {"instance": config.instance}))
    lines.append(said("admin.stop", {}))
    return lines


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound as uvicorn binds it (IPv6 where the host has a colon), but before
    anything is printed: an address in use, or one this computer does not have, is an ``OSError``
    that ``canasta serve`` says in the reader's language, where uvicorn would log its own English
    line after the start lines."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _english(key: str, data: dict[str, Any]) -> str:
    return render(ADMIN[key], data)


def serve(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000,
          open_browser: bool = False, verbose: bool = False, say: Say | None = None) -> None:
    """Check the database (refusing one newer than this program), then serve until stopped."""
    import uvicorn

    from .app import create_app
    from .backup import serving
    from .hub import Hub
    from .store import upgrade

    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    config.listen_host = host
    url = config.database_url()
    with serving(url):   # one server per SQLite database; `canasta restore` waits for it to stop
        upgrade(url)     # SchemaTooNew before anything is served; the hub's own upgrade is a no-op
        hub = Hub(config)    # the database is opened and checked before serving
        hub.store.check_writable()
        app = create_app(config, hub)
        sock = listening_socket(host, port)  # an address in use is said before "Canasta is running"
        for line in start_lines(config, host, port, url, say):
            print(line, flush=True)
        if open_browser:
            shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
            threading.Timer(1.0, webbrowser.open, args=(f"http://{shown}:{port}/",)).start()
        quiet_gc()
        with sock:
            uvicorn.Server(uvicorn.Config(
                app, host=host, port=port, log_level="info" if verbose else "warning",
                ws_max_size=config.max_message * 4, ws_ping_interval=20, ws_ping_timeout=20,
            )).run(sockets=[sock])
