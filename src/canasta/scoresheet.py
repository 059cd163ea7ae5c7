"""The score keeper of a paper game: each hand entered as the table writes it, priced by the engine.

Most club canasta is played with real cards and scored on paper, each club with its own sheet. A
``ScoreSheet`` takes, for each hand and side, what happened (canastas by kind, threes, going out,
the count of the melds and of the cards left, penalties) and scores it with the engine's own
``scoring.price_side``: the same function that scores an online hand, so there is no second
arithmetic. It also says each side's opening minimum for the next hand, when the game ends and who
won (``scoring.game_winner``), keeps every correction with who made it and when, and writes CSV.

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
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import Any

from .errors import CanastaError
from .messages import Template, render
from .rules import RuleSet
from .scoring import HandResult, SideScore, SideTally, game_winner, moral_winner, penalty_points, price_side


class SheetError(CanastaError):
    """A score-sheet entry or correction that cannot be taken; the message names what is wrong."""


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

    @property
    def common(self) -> bool:
        """A line most hands need (the page shows the others on request)."""
        return self.name in COMMON_LINES


#: The score sheet's lines and their notes in English, by key (the catalogues' template is
#: extracted from here; the page and the command say them in the reader's language).
LINES: dict[str, Template] = {
    "sheet.natural_canastas": "Natural canastas",
    "sheet.natural_canastas.help": "no wild cards (red canastas)",
    "sheet.mixed_canastas": "Mixed canastas",
    "sheet.mixed_canastas.help": "with wild cards (black canastas)",
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


def _line(name: str, kind: str, key: str, help_key: str = "", **data: Any) -> EntryField:
    """A line whose label (and note) are the English of ``LINES[key]`` with ``data``."""
    return EntryField(name, kind, render(LINES[key], data), render(LINES[help_key], data) if help_key else "",
                      key, data, help_key)


COMMON_LINES = frozenset({"natural_canastas", "mixed_canastas", "sequence_canastas", "wild_canastas",
                          "red_threes", "black_threes_laid", "black_threes_melded", "table", "hand",
                          "went_out", "concealed"})


_RANK_KEY = {7: "7", 14: "A"}


def entry_fields(r: RuleSet) -> list[EntryField]:
    """What to ask for each side under these rules, in the order a score sheet lists it: only the
    lines the rule set prices (no sequence canastas in classic, no sevens' canastas outside S3)."""
    out = [_line("natural_canastas", "count", "sheet.natural_canastas", "sheet.natural_canastas.help"),
           _line("mixed_canastas", "count", "sheet.mixed_canastas", "sheet.mixed_canastas.help")]
    if r.sequences:
        out.append(_line("sequence_canastas", "count", "sheet.sequence_canastas"))
    if r.wild_melds:
        out.append(_line("wild_canastas", "count", "sheet.wild_canastas"))
    for rank, _v in r.rank_canasta_bonus:
        out.append(_line(f"canastas_of_{_RANK_KEY.get(rank, rank)}", "count", "sheet.canastas_of", rank=rank))
    for j in range(len(r.wild_canasta_by_jokers)):
        out.append(_line(f"wild_canastas_with_{j}_jokers", "count", "sheet.wild_canastas_with", n=j))
    for rank, _v in r.rank_incomplete_penalty:
        out.append(_line(f"short_melds_of_{_RANK_KEY.get(rank, rank)}", "count", "sheet.short_melds_of",
                         rank=rank))
    for j in range(len(r.wild_incomplete_by_jokers)):
        out.append(_line(f"short_wild_melds_with_{j}_jokers", "count", "sheet.short_wild_melds_with", n=j))
    threes = r.red3_mode == "threes"
    out.append(_line("red_threes", "count", "sheet.threes", "sheet.threes.help") if threes
               else _line("red_threes", "count", "sheet.red_threes"))
    if threes:
        out.append(_line("black_threes_laid", "count", "sheet.black_threes_laid"))
    if r.last_three_penalty:
        out.append(_line("last_three", "yes_no", "sheet.last_three"))
    if r.black3_meld_scoring == "table" or r.black3_four_bonus:
        out.append(_line("black_threes_melded", "count", "sheet.black_threes_melded"))
    out += [_line("table", "points", "sheet.table",
                  "sheet.table.help" if r.black3_meld_scoring == "table" else ""),
            _line("hand", "points", "sheet.hand",
                  "sheet.hand.help" if r.red3_hand_penalty or r.black3_hand_penalty else "")]
    if r.red3_hand_penalty:
        per = "players" if r.red3_hand_penalty_per == "player" else "cards"
        out.append(_line("red_threes_in_hand", "count", f"sheet.red_threes_in_hand_{per}",
                         "sheet.red_threes_in_hand.help" if threes else ""))
    if r.black3_hand_penalty:
        out.append(_line("black_threes_in_hand", "count", "sheet.black_threes_in_hand"))
    if r.stuck_ranks:
        out.append(_line("stuck", "count", "sheet.stuck"))
    out.append(_line("went_out", "yes_no", "sheet.went_out"))
    if r.concealed_bonus != r.going_out_bonus:
        out.append(_line("concealed", "yes_no", "sheet.concealed"))
    if r.perfect_cut_bonus:
        out.append(_line("perfect_cut", "yes_no", "sheet.perfect_cut"))
    if r.failed_go_out_penalty:
        out.append(_line("failed_go_out", "count", "sheet.failed_go_out"))
    if r.exposed_card_penalty:
        out.append(_line("exposed_cards", "count", "sheet.exposed_cards"))
    out.append(_line("other_penalties", "points", "sheet.other_penalties", "sheet.other_penalties.help"))
    specials = sorted({v for v in (r.special_pairs, r.special_pairs_wild, r.special_garbage,
                                   r.special_straight) if v})
    if specials:
        out.append(_line("special", "points", "sheet.special", "sheet.special.help",
                         awards=", ".join(map(str, specials))))
    return out


def _number(name: str, value: Any, kind: str) -> int:
    if kind == "yes_no":
        if isinstance(value, bool):
            return int(value)
        word = value.strip().lower() if isinstance(value, str) else None
        if word in ("yes", "y", "true", "1", "no", "n", "false", "0", ""):
            return int(word in ("yes", "y", "true", "1"))
        if isinstance(value, int) and value in (0, 1):
            return value
        raise SheetError(f"{name} is yes or no, not {value!r}")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise SheetError(f"{name} must be a whole number, not {value!r}")
    try:
        n = int(value.strip() or "0") if isinstance(value, str) else value
    except ValueError:
        raise SheetError(f"{name} must be a whole number, not {value!r}") from None
    if n < 0:
        raise SheetError(f"{name} cannot be negative ({n}): write the points as counted, the sheet "
                         f"subtracts what must be subtracted")
    if n > 100_000:
        raise SheetError(f"{name} of {n} is more than a hand can hold")
    return n


def read_entry(r: RuleSet, entry: dict[str, Any], side_name: str = "") -> tuple[dict[str, int], SideTally]:
    """Check one side's entry against the rules and make its tally; an unknown or impossible line
    is refused with its name (nothing is taken)."""
    if not isinstance(entry, dict):
        raise SheetError(f"{side_name or 'a side'}: an entry is a set of lines (name: value)")
    asked = {f.name: f for f in entry_fields(r)}
    who = f"{side_name}: " if side_name else ""
    clean: dict[str, int] = {}
    for key, value in entry.items():
        f = asked.get(key)
        if f is None:
            close = [n for n in asked if n.split("_")[0] == str(key).split("_")[0]]
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise SheetError(f"{who}{key!r} is not a line of the {r.name} score sheet{hint}")
        n = _number(f"{who}{f.label.lstrip('. ')}", value, f.kind)
        if n:
            clean[key] = n
    g = clean.get
    natural, mixed = g("natural_canastas", 0), g("mixed_canastas", 0)
    seq, wild = g("sequence_canastas", 0), g("wild_canastas", 0)
    rank_canastas = tuple((rank, g(f"canastas_of_{_RANK_KEY.get(rank, rank)}", 0))
                          for rank, _v in r.rank_canasta_bonus)
    if sum(n for _r, n in rank_canastas) > natural:
        raise SheetError(f"{who}more canastas of sevens or aces than natural canastas ({natural}): "
                         f"count them among the natural canastas too")
    by_jokers = tuple(g(f"wild_canastas_with_{j}_jokers", 0) for j in range(len(r.wild_canasta_by_jokers)))
    if r.wild_canasta_by_jokers and sum(by_jokers) != wild:
        raise SheetError(f"{who}the wild-card canastas by jokers ({sum(by_jokers)}) must add up to the "
                         f"wild-card canastas ({wild})")
    threes = g("red_threes", 0)
    black_laid = g("black_threes_laid", 0)
    if black_laid > threes:
        raise SheetError(f"{who}more black threes ({black_laid}) than threes laid ({threes})")
    deck_threes = r.packs * (4 if r.red3_mode == "threes" else 2)
    if threes > deck_threes:
        raise SheetError(f"{who}{threes} threes laid, but the {r.packs} packs hold {deck_threes}")
    if g("concealed") and not g("went_out"):
        raise SheetError(f"{who}'concealed' is said of the side that went out")
    special = g("special", 0)
    allowed = {v for v in (r.special_pairs, r.special_pairs_wild, r.special_garbage, r.special_straight) if v}
    if special and special not in allowed:
        raise SheetError(f"{who}a special hand is worth one of {sorted(allowed)}, not {special}")
    if special and not g("went_out"):
        raise SheetError(f"{who}a special hand is shown by the side that goes out with it")
    step = _point_step(r)
    for key in ("table", "hand"):
        if g(key, 0) % step:
            raise SheetError(f"{who}{asked[key].label.lower()} is {g(key)}, but cards count in {step}s: "
                             f"count again")
    red_held, black_held = g("red_threes_in_hand", 0), g("black_threes_in_hand", 0)
    if r.red3_hand_penalty and r.red3_hand_penalty_per == "player":
        held = (*((1, 0) for _ in range(red_held)), (0, black_held))
    else:
        held = ((red_held, black_held),)
    canastas = natural + mixed + seq + wild
    tally = SideTally(
        natural_canastas=natural, mixed_canastas=mixed, sequence_canastas=seq, wild_canastas=wild,
        rank_canastas=tuple(x for x in rank_canastas if x[1]),
        wild_canastas_by_jokers=by_jokers,
        incomplete_ranks=tuple((rank, g(f"short_melds_of_{_RANK_KEY.get(rank, rank)}", 0))
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
    from math import gcd
    step = 0
    for v in (r.value_joker, r.value_two, r.value_ace, r.value_high, r.value_low, r.value_red3,
              r.value_black3):
        step = gcd(step, abs(v))
    return step or 1


@dataclass
class Correction:
    """One change to an entered hand: who made it, when, and each line's value before and after."""

    at: str
    who: str
    hand: int
    side: int
    changes: dict[str, tuple[int, int]]

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "who": self.who, "hand": self.hand, "side": self.side,
                "changes": {k: list(v) for k, v in self.changes.items()}}


@dataclass
class ScoreSheet:
    """A paper game's sheet: the rule set, the sides' names, the entries of every hand, the log."""

    rules: RuleSet
    names: list[str] = field(default_factory=list)
    entries: list[list[dict[str, int]]] = field(default_factory=list)
    log: list[Correction] = field(default_factory=list)
    entered_by: list[tuple[str, str]] = field(default_factory=list)   # (who, when) per hand

    def __post_init__(self) -> None:
        n = self.rules.sides
        if not self.names:
            self.names = ["We", "They"] if n == 2 else [f"Side {i + 1}" for i in range(n)]
        if len(self.names) != n:
            raise SheetError(f"the {self.rules.name} rules have {n} sides, so the sheet needs {n} names, "
                             f"not {len(self.names)}")
        self.names = [str(x).strip()[:40] or f"Side {i + 1}" for i, x in enumerate(self.names)]

    # ---------------------------------------------------------------- entering
    def _tallies(self, entries: list[dict[str, Any]]) -> tuple[list[dict[str, int]], list[SideTally]]:
        r = self.rules
        if not isinstance(entries, list) or len(entries) != r.sides:
            raise SheetError(f"a hand has one entry per side ({r.sides}), not {entries!r:.60}")
        read = [read_entry(r, e, self.names[i]) for i, e in enumerate(entries)]
        out = [t for _c, t in read]
        if sum(t.went_out for t in out) > 1:
            raise SheetError("only one side can go out in a hand")
        return [c for c, _t in read], out

    def add_hand(self, entries: list[dict[str, Any]], who: str = "") -> SheetHand:
        """Enter the next hand; the game must not be over. Returns the hand's scores."""
        if self.winner >= 0:
            raise SheetError(f"the game is over: {self.names[self.winner]} won; start a new sheet")
        clean, _t = self._tallies(entries)
        self.entries.append(clean)
        self.entered_by.append((who.strip()[:40], _now()))
        return self.results()[-1]

    def correct(self, hand: int, side: int, changes: dict[str, Any], who: str) -> SheetHand:
        """Change lines of an entered hand (a line set to 0 is cleared). Every later hand is scored
        again; the change is logged with ``who`` and the time. Nothing changes if it is refused."""
        if not who.strip():
            raise SheetError("say who makes the correction: it is kept in the sheet's log")
        if not 0 <= hand < len(self.entries):
            raise SheetError(f"there is no hand {hand + 1} on this sheet ({len(self.entries)} entered)")
        if not 0 <= side < self.rules.sides:
            raise SheetError(f"there is no side {side + 1}")
        if not isinstance(changes, dict) or not changes:
            raise SheetError("a correction names the lines to change")
        new = [dict(e) for e in self.entries[hand]]
        new[side].update(changes)
        clean, _t = self._tallies([dict(e) for e in new])
        before = self.entries[hand][side]
        diff = {k: (before.get(k, 0), clean[side].get(k, 0)) for k in sorted(set(before) | set(clean[side]))
                if before.get(k, 0) != clean[side].get(k, 0)}
        trial = ScoreSheet(self.rules, self.names, [*self.entries[:hand], clean, *self.entries[hand + 1:]])
        results = trial.results()
        if any(res.winner_after >= 0 for res in results[:-1]):
            raise SheetError("with this correction the game would have ended before the last hand entered; "
                             "remove the later hands first")
        self.entries[hand] = clean
        if diff:
            self.log.append(Correction(_now(), who.strip()[:40], hand, side, diff))
        return results[hand]

    def remove_last(self, who: str) -> None:
        """Take off the last hand entered (logged)."""
        if not self.entries:
            raise SheetError("no hand has been entered")
        if not who.strip():
            raise SheetError("say who removes the hand: it is kept in the sheet's log")
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
        scores = [0] * r.sides
        out: list[SheetHand] = []
        for n, entry in enumerate(self.entries):
            tallies = [read_entry(r, e)[1] for e in entry]
            out_side = next((i for i, t in enumerate(tallies) if t.went_out), -1)
            sides = tuple(price_side(r, t, out_side >= 0) for t in tallies)
            after = tuple(scores[i] + sides[i].total for i in range(r.sides))
            result = HandResult(n, "went_out" if out_side >= 0 else "stock_out", out_side, sides, after,
                                moral_winner(r, after, out_side))
            scores = list(after)
            winner = game_winner(r, scores, n, out_side)
            out.append(SheetHand(result, winner, tuple(r.opening_for(s, n + 1) for s in scores)))
        return out

    @property
    def scores(self) -> tuple[int, ...]:
        res = self.results()
        return res[-1].scores_after if res else (0,) * self.rules.sides

    @property
    def winner(self) -> int:
        """The side that has won, or -1 while the game goes on."""
        res = self.results()
        return res[-1].winner_after if res else -1

    def minimums(self) -> tuple[int, ...]:
        """Each side's opening minimum for the next hand."""
        res = self.results()
        if res:
            return res[-1].next_minimums
        return tuple(self.rules.opening_for(0, 0) for _ in range(self.rules.sides))

    # ---------------------------------------------------------------- writing
    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.options(), "names": self.names, "entries": self.entries,
                "entered_by": [list(x) for x in self.entered_by], "log": [c.to_dict() for c in self.log]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ScoreSheet:
        from .presets import rules_from_options
        try:
            sheet = cls(rules_from_options(d["rules"]), list(d["names"]))
            for i, hand in enumerate(d["entries"]):
                clean, _t = sheet._tallies(hand)
                sheet.entries.append(clean)
                who, at = (d.get("entered_by") or [])[i] if i < len(d.get("entered_by") or []) else ("", "")
                sheet.entered_by.append((str(who), str(at)))
            sheet.log = [Correction(str(c["at"]), str(c["who"]), int(c["hand"]), int(c["side"]),
                                    {k: (int(v[0]), int(v[1])) for k, v in c["changes"].items()})
                         for c in d.get("log", [])]
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise SheetError(f"not a score sheet: {e!r:.80}") from None
        return sheet

    def csv(self) -> str:
        """The sheet as CSV: one row per hand and side with every scoring line, the hand's total and
        the running total (S3 K's Base, Count, Penalties, Total columns among them)."""
        buf = io.StringIO()
        cols = [f.name for f in fields(SideScore)]
        w = csv.writer(buf)
        w.writerow(["hand", "side", *cols, "base", "count", "running_total", "next_minimum", "entered_by"])
        for n, h in enumerate(self.results()):
            for side, s in enumerate(h.sides):
                d = s.to_dict()
                w.writerow([n + 1, self.names[side], *[int(d[c]) for c in cols], s.base, s.count,
                            h.scores_after[side], h.next_minimums[side], self.entered_by[n][0]])
        return buf.getvalue()


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
            raise SheetError(f"{part!r} is not a line: write name=value, or a name alone for yes")
        out[m.group(1)] = m.group(2) if m.group(2) is not None else True
    return out


__all__ = ["Correction", "EntryField", "ScoreSheet", "SheetError", "SheetHand", "entry_fields",
           "parse_line", "read_entry"]
