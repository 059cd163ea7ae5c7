"""Tests for the tournament frame of S3 §B (``canasta.tournament``): the game clock, the high-card
draw for positions, the table movement, the knockout reading of "single elimination" and the score
sheet.

Specification: S3 = ``shared/rules/american-nvso-tournament.txt``, section B (and "Canasta Rules",
K for the score sheet). Where the sheet is silent the director's decision is an option of
``FrameOptions`` (see its SOURCES). Every expected value is computed by hand; the arithmetic is in
a comment.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta import GameState, rules
from canasta.cards import JOKER, full_deck, parse_cards
from canasta.cli import app
from canasta.errors import RuleError
from canasta.tournament import (
    NVSO_FRAME,
    SOURCES,
    Call,
    ClockStatus,
    Decision,
    FrameOptions,
    PositionDraw,
    Seating,
    Standing,
    TournamentError,
    choose_positions,
    clock_status,
    director_call,
    draw_for_positions,
    draw_key,
    event_plan,
    frame_options,
    high_card_draw,
    knockout_pairings,
    move_east_west,
    movement,
    remaining,
    repeat_meetings,
    score_sheet,
    standings,
)
from helpers import position_for

NVSO = "nvso-tournament"
# Side 0 (seats 0, 2) holds two pure canastas: seat 0 goes out by discarding its last card, the 9C.
CANASTAS2 = ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH"]
HANDS = ["9C", "8C", "8D", "8H"]


def going_out(**extra: Any) -> GameState:
    """Seat 0 to discard its one card and go out (side 0: two canastas), other options as given."""
    extra.setdefault("pile", "")
    extra.setdefault("stock", "")
    return position_for(NVSO, HANDS, melds=[CANASTAS2, []], **extra)


# Hand score of ``going_out`` (no threes, hand 0): side 0: canastas 500 + 500 = 1,000; table K 70 +
# Q 70 = 140; going out 100; seat 2's 8D -10 -> 1,230. Side 1: no meld; seats 1 and 3 hold 8C 8H -> -20.
SIDE0, SIDE1 = 1000 + 140 + 100 - 10, -20


def options(**kw: Any) -> FrameOptions:
    return FrameOptions(**kw)


# ============================================================================ the game clock
def test_S3_B_three_games_of_50_minutes_each() -> None:
    """S3 B: 'There will be 3 games of 50 minutes each.' The clock runs from the go-ahead:
    50 minutes = 3,000 s; time is called at 3,000 s exactly."""
    assert NVSO_FRAME.games == 3 and NVSO_FRAME.game_minutes == 50
    assert clock_status(0) is ClockStatus.PLAYING
    assert clock_status(2999.9) is ClockStatus.WARNING
    assert clock_status(3000) is ClockStatus.TIME
    assert clock_status(4000) is ClockStatus.TIME
    assert remaining(1200) == 1800.0      # 3,000 - 1,200
    assert remaining(3600) == 0.0         # never negative


def test_S3_B_ten_minute_warning_before_the_end_of_the_game() -> None:
    """S3 B: 'There will be a 10 minute warning to alert players of the end of the game.'
    50 - 10 = 40 minutes = 2,400 s: playing before, warning from 2,400 s until time at 3,000 s."""
    assert NVSO_FRAME.warning_minutes == 10
    assert clock_status(2399.5) is ClockStatus.PLAYING
    assert clock_status(2400) is ClockStatus.WARNING
    assert remaining(2400) == 600.0
    s = going_out()
    assert director_call(s, 2400, True) == Decision(Call.PLAY, -1, "warning")
    assert director_call(s, 100, True) == Decision(Call.PLAY, -1, "playing")
    # another event: 30-minute games with a 5-minute warning: warning at 25 min = 1,500 s
    short = options(game_minutes=30, warning_minutes=5)
    assert [clock_status(t, short) for t in (1499, 1500, 1800)] == [
        ClockStatus.PLAYING, ClockStatus.WARNING, ClockStatus.TIME]


def test_S3_B_may_shuffle_deal_and_sort_but_not_start_until_given_the_go_ahead() -> None:
    """S3 B: 'Once seated at a new table the team may shuffle, deal and sort but not start until
    given the go ahead.' Before the go-ahead (elapsed None) the clock waits, the call is WAIT, the
    whole 50 minutes remain, and a hand cannot already have started."""
    s = going_out()
    assert clock_status(None) is ClockStatus.WAITING
    assert remaining(None) == 3000.0
    assert director_call(s, None, False) == Decision(Call.WAIT, -1, "waiting")
    with pytest.raises(TournamentError, match="before the go-ahead"):
        director_call(s, None, True)


@pytest.mark.parametrize("bad", [-1, -0.001, math.nan])
def test_S3_B_clock_refuses_a_time_before_the_go_ahead(bad: float) -> None:
    """S3 B: the 50 minutes run from the go-ahead: a negative (or NaN) elapsed time is an error."""
    with pytest.raises(TournamentError, match="elapsed time"):
        clock_status(bad)
    with pytest.raises(TournamentError, match="elapsed time"):
        director_call(going_out(), bad, False)


def test_S3_B_time_called_mid_hand_the_hand_is_finished_then_totals_decide() -> None:
    """S3 B '3 games of 50 minutes' with 'Each games consists of 3 hands': the sheet does not say what
    happens when time is called in the middle of the 3 hands. Director (on_time="finish_hand", the
    default): no new hand starts after time; the hand in progress is finished; the totals decide."""
    assert NVSO_FRAME.on_time == "finish_hand"
    s = going_out(scores=[100, 300])
    # time called during hand 1, which is in progress: play it out
    assert director_call(s, 3010, True) == Decision(Call.PLAY, -1, "finish_hand")
    s.apply("discard 9C")
    assert not s.is_over and len(s.results) == 1 and s.hand_no == 1  # the engine dealt hand 2
    # totals 100 + 1,230 = 1,330 against 300 - 20 = 280: no new hand, We (side 0) win
    assert s.scores == [100 + SIDE0, 300 + SIDE1] == [1330, 280]
    assert director_call(s, 3200, False) == Decision(Call.STOP, 0, "time")


def test_S3_B_time_option_stop_hand_abandons_the_hand_in_progress() -> None:
    """S3 B, director's alternative on_time="stop_hand": at time the hand in progress is abandoned
    and scores nothing; the totals of the finished hands decide (here 100 against 300: They)."""
    s = going_out(scores=[100, 300])
    assert director_call(s, 3000, True, options(on_time="stop_hand")) == Decision(Call.STOP, 1, "time")
    assert director_call(s, 3000, False, options(on_time="stop_hand")) == Decision(Call.STOP, 1, "time")
    assert score_sheet(s).hands == ()   # the abandoned hand is not on the sheet


def test_S3_B_time_option_play_out_the_three_hands() -> None:
    """S3 B 'Each games consists of 3 hands': director's alternative on_time="play_out": time is
    only announced and the three hands are completed; the engine ends the game after hand 3."""
    s = going_out(scores=[100, 300], hand_number=2)
    assert director_call(s, 5000, False, options(on_time="play_out")) == Decision(Call.PLAY, -1, "play_out")
    s.apply("discard 9C")
    # 100 + 1,230 = 1,330 against 280 after the third hand: the game is over, side 0 wins
    assert s.is_over and s.winner == 0
    assert director_call(s, 5000, False, options(on_time="play_out")) == Decision(Call.STOP, 0, "game_over")


def test_S3_B_third_hand_ends_the_game_before_time() -> None:
    """S3 B: 'Each games consists of 3 hands': after the third hand the game is over whatever the
    clock says (here at 20 minutes)."""
    s = going_out(scores=[0, 2000], hand_number=2)
    s.apply("discard 9C")
    # 0 + 1,230 = 1,230 against 2,000 - 20 = 1,980: They win
    assert s.is_over and s.scores == [1230, 1980]
    assert director_call(s, 1200, False) == Decision(Call.STOP, 1, "game_over")


def test_S3_B_tie_at_time_plays_one_more_hand_or_is_recorded() -> None:
    """S3 B with 'single elimination' (a game needs a winner): totals tied when time is called ->
    one more full hand (time_tie="extra_hand", default); alternative time_tie="draw" stops with no
    winner (-1) for the director to settle."""
    s = going_out(scores=[500, 500])
    assert director_call(s, 3000, False) == Decision(Call.PLAY, -1, "tie_extra_hand")
    assert director_call(s, 3000, False, options(time_tie="draw")) == Decision(Call.STOP, -1, "tie")
    # the extra hand is played out even under stop_hand: stopping it would leave the tie
    assert director_call(s, 3100, True, options(on_time="stop_hand")) == Decision(
        Call.PLAY, -1, "tie_extra_hand")
    s.apply("discard 9C")
    # 500 + 1,230 = 1,730 against 500 - 20 = 480: no longer tied, We win
    assert director_call(s, 3400, False) == Decision(Call.STOP, 0, "time")


def test_S3_B_timed_game_never_starts_a_hand_after_time() -> None:
    """S3 B '3 games of 50 minutes each' and 'Each games consists of 3 hands': random timed games with
    a simulated clock (5 or 15 s per action). Every hand on the sheet started before time, no hand
    was begun after it, and a game ends either after its 3 hands or on the totals at time."""
    rs = rules(NVSO)
    reasons = set()
    for per_action in (5, 15):
        for seed in range(3):
            s = GameState.new(rs, seed=seed)
            rng = random.Random(seed)
            elapsed, started, starts = 0.0, False, []
            while True:
                decision = director_call(s, elapsed, started)
                if decision.call is Call.STOP:
                    break
                assert decision.call is Call.PLAY
                if not started:
                    starts.append(elapsed)
                before = len(s.results)
                s.apply(rng.choice(s.legal_actions()))
                elapsed += per_action
                started = len(s.results) == before and not s.is_over
            reasons.add(decision.reason)
            sheet = score_sheet(s, decision=decision)
            assert len(sheet.hands) == len(starts) <= 3
            assert all(t < 3000 for t in starts)
            if decision.reason == "time":   # the totals decide
                assert elapsed >= 3000 and len(sheet.hands) < 3
                a, b = s.scores
                assert a != b and decision.winner == (0 if a > b else 1) == sheet.winner
            else:
                assert decision.reason == "game_over" and len(sheet.hands) == 3
    assert reasons == {"time", "game_over"}


def test_S3_B_clock_needs_a_two_team_game() -> None:
    """S3 'teams of two players': the director's call compares two teams' totals."""
    s = GameState.new(rules("bolivia", players=3), seed=0)
    with pytest.raises(TournamentError, match="two teams"):
        director_call(s, 0, False)


# ===================================================================== the high-card draw
def draw(cards: str, **kw: Any) -> PositionDraw:
    return high_card_draw(parse_cards(cards), options(**kw))


def test_S3_B_team_with_the_high_card_chooses_the_position() -> None:
    """S3 B: 'Positions of the teams (North-South or East-West) will be determined by a high card
    draw between the teams. The team with the high card chooses the position they want to play.'"""
    # faces (rank-2)*4 + suit (C D H S = 0..3): KH = 11*4 + 2 = 46, 9S = 7*4 + 3 = 31; king beats nine
    assert draw("KH 9S") == PositionDraw(((0, 46), (1, 31)), 0)
    assert draw("4C AD").chooser == 1                            # ace high
    assert draw("TS JC").chooser == 1                            # J 11 beats 10
    # the chooser takes North-South: (NS, EW)
    assert choose_positions(("Smith", "Jones"), draw("4C AD"), "NS") == ("Jones", "Smith")
    assert choose_positions(("Smith", "Jones"), draw("4C AD"), "EW") == ("Smith", "Jones")
    assert draw("KH 9S").text(("Smith", "Jones")) == "Smith K♥, Jones 9♠: Smith chooses"
    with pytest.raises(TournamentError, match="NS or EW"):
        choose_positions(("Smith", "Jones"), draw("4C AD"), "North")


def test_S3_B_high_card_draw_jokers_are_drawn_again() -> None:
    """S3 B 'high card draw' (rank order not stated); director (Official Canasta Laws): jokers are
    void, the team draws again. Team 0: JK, then 5C; team 1: 6D -> team 1 (6 beats 5)."""
    d = draw("JK 5C 6D")
    assert d.draws == ((0, JOKER), (0, parse_cards("5C")[0]), (1, parse_cards("6D")[0]))
    assert d.chooser == 1
    # option draw_joker="high": the joker beats an ace
    assert draw("JK AS", draw_joker="high").chooser == 0
    assert draw("AS JK", draw_joker="high").chooser == 1


def test_S3_B_high_card_draw_deuces_low_or_drawn_again() -> None:
    """S3 B 'high card draw'; director: the deuce ranks lowest (A K ... 3 2, Official Canasta Laws):
    3D beats 2C. Option draw_deuce="redraw" (a wild card, void like the joker): team 0 draws 2C
    (void) then 4D, team 1 draws 3H -> team 0 (4 beats 3)."""
    assert draw("2C 3D").chooser == 1
    d = draw("2C 4D 3H", draw_deuce="redraw")
    assert [t for t, _ in d.draws] == [0, 0, 1] and d.chooser == 0


def test_S3_B_high_card_draw_ties_draw_again_or_by_suit() -> None:
    """S3 B 'high card draw'; director: equal ranks draw again (QH, QS tie; then 5C beats 4C: team 0).
    Option draw_ties="suits": spades, hearts, diamonds, clubs high to low (QS beats QH: team 1); the
    very same card (two packs) still draws again."""
    assert draw("QH QS 5C 4C").chooser == 0
    assert draw("QH QS", draw_ties="suits").chooser == 1
    assert draw("QS QH", draw_ties="suits").chooser == 0
    d = draw("QS QS 9C TC", draw_ties="suits")
    assert len(d.draws) == 4 and d.chooser == 1
    with pytest.raises(TournamentError, match="ran out"):
        draw("QH QS")
    assert draw_key(parse_cards("AS")[0]) == (14, 0)
    assert draw_key(parse_cards("AS")[0], options(draw_ties="suits")) == (14, 3)
    with pytest.raises(TournamentError, match="not a card"):
        draw_key(53)


def test_S3_B_seeded_draw_from_the_108_card_pack() -> None:
    """S3 'NVSO will supply the playing cards (only 2 jokers per deck)': the seeded draw comes from
    a shuffled 108-card pack; the same seed gives the same draw, and the last valid card of the
    chooser beats the other team's."""
    assert len(full_deck(2, 2)) == 108
    choosers = set()
    for seed in range(200):
        d = draw_for_positions(seed)
        assert d == draw_for_positions(seed)
        valid = [(t, k) for t, c in d.draws if (k := draw_key(c)) is not None]
        (t0, k0), (t1, k1) = valid[-2], valid[-1]
        assert (t0, t1) == (0, 1) and k0 != k1
        assert d.chooser == (0 if k0 > k1 else 1)
        assert all(d.draws.count(x) <= 2 for x in d.draws if x[1] != JOKER)  # 2 of each card
        choosers.add(d.chooser)
    assert choosers == {0, 1}


# ========================================================================= the movement
def table(game: list[Seating]) -> list[tuple[str, str]]:
    return [(s.ns, s.ew) for s in game]


NS3, EW3 = ["N1", "N2", "N3"], ["E1", "E2", "E3"]


def test_S3_B_east_west_moves_to_the_next_higher_table() -> None:
    """S3 B: 'There will be multiple tables. The East-West team will move to the next higher
    numbered table.' Game 2: E1 (table 1) -> table 2, E2 (table 2) -> table 3; North-South stay."""
    games = movement(NS3, EW3, 3)
    assert table(games[0]) == [("N1", "E1"), ("N2", "E2"), ("N3", "E3")]
    assert games[1][1] == Seating(2, 2, "N2", "E1") and games[1][2] == Seating(2, 3, "N3", "E2")
    assert [s.ns for g in games for s in g] == NS3 * 3


def test_S3_B_team_at_the_highest_numbered_table_moves_to_table_1() -> None:
    """S3 B: 'The team with the highest numbered table moves to Table 1.' 3 tables, 3 games:
    game 2: E3 (table 3) -> table 1; game 3: E2 (table 3 in game 2) -> table 1."""
    games = movement(NS3, EW3, 3)
    assert table(games[1]) == [("N1", "E3"), ("N2", "E1"), ("N3", "E2")]
    assert table(games[2]) == [("N1", "E2"), ("N2", "E3"), ("N3", "E1")]
    assert [s.game for g in games for s in g] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert move_east_west(games[2]) == [Seating(4, 1, "N1", "E1"), Seating(4, 2, "N2", "E2"),
                                        Seating(4, 3, "N3", "E3")]   # back to the start


@pytest.mark.parametrize("tables", range(1, 9))
def test_S3_B_movement_no_pair_meets_twice_within_n_games(tables: int) -> None:
    """S3 B movement: with N tables, in N games every East-West team meets every North-South team
    exactly once (N x N meetings, none repeated)."""
    ns = [f"N{i}" for i in range(1, tables + 1)]
    ew = [f"E{i}" for i in range(1, tables + 1)]
    games = movement(ns, ew, tables)
    assert repeat_meetings(games) == []
    assert {(s.ns, s.ew) for g in games for s in g} == {(a, b) for a in ns for b in ew}


def test_S3_B_movement_with_fewer_tables_than_games_repeats_meetings() -> None:
    """S3 B '3 games' with 'multiple tables': with a single table the same teams play all 3 games
    (the E-W team 'moves' from table 1 to table 1); with 2 tables game 3 repeats game 1."""
    one = movement(["N1"], ["E1"], 3)
    assert [table(g) for g in one] == [[("N1", "E1")]] * 3
    assert repeat_meetings(one) == [("N1", "E1", 2), ("N1", "E1", 3)]
    two = movement(["N1", "N2"], ["E1", "E2"], 3)
    assert table(two[1]) == [("N1", "E2"), ("N2", "E1")]
    assert repeat_meetings(two) == [("N1", "E1", 3), ("N2", "E2", 3)]


def test_S3_B_movement_bad_input() -> None:
    """S3 B 'multiple tables': one North-South and one East-West team per table, distinct names."""
    with pytest.raises(TournamentError, match="one of each per table"):
        movement(["N1", "N2"], ["E1"])
    with pytest.raises(TournamentError, match="one of each per table"):
        movement([], [])
    with pytest.raises(TournamentError, match="must differ"):
        movement(["A", "B"], ["B", "C"])
    with pytest.raises(TournamentError, match="games"):
        movement(NS3, EW3, 0)
    with pytest.raises(TournamentError, match="tables 1 to N"):
        move_east_west([Seating(1, 2, "N1", "E1")])


# ============================================================ single elimination, standings
def test_S3_single_elimination_pairs_winners_round_by_round() -> None:
    """S3 'This is a single elimination tournament.' (format="knockout"): table winners meet in
    table order, an odd winner has a bye. 8 teams at 4 tables: 4 winners, then 2, then 1 champion
    after the 3 games of S3 B."""
    assert knockout_pairings(["A", "B", "C", "D"]) == ([(1, "A", "B"), (2, "C", "D")], None)
    assert knockout_pairings(["A", "B", "C"]) == ([(1, "A", "B")], "C")
    teams = [f"T{i}" for i in range(1, 9)]
    winners = teams[0::2]                     # game 1 at 4 tables: the first team of each wins
    for game in (2, 3):
        pairs, bye = knockout_pairings(winners)
        assert bye is None and len(pairs) == 4 // 2 ** (game - 1)   # 2 tables, then 1
        winners = [b for _, _, b in pairs]     # the second team of each pair wins
    assert winners == ["T7"]                   # T1 T3 T5 T7 -> T3 T7 -> T7
    with pytest.raises(TournamentError, match="only one table"):
        knockout_pairings(["A", "A"])


def test_S3_frame_format_default_is_the_movement() -> None:
    """S3 B's movement and S3 'single elimination' contradict (the movement sends every East-West
    team on whatever its result); the default plays the movement, knockout is the option."""
    assert NVSO_FRAME.format == "movement" and options(format="knockout").format == "knockout"
    assert "contradict" in SOURCES["format"]


def test_S3_B_standings_by_games_won_then_points() -> None:
    """S3 B '3 games' (movement format): director's ranking by games won, then total points.
    A: beat B 2,000-1,500, lost to C 900-1,000 -> 1 win, 2,900; B: 1 win (beat C 1,200-800),
    1,500 + 1,200 = 2,700; C: 1 win, 1,000 + 800 = 1,800. A tie counts half a win."""
    games = [("A", "B", 2000, 1500), ("C", "A", 1000, 900), ("B", "C", 1200, 800)]
    assert standings(games) == [Standing("A", 1.0, 2900), Standing("B", 1.0, 2700),
                                Standing("C", 1.0, 1800)]
    assert standings([("A", "B", 700, 700)]) == [Standing("A", 0.5, 700), Standing("B", 0.5, 700)]
    with pytest.raises(TournamentError, match="itself"):
        standings([("A", "A", 1, 0)])


# ========================================================================= the score sheet
def we_they() -> GameState:
    """The S3 K worked example (as in test_american.py): We go out; We 2,525, They 2,075."""
    we = ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH", "JC JD JH JS JC JK 2C", "9C 9D 9H 9S 9C",
          "6C 6D 6H 6S 6C"]
    they = ["TC TD TH TS TC TD TS", "8C 8D 8H 8S 8C 8D 8S", "5C 5D 5H 5S 5C 5D 5S",
            "4D 4H 4S 4D 4H 2D 2H", "JD JH JS", "9D 9H 9S"]
    s = position_for(NVSO, ["QS", "5H TH", "4C 6D", "8H"], melds=[we, they], pile="", stock="",
                     red_threes=[["3D 3H 3D 3C 3S"], [], [], []])
    s.apply("discard QS")
    return s


SHEET_TEXT = """\
Score sheet          We     They
Hand 1 (went out, seat 0)
  Meld              125      125
  Base            2,200    1,800
  Count             325      275
  Penalties           0        0
  Total           2,525    2,075
  Game            2,525    2,075
Winner: not decided"""


def test_S3_B_score_sheet_handed_to_the_director_we_2525_they_2075() -> None:
    """S3 B: 'Score sheets will be handed to the Event Director at the end of each game.' S3 K's
    sheet: We Base 2,200 Count 325 Total 2,525; They Base 1,800 Count 275 Total 2,075.
    We: threes 500 + 300 = 800, canastas 500 + 500 + 300 = 1,300, out 100 -> 2,200; count 335 - 10.
    They: 3 x 500 + 300 = 1,800; count 300 - 25 = 275. Hand 1 meld 125 (S3 B)."""
    sheet = score_sheet(we_they())
    (h,) = sheet.hands
    assert (h.hand, h.meld, h.base, h.count) == (1, (125, 125), (2200, 1800), (325, 275))
    assert (h.penalties, h.total, h.running) == ((0, 0), (2525, 2075), (2525, 2075))
    assert sheet.text() == SHEET_TEXT
    d = json.loads(json.dumps(sheet.to_dict()))
    assert d["teams"] == ["We", "They"] and d["winner"] is None
    assert d["hands"][0]["base"] == [2200, 1800] and d["hands"][0]["total"] == [2525, 2075]


def test_S3_B_score_sheet_winner_from_the_directors_call() -> None:
    """S3 B: the sheet handed in when time ends the game names the winner on the totals:
    2,525 against 2,075 -> We; team names replace We / They."""
    s = we_they()
    decision = director_call(s, 3000, False)
    assert decision == Decision(Call.STOP, 0, "time")
    sheet = score_sheet(s, ("Smith", "Jones"), decision)
    assert sheet.winner == 0 and sheet.to_dict()["winner"] == "Smith"
    assert sheet.text().splitlines()[0] == "Score sheet       Smith    Jones"
    assert sheet.text().endswith("Winner: Smith")


def test_S3_B_score_sheet_running_total_and_meld_by_hand() -> None:
    """S3 B 'Each games consists of 3 hands starting with a meld of 125, followed by a meld of 155,
    and ending with the last hand of 180': hand 2 of a game at 3,000 against 100 is played at 155;
    running totals 3,000 + 1,230 = 4,230 and 100 - 20 = 80."""
    s = going_out(scores=[3000, 100], hand_number=1)
    s.apply("discard 9C")
    (h,) = score_sheet(s).hands
    assert (h.hand, h.meld, h.total, h.running) == (2, (155, 155), (SIDE0, SIDE1), (4230, 80))
    # Base: canastas 1,000 + out 100 = 1,100; Count: 140 - 10 = 130; They: 0 and -20
    assert (h.base, h.count, h.penalties) == ((1100, 0), (130, -20), (0, 0))


def test_S3_B_score_sheet_penalties_line_for_an_unfinished_sevens_meld() -> None:
    """S3 B score sheet with S3 L 'Failure to complete A's or 7's Canasta = 2,500 points': the
    penalty goes on a Penalties line so that Base + Count + Penalties = Total.
    They: jacks canasta 500 (base); table J 70 + 7s 15 = 85, hand 8C 8H -20 -> count 65; -2,500;
    total 500 + 65 - 2,500 = -1,935."""
    s = position_for(NVSO, HANDS, melds=[CANASTAS2, ["JC JD JH JS JC JD JH", "7C 7D 7H"]], pile="",
                     stock="")
    s.apply("discard 9C")
    (h,) = score_sheet(s).hands
    assert (h.base[1], h.count[1], h.penalties[1], h.total[1]) == (500, 65, -2500, -1935)
    assert h.penalties[0] == 0


def test_S3_B_score_sheet_special_hand_award_on_the_base_line() -> None:
    """S3 B score sheet with S3 K 'Special Hands - Pairs-no wilds = 2,500 points' (N11: the award
    only). We: Base 2,500, Count 0, Total 2,500. They: no canasta, so AC AD AH counts minus (N18):
    Count -60 - 30 (QC QD 9S in hand) = -90; unfinished pure aces -2,500 on the Penalties line;
    Total -90 - 2,500 = -2,590."""
    s = position_for(NVSO, ["4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD KC KD", "QC QD", "JC", "9S"],
                     melds=[[], ["AC AD AH"]], pile="", stock="")
    s.apply("declare pairs")
    (h,) = score_sheet(s).hands
    assert h.ended == "special hand, seat 0"
    assert (h.base, h.count, h.penalties, h.total) == ((2500, 0), (0, -90), (0, -2500), (2500, -2590))


def test_S3_B_score_sheet_of_whole_games_adds_up() -> None:
    """S3 B/K: for every hand of random three-hand games, Base + Count + Penalties = Total and the
    running total is the previous one plus the Total; the winner is the higher final total."""
    rs = rules(NVSO)
    for seed in range(3):
        s = GameState.new(rs, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        sheet = score_sheet(s)
        running = [0, 0]
        for h in sheet.hands:
            for i in (0, 1):
                assert h.base[i] + h.count[i] + h.penalties[i] == h.total[i]
                running[i] += h.total[i]
            assert h.running == tuple(running)
        assert [h.meld for h in sheet.hands] == [(125, 125), (155, 155), (180, 180)]
        assert sheet.winner == (0 if running[0] > running[1] else 1)


def test_S3_B_score_sheet_bad_input() -> None:
    """S3 'teams of two players': a sheet has two different team columns."""
    with pytest.raises(TournamentError, match="two teams"):
        score_sheet(GameState.new(rules("bolivia", players=3), seed=0))
    with pytest.raises(TournamentError, match="two different team names"):
        score_sheet(we_they(), ("We", "We"))


# ============================================================================== options
def test_S3_B_frame_options_carry_their_source_and_refuse_bad_values() -> None:
    """S3 B: every frame option names the sheet sentence or the director's decision behind it."""
    t = NVSO_FRAME.table()
    assert t["games"] == (3, SOURCES["games"]) and "3 games of 50 minutes" in t["games"][1]
    assert "10 minute warning" in t["warning_minutes"][1]
    assert all(src for _, src in t.values())
    for bad, words in (({"on_time": "panic"}, "on_time"), ({"games": 0}, "games"),
                       ({"game_minutes": 0}, "game_minutes"),
                       ({"warning_minutes": 50}, "warning_minutes"),
                       ({"draw_joker": "low"}, "draw_joker")):
        with pytest.raises(RuleError, match=words):
            options(**bad)


def test_S3_B_frame_options_for_another_event() -> None:
    """S3 B's values are the defaults; an event changes them by name, unknown names and wrong types
    are refused."""
    assert frame_options() == NVSO_FRAME
    assert frame_options(games=4, on_time="stop_hand").games == 4
    with pytest.raises(RuleError, match="unknown frame option"):
        frame_options(minutes=40)
    with pytest.raises(RuleError, match="whole number"):
        frame_options(games="three")
    with pytest.raises(RuleError, match="text"):
        frame_options(format=1)


# ========================================================================== the event plan
def test_S3_B_event_plan_lists_draws_and_movement() -> None:
    """S3 B: a high-card draw at each table, then 'The East-West team will move to the next higher
    numbered table. The team with the highest numbered table moves to Table 1.' (3 tables, 3 games)."""
    text = event_plan(3, 7)
    lines = text.splitlines()
    assert lines[0] == "Tournament frame: 3 tables, 3 games of 50 minutes, warning at 40 minutes"
    for t in (1, 2, 3):
        assert f"  table {t}: {draw_for_positions(f'7/{t}').text((f'A{t}', f'B{t}'))}" in lines
    assert lines[-3:] == ["  game 1: T1 NS1-EW1  T2 NS2-EW2  T3 NS3-EW3",
                          "  game 2: T1 NS1-EW3  T2 NS2-EW1  T3 NS3-EW2",
                          "  game 3: T1 NS1-EW2  T2 NS2-EW3  T3 NS3-EW1"]
    one = event_plan(1, 7).splitlines()
    assert one[-1] == "Pairs meeting again (fewer tables than games): NS1-EW1 in game 2, NS1-EW1 in game 3"
    assert "Single elimination" in event_plan(4, 7, frame_options(format="knockout"))
    with pytest.raises(TournamentError, match="tables"):
        event_plan(0, 7)


def test_S3_B_canasta_tournament_command() -> None:
    """S3 B frame from the command line: `canasta tournament --tables 2 --set games=2`; a bad frame
    option is a one-line error with exit code 2."""
    runner = CliRunner()
    result = runner.invoke(app, ["tournament", "--tables", "2", "--seed", "1", "--set", "games=2"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-2:] == ["  game 1: T1 NS1-EW1  T2 NS2-EW2",
                                               "  game 2: T1 NS1-EW2  T2 NS2-EW1"]
    bad = runner.invoke(app, ["tournament", "--set", "on_time=panic"])
    assert bad.exit_code == 2 and "on_time" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
