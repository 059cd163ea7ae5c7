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
    async with table.lock:
        done = table.replies.get(intent.id)
        if done is not None:
            return done
        try:
            reply = await _play(table, conn, intent)
        except Refusal as r:
            return r.reply(intent.id)
        table.remember(intent.id, reply)
        return reply


async def _play(table: OnlineTable, conn: Connection, intent: Intent) -> Reply:
    if conn.seat is None:
        raise Refusal("spectator")
    if table.state.is_over:
        raise Refusal("game_over")
    if intent.kinds() != 1:
        raise Refusal("one_intent_kind")
    if intent.based_on < table.timeline.last_move:
        raise Refusal("stale", {"event": table.timeline.last_move})
    actor = table.state.actor
    if conn.seat != actor:
        name = table.seats[actor].name
        raise Refusal("not_your_turn", {"name": name}) if name else Refusal("not_your_turn_seat",
                                                                              {"seat": actor + 1})
    await table.play(conn.seat, actions_for(table.state, intent), intent.id)
    return {"type": "ack", "id": intent.id, "event": table.timeline.newest}
