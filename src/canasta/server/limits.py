"""Limits that keep one client from taking the server's time from the others: token buckets (per
seat, per address, server-wide), the request body's size, and open sockets per address."""

from __future__ import annotations

import json
import multiprocessing
import time
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .config import Limits
from .refusals import Refusal
from .urls import addresses_of

ADDRESSES_KEPT = 50_000   # addresses remembered at once (the oldest are forgotten: a full bucket)


class Bucket:
    """A token bucket: ``rate`` a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self, n: int = 1) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < n:
            return False
        self.tokens -= n
        return True


class Buckets:
    """One bucket per key: a seat (its limit holds across the pages it has open and reconnects) or a
    client address. The least recently seen keys are forgotten past ``ADDRESSES_KEPT`` (a forgotten key
    starts again with a full bucket)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.by_key: OrderedDict[Hashable, Bucket] = OrderedDict()

    def take(self, key: Hashable) -> bool:
        b = self.by_key.get(key)
        if b is None:
            b = self.by_key[key] = Bucket(self.rate, self.burst)
            while len(self.by_key) > ADDRESSES_KEPT:
                self.by_key.popitem(last=False)
        else:
            self.by_key.move_to_end(key)
        return b.take()


class SocketCount:
    """Open table sockets per client address."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        n = self.open.get(address, 0)
        if n >= self.most:
            return False
        self.open[address] = n + 1
        return True

    def leave(self, address: str) -> None:
        n = self.open.get(address, 0) - 1
        if n > 0:
            self.open[address] = n
        else:
            self.open.pop(address, None)


class Guards:
    """The server-wide limits of one process (``Limits``): buckets by address, the table sockets open
    per address, the records replayed at once for ``/api/verify`` and the worker that replays them."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.new_tables = Buckets(limits.tables_rate, limits.tables_burst)
        self.all_new_tables = Bucket(limits.tables_total_rate, limits.tables_total_burst)
        self.verifies = Buckets(limits.verify_rate, limits.verify_burst)
        self.loads = Buckets(limits.loads_rate, limits.loads_burst)
        self.new_documents = Buckets(limits.documents_rate, limits.documents_burst)
        self.qr_codes = Buckets(limits.qr_rate, limits.qr_burst)
        self.replays = Buckets(limits.replay_rate, limits.replay_burst)
        self.sockets = SocketCount(limits.sockets_per_address)
        self.replaying = 0
        self._verifier: Executor | None = None

    def new_table(self, address: str) -> None:
        """Refuse a new table past the address's rate, or everyone's."""
        if not self.new_tables.take(address):
            raise Refusal("too_many_tables")
        if not self.all_new_tables.take():
            raise Refusal("busy")

    def round_tables(self, n: int) -> None:
        """Refuse the ``n`` tables of a tournament round past everyone's rate of new tables (an event's
        host makes them: the event itself was limited per address)."""
        if not self.all_new_tables.take(n):
            raise Refusal("busy")

    def verifier(self, workers: int) -> Executor:
        """Where records are replayed: a process of its own (``workers`` 0: a thread, for tests), so
        that a long replay never holds up the tables' event loop."""
        if self._verifier is None:
            if workers <= 0:
                self._verifier = ThreadPoolExecutor(max_workers=1, thread_name_prefix="verify")
            else:
                spawn = multiprocessing.get_context("spawn")
                self._verifier = ProcessPoolExecutor(max_workers=1, mp_context=spawn)
        return self._verifier

    def close(self) -> None:
        if self._verifier is not None:
            self._verifier.shutdown(wait=False, cancel_futures=True)
            self._verifier = None


def address_of(scope: Scope | Any) -> str:
    """The client's address, whose limits apply: a request's or a socket's peer, or behind a proxy
    named with ``--trusted-proxy`` the browser's address the proxy forwarded (else every player
    behind the proxy would share one address and its limits)."""
    if isinstance(scope, HTTPConnection):
        return addresses_of(scope).client(scope) or "unknown"
    client = scope.get("client") if isinstance(scope, dict) else getattr(scope, "client", None)
    if client is None:
        return "unknown"
    return str(client[0] if isinstance(client, tuple | list) else client.host)


class BodyLimit:
    """ASGI middleware: a request body of more than ``most`` bytes is answered 413 without being read
    further, whether its size is announced (``Content-Length``) or not (a chunked body). The body is
    read here, at most ``most`` bytes of it, and handed on whole: bodies of this API are small."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app, self.most = app, most

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.most):
            await self._too_big(send)
            return
        body, more = bytearray(), True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.most:
                await self._too_big(send)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()   # after the body: wait for the client to go

        await self.app(scope, replay, send)

    async def _too_big(self, send: Send) -> None:
        r = Refusal("too_big", {"max_bytes": self.most})
        payload = json.dumps({"error": r.body()}).encode()
        await send({"type": "http.response.start", "status": r.status,
                    "headers": [(b"content-type", b"application/json"), (b"connection", b"close"),
                                (b"content-length", str(len(payload)).encode())]})
        await send({"type": "http.response.body", "body": payload})
