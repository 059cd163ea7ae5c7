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

HELP = """\
Keys of canasta play
  left/right (h/l)  move the cursor      space  select / unselect that card
  click a card      select it            esc    clear the selection
  click a key on the bottom line (what you may do now): the same as pressing it
  d  draw from the stock        t  take the pile with the selected cards
  u  take the upcard (first turn, where the rules allow it)
  m  meld: lay the selected cards as one new meld
  a  add the selected cards to a meld (type its number, or click the meld)
  x  discard the selected card (or the card under the cursor)
  g  ask your partner "may I go out?"    y / n  answer your partner
  r  retract provisional melds           e  end without a discard
  p  pass (meld down to one card and keep it, where the rules allow)
  o  top: the top discard with the selected cards as a lay-down meld (Trey)
  v  declare a special hand (lists the hands you may declare now)
  j  merge two of your melds (type their numbers, e.g. 0 3)
  :  type any action in notation (e.g. take 7H 7S @1)
  z  undo (or ctrl+z): your last turn against bots; provisional melds (as r)
  ?  hint: the expert's suggestion       c  four-colour suits on/off
  PgUp / PgDn (or the mouse wheel) scroll the log of the hand back and forth
  f1 this help     q  quit (asks first; the game is saved after every action)
Melds: @N is the meld number; ★natural/★mixed/★sequence/★wild mark a canasta;
narrow panels show a run by its ends and a group by rank and count (K×5+2w)."""

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
    # the log: a line of one player's events (the events' words: canasta.i18n.events), the reader's
    # own said to them ("You drew 7♥")
    "tui.log_line": "{who} {words}",
    "tui.log_you_line": "You {words}",
    # the score of a hand
    "tui.row.canastas": "canastas",
    "tui.row.red_threes": "red threes",
    "tui.row.threes": "threes",
    "tui.row.going_out": "going out",
    "tui.row.melded": "melded cards",
    "tui.row.hand": "cards left in hand",
    "tui.row.penalties": "penalties",
    "tui.row.play_penalties": "penalties of play",
    "tui.row.threes_held": "threes kept in hand",
    "tui.row.perfect_cut": "perfect cut",
    "tui.row.total": "total",
    "tui.row.special": "special hand",
    "tui.row.short": "short melds",
    "tui.row.stuck": "7s/aces held",
    "tui.row.black_threes": "black 3s out",
    "tui.row.base": "base",
    "tui.row.count": "count",
    "tui.row.game_score": "game score",
    "tui.cell.natural": {"one": "{n} natural", "other": "{n} natural"},
    "tui.cell.mixed": {"one": "{n} mixed", "other": "{n} mixed"},
    "tui.cell.sequence": {"one": "{n} sequence", "other": "{n} sequence"},
    "tui.cell.wild": {"one": "{n} wild", "other": "{n} wild"},
    "tui.cell.canastas": "{kinds}: {points}",
    "tui.cell.threes": {"one": "{n} laid: {points}", "other": "{n} laid: {points}"},
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
    "tui.fact.your_boxed": "your boxed {shown} ({back})",
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
    # the app: keys, prompts, messages
    "tui.key": "{key} {word}",
    "tui.key.move": "move",
    "tui.key.select": "select",
    "tui.key.type": "type",
    "tui.key.undo": "undo",
    "tui.key.hint": "hint",
    "tui.key.help": "help",
    "tui.key.quit": "quit",
    "tui.key.draw": "draw",
    "tui.key.upcard": "upcard",
    "tui.key.take": "take",
    "tui.key.top": "top",
    "tui.key.meld": "meld",
    "tui.key.add": "add",
    "tui.key.merge": "merge",
    "tui.key.discard": "discard",
    "tui.key.declare": "declare",
    "tui.key.pass": "pass",
    "tui.key.ask": "ask",
    "tui.key.yes": "yes",
    "tui.key.no": "no",
    "tui.key.retract": "retract",
    "tui.key.end": "end",
    "tui.press_enter": "Press Enter to continue.",
    "tui.ask_keys": "Enter: play · Esc: cancel",
    "tui.confirm_keys": "y / Enter: yes    n / Esc: no",
    "tui.fallback_bots": "Bots: canasta.bots is not installed, so the bots play random legal actions "
                         "(fallback).",
    "tui.bots_level": "Bots' level: {level}.",
    "tui.level_think": "Expert (thinks {n} times as long)",
    "tui.prompt.over": "The game is over. Press q to quit.",
    "tui.prompt.stuck": "The game cannot go on: {why}. Press q to quit.",
    "tui.no_legal": "you have no legal action (the rules as set may not be playable)",
    "tui.stuck_seat": "seat {seat} has no legal action (the rules as set may not be playable)",
    "tui.prompt.waiting": "Waiting for {who}.",
    "tui.prompt.asks": "{who} asks: may I go out? Press y (yes) or n (no).",
    "tui.prompt.your_turn": "Your turn: {words}.",
    "tui.warning": "Warning: {error}.",
    "tui.save_error": "the game could not be saved to {path}: {why}",
    "tui.not_saved": "The game was not saved.",
    "tui.saved_over": "The game is over; its record is in {path} (canasta replay reads it).",
    "tui.saved": "The game is saved in {path}. Continue it with: {command}",
    "tui.pass_keyboard": "Pass the keyboard to seat {seat}.\n\nSeat {seat}: press Enter when you are ready "
                         "(the other players should look away).",
    "tui.game_over": "The game is over: {side} won ({scores}).",
    "tui.scores_to": " to ",
    "tui.over": "The game is over.",
    "tui.not_your_turn": "It is not your turn: waiting for seat {seat}.",
    "tui.refused": "Refused: {why}.",
    "tui.refused_after": "Played {played}; then refused: {why}. (r takes back provisional melds.)",
    "tui.select_meld": "Select the cards of the meld first (space), then press m.",
    "tui.select_add": "Select the cards to add first (space), then press a.",
    "tui.no_meld_yet": "Your side has no meld to add to yet: m lays the selected cards as a new meld.",
    "tui.not_meld_number": "'{answer}' is not a meld number (the numbers are shown as @0, @1, ...).",
    "tui.add_which": "Add {shown} to which meld? Type its number and press Enter.",
    "tui.fits": "fits",
    "tui.meld_number_eg": "a meld number, e.g. {n}",
    "tui.which_meld": "which meld?",
    "tui.select_one": "Select exactly one card to discard.",
    "tui.select_top": "Select the cards from your hand that go with the top discard (space), then press o.",
    "tui.no_special": "No special hand can be declared now.",
    "tui.not_number": "'{answer}' is not one of the numbers 1-{n}.",
    "tui.special_menu": "Special hands you may declare:\n{menu}\nType its number, Enter.",
    "tui.which_special": "which special hand?",
    "tui.a_number": "a number",
    "tui.two_numbers": "'{answer}': type two meld numbers, e.g. 0 3.",
    "tui.merge_prompt": "Merge which melds? Type two numbers (the second joins the first).",
    "tui.which_melds": "which melds?",
    "tui.two_numbers_eg": "two meld numbers, e.g. 0 3",
    "tui.not_action": "Not an action: {error}.",
    "tui.notation_prompt": "Type an action in notation, e.g. take 7H 7S @1, meld 7H 7S 7D 2C, add @0 2C.",
    "tui.legal_now": "Legal now: {list}",
    "tui.and_more": "{list} (and {n} more)",
    "tui.type_action": "type an action",
    "tui.action": "action",
    "tui.no_hint": "No hint: {why}",
    "tui.hint": "Hint: {words}",
    "tui.hint_fallback": "Hint (a random bot: canasta.bots is not installed): {words}",
    "tui.undo_over": "The game is over: nothing to take back.",
    "tui.undo_people": "Nothing to take back: with other people at the keyboard, only provisional opening "
                       "melds (r).",
    "tui.undo_none": "Nothing to take back yet.",
    "tui.undone": {"one": "Undone: your last turn and what followed ({n} action taken back).",
                   "other": "Undone: your last turn and what followed ({n} actions taken back)."},
    "tui.quit": "Quit? {where}",
    "tui.help": HELP,
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
