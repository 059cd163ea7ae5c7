"""Movements for pairs (issue 15): Mitchell with an odd number of pairs, Howell, round robin, and
the guide cards that tell each pair where it sits each round.

A club runs these from paper guide cards today; here a movement is data (every round's seatings and
who sits out), so the same object prints the cards, feeds standings and is checked by tests.

- ``mitchell``: S3 §B's movement (North-South stay, East-West move up one table, the highest table's
  to table 1), for any number of pairs: with an odd number the East-West line gets a missing pair;
- ``howell``: every pair meets every other pair once, 3 to 7 tables (6 to 14 pairs, or one fewer
  with a sit-out or phantom), seated by the published FIDE Berger table;
- ``round_robin``: the same promise and the same Berger tables for any number of pairs.

An odd number of pairs is handled as the director chooses (``odd``): ``"sitout"`` (the pair drawn
against the missing pair sits the round out) or ``"phantom"`` (a phantom pair, e.g. two bots, fills
the seat and plays; it is never ranked).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .movement import Seating, movement
from .options import TournamentError

PHANTOM = "Phantom"
ODD_CHOICES = ("sitout", "phantom")
ODD_SOURCE = ("director (S3 B assumes full tables): with an odd number of pairs the pair drawn against "
              "the missing pair sits out ('sitout', the bridge club's habit) or a phantom pair of bots "
              "plays it ('phantom', online events)")


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole movement: ``rounds[i]`` is round i+1's seatings (``Seating.game`` = round number),
    ``sit_outs[i]`` the pairs without a table that round. ``no_repeats`` is the movement's promise
    that no two pairs meet twice (tests hold it to it)."""

    name: str
    pairs: tuple[str, ...]
    rounds: tuple[tuple[Seating, ...], ...]
    sit_outs: tuple[tuple[str, ...], ...]
    no_repeats: bool
    source: str
    odd: str = "sitout"   # the director's choice for a missing pair (ODD_SOURCE)

    def meetings(self) -> list[tuple[str, str, int]]:
        """(pair, pair, round) for every table of every round, the phantom included."""
        return [(s.ns, s.ew, s.game) for r in self.rounds for s in r]


def _check_pairs(pairs: Sequence[str], odd: str, least: int = 2) -> list[str]:
    names = list(pairs)
    if odd not in ODD_CHOICES:
        raise TournamentError("bad_odd", value=repr(odd))
    if len(names) < least:
        raise TournamentError("pairs_at_least", n=len(names), least=least)
    if len(set(names)) != len(names):
        raise TournamentError("pair_names_differ", names=str(names))
    if PHANTOM in names:
        raise TournamentError("phantom_name", value=repr(PHANTOM))
    return names


def _finish(name: str, pairs: list[str], rounds: list[list[Seating]], odd: str, no_repeats: bool,
            source: str) -> Movement:
    """Drop the phantom's tables under ``sitout`` (its opponent sits out; tables keep their numbers
    so that the guide cards stay the same whichever the director chooses)."""
    kept: list[tuple[Seating, ...]] = []
    outs: list[tuple[str, ...]] = []
    for game in rounds:
        if odd == "sitout":
            outs.append(tuple(s.ew if s.ns == PHANTOM else s.ns for s in game if PHANTOM in (s.ns, s.ew)))
            kept.append(tuple(s for s in game if PHANTOM not in (s.ns, s.ew)))
        else:
            outs.append(())
            kept.append(tuple(game))
    return Movement(name, tuple(pairs), tuple(kept), tuple(outs), no_repeats, source, odd)


def mitchell(pairs: Sequence[str], games: int = 3, odd: str = "sitout") -> Movement:
    """S3 §B's movement for ``pairs`` in the order drawn: the first half (rounded up) sit North-South at
    tables 1, 2, ..., the rest East-West; an odd number adds the phantom as the last East-West pair.

    North-South pairs never meet each other (nor East-West pairs): a Mitchell ranks each line
    separately, or by a score that does not depend on the opponents. No repeats while ``games`` is at
    most the number of tables.
    """
    names = _check_pairs(pairs, odd)
    tables = (len(names) + 1) // 2
    ns, ew = names[:tables], names[tables:]
    if len(ew) < tables:
        ew.append(PHANTOM)
    rounds = movement(ns, ew, games)
    return _finish("Mitchell", names, rounds, odd, games <= tables,
                   "S3 B: 'The East-West team will move to the next higher numbered table. The team with "
                   "the highest numbered table moves to Table 1.'")


# FIDE Handbook C.05 Annex 1, the Berger tables (as published, e.g. c.w.fox.tripod.com/chess/berger.html);
# the tests hold the schedule to the published tables for 4 to 14 pairs.
BERGER_SOURCE = ("FIDE Berger tables (FIDE Handbook C.05, Annex 1): board b = table b, first-named "
                 "pair North-South")


def _berger(names: list[str], rounds: int | None) -> list[list[Seating]]:
    """The Berger table for the pairs numbered 1..N in the order given (an odd number adds the phantom
    as pair N, the "bye" of the published tables). Round 1: 1-N, 2-(N-1), ..., on tables 1, 2, ...;
    each later round every pair number except N goes up by N/2 (counted round 1..N-1), keeping its
    table and direction, while pair N stays at table 1, East-West in odd rounds and North-South in
    even ones. So each pair takes the seat that the pair numbered N/2 below it had the round before.
    Why Berger: it is the published complete round robin a director can print or check by hand."""
    if len(names) % 2:
        names = [*names, PHANTOM]
    n_pairs = len(names)
    half, m = n_pairs // 2, n_pairs - 1
    total = m if rounds is None else rounds
    if not 1 <= total <= m:
        raise TournamentError("berger_rounds", rounds=str(rounds), most=m, n=n_pairs)
    first = [(k, n_pairs + 1 - k) for k in range(1, half + 1)]   # 1-N, 2-(N-1), ...
    out: list[list[Seating]] = []
    for r in range(total):
        def num(x: int, r: int = r) -> int:
            return x if x == n_pairs else (x - 1 + r * half) % m + 1
        game = []
        for table, (a, b) in enumerate(first, start=1):
            ns, ew = num(a), num(b)
            if table == 1 and r % 2:
                ns, ew = ew, ns
            game.append(Seating(r + 1, table, names[ns - 1], names[ew - 1]))
        out.append(game)
    return out


def howell(pairs: Sequence[str], rounds: int | None = None, odd: str = "sitout") -> Movement:
    """A Howell movement for 3 to 7 tables: every pair meets every other pair once in 2n-1 rounds
    (n tables; fewer ``rounds`` for a shortened session, still without repeats).

    The seating is the FIDE Berger table for 2n pairs (``_berger``), the published complete round
    robin that the tests check round by round for 6 to 14 pairs: the last pair listed stays at table
    1; every other pair takes, each round, the seat the pair numbered n below it had. Bridge clubs'
    Howell cards (e.g. bridgecentral.com's 4-table "8-1 2-7 3-6 5-4") meet the same pairs in round 1
    but seat later rounds by their boards, which canasta does not have.
    """
    names = _check_pairs(pairs, odd)
    tables = (len(names) + 1) // 2
    if not 3 <= tables <= 7:
        raise TournamentError("howell_tables", n=len(names), tables=tables)
    return _finish("Howell", names, _berger(names, rounds), odd, True,
                   "Howell: every pair meets every other once, seated by the " + BERGER_SOURCE)


def round_robin(pairs: Sequence[str], odd: str = "sitout") -> Movement:
    """Every pair meets every other pair exactly once, any number of pairs from 2: p-1 rounds for an
    even number p, p rounds for an odd one (each pair sits out, or meets the phantom, once)."""
    names = _check_pairs(pairs, odd)
    return _finish("Round robin", names, _berger(names, None), odd, True,
                   "round robin: every pair meets every other once, seated by the " + BERGER_SOURCE)


def repeats(mv: Movement) -> list[tuple[str, str, int]]:
    """(pair, pair, round) for each meeting of two pairs that met in an earlier round."""
    seen: set[frozenset[str]] = set()
    out = []
    for a, b, g in mv.meetings():
        key = frozenset((a, b))
        if key in seen:
            out.append((a, b, g))
        seen.add(key)
    return out


def guide_cards(mv: Movement) -> dict[str, str]:
    """Per pair, its guide card: one line per round, where it sits and against whom."""
    cards: dict[str, list[str]] = {p: [f"Guide card for {p} ({mv.name})"] for p in mv.pairs}
    for i, game in enumerate(mv.rounds):
        seen = set()
        for s in game:
            for me, them, where in ((s.ns, s.ew, "North-South"), (s.ew, s.ns, "East-West")):
                if me in cards:
                    cards[me].append(f"  Round {i + 1}: table {s.table}, {where}, against {them}")
                    seen.add(me)
        for p in mv.sit_outs[i]:
            cards[p].append(f"  Round {i + 1}: sit out")
            seen.add(p)
        missing = set(mv.pairs) - seen
        if missing:  # pragma: no cover - a movement seats every pair each round
            raise TournamentError("round_unseated", round=i + 1, names=str(sorted(missing)))
    return {p: "\n".join(lines) for p, lines in cards.items()}


def table_cards(mv: Movement) -> dict[int, str]:
    """Per table, who sits there each round (the card left on the table)."""
    tables = sorted({s.table for r in mv.rounds for s in r})
    out = {}
    for t in tables:
        lines = [f"Table {t} ({mv.name})"]
        for i, game in enumerate(mv.rounds):
            here = [s for s in game if s.table == t]
            lines.append(f"  Round {i + 1}: " + (f"{here[0].ns} North-South, {here[0].ew} East-West"
                                                 if here else "empty"))
        out[t] = "\n".join(lines)
    return out
