"""`canasta score`: a paper game's score sheet in the terminal, with the S3 K sheet's figures (Base
2,200 / Count 325 / Total 2,525 and 1,800 / 275 / 2,075), corrections logged, CSV, and every bad
input one `error:` line with exit 2 and the sheet unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from canasta.cli import app
from helpers import spreadsheet_records

runner = CliRunner()
WE = "red_threes=5 black_threes_laid=2 natural_canastas=2 mixed_canastas=1 went_out table=325"
THEY = "red_threes=3 natural_canastas=2 mixed_canastas=1 table=275"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, err: str, words: str) -> None:
    assert code == 2 and err.startswith("error: ") and words in err, err
    assert len(err.strip().splitlines()) == 1, err


def test_s3_k_sheet_in_the_terminal(tmp_path: Path) -> None:
    f = str(tmp_path / "sheet.json")
    code, out, _ = run("score", "new", "american", "-f", f, "--names", "We,They")
    assert code == 0 and "canastas_of_sevens" in out
    code, out, err = run("score", "add", "-f", f, "--side", WE, "--side", THEY, "--who", "North")
    assert code == 0, err
    assert "2,200" in out and "+2,525" in out and "1,800" in out and "+2,075" in out   # grouped (issue 37)
    assert "opening minimum We 125, They 125" in out
    code, out, _ = run("score", "fix", "1", "1", "table=330", "--who", "Ann", "-f", f)
    assert code == 0 and "+2,530" in out
    code, out, _ = run("score", "show", "-f", f)
    assert "Ann: hand 1, We: table 325 -> 330" in out
    rows = spreadsheet_records(run("score", "csv", "-f", f, "--lang", "en")[1], ",")
    assert [int(r["Running total"]) for r in rows] == [2530, 2075]
    shown = json.loads(run("score", "show", "-f", f, "--json")[1])
    assert shown["scores"] == [2530, 2075] and shown["winner"] == -1
    code, out, _ = run("score", "undo", "--who", "Ann", "-f", f)
    assert code == 0 and "Next hand (1)" in out


def test_score_lines_of_a_rule_set() -> None:
    code, out, _ = run("score", "lines", "spanish", "--set", "exposed_card_penalty=50")
    assert code == 0 and "exposed_cards" in out and "canastas_of_sevens" not in out


def test_bad_input_is_one_line_and_the_sheet_is_unchanged(tmp_path: Path) -> None:
    f = tmp_path / "sheet.json"
    run("score", "new", "classic", "-f", str(f))
    before = f.read_text()
    for args, words in (
        (("add", "--side", "tabel=5", "--side", ""), "'tabel' is not a line of the classic score sheet"),
        (("add", "--side", "table=12", "--side", ""), "count again"),
        (("add", "--side", "went_out", "--side", "went_out"), "only one side"),
        (("add", "--side", "Table=5", "--side", ""), "not a line"),
        (("fix", "1", "1", "table=5", "--who", "Ann"), "no hand 1"),
        (("undo", "--who", "Ann"), "no hand has been entered"),
    ):
        code, _out, err = run("score", *args, "-f", str(f))
        one_line_error(code, err, words)
        assert f.read_text() == before
    one_line_error(*run("score", "new", "classic", "-f", str(f))[::2], "exists")
    one_line_error(*run("score", "show", "-f", str(tmp_path / "none.json"))[::2], "cannot read")
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe")
    one_line_error(*run("score", "show", "-f", str(tmp_path / "bad.json"))[::2], "not a score sheet")
    made = run("score", "new", "classic", "-f", str(tmp_path / "x.json"), "--set", "go_out_canastas=x")
    one_line_error(made[0], made[2], "go_out_canastas")
