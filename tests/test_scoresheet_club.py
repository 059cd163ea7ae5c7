"""The score keeper as clubs write sheets (issue 35): every line the command lists can be entered;
a sheet that starts mid-game; the columns add up (Base + Count + Penalties = Total) with every
penalty on the Penalties line; impossible hands refused with the reason; `concealed` only where the
rules have it; the moral winner and the CSV on the command line. Every expected figure is worked
by hand from the rule sheets, as each docstring says."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta.cli import app
from canasta.presets import PRESETS, rules
from canasta.scoresheet import ScoreSheet, SheetError, entry_fields
from canasta.sim import play_random
from canasta.state import GameState
from helpers import spreadsheet_records

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "240"})
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------------------- every line enterable
HOUSE = [("spanish", ["tournament_penalties=true"]), ("classic", ["exposed_card_penalty=50"]),
         ("american", ["rank_canasta_bonus=[[13,1000],[7,2500],[14,2500]]"])]


@pytest.mark.parametrize(("preset", "sets"), [(p, []) for p in PRESETS] + HOUSE)
def test_every_line_that_score_lines_lists_can_be_entered(tmp_path: Path, preset: str,
                                                          sets: list[str]) -> None:
    """`canasta score lines` lists each line by the name `score add` takes: every one of them, in
    every rule set (and with house rules that add lines), is taken on the command line (the NVSO
    aces' lines were listed as canastas_of_A and then refused as "not a line")."""
    opts = [x for s in sets for x in ("--set", s)]
    code, out, err = run("score", "lines", preset, *opts)
    assert code == 0, err
    listed = re.findall(r"^│ ([a-z_0-9]+) +│", out, flags=re.M)
    assert listed == [f.name for f in entry_fields(rules(preset, **_sets(sets)))]
    f = str(tmp_path / "sheet.json")
    assert run("score", "new", preset, "-f", f, *opts)[0] == 0
    every = " ".join(f"{name}=0" for name in listed)
    others = ["--side", ""] * (rules(preset).sides - 1)
    code, _out, err = run("score", "add", "-f", f, "--side", every, *others)
    assert code == 0, err


def _sets(sets: list[str]) -> dict[str, Any]:
    import json
    out = {}
    for s in sets:
        k, v = s.split("=", 1)
        out[k] = json.loads(v)
    return out


def test_concealed_is_a_line_only_where_the_rules_have_it() -> None:
    """R 1.1 (classic, and GVR by G12) and S4's Relance (E9) pay 200 for going out concealed; the
    American games (R 1.2), Samba and Bolivia (R 1.3, S1) and Trey (S0) have no such bonus."""
    offered = {p for p in PRESETS if "concealed" in {f.name for f in entry_fields(rules(p))}}
    assert offered == {"classic", "gvr-club", "spanish"}
    with pytest.raises(SheetError, match="'concealed' is not a line of the nvso-tournament"):
        ScoreSheet(rules("nvso-tournament")).add_hand([{"concealed": True}, {}])


# ---------------------------------------------------------------------------- the columns add up
@pytest.mark.parametrize("preset", PRESETS)
def test_base_count_and_penalties_make_the_total_of_every_hand(preset: str) -> None:
    """S3 K's sheet (Base, Count, Total) with a Penalties line: for every side of every hand of
    random games in every rule set, Base + Count + Penalties = Total, whatever the hand holds."""
    r = rules(preset)
    seen = 0
    for seed in range(8):
        state = play_random(GameState.new(r, seed=seed), random.Random(seed), max_hands=4)
        for res in state.results:
            for s in res.sides:
                assert s.base + s.count + s.all_penalties == s.total, (seed, res)
                seen += 1
    assert seen >= 16


def test_every_penalty_is_on_the_penalties_line() -> None:
    """S3 G/L (American): an unfinished meld of sevens -2,500, a player stuck with three aces -1,500;
    S1 (Bolivia) red threes kept in hand -750 per player (B9); S4's optional -500 for a red three
    kept, -100 for a failed go-out, -50 an exposed card. Worked by hand per side:
    American: Base 2 x 500 = 1,000; Count 200 - 60 = 140; Penalties -2,500 - 1,500 = -4,000: -2,860.
    Bolivia: Base a mixed canasta 300 (its red threes count nothing: none laid); Count 150 - 40 = 110;
    Penalties -750: -340.
    Spanish: Base 500; Count 200 - 20 = 180; Penalties -500 - 100 - 100 = -700: -20."""
    am = ScoreSheet(rules("american")).add_hand([
        {"natural_canastas": 2, "short_melds_of_sevens": 1, "stuck": 1, "table": 200, "hand": 60},
        {}]).sides[0]
    assert (am.base, am.count, am.all_penalties, am.total) == (1000, 140, -4000, -2860)
    bo = ScoreSheet(rules("bolivia")).add_hand([
        {"mixed_canastas": 1, "red_threes_in_hand": 1, "table": 150, "hand": 40}, {}]).sides[0]
    assert (bo.base, bo.count, bo.all_penalties, bo.total) == (300, 110, -750, -340)
    sp = ScoreSheet(rules("spanish", tournament_penalties=True)).add_hand([
        {"natural_canastas": 1, "table": 200, "hand": 20, "red_threes_in_hand": 1, "failed_go_out": 1,
         "exposed_cards": 2}, {}]).sides[0]
    assert (sp.base, sp.count, sp.all_penalties, sp.total) == (500, 180, -700, -20)


def test_s2_perfect_cut_adds_100_to_the_cutters_side_in_the_base() -> None:
    """S2: "A perfect cut of 44 cards earns 100 points added to that person's team score" (G11: the
    cutter's team, entered on its side). Worked by hand: a natural canasta 500, going out 100 and the
    cut's 100: Base 700; Count 120; Total 820. One cut a hand: both sides cannot have it."""
    sheet = ScoreSheet(rules("gvr-club"))
    we = sheet.add_hand([{"natural_canastas": 1, "mixed_canastas": 1, "went_out": True, "perfect_cut": True,
                          "table": 120}, {}]).sides[0]
    assert (we.perfect_cut, we.base, we.count, we.total) == (100, 500 + 300 + 100 + 100, 120, 1120)
    with pytest.raises(SheetError, match="only one side can have the perfect cut"):
        sheet.add_hand([{"perfect_cut": True}, {"perfect_cut": True}])


def test_s0_black_treys_melded_going_out_are_base() -> None:
    """S0 [F](ii){b}: three black treys melded going out count as three red ones, 300 (T9: no face
    value), "record the value of Black treys as part of the basic score". Worked by hand: a sequence
    1,500 and a natural canasta 500, going out 300, three black treys 300: Base 2,600; Count 160."""
    s = ScoreSheet(rules("trey-canasta")).add_hand([
        {"sequence_canastas": 1, "natural_canastas": 1, "black_threes_melded": 3, "went_out": True,
         "table": 160}, {}]).sides[0]
    assert (s.black_threes, s.base, s.count, s.all_penalties, s.total) == (300, 2600, 160, 0, 2760)


# ---------------------------------------------------------------------------- impossible hands
def _refused(preset: str, entries: list[dict[str, Any]], words: str) -> None:
    sheet = ScoreSheet(rules(preset))
    with pytest.raises(SheetError, match=re.escape(words)):
        sheet.add_hand(entries)
    assert not sheet.entries


@pytest.mark.parametrize(("preset", "entries", "words"), [
    # S3 C: 2 packs of threes, red and black: 8 threes in all (5 + 4 = 9)
    ("american", [{"red_threes": 5}, {"red_threes": 4}],
     "9 threes between the sides, but the 2 packs hold 8"),
    # R 1.1: 4 red threes in two packs (3 laid + 2 laid = 5)
    ("classic", [{"red_threes": 3}, {"red_threes": 2}],
     "5 red threes between the sides, but the 2 packs hold 4"),
    # S1: 6 red threes in 3 packs (6 laid and 1 laid = 7)
    ("bolivia", [{"red_threes": 6}, {"red_threes": 1}],
     "7 red threes between the sides, but the 3 packs hold 6"),
    # S3 H: wild canastas with 3 and 2 jokers: 5 jokers, the packs hold 4 (2 per pack)
    ("american", [{"wild_canastas": 1, "wild_canastas_with_3_jokers": 1, "table": 230},
                  {"wild_canastas": 1, "wild_canastas_with_2_jokers": 1, "table": 200}],
     "5 jokers in the wild-card melds between the sides, but the 2 packs hold 4"),
    # S3 E: a canasta of a rank needs 5 of its 8 cards (2 wilds at most): one per rank, 11 ranks
    ("american", [{"natural_canastas": 6, "table": 210}, {"natural_canastas": 6, "table": 210}],
     "12 natural and mixed canastas between the sides, but the 2 packs hold enough for 11"),
    # S3 H: 8 sevens in 2 packs: one canasta of sevens between the sides
    ("american", [{"natural_canastas": 1, "canastas_of_sevens": 1, "table": 35},
                  {"natural_canastas": 1, "canastas_of_sevens": 1, "table": 35}],
     "2 canastas of sevens between the sides, but the 2 packs hold enough for 1"),
    # 11 mixed canastas need a wild each and a wild canasta 7 more: 18, the packs hold 8 deuces + 4 jokers
    ("american", [{"mixed_canastas": 6, "table": 300},
                  {"mixed_canastas": 5, "wild_canastas": 1, "wild_canastas_with_0_jokers": 1, "table": 390}],
     "need at least 18 wild cards between the sides, but the 2 packs hold 12"),
    # S1: 19 sequences need 133 natural cards; 3 packs hold 132 of the ranks 4 to ace
    ("bolivia", [{"sequence_canastas": 10, "table": 500}, {"sequence_canastas": 9, "table": 450}],
     "need at least 133 natural cards between the sides, but the 3 packs hold 132"),
    # S3 K: two canastas of fours, the cheapest, count 70; 65 is a counting mistake
    ("american", [{"natural_canastas": 2, "table": 65}, {}],
     "We: 2 canastas hold at least 70 points, but the melded cards count 65: count again"),
    # a mixed canasta at its cheapest: six fours and a deuce, 50
    ("classic", [{"mixed_canastas": 1, "table": 45}, {}],
     "We: a canasta holds at least 50 points, but the melded cards count 45"),
    # all 108 cards count 1,180 (4 jokers 200, 8 deuces 160, 8 aces 160, 48 tens to kings 480, ...)
    ("classic", [{"table": 1185}, {}], "all the cards of the 2 packs count 1,180: count again"),
    ("classic", [{"natural_canastas": 1, "table": 600}, {"natural_canastas": 1, "table": 600}],
     "the counts entered add up to 1,200, but all the cards of the 2 packs count 1,180"),
    # S3 E, K: "Once a team completes 2 canastas ... that team is eligible to 'go out'"
    ("american", [{"natural_canastas": 1, "went_out": True, "table": 100}, {}],
     "We went out with 1 canasta, but these rules need 2 to go out"),
    # S1: "at least 2 Canastas, one of which must be a Sequence"
    ("bolivia", [{"natural_canastas": 2, "went_out": True, "table": 100}, {}],
     "We went out without a sequence canasta, but these rules need one to go out"),
    # R 1.1: one canasta to go out (none here)
    ("classic", [{}, {"went_out": True}], "They went out with 0 canastas, but these rules need 1 to go out"),
    # S3 G: a side's two players, each caught at most for sevens and for aces: 4
    ("american", [{"stuck": 5}, {}], "We, Players caught with too many sevens or aces: 5, but the side's 2 "
                                     "players can be caught at most 4 times"),
    # B9: the -750 is per player: a side of two has at most two
    ("bolivia", [{"red_threes_in_hand": 3}, {}], "the side has 2 players"),
    ("american", [{"last_three": True}, {"last_three": True}],
     "the last card of the stock was one side's three"),
    ("american", [{"special": 2000, "went_out": True, "natural_canastas": 1, "table": 35}, {}],
     "a side showing a special hand scores only its award"),
])
def test_impossible_hands_are_refused_with_the_reason(preset: str, entries: list[dict[str, Any]],
                                                      words: str) -> None:
    _refused(preset, entries, words)


def test_a_special_hand_goes_out_without_canastas() -> None:
    """S3 F: a special hand ends the hand at once; its side scores only the award (N11), so going out
    with it needs no canasta: 2,500 for pairs without wilds."""
    hand = ScoreSheet(rules("nvso-tournament")).add_hand([{"special": 2500, "went_out": True},
                                                          {"table": 100}])
    assert [s.total for s in hand.sides] == [2500, -100]   # They: no canasta, the table counts minus


# ---------------------------------------------------------------------------- mid-game
def test_s3_k_a_sheet_carried_over_says_the_next_minimums() -> None:
    """S3 K: "Assuming after the next hand "We" had 3,330 points and "They" has 2,900 points then "We"
    would need 155 points to open and "They" would still need 125 points": a new sheet carrying those
    totals says so before any hand; the next hand adds to them (2,525 + 3,330 = 5,855: 180, D "Over
    5,000"; 2,075 + 2,900 = 4,975: 155)."""
    sheet = ScoreSheet(rules("american"), ["We", "They"], start_scores=(3330, 2900), first_hand=1)
    assert sheet.minimums() == (155, 125) and sheet.scores == (3330, 2900) and sheet.carried
    we = {"red_threes": 5, "black_threes_laid": 2, "natural_canastas": 2, "mixed_canastas": 1,
          "went_out": True, "table": 325}
    they = {"red_threes": 3, "natural_canastas": 2, "mixed_canastas": 1, "table": 275}
    h = sheet.add_hand([we, they])
    assert h.result.hand == 1 and h.scores_after == (5855, 4975) and sheet.minimums() == (180, 155)


def test_s3_b_a_sheet_starting_at_the_third_hand_of_a_game() -> None:
    """S3 B: the third hand opens at 180 and ends the game: the higher total wins. Carried in: 4,000
    and 4,200; the third hand 1,150 (two natural canastas and 150) and 350 (a mixed canasta and 50):
    5,150 against 4,550."""
    sheet = ScoreSheet(rules("nvso-tournament"), start_scores=(4000, 4200), first_hand=2)
    assert sheet.minimums() == (180, 180) and sheet.winner == -1
    sheet.add_hand([{"natural_canastas": 2, "table": 150}, {"mixed_canastas": 1, "table": 50}])
    assert sheet.scores == (5150, 4550) and sheet.winner == 0
    with pytest.raises(SheetError, match="has 3 hands, so a sheet cannot start at hand 4"):
        ScoreSheet(rules("nvso-tournament"), first_hand=3)


def test_carried_totals_that_ended_the_game_are_refused() -> None:
    """R 1.1: 5,000 ends the game, so 5,050 against 3,000 is a game over, not a sheet to go on with; S0
    [K](i): in Trey a side wins only by going out, so 15,500 carried in goes on."""
    with pytest.raises(SheetError, match="the game is already over: We has 5,050, the target is 5,000"):
        ScoreSheet(rules("classic"), start_scores=(5050, 3000))
    assert ScoreSheet(rules("trey-canasta"), start_scores=(15500, 9000)).winner == -1
    assert ScoreSheet(rules("classic"), start_scores=(5050, 5050)).winner == -1     # a tie plays on (C4)
    for bad in ((1,), (1, 2, 3), (10**7, 0), (True, 0)):
        with pytest.raises(SheetError, match="carried"):
            ScoreSheet(rules("classic"), start_scores=bad)


def test_mid_game_on_the_command_line_with_the_hands_numbered_as_in_the_game(tmp_path: Path) -> None:
    """S3 K's carried totals (3,330 and 2,900; the sheet's first hand is the game's fourth): the sheet
    shows the carried line and the minimums 155 and 125; its first hand is hand 4, corrected as hand 4;
    the CSV starts with the carried totals. Hand 4 worked by hand: two natural canastas 1,000 and the
    count 200 (1,200: 4,530); a natural canasta and 100 (600: 3,500)."""
    f = str(tmp_path / "sheet.json")
    code, out, err = run("score", "new", "american", "-f", f, "--carry", "3330,2900", "--first-hand", "4")
    assert code == 0, err
    assert "carried" in out and "Next hand (4): opening minimum We 155, They 125." in out
    code, out, err = run("score", "add", "-f", f, "--side", "natural_canastas=2 table=200",
                         "--side", "natural_canastas=1 table=100")
    assert code == 0, err
    assert "4,530" in out and "3,500" in out and "Next hand (5): opening minimum We 155, They 155." in out
    code, _out, err = run("score", "fix", "1", "1", "table=205", "--who", "Ann", "-f", f)
    assert code == 2 and "there is no hand 1 on this sheet (hands 4 to 4)" in err
    code, out, err = run("score", "fix", "4", "1", "table=205", "--who", "Ann", "-f", f)
    assert code == 0 and "4,535" in out, err
    assert "Ann: hand 4, We: table 200 -> 205" in run("score", "show", "-f", f)[1]
    rows = spreadsheet_records(run("score", "csv", "-f", f, "--lang", "en")[1], ",")
    assert [(r["Hand"], r["Side"], r["Running total"]) for r in rows] == [
        ("Carried in", "We", "3330"), ("Carried in", "They", "2900"),
        ("4", "We", "4535"), ("4", "They", "3500")]
    code, _out, err = run("score", "new", "classic", "-f", str(tmp_path / "x.json"), "--carry", "100")
    assert code == 2 and "one per side (2), not 1" in err


def test_trey_moral_winner_on_the_command_line(tmp_path: Path) -> None:
    """S0 [K](ii): nobody went out and a side is over 14,995: the moral winner, and play goes on
    ([K](iv)). Carried 13,000 and 9,000; four natural canastas 2,000 and 500: 15,500."""
    f = str(tmp_path / "sheet.json")
    assert run("score", "new", "trey-canasta", "-f", f, "--carry", "13000,9000", "--first-hand", "6")[0] == 0
    code, out, err = run("score", "add", "-f", f, "--side", "natural_canastas=4 table=500", "--side", "")
    assert code == 0, err
    assert "Nobody went out: We is the moral winner; play on until a side goes out." in out
    assert "won the game" not in out
