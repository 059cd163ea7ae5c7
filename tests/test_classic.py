"""Rule tests for the ``classic`` preset: the reference game of RULINGS.md section 1.1.

Specification: RULINGS.md 1.1 (classic canasta: Bicycle, Britannica, Hoyle, the Wikipedia/Pagat text;
quoted in each docstring), the parameter column "Classic ref" of 2.6, and the rulings that apply to the
classic game: R1-R3 and C1-C5. Every expected number is computed by hand; the arithmetic is in a comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta import GameState, Phase, rules
from canasta.actions import Action, Op
from canasta.cards import is_red_three, is_wild, parse_card, parse_cards
from canasta.scoring import SideScore
from canasta.views import view
from helpers import cards, check_refused, hand, play, position_for, seed_where, table

PRESET = "classic"
RS = rules(PRESET)


# ---------------------------------------------------------------------------------------------- helpers
def setup(hands: list[str], **kw: Any) -> GameState:
    """A classic position: seat ``turn`` to move (the dealer sits on its right)."""
    return position_for(PRESET, hands, **kw)


def first_seed(pred: Any, dealer: int = 0, limit: int = 3000) -> int:
    return seed_where(RS, pred, dealer, limit)


OPEN = [["KC KD KH"], []]  # side 0 has opened (kings), so no minimum gets in the way
K_CANASTA = "KC KC KD KD KH KH KS"  # natural canasta of kings: 7 x 10 = 70 on the table

# A side about to go out: side 0 shows a natural canasta of kings (70) and a mixed canasta of queens
# QC QC QD QD QH 2C JK (5 x 10 + 20 + 50 = 120); seat 0 holds 5C 5D 5H 9H after drawing.
GO_OUT = ("meld 5C 5D 5H", "discard 9H")


def going_out(*, red_threes: list[list[str]] | None = None, side1: tuple[str, ...] = ("AC AD AH 2D",),
              scores: list[int] | None = None) -> GameState:
    return setup(["5C 5D 5H 9H", "9C 9D", "JC 4S", "8D 8S 7H"],
                 melds=[[K_CANASTA, "QC QC QD QD QH 2C JK"], list(side1)],
                 red_threes=red_threes or [[], [], [], []], scores=scores or [0, 0])


# side 0 in ``going_out`` without red threes: canastas 500 + 300 = 800; going out 100; table
# 70 + 120 + 15 (5C 5D 5H) = 205; partner's JC 4S = -15: 800 + 100 + 205 - 15 = 1090.
# side 1 with A-A-A-2 (60 + 20 = 80): hands 9C 9D = -20 and 8D 8S 7H = -25: 80 - 45 = 35.
SIDE0_BASE = SideScore(1, 1, 800, 0, 0, 100, False, 205, -15, 0, 0, 1090)
SIDE1_BASE = SideScore(0, 0, 0, 0, 0, 0, False, 80, -45, 0, 0, 35)


# ---------------------------------------------------------------------------------------------- deal
def test_R11_four_players_in_partnerships_eleven_cards_each() -> None:
    """R 1.1: '108 cards (2x52 + 4 jokers); 4 players in partnerships; 11 cards each'; 'Red threes: laid
    face up and replaced from the stock.'"""
    assert (RS.players, RS.sides, RS.hand_size, RS.deck_size) == (4, 2, 11, 108)
    for seed in range(15):
        s = GameState.new(RS, seed=seed, dealer=2)
        assert s.hn == [11, 11, 11, 11]
        assert s.current == 3
        assert [s.partner(x) for x in range(4)] == [2, 3, 0, 1]
        for seat in range(4):
            assert not any(is_red_three(f) for f in s.hand_cards(seat))
        assert sum(s.hn) + len(s.stock) + len(s.pile) + sum(len(r) for r in s.red3) == 108


def test_R11_wild_or_red_three_upcard_is_covered_and_freezes() -> None:
    """R 1.1: 'the undealt stock has its top card turned up. If the upcard is a joker, deuce or three,
    further cards are turned onto it'; R 2.6 Classic: 'cover wild/red3'; 'The pile is frozen when it
    contains a wild card or a red three (as upcard)'."""
    seed = first_seed(lambda s: len(s.pile) > 1)
    s = GameState.new(RS, seed=seed)
    assert all(is_wild(f) or is_red_three(f) for f in s.pile[:-1])
    assert not is_wild(s.pile[-1]) and not is_red_three(s.pile[-1])
    assert s.pile_frozen
    seed = first_seed(lambda s: len(s.pile) == 1)
    s = GameState.new(RS, seed=seed)
    assert not s.pile_frozen


def test_R26_no_single_upcard_pickup_in_classic() -> None:
    """R 2.6: the single-card first pickup is GVR's house rule; Classic has none."""
    seed = first_seed(lambda s: len(s.pile) == 1)
    s = GameState.new(RS, seed=seed)
    assert Action(Op.UPCARD) not in s.legal_actions()
    check_refused(s, "upcard", "no_upcard", "first")


def test_R11_draw_one_card() -> None:
    """R 2.6: Classic 'Stock draw 1' (Britannica, Bicycle: 'Classic 4-player draws 1')."""
    s = setup(["8C 8D", "9C", "JC", "4S"], phase="draw", stock="9H 9S 4C")
    play(s, "draw")
    assert hand(s, 0) == cards("8C 8D 9H")
    assert s.stock == parse_cards("4C 9S")  # top is last
    assert s.phase is Phase.PLAY


def test_R11_red_three_drawn_is_laid_and_replaced() -> None:
    """R 1.1: 'Red threes: laid face up and replaced from the stock.'"""
    s = setup(["8C 8D", "9C", "JC", "4S"], phase="draw", stock="3D 9H 4C")
    play(s, "draw")
    assert s.red3[0] == [parse_card("3D")]
    assert hand(s, 0) == cards("8C 8D 9H")


def test_R11_red_three_in_a_taken_pile_is_faced_not_replaced() -> None:
    """R 1.1: 'A red three found in a discard pile taken is faced but not replaced.'"""
    s = setup(["8C 8H 4S 4H", "9C", "JC", "4C"], phase="draw", pile="5C 3D 8D", melds=OPEN)
    play(s, "take 8C 8H")
    assert s.red3[0] == [parse_card("3D")]
    assert hand(s, 0) == cards("4S 4H 5C")
    assert s.hn[0] == 3


# ---------------------------------------------------------------------------------------------- melds
def test_R11_meld_5_5_2_is_legal() -> None:
    """R 1.1: 'Meld: >=2 naturals, never more wilds than naturals, <=3 wilds. Legal: 5-5-2'."""
    s = setup(["5C 5D 2C 9S 9D", "9C", "JC", "4S"], melds=OPEN)
    play(s, "meld 5C 5D 2C")
    m = s.melds[0][1]
    assert (m.rank, m.naturals, m.wilds) == (5, 2, 1)


def test_R11_meld_9_9_9_2_2_joker_is_legal() -> None:
    """R 1.1: 'Legal: ... 9-9-9-2-2-Joker.'"""
    s = setup(["9C 9D 9H 2C 2D JK 5S 5H", "9S", "JC", "4S"], melds=OPEN)
    play(s, "meld 9C 9D 9H", "add @1 2C", "add @1 2D", "add @1 JK")
    m = s.melds[0][1]
    assert (m.rank, m.naturals, m.wilds, m.jokers, m.size) == (9, 3, 3, 1, 6)


def test_R11_meld_5_2_2_is_illegal() -> None:
    """R 1.1: 'Illegal: 5-2-2' (a meld needs two naturals)."""
    s = setup(["5C 2C 2D 9S 9D", "9C", "JC", "4S"], melds=OPEN)
    check_refused(s, "meld 5C 2C 2D", "few_naturals", "2 natural")


def test_R11_meld_9_9_2_2_2_joker_is_illegal() -> None:
    """R 1.1: 'Illegal: ... 9-9-2-2-2-Joker' (never more wilds than naturals)."""
    s = setup(["9C 9D 2C 2D 2H JK 5S 5H", "9S", "JC", "4S"], melds=OPEN)
    play(s, "meld 9C 9D 2C", "add @1 2D")  # 9-9-2-2: as many wilds as naturals, legal
    check_refused(s, "add @1 2H", "wild_limit_ratio", "more wild")
    check_refused(s, "add @1 JK", "wild_limit_ratio", "more wild")


def test_R11_at_most_three_wild_cards_in_a_meld() -> None:
    """R 1.1: 'Meld: >=2 naturals, never more wilds than naturals, <=3 wilds' (Frey/Hoyle: 'not ... more
    than three wild cards in the same meld')."""
    s = setup(["9C 9D 9H 9S 2C 2D 2H JK 5S 5H", "4S", "JC", "4C"], melds=OPEN)
    play(s, "meld 9C 9D 9H", "add @1 9S", "add @1 2C", "add @1 2D", "add @1 2H")
    check_refused(s, "add @1 JK", "wild_limit_max", "at most 3")


def test_C3_one_meld_per_rank() -> None:
    """C3: 'One meld per rank per side in the two-deck games (a natural added to a rank the side already
    shows goes onto that meld).'"""
    s = setup(["KS KS KC 9D 9H", "9C", "JC", "4S"], melds=OPEN)
    check_refused(s, "meld KS KS KC", "one_meld_per_rank", "already")
    play(s, "add @0 KS")
    assert sorted(s.melds[0][0].cards) == cards("KC KD KH KS")


def test_C3_taking_onto_a_shown_rank_goes_onto_that_meld() -> None:
    """C3: a natural of a rank the side shows goes onto that meld (also when taking the pile)."""
    s = setup(["KS KS 6S", "9C", "JC", "4S"], phase="draw", pile="4C KH", melds=OPEN)
    check_refused(s, "take KS KS", "meld_target", "@0")
    play(s, "take KS KS @0")
    assert len(s.melds[0]) == 1 and sorted(s.melds[0][0].cards) == cards("KC KD KH KH KS KS")


# ---------------------------------------------------------------------------------------------- opening
@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120),
])
def test_R11_R2_opening_minimum_by_score(score: int, minimum: int) -> None:
    """R 1.1: 'Initial meld minimum by cumulative score: negative -> 15; 0-1,495 -> 50; 1,500-2,995 -> 90;
    3,000+ -> 120.' R2: negative -> 15."""
    s = setup(["5C 9H", "9C", "JC", "4S"], scores=[score, 0])
    assert s.minimum == [minimum, 50]


def test_R11_worked_example_at_1600_65_is_not_enough() -> None:
    """R 1.1: 'Worked example at a score of 1,600: 6-6-6 + K-K-K-2 = 65 (not enough)'."""
    s = setup(["6C 6D 6H KC KD KH 2C 9S 4D", "9C", "JC", "8C"], scores=[1600, 0])
    assert s.minimum[0] == 90
    start_hand = hand(s, 0)
    start_view = view(s, 0)
    # 6-6-6 = 3 x 5 = 15; K-K-K-2 = 3 x 10 + 20 = 50; 15 + 50 = 65 < 90
    play(s, "meld 6C 6D 6H", "meld KC KD KH", "add @1 2C")
    assert view(s, 0)["turn_state"]["opening_points"] == 65
    assert not s.opened[0]
    check_refused(s, "discard 9S", "opening_short", "65")
    play(s, "retract")
    assert hand(s, 0) == start_hand
    assert s.melds[0] == [] and not s.opened[0]
    assert view(s, 0)["hand"] == start_view["hand"]
    assert view(s, 0)["melds"] == start_view["melds"]
    play(s, "discard 9S")  # the turn ends without opening
    assert s.current == 1 and not s.opened[0] and s.melds[0] == []


def test_R11_worked_example_at_1600_95_opens() -> None:
    """R 1.1: 'Worked example at a score of 1,600: ... 6-6-6 + A-A-A-2 = 95 (OK).'"""
    s = setup(["6C 6D 6H AC AD AH 2C 9S 4D", "9C", "JC", "8C"], scores=[1600, 0])
    # 6-6-6 = 15; A-A-A-2 = 3 x 20 + 20 = 80; 15 + 80 = 95 >= 90
    play(s, "meld 6C 6D 6H", "meld AC AD AH", "add @1 2C")
    assert s.opened[0]
    play(s, "discard 9S")
    assert s.current == 1 and s.opened[0]
    assert table(s, 0) == [cards("6C 6D 6H"), cards("AC AD AH 2C")]


# ---------------------------------------------------------------------------------------------- pile
@pytest.mark.parametrize(("held", "action", "meld"), [
    ("8C 8H 5S 6S", "take 8C 8H", "8C 8D 8H"),  # natural pair
    ("8C 2C 5S 6S", "take 8C 2C", "8C 8D 2C"),  # natural + wild
])
def test_R11_unfrozen_pile_taken_with_pair_or_natural_and_wild(held: str, action: str, meld: str) -> None:
    """R 1.1: 'An unfrozen pile can be taken with a natural pair, a natural + wild, or by adding the top card
    to an own meld.'"""
    s = setup([held, "9C", "JC", "4S"], phase="draw", pile="4C 7H 8D", melds=OPEN)
    play(s, action)
    assert sorted(s.melds[0][1].cards) == cards(meld)
    assert s.pile == [] and s.hn[0] == 4  # 4 - 2 from hand + 4C 7H from the pile


def test_R11_unfrozen_pile_taken_by_adding_top_card_to_own_meld() -> None:
    """R 1.1: 'An unfrozen pile can be taken ... by adding the top card to an own meld.'"""
    s = setup(["5S 6S", "9C", "JC", "4S"], phase="draw", pile="4C 7H KS", melds=OPEN)
    play(s, "take @0")
    assert sorted(s.melds[0][0].cards) == cards("KC KD KH KS")
    assert hand(s, 0) == cards("5S 6S 4C 7H")


def test_R11_the_take_a_player_means_by_the_cards_held_out() -> None:
    """R 1.1 (a natural pair, a natural + wild, or onto an own meld), as the interfaces ask it
    (``take_for``): with no card held out, the take a player would choose (no wild card where a
    natural pair will do; the top card onto an own meld before any card from hand); the cards held
    out, with the meld they go to; a take the rules refuse, left for ``apply`` to explain."""
    s = setup(["8C 8H 2C 5S", "9C", "JC", "4S"], phase="draw", pile="4C 7H 8D", melds=OPEN)
    assert str(s.take_for()) == "take 8C 8H"                        # not 8C 2C
    assert str(s.take_for(cards("2C 8H"))) == "take 2C 8H"
    assert str(s.take_for(cards("8C"))) == "take 8C"                  # not legal: apply says why
    check_refused(s, str(s.take_for(cards("8C"))), "need_pair_or_wild", "two")
    s = setup(["KS 5S 6S", "9C", "JC", "4S"], phase="draw", pile="4C 7H KS", melds=OPEN)
    assert str(s.take_for()) == "take @0"                            # the top card onto the kings
    assert str(s.take_for(cards("KS"))) == "take KS"                  # not listed: apply says why
    check_refused(s, "take KS", "meld_target", "@0")


def test_R11_single_natural_cannot_take() -> None:
    """R 1.1: the pile is taken with a natural pair, a natural + wild, or onto an own meld."""
    s = setup(["8C 5S 6S", "9C", "JC", "4S"], phase="draw", pile="4C 8D", melds=OPEN)
    check_refused(s, "take 8C", "need_pair_or_wild", "two")


@pytest.mark.parametrize("freezer", ["2C", "JK", "3D"])
def test_R11_frozen_pile_needs_natural_pair(freezer: str) -> None:
    """R 1.1: 'The pile is frozen when it contains a wild card or a red three ... A frozen pile can be taken
    only with a natural pair matching the top card.'"""
    s = setup(["8C 8H 2D 5S", "9C", "JC", "4S"], phase="draw", pile=f"4C {freezer} 8D",
              melds=[["KC KD KH", "8S 8S 2S"], []])
    assert s.pile_frozen
    check_refused(s, "take 8C 2D @1", "frozen", "natural")
    check_refused(s, "take @1", "frozen", "natural")
    play(s, "take 8C 8H @1")
    assert s.melds[0][1].naturals == 5


def test_R11_pile_frozen_against_a_side_that_has_not_melded() -> None:
    """R 1.1: 'The pile is frozen ... against a side that has not yet melded.'"""
    s = setup(["QC 2C AC AD AH 9S", "9C", "JC", "4S"], phase="draw", pile="4C QH")
    assert not s.pile_frozen
    check_refused(s, "take QC 2C", "frozen_unopened", "not yet melded")


def test_R11_unmelded_side_pickup_meets_the_minimum_with_the_top_card() -> None:
    """R 1.1: frozen against an unmelded side (natural pair) and the initial meld minimum (at 1,600: 90);
    the top card counts (R 1.1 preset, S4 explicit) and so do melds shown from hand first."""
    s = setup(["AC AD KC KD KH 9S", "9C", "JC", "4S"], phase="draw", pile="4C AH", scores=[1600, 0])
    # A-A-A: 3 x 20 = 60 < 90
    check_refused(s, "take AC AD", "opening_minimum", "60")
    # K-K-K shown first: 30 + 60 = 90 >= 90 (without the top ace 70 would be short)
    play(s, "meld KC KD KH", "take AC AD")
    assert s.opened[0]
    assert table(s, 0) == [cards("KC KD KH"), cards("AC AD AH")]
    assert hand(s, 0) == cards("9S 4C")


def test_R1_black_three_stops_the_pile_for_one_turn() -> None:
    """R1: 'Black three = one-turn stop'; R 1.1: 'Black threes block the pile "only for one turn" ... once
    covered, the pile is no longer blocked.'"""
    s = setup(["3C 9H 9S 4D", "TD TH 5C", "5D 5H JC", "9D"], pile="TS", stock="8C 6C 6D",
              melds=[["KC KD KH"], ["AC AD AH"]])
    play(s, "discard 3C")
    assert not s.pile_frozen and s.pile_stopped()
    check_refused(s, "take TD TH", "black_three_stop", "black three")
    play(s, "draw", "discard 5C")  # seat 1 covers the black three
    play(s, "take 5D 5H")
    assert hand(s, 2) == cards("JC TS 3C")
    assert sorted(s.melds[0][-1].cards) == cards("5C 5D 5H")


def test_R11_one_card_in_hand_cannot_take_a_one_card_pile() -> None:
    """R 1.1: 'A player with one card cannot take a one-card pile.'"""
    s = setup(["7C", "9C", "JC", "4S"], phase="draw", pile="KS", melds=OPEN)
    check_refused(s, "take @0", "one_card_pile", "one card")
    s = setup(["7C", "9C", "JC", "4S"], phase="draw", pile="4C KS", melds=OPEN)
    play(s, "take @0")  # a two-card pile is fine
    assert hand(s, 0) == cards("7C 4C")


def test_C5_pile_after_a_take_is_unfrozen() -> None:
    """C5: 'After a pile is taken, it is empty: a new pile starts with the taker's discard and is frozen
    again only by a new wild card or red three in it.'"""
    s = setup(["9C 9D 5S 6S", "5C 2D 7S 7H", "JC", "4S"], phase="draw", pile="2C 8D 9H",
              melds=[["KC KD KH"], ["AC AD AH"]])
    assert s.pile_frozen
    play(s, "take 9C 9D")
    assert s.pile == [] and not s.pile_frozen
    play(s, "discard 5S")
    assert not s.pile_frozen
    play(s, "take 5C 2D")  # natural + wild: allowed on the new, unfrozen pile
    assert sorted(s.melds[1][-1].cards) == cards("5C 5S 2D")


def test_C5_a_new_wild_freezes_the_new_pile() -> None:
    """C5: the new pile 'is frozen again only by a new wild card or red three in it.'"""
    s = setup(["9C 9D 5S 6S", "5C 7S 7H", "7C 2H JC", "4S"], phase="draw", pile="2C 8D 9H",
              melds=[["KC KD KH"], ["AC AD AH"]], stock="8C 6C 6D")
    play(s, "take 9C 9D", "discard 2C")
    assert s.pile_frozen
    play(s, "draw", "discard 7S")
    check_refused(s, "take 7C 2H", "frozen", "natural")


# ---------------------------------------------------------------------------------------------- going out
def test_R11_one_canasta_to_go_out_asking_optional() -> None:
    """R 1.1: 'Going out needs >=1 canasta. Asking partner is optional'; 'going out 100'."""
    s = setup(["5C 5D 5H 9H", "9C 9D", "JC 4S", "8D 8S 7H"], melds=[[K_CANASTA], ["AC AD AH 2D"]])
    play(s, *GO_OUT)  # no asking
    res = s.results[-1]
    assert res.reason == "went_out" and res.out_seat == 0
    # natural canasta 500; going out 100; table 70 + 15 = 85; partner -15: 670
    assert res.sides[0] == SideScore(1, 0, 500, 0, 0, 100, False, 85, -15, 0, 0, 670)
    assert res.sides[1] == SIDE1_BASE


def test_R11_no_canasta_no_going_out() -> None:
    """R 1.1: 'Going out needs >=1 canasta.'"""
    s = setup(["5C 5D 5H 9H", "9C 9D", "JC", "8D"], melds=[["KC KD KH KS KS"], []])
    check_refused(s, "meld 5C 5D 5H", "keep_cards_canastas", "one canasta")


def test_R11_C2_partner_no_forbids_going_out_that_turn_only() -> None:
    """R 1.1: 'if asked the player must abide by a plain yes/no.' C2: 'at most once per turn ... a "no"
    forbids going out for the rest of that turn'."""
    s = setup(["5C 5D 5H 9H", "9C 9D", "JC JD", "8D 8S"], melds=[[K_CANASTA], ["7C 7D 7S"]],
              stock="4C 4H 4D 6S 6C")
    play(s, "ask", "no")
    check_refused(s, "meld 5C 5D 5H", "keep_cards_partner_no", "said no")
    check_refused(s, "ask", "asked", "already")
    play(s, "discard 9H")
    for _ in range(3):  # seats 1, 2, 3 draw and throw the card drawn
        seat = s.current
        play(s, "draw")
        drawn = s.events()[-1][3][0]
        s.apply(Action(Op.DISCARD, (drawn,)))
        assert s.current == (seat + 1) % 4
    play(s, "draw", "meld 5C 5D 5H", "discard 6S")  # the next turn: no answer stands in the way
    assert s.results[-1].reason == "went_out" and s.results[-1].out_seat == 0


def test_R11_partner_yes_binds_player_who_can_go_out() -> None:
    """R 1.1: 'if asked the player must abide by a plain yes/no.'"""
    s = going_out()
    play(s, "ask", "yes")
    check_refused(s, "discard 9H", "must_go_out", "go out")
    play(s, *GO_OUT)
    assert s.results[-1].out_seat == 0


def test_R11_hoyle_penalty_told_yes_but_cannot_go_out() -> None:
    """R 1.1 (Hoyle): 'permission given but cannot go out -100.'"""
    s = setup(["5C 5D 9H 9S", "7C 7D 7H", "JC", "8S"], melds=[[K_CANASTA], ["AC AC AD AD AH AH AS"]],
              stock="8D 4C 6C")
    play(s, "ask", "yes", "discard 9H")  # 5C 5D 9S cannot be melded out
    play(s, "draw", "meld 7C 7D 7H", "discard 8D")  # seat 1 goes out
    res = s.results[-1]
    assert res.out_seat == 1
    # side 0: natural canasta 500; table 70; hands 5C 5D 9S = -20 and JC = -10; penalty -100:
    # 500 + 70 - 30 - 100 = 440
    assert res.sides[0] == SideScore(1, 0, 500, 0, 0, 0, False, 70, -30, 0, -100, 440)
    # side 1: natural canasta of aces 500; going out 100; table 7 x 20 + 3 x 5 = 155; 8S -10: 745
    assert res.sides[1] == SideScore(1, 0, 500, 0, 0, 100, False, 155, -10, 0, 0, 745)


def test_R11_two_black_threes_alone_cannot_go_out() -> None:
    """R 1.1: 'A player holding two black 3s and nothing else cannot go out'."""
    s = setup(["3C 3S", "9C", "JC", "4S"], melds=[[K_CANASTA], []])
    check_refused(s, "meld 3C 3S", "black_three_min", "at least 3")
    assert not any(a.op is Op.MELD for a in s.legal_actions())
    play(s, "discard 3C")
    assert not s.results and hand(s, 0) == cards("3S")


def test_R11_one_black_three_goes_out_by_discarding_it() -> None:
    """R 1.1: 'with one black 3 he goes out by discarding it'."""
    s = setup(["KS 3C", "9C", "JC", "4S"], melds=[[K_CANASTA], []])
    play(s, "add @0 KS", "discard 3C")
    assert s.results[-1].reason == "went_out" and s.results[-1].out_seat == 0


def test_R11_three_black_threes_melded_going_out_without_wilds() -> None:
    """R 1.1: 'with three or four he melds them (no wilds)'; black threes 'can be melded only when going
    out, with no wild cards'."""
    s = setup(["3C 3C 3S 2D", "9C", "JC", "4S"], melds=[[K_CANASTA], []])
    check_refused(s, "meld 3C 3C 3S 2D", "black_three_no_wilds", "wild")
    play(s, "meld 3C 3C 3S", "discard 2D")
    res = s.results[-1]
    assert res.out_seat == 0
    # natural canasta 500; going out 100; table 70 + 3 x 5 = 85; partner JC -10: 675
    assert res.sides[0].table == 85 and res.sides[0].total == 675


def test_R11_black_threes_melded_only_when_going_out() -> None:
    """R 1.1: black threes 'can be melded only when going out'."""
    s = setup(["3C 3C 3S 9H 9D", "9C", "JC", "4S"], melds=[[K_CANASTA], []])
    check_refused(s, "meld 3C 3C 3S", "black_three_last", "go out")


# ---------------------------------------------------------------------------------------------- concealed
CONCEALED_HAND = "QC QC QD QD QH QH 5C 5D 5H 9H"  # + QS drawn
CONCEALED_PLAY = ("draw", "meld QC QC QD", "add @{q} QD", "add @{q} QH", "add @{q} QH", "add @{q} QS",
                  "meld 5C 5D 5H", "discard 9H")


def _concealed(melds0: list[str], has_melded: list[bool], scores: list[int] | None = None) -> GameState:
    s = setup([CONCEALED_HAND, "9C 9D", "JC", "8D 4S"], phase="draw", melds=[melds0, ["7C 7D 7S"]],
              stock="QS 4C 4D 6C", has_melded=has_melded, scores=scores or [0, 0])
    q = len(melds0)
    play(s, *(a.format(q=q) for a in CONCEALED_PLAY))
    return s


def test_C1_concealed_going_out_scores_200() -> None:
    """R 1.1: '"Concealed" going out = no earlier melds (other than red 3s), and the hand must contain a
    canasta'; 'going out 100 (concealed 200)'. C1: the whole hand in one turn."""
    s = _concealed([], [False] * 4)
    res = s.results[-1]
    assert res.out_seat == 0
    # natural canasta of queens 500; concealed 200; table 70 + 15 = 85; partner's JC -10: 775
    assert res.sides[0] == SideScore(1, 0, 500, 0, 0, 200, True, 85, -10, 0, 0, 775)
    # side 1: 7C 7D 7S = 15; hands 9C 9D -20, 8D 4S -15: -20
    assert res.sides[1].total == -20


def test_C1_concealed_needs_no_opening_minimum() -> None:
    """C1: 'A concealed go-out needs no initial-meld minimum.' (at 3,000 the minimum is 120; the hand melds
    70 + 15 = 85)"""
    s = _concealed([], [False] * 4, scores=[3000, 0])
    assert s.results[-1].sides[0].concealed
    assert s.results[-1].sides[0].total == 775
    assert s.scores[0] == 3775


def test_C1_partner_melds_do_not_matter() -> None:
    """C1: 'The partner's melds do not matter.'"""
    s = _concealed(["KC KD KH"], [False, False, True, False])
    # natural canasta 500; concealed 200; table 30 + 70 + 15 = 115; partner -10: 805
    assert s.results[-1].sides[0] == SideScore(1, 0, 500, 0, 0, 200, True, 115, -10, 0, 0, 805)


def test_C1_player_who_melded_earlier_is_not_concealed() -> None:
    """C1: 'that player has laid no meld earlier in the hand (red threes aside)'."""
    s = _concealed(["KC KD KH"], [True, False, False, False])
    # natural canasta 500; going out 100; table 115; partner -10: 705
    assert s.results[-1].sides[0] == SideScore(1, 0, 500, 0, 0, 100, False, 115, -10, 0, 0, 705)


def test_C1_concealed_needs_a_canasta_in_the_hand() -> None:
    """R 1.1: 'the hand must contain a canasta'; C1: 'melds the whole hand in one turn, including a complete
    canasta.'"""
    s = setup(["QC QD QH 5C 5D 5H", "9C 9D", "JC", "8D 4S"], phase="draw",
              melds=[[K_CANASTA], ["7C 7D 7S"]], stock="9H 4C", has_melded=[False, False, True, False])
    play(s, "draw", "meld QC QD QH", "meld 5C 5D 5H", "discard 9H")
    # partner's natural canasta 500; going out 100 (not concealed); table 70 + 30 + 15 = 115; -10: 705
    assert s.results[-1].sides[0] == SideScore(1, 0, 500, 0, 0, 100, False, 115, -10, 0, 0, 705)


def test_C1_taking_the_pile_is_not_concealed() -> None:
    """C1: 'Taking the discard pile in that turn is allowed, but then it is not concealed.'"""
    s = setup(["AC AC AD AD AH AH 5C 5D 5H 9H", "9C 9D", "JC", "8D 4S"], phase="draw", pile="AS",
              melds=[[], ["7C 7D 7S"]])
    play(s, "take AC AC", "add @0 AD", "add @0 AD", "add @0 AH", "add @0 AH", "meld 5C 5D 5H",
         "discard 9H")
    # natural canasta of aces 500; going out 100; table 7 x 20 + 15 = 155; partner -10: 745
    assert s.results[-1].sides[0] == SideScore(1, 0, 500, 0, 0, 100, False, 155, -10, 0, 0, 745)


# ---------------------------------------------------------------------------------------------- scoring
def test_R11_scoring_canastas_red_threes_going_out_and_hands() -> None:
    """R 1.1: 'Scoring: natural canasta 500, mixed 300, going out 100 ..., red 3s 100 each ... Cards left in
    hand are subtracted.'"""
    s = going_out(red_threes=[["3H"], ["3H"], ["3D"], []])
    play(s, *GO_OUT)
    res = s.results[-1]
    # side 0: 800 + red threes 2 x 100 + 100 + 205 - 15 = 1290
    assert res.sides[0] == SideScore(1, 1, 800, 2, 200, 100, False, 205, -15, 0, 0, 1290)
    # side 1: red three 100 + 80 - 45 = 135
    assert res.sides[1] == SideScore(0, 0, 0, 1, 100, 0, False, 80, -45, 0, 0, 135)
    assert s.scores == [1290, 135]


def test_R11_all_four_red_threes_800() -> None:
    """R 1.1: 'red 3s 100 each (200 each = 800 if one side has all four)'."""
    s = going_out(red_threes=[["3H", "3D"], [], ["3H", "3D"], []])
    play(s, *GO_OUT)
    # 1090 + 800
    assert s.results[-1].sides[0] == SideScore(1, 1, 800, 4, 800, 100, False, 205, -15, 0, 0, 1890)


@pytest.mark.parametrize(("laid", "points"), [
    ([[], ["3H"], [], []], -100),                  # one: -100
    ([[], ["3H", "3D"], [], ["3H", "3D"]], -800),  # all four: -4 x 200
])
def test_R11_red_threes_count_against_a_side_without_a_meld(laid: list[list[str]], points: int) -> None:
    """R 1.1: 'If a side has made no meld, each red 3 counts against it (100, or 200 each if all four).'"""
    s = going_out(red_threes=laid, side1=())
    play(s, *GO_OUT)
    n = sum(len(x) for x in laid)
    # side 1: no table; hands -45
    assert s.results[-1].sides[1] == SideScore(0, 0, 0, n, points, 0, False, 0, -45, 0, 0, points - 45)


def test_R11_game_is_5000() -> None:
    """R 1.1: 'Game is 5,000.' (3,910 + 1,090 = 5,000 exactly: reached)"""
    s = going_out(scores=[3910, 0])
    play(s, *GO_OUT)
    assert s.scores == [5000, 35]
    assert s.is_over and s.winner == 0 and s.legal_actions() == []


def test_R11_below_5000_play_continues() -> None:
    """R 1.1: 'Game is 5,000.' (3,905 + 1,090 = 4,995: another hand)"""
    s = going_out(scores=[3905, 0])
    play(s, *GO_OUT)
    assert s.scores == [4995, 35]
    assert not s.is_over and s.hand_no == 1 and s.phase is Phase.DRAW


def test_R11_card_values_of_cards_left_in_hand() -> None:
    """Classic card values (G2/E4/B4 'Classic values'): joker 50, deuce 20, ace 20, K-8 10, 7-4 5,
    black three 5; R 1.1: 'Cards left in hand are subtracted.'"""
    s = setup(["5C 5D 5H 9H", "9C 9D", "JK 2H AC KS 8C 7C 4C 3C", "8D 8S 7H"],
              melds=[[K_CANASTA, "QC QC QD QD QH 2C JK"], ["AC AD AH 2D"]])
    play(s, *GO_OUT)
    # partner: -(50 + 20 + 20 + 10 + 10 + 5 + 5 + 5) = -125; 800 + 100 + 205 - 125 = 980
    assert s.results[-1].sides[0].hand == -125
    assert s.results[-1].sides[0].total == 980


# ---------------------------------------------------------------------------------------------- end of stock
def test_R11_last_card_red_three_may_meld_but_not_discard() -> None:
    """R 1.1 (Britannica): 'End of stock: if the last card drawn is a red 3, play ends (that player may meld
    but may not discard).'"""
    s = setup(["KS 5C 9D", "9C", "JC", "4S"], phase="draw", stock="3H", melds=OPEN)
    play(s, "draw")
    assert s.red3[0] == [parse_card("3H")] and s.stock == [] and s.hn[0] == 3
    check_refused(s, "discard 9D", "no_discard", "red three")
    play(s, "add @0 KS")
    assert Action(Op.END) in s.legal_actions()
    play(s, "end")
    res = s.results[-1]
    assert res.reason == "last_red3" and res.out_seat == -1
    # side 0: red three 100; table 4 x 10 = 40; hands 5C 9D = -15, JC = -10: 115
    assert res.sides[0] == SideScore(0, 0, 0, 1, 100, 0, False, 40, -25, 0, 0, 115)
    # side 1: no meld, no red three; 9C -10, 4S -5
    assert res.sides[1].total == -15


def test_R11_end_of_stock_hand_ends_when_the_next_player_cannot_take() -> None:
    """R 1.1 (Britannica): 'Otherwise play continues: each player must take the upcard if it can be melded
    or laid off, until someone ... cannot use the previous discard.'"""
    s = setup(["5C 8S", "6C 7C", "JC", "4S"], phase="draw", stock="9H", melds=[["KC KD KH"], ["AC AD AH"]])
    play(s, "draw", "discard 5C")
    res = s.results[-1]
    assert res.reason == "stock_out" and res.out_seat == -1
    # side 0: table 30; 8S 9H -20, JC -10: 0. side 1: table 60; 6C 7C -10, 4S -5: 45
    assert res.totals == (0, 45)
    assert [x.going_out for x in res.sides] == [0, 0]


def test_R11_end_of_stock_must_take_a_discard_that_fits_a_meld() -> None:
    """R 1.1 (Britannica): at the end of stock 'each player must take the upcard if it can be ... laid
    off'."""
    s = setup(["5C 8S", "6C 7C", "JC", "4S"], phase="draw", stock="9H",
              melds=[["KC KD KH"], ["AC AD AH", "5D 5H 5S"]])
    play(s, "draw", "discard 5C")
    assert not s.results and s.current == 1
    check_refused(s, "end", "must_take", "must take")
    check_refused(s, "draw", "stock_empty", "stock")
    play(s, "take @1")
    assert sorted(s.melds[1][1].cards) == cards("5C 5D 5H 5S")
    assert hand(s, 1) == cards("6C 7C TC")


def test_R11_end_of_stock_player_may_decline_a_pair_pickup() -> None:
    """R 1.1 (Britannica): the hand ends when a player cannot or does not take the discard (only a discard
    that fits a meld of the side must be taken)."""
    s = setup(["5C 8S", "5D 5H 7C", "JC", "4S"], phase="draw", stock="9H", melds=[["KC KD KH"], ["AC AD AH"]])
    play(s, "draw", "discard 5C")
    assert not s.results
    assert any(a.op is Op.TAKE for a in s.legal_actions())
    play(s, "end")
    res = s.results[-1]
    assert res.reason == "stock_out"
    # side 1: table 60; 5D 5H 7C -15, 4S -5: 40
    assert res.totals == (0, 40)


def _opt_pos(overrides: dict[str, Any], hands: list[str], **kw: Any) -> GameState:
    return position_for({"preset": "classic", "overrides": overrides}, hands, **kw)  # type: ignore[arg-type]


def test_option_concealed_allows_layoff() -> None:
    """Director's option (R 1.1 Britannica: "the hand must consist entirely of melds"; C1): seat 0, who
    has not melded this hand, lays a canasta of queens from hand and lays KH off on the partner's
    kings to go out. By default the layoff makes it an ordinary going out (100); with
    concealed_allows_layoff it stays concealed (200)."""
    hands = ["QC QC QD QD QH QS QH KH", "4C 4D", "9C", "4H"]
    for allow, bonus in ((False, 100), (True, 200)):
        s = _opt_pos({"concealed_allows_layoff": allow}, hands, melds=[["KC KD KS"], []])
        for a in s.meld_plan(parse_cards("QC QC QD QD QH QS QH")):
            s.apply(a)
        s.apply("add @0 KH")
        assert s.results[-1].reason == "went_out"
        assert s.results[-1].sides[0].going_out == bonus, allow


def test_option_stock_out_must_take() -> None:
    """Director's option on R 1.1 (Britannica: "Each player in turn then takes the upcard if it can be
    melded or laid off"): by default only a discard that fits a meld of the side must be taken; "any"
    forces a take with a pair too; "never" forces nothing."""
    def at_stock_end(rule: str, melds: list[list[str]]) -> GameState:
        return _opt_pos({"stock_out_must_take": rule}, ["KH KS 5C", "4C", "4D", "4H"], phase="draw",
                        stock="", pile="9C KD", melds=melds)
    s = at_stock_end("layoff", [["QC QD QH"], []])  # a pair, no meld of kings: may decline
    assert "end" in [str(a) for a in s.legal_actions()]
    s = at_stock_end("any", [["QC QD QH"], []])
    check_refused(s, "end", "must_take", "must take")
    s = at_stock_end("never", [["KC KD KH"], []])  # fits the kings, yet may decline
    assert "end" in [str(a) for a in s.legal_actions()]
    s = at_stock_end("layoff", [["KC KD KH"], []])
    check_refused(s, "end", "must_take", "must take")
