"""A person's intent: checked against the seat and the table's position, turned into the engine's
actions, and played by the table's writer. A resent intent gets the answer it got the first time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Op
from ..cards import parse_cards
from ..errors import CanastaError
from ..state import GameState
from .connection import Connection, Reply
from .protocol import Intent
from .refusals import Refusal

if TYPE_CHECKING:
    from .online_table import OnlineTable


def actions_for(state: GameState, intent: Intent) -> list[Action]:
    """The engine actions an intent stands for (checked later, all or none)."""
    try:
        if intent.action is not None:
            return [Action.parse(intent.action)]
        if intent.meld is not None:
            cards = parse_cards(" ".join(intent.meld))
            to = -1 if intent.to is None else intent.to
            whole = Action(Op.MELD, tuple(cards))
            if to < 0 and len(cards) > 3 and state.why_illegal(whole) is None:
                return [whole]  # e.g. black threes, laid all at once
            return state.meld_plan(cards, to)
        cards = parse_cards(" ".join(intent.take or []))
    except CanastaError as e:
        raise Refusal.because("bad_cards", e) from e
    return [state.take_for(cards)]  # none held out: the take a player would choose


async def play_intent(table: OnlineTable, conn: Connection, intent: Intent) -> Reply:
    """Play a person's intent; the reply (ack or refusal) is also kept for a resend."""
    if conn.seat is None:
        return Refusal("spectator").reply(intent.id)
    async with table.lock:
        if not table.seated(conn):   # the link was re-issued while this intent was on its way
            conn.close()
            return Refusal("bad_token").reply(intent.id)
        done = table.replies.get((conn.seat, intent.id))
        if done is not None:
            return done
        try:
            reply = await _play(table, conn.seat, intent)
        except Refusal as r:
            return r.reply(intent.id)
        table.remember(conn.seat, intent.id, reply)
        return reply


async def _play(table: OnlineTable, seat: int, intent: Intent) -> Reply:
    if table.state.is_over:
        raise Refusal("game_over")
    if intent.kinds() != 1:
        raise Refusal("one_intent_kind")
    if intent.based_on < table.timeline.last_move:
        raise Refusal("stale", {"event": table.timeline.last_move})
    actor = table.state.actor
    if seat != actor:
        name = table.seats[actor].name
        raise Refusal("not_your_turn", {"name": name}) if name else Refusal("not_your_turn_seat",
                                                                              {"seat": actor + 1})
    await table.play(seat, actions_for(table.state, intent), intent.id)
    return {"type": "ack", "id": intent.id, "event": table.timeline.newest}
