"""The heuristic's opening in the American games (R 1.2, S3 D and J; issue 5): hand-built
positions at the high minimums (155 from 3,000 points, 180 from 5,000) where the opening plan of
``canasta.bots.opening`` opens and the earlier bot did not (it laid three melds and took them back,
left the aces out, or never counted a natural canasta)."""

from __future__ import annotations

from canasta import GameState
from canasta.actions import Op
from canasta.bots.heuristic import Heuristic, Obs
from canasta.bots.opening import plan_opening
from canasta.cards import is_wild, parse_cards
from canasta.views import view
from helpers import heuristic_choice, position_for

# 20 stock cards, none of the ranks the tests' hands hold in pairs
STOCK = "4C 4D 5C 5D 9D 9S 8H 8S 6H 6S 4H 5H 5S 4S 9C 8C 6C 6D 9H 8D"
OTHERS = ["7S 7D 7H", "TH TC 7C", "AH AS KH"]


def _turn(s: GameState, limit: int = 20) -> list[str]:
    """The heuristic's actions for seat 0 until its turn ends (the discard); their notations."""
    done: list[str] = []
    for _ in range(limit):
        a, _why = heuristic_choice(s)
        s.apply(a)
        done.append(str(a))
        if a.op is Op.DISCARD or s.current != 0:
            return done
    raise AssertionError(f"no discard: {done}")  # pragma: no cover


def _obs(s: GameState) -> Obs:
    return Obs.from_view(view(s, s.actor), s.rules)


def test_R12_S3_D_155_reached_with_two_wild_cards_on_one_pair() -> None:
    """R 1.2: 155 to open at 3,000 points (S3 D: "When a team reaches 3,000 points the meld
    requirement is 155"); S3 D: each grouping at least 3 cards, 2 natural, one grouping pure.
    Hand KKK, QQ, JJ, joker, two deuces: KKK 10+10+10 = 30, QQ+JK 10+10+50 = 70, JJ+2 10+10+20 =
    40 make 140 < 155; the second deuce on a pair (2 wilds with 2 naturals, R 1.2) makes 160 >= 155,
    on the kings it would spoil the one pure grouping. The earlier bot laid the 140 and took it
    back; the plan opens with the kings kept natural."""
    s = position_for("american", ["KC KD KS QC QD JK 2C 2D JH JS 5S 6C 8D TS", *OTHERS],
                     pile="4D 9C", stock=STOCK, scores=[3500, 0])
    assert s.minimum[0] == 155
    done = _turn(s)
    assert s.opened[0], done
    kings = [m for m in s.melds[0] if m.rank == 13]
    assert len(kings) == 1 and kings[0].wilds == 0  # the natural grouping of S3 D
    assert sum(s.model.value[f] for m in s.melds[0] for f in m.cards) == 160  # 30 + 70 + 40 + 20


def test_R12_G_aces_with_a_wild_card_in_the_opening() -> None:
    """R 1.2: aces take wild cards only in the initial meld, and only a pure ace meld left short
    costs 2,500 (R 1.2, S3 G: "incomplete 7s or pure-aces meld"). At 5,000 points the minimum is
    180 (R 1.2, N2). Hand 999 (30), AA + JK (20+20+50 = 90), KK + 2 (10+10+20 = 40), one more
    deuce (20): 30 + 90 + 40 + 20 = 180 >= 180. The earlier bot never melded a pair of aces and did
    not open; the plan does, the nines pure and no meld of aces without a wild card."""
    s = position_for("american", ["9C 9H 9S AC AD JK KC KD 2C 2D 5S 6C 8D TS", *OTHERS],
                     pile="4D 6H", stock=STOCK, scores=[5000, 0])
    assert s.minimum[0] == 180
    _turn(s)
    assert s.opened[0]
    aces = [m for m in s.melds[0] if m.rank == 14]
    nines = [m for m in s.melds[0] if m.rank == 9]
    assert len(aces) == 1 and aces[0].wilds >= 1
    assert nines[0].wilds == 0


def test_S3_D_natural_canasta_opens_whatever_its_points() -> None:
    """S3 D: "Should you have 7-sixes in your hand (for example) which would only total 35 points
    you can get on the board with this regardless, as it is a full natural canasta" (R 1.2 too).
    At 5,000 points (180 needed) the hand holds seven sixes (7 x 5 = 35): the plan lays them and
    the side opens. The earlier bot counted only the 35 points and discarded."""
    s = position_for("american", ["6C 6C 6D 6D 6H 6H 6S 9C JD KS", *OTHERS],
                     pile="4D 8H", stock="4C 4D 5C 5D 9D 9S 8H 8S 4H 5H 5S 4S 9H 8D",
                     scores=[5000, 0])
    assert s.minimum[0] == 180
    p = plan_opening(_obs(s))
    assert p is not None and p.canasta and p.points == 35  # 7 x 5
    _turn(s)
    assert s.opened[0]
    assert any(m.rank == 6 and len(m.cards) == 7 and not m.wilds for m in s.melds[0])


def test_R12_J_N7_shows_the_opening_then_takes_the_pile_with_the_pair() -> None:
    """R 1.2 with N7 (american: the top card and the pair count toward the opening; S3 J: the
    opening is shown first, then the pack taken). At 3,000 points 155 are needed. Top QH with QC
    QD in hand: 10 + 10 + 10 = 30; shown KKK (30) and AA + JK + 2 (20+20+50+20 = 110): 30 + 30 +
    110 = 170 >= 155. The hand alone could open too (KKK 30 + QQ+JK 70 + AA+2 60 = 160), but with
    six cards in the pile the take is worth more than the talon (``open_take_pile``). The earlier
    bot never counted the aces (30 + 30 + 70 on the kings = 130) and drew; the plan shows kings and
    aces before drawing, then takes the pile."""
    s = position_for("american", ["KC KD KS AC AD JK 2C QC QD 5S 6C 8D TS", *OTHERS],
                     phase="draw", pile="4D 9C 5H 8C JH QH", stock=STOCK, scores=[3000, 0])
    assert s.minimum[0] == 155
    assert not any(a.op is Op.TAKE for a in s.legal_actions())  # 30 alone: not 155
    assert plan_opening(_obs(s)) is not None  # 160 from hand alone
    shown = []
    a, why = heuristic_choice(s)
    while a.op in (Op.MELD, Op.ADD):
        assert not any(not is_wild(f) and f // 4 == 10 for f in a.cards), why  # 10 = 12 - 2: queens
        s.apply(a)
        shown.append(str(a))
        a, why = heuristic_choice(s)
    assert shown and a.op is Op.TAKE, (shown, why)
    s.apply(a)
    assert s.opened[0] and s.turn.took_pile


def test_S3_J_nvso_the_take_counts_nothing() -> None:
    """S3 J / N7 (nvso-tournament): the opening is made "WITHOUT using the discard card and the two
    he or she has in the hand". The first hand needs 125 (S3 B). The same shape as above with the
    aces as AA + JK only: KKK 30 + AA+JK 90 = 120 < 125, so no take can open: the plan finds none
    (with the queens counted it would be 120 + 30 = 150) and the bot draws."""
    s = position_for("nvso-tournament", ["KC KD KS AC AD JK QC QD 5S 6C 8D TS 9H", *OTHERS],
                     phase="draw", pile="4D 9C 5H 8C JH QH", stock=STOCK)
    assert s.minimum[0] == 125
    assert plan_opening(_obs(s), parse_cards("QH")[0]) is None
    a, why = heuristic_choice(s)
    assert a.op is Op.DRAW, why


def test_R12_unopened_keeps_high_cards() -> None:
    """R 1.2: 180 to open from 5,000: while its side is unopened the heuristic throws the
    5-point card before the 10-point one (it keeps what the opening can count); once open it
    throws the high card (it counts against the hand at the end)."""
    s = position_for("american", ["4D KS 9C 9D 9H JC JD", *OTHERS], pile="5C 8H", stock=STOCK,
                     scores=[5000, 0])
    h = Heuristic()
    o = _obs(s)
    assert h.discard_score(o, parse_cards("4D")[0])[0] > h.discard_score(o, parse_cards("KS")[0])[0]
    a, why = heuristic_choice(s)
    assert str(a) == "discard 4D", why
    s = position_for("american", ["4D KS 9C 9D 9H JC JD", *OTHERS], pile="5C 8H", stock=STOCK,
                     scores=[5000, 0], melds=[["QC QD QH"], []], opened=[True, False])
    o = _obs(s)
    assert h.discard_score(o, parse_cards("KS")[0])[0] > h.discard_score(o, parse_cards("4D")[0])[0]


def test_R12_rule_of_five_in_the_hand_plan_after_the_opening() -> None:
    """R 1.2: "After opening, a wild may be added only to a meld that already has 5 naturals";
    melds of 7s never take wilds. With the side open (8C 8D 8H on the table, three naturals) the
    hand QC QD JK 5S cannot lay QQ + joker (two naturals) nor put the joker on the eights: the
    hand plan leaves all four cards (the earlier plan melded QQ + JK and left one card, so the bot
    counted itself nearly out). With five eights on the table the joker goes onto them."""
    from canasta.bots.plan import plan_hand
    s = position_for("american", ["QC QD JK 5S", *OTHERS], melds=[["8C 8D 8H"], []],
                     opened=[True, False], stock=STOCK)
    p = plan_hand(_obs(s))
    assert not p.melds and sorted(p.left) == sorted(parse_cards("QC QD JK 5S"))
    s = position_for("american", ["QC QD JK 5S", *OTHERS], melds=[["8C 8D 8H 8S 8S"], []],
                     opened=[True, False], stock=STOCK.replace("8S ", ""))
    p = plan_hand(_obs(s))
    assert parse_cards("JK")[0] in p.adds and len(p.left) == 3  # QC QD 5S


def test_R12_D_small_pile_opens_from_hand_for_the_talon() -> None:
    """R 1.2: the talon (4 cards to the first side to open, 3 to the second) comes only with an
    opening from hand, none when opening by taking the pack (S3 J). The hand of the take test
    above opens by itself (160 >= 155); with two cards in the pile (fewer than ``open_take_pile``)
    the heuristic draws rather than show its melds for the pile."""
    s = position_for("american", ["KC KD KS AC AD JK 2C QC QD 5S 6C 8D TS", *OTHERS],
                     phase="draw", pile="4D QH", stock=STOCK, scores=[3000, 0])
    a, why = heuristic_choice(s)
    assert a.op is Op.DRAW, why


def test_R12_S3_G_sevens_never_take_a_wild_card_in_the_opening() -> None:
    """R 1.2, S3 G: "Melds of 7s never take wilds", and a pure meld of 7s left short costs 2,500.
    Hand KKK (30), 77, QQ, joker, deuce at 155: 77 + JK would make 30 + 60 = 90 more, but the
    plan may not use it; QQ + JK + 2 (10+10+50+20 = 90) and KKK 30 make 120 < 155, so there is
    no opening and no meld of 7s."""
    s = position_for("american", ["KC KD KS 7C 7D QC QD JK 2C 5S 6C 8D TS 9H", *OTHERS],
                     stock=STOCK, scores=[3000, 0])
    assert plan_opening(_obs(s)) is None
    a, why = heuristic_choice(s)
    assert a.op is Op.DISCARD and a.cards[0] // 4 != 5, why  # 5 = 7 - 2: the 7s stay (a pair)
