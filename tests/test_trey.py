"""Rule tests for the ``trey-canasta`` preset (S0 = ``shared/rules/trey-canasta-u3a.txt``, "U3A Bolivia
Plus"), with the T-rulings of RULINGS.md section 3 (T1-T13) and section 2.1.

Each test names the S0 section it checks (S0 uses its own letters [A] to [K]) and quotes the sentence;
expected numbers are worked out by hand in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta import GameState, Phase, RecordError, RuleError, rules
from canasta.cards import card_str, is_black_three, is_red_three, is_wild
from canasta.goingout import can_go_out
from canasta.melds import MeldType
from canasta.records import GameRecord, position
from canasta.views import view
from helpers import check_refused, play, position_for

RS = rules("trey-canasta")
NAME = "trey-canasta"


def setup(hands: list[str], **kw: Any) -> GameState:
    return position_for(NAME, hands, **kw)


def legal(s: GameState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


# Side 0 has laid down with kings; the sides' canastas for going out: a sequence and a natural one.
OPEN = [["KC KD KH"], []]
TWO_CANASTAS = [["4H 5H 6H 7H 8H 9H TH", "KC KD KH KS KC KD KH"], []]


# ------------------------------------------------------------------------------------ [A] fundamentals
def test_S0_A_deck_players_and_stock_101() -> None:
    """S0 [A]: "Number of Players for these rules = 4", "Number of Packs = 3 ... 54 cards including 2
    jokers", "Total number of Cards (including the 6 jokers) = 162", "Number of Cards dealt to each player
    ... = 15", "Number of Cards initially in the stock pack [1 is turned over] = 101": 162 - 4 x 15 - 1 =
    101 (when the upcard needs no covering, [A](i){b})."""
    assert (RS.players, RS.team_size, RS.packs, RS.deck_size, RS.hand_size) == (4, 2, 3, 162, 15)
    for seed in range(40):
        s = GameState.new(RS, seed=seed)
        assert s.hn == [15, 15, 15, 15]
        if len(s.pile) == 1:
            assert len(s.stock) == 162 - 60 - 1 == 101
            break
    else:  # pragma: no cover
        raise AssertionError("no deal with a single upcard")


@pytest.mark.parametrize("cards", [16, 17])
def test_S0_A_iii_sixteen_or_seventeen_cards(cards: int) -> None:
    """S0 [A](iii): "sometimes expedient to deal 16 or 17 to each player" (the hand_size option): the
    stock is then 162 - 64 - 1 = 97 or 162 - 68 - 1 = 93 (single upcard)."""
    rs = rules(NAME, hand_size=cards)
    for seed in range(40):
        s = GameState.new(rs, seed=seed)
        assert s.hn == [cards] * 4
        if len(s.pile) == 1:
            assert len(s.stock) == {16: 97, 17: 93}[cards]
            return
    raise AssertionError("no deal with a single upcard")  # pragma: no cover


def test_S0_A_i_draw_two() -> None:
    """S0 [A](i): "taking two cards from the stock pile and in either case thereafter discarding one"."""
    s = setup(["5C 6D", "4C", "4D", "4H"], phase="draw", stock="9C 9D 9H", melds=OPEN)
    s.apply("draw")
    assert s.hn[0] == 2 + 2 and len(s.stock) == 1


def test_S0_A_i_a_natural_upcard_with_one_stock_card_then_no_lay_down() -> None:
    """S0 [A](i){a}: "If the turned over / disclosed card is a ranked card ... taking one card only off the
    stock pile plus the disclosed card"; "if using the facility then cannot lay down until that player's
    next turn". The alternative, two stock cards, stays."""
    s = setup(["QC QD QH 5C", "4C", "4D", "4H"], phase="draw", pile="QS", stock="9C 9D 9H",
              first_turn=True)
    assert legal(s)[:2] == ["draw", "upcard"]
    s.apply("upcard")
    # 4 cards + the upcard QS + one stock card (the top, 9C) = 6
    assert s.hn[0] == 6 and s.hands[0][40 + 3] == 1 and s.pile == [] and len(s.stock) == 2
    assert s.phase is Phase.PLAY and view(s, 0)["turn_state"]["upcard_lock"]
    check_refused(s, "meld QC QD QH", "laydown_locked", "next turn")
    assert not any(a.startswith("meld") or a.startswith("add") for a in legal(s))
    s.apply("discard 5C")
    assert s.current == 1
    # the lock is for that turn only: on the next turn the player may lay down
    s2 = setup(["QC QD QH QS 5C 9C 2D", "4C", "4D", "4H"], phase="play", pile="5C", stock="9C 9D 9H")
    assert "meld QC QD QH" in legal(s2)


def test_S0_A_i_upcard_only_on_the_first_turn() -> None:
    """S0 [A](i): "For the first player only"."""
    s = setup(["QC QD 5C", "4C", "4D", "4H"], phase="draw", pile="QS", stock="9C 9D 9H")
    check_refused(s, "upcard", "no_upcard", "first turn")


def test_S0_A_i_b_wild_upcard_is_covered_and_freezes_the_pile() -> None:
    """S0 [A](i){b}: "If the disclosed card is a wild card ... it is covered [by the dealer] with a further
    card from the stock pile and then this top card only plus a card from the stock pile can be taken ...
    The wild card stays put and hence the discard pack becomes frozen"; T1: a covering card that is wild
    or a red trey is covered again."""
    seen = 0
    for seed in range(400):
        s = GameState.new(RS, seed=seed)
        if not is_wild(s.pile[0]):
            assert len(s.pile) == 1  # a natural, a red trey ({c}) or a black trey (T1) stays alone
            continue
        seen += 1
        # every card but the top is wild or (T1) a red trey; the top is neither
        assert all(is_wild(f) or is_red_three(f) for f in s.pile[:-1])
        assert not is_wild(s.pile[-1]) and not is_red_three(s.pile[-1])
        assert len(s.stock) == 162 - 60 - len(s.pile)
        assert s.pile_frozen and view(s, s.current)["pile"]["frozen"]
        if not is_black_three(s.pile[-1]):
            n = len(s.pile)
            s.apply("upcard")  # the top card + one stock card; the wild stays and the pile stays frozen
            assert len(s.pile) == n - 1 and s.pile_frozen and s.hn[s.current] == 17
        if seen >= 3:
            return
    raise AssertionError("too few wild upcards")  # pragma: no cover


def test_S0_A_i_T1_covering_card_wild_or_red_trey_is_covered_again() -> None:
    """T1: "a covering card that is wild or a red trey is covered again until a natural shows"."""
    for seed in range(5000):
        s = GameState.new(RS, seed=seed)
        if len(s.pile) >= 3:
            assert is_wild(s.pile[0])
            assert all(is_wild(f) or is_red_three(f) for f in s.pile[1:-1])
            return
    raise AssertionError("no double covering found")  # pragma: no cover


def test_S0_A_i_c_red_trey_upcard_taken_and_disclosed_earns_a_further_card() -> None:
    """S0 [A](i){c}: "If the disclosed card is a Bonus [RED trey] card ... if picked up with a card from the
    stock pile then the bonus card can be either kept in hand ... or immediately disclosed and if the
    player wishes then a further card can be taken from the stock pile"."""
    s = setup(["QC QD 5C", "4C", "4D", "4H"], phase="draw", pile="3H", stock="9C 9D 9H",
              first_turn=True)
    assert s.pile_frozen  # "if ... left it freezes the discard pack"
    s.apply("upcard")
    assert s.hn[0] == 3 + 2 and not s.pile_frozen  # 3H + 9C
    assert "meld 3H" in legal(s) and "draw" not in legal(s)
    s.apply("meld 3H")
    assert s.red3[0] == [6] and "draw" in legal(s)
    s.apply("draw")  # the further card (9D)
    assert s.hn[0] == 5 - 1 + 1 and len(s.stock) == 1
    check_refused(s, "draw", "already_drawn", "already drawn")


def test_S0_A_i_c_red_trey_upcard_left_freezes_the_pile() -> None:
    """S0 [A](i){c}: "If the disclosed card is a Bonus [RED trey] card and is then left it freezes the
    discard pack"; it is not covered (only a wild upcard is, {b})."""
    for seed in range(3000):
        s = GameState.new(RS, seed=seed)
        if is_red_three(s.pile[0]):
            assert len(s.pile) == 1 and s.pile_frozen
            s.apply("draw")
            assert s.pile_frozen
            return
    raise AssertionError("no red-trey upcard")  # pragma: no cover


def test_S0_A_i_T1_black_trey_upcard_cannot_be_taken() -> None:
    """T1: "a black-trey upcard can't be taken, so the first player draws 2 from stock"."""
    s = setup(["QC QD 5C", "4C", "4D", "4H"], phase="draw", pile="3S", stock="9C 9D 9H",
              first_turn=True)
    check_refused(s, "upcard", "upcard_black_three", "cannot be taken")
    assert legal(s) == ["draw"]


# ------------------------------------------------------------------------------------ [B] values
def test_S0_B_card_values() -> None:
    """S0 [B]: "Jokers = 50, Two's = 20, Ace's = 20, K, Q, J, Ten, Nine, Eight = 10, Seven, Six, Five,
    Four = 05, Trey's = 100"."""
    m = GameState.new(RS, seed=0).model
    faces = {"JK": 52, "2C": 0, "AS": 51, "KH": 46, "8D": 25, "7C": 20, "4S": 11, "3S": 7, "3H": 6}
    assert {k: m.value[f] for k, f in faces.items()} == {
        "JK": 50, "2C": 20, "AS": 20, "KH": 10, "8D": 10, "7C": 5, "4S": 5, "3S": 100, "3H": 100}


def test_S0_B_treys_do_not_count_toward_a_lay_down() -> None:
    """S0 [B]: treys "do NOT count towards a lay down". A red trey used as a wild (T8) in a lay-down
    meld: 9C 9D 3H = 10 + 10 + 0 = 20, short of 50; with a deuce instead, 10 + 10 + 20 = 40, still short;
    adding the ace meld AC AD AH (60) makes 100 with the deuce and 80 with the trey (both >= 50)."""
    s = setup(["9C 9D 3H 2C AC AD AH 5C 6D", "4C", "4D", "4H"])
    s.apply("meld 9C 9D 3H")
    assert s.turn.opening_points == 20 and not s.opened[0]
    s.apply("meld AC AD AH")
    assert s.turn.opening_points == 80 and s.opened[0]


# ------------------------------------------------------------------------------------ [C] melds
def test_S0_C_meld_compositions_and_T3() -> None:
    """S0 [C]: "A Meld = 3 or more cards of the same rank or 2 ranked cards with one wild card or 3 or
    more ranked cards with a maximum of two wild cards"; T3: two naturals and two wilds is illegal."""
    s = setup(["9C 9D 9H 2C 2D 2H JK 7C 7D 5C 6D", "4C", "4D", "4H"], melds=OPEN)
    assert {"meld 9C 9D 9H", "meld 7C 7D 2C", "meld 7C 7D JK"} <= set(legal(s))
    s.apply("meld 7C 7D 2C")
    check_refused(s, "add @1 JK", "wild_limit_fewer", "more natural cards than wild")  # 2N + 2W
    play(s, "meld 9C 9D 9H", "add @2 2D", "add @2 JK")  # 3N + 2W is a meld
    check_refused(s, "add @2 2H", "wild_limit_max", "at most 2 wild")  # 3N + 3W
    assert rules(NAME, wild_ratio="any").wild_ratio == "any"  # the flag: the Samba/Bolivia reading


def test_S0_C_T4_canasta_grows_with_naturals_never_with_wilds() -> None:
    """S0 [C]: mixed canasta "with 1 or 2 wild cards to a maximum of 7"; T4: "canastas may grow with
    naturals, never with wilds"."""
    s = setup(["KS 2C 5C 6D 8C", "4C", "4D", "4H"], melds=[["KC KD KH KS KC KD KH"], []])
    check_refused(s, "add @0 2C", "canasta_closed_wild", "completed canasta")
    s.apply("add @0 KS")
    assert s.melds[0][0].size == 8


def test_S0_C_wild_canasta_of_seven_wilds() -> None:
    """S0 [C]: "A wild Canasta = 7 Deuces or 7 Jokers or mixture totaling 7"; [D] 2,500."""
    s = setup(["2C 2D JK JK 2H 2S 2C 5C 6D", "4C", "4D", "4H"], melds=OPEN)
    s.apply("meld JK JK 2C")
    for c in ("2D", "2H", "2S", "2C"):
        s.apply(f"add @1 {c}")
    m = s.melds[0][1]
    assert m.type is MeldType.WILD and m.size == 7 and m.kind(RS) == "wild"
    assert RS.wild_canasta == 2500


@pytest.mark.parametrize(("run", "ok"), [("4H 5H 6H", True), ("TH JH QH", True), ("JH QH KH", True),
                                         ("QH KH AH", False)])
def test_S0_C_sequence_windows_T2(run: str, ok: bool) -> None:
    """S0 [C]: "7 cards ranked sequentially upwards from Four to Ten or Five to J or Six to Q or Seven to
    K. [No wild cards allowed]"; T2: one suit, and no 8-A window (Q-K-A fits no window)."""
    s = setup([run + " 5C 6D 8C", "4C", "4D", "4S"], melds=OPEN)
    if ok:
        s.apply("meld " + run)
        assert s.melds[0][1].type is MeldType.SEQUENCE
    else:
        check_refused(s, "meld " + run, "sequence_window", "does not fit")


def test_S0_C_run_is_one_suit_without_wilds() -> None:
    """S0 [C]: "A Run = the start of a sequence with a minimum of 3 cards. [No wild cards allowed]"; T2
    one suit."""
    s = setup(["5H 6H 7S 2C 7H 8C", "4C", "4D", "4S"], melds=OPEN)
    check_refused(s, "meld 5H 6H 7S", "mixed_ranks_or_run", "one suit")
    check_refused(s, "meld 5H 6H 2C", "mixed_ranks_or_run", "one rank")


# ------------------------------------------------------------------------------------ [F](i) red treys
def test_S0_F_i_c_red_trey_drawn_and_disclosed_at_once_earns_a_card() -> None:
    """S0 [F](i){c}: "either a dealt RED or picked up RED that is immediately disclosed then a further card
    may be taken in lieu from the stock pile"."""
    s = setup(["9C 9D 5C", "4C", "4D", "4H"], phase="draw", stock="3D 8C JC QC", melds=OPEN)
    s.apply("draw")  # 3D and 8C
    assert view(s, 0)["fresh_red_threes"] == 1
    s.apply("meld 3D")
    assert view(s, 0)["turn_state"]["replacement_draws"] == 1 and "draw" in legal(s)
    s.apply("draw")  # JC
    assert s.hn[0] == 3 + 2 - 1 + 1 and s.stock == [40]  # QC (face 40) left


def test_S0_F_i_c_red_trey_disclosed_later_earns_nothing() -> None:
    """S0 [F](i){c}: "or is disclosed later but then no extra stock pile card allowed. The option of an
    extra card ... can only be taken when a RED is either dealt or picked up and immediately disclosed"."""
    s = setup(["9C 9D 9H 5C 6D", "4C", "4D", "4H"], phase="draw", stock="3D 8C JC QC", melds=OPEN)
    play(s, "draw", "meld 9C 9D 9H")  # something else first: the red trey is no longer fresh
    s.apply("meld 3D")
    assert s.red3[0] == [5] and "draw" not in legal(s)
    check_refused(s, "draw", "already_drawn", "already drawn")
    # a red trey held from an earlier turn: disclosed without a card
    s = setup(["9C 9D 3H 5C", "4C", "4D", "4H"], melds=OPEN)
    s.apply("meld 3H")
    assert "draw" not in legal(s)


def test_S0_F_i_c_dealt_red_trey_disclosed_on_the_first_turn() -> None:
    """S0 [F](i){c}: a "dealt RED ... immediately disclosed" earns a further card: the engine lets the
    player disclose it after his first pick-up, before anything else."""
    rs = RS
    for seed in range(200):
        s = GameState.new(rs, seed=seed)
        seat = s.current
        if s.hk[seat][s.model.red3] and is_black_three(s.pile[-1]) is False:
            assert s.fresh3[seat] == s.hk[seat][s.model.red3]
            s.apply("draw")
            n = s.hn[seat]
            s.apply(next(a for a in legal(s) if a.startswith("meld 3") and len(a.split()) == 2))
            s.apply("draw")
            assert s.hn[seat] == n - 1 + 1
            return
    raise AssertionError("no dealt red trey")  # pragma: no cover


def test_S0_F_i_c_red_trey_discarded_freezes_the_pile() -> None:
    """S0 [F](i){c}: "placed on the discard pile (and hence acts as if discard pack is frozen)"; [H](ii)
    the next player cannot take it."""
    s = setup(["9C 3H 5C", "QC QD", "4D", "4H"], melds=OPEN, pile="QS")
    s.apply("discard 3H")
    assert s.pile_frozen and s.current == 1
    check_refused(s, "take QC QD", "red_three_on_top", "red three")


def test_S0_F_i_c_T8_red_trey_is_a_wild_in_every_respect() -> None:
    """S0 [F](i){c}: held, it "can be used either as if a wild card"; T8: a wild in every respect, value
    100, counting toward the wild cap (9C 9D 9H + 2C + 3H is full: a joker more is refused) and making a
    canasta mixed; with other wild cards it makes a wild meld."""
    s = setup(["9C 9D 9H 2C 3H JK 3D 5C 6D", "4C", "4D", "4H"], melds=OPEN)
    play(s, "meld 9C 9D 9H", "add @1 2C", "add @1 3H")
    assert s.melds[0][1].wilds == 2 and s.melds[0][1].naturals == 3
    check_refused(s, "add @1 JK", "wild_limit_max", "at most 2 wild")
    s2 = setup(["2C 3H JK 5C 6D", "4C", "4D", "4H"], melds=OPEN)
    s2.apply("meld JK 2C 3H")
    assert s2.melds[0][1].type is MeldType.WILD


@pytest.mark.parametrize(("hand", "cards", "opens"), [("KC KD 3H 9C", "KC KD 3H", False),
                                                     ("KC KD KH 9C", "KC KD KH", True)])
def test_S0_T8_red_trey_as_a_wild_makes_no_natural_meld_for_the_opening(hand: str, cards: str,
                                                                        opens: bool) -> None:
    """T8: a held red trey used as a wild card is a wild "in every respect", so KC KD 3H is no natural
    meld. It shows only with a house rule borrowing R 1.2's "the opening must include a natural meld of
    three" (opening_natural_meld): laying KC KD 3H with one card left (no pass, no canasta needed to go
    out, a minimum of 15 for a side below zero: KC KD = 20, treys count nothing, S0 [B]) would leave the
    side unable to open and to go out, so it is refused and not listed; KC KD KH opens and is listed."""
    house = {"opening_natural_meld": True, "pass_allowed": False, "go_out_canastas": 0,
             "go_out_sequence": False, "ask_partner": "none"}
    s = position_for({"preset": NAME, "overrides": house},  # type: ignore[arg-type]
                     [hand, "4C", "4D", "4H"], scores=[-100, 0])
    assert s.minimum[0] == 15
    assert (f"meld {cards}" in legal(s)) is opens
    if opens:
        s.apply(f"meld {cards}")
        assert s.opened[0] and legal(s) == ["discard 9C"]
    else:
        check_refused(s, f"meld {cards}", "keep_cards_opening", "not met its opening minimum of 15")


# ------------------------------------------------------------------------------------ scoring [D][E][F]
def _end_by_stock(s: GameState) -> None:
    """Seat 0 discards; the next player wants to draw from an empty stock: the hand ends (R 2.1)."""
    while not s.results:
        acts = legal(s)
        s.apply("draw" if "draw" in acts else next(a for a in acts if a.startswith("discard")))


@pytest.mark.parametrize(("n", "points"), [(1, 100), (2, 200), (3, 300), (4, 600), (5, 800), (6, 1000)])
def test_S0_F_i_a_red_trey_table(n: int, points: int) -> None:
    """S0 [F](i){a}: "each RED declared ... counts 100 points but if your partnership has 4 counts 600, 5
    counts 800, & 6 counts 1000 points" (so 1, 2, 3 = 100, 200, 300). With the going-out canastas (T7)."""
    reds = ["3H", "3D", "3H", "3D", "3H", "3D"][:n]
    s = setup(["5C 6D", "4C", "4D", "4H"], melds=TWO_CANASTAS, stock="",
              red_threes=[reds, [], [], []])
    _end_by_stock(s)
    assert s.results[0].sides[0].red_three_points == points


def test_S0_F_i_T7_red_treys_minus_without_the_going_out_canastas() -> None:
    """T7: red treys count minus when the side lacks the going-out canastas (Bolivia's rule, 100 each);
    the flag red3_negative = never makes them always plus. Two red treys, kings only on the table:
    -2 x 100 = -200; with the flag +200."""
    pos: dict[str, Any] = {"melds": OPEN, "stock": "", "red_threes": [["3H", "3D"], [], [], []]}
    s = setup(["5C 6D", "4C", "4D", "4H"], **pos)
    _end_by_stock(s)
    assert s.results[0].sides[0].red_three_points == -200
    s = position_for({"preset": NAME, "overrides": {"red3_negative": "never"}},  # type: ignore[arg-type]
                     ["5C 6D", "4C", "4D", "4H"], **pos)
    _end_by_stock(s)
    assert s.results[0].sides[0].red_three_points == 200


def test_S0_F_i_b_red_trey_concealed_in_hand_is_minus_100() -> None:
    """S0 [F](i){b}: "If at the end of a hand a player has a RED concealed then each counts 100 points
    each negative". Seat 2 (side 0) holds 3H 3D and 5C: -100 - 100 - 5 = -205."""
    s = setup(["5C 6D", "4C", "3H 3D 5C", "4H"], melds=OPEN, stock="")
    _end_by_stock(s)
    # side 0's hand: seat 0 after discarding 5C keeps 6D (5) + seat 2: 3H 3D 5C (-205) = -210, the
    # treys' -200 on the sheet's Penalties line (a fine), the cards' -10 in the count
    side = s.results[0].sides[0]
    assert (side.hand, side.threes_held) == (-5 - 5, -200)


def test_S0_F_ii_a_black_treys_in_hand_when_someone_goes_out() -> None:
    """S0 [F](ii){a}: "If one or more in your hand when your opponents or partner goes out, each counts 100
    points against you (maximum of 600) together with the other cards you still hold". Seat 1 holds 3S
    3C 9C: -100 - 100 - 10 = -210, and his partner (seat 3) 4H -5: -215 (six black treys exist in all, so
    600 is the most)."""
    s = setup(["QS QH 5C", "3S 3C 9C", "4D", "4H"], melds=TWO_CANASTAS, pile="QD")
    s.apply("ask")
    s.apply("yes")
    check_refused(s, "meld QS QH 5C", "mixed_ranks_or_run", "one rank")
    s2 = setup(["QS QH QD 5C", "3S 3C 9C", "4D", "4H"], melds=TWO_CANASTAS, pile="QC")
    play(s2, "ask", "yes", "meld QD QH QS", "discard 5C")
    res = s2.results[0]
    assert res.reason == "went_out" and (res.sides[1].hand, res.sides[1].threes_held) == (-10 - 5, -200)


def test_S0_F_ii_b_going_out_with_black_treys_melded_without_a_discard() -> None:
    """S0 [F](ii){b}: "if have 3, 4, 5, or 6 of them can be the last act without any discard and counts as
    per the REDs in (i)(a)"; T9: table value only (3 = 300), no face value."""
    s = setup(["3S 3C 3S", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes", "meld 3C 3S 3S")
    res = s.results[0]
    assert res.reason == "went_out" and res.out_seat == 0
    side = res.sides[0]
    assert side.black_threes == 300
    # sequence 1,500 + natural 500 = 2,000 bonus; table 4..10 = 5*4 + 10*3 = 50 and seven kings 70:
    # 120; going out 300; black treys 300; partner's hand (seat 2: 4D) -5:
    assert (side.canasta_bonus, side.table, side.going_out, side.hand) == (2000, 120, 300, -5)
    assert side.total == 2000 + 120 + 300 + 300 - 5 == 2715


def test_S0_F_ii_b_single_black_trey_as_the_last_discard() -> None:
    """S0 [F](ii){b}: "needs to be either a singleton last act as a throw away (discard) card"; two black
    treys cannot go out (they cannot be melded, and one would stay)."""
    s = setup(["9C 9D 9H 3S", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes", "meld 9C 9D 9H", "discard 3S")
    assert s.results[0].reason == "went_out"
    s = setup(["3S 3C", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes")
    check_refused(s, "meld 3S 3C", "black_three_min", "at least 3")


def test_S0_F_ii_b_melded_black_treys_are_the_last_act() -> None:
    """S0 [F](ii){b}: "if have 3, 4, 5, or 6 of them can be the last act without any discard": a card
    left after them (to discard) is refused; melded last, they go out."""
    s = setup(["3S 3C 3S 9C 9D 9H 5C", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes", "meld 9C 9D 9H")
    check_refused(s, "meld 3C 3S 3S", "black_three_last", "meld your other cards first")
    s = setup(["3S 3C 3S 9C 9D 9H", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes", "meld 9C 9D 9H", "meld 3C 3S 3S")
    assert s.results[0].reason == "went_out" and s.results[0].sides[0].black_threes == 300


def test_S0_F_ii_b_J_v_black_treys_and_a_stray_card_cannot_go_out_after_yes() -> None:
    """S0 [F](ii){b} with [J](v): melded black treys must be the last act, so five black treys and a 7D
    that fits no meld cannot go out (the treys cannot be followed by the discard of 7D, and 7D cannot be
    melded). Told "yes", the player is not held to going out: he discards and takes the -300.
    (Found by bots: the go-out check once said yes here, and no action was legal at all.)"""
    s = setup(["3C 3C 3S 3S 3S 7D", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes")
    assert not can_go_out(s)
    assert sorted(str(a) for a in s.legal_actions()) == ["discard 3C", "discard 7D"]
    check_refused(s, "meld 3C 3C 3S 3S 3S", "black_three_last", "meld your other cards first")
    s.apply("discard 7D")
    assert s.penalties[0] == RS.failed_go_out_penalty == 300


def test_S0_J_iii_going_out_puts_down_all_cards_less_one_discarded() -> None:
    """S0 [J](iii): "the player needs to put down all his / her cards less one which is the last act
    discard": melding the last card (no discard) is refused; melding all but one and discarding it goes
    out (the black-trey meld is the exception, tested under [F](ii){b})."""
    s = setup(["9C 9D 9H 9S", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes", "meld 9C 9D 9H")
    check_refused(s, "add @2 9S", "discard_needed", "keep a card")
    s = setup(["9C 9D 9H 5C", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes", "meld 9C 9D 9H", "discard 5C")
    assert s.results[0].reason == "went_out" and s.results[0].out_seat == 0


def test_S0_D_canasta_values_and_going_out_300() -> None:
    """S0 [D]: "WILD = 2500, SEQUENCE = 1500, NATURAL = 500, MIXED = 300", "The partnership going out
    receives 300"."""
    assert (RS.wild_canasta, RS.sequence_canasta, RS.natural_canasta, RS.mixed_canasta,
            RS.going_out_bonus) == (2500, 1500, 500, 300, 300)
    s = setup(["9C 9D 9H 5C", "4C", "4D", "4H"],
              melds=[["4H 5H 6H 7H 8H 9H TH", "QC QD QH QS QC 2C JK", "JK JK 2D 2H 2S 2C 2D"], []])
    play(s, "ask", "yes", "meld 9C 9D 9H", "discard 5C")
    side = s.results[0].sides[0]
    # bonuses 1,500 + 300 + 2,500 = 4,300. Table: the run 4..10 = 4 x 5 + 3 x 10 = 50; the queens
    # 5 x 10 + 2C 20 + JK 50 = 120; the wild canasta JK JK 100 + five deuces 100 = 200; nines 30:
    # 50 + 120 + 200 + 30 = 400. Partner's 4D: -5.
    assert side.canasta_bonus == 4300 and side.table == 400 and side.going_out == 300
    assert side.total == 4300 + 400 + 300 - 5


def test_S0_E_J_vi_nobody_out_table_minus_hands_no_300() -> None:
    """S0 [E](i) "Each card on the table counts ... less the points value of the cards left in your hand";
    [J](vi) "If neither partnership goes out then the disclosed scores on the table less any left in the
    hands count. [Neither partnership gets 300 points for going out]". Kings 30 - hands (6D 5 + 4D 5)."""
    s = setup(["5C 6D", "4C", "4D", "4H"], melds=OPEN, stock="")
    _end_by_stock(s)
    side = s.results[0].sides[0]
    assert s.results[0].reason == "stock_out" and side.going_out == 0
    assert side.table == 30 and side.hand == -10 and side.total == 20


# ------------------------------------------------------------------------------------ [G] lay-down
@pytest.mark.parametrize(("score", "need"), [(-5, 15), (0, 50), (2995, 50), (3000, 90), (5995, 90),
                                             (6000, 120), (8995, 120), (9000, 150), (14995, 150)])
def test_S0_G_i_lay_down_table(score: int, need: int) -> None:
    """S0 [G](i): "< 0000: 15; 0000 to < 3000: 50; > 2995 to < 6000: 90; > 5995 to < 9000: 120; > 8995:
    150". Scores are multiples of 5, so "> 2995" starts at 3,000, "> 5995" at 6,000, "> 8995" at 9,000."""
    assert RS.opening_minimum(score) == need
    s = setup(["5C 6D", "4C", "4D", "4H"], scores=[score, 0])
    assert s.minimum[0] == need


def test_S0_G_i_first_hand_is_50() -> None:
    """S0 [G](i): "(By definition, first hand = 50)"."""
    assert GameState.new(RS, seed=1).minimum == [50, 50]


def test_S0_G_i_d_complete_sequence_is_a_lay_down_whatever_its_points() -> None:
    """S0 [G](i){d}: "if any player can lay-down a complete seven card sequence (a Canasta) that although
    the individual card points value may not total the required minimum lay-down amount it counts as the
    required lay-down". At 3,000 the minimum is 90; 4H..TH is 4 x 5 + 3 x 10 = 50."""
    s = setup(["4H 5H 6H 7H 8H 9H TH 5C 6D", "4C", "4D", "4S"], scores=[3000, 0])
    play(s, "meld 4H 5H 6H", "add @0 7H", "add @0 8H", "add @0 9H")
    assert not s.opened[0] and s.turn.opening_points == 40
    check_refused(s, "discard 5C", "opening_short", "short of")
    s.apply("add @0 TH")
    assert s.opened[0] and s.turn.opening_points == 50
    s.apply("discard 5C")
    assert s.current == 1


# ------------------------------------------------------------------------------------ [H] the pack
def test_S0_H_i_black_trey_stops_the_next_player_only() -> None:
    """S0 [H](i): "If a BLACK TREY placed on top then discard pack cannot be picked-up by next player
    only"."""
    s = setup(["3S 9C 8D", "QC QD 5C", "4D 7C", "4H"], melds=[["QH QS QC"], ["QH QS QD"]], pile="QD")
    s.apply("discard 3S")
    check_refused(s, "take QC QD", "black_three_stop", "black three")
    play(s, "draw", "discard 5C")  # covered by the next discard: no longer stopped
    assert not s.pile_stopped()


def test_S0_H_ii_frozen_pack_needs_a_natural_pair() -> None:
    """S0 [H](ii): a wild card placed on top: "next player cannot pick-up the pack; and for all subsequent
    turns each player needs to have two of the like rank card ... [A like ranked card plus a wild card is
    not allowed]"."""
    s = setup(["2C 9C 8D", "QC 2D 5C 9S", "4D 7C", "QH QS"], melds=[["KC KD KH"], ["QD QH QS"]],
              pile="5H")
    s.apply("discard 2C")
    check_refused(s, "take @0", "wild_on_top", "wild card")
    play(s, "draw", "discard 5C")
    assert s.pile_frozen
    s2 = setup(["QD 2D 9C 8C", "4C", "4D", "4H"], melds=[["QH QS QC"], []], pile="2C QC",
               phase="draw")
    check_refused(s2, "take @0", "frozen", "two natural")
    check_refused(s2, "take QD 2D", "natural_cards", "natural cards")  # [A like card plus a wild ...]
    s3 = setup(["5S 5D 9C", "4C", "4D", "4H"], melds=[["KC KD KH"], []], pile="2C 5C",
               pile_frozen=True, phase="draw")
    s3.apply("take 5S 5D")
    assert s3.melds[0][1].rank == 5 and s3.hn[0] == 1 + 1  # 9C + the wild 2C from the pile


def test_S0_H_iii_unfrozen_top_card_onto_a_meld_but_not_a_canasta_T5() -> None:
    """S0 [H](iii): "the discard pack can be picked up if the previous player's discard can be added to any
    of the cards the partnership has exposed"; T5: not onto a completed canasta."""
    s = setup(["9C 8D 5C", "4C", "4D", "4H"], melds=[["KC KD KH"], []], pile="4S KS")
    s_phase_draw = setup(["9C 8D 5C", "4C", "4D", "4H"], melds=[["KC KD KH"], []], pile="4S KS",
                         phase="draw")
    s_phase_draw.apply("take @0")
    assert s_phase_draw.melds[0][0].size == 4 and s_phase_draw.hn[0] == 3 + 1
    assert s.phase is Phase.PLAY
    s = setup(["9C 8D 5C", "4C", "4D", "4H"], melds=[["KC KD KH KS KC KD KH"], []], pile="4S KS",
              phase="draw")
    check_refused(s, "take @0", "canasta_closed_top", "completed canasta")


def test_S0_H_iii_top_card_extends_a_run_never_starts_one() -> None:
    """S0 [H](iii): "the previous player's discard can be added to any of the cards the partnership has
    exposed" (a run too, [A](i) "onto a disclosed run") but a new meld from the pile is "a meld but not
    run"."""
    s = setup(["6H 7H 9C", "4C", "4D", "4S"], melds=[["KC KD KH", "5H 6H 7H"], []], pile="9D 8H",
              phase="draw")
    assert "take @1" in legal(s)
    check_refused(s, "take 6H 7H", "wrong_rank", "match the top card")
    s.apply("take @1")
    assert str(s.melds[0][1]) == "5H 6H 7H 8H" and s.hn[0] == 3 + 1


def test_S0_H_iii_the_pile_is_taken_with_natural_cards_from_hand() -> None:
    """S0 [H](iii): "to help make up the start of a canasta (a meld but not run) from one's [without any
    wild card] hand" (option pickup_hand_wilds, off here): the take names natural cards only; wild cards
    go on with add."""
    s = setup(["9C 9D 2C 5C", "4C", "4D", "4H"], melds=OPEN, pile="4S 9H", phase="draw")
    assert "take 9C 9D" in legal(s) and not any("2C" in a for a in legal(s) if a.startswith("take"))
    check_refused(s, "take 9C 9D 2C", "natural_cards", "natural cards")
    play(s, "take 9C 9D", "add @1 2C")
    assert s.melds[0][1].wilds == 1


def test_S0_H_T5_taking_before_laying_down_needs_a_pair_and_the_lay_down() -> None:
    """T5: before laying down, the pile is taken only with a natural pair and a qualifying lay-down (50 at
    the start: QC QD + the top QS = 30 is short; with AC AD AH shown first, 30 + 60 = 90)."""
    s = setup(["QC QD AC AD AH 5C", "4C", "4D", "4H"], pile="9D QS", phase="draw")
    check_refused(s, "take QC QD", "opening_minimum", "50")
    s.apply("meld AC AD AH")
    s.apply("take QC QD")
    assert s.opened[0] and s.turn.opening_points == 90


# ------------------------------------------------------------------------------------ [J] going out
def test_S0_J_i_two_canastas_one_a_sequence_T11() -> None:
    """S0 [J](i): "A partnership must have a minimum of two canasta one of which must be a sequence
    canasta"; T11: two sequences are fine."""
    s = setup(["9C 9D 9H 5C", "4C", "4D", "4H"], melds=[["KC KD KH KS KC KD KH",
                                                        "QC QD QH QS QC QD QH"], []])
    play(s, "ask", "yes", "meld 9C 9D 9H")
    check_refused(s, "discard 5C", "discard_out_sequence", "sequence canasta")
    s = setup(["9C 9D 9H 5C", "4C", "4D", "4H"], melds=[["4H 5H 6H 7H 8H 9H TH",
                                                        "7S 8S 9S TS JS QS KS"], []])
    play(s, "ask", "yes", "meld 9C 9D 9H", "discard 5C")
    assert s.results[0].reason == "went_out"


def test_S0_J_i_sequence_completed_while_going_out() -> None:
    """S0 [J](i): "or the ability to secure same in the process of going out"."""
    s = setup(["TH 9C 9D 9H 5C", "4C", "4D", "4S"], melds=[["4H 5H 6H 7H 8H 9H",
                                                           "KC KD KH KS KC KD KH"], []])
    play(s, "ask", "yes", "add @0 TH", "meld 9C 9D 9H", "discard 5C")
    assert s.results[0].reason == "went_out" and s.results[0].sides[0].going_out == 300


def test_S0_J_ii_must_ask_after_the_pick_up_and_before_any_disclosure() -> None:
    """S0 [J](ii): "A player wishing to go out must ask permission of his / her partner first. Asking can
    only take place after pick up and before any disclosure"."""
    s = setup(["9C 9D 9H 5C", "4C", "4D", "4H"], melds=TWO_CANASTAS, phase="draw", pile="QS 9S")
    check_refused(s, "ask", "ask_after_pickup", "after your pick-up")
    assert "ask" not in legal(s)
    s.apply("draw")
    assert "ask" in legal(s)
    s.apply("meld 9C 9D 9H")
    check_refused(s, "ask", "ask_after_showing", "before any card is shown")
    # without asking there is no going out
    s = setup(["9C 9D 9H 5C", "4C", "4D", "4H"], melds=TWO_CANASTAS)
    s.apply("meld 9C 9D 9H")
    check_refused(s, "discard 5C", "discard_out_ask_first", "ask your partner")


def test_S0_J_iv_a_no_ends_it_until_the_next_turn() -> None:
    """S0 [J](iv): "If any partner had said 'no' that would be the end of the matter (no discussion) until
    that player's next turn"."""
    s = setup(["9C 9D 9H 5C 6D", "4C 7C", "4D 7D", "4H 7H"], melds=TWO_CANASTAS, stock="8C 8D 8H 8S 6C 6S")
    play(s, "ask", "no")
    check_refused(s, "ask", "asked", "already asked")
    s.apply("meld 9C 9D 9H")
    s.apply("discard 5C")  # keeps 6D: not out
    assert s.current == 1 and not s.results


def test_S0_J_v_told_yes_but_cannot_go_out_minus_300() -> None:
    """S0 [J](v): "If one asks to go out and told OK but then finds cannot do so ... there is penalty of
    minus 300 points" (in software: he ends the turn without going out)."""
    s = setup(["9C 9D 5C 6D", "4C 7C", "4D 7D", "4H 7H"], melds=TWO_CANASTAS)
    play(s, "ask", "yes", "discard 5C")
    assert s.penalties[0] == 300 and view(s, 1)["penalties"] == [300, 0]


# ------------------------------------------------------------------------------------ [K] winning
def test_S0_K_i_only_the_side_going_out_at_15000_wins() -> None:
    """S0 [K](i): "The winning partnership is when one of the partnerships goes out and their resulting
    score reaches or exceeds 15,000 points. This ruling applies even if their opponents have a higher
    score"; [J](vii) going out below it "lives to fight another day"."""
    hands = ["9C 9D 9H 5C", "4C", "4D", "4H"]
    s = setup(hands, melds=TWO_CANASTAS, scores=[13000, 20000])
    play(s, "ask", "yes", "meld 9C 9D 9H", "discard 5C")
    assert s.is_over and s.winner == 0 and s.scores[0] < s.scores[1]
    s = setup(hands, melds=TWO_CANASTAS, scores=[10000, 20000])
    play(s, "ask", "yes", "meld 9C 9D 9H", "discard 5C")
    # 10,000 + 2,000 + 120 + 30 + 300 - 5 = 12,445 < 15,000: not over although side 1 has 20,000
    assert not s.is_over and s.scores[0] == 12445 and s.winner == -1


def test_S0_K_ii_moral_winner_when_the_stock_runs_out() -> None:
    """S0 [K](ii): "Should neither partnership have gone out when the stock pile is exhausted and a score
    ... exceeds 14,995 points then the partnership with the highest score is regarded as a moral winner";
    (iv) play goes on until a partnership goes out."""
    s = setup(["5C 6D", "4C", "4D", "4H"], melds=OPEN, stock="", scores=[15200, 14000])
    _end_by_stock(s)
    res = s.results[0]
    assert res.reason == "stock_out" and res.moral_winner == 0 and not s.is_over
    assert res.to_dict()["moral_winner"] == 0


def test_S0_rules_card_lists_every_option_with_an_S0_source() -> None:
    """Every option of the preset carries a source; the S0-specific ones cite S0 or a T-ruling."""
    from canasta.presets import preset_table
    table = preset_table(NAME)
    for key in ("first_turn_upcard", "red3_mode", "red3_wild", "black3_meld_scoring", "opening_minimums",
                "ask_after_pickup", "win_requires_going_out", "wild_ratio", "sequences"):
        assert table[key][1].startswith(("S0", "T")), (key, table[key][1])


# ------------------------------------------------------------------------------------ positions, records
def test_S0_position_carries_fresh_red_treys_and_the_turn_flags() -> None:
    """S0 [F](i){c} and [A](i): a position expresses the red treys that may still earn a further card,
    the replacement draws owed, the upcard lock and whether a card was shown (the asking window), and a
    position built from a view's public fields (plus the hidden cards) gives the same legal actions."""
    s = setup(["QC QD 5C", "4C", "4D", "4H"], phase="draw", pile="3H", stock="9C 9D 9H",
              first_turn=True)
    play(s, "upcard", "meld 3H")
    v = view(s, 0)
    assert v["turn_state"]["upcard_lock"] and v["turn_state"]["replacement_draws"] == 1
    again = position({"rules": NAME, "dealer": 3, "turn": 0, "phase": "play",
                      "hands": [" ".join(card_str(f) for f in s.hand_cards(x)) for x in range(4)],
                      "stock": "9D 9H", "red_threes": [["3H"], [], [], []], "turn_state": v["turn_state"]})
    assert [str(a) for a in again.legal_actions()] == legal(s)
    s2 = setup(["9C 3H 3D", "4C", "4D", "4H"], phase="draw", fresh_red_threes=[2, 0, 0, 0],
               melds=OPEN)
    assert view(s2, 0)["fresh_red_threes"] == 2 and view(s2, 1)["fresh_red_threes"] == 0
    with pytest.raises(RecordError, match="fresh_red_threes"):
        setup(["9C 3H", "4C", "4D", "4H"], fresh_red_threes=[2, 0, 0, 0])


def test_S0_record_replays_a_random_game() -> None:
    """A trey game record (with upcards, red treys and replacement draws) replays to the same game."""
    import random
    s = GameState.new(RS, seed=11)
    rng = random.Random(3)
    while len(s.results) < 2:
        s.apply(rng.choice(s.legal_actions()))
    text = GameRecord.of(s).to_json()
    again = GameRecord.from_json(text).replay()
    assert again.history() == s.history() and again.scores == s.scores
    assert again.results == s.results


def test_S0_bad_input_changes_nothing() -> None:
    """Refusals of the trey rules leave the state exactly as it was (checked by check_refused)."""
    s = setup(["QC QD 3H 5C", "4C", "4D", "4H"], melds=OPEN)
    check_refused(s, "draw", "already_drawn", "already drawn")        # no red trey just picked up
    check_refused(s, "upcard", "already_drawn", "already drawn")
    check_refused(s, "meld QC QD 3H 5C", "mixed_ranks_or_run", "one rank")
    with pytest.raises(RuleError, match="red3_wild"):
        rules("bolivia", red3_mode="lay", red3_wild=True)


# ------------------------------------------------------------------------------------ [G](i){a}{b}{c}
def _facility(hand: str, pile: str, turns: int, **kw: Any) -> GameState:
    """Side 1 laid down (seat 1) and has had ``turns`` more turns; side 0 (seat 0 to draw) has not."""
    return setup([hand, "4C 4D", "5D 6D", "7D 8D"], phase="draw", pile=pile,
                 melds=[[], ["KC KD KH"]], laydown_seats=[-1, 1], laydown_turns=[0, turns],
                 stock="9S 9S 8S 8S 6S 6S", **kw)


def test_S0_G_i_a_top_card_alone_with_a_pair_after_one_turn() -> None:
    """S0 [G](i){a}: after the other partnership has laid down and "the lay down player's next turn" has
    taken place, "If a player can achieve their required disclosed lay down figure by picking up the top
    ranking ... discard plus two (or more) of the same rank (to form a meld) [Not a run] from their hand
    then may do so immediately (without taking the remainder of the discards). A player so doing still has
    to discard one card." AH + AC AD = 60 >= 50."""
    s = _facility("AC AD 9C 5C", "4H 7S AH", turns=0)
    check_refused(s, "top AC AD", "no_facility", "another turn")
    s = _facility("AC AD 9C 5C", "4H 7S AH", turns=1)
    assert "top AC AD" in legal(s)
    check_refused(s, "top AC", "top_size", "two or more")
    check_refused(s, "top AC 9C", "top_wrong_rank", "two or more aces")
    s.apply("top AC AD")
    assert s.opened[0] and s.turn.opening_points == 60 and [str(m) for m in s.melds[0]] == ["AC AD AH"]
    assert [card_str(f) for f in s.pile] == ["4H", "7S"]  # the rest of the pile stays
    assert s.hn[0] == 2 and s.phase is Phase.PLAY
    s.apply("discard 5C")
    assert s.current == 1


def test_S0_G_i_a_short_of_the_lay_down_figure_is_refused() -> None:
    """S0 [G](i){a}: only if the player "can achieve their required disclosed lay down figure": 9H 9C 9D
    = 30 < 50."""
    s = _facility("9C 9D 5C 6C", "4H 9H", turns=1)
    check_refused(s, "top 9C 9D", "laydown_minimum", "50")


def test_S0_G_i_b_top_card_in_a_run_after_two_turns() -> None:
    """S0 [G](i){b}: "after two turns the top discard could be used as part of run": 7H 8H + the top 9H
    = 25, with the aces shown first (AC AD AS = 60) 85 >= 50; after only one turn it is refused."""
    s = _facility("7H 8H AC AD AS 5C", "4C 9H", turns=1)
    check_refused(s, "top 7H 8H", "top_wrong_rank", "two or more nines")
    # nor may lay-down melds be shown first: no top-card take could follow them
    check_refused(s, "meld AC AD AS", "draw_first_to_meld", "draw first")
    s = _facility("7H 8H AC AD AS 5C", "4C 9H", turns=2)
    play(s, "meld AC AD AS", "top 7H 8H")
    assert s.opened[0] and s.turn.opening_points == 85 and s.melds[0][1].type is MeldType.SEQUENCE


def test_S0_G_i_c_wild_top_card_after_three_turns() -> None:
    """S0 [G](i){c}: "after three turns the top discard to be used (considered) could be a wild card":
    JK + 9C 9D = 50 + 20 = 70 >= 50."""
    s = _facility("9C 9D 5C 6C", "4C JK", turns=2)
    check_refused(s, "top 9C 9D", "facility_turns", "three turns")
    s = _facility("9C 9D 5C 6C", "4C JK", turns=3)
    s.apply("top 9C 9D")
    assert s.opened[0] and s.melds[0][0].wilds == 1 and s.pile == [8]  # 4C stays


def test_S0_G_i_T12_turns_are_the_lay_down_players_own() -> None:
    """T12: "count the opponent lay-down player's own turns after the lay-down (1, 2, 3)"."""
    s = setup(["9C 9D 5C 6C 7C 8C", "AC AD AH 5S 6S 7S 8S", "5D 6D 7D 8D", "5H 6H 7H 8H"],
              phase="draw", turn=1, pile="QS", stock="4S 4S 4H 4H 4D 4D 4C 4C TC TC TD TD TH TH TS TS")
    play(s, "draw", "meld AC AD AH", "discard 5S")  # seat 1 lays down
    assert (s.laydown_seat[1], s.laydown_turns[1]) == (1, 0)
    play(s, "draw", "discard 5D", "draw", "discard 5H")
    assert s.facility_level(0) == 0  # seat 1 has not had another turn yet
    play(s, "draw", "discard 5C", "draw", "discard 6S")  # seat 1's next turn
    assert s.laydown_turns[1] == 1
    play(s, "draw", "discard 6D", "draw", "discard 6H")
    assert s.facility_level(0) == 1 and view(s, 0)["laydown_turns"] == [0, 1]


# ------------------------------------------------------------------------------------ [G](ii), [J](v)
def _draw_discard(s: GameState) -> None:
    s.apply("draw")
    s.apply(next(a for a in legal(s) if a.startswith("discard")))


def test_S0_G_ii_lay_down_abandoned_half_way_is_boxed_until_the_discard() -> None:
    """S0 [G](ii): "a player attempts to lay down but 'half way' through a disclosure discovers unable to
    achieve the lay down. The penalty is that the cards inadvertently disclosed are turned over and boxed
    ... These cards can only be picked up and placed back into the (sinful) player's hand after that
    player has next discarded" (in the engine: the player retracts a lay-down short of the figure; T13).
    9C 9D 9H = 30 < 50."""
    s = setup(["9C 9D 9H 5C 6D", "4C 7C", "4D 7D", "4H 7H"], stock="8C 8D 8H 8S 6C 6S")
    s.apply("meld 9C 9D 9H")
    check_refused(s, "discard 5C", "opening_short", "short of")
    s.apply("retract")
    assert s.melds[0] == [] and sorted(card_str(f) for f in s.boxed[0]) == ["9C", "9D", "9H"]
    assert s.hn[0] == 2 and view(s, 1)["boxed"][0] == "9C 9D 9H"  # boxed in front of him, known
    check_refused(s, "discard 9C", "not_in_hand", "do not hold")
    s.apply("discard 5C")
    assert s.boxed[0] == [] and s.hn[0] == 1 + 3  # back in the hand after the discard


def test_S0_J_v_shown_cards_boxed_for_two_further_turns() -> None:
    """S0 [J](v): "If one commences to go out and THEN finds unable to do so, all the cards disclosed up to
    that moment in time, are turned over ... and are un-usable again until that player has had two further
    turns", with the 300 penalty (T13). In the engine he finds it when he ends the turn without going out
    after the yes."""
    s = setup(["9C 9D 9H 5C 6D 7C", "4C 7S 8S 9S", "4D 7D 8D 9D", "4H 7H 8H 9H"], melds=TWO_CANASTAS,
              stock="5S 5S 6S 6S 8C 8C 6C 6C JC JC JD JD JH JH JS JS")
    play(s, "ask", "yes", "meld 9C 9D 9H", "discard 5C")
    assert s.penalties[0] == 300
    assert [str(m) for m in s.melds[0]] == ["4H 5H 6H 7H 8H 9H TH", "KC KC KD KD KH KH KS"]
    assert sorted(card_str(f) for f in s.boxed[0]) == ["9C", "9D", "9H"] and s.hn[0] == 2
    for _ in range(3):  # seats 1, 2, 3
        _draw_discard(s)
    play(s, "draw", "discard 6D")  # seat 0's first further turn: the nines stay boxed
    assert len(s.boxed[0]) == 3
    for _ in range(3):
        _draw_discard(s)
    s.apply("draw")
    check_refused(s, "meld 9C 9D 9H", "not_in_hand", "do not hold")
    s.apply("discard 7C")  # the end of his second further turn: back in the hand
    assert s.boxed[0] == [] and sum(s.hands[0][f] for f in (28, 29, 30)) == 3


def test_S0_J_v_boxed_cards_do_not_count_when_someone_goes_out() -> None:
    """S0 [J](v): "In the interim any player may go out in which case the turned over card points do NOT
    count either positive or negative but there is still the penalty of 300 points". Seat 1 goes out;
    side 0: seat 0 holds 6D (-5), seat 2 4D (-5), the boxed nines count nothing, penalty -300."""
    s = setup(["6D", "QS QH QD 5C", "4D", "4H"], turn=1, melds=[[], TWO_CANASTAS[0]],
              boxed=[["9C 9D 9H"], [], [], []], box_turns=[2, 0, 0, 0], penalties=[300, 0])
    play(s, "ask", "yes", "meld QD QH QS", "discard 5C")
    side = s.results[0].sides[0]
    assert side.hand == -10 and side.penalties == -300 and side.table == 0


def test_S0_J_v_red_trey_disclosed_after_the_yes_is_boxed_too() -> None:
    """S0 [J](v): "all the cards disclosed up to that moment in time, are turned over ... and are
    un-usable again until that player has had two further turns"; a red trey disclosed ([F](i)) after
    the "yes" is such a card. Seat 0 (3D laid before) is told yes, discloses 3H, melds the nines,
    then cannot go out (5C 6D 7C fit nothing) and discards: -300, and 3H goes into the box with the
    nines; the red treys laid are again those of the yes (3D). After his two further turns 3H is back
    in his hand as a held red trey (disclosed later, it earns no further card: [F](i){c})."""
    s = setup(["9C 9D 9H 3H 5C 6D 7C", "4C 7S 8S 9S", "4D 7D 8D 9D", "4H 7H 8H 9H"], melds=TWO_CANASTAS,
              red_threes=[["3D"], [], [], []], stock="5S 5S 6S 6S 8C 8C 6C 6C JC JC JD JD JH JH JS JS")
    play(s, "ask", "yes", "meld 3H", "meld 9C 9D 9H")
    assert [card_str(f) for f in s.red3[0]] == ["3D", "3H"]
    s.apply("discard 5C")
    assert s.penalties[0] == 300
    assert [card_str(f) for f in s.red3[0]] == ["3D"]
    assert sorted(card_str(f) for f in s.boxed[0]) == ["3H", "9C", "9D", "9H"] and s.hn[0] == 2
    assert [str(m) for m in s.melds[0]] == ["4H 5H 6H 7H 8H 9H TH", "KC KC KD KD KH KH KS"]
    v = view(s, 1)
    assert v["red_threes"][0] == "3D" and sorted(v["boxed"][0].split()) == ["3H", "9C", "9D", "9H"]
    boxing = [(e["what"], e["cards"]) for e in v["log"] if e["what"].startswith("box")]
    assert boxing == [("box", "9C 9D 9H"), ("box_red3", "3H")]
    for _ in range(3):  # seats 1, 2, 3
        _draw_discard(s)
    play(s, "draw", "discard 6D")  # seat 0's first further turn: still boxed
    assert len(s.boxed[0]) == 4
    for _ in range(3):
        _draw_discard(s)
    play(s, "draw", "discard 7C")  # the end of his second further turn: back in the hand
    assert s.boxed[0] == [] and s.hands[0][6] == 1 and s.fresh3[0] == 0  # 3H = face 6


def test_S0_J_v_boxed_red_trey_counts_nothing_when_someone_goes_out() -> None:
    """S0 [J](v): "In the interim any player may go out in which case the turned over card points do
    NOT count either positive or negative". A boxed red trey is neither laid (+100 each, [F](i)) nor
    held (-100, [F](i){b}). Seat 1 goes out; side 0 has laid 3D only and no melds, so its red treys
    count minus (T7): -100 for one; with the boxed 3H counted it would be -200 laid or -100 - 100
    held. Hands: 6D -5, 4D -5; penalty -300."""
    s = setup(["6D", "QS QH QD 5C", "4D", "4H"], turn=1, melds=[[], TWO_CANASTAS[0]],
              red_threes=[["3D"], [], [], []], boxed=[["3H 9C 9D 9H"], [], [], []],
              box_turns=[2, 0, 0, 0], penalties=[300, 0])
    play(s, "ask", "yes", "meld QD QH QS", "discard 5C")
    side = s.results[0].sides[0]
    assert side.red_three_points == -100 and side.hand == -10 and side.table == 0
    assert side.total == -100 - 10 - 300


def test_S0_J_v_boxed_red_trey_is_known_to_the_bots() -> None:
    """S0 [J](v): boxed cards were shown, so they are public; the bots' knowledge (bots/knowledge.py)
    reads the "box" / "box_red3" / "unbox" events: after seat 0's failure (3H and the nines boxed), seat
    1 counts 3 - 1 = 2 copies of 3H and of 9C unseen (three packs, one of each boxed), the side's
    melds as on the table, and seat 0's laid red treys as 3D alone; once they come back, seat 1 knows
    seat 0 holds 3H and the nines."""
    from canasta.bots.knowledge import analyse
    s = setup(["9C 9D 9H 3H 5C 6D 7C", "4C 7S 8S 9S", "4D 7D 8D 9D", "4H 7H 8H 9H"], melds=TWO_CANASTAS,
              red_threes=[["3D"], [], [], []], stock="5S 5S 6S 6S 8C 8C 6C 6C JC JC JD JD JH JH JS JS")
    play(s, "ask", "yes", "meld 3H", "meld 9C 9D 9H", "discard 5C")
    k = analyse(view(s, 1), RS)
    assert k.unseen[6] == 2 and k.unseen[28] == 2  # 3H, 9C
    assert k.red3[0] == [5]  # 3D
    assert [sorted(m.cards) for m in k.melds[0]] == [sorted(m.cards) for m in s.melds[0]]
    for _ in range(7):
        _draw_discard(s)
    play(s, "draw", "discard 7C")
    k = analyse(view(s, 1), RS)
    assert [k.known[0][f] for f in (6, 28, 29, 30)] == [1, 1, 1, 1]  # 3H 9C 9D 9H


def test_S0_J_v_a_position_holds_the_table_at_the_yes() -> None:
    """S0 [J](v) needs the table as it was at the "yes" (what was shown after it is boxed): the view's
    turn_state gives it ("table_at_yes": the side's melds, opened, the red treys laid), and a position
    built from the full information plus the view's public fields lists the same actions and boxes
    the same cards when the player then fails."""
    s = setup(["9C 9D 9H 3H 5C 6D 7C", "4C 7S 8S 9S", "4D 7D 8D 9D", "4H 7H 8H 9H"], melds=TWO_CANASTAS,
              red_threes=[["3D"], [], [], []], stock="5S 6S 8C")
    play(s, "ask", "yes", "meld 3H", "meld 9C 9D 9H")
    ts = view(s, 0)["turn_state"]
    assert ts["table_at_yes"] == {"melds": ["4H 5H 6H 7H 8H 9H TH", "KC KC KD KD KH KH KS"],
                                  "opened": True, "red_threes": 1}
    again = position({"rules": NAME, "dealer": 3, "turn": 0, "phase": "play", "stock": "5S 6S 8C",
                      "pile": "TC",
                      "hands": [" ".join(card_str(f) for f in s.hand_cards(x)) for x in range(4)],
                      "melds": [[str(m) for m in s.melds[0]], []], "red_threes": [["3D 3H"], [], [], []],
                      "asks": [1, 0, 0, 0], "answers": [1, 0, 0, 0], "turn_state": ts})
    assert [str(a) for a in again.legal_actions()] == legal(s)
    for x in (s, again):
        x.apply("discard 5C")
    assert again.boxed == s.boxed and again.red3 == s.red3 and again.penalties == s.penalties == [300, 0]
    assert [str(m) for m in again.melds[0]] == [str(m) for m in s.melds[0]]
    # without it (no table_at_yes) nothing would be boxed: the key is what carries the rule
    ts2 = {**ts, "table_at_yes": None}
    bare = position({"rules": NAME, "dealer": 3, "turn": 0, "phase": "play", "stock": "5S 6S 8C",
                     "hands": ["5C 6D 7C", "4C", "4D", "4H"], "melds": [TWO_CANASTAS[0], []],
                     "turn_state": ts2})
    bare.apply("discard 5C")
    assert bare.boxed[0] == [] and bare.penalties[0] == 300


@pytest.mark.parametrize(("at", "answer", "words"), [
    ({"melds": [], "opened": True, "red_threes": 0}, None, "goes with the answer"),
    ({"melds": [], "opened": True}, "yes", "must be an object with melds, opened and red_threes"),
    ({"melds": "KC KD KH", "opened": True, "red_threes": 0}, "yes", "melds must be a list"),
    ({"melds": ["QC QD QH"], "opened": True, "red_threes": 0}, "yes", "QC is not in the side's melds"),
    ({"melds": ["KC KD"], "opened": True, "red_threes": 0}, "yes", "a meld needs three cards"),
    ({"melds": [], "opened": True, "red_threes": 2}, "yes", "more than the red threes"),
    ({"melds": [], "opened": True, "red_threes": -1}, "yes", "at least 0"),
])
def test_S0_J_v_table_at_yes_bad_input(at: dict[str, Any], answer: str | None, words: str) -> None:
    """A position's turn_state "table_at_yes" (S0 [J](v)) is checked: it needs the answer yes, its
    three keys, melds whose cards are still on the side's table, and no more red treys than laid."""
    ts: dict[str, Any] = {"asked": True, "answer": answer, "table_at_yes": at}
    with pytest.raises(RecordError, match=words):
        setup(["5C 6D", "4C", "4D", "4H"], melds=OPEN, red_threes=[["3D"], [], [], []], turn_state=ts)


def test_S0_K_iii_pile_turned_over_to_continue() -> None:
    """S0 [K](iii): "some players agree before commencement that should the (ii) situation occur then the
    discard pile can in this instance only ... be turned over and continue until a partnership complies
    with (i) above or there is no discard pile left to be turned over" (option stock_out_turnover, off by
    default). The pile 5C 6D 7H turned over puts 5C on top: the draw takes 5C and 6D, 7H stays."""
    pos: dict[str, Any] = {"melds": OPEN, "stock": "", "pile": "5C 6D 7H", "phase": "draw",
                           "scores": [15200, 0]}
    rules_on = {"preset": NAME, "overrides": {"stock_out_turnover": True}}
    s = position_for(rules_on, ["9C", "4C", "4D", "4H"], **pos)  # type: ignore[arg-type]
    s.apply("draw")
    assert not s.results and s.pile == [] and [card_str(f) for f in s.stock] == ["7H"]
    assert sorted(card_str(f) for f in s.hand_cards(0)) == ["5C", "6D", "9C"]
    # off (the default): the hand ends, with a moral winner
    s = setup(["9C", "4C", "4D", "4H"], **pos)
    s.apply("draw")
    assert s.results[0].reason == "stock_out" and s.results[0].moral_winner == 0
    # on, but nobody at 15,000: the hand ends
    s = position_for(rules_on, ["9C", "4C", "4D", "4H"], **(pos | {"scores": [100, 0]}))  # type: ignore[arg-type]
    s.apply("draw")
    assert s.results and s.results[0].moral_winner == -1
