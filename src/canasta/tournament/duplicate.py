"""Duplicate canasta (issue 15): every table of a round plays the same deals, and results are compared
deal by deal, so that the luck of the cards is taken out.

The engine deals hand k from ``hand_seed(seed, k)`` (``canasta.state``): the game's seed and the hand
number, never the play before, and the dealer rotates from the starting dealer. So a round needs only
one seed, drawn for the round, given with the same starting dealer to every table: hand k is then the
same deal everywhere, whatever happened in hand k-1 (tested). North-South (side 0) at every table holds
the same cards, and so does East-West.

Scoring, as duplicate bridge's match points: for each deal, the North-South pairs that played it are
compared by their margin on it (North-South's hand total minus East-West's): 2 match points per pair
beaten, 1 per tie; East-West pairs likewise among themselves. A deal played at fewer tables (a game
ended early, or time was called) is compared among the tables that played it (director's decision;
bridge would factor it up to the full top).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..state import FAIR_PREFIX
from .options import TournamentError
from .ranking import match_points

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import RuleSet
    from ..state import GameState

CONVENTION = ("match points per deal: 2 per pair beaten and 1 per tie, North-South compared with "
              "North-South and East-West with East-West, on the hand's margin (ACBL's scale)")


def draw_round_seed() -> str:
    """A fresh, unpredictable seed for one round (128 bits from the system's random source), marked
    fair (``tournament.fair``): each hand's seed can be revealed when that hand ends."""
    return FAIR_PREFIX + secrets.token_hex(16)


def duplicate_tables(rules: RuleSet, round_seed: int | str, tables: int, dealer: int = 0) -> list[GameState]:
    """One new game per table, all from the round's seed and starting dealer: the same deals."""
    from ..state import GameState
    if tables < 1:
        raise TournamentError("tables_at_least", tables=tables)
    if rules.sides != 2:
        raise TournamentError("duplicate_sides", sides=rules.sides)
    return [GameState.new(rules, round_seed, dealer) for _ in range(tables)]


@dataclass(frozen=True, slots=True)
class DealResult:
    """Deal ``hand`` (from 1) at ``table``: North-South pair ``ns`` scored ``ns_score``, East-West
    ``ew`` scored ``ew_score`` (the hand's totals, not the running game score)."""

    table: int
    hand: int
    ns: str
    ew: str
    ns_score: int
    ew_score: int


def deal_results(state: GameState, table: int, ns: str, ew: str) -> list[DealResult]:
    """Each finished hand of a table's game as a deal result (side 0 is North-South)."""
    if state.rules.sides != 2:
        raise TournamentError("duplicate_game_sides", sides=state.rules.sides)
    return [DealResult(table, r.hand + 1, ns, ew, r.totals[0], r.totals[1]) for r in state.results]


@dataclass(frozen=True, slots=True)
class DealScore:
    hand: int
    pair: str
    direction: str   # "NS" or "EW"
    margin: int
    match_points: int
    top: int         # the most a pair could score on this deal: 2 x (tables that played it - 1)


def duplicate_scores(results: Iterable[DealResult]) -> list[DealScore]:
    """Match points per deal and pair (see ``CONVENTION``), in deal then table order."""
    by_deal: dict[int, list[DealResult]] = {}
    for r in results:
        by_deal.setdefault(r.hand, []).append(r)
    out = []
    for hand in sorted(by_deal):
        deal = by_deal[hand]
        tables = [r.table for r in deal]
        if len(set(tables)) != len(tables):
            raise TournamentError("deal_twice", hand=hand, tables=str(sorted(tables)))
        pairs = [p for r in deal for p in (r.ns, r.ew)]
        if len(set(pairs)) != len(pairs):
            raise TournamentError("pair_deal_twice", hand=hand, names=str(sorted(pairs)))
        ns = match_points({r.ns: r.ns_score - r.ew_score for r in deal})
        ew = match_points({r.ew: r.ew_score - r.ns_score for r in deal})
        top = 2 * (len(deal) - 1)
        for r in sorted(deal, key=lambda r: r.table):
            out.append(DealScore(hand, r.ns, "NS", r.ns_score - r.ew_score, ns[r.ns], top))
            out.append(DealScore(hand, r.ew, "EW", r.ew_score - r.ns_score, ew[r.ew], top))
    return out


def duplicate_totals(scores: Iterable[DealScore]) -> dict[str, int]:
    """Each pair's match points over all deals (feed to ``rank(extra_match_points=...)``)."""
    out: dict[str, int] = {}
    for s in scores:
        out[s.pair] = out.get(s.pair, 0) + s.match_points
    return out
