"""Rule tests for the ``bolivia`` preset (S1 = ``shared/rules/bolivia.txt``) and the reference ``samba``.

Each test quotes the sheet sentence (or the ruling of RULINGS.md: B1-B12, section 1.3 for Samba) it
checks; expected numbers are worked out by hand in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta import GameState, Phase, rules
from canasta.actions import Action, Op
from canasta.melds import MeldType
from helpers import check_refused, position_for

RS = rules("bolivia")


def setup(hands: list[str], **kw: Any) -> GameState:
    return position_for("bolivia", hands, **kw)


def legal(s: GameState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


# ------------------------------------------------------------------------------------ deck and deal
@pytest.mark.parametrize(("players", "cards", "team", "sides"), [
    (2, 15, 1, 2), (3, 15, 1, 3), (4, 15, 2, 2), (5, 15, 1, 5), (6, 13, 2, 3)])
def test_S1_players_and_deal(players: int, cards: int, team: int, sides: int) -> None:
    """S1: "When you're playing with 2, 3 or 5 players, everyone plays his or her own game; when you're
    playing with 4 or 6 players, you play with a partner ... When there are 2, 3, 4, or 5 players, 15
    cards are dealt to each player. When there are 6 players, everyone receives 13 cards." The stock
    after the deal is 162 - players x cards - 1 upcard (red threes are not replaced: S1 makes them
    optional melds): 4 players 162 - 60 - 1 = 101."""
    rs = rules("bolivia", players=players)
    assert (rs.hand_size, rs.team_size, rs.sides, rs.deck_size) == (cards, team, sides, 162)
    s = GameState.new(rs, seed=3)
    assert s.hn == [cards] * players
    assert len(s.stock) == 162 - players * cards - 1 and len(s.pile) == 1


def test_S1_six_players_partners_separated_by_two() -> None:
    """S1: "In the event of 6 players, all partners are always separated by two other players"."""
    s = GameState.new(rules("bolivia", players=6), seed=1)
    assert [s.partner(x) for x in range(6)] == [3, 4, 5, 0, 1, 2]


def test_S1_draw_two_and_one_when_one_is_left() -> None:
    """S1: "Each player draws 2 cards at a time" and "If there is just one card left in the stock, the
    next player who draws from the stock takes just that one card"."""
    s = setup(["5C 6D", "4C", "4D", "4H"], phase="draw", stock="9C 9D 9H", melds=[["KC KD KH"], []])
    s.apply("draw")
    assert s.hn[0] == 4 and len(s.stock) == 1
    s = setup(["5C 6D", "4C", "4D", "4H"], phase="draw", stock="9C", melds=[["KC KD KH"], []])
    s.apply("draw")
    assert s.hn[0] == 3 and s.stock == []


# ------------------------------------------------------------------------------------ sequences
OPEN = [["KC KD KH"], []]  # side 0 has opened (kings), so no opening minimum applies


def test_S1_sequence_is_three_natural_cards_of_one_suit_in_a_row() -> None:
    """S1: "A sequence is a set of at least three natural cards of the same suit which are consecutive in
    rank ... They may NOT contain Threes or Wild Cards"."""
    s = setup(["5H 6H 7H 7S 6D JK 4H 9C", "4C", "4D", "4S"], melds=OPEN)
    assert "meld 5H 6H 7H" in legal(s)
    check_refused(s, "meld 5H 6H 7S", "mixed_ranks_or_run", "one suit")
    check_refused(s, "meld 5H 6H JK", "mixed_ranks_or_run", "one rank")
    s.apply("meld 5H 6H 7H")
    assert s.melds[0][1].type is MeldType.SEQUENCE
    check_refused(s, "add @1 JK", "wrong_card", "does not extend")
    s.apply("add @1 4H")
    assert str(s.melds[0][1]) == "4H 5H 6H 7H"


def test_S1_seven_card_sequence_is_a_samba_and_closed() -> None:
    """S1: "Sequences can be extended to a maximum of seven cards; a complete sequence of seven cards is
    called a samba. No further cards can be added to a samba." (4S-9S + TS = 4-10, a window.)"""
    s = setup(["TS JS 5C 5D", "4C", "4D", "4H"], melds=[["KC KD KH", "4S 5S 6S 7S 8S 9S"], []])
    s.apply("add @1 TS")
    assert s.melds[0][1].kind(RS) == "sequence" and s.sequence_canastas(0) == 1
    check_refused(s, "add @1 JS", "sequence_full", "cannot grow")


def test_S1_only_five_sambas_in_a_suit() -> None:
    """S1: "Only five different sambas are possible in a suit, consisting of the ranks: 4-10; 5-jack;
    6-queen; 7-king; 8-ace": a sequence may run up to the ace, never past it or below the four."""
    assert RS.sequences == ((4, 10), (5, 11), (6, 12), (7, 13), (8, 14))
    s = setup(["QD KD AD 3D 4D 5D 9C", "4C", "4S", "4H"], melds=OPEN)
    assert "meld QD KD AD" in legal(s)
    check_refused(s, "meld 3D 4D 5D", "sequence_window", "within four to ace")


def test_S1_two_sequences_are_not_merged_by_the_connecting_card() -> None:
    """S1: "Two sequences of three cards already on the table cannot be merged into a samba when you
    meld the connecting card": 8H extends one of them only, and the two cannot be merged."""
    s = setup(["8H 9C 9D 5C", "4C", "4D", "4S"], melds=[["KC KD KH", "5H 6H 7H", "9H TH JH"], []])
    s.apply("add @1 8H")
    assert [str(m) for m in s.melds[0]][1:] == ["5H 6H 7H 8H", "9H TH JH"]
    check_refused(s, "merge @1 @2", "merge_ranks", "group melds")


def test_S1_two_group_melds_of_a_rank_may_be_merged() -> None:
    """S1: "you are allowed to merge two group melds of the same rank on your turn if you wish"."""
    s = setup(["9C 9D 5C 6D", "4C", "4D", "4S"], melds=[["KC KD KH", "QC QD QH", "QS QH 2C"], []])
    assert "merge @1 @2" in legal(s)
    check_refused(s, "merge @2 @1", "merge_order", "merge @1 @2")
    s.apply("merge @1 @2")
    assert [m.size for m in s.melds[0]] == [3, 6] and s.melds[0][1].wilds == 1


# ------------------------------------------------------------------------------------ wild cards
def test_S1_wild_cards_melded_on_their_own_and_bolivia_2500() -> None:
    """S1: "Wild cards may be melded as a set of their own (three or more) ... A canasta of seven
    wildcards is a Bolivia, and earns a 2500-point bonus. No additional cards may be added to a
    Bolivia." """
    s = setup(["JK JK 2C 2D 2H 2S JK 2C 9C 9D", "4C", "4D", "4S"], melds=OPEN)
    assert "meld 2C JK JK" in legal(s) or "meld JK JK JK" in legal(s)
    s.apply("meld JK JK JK")
    for card in ("2C", "2D", "2H", "2S"):
        s.apply(f"add @1 {card}")
    assert s.melds[0][1].kind(RS) == "wild" and RS.wild_canasta == 2500
    check_refused(s, "add @1 2C", "wild_meld_full", "cannot grow")


def test_S1_mixed_canasta_has_at_most_two_wild_cards() -> None:
    """S1: "No more than two Wild Cards are allowed in a Mixed Canasta" (B5: per meld)."""
    s = setup(["JK 9C 9D 5C", "4C", "4D", "4S"], melds=[["KC KD KH KS 2C 2D"], []])
    check_refused(s, "add @0 JK", "wild_limit_max", "at most 2 wild")


def test_S1_no_wild_card_added_to_a_canasta() -> None:
    """S1: "A wild card may not be added to an existing Canasta" (naturals may)."""
    s = setup(["JK KH 9C 9D", "4C", "4D", "4S"], melds=[["KC KD KH KS KC KD KS"], []])
    check_refused(s, "add @0 JK", "canasta_closed_wild", "completed canasta")
    s.apply("add @0 KH")
    assert s.melds[0][0].size == 8


# ------------------------------------------------------------------------------------ the pile
def test_S1_spade_sequence_melded_takes_the_ten() -> None:
    """S1: "if I have ♠6-♠7-♠8-♠9 melded and ♠10 is discarded by the player before me, I can take the
    discard" — and (B2) the whole pile comes with it: 4H and KD go to the hand."""
    s = setup(["5C 5D", "4C", "4D", "4S"], phase="draw", pile="4H KD TS",
              melds=[["KC KD KH", "6S 7S 8S 9S"], []])
    assert "take @1" in legal(s)
    s.apply("take @1")
    assert str(s.melds[0][1]) == "6S 7S 8S 9S TS" and s.pile == [] and s.hn[0] == 4


def test_S1_spade_sequence_in_hand_cannot_take_the_ten() -> None:
    """S1: "if I have ♠6-♠7-♠8-♠9 in my hand and ♠10 is discarded by the player before me, I cannot take
    the discard" (a sequence is made only from the hand, never from the pile)."""
    s = setup(["6S 7S 8S 9S 5C", "4C", "4D", "4H"], phase="draw", pile="4H TS", melds=OPEN)
    assert not [a for a in s.legal_actions() if a.op is Op.TAKE]
    check_refused(s, "take 8S 9S", "wrong_rank", "must match")


def test_S1_spade_sequence_with_the_nine_in_hand_cannot_take_the_ten() -> None:
    """S1: "if I have ♠6-♠7-♠8 melded and ♠9 in my hand ♠10 is discarded by the player before me, I
    cannot take the discard" (the top card only extends a sequence already on the table)."""
    s = setup(["9S 5C 5D", "4C", "4D", "4H"], phase="draw", pile="4H TS",
              melds=[["KC KD KH", "6S 7S 8S"], []])
    assert not [a for a in s.legal_actions() if a.op is Op.TAKE]
    check_refused(s, "take @1", "wrong_card", "does not extend")
    check_refused(s, "take 9S @1", "layoff_alone_sequence", "alone")


def test_S1_B2_option_top_card_only() -> None:
    """B2 (flag): extending a sequence from the pile may take the top card only."""
    s = position_for({"preset": "bolivia", "overrides": {"seq_pickup_takes_pile": False}},  # type: ignore[arg-type]
                     ["5C 5D", "4C", "4D", "4S"], phase="draw", pile="4H KD TS",
                     melds=[["KC KD KH", "6S 7S 8S 9S"], []])
    s.apply("take @1")
    assert s.pile == [4 * 2 + 2, 11 * 4 + 1] and s.hn[0] == 2  # 4H KD stay in the pile


def test_S1_pile_always_frozen_needs_a_natural_pair() -> None:
    """S1: "The Discard pile may NOT be taken with one Natural and one Wild Card" and "the pile is
    effectively frozen all the time": a natural pair is needed, even for an opened side."""
    s = setup(["KS JK 9C 9D 5C", "4C", "4D", "4H"], phase="draw", pile="4H QD KH", melds=OPEN)
    check_refused(s, "take KS JK @0", "frozen_always", "natural")
    s = setup(["QS QC 9C 9D 5C", "4C", "4D", "4H"], phase="draw", pile="4H QD", melds=OPEN)
    assert "take QC QS" in legal(s)


def test_S1_B1_top_card_onto_a_group_needs_two_naturals_from_hand() -> None:
    """S1: "You may never take the pile to add the top card to an existing group, unless you can produce
    two more natural cards of that rank from your hand" (B1: strict)."""
    s = setup(["9C 9D 5C", "4C", "4D", "4H"], phase="draw", pile="4H KS", melds=OPEN)
    check_refused(s, "take @0", "frozen_always", "natural")
    s = setup(["KS KH 5C", "4C", "4D", "4H"], phase="draw", pile="4H KD", melds=OPEN)
    assert {"take KH KS @0", "take KH KS"} <= set(legal(s))


def test_S1_not_by_adding_the_top_card_to_a_canasta() -> None:
    """S1: "nor by adding the top card of the Discard Pile to an existing Canasta": with a pair the top
    card may start a new group of kings, not join the canasta."""
    s = setup(["KS KH 5C", "4C", "4D", "4H"], phase="draw", pile="4H KD",
              melds=[["KC KD KH KS KC KD KS"], []])
    check_refused(s, "take KH KS @0", "canasta_closed_top", "completed canasta")
    assert "take KH KS" in legal(s)


def test_S1_wild_card_on_top_cannot_be_taken() -> None:
    """S1: "When the top card of the discard pile is a wildcard, it may not be taken"."""
    s = setup(["JK JK 5C", "4C", "4D", "4H"], phase="draw", pile="4H 2C", melds=OPEN)
    check_refused(s, "take JK JK", "wild_on_top", "wild")


def test_S1_player_with_one_card_who_cannot_go_out_may_not_take() -> None:
    """S1: "If a player only has one card left but cannot go out, he may not take the Discard Pile"."""
    s = setup(["5C", "4C", "4D", "4H"], phase="draw", pile="4H TS", melds=[["KC KD KH", "6S 7S 8S 9S"], []])
    check_refused(s, "take @1", "one_card_go_out", "one card")


# ------------------------------------------------------------------------------------ opening
@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120), (7000, 150),
    (15000, 150)])
def test_S1_B6_opening_minimum(score: int, minimum: int) -> None:
    """S1: "Up to a score of 1,495 ... 50 points; from 1,500 to 2,995 ... 90; from 3,000 to 6,995 ...
    120; from 7,000 to 15,000 ... 150"; B6: a negative score needs 15."""
    assert RS.opening_minimum(score) == minimum


# ------------------------------------------------------------------------------------ going out
# Side 0 about to go out: escalera 4S-TS (4+5+6+7 = 20, 8+9+T = 30: 50 points on the table) and a
# natural canasta of kings (7 x 10 = 70); seat 0 holds 5C, seat 2 holds QH.
GO_OUT = [["4S 5S 6S 7S 8S 9S TS", "KC KC KD KD KH KH KS"], ["9C 9D 9H"]]


def go_out(**kw: Any) -> GameState:
    d: dict[str, Any] = {"melds": GO_OUT}
    d.update(kw)
    hands = d.pop("hands", ["5C", "3C 4D", "QH", "AH"])
    s = setup(hands, **d)
    s.apply("discard 5C")
    assert s.results[-1].reason == "went_out"
    return s


def test_S1_going_out_200_and_scores() -> None:
    """S1: "each samba is worth 1500 ... each pure canasta ... 500 ... the side that goes out scores 200
    ... If you're caught with any black threes in your hand when someone goes out, they each count 100
    points against you". Side 0: 1,500 + 500 + 200 + table 120 - QH 10 = 2,310. Side 1: table 30
    (9C 9D 9H), hands 3C = -100 and 4D = -5, AH = -20: 30 - 125 = -95. On the sheet the black three's
    100 is a penalty (the rules fine it), the cards' -25 the count."""
    s = go_out()
    s0, s1 = s.results[-1].sides
    assert (s0.canasta_bonus, s0.going_out, s0.table, s0.hand, s0.total) == (2000, 200, 120, -10, 2310)
    assert (s1.table, s1.hand, s1.threes_held, s1.total) == (30, -25, -100, -95)
    assert (s1.base, s1.count, s1.all_penalties) == (0, 5, -100)


def test_S1_two_canastas_one_an_escalera_to_go_out() -> None:
    """S1: "In order to go out a team must have at least 2 Canastas, one of which must be a Sequence
    Canasta": two group canastas are not enough."""
    s = setup(["5C", "4C", "4D", "4H"], melds=[["QC QC QD QD QH QH QS", "KC KC KD KD KH KH KS"], []])
    check_refused(s, "discard 5C", "discard_out_sequence", "sequence canasta")


def test_S1_pass_when_one_card_is_left_and_no_going_out() -> None:
    """S1: "If you meld all your cards except one, then instead of discarding it you must end your turn
    by saying pass, and keep the card. This is the only case in which you are allowed to pass"."""
    s = setup(["5C 5D 5H 9S", "4C", "4D", "4H"], melds=OPEN)
    assert "pass" not in legal(s)
    s.apply("meld 5C 5D 5H")
    check_refused(s, "discard 9S", "discard_out_canastas", "go out")
    assert "pass" in legal(s)
    s.apply("pass")
    assert s.current == 1 and s.phase is Phase.DRAW and s.hand_cards(0) == [7 * 4 + 3]


def test_S1_B12_going_out_by_melding_every_card() -> None:
    """B12: going out by melding all the cards (no discard) is allowed: the last king completes nothing
    new, the hand is empty, the side has its canastas."""
    s = setup(["KS", "4C", "4D", "4H"], melds=[GO_OUT[0], []])
    s.apply("add @1 KS")
    assert s.results[-1].reason == "went_out" and s.results[-1].sides[0].going_out == 200


def test_S1_B11_black_threes_melded_going_out_five_each() -> None:
    """B11: black threes melded only when going out, three or more, no wilds, 5 each."""
    s = setup(["3C 3S 3C", "4C", "QH", "4H"], melds=[GO_OUT[0], []])
    s.apply("meld 3C 3C 3S")
    s0 = s.results[-1].sides[0]
    assert s.results[-1].reason == "went_out" and s0.table == 120 + 15 and s0.hand == -10


def test_S1_end_of_stock_no_going_out_bonus() -> None:
    """S1: "As soon as a player wishes to draw from the stock but no cards are available, the play ends
    and the hand is scored, with no one getting the bonus for going out." A black three in hand is
    then just its card (5): the 100 is for black threes caught "when someone goes out"."""
    s = setup(["5C 9D", "3C 4D", "QH", "AH"], phase="draw", stock="", melds=GO_OUT)
    s.apply("draw")
    s0, s1 = s.results[-1].sides
    assert s.results[-1].reason == "stock_out" and s0.going_out == 0 and s1.going_out == 0
    # side 0: 2,000 + 120 - (5C 5 + 9D 10 + QH 10) = 2,095; side 1: 30 - (3C 5 + 4D 5 + AH 20) = 0
    assert (s0.total, s1.hand, s1.total) == (2095, -30, 0)


# ------------------------------------------------------------------------------------ red threes
def test_S1_red_three_may_be_melded_as_a_single_card() -> None:
    """S1: "You may meld a red three as a single card, to be eligible for a bonus, but you don't have
    to"."""
    s = setup(["3H 5C 5D KS", "4C", "4D", "4H"], melds=OPEN)
    assert "meld 3H" in legal(s)
    s.apply("meld 3H")
    assert s.red3[0] == [4 + 2] and s.hn[0] == 3


@pytest.mark.parametrize(("laid", "points"), [
    ([["3H"], [], ["3D"], []], 200),                          # 2 x 100
    ([["3H 3D 3H"], [], ["3D 3H 3D"], []], 1000),             # all six: 1,000 instead of 600
])
def test_S1_red_threes_count_with_the_requirement(laid: list[list[str]], points: int) -> None:
    """S1: "Every melded red three is worth 100 bonus points, but only when you have the required two
    sambas or canastas ... all 6 red threes, you receive a bonus of 1000 points instead of 600"."""
    s = go_out(red_threes=laid)
    assert s.results[-1].sides[0].red_three_points == points


@pytest.mark.parametrize(("laid", "points"), [
    ([[], ["3H"], [], ["3D"]], -200),                          # 2 x -100
    ([[], ["3H 3D 3H"], [], ["3D 3H 3D"]], -600),              # B10: -100 each, -600 for six
])
def test_S1_B10_red_threes_count_minus_without_the_requirement(laid: list[list[str]], points: int) -> None:
    """S1: "If you do not have the necessary sambas or canastas to end the game, for every melded red
    three you receive 100 penalty points"; B10: six unmet red threes are -600."""
    s = go_out(red_threes=laid)
    assert s.results[-1].sides[1].red_three_points == points


def test_S1_B9_red_threes_in_hand_750_per_player() -> None:
    """S1: "If the round is finished and you have one or more red threes in your hand, you will be
    penalized with 750 points, regardless of the number"; B9: per player. Seat 1 holds two (-750) and
    seat 3 one (-750): side 1 pays -1,500 on the sheet's Penalties line; it holds no other card, so
    nothing in the count."""
    s = go_out(hands=["5C", "3H 3D", "QH", "3H"])
    side = s.results[-1].sides[1]
    assert (side.threes_held, side.hand, side.all_penalties) == (-1500, 0, -1500)


def test_S1_target_15000() -> None:
    """S1: "A game-winning score is 15000 points": 13,000 + 2,310 = 15,310 ends the game."""
    s = go_out(scores=[13000, 0])
    assert s.is_over and s.winner == 0 and s.scores == [15310, -95]
    s = go_out(scores=[12000, 0])
    assert not s.is_over


# ------------------------------------------------------------------------------------ samba (R 1.3)
def samba(hands: list[str], **kw: Any) -> GameState:
    return position_for("samba", hands, **kw)


def test_R13_samba_table() -> None:
    """R 1.3: "162 cards, 4 players in partnerships, 15 cards each, draw 2 ... Initial meld 15 / 50 / 90
    / 120 / 160 over 7,000. Game 10,000. Going out 200; no concealed bonus"."""
    rs = rules("samba")
    assert (rs.deck_size, rs.hand_size, rs.stock_draw, rs.target_score, rs.going_out_bonus) == (
        162, 15, 2, 10000, 200)
    assert [rs.opening_minimum(x) for x in (-1, 0, 1500, 3000, 7000)] == [15, 50, 90, 120, 160]
    assert not rs.concealed and rs.go_out_canastas == 2 and not rs.go_out_sequence


def test_R13_samba_pickup_pair_or_layoff_short_of_a_canasta() -> None:
    """R 1.3: "The pile may be taken only with a natural matching pair or, when it is not frozen, by
    adding the top card to a meld that is still short of a canasta (sequence melds included)"."""
    s = samba(["KS JK 9C 9D", "4C", "4D", "4H"], phase="draw", pile="4H KD", melds=[["KC KD KH"], []])
    assert "take @0" in legal(s)
    check_refused(s, "take KS JK", "need_pair", "two natural")
    s = samba(["9C 9D", "4C", "4D", "4H"], phase="draw", pile="4H KD",
              melds=[["KC KD KH KS KC KD KS"], []])
    check_refused(s, "take @0", "canasta_closed_top", "completed canasta")


def test_R13_samba_going_out_needs_two_canastas() -> None:
    """R 1.3: "Two canastas (mixed, natural or samba) to go out"."""
    s = samba(["5C", "4C", "4D", "4H"], melds=[["KC KC KD KD KH KH KS", "QC QD QH"], []])
    check_refused(s, "discard 5C", "discard_out_canastas", "2 canastas")
    s = samba(["5C", "4C 4D", "QH", "AH"],
              melds=[["KC KC KD KD KH KH KS", "4S 5S 6S 7S 8S 9S TS"], ["9C 9D 9H"]],
              red_threes=[[], ["3H 3D 3H"], [], ["3D 3H 3D"]])
    s.apply("discard 5C")
    # side 0: natural 500 + samba 1,500 + going out 200 + table 70 + 50 - QH 10 = 2,310
    # side 1 (no canasta, all six red threes): -1,000 + table 30 - (4C 4D 5+5, AH 20) = -1,000
    s0, s1 = s.results[-1].sides
    assert (s0.total, s1.red_three_points, s1.total) == (2310, -1000, -1000)


def test_actions_parse_merge() -> None:
    """The merge action's notation round-trips (S1 merging of two group melds)."""
    assert str(Action.parse("merge @1 @3")) == "merge @1 @3"
    assert Action.parse("merge @1 @3") == Action(Op.MERGE, (), 1, 3)


def test_S1_asking_the_partner_is_optional_and_binds() -> None:
    """S1: "If you are able to go out, you may if you wish first ask your partner for permission ...
    Partner says "yes" or "no" and you must abide by the answer. Alternatively, you are allowed to go out
    without consulting your partner." Holding KS 9D with the side's escalera and kings canasta, the
    player could add KS and go out with 9D; after a "no" the last card may not go (it is kept with a
    "pass", S1's rule for a player who may not go out); unasked, the same play goes out."""
    s = setup(["KS 9D", "3C 4D", "QH", "AH"], melds=GO_OUT)
    s.apply("ask")
    s.apply("no")
    s.apply("add @1 KS")
    check_refused(s, "discard 9D", "discard_out_partner_no", "partner said no")
    s.apply("pass")
    assert s.current == 1 and not s.results and s.hn[0] == 1
    s = setup(["KS 9D", "3C 4D", "QH", "AH"], melds=GO_OUT)
    s.apply("add @1 KS")
    s.apply("discard 9D")
    assert s.results[-1].reason == "went_out"


def test_S1_empty_stock_the_player_may_take_the_pile_instead() -> None:
    """S1: "When the stock is empty, play continues until the next time someone wants to draw cards from
    the stock (this will generally be at the beginning of the next player's turn, unless that player
    prefers to take the discard pile)"."""
    s = setup(["KS KH 5C", "4C", "4D", "4H"], phase="draw", stock="", pile="4S KD", melds=OPEN)
    assert {"draw", "take KH KS"} <= set(legal(s))
    s.apply("take KH KS")
    assert not s.results and s.phase is Phase.PLAY


def test_S1_red_three_discarded_blocks_the_pile() -> None:
    """S1: "You may also use the red threes to block the discard pile, in the same manner as you would do
    with the black threes or the wild cards": a red three on top cannot be taken."""
    s = setup(["3H 9C 9D", "KS KH 5C", "4D", "4H"], melds=[["KC KD KH"], ["QC QD QH"]], pile="KD")
    s.apply("discard 3H")
    assert s.current == 1 and s.phase is Phase.DRAW
    check_refused(s, "take KH KS", "red_three_on_top", "red three")
