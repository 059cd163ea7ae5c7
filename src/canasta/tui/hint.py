"""The hint in plain words: the action as a player says it, with the card symbols of the screen, and
the bot's reason without its internal figures (sampled worlds, mean outcomes, weights)."""

from __future__ import annotations

import re

from ..actions import Action, Op
from ..bots.explain import LOOKED_AHEAD, plain_words
from ..cards import parse_cards
from .render import card_label

_CARD = re.compile(r"(?<![\w@])(10|[2-9TJQKA])([CDHS])(?![\w])|(?<![\w@])JK(?![\w])")


def symbols(text: str) -> str:
    """Card notation in ``text`` (``7H``, ``TD``, ``JK``) written as on the screen (``7♥``, ``T♦``)."""
    return _CARD.sub(lambda m: card_label(parse_cards(m.group(0))[0]), text)


def _cards(a: Action) -> str:
    return " ".join(card_label(f) for f in a.cards)


def action_words(a: Action) -> str:
    """An action as a sentence's start: ``Discard 7♥``, ``Take the pile with K♥ K♠``."""
    op, cards = a.op, _cards(a)
    if op is Op.DRAW:
        return "Draw from the stock"
    if op is Op.TAKE:
        onto = f" onto meld @{a.meld}" if a.meld >= 0 else ""
        return f"Take the pile{' with ' + cards if cards else ''}{onto}"
    if op is Op.MELD:
        return f"Meld {cards}"
    if op is Op.ADD:
        return f"Add {cards} to meld @{a.meld}"
    if op is Op.DISCARD:
        return f"Discard {cards}"
    if op is Op.ASK:
        return "Ask your partner \"may I go out?\""
    if op is Op.YES:
        return "Answer yes"
    if op is Op.NO:
        return "Answer no"
    if op is Op.RETRACT:
        return "Take back the provisional melds"
    if op is Op.END:
        return "End the turn without a discard"
    if op is Op.UPCARD:
        return "Take the upcard"
    return symbols(str(a)).capitalize()


def plain_reason(why: str, a: Action) -> str:
    """The bot's reason in plain words (``bots.explain``), with card symbols as on the screen."""
    return symbols(plain_words(why, a))


def hint_text(a: Action, why: str, plain_choice: tuple[Action, str] | None = None) -> str:
    """``Discard 7♥: a safe card.`` The reason is the bot's, in plain words; where the bot's reason
    was only figures (a look-ahead over the hands the others may hold), the everyday strategy's
    reason for the same move when it agrees, or a plain sentence saying it looked ahead."""
    reason = plain_reason(why, a)
    if not reason and plain_choice is not None:
        other, other_why = plain_choice
        if other == a:
            reason = plain_reason(other_why, a)
        else:
            reason = (f"looking ahead over the cards the others may hold, it does better than "
                      f"{action_words(other)[0].lower()}{action_words(other)[1:]}")
    if not reason:
        reason = LOOKED_AHEAD
    return f"{action_words(a)}: {reason}."
