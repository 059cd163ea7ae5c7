"""A table's numbered events: the newest number, the last move's, and the recent ones kept for
pages that reconnect after a gap."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any


@dataclass
class TableEvent:
    """A numbered event of one table. ``action`` events hold the move in notation: every move is made
    in view of the table (a draw names no card), so the notation is public."""

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


class Timeline:
    """Events are numbered per table from the stored number on, so a page can resume after a
    reconnect. Events are *planned* (numbered) before they are stored and *added* once stored:
    a change that could not be stored leaves the numbers as they were."""

    def __init__(self, newest: int, keep: int) -> None:
        self.newest = newest
        self.last_move = newest      # an intent based on an older event is stale
        self.ring: deque[TableEvent] = deque(maxlen=keep)

    def plan(self, kind: str, seat: int | None = None, actions: list[str] | None = None) -> list[TableEvent]:
        """The next events, numbered but not yet added: one per action, or one event of ``kind``."""
        if actions is None:
            return [TableEvent(self.newest + 1, kind, seat)]
        return [TableEvent(self.newest + 1 + i, kind, seat, a) for i, a in enumerate(actions)]

    def add(self, events: list[TableEvent], moved: bool = True) -> None:
        """The planned events, now stored; ``moved``: the table's position changed (stale intents)."""
        self.ring.extend(events)
        self.newest = events[-1].n
        if moved:
            self.last_move = self.newest

    def since(self, last_event: int | None) -> list[dict[str, Any]] | None:
        """The events after ``last_event`` if the ring still holds them all, else None (send a
        snapshot)."""
        oldest = self.ring[0].n if self.ring else self.newest + 1
        if last_event is not None and last_event <= self.newest and last_event + 1 >= oldest:
            return [e.to_dict() for e in self.ring if e.n > last_event]
        return None
