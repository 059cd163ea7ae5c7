"""The English words of the library's errors (a bad rule option or house rule, a malformed record,
position, card or action): code -> template, as :mod:`canasta.refusals` holds the engine's refusals.

A :class:`~canasta.errors.RuleError`, :class:`~canasta.errors.RecordError` or
:class:`~canasta.errors.NotationError` carries a ``code`` and its ``data`` next to its English
sentence (``str(exc)``, unchanged for Python users): the server and the command line say it in the
reader's language from the catalogue (``error.<code>``). A reason inside a reason (``"rules:
{reason}"``, a record whose action is refused) is a nested message ``{"code", "data"}`` under the key
``reason`` (:mod:`canasta.messages`), said in the same language. Values a person typed (an option's
name or value, a key of a record) are data as they were typed (``repr``), never translated.
``tests/test_error_words.py`` walks every code: English and Spanish, the same placeholders.
"""

from __future__ import annotations

import errno
import json
import socket
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from .errors import (
    BotError,
    CanastaError,
    IllegalAction,
    MissingExtra,
    NotationError,
    RecordError,
    RuleError,
    SeatError,
)
from .messages import Template, render
from .refusals import REFUSALS

ERRORS: Final[dict[str, Template]] = {
    # ------------------------------------------------------------------ rule options (canasta.rules)
    "option_choice": "rule option {option} cannot be {value}: choose one of {choices}",
    "option_choice_close": "rule option {option} cannot be {value} (did you mean {close}?): choose one of "
                           "{choices}",
    "option_bool": "rule option {option} must be true or false, not {value}",
    "option_int": "rule option {option} must be a whole number, not {value}",
    "option_text": "rule option {option} must be text, not {value}",
    "option_list": "rule option {option} must be a list, not {value}",
    "option_pairs": "rule option {option} must hold pairs of whole numbers, not {value}",
    "option_ints": "rule option {option} must hold whole numbers, not {value}",
    "option_texts": "rule option {option} must hold text, not {value}",
    "option_name_text": "rule options are named by text, not {value}",
    "unknown_option": "unknown rule option {option}",
    "unknown_option_close": "unknown rule option {option} (did you mean {close}?)",
    "options_by_name": "rule options are given by name, such as RuleSet(packs=2), not {value} by position",
    "option_value": "rule option {option} = {value}: {reason}",
    # why a value is refused (the reason of option_value)
    "range": "must be {low} to {high}",
    "at_least": "must be at least {least}",
    "not_negative": "must not be negative",
    "not_negative_penalty": "must not be negative (penalties are given as positive amounts)",
    "positive": "must be positive",
    "twice": "{item} is listed twice",
    "twice_keyed": "two values for {item}",
    "player_counts_range": "each player count must be 2 to 8",
    "players_allowed": "this rule set is for {counts} players",
    "team_size_divide": "must divide the {players} players into equal sides",
    "two_sides": "there must be at least two sides",
    "deal_too_big": "{players} hands of {hand_size} and an upcard need more than the {deck_size} cards",
    "not_supported": "not supported yet: {why}",
    "red3_wild_held": "red threes can be wild cards only where they are held in hand (red3_mode optional or "
                      "disclose)",
    "needs_upcard": "taking the upcard plus a stock card needs an upcard",
    "card_class": "unknown card class {item} ({choices})",
    "hand_schedule": "the hand schedule needs minimums (none negative)",
    "talon_sizes": "give at most one talon size per side, none negative",
    "rank_range": "ranks are 4 to 14 (ace)",
    "rank_points_pairs": "give (rank 4 to 14, points of at least 0) pairs",
    "joker_values": "give {values} values (0 to all {jokers} jokers), none negative",
    "sequence_windows": "each window is (lowest, highest) rank from 4 to 14 (ace), at least three ranks long",
    "merge_needs_melds": "merging needs several melds of a rank (one_meld_per_rank false)",
    "stock_draw_too_many": "more than the {stock} cards of the stock after the deal",
    "turn_card_stock": "the stock after the deal has only {stock} cards: the turn card must lie in it, with "
                       "fewer cards than that under it",
    "turn_card_talon": "the turn card only limits the talon: it needs a talon",
    "min_naturals_range": "a meld needs at least one natural, and a new meld is laid as three cards, so at "
                          "most 3 can be asked",
    "go_out_sequence": "going out would need a sequence canasta, but the rules have no sequences",
    "max_meld_size": "must be 0 (no limit) or at least canasta_size",
    "opening_needs_pair": "needs at least one (from score, minimum) pair",
    "opening_rising": "the 'from score' values must rise",
    "opening_negative": "a minimum must not be negative",
    "ask_needs_partner": "players without a partner cannot be made to ask one",
    "red3_values_list": "give the bonus for 0, 1, 2, ... red threes, none negative",
    "red3_zero": "no red threes must be worth 0",
    "red3_values_all": "give a value for up to all {threes} red threes",
    # ------------------------------------------------------------------ rule sets and house rules (presets)
    "unknown_preset": "unknown rule set {name}: choose one of {choices}",
    "unknown_preset_close": "unknown rule set {name} (did you mean {close}?): choose one of {choices}",
    "bundle_bool": "house-rule bundle {option} must be true or false, not {value}",
    "preset_name_text": "a rule set is named by text (one of {choices}), not {value}",
    "name_not_house_rule": "'name' is the preset a rule set derives from, not a house rule: it is {name} "
                           "here and cannot be overridden",
    "players_for": "rule option 'players' = {players}: {name} is for {counts} players",
    "rules_not_object": "rules must be an object of rule options",
    "rules_need_name": "the rule options need a 'name': the preset they derive from (or 'custom')",
    "rules_lack": "the rule options of {name} lack {options}: give every option",
    "rules_lack_more": "the rule options of {name} lack {options} ...: give every option",
    "rules_lack_many": "the rule options of {name} lack {missing} of the {total} options (such as {option}): "
                       "give every option, or use the preset with overrides",
    "players_twice": "the player count is given twice with different values",
    # ------------------------------------------------------------------ records and positions (records)
    "overrides_object": "'overrides' must be an object of rule options",
    "in_rules": "rules: {reason}",
    "rules_spec": "'rules' must be a preset name or an object with \"preset\" (and \"overrides\")",
    "cards_text_list": "{where}: expected cards as text, like \"KH KS 2C\" or [\"KH\", \"KS\"]",
    "cards_text": "{where}: expected cards as text, like \"KH KS 2C\"",
    "at": "{where}: {reason}",
    "key_int": "{key} must be a whole number, not {value}",
    "key_bool": "{key} must be true or false, not {value}",
    "key_per_seat": "{key} must be a list with one entry per seat ({count})",
    "key_per_side": "{key} must be a list with one entry per side ({count})",
    "key_count": "{key} must hold whole numbers of at least 0, not {value}",
    "position_object": "a position must be a JSON object",
    "position_key": "unknown position key {key}",
    "position_rules": "a position needs 'rules'",
    "seed_type": "'seed' must be a whole number or text",
    "hand_number": "'hand_number' counts hands from 0, not {value}",
    "dealer_turn": "'dealer' and 'turn' must be seats 0 to {last}",
    "scores_per_side": "'scores' must be {sides} whole numbers, one per side",
    "laid_three": "hands[{seat}]: a three is laid face up at once in these rules; put it in red_threes",
    "laid_red_three": "hands[{seat}]: a red three is laid face up at once in these rules; put it in "
                      "red_threes",
    "melds_list": "melds[{side}] must be a list of melds",
    "meld_rank_twice": "{where}: the side already has a meld of that rank",
    "only_threes": "red_threes[{seat}]: only threes go there",
    "only_red_threes": "red_threes[{seat}]: only red threes go there",
    "deck_count": "the position uses {used} x {face}, but the deck has only {have}",
    "laydown_seat": "laydown_seats[{side}] must be a seat of that side or -1",
    "fresh_red_threes": "fresh_red_threes[{seat}]: more than the red threes in that hand",
    "phase": "'phase' must be \"draw\", \"play\" or \"answer\"",
    "went_out_empty": "hand_over: seat {seat} went out, so hands[{seat}] must be empty",
    "no_card_after_draw": "hands[{seat}]: the player to move holds no card after drawing (in the play phase "
                          "a player with no cards has gone out, and the hand is over)",
    "cut_object": "'cut' must be an object with size (cards in the cut packet) and/or perfect",
    "cut_too_big": "'cut': a cut of {size} cards is more than the deck's {deck_size}",
    "cut_perfect": "'cut': a cut of {size} is perfect here (the deal is {dealt} cards)",
    "cut_not_perfect": "'cut': a cut of {size} is not perfect here (the deal is {dealt} cards)",
    "hand_over_object": "hand_over must be an object with reason, out_seat and concealed",
    "hand_over_reason": "hand_over: reason must be one of {choices}",
    "hand_over_seat": "hand_over: out_seat must be a seat 0 to {last} (or -1: nobody)",
    "hand_over_who": "hand_over: out_seat names the player who went out, and only when the reason is "
                     "went_out",
    "hand_over_concealed": "hand_over: only going out can be concealed",
    "score_needs_end": "a position to score needs 'hand_over' (how the hand ended)",
    "answer_needs_turn_state": "a position in the answer phase needs a turn_state",
    "turn_state_object": "'turn_state' must be an object",
    "turn_state_key": "unknown turn_state key {key}",
    "turn_state_bool": "turn_state {key} must be true or false",
    "turn_state_melds": "turn_state 'melds_before_turn' is more than the side's melds",
    "turn_state_answer": "turn_state 'answer' must be \"yes\", \"no\" or null",
    "turn_state_ask_phase": "turn_state 'ask_phase' must be \"draw\" or \"play\"",
    "answer_needs_partner": "the answer phase needs a partner to answer",
    "turn_state_stage": "turn_state 'stage' is {stage} with these facts, not {value}",
    "yes_boxed": "turn_state 'table_at_yes' goes with the answer \"yes\" where cards shown after it are "
                 "boxed",
    "yes_object": "turn_state 'table_at_yes' must be an object with melds, opened and red_threes",
    "yes_fields": "turn_state 'table_at_yes': melds must be a list of melds and opened true or false",
    "yes_card": "turn_state 'table_at_yes': {face} is not in the side's melds now (cards are only added to "
                "the table after the yes)",
    "yes_red_threes": "turn_state 'table_at_yes': red_threes is more than the red threes the player has laid",
    "start_position": "a record's start is a position (a JSON object), not {value}",
    "replay_upto": "replay up to a number of actions (0 or more), not {value}",
    "seed_mismatch": "the record's seed {seed} does not match its actions: at action {action} ({notation}) "
                     "seat {seat} does not hold {card} (a changed seed, or actions from another game?)",
    "action_refused": "action {action} ({notation}) cannot be played: {reason}",
    "result_differs": "the record does not replay to its saved result: saved {saved}, replayed {replayed}",
    "record_object": "a game record must be a JSON object",
    "record_format": "not a game record (its 'format' is not {format})",
    "record_version": "unsupported record version {value} (this reads {version})",
    "record_lacks": "the record has no {key}",
    "actions_list": "'actions' must be a list",
    "action_text": "action {action} must be text, not {value}",
    "action_bad": "action {action}: {reason}",
    "dealer_seat": "'dealer' must be a seat 0 to {last}",
    "start_object": "'start' must be a position object",
    "result_object": "'result' must be an object",
    "not_utf8": "not UTF-8 text: {why} at byte {byte}",
    "json_text": "expected JSON text, not {value}",
    "json_invalid": "not valid JSON: {why}",
    "json_where": "a mistake at line {line}, column {column}",
    "json_deep": "not a record: its JSON nests too deeply",
    "file_path": "a record's file is named by a path, not {value}",
    "save_what": "save a GameRecord (GameRecord.of(state)), not {value}",
    "record_cannot_write": "cannot write {path}: {why}",
    "record_cannot_read": "cannot read {path}: {why}",
    "in_file": "{path}: {reason}",
    # an optional extra a run asked for (canasta.parallel)
    "extra_missing": "{option} needs the optional '{extra}' extra: pip install 'canasta[{extra}]'",
    # bots and levels (canasta.bots)
    "think_range": "a thinking budget is 1 to {most} (times the Expert's), not {value}",
    "think_not_search": "{bot} does not search: a thinking budget (':{budget}') is for {searchers}",
    "think_whole": "a thinking budget is a whole number from 1 to {most}, not {value}",
    "unknown_bot": "unknown bot {bot}: choose one of {choices}",
    "unknown_bot_close": "unknown bot {bot} (did you mean {close}?): choose one of {choices}",
    # canasta play's seats and level (tui.session)
    "seats_word": "--seats: {word} is neither 'human' nor 'bot'",
    "seats_count": ("--seats: {n} seat given but {rules} is played by {players}",
                    "--seats: {n} seats given but {rules} is played by {players}"),
    "seats_human": "--seats: at least one seat must be a human",
    "level_choice": "--level must be one of {levels}",
    # a saved game of canasta play (tui.session)
    "save_json": "not a saved game (bad JSON: {why})",
    "save_deep": "not a saved game (its JSON is nested too deeply)",
    "save_format": "not a saved game of canasta play (format {format} expected)",
    "save_seats": "saved game: 'seats' must be a list of \"human\" / \"bot\"",
    "save_level": "saved game: unknown level {level}",
    "save_bad": "saved game: {reason}",
    "save_utf8": "cannot read {path}: not UTF-8 text (byte {byte}), so not a saved game",
    # ------------------------------------------------------------------ cards and actions written as text
    "card_face": "{token}: not a card (card faces are 0 to 52)",
    "card_text": "{token}: a card is written as text, like KH",
    "card_empty": "{token}: empty card",
    "card_shape": "{token}: a card is a rank and a suit (for example KH), or JK for a joker",
    "card_rank": "{token}: unknown rank {rank_text} (ranks are A K Q J T 9 8 7 6 5 4 3 2)",
    "card_suit": "{token}: unknown suit {suit_text} (suits are C D H S)",
    "cards_notation": "{token}: cards are written as text, like \"KH TS 2C\"",
    "card_number": "{token}: a card is a number from 0 to 52 (or notation text)",
    "cards_kind": "{token}: cards are notation text or a list of card numbers",
    "action_text_notation": "{token}: an action is written as text, like \"discard KH\"",
    "action_empty": "{token}: empty action",
    "action_unknown": "{token}: unknown action (actions are {ops})",
    "declare_form": "{token}: write declare as: declare {hands} [CARD to discard]",
    "declare_discard": "{token}: a special hand discards at most one card",
    "one_meld_number": "{token}: only one meld number is allowed",
    "merge_two": "{token}: merge takes two meld numbers",
    "meld_number": "{token}: a meld number is @ and a whole number, like @0",
    "meld_number_from": "{token}: meld numbers start at @0",
    "merge_form": "{token}: write merge as: merge @N @M",
    "takes_nothing": "{token}: '{op}' takes no cards or meld number",
    "add_form": "{token}: write add as: add @N CARD",
    "takes_no_meld": "{token}: '{op}' takes no meld number",
    "discard_one_card": "{token}: discard exactly one card",
    "meld_cards": "{token}: a meld needs cards",
    "top_form": "{token}: write top as: top CARD CARD ... (two or more cards from hand)",
    # ------------------------------------------------------------------ why the system refused (os_reason)
    "os_enoent": "there is no such file or folder",
    "os_eacces": "permission denied",
    "os_eperm": "the system does not permit it",
    "os_eexist": "it exists already",
    "os_enospc": "the disk is full",
    "os_edquot": "the disk space allowed to this user is used up",
    "os_erofs": "the disk is read-only",
    "os_eisdir": "it is a folder, not a file",
    "os_enotdir": "a part of the path is not a folder",
    "os_enametoolong": "the name is too long",
    "os_eaddrinuse": "the port is in use already (by another program, or a canasta server already running)",
    "os_eaddrnotavail": "this computer has no such address",
    "os_econnrefused": "the connection was refused",
    "os_unknown_host": "no computer is known by that name",
}

# the common OS errors said in the reader's language (an uncommon one keeps the system's own words)
OS_REASONS: Final[dict[int, str]] = {
    errno.ENOENT: "os_enoent", errno.EACCES: "os_eacces", errno.EPERM: "os_eperm",
    errno.EEXIST: "os_eexist", errno.ENOSPC: "os_enospc", errno.EDQUOT: "os_edquot",
    errno.EROFS: "os_erofs", errno.EISDIR: "os_eisdir", errno.ENOTDIR: "os_enotdir",
    errno.ENAMETOOLONG: "os_enametoolong", errno.EADDRINUSE: "os_eaddrinuse",
    errno.EADDRNOTAVAIL: "os_eaddrnotavail", errno.ECONNREFUSED: "os_econnrefused",
}
# a host name the resolver does not know (``socket.gaierror``: its own numbers, not errno's)
_UNKNOWN_HOST = {getattr(socket, name) for name in ("EAI_NONAME", "EAI_NODATA", "EAI_FAIL")
                 if hasattr(socket, name)}

E = TypeVar("E", bound=CanastaError)


def template_of(code: str) -> Template:
    """The English template of a library error's code, or of an engine refusal's (a record's action
    refused by the rules is a nested reason with the engine's code)."""
    found = ERRORS.get(code)
    return found if found is not None else REFUSALS[code]


def english(code: str, data: Mapping[str, Any]) -> str:
    """The English sentence of ``code`` with ``data`` (nested reasons said in English too)."""
    return render(template_of(code), data, lookup=template_of)


def reason(code: str, **data: Any) -> dict[str, Any]:
    """A nested message: the reason inside another one (the ``reason`` datum)."""
    return {"code": code, "data": data}


def os_reason(e: OSError) -> dict[str, Any] | str:
    """Why the system refused, as a ``why`` datum: a common OS error by its errno as a nested message
    (said in the reader's language: ``no such file or folder``), an uncommon one as the system's own
    text (``[Errno 5] Input/output error`` is still the detail a volunteer can search for)."""
    if isinstance(e, socket.gaierror):
        return reason("os_unknown_host") if e.errno in _UNKNOWN_HOST else str(e.strerror or e)
    code = OS_REASONS.get(e.errno) if isinstance(e.errno, int) else None
    return reason(code) if code is not None else str(e.strerror or e)


def json_reason(e: json.JSONDecodeError) -> dict[str, Any]:
    """Where a JSON text is broken, as a ``why`` datum said in the reader's language (Python's own
    words for the mistake, ``Expecting value``, are English only)."""
    return reason("json_where", line=e.lineno, column=e.colno)


def catalogue_key(e: BaseException) -> str | None:
    """The catalogue's key of an error's sentence: ``error.<code>`` for a library error with a code
    of :data:`ERRORS`, ``refusal.<code>`` for a move the rules refuse; None for an error said only in
    English (or by a club tool's own table, ``server.<code>``)."""
    code = getattr(e, "code", "")
    if isinstance(e, IllegalAction):
        return f"refusal.{code}" if code in REFUSALS else None
    if isinstance(e, (RuleError, RecordError, NotationError, BotError, SeatError, MissingExtra)) \
            and code in ERRORS:
        return f"error.{code}"
    return None


def reason_of(e: BaseException) -> dict[str, Any] | str:
    """An error as the reason inside another: its code and data where it has them, else its English."""
    if catalogue_key(e) is not None and isinstance(e, CanastaError):
        return {"code": e.code, "data": dict(e.data)}
    return str(e)


def coded(kind: type[E], code: str, **data: Any) -> E:
    """An error of ``kind`` with ``code``, ``data`` and its English sentence."""
    return kind(english(code, data), code, data)


def rule_error(code: str, **data: Any) -> RuleError:
    return coded(RuleError, code, **data)


def record_error(code: str, **data: Any) -> RecordError:
    return coded(RecordError, code, **data)
