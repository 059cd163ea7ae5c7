"""The ``canasta`` command line: happy paths with their content, and clean one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from canasta import rules
from canasta.cli import REASON_WORDS, app, format_option, parse_value
from canasta.records import load
from canasta.sim import simulate

runner = CliRunner()
WIDE = {"COLUMNS": "300"}  # no wrapping inside the rules card's table rows


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=WIDE)
    return result.exit_code, result.stdout, result.stderr


def cells(output: str, option: str) -> list[str]:
    """The rules-card row of ``option``: [option, value, meaning, source]."""
    for line in output.splitlines():
        parts = [p.strip() for p in line.split("│")]
        if len(parts) >= 6 and parts[1] == option:
            return parts[1:5]
    raise AssertionError(f"no row for {option!r} in:\n{output}")


def assert_clean_error(code: int, out: str, err: str, words: str) -> None:
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err + out


# ------------------------------------------------------------------------------------- variants
def test_variants_lists_every_preset_with_its_description() -> None:
    code, out, _ = run("variants")
    assert code == 0
    from canasta.presets import PRESETS
    for name, (description, _table) in PRESETS.items():
        assert name in out
        assert " ".join(description.split()[:3]) in " ".join(out.split())
    assert "GVR club classic (S2)" in out
    assert "2, 3, 4, 5, 6" in out  # S4: "it can be played by two to six people"


# ------------------------------------------------------------------------------------- rules card
def test_rules_card_gvr_club_S2_draw_two() -> None:
    """S2: 'drawing two new cards from the center deck' (ruling G5): stock_draw 2, sourced to S2."""
    code, out, _ = run("rules", "gvr-club")
    assert code == 0
    _option, value, meaning, source = cells(out, "stock_draw")
    assert value == "2"
    assert "S2" in source
    assert "drawn" in meaning
    # S2: 'a team must have two Canastas' to go out
    assert cells(out, "go_out_canastas")[1] == "2"
    # the full card (issue 17: the short card shows what differs from classic): options under groups
    full = run("rules", "gvr-club", "--full")[1]
    for group in ("deck", "upcard", "threes", "pile", "melds", "opening", "going out", "scoring"):
        assert f"\n{group}" in full


def test_rules_card_spanish_three_players_S4() -> None:
    """S4 'CANASTA BETWEEN TWO OR THREE PLAYERS': three players get 13 cards and play alone."""
    code, out, _ = run("rules", "spanish", "--players", "3")
    assert code == 0
    assert cells(out, "hand_size")[1] == "13"
    assert cells(out, "team_size")[1] == "1"
    assert "S4" in cells(out, "hand_size")[3]


def test_rules_card_shows_house_rules() -> None:
    code, out, _ = run("rules", "gvr-club", "--set", "go_out_canastas=1", "--set",
                       'upcard_cover=["wild"]')
    assert code == 0
    row = cells(out, "go_out_canastas")
    assert row[1] == "1"
    assert "house rule" in row[3] and "2" in row[3]  # the preset's value, S2: two canastas
    assert cells(out, "upcard_cover")[1] == "wild"
    assert "house rule" in cells(out, "upcard_cover")[3]
    assert "house rule" not in cells(out, "stock_draw")[3]


def test_rules_card_opening_minimums_in_words() -> None:
    """R 1.1: negative 15, 0 50, 1,500 90, 3,000 120."""
    code, out, _ = run("rules", "classic")
    assert code == 0
    assert cells(out, "opening_minimums")[1] == "15 below 0; 50 from 0; 90 from 1,500; 120 from 3,000"


def test_set_values_are_json_when_possible() -> None:
    assert parse_value("true") is True
    assert parse_value("2") == 2
    assert parse_value("[1,2]") == [1, 2]
    assert parse_value("mandatory") == "mandatory"
    assert format_option("x", [[1, 2], [3, 4]]) == "1-2; 3-4"
    assert format_option("x", []) == "none"
    assert format_option("x", False) == "false"


@pytest.mark.parametrize(("args", "words"), [
    (("rules", "nope"), "unknown rule set 'nope'"),
    (("rules", "gvr-club", "--set", "stock_drew=1"), "did you mean 'stock_draw'"),
    (("rules", "gvr-club", "--set", "stock_draw=0"), "must be at least 1"),
    (("rules", "gvr-club", "--set", "stock_draw=two"), "must be a whole number"),
    (("rules", "gvr-club", "--set", "stock_draw"), "--set needs OPTION=VALUE"),
    (("rules", "spanish", "--players", "9"), "spanish is for 2, 3, 4, 5, 6 players"),
    (("simulate", "--variant", "nope", "--games", "1"), "unknown rule set 'nope'"),
    (("simulate", "--variant", "classic", "--set", "bogus=1", "--json"), "unknown rule option 'bogus'"),
    (("record", "--variant", "nope", "--out", "x.json"), "unknown rule set 'nope'"),
])
def test_rule_errors_are_one_clean_line(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert_clean_error(code, out, err, words)
    assert out == ""


# ------------------------------------------------------------------------------------- simulate
def test_simulate_json_is_one_consistent_object() -> None:
    code, out, err = run("simulate", "--variant", "gvr-club", "--games", "3", "--seed", "5", "--json")
    assert code == 0
    assert err == ""
    d = json.loads(out)  # the whole output is one JSON object
    assert d["variant"] == "gvr-club" and d["seed"] == 5 and d["players"] == 4
    assert d["games"] == 3
    assert d["hands"] == sum(d["reasons"].values())
    assert sum(d["wins"]) == 3
    assert len(d["mean_hand_score"]) == 2
    # the same run through the library gives the same counts (game i uses seed 5 + i)
    report = simulate(rules("gvr-club"), 3, 5)
    assert (d["hands"], d["reasons"], d["wins"], d["actions"]) == (
        report.hands, report.reasons, list(report.wins), report.actions)


def test_simulate_json_with_players_and_house_rule() -> None:
    code, out, _ = run("simulate", "--variant", "spanish", "--players", "3", "--games", "2", "--seed",
                       "1", "--set", "go_out_canastas=2", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["players"] == 3 and d["sides"] == 3
    assert d["overrides"] == {"go_out_canastas": 2}
    assert len(d["wins"]) == 3 and sum(d["wins"]) == 2


def test_simulate_prints_a_report() -> None:
    code, out, _ = run("simulate", "--variant", "classic", "--games", "2", "--seed", "1")
    assert code == 0
    d = json.loads(run("simulate", "--variant", "classic", "--games", "2", "--seed", "1", "--json")[1])
    assert "classic: 2 random games, seeds 1..2" in out
    for reason, n in d["reasons"].items():
        assert f"hands ended: {REASON_WORDS[reason]}" in out  # in words (issue 17)
        assert f" {n} (" in out or f" {n} " in out
    assert f"{d['hands']} (" in out
    for words in ("mean hand score, side 0 (seats 0, 2)", "games won, side 1 (seats 1, 3)",
                  "hands/s", "actions/s"):
        assert words in out


# ------------------------------------------------------------------------------------- record, replay
def test_record_then_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run("record", "--variant", "classic", "--seed", "3", "--out", str(path))
    assert code == 0
    assert f"saved {path}" in out
    record = load(str(path))
    final = record.replay()
    assert final.is_over

    code, out, err = run("replay", str(path))
    assert code == 0, err
    for h in range(1, len(final.results) + 1):
        assert f"hand {h} " in out or f"hand {h}\n" in out
        assert f"score of hand {h}" in out
    assert out.count("Running total") == len(final.results)
    assert "  1. seat " in out  # turns are numbered, with the seat to play
    assert str(record.actions[0]) in out
    winner = f"side {final.winner} (seats {final.winner}, {final.winner + 2})"
    assert f"winner: {winner}" in out
    assert " to ".join(f"{x:,}" for x in final.scores) in out  # numbers as CLDR writes them (5,040)
    # every hand's dealt cards are shown in the full replay
    assert "seat 2 holds 11 cards" not in out


def test_replay_as_one_seat_hides_other_hands(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run("record", "--variant", "gvr-club", "--seed", "2", "--out", str(path))[0] == 0
    code, out, _ = run("replay", str(path), "--seat", "1")
    assert code == 0
    assert "as seen by seat 1" in out
    assert "seat 0 holds 11 cards" in out  # S2: 11 cards each; only seat 1's are shown
    assert "seat 1 holds 11 cards" not in out
    code, out, err = run("replay", str(path), "--seat", "4")
    assert_clean_error(code, out, err, "seats are 0 to 3")


def test_replay_bad_records(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    assert run("record", "--variant", "classic", "--seed", "1", "--out", str(good))[0] == 0
    data = json.loads(good.read_text())

    cases: list[tuple[str, str]] = []
    (tmp_path / "text.json").write_text("not json at all")
    cases.append(("text.json", "not valid JSON"))
    (tmp_path / "other.json").write_text(json.dumps({"hello": 1}))
    cases.append(("other.json", "not a game record"))
    bad_action = dict(data, actions=["discard JK", *data["actions"][1:]])
    (tmp_path / "action.json").write_text(json.dumps(bad_action))
    cases.append(("action.json", "action 1 (discard JK) cannot be played"))
    bad_result = dict(data, result=dict(data["result"], scores=[1, 2]))
    (tmp_path / "result.json").write_text(json.dumps(bad_result))
    cases.append(("result.json", "does not replay to its saved result"))
    cases.append(("missing.json", "cannot read"))
    for name, words in cases:
        code, out, err = run("replay", str(tmp_path / name))
        assert_clean_error(code, out, err, words)
        assert out == ""


def test_replay_of_a_position_record_in_progress(tmp_path: Path) -> None:
    """A record may start from a position and stop mid-hand; the replay says so."""
    from canasta.records import GameRecord, position, save

    pos = {"rules": "gvr-club", "dealer": 3, "turn": 0, "phase": "draw",
           "hands": ["KH KS 5C 7D 9C", "4D 4H 6S", "8C 8D JH", "TC TD QS"],
           "stock": "7C 8S 9S JC", "pile": "4C 9H KD", "melds": [["QH QS QD"], []]}
    s = position(pos)
    for a in ("take KH KS", "discard 9C", "draw"):
        s.apply(a)
    path = tmp_path / "pos.json"
    save(GameRecord.of(s, start=pos), str(path))
    code, out, _ = run("replay", str(path))
    assert code == 0
    assert "seat 0 holds 5C 7D 9C KH KS" in out
    # the pile was 4C 9H KD (KD on top): the take shows the top card and the rest of the pile, in the
    # terminal log's sentences with the cards in notation
    assert ("1. seat 0: take KH KS [took the pile: top card KD, with KH KS; got the rest of the pile: 4C 9H]"
            " · discard 9C") in out
    # S2: 'drawing two new cards from the center deck': the stock's top two, 7C and 8S
    assert "2. seat 1: draw [drew 7C 8S]" in out
    assert "hand 1 not finished" in out and "the game is not over" in out


def test_every_event_the_engine_logs_is_told_in_words() -> None:
    """The replay log (CLI) and the TUI's log say every table event in words (one set of sentences,
    canasta.i18n.events), never by its internal name (boxed cards, talons, special hands, the
    turned-over pile ...)."""
    import re

    import canasta
    from canasta.i18n import catalogue
    from canasta.i18n.events import event_words

    root = Path(canasta.__file__).parent  # the state and the rules of play log the events
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in [root / "state.py", *sorted((root / "engine").glob("*.py"))])
    logged = set(re.findall(r'_event\([^()]*?"([a-z_0-9]+)"', source))
    logged |= set(re.findall(r'"([a-z_0-9]+)" if yes else "([a-z_0-9]+)"', source)[0])
    assert {"box", "box_red3", "talon", "turnover", "start_pile", "merge"} <= logged  # the scan works
    for lang in ("en", "es"):
        cat = catalogue(lang)
        for what in logged:
            for mine in (False, True):
                words = event_words(cat, what, ["7H", "7S"], mine=mine, notation=True)
                assert words and not words.startswith(what + " "), (lang, what, words)
    assert event_words(catalogue(), "box_red3", ["3H", "3D"]) == "boxed the red treys 3♥ 3♦ face down"
    assert event_words(catalogue(), "box_red3", ["3H", "3D"], notation=True) == (
        "boxed the red treys 3H 3D face down")


def test_replay_tells_events_as_the_terminal_log_does() -> None:
    """The replay says a table event with the terminal log's sentence (cards in notation), after
    "seat N" where another seat did it; another seat's hidden cards are counted by what they are
    (a talon is not a replacement)."""
    from canasta.cli import _event_text
    from canasta.i18n import catalogue
    es = catalogue("es")
    draw = (0, 1, "draw", (44,), True)  # KC drawn by seat 1 (face (13-2)*4 + 0)
    assert _event_text(draw, None, False) == "drew KC"
    assert _event_text(draw, None, True) == "seat 1 drew KC"
    assert _event_text(draw, 1, True) == "seat 1 drew KC"  # the seat watched sees its own card
    assert _event_text(draw, 0, True) == "seat 1 drew 1 card"
    assert _event_text(draw, 0, True, es) == "el asiento 1 robó 1 carta"
    talon = (0, 2, "talon", (44, 45, 46), True)
    assert _event_text(talon, 0, True) == "seat 2 took a talon of 3 cards"
    assert _event_text((0, 3, "turnover", (), True), 0, True) == (
        "seat 3 turned the discard pile over as the stock")
    assert _event_text((0, 0, "replace", (44,), False), None, True, es) == (
        "el asiento 0 robó KC para reponerlo")
    assert _event_text((0, 0, "meld", (44, 45, 46), False), None, True) is None  # the action says it
    assert _event_text((0, 0, "start_pile", (), False), None, True) is None  # nothing turned up


def test_play_think_is_for_the_expert_and_a_new_game(tmp_path: Path) -> None:
    """issue 16: ``--think N`` lets the Expert think N times as long; it is refused for a level that
    does not search and for a resumed game (which keeps its level)."""
    save = str(tmp_path / "g.json")
    assert_clean_error(*run("play", "--level", "club", "--think", "2", "--save", save),
                       "--think is for the Expert")
    assert_clean_error(*run("play", "--level", "expert", "--think", "9", "--save", save), "--think")
    Path(save).write_text("{}")
    assert_clean_error(*run("play", "--think", "2", "--resume", "--save", save), "--think is for a new game")


def test_R12_replay_names_a_black_three_laid_as_black(tmp_path: Path) -> None:
    """R 1.2, S3 C: in the American games every three is laid as it comes, black ones too. Deal
    seed 6 of NVSO lays 3C for seat 2 and 3D for seat 3 at the deal: the replay says which colour."""
    path = tmp_path / "nvso.json"
    assert run("record", "--variant", "nvso-tournament", "--seed", "6", "--out", str(path))[0] == 0
    code, out, err = run("replay", str(path))
    assert code == 0, err
    assert "seat 2 laid a black three 3C" in out and "seat 3 laid a red three 3D" in out
    assert "red three 3C" not in out and "red three 3S" not in out
    code, out, err = run("replay", str(path), "--lang", "es")  # the terminal log's Spanish sentences
    assert code == 0, err
    assert "el asiento 2 puso un tres negro 3C" in out and "el asiento 3 puso un tres rojo 3D" in out
    from canasta import rules
    from canasta.cli import reason_words
    assert reason_words("last_red3", rules("nvso-tournament")) == "the last stock card was a three"
    assert reason_words("last_red3", rules("classic")) == "the last stock card was a red three"
