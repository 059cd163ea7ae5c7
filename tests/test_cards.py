"""Cards: faces, notation (every face, ``10``, lowercase, suit symbols), decks of N packs, card lists.

R 1.1: "108 cards (2x52 + 4 jokers)"; S4: "two packs ... a total of 108 cards ... plus two jokers per
pack"; Samba/Bolivia (R 1.3, 1.4): "162 cards (3x52 + 6 jokers)".
"""

from __future__ import annotations

from collections import Counter

import pytest

from canasta.cards import (
    JOKER,
    NUM_FACES,
    card_name,
    card_str,
    card_symbol,
    cards_of,
    counts_of,
    face,
    format_cards,
    full_deck,
    is_black_three,
    is_natural,
    is_red,
    is_red_three,
    is_wild,
    parse_card,
    parse_cards,
    rank_of,
    sort_key,
    suit_of,
)

RANKS = "23456789TJQKA"
SUITS = "CDHS"
ALL_NAMES = [r + s for r in RANKS for s in SUITS] + ["JK"]


def test_there_are_53_faces_and_the_joker_is_52() -> None:
    """Faces: (rank - 2) * 4 + suit for the 52 suited cards, 52 for the joker."""
    assert NUM_FACES == 53 and JOKER == 52
    assert face(2, 0) == 0          # 2C: (2-2)*4 + 0
    assert face(3, 2) == 6          # 3H: (3-2)*4 + 2
    assert face(10, 3) == 35        # TS: (10-2)*4 + 3
    assert face(14, 3) == 51        # AS: (14-2)*4 + 3
    with pytest.raises(ValueError):
        face(15, 0)
    with pytest.raises(ValueError):
        face(5, 4)


@pytest.mark.parametrize("f", range(NUM_FACES))
def test_every_face_round_trips_through_its_notation(f: int) -> None:
    name = card_str(f)
    assert name == ALL_NAMES[f]
    assert parse_card(name) == f
    assert parse_card(name.lower()) == f
    assert parse_card(f"  {name} ") == f
    assert parse_card(card_symbol(f)) == f


def test_notation_variants() -> None:
    """``10`` for T, lowercase, suit symbols, and the joker's spellings."""
    assert parse_card("10H") == parse_card("TH") == face(10, 2)
    assert parse_card("10s") == face(10, 3)
    assert parse_card("kh") == parse_card("Kh") == parse_card("kH") == face(13, 2)
    assert parse_card("Q♠") == face(12, 3)
    assert parse_card("A♣") == face(14, 0)
    assert parse_card("7♦") == face(7, 1)
    assert parse_card("10♥") == face(10, 2)
    for joker in ("JK", "jk", "Jo", "JOKER", "joker", "🃏"):
        assert parse_card(joker) == JOKER
    assert card_symbol(face(13, 2)) == "K♥"
    assert card_symbol(JOKER) == "🃏"
    # plain words (hints, draws): the ten as players write it, the joker by name, and read back
    faces = (face(10, 1), face(12, 3), face(2, 0), JOKER)
    assert [card_name(f) for f in faces] == ["10♦", "Q♠", "2♣", "joker"]
    assert all(parse_card(card_name(f)) == f for f in range(NUM_FACES))


def test_rank_suit_and_classes() -> None:
    """R 1.1: jokers and deuces are wild; red threes are bonus cards; black threes stop the pile;
    4 up to ace are naturals."""
    assert rank_of(JOKER) == 0 and suit_of(JOKER) == -1
    assert [rank_of(parse_card(n)) for n in ("2C", "3D", "TH", "JS", "QC", "KD", "AH")] == [
        2, 3, 10, 11, 12, 13, 14]
    assert [suit_of(parse_card(n)) for n in ("5C", "5D", "5H", "5S")] == [0, 1, 2, 3]
    wild = {n for n in ALL_NAMES if is_wild(parse_card(n))}
    assert wild == {"2C", "2D", "2H", "2S", "JK"}
    assert {n for n in ALL_NAMES if is_red_three(parse_card(n))} == {"3D", "3H"}
    assert {n for n in ALL_NAMES if is_black_three(parse_card(n))} == {"3C", "3S"}
    naturals = {n for n in ALL_NAMES if is_natural(parse_card(n))}
    assert len(naturals) == 11 * 4 and "4C" in naturals and "AS" in naturals
    assert not naturals & {"2C", "3D", "3C", "JK"}
    assert is_red(parse_card("KD")) and is_red(parse_card("KH"))
    assert not is_red(parse_card("KC")) and not is_red(parse_card("KS")) and not is_red(JOKER)


@pytest.mark.parametrize(("packs", "jokers", "size"), [
    (1, 2, 54),     # one pack: 52 + 2
    (2, 2, 108),    # R 1.1: 2 x 52 + 4 jokers
    (3, 2, 162),    # R 1.3: 3 x 52 + 6 jokers
    (2, 0, 104),
    (4, 1, 212),    # 4 x 52 + 4
])
def test_deck_of_n_packs(packs: int, jokers: int, size: int) -> None:
    deck = full_deck(packs, jokers)
    assert len(deck) == size
    count = Counter(deck)
    assert all(count[f] == packs for f in range(52))
    assert count[JOKER] == packs * jokers
    assert deck == sorted(deck)  # face order


def test_counts_and_cards_of() -> None:
    cards = parse_cards("KH KH 2C JK 5D")
    c = counts_of(cards)
    assert len(c) == 53 and sum(c) == 5
    assert c[face(13, 2)] == 2 and c[JOKER] == 1
    assert cards_of(c) == sorted(cards)
    assert counts_of(full_deck(2, 2)) == [2] * 52 + [4]


def test_parse_and_format_card_lists() -> None:
    assert parse_cards("") == []
    assert parse_cards("   ") == []
    assert parse_cards("KH TS 2C JK") == [face(13, 2), face(10, 3), face(2, 0), JOKER]
    assert parse_cards("kh, 10s,2c ,  jk") == parse_cards("KH TS 2C JK")
    assert parse_cards("KH\tQS\nJD") == [face(13, 2), face(12, 3), face(11, 1)]
    assert format_cards(parse_cards("kh 10s 2c jk")) == "KH TS 2C JK"
    assert format_cards([]) == ""
    everything = " ".join(ALL_NAMES)
    assert format_cards(parse_cards(everything)) == everything
    assert parse_cards(format_cards(range(NUM_FACES))) == list(range(NUM_FACES))


def test_sort_key_orders_by_rank_then_suit_jokers_last() -> None:
    cards = parse_cards("JK AS 2D KH 2C 4S KC")
    assert format_cards(sorted(cards, key=sort_key)) == "2C 2D 4S KC KH AS JK"


def test_card_str_refuses_non_faces() -> None:
    with pytest.raises(ValueError):
        card_str(53)
    with pytest.raises(ValueError):
        card_str(-1)
