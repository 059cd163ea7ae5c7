"""A flood of idle watcher sockets from one client, measured on the other tables' acknowledgements.

Issue 31: one client opening hundreds of watcher sockets must not slow everyone else's game. The
server runs in a subprocess as ``canasta serve`` runs it (SQLite in a temporary folder). ``--tables``
honest tables of four seat clients act once a second each, as ``bench_server.py`` drives them, each
table from a loopback address of its own (127.0.0.10, .11, ...: the server tells clients apart by
address). Then an attacker, from 127.0.0.66, makes a table of its own, opens ``--watchers`` spectator
sockets on it (reading what they are sent and saying nothing), and plays its table once a second
like any other: every move of its table is sent to every socket it holds. The figure is the honest
tables' ack latency (p50, p99, max) without the attacker and with it, and how many of the attacker's
sockets the server accepted.

    python benchmarks/bench_flood.py                           # 20 tables, 600 watchers, 20 s each
    python benchmarks/bench_flood.py --watchers 600 --tables 50
    python benchmarks/bench_flood.py --src /tmp/base            # another checkout's server (before/after)
    python benchmarks/bench_flood.py --limit sockets_per_address=1000 --limit watchers_per_table=1000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from bench_server import BenchTable, Stats, cpu_seconds, free_port, pct
from websockets.asyncio.client import connect

ATTACKER = "127.0.0.66"


def honest_address(i: int) -> str:
    return f"127.0.0.{10 + i % 50}"


async def measure(tables: list[BenchTable], stats: Stats, seconds: float, warmup: float) -> dict[str, Any]:
    end = time.monotonic() + warmup + seconds
    players = [asyncio.create_task(t.play(1.0, end)) for t in tables]
    await asyncio.sleep(warmup)
    stats.reset()
    await asyncio.gather(*players)
    lat = stats.latencies
    return {"acks": len(lat), "p50_ms": 1000 * pct(lat, 0.5), "p99_ms": 1000 * pct(lat, 0.99),
            "max_ms": 1000 * max(lat, default=float("nan")), "refused": stats.refused}


async def watcher(ws_base: str, table_id: str, token: str, opened: list[int]) -> None:
    """One idle spectator socket of the attacker: it reads (and drops) what it is sent."""
    try:
        async with connect(f"{ws_base}/ws/{table_id}", max_size=2**22, local_addr=(ATTACKER, 0),
                           open_timeout=30) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            first = json.loads(await ws.recv())
            if first.get("type") != "welcome":
                return
            opened[0] += 1
            async for _msg in ws:
                pass
    except Exception:  # refused or closed by the server: it is not counted as open
        return


async def run(args: argparse.Namespace, port: int, pid: int) -> None:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stats = Stats()
    tables: list[BenchTable] = []
    for i in range(args.tables):
        http = httpx.AsyncClient(base_url=base, timeout=30,
                                 transport=httpx.AsyncHTTPTransport(local_address=honest_address(i)))
        t = BenchTable(http, ws_base, "classic", stats, local=honest_address(i))
        await t.open()
        tables.append(t)
    await asyncio.sleep(1.0)
    c0, w0 = cpu_seconds(pid), time.monotonic()
    quiet = await measure(tables, stats, args.seconds, args.warmup)
    quiet["server_cpu_pct"] = 100 * (cpu_seconds(pid) - c0) / (time.monotonic() - w0)
    print(f"without the attacker: {json.dumps(quiet)}", flush=True)

    attacker_http = httpx.AsyncClient(base_url=base, timeout=30,
                                      transport=httpx.AsyncHTTPTransport(local_address=ATTACKER))
    own = BenchTable(attacker_http, ws_base, "classic", Stats(), local=ATTACKER)   # not counted
    await own.open()
    opened = [0]
    watchers = [asyncio.create_task(watcher(ws_base, own.id, own.spectator, opened))
                for _ in range(args.watchers)]
    await asyncio.sleep(args.settle)
    print(f"the attacker holds {opened[0]} of {args.watchers} watcher sockets", flush=True)
    c0, w0 = cpu_seconds(pid), time.monotonic()
    attacked = await measure([*tables, own], stats, args.seconds, args.warmup)
    attacked["server_cpu_pct"] = 100 * (cpu_seconds(pid) - c0) / (time.monotonic() - w0)
    attacked["attacker_sockets"] = opened[0]
    print(f"with the attacker:    {json.dumps(attacked)}", flush=True)
    for w in watchers:
        w.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    for t in [*tables, own]:
        await t.close()
        await t.http.aclose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=20, help="honest tables, each acting once a second")
    ap.add_argument("--watchers", type=int, default=600, help="the attacker's idle watcher sockets")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds, with and without")
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--settle", type=float, default=5.0, help="seconds for the watchers to connect")
    ap.add_argument("--src", default=None, help="run the server from this checkout's src/ (a before figure)")
    ap.add_argument("--limit", action="append", default=[], help="a server limit NAME=VALUE (canasta serve "
                    "--limit), e.g. sockets_per_address=1000 to see the server without its socket limits")
    args = ap.parse_args()
    port = free_port()
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = str(Path(args.src) / "src")
    with tempfile.TemporaryDirectory() as data:
        log_path = Path(data) / "server.log"
        with log_path.open("w") as log_file:
            cmd = [sys.executable, "-m", "canasta", "serve", "--port", str(port), "--data", data,
                   "--bot-delay", "0", "--bot-workers", "0", *(f"--limit={x}" for x in args.limit)]
            server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log_file, env=env)
            try:
                deadline = time.monotonic() + 120
                while True:
                    with contextlib.suppress(httpx.HTTPError):
                        if httpx.get(f"http://127.0.0.1:{port}/api/presets", timeout=1).status_code == 200:
                            break
                    if server.poll() is not None or time.monotonic() > deadline:
                        sys.exit("the server did not start:\n" + log_path.read_text())
                    time.sleep(0.2)
                print(f"server pid {server.pid} ({args.src or 'this checkout'}), {args.tables} tables, "
                      f"{args.watchers} watchers, {os.cpu_count()} cores", flush=True)
                asyncio.run(run(args, port, server.pid))
            finally:
                server.terminate()
                server.wait(10)


if __name__ == "__main__":
    main()
