"""``canasta serve`` with a timeline of what can stall every table at once, for bench_server.py --trace.

    python benchmarks/trace_server.py TRACE.jsonl serve --port ... (the arguments of canasta serve)

Writes one JSON line per stall-sized happening, with wall-clock times to line up with the
benchmark's stalls:
- ``loop``: the event loop did not run a 5 ms timer for ``ms`` (something held the loop);
- ``db``: a storage call (``fn``) waited ``wait_ms`` for the one database thread and ran ``run_ms``;
- ``gc``: a garbage collection of ``generation`` took ``ms``.
Only happenings over ``--min-ms`` (20 ms) are written.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import threading
import time
from typing import Any

MIN_MS = 20.0


def main() -> None:
    path = sys.argv[1]
    out = open(path, "a", buffering=1)  # noqa: SIM115 - open for the server's life
    lock = threading.Lock()

    def write(kind: str, **data: Any) -> None:
        with lock:
            out.write(json.dumps({"kind": kind, "at": round(time.time(), 4), **data}) + "\n")

    from canasta.server import hub

    original = hub.Hub.db

    async def timed_db(self: hub.Hub, fn: Any, *args: Any) -> Any:
        queued = time.perf_counter()
        started: list[float] = []

        def run() -> Any:
            started.append(time.perf_counter())
            return fn(*args)

        result = await original(self, run)
        done = time.perf_counter()
        wait, ran = 1000 * (started[0] - queued), 1000 * (done - started[0])
        if wait + ran > MIN_MS:
            write("db", fn=getattr(fn, "__name__", str(fn)), wait_ms=round(wait, 1), run_ms=round(ran, 1))
        return result

    hub.Hub.db = timed_db  # type: ignore[method-assign]
    original_start = hub.Hub.start

    async def start(self: hub.Hub) -> None:
        await original_start(self)
        asyncio.get_running_loop().create_task(watch_loop())

    async def watch_loop() -> None:
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.005)
            lag = 1000 * (time.perf_counter() - t0) - 5
            if lag > MIN_MS:
                write("loop", ms=round(lag, 1))

    hub.Hub.start = start  # type: ignore[method-assign]
    gc_started: list[float] = []

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            gc_started[:] = [time.perf_counter()]
        elif gc_started:
            ms = 1000 * (time.perf_counter() - gc_started[0])
            if ms > MIN_MS:
                write("gc", generation=info.get("generation"), ms=round(ms, 1))

    gc.callbacks.append(on_gc)
    from canasta.cli import app

    sys.argv = ["canasta", *sys.argv[2:]]
    app()


if __name__ == "__main__":
    main()
