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


# ------------------------------------------------------------------------------------- item 5
def test_item5_replay_of_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{not text")
    assert_one_line_error(*run("replay", str(bad)), "not UTF-8 text")


def test_item5_replay_of_deeply_nested_json(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert_one_line_error(*run("replay", str(deep)), "nested too deeply")


def test_item5_saved_game_not_utf8_or_nested_too_deeply(tmp_path: Path, started: list[Any]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    assert_one_line_error(*run("play", "--resume", str(bad)), "not UTF-8 text")
    bad.write_text("{" * 50_000)
    assert_one_line_error(*run("play", "--resume", str(bad)), "")
    bad.write_text("[" * 100_000 + "]" * 100_000)
    assert_one_line_error(*run("play", "--resume", str(bad)), "nested too deeply")
    assert started == []


def test_item5_name_is_not_a_house_rule() -> None:
    for args in (("rules", "classic"), ("simulate", "--games", "1"), ("record", "--out", "x.json")):
        assert_one_line_error(*run(*args, "--set", "name=x"), "'name' is not a house rule")


def test_item5_rules_under_which_random_play_stalls(tmp_path: Path) -> None:
    """An override the engine accepts but under which a random game cannot go on (seed 1 of classic
    with four naturals a meld: no legal action in hand 3) is one line naming the house rule."""
    for args in (("simulate", "--games", "1", "--variant", "classic", "--json"),
                 ("record", "--variant", "classic", "--out", str(tmp_path / "r.json"))):
        code, out, err = run(*args, "--seed", "1", "--set", "min_naturals=4")
        if code == 0:  # the engine now plays this game to its end (the engine issue)
            continue
        assert_one_line_error(code, out, err, "min_naturals=4")


@pytest.mark.parametrize(("args", "words"), [
    (("simulate", "--games", "x"), "invalid value for '--games': not a whole number"),
    (("simulate", "--games", "-1"), "'--games': must be at least 0"),
    (("match", "--games", "x"), "'--games': not a whole number"),
    (("tournament", "--tables", "0"), "'--tables': must be at least 1"),
    (("serve", "--port", "99999"), "'--port': must be at most 65535"),
    (("replay", "x.json", "--seat", "one"), "'--seat': not a whole number"),
    (("simulate", "--gmes", "3"), "no such option: --gmes"),
    (("rules",), "missing argument"),
    (("bogus",), "no such command 'bogus'"),
])
def test_item5_usage_errors_are_one_line(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert_one_line_error(code, out, err, words)
    assert "╭" not in err and "Usage:" not in err
    assert f"see 'canasta {args[0]} --help'" in err or args[0] == "bogus"


def test_item5_a_library_error_a_command_misses_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The group's safety net: a CanastaError from anywhere is its one line, exit 2."""
    import canasta.cli
    from canasta.errors import RuleError

    def broken(*_a: Any, **_k: Any) -> Any:
        raise RuleError("the preset table is broken")

    monkeypatch.setattr(canasta.cli, "preset_table", broken)
    assert_one_line_error(*run("variants"), "the preset table is broken")


def test_item5_no_arguments_shows_the_help_without_an_error() -> None:
    code, out, err = run()
    assert code == 0 and "Usage" in out and "error" not in err
