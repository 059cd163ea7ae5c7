"""The server as clubs run it: ``canasta serve`` in a subprocess, real WebSocket clients, on SQLite
and on PostgreSQL. Whole hands with people and bots, the leak check over a whole game, a restart
after SIGKILL, reconnects with a gap, resends and stale intents."""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from typing import Any

import httpx

from canasta.actions import Action
from canasta.cards import card_str, parse_card
from canasta.presets import rules
from canasta.records import GameRecord
from canasta.state import GameState
from canasta.tournament.fair import verify_files
from canasta.views import public_log

from .wsclient import SeatClient

CARD = re.compile(r"^(?:JK|(?:10|[AKQJT98765432])[CDHS♣♦♥♠])$")
SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def new_table(base: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(base + "/api/tables", json=body, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def play_until(clients: list[SeatClient], done: Any, limit: int = 5000) -> None:
    """Each person client plays its turns from its own view, in its own thread, until ``done``."""
    errors: list[BaseException] = []

    def run(c: SeatClient) -> None:
        try:
            for _ in range(limit):
                c.wait_turn_or(done)
                if done(c):
                    return
                answer = c.play_one()
                assert answer["type"] == "ack", answer
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=run, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(240)
    if errors:
        raise errors[0]


def catch_up(clients: list[SeatClient], n: int) -> None:
    """Wait until every client has seen event ``n``."""
    for c in clients:
        if c.event < n:
            c.recv_until(lambda m: m.get("event", -1) >= n)


def hand_over(c: SeatClient) -> bool:
    return bool(c.view and c.view["results"])


def game_over(c: SeatClient) -> bool:
    return bool(c.view and c.view["winner"] >= 0)


# ---------------------------------------------------------------------------------------- whole hands
def test_two_people_and_two_bots_play_a_whole_hand(live_server: Any) -> None:
    server = live_server()
    t = new_table(server.url, preset="gvr-club", seed=11, seats=[
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "medium"},
        {"kind": "person", "name": "Bob"}, {"kind": "bot", "level": "easy"}])
    people = [SeatClient(server.ws, t["table_id"], t["seats"][i]["token"]) for i in (0, 2)]
    watcher = SeatClient(server.ws, t["table_id"], t["spectator_token"])
    play_until(people, hand_over)
    for c in people:
        c.recv_until(lambda m: m["type"] == "events" and m["view"]["results"], timeout=30) \
            if not hand_over(c) else None
        assert c.view is not None and c.view["results"][0]["hand"] == 0
    watcher.recv_until(lambda m: m.get("view", {}).get("results"), timeout=30)
    # everyone saw the same hand end, with the engine's scores
    assert people[0].view["results"] == people[1].view["results"] == watcher.view["results"]  # type: ignore[index]
    # the partner question reached a person and was answered through the server (GVR must ask)
    kinds = [e["action"].split()[0] for m in people[0].inbox if m["type"] == "events"
             for e in m["events"] if e["kind"] == "action"]
    assert "draw" in kinds and "discard" in kinds
    for c in [*people, watcher]:
        c.close()


def _cards_in(msg: Any) -> Counter[int]:
    """Every card named anywhere in a message (notation or suit symbols), by face."""
    found: Counter[int] = Counter()
    stack = [msg]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str):
            for word in re.split(r"[\s,()\"':;]+", x):
                if CARD.match(word):
                    w = word[:-1] + SUITS.get(word[-1], word[-1])
                    found[parse_card(w)] += 1
    return found


def _public_faces(state: GameState) -> set[int]:
    out = set(state.pile)
    for side in state.melds:
        for m in side:
            out.update(m.cards)
    for seat_threes in state.red3:
        out.update(seat_threes)
    for boxed in state.boxed:
        out.update(boxed)
    for hand in range(state.hand_no + 1):  # every hand's public log: what was shown to the table
        for e in public_log(state, -1, hand):
            if "cards" in e:
                out.update(parse_card(w) for w in e["cards"].split())
    return out


def leaks(record: GameRecord, inbox: list[dict[str, Any]], seat: int | None, dealt_at: int = 0) -> list[str]:
    """Cards in messages to ``seat`` (None: a spectator) that it had not seen by that event.

    Event ``dealt_at + n`` of a table with no seat changes is the n-th move (``dealt_at``: the deal's
    event, 0 for a table dealt when it was made), so the record replayed to n moves is the server's
    state when the message was sent. A face counts as seen once it was in the seat's own hand or
    anywhere public (table, pile, red threes, boxed, the public log)."""
    problems: list[str] = []
    seen: set[int] = set()
    state = record.initial_state()
    step = 0
    for msg in inbox:
        n = msg.get("event")
        if isinstance(n, int) and msg.get("view") is None:
            continue   # before the deal: nothing is dealt yet
        if isinstance(n, int):
            n -= dealt_at
            while step < n:
                seen |= _public_faces(state)
                if seat is not None:
                    seen |= set(state.hand_cards(seat))
                state.apply(record.actions[step])
                step += 1
        now = set(_public_faces(state)) | seen
        if seat is not None:
            now |= set(state.hand_cards(seat))
            v = msg.get("view")
            if v is not None and Counter(parse_card(w) for w in v["hand"].split()) != Counter(
                    state.hand_cards(seat)):
                problems.append(f"event {n}: the hand shown is not seat {seat}'s hand")
        for face in _cards_in(msg):
            if face not in now:
                problems.append(f"event {n} ({msg['type']}): {face} was hidden from seat {seat}")
    return problems


def secrets_early(record_text: str, inboxes: list[list[dict[str, Any]]]) -> list[str]:
    """Secrets of the deal in a message sent before they may be shown: a hand's seed before that
    hand ended, the server's seed or the game's seed before the game was over."""
    doc = json.loads(record_text)
    mix = doc["commitments"]
    game_over = len(mix["deals"])
    hand_seeds = {d["hand"]: d["seed"] for d in mix["deals"]}
    problems = []
    for inbox in inboxes:
        finished = 0
        for msg in inbox:
            view = msg.get("view")
            if view:   # the hands over when this message was sent (it may show the one just ended)
                finished = len(view["results"])
            text = json.dumps(msg)
            for hand, seed in hand_seeds.items():
                if seed in text and hand > finished:
                    problems.append(f"hand {hand}'s seed sent while {finished} hands were over")
            if finished < game_over and (mix["server"]["seed"] in text or doc["seed"] in text):
                problems.append("the server's or the game's seed sent before the game was over")
    return problems


def test_leak_check_a_whole_game_four_seats_and_a_spectator(live_server: Any) -> None:
    """Every message to every client holds no card that client may not see, over a whole game dealt
    as online games are (the seed mixed from the server's and each page's number): and no seed of the
    deal is sent before it may be shown."""
    server = live_server()
    t = new_table(server.url, preset="classic", overrides={"target_score": 1500},
                  seats=[{"kind": "person", "name": f"P{i}"} for i in range(4)])
    clients = [SeatClient(server.ws, t["table_id"], s["token"]) for s in t["seats"]]
    watcher = SeatClient(server.ws, t["table_id"], t["spectator_token"])
    for c in clients:
        c.recv_until(lambda m: m.get("view") is not None)
    for c in clients:  # a hint is a message too
        if c.my_turn:
            c.send({"type": "hint", "id": "h1"})
            hint = c.recv_until(lambda m: m["type"] == "hint")
            assert hint["action"] in c.view["legal_actions"]  # type: ignore[index]
    play_until(clients, game_over)
    watcher.recv_until(lambda m: m.get("view", {}).get("winner", -1) >= 0, timeout=60)
    r = httpx.get(f"{server.url}/api/tables/{t['table_id']}/games/1/record",
                  headers={"authorization": f"Bearer {t['spectator_token']}"})
    assert r.status_code == 200
    record = GameRecord.from_json(r.text)
    assert record.replay().winner >= 0
    assert verify_files(r.text, None).ok
    dealt_at = next(e["n"] for m in clients[0].inbox if m["type"] == "events" for e in m["events"]
                    if e["kind"] == "deal")
    for c in clients:
        assert leaks(record, c.inbox, c.seat, dealt_at) == []
        numbers = json.loads(r.text)["commitments"]["values"]
        assert numbers[c.seat] == {"seat": c.seat, "from": "page", "value": c.number}
    assert leaks(record, watcher.inbox, None, dealt_at) == []
    assert secrets_early(r.text, [c.inbox for c in [*clients, watcher]]) == []
    # the checkers can fail: seat 1's messages, checked as if sent to seat 0 or to the spectator; a
    # message sent during the first hand carrying that hand's seed
    assert any("hidden from seat 0" in p for p in leaks(record, clients[1].inbox, 0, dealt_at))
    assert any("hidden from seat None" in p for p in leaks(record, clients[1].inbox, None, dealt_at))
    first = json.loads(r.text)["commitments"]["deals"][0]["seed"]
    early = [{"type": "events", "event": dealt_at + 1, "view": {"results": []}, "note": first}]
    assert secrets_early(r.text, [early])[0] == "hand 1's seed sent while 0 hands were over"
    for c in [*clients, watcher]:
        c.close()
    # no secret in the server's log, which the server did write
    log = server.log.read_text()
    assert "tables reloaded" in log
    for token in [t["host_token"], t["spectator_token"], *(s["token"] for s in t["seats"])]:
        assert token not in log


# ---------------------------------------------------------------------------------------- restart
def test_restart_after_sigkill_loses_no_acknowledged_move(live_server: Any) -> None:
    server = live_server()
    t = new_table(server.url, preset="gvr-club", seed=21,
                  seats=[{"kind": "person", "name": f"P{i}"} for i in range(4)])
    clients = [SeatClient(server.ws, t["table_id"], s["token"]) for s in t["seats"]]
    acked: list[str] = []
    for _ in range(40):  # 40 acknowledged moves, one seat at a time
        c = next(c for c in clients if c.my_turn)
        assert c.view is not None
        legal = c.view["legal_actions"]
        choice = str(c.bot.choose(c.view, [Action.parse(a) for a in legal]))
        answer = c.intent(action=choice)
        assert answer["type"] == "ack"
        acked.append(choice)
        catch_up(clients, answer["event"])
    server.kill()
    for c in clients:
        c.close()
    again = live_server()  # the same database, a new process
    expected = GameRecord(rules("gvr-club"), 21, [Action.parse(a) for a in acked]).replay()
    back = [SeatClient(again.ws, t["table_id"], s["token"], last_event=40) for s in t["seats"]]
    for c in back:
        assert c.event == 40
        assert c.view is not None and c.seat is not None
        assert Counter(c.view["hand"].split()) == Counter(card_str(f) for f in expected.hand_cards(c.seat))
    # and play goes on where it stopped
    c = next(c for c in back if c.my_turn)
    assert c.play_one()["type"] == "ack"
    for c in back:
        c.close()


# ---------------------------------------------------------------------------------------- reconnect, resend
def test_reconnect_with_a_gap_gets_the_missed_events(live_server: Any) -> None:
    server = live_server()
    t = new_table(server.url, preset="classic", seed=4,
                  seats=[{"kind": "person", "name": "Ann"}] + [{"kind": "person"}] * 3)
    clients = [SeatClient(server.ws, t["table_id"], s["token"]) for s in t["seats"]]
    away = clients[2]
    last = away.event
    away.close()
    others = [c for c in clients if c is not away]
    moves = 0
    while moves < 6:
        c = next((c for c in others if c.my_turn), None)
        if c is None:
            break  # seat 2's turn: it is away
        assert c.play_one()["type"] == "ack"
        moves += 1
        catch_up(others, c.event)
    now = others[0].event
    assert now > last
    back = SeatClient(server.ws, t["table_id"], t["seats"][2]["token"], last_event=last)
    first = back.inbox[1]
    assert first["type"] == "events"
    assert [e["n"] for e in first["events"]] == list(range(last + 1, now + 1))
    assert back.view == others[0].view or back.view["hand"] != ""  # type: ignore[index]
    for c in [*others, back]:
        c.close()


def test_resend_plays_once_and_a_stale_intent_is_refused(live_server: Any) -> None:
    server = live_server()
    t = new_table(server.url, preset="classic", seed=8, seats=[{"kind": "person"}] * 4)
    clients = [SeatClient(server.ws, t["table_id"], s["token"]) for s in t["seats"]]
    c = next(c for c in clients if c.my_turn)
    before = c.event
    first = c.intent(cid="same-1", action="draw")
    assert first["type"] == "ack" and first["event"] == before + 1
    again = c.intent(cid="same-1", action="draw", based_on=before)
    assert again == first                      # the same answer, and no second draw
    assert c.event == before + 1
    # an intent made for the older event number is stale, and nothing changes
    assert c.view is not None
    discard = next(a for a in c.view["legal_actions"] if a.startswith("discard"))
    stale = c.intent(action=discard, based_on=before)
    assert stale["type"] == "refused" and stale["code"] == "stale"
    hand = c.view["hand"]
    c.send({"type": "ping"})
    c.recv_until(lambda m: m["type"] == "pong")
    assert c.event == before + 1 and c.view["hand"] == hand
    for c in clients:
        c.close()
