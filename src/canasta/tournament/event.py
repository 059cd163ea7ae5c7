"""A club's tournament afternoon as the director runs it: pairs, seats drawn, rounds on the clock,
each table's score confirmed by both pairs, and the standings.

Why here: the director's page, the big-screen clock and any command use one model, built on the S3
§B frame (``movement``, ``standings``, ``FrameOptions``): the seating of every round comes from the
movement, the ranking from ``standings``, the clock's phases from ``clock_status``. An odd number
of pairs gets a phantom pair: whoever meets it sits out that round (no score, no game).

The clock is kept as facts (when it was started, paused, moved), never as a ticking counter, so a
reloaded page or a restarted server shows the same time: ``elapsed(now)`` computes it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from .clock import ClockStatus, clock_status
from .movement import Seating, movement, repeat_meetings, standings
from .options import FrameOptions, TournamentError, frame_options

SIT_OUT = "(sits out)"
DRAWS = ("random", "as_listed")


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
    ns: list[str] = field(default_factory=list)
    ew: list[str] = field(default_factory=list)
    results: dict[tuple[int, int], TableResult] = field(default_factory=dict)   # (round, table)
    clock: Clock = field(default_factory=Clock)

    @classmethod
    def new(cls, name: str, preset: str, pairs: list[str], options: FrameOptions | None = None,
            draw: str = "random", seed: int | None = None) -> Event:
        """Register the pairs and draw the seats: half North-South, half East-West (with a phantom
        pair when their number is odd)."""
        names = [" ".join(str(p).split())[:40] for p in pairs]
        if any(not n for n in names):
            raise TournamentError("every pair needs a name")
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise TournamentError(f"two pairs have the same name: {', '.join(dup)}")
        if len(names) < 2:
            raise TournamentError("an event needs at least two pairs")
        if len(names) > 60:
            raise TournamentError(f"{len(names)} pairs: at most 60 in one event")
        if draw not in DRAWS:
            raise TournamentError(f"seats are drawn {' or '.join(DRAWS)}, not {draw!r}")
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        order = list(names)
        if draw == "random":
            random.Random(seed).shuffle(order)
        if len(order) % 2:
            order.append(SIT_OUT)
        half = len(order) // 2
        opts = options or FrameOptions()
        return cls(name.strip()[:80] or "Tournament", preset, names, opts, draw, seed, order[:half],
                   order[half:])

    # ---------------------------------------------------------------- the movement
    @property
    def tables(self) -> int:
        return len(self.ns)

    @property
    def rounds(self) -> list[list[Seating]]:
        """Every round's seatings (S3 B: East-West move up one table each game)."""
        return movement(self.ns, self.ew, self.options.games)

    def seating(self, rnd: int) -> list[Seating]:
        if not 1 <= rnd <= self.options.games:
            raise TournamentError(f"there is no round {rnd} (rounds 1 to {self.options.games})")
        return self.rounds[rnd - 1]

    def repeats(self) -> list[tuple[str, str, int]]:
        """Pairs that meet again (fewer tables than rounds), as S3 B's movement makes them."""
        return repeat_meetings(self.rounds)

    def guide(self, pair: str) -> list[tuple[int, int, str, str]]:
        """A pair's guide card: (round, table, direction, opponents); table 0 = sits out."""
        out = []
        for rnd, game in enumerate(self.rounds, start=1):
            for s in game:
                if pair in (s.ns, s.ew):
                    direction, other = ("North-South", s.ew) if s.ns == pair else ("East-West", s.ns)
                    out.append((rnd, 0 if other == SIT_OUT else s.table, direction, other))
        if not out:
            raise TournamentError(f"no pair is called {pair!r}")
        return out

    # ---------------------------------------------------------------- scores
    def enter(self, rnd: int, table: int, ns: int, ew: int, by: str = "",
              ns_agrees: bool = False, ew_agrees: bool = False) -> TableResult:
        """A table's totals from its sheet (or changed: the pairs must agree again)."""
        s = self._game(rnd, table)
        if SIT_OUT in (s.ns, s.ew):
            raise TournamentError(f"round {rnd}, table {table}: a pair sits out there; no game, no score")
        for who, v in (("North-South", ns), ("East-West", ew)):
            if isinstance(v, bool) or not isinstance(v, int) or abs(v) > 1_000_000:
                raise TournamentError(f"{who}'s total must be a whole number, not {v!r}")
        old = self.results.get((rnd, table))
        same = old is not None and (old.ns, old.ew) == (ns, ew)
        res = TableResult(ns, ew, ns_agrees or (same and old is not None and old.ns_agrees),
                          ew_agrees or (same and old is not None and old.ew_agrees), by.strip()[:40])
        self.results[(rnd, table)] = res
        return res

    def _game(self, rnd: int, table: int) -> Seating:
        game = self.seating(rnd)
        if not 1 <= table <= len(game):
            raise TournamentError(f"there is no table {table} (tables 1 to {len(game)})")
        return game[table - 1]

    def standings(self) -> list[dict[str, Any]]:
        """Pairs ranked by games won, then total points (the frame's ranking), from confirmed
        results only; a pair that sat out a round has played one game fewer."""
        games = []
        played: dict[str, int] = {}
        for (rnd, table), res in sorted(self.results.items()):
            if not res.confirmed:
                continue
            s = self._game(rnd, table)
            games.append((s.ns, s.ew, res.ns, res.ew))
            played[s.ns] = played.get(s.ns, 0) + 1
            played[s.ew] = played.get(s.ew, 0) + 1
        ranked = standings(games)
        seen = {st.team for st in ranked}
        out = [{"rank": 0, "pair": st.team, "wins": st.wins, "points": st.points,
                "played": played.get(st.team, 0)} for st in ranked]
        out += [{"rank": 0, "pair": p, "wins": 0.0, "points": 0, "played": 0}
                for p in self.pairs if p not in seen]
        for i, row in enumerate(out):
            prev = out[i - 1] if i else None
            same = prev is not None and (prev["wins"], prev["points"]) == (row["wins"], row["points"])
            row["rank"] = prev["rank"] if same and prev is not None else i + 1
        return out

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
                raise TournamentError("the clock of this round has started; pause or resume it")
            c.started = now
        elif what == "pause":
            if c.started is None or c.paused is not None:
                raise TournamentError("the clock is not running")
            c.paused = now
        elif what == "resume":
            if c.paused is None:
                raise TournamentError("the clock is not paused")
            c.shift += now - c.paused
            c.paused = None
        elif what in ("plus", "minus"):
            if c.started is None:
                raise TournamentError("start the clock first")
            c.shift += 60.0 if what == "plus" else -60.0
        elif what == "next":
            if c.round >= self.options.games:
                raise TournamentError(f"round {c.round} is the last ({self.options.games} rounds)")
            self.clock = Clock(round=c.round + 1)
        else:
            raise TournamentError(f"the clock has start, pause, resume, plus, minus and next, not {what!r}")

    # ---------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "preset": self.preset, "pairs": self.pairs, "draw": self.draw,
                "seed": self.seed,
                "options": {k: v for k, (v, _s) in self.options.table().items()},
                "ns": self.ns, "ew": self.ew,
                "results": [{"round": r, "table": t, "ns": x.ns, "ew": x.ew, "ns_agrees": x.ns_agrees,
                             "ew_agrees": x.ew_agrees, "by": x.by}
                            for (r, t), x in sorted(self.results.items())],
                "clock": {"round": self.clock.round, "started": self.clock.started,
                          "paused": self.clock.paused, "shift": self.clock.shift}}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        try:
            ev = cls(str(d["name"]), str(d["preset"]), [str(p) for p in d["pairs"]],
                     frame_options(**d["options"]), str(d["draw"]), int(d["seed"]),
                     [str(x) for x in d["ns"]], [str(x) for x in d["ew"]])
            ev.results = {(int(x["round"]), int(x["table"])): TableResult(
                int(x["ns"]), int(x["ew"]), bool(x["ns_agrees"]), bool(x["ew_agrees"]), str(x.get("by", "")))
                for x in d.get("results", [])}
            c = d.get("clock", {})
            ev.clock = Clock(int(c.get("round", 1)), c.get("started"), c.get("paused"),
                             float(c.get("shift", 0.0)))
        except (KeyError, TypeError, ValueError) as e:
            raise TournamentError(f"not an event: {e!r:.80}") from None
        return ev

    def view(self, now: float) -> dict[str, Any]:
        """Everything the director's pages show."""
        rounds = []
        for rnd, game in enumerate(self.rounds, start=1):
            tables = []
            for s in game:
                res = self.results.get((rnd, s.table))
                tables.append({"table": s.table, "ns": s.ns, "ew": s.ew, "sit_out": SIT_OUT in (s.ns, s.ew),
                               "result": None if res is None else {
                                   "ns": res.ns, "ew": res.ew, "ns_agrees": res.ns_agrees,
                                   "ew_agrees": res.ew_agrees, "confirmed": res.confirmed, "by": res.by}})
            rounds.append({"round": rnd, "tables": tables})
        return {"name": self.name, "preset": self.preset, "pairs": self.pairs, "draw": self.draw,
                "options": self.to_dict()["options"], "rounds": rounds,
                "guides": {p: [{"round": r, "table": t, "direction": d, "opponents": o}
                               for r, t, d, o in self.guide(p)] for p in self.pairs},
                "standings": self.standings(), "repeats": [list(x) for x in self.repeats()],
                "clock": self.clock_view(now)}


def event_options(games: int, game_minutes: int, warning_minutes: int) -> FrameOptions:
    """The S3 B frame with an event's number of rounds and clock."""
    return replace(frame_options(), games=games, game_minutes=game_minutes, warning_minutes=warning_minutes)
