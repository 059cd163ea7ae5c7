"""Limits that keep one client from taking the server's time from the others."""

from __future__ import annotations

import time
from collections.abc import Hashable


class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Buckets:
    """One bucket per key (a seat: its limit holds across the pages it has open and reconnects)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.by_key: dict[Hashable, Bucket] = {}

    def take(self, key: Hashable) -> bool:
        b = self.by_key.get(key)
        if b is None:
            b = self.by_key[key] = Bucket(self.rate, self.burst)
        return b.take()
