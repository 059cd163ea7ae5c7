"""A small synchronous client of the table socket for tests: it keeps every message it receives
(for the leak check), the newest view and event number, and answers for its seat with a bot that
sees only that view, as a person at a keyboard would."""

from __future__ import annotations

import itertools
import json
import secrets
import time
from typing import Any

from websockets.sync.client import ClientConnection, connect

from canasta.actions import Action
from canasta.bots import make_bot

_ids = itertools.count(1)


class SeatClient:
    def __init__(self, ws_base: str, table_id: str, token: str, last_event: int | None = None) -> None:
        # (entered as a context, as websockets asks since 17.1; left by close())
        self.ws: ClientConnection = connect(f"{ws_base}/ws/{table_id}", open_timeout=10,
                                            max_size=2**22).__enter__()
        self.inbox: list[dict[str, Any]] = []      # every message received, in order
        self.raw: list[str] = []
        self.view: dict[str, Any] | None = None
        self.table: dict[str, Any] | None = None
        self.event = -1
        self.token = token
        self.ws.send(json.dumps({"type": "hello", "token": token, "last_event": last_event}))
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.seat: int | None = welcome["seat"]
        first = self.recv_until(lambda m: m["type"] in ("snapshot", "events"))
        self.bot = make_bot("medium", 7 + (self.seat or 0))
        dealing = first.get("dealing")
        self.number: str | None = None     # this page's number for the shuffle
        if self.seat is not None and dealing is not None and self.seat in dealing["waiting"]:
            self.number = secrets.token_hex(16)
            self.send({"type": "shuffle", "id": "n", "game": dealing["game"], "number": self.number})

    def close(self) -> None:
        self.ws.close()

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send(json.dumps(msg))

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        m: dict[str, Any] = json.loads(text)
        self.inbox.append(m)
        if m["type"] in ("snapshot", "events"):
            self.view = m["view"]          # None until the cards are dealt
            self.event = m["event"]
        if "table" in m:
            self.table = m["table"]
        return m

    def recv_until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            m = self.recv(max(0.1, end - time.monotonic()))
            if pred(m):
                return m

    def intent(self, based_on: int | None = None, cid: str | None = None, **what: Any) -> dict[str, Any]:
        """Send an intent and return its answer (ack or refused)."""
        cid = cid or f"t{next(_ids)}"
        self.send({"type": "intent", "id": cid, "based_on": self.event if based_on is None else based_on,
                   **what})
        return self.recv_until(lambda m: m.get("id") == cid and m["type"] in ("ack", "refused"))

    @property
    def my_turn(self) -> bool:
        v = self.view
        return bool(v and v["to_act"] == self.seat and v["legal_actions"])

    def play_one(self) -> dict[str, Any]:
        """Choose from this seat's view (never the state) and send it."""
        assert self.view is not None
        legal = [Action.parse(a) for a in self.view["legal_actions"]]
        choice = self.bot.choose(self.view, legal)
        return self.intent(action=str(choice))

    def wait_turn_or(self, done: Any, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while not self.my_turn and not done(self):
            self.recv(max(0.1, end - time.monotonic()))
