"""A score sheet file changed by several `canasta score` commands at once (canasta.sheetfile): every
change lands or is refused, the file is whole at every moment, a write that fails leaves the old
sheet, and a damaged sheet is one clear `error:` line."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from canasta.cli import app
from canasta.presets import rules
from canasta.scoresheet import ScoreSheet, SheetError
from canasta.sheetfile import read_sheet, write_sheet

runner = CliRunner()
COMMAND = typer.main.get_command(app)   # built once: each forked command starts at once
HAND = ["--side", "natural_canastas=1 table=100", "--side", "natural_canastas=1 table=100"]
WRITERS = 4     # commands started at the same moment, each fixing its own line
ROUNDS = 25     # ... so many times over


def _fix(path: str, hand: int, side: int, value: int, start: Any, out: Any) -> None:
    """One `canasta score fix` in its own process, started with the others."""
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    start.wait()
    code = COMMAND.main(["score", "fix", str(hand), str(side), f"table={value}", "--who", f"W{hand}{side}",
                         "-f", path], standalone_mode=False)
    out.put((hand, side, code))


def _read_all_the_time(path: str, stop: Any, out: Any) -> None:
    """A reader that opens the file again and again while the writers run: it must always be a sheet."""
    bad = 0
    reads = 0
    while not stop.is_set():
        try:
            read_sheet(path)
        except Exception:
            bad += 1
        reads += 1
    out.put((reads, bad))


@pytest.mark.skipif(os.name != "posix", reason="fork start method (POSIX)")
def test_concurrent_fix_commands_all_land_and_the_file_is_always_readable(tmp_path: Path) -> None:
    """Four `fix` commands at once, 30 times over: each one's change is in the sheet and its log (none
    lost, none refused: a command waits for the lock), every command exits 0, and a reader running
    all the while never finds a file it cannot read."""
    ctx = multiprocessing.get_context("fork")
    f = str(tmp_path / "sheet.json")
    assert runner.invoke(app, ["score", "new", "classic", "-f", f]).exit_code == 0
    for _ in range(2):
        assert runner.invoke(app, ["score", "add", "-f", f, *HAND]).exit_code == 0
    spots = [(h, s) for h in (1, 2) for s in (1, 2)][:WRITERS]
    stop, reader_out = ctx.Event(), ctx.Queue()
    reader = ctx.Process(target=_read_all_the_time, args=(f, stop, reader_out), daemon=True)
    reader.start()
    try:
        _rounds(ctx, f, spots)
    finally:
        stop.set()
    reads, bad = reader_out.get(timeout=60)
    reader.join(60)
    assert bad == 0 and reads > ROUNDS, (reads, bad)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]   # no temporary file left


def _rounds(ctx: Any, f: str, spots: list[tuple[int, int]]) -> None:
    for rnd in range(ROUNDS):
        start, out = ctx.Event(), ctx.Queue()
        value = 105 + 5 * rnd
        procs = [ctx.Process(target=_fix, args=(f, h, s, value, start, out), daemon=True) for h, s in spots]
        for p in procs:
            p.start()
        start.set()
        codes = [out.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(60)
        assert sorted(codes) == sorted((h, s, 0) for h, s in spots), (rnd, codes)
        sheet = read_sheet(f)
        assert [[e[side - 1]["table"] for side in (1, 2)] for e in sheet.entries] == [[value] * 2] * 2, rnd
        assert len(sheet.log) == WRITERS * (rnd + 1), rnd              # every change logged


def test_a_write_that_fails_half_way_leaves_the_old_sheet(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "sheet.json"
    sheet = ScoreSheet(rules("classic"))
    write_sheet(sheet, f)
    before = f.read_bytes()
    sheet.add_hand([{"natural_canastas": 1, "table": 100}, {}])

    def broken(*_a: Any) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(SheetError, match=r"cannot write .*: the disk is full$") as info:
        write_sheet(sheet, f)
    # the OS error by its errno, so the command line says it in the reader's language
    assert info.value.data["why"] == {"code": "os_enospc", "data": {}}
    assert f.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["sheet.json"]


def test_a_command_that_cannot_get_the_lock_changes_nothing(tmp_path: Path) -> None:
    from canasta import sheetfile
    f = tmp_path / "sheet.json"
    write_sheet(ScoreSheet(rules("classic")), f)
    before = f.read_bytes()
    with sheetfile.locked(f), pytest.raises(SheetError, match="is being changed by another command"), \
            sheetfile.locked(f, timeout=0.05):   # another command holds it for longer than the wait
        pass
    assert f.read_bytes() == before


def _damaged(tmp_path: Path, change: Any) -> tuple[int, str]:
    f = tmp_path / "sheet.json"
    assert runner.invoke(app, ["score", "new", "classic", "-f", str(f), "--force"]).exit_code == 0
    assert runner.invoke(app, ["score", "add", "-f", str(f), *HAND]).exit_code == 0
    fixed = runner.invoke(app, ["score", "fix", "1", "1", "table=105", "--who", "Ann", "-f", str(f)])
    assert fixed.exit_code == 0
    text = change(f.read_text())
    f.write_text(text)
    result = runner.invoke(app, ["score", "show", "-f", str(f)])
    return result.exit_code, result.stderr


@pytest.mark.parametrize(("change", "words"), [
    (lambda t: t.replace('"side": 0', '"side": 5'), "its log names side 6, but the sheet has 2 sides"),
    (lambda t: t.replace('"hand": 0', '"hand": Infinity'), "not a score sheet (not JSON text)"),
    (lambda t: t.replace('"hand": 0', '"hand": 1e400'), "its log holds inf, not a whole number"),
    (lambda t: t.replace('"hand": 0', '"hand": 1.5'), "its log holds 1.5, not a whole number"),
    (lambda t: t.replace('"hand": 0', '"hand": true'), "its log holds True, not a whole number"),
    (lambda t: t.replace('"names": [', '"names": [7, '), "its names is missing"),
    (lambda t: t.replace('"packs": 2', '"packs": "x"'), "its rules is missing"),
    (lambda t: t.replace('"entries": [', '"entries": [[{}], '), "a hand has one entry per side (2), not 1"),
    (lambda t: json.dumps({**json.loads(t), "log": [{"at": "x"}]}), "its log is missing"),
])
def test_a_damaged_sheet_is_one_clear_line(tmp_path: Path, change: Any, words: str) -> None:
    """A log with Infinity or a side that does not exist, a number where a list was, ...: one `error:`
    line naming what is wrong, exit 2, never 'a bug'."""
    code, err = _damaged(tmp_path, change)
    assert code == 2 and err.startswith("error: ") and words in err, err
    assert len(err.strip().splitlines()) == 1 and "bug" not in err
