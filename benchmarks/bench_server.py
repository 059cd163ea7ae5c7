"""Load on the table server: N tables of four bot clients over real WebSockets on loopback.

The server runs in a subprocess exactly as ``canasta serve`` runs it (one uvicorn process, the
store on SQLite in a temporary folder unless ``--db`` names another). Every table has four person
seats, each a WebSocket client; once a second (``--rate``) the seat whose turn it is chooses an
action at random from its own view's ``legal_actions`` and sends it as an intent. The figure that
matters is the time from sending an intent to receiving its ``ack``: the server has checked the
move with the engine, stored it in one transaction and sent the new views to the four seats.

The run ramps up in steps (``--tables 50,100,200,...``), each held for ``--seconds``, and stops at
the first step whose p99 is over the target (``--p99-ms``, 50 ms) or at the last step. It prints
one line per step: tables, actions/s, p50/p99/max latency, refused intents, the server's CPU (per
cent of one core) and the clients' CPU (they share the machine's cores with the server).

    python benchmarks/bench_server.py                       # 50,100,200,300,400 tables, 20 s each
    python benchmarks/bench_server.py --tables 200 --seconds 60
    python benchmarks/bench_server.py --db postgresql+psycopg://postgres:pw@127.0.0.1/postgres
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

TICKS = os.sysconf("SC_CLK_TCK")
# --disk-load: another program writing on the same disk, until killed: 64 MB then an fsync, and 512 MB
# left to the kernel to write back when it will (as a copy, a build or a download does)
DISK_LOAD = """
import os, sys
block = os.urandom(1 << 20)
while True:
    with open(sys.argv[1], "wb") as f:
        for _ in range(64):
            f.write(block)
        f.flush()
        os.fsync(f.fileno())
    with open(sys.argv[1] + ".2", "wb") as f:
        for _ in range(512):
            f.write(block)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process (all its threads), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    games: int = 0
    slow: list[tuple[float, float]] = field(default_factory=list)   # (wall-clock time sent, seconds)

    def reset(self) -> None:
        self.latencies.clear()
        self.refused = 0
        self.slow.clear()

    def pauses(self) -> list[tuple[float, int, float]]:
        """Acks over 100 ms grouped into stalls (sent within a second of each other): (start, count,
        longest seconds). A stall of many tables at once points at something shared (the store, the
        event loop), not at one table."""
        out: list[tuple[float, int, float]] = []
        for sent, took in sorted(self.slow):
            if out and sent - out[-1][0] < 1.0:
                start, n, worst = out[-1]
                out[-1] = (start, n + 1, max(worst, took))
            else:
                out.append((sent, 1, took))
        return out


class SeatSocket:
    """One seat's connection: keeps the newest view and resolves intents when answered."""

    def __init__(self, ws: ClientConnection, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.view: dict[str, Any] | None = None
        self.event = -1
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for text in self.ws:
            m = json.loads(text)
            kind = m["type"]
            dealing = m.get("dealing")
            if dealing and self.seat in dealing["waiting"]:   # the page's number for the shuffle
                await self.ws.send(json.dumps({"type": "shuffle", "id": f"n{dealing['game']}",
                                               "game": dealing["game"], "number": os.urandom(16).hex()}))
            if kind in ("snapshot", "events"):
                self.view = m["view"]
                self.event = m["event"]
            elif kind in ("ack", "refused"):
                fut = self.waiting.pop(m["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(m)


class BenchTable:
    ids = itertools.count()

    def __init__(self, http: httpx.AsyncClient, ws_base: str, preset: str, stats: Stats,
                 local: str | None = None) -> None:
        self.http = http
        self.ws_base = ws_base
        self.preset = preset
        self.stats = stats
        self.local = local          # the loopback address the table's sockets come from
        self.seats: list[SeatSocket] = []
        self.rng = random.Random(next(self.ids))
        self.host = ""
        self.spectator = ""
        self.id = ""

    async def open(self) -> None:
        r = await self.http.post("/api/tables", json={
            "preset": self.preset, "name": "bench",
            "seats": [{"kind": "person", "name": f"P{i}"} for i in range(4)]})
        r.raise_for_status()
        made = r.json()
        self.id, self.host, self.spectator = made["table_id"], made["host_token"], made["spectator_token"]
        for s in made["seats"]:
            ws = await connect(f"{self.ws_base}/ws/{self.id}", max_size=2**22,
                               **({"local_addr": (self.local, 0)} if self.local else {}))
            await ws.send(json.dumps({"type": "hello", "token": s["token"], "last_event": None}))
            self.seats.append(SeatSocket(ws, s["seat"]))

    async def play(self, rate: float, until: float) -> None:
        await asyncio.sleep(self.rng.random() / rate)   # spread the tables over the second
        next_at = time.monotonic()
        while time.monotonic() < until:
            next_at += 1 / rate
            await self.act()
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))

    async def act(self) -> None:
        views = [s for s in self.seats if s.view is not None]
        if len(views) < len(self.seats):   # not dealt yet (or a page not caught up)
            return
        v = views[0].view
        assert v is not None
        if v["phase"] == "over":
            r = await self.http.post(f"/api/tables/{self.id}/games",
                                     headers={"Authorization": f"Bearer {self.host}"})
            if r.status_code == 200:
                self.stats.games += 1
            return
        actor = self.seats[v["to_act"]] if v.get("to_act") is not None else None
        if actor is None or actor.view is None or not actor.view.get("legal_actions"):
            return
        action = self.rng.choice(actor.view["legal_actions"])
        cid = f"b{next(self.ids)}"
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        actor.waiting[cid] = fut
        t0, sent = time.perf_counter(), time.time()
        await actor.ws.send(json.dumps({"type": "intent", "id": cid, "based_on": actor.event,
                                        "action": action}))
        answer = await asyncio.wait_for(fut, timeout=30)
        if answer["type"] == "ack":
            took = time.perf_counter() - t0
            self.stats.latencies.append(took)
            if took > 0.1:
                self.stats.slow.append((sent, took))
        else:
            self.stats.refused += 1

    async def close(self) -> None:
        for s in self.seats:
            await s.ws.close()
            s.reader.cancel()


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


async def run(args: argparse.Namespace, port: int, server_pids: list[int]) -> list[dict[str, Any]]:
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    stats = Stats()
    tables: list[BenchTable] = []
    rows: list[dict[str, Any]] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for n in args.tables:
            while len(tables) < n:
                t = BenchTable(http, ws_base, args.preset, stats)
                await t.open()
                tables.append(t)
            # let the new connections settle, then measure a steady stretch
            await asyncio.sleep(1.0)
            warm_until = time.monotonic() + args.warmup
            end = warm_until + args.seconds
            players = [asyncio.create_task(t.play(args.rate, end)) for t in tables]
            await asyncio.sleep(args.warmup)
            stats.reset()
            s0, c0, w0 = sum(map(cpu_seconds, server_pids)), own_cpu(), time.monotonic()
            await asyncio.gather(*players)
            s1, c1, w1 = sum(map(cpu_seconds, server_pids)), own_cpu(), time.monotonic()
            lat = stats.latencies
            row = {"tables": n, "actions_per_s": len(lat) / (w1 - w0),
                   "p50_ms": 1000 * pct(lat, 0.50), "p99_ms": 1000 * pct(lat, 0.99),
                   "max_ms": 1000 * max(lat, default=float("nan")),
                   "mean_ms": 1000 * statistics.fmean(lat) if lat else float("nan"),
                   "refused": stats.refused, "server_cpu_pct": 100 * (s1 - s0) / (w1 - w0),
                   "client_cpu_pct": 100 * (c1 - c0) / (w1 - w0)}
            row["stalls"] = [{"at": round(at, 3), "acks": k, "longest_ms": round(1000 * w, 1)}
                             for at, k, w in stats.pauses() if k >= 5]
            rows.append(row)
            print(f"{n:>6} {row['actions_per_s']:>9.1f} {row['p50_ms']:>8.1f} {row['p99_ms']:>8.1f} "
                  f"{row['max_ms']:>8.1f} {row['refused']:>7} {row['server_cpu_pct']:>9.0f}% "
                  f"{row['client_cpu_pct']:>9.0f}%", flush=True)
            for st in row["stalls"]:
                clock = time.strftime("%H:%M:%S", time.localtime(st["at"])) + f"{st['at'] % 1:.3f}"[1:]
                print(f"       stall at {clock}: {st['acks']} acks over 100 ms, the longest "
                      f"{st['longest_ms']:.0f} ms", flush=True)
            if row["p99_ms"] > args.p99_ms:
                break
        for t in tables:
            await t.close()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", default="50,100,200,300,400",
                    type=lambda s: [int(x) for x in s.split(",")], help="table counts to ramp through")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds per step")
    ap.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds before each step")
    ap.add_argument("--rate", type=float, default=1.0, help="actions per table per second")
    ap.add_argument("--p99-ms", type=float, default=50.0, help="stop after the first step over this p99")
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON at the end")
    ap.add_argument("--processes", type=int, default=1, help="server processes on one PostgreSQL behind "
                    "nginx (deploy/nginx.conf; the server CPU is their sum)")
    ap.add_argument("--trace", default=None, help="write the server's stalls (event loop, storage calls, "
                    "garbage collections) to this file, through benchmarks/trace_server.py")
    ap.add_argument("--disk-load", action="store_true", help="keep the disk busy meanwhile (a process "
                    "writing 64 MB and fsyncing it, again and again, in the data folder), as other work on "
                    "a shared machine does: shows what waits for the disk")
    ap.add_argument("--fsync-trace", default=None, help="also log the server's fsync calls to this file "
                    "(strace --seccomp-bpf: only those calls are stopped)")
    args = ap.parse_args()

    if args.processes > 1 and not (args.db or "").startswith("postgresql"):
        sys.exit("--processes 2 or more needs --db postgresql+psycopg://... (one database for all)")
    with tempfile.TemporaryDirectory() as data:
        servers = [start_server(args, data, i) for i in range(args.processes)]
        nginx = start_nginx(data, [p for p, _s, _l in servers]) if args.processes > 1 else None
        port = nginx[0] if nginx else servers[0][0]
        disk = subprocess.Popen([sys.executable, "-c", DISK_LOAD, os.path.join(data, "disk-load.bin")]) \
            if args.disk_load else None
        try:
            for p, server, log_path in servers:
                wait_up(p, server, log_path)
            if nginx:
                wait_up(nginx[0], nginx[1], os.path.join(data, "nginx-error.log"))
            store = args.db.split("://")[0] if args.db else "sqlite"
            pids = [server.pid for _p, server, _l in servers]
            print(f"server pid {', '.join(map(str, pids))}, store {store}, preset {args.preset}, "
                  f"{args.rate:g} action/s per table, {args.seconds:g} s per step, {os.cpu_count()} cores"
                  + (f", {args.processes} processes behind nginx" if nginx else ""))
            print(f"{'tables':>6} {'actions/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'refused':>7} "
                  f"{'server CPU':>10} {'client CPU':>10}")
            rows = asyncio.run(run(args, port, pids))
            held = [r["tables"] for r in rows if r["p99_ms"] <= args.p99_ms]
            print(f"most tables held at p99 <= {args.p99_ms:g} ms: {max(held) if held else 'none'}"
                  f"{' (the last step tried; try more)' if held and held[-1] == args.tables[-1] else ''}")
            if args.json:
                print(json.dumps(rows))
        finally:
            if disk is not None:
                disk.kill()
            if nginx:
                nginx[1].terminate()
                nginx[1].wait(10)
            for _p, server, log_path in servers:
                os.killpg(server.pid, signal.SIGTERM)
                try:
                    server.wait(30)
                except subprocess.TimeoutExpired:   # never left running behind the benchmark
                    os.killpg(server.pid, signal.SIGKILL)
                lines = Path(log_path).read_text().splitlines()
                errors = [line for line in lines if "ERROR" in line or "Traceback" in line]
                if errors:
                    print(f"the server logged {len(errors)} errors; the first: {errors[0].strip()}")


# Every client here comes from 127.0.0.1, where a club's players come from hundreds of addresses: the
# limits per address (issue 31) are lifted so that they measure the server, not its flood guard.
LOOPBACK_LIMITS = ("sockets_per_address=100000", "tables_rate=1000", "tables_burst=100000",
                   "tables_total_rate=1000", "tables_total_burst=100000")


def start_server(args: argparse.Namespace, data: str, n: int) -> tuple[int, subprocess.Popen[bytes], str]:
    """``canasta serve`` number ``n``: (its port, the process, its log file)."""
    port = free_port()
    cmd = [sys.executable, "-m", "canasta", "serve", "--port", str(port), "--data", data,
           "--bot-delay", "0", "--bot-workers", "0", *(f"--limit={x}" for x in LOOPBACK_LIMITS)]
    if args.processes > 1:
        cmd += ["--instance", f"p{n}", "--trusted-proxy", "127.0.0.1"]
    if args.trace:
        trace = f"{args.trace}.{n}" if n else args.trace
        cmd[1:3] = [str(Path(__file__).with_name("trace_server.py")), trace]
    if args.fsync_trace:
        cmd = ["strace", "-f", "--seccomp-bpf", "-tt", "-T", "-e", "trace=fsync,fdatasync",
               "-o", args.fsync_trace, *cmd]
    if args.db:
        cmd += ["--db", args.db]
    log_path = os.path.join(data, f"server{n}.log")
    with open(log_path, "w") as log_file:
        # a session of its own: stopping it stops strace's child too (signal.killpg in main)
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log_file, start_new_session=True)
    return port, server, log_path


def start_nginx(data: str, ports: list[int]) -> tuple[int, subprocess.Popen[bytes]]:
    """deploy/nginx.conf in front of the processes (its upstream lines pointed at their ports)."""
    port = free_port()
    conf = (Path(__file__).resolve().parents[1] / "deploy" / "nginx.conf").read_text()
    upstreams = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=10s;\n" for p in ports)
    conf = re.sub(r"(    server 127\.0\.0\.1:800\d [^\n]*\n)+", upstreams, conf)
    conf = conf.replace("    listen 80;\n", f"    listen 127.0.0.1:{port};\n")
    conf = conf.replace("    listen [::]:80;\n", "")
    Path(data, "canasta-nginx.conf").write_text(conf)
    Path(data, "nginx.conf").write_text(
        f"pid {data}/nginx.pid;\nerror_log {data}/nginx-error.log;\nworker_processes 1;\n"
        f"events {{ worker_connections 8192; }}\n"
        f"http {{\n  access_log off;\n  include {data}/canasta-nginx.conf;\n}}\n")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    return port, subprocess.Popen([nginx, "-p", data, "-c", f"{data}/nginx.conf", "-g", "daemon off;"])


def wait_up(port: int, proc: subprocess.Popen[bytes], log_path: str) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/presets", timeout=1).raise_for_status()
            return
        except httpx.HTTPError:
            if proc.poll() is not None or time.monotonic() > deadline:
                sys.exit("the server did not start:\n" + Path(log_path).read_text())
            time.sleep(0.2)

if __name__ == "__main__":
    main()
