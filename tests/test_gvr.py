"""Rule tests for the ``gvr-club`` preset.

Specification: S2 = ``shared/rules/classic-gvr-club.txt`` (quoted in each docstring), and the rulings of
``RULINGS.md`` that apply to it: section 2.3 (S2 walk-through), 2.6 (parameter table), G1-G12, R1-R3
and C1-C5. Every expected number is computed by hand from the sheet; the arithmetic is in a comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta import GameState, Phase, RuleError, rules
from canasta.actions import Action, Op
from canasta.cards import is_black_three, is_red_three, is_wild, parse_card, parse_cards
from canasta.scoring import SideScore
from canasta.views import view
from helpers import cards, check_refused, finish_hand, hand, play, position_for, seed_where, table

PRESET = "gvr-club"
RS = rules(PRESET)


# ---------------------------------------------------------------------------------------------- helpers
def setup(hands: list[str], **kw: Any) -> GameState:
    """A gvr-club position: seat ``turn`` to move (the dealer sits on its right)."""
    return position_for(PRESET, hands, **kw)


def first_seed(pred: Any, dealer: int = 0, limit: int = 3000) -> int:
    return seed_where(RS, pred, dealer, limit)


# A side about to go out: side 0 has a natural canasta of kings (7 x 10 = 70 points on the table) and
# a mixed canasta of queens (5 x 10 + 2 x 20 = 90); seat 0 holds 5C 5D 5H 9H after drawing.
OUT_MELDS = ["KC KC KD KD KH KH KS", "QC QC QD QD QH 2C 2D"]
GO_OUT = ("ask", "yes", "meld 5C 5D 5H", "discard 9H")


def going_out(*, red_threes: list[list[str]] | None = None, side1: tuple[str, ...] = ("7C 7D 7S",),
              partner: str = "JC", scores: list[int] | None = None) -> GameState:
    return setup(["5C 5D 5H 9H", "9C 9D", partner, "8D 4S"], melds=[list(OUT_MELDS), list(side1)],
                 red_threes=red_threes or [[], [], [], []], scores=scores or [0, 0])


# Side 1 in ``going_out`` with its default melds: table 7C 7D 7S = 3 x 5 = 15; hands 9C 9D = -20 and
# 8D 4S = -(10 + 5) = -15; total 15 - 20 - 15 = -20.
SIDE1_BASE = SideScore(table=15, hand=-35, total=-20)


# ---------------------------------------------------------------------------------------------- table
def test_S2_tables_of_four_in_two_teams_partners_opposite() -> None:
    """S2: 'Tables of four players; two teams.' R 1.1: 4 players in partnerships (partners opposite)."""
    assert RS.players == 4
    assert RS.sides == 2
    s = GameState.new(RS, seed=1)
    assert [s.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [s.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    for players in (2, 3, 6):
        with pytest.raises(RuleError, match="4"):
            rules(PRESET, players=players)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_S2_deal_eleven_cards_to_each_player_left_of_dealer_starts(dealer: int) -> None:
    """S2: 'Deal 11 cards to each player.' 'the remainder of the deck goes in the center of the table.'
    'The player to the left of the dealer starts the play'. R 2.3: 108 cards."""
    for seed in range(15):
        s = GameState.new(RS, seed=seed, dealer=dealer)
        assert s.hn == [11, 11, 11, 11]
        assert s.current == (dealer + 1) % 4
        assert s.phase is Phase.DRAW
        # 2 packs x 52 + 4 jokers = 108 cards: hands + stock + pile + red threes laid
        laid = sum(len(r) for r in s.red3)
        assert sum(s.hn) + len(s.stock) + len(s.pile) + laid == 108


# ---------------------------------------------------------------------------------------------- cut
def _perfect_cut_seed() -> int:
    return first_seed(lambda s: s.perfect_cut)


@pytest.mark.parametrize("dealer", [0, 1])
def test_S2_perfect_cut_44_cards_scores_100_for_cutter(dealer: int) -> None:
    """S2: 'Player to the right of the dealer cuts the cards.' 'A perfect cut of 44 cards earns 100
    points added to that person's team score.' G11: the cutter's team."""
    seed = _perfect_cut_seed()
    s = GameState.new(RS, seed=seed, dealer=dealer)
    assert s.perfect_cut
    assert s.cut_size == 44  # 4 players x 11 cards
    cutter = (dealer - 1) % 4  # the seat to the dealer's right
    finish_hand(s)
    sides = s.results[-1].sides
    assert sides[cutter % 2].perfect_cut == 100
    assert sides[1 - cutter % 2].perfect_cut == 0
    assert sides[cutter % 2].total == sum(
        getattr(sides[cutter % 2], f) for f in ("canasta_bonus", "red_three_points", "going_out", "table",
                                                "hand", "perfect_cut", "penalties"))


def test_S2_no_bonus_without_a_perfect_cut() -> None:
    """S2: only 'A perfect cut of 44 cards earns 100 points'; any other cut earns nothing."""
    seed = first_seed(lambda s: not s.perfect_cut)
    s = GameState.new(RS, seed=seed)
    assert s.cut_size != 44
    finish_hand(s)
    assert [x.perfect_cut for x in s.results[-1].sides] == [0, 0]


# ---------------------------------------------------------------------------------------------- red threes
def test_S2_red_threes_placed_in_order_from_left_of_dealer_and_replaced() -> None:
    """S2: 'Players place any red threes face up in front of them, in order of the play, starting with the
    player to the left of the dealer; the player draws one other card to replace each red three.'"""
    dealer = 1

    def several_seats(s: GameState) -> bool:
        return sum(1 for r in s.red3 if r) >= 2

    seed = first_seed(several_seats, dealer=dealer)
    s = GameState.new(RS, seed=seed, dealer=dealer)
    order = [(dealer + 1 + i) % 4 for i in range(4)]  # 2, 3, 0, 1
    laid_by = [e["seat"] for e in view(s, 0)["log"] if e["what"] == "red3"]
    assert len(set(laid_by)) >= 2
    assert laid_by == sorted(laid_by, key=order.index)
    assert len(laid_by) == sum(len(r) for r in s.red3)
    # each red three is followed by its replacement, drawn by the same player before the next one lays
    log = [e for e in view(s, 0)["log"] if e["what"] in ("red3", "replace")]
    for i, e in enumerate(log):
        if e["what"] == "red3":
            assert log[i + 1]["seat"] == e["seat"]
    # each red three was replaced: every hand still holds 11 cards, none of them a red three
    assert s.hn == [11, 11, 11, 11]
    for seat in range(4):
        assert not any(is_red_three(f) for f in s.hand_cards(seat))
        assert all(is_red_three(f) for f in s.red3[seat])


def test_S2_red_three_drawn_is_laid_and_replaced() -> None:
    """S2: 'Red three's that are drawn count 100 points for the player's team'; 'the player draws one
    other card to replace each red three'; G5: draw two."""
    s = setup(["8C 8D", "9C", "JC", "4S"], phase="draw", stock="3H 9H 3D 9S 4C 4D")
    play(s, "draw")
    assert s.red3[0] == parse_cards("3H 3D")  # laid in the order drawn
    assert hand(s, 0) == cards("8C 8D 9H 9S")  # two cards kept, each red three replaced
    assert s.stock == parse_cards("4D 4C")  # top is last


@pytest.mark.parametrize(("laid", "points"), [
    ([["3H"], [], [], []], 100),                 # one red three: 100
    ([["3H"], [], ["3D"], []], 200),             # two: 2 x 100
    ([["3H", "3D"], [], ["3H"], []], 300),       # three: 3 x 100
    ([["3H", "3D"], [], ["3H", "3D"], []], 800),  # all four count double: 4 x 200
])
def test_S2_red_threes_100_each_all_four_800(laid: list[list[str]], points: int) -> None:
    """S2: 'Red three's ... count 100 points for the player's team; all four red three's count double or
    800 points.'"""
    s = going_out(red_threes=laid)
    play(s, *GO_OUT)
    res = s.results[-1]
    # side 0: canastas 500 + 300 = 800; going out 100; table 70 + 90 + 15 (5C 5D 5H) = 175;
    # partner's JC -10; so 1065 + red threes
    assert res.sides[0] == SideScore(1, 1, 800, sum(len(x) for x in laid), points, 100, False, 175, -10,
                                     0, 0, 1065 + points)
    assert res.sides[1] == SIDE1_BASE


@pytest.mark.parametrize(("laid", "points"), [
    ([[], ["3H"], [], ["3D"]], -200),              # two red threes: -2 x 100
    ([[], ["3H", "3D"], [], ["3H", "3D"]], -800),  # all four: -800
])
def test_S2_red_threes_count_negative_when_the_team_cannot_meld(laid: list[list[str]], points: int) -> None:
    """S2: 'IF a team has red threes on the table, but they can't meld and the hand is over, all the red
    three's count negative against their score.'"""
    s = going_out(red_threes=laid, side1=())
    play(s, *GO_OUT)
    side1 = s.results[-1].sides[1]
    # side 1 has no meld: red threes negative; hands 9C 9D and 8D 4S = -35
    assert side1 == SideScore(0, 0, 0, sum(len(x) for x in laid), points, 0, False, 0, -35, 0, 0,
                              points - 35)


def test_S2_red_threes_of_a_team_that_melded_count_plus() -> None:
    """S2: red threes count negative only if the team 'can't meld'; a team with a meld scores them plus."""
    s = going_out(red_threes=[[], ["3H"], [], ["3D"]])
    play(s, *GO_OUT)
    # side 1 melded 7C 7D 7S: red threes +200; -20 otherwise (see SIDE1_BASE)
    assert s.results[-1].sides[1].red_three_points == 200
    assert s.results[-1].sides[1].total == 180


def test_S2_red_three_in_a_taken_pile_is_laid_not_put_in_hand() -> None:
    """S2: 'Once red threes are on the table they can not be picked up.' R 1.1: 'A red three found in a
    discard pile taken is faced but not replaced.'"""
    s = setup(["8C 8H 4S 4H", "9C", "JC", "4C"], phase="draw", pile="5C 3H 8D",
              melds=[["KC KD KH"], []])
    play(s, "take 8C 8H")
    assert s.red3[0] == [parse_card("3H")]
    assert hand(s, 0) == cards("4S 4H 5C")  # the 5C came from the pile; the red three was laid
    assert s.hn[0] == 3  # not replaced
    assert table(s, 0) == [cards("KC KD KH"), cards("8C 8D 8H")]


def test_S2_red_three_on_top_cannot_be_picked_up() -> None:
    """S2: red threes 'can not be picked up'; 'If the discard pile gets frozen with ... a red three, no one
    can pick up the discard pile; unless they have two natural like cards' (a red three has none)."""
    s = setup(["8C 8H 4S", "9C", "JC", "4C"], phase="draw", pile="8D 3H", melds=[["KC KD KH"], []])
    assert not any(a.op is Op.TAKE for a in s.legal_actions())
    check_refused(s, "take 8C 8H", "red_three_on_top", "red three")


# ---------------------------------------------------------------------------------------------- black threes
def test_S2_black_three_is_a_safe_discard_and_stops_the_pile() -> None:
    """S2: 'Black threes are safe discards. No player can pickup the discard pile when a black three is on
    top.'"""
    s = setup(["3C 9H 9S 4D", "TD TH 5C", "JC", "4C"], pile="TS",
              melds=[["KC KD KH"], ["AC AD AH"]])
    play(s, "discard 3C")
    assert not s.pile_frozen  # a black three does not freeze the pile
    assert s.current == 1 and s.phase is Phase.DRAW
    assert [a.op for a in s.legal_actions()] == [Op.DRAW]
    check_refused(s, "take TD TH", "black_three_stop", "black three")


def test_S2_R1_black_three_stops_only_while_on_top() -> None:
    """S2: 'No player can pickup the discard pile when a black three is on top.' R1: a stop for one turn;
    once covered the pile can be taken (with the black three in it)."""
    s = setup(["3C 9H 9S 4D", "5C 7H", "5D 5H JC", "9D"], pile="TS", stock="8C 8D 6C 6D",
              melds=[["KC KD KH"], ["AC AD AH"]])
    play(s, "discard 3C")
    assert s.pile_stopped()
    play(s, "draw", "discard 5C")  # seat 1 covers the black three with 5C
    assert s.current == 2
    play(s, "take 5D 5H")
    assert hand(s, 2) == cards("JC TS 3C")  # the black three came with the pile
    assert sorted(s.melds[0][-1].cards) == cards("5C 5D 5H")


# ---------------------------------------------------------------------------------------------- opening
@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4990, 120),
])
def test_G1_opening_minimum_by_score(score: int, minimum: int) -> None:
    """S2: 'To open for the team a player must place a meld on the table of these point values:' (table
    missing). G1: Classic: negative 15; 0-1,495 50; 1,500-2,995 90; 3,000+ 120."""
    s = setup(["5C 9H", "9C", "JC", "4C"], scores=[score, 0])
    assert s.minimum == [minimum, 50]
    assert view(s, 0)["minimum"] == [minimum, 50]


@pytest.mark.parametrize(("score", "exact", "short", "short_points"), [
    # negative: 4-4-4 = 3 x 5 = 15 opens (no legal meld is worth less than 15)
    (-5, ["meld 4C 4D 4H"], None, 0),
    # 0: K-K-K-2 = 30 + 20 = 50 opens; K-K-K + 5-5-5 = 30 + 15 = 45 does not
    (0, ["meld KC KD KH", "add @0 2C"], ["meld KC KD KH", "meld 5C 5D 5H"], 45),
    # 1,500: A-A-A + K-K-K = 60 + 30 = 90 opens; A-A-A + 5-5-5 = 60 + 15 = 75 does not
    (1500, ["meld AC AD AH", "meld KC KD KH"], ["meld AC AD AH", "meld 5C 5D 5H"], 75),
    # 3,000: A-A-A + K-K-K + Q-Q-Q = 60 + 30 + 30 = 120 opens; with 5-5-5 instead 105 does not
    (3000, ["meld AC AD AH", "meld KC KD KH", "meld QC QD QH"],
     ["meld AC AD AH", "meld KC KD KH", "meld 5C 5D 5H"], 105),
])
def test_G1_opening_minimum_enforced(score: int, exact: list[str], short: list[str] | None,
                                     short_points: int) -> None:
    """S2: 'To open for the team a player must place a meld on the table of these point values'; G1
    Classic table; R 1.1: the minimum applies to all melds of the turn together."""
    hands = ["4C 4D 4H 5C 5D 5H KC KD KH AC AD AH QC QD QH 2C 9S", "9C", "JC", "8C"]
    s = setup(hands, scores=[score, 0])
    play(s, *exact)
    assert s.opened[0]
    play(s, "discard 9S")
    assert s.current == 1
    if short is not None:
        s = setup(hands, scores=[score, 0])
        play(s, *short)
        assert not s.opened[0]
        check_refused(s, "discard 9S", "opening_short", str(short_points))


# ---------------------------------------------------------------------------------------------- melds
OPEN = [["KC KD KH"], []]  # side 0 has opened, so no minimum gets in the way


def test_S2_meld_of_two_naturals_and_one_wild() -> None:
    """S2: 'A meld consists of three or more cards, including at least 2 naturals.'"""
    s = setup(["5C 5D 2C 9S 9D", "9C", "JC", "4C"], melds=OPEN)
    play(s, "meld 5C 5D 2C")
    m = s.melds[0][-1]
    assert (m.rank, m.naturals, m.wilds) == (5, 2, 1)


def test_S2_meld_needs_at_least_two_naturals() -> None:
    """S2: 'A meld consists of three or more cards, including at least 2 naturals.'"""
    s = setup(["5C 2C 2D 9S 9D", "9C", "JC", "4C"], melds=OPEN)
    check_refused(s, "meld 5C 2C 2D", "few_naturals", "2 natural")


def test_S2_meld_needs_three_cards() -> None:
    """S2: 'A meld consists of three or more cards'."""
    s = setup(["5C 5D 9S 9D", "9C", "JC", "4C"], melds=OPEN)
    check_refused(s, "meld 5C 5D", "meld_size", "three")


def test_S2_wild_cards_may_equal_but_not_exceed_naturals() -> None:
    """S2: 'They can have an equal number of wild cards and natural cards'."""
    s = setup(["9C 9D 2C 2D 2H 5S 5H", "9S", "JC", "4C"], melds=OPEN)
    play(s, "meld 9C 9D 2C", "add @1 2D")  # 2 naturals + 2 wilds: equal
    assert (s.melds[0][1].naturals, s.melds[0][1].wilds) == (2, 2)
    check_refused(s, "add @1 2H", "wild_limit_ratio", "more wild")  # 3 wilds > 2 naturals


def test_G6_at_most_three_wild_cards_per_meld() -> None:
    """S2: 'with a maximum of three wild cards in an initial meld or Canasta.' G6: per meld."""
    s = setup(["9C 9D 9H 9S 2C 2D JK JK 5S 5H", "4S", "JC", "4C"], melds=OPEN)
    play(s, "meld 9C 9D 9H", "add @1 2C", "add @1 2D", "add @1 JK", "add @1 9S")
    assert (s.melds[0][1].naturals, s.melds[0][1].wilds) == (4, 3)
    check_refused(s, "add @1 JK", "wild_limit_max", "at most 3")


def test_G6_three_wilds_in_each_meld_of_an_initial_meld() -> None:
    """S2: 'a maximum of three wild cards in an initial meld or Canasta'. G6: the limit is per meld, so an
    opening of two melds may hold six wild cards."""
    s = setup(["9C 9D 9H 2C 2D 2H KC KD KH 2S JK JK 5S 5H", "4S", "JC", "4C"])
    play(s, "meld 9C 9D 9H", "add @0 2C", "add @0 2D", "add @0 2H",
         "meld KC KD KH", "add @1 2S", "add @1 JK", "add @1 JK")
    # 9-9-9-2-2-2 = 30 + 60 = 90; K-K-K-2-JK-JK = 30 + 20 + 100 = 150; 240 >= 50
    assert s.opened[0]
    assert [m.wilds for m in s.melds[0]] == [3, 3]
    play(s, "discard 5S")
    assert s.current == 1


# ---------------------------------------------------------------------------------------------- first turn
def test_S2_first_player_may_take_the_upcard_alone_and_need_not_play_it() -> None:
    """S2: 'The player to the left of the dealer starts the play by drawing two new cards from the center
    deck or picking up the first card placed on the discard pile; ONLY in this first instance can the
    player pick up that card ... and does NOT have to play the card.'"""
    seed = first_seed(lambda s: len(s.pile) == 1)
    s = GameState.new(RS, seed=seed, dealer=0)
    up = s.pile[-1]
    first = s.current
    assert first == 1
    assert Action(Op.UPCARD) in s.legal_actions()
    before = hand(s, first)
    play(s, "upcard")
    assert hand(s, first) == sorted([*before, up])
    assert s.hn[first] == 12 and s.pile == [] and s.phase is Phase.PLAY
    other = next(f for f in s.hand_cards(first) if s.model.kind_of[f] != s.model.kind_of[up])
    s.apply(Action(Op.DISCARD, (other,)))  # the upcard need not be played
    assert s.current == 2
    assert up in s.hand_cards(first) and s.hn[first] == 11


def test_S2_upcard_alone_only_on_the_first_turn() -> None:
    """S2: 'ONLY in this first instance can the player pick up that card turned over in the discard
    pile'."""
    seed = first_seed(lambda s: len(s.pile) == 1)
    s = GameState.new(RS, seed=seed, dealer=0)
    play(s, "draw")
    s.apply(next(a for a in s.legal_actions() if a.op is Op.DISCARD))
    assert s.current == 2
    assert Action(Op.UPCARD) not in s.legal_actions()
    check_refused(s, "upcard", "no_upcard", "first turn")


def test_S2_upcard_alone_again_on_the_first_turn_of_the_next_hand() -> None:
    """S2: 'ONLY in this first instance' is the first turn of each hand: the next deal offers it again."""
    for seed in range(50):
        s = GameState.new(RS, seed=seed, dealer=0)
        finish_hand(s)
        if len(s.pile) == 1 and not is_black_three(s.pile[0]):
            break
    assert s.hand_no == 1 and s.dealer == 1 and s.current == 2
    assert Action(Op.UPCARD) in s.legal_actions()
    up = s.pile[-1]
    play(s, "upcard")
    assert up in s.hand_cards(2) and s.hn[2] == 12


def test_S2_no_upcard_alone_in_a_later_position() -> None:
    """S2: 'ONLY in this first instance' (a position mid-hand is not the first turn)."""
    s = setup(["8C 8D 5S", "9C", "JC", "4C"], phase="draw", pile="4H TC")
    check_refused(s, "upcard", "no_upcard", "first turn")


def test_G3_G4_wild_or_red_three_upcard_is_covered_and_single_pickup_takes_the_natural() -> None:
    """S2 first-turn pickup; G3/G4: 'Upcard wild/red 3 -> cover (Classic); the single-card first pickup
    applies to the final natural upcard.'"""
    seed = first_seed(lambda s: len(s.pile) > 1)
    s = GameState.new(RS, seed=seed, dealer=0)
    pile = list(s.pile)
    assert all(is_wild(f) or is_red_three(f) for f in pile[:-1])
    top = pile[-1]
    assert not is_wild(top) and top // 4 + 2 >= 4  # a natural card
    assert s.pile_frozen  # frozen by the covered wild / red three
    first = s.current
    play(s, "upcard")
    assert top in s.hand_cards(first) and s.hn[first] == 12
    assert s.pile == pile[:-1]  # only the natural card was taken
    assert s.pile_frozen


def test_G4_black_three_upcard_cannot_be_taken_alone() -> None:
    """S2: 'No player can pickup the discard pile when a black three is on top.' G4: the single pickup
    applies to a natural upcard."""
    seed = first_seed(lambda s: is_black_three(s.pile[-1]))
    s = GameState.new(RS, seed=seed, dealer=0)
    assert [str(a) for a in s.legal_actions()] == ["draw"]
    check_refused(s, "upcard", "upcard_not_natural", "not a natural")


# ---------------------------------------------------------------------------------------------- drawing
def test_S2_G5_draw_two_cards_from_the_stock() -> None:
    """S2: 'drawing two new cards from the center deck'; G5: draw 2."""
    s = setup(["8C 8D", "9C", "JC", "4S"], phase="draw", stock="9H 9S 4C 4D")
    play(s, "draw")
    assert hand(s, 0) == cards("8C 8D 9H 9S")
    assert s.stock == parse_cards("4D 4C")  # top is last
    assert len(s.stock) == 2 and s.phase is Phase.PLAY


# ---------------------------------------------------------------------------------------------- pickup
def test_S2_pickup_with_two_naturals_takes_the_entire_pile() -> None:
    """S2: 'picking up the entire discard pile. You must have two naturals ... to pick up the discard
    pile'."""
    s = setup(["8C 8H 5S 6S", "9C", "JC", "4S"], phase="draw", pile="4C 7H 8D", melds=OPEN)
    play(s, "take 8C 8H")
    assert table(s, 0) == [cards("KC KD KH"), cards("8C 8D 8H")]
    assert hand(s, 0) == cards("5S 6S 4C 7H")
    assert s.pile == [] and s.phase is Phase.PLAY


def test_S2_pickup_with_one_natural_and_one_wild() -> None:
    """S2: 'You must have two naturals or one natural and one wild card to pick up the discard pile'."""
    s = setup(["8C 2C 5S 6S", "9C", "JC", "4S"], phase="draw", pile="4C 8D", melds=OPEN)
    play(s, "take 8C 2C")
    assert sorted(s.melds[0][-1].cards) == cards("8C 8D 2C")
    assert hand(s, 0) == cards("5S 6S 4C")


def test_S2_pickup_refused_with_one_natural_alone() -> None:
    """S2: 'You must have two naturals or one natural and one wild card to pick up the discard pile'."""
    s = setup(["8C 5S 6S", "9C", "JC", "4S"], phase="draw", pile="4C 8D", melds=OPEN)
    check_refused(s, "take 8C", "need_pair_or_wild", "two")


def test_S2_layoff_pickup_onto_the_teams_meld() -> None:
    """S2: 'or if the team has a meld showing and the last player discards one of the same cards, the
    player can pick up the discard pile using that top card. (You don't have to have two natural cards or
    one natural and a wild in your hand in this instance.)'"""
    s = setup(["5S 6S", "9C", "JC", "4S"], phase="draw", pile="4C 7H KS", melds=OPEN)
    play(s, "take @0")
    assert sorted(s.melds[0][0].cards) == cards("KC KD KH KS")
    assert hand(s, 0) == cards("5S 6S 4C 7H")


def test_C3_pickup_onto_a_rank_the_side_shows_must_name_the_meld() -> None:
    """C3: one meld per rank per side; a natural added to a rank the side shows goes onto that meld."""
    s = setup(["KS KS 6S", "9C", "JC", "4S"], phase="draw", pile="4C KH", melds=OPEN)
    check_refused(s, "take KS KS", "meld_target", "@0")
    play(s, "take KS KS @0")
    assert sorted(s.melds[0][0].cards) == cards("KC KD KH KH KS KS")


@pytest.mark.parametrize("freezer", ["2C", "JK", "3D"])
def test_S2_frozen_pile_needs_two_natural_like_cards(freezer: str) -> None:
    """S2: 'If the discard pile gets frozen with a wild card or a red three, no one can pick up the discard
    pile; unless they have two natural like cards in their hand.'"""
    hands = ["8C 8H 2D 5S", "9C", "JC", "4S"]
    s = setup(hands, phase="draw", pile=f"4C {freezer} 8D", melds=[["KC KD KH", "8S 8S 2S"], []])
    assert s.pile_frozen
    check_refused(s, "take 8C 2D @1", "frozen", "natural")  # natural + wild
    check_refused(s, "take @1", "frozen", "natural")  # layoff onto the team's meld of eights
    play(s, "take 8C 8H @1")
    assert s.melds[0][1].naturals == 5


def test_C5_pile_after_a_take_is_unfrozen() -> None:
    """C5: 'After a pile is taken, it is empty: a new pile starts with the taker's discard and is frozen
    again only by a new wild card or red three in it.'"""
    s = setup(["9C 9D 5S 6S 7D", "5C 2D 7S 7H", "JC", "4S"], phase="draw", pile="JK 8D 9H",
              melds=[["KC KD KH"], ["AC AD AH"]])
    assert s.pile_frozen
    play(s, "take 9C 9D", "discard 5S")
    assert s.pile == [parse_card("5S")] and not s.pile_frozen
    play(s, "take 5C 2D")  # natural + wild on the new, unfrozen pile
    assert sorted(s.melds[1][-1].cards) == cards("5C 5S 2D")


def test_S2_discarding_a_wild_card_freezes_the_pile() -> None:
    """S2: 'If the discard pile gets frozen with a wild card ... no one can pick up the discard pile;
    unless they have two natural like cards'."""
    s = setup(["2C 9H 9S 4D", "TD 2D 5C", "6S 2S JC", "4C"], pile="TS",
              melds=[["KC KD KH"], ["AC AD AH"]], stock="6H 5D 6C 6D")
    assert not s.pile_frozen
    play(s, "discard 2C")
    assert s.pile_frozen
    play(s, "draw", "discard 6H")  # seat 1 covers the wild: the pile stays frozen
    assert s.pile_frozen
    check_refused(s, "take 6S 2S", "frozen", "natural")


# ---------------------------------------------------------------------------------------------- unmelded team
def test_G7_G8_pile_frozen_for_a_team_that_has_not_melded() -> None:
    """S2 pickup rules; G7/G8: 'Pile frozen against an unmelded team -> yes (Classic): natural pair +
    minimum.'"""
    s = setup(["QC 2C AC AD AH 9S", "9C", "JC", "4S"], phase="draw", pile="4C QH")
    assert not s.pile_frozen and not s.opened[0]
    check_refused(s, "take QC 2C", "frozen_unopened", "not yet melded")


def test_G7_G8_unopened_pickup_must_meet_the_minimum_top_card_counts() -> None:
    """G7/G8: natural pair plus the minimum; R 1.1 (S4 explicit): the top card counts; the API: melds shown
    from hand before taking count too."""
    hands = ["QC QD 5C 5D 5H 5S 9S", "9C", "JC", "4S"]
    s = setup(hands, phase="draw", pile="4C QH")
    # Q-Q-Q alone: 3 x 10 = 30 < 50
    check_refused(s, "take QC QD", "opening_minimum", "30")
    # 5-5-5-5 shown first (4 x 5 = 20) + Q-Q from hand (20) + the top QH (10) = 50: only the top card
    # brings it to the minimum (without it 40)
    play(s, "meld 5C 5D 5H", "add @0 5S")
    assert not s.opened[0]
    play(s, "take QC QD")
    assert s.opened[0]
    assert table(s, 0) == [cards("5C 5D 5H 5S"), cards("QC QD QH")]
    assert hand(s, 0) == cards("9S 4C")


def test_G7_G8_shown_melds_short_of_the_minimum_refuse_the_take() -> None:
    """G7/G8: the opening minimum must be met by the pickup plus the melds shown before taking."""
    s = setup(["QC QD 5C 5D 5H 9S", "9C", "JC", "4S"], phase="draw", pile="4C QH")
    play(s, "meld 5C 5D 5H")
    # 5-5-5 = 15, + Q-Q-Q = 30: 45 < 50
    check_refused(s, "take QC QD", "opening_minimum", "45")
    check_refused(s, "draw", "shown_melds", "retract")


# ---------------------------------------------------------------------------------------------- going out
def test_S2_going_out_needs_two_canastas() -> None:
    """S2: 'In order to go out, a team must have two Canastas.'"""
    s = setup(["5C 5D 5H 9H", "9C 9D", "JC", "8D"],
              melds=[["KC KC KD KD KH KH KS", "QC QC QD QD QH"], ["7C 7D 7S"]])
    play(s, "ask", "yes")
    check_refused(s, "meld 5C 5D 5H", "keep_cards_canastas", "2 canastas")


def test_S2_second_canasta_made_in_the_going_out_turn() -> None:
    """S2: 'In order to go out, a team must have two Canastas' (the second may be completed in the going-out
    turn)."""
    s = setup(["QS 5C 5D 5H 9H", "9C 9D", "JC", "8D"],
              melds=[["KC KC KD KD KH KH KS", "QC QC QD QD QH 2C"], ["7C 7D 7S"]])
    play(s, "ask", "yes", "add @1 QS", "meld 5C 5D 5H", "discard 9H")
    res = s.results[-1]
    assert res.reason == "went_out" and res.out_seat == 0
    # natural kings 500 + mixed queens (6 naturals + 2C) 300
    assert (res.sides[0].natural_canastas, res.sides[0].mixed_canastas) == (1, 1)


def test_S2_must_ask_partner_before_going_out() -> None:
    """S2: 'You MUST ask your partner if you can go out, and abide by their decision. (There are no
    exceptions to this rule.)'"""
    s = going_out()
    check_refused(s, "meld 5C 5D 5H", "keep_cards_ask_first", "ask")
    s = setup(["3C 3C 3S", "9C 9D", "JC", "8D"], melds=[list(OUT_MELDS), ["7C 7D 7S"]])
    check_refused(s, "meld 3C 3C 3S", "black_three_out_ask_first", "ask")


def test_S2_partner_says_no_going_out_refused() -> None:
    """S2: 'You MUST ask your partner if you can go out, and abide by their decision.' C2: at most once per
    turn; a 'no' forbids going out for the rest of that turn."""
    s = going_out()
    play(s, "ask")
    assert s.phase is Phase.ANSWER and s.actor == 2
    check_refused(s, "meld 5C 5D 5H", "answer_partner", "answer")
    play(s, "no")
    assert s.actor == 0
    check_refused(s, "meld 5C 5D 5H", "keep_cards_partner_no", "said no")
    check_refused(s, "ask", "asked", "already asked")
    play(s, "discard 9H")  # the turn ends without going out
    assert not s.results and s.current == 1


def test_S2_partner_says_yes_player_goes_out_100() -> None:
    """S2: 'You MUST ask your partner if you can go out, and abide by their decision.' 'Going out earns 100
    points.' 'natural Canastas ... count 500 points ... dirty Canastas ... count 300 points.'"""
    s = going_out()
    play(s, *GO_OUT)
    res = s.results[-1]
    assert res.reason == "went_out" and res.out_seat == 0
    # side 0: 500 + 300 canastas; going out 100; table 70 + 90 + 15 = 175; partner's JC -10:
    # 800 + 100 + 175 - 10 = 1065
    assert res.sides[0] == SideScore(1, 1, 800, 0, 0, 100, False, 175, -10, 0, 0, 1065)
    assert res.sides[1] == SIDE1_BASE
    assert s.scores == [1065, -20]
    assert s.hand_no == 1 and not s.is_over  # a new hand is dealt


def test_S2_black_threes_laid_when_going_out() -> None:
    """S2: 'If the player going out has 3 or more black threes in their hand, they can lay the black threes
    on the table and go out.' R 2.3: melded value 5 each (Classic)."""
    s = setup(["5C 5D 5H 3C 3C 3S", "9C 9D", "JC", "8D 4S"], melds=[list(OUT_MELDS), ["7C 7D 7S"]])
    play(s, "ask", "yes", "meld 5C 5D 5H", "meld 3C 3C 3S")
    res = s.results[-1]
    assert res.reason == "went_out" and res.out_seat == 0
    # 800 canastas + 100 going out + table 70 + 90 + 15 + 3 x 5 (black threes) = 190; partner -10 -> 1080
    assert res.sides[0].table == 190
    assert res.sides[0].total == 1080


def test_S2_four_black_threes_laid_when_going_out() -> None:
    """S2: 'If the player going out has 3 or more black threes in their hand, they can lay the black threes
    on the table and go out.'"""
    s = setup(["5C 5D 5H 3C 3C 3S 3S", "9C 9D", "JC", "8D 4S"], melds=[list(OUT_MELDS), ["7C 7D 7S"]])
    play(s, "ask", "yes", "meld 5C 5D 5H")
    check_refused(s, "meld 3C 3C 3S", "black_three_all", "all your black threes")
    play(s, "meld 3C 3C 3S 3S")
    # 800 + 100 + table 70 + 90 + 15 + 4 x 5 = 195; partner -10: 1085
    assert s.results[-1].out_seat == 0 and s.results[-1].sides[0].total == 1085


def test_S2_two_black_threes_cannot_be_laid() -> None:
    """S2: '3 or more black threes' may be laid when going out; R 1.1: two black threes cannot."""
    s = setup(["5C 5D 5H 3C 3S", "9C 9D", "JC", "8D"], melds=[list(OUT_MELDS), ["7C 7D 7S"]])
    play(s, "ask", "yes", "meld 5C 5D 5H")
    check_refused(s, "meld 3C 3S", "black_three_min", "at least 3")


def test_S2_black_threes_laid_only_when_going_out() -> None:
    """S2: black threes are laid 'If the player going out has 3 or more'; not while other cards remain."""
    s = setup(["3C 3C 3S 9H 9D", "9C", "JC", "8D"], melds=[list(OUT_MELDS), ["7C 7D 7S"]])
    play(s, "ask", "yes")
    check_refused(s, "meld 3C 3C 3S", "black_three_last", "go out")


def test_G12_concealed_going_out_scores_200() -> None:
    """S2: 'Going out earns 100 points.' G12: concealed bonus -> Classic 200; C1: the player has laid no
    meld earlier and melds the whole hand in one turn, including a canasta."""
    s = setup(["QC QC QD QD QH QH QS 5C 5D", "9C 9D", "JC", "8D 4S"], phase="draw",
              melds=[["KC KC KD KD KH KH KS"], ["7C 7D 7S"]], stock="5H 9H 4C 4D",
              has_melded=[False, False, True, False])
    play(s, "draw", "ask", "yes", "meld QC QC QD", "add @1 QD", "add @1 QH", "add @1 QH", "add @1 QS",
         "meld 5C 5D 5H", "discard 9H")
    res = s.results[-1]
    # two natural canastas 2 x 500; concealed 200; table 70 + 70 + 15 = 155; partner's JC -10:
    # 1000 + 200 + 155 - 10 = 1345
    assert res.sides[0] == SideScore(2, 0, 1000, 0, 0, 200, True, 155, -10, 0, 0, 1345)


def test_G12_C1_not_concealed_after_an_earlier_meld() -> None:
    """G12/C1: concealed only if the player 'has laid no meld earlier in the hand'; otherwise going out is
    100."""
    s = setup(["QC QC QD QD QH QH QS 5C 5D", "9C 9D", "JC", "8D 4S"], phase="draw",
              melds=[["KC KC KD KD KH KH KS"], ["7C 7D 7S"]], stock="5H 9H 4C 4D",
              has_melded=[True, False, True, False])
    play(s, "draw", "ask", "yes", "meld QC QC QD", "add @1 QD", "add @1 QH", "add @1 QH", "add @1 QS",
         "meld 5C 5D 5H", "discard 9H")
    # as the concealed case but going out 100: 1000 + 100 + 155 - 10 = 1245
    assert s.results[-1].sides[0] == SideScore(2, 0, 1000, 0, 0, 100, False, 155, -10, 0, 0, 1245)


def test_G2_card_values_of_cards_left_in_hand() -> None:
    """S2: 'Card Point Values:' (table missing). G2: Classic values: joker 50, deuce 20, ace 20, K-8 10,
    7-4 5, black three 5."""
    s = going_out(partner="JK 2C AC KS 8C 7C 4C 3C")
    play(s, *GO_OUT)
    # partner's hand: -(50 + 20 + 20 + 10 + 10 + 5 + 5 + 5) = -125; 800 + 100 + 175 - 125 = 950
    assert s.results[-1].sides[0].hand == -125
    assert s.results[-1].sides[0].total == 950
    v = s.model.value
    assert [v[parse_card(c)] for c in ("JK", "2H", "AS", "KD", "8H", "7S", "4H", "3S")] == \
        [50, 20, 20, 10, 10, 5, 5, 5]


# ---------------------------------------------------------------------------------------------- game end
def test_S2_5000_ends_the_game() -> None:
    """S2: 'The goal is to reach 5000 points first, ending that game.'"""
    s = going_out(scores=[4000, 0])
    play(s, *GO_OUT)
    # 4000 + 1065 = 5065 >= 5000; side 1: 0 - 20
    assert s.scores == [5065, -20]
    assert s.is_over and s.winner == 0
    assert s.legal_actions() == []
    check_refused(s, "draw", "game_over", "over")


def test_S2_below_5000_the_game_goes_on() -> None:
    """S2: 'The goal is to reach 5000 points first, ending that game.' (3,930 + 1,065 = 4,995 < 5,000)"""
    s = going_out(scores=[3930, 0])
    play(s, *GO_OUT)
    assert s.scores == [4995, -20]
    assert not s.is_over and s.winner == -1 and s.hand_no == 1
    assert s.minimum == [120, 15]  # G1: next hand 3,000+ -> 120; negative -> 15


@pytest.mark.parametrize(("scores", "winner"), [
    ([4000, 4990], 0),  # 4000 + 1065 = 5065 against 4990 + 25 = 5015
    ([3940, 5000], 1),  # 3940 + 1065 = 5005 against 5000 + 25 = 5025: the higher side wins
])
def test_C4_both_sides_reach_5000_higher_wins(scores: list[int], winner: int) -> None:
    """S2: 'reach 5000 points first'; C4: 'When both sides reach the target in the same hand, the higher
    total wins'."""
    # side 1 melded A-A-A (60): 60 - 35 = 25
    s = going_out(scores=scores, side1=("AC AD AH",))
    play(s, *GO_OUT)
    assert s.results[-1].sides[1].total == 25
    assert s.is_over and s.winner == winner


def test_C4_exact_tie_plays_another_hand() -> None:
    """C4: 'an exact tie plays another hand.'"""
    s = going_out(scores=[3950, 4990], side1=("AC AD AH",))
    play(s, *GO_OUT)
    # 3950 + 1065 = 5015 = 4990 + 25
    assert s.scores == [5015, 5015]
    assert not s.is_over and s.winner == -1 and s.hand_no == 1
    assert s.phase is Phase.DRAW


def test_S2_abide_by_yes_must_go_out() -> None:
    """S2: 'You MUST ask your partner if you can go out, and abide by their decision.' (told yes, a player
    who can go out may not just discard)"""
    s = going_out()
    play(s, "ask", "yes")
    check_refused(s, "discard 9H", "must_go_out", "go out")


def test_R23_hoyle_penalties_off_in_gvr() -> None:
    """R 2.3: 'Classic/Hoyle penalties optional' (the preset leaves them off): told yes and then unable to go
    out costs nothing."""
    s = setup(["5C 5D 9H 9S", "9C 9D", "JC", "8D 4S"], melds=[list(OUT_MELDS), ["7C 7D 7S"]])
    play(s, "ask", "yes", "discard 9H")  # 5C 5D 9S cannot all be melded
    assert s.penalties == [0, 0]
    assert s.current == 1


# ---------------------------------------------------------------------------------------------- end of stock
def test_G12_G5_last_stock_card_a_red_three_no_discard() -> None:
    """G12: end of stock -> Classic (Britannica: 'if the last card drawn is a red 3, play ends (that player
    may meld but may not discard)'); G5: the draw of two takes what is left."""
    s = setup(["KS 5C 9D", "9C", "JC", "4S"], phase="draw", stock="8H 3H", melds=OPEN)
    play(s, "draw")
    assert s.red3[0] == [parse_card("3H")] and s.stock == []
    assert hand(s, 0) == cards("KS 5C 9D 8H")
    check_refused(s, "discard 9D", "no_discard", "red three")
    play(s, "add @0 KS", "end")
    res = s.results[-1]
    assert res.reason == "last_red3"
    # side 0: red three 100; table 40; hands 5C 9D 8H -25, JC -10: 105
    assert res.sides[0].total == 105


def test_G12_end_of_stock_hand_ends_when_next_player_cannot_take() -> None:
    """G12: end of stock -> Classic (Britannica): play continues while players take the discard; the hand
    ends when a player cannot."""
    s = setup(["5C 8S", "6C 7C", "JC", "4S"], phase="draw", stock="9H", melds=[["KC KD KH"], ["AC AD AH"]])
    play(s, "draw")
    assert s.stock == [] and hand(s, 0) == cards("5C 8S 9H")
    play(s, "discard 5C")
    res = s.results[-1]
    assert res.reason == "stock_out" and res.out_seat == -1
    # side 0: table 30; hands 8S 9H (-20) and JC (-10): 0. side 1: table 60; 6C 7C (-10), 4S (-5): 45
    assert res.totals == (0, 45)
