"""Issue 17: the terminal and the command line as a new user finds them.

Each test is named after the item of the issue it checks (``item1`` ... ``item12``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def assert_one_line_error(code: int, out: str, err: str, words: str) -> None:
    assert code == 2, (code, out, err)
    assert err.startswith("error: "), err
    assert words in err, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in out + err


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """``canasta play`` up to the point where the terminal app would start: the session it got."""
    import canasta.tui.app

    sessions: list[Any] = []
    monkeypatch.setattr(canasta.tui.app, "run", lambda session, four_colour=False: sessions.append(session))
    return sessions


# ------------------------------------------------------------------------------------- item 1
def test_item1_play_takes_house_rules(started: list[Any], tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, _, err = run("play", "--variant", "gvr-club", "--seed", "3", "--save", str(save),
                         "--set", "go_out_canastas=1", "--set", "stock_draw=1")
    assert code == 0, err
    rs = started[0].state.rules
    assert rs.go_out_canastas == 1 and rs.stock_draw == 1 and rs.name == "gvr-club"
    # The saved game keeps the house rules, so a resumed game plays them too.
    code, _, err = run("play", "--resume", str(save), "--save", str(save))
    assert code == 0, err
    assert started[1].state.rules.go_out_canastas == 1


def test_item1_play_bad_house_rule_is_one_line(started: list[Any], tmp_path: Path) -> None:
    assert_one_line_error(*run("play", "--save", str(tmp_path / "g.json"), "--set", "go_out_canastaz=1"),
                          "did you mean 'go_out_canastas'")
    assert_one_line_error(*run("play", "--resume", str(tmp_path / "g.json"), "--set", "stock_draw=1"),
                          "--set is for a new game")
    assert started == []
