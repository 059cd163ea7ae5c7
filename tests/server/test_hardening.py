"""Issue 31: the server facing the internet, tried as an attacker would. A seed nobody may choose, a
re-issued link that plays nothing more, intent ids kept per seat, storage that fails half-way (a
failing store, a full disk) and a read-only data folder, the body limit with a chunked body, the
security headers, the socket's Origin, the API docs page, ``/api/verify`` bounded and off the event
loop, and the limits per address, per seat and per table."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.requests import Request
from starlette.websockets import WebSocketDisconnect

from canasta.presets import rules
from canasta.server.app import create_app
from canasta.server.config import Limits, ServerConfig
from canasta.server.hub import Hub
from canasta.server.limits import address_of
from canasta.server.store import Store
from canasta.state import GameState

from .conftest import LiveServer, free_port

SEATS4 = [{"kind": "person", "name": f"P{i}"} for i in range(4)]


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def config(tmp_path: Path, db_url: str, **kw: Any) -> ServerConfig:
    kw.setdefault("chosen_seeds", True)
    return ServerConfig(data_dir=tmp_path, db_url=db_url, bot_delay=0, bot_workers=0, **kw)


@contextlib.contextmanager
def serving(cfg: ServerConfig, hub: Hub | None = None) -> Iterator[TestClient]:
    """The app in the test client; sockets a failed test left open are closed before it stops."""
    with TestClient(create_app(cfg, hub)) as c:
        try:
            yield c
        finally:
            for sock in Sock.open:
                with contextlib.suppress(Exception):
                    sock.close()
            Sock.open.clear()


@pytest.fixture
def client(db_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with serving(config(tmp_path, db_url)) as c:
        yield c


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


class Sock:
    """A table socket in the test client, keeping the newest view."""

    open: ClassVar[list[Sock]] = []

    def __init__(self, client: TestClient, table_id: str, token: str, **headers: str) -> None:
        self.cm = client.websocket_connect(f"/ws/{table_id}", headers=dict(headers))
        self.ws = self.cm.__enter__()
        Sock.open.append(self)
        self.ws.send_text(json.dumps({"type": "hello", "token": token}))
        self.first: dict[str, Any] = self.ws.receive_json()
        self.view: dict[str, Any] = {}
        self.event = -1
        if self.first["type"] == "welcome":
            self.next(lambda m: m["type"] in ("snapshot", "events"))

    def next(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            m: dict[str, Any] = self.ws.receive_json()
            if "view" in m:
                self.view, self.event = m["view"], m["event"]
            if pred(m):
                return m

    def send(self, **msg: Any) -> None:
        self.ws.send_text(json.dumps(msg))

    def intent(self, cid: str, **what: Any) -> dict[str, Any]:
        self.send(type="intent", id=cid, based_on=self.event, **what)
        return self.next(lambda m: m.get("id") == cid)

    def close(self) -> None:
        if self in Sock.open:
            Sock.open.remove(self)
            self.cm.__exit__(None, None, None)


# ---------------------------------------------------------------------------------------- the deal
def test_a_table_cannot_be_given_its_seed(db_url: str, tmp_path: Path) -> None:
    """Whoever chose the seed would know every hand and the stock while the table looks server-drawn:
    an online table's seed is the server's alone (tests choose one through a setting no public server
    has: ``chosen_seeds``, ``canasta serve --test-seeds``)."""
    with serving(config(tmp_path, db_url, chosen_seeds=False)) as c:
        for seed in ("fair:" + "ab" * 16, 7):
            r = c.post("/api/tables", json={"preset": "classic", "seed": seed})
            assert r.status_code == 400 and r.json()["error"]["code"] == "seed_chosen", r.text
        assert c.post("/api/tables", json={"preset": "classic"}).status_code == 201


# ---------------------------------------------------------------------------------------- no race
def test_intent_ids_are_kept_per_seat(client: TestClient) -> None:
    """Seat B sending the id seat A used gets its own answer, not A's acknowledgement."""
    t = make(client, preset="classic", seed=4, seats=SEATS4)
    socks = [Sock(client, t["table_id"], s["token"]) for s in t["seats"]]
    actor = socks[socks[0].view["to_act"]]
    other = next(s for s in socks if s is not actor)
    first = actor.intent("same-id", action="draw")
    assert first["type"] == "ack"
    other.next(lambda m: m.get("event", -1) >= first["event"])
    again = other.intent("same-id", action="draw")
    assert again["type"] == "refused" and again["code"] == "not_your_turn", again
    assert actor.intent("same-id", action="draw") == first          # a resend by A: A's answer
    for s in socks:
        s.close()


async def _reissue_against_a_move(base: str, ws_base: str, seed: int, delay: float) -> str:
    """One trial: the actor's page sends a draw ``delay`` seconds after the host asks to re-issue the
    actor's link. The draw may be played only if it was played before the re-issue."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        made = (await http.post("/api/tables", json={"preset": "classic", "seed": seed,
                                                     "seats": SEATS4})).json()
        tid = made["table_id"]
        actor = GameState.new(rules("classic"), seed, 0).actor
        ws = await connect(f"{ws_base}/ws/{tid}")
        try:
            await ws.send(json.dumps({"type": "hello", "token": made["seats"][actor]["token"]}))
            while json.loads(await ws.recv())["type"] != "snapshot":
                pass

            async def move() -> None:
                await asyncio.sleep(delay)
                with contextlib.suppress(ConnectionClosed):   # the re-issue may have closed it first
                    await ws.send(json.dumps({"type": "intent", "id": "m", "based_on": 0, "action": "draw"}))

            await asyncio.gather(http.post(f"/api/tables/{tid}/seats/{actor}", json={"reissue": True},
                                           headers=auth(made["host_token"])), move())
            answer = None
            with contextlib.suppress(ConnectionClosed):
                async for text in ws:
                    m = json.loads(text)
                    if m.get("id") == "m":
                        answer = m
                        break
        finally:
            with contextlib.suppress(ConnectionClosed):
                await ws.close()
        async with connect(f"{ws_base}/ws/{tid}") as watch:   # the table's events, in order
            await watch.send(json.dumps({"type": "hello", "token": made["spectator_token"], "last_event": 0}))
            while (m := json.loads(await watch.recv()))["type"] not in ("events", "snapshot"):
                pass
    kinds = [e["kind"] for e in m.get("events", [])]
    if "action" in kinds and kinds.index("action") > kinds.index("seats"):
        return "played after the re-issue"
    if answer is not None and answer["type"] == "ack" and "action" not in kinds:
        return "acknowledged but not played"
    return "ok"


def test_a_move_sent_by_a_link_just_reissued_is_not_played(live_server: Callable[..., LiveServer]) -> None:
    """The host re-issues a seat's link while its old page sends a move (a few milliseconds apart,
    either way, 80 times): the move is played only if it came before the re-issue; after it, the old
    link plays nothing, even a move already on its way (the token is checked again under the table's
    lock)."""
    server = live_server()
    rng = random.Random(31)

    async def trials() -> list[str]:
        return [await _reissue_against_a_move(server.url, server.ws, seed, rng.uniform(0, 0.012))
                for seed in range(80)]

    outcomes = asyncio.run(trials())
    bad = [(i, o) for i, o in enumerate(outcomes) if o != "ok"]
    assert not bad, bad


# ---------------------------------------------------------------------------------------- storage fails
class FailingStore(Store):
    """A store whose writes fail while ``failing`` is set, as a full disk or a lost database would."""

    failing = False

    def _check(self) -> None:
        if self.failing:
            raise OperationalError("INSERT ...", {}, Exception("database or disk is full"))


def _fails_while_failing(name: str) -> Callable[..., None]:
    """The store's write ``name``, failing first while the store's ``failing`` is set."""

    def write(self: FailingStore, *args: Any) -> None:
        self._check()
        getattr(Store, name)(self, *args)

    write.__name__ = name
    return write


# every write a move, a seat change, a new game, an undo, a new table or a document makes
for _write in ("set_seat", "new_game", "truncate_actions", "append_actions", "create_table", "save_doc"):
    setattr(FailingStore, _write, _fails_while_failing(_write))


@pytest.fixture
def failing(db_url: str, tmp_path: Path) -> Iterator[tuple[TestClient, FailingStore]]:
    cfg = config(tmp_path, db_url)
    store = FailingStore(db_url)
    with serving(cfg, Hub(cfg, store=store)) as c:
        yield c, store


def _storage_refused(r: httpx.Response) -> None:
    assert r.status_code == 503, r.text
    assert r.json()["error"]["code"] == "storage" and "nothing was changed" in r.json()["error"]["message"]


def test_a_seat_change_that_cannot_be_stored_changes_nothing(failing: tuple[TestClient, FailingStore],
                                                           db_url: str, tmp_path: Path) -> None:
    """The host re-issues a link while the disk is full: a clear refusal, the old link still opens the
    seat (now and after a restart), no new link; once storing works again, the re-issue does."""
    client, store = failing
    t = make(client, preset="classic", seed=2, seats=SEATS4)
    tid, host, old = t["table_id"], auth(t["host_token"]), t["seats"][1]["token"]
    store.failing = True
    _storage_refused(client.post(f"/api/tables/{tid}/seats/1", json={"reissue": True}, headers=host))
    _storage_refused(client.post(f"/api/tables/{tid}/seats/2", json={"kind": "bot"}, headers=host))
    assert client.get(f"/api/tables/{tid}", headers=auth(old)).json()["you"]["seat"] == 1
    assert client.get(f"/api/tables/{tid}", headers=host).json()["seats"][2]["kind"] == "person"
    _storage_refused(client.post("/api/tables", json={"preset": "classic"}))
    with serving(config(tmp_path / "again", db_url)) as again:   # a restart
        assert again.get(f"/api/tables/{tid}", headers=auth(old)).json()["you"]["seat"] == 1
    store.failing = False
    # the restarted server claimed the table (docs/scaling.md): this one's next change is refused
    # as taken by another process, and the one after loads the table again
    moved = client.post(f"/api/tables/{tid}/seats/1", json={"reissue": True}, headers=host)
    assert moved.status_code == 409 and moved.json()["error"]["code"] == "moved", moved.text
    new = client.post(f"/api/tables/{tid}/seats/1", json={"reissue": True}, headers=host).json()["token"]
    assert client.get(f"/api/tables/{tid}", headers=auth(old)).json()["error"]["code"] == "bad_token"
    assert client.get(f"/api/tables/{tid}", headers=auth(new)).json()["you"]["seat"] == 1


def test_a_move_undo_or_new_game_that_cannot_be_stored_changes_nothing(
        failing: tuple[TestClient, FailingStore]) -> None:
    client, store = failing
    t = make(client, preset="classic", seed=9, overrides={"target_score": 100},
             seats=[{"kind": "person"}] + [{"kind": "bot"}] * 3)
    tid, host = t["table_id"], auth(t["host_token"])
    s = Sock(client, tid, t["seats"][0]["token"])
    while s.view["to_act"] != 0:
        s.next(lambda m: "view" in m)
    assert s.intent("d1", action="draw")["type"] == "ack"
    event, hand = s.event, s.view["hand"]
    store.failing = True
    discard = next(a for a in s.view["legal_actions"] if a.startswith("discard"))
    refused = s.intent("x1", action=discard)
    assert refused["type"] == "refused" and refused["code"] == "storage"
    s.send(type="undo", id="u1", based_on=s.event)
    refused = s.next(lambda m: m.get("id") == "u1")
    assert refused["type"] == "refused" and refused["code"] == "storage"
    s.send(type="ping")
    s.next(lambda m: m["type"] == "pong")
    assert (s.event, s.view["hand"]) == (event, hand)            # nothing was played, nothing undone
    store.failing = False
    assert s.intent("x2", action=discard)["type"] == "ack"
    s.close()
    client.post(f"/api/tables/{tid}/seats/0", json={"kind": "bot"}, headers=host)
    for _ in range(600):                                     # the bots play the game out
        if client.get(f"/api/tables/{tid}", headers=host).json()["over"]:
            break
        time.sleep(0.05)
    store.failing = True
    _storage_refused(client.post(f"/api/tables/{tid}/games", headers=host))
    info = client.get(f"/api/tables/{tid}", headers=host).json()
    assert info["game_no"] == 1 and info["over"]
    assert client.get(f"/api/tables/{tid}/games/1/record", headers=host).status_code == 200
    store.failing = False
    assert client.post(f"/api/tables/{tid}/games", headers=host).json()["game_no"] == 2


def _in_namespace() -> str | None:
    """Why a private mount namespace (``unshare``) cannot be made here, or None."""
    if not shutil.which("unshare"):
        return "no unshare"
    r = subprocess.run(["unshare", "-Urm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                       capture_output=True, text=True)
    return None if r.returncode == 0 else f"cannot mount in a user namespace: {r.stderr.strip()}"


def test_a_full_disk_refuses_the_move_and_loses_nothing(tmp_path: Path) -> None:
    """A real small filesystem (a tmpfs of 1 MB, in a mount namespace of the server's own): the server
    plays until the disk is full; the move that finds it full is refused as ``storage`` and changes
    nothing, and every move acknowledged before is there after a restart."""
    why = _in_namespace()
    if why:
        pytest.skip(why)
    data = tmp_path / "small"
    data.mkdir()
    port = free_port()
    script = (f"mount -t tmpfs -o size=1m tmpfs {data} && dd if=/dev/zero of={data}/filler bs=1k count=700 "
              f"2>/dev/null && exec {sys.executable} -m canasta serve --port {port} --data {data} "
              f"--bot-delay 0 --bot-workers 0 --test-seeds")
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(["unshare", "-Urm", "sh", "-c", script], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/api/presets", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        from .wsclient import SeatClient

        acked: list[str] = []
        refused = None
        tables = 0
        while refused is None and tables < 40:
            tables += 1
            r = httpx.post(base + "/api/tables", json={"preset": "classic", "seed": tables, "seats": SEATS4,
                                                       "name": "x" * 80}, timeout=10)
            if r.status_code != 201:
                assert r.status_code == 503 and r.json()["error"]["code"] == "storage", r.text
                refused = r.json()
                break
            t = r.json()
            clients = [SeatClient(f"ws://127.0.0.1:{port}", t["table_id"], s["token"]) for s in t["seats"]]
            for _ in range(200):
                c = next(c for c in clients if c.my_turn)
                before = (c.event, c.view["hand"])  # type: ignore[index]
                answer = c.play_one()
                if answer["type"] == "refused":
                    assert answer["code"] == "storage", answer
                    c.send({"type": "ping"})
                    c.recv_until(lambda m: m["type"] == "pong")
                    assert (c.event, c.view["hand"]) == before    # type: ignore[index]
                    refused = answer
                    break
                acked.append(t["table_id"])
                for o in clients:
                    if o.event < answer["event"]:
                        o.recv_until(lambda m, n=answer["event"]: m.get("event", -1) >= n)
            for c in clients:
                c.close()
        assert refused is not None, "the disk never filled"
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
    assert "Traceback" not in (tmp_path / "server.log").read_text().split("storage failed")[0]


def _read_only_folder(tmp_path: Path, with_database: bool) -> list[str]:
    """A command prefix that runs what follows with ``tmp_path/data`` read-only (a read-only bind mount
    in a namespace of its own), the folder holding a database first if ``with_database``."""
    data = tmp_path / "data"
    data.mkdir()
    if with_database:
        Store(f"sqlite:///{data / 'canasta.db'}").close()
    return ["unshare", "-Urm", "sh", "-c",
            f"mount --bind {data} {data} && mount -o remount,ro,bind {data} && exec \"$0\" \"$@\""]


@pytest.mark.parametrize("with_database", [False, True])
def test_a_read_only_data_folder_gets_one_line_and_exit_2(tmp_path: Path, with_database: bool) -> None:
    why = _in_namespace()
    if why:
        pytest.skip(why)
    prefix = _read_only_folder(tmp_path, with_database)
    r = subprocess.run([*prefix, sys.executable, "-m", "canasta", "serve", "--port", str(free_port()),
                        "--data", str(tmp_path / "data")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, (r.returncode, r.stderr[-3000:])
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot "), r.stderr
    assert str(tmp_path / "data") in lines[0] and "Traceback" not in r.stderr and not r.stdout.strip()


# ---------------------------------------------------------------------------------------- floods
def test_a_chunked_body_over_the_limit_is_refused_unread(live_server: Callable[..., LiveServer]) -> None:
    """A 40 MB body sent in chunks (no Content-Length) is answered 413 after the first 64 KB; the
    server reads no more of it."""
    server = live_server()
    sent = [0]

    def body() -> Iterator[bytes]:
        yield b'{"preset": "classic", "name": "'
        for _ in range(40 * 16):
            sent[0] += 1
            yield b"x" * 65536
        yield b'"}'

    try:
        r = httpx.post(server.url + "/api/tables", content=body(), timeout=30,
                       headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_big", r.text
    except (httpx.WriteError, httpx.RemoteProtocolError, httpx.ReadError):
        pass                              # the server answered and closed while the body was being sent
    assert sent[0] < 40 * 16
    assert httpx.get(server.url + "/api/presets").status_code == 200
    big = httpx.post(server.url + "/api/tables", content=b"x" * 70000,
                     headers={"content-type": "application/json"})
    assert big.status_code == 413


def test_a_public_site_sends_its_security_headers(client: TestClient) -> None:
    for path in ("/", "/table/abc", "/static/table.js", "/api/presets", "/api/tables/nope"):
        h = client.get(path).headers
        csp = h["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"


def test_the_api_docs_page_is_off_unless_asked_for(db_url: str, tmp_path: Path) -> None:
    with serving(config(tmp_path, db_url)) as c:
        assert c.get("/api/docs").status_code == 404 and c.get("/api/openapi.json").status_code == 404
    with serving(config(tmp_path, db_url, api_docs=True)) as c:
        assert c.get("/api/docs").status_code == 200 and c.get("/api/openapi.json").status_code == 200


def test_only_the_servers_own_pages_open_a_table_socket(db_url: str, tmp_path: Path) -> None:
    """Another site's page cannot open a table's socket for its visitor (the browser names the page's
    origin); the server's own pages, the origins the host allows, and clients that are not browsers
    (no Origin) can."""
    cfg = config(tmp_path, db_url, origins=("https://canasta.example.org",),
                 public_url="https://canasta.ourclub.org")
    with serving(cfg) as c:
        t = make(c, preset="classic", seats=SEATS4)
        tok = t["seats"][0]["token"]
        with pytest.raises(WebSocketDisconnect) as refused:
            Sock(c, t["table_id"], tok, origin="https://evil.example")
        assert refused.value.code == 4403
        for origin in ("http://testserver", "https://canasta.example.org", "https://canasta.ourclub.org"):
            s = Sock(c, t["table_id"], tok, origin=origin)
            assert s.first["type"] == "welcome"
            s.close()
        assert Sock(c, t["table_id"], tok).first["type"] == "welcome"


def test_verify_is_bounded_and_replays_off_the_event_loop(db_url: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``/api/verify`` needs no token, so: records of a bounded size, a few calls a second from one
    address, and the replay in a worker with a time limit (a replay on the event loop could not be
    given up: it would answer after a second, and hold every table meanwhile)."""
    import canasta.server.verify as verify_module

    limits = Limits(verify_actions=50, verify_burst=3, verify_rate=0.01, verify_seconds=0.3, verify_at_once=1)
    with serving(config(tmp_path, db_url, limits=limits)) as c:
        long = {"rules": {"preset": "classic"}, "seed": 1, "actions": ["draw"] * 51}
        r = c.post("/api/verify", json={"record": long})
        assert r.status_code == 400 and r.json()["error"]["code"] == "verify_too_long"
        assert r.json()["error"]["data"] == {"most": 50, "moves": 51}

        def slow(*_args: Any) -> Any:
            time.sleep(1.0)
            raise AssertionError("not reached in time")
        monkeypatch.setattr(verify_module, "check", slow)
        t0 = time.monotonic()
        r = c.post("/api/verify", json={"commitments": {"format": "canasta-commitments", "deals": []}})
        assert r.status_code == 503 and r.json()["error"]["code"] == "verify_slow", r.text
        assert time.monotonic() - t0 < 0.9
        r = c.post("/api/verify", json={"commitments": {}})     # the slow replay still runs in the worker
        assert r.status_code == 429 and r.json()["error"]["code"] == "verify_busy"
        r = c.post("/api/verify", json={"commitments": {}})     # the address's three calls are used
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"


def test_sockets_per_address_watchers_per_table_and_tables_per_address(db_url: str, tmp_path: Path) -> None:
    limits = Limits(sockets_per_address=3, watchers_per_table=2, tables_burst=3, tables_rate=0.001)
    with serving(config(tmp_path, db_url, limits=limits)) as c:
        t = make(c, preset="classic", seats=SEATS4)
        made = [make(c, preset="classic"), make(c, preset="classic")]
        r = c.post("/api/tables", json={"preset": "classic"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_tables"
        assert len(made) == 2
        w1, w2 = (Sock(c, t["table_id"], t["spectator_token"]) for _ in range(2))
        w3 = Sock(c, t["table_id"], t["spectator_token"])
        assert w3.first["code"] == "watchers_full"
        w3.close()
        seat = Sock(c, t["table_id"], t["seats"][0]["token"])        # the third socket of this address
        assert seat.first["type"] == "welcome"
        fourth = Sock(c, t["table_id"], t["seats"][1]["token"])
        assert fourth.first["code"] == "too_many_sockets"
        fourth.close()
        for s in (w1, w2, seat):
            s.close()
        again = Sock(c, t["table_id"], t["seats"][1]["token"])         # closed sockets are counted out
        assert again.first["type"] == "welcome"
        again.close()


def test_links_to_no_table_and_new_documents_are_limited_per_address(db_url: str, tmp_path: Path) -> None:
    """A link to no table costs a database query (the table might be stored, not in memory): an
    address that tries many is refused before the query; a table in memory still answers. A score
    sheet or an event is a row kept for good: new ones are limited per address like tables."""
    limits = Limits(loads_burst=5, loads_rate=0.001, documents_burst=2, documents_rate=0.001)
    with serving(config(tmp_path, db_url, limits=limits)) as c:
        t = make(c, preset="classic", seats=SEATS4)
        codes = [c.get(f"/api/tables/nosuch{i}", headers=auth("x" * 32)).json()["error"]["code"]
                 for i in range(7)]
        assert codes == ["unknown_table"] * 5 + ["rate_limited"] * 2
        assert c.get(f"/api/tables/{t['table_id']}", headers=auth(t["host_token"])).status_code == 200
        with c.websocket_connect("/ws/another") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": "x" * 32}))
            assert ws.receive_json()["code"] == "rate_limited"
        sheet = {"preset": "classic"}
        assert [c.post("/api/sheets", json=sheet).status_code for _ in range(3)] == [201, 201, 429]
        r = c.post("/api/events", json={"pairs": ["A", "B", "C", "D"]})
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_documents"



def test_a_rounds_online_tables_count_against_everyones_rate_of_new_tables(db_url: str,
                                                                          tmp_path: Path) -> None:
    """An event's host makes a round's tables in bulk (up to 30 at once): they count against the
    server-wide rate of new tables, all or none, so that events cannot be a way around it."""
    limits = Limits(tables_total_burst=3, tables_total_rate=0.001)
    with serving(config(tmp_path, db_url, limits=limits)) as c:
        r = c.post("/api/events", json={"name": "Night", "preset": "classic", "games": 1, "draw": "as_listed",
                                        "pairs": ["A", "B", "C", "D", "E", "F", "G", "H"]})
        eid, director = r.json()["event_id"], auth(r.json()["token"])
        refused = c.post(f"/api/events/{eid}/rounds/1/online", headers=director, json={})
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "busy", refused.text
        assert c.app.state.hub.tables == {}                  # not one table of the round was made


def test_qr_codes_are_drawn_off_the_event_loop_a_few_a_second_per_address(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A QR code takes 30 to 60 ms to draw: twenty a second from one script would hold up every
    table. They are drawn in a thread (not on the loop) and limited per address."""
    from canasta.server import invites
    loops: list[bool] = []
    draw = invites._matrix

    def watched(text: str) -> list[str]:
        try:
            asyncio.get_running_loop()
            loops.append(True)
        except RuntimeError:
            loops.append(False)
        return draw(text)

    monkeypatch.setattr(invites, "_matrix", watched)
    with serving(config(tmp_path, db_url, limits=Limits(qr_burst=3, qr_rate=0.001))) as c:
        answers = [c.post("/api/qr", json={"text": f"https://example.org/table/x#t={i}"}) for i in range(4)]
        assert [r.status_code for r in answers] == [200, 200, 200, 429]
        assert answers[3].json()["error"]["code"] == "too_many_qr"
        assert answers[0].json()["size"] >= 21
    assert loops == [False] * 3        # drawn where no event loop runs


def test_a_seats_pages_share_its_rate_and_one_hint_at_a_time(db_url: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening more pages of a seat buys no more messages; a seat asks for one hint at a time (a hint
    is the expert bot thinking, in the worker every table shares)."""
    limits = Limits(seat_burst=6, seat_rate=0.01)
    with serving(config(tmp_path, db_url, limits=limits)) as c:
        t = make(c, preset="classic", seed=4, seats=SEATS4)
        actor = GameState.new(rules("classic"), 4, 0).actor
        a, b = (Sock(c, t["table_id"], t["seats"][actor]["token"]) for _ in range(2))
        for s in (a, b, a, b, a, b):
            s.send(type="ping")
            assert s.next(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        a.send(type="ping")
        assert a.next(lambda m: m["type"] in ("pong", "error"))["code"] == "rate_limited"
        # a message with an id is refused by it, so that its sender, waiting for that answer, gets it
        a.send(type="intent", id="late", based_on=a.event, action="draw")
        late = a.next(lambda m: m["type"] in ("ack", "refused", "error"))
        assert (late["type"], late["code"], late.get("id")) == ("error", "rate_limited", "late")
        a.ws.send_text('{"type": "intent", "id": "no good", "based_on": 0, "action": "draw"}')
        assert "id" not in a.next(lambda m: m["type"] == "error")
        a.close()
        b.close()
    with serving(config(tmp_path, db_url)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        real = hub.bots.decide

        async def slow(*args: Any) -> Any:
            await asyncio.sleep(0.5)
            return await real(*args)
        monkeypatch.setattr(hub.bots, "decide", slow)
        t = make(c, preset="classic", seed=4, seats=SEATS4)
        s = Sock(c, t["table_id"], t["seats"][actor]["token"])
        s.send(type="hint", id="h1")
        s.send(type="hint", id="h2")
        second = s.next(lambda m: m.get("id") == "h2")
        assert second["type"] == "refused" and second["code"] == "hint_pending"
        assert s.next(lambda m: m.get("id") == "h1")["type"] == "hint"
        s.close()


def test_tables_nobody_uses_leave_memory_and_come_back(db_url: str, tmp_path: Path) -> None:
    """A table nobody has used for ``idle_unload`` seconds leaves memory (its rows stay); opening one
    of its links brings it back where it was."""
    with serving(config(tmp_path, db_url, idle_unload=0.3)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        t = make(c, preset="classic", seed=4, seats=SEATS4)
        s = Sock(c, t["table_id"], t["seats"][GameState.new(rules("classic"), 4, 0).actor]["token"])
        assert s.intent("d", action="draw")["type"] == "ack"
        hand, event = s.view["hand"], s.event
        time.sleep(0.6)
        assert t["table_id"] in hub.tables           # a page is open: it stays
        s.close()
        others = [make(c, preset="classic") for _ in range(3)]
        for _ in range(50):
            if not hub.tables:
                break
            time.sleep(0.1)
        assert hub.tables == {}
        back = Sock(c, t["table_id"], t["seats"][GameState.new(rules("classic"), 4, 0).actor]["token"])
        assert (back.view["hand"], back.event) == (hand, event)
        first = others[0]
        assert c.get(f"/api/tables/{first['table_id']}", headers=auth(first["host_token"])).status_code == 200
        back.close()


def test_a_table_taken_by_another_process_meanwhile_is_a_clear_refusal(client: TestClient,
                                                                        db_url: str) -> None:
    """Several processes on one database (docs/scaling.md): while this process holds a table, another
    claims it (a proxy's failover, two at once). A seat change, a move, an undo or a new game this
    process then tries is stored nowhere and answered with the refusal ``moved`` (409, not a 500 with
    a traceback); the table is let go, and the next request loads it again and works."""
    t = make(client, preset="classic", seed=9, overrides={"target_score": 100},
             seats=[{"kind": "person"}] + [{"kind": "bot"}] * 3)
    tid, host, tok = t["table_id"], auth(t["host_token"]), t["seats"][0]["token"]
    other = Store(db_url, migrate=False, owner="other")
    try:
        s = Sock(client, tid, tok)
        while s.view["to_act"] != 0:
            s.next(lambda m: "view" in m)
        assert s.intent("d1", action="draw")["type"] == "ack"   # the bots wait for seat 0 now
        event, hand = s.event, s.view["hand"]
        assert other.claim(tid)
        r = client.post(f"/api/tables/{tid}/seats/2", json={"kind": "bot", "level": "expert"}, headers=host)
        assert r.status_code == 409 and r.json()["error"]["code"] == "moved", r.text
        assert "nothing was changed" in r.json()["error"]["message"]
        s.close()
        s = Sock(client, tid, tok)                       # the page reconnects: the table is loaded again
        assert (s.event, s.view["hand"]) == (event, hand)
        assert client.get(f"/api/tables/{tid}", headers=host).json()["seats"][2]["level"] == "club"
        assert other.claim(tid)
        s.send(type="undo", id="u1", based_on=s.event)
        refused = s.next(lambda m: m.get("id") == "u1")
        assert refused["type"] == "refused" and refused["code"] == "moved", refused
        s.close()
        s = Sock(client, tid, tok)
        assert (s.event, s.view["hand"]) == (event, hand)    # nothing was undone
        assert other.claim(tid)
        discard = next(a for a in s.view["legal_actions"] if a.startswith("discard"))
        refused = s.intent("x1", action=discard)
        assert refused["type"] == "refused" and refused["code"] == "moved", refused
        s.close()
        s = Sock(client, tid, tok)
        assert (s.event, s.view["hand"]) == (event, hand)    # nothing was played
        assert s.intent("x2", action=discard)["type"] == "ack"
        s.close()
        client.post(f"/api/tables/{tid}/seats/0", json={"kind": "bot"}, headers=host)
        for _ in range(600):                                     # the bots play the game out
            if client.get(f"/api/tables/{tid}", headers=host).json()["over"]:
                break
            time.sleep(0.05)
        assert other.claim(tid)
        r = client.post(f"/api/tables/{tid}/games", headers=host)
        assert r.status_code == 409 and r.json()["error"]["code"] == "moved", r.text
        assert client.get(f"/api/tables/{tid}", headers=host).json()["game_no"] == 1
        assert client.post(f"/api/tables/{tid}/games", headers=host).json()["game_no"] == 2
    finally:
        other.close()


def test_limits_count_the_browsers_address_behind_a_trusted_proxy() -> None:
    """Behind nginx or Caddy every socket comes from the proxy: with ``--trusted-proxy`` the limits
    count the address the proxy forwarded (each player's own), and believe no such header from anyone
    else (a client cannot pick a fresh address for each socket to escape its limit)."""
    app = create_app(ServerConfig(trusted_proxies=("10.0.0.0/8",), bot_workers=0))

    def seen(peer: str, forwarded: str | None) -> str:
        headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
        return address_of(Request({"type": "http", "method": "GET", "path": "/", "headers": headers,
                                   "client": (peer, 5000), "app": app}))

    assert seen("10.0.0.2", "203.0.113.9") == "203.0.113.9"                 # the proxy names the player
    assert seen("10.0.0.2", "198.51.100.7, 203.0.113.9") == "203.0.113.9"   # the proxy's own entry
    assert seen("203.0.113.9", "198.51.100.1") == "203.0.113.9"             # a stranger's header: ignored
    assert seen("10.0.0.2", None) == "10.0.0.2"


def test_a_replay_is_replayed_off_the_event_loop_a_few_steps_a_second_per_address(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each step of a finished game's replay replays the game up to it (tens of ms for a whole game),
    for anyone with the table's spectator link: in a thread, and limited per address."""
    from canasta.records import GameRecord
    loops: list[bool] = []
    replay = GameRecord.replay

    def watched(self: GameRecord, *args: Any) -> GameState:
        try:
            asyncio.get_running_loop()
            loops.append(True)
        except RuntimeError:
            loops.append(False)
        return replay(self, *args)

    monkeypatch.setattr(GameRecord, "replay", watched)
    with serving(config(tmp_path, db_url, limits=Limits(replay_burst=3, replay_rate=0.001))) as c:
        t = make(c, preset="classic", seed=9, overrides={"target_score": 100},
                 seats=[{"kind": "person"}] + [{"kind": "bot"}] * 3)
        tid, host = t["table_id"], auth(t["host_token"])
        c.post(f"/api/tables/{tid}/seats/0", json={"kind": "bot"}, headers=host)
        for _ in range(600):                                     # the bots play the game out
            if c.get(f"/api/tables/{tid}", headers=host).json()["over"]:
                break
            time.sleep(0.05)
        loops.clear()
        codes = [c.get(f"/api/tables/{tid}/games/1/replay?step={n}", headers=auth(t["spectator_token"]))
                 .status_code for n in range(4)]
        assert codes == [200, 200, 200, 429]
    assert loops == [False] * 3
