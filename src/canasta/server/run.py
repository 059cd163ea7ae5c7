"""``canasta serve``: the app under uvicorn, with the URL printed and, if asked, a browser opened."""

from __future__ import annotations

import logging
import threading
import webbrowser

from .config import ServerConfig


def serve(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000,
          open_browser: bool = False) -> None:
    import uvicorn

    from .app import create_app
    url = config.database_url()
    app = create_app(config)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"
    where = url if not url.startswith("sqlite") else url.removeprefix("sqlite:///")
    print(f"Canasta is at {address}  (data: {where}; stop with Ctrl+C)", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(address,)).start()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=config.max_message * 4,
                ws_ping_interval=20, ws_ping_timeout=20)
