"""Issue 36, the command line and the library hardened, as a new user tries them: worker processes
capped at the games and the cores and none left behind by Ctrl-C; a huge number of games refused
clearly; bad values at every public entry point answered with the library's own error, in the
plain and the compiled build alike (CI runs this file against the compiled wheel too)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from canasta import (
    Action,
    CanastaError,
    GameState,
    IllegalAction,
    NotationError,
    Op,
    RecordError,
    RuleError,
    SeatError,
    rules,
)
from canasta.parallel import MAX_JOBS, check_games, local_workers, run_parallel
from canasta.presets import rules_from_options
from canasta.records import GameRecord, load, position, read_json, save, score_position
from canasta.scoresheet import ScoreSheet, SheetError
from canasta.sim import simulate
from canasta.views import seat_view, spectator_view, view


# ---------------------------------------------------------------------------- workers and games
def test_workers_are_capped_at_the_games_and_the_cores() -> None:
    cores = os.cpu_count() or 1
    assert local_workers(100_000, 1) == 1          # one game: one process (it plays in this one)
    assert local_workers(300, 10**9) == cores      # never more than the machine's cores
    assert local_workers(None, 3) == min(3, cores)
    assert local_workers(0, 5) == 1


def _square(x: int) -> int:
    return x * x


def test_jobs_are_streamed_in_order_on_processes() -> None:
    """A stream of jobs (a generator: no list of them is built) comes back in order."""
    jobs = ((i,) for i in range(7))
    assert run_parallel(_square, jobs, workers=2) == [i * i for i in range(7)]


@pytest.mark.parametrize("games", [-1, MAX_JOBS + 1, 10**23, 2.5, True, "9"])
def test_a_number_of_games_out_of_range_is_refused_at_once(games: Any) -> None:
    with pytest.raises(ValueError, match="number of games"):
        check_games(games)
    with pytest.raises(ValueError, match="number of games"):
        simulate(rules("classic"), games, 1, workers=2)


def _canasta(*args: str, **kw: Any) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "canasta", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, **kw)


def test_huge_games_on_the_command_line_is_a_clear_error() -> None:
    p = _canasta("simulate", "--variant", "classic", "--games", "99999999999999999999999")
    _out, err = p.communicate(timeout=120)
    assert p.returncode == 2 and "--games" in err and "1000000000" in err and "Traceback" not in err, err


def _group(pgid: int) -> list[int]:
    """The live processes of process group ``pgid`` (from /proc)."""
    found = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] != "Z" and int(fields[2]) == pgid:
                found.append(int(d.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
@pytest.mark.parametrize("whole_group", [False, True], ids=["parent_only", "terminal_ctrl_c"])
def test_ctrl_c_leaves_no_worker_behind(whole_group: bool) -> None:
    """``canasta simulate --workers N`` stopped by SIGINT (sent to the command alone, or to its whole
    process group as a terminal's Ctrl-C is) exits, and no process of it is left running."""
    p = _canasta("simulate", "--variant", "classic", "--games", "100000", "--workers", "2", "--json")
    try:
        deadline = time.monotonic() + 60
        while len(_group(p.pid)) < 3 and time.monotonic() < deadline:  # the command and its workers
            time.sleep(0.2)
        assert len(_group(p.pid)) >= 3, "the workers never started"
        time.sleep(1.0)
        if whole_group:
            os.killpg(p.pid, signal.SIGINT)
        else:
            os.kill(p.pid, signal.SIGINT)
        p.communicate(timeout=60)
        assert p.returncode != 0
        deadline = time.monotonic() + 15
        while _group(p.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _group(p.pid) == [], "processes left behind"
    finally:
        if _group(p.pid):
            os.killpg(p.pid, signal.SIGKILL)


def test_one_game_with_a_hundred_thousand_workers_starts_none() -> None:
    p = _canasta("simulate", "--variant", "classic", "--games", "1", "--workers", "100000", "--json")
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    assert json.loads(out)["games"] == 1


# ---------------------------------------------------------------------------- the library's entry points
def _state() -> GameState:
    return GameState.new(rules("classic"), 3)


def _record() -> GameRecord:
    s = _state()
    s.apply("draw")
    return GameRecord.of(s)


BAD_CALLS: list[tuple[str, Any, type[CanastaError]]] = [
    ("GameState.new(preset name)", lambda: GameState.new("classic", 1), RuleError),
    ("GameState.blank(preset name)", lambda: GameState.blank("classic", 1), RuleError),
    ("GameState.blank(seed None)", lambda: GameState.blank(rules("classic"), None), RecordError),
    ("GameState.new(dealer text)", lambda: GameState.new(rules("classic"), 1, "0"), SeatError),
    ("GameRecord.replay(upto text)", lambda: _record().replay(upto="3"), RecordError),
    ("GameRecord.replay(upto float)", lambda: _record().replay(upto=1.0), RecordError),
    ("GameRecord.replay(upto negative)", lambda: _record().replay(upto=-1), RecordError),
    ("GameRecord.from_json(bytes)", lambda: GameRecord.from_json(b"{}"), RecordError),
    ("GameRecord.from_json(None)", lambda: GameRecord.from_json(None), RecordError),
    ("position(list)", lambda: position([]), RecordError),
    ("position(text)", lambda: position("classic"), RecordError),
    ("position(cut of 10**9)", lambda: position({"rules": "classic", "hands": ["KH", "", "", ""],
                                                 "cut": {"size": 10**9}}), RecordError),
    ("score_position(None)", lambda: score_position(None), RecordError),
    ("view(seat text)", lambda: view(_state(), "1"), SeatError),
    ("apply(number)", lambda: _state().apply(42), IllegalAction),
    ("apply(bad text)", lambda: _state().apply("fly away"), NotationError),
    ("apply(action of the wrong types)", lambda: _state().apply(Action(Op.DISCARD, "KH")), IllegalAction),
    ("take_for(bad text)", lambda: _state().take_for("KH ZZ"), NotationError),
    ("take_for(no card)", lambda: _state().take_for([99]), NotationError),
    ("take_for(number)", lambda: _state().take_for(7), NotationError),
    ("meld_plan(bad card)", lambda: _state().meld_plan(["KH"]), NotationError),
    ("meld_plan(meld text)", lambda: _state().meld_plan("KH KS QS", "1"), NotationError),
    ("load(number)", lambda: load(3), RecordError),
    ("load(None)", lambda: load(None), RecordError),
    ("save(not a record)", lambda: save(_state(), "/tmp/x.json"), RecordError),
    ("rules(number)", lambda: rules(3), RuleError),
    ("rules(list option repeated)", lambda: rules("classic", no_wild_ranks=[7, 7]), RuleError),
    ("rules(card classes repeated)", lambda: rules("classic", upcard_cover=["wild", "wild"]), RuleError),
    ("rules(two minimums for one score)", lambda: rules("classic", opening_minimums=[[0, 50], [0, 90]]),
     RuleError),
    ("view(not a game)", lambda: view(None, 0), RecordError),
    ("seat_view(not a game)", lambda: seat_view({"rules": "classic"}, 0), RecordError),
    ("seat_view(seat text)", lambda: seat_view(_state(), "1"), SeatError),
    ("spectator_view(not a game)", lambda: spectator_view(None), RecordError),
    ("GameRecord.of(not a game)", lambda: GameRecord.of(None), RecordError),
    ("GameRecord.of(start a list)", lambda: GameRecord.of(_state(), []), RecordError),
    ("GameRecord.from_dict(list)", lambda: GameRecord.from_dict([]), RecordError),
    ("Action.parse(number)", lambda: Action.parse(3), NotationError),
    ("RuleSet.replace(unknown option)", lambda: rules("classic").replace(wild_jokers=1), RuleError),
    ("RuleSet.replace(list option repeated)", lambda: rules("classic").replace(no_wild_ranks=[7, 7]),
     RuleError),
    ("read_json(number)", lambda: read_json(3), RecordError),
    ("rules_from_options(list)", lambda: rules_from_options([]), RuleError),
    ("ScoreSheet(names text)", lambda: ScoreSheet(rules("classic"), "We"), SheetError),
    ("ScoreSheet.from_dict(names text)",
     lambda: ScoreSheet.from_dict({"rules": rules("classic").options(), "names": "ab", "entries": []}),
     SheetError),
]


@pytest.mark.parametrize(("what", "call", "error"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_public_entry_points_refuse_bad_values_with_the_librarys_error(what: str, call: Any,
                                                                       error: type[CanastaError]) -> None:
    """Never mypyc's ``TypeError`` for an argument of the wrong type where the engine is compiled,
    nor an ``AttributeError``: the library's own error, naming what is wrong."""
    with pytest.raises(CanastaError) as e:
        call()
    assert isinstance(e.value, error), (what, type(e.value), e.value)
    assert str(e.value)


# The public entry points that take a caller's values (canasta.__all__, docs/engine.md, the records,
# the views and the score sheet): each has a row above, so the compiled build (CI runs this file
# against the wheel) is checked at every one. is_legal and why_illegal answer rather than raise.
ENTRY_POINTS = ("GameState.new", "GameState.blank", "apply", "take_for", "meld_plan", "GameRecord.of",
                "GameRecord.replay", "GameRecord.from_json", "GameRecord.from_dict", "position",
                "score_position", "load", "save", "read_json", "view", "seat_view", "spectator_view",
                "Action.parse", "rules", "RuleSet.replace", "rules_from_options", "ScoreSheet",
                "ScoreSheet.from_dict")


def test_every_public_entry_point_has_a_bad_call() -> None:
    named = {what.split("(")[0] for what, _call, _error in BAD_CALLS}
    assert set(ENTRY_POINTS) <= named, sorted(set(ENTRY_POINTS) - named)


def test_why_illegal_of_anything_is_a_refusal() -> None:
    s = _state()
    assert s.why_illegal(None) == ("not_an_action", {"value": "None"})
    assert s.why_illegal(42) == ("not_an_action", {"value": "42"})


def test_is_legal_of_anything_is_false() -> None:
    s = _state()
    assert not s.is_legal("draw") and not s.is_legal(None) and s.is_legal(Action(Op.DRAW))


def test_the_cut_of_a_position_fits_the_deck() -> None:
    """S2 G11: a perfect cut is the cards dealt; a cut packet holds at most the deck."""
    base = {"rules": "gvr-club", "hands": ["KH", "QS", "JD", "TC"], "stock": "4C 5C", "pile": "9D"}
    assert position(base | {"cut": {"size": 44}}).perfect_cut
    with pytest.raises(RecordError, match="more than the deck's 108"):
        position(base | {"cut": {"size": 109}})


# ---------------------------------------------------------------------------- list options
# The list options whose entries are values by position (by count of red threes, by hand, by jokers):
# a value may repeat there. Every other list option is a set of things (ranks, card classes, seat
# counts, score bands), where an entry given twice is a mistake.
VALUE_TABLES = frozenset({"red3_values", "opening_by_hand", "wild_canasta_by_jokers",
                          "wild_incomplete_by_jokers"})


def _list_options() -> dict[str, tuple[str, tuple[Any, ...]]]:
    """Each list option, with a preset that gives it entries (the first such preset)."""
    from canasta.presets import RULE_SETS
    out: dict[str, tuple[str, tuple[Any, ...]]] = {}
    for name in RULE_SETS:
        for option, value in rules(name).options().items():
            if isinstance(value, (list, tuple)) and (option not in out or not out[option][1]):
                out[option] = (name, tuple(value))
    return out


LIST_OPTIONS = _list_options()


def test_every_list_option_is_a_set_or_a_value_table() -> None:
    assert set(LIST_OPTIONS) >= VALUE_TABLES
    assert all(value for _name, value in LIST_OPTIONS.values()), "a list option no preset fills"


@pytest.mark.parametrize("option", sorted(set(LIST_OPTIONS) - VALUE_TABLES))
def test_an_entry_given_twice_in_a_list_option_is_refused(option: str) -> None:
    name, value = LIST_OPTIONS[option]
    with pytest.raises(RuleError, match=option):
        rules(name, **{option: [*value, value[0]]})
    assert rules(name, **{option: list(value)}).options()[option] == rules(name).options()[option]
