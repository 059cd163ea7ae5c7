"""Rule tests for the ``nvso-tournament`` (S3) and ``american`` (RULINGS 1.2) presets.

Specification: S3 = ``shared/rules/american-nvso-tournament.txt`` (quoted by section, A..L), the
reference game R 1.2 and the rulings N1-N23 of ``RULINGS.md``. Every expected number is computed by
hand from the sheet; the arithmetic is in a comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta import GameState, Phase, rules
from canasta.actions import Action, Op
from canasta.cards import parse_cards
from canasta.records import position
from canasta.scoring import HandResult
from canasta.views import view
from helpers import check_refused, finish_hand, hand, play, position_for, seed_where

NVSO = "nvso-tournament"
AM = "american"
RS = rules(NVSO)
RA = rules(AM)
STOCK20 = "4C 4D 4H 4S 4C 4D 4H 4S 5D 5H 5S 5D 5H 5S 6S 6S AS AS JS JS"  # 20 cards, top first


def setup(hands: list[str], preset: str = NVSO, **kw: Any) -> GameState:
    kw.setdefault("pile", "")
    kw.setdefault("stock", "")
    return position_for(preset, hands, **kw)


def last(s: GameState) -> HandResult:
    return s.results[-1]


# ------------------------------------------------------------------------------------- A, B: the game
def test_S3_A_game_to_8500() -> None:
    """S3 A: 'until one team reaches 8,500 points, which wins the game'; R 1.2: game 8,500."""
    assert RS.target_score == 8500 and RA.target_score == 8500


def test_S3_B_a_game_of_three_hands_with_meld_125_155_180() -> None:
    """S3 B: 'Each games consists of 3 hands starting with a meld of 125, followed by a meld of 155,
    and ending with the last hand of 180.' N1: per-hand schedule in the NVSO preset. Director: after
    the third hand the higher total wins."""
    s = GameState.new(RS, seed=3)
    minimums = []
    for _ in range(3):
        minimums.append(list(s.minimum))
        finish_hand(s)
    assert minimums == [[125, 125], [155, 155], [180, 180]]
    assert s.is_over and len(s.results) == 3
    assert s.winner == max(range(2), key=lambda i: s.scores[i])
    assert s.scores[s.winner] > s.scores[1 - s.winner]


def test_S3_B_tie_after_three_hands_plays_on() -> None:
    """S3 B, director's ruling (like C4): an exact tie after the third hand plays another hand; its
    minimum stays at the schedule's last value, 180."""
    t = setup(["KC", "QC", "JC", "9C"], scores=[100, 100], hand_number=2, phase="draw")
    # side 0: KC + JC = -20; side 1: QC + 9C = -20 -> 80 all: a tie, play on with 180
    assert not t.is_over and t.scores == [80, 80] and t.hand_no == 3 and t.minimum == [180, 180]


def test_N1_american_minimum_by_score() -> None:
    """R 1.2 / S3 D: 125 below 3,000; 'When a team reaches 3,000 points the meld requirement is 155
    points. Over 5,000 points the requirement is 180'; N2: exactly 5,000 -> 180."""
    assert [RA.opening_minimum(x) for x in (-500, 0, 2995, 3000, 4995, 5000, 8000)] == \
        [125, 125, 125, 155, 155, 180, 180]


def test_S3_K_meld_thresholds_3330_and_2900() -> None:
    """S3 K: 'Assuming after the next hand "We" had 3,330 points and "They" has 2,900 points then "We"
    would need 155 points to open and "They" would still need 125 points.'"""
    s = setup(["KC", "QC", "JC", "9C"], AM, scores=[3330, 2900])
    assert s.minimum == [155, 125]
    assert view(s, 0)["minimum"] == [155, 125]


def test_S3_K_threshold_goes_back_down() -> None:
    """S3 K: 'If in a subsequent hand a team loses points and the loss of points brings the team
    below one of the thresholds, then the amount needed is reduced to the appropriate level.'"""
    s = setup(["KC KD KH KS", "QC", "JC", "9C"], AM, scores=[3030, 2900], phase="draw")
    # the stock is out: the hand ends. Side 0 holds KC KD KH KS + JC = -50 -> 2,980 < 3,000
    assert s.scores == [2980, 2880]
    assert s.minimum == [125, 125]


# ------------------------------------------------------------------------------- C: deal and threes
def test_S3_C_thirteen_cards_no_upcard_turn_card() -> None:
    """S3 C: 'making 4 piles of 13 cards'; the turn card: 'takes 8 cards from the bottom of the deck and
    turns the 9th card'; R 2.4: no upcard, the first discard starts the pile."""
    s = GameState.new(RS, seed=1)
    laid = [len(x) for x in s.red3]
    for seat in range(4):
        # seat 1 (to play) has had its threes replaced; the others still wait for their turn
        expect = 13 if seat == s.current else 13 - laid[seat]
        assert s.hn[seat] == expect
    assert s.pile == []
    assert RS.turn_card_under == 8
    v = view(s, 1)
    assert v["turn_card"] == {"under": 8, "passed": False} and v["pile"]["size"] == 0
    assert [a for a in s.legal_actions()] == [Action(Op.DRAW)]


def test_S3_C_two_threes_draw_three_cards() -> None:
    """S3 C: 'if 2 threes are placed on the table the player draws 3 cards - 2, to replace the 3's and,
    one card for the actual draw. A card is then discarded ..., leaving the player with 13 cards'."""
    # two threes dealt, both replacements no three (56 - 2 = 54 left), the next draw no three
    seed = seed_where(RS, lambda g: len(g.red3[1]) == 2 and len(g.stock) == 54
                      and g.stock[-1] // 4 != 1)
    s = GameState.new(RS, seed=seed)
    stock_before_deal_turn = 108 - 52  # 56 cards after the deal
    s.apply("draw")
    assert s.hn[1] == 14 and len(s.stock) == stock_before_deal_turn - 3  # 11 + 2 + 1
    s.apply(s.legal_actions()[-1])
    assert s.hn[1] == 13


def test_S3_C_red_and_black_threes_drawn_are_laid_and_replaced() -> None:
    """S3 C: 'immediately place any threes ... The player then picks one card for each three placed';
    R 1.2: threes (red and black) are all laid out and replaced."""
    s = setup(["KC KD", "QC", "JC", "9C"], phase="draw", stock="3C 3D 9H " + STOCK20)
    s.apply("draw")
    assert s.red3[0] == parse_cards("3C 3D")
    assert hand(s, 0) == sorted(parse_cards("KC KD 9H"))


def test_S3_I_threes_are_never_held() -> None:
    """S3 I: 'Should a player fail to play a 3 ... on his/her next turn, but he/she cannot take a card
    for it.' In software the threes are laid automatically, so a three is never held (a position
    holding one is refused)."""
    with pytest.raises(Exception, match="laid face up at once"):
        setup(["3C KC", "QC", "JC", "9C"])
    seeds = 0
    for seed in range(30):
        s = GameState.new(RS, seed=seed)
        assert all(not any(s.hands[seat][4:8]) for seat in range(4))
        seeds += bool(sum(len(x) for x in s.red3))
    assert seeds > 0


def test_S3_C_three_as_last_card_no_discard_minus_5() -> None:
    """S3 C: 'If a 3 is be picked as the last card in the tray, the 3 is played and no further discard
    is permissible.' R 2.4: score it -5."""
    s = setup(["KC KD 4S", "QC", "JC", "9C"], phase="draw", stock="3H",
              melds=[["8C 8D 8H 8S 8C 8D 8H", "9D 9H 9S 9D 9H 9S 2C"], []],
              red_threes=[["3D"], [], [], []])
    s.apply("draw")
    assert s.red3[0] == parse_cards("3D 3H") and s.stock == []
    check_refused(s, "discard 4S", "no_discard", "red three")
    s.apply("end")
    res = last(s)
    assert res.reason == "last_red3"
    # side 0: threes: the 3D alone counts (1 red = 100, 2 canastas), the last 3H -5 -> 95
    assert res.sides[0].red_three_points == 95
    # canastas 500 + 300 = 800; table 8s 70 + 9s 60 + 2C 20 = 150; hands KC KD 4S + JC = -35
    assert res.sides[0].total == 95 + 800 + 150 - 35


# -------------------------------------------------------------------------------- threes scoring
def _out(side0: list[str], side1: list[str], threes: list[list[str]], hands: list[str],
         preset: str = NVSO) -> HandResult:
    """Seat 0 goes out by discarding its one card; side 0 has two canastas or more."""
    s = setup(hands, preset, melds=[side0, side1], red_threes=threes)
    s.apply(f"discard {hands[0]}")
    res = last(s)
    assert res.reason == "went_out" and res.out_seat == 0
    return res


CANASTAS2 = ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH"]  # two pure canastas, 70 + 70 on the table


def test_S3_C_three_black_and_two_red_with_two_canastas() -> None:
    """S3 C: 'If a team places 3 black threes on the table and 2 red threes and they have completed 2
    Canastas they receive 500 points for the three black 3's and 300 points for the two red threes.'"""
    res = _out(CANASTAS2, [], [["3C 3S 3C"], [], ["3D 3H"], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[0].red_three_points == 500 + 300


def test_S3_C_four_red_threes_1000() -> None:
    """S3 C: 'if 4 red threes are played, and the team has completed 2 Canastas, the 4 threes will have
    a value of 1,000 points. 3-threes = 500 points / 2-threes = 300 points / 1-three = 100 points.'"""
    for laid, value in (("3D 3H 3D 3H", 1000), ("3D 3H 3D", 500), ("3D 3H", 300), ("3D", 100)):
        res = _out(CANASTAS2, [], [[laid], [], [], []], ["9C", "8C", "8D", "8H"])
        assert res.sides[0].red_three_points == value


def test_S3_K_three_red_two_black_is_800() -> None:
    """S3 K: '3 red threes and 2 black threes = 800 base points for threes' (500 + 300)."""
    res = _out(CANASTAS2, [], [["3D 3H"], [], ["3D 3C 3S"], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[0].red_three_points == 800


def test_S3_C_one_canasta_threes_count_nothing_none_deducted() -> None:
    """S3 C: 'only complete one Canasta they get no credit ... not complete any Canastas, then the
    points generated by the threes are DEDUCTED'; S3 K: 'If one canasta is closed then 3's played don't
    count for or against. If no canasta is closed the above point schedule is deducted.'"""
    one = ["JC JD JH JS JC JD JH"]
    res = _out(CANASTAS2, one, [[], ["3D 3H"], [], ["3C"]], ["9C", "8C", "8D", "8H"])
    assert res.sides[1].red_three_points == 0
    res = _out(CANASTAS2, ["JC JD JH"], [[], ["3D 3H"], [], ["3C"]], ["9C", "8C", "8D", "8H"])
    # 2 red = 300, 1 black = 100 -> -400
    assert res.sides[1].red_three_points == -400


# --------------------------------------------------------------------------- K: the score sheet
def test_S3_K_base_2200_count_325_total_2525_and_they_2075() -> None:
    """S3 K: '3's = 800 points / Canastas = 1,300 points / Going out = 100 points' = 2,200 base; the
    score sheet: We Base 2,200 Count 325 Total 2,525; They Base 1,800 Count 275 Total 2,075 (N3)."""
    we = ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH", "JC JD JH JS JC JK 2C", "9C 9D 9H 9S 9C",
          "6C 6D 6H 6S 6C"]
    they = ["TC TD TH TS TC TD TS", "8C 8D 8H 8S 8C 8D 8S", "5C 5D 5H 5S 5C 5D 5S",
            "4D 4H 4S 4D 4H 2D 2H", "JD JH JS", "9D 9H 9S"]
    res = _out(we, they, [["3D 3H 3D 3C 3S"], [], [], []], ["QS", "5H TH", "4C 6D", "8H"])
    w, t = res.sides
    # We: threes 3 red 500 + 2 black 300 = 800; canastas K 500 + Q 500 + J (mixed) 300 = 1,300; out 100
    assert (w.red_three_points, w.canasta_bonus, w.going_out) == (800, 1300, 100)
    assert w.base == 2200
    # count: K 70 + Q 70 + J 5x10+50+20 = 120 + 9s 50 + 6s 25 = 335 on the table; 4C 6D = -10 -> 325
    assert (w.table, w.hand, w.count, w.total) == (335, -10, 325, 2525)
    # They: 3 pure (1,500) + 1 mixed (300) = 1,800; table 70+70+35+(25+40)+30+30 = 300; hand 5+10+10
    assert (t.base, t.table, t.hand, t.count, t.total) == (1800, 300, -25, 275, 2075)
    assert res.to_dict()["sides"][0]["base"] == 2200 and res.to_dict()["sides"][0]["count"] == 325


def test_S3_K_no_canasta_everything_minus() -> None:
    """S3 K: 'If a team has 3's on the table, but no canastas, everything is a minus'; L: 'No completed
    canastas-all points in hand and 3's are deducted'; N18: table too."""
    res = _out(CANASTAS2, ["JC JD JH", "9C 9D 9H 9S"], [[], ["3D"], [], []], ["5C", "8C", "8D", "8H"])
    t = res.sides[1]
    # threes -100; table JJJ 30 + 9999 40 = -70; hands 8C + 8H = -20
    assert (t.red_three_points, t.table, t.hand, t.total) == (-100, -70, -20, -190)


def test_S3_K_going_out_100_partner_hand_deducted() -> None:
    """S3 K: 'Going out is worth an additional 100 points. Even if the partner goes out the player
    still must deduct the points left in his/her hand.'"""
    res = _out(CANASTAS2, [], [[], [], [], []], ["9C", "8C", "AD JK", "8H"])
    s0 = res.sides[0]
    # 2 pure canastas 1,000 + out 100 + table 140 - partner AD 20 + JK 50 = 1,170
    assert (s0.going_out, s0.hand, s0.total) == (100, -70, 1000 + 100 + 140 - 70)


# ------------------------------------------------------------------------------------ D: opening
def _opening(hand_cards: str, melds: list[str], preset: str = NVSO, **kw: Any) -> GameState:
    s = setup([hand_cards, "QC", "JC", "9C"], preset, **kw)
    for m in melds:
        s.apply(f"meld {m}")
    return s


def test_S3_D_130_point_opening() -> None:
    """S3 D: '10, 10, 10 = 30 pts / Q,Q, Big Joker = 70 pts / 9,9,9 = 30 pts ... This meld equals 130
    points which is 5 points more than necessary for the initial meld.'"""
    s = _opening("TC TD TH QC QD JK 9C 9D 9H 5C 8D", ["TC TD TH", "QC QD JK"])
    assert not s.opened[0] and s.turn_points == 100  # 30 + 70
    s.apply("meld 9C 9D 9H")
    assert s.opened[0] and s.turn_points == 130 and s.minimum[0] == 125


def test_S3_D_140_point_opening_with_two_nines_and_a_wild() -> None:
    """S3 D: 'This same meld could also have had the two nines and a wild to equal 140 points'."""
    s = _opening("TC TD TH QC QD JK 9C 9D 2S 5C 8D", ["TC TD TH", "QC QD JK", "9C 9D 2S"])
    assert s.opened[0] and s.turn_points == 30 + 70 + 40


def test_S3_D_one_group_must_be_pure() -> None:
    """S3 D: 'Further at least one of the groupings must contain at least 3 natural cards (no wilds)
    ... one of the 3 groupings must be pure - without wilds - for the meld to be valid.'"""
    s = _opening("TC TD 2H QC QD JK 9C 9D 2S 5C 8D", ["TC TD 2H", "QC QD JK", "9C 9D 2S"])
    # 40 + 70 + 40 = 150 >= 125, but every group holds a wild
    assert not s.opened[0] and s.turn_points == 150
    check_refused(s, "discard 8D", "opening_natural_retract", "natural")


def test_S3_D_short_of_125_refused() -> None:
    """S3 D: 'each team must meld a minimum of 125 points'."""
    s = _opening("TC TD TH QC QD JK 9C 9D 9H 5C 8D", ["TC TD TH", "QC QD JK"])
    check_refused(s, "discard 8D", "opening_short", "125")


def test_S3_D_seven_sixes_open_whatever_the_points() -> None:
    """S3 D: 'Should you have 7-sixes in your hand (for example) which would only total 35 points you
    can get on the board with this regardless, as it is a full natural canasta.'"""
    s = _opening("6C 6D 6H 6S 6C 6D 6H 5C 8D", ["6C 6D 6H"])
    for c in ("6S", "6C", "6D"):
        s.apply(f"add @0 {c}")
    assert not s.opened[0]
    s.apply("add @0 6H")
    assert s.opened[0] and s.turn_points == 35 and s.melds[0][0].size == 7


def test_S3_D_talon_4_then_3() -> None:
    """S3 D: 'The player then discards a card and as the first person to meld, takes what is called a
    talon, consisting of 4 cards from the deck. The second team to meld takes 3 cards as their talon.'"""
    s = _opening("TC TD TH QC QD JK 9C 9D 9H 5C 8D", ["TC TD TH", "QC QD JK", "9C 9D 9H"],
                 stock=STOCK20)
    s.apply("discard 8D")
    assert hand(s, 0) == sorted(parse_cards("5C 4C 4D 4H 4S")) and s.talons == [4, 0]
    assert view(s, 2)["talons"] == [4, 0]
    assert {"seat": 0, "what": "talon", "count": 4} in view(s, 1)["log"]
    t = setup(["KC", "AC AD AH KC KD KH QC QD JK 8C 8D", "JC", "9C"], turn=1,
              melds=[["TC TD TH"], []], stock=STOCK20)
    for m in ("AC AD AH", "KC KD KH", "QC QD JK"):  # 60 + 30 + 70 = 160
        t.apply(f"meld {m}")
    t.apply("discard 8D")
    assert t.hn[1] == 1 + 3 and t.talons == [0, 3]


def test_S3_D_no_talon_without_opening() -> None:
    """R 1.2: the talon comes only with the initial meld."""
    s = setup(["KC KD 5C", "QC", "JC", "9C"], melds=[["TC TD TH"], []], stock=STOCK20)
    s.apply("discard 5C")
    assert s.hn[0] == 2 and s.talons == [0, 0]


def test_S3_D_talon_only_down_to_the_turn_card() -> None:
    """S3 C: 'cards for the talon may only be picked up to and including the turn card. Once the turn
    card is passed, no cards may be taken for a talon.'"""
    stock10 = "4C 4D 4H 4S 5D 5H 5S 6C 6D 6H"  # turn card: 9th from the bottom = 2nd from the top
    s = _opening("TC TD TH QC QD JK 9C 9D 9H 5C 8D", ["TC TD TH", "QC QD JK", "9C 9D 9H"],
                 stock=stock10)
    s.apply("discard 8D")
    assert hand(s, 0) == sorted(parse_cards("5C 4C 4D")) and len(s.stock) == 8  # 10 - 8 = 2 cards
    assert view(s, 1)["turn_card"]["passed"]


def test_S3_D_a_three_drawn_as_the_turn_card_in_a_talon_is_replaced() -> None:
    """S3 C ('The player then picks one card for each three placed on the table') with S3 D ('you can
    meld, but only take up to and including the turn card'): the talon's last card may be the turn card
    itself; when that is a three, it is laid and replaced from below the turn card (director's reading:
    the limit is on talon cards, and otherwise the player, who melded down to the discard, would hold no
    card at all and could never play again)."""
    stock9 = "3D 4C 4D 4H 4S 5D 5H 5S 6C"  # top first: the 9th from the bottom (the turn card) is 3D
    s = _opening("TC TD TH QC QD JK 9C 9D 9H 8D", ["TC TD TH", "QC QD JK", "9C 9D 9H"], stock=stock9)
    assert s.hn[0] == 1
    s.apply("discard 8D")  # talon: min(4, 9 - 8) = 1 card, the turn card 3D: laid and replaced by 4C
    assert hand(s, 0) == sorted(parse_cards("4C")) and s.red3[0] == parse_cards("3D")
    assert len(s.stock) == 7 and s.legal_actions()


def test_S3_D_meld_down_to_the_discard_only_before_the_turn_card() -> None:
    """S3 D: 'If after you discard you do not have a card left in your hand, as long as the deck is at
    or before the turn card, you can meld ... However, if the turn card is gone, and you have a card to
    throw but none to hold, you cannot meld.'"""
    s = _opening("TC TD TH QC QD JK 9C 9D 9H 8D", ["TC TD TH", "QC QD JK", "9C 9D 9H"],
                 stock="4C 4D 4H 4S 5D 5H 5S 6C 6D 6H")
    assert s.hn[0] == 1
    s.apply("discard 8D")  # not going out (no canasta): the talon of 2 refills the hand
    assert s.hn[0] == 2 and s.phase is Phase.DRAW and s.current == 1
    t = _opening("TC TD TH QC QD JK 9C 9D 9H 8D", ["TC TD TH", "QC QD JK"],
                 stock="4C 4D 4H 4S 5D 5H 5S 6C")  # 8 cards: the turn card is gone
    check_refused(t, "meld 9C 9D 9H", "keep_cards_canastas", "one card")
    assert Action(Op.MELD, tuple(parse_cards("9C 9D 9H"))) not in t.legal_actions()


# -------------------------------------------------------------------------------- J: the pickup
def test_S3_J_unopened_pickup_after_laying_the_meld() -> None:
    """S3 J: 'This opponent also has enough points in meld in the hand to open WITHOUT using the
    discard card and the two he or she has in the hand ... the player lays down the meld equaling or
    exceeding the point threshold necessary. Then the player picks up the pack ... If the player picks
    up the pack at the point of melding he/she DOES NOT get a Talon.'"""
    s = setup(["AC AD TC TD TH QC QD JK 9C 9D 9H 8S", "QC", "JC", "9C"], phase="draw",
              pile="5C 9S AH", stock=STOCK20)
    for m in ("TC TD TH", "QC QD JK", "9C 9D 9H"):  # 130, shown before drawing
        s.apply(f"meld {m}")
    s.apply("take AC AD")
    assert s.opened[0] and s.melds[0][-1].size == 3 and s.pile == []
    assert hand(s, 0) == sorted(parse_cards("8S 5C 9S"))
    s.apply("discard 5C")
    assert s.talons == [0, 0] and s.hn[0] == 2


def test_N7_the_pair_counts_nothing_in_nvso_but_counts_in_american() -> None:
    """S3 J / N7: the NVSO opening must stand WITHOUT the discard card and the pair (strict); the
    American preset lets the pair and top card count (Pagat summary)."""
    hands = ["AC AD TC TD TH QC QD JK 8S", "QC", "JC", "9C"]
    s = setup(hands, phase="draw", pile="5C AH", stock=STOCK20)
    play(s, "meld TC TD TH", "meld QC QD JK")  # 100
    check_refused(s, "take AC AD", "opening_minimum", "125")
    a = setup(hands, AM, phase="draw", pile="5C AH", stock=STOCK20)
    play(a, "meld TC TD TH", "meld QC QD JK", "take AC AD")  # 100 + 3 aces 60 = 160
    assert a.opened[0]


def test_N6_the_pack_always_needs_a_natural_pair() -> None:
    """N6 (ACS): picking the pack always needs a matching natural pair: not a natural and a wild, nor
    the top card alone onto a meld."""
    s = setup(["8C 2C 9S", "QC", "JC", "9C"], phase="draw", pile="5C 8D",
              melds=[["8H 8S 8H 8S"], []], stock=STOCK20)
    check_refused(s, "take 8C 2C @0", "frozen_always", "two natural")
    check_refused(s, "take @0", "frozen_always", "two natural")
    assert [a.op for a in s.legal_actions()] == [Op.DRAW]


def test_N23_dead_rank_cannot_be_picked_or_melded() -> None:
    """N23 (ACS): a completed canasta's rank is dead: the top card can't be picked onto it, and no
    card of it can be melded again (with two packs only the 8th card is left, so a pair never is)."""
    s = setup(["9S 9D KH", "QC", "JC", "9C"], phase="draw", pile="5C 8D",
              melds=[["8H 8S 8H 8S 8C 8D 8C"], []], stock=STOCK20)
    check_refused(s, "take @0", "frozen_always", "two natural")
    assert all(a.op is not Op.TAKE for a in s.legal_actions())
    t = setup(["8C 8D 9S 5S", "QC", "JC", "7D"], melds=[["9C 9D 9H 9S 9C 9D 9H"], []])
    check_refused(t, "add @0 9S", "canasta_closed", "completed canasta")


def test_N22_melds_of_at_most_seven() -> None:
    """N22 (ACS): meld size capped at 7."""
    s = setup(["KC KD 5S", "QC", "JC", "9C"], melds=[["KH KS KH KS KC KD 2C"], []])
    check_refused(s, "add @0 KC", "canasta_closed", "completed canasta")


# ------------------------------------------------------------------------------ E, G: wild cards
def test_S3_G_sevens_never_with_wilds() -> None:
    """S3 G: '7's may only be played as a canasta without any wilds.'"""
    s = _opening("7C 7D 2C TC TD TH QC QD JK 9C 9D 9H 5C 8D", [])
    check_refused(s, "meld 7C 7D 2C", "wild_limit_rank", "never")
    assert Action(Op.MELD, tuple(parse_cards("7C 7D 2C"))) not in s.legal_actions()


def test_S3_G_aces_with_wilds_only_in_the_initial_meld() -> None:
    """S3 G: 'Aces may be melded with wild cards, only on the initial meld. Should one choose to meld
    aces subsequent to this they must be pure'."""
    s = _opening("AC AD 2C TC TD TH QC QD JK 5C 8D", ["AC AD 2C", "TC TD TH", "QC QD JK"])
    assert s.opened[0]  # 60 + 30 + 70 = 160
    t = setup(["AC AD 2C 5S 6S", "QC", "JC", "9C"], melds=[["TC TD TH"], []])
    check_refused(t, "meld AC AD 2C", "wild_limit_opening", "opening")


def test_N21_rule_of_five_after_opening() -> None:
    """N21 (ACS): after opening a wild card may be added only to a meld with 5 naturals (so new melds
    are natural)."""
    s = setup(["2C 8C 8D 2D 5S 6S", "7C", "JC", "9C"], melds=[["KC KD KH KS", "QC QD QH QS QC"], []])
    check_refused(s, "add @0 2C", "wild_limit_naturals", "5 natural")
    check_refused(s, "meld 8C 8D 2C", "wild_limit_naturals", "5 natural")
    s.apply("add @1 2C")
    assert s.melds[0][1].wilds == 1
    legal = {str(a) for a in s.legal_actions()}
    assert "add @1 2D" in legal and "add @0 2D" not in legal


def test_R12_at_most_two_wilds() -> None:
    """S3 E: 'A canasta contains 7 of a particular card and may include up to 2 wild cards.'"""
    t = setup(["2C 5S 6S", "7C", "JC", "9C"], melds=[["QC QD QH QS QC QD JK"], []])
    check_refused(t, "add @0 2C", "canasta_closed", "completed")
    u = setup(["2C 2D 5S 6S", "7C", "JC", "9C"], melds=[["QC QD QH QS JK"], []])
    check_refused(u, "add @0 2C", "wild_limit_naturals", "5 natural")  # 4 naturals: the rule of five
    u = setup(["2C 5S 6S", "7C", "JC", "9C"], melds=[["QC QD QH QS QC JK"], []])
    # 5 naturals + a joker: a second wild is the most (6 + 1 = 7 cards, 2 wilds)
    u.apply("add @0 2C")
    assert u.melds[0][0].wilds == 2 and u.melds[0][0].size == 7


def test_S3_H_wild_card_meld() -> None:
    """S3 H: 'a "wilds canasta" ... is comprised of 7 wild cards (2's and jokers)'."""
    s = _opening("2C 2D JK TC TD TH QC QD JK 5C 8D", ["2C 2D JK"])
    assert s.melds[0][0].wilds == 3 and s.turn_points == 90


# --------------------------------------------------------------------------- G, H, L: penalties
def test_S3_G_L_incomplete_sevens_and_aces_minus_2500() -> None:
    """S3 G: 'Failure to get the full 7 has a penalty of 2,500 points'; aces melded after the opening
    'must be pure and also carry 2,500 point penalty'; L: 'Failure to complete A's or 7's Canasta =
    2,500 points'."""
    res = _out([*CANASTAS2, "7C 7D 7H"], ["AC AD AH AS"], [[], [], [], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[0].incomplete == -2500 and res.sides[1].incomplete == -2500
    # side 0: 1,000 + out 100 + table 140 + 15 - 8D 10 - 2,500 = -1,255
    assert res.sides[0].total == 1000 + 100 + 155 - 10 - 2500


def test_N5_sevens_and_aces_canastas_2500() -> None:
    """S3 K: 'except for 7s, pure aces and jokers which have a separate point value'; N5: 2,500."""
    res = _out(["7C 7D 7H 7S 7C 7D 7H", "AC AD AH AS AC AD AH"], [], [[], [], [], []],
               ["9C", "8C", "8D", "8H"])
    assert res.sides[0].canasta_bonus == 5000 and res.sides[0].natural_canastas == 2


def test_S3_H_wild_canastas_3000_2500_2000() -> None:
    """S3 H: 'All 2's = 3,000 points / 4 Jokers + 3-2's = 2,500 points / 1,2 or 3 jokers + balance of
    2's = 2,000 points.'"""
    deuces = "2C 2D 2H 2S 2C 2D 2H"
    res = _out([*CANASTAS2, deuces], [], [[], [], [], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[0].canasta_bonus == 1000 + 3000 and res.sides[0].wild_canastas == 1
    res = _out([*CANASTAS2, "JK JK JK JK 2C 2D 2H"], [], [[], [], [], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[0].canasta_bonus == 1000 + 2500
    res = _out([*CANASTAS2, "JK 2C 2D 2H 2S 2C 2D"], [], [[], [], [], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[0].canasta_bonus == 1000 + 2000


def test_S3_H_N4_incomplete_wild_meld_2000_or_2500_with_four_jokers() -> None:
    """S3 H: 'starting a wilds canasta and not complete with 7 wild cards results in a penalty of
    2,000 points. If a player has 4 big jokers on the table and does not complete the wilds canasta,
    the penalty is 2,500 points.' N4 (L says 2,500): -2,000, -2,500 with all 4 jokers."""
    res = _out(CANASTAS2, ["2C 2D JK"], [[], [], [], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[1].incomplete == -2000
    res = _out(CANASTAS2, ["JK JK JK JK 2C"], [[], [], [], []], ["9C", "8C", "8D", "8H"])
    assert res.sides[1].incomplete == -2500


def test_S3_G_more_than_two_sevens_or_aces_in_hand() -> None:
    """S3 G: 'more than two 7's or two Aces in your hand at the end of the round earns a penalty of
    1,500 points ... more than 2 aces and 2 sevens ... 3,000 points. Two or less of either has no
    penalty.'"""
    res = _out(CANASTAS2, [], [[], [], [], []], ["9C", "7C 7D 7H", "7S 7S AC AD", "AH AS AC 7C 7D 7H"])
    assert res.sides[0].stuck == 0  # 7S 7S AC AD: two of each
    assert res.sides[1].stuck == -1500 - 3000  # seat 1: three 7s; seat 3: three aces and three 7s


# ---------------------------------------------------------------------------------------- G: SWAD
def test_S3_G_no_seven_or_ace_onto_the_empty_tray_after_picking() -> None:
    """S3 G: 'If a player picks up the entire discard pile ... a 7 or an ace may not be discarded into
    an empty tray.' N6 (ACS SWAD): nor a wild or dead card."""
    s = setup(["KC KD 7C AC 2C 9C 6H", "QC", "JC", "7D"], phase="draw", pile="5C KH",
              melds=[["TC TD TH", "9D 9H 9S 9D 9H 9S 9C"], []], stock=STOCK20)
    s.apply("take KC KD")
    check_refused(s, "discard 7C", "swad_seven", "seven")
    check_refused(s, "discard AC", "swad_ace", "ace")
    check_refused(s, "discard 2C", "swad_wild", "wild")
    check_refused(s, "discard 9C", "swad_dead", "dead")
    legal = {str(a) for a in s.legal_actions() if a.op is Op.DISCARD}
    assert legal == {"discard 5C", "discard 6H"}
    s.apply("discard 6H")
    assert s.pile == parse_cards("6H")


# -------------------------------------------------------------------------------- K: going out
def test_S3_E_going_out_needs_two_canastas() -> None:
    """S3 E: 'Once a team completes 2 canastas ... eligible to "go out"'."""
    s = setup(["5S", "QC", "JC", "9C"], melds=[["KC KD KH KS KC KD KH"], []])
    check_refused(s, "discard 5S", "discard_out_canastas", "2 canastas")


def test_S3_K_going_out_needs_a_card_to_discard() -> None:
    """S3 K: 'has one card left to discard'; R 1.2: a final discard."""
    melds = [CANASTAS2[0], "JC JD JH JS JC JD"]
    s = setup(["JH", "QC", "7D", "9C"], melds=[melds, []])
    check_refused(s, "add @1 JH", "discard_needed", "discard")
    t = setup(["JH 5S", "QC", "7D", "9C"], melds=[melds, []])
    play(t, "add @1 JH", "discard 5S")  # the second canasta, then out with the last card
    assert last(t).reason == "went_out"


def test_N13_ask_only_once_per_hand() -> None:
    """S3 K: 'ask his or her partner if it is ok to do so. This can only be asked once.' N13: per hand."""
    s = setup(["9S 6H 8H", "7C", "JC 7D", "9C"], melds=[CANASTAS2, []], stock=STOCK20)
    play(s, "ask", "no")
    check_refused(s, "ask", "asked", "already")
    s.apply("discard 8H")
    for _ in range(3):  # seats 1, 2 and 3 draw and discard
        s.apply("draw")
        s.apply(next(a for a in s.legal_actions() if a.op is Op.DISCARD))
    s.apply("draw")
    assert s.current == 0 and s.hand_no == 0
    check_refused(s, "ask", "asked_once", "once a hand")
    assert all(a.op is not Op.ASK for a in s.legal_actions())


# ------------------------------------------------------------------------------- F: special hands
def test_S3_F_pairs_2500_ends_the_hand_opponents_score_normally() -> None:
    """S3 F: 'A pairs hand is exactly that - 7 distinct pairs, which do not require a discard ...
    shown immediately and ends the round'; K: 'Pairs-no wilds = 2,500 points'; N11: the declaring side
    scores only the award, the opponents normally."""
    s = setup(["4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD KC KD", "QC QD", "JC", "9S"],
              melds=[[], ["AC AD AH"]], red_threes=[["3D"], [], [], []])
    assert Action(Op.DECLARE, (), 0) in s.legal_actions()
    s.apply("declare pairs")
    res = s.results[-1]
    assert res.reason == "special" and res.out_seat == 0
    assert res.sides[0].special == 2500 and res.sides[0].total == 2500 and res.sides[0].base == 2500
    # side 1: no canasta: table AAA 60 minus (N18), incomplete pure aces -2,500, hands QC QD 9S -30
    assert res.sides[1].total == -60 - 2500 - 30


def test_S3_F_pairs_with_wilds_2000_needs_aces_and_sevens() -> None:
    """S3 F: 'If a pairs hand contains wilds ... they must be the same - thus 2-2 or J-J and the hand
    must contain A's and 7's. = 2,000 points.'"""
    s = setup(["2C 2D AC AD 7C 7D 5C 5D 6C 6D 8C 8D 9C 9D", "QC", "JC", "9S"])
    s.apply("declare pairs")
    assert s.results[-1].sides[0].special == 2000
    t = setup(["JK JK AC AD KC KD 5C 5D 6C 6D 8C 8D 9C 9D", "QC", "JC", "9S"])
    check_refused(t, "declare pairs", "pairs_aces_sevens", "a pair of sevens")
    u = setup(["2C JK AC AD 7C 7D 5C 5D 6C 6D 8C 8D 9C 9D", "QC", "JC", "9S"])
    check_refused(u, "declare pairs", "not_pairs", "pairs")


def test_S3_F_garbage_2000_no_wilds() -> None:
    """S3 F: 'Garbage: This hand contains 4 of a kind, 4 of a kind, 3 of a kind, 3 of a kind ... may
    not have any jokers = 2,000 points'; N9: no wild cards at all."""
    s = setup(["KC KD KH KS 9C 9D 9H 9S 5C 5D 5H 8C 8D 8H", "QC", "JC", "9S"])
    s.apply("declare garbage")
    assert s.results[-1].sides[0].special == 2000
    t = setup(["KC KD KH KS 9C 9D 9H 9S 5C 5D 5H 8C 8D 2H", "QC", "JC", "9S"])
    check_refused(t, "declare garbage", "not_garbage", "no wild")


def test_S3_F_straight_3000_with_a_discard() -> None:
    """S3 F: 'Straight: A, 2, Big Joker,4,5,6,7,8,9,10,J,Q,K-no 3's = 3,000 points.' N8: declared
    with the 14th card discarded."""
    straight = "AC 2C JK 4C 5C 6C 7C 8C 9C TC JC QC KC"
    s = setup([straight + " KD", "QD", "JD", "9S"])
    assert Action(Op.DECLARE, (parse_cards("KC")[0],), 2) in s.legal_actions()
    check_refused(s, "declare straight", "straight_discard", "discard")
    s.apply("declare straight KD")
    assert s.results[-1].sides[0].special == 3000 and s.hand_no == 1


def test_S3_D_F_no_special_hand_once_the_partner_has_melded() -> None:
    """S3 D: 'Once a team melds, their partner can no longer get a special hands.'"""
    s = setup(["4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD KC KD", "QC", "JC", "9S"],
              melds=[["QH QS QD"], []])
    check_refused(s, "declare pairs", "special_melded", "melded")
    assert all(a.op is not Op.DECLARE for a in s.legal_actions())


def test_special_hand_notation() -> None:
    """The ``declare`` action reads and writes its hand name (and the straight's discard)."""
    assert str(Action.parse("declare pairs")) == "declare pairs"
    assert str(Action.parse("declare straight KD")) == "declare straight KD"
    with pytest.raises(Exception, match="declare"):
        Action.parse("declare flush")


def test_S3_K_the_going_out_card_may_be_any_card_even_after_picking() -> None:
    """S3 K: 'The "going out" card may be any card'; so SWAD (S3 G) does not bind the last card."""
    t = setup(["KC KD 7C", "8C", "JC", "7D"], phase="draw", pile="KH",
              melds=[["QC QD QH QS QC QD QH", "9D 9H 9S 9D 9H 9S 9C"], []], stock=STOCK20)
    t.apply("take KC KD")  # the pile was its top card alone: 7C is left
    t.apply("discard 7C")  # the last card: going out with two canastas, a seven is fine
    assert last(t).reason == "went_out"


def test_SWAD_holding_only_forbidden_cards_discards_one() -> None:
    """S3 G: 'The player must wait one turn ... to discard a 7 or an ace'; a player holding nothing
    but such cards after picking must still discard: director's reading, any of them."""
    s = setup(["KC KD 7C AC", "7C", "JC", "7D"], phase="draw", pile="KH",
              melds=[["TC TD TH"], []], stock=STOCK20)
    s.apply("take KC KD")
    legal = {str(a) for a in s.legal_actions() if a.op is Op.DISCARD}
    assert legal == {"discard 7C", "discard AC"}


def test_N8_straight_before_drawing_option() -> None:
    """N8 (flag): S3 F lists the straight's 13 cards; with ``straight_discard`` off it is shown before
    drawing, holding those 13, with no discard."""
    straight = "AC 2C JK 4C 5C 6C 7C 8C 9C TC JC QC KC"
    pos = {"rules": {"preset": NVSO, "overrides": {"straight_discard": False}}, "dealer": 3, "turn": 0,
           "phase": "draw", "hands": [straight, "QD", "JD", "9S"], "stock": "KD KH"}
    s = position(pos)
    assert Action(Op.DECLARE, (), 2) in s.legal_actions()
    s.apply("declare straight")
    assert s.results[-1].sides[0].special == 3000
    t = setup([straight + " KD", "QD", "JD", "9S"])
    check_refused(t, "declare garbage", "not_garbage", "garbage")


def test_N9_garbage_with_deuces_option() -> None:
    """N9 (flag): 'This hand may not have any jokers' - by default no wild cards at all; with
    ``garbage_deuces`` four (or three) deuces may make one of the groups, jokers never."""
    hand = "2C 2D 2H 2S 9C 9D 9H 9S 5C 5D 5H 8C 8D 8H"
    s = setup([hand, "QC", "JC", "7S"])
    check_refused(s, "declare garbage", "not_garbage", "no wild")
    pos = {"rules": {"preset": NVSO, "overrides": {"garbage_deuces": True}}, "dealer": 3, "turn": 0,
           "phase": "play", "hands": [hand, "QC", "JC", "7S"]}
    t = position(pos)
    t.apply("declare garbage")
    assert t.results[-1].sides[0].special == 2000


def test_S3_C_partners_sit_opposite() -> None:
    """S3 C: 'Partners must sit opposite each other'; A: 'teams of two'."""
    s = GameState.new(RS, seed=2)
    assert RS.players == 4 and RS.sides == 2
    assert [s.partner(seat) for seat in range(4)] == [2, 3, 0, 1]


def test_S3_D_play_ends_when_the_stock_is_depleted() -> None:
    """S3 D: 'Players continue taking turns clockwise until one team goes out, or, the stock of cards
    is depleted'; K: 'Cards left in players hands at the end of the round are counted and deducted'.
    The stock is gone and the pile cannot be taken: the hand ends, hands counted minus."""
    s = setup(["KS 9S", "8C", "JC", "7D"], phase="draw", pile="5C",
              melds=[CANASTAS2, []])
    res = last(s)
    assert res.reason == "stock_out"
    # side 0: canastas 1,000 + table 140 - hands KS 9S JC 30 = 1,110
    assert res.sides[0].total == 1000 + 140 - 30


def test_S3_D_a_natural_canasta_from_the_pile_opens_in_american_only() -> None:
    """S3 D: a full natural canasta opens 'regardless' of its points; R 1.2 / N7: in the American
    preset the picked cards count, so 6 sixes from hand + the top six (35 points) open; in the NVSO
    preset the opening must stand without the pick (S3 J), so the same take is refused."""
    hands = ["6C 6D 6H 6S 6C 6D KC", "QC", "JC", "7D"]
    a = setup(hands, AM, phase="draw", pile="5C 6H", stock="4C 4D 4H")
    assert Action(Op.TAKE, tuple(parse_cards("6C 6C 6D 6D 6H 6S"))) in a.legal_actions()
    a.apply("take 6C 6D 6H 6S 6C 6D")
    assert a.opened[0] and a.melds[0][0].size == 7 and a.turn_points == 35
    n = setup(hands, NVSO, phase="draw", pile="5C 6H", stock="4C 4D 4H")
    check_refused(n, "take 6C 6D 6H 6S 6C 6D", "opening_minimum", "125")


def test_S3_C_three_as_last_card_of_a_turn_start_replacement_minus_5() -> None:
    """S3 C: 'The first thing a player does is immediately place any threes received in the deal
    ... The player then picks one card for each three placed' and 'If a 3 is be picked as the last
    card in the tray, the 3 is played and no further discard is permissible'; R 1.2: a 3 drawn as the
    last card scores -5. Seat 0 laid 3D from the deal and is owed its replacement; the stock holds
    only 3H. When seat 3 has discarded, seat 0's replacement picks 3H: laid, no card left to draw,
    no discard; seat 0 may meld, then ends the hand."""
    s = setup(["KC KD 4S", "QC", "JC", "9C 5D"], turn=3, stock="3H", owed=[1, 0, 0, 0],
              melds=[["8C 8D 8H 8S 8C 8D 8H", "9D 9H 9S 9D 9H 9S 2C"], []],
              red_threes=[["3D"], [], [], []])
    s.apply("discard 5D")
    assert s.current == 0 and s.phase is Phase.PLAY and s.stock == [] and not s.results
    assert s.red3[0] == parse_cards("3D 3H") and hand(s, 0) == sorted(parse_cards("KC KD 4S"))
    assert view(s, 0)["turn_state"]["must_end_without_discard"]
    check_refused(s, "discard 4S", "no_discard", "red three")
    check_refused(s, "draw", "already_drawn", "drawn")
    s.apply("end")
    res = last(s)
    assert res.reason == "last_red3"
    # side 0: threes: the 3D alone counts (1 red = 100, 2 canastas), the last 3H -5 -> 95
    assert res.sides[0].red_three_points == 100 - 5 == 95
    # canastas 500 + 300 = 800; table 8s 7 x 10 + 9s 6 x 10 + 2C 20 = 150; hands KC KD 4S (-25) and
    # seat 2's JC (-10) = -35
    assert res.sides[0].total == 95 + 800 + 150 - 35


def test_R_1_2_a_take_that_completes_a_natural_canasta_opens_and_is_listed() -> None:
    """R 1.2: 'a natural canasta waives the point minimum'. Before drawing, an unopened side (125
    needed) has laid 9C 9C 9D and QC QD 2C (70 points); the top of the frozen pile is a nine and
    the hand holds 9H 9S 9S: the top card and the three nines complete the meld of nines to seven
    natural cards, so the take opens the side. The engine's check always allowed it; its list of
    legal actions left it out (it counted only the nines in hand toward a canasta, not those
    already laid this turn), found by the random-play property test."""
    actions = ["draw", "meld JC JD JK", "ask", "yes", "meld 4D 4S JK", "add @0 JH", "retract", "discard JK",
               "draw", "meld 9C 9C 9D", "meld QC QD QS", "add @1 2C", "add @0 9H", "add @0 9S", "add @0 9S",
               "ask", "yes", "retract", "discard JC", "draw", "discard QC", "draw", "discard 9D", "draw",
               "meld JC JD JH", "meld 5C 5D JK", "meld 4D 4S 2D", "retract", "discard 9H", "meld QC QD 2C",
               "meld 9C 9C 9D"]
    from canasta.records import GameRecord

    s = GameRecord(RA, 703764, [Action.parse(a) for a in actions], 0).replay()
    side = s.side_of(s.current)
    assert not s.opened[side] and s.minimum[side] == 125 and s.turn_points == 70
    assert s.pile[-1] // 4 + 2 == 9
    assert sorted(hand(s, s.current)).count(parse_cards("9S")[0]) == 2
    take = Action.parse("take 9H 9S 9S @1")
    assert s.why_illegal(take) is None
    assert any(a.op is Op.TAKE and sorted(a.cards) == sorted(take.cards) for a in s.legal_actions())
    s.apply(take)
    assert s.opened[side] and s.canastas(side) == 1
