"""Rule tests for the ``spanish`` preset: S4 (spanish-classic.txt) sentence by sentence, with the
E-rulings (RULINGS.md section 3, "Spanish (S4)") and the classic-family rulings C1-C5 (section 5).

Every test names the S4 sentence or the ruling it checks. Expected values are computed by hand from
the sheet; the arithmetic is in the comments. Positions are built with ``position({...})``; seats 0 and
2 form side 0, seats 1 and 3 side 1 (four players).
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta import Action, GameState, IllegalAction, Phase, RecordError, RuleError, rules
from canasta.cards import is_black_three, is_red_three, is_wild, parse_card, parse_cards
from canasta.records import position
from canasta.views import view

# --------------------------------------------------------------------------- helpers

STOCK = "JC JD JH JS TC TD TH TS"


def pos(hands: list[str | None], **kw: Any) -> GameState:
    """A four-player spanish position; seat 0 to move in the draw phase unless told otherwise."""
    d: dict[str, Any] = {"rules": "spanish", "dealer": 3, "turn": 0, "phase": "draw", "stock": STOCK,
                         "pile": "4S", "hands": hands}
    d.update(kw)
    return position(d)


def spanish(**overrides: Any) -> dict[str, Any]:
    return {"preset": "spanish", "overrides": overrides}


def views(s: GameState) -> list[dict[str, Any]]:
    return [view(s, seat) for seat in range(s.rules.players)]


def check_refused(s: GameState, action: str, code: str, word: str) -> None:
    """``action`` is refused with ``code``, its message mentions ``word``, and nothing changed."""
    before = views(s)
    n = s.nactions
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert e.value.code == code, (e.value.code, e.value.message)
    assert word.lower() in e.value.message.lower(), e.value.message
    assert views(s) == before
    assert s.nactions == n


def play(s: GameState, *actions: str) -> None:
    for a in actions:
        s.apply(a)


def sig(s: GameState, a: Action) -> tuple[Any, ...]:
    return (a.op, tuple(sorted(s.model.kind_of[f] for f in a.cards)), a.meld)


def listed(s: GameState, text: str) -> bool:
    """The action (any faces of the same kinds) is among legal_actions()."""
    want = sig(s, Action.parse(text))
    return want in {sig(s, a) for a in s.legal_actions()}


def legal(s: GameState, text: str) -> None:
    assert s.why_illegal(Action.parse(text)) is None, s.why_illegal(Action.parse(text))
    assert listed(s, text)


def cards(text: str) -> list[int]:
    return parse_cards(text)


def value(s: GameState, text: str) -> int:
    return sum(s.rules.card_value(f) for f in cards(text))


def last(s: GameState) -> Any:
    assert s.results, "the hand has not ended"
    return s.results[-1]


def deal(seed: int, **overrides: Any) -> GameState:
    return GameState.new(rules("spanish", **overrides), seed=seed, dealer=0)


def first_seed(pred: Any, limit: int = 3000, **overrides: Any) -> tuple[int, GameState]:
    for k in range(limit):
        s = deal(k, **overrides)
        if pred(s):
            return k, s
    raise AssertionError("no seed found")


K7 = "KC KD KH KS KC KD KH"   # a natural canasta of kings: 7 x 10 = 70 on the table, 500 bonus


# --------------------------------------------------------------------------- deck, players, deal

def test_S4_deck_is_two_packs_with_two_jokers_each_108_cards() -> None:
    """S4: 'two packs of the so called POKER type, a total of 108 cards, 52 cards each, plus two
    jokers per pack'."""
    rs = rules("spanish")
    assert (rs.packs, rs.jokers_per_pack, rs.deck_size) == (2, 2, 108)
    s = deal(0)
    counts = [0] * 53
    every = [f for seat in range(4) for f in s.hand_cards(seat)] + s.stock + s.pile
    every += [f for r3 in s.red3 for f in r3]
    for f in every:
        counts[f] += 1
    assert len(every) == 108          # 2 x 52 + 2 x 2
    assert counts[52] == 4            # two jokers per pack
    assert all(counts[f] == 2 for f in range(52))


def test_S4_two_to_six_players() -> None:
    """S4: 'It can be played by two to six people'."""
    assert rules("spanish").player_counts == (2, 3, 4, 5, 6)
    for n in (2, 3, 4, 5, 6):
        assert rules("spanish", players=n).players == n
    for n in (1, 7):
        with pytest.raises(RuleError, match="players"):
            rules("spanish", players=n)


def test_S4_four_players_play_in_couples_partners_opposite() -> None:
    """S4: 'The one who took the following one, sits in front of him, thus one couple is formed'."""
    rs = rules("spanish")
    assert (rs.players, rs.team_size, rs.sides) == (4, 2, 2)
    s = deal(0)
    assert [s.partner(p) for p in range(4)] == [2, 3, 0, 1]
    assert [s.side_of(p) for p in range(4)] == [0, 1, 0, 1]


def test_S4_two_players_get_15_cards_draw_two_and_play_alone() -> None:
    """S4: 'For two: 15 cards are delt, instead of eleven'; E14: two players draw 2 (Classic)."""
    rs = rules("spanish", players=2)
    assert (rs.hand_size, rs.stock_draw, rs.team_size, rs.sides) == (15, 2, 1, 2)
    s = deal(1, players=2)
    first = 1
    assert s.current == first
    assert s.hn[first] == 15                         # replacements drawn at the start of his turn
    assert s.hn[0] + len(s.red3[0]) == 15
    assert s.partner(0) == -1 and s.partner(1) == -1
    # 108 - 2 x 15 - the pile, minus one card per red three the first player laid and replaced
    assert len(s.stock) == 108 - 30 - len(s.pile) - len(s.red3[first])
    # draw 2, by a position: 15 + 2 = 17
    p = position({"rules": spanish(players=2), "turn": 0, "hands": ["KC KD 5C", "QC QD 5D"],
                  "stock": "9C 9D 8C 8D", "pile": "4S"})
    p.apply("draw")
    assert p.hand_cards(0) == sorted(cards("KC KD 5C 9C 9D"))
    assert len(p.stock) == 2


def test_S4_two_players_need_one_canasta_by_default() -> None:
    """S4: 'in some cases, it's established that to quit, the player must do two Canastas': the
    preset (presets.py) keeps one canasta by default; two is a house option."""
    assert rules("spanish", players=2).go_out_canastas == 1
    assert rules("spanish", players=2, go_out_canastas=2).go_out_canastas == 2


def test_S4_three_players_get_13_cards_and_play_alone() -> None:
    """S4: 'For three: The three play independently and 13 cards are dealt'."""
    rs = rules("spanish", players=3)
    assert (rs.hand_size, rs.team_size, rs.sides) == (13, 1, 3)
    s = deal(2, players=3)
    assert s.hn[s.current] == 13
    for seat in range(3):
        assert s.hn[seat] + (0 if seat == s.current else len(s.red3[seat])) == 13
        assert s.partner(seat) == -1
        assert s.side_of(seat) == seat
    s.apply("draw")
    check_refused(s, "ask", "no_partner", "partner")


def test_presets_five_players_play_alone_with_11_cards() -> None:
    """presets.py (director's ruling, S4 silent): five players play alone with 11 cards."""
    rs = rules("spanish", players=5)
    assert (rs.hand_size, rs.team_size, rs.sides, rs.ask_partner) == (11, 1, 5, "none")
    s = deal(3, players=5)
    assert s.hn[s.current] == 11
    assert all(s.partner(p) == -1 for p in range(5))
    assert len(s.stock) == 108 - 55 - len(s.pile) - len(s.red3[s.current])


def test_presets_six_players_in_three_couples_with_11_cards() -> None:
    """presets.py (director's ruling; S4: 'four to six persons play in couples'): six players form
    three couples, partners opposite, 11 cards each."""
    rs = rules("spanish", players=6)
    assert (rs.hand_size, rs.team_size, rs.sides, rs.ask_partner) == (11, 2, 3, "first_binding")
    s = deal(4, players=6)
    assert [s.partner(p) for p in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [s.side_of(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    assert s.hn[s.current] == 11
    assert len(s.stock) == 108 - 66 - len(s.pile) - len(s.red3[s.current])


def test_S4_E2_four_players_eleven_cards_upcard_is_45th_card() -> None:
    """S4: 'Being four the players, the dealer deals eleven cards to each one of them ... he leaves an
    uncovered card'; the sheet says 'the 55th card'; E2: 4 x 11 = 44, so the upcard is the 45th."""
    def plain(s: GameState) -> bool:
        return len(s.pile) == 1 and not any(s.red3)

    _, s = first_seed(plain)
    assert s.hn == [11, 11, 11, 11]
    assert len(s.pile) == 1
    assert len(s.stock) == 108 - 44 - 1 == 63
    # any deal: hands of 11 (red threes laid beside them), pile, stock add up to 108
    for k in range(40):
        s = deal(k)
        assert sum(s.hn) + sum(len(r) for r in s.red3) + len(s.pile) + len(s.stock) == 108
        assert len(s.stock) == 63 - (len(s.pile) - 1) - len(s.red3[s.current])


# --------------------------------------------------------------------------- the upcard

def _upcard_class(f: int) -> str:
    if f == 52:
        return "joker"
    if f < 4:
        return "red two" if f % 4 in (1, 2) else "black two"
    if is_red_three(f):
        return "red three"
    if is_black_three(f):
        return "black three"
    return "natural"


def test_S4_E1_upcard_joker_two_or_red_three_is_covered_until_a_normal_card() -> None:
    """S4: 'If the card discovered to start the pool is a joker, a red two or a three, another card is
    taken from the lot and it's put on top of it ... until the discovered card is a normal one';
    E1: a joker, any two or a red three is covered; R 2.5: the pile is then frozen ('rewarded')."""
    found: dict[str, int] = {}
    for k in range(3000):
        s = deal(k)
        first = s.pile[0]
        for f in s.pile[:-1]:
            assert is_wild(f) or is_red_three(f)
        top = s.pile[-1]
        assert not is_wild(top) and not is_red_three(top)
        assert s.pile_frozen == (len(s.pile) > 1)
        if len(s.pile) > 1:
            found.setdefault(_upcard_class(first), k)
        if len(found) == 4:
            break
    assert set(found) == {"joker", "red two", "black two", "red three"}
    # the covered pile is frozen: shown as such, and no side may take it with a natural and a wild
    s = deal(found["joker"])
    assert all(v["pile"]["frozen"] for v in views(s))


def test_S4_E1_black_three_upcard_is_not_covered_and_stops_the_first_player() -> None:
    """E1: a black three upcard stays (acanomas: 'until a natural card or a black three shows');
    S4: black threes 'avoid the following player for taking the pool'."""
    _, s = first_seed(lambda s: is_black_three(s.pile[0]))
    assert len(s.pile) == 1
    assert not s.pile_frozen
    assert view(s, s.current)["pile"]["stopped"]
    check_refused(s, "take", "black_three_stop", "black three")


def test_S4_E1_covered_upcard_freezes_pile_even_for_an_opened_side() -> None:
    """S4 'The pool': 'If the pool is rewarded with a joker, or from the beginning, with a red three
    ... can be taken by two similar cards'; E1 the covered pile is frozen."""
    s = pos(["7C JK 7D 5C", "5D", "5H", "5S"], pile="3D 7H", melds=[["KC KD KH"], []])
    assert s.pile_frozen
    check_refused(s, "take 7C JK", "frozen", "frozen")
    legal(s, "take 7C 7D")


# --------------------------------------------------------------------------- red threes

def test_S4_red_threes_dealt_are_exposed_at_once_and_replaced_on_the_players_turn() -> None:
    """S4: 'each player must leave uncovered ... the red threes he might have, and when his turn comes
    to take a card from the lot, he will take as many as red threes he might have, plus another one'
    (red3_replace='turn')."""
    # dealer 0: seat 1 plays first, seat 2 second; find a deal where seat 2 was dealt a red three
    _, s = first_seed(lambda s: bool(s.red3[2]))
    assert rules("spanish").red3_replace == "turn"
    dealt = len(s.red3[2])
    assert s.hn[2] == 11 - dealt                     # exposed at once, not yet replaced
    assert all(not is_red_three(f) for seat in range(4) for f in s.hand_cards(seat))
    s.apply("draw")
    assert s.hn[2] == 11 - dealt                     # still waiting while seat 1 plays
    stock = len(s.stock)
    discard = next(a for a in s.legal_actions() if a.op.name == "DISCARD")
    s.apply(discard)
    assert s.current == 2
    # his turn: one card per red three is taken first (a red three among them is laid and replaced)
    assert s.hn[2] == 11
    assert stock - len(s.stock) == len(s.red3[2])
    stock, laid = len(s.stock), len(s.red3[2])
    s.apply("draw")                                   # ... plus the one he would have taken anyway
    assert s.hn[2] == 12
    assert stock - len(s.stock) == 1 + len(s.red3[2]) - laid


def test_S4_red_three_dealt_to_first_player_is_replaced_on_his_first_turn() -> None:
    """S4 'Red Threes': the replacements come 'when his turn comes': the first player's turn is the
    first turn of the hand, so he starts it with 11 cards, then draws his normal card."""
    _, s = first_seed(lambda s: bool(s.red3[1]))
    assert s.current == 1
    assert s.hn[1] == 11
    s.apply("draw")
    assert s.hn[1] == 12


def test_S4_red_three_drawn_during_play_is_laid_and_replaced() -> None:
    """S4: 'when receiving a red three, it will be left uncovered and take another card from the lot'."""
    s = pos(["KC KD 5C", "5D", "5H", "5S"], stock="3H 9C 8C")
    s.apply("draw")
    assert s.red3[0] == [parse_card("3H")]
    assert s.hand_cards(0) == sorted(cards("KC KD 5C 9C"))
    assert len(s.stock) == 1


def test_S4_red_threes_cannot_be_melded() -> None:
    """S4: 'You can not form columns or combinations with the red threes ... each player must leave
    uncovered, on the table by his side, the red threes': a red three never stays in a hand to be
    melded, so a position holding one there is refused, and no meld may contain one."""
    with pytest.raises(RecordError, match="red three"):
        pos(["3H 3D JK 5C 6C", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    with pytest.raises(RecordError, match="red threes cannot be melded"):
        pos(["JK 5C 6C", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], ["3H 3D JK"]])


def _out_position(red_threes: list[str], **kw: Any) -> GameState:
    """Side 0 (natural canasta of kings) goes out at once: seat 0 discards its last card."""
    d: dict[str, Any] = {"hands": ["5C", "4D", "4C", "4H"], "phase": "play",
                         "melds": [[K7], ["QC QD QH"]], "red_threes": red_threes}
    d.update(kw)
    s = pos(d.pop("hands"), **d)
    s.apply("discard 5C")
    assert last(s).reason == "went_out"
    return s


@pytest.mark.parametrize(("laid", "points"), [
    (["3H", "", "", ""], 100),
    (["3H", "", "3D", ""], 200),
    (["3H 3D", "", "3H", ""], 300),
    (["3H 3D", "", "3H 3D", ""], 800),               # the four red threes double: 800
])
def test_S4_red_threes_100_each_four_of_the_couple_800(laid: list[str], points: int) -> None:
    """S4: 'they will mean 100 points' each; 'If a player or a couple of players gather between them
    the four red threes, their value doubles to 800 points'. The partner's red threes count for the
    couple."""
    s = _out_position(laid)
    side = last(s).sides[0]
    assert side.red_three_points == points
    # 500 natural canasta + 70 table + 100 going out - 5 (4C in seat 2's hand) + red threes
    assert side.total == 500 + 70 + 100 - 5 + points


def test_S4_red_threes_positive_when_the_partner_opened() -> None:
    """S4: 'The values of the prizes are positive when one of the two players that form a couple has
    been able to show a set of good cards': seat 2's red three counts plus, seat 0 melded."""
    s = _out_position(["", "", "3H", ""])
    assert last(s).sides[0].red_three_points == 100


@pytest.mark.parametrize(("laid", "points"), [(["", "3H", "", ""], -100),
                                              (["", "3H 3D", "", "3H 3D"], -800)])
def test_S4_red_threes_negative_if_the_couple_never_opened(laid: list[str], points: int) -> None:
    """S4: 'If the game ends without one of the two been having been able to open ... all the prizes
    become negative'; 'If when closing the game the opponents have all the cards in the hand, both these
    and the prizes turn into negative points'."""
    s = _out_position(laid, melds=[[K7], []])
    side1 = last(s).sides[1]
    assert side1.red_three_points == points
    # side 1 holds 4D and 4H: -10; it has nothing on the table
    assert side1.table == 0
    assert side1.total == points - 10


# --------------------------------------------------------------------------- the opening minimum

@pytest.mark.parametrize(("score", "minimum"), [
    (-10, 15), (-1, 15),                             # E3: negative -> 15
    (0, 50), (1495, 50),
    (1500, 90), (2995, 90),
    (3000, 120), (4995, 120),
])
def test_S4_E3_opening_minimum_by_score(score: int, minimum: int) -> None:
    """S4 'PUNCTUATION': 'Between 0 and 1495 50 points - Between 1500 and 2995: 90 points - Between 3000
    and 4995: 120 points'; E3: a negative score needs 15."""
    assert rules("spanish").opening_minimum(score) == minimum
    s = pos(["5C", "5D", "5H", "5S"], scores=[score, 0])
    assert s.minimum == [minimum, 50]


def test_S4_E3_negative_score_opens_with_15() -> None:
    """E3: a couple with a negative score opens with 15: three fours, 3 x 5 = 15."""
    s = pos(["4C 4D 4H 9C 8C", "5D", "5H", "5S"], phase="play", scores=[-20, 0])
    s.apply("meld 4C 4D 4H")
    assert s.opened[0]
    s.apply("discard 9C")
    assert s.current == 1


def test_S4_opening_below_the_minimum_is_refused() -> None:
    """S4: 'it is necessary to uncover a game combining ... 50 points': at 0 points three kings (30)
    do not open; the turn cannot end on them."""
    s = pos(["KC KD KH 9C 8C", "5D", "5H", "5S"], phase="play")
    s.apply("meld KC KD KH")
    assert not s.opened[0]
    check_refused(s, "discard 9C", "opening_short", "minimum")


def test_S4_opening_minimum_only_for_the_first_opening_of_each_couple() -> None:
    """S4: 'The minimum punctuation necessary to open is only indispensable in the first opening of
    each couple': once seat 0 opened, his partner lays 15 points at 3,000+."""
    s = pos(["5C", "5D", "4C 4D 4H 9C 8C", "5S"], turn=2, phase="play", scores=[3000, 0],
            melds=[["AC AD AH 2C", "KC KD KH"], []])
    assert s.opened[0]
    s.apply("meld 4C 4D 4H")
    s.apply("discard 9C")
    assert s.current == 3


def test_S4_red_threes_do_not_count_for_the_opening() -> None:
    """S4: 'The following are not counted as positive points, the red threes we might have': three
    kings (30) with two red threes laid (200 of prizes) still do not open at 50."""
    s = pos(["KC KD KH 9C 8C", "5D", "5H", "5S"], phase="play", red_threes=[["3H 3D"], [], [], []])
    s.apply("meld KC KD KH")
    assert not s.opened[0]
    check_refused(s, "discard 9C", "opening_short", "minimum")


def test_S4_pile_below_the_top_card_does_not_count_for_the_opening() -> None:
    """S4: 'cards that reach a total of 50 points, including the discovered one, but not the ones
    below': four aces (80) under the top king do not help; KD KH + KC = 30 < 50."""
    s = pos(["KD KH 5C 6C", "5D", "5H", "5S"], pile="AC AD AH AS KC")
    check_refused(s, "take KD KH", "opening_minimum", "50")


def test_S4_top_card_counts_for_the_opening() -> None:
    """S4: 'including the discovered one': KD KH 2C from hand = 10 + 10 + 20 = 40 < 50, with the top
    KC (10) 50 >= 50: the take opens."""
    s = pos(["KD KH 2C 5C 6C", "5D", "5H", "5S"], pile="9H KC")
    legal(s, "take KD KH 2C")
    s.apply("take KD KH 2C")
    assert s.opened[0]
    assert s.melds[0][0].cards.count(parse_card("KC")) == 1


def test_S4_taken_top_card_must_be_shown_in_a_combination() -> None:
    """S4: 'If the pool has been taken, it is necessary to show physically a series of combining cards,
    amongst which must unavoidable figure then one taken from the pool'."""
    s = pos(["8D 8H 5C 6C", "5D", "5H", "5S"], pile="9H 4D 8C", melds=[["KC KD KH"], []])
    s.apply("take 8D 8H")
    meld = s.melds[0][1]
    assert sorted(meld.cards) == sorted(cards("8C 8D 8H"))
    assert s.hand_cards(0) == sorted(cards("5C 6C 9H 4D"))    # the rest of the pool goes to hand


# --------------------------------------------------------------------------- the sheet's opening examples

def test_S4_example_top_six_two_sixes_and_a_joker_open_at_50() -> None:
    """S4: 'If the uncovered card of the pool is a six and the game has not been opened yet, the pool
    can be taken with 2 sixes and a joker of 50': 6+6+6 = 15, + 50 = 65 >= 50."""
    s = pos(["6D 6H JK KC 5C", "5D", "5H", "5S"], pile="9C 6S")
    legal(s, "take 6D 6H JK")
    s.apply("take 6D 6H JK")
    assert s.opened[0]
    assert view(s, 0)["turn_state"]["opening_points"] == 65


def test_S4_example_top_six_two_sixes_and_two_deuces_open_at_50() -> None:
    """S4: '... or two sixes and two jokers of 20': 15 + 40 = 55 >= 50 (3 naturals, 2 wilds)."""
    s = pos(["6D 6H 2C 2D KC 5C", "5D", "5H", "5S"], pile="9C 6S")
    legal(s, "take 6D 6H 2C 2D")
    s.apply("take 6D 6H 2C 2D")
    assert s.opened[0]
    assert view(s, 0)["turn_state"]["opening_points"] == 55


def test_S4_example_top_six_two_sixes_and_one_deuce_are_short() -> None:
    """S4 (same example, one deuce fewer): 15 + 20 = 35 < 50: refused."""
    s = pos(["6D 6H 2C KC 5C", "5D", "5H", "5S"], pile="9C 6S")
    check_refused(s, "take 6D 6H 2C", "opening_minimum", "50")


def test_S4_example_over_1500_sixes_fives_and_aces_open_at_90() -> None:
    """S4: 'If there are more than 1500 points, the game can be opened and take the pool with two sixes,
    three fives and three aces, adding up then 60 points with the aces, 15 with the threes [fives] and
    15 of the two sixes plus the one who took the pool': 60 + 15 + 15 = 90 >= 90. The melds from hand
    are shown in the draw phase, then the pile is taken with the pair."""
    s = pos(["AC AD AH 5C 5D 5H 6D 6H KC QC", "4D", "4H", "4S"], pile="9C 6S", scores=[1500, 0])
    assert s.minimum[0] == 90
    s.apply("meld AC AD AH")
    s.apply("meld 5C 5D 5H")
    assert s.phase is Phase.DRAW
    legal(s, "take 6D 6H")
    s.apply("take 6D 6H")
    assert s.opened[0]
    assert view(s, 0)["turn_state"]["opening_points"] == 90


def test_S4_example_over_1500_one_ace_fewer_is_refused() -> None:
    """S4 (the 1,500 example with one ace fewer): two aces cannot be melded on their own (a meld is at
    least three cards), so only the fives (15) and the sixes (15) count: 30 < 90, refused."""
    s = pos(["AC AD 5C 5D 5H 6D 6H KC QC", "4D", "4H", "4S"], pile="9C 6S", scores=[1500, 0])
    check_refused(s, "meld AC AD", "meld_size", "three")
    s.apply("meld 5C 5D 5H")
    check_refused(s, "take 6D 6H", "opening_minimum", "90")


def test_S4_example_over_1500_without_the_fives_is_refused() -> None:
    """S4 (the 1,500 example without the fives): 60 + 15 = 75 < 90, refused."""
    s = pos(["AC AD AH 6D 6H KC QC", "4D", "4H", "4S"], pile="9C 6S", scores=[1600, 0])
    s.apply("meld AC AD AH")
    check_refused(s, "take 6D 6H", "opening_minimum", "90")


def test_S4_example_over_3000_two_sixes_two_jokers_and_a_deuce_open_at_120() -> None:
    """S4: 'If the opening were at 120 ... we would need the two sixes and two jokers of 50 plus another
    of 20': 6+6+6 = 15, + 50 + 50 = 115, + 20 = 135 >= 120; 3 naturals + 3 wilds is within the
    classic limits (E5/E6: at most 3 wilds, never more wilds than naturals)."""
    s = pos(["6D 6H JK JK 2C KC", "4D", "4H", "4S"], pile="9C 6S", scores=[3000, 0])
    assert s.minimum[0] == 120
    legal(s, "take 6D 6H JK JK 2C")
    s.apply("take 6D 6H JK JK 2C")
    assert s.opened[0]
    m = s.melds[0][0]
    assert (m.naturals, m.wilds) == (3, 3)
    assert view(s, 0)["turn_state"]["opening_points"] == 135


def test_S4_example_over_3000_one_joker_and_a_deuce_are_short() -> None:
    """S4 (the 120 example with one joker of 50 fewer): 15 + 50 + 20 = 85 < 120, refused."""
    s = pos(["6D 6H JK 2C KC", "4D", "4H", "4S"], pile="9C 6S", scores=[3500, 0])
    check_refused(s, "take 6D 6H JK 2C", "opening_minimum", "120")


@pytest.mark.parametrize("where", ["sixes", "aces", "nines"])
def test_S4_example_over_3000_aces_nines_a_ten_card_and_a_deuce(where: str) -> None:
    """S4: 'You can also open with three aces, three nines, and another card with a value of 10 points,
    plus a joker of 20 that can be put over the sixes, the aces or the nines'. A lone card cannot be
    melded, so the card of 10 is read as a fourth nine. Aces 60 + nines 30 + the fourth nine 10 + the
    sixes 6+6+6 = 15 + the deuce 20 = 135 >= 120, wherever the deuce goes."""
    s = pos(["AC AD AH 9C 9D 9H 9S 6D 6H 2C KC", "4D", "4H", "4S"], pile="TC 6S", scores=[3000, 0])
    s.apply("meld AC AD AH")
    if where == "aces":
        s.apply("add @0 2C")
    s.apply("meld 9C 9D 9H")
    s.apply("add @1 9S")
    if where == "nines":
        s.apply("add @1 2C")
    take = "take 6D 6H 2C" if where == "sixes" else "take 6D 6H"
    legal(s, take)
    s.apply(take)
    assert s.opened[0]
    assert view(s, 0)["turn_state"]["opening_points"] == 135


def test_S4_example_over_3000_aces_and_nines_without_the_extras_are_short() -> None:
    """S4 (the last 120 example without the card of 10 and the deuce): 60 + 30 + 15 = 105 < 120."""
    s = pos(["AC AD AH 9C 9D 9H 6D 6H KC", "4D", "4H", "4S"], pile="TC 6S", scores=[3000, 0])
    s.apply("meld AC AD AH")
    s.apply("meld 9C 9D 9H")
    check_refused(s, "take 6D 6H", "opening_minimum", "120")


# --------------------------------------------------------------------------- taking the pool

def test_S4_unopened_couple_needs_two_similar_cards() -> None:
    """S4 'The pool': '... is necessary to have two similar cards, if the game is still uncovered': one
    eight and a joker (10 + 50 + 10 = 70 points) do not take it for an unopened couple."""
    s = pos(["8D JK 5C 6C", "5D", "5H", "5S"], pile="9C 8S")
    check_refused(s, "take 8D JK", "frozen_unopened", "two natural")


def test_S4_opened_couple_takes_with_a_similar_card_and_a_joker() -> None:
    """S4: '... or a similar card and a joker, if the game is already open'."""
    s = pos(["8D JK 5C 6C", "5D", "5H", "5S"], pile="9C 8S", melds=[["KC KD KH"], []])
    legal(s, "take 8D JK")
    s.apply("take 8D JK")
    assert sorted(s.melds[0][1].cards) == sorted(cards("8S 8D JK"))


def test_S4_top_card_matching_a_meld_takes_the_pool_without_more() -> None:
    """S4: 'If the previous player has discarded a similar card to any of those that form the game
    already in the table, the pool can be taken, without more requisites by the following player'."""
    s = pos(["5C 6C", "5D", "5H", "5S"], pile="9C 8S", melds=[["8C 8D 8H"], []])
    legal(s, "take @0")
    s.apply("take @0")
    assert s.melds[0][0].size == 4
    assert s.hand_cards(0) == sorted(cards("5C 6C 9C"))


@pytest.mark.parametrize("meld", ["7C 7D 7H", "7C 7D 7H 7S 7C 7D 7H"], ids=["started", "finished"])
def test_S4_E15_top_seven_onto_a_started_or_finished_canasta_of_sevens(meld: str) -> None:
    """S4: 'if a Canasta of sevens has started or finished, and the previous player discards a seven,
    the pool can be taken'; E15 completed canastas may be extended."""
    s = pos(["5C 6C", "5D", "5H", "5S"], pile="9C 7S", melds=[[meld], []])
    legal(s, "take @0")
    s.apply("take @0")
    assert s.melds[0][0].size == len(cards(meld)) + 1


@pytest.mark.parametrize("prize", ["3H", "JK"])
def test_S4_rewarded_pool_needs_two_similar_cards_even_when_open(prize: str) -> None:
    """S4: 'The rewarded pool is the one that has one red three or a joker, and to win it, two similar
    cards are needed, even if the game is exposed'; C5: once taken the new pile is not frozen."""
    s = pos(["8C 8S JK 5C", "5D", "5H", "5S"], pile=f"{prize} 9C 8S", melds=[["8C 8D 8H"], []])
    assert s.pile_frozen
    check_refused(s, "take @0", "frozen", "frozen")
    check_refused(s, "take 8C JK @0", "frozen", "frozen")
    legal(s, "take 8C 8S @0")
    s.apply("take 8C 8S @0")
    assert s.pile == [] and not s.pile_frozen
    s.apply("discard 5C")
    assert not s.pile_frozen


def test_S4_thrown_joker_is_put_slantwise_and_freezes_the_pool() -> None:
    """S4: 'If the pool was not and a joker has been thrown, this one is put slantwise, thus the pool is
    for future throws, and can only be taken by two similar cards'; 'one can throw a poker [joker] of 20
    or 50, which also serves to avoid the opponent from taking the pool'."""
    s = pos(["JK 4C 4D 5C", "8C 4H 5D 6D", "8D 8H JK 6C", "7C 7D 7H 6H"], pile="4S",
            melds=[["KC KD KH"], ["QC QD QH"]], stock="9C 9D 9H 9S TC TD")
    play(s, "draw", "discard JK")
    assert s.pile_frozen
    check_refused(s, "take", "wild_on_top", "wild")        # seat 1: a joker on top cannot be taken
    play(s, "draw", "discard 8C")
    assert s.current == 2 and s.pile_frozen
    check_refused(s, "take 8D JK", "frozen", "frozen")
    legal(s, "take 8D 8H")
    s.apply("take 8D 8H")
    assert s.hand_cards(2) == sorted(cards("6C JK 4S JK"))


def test_S4_a_thrown_deuce_also_stops_and_freezes_the_pool() -> None:
    """S4: 'one can throw a poker of 20 ... which also serves to avoid the opponent from taking the
    pool'."""
    s = pos(["2C 4C 4D 5C", "8C 8S 5D 6D", "5H", "5S"], pile="8H", melds=[["KC KD KH"], ["QC QD QH"]])
    play(s, "draw", "discard 2C")
    assert s.pile_frozen
    check_refused(s, "take", "wild_on_top", "wild")


def test_S4_never_take_the_pool_with_two_jokers() -> None:
    """S4: 'You can not take any pool with two jokers nor with two black threes' (two jokers as the
    pair for a natural top card)."""
    s = pos(["JK JK 5C 6C", "5D", "5H", "5S"], pile="9C 8S", melds=[["8C 8D 8H"], []])
    check_refused(s, "take JK JK @0", "wilds_cannot_take", "wild")
    s = pos(["JK JK 5C 6C", "5D", "5H", "5S"], pile="9C 8S", melds=[["KC KD KH"], []])
    check_refused(s, "take JK JK", "wilds_cannot_take", "wild")


def test_S4_never_take_the_pool_with_two_jokers_on_a_joker() -> None:
    """S4: 'You can not take any pool with two jokers': a joker on top with two jokers in hand."""
    s = pos(["JK JK 5C 6C", "5D", "5H", "5S"], pile="9C 8S JK", melds=[["KC KD KH"], []])
    check_refused(s, "take JK JK", "wild_on_top", "wild")


def test_S4_never_take_the_pool_with_two_black_threes() -> None:
    """S4: 'You can not take any pool ... with two black threes'."""
    s = pos(["3C 3S 5C 6C", "5D", "5H", "5S"], pile="9C 3C", melds=[["KC KD KH"], []])
    check_refused(s, "take 3C 3S", "black_three_stop", "black three")


def test_S4_black_three_cover_lasts_only_one_throw() -> None:
    """S4: 'The effect as a cover card lasts only one throw, and when covered by the card the next
    player throws, it's value is annuled': stopped while on top, takeable after another discard."""
    s = pos(["8C 5C 6C 7C", "8D 8S QC QD", "5D", "5H"], pile="9C 8C 3S",
            melds=[["8D 8H 8S"], ["KC KD KH"]])
    assert view(s, 0)["pile"]["stopped"]
    check_refused(s, "take 8C @0", "black_three_stop", "black three")
    play(s, "draw", "discard 8C")
    assert s.current == 1 and not s.pile_frozen
    legal(s, "take 8D 8S")
    s.apply("take 8D 8S")
    assert parse_card("3S") in s.hand_cards(1)


def test_S4_discarded_black_three_stops_the_next_player() -> None:
    """S4 'Black Threes': 'they avoid the following player for taking the pool'."""
    s = pos(["3S 5C 6C 7C", "8D 8S QC QD", "5D", "5H"], pile="9C 8C",
            melds=[["KC KD KH"], ["8C 8H JK"]])
    play(s, "draw", "discard 3S")
    check_refused(s, "take 8D 8S @0", "black_three_stop", "black three")
    check_refused(s, "take", "black_three_stop", "black three")


def test_S4_only_the_top_of_the_pool_is_seen() -> None:
    """S4: 'It is not allowed to examine the cards that form the pool, and only the last one must be
    seen'; 'When the pile has few cards, they can be counted without uncovering them'; 'One can only ask
    the players how many cards they have got in the hand'."""
    s = pos(["5C 6C", "5D 6D 7D", "5H", "5S"], pile="AC AD 9C 8S")
    for seat in range(4):
        v = view(s, seat)
        assert v["pile"]["top"] == "8S"
        assert v["pile"]["size"] == 4
        assert "AC" not in str(v["pile"])
        assert v["stock"] == len(cards(STOCK))
        assert v["hand_counts"] == [2, 3, 1, 1]


# --------------------------------------------------------------------------- melds and canastas

def test_S4_meld_needs_three_cards() -> None:
    """S4: 'All the combinations exposed on the table have to be at least, of three cards'."""
    s = pos(["8C 8D 8H JK 9C 9D", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    check_refused(s, "meld 8C 8D", "meld_size", "three")


def test_S4_three_card_meld_holds_only_one_joker() -> None:
    """S4: '... of three cards, of which only one can be joker'."""
    s = pos(["8C JK JK 2C 9C 9D", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    check_refused(s, "meld 8C JK JK", "few_naturals", "natural")
    check_refused(s, "meld 8C JK 2C", "few_naturals", "natural")
    s = pos(["8C 8D JK 9C 9D", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    legal(s, "meld 8C 8D JK")


def test_S4_E5_E6_up_to_three_wilds_never_more_than_naturals() -> None:
    """S4: 'Passing this minimum of three cards, the jokers one wants can be added, up to three'; E5/E6:
    Classic, at most 3 wilds and never more wilds than naturals: 2 naturals + 3 wilds is refused."""
    s = pos(["8C 8D JK JK 2C 9C 9D", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    s.apply("meld 8C 8D JK")
    s.apply("add @1 JK")                               # 2 naturals, 2 wilds
    check_refused(s, "add @1 2C", "wild_limit_ratio", "more wild")  # 2 naturals, 3 wilds


def test_S4_E5_three_wilds_at_most_even_with_many_naturals() -> None:
    """S4: '... up to three'; 'a maximum of three jokers ... four cards of the same number and three
    jokers': 4 naturals + 3 wilds is a dirty canasta, a fourth wild is refused."""
    s = pos(["8C 8D 8H 8S JK JK 2C 2D 9C 9D", "5D", "5H", "5S"], phase="play",
            melds=[["KC KD KH"], []])
    play(s, "meld 8C 8D 8H", "add @1 JK", "add @1 JK", "add @1 2C")
    check_refused(s, "add @1 2D", "wild_limit_max", "at most 3")
    s.apply("add @1 8S")
    m = s.melds[0][1]
    assert (m.naturals, m.wilds, m.size) == (4, 3, 7)
    assert m.is_canasta(s.rules) and not m.is_natural()
    check_refused(s, "add @1 2D", "wild_limit_max", "at most 3")


def test_S4_partner_extends_the_meld_with_kings_and_up_to_three_jokers() -> None:
    """S4: 'If a player has shown a start of a game: Kings and a joker of 20, when the turn comes for
    his companion to play, he will be able to have as many Kings as he wants and up to a total of 3
    jokers'."""
    s = pos(["5C", "5D", "KC KD KH JK JK 2C 9C 9D", "5S"], turn=2, phase="play",
            melds=[["KS KS 2D"], []])
    play(s, "add @0 KC", "add @0 KD", "add @0 KH", "add @0 JK", "add @0 JK")
    assert (s.melds[0][0].naturals, s.melds[0][0].wilds) == (5, 3)
    check_refused(s, "add @0 2C", "wild_limit_max", "at most 3")


def test_C3_one_meld_per_rank() -> None:
    """C3: one meld per rank per side: another three eights go onto the side's meld of eights."""
    s = pos(["8C 8D 8S 9C 9D", "5D", "5H", "5S"], phase="play", melds=[["8H 8H 8S"], []])
    check_refused(s, "meld 8C 8D 8S", "one_meld_per_rank", "@0")


def test_S4_E15_completed_canasta_may_be_extended() -> None:
    """E15 (S4 silent): a completed canasta may be extended, with naturals and with wilds within the
    limit of 3 (a wild turns a clean canasta dirty)."""
    s = pos(["7S 2C 9C 9D", "5D", "5H", "5S"], phase="play", melds=[["7C 7D 7H 7S 7C 7D 7H"], []])
    s.apply("add @0 7S")
    assert s.melds[0][0].size == 8 and s.melds[0][0].is_natural()
    s.apply("add @0 2C")
    assert s.melds[0][0].size == 9 and not s.melds[0][0].is_natural()


def test_S4_canasta_shows_whether_it_is_clean_or_dirty() -> None:
    """S4: 'if the Canasta has been Clean, the above card is red. If it is Dirty, the card that marks it
    must be black': every seat sees which canastas are clean."""
    s = pos(["5C", "5D", "5H", "5S"], melds=[[K7, "QC QD QH QS QC QD JK"], []])
    for v in views(s):
        ms = v["melds"][0]
        assert [m["canasta"] for m in ms] == [True, True]
        assert [m["natural"] for m in ms] == [True, False]


def test_S4_completed_canasta_composition_cannot_be_examined() -> None:
    """S4: 'the Canasta or Canastas obtained are put in a visible place, but nobody, even the one who
    made it, can extend them again to see how they were formed, that is, to count the jokers that
    intervened in their formation': a view shows a completed dirty canasta as a dirty canasta of queens,
    not the wild cards in it."""
    s = pos(["5C", "5D", "5H", "5S"], melds=[[], ["QC QD QH QS QC 2D JK"]])
    for v in views(s):
        (m,) = v["melds"][1]
        assert m["canasta"] and not m["natural"]
        assert "JK" not in str(m) and "2D" not in str(m)


# --------------------------------------------------------------------------- card values and prizes

def test_S4_E4_card_values() -> None:
    """S4 'VALUES AND PRIZES': 'Yokers: 50 points each. Yokers two: 20 points. Aces: 20 points. From the
    King to number 8: 10 points'; E4: 7-4 = 5 and a black 3 = 5."""
    rs = rules("spanish")
    expect = {"JK": 50, "2C": 20, "2H": 20, "AS": 20, "KH": 10, "QC": 10, "JD": 10, "TS": 10,
              "9H": 10, "8C": 10, "7D": 5, "6S": 5, "5H": 5, "4C": 5, "3C": 5, "3S": 5}
    for text, v in expect.items():
        assert rs.card_value(parse_card(text)) == v, text


def test_S4_E4_cards_left_in_hand_count_negative() -> None:
    """S4: 'When every game ends, the cards that remain in the hands of the other players are negative';
    E4 values: seat 1 holds JK 2C AC QS 8C 7C 4C 3S = -(50+20+20+10+10+5+5+5) = -125, seat 3 holds
    QH = -10; side 1 has only its nines on the table (30)."""
    s = pos(["5C", "JK 2C AC QS 8C 7C 4C 3S", "4D", "QH"], phase="play",
            melds=[[K7], ["9C 9D 9H"]])
    s.apply("discard 5C")
    side1 = last(s).sides[1]
    assert side1.hand == -135
    assert side1.table == 30
    assert side1.total == 30 - 135


def test_S4_clean_canasta_500_dirty_canasta_300() -> None:
    """S4: 'For having Canasta Limpia: 500 points each. For having Canasta Sucia: 300 points'. Side 0
    goes out: clean kings (70) 500 + dirty queens (6 x 10 + JK 50 = 110) 300 + going out 100 - seat 2's
    4C 5 = 500 + 300 + 70 + 110 + 100 - 5 = 1,075."""
    s = pos(["5C", "4D", "4C", "4H"], phase="play", melds=[[K7, "QC QD QH QS QC QD JK"], []])
    s.apply("discard 5C")
    side0 = last(s).sides[0]
    assert (side0.natural_canastas, side0.mixed_canastas, side0.canasta_bonus) == (1, 1, 800)
    assert side0.total == 1075


def test_S4_scoring_example_prizes_1200() -> None:
    """S4 'POINTS': 'one Clean Canasta, 2 Dirty Canastas, 4 Aces and a joker of 20, 3 Kings and a red
    three ... Clean Canasta: 500 points, Dirty Canasta: 600 points, Red Three: 100 points, Total: 1.200'.
    Ranks chosen here: clean queens QQQQQQQ (70), dirty jacks JJJJJJ+JK (60 + 50 = 110), dirty tens
    TTTTT+2C+2D (50 + 40 = 90), aces AAAA+2H (80 + 20 = 100), kings KKK (30): table 70 + 110 + 90 +
    100 + 30 = 400. The opponents go out."""
    melds0 = ["QC QD QH QS QC QD QH", "JC JD JH JS JC JD JK", "TC TD TH TS TC 2C 2D",
              "AC AD AH AS 2H", "KC KD KH"]
    s = pos(["5C", "8C", "5D", "5H"], turn=1, phase="play", melds=[melds0, ["6C 6D 6H 6S 6C 6D 6H"]],
            red_threes=[["3D"], [], [], []], stock="8D 8H")
    s.apply("discard 8C")
    res = last(s)
    assert res.reason == "went_out" and res.out_seat == 1
    side0 = res.sides[0]
    assert side0.canasta_bonus == 500 + 600
    assert side0.red_three_points == 100
    assert side0.canasta_bonus + side0.red_three_points == 1200
    assert side0.table == 400
    assert side0.going_out == 0
    # 1,200 + 400 - 5 (5C) - 5 (5D) = 1,590
    assert side0.total == 1590


def test_S4_E12_scoring_example_1200_plus_320_minus_75_is_1445() -> None:
    """S4 'POINTS': '... 1200 positive points ... between all we have 320 positive points that together
    with the 1200 gives 1520 points ... cards left in the hand with a value of 75 points ... must
    discount from the 1520 points'; 1,520 - 75 = 1,445. E12: the example omits the closing bonus, so
    here the opponents go out. Table: clean sevens 7 x 5 = 35, dirty fives 5 x 5 + 2 deuces = 65,
    dirty nines 5 x 10 + 2 deuces = 90, aces 4 x 20 + a deuce = 100, kings 30: 35 + 65 + 90 + 100 + 30
    = 320. Hands of the couple: seat 0 JK (50), seat 2 QC QD 4C (25): 75."""
    melds0 = ["7C 7D 7H 7S 7C 7D 7H", "5C 5D 5H 5S 5C 2C 2D", "9C 9D 9H 9S 9C 2H 2S",
              "AC AD AH AS 2C", "KC KD KH"]
    s = pos(["JK", "8C", "QC QD 4C", "4D"], turn=1, phase="play",
            melds=[melds0, ["6C 6D 6H 6S 6C 6D 6H"]], red_threes=[["3H"], [], [], []])
    s.apply("discard 8C")
    res = last(s)
    side0 = res.sides[0]
    assert side0.canasta_bonus + side0.red_three_points == 1200
    assert side0.table == 320
    assert side0.hand == -75
    assert side0.going_out == 0
    assert side0.total == 1200 + 320 - 75 == 1445
    # the opponents: clean sixes 500 + 35 + going out 100 - 4D 5 = 630
    assert res.sides[1].total == 630
    assert s.scores == [1445, 630]


# --------------------------------------------------------------------------- going out

def test_S4_going_out_needs_a_canasta() -> None:
    """S4: 'The player that is in conditions to finish the game for already having a Canasta'; 'When
    Canasta has been formed, the game can be closed': without a canasta the last card may be neither
    discarded nor melded."""
    s = pos(["5C", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    check_refused(s, "discard 5C", "discard_out_canastas", "canasta")
    s = pos(["9C 9D 9H 5C", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    check_refused(s, "meld 9C 9D 9H", "keep_cards_canastas", "canasta")
    s = pos(["9C 9D 9H", "5D", "5H", "5S"], phase="play", melds=[["KC KD KH"], []])
    check_refused(s, "meld 9C 9D 9H", "cannot_go_out_canastas", "canasta")


def test_S4_going_out_with_a_discard_scores_100() -> None:
    """S4: 'For finishing a game: 100 points'; the partner's cards count minus. 500 + 70 + 100 - 5 (4C)
    = 665."""
    s = pos(["5C", "4D", "4C", "4H"], phase="play", melds=[[K7], []])
    s.apply("discard 5C")
    res = last(s)
    assert (res.reason, res.out_seat) == ("went_out", 0)
    assert res.sides[0].going_out == 100
    assert res.sides[0].total == 665


def test_S4_going_out_without_a_discard() -> None:
    """S4: 'After each throw, the one who has done it, is obliged to discard one card. He remains without
    the obligation to do it when he finishes': melding the last cards goes out. 500 + 70 + 30 (nines)
    + 100 - 5 = 695."""
    s = pos(["9C 9D 9H", "4D", "4C", "4H"], phase="play", melds=[[K7], []])
    s.apply("meld 9C 9D 9H")
    res = last(s)
    assert (res.reason, res.out_seat) == ("went_out", 0)
    assert res.sides[0].going_out == 100
    assert res.sides[0].total == 695


def test_S4_with_a_canasta_closing_is_optional() -> None:
    """S4: 'When Canasta has been formed, the game can be closed if wanted or when wanted': seat 0 could
    go out (meld the nines, discard 5C) but keeps playing."""
    s = pos(["9C 9D 9H 5C", "4D", "4C", "4H"], phase="play", melds=[[K7], []])
    s.apply("discard 5C")
    assert not s.results and s.current == 1
    assert s.hn[0] == 3


def test_S4_turn_ends_with_a_discard() -> None:
    """S4: 'After taking the uncovered card or covered one, the player is obliged to leave an uncovered
    card in the pool'."""
    s = pos(["9C 9D 5C", "4D", "4C", "4H"], melds=[["KC KD KH"], []])
    s.apply("draw")
    check_refused(s, "end", "no_end", "discard")
    check_refused(s, "draw", "already_drawn", "drawn")


def test_S4_E9_relance_opening_and_closing_at_once_scores_200_instead_of_100() -> None:
    """S4: 'if the closing is done uncovering all the cards at once, that is, opening and closing the
    game at the same time, the points are 200, for doing what is called Relance'; E9: the 200 replaces
    the 100. Seven kings and a discard: 500 + 70 + 200 - 5 (4C) = 765."""
    s = pos([K7, "4D", "4C", "4H"], stock="9C TC TD")
    play(s, "draw", "meld KC KD KH", "add @0 KS", "add @0 KC", "add @0 KD", "add @0 KH", "discard 9C")
    res = last(s)
    assert (res.reason, res.out_seat) == ("went_out", 0)
    side0 = res.sides[0]
    assert side0.concealed
    assert side0.going_out == 200
    assert side0.total == 765


def test_C1_relance_needs_no_opening_minimum() -> None:
    """C1: 'A concealed going out needs no initial-meld minimum' (Relance in S4): at 3,000 (minimum
    120) seven fours (35) go out at once. 500 + 35 + 200 - 5 = 730."""
    s = pos(["4C 4D 4H 4S 4C 4D 4H", "5D", "5C", "5H"], stock="9C TC TD", scores=[3000, 0])
    play(s, "draw", "meld 4C 4D 4H", "add @0 4S", "add @0 4C", "add @0 4D", "add @0 4H")
    s.apply("discard 9C")
    side0 = last(s).sides[0]
    assert side0.going_out == 200
    assert side0.total == 730


def test_E16_relance_needs_a_canasta_in_the_players_own_melds() -> None:
    """E16: Relance requires a canasta; C1: the player melds the whole hand in one turn 'including a
    complete canasta'. Seat 0 goes out on his partner's canasta with three nines: going out 100, not
    200. 500 + 70 + 30 + 100 - 5 = 695."""
    s = pos(["9C 9D 9H", "4D", "4C", "4H"], stock="5C TC TD", melds=[[K7], []],
            has_melded=[False, False, True, False])
    play(s, "draw", "meld 9C 9D 9H", "discard 5C")
    side0 = last(s).sides[0]
    assert not side0.concealed
    assert side0.going_out == 100
    assert side0.total == 695


def test_C1_no_relance_after_an_earlier_meld() -> None:
    """C1: Relance requires that the player 'has laid no meld earlier in the hand': seat 0 laid the
    nines earlier, now lays seven kings at once and goes out: 100. 500 + 70 + 30 + 100 - 5 = 695."""
    s = pos([K7, "4D", "4C", "4H"], stock="5C TC TD", melds=[["9C 9D 9H"], []],
            has_melded=[True, False, False, False])
    play(s, "draw", "meld KC KD KH", "add @1 KS", "add @1 KC", "add @1 KD", "add @1 KH", "discard 5C")
    side0 = last(s).sides[0]
    assert side0.going_out == 100
    assert side0.total == 695


def test_C1_no_relance_after_taking_the_pool() -> None:
    """C1: 'Taking the discard pile in that turn is allowed, but then it is not concealed'. Seat 0 takes
    the KC with six kings (a canasta at once, 70 >= 50) and discards: 500 + 70 + 100 - 5 = 665."""
    s = pos(["KD KH KS KC KD KH 5C", "4D", "4C", "4H"], pile="KC")
    play(s, "take KD KH KS KC KD KH", "discard 5C")
    side0 = last(s).sides[0]
    assert side0.going_out == 100
    assert side0.total == 665


@pytest.mark.parametrize("threes", ["3C 3S 3C", "3C 3S 3C 3S", "3C 3S JK"],
                         ids=["trio", "quartet", "two_and_a_joker"])
def test_S4_E7_black_threes_going_out(threes: str) -> None:
    """S4 'Black Threes': 'the player that finishes can put 3 black threes alongside the uncovered cards,
    combining a threesome or a quartet, or joining a yoker to two of them forming a threesome'; E7: the
    joker is allowed in S4 only. Melded black threes count their card value (5 each, joker 50); the
    acanomas 500 for four black threes is off by default (E7)."""
    assert rules("spanish").black3_four_bonus == 0
    s = pos([threes, "4D", "4C", "4H"], phase="play", melds=[[K7], []])
    legal(s, f"meld {threes}")
    s.apply(f"meld {threes}")
    res = last(s)
    assert (res.reason, res.out_seat) == ("went_out", 0)
    # 500 + 70 (kings) + the threes' meld + 100 - 5 (4C)
    assert res.sides[0].total == 500 + 70 + value(s, threes) + 100 - 5


@pytest.mark.parametrize(("hand", "meld", "code", "word"), [
    ("3C 3S 9C", "3C 3S", "black_three_min", "at least 3"),                # two black threes alone
    ("3C 3S 3C JK", "3C 3S 3C JK", "black_three_wild_pair", "only two"),  # a joker joins only two of them
    ("3C 3S JK JK", "3C 3S JK JK", "black_three_wild_pair", "only two"),  # one joker, not two
    ("3C 3S 3C 9C 9D", "3C 3S 3C", "black_three_last", "go out"),         # only when going out
], ids=["two_alone", "three_and_a_joker", "two_and_two_jokers", "not_going_out"])
def test_S4_E7_black_threes_other_combinations_refused(hand: str, meld: str, code: str, word: str) -> None:
    """S4 'Black Threes': 'They are no used for making Canastas'; only the three forms of going out
    (a trio, a quartet, two with a joker) are allowed, and only when going out."""
    s = pos([hand, "4D", "4C", "4H"], phase="play", melds=[[K7], []])
    check_refused(s, f"meld {meld}", code, word)


# --------------------------------------------------------------------------- asking the partner

def _ask_position(**kw: Any) -> GameState:
    return pos(["9C 9D 9H", "4C 4D 5C 5D", "6C 6D 7C 7D", "4H 4S 5H 5S"],
               melds=[[K7], ["QC QD QH"]], stock="TC TD TH TS JC JD JH JS 8C 8D", **kw)


def test_S4_C2_ask_partner_first_no_binds_second_no_may_be_overridden() -> None:
    """S4: 'can ask his partner once or various times if he should finish. But he is only obliged to take
    into account his partner's reply once, while in the second chance, if he wants, he can quit against
    his companion's will'; C2: at most once per turn; the first 'no' forbids going out that turn.
    Then 500 + 70 + 30 (nines) + 100 - 20 (6C 6D 7C 7D) = 680."""
    s = _ask_position()
    play(s, "draw", "ask")
    assert s.phase is Phase.ANSWER and s.actor == 2
    s.apply("no")
    check_refused(s, "ask", "asked", "already asked")
    check_refused(s, "meld 9C 9D 9H", "keep_cards_partner_no", "said no")
    s.apply("discard TC")
    play(s, "draw", "discard TD", "draw", "discard TH", "draw", "discard TS")
    assert s.current == 0
    play(s, "draw", "ask", "no")                       # the second answer, in a later turn
    s.apply("meld 9C 9D 9H")
    s.apply("discard JC")
    res = last(s)
    assert (res.reason, res.out_seat) == ("went_out", 0)
    assert res.sides[0].total == 680


def test_S4_after_a_first_no_he_may_go_out_in_a_later_turn_without_asking() -> None:
    """S4: '... only obliged to take into account his partner's reply once'; C2: the 'no' binds for the
    rest of that turn only."""
    s = _ask_position()
    play(s, "draw", "ask", "no", "discard TC")
    play(s, "draw", "discard TD", "draw", "discard TH", "draw", "discard TS")
    play(s, "draw", "meld 9C 9D 9H", "discard JC")
    assert last(s).out_seat == 0


def test_S4_may_go_out_without_asking() -> None:
    """S4: 'He can also close the game without previous consultation'."""
    s = _ask_position()
    play(s, "draw", "meld 9C 9D 9H", "discard TC")
    assert last(s).out_seat == 0
    assert last(s).sides[0].going_out == 100


def test_S4_yes_lets_him_go_out() -> None:
    """S4: 'the answer can only be YES or NO': after a yes he goes out."""
    s = _ask_position()
    play(s, "draw", "ask")
    check_refused(s, "discard TC", "answer_partner", "answer")
    play(s, "yes", "meld 9C 9D 9H", "discard TC")
    assert last(s).out_seat == 0


def test_S4_E11_failed_go_out_penalty_is_optional_100() -> None:
    """S4 'PENALTIES': 'For having asked permision to quit and not been able to do so ... 100 points';
    'The penalties are not obligatory ... leave their use only for the tournaments'; E11: off by
    default, failed_go_out_penalty=100 when on. Seat 0 is told yes but cannot go out (9C 9D 5C TC:
    the two nines make no meld); then side 1 (clean queens) goes out. Side 0: 500 + 70 - 25 (9C 9D 5C)
    - 20 (6C 6D 7C 7D) - 100 = 425; without the penalty 525."""
    assert rules("spanish").failed_go_out_penalty == 0
    assert rules("spanish").red3_hand_penalty == 0
    for penalty, total in ((100, 425), (0, 525)):
        rs = spanish(failed_go_out_penalty=penalty)
        s = pos(["9C 9D 5C", "4C 4D 4H", "6C 6D 7C 7D", "5H"], rules=rs,
                melds=[[K7], ["QC QD QH QS QC QD QH"]], stock="TC TD TH TS")
        play(s, "draw", "ask", "yes", "discard TC")
        assert s.penalties[0] == penalty
        play(s, "draw", "meld 4C 4D 4H", "discard TD")
        res = last(s)
        assert res.out_seat == 1
        assert res.sides[0].penalties == -penalty
        assert res.sides[0].total == total


# --------------------------------------------------------------------------- end of the stock

def _stock_end(hand1: str) -> GameState:
    return pos(["5C 6C 7C", hand1, "5D 6D 7D", "5H 6H 7H"], pile="8S",
               melds=[["KC KD KH"], ["QC QD QH"]], stock="9C")


def test_S4_end_of_stock_last_card_taker_must_discard_next_may_take_the_pool() -> None:
    """S4: 'A game also finishes when there are no cards left in the pile. The one that has taken the
    last one is obliged, if he doesn't close the game, to discard one card, being able then the following
    player to take the pool, and the one who does, will also have to discard a card if he doesn't
    complete the game ... the game ends when one of the players can not take the pool'."""
    s = _stock_end("9D 9H 4C 4D")
    s.apply("draw")
    assert s.stock == []
    check_refused(s, "end", "no_end", "discard")
    s.apply("discard 9C")
    assert s.current == 1 and not s.results
    check_refused(s, "draw", "stock_empty", "stock")
    legal(s, "take 9D 9H")
    s.apply("take 9D 9H")
    check_refused(s, "end", "no_end", "discard")
    s.apply("discard 8S")
    # seat 2 cannot take the 8S: the hand is over, nobody went out
    res = last(s)
    assert (res.reason, res.out_seat) == ("stock_out", -1)
    assert res.sides[0].going_out == res.sides[1].going_out == 0
    # side 0: kings 30 - (5C 6C 7C 5D 6D 7D = 30) = 0;
    # side 1: queens 30 + nines 30 - (4C 4D = 10) - (5H 6H 7H = 15) = 35
    assert res.totals == (0, 35)


def test_S4_end_of_stock_hand_ends_when_the_next_player_cannot_take_the_pool() -> None:
    """S4: '... In these cases the game ends when one of the players can not take the pool'."""
    s = _stock_end("4C 4D 5S 6S")
    play(s, "draw", "discard 9C")
    res = last(s)
    assert res.reason == "stock_out"
    # side 0: 30 - 30 = 0; side 1: 30 - (4C 4D 5S 6S = 20) - 15 = -5
    assert res.totals == (0, -5)


# --------------------------------------------------------------------------- the game

def test_S4_target_5000() -> None:
    """S4: 'the game ... finishes when the number of 5.000 points or more are reached'. From 4,400,
    going out with 665 (500 + 70 + 100 - 5) makes 5,065: the game is over and side 0 wins; from 4,300
    (4,965) it goes on with a new hand."""
    assert rules("spanish").target_score == 5000
    s = _out_position(["", "", "", ""], scores=[4400, 0])
    # side 1: queens 30 - 4D - 4H = 20
    assert s.scores == [5065, 20]
    assert s.is_over and s.winner == 0
    s = _out_position(["", "", "", ""], scores=[4300, 0])
    assert s.scores[0] == 4965
    assert not s.is_over and s.winner == -1 and s.hand_no == 1


def test_S4_C4_points_only_count_when_the_hand_ends_higher_total_wins() -> None:
    """S4: 'the points only count when the game ends ... While they don't, they run the risk that the
    opposition might surpass them'; C4: both sides over 5,000 in the same hand, the higher total wins.
    Side 0 (4,950, clean kings on the table) is not yet the winner; side 1 (4,900) goes out with two
    clean canastas, seat 3 keeping 4H: 1,000 + 70 + 35 + 100 - 5 = 1,200 -> 6,100; side 0:
    500 + 70 - 5 (5C) - 5 (4C) = 560 -> 5,510."""
    s = pos(["5C", "8C", "4C", "4H"], turn=1, phase="play", scores=[4950, 4900],
            melds=[[K7], ["QC QD QH QS QC QD QH", "6C 6D 6H 6S 6C 6D 6H"]])
    assert s.winner == -1 and not s.is_over
    s.apply("discard 8C")
    assert s.scores == [4950 + 560, 4900 + 1200]
    assert s.is_over and s.winner == 1


def test_the_game_over_line_agrees_with_whichever_side_won_in_spanish() -> None:
    """The end of a game names the winner as a side ("Nosotros", "Ellos", "Equipo 2") on the pages and
    a side ("nosotros", "ellos") in the terminal: a singular "ganó" before it read "ganó Ellos"; the
    sentence names the winners instead, right for every side."""
    from canasta.i18n import catalogue
    es = catalogue("es")
    for side in (es.text("side_us"), es.text("side_them"), es.text("side_n", n=2)):
        line = es.text("game_over", who=side)
        assert "ganó" not in line and side in line, line
    tui = es.text("tui.game_over", side=es.text("tui.them"), scores="1.035 – 150")
    assert "ganó" not in tui and "ellos" in tui, tui
    # a score sheet's side is a pair as often as one person: "Ana y Beto ganó" read wrong too
    for key in ("score_won", "cli.sheet_won"):
        assert es.text(key, name="Ana y Beto").startswith("Partida ganada por Ana y Beto"), key
    assert "ganada por Ana y Beto" in es.text("server.sheet_over", side="Ana y Beto")
