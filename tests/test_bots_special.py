"""The heuristic bot and the special rules of Trey Canasta (S0) and the American games (R 1.2, S3):
hand-built positions where the choice is real (issue 5: "it plays every preset's special rules
(treys, talons, special hands, 7s and aces) sensibly")."""

from __future__ import annotations

from typing import Any

from canasta import GameState
from canasta.actions import Action, Op
from canasta.cards import is_black_three, parse_cards
from canasta.goingout import can_go_out
from helpers import heuristic_choice, position_for

STOCK = " ".join(["4C", "4D", "5C", "5D", "6C", "6D", "8C", "8D", "9C", "9D"] * 2)  # 20 cards
AM_STOCK = "4C 4D 5C 5D 9D 9S TC TD QS QS 4H 5H 5S 4S 9C 8S 8S KH KH AS"  # 20 cards, two packs


def _pos(rules_name: str, hands: list[str], melds: list[list[str]], *, phase: str = "play",
         pile: str = "KC", stock: str = STOCK, **extra: Any) -> GameState:
    return position_for(rules_name, hands, melds=melds, phase=phase, pile=pile, stock=stock, **extra)


_decide = heuristic_choice


OTHERS = ["QC QD QH", "TH TS JD", "JH JS KD"]


# ------------------------------------------------------------------ Trey Canasta (S0)
def test_S0_Fi_c_red_trey_disclosed_at_once_then_the_further_card_drawn() -> None:
    """S0 [F](i){c}: a red trey just picked up may be disclosed at once "for a further card". The
    heuristic discloses it (``meld 3H``), then takes the further card (``draw``): hand 6 cards ->
    5 after the disclosure -> 6 with the further card."""
    s = _pos("trey-canasta", ["3H 7C 9H JC KS AD", *OTHERS], [["AC AD AH"], ["8C 8D 8H"]],
             fresh_red_threes=[1, 0, 0, 0])
    a, why = _decide(s)
    assert a == Action.parse("meld 3H"), why
    s.apply(a)
    assert s.hn[0] == 5  # 6 - 1 disclosed
    a, why = _decide(s)
    assert a == Action.parse("draw") and "further card" in why, why
    s.apply(a)
    assert s.hn[0] == 6  # 5 + 1 further card


def test_S0_T8_fresh_red_trey_held_as_a_wild_card_to_complete_a_canasta() -> None:
    """S0 [F](i){c} and T8: a red trey held is a wild card in every respect. With the side's kings
    one card short of a canasta (6 naturals) and no other wild card in hand, the heuristic keeps
    the fresh red trey as a wild card and completes the canasta with it (300 for a mixed canasta
    against 100 and a card for disclosing it)."""
    s = _pos("trey-canasta", ["3H 7C 9H JC 5S 6D", *OTHERS],
             [["KC KD KH KS KC KD", "AC AD AH"], ["8C 8D 8H"]], fresh_red_threes=[1, 0, 0, 0])
    assert Action.parse("meld 3H") in s.legal_actions()
    a, why = _decide(s)
    assert a == Action.parse("add @0 3H"), why


def test_S0_Hii_held_red_trey_discarded_to_freeze_a_big_pile() -> None:
    """S0 [H](ii), [F](i){c}: a red trey held may be discarded and freezes the pack. With ten cards
    in the unfrozen pile, the opponents laid down and the trey no longer fresh, the heuristic
    throws it."""
    s = _pos("trey-canasta", ["3H 7C 9H JC 5S", *OTHERS], [["AC AD AH"], ["8C 8D 8H"]],
             pile="4H 5H 6H 7H 9S TC JD QS KH 4S")
    assert not s.pile_frozen
    a, why = _decide(s)
    assert a == Action.parse("discard 3H"), why


def test_S0_Fii_black_treys_kept_when_three_can_go_out_single_one_thrown() -> None:
    """S0 [F](ii): three or more black treys go out as a meld (the last act); any held when someone
    goes out count 100 against. Holding three, the heuristic keeps them (no black-trey discard);
    holding one, it throws it (it also stops the next player, [H](i))."""
    s = _pos("trey-canasta", ["3C 3S 3C 7C 9H JD", *OTHERS], [["AC AD AH"], ["8C 8D 8H"]])
    a, why = _decide(s)
    assert a.op is Op.DISCARD and not is_black_three(a.cards[0]), why
    s = _pos("trey-canasta", ["3C 7C 9H JD 5S", *OTHERS], [["AC AD AH"], ["8C 8D 8H"]])
    a, why = _decide(s)
    assert a == Action.parse("discard 3C"), why


def test_S0_Gi_top_card_facility_makes_the_lay_down() -> None:
    """S0 [G](i){c}: before laying down, once an opponent's lay-down player has had his further
    turns, the top card alone (here a joker) may be taken with cards from hand as a lay-down meld.
    JK AC AD = 50 + 20 + 20 = 90 >= 50 (the minimum at 0 points): the heuristic takes it rather
    than drawing."""
    s = _pos("trey-canasta", ["AC AD 4H 6S 9D TC", *OTHERS], [[], ["8C 8D 8H"]], phase="draw",
             pile="5C JK")
    tops = [a for a in s.legal_actions() if a.op is Op.TOP]
    assert tops
    a, why = _decide(s)
    assert a.op is Op.TOP and sorted(a.cards) == sorted(parse_cards("AC AD")), why


def test_S0_Jii_asks_only_when_it_can_go_out() -> None:
    """S0 [J](ii): the player must ask his partner first, right after the pick-up. With the two
    canastas (one a sequence) and a hand that melds out but for one discard (KS onto the kings,
    9H to throw), the heuristic asks; with two odd cards (9H, 5S) it does not."""
    melds = [["KC KD KH KS KC KD KH", "4S 5S 6S 7S 8S 9S TS"], ["8C 8D 8H"]]
    s = _pos("trey-canasta", ["KS 9H", *OTHERS], melds)
    a, why = _decide(s)
    assert a.op is Op.ASK, why
    s = _pos("trey-canasta", ["KS 9H 5H", *OTHERS], melds)
    a, why = _decide(s)
    assert a.op is not Op.ASK, why


def test_S0_Ai_first_turn_upcard_taken_when_it_makes_a_meld() -> None:
    """S0 [A](i){a}: the first player may take the upcard with one stock card. A king upcard with
    two kings in hand is taken; a lone nine is not (two stock cards are worth more)."""
    hands = ["KC KD 4H 6S 9D TC", *OTHERS]
    s = _pos("trey-canasta", hands, [[], []], phase="draw", pile="KH", first_turn=True)
    assert Action.parse("upcard") in s.legal_actions()
    a, why = _decide(s)
    assert a == Action.parse("upcard"), why
    s = _pos("trey-canasta", hands, [[], []], phase="draw", pile="9H", first_turn=True)
    assert Action.parse("upcard") in s.legal_actions()
    a, why = _decide(s)
    assert a == Action.parse("draw"), why


# ------------------------------------------------------------------ American (R 1.2, S3)
def test_R12_F_special_hand_declared_when_listed() -> None:
    """R 1.2, S3 F: seven pairs without wild cards (2,500) are declared with the 14th card. The
    heuristic declares the hand as soon as the engine lists it."""
    s = _pos("american", ["4C 4D 5C 5D 6C 6D 8C 8D 9H 9S TC TD KC KD",
                          "QC QD QH", "TH TS JD", "JH JS KS"], [[], []],
             stock="AC AD AH JC JC 7C 7D 7H 4H 4S 5H 5S")
    assert any(a.op is Op.DECLARE for a in s.legal_actions())
    a, why = _decide(s)
    assert a.op is Op.DECLARE and a.meld == 0, why


def test_S3_G_sheds_a_third_ace_before_the_stock_ends() -> None:
    """S3 G: a player left with more than two 7s or aces when the hand ends loses 1,500. Holding
    three aces (no ace meld on the side) and a short stock (12 cards), the heuristic discards an
    ace rather than a safe odd card."""
    s = _pos("nvso-tournament", ["AC AD AH 9C JD KS", "QC QD QH", "TH TS JD", "JH JS KD"],
             [["8C 8D 8H"], ["6C 6D 6H"]], stock="4C 4D 5C 5D 9D 9S TC TD QS QS 4H 5H")
    a, why = _decide(s)
    assert a.op is Op.DISCARD and a.cards[0] // 4 == 12, why  # 12 = (14 - 2): an ace


def test_S3_G_no_meld_of_three_sevens() -> None:
    """S3 G, L: a meld of 7s left short of a canasta costs 2,500. With three 7s only the heuristic
    does not start one (the meld is legal); with five it does (two more to find)."""
    melds = [["8C 8D 8H"], ["6C 6D 6H"]]
    s = _pos("american", ["7C 7D 7H 9C JD KS", "QC QD QH", "TH TS JD", "JH JS KD"], melds,
             stock=AM_STOCK)
    assert any(a.op is Op.MELD and a.cards[0] // 4 == 5 for a in s.legal_actions())
    a, why = _decide(s)
    assert not (a.op is Op.MELD and a.cards[0] // 4 == 5), why  # 5 = (7 - 2): sevens
    s = _pos("american", ["7C 7D 7H 7S 7C 9C JD KS", "QC QD QH", "TH TS JD", "JH JS KD"], melds,
             stock=AM_STOCK)
    a, why = _decide(s)
    assert a.op is Op.MELD and a.cards[0] // 4 == 5, why


def test_S3_D_opening_needs_a_natural_meld_of_three() -> None:
    """S3 D: "at least one of the groupings must contain 3 naturals". Pairs with wild cards only
    (KK+JK 10+10+50, QQ+2 10+10+20, AA+2 20+20+20: 200 >= 125) cannot open: the heuristic lays
    nothing and discards."""
    s = _pos("american", ["KC KD QC QD AC AD JK 2C 2D 9H 5S", "JC JD JH", "TH TS JS", "4H 4S 6D"],
             [[], []], stock=AM_STOCK)
    assert any(a.op is Op.MELD for a in s.legal_actions())
    a, why = _decide(s)
    assert a.op is Op.DISCARD, why


def test_S0_Jii_red_trey_disclosed_and_further_card_drawn_before_asking() -> None:
    """S0 [F](i){c}, [J](ii): a fresh red trey is disclosed for its further card before the player
    asks (asking ends the right to the further card; a red trey shown is no lay-down, so the
    question may still follow). Ready to go out (KS onto the kings, 9H to throw) with a fresh 3H:
    ``meld 3H``, ``draw`` (KH), then ``ask``."""
    melds = [["KC KD KH KS KC KD KH", "4S 5S 6S 7S 8S 9S TS"], ["8C 8D 8H"]]
    s = _pos("trey-canasta", ["3H KS 9H", *OTHERS], melds, fresh_red_threes=[1, 0, 0, 0],
             stock="KH 4C 4D 5C 5D 6C 6D")
    for want in ("meld 3H", "draw"):
        a, why = _decide(s)
        assert a == Action.parse(want), why
        s.apply(a)
    assert s.hn[0] == 3  # 3 - 1 disclosed + 1 further card (KH, which goes onto the kings too)
    a, why = _decide(s)
    assert a.op is Op.ASK, why


def test_R12_unopened_side_shows_its_opening_then_takes_the_pile() -> None:
    """R 1.2 (and R 1.1 J): an unopened side takes the pile by first showing the rest of its
    opening from hand, then taking with a natural pair of the top card; the minimum is 125 at 0
    points and the pair and the top card count (R 1.2 / N7). Hand melds QQ+2 (10+10+20), JJ+2
    (10+10+20), TT+JK (10+10+50) = 150, with KK + top KH (10+10+10) = 180 >= 125: the heuristic
    lays melds before drawing (never a king) until the take is legal and then takes the pile
    (TT+JK 70 and one 40 already make 110 + 30 = 140 >= 125)."""
    s = _pos("american", ["QC QD JC JD TC TD JK 2C 2D KC KS 5S 9H", "QH QS 4S", "TH TS JS", "4H 5H 6D"],
             [[], ["6C 6D 6H"]], phase="draw", pile="4D 9C KH",
             stock="4C 4D 5C 5D 9D 9S 8H 8S QS 7C 7D 8C")
    assert s.minimum[0] == 125
    shown = 0
    a, why = _decide(s)
    while a.op is Op.MELD:
        assert not any(f // 4 == 11 for f in a.cards), why  # 11 = (13 - 2): kings
        s.apply(a)
        shown += 1
        a, why = _decide(s)
    assert 1 <= shown <= 3
    assert a.op is Op.TAKE and "pile" in why, why
    s.apply(a)
    assert s.opened[0]


def test_S3_dead_rank_is_the_safe_discard() -> None:
    """R 1.2 / S3 dead ranks: a canasta of nines closed at seven cards (melds stop at seven) makes
    nines dead for that side: it cannot take the pile with a nine. Holding 9C and KS, the
    heuristic throws the nine to the next player, whose side closed the nines, though a king looks
    as safe by the count (kings: 6 on the table + KS = 7 of 8 seen, 1 unseen; nines: 5 natural in
    the canasta + 9C = 6 of 8, 2 unseen)."""
    s = _pos("nvso-tournament", ["9C KS 5H 5S", "QC QD QH", "TH TS JD", "JH JS 4D"],
             [["8C 8D 8H"], ["9C 9D 9H 2C 2D 9S 9D", "KC KD KH KC KD KH"]], pile="4C",
             stock="4H 5C 5D TC TD QS QS 5H 4S 8S 8S AH AH")
    a, why = _decide(s)
    assert a == Action.parse("discard 9C"), why


def test_S0_Fii_b_black_treys_go_out_only_with_nothing_left_to_discard() -> None:
    """S0 [F](ii){b}: black treys are melded as the last act, with no discard after them. With the
    two canastas (one a sequence), 3C 3S 3C and KS (onto the kings) the hand melds out: the
    heuristic asks. With a further odd card (9H) it would have to discard it and keep the treys,
    so it does not ask."""
    melds = [["KC KD KH KS KC KD KH", "4S 5S 6S 7S 8S 9S TS"], ["8C 8D 8H"]]
    s = _pos("trey-canasta", ["3C 3S 3C KS", *OTHERS], melds)
    a, why = _decide(s)
    assert a.op is Op.ASK, why
    s.apply(a)
    s.apply("yes")
    assert can_go_out(s)
    while not s.results:  # the heuristic goes out: add @0 KS, meld 3C 3C 3S
        s.apply(_decide(s)[0])
    assert s.results[0].reason == "went_out" and s.results[0].out_seat == 0
    s = _pos("trey-canasta", ["3C 3S 3C KS 9H", *OTHERS], melds)
    t = s.clone()
    t.apply("ask")
    t.apply("yes")
    assert not can_go_out(t)
    a, why = _decide(s)
    assert a.op is not Op.ASK, why
