"""One table: its game, its seats and connections, and the single writer that changes it.

Every change to a table (a move, a bot's move, an undo, a seat handed over, a new game) runs under
the table's lock, in arrival order, so one writer applies intents one at a time. A move is tried on
a clone of the state, stored in one transaction, and only then becomes the table's state and is
acknowledged; a refused or unstored move changes nothing. Each connection gets only its own seat's
view (``canasta.views.view``) or, for a spectator, the public view: no message carries a card the
receiver may not see. Events are numbered per table so a client can resume after a reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
import zlib
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action, Op
from ..bots.explain import Explanation
from ..cards import parse_cards
from ..errors import CanastaError, IllegalAction
from ..i18n import Catalogue, catalogue
from ..presets import preset_title, rules_from_options
from ..records import GameRecord
from ..rules import RuleSet
from ..state import GameState
from ..tournament.fair import commit_hands, commitments_dict, hands_to_reveal, new_fair_seed
from ..views import spectator_view, view
from .store import Conflict, SeatData, StoredAction, TableData

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("canasta.server")

Reply = dict[str, Any]


class Refusal(Exception):
    """An intent the table does not play: a code, its data and the English sentence; the player
    reads it in their language (:func:`say_refusal`, where the reply is sent)."""

    def __init__(self, code: str, message: str, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data: dict[str, Any] = dict(data or {})

    def reply(self, client_id: str | None) -> Reply:
        return {"type": "refused", "id": client_id, "code": self.code, "message": self.message,
                "data": self.data}


def say_refusal(cat: Catalogue, code: str, data: Mapping[str, Any] | None, english: str) -> str:
    """A refusal in ``cat``'s language (:meth:`~canasta.i18n.Catalogue.refusal`)."""
    return cat.refusal(code, data, english)
    return english


@dataclass
class Seat:
    seat: int
    kind: str                      # person | bot
    level: str | None
    name: str
    token_hash: str | None
    connections: int = 0
    stand_in: bool = False         # a bot plays for a person who has been away past the grace period
    away_timer: asyncio.Task[None] | None = None

    def public(self) -> dict[str, Any]:
        """The seat as every page sees it; an unnamed seat (``name`` "") is named by the page in its
        reader's language ("Bot 1 (Expert)", "Player 2")."""
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "level": self.level,
                "connected": self.kind == "bot" or self.connections > 0, "stand_in": self.stand_in}

    def data(self) -> SeatData:
        return SeatData(self.seat, self.kind, self.level, self.name, self.token_hash)

    @property
    def bot_plays(self) -> bool:
        return self.kind == "bot" or self.stand_in


@dataclass
class Event:
    """A numbered table event. ``action`` events hold the move in notation: every move is made in
    view of the table (a draw names no card), so the notation is public."""

    n: int
    kind: str                      # action | seats | game | undo
    seat: int | None = None
    action: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"n": self.n, "kind": self.kind}
        if self.seat is not None:
            d["seat"] = self.seat
        if self.action is not None:
            d["action"] = self.action
        return d


@dataclass(eq=False)
class Connection:
    """One open WebSocket: who it is, and a queue its sender task empties (a slow client never
    holds up the table)."""

    seat: int | None               # None: a spectator
    host: bool
    token_hash: str
    outbox: asyncio.Queue[Reply | None] = field(default_factory=lambda: asyncio.Queue(256))
    closed: bool = False
    lang: str = "en"               # the reader's language: refusals and hints are said in it

    def send(self, msg: Reply) -> None:
        if self.closed:
            return
        if msg.get("type") in ("refused", "error") and "code" in msg and self.lang != "en":
            msg = {**msg, "message": say_refusal(catalogue(self.lang), msg["code"], msg.get("data"),
                                                 msg.get("message", ""))}
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:  # too far behind: drop it; the client reconnects for a snapshot
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)


COMMIT_AHEAD = 5   # hands committed to beyond the one being played


def with_commitments(record_json: str, seed: int | str, secret: str | None, hands: int) -> str:
    """A finished game's record with its deals' commitments revealed inside it."""
    if secret is None or hands < 1:
        return record_json
    doc = json.loads(record_json)
    doc["commitments"] = commitments_dict(commit_hands(seed, secret, hands), reveal=True)
    return json.dumps(doc)


def _seed_for(*parts: object) -> int:
    return zlib.crc32("/".join(map(str, parts)).encode())


class Table:
    """A table in memory; built by the hub from its stored rows (``TableData``)."""

    def __init__(self, hub: Hub, data: TableData) -> None:
        self.hub = hub
        self.id = data.id
        self.name = data.name
        self.preset = data.preset
        self.rules_spec = data.rules
        self.rules: RuleSet = rules_from_options(data.rules["options"])
        self.options_json = json.dumps(data.rules["options"], sort_keys=True)
        self.host_hash = data.host_hash
        self.spectator_hash = data.spectator_hash
        self.seats = [Seat(s.seat, s.kind, s.level, s.name, s.token_hash) for s in data.seats]
        self.events = data.events
        self.last_move = data.events
        self.game_no = data.game_no
        self.seed = data.seed
        self.dealer = data.dealer
        self.fair_secret = data.fair_secret
        self.undos = 0
        actions = [Action.parse(a) for _seat, a, _cid in data.actions]
        self.state = GameRecord(self.rules, data.seed, actions, data.dealer).replay()
        self.movers = [seat for seat, _a, _cid in data.actions]   # who made each move of the game
        self.replies: OrderedDict[str, Reply] = OrderedDict()
        for i, (_seat, _a, cid) in enumerate(data.actions):
            if cid:
                self._remember(cid, {"type": "ack", "id": cid, "event": None, "move": i})
        self.ring: deque[Event] = deque(maxlen=hub.config.ring)
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.closed = False

    # ------------------------------------------------------------------ facts
    @property
    def practice(self) -> bool:
        """One person against bots: the person may take back whole turns."""
        return sum(s.kind == "person" for s in self.seats) == 1

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "preset": self.preset, "title": preset_title(self.preset),
                "players": self.rules.players,
                "game_no": self.game_no, "over": self.state.is_over, "practice": self.practice,
                "seats": [s.public() for s in self.seats]}

    def role_of(self, digest: str) -> tuple[int | None, bool] | None:
        """(seat or None for a spectator, is host) for a token hash of this table, else None."""
        for s in self.seats:
            if s.token_hash == digest:
                return s.seat, False
        if digest == self.host_hash:
            return None, True
        if digest == self.spectator_hash:
            return None, False
        return None

    def view_for(self, seat: int | None) -> dict[str, Any]:
        return spectator_view(self.state) if seat is None else view(self.state, seat)

    def _remember(self, client_id: str, reply: Reply) -> None:
        self.replies[client_id] = reply
        while len(self.replies) > 2048:
            self.replies.popitem(last=False)

    # ------------------------------------------------------------------ sending
    def _broadcast(self, new: list[Event], table_changed: bool = False, hand_ended: bool = False) -> None:
        """Send the new events with each connection's own view; when a hand has just ended, the
        seeds and salts that may now be shown (``reveals``) go to every seat alike."""
        views: dict[int | None, dict[str, Any]] = {}
        events = [e.to_dict() for e in new]
        summary = self.summary() if table_changed else None
        reveals = self.reveals() if hand_ended else []
        for c in list(self.conns):
            if c.seat not in views:
                views[c.seat] = self.view_for(c.seat)
            msg: Reply = {"type": "events", "event": self.events, "events": events, "view": views[c.seat]}
            if summary is not None:
                msg["table"] = summary
            if reveals:
                msg["reveals"] = reveals
            c.send(msg)

    def _presence(self) -> None:
        summary = self.summary()
        for c in list(self.conns):
            c.send({"type": "table", "table": summary})

    def catch_up(self, conn: Connection, last_event: int | None) -> None:
        """After ``welcome``: the events missed since ``last_event`` when the ring still holds them,
        else a snapshot."""
        oldest = self.ring[0].n if self.ring else self.events + 1
        if last_event is not None and last_event <= self.events and last_event + 1 >= oldest:
            missed = [e.to_dict() for e in self.ring if e.n > last_event]
            msg: Reply = {"type": "events", "event": self.events, "events": missed,
                          "view": self.view_for(conn.seat), "table": self.summary()}
        else:
            msg = {"type": "snapshot", "event": self.events, "view": self.view_for(conn.seat),
                   "table": self.summary()}
        reveals = self.reveals()
        if reveals:
            msg["reveals"] = reveals
        conn.send(msg)

    # ------------------------------------------------------------------ connections
    def attach(self, conn: Connection) -> None:
        self.conns.add(conn)
        if conn.seat is not None:
            s = self.seats[conn.seat]
            s.connections += 1
            if s.away_timer is not None:
                s.away_timer.cancel()
                s.away_timer = None
            if s.stand_in:
                s.stand_in = False
            self._presence()

    def detach(self, conn: Connection) -> None:
        self.conns.discard(conn)
        conn.close()
        if conn.seat is None:
            return
        s = self.seats[conn.seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0 and s.kind == "person" and not s.stand_in and not self.practice:
            # a stand-in keeps other people's game going; at a practice table the bots wait
            s.away_timer = asyncio.get_running_loop().create_task(self._away(s))
        self._presence()

    async def _away(self, s: Seat) -> None:
        await asyncio.sleep(self.hub.config.grace)
        if not self.closed and s.connections == 0 and s.kind == "person":
            s.stand_in = True
            s.away_timer = None
            self._presence()
            self.kick_bots()

    # ------------------------------------------------------------------ moves
    def _actions_for(self, seat: int, intent: Any) -> list[Action]:
        """The engine actions an intent stands for (checked later, all or none)."""
        try:
            if intent.action is not None:
                return [Action.parse(intent.action)]
            if intent.meld is not None:
                cards = parse_cards(" ".join(intent.meld))
                to = -1 if intent.to is None else intent.to
                whole = Action(Op.MELD, tuple(cards))
                if to < 0 and len(cards) > 3 and self.state.why_illegal(whole) is None:
                    return [whole]  # e.g. black threes, laid all at once
                return self.state.meld_plan(cards, to)
            cards = parse_cards(" ".join(intent.take or []))
        except CanastaError as e:
            raise Refusal("bad_cards", str(e)) from e
        return [self.state.take_for(cards)]  # none held out: the take a player would choose

    async def intent(self, conn: Connection, intent: Any) -> Reply:
        """Play a person's intent; the reply (ack or refusal) is also kept for a resend."""
        async with self.lock:
            done = self.replies.get(intent.id)
            if done is not None:
                return done
            try:
                reply = await self._intent(conn, intent)
            except Refusal as r:
                return r.reply(intent.id)
            self._remember(intent.id, reply)
            return reply

    async def _intent(self, conn: Connection, intent: Any) -> Reply:
        if conn.seat is None:
            raise Refusal("spectator", "spectators watch; they cannot play")
        if self.state.is_over:
            raise Refusal("game_over", "the game is over")
        if intent.kinds() != 1:
            raise Refusal("bad_message", "an intent holds exactly one of 'action', 'meld' or 'take'")
        if intent.based_on < self.last_move:
            raise Refusal("stale", f"the table has moved on since your screen was drawn (event "
                                   f"{self.last_move}); look again and choose")
        actor = self.state.actor
        if conn.seat != actor:
            raise Refusal("not_your_turn", f"it is {self.seats[actor].name or f'seat {actor + 1}'}'s turn, "
                                           "not yours")
        actions = self._actions_for(conn.seat, intent)
        await self._play(conn.seat, actions, intent.id)
        return {"type": "ack", "id": intent.id, "event": self.events}

    async def _play(self, seat: int, actions: list[Action], client_id: str | None) -> None:
        """Try ``actions`` on a clone, store them, then make them the table's (under the lock)."""
        trial = self.state.clone()
        try:
            for a in actions:
                trial.apply(a)
        except IllegalAction as e:
            raise Refusal(e.code, str(e)) from e
        first = len(self.movers)
        stored = [StoredAction(seat, str(a), client_id if i == len(actions) - 1 else None)
                  for i, a in enumerate(actions)]
        new_events = [Event(self.events + 1 + i, "action", seat, str(a)) for i, a in enumerate(actions)]
        try:
            await self.hub.db(self.hub.store.append_actions, self.id, self.game_no, first, stored,
                              new_events[-1].n, trial.is_over)
        except Conflict as e:
            log.error("table %s: %s", self.id, e)
            raise Refusal("conflict", "the move could not be stored; look again and retry") from e
        except Exception as e:  # the database is unreachable: nothing was played
            log.exception("table %s: storing a move failed", self.id)
            raise Refusal("storage", "the move could not be stored just now; try again") from e
        hand_ended = len(trial.results) > len(self.state.results)
        self.state = trial
        self.movers.extend([seat] * len(actions))
        self.events = new_events[-1].n
        self.last_move = self.events
        self.ring.extend(new_events)
        self._broadcast(new_events, hand_ended=hand_ended)
        if trial.is_over:
            record = with_commitments(GameRecord.of(trial).to_json(), self.seed, self.fair_secret,
                                      len(trial.results))
            await self.hub.db(self.hub.store.save_record, self.id, self.game_no, record)
            self.hub.bus.publish("lobby", {"table": self.id, "over": True})
        self.kick_bots()

    # ------------------------------------------------------------------ bots
    def kick_bots(self) -> None:
        """Start the bot runner if a bot (or a stand-in) is to act and none is running."""
        if self.closed or self.state.is_over or not self.seats[self.state.actor].bot_plays:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        cfg = self.hub.config
        while not self.closed:
            state = self.state
            if state.is_over:
                return
            seat = state.actor
            s = self.seats[seat]
            if not s.bot_plays:
                return
            mark = self.last_move
            level = s.level if s.kind == "bot" and s.level else "club"
            legal = state.legal_actions()
            seat_view = view(state, seat)
            if cfg.bot_delay > 0:
                await asyncio.sleep(cfg.bot_delay * (0.6 + 0.8 * random.random()))
            key = f"{self.id}/{self.game_no}/{self.undos}/{seat}/{level}/{s.kind}"
            try:
                choice, _why = await self.hub.bots.decide(self.id, key, level, _seed_for(key),
                                                          self.options_json, seat, seat_view, legal)
            except Exception:
                log.exception("table %s: bot decision failed; playing the first legal action", self.id)
                choice = legal[0]
            async with self.lock:
                if self.last_move != mark or self.state is not state:
                    continue  # the table moved on while the bot thought (a seat change, an undo)
                if not self.seats[seat].bot_plays:
                    return
                if state.why_illegal(choice) is not None:  # a bot bug must not stop the game
                    choice = legal[0]
                try:
                    await self._play(seat, [choice], None)
                except Refusal as r:
                    log.error("table %s: bot move refused: %s", self.id, r.message)
                    await asyncio.sleep(1.0)

    async def hint(self, conn: Connection, client_id: str) -> Reply:
        """The expert bot's suggestion for the asking seat, from that seat's view only."""
        if conn.seat is None:
            return Refusal("spectator", "spectators watch; they cannot ask for hints").reply(client_id)
        state = self.state
        if state.is_over or state.actor != conn.seat:
            return Refusal("not_your_turn", "a hint is given when it is your turn").reply(client_id)
        key = f"hint/{self.id}/{conn.seat}/{time.monotonic_ns()}"
        try:
            choice, why = await self.hub.bots.decide(self.id, key, "expert", _seed_for(key),
                                                     self.options_json, conn.seat, view(state, conn.seat),
                                                     state.legal_actions())
        except Exception:
            log.exception("table %s: hint failed", self.id)
            return Refusal("hint_failed", "no hint could be worked out just now").reply(client_id)
        # the bot's explanation (canasta.bots.explain, the same as the terminal's hint), said in
        # the asking seat's language
        cat = catalogue(conn.lang)
        if "move" in why:
            said = Explanation.from_json(why)
            words = said.say(cat.text)
            reason = cat.text(*said.reason) if said.reason is not None else ""
        else:
            words, reason = why.get("english", ""), ""
        return {"type": "hint", "id": client_id, "action": str(choice), "words": words,
                "reason": reason, "explanation": why}

    # ------------------------------------------------------------------ undo, seats, games
    async def undo(self, conn: Connection, client_id: str, based_on: int) -> Reply:
        async with self.lock:
            if conn.seat is None:
                return Refusal("spectator", "spectators cannot undo").reply(client_id)
            if not self.practice:
                return Refusal("not_practice", "whole turns are taken back only when you play alone "
                               "against bots; use 'take back' for provisional melds").reply(client_id)
            if based_on < self.last_move:
                return Refusal("stale", "the table has moved on; look again").reply(client_id)
            mine = [i for i, s in enumerate(self.movers) if s == conn.seat]
            if not mine:
                return Refusal("nothing_to_undo",
                               "you have not made a move in this game yet").reply(client_id)
            keep = mine[-1]
            actions = self.state.history()[:keep]
            state = GameRecord(self.rules, self.seed, actions, self.dealer).replay()
            # a hand whose seed has been revealed (``reveals``) is over for good: going back into it
            # would let the player replay it knowing every card
            revealed = hands_to_reveal(self.seed, len(self.state.results), self.state.is_over)
            if len(state.results) < revealed:
                return Refusal("hand_ended", "you cannot take back moves from a hand that has ended"
                               ).reply(client_id)
            self.events += 1
            await self.hub.db(self.hub.store.truncate_actions, self.id, self.game_no, keep, self.events)
            self.state = state
            del self.movers[keep:]
            self.undos += 1
            self.last_move = self.events
            ev = Event(self.events, "undo", conn.seat)
            self.ring.append(ev)
            self._broadcast([ev])
            self.kick_bots()
            return {"type": "ack", "id": client_id, "event": self.events}

    async def change_seat(self, seat: int, kind: str | None, level: str | None, name: str | None,
                          reissue: bool, new_token: Callable[[], tuple[str, str]]) -> tuple[Seat, str | None]:
        """The host hands a seat to a bot or a person, or re-issues its link; the old link stops."""
        async with self.lock:
            s = self.seats[seat]
            token: str | None = None
            kind = kind or s.kind
            if kind == "bot":
                s.kind, s.level, s.token_hash, s.stand_in = "bot", level or s.level or "club", None, False
                if name:
                    s.name = name
            else:
                if s.kind != "person" or reissue or s.token_hash is None:
                    token, s.token_hash = new_token()
                s.kind, s.stand_in = "person", False
                s.level = None
                if name:
                    s.name = name
                elif s.name.startswith("Bot"):
                    s.name = ""  # a bot's old default name: the pages name the seat
            for c in list(self.conns):
                if c.seat == seat and c.token_hash != s.token_hash:
                    c.close()
            self.events += 1
            await self.hub.db(self.hub.store.set_seat, self.id, s.data(), self.events)
            ev = Event(self.events, "seats", seat)
            self.ring.append(ev)
            self._broadcast([ev], table_changed=True)
            self.kick_bots()
            return s, token

    async def new_game(self) -> None:
        async with self.lock:
            if not self.state.is_over:
                raise Refusal("not_finished", "the game in progress is not over yet")
            self.game_no += 1
            self.seed = new_fair_seed()
            self.dealer = (self.dealer + 1) % self.rules.players
            self.fair_secret = secrets.token_hex(16)
            self.events += 1
            await self.hub.db(self.hub.store.new_game, self.id, self.game_no, self.seed, self.dealer,
                              self.events, self.fair_secret)
            self.state = GameState.new(self.rules, self.seed, self.dealer)
            self.movers = []
            self.last_move = self.events
            ev = Event(self.events, "game")
            self.ring.append(ev)
            self._broadcast([ev], table_changed=True)
            self.kick_bots()

    def record(self) -> str | None:
        """The game record once the game is over (before, it would show every hand), with the
        deals' commitments revealed (``canasta verify`` checks them)."""
        if not self.state.is_over:
            return None
        return with_commitments(GameRecord.of(self.state).to_json(), self.seed, self.fair_secret,
                                len(self.state.results))

    def commitments(self) -> dict[str, Any]:
        """The deals' commitments: while the game goes on, the hashes for the hands dealt so far and
        the next few (no seed, no salt); once it is over, every played hand's seed and salt too."""
        if self.fair_secret is None:
            raise Refusal("no_commitments", "this game was started before deals were committed to")
        over = self.state.is_over
        done = len(self.state.results)
        hands = done if over else done + 1 + COMMIT_AHEAD
        return commitments_dict(commit_hands(self.seed, self.fair_secret, hands), reveal=over,
                                revealed=hands_to_reveal(self.seed, done, over))

    def reveals(self) -> list[dict[str, Any]]:
        """The seeds and salts of the hands that may be shown now (``hands_to_reveal``): in a fair
        game, every hand as soon as it ends, so any seat can check that hand's deal at once."""
        done = hands_to_reveal(self.seed, len(self.state.results), self.state.is_over)
        if self.fair_secret is None or done < 1:
            return []
        return [c.revealed() for c in commit_hands(self.seed, self.fair_secret, done)]

    async def close(self) -> None:
        """Stop the table's tasks (the server is shutting down); what is stored stays."""
        self.closed = True
        tasks = [t for t in [self.bot_task, *(s.away_timer for s in self.seats)] if t is not None]
        for t in tasks:
            t.cancel()
        for c in list(self.conns):
            c.close()
        await asyncio.gather(*tasks, return_exceptions=True)

