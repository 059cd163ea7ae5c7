"""Online tables over HTTP: making one (seats, links, tokens), what any of its links may read, and
the host's changes to its seats."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..errors import CanastaError
from .access import authorised, hub_of
from .language import catalogue_of
from .limits import address_of
from .protocol import ChatSettings, NewTable, SeatChange
from .refusals import Refusal
from .rulesets import card, house_rules, title_in
from .seats import change_seat
from .tokens import new_token, token_hash
from .urls import absolute, link

router = APIRouter()


def fresh_token() -> tuple[str, str]:
    """A new seat link's token and the hash that is stored."""
    tok = new_token()
    return tok, token_hash(tok)


@router.post("/api/tables", status_code=201)
async def create_table(request: Request, body: NewTable) -> Any:
    h = hub_of(request)
    if body.seed is not None and not h.config.chosen_seeds:
        raise Refusal("seed_chosen")   # whoever chose the seed would know every hand
    h.guards.new_table(address_of(request))
    try:
        made = await h.create(body)
    except CanastaError as e:
        raise Refusal.because("bad_rules", e) from e
    made["links"] = absolute(made["links"], link(request, ""))
    made["table"]["title"] = title_in(catalogue_of(request), body.preset)   # in the maker's language
    return made


@router.get("/api/tables/{table_id}")
async def table_info(request: Request, table_id: str) -> Any:
    table, seat, host = await authorised(request, table_id)
    return {**table.summary(), "title": title_in(catalogue_of(request), table.preset),
            "you": {"seat": seat, "host": host}}


@router.get("/api/tables/{table_id}/rules")
async def table_rules(request: Request, table_id: str) -> Any:
    """The rules card of this table: its rule set with its house rules marked (any of its links)."""
    table, _seat, _host = await authorised(request, table_id)
    return card(catalogue_of(request), table.preset, table.rules, house_rules(table.preset, table.rules))


@router.post("/api/tables/{table_id}/seats/{seat}")
async def seat_change(request: Request, table_id: str, seat: int, body: SeatChange) -> Any:
    table, _seat, _host = await authorised(request, table_id, host=True)
    if not 0 <= seat < table.rules.players:
        raise Refusal("bad_seat", {"seat": seat, "last_seat": table.rules.players - 1})
    if body.kind == "bot" and body.reissue:
        raise Refusal("bot_reissue")
    s, token = await change_seat(table, seat, body.kind, body.level, body.name, body.reissue, fresh_token)
    out: dict[str, Any] = s.public()
    if token is not None:
        out["token"] = token
        out["link"] = link(request, f"/table/{table.id}#t={token}")
    return out


@router.post("/api/tables/{table_id}/chat")
async def chat_settings(request: Request, table_id: str, body: ChatSettings) -> Any:
    """The host turns the table talk on or off, or mutes seats; every page is told at once."""
    table, _seat, _host = await authorised(request, table_id, host=True)
    for seat in body.muted or []:
        if seat >= table.rules.players:
            raise Refusal("bad_seat", {"seat": seat, "last_seat": table.rules.players - 1})
    table.chat.set(body.enabled, body.muted)
    table.presence()
    return table.chat.settings()
