"""Who is asking: the hub of the request's app, the bearer token a request carries, and the table and
role that token opens."""

from __future__ import annotations

from fastapi import Request, WebSocket

from .hub import Hub
from .limits import address_of
from .online_table import OnlineTable
from .refusals import Refusal
from .tokens import token_hash


def hub_of(request: Request | WebSocket) -> Hub:
    h: Hub = request.app.state.hub
    return h


def bearer(request: Request) -> str:
    """The token of an ``Authorization: Bearer`` header ("" without one): links keep tokens after the
    ``#``, so they never appear in a URL a log could keep."""
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else ""


async def authorised(request: Request, table_id: str,
                     host: bool = False) -> tuple[OnlineTable, int | None, bool]:
    """The table, the seat (None: spectator or host) and the host flag of the request's token."""
    token = bearer(request)
    table = await hub_of(request).get(table_id, address_of(request))
    if table is None:
        raise Refusal("unknown_table")
    role = table.role_of(token_hash(token)) if token else None
    if role is None:
        raise Refusal("bad_token")
    if host and not role[1]:
        raise Refusal("not_host")
    return table, role[0], role[1]
