"""Scoring a hand ended at a position (issue 18, "Gaps found against our rulings").

A position with ``hand_over`` is a hand ended at that moment, scored by the engine's own scoring
(``records.score_position``): what a score sheet needs for a paper game. Threes held in hand can be
written there even where the rules lay them at once (a three kept by mistake), and so can cards
exposed by mistake. Every figure below is worked out by hand from the sheet or ruling named.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta import RecordError, RuleError, rules
from canasta.presets import preset_table
from canasta.records import position, score_position

# S4 POINTS: the example side's table: a clean canasta, two dirty canastas, aces and tens, and a red
# three; cards on the table 70 + 80 + 80 + 60 + 30 = 320 (the sheet's "320 positive points").
S4_MELDS = ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD 2C", "JC JD JH JS JC JD 2D", "AC AD AH", "TC TD TH"]


def _s4_hand(rules_spec: Any, **extra: Any) -> dict[str, Any]:
    """S4 POINTS: seat 1 (the opponents) went out; seat 0 is left holding JK AS 5C = 50 + 20 + 5 = 75."""
    pos: dict[str, Any] = {
        "rules": rules_spec, "dealer": 3, "turn": 1,
        "hands": ["JK AS 5C", "", "", ""],
        "melds": [S4_MELDS, ["8C 8D 8H 8S 8C 8D 8H"]],
        "red_threes": [["3H"], [], [], []],
        "stock": "4C 6C", "pile": "9S",
        "hand_over": {"reason": "went_out", "out_seat": 1},
    }
    pos.update(extra)
    return pos


def test_S4_points_example_scored_from_an_end_of_hand_position() -> None:
    """S4 POINTS: clean 500 + dirty 600 + red three 100 = 1,200; with the 320 on the table 1,520; less
    the 75 left in hand: 1,445 (E12: the example's side did not close). The side that closed: a
    natural canasta of eights 500, its cards 70, closing 100 = 670."""
    result = score_position(_s4_hand("spanish"))
    ours, theirs = result.sides
    assert (ours.canasta_bonus, ours.red_three_points, ours.table, ours.hand) == (1100, 100, 320, -75)
    assert ours.total == 1445
    assert (theirs.canasta_bonus, theirs.table, theirs.going_out, theirs.total) == (500, 70, 100, 670)
    assert result.reason == "went_out" and result.out_seat == 1
    assert result.scores_after == (1445, 670)


def test_S4_end_of_hand_position_goes_on_to_the_next_hand() -> None:
    """S4: "The total of each game is added to the sum of the previous ones": the scores carry over and
    the next hand is dealt (by the next dealer) unless the target is reached."""
    s = position(_s4_hand("spanish", scores=[1000, 4000]))
    assert s.scores == [2445, 4670] and not s.is_over
    assert s.hand_no == 1 and s.dealer == 0 and len(s.results) == 1
    won = position(_s4_hand("spanish", scores=[4000, 4400]))
    assert won.is_over and won.winner == 0 and won.scores == [5445, 5070]


def test_S4_penalties_are_rule_options_off_by_default_E11() -> None:
    """S4 PENALTIES are optional; E11: off by default. Each is a rule option with its source."""
    table = preset_table("spanish")
    for option, amount in (("red3_hand_penalty", "500"), ("exposed_card_penalty", "50"),
                           ("failed_go_out_penalty", "100")):
        value, source = table[option]
        assert value == 0 and source.startswith("S4") and "E11" in source and amount in source
    # off: the kept red three counts its card value, 0 (its bonus is only for a red three laid)
    assert score_position(_s4_hand("spanish")).sides[0].hand == -75


def test_S4_penalty_for_a_red_three_kept_is_500() -> None:
    """S4 PENALTIES: "For having kept, unawares, a red three instead of exposing it, 500 points": seat 0
    also holds 3D at the end: 1,445 - 500 = 945."""
    spec = {"preset": "spanish", "overrides": {"red3_hand_penalty": 500}}
    result = score_position(_s4_hand(spec, hands=["JK AS 5C 3D", "", "", ""]))
    assert (result.sides[0].hand, result.sides[0].threes_held) == (-75, -500)   # Count, Penalties
    assert result.sides[0].total == 945
    # its partner's kept red three costs the side as much (the penalty is per card)
    result = score_position(_s4_hand(spec, hands=["JK AS 5C", "", "3D", ""]))
    assert result.sides[0].total == 945


def test_S4_penalty_for_an_exposed_card_is_50_each() -> None:
    """S4 PENALTIES: "For uncovering a card ... 50 points" (E11: an exposed card): two cards exposed by
    seat 2 cost side 0 100: 1,445 - 100 = 1,345; one exposed by seat 3 costs side 1 50: 620."""
    spec = {"preset": "spanish", "overrides": {"exposed_card_penalty": 50}}
    result = score_position(_s4_hand(spec, exposed_cards=[0, 0, 2, 1]))
    assert [s.penalties for s in result.sides] == [-100, -50]
    assert result.totals == (1345, 620)
    # off by default (E11): exposures cost nothing
    assert score_position(_s4_hand("spanish", exposed_cards=[0, 0, 2, 1])).totals == (1445, 670)


def test_S4_all_three_penalties_on_together() -> None:
    """S4 PENALTIES with all three on (500, 100, 50): a red three kept by seat 0 and a card exposed by
    seat 2 take 1,445 down to 1,445 - 500 - 50 = 895."""
    r = rules("spanish", red3_hand_penalty=500, exposed_card_penalty=50, failed_go_out_penalty=100)
    result = score_position(_s4_hand(r, hands=["JK AS 5C 3D", "", "", ""], exposed_cards=[0, 0, 1, 0]))
    assert result.totals == (895, 670)


@pytest.mark.parametrize("preset", ["american", "nvso-tournament"])
def test_RULINGS_1_2_a_three_in_hand_scores_minus_100_whatever_its_colour(preset: str) -> None:
    """RULINGS 1.2: "A 3 in hand scores -100" (S3 lays every three at once, so only a hand ended holding
    one can show it). Seat 0 holds 3C (black), 3H (red) and 5S: -100 - 100 - 5 = -205; its side's
    natural canasta of kings 500 and its cards 70: 500 + 70 - 205 = 365. The threes' -200 is a fine
    (on the sheet's Penalties line), the five's -5 the count."""
    result = score_position({"rules": preset, "turn": 0, "hands": ["3C 3H 5S", "", "", ""],
                             "melds": [["KC KD KH KS KC KD KH"], []], "stock": "",
                             "hand_over": {"reason": "stock_out"}})
    ours = result.sides[0]
    assert (ours.hand, ours.threes_held, ours.canasta_bonus, ours.table, ours.total) \
        == (-5, -200, 500, 70, 365)
    # a black three alone costs the same as a red one
    one = score_position({"rules": preset, "turn": 0, "hands": ["3S", "", "", ""], "stock": "",
                          "hand_over": {"reason": "stock_out"}})
    assert (one.sides[0].hand, one.sides[0].threes_held) == (0, -100)


def test_RULINGS_1_2_threes_still_refused_in_a_hand_in_play() -> None:
    """RULINGS 1.2 lays every three at once: a position of a hand still in play cannot hold one."""
    with pytest.raises(RecordError, match="a three is laid face up at once"):
        position({"rules": "american", "hands": ["3C", "", "", ""], "stock": "4C"})


def test_RULINGS_1_1_a_black_three_in_hand_counts_its_5_points() -> None:
    """RULINGS 1.1 card values: a black three left in hand is -5 in the classic game (the -100 of
    RULINGS 1.2 is for the threes mode only)."""
    result = score_position({"rules": "classic", "turn": 0, "hands": ["3C 5S", "", "", ""], "stock": "",
                             "melds": [["KC KD KH"], []], "hand_over": {"reason": "stock_out"}})
    assert result.sides[0].hand == -10


def test_RULINGS_1_1_concealed_going_out_from_a_position() -> None:
    """RULINGS 1.1: going out concealed 200 instead of 100; seat 2 went out concealed with a natural
    canasta of sixes (500 + 35) and red three 3D (100): 835."""
    result = score_position({"rules": "classic", "turn": 2, "hands": ["", "9C", "", "9D"], "stock": "",
                             "melds": [["6C 6D 6H 6S 6C 6D 6H"], []], "red_threes": [[], [], ["3D"], []],
                             "hand_over": {"reason": "went_out", "out_seat": 2, "concealed": True}})
    assert result.sides[0].going_out == 200 and result.sides[0].concealed
    assert result.totals == (835, -20)


@pytest.mark.parametrize(("hand_over", "words"), [
    ({"reason": "gave_up"}, "reason must be one of went_out, stock_out, last_red3"),
    ({"reason": "went_out"}, "out_seat names the player who went out"),
    ({"reason": "stock_out", "out_seat": 1}, "out_seat names the player who went out"),
    ({"reason": "went_out", "out_seat": 7}, "out_seat must be a seat 0 to 3"),
    ({"reason": "went_out", "out_seat": 0}, "seat 0 went out, so hands[0] must be empty"),
    ({"reason": "stock_out", "concealed": True}, "only going out can be concealed"),
    ({"reason": "went_out", "out_seat": 1, "concealed": "yes"}, "must be true or false"),
    ({"reason": "stock_out", "when": 3}, "hand_over must be an object"),
    ("stock_out", "hand_over must be an object"),
])
def test_end_of_hand_position_errors(hand_over: Any, words: str) -> None:
    with pytest.raises(RecordError) as info:
        position({"rules": "classic", "hands": ["KC", "", "", ""], "hand_over": hand_over})
    assert words in str(info.value), str(info.value)


def test_score_position_needs_hand_over() -> None:
    with pytest.raises(RecordError, match="needs 'hand_over'"):
        score_position({"rules": "classic", "hands": ["KC", "", "", ""]})
    with pytest.raises(RecordError, match="exposed_cards"):
        position({"rules": "spanish", "hands": ["KC", "", "", ""], "exposed_cards": [0, -1, 0, 0]})
    with pytest.raises(RuleError, match="'exposed_card_penalty' = -50: must not be negative"):
        rules("spanish", exposed_card_penalty=-50)


@pytest.mark.parametrize(("dealer", "cut", "bonus"), [
    (3, {"size": 44}, (100, 0)),      # the cutter is seat 2 (right of the dealer): side 0
    (0, {"size": 44}, (0, 100)),      # the cutter is seat 3: side 1
    (3, {"perfect": True}, (100, 0)),
    (3, {"size": 43}, (0, 0)),
])
def test_S2_perfect_cut_of_44_earns_the_cutters_team_100_G11(dealer: int, cut: dict[str, Any],
                                                              bonus: tuple[int, int]) -> None:
    """S2: "Player to the right of the dealer cuts ... A perfect cut of 44 cards earns 100 points added
    to that person's team score"; G11: the cutter's team. Both sides otherwise score 0."""
    result = score_position({"rules": "gvr-club", "dealer": dealer, "turn": (dealer + 1) % 4,
                             "hands": ["", "", "", ""], "stock": "", "cut": cut,
                             "hand_over": {"reason": "stock_out"}})
    assert tuple(s.perfect_cut for s in result.sides) == bonus
    assert result.totals == bonus


def test_S2_perfect_cut_in_a_position_played_on() -> None:
    """S2/G11: the perfect cut is scored when the hand ends, also when it is played out from the
    position: with dealer 3 the cutter is seat 2, whose partner seat 0 goes out with its last card."""
    s = position({"rules": "gvr-club", "dealer": 3, "turn": 0, "phase": "play", "cut": {"size": 44},
                  "hands": ["5C", "9C", "", "9D"], "stock": "4C 4D", "pile": "TC",
                  "melds": [["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH"], []],
                  "turn_state": {"answer": "yes"}})
    s.apply("discard 5C")
    ours = s.results[-1].sides[0]
    # two natural canastas 1,000, their cards 140, going out 100, perfect cut 100
    assert (ours.perfect_cut, ours.total) == (100, 1340)


@pytest.mark.parametrize(("cut", "words"), [
    ({"size": 44, "perfect": False}, "a cut of 44 is perfect here (the deal is 44 cards)"),
    ({"size": 40, "perfect": True}, "a cut of 40 is not perfect here"),
    ({}, "'cut' must be an object"),
    ({"size": -3}, "'cut size' must hold whole numbers of at least 0"),
    ({"perfect": "yes"}, "'cut perfect' must be true or false"),
])
def test_S2_cut_errors(cut: dict[str, Any], words: str) -> None:
    with pytest.raises(RecordError) as info:
        position({"rules": "gvr-club", "hands": ["KC", "", "", ""], "stock": "4C", "cut": cut})
    assert words in str(info.value), str(info.value)
