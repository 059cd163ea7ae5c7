"""Messages as a code and its data, and the words that make them a sentence in one language.

Nothing below the interfaces builds a sentence: a refusal (or a hint, or an event) is a *code* and
a dict of *data*, ``("wrong_rank", {"top": "QH", "card": "7S"})``, and the sentence is made where a
person reads it, from the catalogue of their language. The English templates of the engine's codes
live with the engine, so that a Python user reads English (``str(IllegalAction(...))``) with no
catalogue installed; the interfaces (server, terminal, command line) render the same code and data
through a catalogue of the reader's language with :func:`render` and a :class:`Words` of theirs.

The data are JSON-ready, and typed by their key's name, so that every language can name them:

- ``card`` or ``*_card``: a card in notation (``"QH"``, ``"JK"``); ``{card}`` is ``Q♥``,
  ``{card:name}`` is ``queen of hearts``;
- ``cards`` or ``*_cards``: a list of cards; ``{cards}`` is ``Q♥ Q♠``, ``{cards:name}`` the names;
- ``rank`` or ``*_rank``: a rank 2..14 (ace 14); ``{rank}`` is ``kings``, ``{rank:one}`` ``king``,
  ``{rank:a}`` ``a king`` (``an ace``, ``a 7``: as players say one card of a rank);
- ``suit`` or ``*_suit``: a suit 0..3 (clubs, diamonds, hearts, spades), by its name;
- any other ``int``: a number, written with the reader's grouping (``15,000``; ``15.000`` in
  Spanish); ``n`` is the count that chooses the plural form of a template written as a pair;
  ``{n:word}`` a small count in words (``three``), digits past the language's words;
- ``reason`` or ``*_reason``: where it is a ``{"code": ..., "data": ...}`` object, a message of its
  own (a library error's reason inside another refusal: ``"rules: {reason}"``), said in the same
  language from the same catalogue; where it is text, the text;
- ``why``: the same, for why the system refused (``"cannot read {path}: {why}"``): a common OS
  error as a message of its own (``error_words.os_reason``: ``no such file or folder``), an
  uncommon one as the system's own text;
- anything else: text as given.

A template is one form, a pair ``(one, other)`` chosen by the data's ``n`` (English), or a mapping
from CLDR plural categories (``one``, ``few``, ``many``, ``other``) to forms, as a language's
catalogue gives it; ``Words.category`` names the category of a number in that language.

>>> render("you need two natural {rank} to take {card:name}", {"rank": 13, "card": "KH"})
'you need two natural kings to take king of hearts'
>>> render(("one card left", "{n} cards left"), {"n": 2})
'2 cards left'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import JOKER, RANK_CHARS, SUIT_SYMBOLS, parse_card

Data = Mapping[str, Any]
# a template: one form, (one, other) chosen by the data's ``n``, or CLDR category -> form
Template = str | tuple[str, str] | Mapping[str, str]


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


def _english_category(n: int) -> str:
    return "one" if n == 1 else "other"


@dataclass(frozen=True)
class Words:
    """The words of one language that data are written with: ranks, suits, numbers, plurals."""

    rank_one: Mapping[int, str]
    rank_many: Mapping[int, str]
    suit_names: Sequence[str]            # clubs, diamonds, hearts, spades
    card_name: str                       # "{rank} of {suit}"
    joker: str
    number: Callable[[int], str] = field(default=lambda n: f"{n:,}")
    plural: Callable[[int], int] = field(default=_english_plural)
    list_sep: str = " "
    category: Callable[[int], str] = field(default=_english_category)
    rank_a: Mapping[int, str] = field(default_factory=dict)      # "a king", "an ace"
    count_words: Mapping[int, str] = field(default_factory=dict)  # 3: "three"

    def symbol(self, card: str) -> str:
        """A card as players write it: ``Q♥``, ``10♦``, the joker by name."""
        f = parse_card(card)
        if f == JOKER:
            return self.joker
        rank = f // 4 + 2
        return ("10" if rank == 10 else RANK_CHARS[rank]) + SUIT_SYMBOLS[f % 4]

    def name(self, card: str) -> str:
        """A card in words: ``queen of hearts``."""
        f = parse_card(card)
        if f == JOKER:
            return self.joker
        return self.card_name.format(rank=self.rank_one[f // 4 + 2], suit=self.suit_names[f % 4])


ENGLISH = Words(
    rank_one={14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight",
              7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "deuce"},
    rank_many={14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens", 9: "nines", 8: "eights",
               7: "sevens", 6: "sixes", 5: "fives", 4: "fours", 3: "threes", 2: "deuces"},
    suit_names=("clubs", "diamonds", "hearts", "spades"),
    card_name="{rank} of {suit}",
    joker="joker",
    rank_a={14: "an ace", 13: "a king", 12: "a queen", 11: "a jack", 10: "a 10", 9: "a 9", 8: "an 8",
            7: "a 7", 6: "a 6", 5: "a 5", 4: "a 4", 3: "a 3", 2: "a 2"},
    count_words={1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"},
)


class _Typed:
    """A datum wrapped by its key's type, so that ``format`` specs (``:name``, ``:one``) apply."""

    __slots__ = ("kind", "value", "words")

    def __init__(self, kind: str, value: Any, words: Words) -> None:
        self.kind, self.value, self.words = kind, value, words

    def __format__(self, spec: str) -> str:
        w = self.words
        if self.kind == "card":
            return w.name(self.value) if spec == "name" else w.symbol(self.value)
        if self.kind == "cards":
            one = w.name if spec == "name" else w.symbol
            return w.list_sep.join(one(c) for c in self.value)
        if self.kind == "rank":
            rank = int(self.value)
            if spec == "a":
                return w.rank_a.get(rank) or w.rank_one[rank]
            return (w.rank_one if spec == "one" else w.rank_many)[rank]
        if self.kind == "suit":
            return w.suit_names[int(self.value)]
        if spec == "word":
            return w.count_words.get(int(self.value)) or w.number(int(self.value))
        return w.number(int(self.value)) if not spec else format(self.value, spec)


def kind_of(key: str, value: Any) -> str:
    """The type a datum is written as, from its key's name (see the module docstring)."""
    if key == "card" or key.endswith("_card"):
        return "card"
    if key == "cards" or key.endswith("_cards"):
        return "cards"
    if key == "rank" or key.endswith("_rank"):
        return "rank"
    if key == "suit" or key.endswith("_suit"):
        return "suit"
    if (key in ("reason", "why") or key.endswith("_reason")) and isinstance(value, Mapping) \
            and "code" in value:
        return "message"
    if isinstance(value, int) and not isinstance(value, bool):
        return "number"
    return "text"


# where a nested message's template is found: its code -> template
Lookup = Callable[[str], Template]


class _Formatter(string.Formatter):
    def __init__(self, words: Words, lookup: Lookup | None) -> None:
        self.words = words
        self.lookup = lookup

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, int):
            raise KeyError(key)  # templates name every datum
        value = kwargs[key]
        kind = kind_of(key, value)
        if kind == "message":
            if self.lookup is None:
                raise KeyError(key)  # no table to say a nested message from
            inner = value.get("data") or {}
            return render(self.lookup(str(value["code"])), inner, self.words, self.lookup)
        return value if kind == "text" else _Typed(kind, value, self.words)


def choose(template: Template, data: Data, words: Words = ENGLISH) -> str:
    """The form of ``template`` for the data's ``n`` (a pair is (one, other); a mapping is by CLDR
    category, ``other`` where the language's category has no form of its own)."""
    if isinstance(template, str):
        return template
    n = int(data.get("n", 0))
    if isinstance(template, tuple):
        return template[min(words.plural(n), len(template) - 1)]
    return template.get(words.category(n)) or template["other"]


def render(template: Template, data: Data, words: Words = ENGLISH, lookup: Lookup | None = None) -> str:
    """The sentence of ``template`` with ``data`` written in ``words``' language; ``lookup`` gives the
    template of a nested message's code (a ``reason`` datum, see the module docstring)."""
    return _Formatter(words, lookup).vformat(choose(template, data, words), (), data)
