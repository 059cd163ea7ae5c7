"""Card faces, decks and the text notation.

A *face* is an ``int``: ``(rank - 2) * 4 + suit`` for the 52 suited faces (rank 2..14, ace = 14;
suits clubs, diamonds, hearts, spades = 0..3) and ``52`` for the joker. With two or three packs the
identical cards of a face are interchangeable, so hands and piles are counted by face.

Notation: a card is a rank then a suit, ``A K Q J T 9 8 7 6 5 4 3 2`` (``10`` is accepted for ``T``)
and ``C D H S`` (or ``♣ ♦ ♥ ♠``), and the joker is ``JK``. Card lists are separated by spaces
or commas: ``"KH TS 2C JK"``.

>>> format_cards(parse_cards("kh 10s 2c jk"))
'KH TS 2C JK'
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable, Sequence
from typing import Final

from .errors import NotationError

JOKER: Final = 52
NUM_FACES: Final = 53
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
              11: "J", 12: "Q", 13: "K", 14: "A"}
_CHAR_RANK = {c: r for r, c in RANK_CHARS.items()}
RANK_NAMES = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens", 9: "nines", 8: "eights",
              7: "sevens", 6: "sixes", 5: "fives", 4: "fours", 3: "threes", 2: "deuces"}
_SUIT_OF_CHAR = {c: i for i, c in enumerate(SUITS)} | {c: i for i, c in enumerate(SUIT_SYMBOLS)}


def face(rank: int, suit: int) -> int:
    """The face of ``rank`` (2..14) in ``suit`` (0..3)."""
    if not 2 <= rank <= 14 or not 0 <= suit <= 3:
        raise ValueError(f"no card of rank {rank} and suit {suit}")
    return (rank - 2) * 4 + suit


def rank_of(f: int) -> int:
    """Rank 2..14 of a suited face, 0 for the joker."""
    return 0 if f == JOKER else f // 4 + 2


def suit_of(f: int) -> int:
    """Suit 0..3 of a suited face, -1 for the joker."""
    return -1 if f == JOKER else f % 4


def is_red(f: int) -> bool:
    return f != JOKER and f % 4 in (1, 2)


def is_wild(f: int) -> bool:
    """Jokers and deuces are wild in every rule set we support."""
    return f == JOKER or f // 4 == 0


def is_red_three(f: int) -> bool:
    return f != JOKER and f // 4 == 1 and f % 4 in (1, 2)


def is_black_three(f: int) -> bool:
    return f != JOKER and f // 4 == 1 and f % 4 in (0, 3)


# is_wild and is_black_three by face: a look-up, not a call, where every card of a meld is asked
WILD_FACES: Final[tuple[bool, ...]] = tuple(is_wild(f) for f in range(NUM_FACES))
BLACK_THREE_FACES: Final[tuple[bool, ...]] = tuple(is_black_three(f) for f in range(NUM_FACES))


def is_natural(f: int) -> bool:
    """A card that can stand in a group or sequence: 4 up to ace."""
    return f != JOKER and f >= 8


def card_str(f: int) -> str:
    if f == JOKER:
        return "JK"
    if not 0 <= f < JOKER:
        raise NotationError(str(f), "not a card (card faces are 0 to 52)", "card_face")
    return RANK_CHARS[f // 4 + 2] + SUITS[f % 4]


def card_name(f: int) -> str:
    """The card as players write it, for plain-words text (hints, draws): ``7♥``, ``10♦``, ``K♠``,
    ``joker`` (``card_str`` is the notation: ``TD``, ``JK``)."""
    if f == JOKER:
        return "joker"
    rank = f // 4 + 2
    return ("10" if rank == 10 else RANK_CHARS[rank]) + SUIT_SYMBOLS[f % 4]


def card_symbol(f: int) -> str:
    """The face with a suit symbol, for people (``K♥``)."""
    if f == JOKER:
        return "🃏"
    return RANK_CHARS[f // 4 + 2] + SUIT_SYMBOLS[f % 4]


def parse_card(token: str | object) -> int:
    """Read one card; a bad token raises :class:`NotationError` saying what is wrong with it."""
    if not isinstance(token, str):
        raise NotationError(reprlib.repr(token), "a card is written as text, like KH", "card_text")
    t = token.strip().upper()
    if not t:
        raise NotationError(token, "empty card", "card_empty")
    if t in ("JK", "JO", "JOKER", "🃏"):
        return JOKER
    if len(t) < 2:
        raise NotationError(token, "a card is a rank and a suit (for example KH), or JK for a joker",
                            "card_shape")
    rank_part, suit_part = t[:-1], t[-1]
    if rank_part == "10":
        rank_part = "T"
    if rank_part not in _CHAR_RANK:
        raise NotationError(token, f"unknown rank {rank_part!r} (ranks are A K Q J T 9 8 7 6 5 4 3 2)",
                            "card_rank", {"rank_text": repr(rank_part)})
    if suit_part not in _SUIT_OF_CHAR:
        raise NotationError(token, f"unknown suit {suit_part!r} (suits are C D H S)", "card_suit",
                            {"suit_text": repr(suit_part)})
    return face(_CHAR_RANK[rank_part], _SUIT_OF_CHAR[suit_part])


_SPLIT = re.compile(r"[\s,]+")


def parse_cards(text: str | object) -> list[int]:
    """Read a card list such as ``"KH TS 2C JK"``; the empty string is the empty list."""
    if not isinstance(text, str):
        raise NotationError(reprlib.repr(text), "cards are written as text, like \"KH TS 2C\"",
                            "cards_notation")
    return [parse_card(tok) for tok in _SPLIT.split(text.strip()) if tok]


def card_list(cards: object) -> tuple[int, ...]:
    """Cards given as notation text (``"KH TS"``) or as card numbers (0 to 52), as numbers; anything
    else NotationError naming it. For the API's helpers that take a player's cards."""
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    if isinstance(cards, (list, tuple)):
        for f in cards:
            if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f <= JOKER:
                raise NotationError(reprlib.repr(f), "a card is a number from 0 to 52 (or notation text)",
                                    "card_number")
        return tuple(cards)
    raise NotationError(reprlib.repr(cards), "cards are notation text or a list of card numbers",
                        "cards_kind")


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(card_str(f) for f in cards)


def sort_key(f: int) -> tuple[int, int]:
    """Order for display: by rank (jokers last), then suit."""
    return (99, 0) if f == JOKER else (f // 4, f % 4)


def full_deck(packs: int, jokers_per_pack: int) -> list[int]:
    """Every card of ``packs`` packs, in face order."""
    deck: list[int] = []
    for f in range(JOKER):
        deck.extend([f] * packs)
    deck.extend([JOKER] * (packs * jokers_per_pack))
    return deck


def counts_of(cards: Iterable[int]) -> list[int]:
    c = [0] * NUM_FACES
    for f in cards:
        c[f] += 1
    return c


def cards_of(counts: Sequence[int]) -> list[int]:
    """Expand face counts into a sorted card list."""
    out: list[int] = []
    for f, n in enumerate(counts):
        if n:
            out.extend([f] * n)
    return out
