"""Melds on the table and the rules of their composition."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from .cards import JOKER, RANK_NAMES, format_cards, is_wild, rank_of, sort_key
from .rules import RuleSet


class MeldType(IntEnum):
    GROUP = 0      # cards of one rank, with wild cards
    BLACK3 = 1     # black threes laid when going out


class Meld(NamedTuple):
    """An immutable meld; adding a card makes a new one, so clones share melds safely."""

    type: MeldType
    rank: int               # the natural rank (3 for black threes)
    cards: tuple[int, ...]  # faces, naturals first
    naturals: int
    wilds: int
    jokers: int

    @property
    def size(self) -> int:
        return len(self.cards)

    def with_cards(self, faces: tuple[int, ...]) -> Meld:
        wild = [f for f in faces if is_wild(f)]
        nat = [f for f in faces if not is_wild(f)]
        return Meld(self.type, self.rank, self.cards[: self.naturals] + tuple(nat)
                    + self.cards[self.naturals:] + tuple(wild),
                    self.naturals + len(nat), self.wilds + len(wild),
                    self.jokers + sum(1 for f in wild if f == JOKER))

    def is_canasta(self, rules: RuleSet) -> bool:
        return self.type is MeldType.GROUP and len(self.cards) >= rules.canasta_size

    def is_natural(self) -> bool:
        return self.wilds == 0

    def describe(self, rules: RuleSet) -> str:
        """A few words for people: ``natural canasta of kings``."""
        if self.type is MeldType.BLACK3:
            return "black threes"
        name = RANK_NAMES[self.rank]
        if self.is_canasta(rules):
            return f"{'natural' if self.is_natural() else 'mixed'} canasta of {name}"
        return name

    def __str__(self) -> str:
        return format_cards(self.cards)


def new_meld(faces: tuple[int, ...], mtype: MeldType = MeldType.GROUP) -> Meld:
    nat = tuple(sorted((f for f in faces if not is_wild(f)), key=sort_key))
    wild = tuple(sorted((f for f in faces if is_wild(f)), key=sort_key))
    rank = rank_of(nat[0]) if nat else 0
    return Meld(mtype, rank, nat + wild, len(nat), len(wild), sum(1 for f in wild if f == JOKER))


def wild_problem(rules: RuleSet, naturals: int, wilds: int) -> str | None:
    """Why a group of this composition breaks the wild-card limits, or None."""
    if wilds > rules.max_wilds:
        return f"a meld may hold at most {rules.max_wilds} wild cards"
    if rules.wild_ratio == "le" and wilds > naturals:
        return "a meld may not hold more wild cards than natural cards"
    if rules.wild_ratio == "lt" and wilds >= naturals and wilds:
        return "a meld must hold more natural cards than wild cards"
    if rules.max_meld_size and naturals + wilds > rules.max_meld_size:
        return f"a meld may hold at most {rules.max_meld_size} cards"
    return None
