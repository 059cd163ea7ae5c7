"""Single elimination (S3: "This is a single elimination tournament"): the seeded bracket with byes,
winners moving on, S3's tie rule, places, the high-card seeding, and the event that runs it. The
brackets are worked by hand from the seeding (1 v 8, 4 v 5, 2 v 7, 3 v 6)."""

from __future__ import annotations

import time

import pytest

from canasta.tournament.draw import draw_order
from canasta.tournament.event import Event
from canasta.tournament.knockout import Bracket, bracket_order
from canasta.tournament.options import TournamentError

PAIRS = [f"P{i}" for i in range(1, 9)]


def test_seeded_brackets_meet_neighbours_and_the_best_two_in_the_final() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(TournamentError):
        bracket_order(6)


def test_eight_pairs_play_three_rounds_at_four_two_and_one_tables() -> None:
    """8 pairs at 4 tables give a champion after S3 B's 3 games."""
    b = Bracket(PAIRS)
    rounds = b.rounds()
    assert b.count == 3 and [len(r) for r in rounds] == [4, 2, 1]
    assert [(g.table, g.upper.pair, g.lower.pair) for g in rounds[0]] == [
        (1, "P1", "P8"), (2, "P4", "P5"), (3, "P2", "P7"), (4, "P3", "P6")]
    assert all(g.upper.pair is None and not g.ready for g in rounds[1])
    won = {(1, 1): "P8", (1, 2): "P4", (1, 3): "P2", (1, 4): "P6"}
    r2 = b.rounds(won)[1]
    # the higher seed is the upper side: P4 (seed 4) above P8 (seed 8), P2 above P6
    assert [(g.table, g.upper.pair, g.lower.pair) for g in r2] == [(1, "P4", "P8"), (2, "P2", "P6")]
    won |= {(2, 1): "P8", (2, 2): "P2", (3, 1): "P8"}
    assert b.champion(won) == "P8"
    # places: champion 1, finalist 2, semi-final losers 3, quarter-final losers 5
    assert b.places(won) == {"P8": 1, "P2": 2, "P4": 3, "P6": 3, "P1": 5, "P5": 5, "P7": 5, "P3": 5}


def test_six_pairs_the_top_two_seeds_have_byes() -> None:
    """6 pairs: a bracket of 8, seeds 1 and 2 meet the empty places 8 and 7: byes into round 2; round 1
    is 4 v 5 at table 1 and 3 v 6 at table 2; round 2 is 1 v (4/5) and 2 v (3/6)."""
    b = Bracket(PAIRS[:6])
    r1 = b.rounds()[0]
    assert [(g.table, g.bye, g.upper.pair, g.lower.pair, g.winner) for g in r1] == [
        (0, True, "P1", None, "P1"), (1, False, "P4", "P5", None), (0, True, "P2", None, "P2"),
        (2, False, "P3", "P6", None)]
    r2 = b.rounds({(1, 1): "P5", (1, 2): "P3"})[1]
    assert [(g.upper.pair, g.lower.pair) for g in r2] == [("P1", "P5"), ("P2", "P3")]
    assert b.places({(1, 1): "P5", (1, 2): "P3"})["P4"] == 5


def test_a_winner_must_play_at_the_table_named() -> None:
    with pytest.raises(TournamentError, match="P3 does not play there"):
        Bracket(PAIRS).rounds({(1, 1): "P3"})
    with pytest.raises(TournamentError, match="round 2, table 1: no game there yet"):
        Bracket(PAIRS).rounds({(2, 1): "P1"})


def test_the_high_card_draw_seeds_the_bracket_and_says_every_card() -> None:
    """S3 B's high card, drawn by every team: the highest card is seed 1; equal cards draw again."""
    order, said = draw_order(PAIRS, 7)
    assert sorted(order) == sorted(PAIRS) and len(said) >= 8
    assert order == draw_order(PAIRS, 7)[0]           # the same seed, the same draw
    assert list(dict.fromkeys(team for team, _card in said)) == PAIRS   # in turn; void cards and ties again


def _event(n: int, draw: str = "as_listed") -> Event:
    return Event.new("KO", "nvso-tournament", PAIRS[:n], draw=draw, movement="knockout", seed=5)


def test_the_event_seats_each_round_and_refuses_a_tie_with_s3s_rule() -> None:
    """As listed, the higher seed sits North-South; the event has as many rounds as the bracket
    (6 pairs: 3); a tied result is refused in words: S3 decides a game on the higher total."""
    ev = _event(6)
    assert ev.options.games == 3
    assert [(s.table, s.ns, s.ew) for s in ev.seating(1)] == [(1, "P4", "P5"), (2, "P3", "P6")]
    assert ev.moves().sit_outs[0] == ("P1", "P2")
    assert ev.seating(2) == []                        # round 2 waits for round 1
    with pytest.raises(TournamentError, match=r"the totals are equal .2,500.; a knockout game is won"):
        ev.enter(1, 1, 2500, 2500, "", True, True)
    ev.enter(1, 1, 2400, 2600, "", True, True)
    ev.enter(1, 2, 3100, 900, "", True, True)
    assert [(s.table, s.ns, s.ew) for s in ev.seating(2)] == [(1, "P1", "P5"), (2, "P2", "P3")]
    view = ev.view(time.time())
    assert view["rounds"][0]["byes"] == ["P1", "P2"] and view["knockout"]["champion"] is None
    assert [r["rank"] for r in view["standings"]][-2:] == [5, 5]


def test_a_result_whose_winner_played_on_cannot_change_its_winner() -> None:
    ev = _event(8)
    for t in (1, 2, 3, 4):
        ev.enter(1, t, 3000, 2000, "", True, True)
    ev.enter(2, 1, 1000, 2000, "", True, True)
    with pytest.raises(TournamentError, match=r"its winner has played round 2 already .table 1."):
        ev.enter(1, 2, 1000, 2000, "", True, True)
    ev.enter(1, 3, 1000, 2000, "", True, True)       # table 3's winner has not played yet: a new winner
    assert [(s.ns, s.ew) for s in ev.seating(2)][1] == ("P3", "P7")


def test_a_knockout_cannot_take_gvr_partners() -> None:
    with pytest.raises(TournamentError, match="GVR partnering"):
        Event.new("KO", "gvr-club", ["A & B", "C & D"], movement="knockout", partnering="gvr")


def test_the_event_round_trips_and_the_bracket_is_drawn_by_high_card() -> None:
    ev = _event(8, "high_card")
    assert len(ev.seed_draws) >= 8 and ev.draws == []   # every card drawn, as (pair, card)
    for t in (1, 2, 3, 4):
        ev.enter(1, t, 3000, 2000, "", True, True)
    again = Event.from_dict(ev.to_dict())
    assert again.bracket_view() == ev.bracket_view() and again.standings() == ev.standings()
    game = ev.bracket_view()["rounds"][1][0]
    assert len(game["draw"]) >= 2
    assert {game["ns"], game["ew"]} == {game["upper"]["pair"], game["lower"]["pair"]}
