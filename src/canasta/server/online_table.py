"""One online table: its game, seats and open pages, and the single writer that changes it.

Every change to a table (a move, a bot's move, an undo, a seat handed over, a new game) runs under
the table's lock, in arrival order, so one writer applies intents one at a time. A move is tried on
a clone of the state, stored in one transaction, and only then becomes the table's state and is
acknowledged; a refused or unstored move changes nothing. Each connection gets only its own seat's
view (``canasta.views.view``) or, for a spectator, the public view: no message carries a card the
receiver may not see.

The concerns around the writer have modules of their own: ``seats`` and ``presence`` (who sits
where, who is connected), ``timeline`` (numbered events, catch-up), ``deals`` (seals and reveals),
``shuffle`` (the seats' numbers and the deal), ``duplicate`` (tables dealt alike), ``moves`` (a
person's intents), ``bot_runner`` and ``hints``, ``practice`` (undo), ``chat`` (table talk).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import IllegalAction
from ..presets import preset_title, rules_from_options
from ..records import GameRecord
from ..rules import RuleSet
from ..state import GameState
from ..views import going_out, spectator_view, view
from . import duplicate, shuffle
from .bot_runner import BotRunner
from .chat import Chat
from .connection import Connection, Reply
from .deals import Deals
from .refusals import Refusal
from .seats import Seat
from .store import Conflict, Moved, StoredAction, TableData
from .timeline import TableEvent, Timeline

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("canasta.server")

REPLIES_KEPT = 2048   # answers kept per table for resent intents


def table_name(given: str | None, preset: str) -> str:
    """A table's name as it is kept: the one its host gave, or ``""`` for none, which each page says
    as the rule set's title in its reader's language (issue 37). A table kept before that was named
    the English title of its rule set: that name counts as none, so that it is said in every
    language too."""
    name = (given or "").strip()
    return "" if name == preset_title(preset) else name


class OnlineTable:
    """A table in memory; built by the hub from its stored rows (``TableData``)."""

    def __init__(self, hub: Hub, data: TableData) -> None:
        self.hub = hub
        self.id = data.id
        self.name = table_name(data.name, data.preset)
        self.preset = data.preset
        self.rules: RuleSet = rules_from_options(data.rules["options"])
        self.options_json = json.dumps(data.rules["options"], sort_keys=True)
        # a tournament round's table: {"event", "round", "table"}, its name said by each page in its language
        self.event_round: dict[str, Any] | None = data.rules.get("event_round")
        self.host_hash = data.host_hash
        self.spectator_hash = data.spectator_hash
        self.seats = [Seat.of(s) for s in data.seats]
        self.timeline = Timeline(data.events, hub.config.ring)
        self.game_no = data.game_no
        self.dealer = data.dealer
        self.deals = Deals(data.seed, data.fair_secret, data.values, data.deal_version)
        self.undos = 0
        actions = [Action.parse(a) for _seat, a, _cid in data.actions]
        # None until the game is dealt (the seats' numbers are awaited)
        self.game = None if data.seed is None else GameRecord(self.rules, data.seed, actions,
                                                               data.dealer).replay()
        self.movers = [seat for seat, _a, _cid in data.actions]   # who made each move of the game
        # the answers to intents, by seat and the client's id: a resend gets the same answer, and one
        # seat's id is never another's
        self.replies: OrderedDict[tuple[int, str], Reply] = OrderedDict()
        # links the host has replaced while the table is in memory: why each no longer opens its seat
        self.revoked: dict[str, str] = {}
        self.chat = Chat()
        for i, (seat, _a, cid) in enumerate(data.actions):
            if cid:
                self.remember(seat, cid, {"type": "ack", "id": cid, "event": None, "move": i})
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bots = BotRunner(self)
        self.closed = False
        self.used = time.monotonic()   # when a page, a bot or a change last used it

    # ------------------------------------------------------------------ facts
    @property
    def dealt(self) -> bool:
        return self.game is not None

    @property
    def state(self) -> GameState:
        """The game (refused while the cards are not dealt: ask ``dealt`` first)."""
        if self.game is None:
            raise Refusal("not_dealt")
        return self.game

    @state.setter
    def state(self, game: GameState) -> None:
        self.game = game

    @property
    def practice(self) -> bool:
        """One person against bots: the person may take back whole turns."""
        return sum(s.kind == "person" for s in self.seats) == 1

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "event_round": self.event_round,
                # the rule set's English title, for a reader with no catalogue (pages say it in theirs)
                "preset": self.preset, "title": preset_title(self.preset),
                "players": self.rules.players,
                "game_no": self.game_no, "over": self.game is not None and self.game.is_over,
                "dealt": self.dealt, "practice": self.practice, "sides": self.partnerships(),
                "seats": [s.public() for s in self.seats], "chat": self.chat.settings(),
                "deal": self.deals.public()}

    def partnerships(self) -> list[list[int]]:
        """The seats of each side, as the engine pairs them (pages say "Ann & Carol against Ben & Dave")."""
        game = self.game if self.game is not None else GameState.blank(self.rules, 0)
        sides: list[list[int]] = [[] for _ in range(self.rules.sides)]
        for seat in range(self.rules.players):
            sides[game.side_of(seat)].append(seat)
        return sides

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

    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        """A seat's view, with whether it could go out now (the page offers "ask partner" only then),
        or the public view of a spectator; None until the cards are dealt."""
        if self.game is None:
            return None
        if seat is None:
            return spectator_view(self.game)
        v = view(self.game, seat)
        v["going_out"] = going_out(self.game, seat)
        return v

    def remember(self, seat: int, client_id: str, reply: Reply) -> None:
        self.replies[(seat, client_id)] = reply
        while len(self.replies) > REPLIES_KEPT:
            self.replies.popitem(last=False)

    def seated(self, conn: Connection) -> bool:
        """Whether ``conn``'s link still opens its seat (asked under the lock: a link the host has just
        re-issued plays nothing more, even a move already on its way)."""
        if conn.closed or self.closed:
            return False
        role = self.role_of(conn.token_hash)
        return role is not None and role[0] == conn.seat

    def idle_since(self, now: float) -> float:
        """Seconds since anyone used the table; 0 while a page is open, a bot plays or a change runs."""
        if self.conns or self.lock.locked() or self.bots.busy:
            return 0.0
        return now - self.used

    async def write(self, fn: Callable[..., Any], *args: Any) -> None:
        """A storage call that changes this table; refused when the table has left memory meanwhile
        (its stored self is loaded again for the next change)."""
        if self.closed:
            raise Refusal("conflict")
        self.used = time.monotonic()
        try:
            await self.hub.db(fn, *args)
        except Moved as e:   # two processes took the table at once: the other holds it now
            log.warning("table %s: %s was not stored, another process holds the table", self.id,
                        getattr(fn, "__name__", fn))
            raise Refusal("moved") from e
        except Conflict as e:   # a move already stored at that place (another writer was first)
            log.error("table %s: %s", self.id, e)
            raise Refusal("conflict") from e

    # ------------------------------------------------------------------ sending
    def broadcast(self, new: list[TableEvent], table_changed: bool = False, hand_ended: bool = False) -> None:
        """Send the new events with each connection's own view; when a hand has just ended, the
        seeds and salts that may now be shown (``reveals``) go to every seat alike."""
        texts: dict[int | None, str] = {}   # one message per seat (and one for spectators), encoded once
        events = [e.to_dict() for e in new]
        summary = self.summary() if table_changed else None
        reveals = self.deals.reveals(self.game) if hand_ended else []
        dealing = None if self.dealt else shuffle.dealing(self)
        for c in list(self.conns):
            if c.seat not in texts:
                msg: Reply = {"type": "events", "event": self.timeline.newest, "events": events,
                              "view": self.view_for(c.seat)}
                if summary is not None:
                    msg["table"] = summary
                if reveals:
                    msg["reveals"] = reveals
                if dealing is not None:
                    msg["dealing"] = dealing
                texts[c.seat] = json.dumps(msg)
            c.send(texts[c.seat])

    def presence(self) -> None:
        """Tell every page who is at the table now."""
        text = json.dumps({"type": "table", "table": self.summary()})
        for c in list(self.conns):
            c.send(text)

    def watchers(self) -> int:
        """Spectator sockets open on the table now."""
        return sum(c.seat is None and not c.host for c in self.conns)

    def catch_up(self, conn: Connection, last_event: int | None) -> None:
        """After ``welcome``: the events missed since ``last_event`` when the timeline still holds
        them, else a snapshot."""
        missed = self.timeline.since(last_event)
        msg: Reply = {"type": "snapshot" if missed is None else "events", "event": self.timeline.newest}
        if missed is not None:
            msg["events"] = missed
        msg |= {"view": self.view_for(conn.seat), "table": self.summary()}
        reveals = self.deals.reveals(self.game)
        if reveals:
            msg["reveals"] = reveals
        if not self.dealt:
            msg["dealing"] = shuffle.dealing(self)
        conn.send(msg)

    # ------------------------------------------------------------------ the writer
    async def play(self, seat: int, actions: list[Action], client_id: str | None) -> None:
        """Try ``actions`` on a clone, store them, then make them the table's (under the lock)."""
        trial = self.state.clone()
        try:
            for a in actions:
                trial.apply(a)
        except IllegalAction as e:
            raise Refusal.of(e) from e
        first = len(self.movers)
        stored = [StoredAction(seat, str(a), client_id if i == len(actions) - 1 else None)
                  for i, a in enumerate(actions)]
        new_events = self.timeline.plan("action", seat, [str(a) for a in actions])
        # the last move of a game is stored with the game's record, in one transaction
        record = self.deals.record(trial) if trial.is_over else None
        hand_ended = len(trial.results) > len(self.state.results)
        await self.write(self.hub.store.append_actions, self.id, self.game_no, first, stored,
                         new_events[-1].n, trial.is_over, record, len(trial.results) if hand_ended else None)
        self.state = trial
        self.movers.extend([seat] * len(actions))
        self.timeline.add(new_events)
        if hand_ended and self.deals.shared:
            await duplicate.refresh_peers(self)
            self.hub.peers_moved_on(self)
        self.broadcast(new_events, hand_ended=hand_ended)
        if trial.is_over:
            self.hub.bus.publish("lobby", {"table": self.id, "over": True})
        self.bots.kick()

    async def new_game(self) -> None:
        """The next game with the same seats: stored first, then made the table's."""
        async with self.lock:
            if not self.state.is_over:
                raise Refusal("not_finished")
            game_no, dealer = self.game_no + 1, (self.dealer + 1) % self.rules.players
            deals = Deals(None, secrets.token_hex(16), {})     # dealt when the seats' numbers are in
            events = self.timeline.plan("game")
            await self.write(self.hub.store.new_game, self.id, game_no, None, dealer, events[-1].n,
                             deals.secret, deals.values, deals.version)
            self.game_no, self.dealer, self.deals = game_no, dealer, deals
            self.game = None
            self.movers = []
            self.timeline.add(events)
            self.broadcast(events, table_changed=True)
            await shuffle.settle_deal(self)   # a table of bots and people away: nothing to wait for

    def record(self) -> str | None:
        """The game record once the game is over (before, it would show every hand), with the deals'
        commitments revealed (``canasta verify`` checks them); at a duplicate round's table, once
        every table dealt alike is over too."""
        if self.game is None or not self.game.is_over:
            return None
        if not self.deals.all_shown(self.game):
            raise Refusal("round_not_over")
        return self.deals.record(self.game)

    async def close(self) -> None:
        """Stop the table's tasks (the server is shutting down); what is stored stays."""
        self.closed = True
        timers = [s.away_timer for s in self.seats if s.away_timer is not None]
        for t in timers:
            t.cancel()
        for c in list(self.conns):
            c.close()
        await self.bots.close()
        await asyncio.gather(*timers, return_exceptions=True)
