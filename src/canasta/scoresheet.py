"""The score keeper of a paper game: each hand entered as the table writes it, priced by the engine.

Most club canasta is played with real cards and scored on paper, each club with its own sheet. A
``ScoreSheet`` takes, for each hand and side, what happened (canastas by kind, threes, going out,
the count of the melds and of the cards left, penalties) and scores it with the engine's own
``scoring.price_side``: the same function that scores an online hand, so there is no second
arithmetic. It also says each side's opening minimum for the next hand, when the game ends and who
won (``scoring.game_winner``), keeps every correction with who made it and when, and writes CSV.

A sheet may start in the middle of a game (``start_scores``, ``first_hand``): many clubs carry the
totals to a new sheet, and the next opening minimums follow from them.

An entry that cannot be true is refused with the reason, before anything is kept: more threes,
jokers or canastas than the packs hold, canastas worth more than the melded cards counted, going
out without the canastas the rules need, a count beyond all the cards. Refusals are a code and its
data (``canasta.messages``), with English templates here.

    >>> from canasta.presets import rules
    >>> sheet = ScoreSheet(rules("american"), ["We", "They"])
    >>> we = {"red_threes": 5, "black_threes_laid": 2, "natural_canastas": 2, "mixed_canastas": 1,
    ...       "went_out": True, "table": 325}
    >>> they = {"red_threes": 3, "black_threes_laid": 0, "natural_canastas": 2, "mixed_canastas": 1,
    ...         "table": 275}
    >>> [s.total for s in sheet.add_hand([we, they], who="North").sides]   # S3 K's sheet
    [2525, 2075]
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from .cards import JOKER, full_deck
from .errors import CanastaError
from .messages import ENGLISH, Template, render
from .rules import RuleSet
from .scoring import HandResult, SideScore, SideTally, game_winner, moral_winner, penalty_points, price_side

#: English templates of the score keeper's refusals, by code. Data: ``side`` a side's name, ``line``
#: a line's name (written with its label: ``EntryField``), ``rank`` a rank, other numbers; ``n`` the
#: count that chooses a plural form.
MESSAGES: dict[str, Template] = {
    "entry_not_lines": "{side}: an entry is a set of lines (name: value)",
    "not_a_line": "{side}: '{name}' is not a line of the {rules} score sheet",
    "not_a_line_hint": "{side}: '{name}' is not a line of the {rules} score sheet (did you mean {hint}?)",
    "yes_no": "{side}, {line}: yes or no, not {value}",
    "whole_number": "{side}, {line}: must be a whole number, not {value}",
    "negative": "{side}, {line}: cannot be negative ({value}): write the points as counted, the sheet "
                "subtracts what must be subtracted",
    "line_too_big": "{side}, {line}: {value} is more than a hand can hold",
    "count_step": "{side}, {line}: {value}, but cards count in {step}s: count again",
    "rank_canastas": "{side}: more canastas of {rank} ({count}) than natural canastas ({natural}): count "
                     "them among the natural canastas too",
    "jokers_sum": "{side}: the wild-card canastas by jokers ({count}) must add up to the wild-card canastas "
                  "({wild})",
    "black_over_threes": "{side}: more black threes ({black}) than threes laid ({threes})",
    "concealed_not_out": "{side}: 'concealed' is said of the side that went out",
    "special_value": "{side}: a special hand is worth one of {allowed}, not {value}",
    "special_not_out": "{side}: a special hand is shown by the side that goes out with it",
    "special_alone": "{side}: a side showing a special hand scores only its award: leave its other lines "
                     "empty",
    "out_without_canastas": ("{side} went out with {n} canasta, but these rules need {need} to go out",
                             "{side} went out with {n} canastas, but these rules need {need} to go out"),
    "out_without_sequence": "{side} went out without a sequence canasta, but these rules need one to go out",
    "table_below_canastas": ("{side}: a canasta holds at least {least} points, but the melded cards count "
                             "{table}: count again",
                             "{side}: {n} canastas hold at least {least} points, but the melded cards "
                             "count {table}: count again"),
    "count_beyond": "{side}, {line}: {value}, but all the cards of the {packs} packs count {most}: "
                    "count again",
    "held_beyond": "{side}, {line}: {value}, but the side has {most} players",
    "stuck_beyond": "{side}, {line}: {value}, but the side's {players} players can be caught at most "
                    "{most} times",
    "sides_count": "a hand has one entry per side ({sides}), not {got}",
    "one_out": "only one side can go out in a hand",
    "one_cut": "only one side can have the perfect cut in a hand",
    "one_last_three": "the last card of the stock was one side's three, not both sides'",
    "threes_beyond": "{count} threes between the sides, but the {packs} packs hold {most}",
    "red_threes_beyond": "{count} red threes between the sides, but the {packs} packs hold {most}",
    "black_threes_beyond": "{count} black threes between the sides, but the {packs} packs hold {most}",
    "jokers_beyond": "{count} jokers in the wild-card melds between the sides, but the {packs} packs "
                     "hold {most}",
    "rank_canastas_beyond": "{count} canastas of {rank} between the sides, but the {packs} packs hold "
                            "enough for {most}",
    "canastas_beyond": "{count} natural and mixed canastas between the sides, but the {packs} packs hold "
                       "enough for {most}",
    "naturals_beyond": "the canastas entered need at least {need} natural cards between the sides, but "
                       "the {packs} packs hold {most}",
    "wilds_beyond": "the canastas entered need at least {need} wild cards between the sides, but the "
                    "{packs} packs hold {most}",
    "counts_beyond": "the counts entered add up to {value}, but all the cards of the {packs} packs "
                     "count {most}: count again",
    "names_not_list": "a sheet's names are a list with the name of each side",
    "names_count": "the {rules} rules have {sides} sides, so the sheet needs {sides} names, not {got}",
    "sheet_over": "the game is over: {side} won; start a new sheet",
    "say_who_fix": "say who makes the correction: it is kept in the sheet's log",
    "say_who_remove": "say who removes the hand: it is kept in the sheet's log",
    "no_such_hand": "there is no hand {hand} on this sheet (hands {first} to {last})",
    "no_hand_yet": "there is no hand {hand} on this sheet: no hand has been entered",
    "no_such_side": "there is no side {side_no} (sides 1 to {sides})",
    "no_changes": "a correction names the lines to change",
    "ends_earlier": "with this correction the game would have ended before the last hand entered; "
                    "remove the later hands first",
    "nothing_to_remove": "no hand has been entered",
    "start_sides": "the carried totals are one per side ({sides}), not {got}",
    "start_total": "a carried total must be a whole number up to {most}, not {value}",
    "start_hand": "the first hand on the sheet is hand 1 or later, not {value}",
    "start_hand_past": "a game of these rules has {hands} hands, so a sheet cannot start at hand {value}",
    "start_over": "with these totals the game is already over: {side} has {score}, the target is {target}",
    "not_a_line_text": "'{part}' is not a line: write name=value, or a name alone for yes",
    "damaged": "not a score sheet: its {part} is missing or not what a sheet holds",
    "damaged_log_side": "not a score sheet: its log names side {side_no}, but the sheet has {sides} sides",
    "damaged_number": "not a score sheet: its {part} holds {value}, not a whole number",
}


class SheetError(CanastaError):
    """A score-sheet entry or correction that cannot be taken: a code and its data (the message is
    the English sentence)."""

    def __init__(self, code: str, data: Mapping[str, Any], message: str) -> None:
        super().__init__(message)
        self.code = code
        self.data = dict(data)
        self.message = message


def refusal(code: str, labels: Mapping[str, str] | None = None, **data: Any) -> SheetError:
    """A :class:`SheetError` with its English sentence; ``labels`` names the lines (``line`` data)."""
    shown = dict(data)
    if "line" in shown and labels is not None:
        shown["line"] = labels.get(shown["line"], shown["line"])
    return SheetError(code, data, render(MESSAGES[code], shown))


@dataclass(frozen=True)
class EntryField:
    """One thing a table writes down for a side, as the page and the command ask for it. ``label``
    and ``help`` are English; ``key``, ``data`` and ``help_key`` say them in any language (the
    templates are :data:`LINES`)."""

    name: str
    kind: str       # count | points | yes_no
    label: str
    help: str = ""
    key: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    help_key: str = ""
    #: the engine's parts of a side's score (:data:`SCORE_PARTS`) this line is priced in: what the
    #: sheet's CSV has a column for (:func:`sheet_parts`)
    parts: tuple[str, ...] = ()

    @property
    def common(self) -> bool:
        """A line most hands need (the page shows the others on request)."""
        return self.name in COMMON_LINES

    @property
    def plain_label(self) -> str:
        """The label without the "... of them" that ties it to the line above."""
        return self.label.removeprefix("... ")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "label": self.label, "help": self.help, "key": self.key,
                "data": dict(self.data), "help_key": self.help_key, "common": self.common}


#: The score sheet's lines and their notes in English, by key (the catalogues' template is
#: extracted from here; the page and the command say them in the reader's language).
LINES: dict[str, Template] = {
    "sheet.natural_canastas": "Natural canastas",
    "sheet.natural_canastas.help": "no wild cards: red canastas",
    "sheet.mixed_canastas": "Mixed canastas",
    "sheet.mixed_canastas.help": "with wild cards: black canastas",
    "sheet.sequence_canastas": "Sequence canastas",
    "sheet.wild_canastas": "Wild-card canastas",
    "sheet.canastas_of": "... of them, natural canastas of {rank}",
    "sheet.wild_canastas_with": {"one": "... of them, wild-card canastas with {n} joker",
                                 "other": "... of them, wild-card canastas with {n} jokers"},
    "sheet.short_melds_of": "Unfinished melds of {rank}",
    "sheet.short_wild_melds_with": {"one": "Unfinished wild-card melds with {n} joker",
                                    "other": "Unfinished wild-card melds with {n} jokers"},
    "sheet.threes": "Threes laid",
    "sheet.threes.help": "red and black",
    "sheet.red_threes": "Red threes laid",
    "sheet.black_threes_laid": "... of them black",
    "sheet.last_three": "The last card of the stock was our three",
    "sheet.black_threes_melded": "Black threes melded going out",
    "sheet.table": "Count of the melded cards",
    "sheet.table.help": "black threes apart",
    "sheet.hand": "Count of the cards left in hand",
    "sheet.hand.help": "threes apart",
    "sheet.red_threes_in_hand_players": "Red threes kept in hand (players)",
    "sheet.red_threes_in_hand_cards": "Red threes kept in hand (cards)",
    "sheet.red_threes_in_hand.help": "any three",
    "sheet.black_threes_in_hand": "Black threes left in hand",
    "sheet.stuck": "Players caught with too many sevens or aces",
    "sheet.went_out": "Went out",
    "sheet.concealed": "... concealed (all at once)",
    "sheet.perfect_cut": "Perfect cut",
    "sheet.failed_go_out": "Asked to go out and could not (times)",
    "sheet.exposed_cards": "Cards exposed by mistake",
    "sheet.other_penalties": "Other penalties (points)",
    "sheet.other_penalties.help": "as the director rules",
    "sheet.special": "Special hand (its award)",
    "sheet.special.help": "one of {awards}",
}


def _line(name: str, kind: str, key: str, help_key: str = "", *, parts: tuple[str, ...],
          **data: Any) -> EntryField:
    """A line whose label (and note) are the English of ``LINES[key]`` with ``data``, priced in the
    engine's ``parts``."""
    return EntryField(name, kind, render(LINES[key], data), render(LINES[help_key], data) if help_key else "",
                      key, data, help_key, parts)


COMMON_LINES = frozenset({"natural_canastas", "mixed_canastas", "sequence_canastas", "wild_canastas",
                          "red_threes", "black_threes_laid", "black_threes_melded", "table", "hand",
                          "went_out", "concealed"})

#: Line names of older sheets (ranks written as digits and letters, which the command line refused).
_OLD_NAMES = re.compile(r"(canastas_of|short_melds_of)_([0-9]+|[AKQJT])")
_RANK_CODE = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}


def _rank_word(rank: int) -> str:
    """A rank in a line's name, in words, lower case (``canastas_of_sevens``): typed at the command
    line, so never a capital or a digit that reads as another line."""
    return ENGLISH.rank_many[rank]


def entry_fields(r: RuleSet) -> list[EntryField]:
    """What to ask for each side under these rules, in the order a score sheet lists it: only the
    lines the rule set prices (no sequence canastas in classic, no sevens' canastas outside S3),
    each with the engine's parts it is priced in (``scoring.price_side``)."""
    bonus = ("canasta_bonus",)
    out = [_line("natural_canastas", "count", "sheet.natural_canastas", "sheet.natural_canastas.help",
                 parts=("natural_canastas", *bonus)),
           _line("mixed_canastas", "count", "sheet.mixed_canastas", "sheet.mixed_canastas.help",
                 parts=("mixed_canastas", *bonus))]
    if r.sequences:
        out.append(_line("sequence_canastas", "count", "sheet.sequence_canastas",
                         parts=("sequence_canastas", *bonus)))
    if r.wild_melds:
        out.append(_line("wild_canastas", "count", "sheet.wild_canastas", parts=("wild_canastas", *bonus)))
    for rank, _v in r.rank_canasta_bonus:
        out.append(_line(f"canastas_of_{_rank_word(rank)}", "count", "sheet.canastas_of", parts=bonus,
                         rank=rank))
    for j in range(len(r.wild_canasta_by_jokers)):
        out.append(_line(f"wild_canastas_with_{j}_jokers", "count", "sheet.wild_canastas_with", parts=bonus,
                         n=j))
    short = ("incomplete",)
    for rank, _v in r.rank_incomplete_penalty:
        out.append(_line(f"short_melds_of_{_rank_word(rank)}", "count", "sheet.short_melds_of", parts=short,
                         rank=rank))
    for j in range(len(r.wild_incomplete_by_jokers)):
        out.append(_line(f"short_wild_melds_with_{j}_jokers", "count", "sheet.short_wild_melds_with",
                         parts=short, n=j))
    threes = r.red3_mode == "threes"
    laid = ("red_threes", "red_three_points")
    out.append(_line("red_threes", "count", "sheet.threes", "sheet.threes.help", parts=laid) if threes
               else _line("red_threes", "count", "sheet.red_threes", parts=laid))
    if threes:
        out.append(_line("black_threes_laid", "count", "sheet.black_threes_laid",
                         parts=("red_three_points",)))
    if r.last_three_penalty:
        out.append(_line("last_three", "yes_no", "sheet.last_three", parts=("red_three_points",)))
    if r.black3_meld_scoring == "table" or r.black3_four_bonus:
        # priced by the threes' table (S0 [F](ii){b}) and / or as a bonus for going out with four
        out.append(_line("black_threes_melded", "count", "sheet.black_threes_melded",
                         parts=(*(("black_threes",) if r.black3_meld_scoring == "table" else ()),
                                *(("going_out",) if r.black3_four_bonus else ()))))
    out += [_line("table", "points", "sheet.table",
                  "sheet.table.help" if r.black3_meld_scoring == "table" else "", parts=("table",)),
            _line("hand", "points", "sheet.hand",
                  "sheet.hand.help" if r.red3_hand_penalty or r.black3_hand_penalty else "", parts=("hand",))]
    if r.red3_hand_penalty:
        per = "players" if r.red3_hand_penalty_per == "player" else "cards"
        out.append(_line("red_threes_in_hand", "count", f"sheet.red_threes_in_hand_{per}",
                         "sheet.red_threes_in_hand.help" if threes else "", parts=("threes_held",)))
    if r.black3_hand_penalty:
        out.append(_line("black_threes_in_hand", "count", "sheet.black_threes_in_hand",
                         parts=("threes_held",)))
    if r.stuck_ranks:
        out.append(_line("stuck", "count", "sheet.stuck", parts=("stuck",)))
    out.append(_line("went_out", "yes_no", "sheet.went_out", parts=("going_out",)))
    if r.concealed and r.concealed_bonus != r.going_out_bonus:
        out.append(_line("concealed", "yes_no", "sheet.concealed", parts=("going_out", "concealed")))
    if r.perfect_cut_bonus:
        out.append(_line("perfect_cut", "yes_no", "sheet.perfect_cut", parts=("perfect_cut",)))
    play = ("penalties",)
    if r.failed_go_out_penalty:
        out.append(_line("failed_go_out", "count", "sheet.failed_go_out", parts=play))
    if r.exposed_card_penalty:
        out.append(_line("exposed_cards", "count", "sheet.exposed_cards", parts=play))
    out.append(_line("other_penalties", "points", "sheet.other_penalties", "sheet.other_penalties.help",
                     parts=play))
    specials = _specials(r)
    if specials:
        out.append(_line("special", "points", "sheet.special", "sheet.special.help", parts=("special",),
                         awards=", ".join(map(str, specials))))
    return out


def sheet_parts(r: RuleSet) -> tuple[str, ...]:
    """The engine's parts of a side's score (:data:`SCORE_PARTS`, in its order) a sheet of these
    rules can score: those its lines (:func:`entry_fields`) are priced in. Any other part is nought
    on every hand of such a sheet (sequence canastas in classic), so the CSV has no column for it."""
    priced = {p for f in entry_fields(r) for p in f.parts}
    return tuple(p for p in SCORE_PARTS if p in priced)


def _specials(r: RuleSet) -> list[int]:
    return sorted({v for v in (r.special_pairs, r.special_pairs_wild, r.special_garbage, r.special_straight)
                   if v})


def _labels(r: RuleSet) -> dict[str, str]:
    return {f.name: f.plain_label for f in entry_fields(r)}


def _number(who: str, line: str, value: Any, kind: str, labels: Mapping[str, str]) -> int:
    def no(code: str, shown: Any) -> SheetError:
        return refusal(code, labels, side=who, line=line, value=shown)
    if kind == "yes_no":
        if isinstance(value, bool):
            return int(value)
        word = value.strip().lower() if isinstance(value, str) else None
        if word in ("yes", "y", "true", "1", "no", "n", "false", "0", ""):
            return int(word in ("yes", "y", "true", "1"))
        if isinstance(value, int) and value in (0, 1):
            return value
        raise no("yes_no", repr(value))
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise no("whole_number", repr(value))
    try:
        n = int(value.strip() or "0") if isinstance(value, str) else value
    except ValueError:
        raise no("whole_number", repr(value)) from None
    if n < 0:
        raise no("negative", n)
    if n > 100_000:
        raise no("line_too_big", n)
    return n


def _line_name(key: str) -> str:
    """A line's name, from older sheets' names too (``canastas_of_7`` is ``canastas_of_sevens``)."""
    m = _OLD_NAMES.fullmatch(key)
    if m is None:
        return key
    code = m.group(2)
    rank = next((r for r, c in _RANK_CODE.items() if c == code), None) or int(code)
    return f"{m.group(1)}_{_rank_word(rank)}" if rank in ENGLISH.rank_many else key


def read_entry(r: RuleSet, entry: dict[str, Any],
               side_name: str = "") -> tuple[dict[str, int], SideTally]:
    """Check one side's entry against the rules and make its tally; an unknown or impossible line
    is refused with its name (nothing is taken). What needs both sides (the packs' cards, going
    out) is checked by ``check_hand``."""
    who = side_name or "a side"
    fields_ = entry_fields(r)
    asked = {f.name: f for f in fields_}
    labels = {f.name: f.plain_label for f in fields_}
    if not isinstance(entry, dict):
        raise refusal("entry_not_lines", side=who)
    clean: dict[str, int] = {}
    for key, value in entry.items():
        name = _line_name(str(key))
        f = asked.get(name)
        if f is None:
            close = [n for n in asked if n.split("_")[0] == str(key).split("_")[0]]
            if close:
                raise refusal("not_a_line_hint", side=who, name=str(key), rules=r.name, hint=close[0])
            raise refusal("not_a_line", side=who, name=str(key), rules=r.name)
        n = _number(who, name, value, f.kind, labels)
        if n:
            clean[name] = n
    g = clean.get
    natural, mixed = g("natural_canastas", 0), g("mixed_canastas", 0)
    seq, wild = g("sequence_canastas", 0), g("wild_canastas", 0)
    rank_canastas = tuple((rank, g(f"canastas_of_{_rank_word(rank)}", 0))
                          for rank, _v in r.rank_canasta_bonus)
    for rank, count in rank_canastas:
        if count > natural - sum(c for x, c in rank_canastas if x != rank):
            raise refusal("rank_canastas", side=who, rank=rank, count=count, natural=natural)
    by_jokers = tuple(g(f"wild_canastas_with_{j}_jokers", 0) for j in range(len(r.wild_canasta_by_jokers)))
    if r.wild_canasta_by_jokers and sum(by_jokers) != wild:
        raise refusal("jokers_sum", side=who, count=sum(by_jokers), wild=wild)
    threes = g("red_threes", 0)
    black_laid = g("black_threes_laid", 0)
    if black_laid > threes:
        raise refusal("black_over_threes", side=who, black=black_laid, threes=threes)
    if g("concealed") and not g("went_out"):
        raise refusal("concealed_not_out", side=who)
    special = g("special", 0)
    allowed = _specials(r)
    if special and special not in allowed:
        raise refusal("special_value", side=who, allowed=", ".join(map(str, allowed)), value=special)
    if special and not g("went_out"):
        raise refusal("special_not_out", side=who)
    if special and set(clean) - {"special", "went_out"}:
        raise refusal("special_alone", side=who)
    step = _point_step(r)
    for key in ("table", "hand", "other_penalties"):
        if g(key, 0) % step:
            raise refusal("count_step", labels, side=who, line=key, value=g(key), step=step)
    red_held, black_held = g("red_threes_in_hand", 0), g("black_threes_in_hand", 0)
    if r.red3_hand_penalty and r.red3_hand_penalty_per == "player":
        if red_held > r.team_size:
            raise refusal("held_beyond", labels, side=who, line="red_threes_in_hand", value=red_held,
                          most=r.team_size)
        held = (*((1, 0) for _ in range(red_held)), (0, black_held))
    else:
        held = ((red_held, black_held),)
    most_stuck = r.team_size * len(r.stuck_ranks)
    if g("stuck", 0) > most_stuck:
        raise refusal("stuck_beyond", labels, side=who, line="stuck", value=g("stuck"), players=r.team_size,
                      most=most_stuck)
    canastas = natural + mixed + seq + wild
    tally = SideTally(
        natural_canastas=natural, mixed_canastas=mixed, sequence_canastas=seq, wild_canastas=wild,
        rank_canastas=tuple(x for x in rank_canastas if x[1]),
        wild_canastas_by_jokers=by_jokers,
        incomplete_ranks=tuple((rank, g(f"short_melds_of_{_rank_word(rank)}", 0))
                               for rank, _v in r.rank_incomplete_penalty),
        incomplete_wild_by_jokers=tuple(g(f"short_wild_melds_with_{j}_jokers", 0)
                                        for j in range(len(r.wild_incomplete_by_jokers))),
        red_threes=threes, black_threes_laid=black_laid, last_three=bool(g("last_three")),
        melded=bool(canastas or g("table") or g("black_threes_melded") or g("went_out")),
        black_three_meld_cards=g("black_threes_melded", 0), black_threes_melded=g("black_threes_melded", 0),
        table=g("table", 0), hand=g("hand", 0), threes_in_hand=held, stuck=g("stuck", 0),
        went_out=bool(g("went_out")), concealed=bool(g("concealed")), perfect_cut=bool(g("perfect_cut")),
        penalties=penalty_points(r, g("failed_go_out", 0), g("exposed_cards", 0)) + g("other_penalties", 0),
        special=special)
    return clean, tally


def _point_step(r: RuleSet) -> int:
    """The step every count of cards moves in (5 in every preset): a count off that step is a
    counting mistake."""
    step = 0
    for v in (r.value_joker, r.value_two, r.value_ace, r.value_high, r.value_low, r.value_red3,
              r.value_black3, r.failed_go_out_penalty, r.exposed_card_penalty):
        step = math.gcd(step, abs(v))
    return step or 1


@dataclass(frozen=True)
class _Packs:
    """What the packs of a rule set hold, for the limits of what a hand can show."""

    red_threes: int
    black_threes: int
    jokers: int
    wilds: int           # deuces and jokers (and red threes where they are wild)
    naturals: int        # cards of the ranks that make canastas (4 to ace)
    per_rank: int        # cards of one rank
    points: int          # every card at its card value
    least_natural: int   # the lowest card value of a natural card
    least_wild: int      # ... of a wild card
    least_sequence: int  # the lowest count of a sequence canasta
    natural_ranks: tuple[int, ...]


@lru_cache(maxsize=64)
def _packs(r: RuleSet) -> _Packs:
    deck = full_deck(r.packs, r.jokers_per_pack)
    naturals = [f for f in deck if f != JOKER and f // 4 + 2 >= 4]
    wild_faces = [f for f in deck if f == JOKER or f // 4 == 0]
    red3 = sum(1 for f in deck if f != JOKER and f // 4 == 1 and f % 4 in (1, 2))
    least_wild = min(r.card_value(f) for f in wild_faces)
    wilds = len(wild_faces) + (red3 if r.red3_wild else 0)
    if r.red3_wild:
        least_wild = min(least_wild, r.value_red3)
    value = {rank: r.card_value((rank - 2) * 4) for rank in range(4, 15)}
    seqs = [sum(value[x] for x in range(lo, lo + r.canasta_size)) for lo, hi in r.sequences
            if lo + r.canasta_size - 1 <= min(hi, 14)]
    return _Packs(red_threes=red3, black_threes=r.packs * 4 - red3 if r.packs else 0,
                  jokers=deck.count(JOKER), wilds=wilds, naturals=len(naturals), per_rank=r.packs * 4,
                  points=sum(r.card_value(f) for f in deck), least_natural=min(value.values()),
                  least_wild=least_wild, least_sequence=min(seqs, default=0),
                  natural_ranks=tuple(value))


def _least_table(r: RuleSet, p: _Packs, t: SideTally) -> int:
    """The fewest points the side's canastas can count on the table (each canasta at its cheapest
    cards: sevens' at seven, a mixed canasta one wild card and the rest fours)."""
    size = r.canasta_size
    rank_least = sum(n * size * r.card_value((rank - 2) * 4) for rank, n in t.rank_canastas)
    plain = t.natural_canastas - sum(n for _r, n in t.rank_canastas)
    least = rank_least + plain * size * p.least_natural
    least += t.mixed_canastas * ((size - 1) * p.least_natural + p.least_wild)
    least += t.sequence_canastas * p.least_sequence
    if t.wild_canastas_by_jokers:
        joker, two = r.value_joker, r.value_two
        least += sum(n * (j * joker + (size - j) * two) for j, n in enumerate(t.wild_canastas_by_jokers))
    else:
        least += t.wild_canastas * size * p.least_wild
    return least


def check_hand(r: RuleSet, names: list[str], tallies: list[SideTally]) -> None:
    """Refuse a hand that cannot be true: two sides out, going out without the canastas the rules
    need, canastas worth more than the cards counted, more threes, jokers, canastas or points than
    the packs hold (both sides together)."""
    labels = _labels(r)
    p = _packs(r)
    if sum(t.went_out for t in tallies) > 1:
        raise refusal("one_out")
    if sum(t.perfect_cut for t in tallies) > 1:
        raise refusal("one_cut")
    if sum(t.last_three for t in tallies) > 1:
        raise refusal("one_last_three")
    for name, t in zip(names, tallies, strict=True):
        canastas = t.natural_canastas + t.mixed_canastas + t.sequence_canastas + t.wild_canastas
        if t.went_out and not t.special:
            if canastas < r.go_out_canastas:
                raise refusal("out_without_canastas", side=name, n=canastas, need=r.go_out_canastas)
            if r.go_out_sequence and not t.sequence_canastas:
                raise refusal("out_without_sequence", side=name)
        least = _least_table(r, p, t)
        if t.table < least:
            raise refusal("table_below_canastas", side=name, n=canastas, least=least, table=t.table)
        for line, value in (("table", t.table), ("hand", t.hand)):
            if value > p.points:
                raise refusal("count_beyond", labels, side=name, line=line, value=value, packs=r.packs,
                              most=p.points)
    packs = r.packs

    def most(code: str, count: int, limit: int, **more: Any) -> None:
        if count > limit:
            raise refusal(code, count=count, packs=packs, most=limit, **more)

    held_red = sum(red for t in tallies for red, _b in t.threes_in_hand)
    held_black = sum(black for t in tallies for _r, black in t.threes_in_hand)
    laid = sum(t.red_threes for t in tallies)
    if r.red3_mode == "threes":
        most("threes_beyond", laid + held_red + held_black, p.red_threes + p.black_threes)
    else:
        most("red_threes_beyond", laid + held_red, p.red_threes)
        most("black_threes_beyond", held_black + sum(t.black_threes_melded for t in tallies), p.black_threes)
    jokers = sum(j * n for t in tallies for j, n in enumerate(t.wild_canastas_by_jokers))
    jokers += sum(j * n for t in tallies for j, n in enumerate(t.incomplete_wild_by_jokers))
    most("jokers_beyond", jokers, p.jokers)
    size = r.canasta_size
    fewest_naturals = max(r.min_naturals, size - r.max_wilds, 1)
    for rank in {x for t in tallies for x, _n in t.rank_canastas}:
        most("rank_canastas_beyond", sum(dict(t.rank_canastas).get(rank, 0) for t in tallies),
             p.per_rank // size, rank=rank)
    groups = sum(t.natural_canastas + t.mixed_canastas for t in tallies)
    most("canastas_beyond", groups, len(p.natural_ranks) * (p.per_rank // fewest_naturals))
    naturals = sum(size * (t.natural_canastas + t.sequence_canastas) + fewest_naturals * t.mixed_canastas
                   for t in tallies)
    if naturals > p.naturals:
        raise refusal("naturals_beyond", need=naturals, packs=packs, most=p.naturals)
    wilds = sum(t.mixed_canastas + size * t.wild_canastas for t in tallies)
    if wilds > p.wilds:
        raise refusal("wilds_beyond", need=wilds, packs=packs, most=p.wilds)
    counted = sum(t.table + t.hand for t in tallies)
    if counted > p.points:
        raise refusal("counts_beyond", value=counted, packs=packs, most=p.points)


@dataclass
class Correction:
    """One change to an entered hand: who made it, when, and each line's value before and after
    (``hand`` is the hand's place on this sheet, from 0)."""

    at: str
    who: str
    hand: int
    side: int
    changes: dict[str, tuple[int, int]]

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "who": self.who, "hand": self.hand, "side": self.side,
                "changes": {k: list(v) for k, v in self.changes.items()}}


MAX_CARRIED = 1_000_000


@dataclass
class ScoreSheet:
    """A paper game's sheet: the rule set, the sides' names, the entries of every hand, the log.

    ``start_scores`` are the totals carried in from an earlier sheet and ``first_hand`` the number
    of the sheet's first hand in the game, from 0 (both nothing for a new game): the opening
    minimums, the game's end and a game of N hands count from them."""

    rules: RuleSet
    names: list[str] = field(default_factory=list)
    entries: list[list[dict[str, int]]] = field(default_factory=list)
    log: list[Correction] = field(default_factory=list)
    entered_by: list[tuple[str, str]] = field(default_factory=list)   # (who, when) per hand
    start_scores: tuple[int, ...] = ()
    first_hand: int = 0

    def __post_init__(self) -> None:
        r = self.rules
        n = r.sides
        if not isinstance(self.names, (list, tuple)) or not all(isinstance(x, str) for x in self.names):
            # (a text would be split into its letters, one side's name each)
            raise refusal("names_not_list")
        if not self.names:
            self.names = ["We", "They"] if n == 2 else [f"Side {i + 1}" for i in range(n)]
        if len(self.names) != n:
            raise refusal("names_count", rules=r.name, sides=n, got=len(self.names))
        self.names = [str(x).strip()[:40] or f"Side {i + 1}" for i, x in enumerate(self.names)]
        start = list(self.start_scores) or [0] * n
        if len(start) != n:
            raise refusal("start_sides", sides=n, got=len(start))
        for v in start:
            if isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_CARRIED:
                raise refusal("start_total", most=MAX_CARRIED, value=repr(v))
        self.start_scores = tuple(start)
        first = self.first_hand
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < 1000:
            raise refusal("start_hand", value=repr(first + 1 if isinstance(first, int) else first))
        if r.game_hands and first >= r.game_hands:
            raise refusal("start_hand_past", hands=r.game_hands, value=first + 1)
        leaders = [i for i, v in enumerate(start) if v == max(start)]
        if (not r.win_requires_going_out and max(start) >= r.target_score and len(leaders) == 1):
            raise refusal("start_over", side=self.names[leaders[0]], score=max(start), target=r.target_score)

    @property
    def carried(self) -> bool:
        """The sheet goes on from an earlier one (totals carried in, or a later first hand)."""
        return self.first_hand > 0 or any(self.start_scores)

    # ---------------------------------------------------------------- entering
    def _tallies(self, entries: list[dict[str, Any]]) -> tuple[list[dict[str, int]], list[SideTally]]:
        r = self.rules
        if not isinstance(entries, list) or len(entries) != r.sides:
            got = len(entries) if isinstance(entries, list) else repr(entries)[:40]
            raise refusal("sides_count", sides=r.sides, got=got)
        read = [read_entry(r, e, self.names[i]) for i, e in enumerate(entries)]
        clean, tallies = [c for c, _t in read], [t for _c, t in read]
        if sum(t.went_out for t in tallies) > 1:
            raise refusal("one_out")
        return clean, tallies

    def add_hand(self, entries: list[dict[str, Any]], who: str = "") -> SheetHand:
        """Enter the next hand; the game must not be over. Returns the hand's scores."""
        if self.winner >= 0:
            raise refusal("sheet_over", side=self.names[self.winner])
        clean, tallies = self._tallies(entries)
        check_hand(self.rules, self.names, tallies)
        self.entries.append(clean)
        self.entered_by.append((who.strip()[:40], _now()))
        return self.results()[-1]

    def hand_index(self, number: int) -> int:
        """The place on this sheet of the hand numbered ``number`` in the game (from 1, as written)."""
        first = self.first_hand + 1
        if not first <= number < first + len(self.entries):
            if not self.entries:
                raise refusal("no_hand_yet", hand=number)
            raise refusal("no_such_hand", hand=number, first=first, last=first + len(self.entries) - 1)
        return number - first

    def side_index(self, number: int) -> int:
        """The side numbered ``number`` (from 1)."""
        if not 1 <= number <= self.rules.sides:
            raise refusal("no_such_side", side_no=number, sides=self.rules.sides)
        return number - 1

    def correct(self, hand: int, side: int, changes: dict[str, Any], who: str) -> SheetHand:
        """Change lines of an entered hand (``hand``: its place on the sheet, from 0; a line set to 0
        is cleared). Every later hand is scored again; the change is logged with ``who`` and the
        time. Nothing changes if it is refused."""
        if not who.strip():
            raise refusal("say_who_fix")
        self.hand_index(hand + self.first_hand + 1)
        self.side_index(side + 1)
        if not isinstance(changes, dict) or not changes:
            raise refusal("no_changes")
        new = [dict(e) for e in self.entries[hand]]
        new[side].update({_line_name(str(k)): v for k, v in changes.items()})
        clean, tallies = self._tallies([dict(e) for e in new])
        check_hand(self.rules, self.names, tallies)
        before = self.entries[hand][side]
        diff = {k: (before.get(k, 0), clean[side].get(k, 0)) for k in sorted(set(before) | set(clean[side]))
                if before.get(k, 0) != clean[side].get(k, 0)}
        trial = self._with_entries([*self.entries[:hand], clean, *self.entries[hand + 1:]])
        results = trial.results()
        if any(res.winner_after >= 0 for res in results[:-1]):
            raise refusal("ends_earlier")
        self.entries[hand] = clean
        if diff:
            self.log.append(Correction(_now(), who.strip()[:40], hand, side, diff))
        return results[hand]

    def _with_entries(self, entries: list[list[dict[str, int]]]) -> ScoreSheet:
        return ScoreSheet(self.rules, self.names, entries, start_scores=self.start_scores,
                          first_hand=self.first_hand)

    def remove_last(self, who: str) -> None:
        """Take off the last hand entered (logged)."""
        if not self.entries:
            raise refusal("nothing_to_remove")
        if not who.strip():
            raise refusal("say_who_remove")
        last = len(self.entries) - 1
        for side, e in enumerate(self.entries[last]):
            gone = {k: (v, 0) for k, v in e.items()}
            self.log.append(Correction(_now(), who.strip()[:40], last, side, gone))
        self.entries.pop()
        self.entered_by.pop()

    # ---------------------------------------------------------------- reading
    def results(self) -> list[SheetHand]:
        """Every hand's scores with the running totals, as the engine prices them."""
        r = self.rules
        scores = list(self.start_scores)
        out: list[SheetHand] = []
        for i, entry in enumerate(self.entries):
            n = self.first_hand + i
            tallies = [read_entry(r, e)[1] for e in entry]
            out_side = next((s for s, t in enumerate(tallies) if t.went_out), -1)
            sides = tuple(price_side(r, t, out_side >= 0) for t in tallies)
            after = tuple(scores[s] + sides[s].total for s in range(r.sides))
            result = HandResult(n, "went_out" if out_side >= 0 else "stock_out", out_side, sides, after,
                                moral_winner(r, after, out_side))
            scores = list(after)
            winner = game_winner(r, scores, n, out_side)
            out.append(SheetHand(result, winner, tuple(r.opening_for(s, n + 1) for s in scores)))
        return out

    @property
    def scores(self) -> tuple[int, ...]:
        res = self.results()
        return res[-1].scores_after if res else self.start_scores

    @property
    def winner(self) -> int:
        """The side that has won, or -1 while the game goes on."""
        res = self.results()
        return res[-1].winner_after if res else -1

    @property
    def moral_winner(self) -> int:
        """S0 [K](ii): the moral winner after the last hand (nobody went out, a side leads at the
        target), or -1."""
        res = self.results()
        return res[-1].result.moral_winner if res and res[-1].winner_after < 0 else -1

    def minimums(self) -> tuple[int, ...]:
        """Each side's opening minimum for the next hand."""
        res = self.results()
        if res:
            return res[-1].next_minimums
        return tuple(self.rules.opening_for(s, self.first_hand) for s in self.start_scores)

    # ---------------------------------------------------------------- writing
    def to_dict(self) -> dict[str, Any]:
        out = {"rules": self.rules.options(), "names": self.names, "entries": self.entries,
               "entered_by": [list(x) for x in self.entered_by], "log": [c.to_dict() for c in self.log]}
        if self.carried:
            out["start"] = {"scores": list(self.start_scores), "first_hand": self.first_hand + 1}
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ScoreSheet:
        """A sheet from its stored form; a damaged one is refused with what is wrong (never half read)."""
        from .presets import rules_from_options

        def part(name: str, kind: type, default: Any = None) -> Any:
            value = d.get(name, default)
            if not isinstance(value, kind):
                raise refusal("damaged", part=name)
            return value

        if not isinstance(d, dict):
            raise refusal("damaged", part="text")
        try:
            r = rules_from_options(part("rules", dict))
        except (CanastaError, TypeError, ValueError, KeyError, AttributeError):
            raise refusal("damaged", part="rules") from None
        start = part("start", dict, {})
        scores = start.get("scores", [])
        first = start.get("first_hand", 1)
        if not isinstance(scores, list) or not all(_whole(x) for x in scores) or not _whole(first):
            raise refusal("damaged", part="start")
        names = part("names", list)
        if not all(isinstance(x, str) for x in names):
            raise refusal("damaged", part="names")
        sheet = cls(r, list(names), start_scores=tuple(scores), first_hand=first - 1)
        who_list = part("entered_by", list, [])
        for i, hand in enumerate(part("entries", list)):
            clean, _t = sheet._tallies(hand)
            sheet.entries.append(clean)
            pair = who_list[i] if i < len(who_list) else ["", ""]
            if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(x, str) for x in pair):
                raise refusal("damaged", part="entered_by")
            sheet.entered_by.append((pair[0], pair[1]))
        for c in part("log", list, []):
            sheet.log.append(_read_correction(c, r.sides))
        return sheet

    def rows(self, words: Callable[[str], str] | None = None) -> list[list[str | int]]:
        """The sheet as a spreadsheet's rows: one per hand and side with each part of the score these
        rules can score (:func:`sheet_parts`) in words,
        S3 K's Base, Count, Penalties and Total, the running total and the next opening minimum; a
        sheet carried over from another starts with a row of the totals carried in. ``words`` says
        a heading (or yes / no) by its key of :data:`CSV_WORDS` in the reader's language (default:
        English); the numbers are ints, for the writer of the reader's file
        (:mod:`canasta.i18n.spreadsheet`) to write as that reader's spreadsheet reads numbers."""
        say = words if words is not None else CSV_WORDS.__getitem__
        columns = sheet_parts(self.rules)
        out: list[list[str | int]] = [
            [say("csv.hand"), say("csv.side"), *(say(f"csv.part.{c}") for c in columns),
             *(say(f"csv.{c}") for c in ("base", "count", "all_penalties", "total", "running_total",
                                           "next_minimum", "entered_by"))]]
        blank: list[str | int] = [""] * (len(columns) + 4)
        if self.carried:
            for side, total in enumerate(self.start_scores):
                out.append([say("csv.carried"), self.names[side], *blank, total,
                            self.rules.opening_for(total, self.first_hand), ""])
        yes, no = say("csv.yes"), say("csv.no")
        for i, h in enumerate(self.results()):
            for side, s in enumerate(h.sides):
                d = s.to_dict()
                parts = [(yes if d[c] else no) if c == "concealed" else int(d[c]) for c in columns]
                out.append([self.first_hand + i + 1, self.names[side], *parts, s.base, s.count,
                            s.all_penalties, s.total, h.scores_after[side], h.next_minimums[side],
                            self.entered_by[i][0]])
        return out

    def csv(self, words: Callable[[str], str] | None = None) -> str:
        """:meth:`rows` as plain CSV for a program (``,``, no byte order mark); the files people
        download (the server's, ``canasta score csv``) are written for their spreadsheet by
        :mod:`canasta.i18n.spreadsheet`."""
        buf = io.StringIO()
        csv.writer(buf).writerows(self.rows(words))
        return buf.getvalue()


#: The engine's parts of a side's score, in the CSV's order (``SideScore``'s fields but the total),
#: with their headings in words; a sheet's CSV has those its rules can score (:func:`sheet_parts`).
SCORE_PARTS = {
    "natural_canastas": "Natural canastas", "mixed_canastas": "Mixed canastas",
    "sequence_canastas": "Sequence canastas", "wild_canastas": "Wild-card canastas",
    "canasta_bonus": "Canasta bonuses", "red_threes": "Threes laid", "red_three_points": "Three points",
    "black_threes": "Black threes melded going out", "going_out": "Going out", "concealed": "Concealed",
    "special": "Special hand", "perfect_cut": "Perfect cut", "table": "Cards on the table",
    "hand": "Cards left in hand", "incomplete": "Unfinished melds", "stuck": "Sevens or aces stuck",
    "threes_held": "Threes kept in hand", "penalties": "Penalties of play",
}
#: The CSV's other headings, in words (one "Hand" column: the hand's number).
CSV_HEADINGS = {
    "hand": "Hand", "side": "Side", "base": "Base", "count": "Count", "all_penalties": "Penalties",
    "total": "Hand total", "running_total": "Running total", "next_minimum": "Next opening minimum",
    "entered_by": "Entered by", "carried": "Carried in",
}

#: The CSV's words by key (the catalogues' ``csv.*``): the columns of the engine's parts
#: (``csv.part.<part>``), the other headings and the concealed column's yes / no.
CSV_WORDS: dict[str, str] = {
    **{f"csv.part.{k}": v for k, v in SCORE_PARTS.items()},
    **{f"csv.{k}": v for k, v in CSV_HEADINGS.items()},
    "csv.yes": "yes", "csv.no": "no",
}


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _read_correction(c: Any, sides: int) -> Correction:
    if not isinstance(c, dict):
        raise refusal("damaged", part="log")
    at, who, hand, side, changes = (c.get(k) for k in ("at", "who", "hand", "side", "changes"))
    if not isinstance(at, str) or not isinstance(who, str) or not isinstance(changes, dict):
        raise refusal("damaged", part="log")
    if not isinstance(hand, int) or isinstance(hand, bool) or hand < 0:
        raise refusal("damaged_number", part="log", value=repr(hand))
    if not isinstance(side, int) or isinstance(side, bool):
        raise refusal("damaged_number", part="log", value=repr(side))
    if not 0 <= side < sides:
        raise refusal("damaged_log_side", side_no=side + 1, sides=sides)
    out: dict[str, tuple[int, int]] = {}
    for k, v in changes.items():
        if not isinstance(v, list) or len(v) != 2:
            raise refusal("damaged", part="log")
        for x in v:
            if not _whole(x):
                raise refusal("damaged_number", part="log", value=repr(x))
        out[str(k)] = (v[0], v[1])
    return Correction(at, who, hand, side, out)


@dataclass(frozen=True)
class SheetHand:
    """A hand on the sheet: the engine's result, the winner once it has ended the game (-1 while
    the game goes on) and the opening minimums for the next hand."""

    result: HandResult
    winner_after: int
    next_minimums: tuple[int, ...]

    @property
    def sides(self) -> tuple[SideScore, ...]:
        return self.result.sides

    @property
    def scores_after(self) -> tuple[int, ...]:
        return self.result.scores_after

    def to_dict(self) -> dict[str, Any]:
        return self.result.to_dict() | {"winner": self.winner_after,
                                        "next_minimums": list(self.next_minimums)}


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def parse_line(text: str) -> dict[str, Any]:
    """One side's entry typed as ``natural_canastas=2 mixed=1 went_out table=325``: a bare name is
    yes; used by ``canasta score``."""
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        m = re.fullmatch(r"([a-z_0-9]+)(?:=(.*))?", part.strip())
        if not m:
            raise refusal("not_a_line_text", part=part)
        out[m.group(1)] = m.group(2) if m.group(2) is not None else True
    return out


__all__ = ["CSV_HEADINGS", "CSV_WORDS", "MESSAGES", "SCORE_PARTS", "Correction", "EntryField", "ScoreSheet",
           "SheetError", "SheetHand", "check_hand", "entry_fields", "parse_line", "read_entry", "refusal",
           "sheet_parts"]
