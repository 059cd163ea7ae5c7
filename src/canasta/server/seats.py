"""The seats of a table: who sits in each (a person with a secret link, or a bot), and the host's
changes to them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .refusals import Refusal
from .store import SeatData

if TYPE_CHECKING:
    from .online_table import OnlineTable


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

    @classmethod
    def of(cls, s: SeatData) -> Seat:
        return cls(s.seat, s.kind, s.level, s.name, s.token_hash)

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


async def change_seat(table: OnlineTable, seat: int, kind: str | None, level: str | None, name: str | None,
                      reissue: bool, new_token: Callable[[], tuple[str, str]]) -> tuple[Seat, str | None]:
    """The host hands a seat to a bot or a person, or re-issues its link; the old link stops."""
    async with table.lock:
        s = table.seats[seat]
        token: str | None = None
        kind = kind or s.kind
        old_hash = s.token_hash
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
        if old_hash is not None and old_hash != s.token_hash:
            # the old link's open pages are told why before they close, and so is the link opened later
            data = {"seat": seat}
            why = Refusal("seat_to_bot", data) if kind == "bot" else Refusal("seat_new_link", data)
            table.revoked[old_hash] = why.code
            for c in list(table.conns):
                if c.seat == seat and c.token_hash == old_hash:
                    c.send(why.error())
                    c.close()
        events = table.timeline.plan("seats", seat)
        await table.hub.db(table.hub.store.set_seat, table.id, s.data(), events[-1].n)
        table.timeline.add(events, moved=False)
        table.broadcast(events, table_changed=True)
        table.bots.kick()
        return s, token
