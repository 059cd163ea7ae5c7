"""Messages as a code and its data (canasta.messages): the typed data every language names."""

from __future__ import annotations

import pytest

from canasta.errors import IllegalAction
from canasta.messages import ENGLISH, Words, kind_of, render


def test_data_are_typed_by_their_keys_name() -> None:
    assert kind_of("card", "QH") == "card" and kind_of("top_card", "QH") == "card"
    assert kind_of("cards", ["QH"]) == "cards" and kind_of("held_cards", []) == "cards"
    assert kind_of("rank", 13) == "rank" and kind_of("pile_rank", 7) == "rank"
    assert kind_of("points", 1500) == "number"
    assert kind_of("flag", True) == "text" and kind_of("who", "Ann") == "text"


def test_cards_ranks_and_numbers_in_english() -> None:
    data = {"card": "TD", "cards": ["QH", "JK"], "rank": 14, "points": 15000}
    assert render("{card} {card:name}", data) == "10♦ ten of diamonds"
    assert render("{cards} / {cards:name}", data) == "Q♥ joker / queen of hearts joker"
    assert render("two natural {rank}, one {rank:one}", data) == "two natural aces, one ace"
    assert render("{points} points", data) == "15,000 points"


def test_a_pair_of_forms_is_chosen_by_n() -> None:
    forms = ("one card left", "{n} cards left")
    assert render(forms, {"n": 1}) == "one card left"
    assert render(forms, {"n": 0}) == "0 cards left"
    assert render(forms, {"n": 3}) == "3 cards left"


def test_another_language_names_the_same_data() -> None:
    spanish = Words(rank_one={13: "rey"}, rank_many={13: "reyes"},
                    suit_names=("tréboles", "diamantes", "corazones", "picas"),
                    card_name="{rank} de {suit}", joker="comodín",
                    number=lambda n: f"{n:,}".replace(",", "."))
    data = {"card": "KH", "rank": 13, "points": 15000}
    assert render("{card:name}: dos {rank}, {points}", data, spanish) == "rey de corazones: dos reyes, 15.000"
    assert render("{card:name}", {"card": "JK"}, spanish) == "comodín"
    assert ENGLISH.name("JK") == "joker"


def test_a_template_names_every_datum_it_uses() -> None:
    with pytest.raises(KeyError):
        render("{missing}", {})
    with pytest.raises(KeyError):
        render("{}", {})


def test_an_illegal_action_carries_its_data() -> None:
    e = IllegalAction("wrong_rank", "your cards must match the top card (Q♥); 7♠ does not",
                      {"top": "QH", "card": "7S"})
    assert e.code == "wrong_rank" and e.data == {"top": "QH", "card": "7S"}
    assert str(e) == e.message
    assert IllegalAction("x", "y").data == {}
