"""S3 §B's high-card draw between two teams for the positions (North-South or East-West).

The sheet states neither the rank order nor what a joker, a deuce or a tie does; the defaults follow
the Official Canasta Laws' draw (A high, 2 low, jokers void, draw again), each an option.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..cards import JOKER, card_name, full_deck
from .options import NVSO_FRAME, FrameOptions, TournamentError

POSITIONS = ("NS", "EW")


def draw_key(card: int, options: FrameOptions = NVSO_FRAME) -> tuple[int, int] | None:
    """How a drawn card ranks: (rank, suit); ``None`` for a void card that is drawn again.
    A joker counts 15 (above the ace) with ``draw_joker="high"``; suits count only with
    ``draw_ties="suits"`` (spades, hearts, diamonds, clubs, high to low)."""
    if card == JOKER:
        return None if options.draw_joker == "redraw" else (15, 0)
    if not 0 <= card < JOKER:
        raise TournamentError("draw_not_a_card", value=str(card))
    rank, suit = card // 4 + 2, card % 4   # suits C D H S = 0..3: spades highest
    if rank == 2 and options.draw_deuce == "redraw":
        return None
    return rank, suit if options.draw_ties == "suits" else 0


@dataclass(frozen=True, slots=True)
class PositionDraw:
    """Every card drawn, in order, as (team, card) with teams 0 and 1; ``chooser`` drew high."""

    draws: tuple[tuple[int, int], ...]
    chooser: int

    def text(self, teams: tuple[str, str] = ("A", "B")) -> str:
        cards = ", ".join(f"{teams[t]} {card_name(c)}" for t, c in self.draws)
        return f"{cards}: {teams[self.chooser]} chooses"


def high_card_draw(cards: Iterable[int], options: FrameOptions = NVSO_FRAME) -> PositionDraw:
    """Teams 0 and 1 take turns drawing from ``cards`` (team 0 first) until one card is high.

    A void card is drawn again by the same team; equal cards (by ``draw_key``) make both draw again.
    """
    it: Iterator[int] = iter(cards)
    draws: list[tuple[int, int]] = []

    def valid(team: int) -> tuple[int, int]:
        for card in it:
            draws.append((team, card))
            key = draw_key(card, options)
            if key is not None:
                return key
        raise TournamentError("draw_ran_out", draws=str(draws))

    while True:
        a = valid(0)
        b = valid(1)
        if a != b:
            return PositionDraw(tuple(draws), 0 if a > b else 1)


def _packs(rng: random.Random) -> Iterator[int]:
    """The 108-card pack of S3 (2 decks with 2 jokers each) shuffled, and a fresh one if used up."""
    while True:
        deck = full_deck(2, 2)
        rng.shuffle(deck)
        yield from deck


def draw_for_positions(seed: int | str, options: FrameOptions = NVSO_FRAME) -> PositionDraw:
    """A seeded draw from the shuffled 108-card pack (same seed, same draw)."""
    return high_card_draw(_packs(random.Random(f"draw/{seed}")), options)


def choose_positions(teams: tuple[str, str], draw: PositionDraw, choice: str) -> tuple[str, str]:
    """(North-South team, East-West team) after the high card's team chose ``choice`` (NS or EW)."""
    if choice not in POSITIONS:
        raise TournamentError("position", value=repr(choice))
    chooser, other = teams[draw.chooser], teams[1 - draw.chooser]
    return (chooser, other) if choice == "NS" else (other, chooser)


def draw_order(teams: Sequence[str], seed: int | str, options: FrameOptions = NVSO_FRAME) -> tuple[
        list[str], list[tuple[str, int]]]:
    """S3 B's high card, drawn by every team at once to seed a bracket: each team in turn draws from
    the seeded 108-card pack, the highest card is the first seed; a void card (``draw_key``) is
    drawn again, and teams with equal cards draw again among themselves. Returns the teams best
    first and every card drawn, as (team, card) in the order drawn."""
    cards = _packs(random.Random(f"order/{seed}"))
    said: list[tuple[str, int]] = []

    def rank(group: list[str]) -> list[str]:
        keys: dict[str, tuple[int, int]] = {}
        for team in group:
            for card in cards:
                key = draw_key(card, options)
                said.append((team, card))
                if key is not None:
                    keys[team] = key
                    break
        out: list[str] = []
        for key in sorted(set(keys.values()), reverse=True):
            tied = [t for t in group if keys[t] == key]
            out += tied if len(tied) == 1 else rank(tied)
        return out

    if len(set(teams)) != len(teams):
        raise TournamentError("team_names_differ", names=str(list(teams)))
    return rank(list(teams)), said
