"""The seats of a table: who sits in each (a person with a secret link, or a bot), and the host's
changes to them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import shuffle
from .limits import Bucket
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
    bucket: Bucket | None = None   # the messages its pages may send (all of them together)
    hinting: bool = False          # a hint is being worked out for it (one at a time)

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


def seat_after(s: Seat, kind: str | None, level: str | None, name: str | None, reissue: bool,
               new_token: Callable[[], tuple[str, str]]) -> tuple[SeatData, str | None]:
    """What seat ``s`` becomes (as it is stored), and the new link's token if it gets one."""
    kind = kind or s.kind
    if kind == "bot":
        return SeatData(s.seat, "bot", level or s.level or "club", name or s.name, None), None
    token, digest = None, s.token_hash
    if s.kind != "person" or reissue or s.token_hash is None:
        token, digest = new_token()
    if not name:
        name = "" if s.name.startswith("Bot") else s.name   # a bot's default name: pages name the seat
    return SeatData(s.seat, "person", None, name, digest), token


async def change_seat(table: OnlineTable, seat: int, kind: str | None, level: str | None, name: str | None,
                      reissue: bool, new_token: Callable[[], tuple[str, str]]) -> tuple[Seat, str | None]:
    """The host hands a seat to a bot or a person, or re-issues its link; the old link stops. The seat
    is stored first and changed in memory only then: a storage failure changes nothing (the old link
    still opens the seat, no new one is given)."""
    async with table.lock:
        s = table.seats[seat]
        new, token = seat_after(s, kind, level, name, reissue, new_token)
        events = table.timeline.plan("seats", seat)
        await table.write(table.hub.store.set_seat, table.id, new, events[-1].n)
        old_hash = s.token_hash
        s.kind, s.level, s.name, s.token_hash = new.kind, new.level, new.name, new.token_hash
        s.stand_in = False
        if old_hash is not None and old_hash != s.token_hash:
            # the old link's open pages are told why before they close, and so is the link opened later
            data = {"seat": seat}
            why = Refusal("seat_to_bot", data) if new.kind == "bot" else Refusal("seat_new_link", data)
            table.revoked[old_hash] = why.code
            for c in list(table.conns):
                if c.seat == seat and c.token_hash == old_hash:
                    c.send(why.error())
                    c.close()
        table.timeline.add(events, moved=False)
        table.broadcast(events, table_changed=True)
        table.bots.kick()
        await shuffle.settle_deal(table)   # a bot's seat gives its number itself: the deal may wait no more
        return s, token
