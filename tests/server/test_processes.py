"""Several server processes on one PostgreSQL behind nginx (issue 32, docs/scaling.md): two
``canasta serve`` processes and deploy/nginx.conf (a consistent hash on the table id). Tables live in
both; the lobby and a tournament's page, asked of either process, see the tables of both; after
``kill -9`` of one process its tables' players reconnect through nginx to the other, which takes the
tables over from the database with every acknowledged move, and play goes on."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from tests.deploy.tools import tool

from .conftest import LiveServer, _pg_database, free_port, stop_process, wait_serving
from .test_live import new_table
from .wsclient import SeatClient

ROOT = Path(__file__).resolve().parents[2]
SEATS4 = [{"kind": "person", "name": f"P{i}"} for i in range(4)]


class Nginx:
    """Debian's nginx with deploy/nginx.conf, its two upstreams pointed at the test's processes."""

    def __init__(self, tmp: Path, ports: tuple[int, int]) -> None:
        self.port = free_port()
        conf = (ROOT / "deploy" / "nginx.conf").read_text()
        conf = conf.replace("127.0.0.1:8001", f"127.0.0.1:{ports[0]}").replace(
            "127.0.0.1:8002", f"127.0.0.1:{ports[1]}")
        conf = conf.replace("    listen 80;\n", f"    listen 127.0.0.1:{self.port};\n").replace(
            "    listen [::]:80;\n", "")
        (tmp / "canasta-nginx.conf").write_text(conf)
        (tmp / "nginx-main.conf").write_text(
            f"pid {tmp}/nginx.pid;\nerror_log {tmp}/nginx-error.log;\nevents {{}}\n"
            f"http {{\n  access_log {tmp}/nginx-access.log;\n  include {tmp}/canasta-nginx.conf;\n}}\n")
        self.proc = subprocess.Popen([tool("nginx"), "-p", str(tmp), "-c", str(tmp / "nginx-main.conf"),
                                      "-g", "daemon off;"])
        wait_serving(self.url + "/api/presets", self.proc, timeout=20)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        stop_process(self.proc)


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from _pg_database()


def owners(url: str) -> dict[str, str]:
    eng = sa.create_engine(url)
    try:
        with eng.connect() as c:
            return {tid: owner for tid, owner in c.execute(sa.text("SELECT id, owner FROM tables"))}
    finally:
        eng.dispose()


def wait_for(check: Any, timeout: float = 25.0, what: str = "") -> Any:
    end = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < end, f"not within {timeout} s: {what}"
        time.sleep(0.5)


def play_moves(clients: list[SeatClient], n: int) -> list[str]:
    """``n`` acknowledged moves at one table, each seat from its own view."""
    done = []
    for _ in range(n):
        c = next((c for c in clients if c.my_turn), None)
        while c is None:
            for cl in clients:
                if cl.view is None:   # dealt when every seat's number is in (issue 31): each hears it
                    cl.recv_until(lambda m: m.get("view") is not None)
            c = next((c for c in clients if c.my_turn), None)
            if c is None:
                clients[0].recv(10)
                c = next((c for c in clients if c.my_turn), None)
        answer = c.play_one()
        assert answer["type"] == "ack", answer
        done.append(answer["event"])
        for other in clients:
            if other.event < answer["event"]:
                other.recv_until(lambda m, e=answer["event"]: m.get("event", -1) >= e)
    return [str(e) for e in done]


def test_two_processes_behind_nginx_share_tables_lobby_events_and_survive_a_kill(
        pg_url: str, tmp_path: Path) -> None:
    tool("nginx")
    proxy = ("--trusted-proxy", "127.0.0.1")
    a = LiveServer(pg_url, tmp_path, extra=("--instance", "a", *proxy), log_name="a.log").start()
    b = LiveServer(pg_url, tmp_path, extra=("--instance", "b", *proxy), log_name="b.log").start()
    nginx = Nginx(tmp_path, (a.port, b.port))
    clients: dict[str, list[SeatClient]] = {}
    try:
        # tables made through nginx live where the hash of their id sends their players
        for _ in range(16):
            t = new_table(nginx.url, preset="classic", seats=SEATS4)
            assert t["links"]["host"].startswith(nginx.url + "/host/")   # links name the proxy's address
            clients[t["table_id"]] = [SeatClient(nginx.ws, t["table_id"], s["token"]) for s in t["seats"]]
            held = owners(pg_url)
            if len(clients) >= 6 and {"a", "b"} <= {held[tid] for tid in clients}:
                break
        held = owners(pg_url)
        assert {held[tid] for tid in clients} == {"a", "b"}, held
        acked = {tid: play_moves(cs, 3) for tid, cs in clients.items()}

        # the lobby of either process lists the tables of both (the bus carries the other's)
        for server in (a, b):
            def listed(server: LiveServer = server) -> bool:
                entries = {e["id"]: e for e in httpx.get(server.url + "/api/lobby").json()["tables"]}
                return all(tid in entries and entries[tid]["process"] == held[tid] for tid in clients)
            wait_for(listed, what=f"the lobby of {server.port} listing every table")

        # a tournament's online round: its tables spread over both processes once their players
        # come; the event's page, asked of either process, shows each one playing
        # (an event's tables go where their ids hash: a new event until they are in both processes)
        for _attempt in range(8):
            pairs = [f"N{i} & M{i}" for i in range(8)]
            ev = httpx.post(nginx.url + "/api/events",
                            json={"name": "Club night", "preset": "classic", "pairs": pairs}).json()
            auth = {"authorization": f"Bearer {ev['token']}"}
            round1 = httpx.post(nginx.url + f"/api/events/{ev['event_id']}/rounds/1/online", json={},
                                headers=auth).json()
            players = [SeatClient(nginx.ws, tb["table_id"], tb["seats"]["0"].split("#t=")[1])
                       for tb in round1["tables"]]
            online = {tb["table_id"] for tb in round1["tables"]}
            held = owners(pg_url)
            if {held[tid] for tid in online} == {"a", "b"}:
                break
            for p in players:
                p.close()
        assert {held[tid] for tid in online} == {"a", "b"}, "every event's tables hashed to one process"
        for server in (a, b):
            def live(server: LiveServer = server) -> bool:
                view = httpx.get(server.url + f"/api/events/{ev['event_id']}", headers=auth).json()
                rows = [tb for tb in view["rounds"][0]["tables"] if tb["online"]]
                playing = [tb for tb in rows if "live" in tb and tb["live"]["hand"] == 1]
                return len(rows) == len(playing) == len(online)
            wait_for(live, what=f"the event page of {server.port} seeing every online table")
        for p in players:
            p.close()

        # kill -9 of process a: its tables move to b, where every acknowledged move is there
        a.kill()
        on_a = [tid for tid in clients if held[tid] == "a"]
        assert on_a
        for tid in on_a:
            old = clients[tid]
            for c in old:
                c.close()
            back = [SeatClient(nginx.ws, tid, c.token, last_event=c.event) for c in old]
            for c, before in zip(back, old, strict=True):
                assert c.event == before.event == int(acked[tid][-1])
                assert c.view is not None and before.view is not None
                assert c.view["hand"] == before.view["hand"]
            clients[tid] = back
            play_moves(back, 1)   # and play goes on, in process b
        assert all(owner == "b" for tid, owner in owners(pg_url).items() if tid in clients)
        # the tables that were in b never noticed
        for tid in clients:
            if tid not in on_a:
                play_moves(clients[tid], 1)

        def all_in_b() -> bool:
            entries = httpx.get(nginx.url + "/api/lobby").json()["tables"]
            mine = {e["id"]: e["process"] for e in entries if e["id"] in clients}
            return len(mine) == len(clients) and set(mine.values()) == {"b"}
        wait_for(all_in_b, what="the lobby showing every table in process b")
        assert "Traceback" not in b.log.read_text()
    finally:
        for cs in clients.values():
            for c in cs:
                c.close()
        nginx.stop()
        a.stop()
        b.stop()



def test_a_process_that_lost_a_table_stores_nothing_more_for_it(db_url: str) -> None:
    """The fence under the two-process test: b claims a table a had loaded; a's next move, seat change,
    new game or undo is refused (Moved) and nothing of it is stored; b's go on."""
    from canasta.server.store import Moved, SeatData, Store, StoredAction, TableData

    a, b = Store(db_url, owner="a"), Store(db_url, owner="b", migrate=False)
    try:
        seats = [SeatData(i, "person", None, f"P{i}", f"h{i}") for i in range(4)]
        a.create_table(TableData("T1", "t", "classic", {"preset": "classic", "options": {}}, "hh", "sh", 0, 1,
                                 seats, 7, 0))
        a.append_actions("T1", 1, 0, [StoredAction(1, "draw", "c1")], 1)
        assert b.claim("T1")
        with pytest.raises(Moved):
            a.append_actions("T1", 1, 1, [StoredAction(1, "discard 7H", "c2")], 2)
        with pytest.raises(Moved):
            a.set_seat("T1", SeatData(2, "bot", "club", "Bot", None), 2)
        with pytest.raises(Moved):
            a.truncate_actions("T1", 1, 0, 2)
        with pytest.raises(Moved):
            a.new_game("T1", 2, 8, 1, 2)
        b.append_actions("T1", 1, 1, [StoredAction(1, "discard 5C", "c3")], 2)
        data = b.load_table("T1")
        assert data is not None
        assert [x[1] for x in data.actions] == ["draw", "discard 5C"] and data.game_no == 1
        assert [s.kind for s in data.seats] == ["person"] * 4
        assert owners(db_url) == {"T1": "b"}
    finally:
        a.close()
        b.close()



def test_processes_starting_at_once_on_an_empty_database_make_the_schema_once(pg_url: str) -> None:
    """Both processes of a deployment start at boot: one upgrades the empty database, the others wait
    and find it done (before, the second died on a duplicate type)."""
    code = f"from canasta.server.store import upgrade; upgrade({pg_url!r})"
    procs = [subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE) for _ in range(3)]
    errors = [p.communicate(timeout=180)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], errors
