"""The server in process (Starlette's TestClient), on SQLite and PostgreSQL: tables and seats, host
actions, practice undo, stand-in bots, reconnect snapshots, and every kind of bad input, each with
its error and an unchanged table."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient

from canasta.server.app import create_app
from canasta.server.config import ServerConfig
from canasta.server.store import Store

SEATS4 = [{"kind": "person", "name": f"P{i}"} for i in range(4)]


@pytest.fixture
def client(db_url: str, tmp_path: Path) -> Iterator[TestClient]:
    cfg = ServerConfig(data_dir=tmp_path, db_url=db_url, bot_delay=0, grace=0.2, bot_workers=0, ring=8,
                       chosen_seeds=True)
    with TestClient(create_app(cfg)) as c:
        yield c
        for sock in Sock.open:  # a failed test leaves its sockets open: close them before shutdown
            sock.close()
        Sock.open.clear()


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


class Sock:
    """A table socket in the test client: the newest view and event."""

    open: ClassVar[list[Sock]] = []

    def __init__(self, client: TestClient, table_id: str, token: str, last: int | None = None) -> None:
        Sock.open.append(self)
        self.closed = False
        self.cm = client.websocket_connect(f"/ws/{table_id}")
        self.ws = self.cm.__enter__()
        self.ws.send_text(json.dumps({"type": "hello", "token": token, "last_event": last}))
        self.first = self.ws.receive_json()
        self.view: dict[str, Any] = {}
        self.event = -1
        self.catch_up_msg = self.next(lambda m: m["type"] in ("snapshot", "events"))
        give_number(self, self.first.get("seat"), self.catch_up_msg)

    def next(self, pred: Any) -> dict[str, Any]:
        while True:
            m: dict[str, Any] = self.ws.receive_json()
            if m.get("view") is not None:
                self.view, self.event = m["view"], m["event"]
            elif "event" in m:
                self.event = m["event"]
            if pred(m):
                return m

    def send(self, **msg: Any) -> None:
        self.ws.send_text(json.dumps(msg))

    def intent(self, cid: str, **what: Any) -> dict[str, Any]:
        self.send(type="intent", id=cid, based_on=self.event, **what)
        return self.next(lambda m: m.get("id") == cid)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.cm.__exit__(None, None, None)


def give_number(sock: Any, seat: int | None, catch_up: dict[str, Any]) -> None:
    """A seat's page sends its random number for the shuffle when the deal waits for it; when it is
    the last one awaited, wait for the deal (as a page does: the table appears)."""
    dealing = catch_up.get("dealing")
    if seat is None or dealing is None or seat not in dealing["waiting"]:
        return
    sock.send(type="shuffle", id=f"n{seat}", game=dealing["game"], number=secrets.token_hex(16))
    if dealing["waiting"] == [seat]:
        sock.next(lambda m: m.get("view") is not None)


# ---------------------------------------------------------------------------------------- storage
def test_alembic_upgrade_head_from_empty(db_url: str) -> None:
    store = Store(db_url)          # upgrades an empty database to head
    assert store.unfinished() == []
    Store(db_url).close()          # and again: already at head, nothing to do
    from sqlalchemy import inspect

    names = set(inspect(store.engine).get_table_names())
    assert {"tables", "seats", "games", "actions", "sheets", "alembic_version"} <= names
    store.close()


# ---------------------------------------------------------------------------------------- tables
def test_presets_and_rules_card(client: TestClient) -> None:
    presets = {p["name"]: p for p in client.get("/api/presets").json()}
    assert presets["bolivia"]["players"] == [2, 3, 4, 5, 6] or 6 in presets["bolivia"]["players"]
    assert presets["classic"]["players"] == [4]
    assert presets["nvso-tournament"]["title"] == "American, NVSO tournament"
    card = client.get("/api/presets/gvr-club").json()
    stock_draw = next(o for o in card["options"] if o["name"] == "stock_draw")
    assert stock_draw["value"] == 2 and "S2" in stock_draw["source"]
    refused = client.get("/api/presets/bolivya").json()["error"]
    assert refused["code"] == "unknown_preset" and "did you mean 'bolivia'?" in refused["message"]


def test_create_a_table_links_and_tokens(client: TestClient) -> None:
    t = make(client, preset="spanish", players=3, overrides={"go_out_canastas": 2},
             seats=[{"kind": "person", "name": "Ana"}, {"kind": "bot", "level": "hard"},
                    {"kind": "person", "name": "Luis"}])
    assert set(t["links"]["seats"]) == {"0", "2"}
    tokens = [t["seats"][0]["token"], t["seats"][2]["token"], t["host_token"], t["spectator_token"]]
    assert len(set(tokens)) == 4 and all(len(tok) >= 32 for tok in tokens)   # 192 bits, URL-safe
    assert all(f"#t={tok}" in json.dumps(t["links"]) for tok in tokens[:3])  # tokens after '#' only
    info = client.get(f"/api/tables/{t['table_id']}", headers=auth(tokens[1])).json()
    assert info["players"] == 3 and info["you"] == {"seat": 2, "host": False}
    assert [s["kind"] for s in info["seats"]] == ["person", "bot", "person"]


def test_the_quick_start_seats_bots_of_the_level_chosen(client: TestClient) -> None:
    # issue 16: the practice table's bots at the level the player picks (Club player if none)
    for level in (None, "expert", "beginner"):
        t = make(client, preset="nvso-tournament", **({"level": level} if level else {}))
        info = client.get(f"/api/tables/{t['table_id']}", headers=auth(t["host_token"])).json()
        bots = info["seats"][1:]
        # a table nobody named keeps no name: each page calls it by its rule set's title (issue 37)
        assert info["name"] == "" and info["title"] == "American, NVSO tournament"
        assert [s["level"] for s in bots] == [level or "club"] * 3
        # unnamed: each page names them in its reader's language ("Bot 1 (Club player)", issue 37)
        assert [s["name"] for s in bots] == ["", "", ""]


@pytest.mark.parametrize(("body", "code", "words"), [
    ({"preset": "classic", "overrides": {"stock_drew": 1}}, "bad_rules", "did you mean 'stock_draw'"),
    ({"preset": "classic", "overrides": {"stock_draw": "two"}}, "bad_rules", "stock_draw"),
    ({"preset": "classic", "players": 3}, "bad_rules", "classic is for 4 players"),
    ({"preset": "bolivya"}, "bad_rules", "unknown rule set 'bolivya' (did you mean 'bolivia'?)"),
    ({"preset": "classic", "seats": [{"kind": "bot"}] * 4}, "no_person", "at least one seat must be a"),
    ({"preset": "classic", "seats": [{"kind": "person"}] * 3}, "seat_count", "3 seats given"),
    ({"preset": "classic", "seats": [{"kind": "robot"}] * 4}, "bad_request", "seats.0.kind"),
    ({"preset": "classic", "name": "x" * 200}, "bad_request", "name"),
    ({"preset": "classic", "seats": [{"kind": "person", "name": "A\x00B"}] * 4}, "bad_request", "control"),
    ({"preset": "classic", "colour": "red"}, "bad_request", "colour"),
    ({"preset": "classic", "level": "grandmaster"}, "bad_request", "level"),
    ({"preset": "classic", "level": "expert", "seats": SEATS4}, "level_with_seats", "each bot's level in"),
])
def test_bad_table_requests_are_refused_with_a_reason(client: TestClient, body: dict[str, Any], code: str,
                                                      words: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    err = r.json()["error"]
    assert err["code"] == code and words in err["message"], err


def test_rules_check_gives_the_engines_message(client: TestClient) -> None:
    ok = client.post("/api/rules/check", json={"preset": "bolivia", "players": 6, "overrides": {}})
    assert ok.json() == {"ok": True, "players": 6}
    bad = client.post("/api/rules/check", json={"preset": "gvr-club", "overrides": {"go_out_canastaz": 1}})
    assert "did you mean 'go_out_canastas'" in bad.json()["error"]["message"]
    # S4 PENALTIES as one word, and a value's old name (issue 18), as the host page sends them
    for preset, overrides in (("spanish", {"tournament_penalties": True}),
                              ("trey-canasta", {"red3_mode": "trey"})):
        assert client.post("/api/rules/check", json={"preset": preset, "overrides": overrides}).json()["ok"]


def test_oversized_body_and_unknown_table(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{" + b" " * 70000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_big"
    assert client.get("/api/tables/nope", headers=auth("x" * 32)).json()["error"]["code"] == "unknown_table"


# ---------------------------------------------------------------------------------------- host
def test_host_hands_seats_to_bots_and_back_and_reissues_links(client: TestClient) -> None:
    t = make(client, preset="classic", seed=2, seats=SEATS4)
    tid, host = t["table_id"], t["host_token"]
    old = t["seats"][1]["token"]
    # not the host: refused, nothing changes
    r = client.post(f"/api/tables/{tid}/seats/1", json={"kind": "bot"}, headers=auth(old))
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
    # the host re-issues seat 1's link: the old one stops working at once
    r = client.post(f"/api/tables/{tid}/seats/1", json={"reissue": True}, headers=auth(host))
    new = r.json()["token"]
    assert new != old and r.json()["link"].endswith(new)
    assert client.get(f"/api/tables/{tid}", headers=auth(old)).json()["error"]["code"] == "bad_token"
    assert client.get(f"/api/tables/{tid}", headers=auth(new)).json()["you"]["seat"] == 1
    # a bot takes seat 3 and plays its turns; the host takes it back for a person
    r = client.post(f"/api/tables/{tid}/seats/3", json={"kind": "bot", "level": "easy"}, headers=auth(host))
    assert r.json()["kind"] == "bot" and r.json()["level"] == "easy" and "token" not in r.json()
    r = client.post(f"/api/tables/{tid}/seats/3", json={"kind": "person", "name": "Dot"}, headers=auth(host))
    assert r.json()["kind"] == "person" and r.json()["name"] == "Dot" and r.json()["token"]
    assert client.post(f"/api/tables/{tid}/seats/9", json={"kind": "bot"},
                       headers=auth(host)).json()["error"]["code"] == "bad_seat"
    # no new game before this one is over
    r = client.post(f"/api/tables/{tid}/games", headers=auth(host))
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
    # nor a record: it would show every hand
    r = client.get(f"/api/tables/{tid}/games/1/record", headers=auth(host))
    assert r.status_code == 409


def test_a_finished_game_gives_its_record_and_the_host_starts_another(client: TestClient) -> None:
    t = make(client, preset="classic", seed=3, overrides={"target_score": 100},
             seats=[{"kind": "person"}, *[{"kind": "bot", "level": "medium"}] * 3])
    tid = t["table_id"]
    host = t["host_token"]
    # seat 0 hands itself to a bot too, so the bots play the game out
    client.post(f"/api/tables/{tid}/seats/0", json={"kind": "bot"}, headers=auth(host))
    for _ in range(600):
        info = client.get(f"/api/tables/{tid}", headers=auth(host)).json()
        if info["over"]:
            break
        time.sleep(0.05)
    assert info["over"]
    r = client.get(f"/api/tables/{tid}/games/1/record", headers=auth(t["spectator_token"]))
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    from canasta.records import GameRecord

    rec = GameRecord.from_json(r.text)
    assert rec.replay().is_over and rec.seed == 3
    step = client.get(f"/api/tables/{tid}/games/1/replay?step=5&seat=2", headers=auth(host)).json()
    assert step["step"] == 5 and step["action"] == str(rec.actions[4]) and step["view"]["seat"] == 2
    info = client.post(f"/api/tables/{tid}/games", headers=auth(host)).json()
    assert info["game_no"] == 2 and not info["over"]
    assert client.get(f"/api/tables/{tid}/games/1/record", headers=auth(host)).status_code == 200


def test_deals_are_committed_before_they_are_played_and_verified_after(client: TestClient) -> None:
    """Issue 15's fair shuffle at an online table: SHA-256 commitments to every hand's seed are
    published from the start (no seed, no salt), revealed with the finished game's record, and
    `canasta verify`'s check passes on it and fails on a tampered copy."""
    from canasta.tournament.fair import verify_files

    t = make(client, preset="classic", seed=11, overrides={"target_score": 100},
             seats=[{"kind": "person"}, *[{"kind": "bot", "level": "easy"}] * 3])
    tid, host = t["table_id"], auth(t["host_token"])
    before = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()
    assert [d["hand"] for d in before["deals"]] == list(range(1, 101))    # every hand, from the start
    assert all(set(d) == {"hand", "sha256"} for d in before["deals"])      # nothing revealed yet
    client.post(f"/api/tables/{tid}/seats/0", json={"kind": "bot"}, headers=host)
    for _ in range(600):
        if client.get(f"/api/tables/{tid}", headers=host).json()["over"]:
            break
        time.sleep(0.05)
    text = client.get(f"/api/tables/{tid}/games/1/record", headers=host).text
    record = json.loads(text)
    revealed = record["commitments"]["deals"]
    assert all(d["seed"] and d["salt"] for d in revealed)
    published = {d["hand"]: d["sha256"] for d in before["deals"]}
    assert all(published[d["hand"]] == d["sha256"] for d in revealed if d["hand"] in published)
    assert verify_files(text, None).ok
    record["commitments"]["deals"][0]["seed"] = "classic/12/hand 1"
    assert not verify_files(json.dumps(record), None).ok
    after = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()
    assert after["deals"] == json.loads(text)["commitments"]["deals"]


def test_a_fair_games_hand_seed_is_revealed_to_every_seat_when_that_hand_ends(client: TestClient) -> None:
    """Issue 15: a table made without a seed gets a fair seed; while hand 1 is played no message and
    no commitments file shows a seed; the message that ends hand 1 carries hand 1's seed and salt
    (hashing to the commitment published before), and hand 2's stays hidden while the game goes on."""
    import hashlib

    from canasta.actions import Action
    from canasta.bots import make_bot

    t = make(client, preset="classic", seats=[{"kind": "person"}, *[{"kind": "bot", "level": "easy"}] * 3])
    tid, host = t["table_id"], auth(t["host_token"])
    s = Sock(client, tid, t["seats"][0]["token"])          # its page's number: the cards are dealt
    before = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()["deals"]
    assert "reveals" not in s.catch_up_msg
    bot = make_bot("easy", 3)
    seen: list[dict[str, Any]] = []
    ended = None
    pending = None
    for k in range(5000):
        if pending is None and s.view["to_act"] == 0 and s.view["legal_actions"]:
            legal = [Action.parse(a) for a in s.view["legal_actions"]]
            pending = f"m{k}"
            s.send(type="intent", id=pending, based_on=s.event, action=str(bot.choose(s.view, legal)))
        m = s.ws.receive_json()
        seen.append(m)
        if m.get("id") == pending:
            pending = None
        if "view" in m:
            s.view, s.event = m["view"], m["event"]
            if m["view"]["results"]:
                ended = m
                break
    assert ended is not None
    assert all("reveals" not in m for m in seen[:-1])        # nothing before the hand ended
    reveal = ended["reveals"]
    assert [r["hand"] for r in reveal] == [1] and not ended["view"]["winner"] >= 0
    r = reveal[0]
    assert r["sha256"] == before[0]["sha256"]
    assert r["sha256"] == hashlib.sha256(json.dumps([r["salt"], r["seed"]], separators=(",", ":")).encode()
                                         ).hexdigest()
    mid = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()["deals"]
    assert mid[0] == r and set(mid[1]) == {"hand", "sha256"}
    assert r["seed"] != mid[1]["sha256"] and len(r["seed"]) == 64
    doc = client.get(f"/api/tables/{tid}/games/1/commitments", headers=host).json()
    checked = client.post("/api/verify", json={"commitments": doc}).json()     # the verify endpoint
    assert checked["ok"] and checked["lines"][0].startswith("hand 1: ok")
    assert checked["lines"][1] == "hand 2: not revealed yet"
    doc["deals"][0]["salt"] = "0" * 32
    assert not client.post("/api/verify", json={"commitments": doc}).json()["ok"]
    bad = client.post("/api/verify", json={})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "verify_nothing"
    s.close()
    again = Sock(client, tid, t["seats"][0]["token"])          # a seat joining later gets it too
    assert again.catch_up_msg["reveals"] == reveal
    again.close()


def test_the_partner_question_reaches_the_partner_and_the_answer_binds(client: TestClient) -> None:
    """Issue 12 (R 1.1: the partner answers "may I go out?" and the answer binds): seat 1 asks; the
    question reaches seat 3, a person, whose turn it is to answer, and nobody else may; the "no"
    comes back to seat 1 as a binding answer. With a bot as the partner, the bot answers."""
    t = make(client, preset="classic", seed=3,
             seats=[{"kind": "bot"}, {"kind": "person", "name": "Ann"}, {"kind": "bot"},
                    {"kind": "person", "name": "Bob"}])
    tokens = {s["seat"]: s["token"] for s in t["seats"] if s["kind"] == "person"}
    ann, bob = Sock(client, t["table_id"], tokens[1]), Sock(client, t["table_id"], tokens[3])
    assert ann.intent("p1", action="draw")["type"] == "ack"
    assert ann.intent("p2", action="ask")["type"] == "ack"
    bob.next(lambda m: m.get("view", {}).get("phase") == "answer")
    assert bob.view["to_act"] == 3 and sorted(bob.view["legal_actions"]) == ["no", "yes"]
    assert ann.intent("p3", action="yes")["code"] == "not_your_turn"      # only the partner answers
    assert bob.intent("b1", action="no")["type"] == "ack"
    ann.next(lambda m: m.get("view", {}).get("phase") == "play")
    assert ann.view["turn_state"]["answer"] == "no" and ann.view["turn_state"]["answer_binds"]
    for sock in (ann, bob):
        sock.close()
    # a bot partner answers by itself
    t2 = make(client, preset="classic", seed=3,
              seats=[{"kind": "bot"}, {"kind": "person", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}])
    me = Sock(client, t2["table_id"], t2["seats"][1]["token"])
    assert me.intent("q1", action="draw")["type"] == "ack"
    assert me.intent("q2", action="ask")["type"] == "ack"
    me.next(lambda m: m.get("view", {}).get("turn_state", {}).get("answer") in ("yes", "no"))
    assert me.view["to_act"] == 1 and me.view["turn_state"]["answer_binds"]
    me.close()


# ---------------------------------------------------------------------------------------- the socket
def test_a_take_with_no_card_held_out_is_the_one_a_player_would_choose(client: TestClient) -> None:
    # R 1.1: the deal of seed 19 gives seat 1, first to play, TD TH TH TS, 2C 2S JK JK, with TD on
    # the pile: five tens open with 50, as TD TH 2C and the top card do (listed first). A take with no
    # card held out ("Pick up the pile" with nothing selected) takes without a wild card
    t = make(client, preset="classic", seed=19, seats=SEATS4)
    me = Sock(client, t["table_id"], t["seats"][1]["token"])
    assert me.view["to_act"] == 1 and me.view["pile"]["top"] == "TD"
    assert next(a for a in me.view["legal_actions"] if a.startswith("take")) == "take TD TH 2C"
    assert me.intent("t1", take=[])["type"] == "ack"
    me.send(type="ping")
    me.next(lambda m: m["type"] == "pong")                         # the take's events are in
    assert [m["cards"] for m in me.view["melds"][1]] == ["TD TD TH TH TS"]
    assert me.view["hand"] == "2C 2S 4C QD KH JK JK"
    me.close()


def test_bad_socket_input_is_refused_and_changes_nothing(client: TestClient) -> None:
    t = make(client, preset="classic", seed=4, seats=SEATS4)
    tid = t["table_id"]
    socks = [Sock(client, tid, s["token"]) for s in t["seats"]]
    me = next(s for s in socks if s.view["to_act"] == s.view["seat"])
    other = next(s for s in socks if s is not me)
    before = (me.event, me.view["hand"], other.view["hand"])

    def refused(sock: Sock, cid: str, **what: Any) -> dict[str, Any]:
        answer = sock.intent(cid, **what)
        assert answer["type"] == "refused", answer
        return answer

    assert refused(other, "a1", action="draw")["code"] == "not_your_turn"
    answer = refused(me, "a2", action="discard 5C")
    assert answer["code"] == "draw_first" and "draw" in answer["message"]
    assert refused(me, "a3", action="fly away")["code"] in ("notation", "bad_action", "unknown_action") \
        or "fly" in refused(me, "a3b", action="fly away")["message"]
    assert refused(me, "a4", meld=["ZZ", "KH", "KS"])["code"] == "bad_cards"
    assert refused(me, "a5", action="draw", meld=["KH"])["code"] == "one_intent_kind"
    bad = "bad_message"
    # (a message refused unread names its id where it has a valid one: its sender is waiting for it)
    cases = [("not json", bad, "message", None), ('{"type": "dance"}', bad, "type", None),
             ('{"type": "intent", "id": "x", "based_on": -1, "action": "draw"}', bad, "based_on", "x"),
             ('{"type": "intent", "id": "' + "y" * 100 + '", "based_on": 0, "action": "d"}', bad, "id", None),
             ('{"type": "hello", "token": "abcdefghijk"}', "already_hello", "hello", None)]
    for raw, code, words, cid in cases:
        me.ws.send_text(raw)
        err = me.next(lambda m: m["type"] == "error")
        assert err["code"] == code and words in err["message"] and err.get("id") == cid, (raw, err)
    me.ws.send_text(json.dumps({"type": "intent", "id": "big", "based_on": 0, "action": "x" * 9000}))
    big = me.next(lambda m: m["type"] == "error")
    assert big["code"] == "message_too_big" and "id" not in big   # (a message too big is not parsed)
    watcher = Sock(client, tid, t["spectator_token"])
    assert watcher.first["role"] == "spectator" and watcher.view["hand"] == ""
    assert watcher.intent("w1", action="draw")["code"] == "spectator"
    # nothing changed: the same event, the same hands
    me.send(type="ping")
    me.next(lambda m: m["type"] == "pong")
    assert (me.event, me.view["hand"], other.view["hand"]) == before
    for s in [*socks, watcher]:
        s.close()


def test_wrong_token_and_unknown_table_close_the_socket(client: TestClient) -> None:
    t = make(client, preset="classic", seats=SEATS4)
    with client.websocket_connect(f"/ws/{t['table_id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "not-a-real-token-at-all"}))
        assert ws.receive_json()["code"] == "bad_token"
        assert ws.receive()["code"] == 4401
    with client.websocket_connect("/ws/nosuchtable") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": t["host_token"]}))
        assert ws.receive_json()["code"] == "unknown_table"
    with client.websocket_connect(f"/ws/{t['table_id']}") as ws:
        ws.send_text(json.dumps({"type": "ping"}))
        assert "hello" in ws.receive_json()["message"]


def test_the_id_of_a_refused_message_is_read_only_where_it_is_valid() -> None:
    """A message refused before it is read is answered with its id only where the id is one a
    client may send (``ClientId``); anything else, nested without end included, has none."""
    from canasta.server.protocol import readable_id
    assert readable_id('{"type": "undo", "id": "u-1.a:b"}') == "u-1.a:b"
    for text in ("not json", "null", "[1, 2]", '{"id": 5}', '{"id": ""}', '{"id": "two words"}',
                 '{"id": "' + "x" * 65 + '"}', "[" * 8000, '{"id": {"id": "x"}}'):
        assert readable_id(text) is None, text


def test_rate_limit_per_connection(client: TestClient) -> None:
    t = make(client, preset="classic", seats=SEATS4)
    s = Sock(client, t["table_id"], t["seats"][0]["token"])
    for _ in range(60):
        s.send(type="ping")
    got = [s.ws.receive_json()["type"] for _ in range(60)]
    s.send(type="ping")
    assert "error" in got and got.count("pong") >= 30
    s.close()


def test_a_gap_older_than_the_ring_gets_a_snapshot(client: TestClient) -> None:
    t = make(client, preset="classic", seed=6, seats=[{"kind": "person"}] + [{"kind": "bot"}] * 3)
    tid, tok = t["table_id"], t["seats"][0]["token"]
    s = Sock(client, tid, tok)
    start = s.event
    s.close()
    # the bots play until seat 0 is to act; play on past the ring of 8 events
    s = Sock(client, tid, tok, last=start)
    moves = 0
    while s.event - start <= 10 and moves < 40:
        if s.view["to_act"] == 0:
            legal = s.view["legal_actions"]
            pick = next((a for a in legal if a.startswith("discard")), legal[0])
            assert s.intent(f"m{moves}", action=pick)["type"] == "ack"
            moves += 1
        else:
            s.next(lambda m: "view" in m)
    s.close()
    late = Sock(client, tid, tok, last=start)
    assert late.catch_up_msg["type"] == "snapshot" and late.event > start + 8
    near = Sock(client, tid, tok, last=late.event - 2)
    assert near.catch_up_msg["type"] == "events"
    # the bots may have moved on meanwhile: the events missed since late.event - 2, in order
    assert [e["n"] for e in near.catch_up_msg["events"]] == list(range(late.event - 1, near.event + 1))
    late.close()
    near.close()


def test_practice_undo_takes_back_the_persons_last_move_and_the_bots_after_it(client: TestClient) -> None:
    t = make(client, preset="classic", seed=9, seats=[{"kind": "person"}] + [{"kind": "bot"}] * 3)
    s = Sock(client, t["table_id"], t["seats"][0]["token"])
    while s.view["to_act"] != 0:
        s.next(lambda m: "view" in m)
    hand0 = s.view["hand"]
    assert s.intent("d1", action=s.view["legal_actions"][0])["type"] == "ack"
    after_draw = s.view["hand"]
    assert after_draw != hand0
    answer = s.intent("d2", action=next(a for a in s.view["legal_actions"] if a.startswith("discard")))
    assert answer["type"] == "ack"
    for k in range(50):  # the bots may move while the undo is on its way: then it is stale, ask again
        s.send(type="undo", id=f"u{k}", based_on=s.event)
        reply = s.next(lambda m, k=k: m.get("id") == f"u{k}")
        if reply["type"] == "ack":
            break
        assert reply["code"] == "stale"
    assert reply["type"] == "ack"
    if s.event < reply["event"]:
        s.next(lambda m: "view" in m and m["event"] >= reply["event"])
    assert s.view["to_act"] == 0 and s.view["hand"] == after_draw
    assert s.view["phase"] == "play"
    s.close()


def test_undo_is_only_for_practice_tables(client: TestClient) -> None:
    t = make(client, preset="classic", seats=SEATS4)
    s = Sock(client, t["table_id"], t["seats"][0]["token"])
    s.send(type="undo", id="u1", based_on=s.event)
    assert s.next(lambda m: m.get("id") == "u1")["code"] == "not_practice"
    s.close()


def undo_until_answered(s: Sock, tag: str) -> dict[str, Any]:
    """Ask to undo once the bots have played to the person's turn, as a person does; a bot that
    moves while it is on its way makes it stale: look again (the bots' moves) and ask again."""
    for k in range(50):
        while s.view["to_act"] != 0:
            s.next(lambda m: "view" in m)
        s.send(type="undo", id=f"{tag}{k}", based_on=s.event)
        reply = s.next(lambda m, k=k: m.get("id") == f"{tag}{k}")
        if reply.get("code") != "stale":
            return reply
        if s.event < reply["data"]["event"]:
            s.next(lambda m, n=reply["data"]["event"]: "view" in m and m["event"] >= n)
    raise AssertionError("the undo was stale fifty times")


def test_practice_undo_never_goes_back_into_a_hand_whose_seed_was_revealed(client: TestClient) -> None:
    """A fair game reveals a hand's seed when the hand ends: taking back a move of that hand would
    let the player play it again knowing every card. Refused in words, nothing changed; an undo
    within the new hand still works."""
    from canasta.actions import Action
    from canasta.bots import make_bot

    t = make(client, preset="classic", seats=[{"kind": "person"}, *[{"kind": "bot", "level": "easy"}] * 3])
    tid, token = t["table_id"], t["seats"][0]["token"]
    s = Sock(client, tid, token)
    bot = make_bot("easy", 5)
    pending = None
    for k in range(5000):                      # the person plays hand 1 as the easy bot would
        if s.view.get("results"):
            break
        if pending is None and s.view["to_act"] == 0 and s.view["legal_actions"]:
            legal = [Action.parse(a) for a in s.view["legal_actions"]]
            pending = f"m{k}"
            s.send(type="intent", id=pending, based_on=s.event, action=str(bot.choose(s.view, legal)))
        m = s.next(lambda m: True)
        if m.get("id") == pending:
            pending = None
    assert len(s.view["results"]) == 1 and s.view["hand_number"] == 1 and s.view["winner"] < 0
    if pending is not None:                    # a move sent as the hand ended: its answer first
        s.next(lambda m: m.get("id") == pending)
    while s.view["to_act"] != 0:               # hand 2: wait for the person's turn, no move made yet
        s.next(lambda m: "view" in m)
    refused = undo_until_answered(s, "u")
    assert refused["type"] == "refused" and refused["code"] == "hand_ended"
    assert refused["message"] == "you cannot take back moves from a hand that has ended"
    before = s.view
    s.close()
    again = Sock(client, tid, token)           # the table is as it was: same event, same view
    assert again.event == s.event and again.view == before
    # a move of the new hand may still be taken back
    assert again.intent("d1", action=again.view["legal_actions"][0])["type"] == "ack"
    hand = again.view["hand"]                  # after the draw: the discard is taken back
    assert again.intent("d2", action=next(a for a in again.view["legal_actions"]
                                          if a.startswith("discard")))["type"] == "ack"
    taken = undo_until_answered(again, "v")
    assert taken["type"] == "ack"
    if again.event < taken["event"]:
        again.next(lambda m: "view" in m and m["event"] >= taken["event"])
    assert again.view["hand_number"] == 1 and again.view["to_act"] == 0 and again.view["hand"] == hand
    again.close()


def test_at_a_practice_table_the_bots_wait_for_a_person_away(client: TestClient) -> None:
    # nothing lost: one person against bots leaves (a phone call) and comes back past the grace
    # period (0.2 s here) to the same position, their turn still theirs, no stand-in
    t = make(client, preset="classic", seed=12)
    me = Sock(client, t["table_id"], t["seats"][0]["token"])
    me.next(lambda m: "view" in m and m["view"]["to_act"] == 0)
    before = (me.event, me.view["hand"])
    me.close()
    time.sleep(1.0)
    me = Sock(client, t["table_id"], t["seats"][0]["token"])
    info = client.get(f"/api/tables/{t['table_id']}", headers=auth(t["host_token"])).json()
    assert (me.event, me.view["hand"]) == before and me.view["to_act"] == 0
    assert not info["seats"][0]["stand_in"]
    me.close()


def test_an_away_person_gets_a_stand_in_bot_until_back(client: TestClient) -> None:
    t = make(client, preset="classic", seed=12, seats=SEATS4[:2] + [{"kind": "bot"}] * 2)
    tid = t["table_id"]
    a = Sock(client, tid, t["seats"][0]["token"])
    b = Sock(client, tid, t["seats"][1]["token"])
    b.close()                                   # seat 1 goes away; the grace period is 0.2 s
    m = a.next(lambda m: m["type"] == "table" and m["table"]["seats"][1]["stand_in"])
    assert not m["table"]["seats"][1]["connected"]
    b = Sock(client, tid, t["seats"][1]["token"])
    a.next(lambda m: m["type"] == "table" and m["table"]["seats"][1]["stand_in"] is False
           and m["table"]["seats"][1]["connected"])
    a.close()
    b.close()
