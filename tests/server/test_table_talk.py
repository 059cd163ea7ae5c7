"""Issue 33 on the server: table talk (text only, limited, the host's switch and mute), a seat the
host changes (its open page and its old link are told why), a person back from a stand-in is told,
the engine's "could you go out?" in a person's view, and the invite links' QR codes."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from canasta import GameState
from canasta.cards import parse_cards
from canasta.presets import rules
from canasta.views import going_out

from .conftest import LiveServer
from .wsclient import SeatClient

XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    d = tmp_path_factory.mktemp("talk")
    s = LiveServer(f"sqlite:///{d / 'canasta.db'}", d, bot_delay=0.0, grace=1.0).start()
    yield s
    s.stop()


def friends(srv: LiveServer) -> dict[str, Any]:
    r = httpx.post(srv.url + "/api/tables", json={
        "preset": "classic", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"},
                                       {"kind": "bot"}, {"kind": "bot"}]}, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def token(made: dict[str, Any], seat: int) -> str:
    return str(made["links"]["seats"][str(seat)].split("#t=")[1])


def chat_lines(c: SeatClient, n: int = 1) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while len(got) < n:
        m = c.recv_until(lambda m: m["type"] in ("chat", "refused"))
        assert m["type"] == "chat", m
        got.extend(m["lines"])
    return got


def test_table_talk_is_text_for_everyone_limited_and_under_the_hosts_control(srv: LiveServer) -> None:
    made = friends(srv)
    ann, ben = (SeatClient(srv.ws, made["table_id"], token(made, s)) for s in (0, 1))
    watcher = SeatClient(srv.ws, made["table_id"], made["spectator_token"])
    assert ann.table is not None and ann.table["chat"]["enabled"] and ann.table["sides"] == [[0, 2], [1, 3]]
    ann.send({"type": "chat", "id": "c1", "text": XSS})
    for c in (ann, ben, watcher):   # the same characters at every seat: the pages show them as text
        line = chat_lines(c)[0]
        assert line["text"] == XSS and line["name"] == "Ann" and line["seat"] == 0
    ben.send({"type": "chat", "id": "c2", "phrase": "good_luck"})
    assert chat_lines(ann)[0]["phrase"] == "good_luck"
    # control characters and direction marks are taken out; too long, a spectator, unknown phrases refused
    ben.send({"type": "chat", "id": "c3", "text": "one\u202etwo\nthree"})
    assert chat_lines(ann)[0]["text"] == "one two three"
    ann.send({"type": "chat", "id": "c4", "text": "x" * 201})
    assert ann.recv_until(lambda m: m["type"] == "error")["code"] == "bad_message"
    watcher.send({"type": "chat", "id": "c5", "text": "hello"})
    assert watcher.recv_until(lambda m: m["type"] == "refused")["code"] == "chat_spectator"
    # a page opened later gets what was said while the table lives
    late = SeatClient(srv.ws, made["table_id"], made["spectator_token"])
    assert [x.get("text", x.get("phrase")) for x in late.recv_until(lambda m: m["type"] == "chat")["lines"]] \
        == [XSS, "good_luck", "one two three"]
    # the rate: a burst of five, then "wait a moment"
    assert len(chat_lines(ben, 2)) == 2             # (his own two lines, sent to him too)
    time.sleep(4.1)                                 # at 0.5 a second, his two lines are back
    answers = []
    for i in range(7):
        ben.send({"type": "chat", "id": f"r{i}", "text": f"line {i}"})
    for _ in range(7):
        m = ben.recv_until(lambda m: m["type"] in ("chat", "refused") and (m["type"] == "refused" or
                                                                          m["lines"][0]["seat"] == 1))
        answers.append(m.get("code", "ok"))
    assert answers[:5] == ["ok"] * 5 and answers[5:] == ["chat_rate"] * 2, answers
    # the host mutes Ben: every page is told, Ben's next line is refused, Ann still talks
    host = {"authorization": f"Bearer {made['host_token']}"}
    r = httpx.post(f"{srv.url}/api/tables/{made['table_id']}/chat", json={"muted": [1]}, headers=host)
    assert r.status_code == 200 and r.json()["muted"] == [1]
    assert ann.recv_until(lambda m: m["type"] == "table")["table"]["chat"]["muted"] == [1]
    time.sleep(2.1)   # one line back in Ben's bucket: the refusal is the mute's
    ben.send({"type": "chat", "id": "m1", "text": "can you hear me?"})
    assert ben.recv_until(lambda m: m["type"] == "refused")["code"] == "chat_muted"
    # only the host changes the settings; the talk off refuses everyone
    r = httpx.post(f"{srv.url}/api/tables/{made['table_id']}/chat", json={"enabled": False},
                   headers={"authorization": f"Bearer {token(made, 0)}"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
    assert httpx.post(f"{srv.url}/api/tables/{made['table_id']}/chat", json={"enabled": False},
                      headers=host).json()["enabled"] is False
    ann.send({"type": "chat", "id": "m2", "text": "hello?"})
    assert ann.recv_until(lambda m: m["type"] == "refused")["code"] == "chat_off"
    # the talk is not in the game's record (nor anywhere stored)
    assert "onerror" not in (Path(srv.data) / "canasta.db").read_bytes().decode("latin-1")
    for c in (ann, ben, watcher, late):
        c.close()


def hello(srv: LiveServer, table_id: str, tok: str) -> tuple[dict[str, Any], int | None]:
    with connect(f"{srv.ws}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": tok}))
        first = json.loads(ws.recv(timeout=10))
        with contextlib.suppress(Exception):   # the close that follows
            ws.recv(timeout=5)
        return first, ws.close_code


def test_a_seat_the_host_changes_tells_its_open_page_and_its_old_link_why(srv: LiveServer) -> None:
    made = friends(srv)
    tid, host = made["table_id"], {"authorization": f"Bearer {made['host_token']}"}
    ben = SeatClient(srv.ws, tid, token(made, 1))
    r = httpx.post(f"{srv.url}/api/tables/{tid}/seats/1", json={"kind": "bot"}, headers=host)
    assert r.status_code == 200
    m = ben.recv_until(lambda m: m["type"] == "error")
    assert m["code"] == "seat_to_bot" and "ask the host for a new link" in m["message"]
    first, code = hello(srv, tid, token(made, 1))
    assert first["code"] == "seat_to_bot" and code == 4401
    # a new link for Ann's seat: her open page and her old link say so
    ann = SeatClient(srv.ws, tid, token(made, 0))
    new = httpx.post(f"{srv.url}/api/tables/{tid}/seats/0", json={"reissue": True}, headers=host).json()
    assert ann.recv_until(lambda m: m["type"] == "error")["code"] == "seat_new_link"
    first, code = hello(srv, tid, token(made, 0))
    assert first["code"] == "seat_new_link" and code == 4401
    assert hello(srv, tid, new["token"])[0]["type"] == "welcome"
    assert hello(srv, tid, "never-a-link-of-this-table")[0]["code"] == "bad_token"


def test_a_person_back_from_a_stand_in_is_told(srv: LiveServer) -> None:
    made = friends(srv)
    tid = made["table_id"]
    ben = SeatClient(srv.ws, tid, token(made, 1))
    ben.close()
    deadline, host = time.monotonic() + 10, {"authorization": f"Bearer {made['host_token']}"}
    while not httpx.get(f"{srv.url}/api/tables/{tid}", headers=host).json()["seats"][1]["stand_in"]:
        assert time.monotonic() < deadline, "no stand-in after the grace period"
        time.sleep(0.2)
    back = SeatClient(srv.ws, tid, token(made, 1))
    assert back.recv_until(lambda m: m["type"] == "notice")["code"] == "seat_back"
    assert back.table is not None   # the newest summary it was sent: the seat is Ben's again
    assert not back.table["seats"][1]["stand_in"] and back.table["seats"][1]["connected"]
    back.close()


def test_the_qr_code_of_a_link_is_drawn_on_the_server(srv: LiveServer) -> None:
    link = "https://club.example.org/table/abcdefghijkl#t=" + "x" * 32
    r = httpx.post(srv.url + "/api/qr", json={"text": link})
    assert r.status_code == 200
    qr = r.json()
    assert qr["size"] == len(qr["rows"]) >= 29 and all(len(row) == qr["size"] for row in qr["rows"])
    for top in (qr["rows"][0][:7], qr["rows"][0][-7:], qr["rows"][-1][:7]):   # the three finder patterns
        assert top == "1111111"
    assert httpx.post(srv.url + "/api/qr", json={"text": "x" * 201}).status_code == 400


# R 1.1 (classic): seed 67 dealt by seat 0, played by the Club player at every seat; seat 0 never asks.
SEED67 = ("1 draw|1 meld 7C 7C 7D|1 add @0 7S|1 meld AC AS JK|1 discard JD|2 draw|2 discard 3C|3 draw|"
          "3 add @0 7S|3 add @1 AC|3 discard TC|0 draw|0 meld KD KS JK|0 discard 3S|1 draw|1 discard TH|"
          "2 take TD 2C|2 add @0 KD|2 add @1 TC|2 meld JD JH JS|2 discard 3C|3 draw|3 discard 5D|0 draw|"
          "0 add @1 TD|0 add @2 JC|0 add @2 JS|0 discard 9D|1 draw|1 discard 4S|2 take 4D 4H|2 discard 3C|"
          "3 draw|3 discard 9C|0 draw|0 add @1 TC|0 add @3 4D|0 add @1 2D|0 discard QH|1 draw|1 discard 5H|"
          "2 take 5C 5D|2 meld 9C 9D 9H|2 discard 3C|3 draw|3 add @1 AD|3 discard 8C|0 draw")
SEED67_MOVES = [(int(x.split(" ", 1)[0]), x.split(" ", 1)[1]) for x in SEED67.split("|")]


def test_R1_1_the_view_says_whether_going_out_is_possible_and_what_a_yes_binds() -> None:
    """R 1.1: asking is optional, the answer binds, and a player told yes who cannot go out loses 100
    (Hoyle). With nothing melded after the first draw (12 moves in) the side cannot go out: asking is
    legal but ``possible`` is false. 48 moves in, seat 0 holds KS 2H 6H (worked by hand: KS and 2H onto
    the side's kings K K K JK K K + 2 = seven, a mixed canasta, then 6H discarded): possible."""
    s = GameState.new(rules("classic"), 67, 0)
    for i, (seat, a) in enumerate(SEED67_MOVES):
        if i == 12:
            assert s.actor == 0 and not s.melds[0]
            assert going_out(s, 0) == {"possible": False, "binding": True, "penalty": 100, "boxes": 0}
            assert going_out(s, 1) is None                   # not seat 1's turn
        assert s.actor == seat
        s.apply(a)
    assert sorted(s.hand_cards(0)) == sorted(parse_cards("KS 2H 6H"))
    g = going_out(s, 0)
    assert g is not None and g["possible"] and g["penalty"] == 100
    s.apply("ask")
    assert going_out(s, 0) is None                           # the partner answers now
