"""The store alone: how long storing one move takes on the server's one store thread, with SQLite's
checkpoints on that thread (as before) or on a thread of their own (``canasta.server.checkpoint``).

One thread stores moves as the server does (``Store.append_actions``, one transaction per move, 64
tables round robin) at ``--rate`` moves a second and times each call. With ``--disk-load`` another
process keeps the disk busy (writing 64 MB and fsyncing it, again and again), as other work on a
shared machine does. Every call that waits on an fsync holds up every table's next move: the longest
calls are the pauses players see.

    python benchmarks/bench_store.py --seconds 30 --disk-load             # both ways, one after the other
    python benchmarks/bench_store.py --cpu 4000                           # CPU time a stored move costs

``--cpu N`` stores N moves as fast as they go (the database in /dev/shm, so that the disk is out of it) and
prints the process's CPU time per move: what storing a move takes from the server's one process, whose
store thread competes with the event loop for the interpreter.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from canasta.server.store import SeatData, Store, StoredAction, TableData

sys.path.insert(0, str(Path(__file__).parent))
from bench_server import DISK_LOAD, pct


def make_tables(store: Store) -> list[str]:
    """64 classic tables of four people, stored: the tables the moves are stored for, round robin."""
    tables = [f"T{i}" for i in range(64)]
    seats = [SeatData(i, "person", None, f"P{i}", f"h{i}") for i in range(4)]
    for t in tables:
        store.create_table(TableData(t, t, "classic", {"preset": "classic", "options": {}}, f"h{t}",
                                     f"s{t}", 0, 1, seats, 1, 0))
    return tables


def run(way: str, seconds: float, rate: float, disk_load: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(dir=os.environ.get("TMPDIR")) as data:
        store = Store(f"sqlite:///{data}/canasta.db")
        if way == "on-store-thread":
            # the server before: each connection checkpoints every 1000 pages, on the committing thread
            assert store.checkpointer is not None
            store.checkpointer.close()
            store.checkpointer = None

            @event.listens_for(store.engine, "connect")
            def _auto(dbapi_conn: Any, _record: Any) -> None:
                dbapi_conn.execute("PRAGMA wal_autocheckpoint=1000")

            store.engine.dispose()
        tables = make_tables(store)
        disk = subprocess.Popen([sys.executable, "-c", DISK_LOAD, f"{data}/disk-load.bin"]) \
            if disk_load else None
        times: list[float] = []
        seq = dict.fromkeys(tables, 0)
        end = time.monotonic() + seconds
        next_at = time.monotonic()
        n = 0
        try:
            while time.monotonic() < end:
                t = tables[n % len(tables)]
                n += 1
                t0 = time.perf_counter()
                store.append_actions(t, 1, seq[t], [StoredAction(0, "draw", f"c{n}")], seq[t] + 1)
                times.append(time.perf_counter() - t0)
                seq[t] += 1
                next_at += 1 / rate
                time.sleep(max(0.0, next_at - time.monotonic()))
        finally:
            if disk is not None:
                disk.kill()
            done = store.checkpointer.done if store.checkpointer else 0
            if store.checkpointer:
                print(f"(the checkpointing thread {store.checkpointer.native_id})", flush=True)
            store.close()
    return {"way": way, "moves": len(times), "p50_ms": 1000 * pct(times, 0.5),
            "p99_ms": 1000 * pct(times, 0.99), "max_ms": 1000 * max(times),
            "mean_ms": 1000 * statistics.fmean(times),
            "over_100ms": sum(x > 0.1 for x in times), "checkpoints_elsewhere": done}


def cpu_per_move(n: int) -> float:
    """Microseconds of this process's CPU time per ``Store.append_actions`` of one move."""
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as data:
        store = Store(f"sqlite:///{data}/canasta.db")
        tables = make_tables(store)
        seq = dict.fromkeys(tables, 0)
        c0 = time.process_time()
        for i in range(n):
            t = tables[i % len(tables)]
            store.append_actions(t, 1, seq[t], [StoredAction(0, "draw", f"c{i}")], seq[t] + 1)
            seq[t] += 1
        used = time.process_time() - c0
        store.close()
    return 1e6 * used / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--rate", type=float, default=200.0,
                    help="moves stored a second (200 tables, one a second)")
    ap.add_argument("--disk-load", action="store_true")
    ap.add_argument("--way", choices=["on-store-thread", "own-thread", "both"], default="both")
    ap.add_argument("--cpu", type=int, default=0, help="only measure the CPU time of N stored moves")
    args = ap.parse_args()
    if args.cpu:
        print(f"{cpu_per_move(args.cpu):.0f} us of CPU a stored move (load {os.getloadavg()[0]:.1f})")
        return
    ways = ["on-store-thread", "own-thread"] if args.way == "both" else [args.way]
    print(f"{'checkpoints':<16} {'moves':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'>100 ms':>7}   load"
          f"{'  (disk busy)' if args.disk_load else ''}")
    print(f"(this process {os.getpid()}; the storing thread {threading.get_native_id()})", flush=True)
    for way in ways:
        r = run(way, args.seconds, args.rate, args.disk_load)
        load = os.getloadavg()[0]
        print(f"{r['way']:<16} {r['moves']:>6} {r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f} {r['max_ms']:>7.1f} "
              f"{r['over_100ms']:>7}   {load:.1f}", flush=True)


if __name__ == "__main__":
    main()
