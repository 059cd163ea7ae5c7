"""Table events in words: one sentence per event, the same wherever a person reads them (the
terminal game's log, ``canasta replay``), so that one event reads one way and is translated once.

An event is what the engine logs (``draw``, ``red3``, ``take`` ...) with its cards, or, for another
seat's hidden cards, only their count. :func:`event_words` says it without its player (``drew 7♥``);
each screen puts the player in front in its own way (the log: ``Seat 3 drew 7♥``, ``You drew 7♥``;
the replay: ``seat 3 drew 7H``, its cards in notation as its actions are). The reader's own events
have their own key (``event.you.*``), so that languages that conjugate can say them to the reader
(``robaste``); English says them alike. (The pages' log still has words of its own, ``ev_*`` in
``pages-en.json``, said by ``web/static/board.js``.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from ..cards import is_black_three, parse_card
from ..messages import Template, Words, render
from . import Catalogue

# the events another seat's hidden cards are counted in
COUNTED = ("draw", "talon", "replace")
# events of the table, not of a player's turn (said without a player)
TABLE_EVENTS = ("deal", "hand_over", "position")

WORDS: dict[str, Template] = {
    # one event without its player
    "event.deal": "dealt",
    "event.start_pile": "turned up {cards}",
    "event.red3": "laid a red three {cards}",
    "event.black3": "laid a black three {cards}",
    "event.replace": "drew {cards} to replace it",
    "event.replace_n": {"one": "drew {n} card to replace it", "other": "drew {n} cards to replace them"},
    "event.draw": "drew {cards}",
    "event.draw_n": {"one": "drew {n} card", "other": "drew {n} cards"},
    "event.upcard": "took the upcard {cards}",
    "event.take": "took the pile: top card {top_card}, with {cards}",
    "event.take_alone": "took the pile: top card {top_card}, with nothing from the hand",
    "event.pile": "got the rest of the pile: {cards}",
    "event.meld": "melded {cards}",
    "event.add": "added {cards}",
    "event.discard": "discarded {cards}",
    "event.ask": "asked the partner: may I go out?",
    "event.yes": "answered yes",
    "event.no": "answered no",
    "event.end": "ended the turn without a discard",
    "event.retract": "took back {cards}",
    "event.out": "went out",
    "event.failed_go_out": "was told yes but did not go out (penalty)",
    "event.hand_over": "the hand is over",
    "event.position": "set up the position",
    "event.talon": "took a talon of {cards}",
    "event.talon_n": {"one": "took a talon of {n} card", "other": "took a talon of {n} cards"},
    "event.declare": "declared a special hand: {cards}",
    "event.box": "boxed {cards} face down",
    "event.unbox": "took the boxed {cards} back",
    "event.box_red3": "boxed the red treys {cards} face down",
    "event.turnover": "turned the discard pile over as the stock",
    "event.draw_empty": "found the stock empty",
    "event.merge": "merged two melds of a rank",
    "event.pass": "passed (no discard)",
    "event.other": "{what} {cards}",
    # the reader's own events, said to them ("You drew 7♥"; other languages conjugate)
    "event.you.start_pile": "turned up {cards}",
    "event.you.red3": "laid a red three {cards}",
    "event.you.black3": "laid a black three {cards}",
    "event.you.replace": "drew {cards} to replace it",
    "event.you.draw": "drew {cards}",
    "event.you.upcard": "took the upcard {cards}",
    "event.you.take": "took the pile: top card {top_card}, with {cards}",
    "event.you.take_alone": "took the pile: top card {top_card}, with nothing from the hand",
    "event.you.pile": "got the rest of the pile: {cards}",
    "event.you.meld": "melded {cards}",
    "event.you.add": "added {cards}",
    "event.you.discard": "discarded {cards}",
    "event.you.ask": "asked the partner: may I go out?",
    "event.you.yes": "answered yes",
    "event.you.no": "answered no",
    "event.you.end": "ended the turn without a discard",
    "event.you.retract": "took back {cards}",
    "event.you.out": "went out",
    "event.you.failed_go_out": "were told yes but did not go out (penalty)",
    "event.you.talon": "took a talon of {cards}",
    "event.you.declare": "declared a special hand: {cards}",
    "event.you.box": "boxed {cards} face down",
    "event.you.unbox": "took the boxed {cards} back",
    "event.you.box_red3": "boxed the red treys {cards} face down",
    "event.you.turnover": "turned the discard pile over as the stock",
    "event.you.draw_empty": "found the stock empty",
    "event.you.merge": "merged two melds of a rank",
    "event.you.pass": "passed (no discard)",
}


@dataclass(frozen=True)
class _NotationWords(Words):
    """A language's words, with the cards in notation (``7H``, ``JK``), as actions are typed."""

    def symbol(self, card: str) -> str:
        return card


def _in_notation(words: Words) -> Words:
    return _NotationWords(**{f.name: getattr(words, f.name) for f in fields(Words)})


def event_words(cat: Catalogue, what: str, cards: Sequence[str] = (), *, count: int | None = None,
                mine: bool = False, notation: bool = False) -> str:
    """Event ``what`` without its player, in ``cat``'s language: ``drew K♣``, ``melded K♦ K♥ K♠``
    ("" where there is nothing to say). ``cards`` are in notation; ``count`` stands for another
    seat's hidden cards; ``mine``: the reader's own, said to them; ``notation``: the cards written
    as typed (``KC``) rather than with suit symbols (``K♣``)."""
    words = _in_notation(cat.words) if notation else cat.words

    def say(key: str, **data: object) -> str:
        return render(cat.template(key), data, words, cat.nested)

    own = mine and count is None and what not in TABLE_EVENTS
    ev = "event.you" if own and cat.has(f"event.you.{what}") else "event"
    if count is not None:
        if what in COUNTED:
            return say(f"event.{what}_n", n=count)
        if what == "turnover":
            return say("event.turnover")
        cards = ()
    if what == "take":
        if not cards:
            return say("event.other", what=what, cards="")
        if len(cards) == 1:
            return say(f"{ev}.take_alone", top_card=cards[0])
        return say(f"{ev}.take", top_card=cards[0], cards=list(cards[1:]))
    if what in ("pile", "start_pile") and not cards:
        return ""
    if what == "red3" and any(is_black_three(parse_card(c)) for c in cards):
        return say(f"{ev}.black3", cards=list(cards))  # the American games lay every three (R 1.2, S3 C)
    key = f"{ev}.{what}"
    if not cat.has(key):
        return say("event.other", what=what, cards=list(cards))
    return say(key, cards=list(cards))
