"""The terminal game's words in English, by key: the catalogues' template is extracted from here
(``python -m canasta.translate update``), and the screen says them in the player's language
(``canasta play --lang es``) through :mod:`canasta.i18n`.

One game runs in a terminal at a time, so the language is the module's: :func:`use` sets it (the
app does, from ``--lang``) and :func:`w` says a key in it. The keys themselves (d, t, m, ...) are
the same in every language; their legends are words.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Catalogue, catalogue
from ..messages import Template

WORDS: dict[str, Template] = {
    # who and which side, as the screen names them
    "tui.you": "you",
    "tui.seat": "seat {seat}",
    "tui.seat_short": "s{seat}",
    "tui.partner_seat": "partner (seat {seat})",
    "tui.us": "us",
    "tui.you_side": "you",
    "tui.them": "them",
    "tui.side": "side {side}",
    # melds in a panel
    "tui.wild_short": "wild ×{n}",
    "tui.group_short": "{rank_char}×{n}",
    "tui.group_short_wild": "{rank_char}×{n}+{wild}w",
    "tui.kind.natural": "natural",
    "tui.kind.mixed": "mixed",
    "tui.kind.sequence": "sequence",
    "tui.kind.wild": "wild",
    "tui.kind_short.natural": "nat",
    "tui.kind_short.mixed": "mix",
    "tui.kind_short.sequence": "seq",
    "tui.kind_short.wild": "wild",
    "tui.closed_meld": {"one": "closed {what}, {n} card", "other": "closed {what}, {n} cards"},
    "tui.closed_short": "closed ({n})",
    "tui.run_mark": "run",
    "tui.wild_mark": "wild",
    "tui.no_melds": "no melds",
    # a side's header
    "tui.side_narrow": "{names} {score}",
    "tui.side_wide": "{names} · game {score} pts",
    "tui.melds_min": "melds {points} · min {minimum}",
    "tui.open": "open",
    "tui.not_open": "not open",
    "tui.threes_narrow": "3s: {red} red",
    "tui.threes_narrow_black": "3s: {red} red {black} black",
    "tui.red_threes_cards": "red 3s",
    "tui.threes_cards": "3s ({red} red, {black} black)",
    "tui.red_threes_count": "{red} red 3s",
    "tui.threes_count": "{red} red 3s, {black} black",
    # the status line
    "tui.status": "{rules} · hand {hand} · stock {stock} · pile",
    "tui.pile_size": "({n})",
    "tui.pile_empty": "empty",
    "tui.stopped": "STOPPED",
    "tui.frozen": "FROZEN",
    "tui.frozen_for_us": "frozen for us",
    "tui.count": "{who} {n}",
    "tui.turn_line": "turn: {who} · dealer {dealer} · cards {counts}",
    # the log: one event without its player, then the line with the player
    "tui.ev.deal": "dealt",
    "tui.ev.start_pile": "turned up {cards}",
    "tui.ev.red3": "laid a red three {cards}",
    "tui.ev.black3": "laid a black three {cards}",
    "tui.ev.replace": "drew {cards} to replace it",
    "tui.ev.replace_n": {"one": "drew {n} card to replace it", "other": "drew {n} cards to replace them"},
    "tui.ev.draw": "drew {cards}",
    "tui.ev.draw_n": {"one": "drew {n} card", "other": "drew {n} cards"},
    "tui.ev.upcard": "took the upcard {cards}",
    "tui.ev.take": "took the pile: top card {top_card}, with {cards}",
    "tui.ev.take_alone": "took the pile: top card {top_card}, with nothing from the hand",
    "tui.ev.pile": "got the rest of the pile: {cards}",
    "tui.ev.meld": "melded {cards}",
    "tui.ev.add": "added {cards}",
    "tui.ev.discard": "discarded {cards}",
    "tui.ev.ask": "asked the partner: may I go out?",
    "tui.ev.yes": "answered yes",
    "tui.ev.no": "answered no",
    "tui.ev.end": "ended the turn without a discard",
    "tui.ev.retract": "took back {cards}",
    "tui.ev.out": "went out",
    "tui.ev.failed_go_out": "was told yes but did not go out (penalty)",
    "tui.ev.hand_over": "the hand is over",
    "tui.ev.position": "set up the position",
    "tui.ev.talon": "took a talon of {cards}",
    "tui.ev.talon_n": {"one": "took a talon of {n} card", "other": "took a talon of {n} cards"},
    "tui.ev.declare": "declared a special hand: {cards}",
    "tui.ev.box": "boxed {cards} face down",
    "tui.ev.unbox": "took the boxed {cards} back",
    "tui.ev.box_red3": "boxed the red treys {cards} face down",
    "tui.ev.turnover": "turned the discard pile over as the stock",
    "tui.ev.draw_empty": "found the stock empty",
    "tui.ev.merge": "merged two melds of a rank",
    "tui.ev.pass": "passed (no discard)",
    "tui.ev.other": "{what} {cards}",
    "tui.ev.line": "{who} {words}",
    # the score of a hand
    "tui.row.canastas": "canastas",
    "tui.row.red_threes": "red threes",
    "tui.row.threes": "threes",
    "tui.row.going_out": "going out",
    "tui.row.melded": "melded cards",
    "tui.row.hand": "cards left in hand",
    "tui.row.penalties": "penalties",
    "tui.row.perfect_cut": "perfect cut",
    "tui.row.total": "total",
    "tui.row.special": "special hand",
    "tui.row.short": "short melds",
    "tui.row.stuck": "7s/aces held",
    "tui.row.black_threes": "black 3s out",
    "tui.row.base": "base",
    "tui.row.count": "count",
    "tui.row.game_score": "game score",
    "tui.cell.natural": "{n} natural",
    "tui.cell.mixed": "{n} mixed",
    "tui.cell.sequence": "{n} sequence",
    "tui.cell.wild": "{n} wild",
    "tui.cell.canastas": "{kinds}: {points}",
    "tui.cell.threes": "{n} laid: {points}",
    "tui.cell.concealed": "{points} (concealed)",
    "tui.hand_title": "Hand {n}",
    "tui.summary_title": "Game summary",
    "tui.hand_col": "hand",
    "tui.final": "final",
    "tui.result.went_out": "{who} went out.",
    "tui.result.stock_out": "The stock ran out.",
    "tui.result.stock_out_moral": "The stock ran out. {side}: moral winner (only going out wins the game).",
    "tui.result.last_red3": "The last card of the stock was a red three.",
    "tui.result.last_three": "The last card of the stock was a three.",
    "tui.result.special": "{who} declared a special hand.",
    # the rule set's facts line
    "tui.fact.turn_card_passed": "turn card passed",
    "tui.fact.turn_card": "turn card: {n} above it",
    "tui.fact.talon_took": "{side} took {n}",
    "tui.fact.talon_due": "{side} {n} due",
    "tui.fact.talon": "talon: {list}",
    "tui.fact.dead_side": "{side} {ranks}",
    "tui.fact.dead": "dead ranks: {list}",
    "tui.fact.schedule": "hand {hand}: meld {minimum} (schedule {schedule})",
    "tui.fact.schedule_of": "hand {hand} of {hands}: meld {minimum} (schedule {schedule})",
    "tui.fact.laid_down": {"one": "{side} laid down: {who}, {n} turn since",
                           "other": "{side} laid down: {who}, {n} turns since"},
    "tui.fact.back_in": {"one": "back in {n} turn", "other": "back in {n} turns"},
    "tui.fact.back_after": "back after the next discard",
    "tui.fact.your_boxed": "your boxed {cards} ({back})",
    "tui.fact.boxed": "{who} boxed {n} ({back})",
    "tui.fact.first_turn": "first turn: d draws {n}, u takes the upcard + 1 stock card (no lay-down "
                           "until your next turn)",
    "tui.fact.top": "o: top discard + your cards as lay-down",
    "tui.fact.black_treys": "{n} black treys: meld only as the last act",
    "tui.fact.fresh_red": {"one": "{n} red trey may be disclosed for a card",
                           "other": "{n} red treys may be disclosed for a card"},
    "tui.fact.red_wild": "red treys held are wild",
    "tui.fact.only_out_wins": "only going out wins",
    "tui.fact.turnover": "pile turns over at the end of the stock",
}


_active: Catalogue | None = None


def use(lang: str) -> Catalogue:
    """Say the terminal's words in ``lang`` from now on (English where it has no catalogue)."""
    global _active
    _active = catalogue(lang)
    return _active


def active() -> Catalogue:
    return _active if _active is not None else catalogue()


def w(key: str, /, **data: Any) -> str:
    """The terminal's message ``key`` (or any catalogue key) in the active language."""
    return active().text(key, data)
