"""``canasta serve``: the app under uvicorn, with the URL printed and, if asked, a browser opened."""

from __future__ import annotations

import gc
import logging
import threading
import webbrowser

from ..batchgc import THRESHOLD
from .config import ServerConfig


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


def serve(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000,
          open_browser: bool = False) -> None:
    import uvicorn

    from .app import create_app
    from .hub import Hub
    url = config.database_url()
    hub = Hub(config)              # the database is opened, upgraded and checked before serving
    hub.store.check_writable()
    app = create_app(config, hub)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"
    where = url if not url.startswith("sqlite") else url.removeprefix("sqlite:///")
    print(f"Canasta is at {address}  (data: {where}; stop with Ctrl+C)", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(address,)).start()
    quiet_gc()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=config.max_message * 4,
                ws_ping_interval=20, ws_ping_timeout=20)
