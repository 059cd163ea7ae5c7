"""A club's tournament afternoon as the director runs it: pairs, seats drawn, rounds on the clock,
each table's score confirmed by both pairs, and the standings.

Why here: the director's page, the big-screen clock and any command use one model, built on the
frame: every round's seating comes from ``movements`` (S3 §B's Mitchell, a Howell or a round
robin; with an odd number of pairs one pair sits out each round), the standings from ``ranking``
(its options and their sources), the clock's phases from ``clock_status``.

The clock is kept as facts (when it was started, paused, moved), never as a ticking counter, so a
reloaded page or a restarted server shows the same time: ``elapsed(now)`` computes it.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ..cards import card_str
from ..state import FAIR_PREFIX
from .clock import ClockStatus, clock_status
from .draw import PositionDraw, choose_positions, draw_for_positions, draw_order
from .knockout import SOURCE as KNOCKOUT_SOURCE
from .knockout import TIE_SOURCE, Bracket, Game
from .movement import Seating
from .movements import Movement, howell, mitchell, repeats, round_robin
from .options import FrameOptions, TournamentError, frame_options
from .partners import SOURCE as GVR_SOURCE
from .partners import TableSeats, gvr_second_game, gvr_third_game
from .ranking import GameResult, RankOptions, rank, round_match_points
from .words import LINES, line

SIT_OUT = "(sits out)"
BYE = "(bye)"
DRAWS = ("random", "as_listed", "high_card")
# Where S3 B says only that the high card chooses: the director's reading (an option of the event).
HIGH_CARD_SOURCE = str(LINES["tournament.source.high_card"])
MOVEMENTS = ("mitchell", "howell", "round_robin", "knockout")
# Who sits North-South at a knockout game: S3 B's high-card draw at the table when the event draws by
# high card; otherwise the higher seed (the director's reading: the seeding is the event's draw).
KNOCKOUT_SEATS = str(LINES["tournament.source.knockout_seats"])
# "fixed": pairs keep their partners; "gvr": S2's tables of four, new partners for game 2 (and, by the
# director's decision, game 3); the movement then seats round 1 only and players are ranked alone.
PARTNERINGS = ("fixed", "gvr")
GVR_KEEPER = str(LINES["tournament.source.gvr_keeper"])
_DIRS = {"North-South": "ns", "East-West": "ew"}   # a guide's direction as a page says it (ev_ns, ev_ew)


def pair_players(pair: str) -> tuple[str, str] | None:
    """The two players of a pair named like "Ann & Bob" (also "+", "and", "/"); None otherwise."""
    for sep in ("&", "+", " and ", "/"):
        if sep in pair:
            a, b = (x.strip() for x in pair.split(sep, 1))
            if a and b:
                return a[:40], b[:40]
    return None


@dataclass
class TableResult:
    """One table's game in one round: the two pairs' totals as the sheet gives them, and who agreed."""

    ns: int
    ew: int
    ns_agrees: bool = False
    ew_agrees: bool = False
    by: str = ""

    @property
    def confirmed(self) -> bool:
        return self.ns_agrees and self.ew_agrees


@dataclass
class Clock:
    """The round clock as facts: seconds are the server's epoch seconds."""

    round: int = 1
    started: float | None = None      # when the go-ahead was given (None: not yet)
    paused: float | None = None       # when it was paused (None: running or not started)
    shift: float = 0.0                # seconds added by the director (+60 / -60) and by pauses

    def played(self, now: float) -> float | None:
        """Seconds of play in this round at ``now``, less the minutes the director added (so it can
        be below 0 just after a +1 minute); None before the go-ahead."""
        if self.started is None:
            return None
        end = self.paused if self.paused is not None else now
        return end - self.started - self.shift

    def elapsed(self, now: float) -> float | None:
        """Seconds of play in this round at ``now`` (None before the go-ahead)."""
        t = self.played(now)
        return None if t is None else max(0.0, t)


@dataclass
class Event:
    name: str
    preset: str
    pairs: list[str]
    options: FrameOptions = field(default_factory=FrameOptions)
    draw: str = "random"
    seed: int = 0
    order: list[str] = field(default_factory=list)     # the pairs in the order drawn
    movement: str = "mitchell"
    ranking: RankOptions = field(default_factory=RankOptions)
    results: dict[tuple[int, int], TableResult] = field(default_factory=dict)   # (round, table)
    clock: Clock = field(default_factory=Clock)
    overrides: dict[str, Any] = field(default_factory=dict)     # the event's house rules
    online: dict[tuple[int, int], str] = field(default_factory=dict)   # (round, table) -> table id
    duplicate: set[int] = field(default_factory=set)            # rounds played with the same deals
    draws: list[str] = field(default_factory=list)              # the high-card draws, in words
    secret: str = ""   # behind the duplicate rounds' fair seeds; never shown (older events: none)
    partnering: str = "fixed"                                   # PARTNERINGS
    seed_draws: list[tuple[str, str]] = field(default_factory=list)  # a knockout's high-card seeding
    # the knockout's games as last worked out, with the results they came from (a view asks often)
    _bracket_memo: tuple[Any, list[list[Game]]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def new(cls, name: str, preset: str, pairs: list[str], options: FrameOptions | None = None,
            draw: str = "random", seed: int | None = None, movement: str = "mitchell",
            ranking: RankOptions | None = None, overrides: dict[str, Any] | None = None,
            partnering: str = "fixed") -> Event:
        """Register the pairs and draw the seats (the order the movement reads them in)."""
        names = [" ".join(str(p).split())[:40] for p in pairs]
        if any(not n for n in names):
            raise TournamentError("pair_no_name")
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise TournamentError("pair_same_name", names=", ".join(dup))
        if len(names) < 2:
            raise TournamentError("too_few_pairs")
        if len(names) > 60:
            raise TournamentError("too_many_pairs", n=len(names), most=60)
        if draw not in DRAWS:
            raise TournamentError("bad_draw", value=repr(draw))
        if movement not in MOVEMENTS:
            raise TournamentError("bad_movement", value=repr(movement))
        if partnering not in PARTNERINGS:
            raise TournamentError("bad_partnering", value=repr(partnering))
        if partnering == "gvr":
            if movement == "knockout":
                raise TournamentError("knockout_gvr")
            _check_gvr(names, (options or FrameOptions()).games)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        options = options or FrameOptions()
        order = list(names)
        draws: list[str] = []
        seed_draws: list[tuple[str, str]] = []
        if movement == "knockout":
            if options.time_tie != "extra_hand":
                raise TournamentError("knockout_tie_draw")
            if draw == "random":
                random.Random(seed).shuffle(order)
            elif draw == "high_card":
                order, cards = draw_order(names, seed, options)
                seed_draws = [(team, card_str(card)) for team, card in cards]
            options = replace(options, games=Bracket(order).count)
        elif draw == "random":
            random.Random(seed).shuffle(order)
        elif draw == "high_card":
            order, draws = _high_card_order(names, seed, options)
        ev = cls(name.strip()[:80] or "Tournament", preset, names, options, draw, seed,
                 order, movement, ranking or RankOptions(), overrides=dict(overrides or {}), draws=draws,
                 secret=secrets.token_hex(16), partnering=partnering, seed_draws=seed_draws)
        ev.moves()  # a movement that cannot seat these pairs is refused now
        return ev

    # ---------------------------------------------------------------- the movement
    def moves(self) -> Movement:
        """The whole movement (``movements``), with as many rounds as the event plays; with GVR
        partnering, round 1's tables from the movement and then S2's new partners (``gvr_rounds``)."""
        if self.partnering == "gvr":
            rounds, _lines = self.gvr_rounds()
            return Movement("GVR partners", tuple(self.order), tuple(tuple(r) for r in rounds),
                            tuple(() for _ in rounds), False, GVR_SOURCE + "; " + GVR_KEEPER)
        if self.movement == "knockout":
            games = self.bracket_games()
            byes = tuple(tuple(g.upper.pair for g in rnd if g.bye and g.upper.pair) for rnd in games)
            return Movement("Knockout", tuple(self.order),
                            tuple(tuple(self.knockout_seating(g) for g in rnd if g.ready) for rnd in games),
                            byes, True, KNOCKOUT_SOURCE)
        return self._movement(self.options.games)

    # ---------------------------------------------------------------- single elimination
    def bracket(self) -> Bracket:
        """The knockout's bracket: the pairs seeded in the order drawn (``order``)."""
        return Bracket(self.order)

    def bracket_games(self) -> list[list[Game]]:
        """Every round's games, with the winners of the confirmed results (worked out again only when
        the results or the seeding change)."""
        results = tuple(sorted((k, r.ns, r.ew, r.confirmed) for k, r in self.results.items()))
        key = (tuple(self.order), results)
        if self._bracket_memo is None or self._bracket_memo[0] != key:
            self._bracket_memo = (key, self.bracket().rounds(self.winners()))
        return self._bracket_memo[1]

    def winners(self) -> dict[tuple[int, int], str]:
        """(round, table) -> the winner (the higher total) of every confirmed knockout game, round by
        round (a round's games are known once the games before them are decided)."""
        won: dict[tuple[int, int], str] = {}
        b = self.bracket()
        for rnd in range(1, b.count + 1):
            for g in b.rounds(won)[rnd - 1]:
                res = self.results.get((rnd, g.table))
                if g.ready and res is not None and res.confirmed and res.ns != res.ew:
                    ns, ew = self.knockout_positions(g)
                    won[(rnd, g.table)] = ns if res.ns > res.ew else ew
        return won

    def _ko_game(self, rnd: int, table: int) -> Game:
        for g in self.bracket_games()[rnd - 1] if 1 <= rnd <= self.options.games else []:
            if g.table == table and g.ready:
                return g
        raise TournamentError("no_game_yet", table=table, round=rnd)

    def knockout_positions(self, g: Game) -> tuple[str, str]:
        """(North-South, East-West) of a knockout game (``KNOCKOUT_SEATS``)."""
        up, low = g.upper.pair, g.lower.pair
        if up is None or low is None:
            raise TournamentError("pairs_not_known", round=g.round, table=g.table)
        if self.draw != "high_card":
            return up, low
        d = _table_draw(f"{self.seed}/knockout round {g.round} table {g.table}", self.options)
        return choose_positions((up, low), d, "NS")

    def knockout_draw(self, g: Game) -> list[tuple[str, str]]:
        """The high-card draw at a knockout game's table, as (pair, card) in the order drawn."""
        up, low = g.upper.pair, g.lower.pair
        if self.draw != "high_card" or up is None or low is None:
            return []
        d = _table_draw(f"{self.seed}/knockout round {g.round} table {g.table}", self.options)
        return [((up, low)[team], card_str(card)) for team, card in d.draws]

    def knockout_seating(self, g: Game) -> Seating:
        ns, ew = self.knockout_positions(g)
        return Seating(g.round, g.table, ns, ew)

    def gvr_rounds(self) -> tuple[list[list[Seating]], list[tuple[int, int, str, dict[str, Any]]]]:
        """S2 at every table: the four players of round 1 stay; for game 2 the keeper's neighbours draw
        (seeded by the event's seed, shown in words) and the high card partners the keeper; game 3
        completes the rotation (``partners``). Returns the rounds and (table, game, line in English,
        the line as a code and its data for the pages)."""
        first = self._movement(1).rounds[0]
        rounds: list[list[Seating]] = [list(first), [], []][:self.options.games]
        lines = []
        for s in first:
            (n1, n2), (e1, e2) = self.players_of(s.ns), self.players_of(s.ew)
            g1 = TableSeats(n1, e1, n2, e2)          # clockwise from the keeper (North): E, S, W
            draw = draw_for_positions(f"{self.seed}/gvr table {s.table}", self.options)
            g2, said = gvr_second_game([n1, e1, n2, e2], [c for _team, c in draw.draws], self.options)
            low = e1 if g2.across == e2 else e2
            lines.append((s.table, 2, f"Table {s.table}, {said[0].lower()}{said[1:]}", line(
                "gvr_game2", table=s.table, draws=[[(e2, e1)[team], card_str(c)] for team, c in draw.draws],
                high=g2.across, keeper=n1, low=low, partner=n2)))
            games = [g2] if self.options.games < 3 else [g2, gvr_third_game(g2, g1)]
            for rnd, g in enumerate(games, start=2):
                rounds[rnd - 1].append(Seating(rnd, s.table, f"{g.keeper} & {g.across}",
                                               f"{g.left} & {g.right}"))
                if rnd == 3:
                    lines.append((s.table, 3, f"Table {s.table}, game 3: {g.across} partners the keeper "
                                              f"{g.keeper}, {g.left} partners {g.right}",
                                  line("gvr_game3", table=s.table, across=g.across, keeper=g.keeper,
                                       left=g.left, right=g.right)))
        return rounds, lines

    def players_of(self, pair: str) -> tuple[str, str]:
        """A pair's two players (``pair_players``; GVR events are checked for them when made)."""
        got = pair_players(pair)
        if got is None:
            raise TournamentError("pair_players_of", value=repr(pair))
        return got

    def _movement(self, games: int) -> Movement:
        if self.movement == "howell":
            return howell(self.order, rounds=games)
        if self.movement == "round_robin":
            mv = round_robin(self.order)
            if games > len(mv.rounds):
                raise TournamentError("round_robin_rounds", n=len(self.order), rounds=len(mv.rounds),
                                      games=games)
            return Movement(mv.name, mv.pairs, mv.rounds[:games], mv.sit_outs[:games], mv.no_repeats,
                            mv.source, mv.odd)
        return mitchell(self.order, games)

    @property
    def rounds(self) -> list[list[Seating]]:
        return [list(r) for r in self.moves().rounds]

    def seating(self, rnd: int) -> list[Seating]:
        if not 1 <= rnd <= self.options.games:
            raise TournamentError("no_round", round=rnd, rounds=self.options.games)
        return self.rounds[rnd - 1]

    def repeats(self) -> list[tuple[str, str, int]]:
        """Pairs that meet again (a Mitchell with fewer tables than rounds)."""
        return repeats(self.moves())

    def table_cards(self) -> dict[str, list[dict[str, Any]]]:
        """Per table (its number as text), who sits there each round: the card left on the table."""
        mv = self.moves()
        tables = sorted({s.table for game in mv.rounds for s in game})
        notes = ({(t, g): {"note": x, "line": said} for t, g, x, said in self.gvr_rounds()[1]}
                 if self.partnering == "gvr" else {})
        return {str(t): [{"round": rnd, "ns": s.ns, "ew": s.ew, **notes.get((t, rnd), {})}
                         for rnd, game in enumerate(mv.rounds, start=1) for s in game if s.table == t]
                for t in tables}

    def guide(self, pair: str, mv: Movement | None = None) -> list[tuple[int, int, str, str]]:
        """A pair's guide card: (round, table, direction, opponents); table 0 = sits out (``mv``: the
        movement, when the caller has it already)."""
        mv = mv or self.moves()
        if pair not in mv.pairs:
            raise TournamentError("no_pair", value=repr(pair))
        out = []
        for rnd, (game, outs) in enumerate(zip(mv.rounds, mv.sit_outs, strict=True), start=1):
            if pair in outs:
                out.append((rnd, 0, "", BYE if self.movement == "knockout" else SIT_OUT))
            for s in game:
                if pair in (s.ns, s.ew):
                    where, other = ("North-South", s.ew) if s.ns == pair else ("East-West", s.ns)
                    out.append((rnd, s.table, where, other))
        return out

    def players(self) -> list[str]:
        """Everyone ranked: the pairs, or with GVR partnering each player (in the order listed)."""
        if self.partnering != "gvr":
            return list(self.pairs)
        return [p for pair in self.pairs for p in self.players_of(pair)]

    def guides(self) -> dict[str, list[dict[str, Any]]]:
        """Every guide card: per pair (round, table, direction, opponents); with GVR partnering per
        player, with the partner of each game too (where each player goes for the second game)."""
        if self.partnering != "gvr":
            mv = self.moves()
            return {p: [{"round": r, "table": t, "direction": d, "dir": _DIRS.get(d, ""), "opponents": o,
                         **({"bye": True} if o == BYE else {})} for r, t, d, o in self.guide(p, mv)]
                    for p in self.pairs}
        out: dict[str, list[dict[str, Any]]] = {p: [] for p in self.players()}
        for game in self.moves().rounds:
            for s in game:
                for side, other, where in ((s.ns, s.ew, "North-South"), (s.ew, s.ns, "East-West")):
                    a, b = self.players_of(side)
                    for me, partner in ((a, b), (b, a)):
                        out[me].append({"round": s.game, "table": s.table, "direction": where,
                                        "dir": _DIRS[where],
                                        "opponents": other, "partner": partner,
                                        "keeper": me == self.players_of(s.ns)[0]})
        return out

    def draw_lines(self) -> list[dict[str, Any]]:
        """The high-card draws of the seats (``draws``) as codes and data, drawn again from the seed."""
        if self.draw != "high_card" or self.movement == "knockout" or not self.draws:
            return []
        out = []
        for table, teams, d in _high_card_draws(tuple(self.pairs), self.seed, self.options):
            out.append(line("draw_table", table=table, draws=[[teams[t], card_str(c)] for t, c in d.draws],
                            pair=choose_positions(teams, d, "NS")[0]))
        if len(self.pairs) % 2:
            out.append(line("draw_no_opponent", pair=self.pairs[-1]))
        return out

    def sources(self) -> list[str]:
        """Where the seats' and the partners' decisions come from, as ``tournament.source.<code>``."""
        if self.movement == "knockout":
            return ["knockout", "knockout_seats"]
        return (["high_card"] if self.draw == "high_card" else []) + (
            ["gvr", "gvr_keeper"] if self.partnering == "gvr" else [])

    # ---------------------------------------------------------------- scores
    def enter(self, rnd: int, table: int, ns: int, ew: int, by: str = "",
              ns_agrees: bool = False, ew_agrees: bool = False) -> TableResult:
        """A table's totals from its sheet (or changed: the pairs must agree again)."""
        self._game(rnd, table)
        for who, v in (("ns", ns), ("ew", ew)):
            if isinstance(v, bool) or not isinstance(v, int) or abs(v) > 1_000_000:
                raise TournamentError(f"total_whole_{who}", value=repr(v))
        old = self.results.get((rnd, table))
        same = old is not None and (old.ns, old.ew) == (ns, ew)
        res = TableResult(ns, ew, ns_agrees or (same and old is not None and old.ns_agrees),
                          ew_agrees or (same and old is not None and old.ew_agrees), by.strip()[:40])
        if self.movement == "knockout":
            self._check_knockout_entry(rnd, table, ns, ew, old, res)
        self.results[(rnd, table)] = res
        return res

    def _check_knockout_entry(self, rnd: int, table: int, ns: int, ew: int, old: TableResult | None,
                              new: TableResult) -> None:
        """S3's tie rule (``TIE_SOURCE``); and a game whose winner has played on keeps its winner
        (the later game's result would have nobody to belong to)."""
        if ns == ew:
            raise TournamentError("knockout_tie", table=table, total=ns)
        before = self._ko_seats()
        self.results[(rnd, table)] = new
        try:
            after = self._ko_seats()
        finally:
            if old is None:
                del self.results[(rnd, table)]
            else:
                self.results[(rnd, table)] = old
        moved = sorted(k for k in self.results if k != (rnd, table) and after.get(k) != before.get(k))
        if moved:
            raise TournamentError("winner_played_on", table=table, round=moved[0][0], later_table=moved[0][1])

    def _ko_seats(self) -> dict[tuple[int, int], tuple[str, str]]:
        """(round, table) -> (North-South, East-West) of every knockout game whose pairs are known."""
        return {(g.round, g.table): self.knockout_positions(g) for games in self.bracket_games()
                for g in games if g.ready}

    def _game(self, rnd: int, table: int) -> Seating:
        for s in self.seating(rnd):
            if s.table == table:
                return s
        tables = sorted(s.table for s in self.seating(rnd))
        raise TournamentError("no_table", table=table, round=rnd, tables=", ".join(map(str, tables)))

    def games(self) -> list[GameResult]:
        """Every confirmed result as a game between two pairs."""
        return [GameResult(rnd, s.ns, s.ew, res.ns, res.ew)
                for (rnd, table), res in sorted(self.results.items()) if res.confirmed
                for s in [self._game(rnd, table)]]

    def round_seed(self, rnd: int) -> int | str:
        """The seed every table of a duplicate round deals from: fixed when the event is made and the
        same for every table. A fair seed ("fair:", from the event's secret, so each hand's seed can
        be revealed when it ends without giving away the round's other deals); an event stored
        before events had a secret keeps its number from the drawn seed."""
        if self.secret:
            return FAIR_PREFIX + hashlib.sha256(f"{self.secret}/round {rnd}".encode()).hexdigest()[:32]
        digest = hashlib.sha256(f"{self.seed}/round {rnd}".encode()).digest()
        return int.from_bytes(digest[:6], "big")

    def standings(self, duplicate_match_points: dict[str, int] | None = None) -> list[dict[str, Any]]:
        """The standings (``ranking.rank`` with the event's options) from confirmed results only;
        a pair that sat out a round so far is scored as the options say (its average, by default).
        ``duplicate_match_points``: the match points of the duplicate rounds, compared deal by deal
        (``duplicate``), which replace those rounds' game-by-game comparison."""
        games = self.games()
        if self.movement == "knockout":
            return self._knockout_standings(games)
        if self.partnering == "gvr":   # partners change: each player scores their side's game
            games = [GameResult(g.round, a, b, g.score_a, g.score_b) for g in games
                     for a, b in zip(self.players_of(g.a), self.players_of(g.b), strict=True)]
        mv = self.moves()
        outs: dict[str, int] = {}
        for rnd, out in enumerate(mv.sit_outs, start=1):   # (a knockout's byes are not sit-outs)
            if rnd <= self.clock.round:
                for p in out:
                    outs[p] = outs.get(p, 0) + 1
        extra = None
        if duplicate_match_points is not None:
            extra = dict(duplicate_match_points)
            others = [g for g in games if g.round not in self.duplicate]
            for (_rnd, pair), mp in round_match_points(others).items():
                extra[pair] = extra.get(pair, 0) + mp
        played = {p for g in games for p in (g.a, g.b)}
        outs = {p: n for p, n in outs.items() if p in played}   # no average of nothing yet
        ranked = rank(games, self.ranking, outs, extra)
        seen = {r.pair for r in ranked}
        rows = [{"rank": r.place, "pair": r.pair, "wins": r.wins, "points": r.points,
                 "match_points": r.match_points, "played": r.games} for r in ranked]
        last = len(rows) + 1
        rows += [{"rank": last, "pair": p, "wins": 0.0, "points": 0, "match_points": 0, "played": 0}
                 for p in self.players() if p not in seen]
        return rows

    def _knockout_standings(self, games: list[GameResult]) -> list[dict[str, Any]]:
        """Single elimination's order: the champion, the finalist, then the pairs by the round they
        went out in (sharing the place); pairs still in come first, without a place yet (``None``)."""
        ranked = {r.pair: r for r in rank(games, self.ranking)}
        places = self.bracket().places(self.winners())
        seed = {p: i for i, p in enumerate(self.order)}
        order = sorted(self.order, key=lambda p: (places[p] is not None, places[p] or 0, seed[p]))
        rows = []
        for p in order:
            r = ranked.get(p)
            rows.append({"rank": places[p], "pair": p, "wins": r.wins if r else 0.0,
                         "points": r.points if r else 0, "match_points": r.match_points if r else 0,
                         "played": r.games if r else 0, "seed": seed[p] + 1})
        return rows

    def bracket_view(self) -> dict[str, Any]:
        """The bracket as the big screen and the print show it: each round's games with their pairs
        (seed, or the game they come from), table, North-South and East-West, the totals once
        entered, the winner; the seeding draw and the champion."""
        rounds = []
        for games in self.bracket_games():
            out = []
            for g in games:
                res = self.results.get((g.round, g.table)) if g.ready else None
                ns, ew = self.knockout_positions(g) if g.ready else (None, None)
                out.append({"round": g.round, "place": g.place, "table": g.table, "bye": g.bye,
                            "upper": _slot(g.upper), "lower": _slot(g.lower), "winner": g.winner,
                            "ns": ns, "ew": ew, "draw": [list(x) for x in self.knockout_draw(g)],
                            "result": None if res is None else {"ns": res.ns, "ew": res.ew,
                                                                "confirmed": res.confirmed}})
            rounds.append(out)
        return {"rounds": rounds, "champion": rounds[-1][0]["winner"], "size": self.bracket().size,
                "seeds": list(self.order), "seed_draws": [list(x) for x in self.seed_draws],
                "source": KNOCKOUT_SOURCE, "seats": KNOCKOUT_SEATS,
                "tie_rule": TIE_SOURCE}

    # ---------------------------------------------------------------- the clock
    def clock_view(self, now: float) -> dict[str, Any]:
        c = self.clock
        t = c.elapsed(now)
        played = c.played(now)
        total = self.options.game_minutes * 60
        status = clock_status(t, self.options)
        return {"round": c.round, "rounds": self.options.games,
                "running": c.started is not None and c.paused is None, "started": c.started is not None,
                "elapsed": t, "remaining": total if played is None else max(0.0, total - played),
                "status": status.value, "warning_at": self.options.warning_minutes * 60,
                "game_seconds": total, "time": status is ClockStatus.TIME}

    def clock_action(self, what: str, now: float) -> None:
        """The director's buttons: start, pause, resume, plus (a minute more), minus, next round."""
        c = self.clock
        if what == "start":
            if c.started is not None:
                raise TournamentError("clock_started")
            c.started = now
        elif what == "pause":
            if c.started is None or c.paused is not None:
                raise TournamentError("clock_not_running")
            c.paused = now
        elif what == "resume":
            if c.paused is None:
                raise TournamentError("clock_not_paused")
            c.shift += now - c.paused
            c.paused = None
        elif what in ("plus", "minus"):
            if c.started is None:
                raise TournamentError("clock_not_started")
            c.shift += 60.0 if what == "plus" else -60.0
        elif what == "next":
            if c.round >= self.options.games:
                raise TournamentError("clock_last_round", round=c.round, n=self.options.games)
            self.clock = Clock(round=c.round + 1)
        else:
            raise TournamentError("clock_action", value=repr(what))

    # ---------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "preset": self.preset, "pairs": self.pairs, "draw": self.draw,
                "seed": self.seed,
                "options": {k: v for k, (v, _s) in self.options.table().items()},
                "order": self.order, "movement": self.movement,
                "ranking": {"rank_by": self.ranking.rank_by, "tie_breaks": list(self.ranking.tie_breaks),
                            "sit_out": self.ranking.sit_out},
                "results": [{"round": r, "table": t, "ns": x.ns, "ew": x.ew, "ns_agrees": x.ns_agrees,
                             "ew_agrees": x.ew_agrees, "by": x.by}
                            for (r, t), x in sorted(self.results.items())],
                "clock": {"round": self.clock.round, "started": self.clock.started,
                          "paused": self.clock.paused, "shift": self.clock.shift},
                "overrides": self.overrides,
                "online": [{"round": r, "table": t, "table_id": tid}
                           for (r, t), tid in sorted(self.online.items())],
                "duplicate": sorted(self.duplicate), "draws": self.draws, "secret": self.secret,
                "partnering": self.partnering, "seed_draws": [list(x) for x in self.seed_draws]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        try:
            ev = cls(str(d["name"]), str(d["preset"]), [str(p) for p in d["pairs"]],
                     frame_options(**d["options"]), str(d["draw"]), int(d["seed"]),
                     [str(x) for x in d["order"]], str(d["movement"]),
                     RankOptions(str(d["ranking"]["rank_by"]), tuple(map(str, d["ranking"]["tie_breaks"])),
                                 str(d["ranking"]["sit_out"])))
            ev.results = {(int(x["round"]), int(x["table"])): TableResult(
                int(x["ns"]), int(x["ew"]), bool(x["ns_agrees"]), bool(x["ew_agrees"]), str(x.get("by", "")))
                for x in d.get("results", [])}
            ev.overrides = dict(d.get("overrides", {}))
            ev.online = {(int(x["round"]), int(x["table"])): str(x["table_id"]) for x in d.get("online", [])}
            ev.duplicate = {int(x) for x in d.get("duplicate", [])}
            ev.draws = [str(x) for x in d.get("draws", [])]
            ev.secret = str(d.get("secret", ""))
            ev.partnering = str(d.get("partnering", "fixed"))
            ev.seed_draws = [(str(a), str(b)) for a, b in d.get("seed_draws", [])]
            c = d.get("clock", {})
            ev.clock = Clock(int(c.get("round", 1)), c.get("started"), c.get("paused"),
                             float(c.get("shift", 0.0)))
        except (KeyError, TypeError, ValueError) as e:
            raise TournamentError("not_an_event", reason=f"{e!r:.80}") from None
        return ev

    def view(self, now: float, duplicate_match_points: dict[str, int] | None = None) -> dict[str, Any]:
        """Everything the director's pages show."""
        rounds = []
        mv = self.moves()
        for rnd, (game, outs) in enumerate(zip(mv.rounds, mv.sit_outs, strict=True), start=1):
            tables = []
            for s in game:
                res = self.results.get((rnd, s.table))
                tables.append({"table": s.table, "ns": s.ns, "ew": s.ew,
                               "online": self.online.get((rnd, s.table)), "result": None if res is None else {
                    "ns": res.ns, "ew": res.ew, "ns_agrees": res.ns_agrees, "ew_agrees": res.ew_agrees,
                    "confirmed": res.confirmed, "by": res.by}})
            knockout = self.movement == "knockout"
            rounds.append({"round": rnd, "tables": tables, "sit_outs": [] if knockout else list(outs),
                           "byes": list(outs) if knockout else [], "duplicate": rnd in self.duplicate,
                           "waiting": self._waiting(rnd) if knockout else 0})
        return {"name": self.name, "preset": self.preset, "pairs": self.pairs, "draw": self.draw,
                "movement": mv.name, "movement_source": mv.source,
                "ranking": self.ranking.text(),
                "options": self.to_dict()["options"], "rounds": rounds,
                "guides": self.guides(), "partnering": self.partnering,
                "partner_lines": ([x for _t, _g, x, _l in self.gvr_rounds()[1]] if self.partnering == "gvr"
                                  else []),
                "partner_notes": ([n for _t, _g, _x, n in self.gvr_rounds()[1]] if self.partnering == "gvr"
                                  else []),
                "movement_code": "gvr" if self.partnering == "gvr" else self.movement,
                "ranking_rule": (self.ranking.rule() if self.movement != "knockout" else
                                 {"key": "tournament.ranked_knockout", "criteria": {}, "sit_out": None}),
                "draw_lines": self.draw_lines(),
                "sources": self.sources(),
                "standings": self.standings(duplicate_match_points), "overrides": self.overrides,
                "draws": self.draws,
                "draw_source": (KNOCKOUT_SOURCE + "; " + KNOCKOUT_SEATS if self.movement == "knockout"
                                else HIGH_CARD_SOURCE if self.draw == "high_card" else ""),
                "on_time": self.options.on_time,
                "table_cards": self.table_cards(),
                "repeats": [list(x) for x in self.repeats()],
                "knockout": self.bracket_view() if self.movement == "knockout" else None,
                "clock": self.clock_view(now)}

    def _waiting(self, rnd: int) -> int:
        """The knockout games of a round whose pairs are not known yet (the round before goes on)."""
        return sum(1 for g in self.bracket_games()[rnd - 1] if not g.bye and not g.ready)


@lru_cache(maxsize=1024)
def _table_draw(key: str, options: FrameOptions) -> PositionDraw:
    """S3 B's draw at a knockout game's table (seeded: the same key, the same cards), drawn once: a
    bracket's view asks for it at every game of every round."""
    return draw_for_positions(key, options)


def _slot(s: Any) -> dict[str, Any]:
    return {"pair": s.pair, "seed": s.seed, "from": list(s.comes_from) if s.comes_from else None}


def _check_gvr(names: list[str], games: int) -> None:
    """S2's partnering needs full tables of four, each pair's two players by name, and 2 or 3 games."""
    if len(names) % 2:
        raise TournamentError("gvr_odd", n=len(names))
    if games not in (2, 3):
        raise TournamentError("gvr_games", games=games)
    players: list[str] = []
    for n in names:
        got = pair_players(n)
        if got is None:
            raise TournamentError("gvr_players", value=repr(n))
        players += got
    if len(set(players)) != len(players):
        dup = sorted({p for p in players if players.count(p) > 1})
        raise TournamentError("players_same_name", names=", ".join(dup))


def event_options(games: int, game_minutes: int, warning_minutes: int,
                  on_time: str = "finish_hand") -> FrameOptions:
    """The S3 B frame with an event's number of rounds, clock and what is done when time is called."""
    return replace(frame_options(), games=games, game_minutes=game_minutes, warning_minutes=warning_minutes,
                   on_time=on_time)


def _high_card_order(names: list[str], seed: int, options: FrameOptions) -> tuple[list[str], list[str]]:
    """S3 B's high-card draw at each table (``HIGH_CARD_SOURCE``): the pairs in listed order meet
    two by two; the high card takes North-South. The movement's order: North-South pairs first;
    and the draws in English (the event keeps them; its page says them from ``draw_lines``)."""
    ns: list[str] = []
    ew: list[str] = []
    said = []
    for table, teams, d in _high_card_draws(tuple(names), seed, options):
        north, east = choose_positions(teams, d, "NS")
        ns.append(north)
        ew.append(east)
        said.append(f"Table {table}: {d.text(teams)} North-South")
    if len(names) % 2:  # the last table's East-West seat is the missing pair's (sits out or phantom)
        ns.append(names[-1])
        said.append(f"{names[-1]} has no opponent in the draw: North-South at the last table")
    return ns + ew, said


@lru_cache(maxsize=256)
def _high_card_draws(names: tuple[str, ...], seed: int, options: FrameOptions) -> tuple[
        tuple[int, tuple[str, str], PositionDraw], ...]:
    """Each table's draw of ``_high_card_order``: (table, the two pairs, the cards drawn); seeded,
    so the event's page draws them again to say them in the reader's language."""
    return tuple((t, (names[2 * t - 2], names[2 * t - 1]), draw_for_positions(f"{seed}/table {t}", options))
                 for t in range(1, len(names) // 2 + 1))
