"""Tables nobody uses: the server's memory as tables are made and left, and whether they leave it.

Issue 31: memory grew from 93 to 287 MB at 400 tables and never shrank, and at 10,000 never-used
tables everyone was told ``full``. The server runs in a subprocess (SQLite in a temporary folder,
``--idle-minutes`` short, and the limits on new tables raised so that one client can make them all).
``--tables`` practice tables are made, each opened once by its player's page (which sends its number,
so the cards are dealt) and closed; the server's resident memory (RSS) and the count of tables it
holds (from its log) are read after making them and again after the idle time. Then tables are made
past the server's limit of tables in memory (10,000), never opened, to see whether a new player is
still let in.

    python benchmarks/bench_idle.py                      # 400 tables, idle after 0.5 min
    python benchmarks/bench_idle.py --src /tmp/base       # another checkout's server (a before figure)
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

import httpx
from bench_server import free_port
from websockets.asyncio.client import connect


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def open_once(ws_base: str, made: dict[str, object]) -> None:
    """The player's page opens the table, sends its number, sees the cards and goes."""
    seats = made["seats"]
    assert isinstance(seats, list)
    async with connect(f"{ws_base}/ws/{made['table_id']}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": seats[0]["token"]}))
        while True:
            m = json.loads(await ws.recv())
            if m.get("dealing") and 0 in m["dealing"]["waiting"]:
                await ws.send(json.dumps({"type": "shuffle", "id": "n", "game": 1,
                                          "number": os.urandom(16).hex()}))
            if m.get("view"):
                return


async def run(args: argparse.Namespace, port: int, pid: int, log: Path) -> None:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    print(f"at start: {rss_mb(pid):.0f} MB", flush=True)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        t0 = time.monotonic()
        for i in range(args.tables):
            r = await http.post("/api/tables", json={"preset": "classic", "level": "beginner"})
            r.raise_for_status()
            await open_once(ws_base, r.json())
            if (i + 1) % 100 == 0:
                print(f"{i + 1} tables made and opened once: {rss_mb(pid):.0f} MB "
                      f"({time.monotonic() - t0:.0f} s)", flush=True)
        made_at = rss_mb(pid)
        await asyncio.sleep(args.idle * 60 + 20)
        unloaded = [line for line in log.read_text().splitlines() if "idle tables unloaded" in line]
        print(f"{args.idle * 60 + 20:.0f} s later: {rss_mb(pid):.0f} MB (was {made_at:.0f} MB); "
              f"{unloaded[-1].split(': ', 1)[-1] if unloaded else 'no table unloaded'}", flush=True)
        full = 0
        for _ in range(args.max_tables + 50):
            r = await http.post("/api/tables", json={"preset": "classic"})
            if r.status_code != 201:
                full += 1
        print(f"{args.max_tables + 50} more tables made, never opened: {full} refused; "
              f"{rss_mb(pid):.0f} MB", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=400)
    ap.add_argument("--idle", type=float, default=0.5, help="minutes after which an unused table leaves")
    ap.add_argument("--max-tables", type=int, default=10000, help="the server's table limit (its default)")
    ap.add_argument("--src", default=None, help="run the server from this checkout's src/ (a before figure)")
    args = ap.parse_args()
    port = free_port()
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = str(Path(args.src) / "src")
    with tempfile.TemporaryDirectory() as data:
        log = Path(data) / "server.log"
        cmd = [sys.executable, "-m", "canasta", "serve", "--port", str(port), "--data", data,
               "--bot-delay", "0", "--bot-workers", "0"]
        if not args.src:
            cmd += ["--idle-minutes", str(args.idle), "--limit", "tables_burst=100000",
                    "--limit", "tables_total_burst=100000"]
        with log.open("w") as out:
            server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=out, env=env)
            try:
                deadline = time.monotonic() + 120
                while True:
                    with contextlib.suppress(httpx.HTTPError):
                        if httpx.get(f"http://127.0.0.1:{port}/api/presets", timeout=1).status_code == 200:
                            break
                    if server.poll() is not None or time.monotonic() > deadline:
                        sys.exit("the server did not start:\n" + log.read_text())
                    time.sleep(0.2)
                asyncio.run(run(args, port, server.pid, log))
            finally:
                server.terminate()
                server.wait(10)


if __name__ == "__main__":
    main()
