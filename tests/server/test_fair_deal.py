"""Issue 31: deals nobody chooses and nobody sees early.

An online table's seed is mixed from the server's seed, sealed before any player's number, and a
random number from every seat's page (a bot's from the server seed): the cards are dealt when the
last number is in. Every hand of the game is sealed at the deal; each hand's seed is shown when it
ends, the server's seed when the game is over, and ``canasta verify`` (or ``/api/verify``) checks
all of it. A duplicate round's deal is shown only when every table of the round has finished it."""

from __future__ import annotations

import contextlib
import json
import math
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient

from canasta.records import GameRecord
from canasta.server.app import create_app
from canasta.server.config import ServerConfig
from canasta.state import hand_seed
from canasta.tournament.fair import bot_value, game_seed, seal, verify_files

SEATS4 = [{"kind": "person", "name": f"P{i}"} for i in range(4)]


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@contextlib.contextmanager
def serving(tmp_path: Path, db_url: str, **kw: Any) -> Iterator[TestClient]:
    cfg = ServerConfig(data_dir=tmp_path, db_url=db_url, bot_delay=0, bot_workers=0, **kw)
    with TestClient(create_app(cfg)) as c:
        try:
            yield c
        finally:
            for s in list(Page.open):
                with contextlib.suppress(Exception):
                    s.close()


@pytest.fixture
def client(db_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with serving(tmp_path, db_url, grace=0.3) as c:
        yield c


class Page:
    """A seat's page: it keeps every message, and sends its number when the deal waits for it."""

    open: ClassVar[list[Page]] = []

    def __init__(self, client: TestClient, table_id: str, token: str, number: str | None = "auto") -> None:
        self.cm = client.websocket_connect(f"/ws/{table_id}")
        self.ws = self.cm.__enter__()
        Page.open.append(self)
        self.inbox: list[dict[str, Any]] = []
        self.ws.send_text(json.dumps({"type": "hello", "token": token}))
        self.welcome = self.recv()
        self.seat: int | None = self.welcome["seat"]
        self.first = self.next(lambda m: m["type"] in ("snapshot", "events"))
        self.number = secrets.token_hex(16) if number == "auto" else number
        dealing = self.first.get("dealing")
        if self.number and self.seat is not None and dealing and self.seat in dealing["waiting"]:
            self.shuffle(dealing["game"], self.number)

    def recv(self) -> dict[str, Any]:
        m: dict[str, Any] = self.ws.receive_json()
        self.inbox.append(m)
        if m.get("view") is not None:
            self.view = m["view"]
        return m

    def next(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            m = self.recv()
            if pred(m):
                return m

    def shuffle(self, game: int, number: str, cid: str = "n1") -> None:
        self.ws.send_text(json.dumps({"type": "shuffle", "id": cid, "game": game, "number": number}))

    def answer(self, cid: str) -> dict[str, Any]:
        return self.next(lambda m: m.get("id") == cid)

    def close(self) -> None:
        if self in Page.open:
            Page.open.remove(self)
            self.cm.__exit__(None, None, None)


def play_out(client: TestClient, t: dict[str, Any], seats: list[int]) -> None:
    """Hand ``seats`` to bots and wait until the game is over."""
    host = auth(t["host_token"])
    for seat in seats:
        assert client.post(f"/api/tables/{t['table_id']}/seats/{seat}", json={"kind": "bot", "level": "easy"},
                           headers=host).status_code == 200
    for _ in range(1200):
        if client.get(f"/api/tables/{t['table_id']}", headers=host).json()["over"]:
            return
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the game")


def test_the_deal_waits_for_every_seats_number_and_mixes_them_all(client: TestClient) -> None:
    """The server's seal is published first; no card is dealt (no hand, no move) until every person's
    page has sent its number; then the game's seed is the server's seed mixed with the four numbers
    (two from the pages, two from the bots' seats), every hand is sealed at the deal, and once the
    game is over the record shows it all and ``canasta verify`` checks it."""
    t = make(client, overrides={"game_hands": 1},
             seats=[SEATS4[0], {"kind": "bot"}, SEATS4[2], {"kind": "bot"}])
    tid, host = t["table_id"], auth(t["host_token"])
    before = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()
    assert before["version"] == 2 and set(before["server"]) == {"sha256"} and before["deals"] == []
    assert before["values"] == []
    ann = Page(client, tid, t["seats"][0]["token"])
    assert ann.first["view"] is None and ann.first["dealing"]["waiting"] == [0, 2]
    assert ann.first["dealing"]["server_sha256"] == before["server"]["sha256"]
    assert ann.answer("n1")["type"] == "ack"
    ann.ws.send_text(json.dumps({"type": "intent", "id": "d", "based_on": 0, "action": "draw"}))
    assert ann.answer("d")["code"] == "not_dealt"
    assert client.get(f"/api/tables/{tid}", headers=host).json()["dealt"] is False
    bob = Page(client, tid, t["seats"][2]["token"])               # the last number: the deal
    dealt = bob.next(lambda m: m.get("view") is not None)
    assert [e["kind"] for e in dealt["events"]] == ["deal"] and dealt["view"]["hand"]
    ann.next(lambda m: m.get("view") is not None)
    mid = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()
    assert mid["server"] == before["server"]                        # the seal did not change
    assert len(mid["deals"]) == 100 and all(set(d) == {"hand", "sha256"} for d in mid["deals"])
    values = {v["seat"]: (v["from"], v["value"]) for v in mid["values"]}
    assert values[0] == ("page", ann.number) and values[2] == ("page", bob.number)
    assert values[1][0] == values[3][0] == "server"
    ann.close()
    bob.close()
    play_out(client, t, [0, 2])
    text = client.get(f"/api/tables/{tid}/games/1/record", headers=host).text
    record, doc = GameRecord.from_json(text), json.loads(text)["commitments"]
    server = doc["server"]
    assert seal(server["salt"], server["seed"]) == before["server"]["sha256"]
    assert bot_value(server["seed"], 1) == values[1][1] and bot_value(server["seed"], 3) == values[3][1]
    assert record.seed == game_seed(server["seed"], [values[s][1] for s in range(4)])
    assert doc["deals"][0]["seed"] == hand_seed(record.seed, 0)
    verdict = verify_files(text, None)
    assert verdict.ok, verdict.lines
    assert verdict.lines[0].startswith("the server's seed ") and "matches the seal" in verdict.lines[0]
    checked = client.post("/api/verify", json={"record": json.loads(text)}).json()
    assert checked["ok"] and checked["lines"] == list(verdict.lines)
    # tampered: a player's number, the server's seed, a bot's number
    for change in (lambda d: d["values"][0].update(value="0" * 32),
                   lambda d: d["server"].update(seed="1" * 32),
                   lambda d: d["values"][1].update(value=bot_value("2" * 32, 1))):
        forged = json.loads(text)
        change(forged["commitments"])
        assert not verify_files(json.dumps(forged), None).ok
    # the commitments alone check the chain too, once the server's seed is shown
    alone = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()
    assert verify_files(json.dumps(alone), None).ok


def make(client: TestClient, preset: str = "classic", **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"preset": preset, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_a_seats_number_is_checked_given_once_and_only_before_the_deal(client: TestClient) -> None:
    t = make(client, seats=SEATS4)
    tid = t["table_id"]
    a = Page(client, tid, t["seats"][0]["token"], number=None)
    for cid, number, code in (("b1", "xyz" * 11, "bad_number"), ("b2", "ab" * 8, "bad_message")):
        a.shuffle(1, number, cid)
        m = a.next(lambda m, cid=cid: m.get("id") == cid or m["type"] == "error")
        assert m["code"] == code, m
    a.shuffle(1, "ab" * 16, "g1")
    assert a.answer("g1")["type"] == "ack"
    a.shuffle(1, "ab" * 16, "g2")                                  # the same number again: fine
    assert a.answer("g2")["type"] == "ack"
    a.shuffle(1, "cd" * 16, "g3")                                  # another one: refused
    assert a.answer("g3")["code"] == "number_given"
    a.shuffle(2, "cd" * 16, "g4")                                  # another game's
    assert a.answer("g4")["code"] == "not_dealing"
    watcher = Page(client, tid, t["spectator_token"])
    watcher.shuffle(1, "ef" * 16, "w1")
    assert watcher.answer("w1")["code"] == "spectator"
    others = [Page(client, tid, t["seats"][s]["token"]) for s in (1, 2, 3)]
    others[-1].next(lambda m: m.get("view") is not None)
    a.shuffle(1, "cd" * 16, "g5")
    assert a.answer("g5")["code"] == "not_dealing"
    for p in (a, watcher, *others):
        p.close()


def test_a_seat_given_to_a_bot_or_away_no_longer_holds_up_the_deal(client: TestClient) -> None:
    """The host hands a missing player's seat to a bot: its number comes from the server seed, and the
    deal goes ahead; a player who came and went is stood in for after the grace period, likewise."""
    t = make(client, seats=SEATS4)
    tid, host = t["table_id"], auth(t["host_token"])
    pages = [Page(client, tid, t["seats"][s]["token"]) for s in (0, 1)]
    late = Page(client, tid, t["seats"][2]["token"], number=None)   # opens the table, sends nothing
    assert client.post(f"/api/tables/{tid}/seats/3", json={"kind": "bot"}, headers=host).status_code == 200
    # checked while seat 2 is still there (it may yet send its number), not after it left: the grace
    # period is 0.3 s, which a loaded machine can spend between two requests
    assert not client.get(f"/api/tables/{tid}", headers=host).json()["dealt"]
    late.close()
    dealt = pages[0].next(lambda m: m.get("view") is not None)       # seat 2 away past the grace period
    assert [e["kind"] for e in dealt["events"]] == ["deal"]
    values = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()["values"]
    assert [v["from"] for v in values] == ["page", "page", "server", "server"]
    for p in pages:
        p.close()


def test_the_numbers_given_are_kept_across_a_restart(db_url: str, tmp_path: Path) -> None:
    with serving(tmp_path, db_url) as c:
        t = make(c, seats=SEATS4[:2] + [{"kind": "bot"}] * 2)
        first = Page(c, t["table_id"], t["seats"][0]["token"])
        assert first.answer("n1")["type"] == "ack"
        first.close()
    with serving(tmp_path, db_url) as c:                              # the server restarts
        second = Page(c, t["table_id"], t["seats"][1]["token"])
        second.next(lambda m: m.get("view") is not None)
        values = c.get(f"/api/tables/{t['table_id']}/games/1/commitments", headers=auth(t["host_token"])
                       ).json()["values"]
        assert values[0] == {"seat": 0, "from": "page", "value": first.number}
        second.close()


def test_a_new_game_is_dealt_afresh_from_new_numbers(client: TestClient) -> None:
    t = make(client, overrides={"game_hands": 1}, seats=[SEATS4[0]] + [{"kind": "bot"}] * 3)
    tid, host = t["table_id"], auth(t["host_token"])
    page = Page(client, tid, t["seats"][0]["token"])
    page.next(lambda m: m.get("view") is not None)
    page.close()
    play_out(client, t, [0])
    assert client.post(f"/api/tables/{tid}/seats/0", json={"kind": "person"}, headers=host).status_code == 200
    info = client.post(f"/api/tables/{tid}/games", headers=host).json()
    assert info["game_no"] == 2 and not info["dealt"]
    token = client.post(f"/api/tables/{tid}/seats/0", json={"reissue": True}, headers=host).json()["token"]
    again = Page(client, tid, token)
    assert again.first["dealing"]["game"] == 2
    again.next(lambda m: m.get("view") is not None)
    doc = client.get(f"/api/tables/{tid}/games/2/commitments", headers=host).json()
    assert doc["values"][0]["value"] == again.number
    again.close()


def test_a_duplicate_deal_is_shown_only_when_every_table_of_the_round_has_finished_it(
        db_url: str, tmp_path: Path) -> None:
    """Every table of a duplicate round is dealt from one seed: a table that finishes a hand first may
    not see its seed (which gives every card of the deal) while another table still plays it, nor the
    game's record (whose seed gives every hand). When the last table finishes, all are shown."""
    with serving(tmp_path, db_url) as c:
        r = c.post("/api/events", json={"name": "Dup", "preset": "classic", "pairs": ["A", "B", "C", "D"],
                                         "games": 1, "draw": "as_listed", "overrides": {"game_hands": 1}})
        eid, director = r.json()["event_id"], auth(r.json()["token"])
        made = c.post(f"/api/events/{eid}/rounds/1/online", headers=director, json={"duplicate": True}).json()
        first = made["tables"][0]
        hub = c.app.state.hub  # type: ignore[attr-defined]
        a = hub.tables[first["table_id"]]
        watcher = Page(c, first["table_id"], first["spectator"].split("#t=")[1])
        for seat in range(4):                                            # table 1 plays its game out
            c.post(f"/api/events/{eid}/rounds/1/tables/1/seats/{seat}", headers=director,
                   json={"kind": "bot", "level": "easy"})
        for _ in range(1200):
            if a.game.is_over:
                break
            time.sleep(0.05)
        assert a.game.is_over
        watcher.ws.send_text('{"type": "ping"}')
        watcher.next(lambda m: m["type"] == "pong")
        assert not [m for m in watcher.inbox if m.get("reveals")], "a seed shown while table 2 plays it"
        spectator = auth(first["spectator"].split("#t=")[1])
        record = c.get(f"/api/tables/{first['table_id']}/games/1/record", headers=spectator)
        assert record.status_code == 409 and record.json()["error"]["code"] == "round_not_over"
        doc = c.get(f"/api/tables/{first['table_id']}/games/1/commitments", headers=spectator).json()
        assert all("seed" not in d for d in doc["deals"])
        assert c.get(f"/api/tables/{first['table_id']}/games/1/replay", headers=spectator).status_code == 409
        assert a.deals.peers_done == 0 and a.deals.revealed(a.game) == 0
        for seat in range(4):                                            # table 2 plays its game out
            c.post(f"/api/events/{eid}/rounds/1/tables/2/seats/{seat}", headers=director,
                   json={"kind": "bot", "level": "easy"})
        shown = watcher.next(lambda m: bool(m.get("reveals")))
        assert [r["hand"] for r in shown["reveals"]] == [1]
        assert a.deals.peers_done == math.inf
        assert c.get(f"/api/tables/{first['table_id']}/games/1/record", headers=spectator).status_code == 200
        watcher.close()


def test_the_game_seed_depends_on_every_number_and_its_seat() -> None:
    """A fair seed (hand n dealt from the SHA-256 of the seed and n); swapping two seats' numbers or
    changing one gives another game."""
    seed = game_seed("ab" * 16, ["cd" * 16, "ef" * 16])
    assert seed.startswith("fair:") and len(seed) == 37
    assert seed != game_seed("ab" * 16, ["ef" * 16, "cd" * 16])
    assert seed != game_seed("ab" * 16, ["cd" * 16, "ee" * 16])
    assert seed != game_seed("ac" * 16, ["cd" * 16, "ef" * 16])
    assert hand_seed(seed, 0) != hand_seed(seed, 1)
