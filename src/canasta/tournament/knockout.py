"""Single elimination, as S3 announces its event: "This is a single elimination tournament".

The pairs are seeded (in the order listed, by lot, or by S3 B's high-card draw) into a bracket of
the next power of two; the top seeds get the byes, and the seeds meet as in every seeded bracket
(1 v 8, 4 v 5, 2 v 7, 3 v 6: the two best meet in the final if they keep winning). Each game's
winner moves on to the next round, the loser is out; the pairs out in the same round share a place.

A game is never drawn: S3 B decides it on the higher total, and a tie plays on, one hand at a time,
until the totals differ (``FrameOptions.time_tie`` "extra_hand", RULINGS C4); so a tied result is
refused with that reason.

The bracket is pure data: ``Bracket(seeds).rounds(winners)`` lays it out from the winners known so
far, with the games not yet decided as slots "the winner of round 1, table 2".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .options import TournamentError
from .words import LINES

SOURCE = str(LINES["tournament.source.knockout"])
TIE_SOURCE = ("S3 B: a game is won on the higher total; a tie plays on one hand at a time until the "
              "totals differ (time_tie 'extra_hand', RULINGS C4)")


def bracket_order(size: int) -> list[int]:
    """The seeds (from 1) in bracket order for a bracket of ``size`` (a power of two): 1, 8, 4, 5,
    2, 7, 3, 6 for 8; neighbours meet in the first round."""
    if size < 2 or size & (size - 1):
        raise TournamentError("bracket_size", size=size)
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


@dataclass(frozen=True, slots=True)
class Slot:
    """One side of a game in the bracket: a pair (with its seed) once known, else the game whose
    winner comes here (``comes_from``: round and place in that round, from 0)."""

    pair: str | None
    seed: int = 0
    comes_from: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A game of the bracket: ``round`` from 1, ``place`` its order in the round (from 0), ``table``
    the table it is played at in its round (0: a bye, no game), ``upper`` the side of the higher
    seed; ``winner`` once decided."""

    round: int
    place: int
    table: int
    upper: Slot
    lower: Slot
    winner: str | None = None

    @property
    def bye(self) -> bool:
        return self.table == 0

    @property
    def ready(self) -> bool:
        """Both pairs are known: the game can be played."""
        return not self.bye and self.upper.pair is not None and self.lower.pair is not None


class Bracket:
    """The bracket of ``seeds`` (pairs, best first)."""

    def __init__(self, seeds: Sequence[str]) -> None:
        names = list(seeds)
        if len(names) < 2:
            raise TournamentError("knockout_few")
        if len(set(names)) != len(names):
            raise TournamentError("pair_names_differ", names=str(names))
        self.seeds = names
        size = 2
        while size < len(names):
            size *= 2
        self.size = size
        self.count = size.bit_length() - 1          # rounds
        self.first = bracket_order(size)

    def seed_of(self, pair: str) -> int:
        return self.seeds.index(pair) + 1

    def rounds(self, winners: Mapping[tuple[int, int], str] | None = None) -> list[list[Game]]:
        """Every round's games from the winners known so far, keyed by (round, table); a pair that
        did not play in a game named for it is refused."""
        won = dict(winners or {})
        out: list[list[Game]] = []
        n = len(self.seeds)
        games: list[Game] = []
        table = 0
        for place in range(self.size // 2):
            hi, lo = self.first[2 * place], self.first[2 * place + 1]
            up = Slot(self.seeds[hi - 1], hi) if hi <= n else Slot(None)
            low = Slot(self.seeds[lo - 1], lo) if lo <= n else Slot(None)
            if up.pair is None or low.pair is None:     # a bye: the seeded pair moves on
                games.append(Game(1, place, 0, up if up.pair else low, Slot(None), (up.pair or low.pair)))
                continue
            table += 1
            games.append(Game(1, place, table, up, low, self._winner(won, 1, table, up, low)))
        out.append(games)
        for rnd in range(2, self.count + 1):
            prev = out[-1]
            games = []
            for place in range(len(prev) // 2):
                a, b = prev[2 * place], prev[2 * place + 1]
                sa = Slot(a.winner, self.seed_of(a.winner), (rnd - 1, a.place)) if a.winner else \
                    Slot(None, 0, (rnd - 1, a.place))
                sb = Slot(b.winner, self.seed_of(b.winner), (rnd - 1, b.place)) if b.winner else \
                    Slot(None, 0, (rnd - 1, b.place))
                if sa.pair and sb.pair and sb.seed < sa.seed:
                    sa, sb = sb, sa
                games.append(Game(rnd, place, place + 1, sa, sb, self._winner(won, rnd, place + 1, sa, sb)))
            out.append(games)
        extra = set(won) - {(g.round, g.table) for r in out for g in r if g.ready}
        if extra:
            rnd, table = min(extra)
            raise TournamentError("no_game_there", round=rnd, table=table)
        return out

    @staticmethod
    def _winner(won: Mapping[tuple[int, int], str], rnd: int, table: int, a: Slot, b: Slot) -> str | None:
        w = won.get((rnd, table))
        if w is not None and (a.pair is None or b.pair is None):
            raise TournamentError("no_game_there", round=rnd, table=table)
        if w is not None and w not in (a.pair, b.pair):
            raise TournamentError("not_playing_there", round=rnd, table=table, pair=w)
        return w

    def champion(self, winners: Mapping[tuple[int, int], str]) -> str | None:
        return self.rounds(winners)[-1][0].winner

    def places(self, winners: Mapping[tuple[int, int], str]) -> dict[str, int | None]:
        """Each pair's place: the champion 1, the finalist 2, the pairs out in round r share the
        place after all the pairs that went further (3 for the semi-finals, 5 for the quarters);
        ``None`` while the pair is still in."""
        rounds = self.rounds(winners)
        out: dict[str, int | None] = {p: None for p in self.seeds}
        for games in rounds:
            for g in games:
                if g.winner is None or g.bye:
                    continue
                loser = g.lower.pair if g.winner == g.upper.pair else g.upper.pair
                if loser is not None:
                    out[loser] = self.size // 2 ** g.round + 1
        final = rounds[-1][0]
        if final.winner is not None:
            out[final.winner] = 1
        return out


__all__ = ["SOURCE", "TIE_SOURCE", "Bracket", "Game", "Slot", "bracket_order"]
