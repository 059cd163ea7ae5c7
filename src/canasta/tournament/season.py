"""A club's season: its roster of members, every club night's results kept, and the season's table.

Why: a club night is one event (``event``), but a club ranks its members over a season, and "Ann
Smith" must be the same person on every night however the pairs were made up. So the club keeps a
roster (each member an id and a name; a name may be corrected, the member stays), and each night's
results are kept as the event gave them, each pair's players found on the roster by name. A name
that is not on the roster is refused with the names it may have meant: a typo would otherwise make a
second member.

The season's table ranks the members by the club's choice (``SeasonRule``): the total of their
match points over the nights, the best N nights' match points, or the average per night played.
Each player of a pair scores the pair's match points (with S2's partners changing at the table, the
event already ranks each player). Members equal on the chosen figure share the place; the nights
played and the total are shown beside it. Pure data: the server stores a club as one document.
"""

from __future__ import annotations

import difflib
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..messages import Template, render
from ..presets import preset_title
from .event import Event, pair_players
from .options import TournamentError

RANK_BY = ("total", "best", "average")
SOURCE = {
    "total": "the club's choice: the total of each member's match points over the season's nights",
    "best": "the club's choice: each member's best {best} nights' match points (best {best} of the nights "
            "held)",
    "average": "the club's choice: each member's match points per night played",
}

#: English templates of the season's refusals, by code.
MESSAGES: dict[str, Template] = {
    "no_name": "a member needs a name",
    "same_name": "{name} is on the roster already",
    "no_member": "there is no member {member} on the roster",
    "rank_by": "the season ranks by total, best or average, not {value}",
    "best_n": "best N of the nights: N is a whole number from 1 to 100, not {value}",
    "not_on_roster": ("not on the club's roster: {names}; add them to the roster, or correct the names "
                      "in the event",
                      "not on the club's roster: {names}; add them to the roster, or correct the names "
                      "in the event"),
    "pair_players": "{pair}: a club night's pairs are written with their two players, like 'Ann Smith & "
                    "Bob Jones'",
    "no_results": "{event} has no confirmed result yet: there is nothing to keep",
    "no_night": "there is no night {n} in the season",
    "bad_date": "the date of a night is written 2026-03-14, not {value}",
    "too_many": "a roster holds at most {most} members",
    "not_a_club": "not a club: {reason}",
}
MAX_MEMBERS = 1000


class SeasonError(TournamentError):
    """A roster or season change that cannot be taken: a code and its data, with the English sentence."""

    def __init__(self, code: str, **data: Any) -> None:
        super().__init__(render(MESSAGES[code], data))   # (not a tournament code: the season's own)
        self.code = code
        self.data = data


def normal(name: str) -> str:
    """A name as the roster compares it: spaces collapsed, case ignored ("ann  SMITH" is Ann Smith)."""
    return " ".join(name.split()).casefold()


@dataclass
class Member:
    id: str
    name: str


@dataclass
class NightRow:
    """One pair (or, with S2's partners, one player) of a night, as the event ranked it, with the
    members it stands for."""

    pair: str
    members: list[str]              # member ids
    place: int | None
    match_points: float
    points: float
    wins: float
    played: int


@dataclass
class Night:
    """A club night kept: the event's name, date and results (standings and every confirmed table)."""

    event_id: str
    name: str
    date: str
    preset: str
    ranking: str
    rows: list[NightRow]
    tables: list[dict[str, Any]] = field(default_factory=list)   # round, table, ns, ew, ns_total, ew_total

    def points_of(self) -> dict[str, float]:
        """Each member's match points this night (a pair that played no game, sitting out every round,
        was not there that night)."""
        return {m: row.match_points for row in self.rows if row.played for m in row.members}


@dataclass(frozen=True)
class SeasonRule:
    rank_by: str = "total"
    best: int = 4

    def __post_init__(self) -> None:
        if self.rank_by not in RANK_BY:
            raise SeasonError("rank_by", value=repr(self.rank_by))
        if isinstance(self.best, bool) or not isinstance(self.best, int) or not 1 <= self.best <= 100:
            raise SeasonError("best_n", value=repr(self.best))

    def text(self) -> str:
        return SOURCE[self.rank_by].format(best=self.best)


@dataclass
class Club:
    name: str
    season: str = ""
    rule: SeasonRule = field(default_factory=SeasonRule)
    members: list[Member] = field(default_factory=list)
    nights: list[Night] = field(default_factory=list)
    events: list[str] = field(default_factory=list)     # the events made for the club (its nights)
    read_key: str = ""                                  # the read-only results link's key

    # ---------------------------------------------------------------- the roster
    def member(self, name: str) -> Member | None:
        key = normal(name)
        return next((m for m in self.members if normal(m.name) == key), None)

    def add_member(self, name: str) -> Member:
        clean = " ".join(str(name).split())[:40]
        if not clean:
            raise SeasonError("no_name")
        known = self.member(clean)
        if known is not None:
            raise SeasonError("same_name", name=known.name)
        if len(self.members) >= MAX_MEMBERS:
            raise SeasonError("too_many", most=MAX_MEMBERS)
        m = Member(secrets.token_hex(4), clean)
        while any(x.id == m.id for x in self.members):   # pragma: no cover - 32 random bits
            m = Member(secrets.token_hex(4), clean)
        self.members.append(m)
        return m

    def rename(self, member_id: str, name: str) -> Member:
        """Correct a member's name: the member (and every night they played) stays."""
        m = next((x for x in self.members if x.id == member_id), None)
        if m is None:
            raise SeasonError("no_member", member=member_id)
        clean = " ".join(str(name).split())[:40]
        if not clean:
            raise SeasonError("no_name")
        other = self.member(clean)
        if other is not None and other is not m:
            raise SeasonError("same_name", name=other.name)
        m.name = clean
        return m

    def unknown(self, names: list[str]) -> list[str]:
        """The names not on the roster, each with the member it may have meant ("Ann Smth (Ann Smith?)")."""
        known = [m.name for m in self.members]
        out = []
        for n in names:
            if self.member(n) is None:
                close = difflib.get_close_matches(n, known, n=1, cutoff=0.75)
                out.append(f"{n} ({close[0]}?)" if close else n)
        return out

    def players_of(self, ev: Event) -> list[str]:
        """Every player of an event by name (a pair's two, or S2's players), refused when a pair is not
        written with its players."""
        if ev.partnering == "gvr":
            return ev.players()
        out: list[str] = []
        for pair in ev.pairs:
            got = pair_players(pair)
            if got is None:
                raise SeasonError("pair_players", pair=pair)
            out += got
        return out

    def check_names(self, ev: Event, add_missing: bool = False) -> None:
        """Every player of the event is a member (or is added, when ``add_missing``)."""
        players = self.players_of(ev)
        missing = [p for p in dict.fromkeys(players) if self.member(p) is None]
        if missing and not add_missing:
            shown = self.unknown(missing)
            raise SeasonError("not_on_roster", names=", ".join(shown), n=len(shown), missing=missing)
        for p in missing:
            self.add_member(p)

    # ---------------------------------------------------------------- the nights
    def keep(self, event_id: str, ev: Event, date: str, add_missing: bool = False) -> Night:
        """Keep an event's results as a night of the season (again: its results are replaced, its
        place in the season stays). Only confirmed results count, as in the event's standings."""
        if not _is_date(date):
            raise SeasonError("bad_date", value=repr(date))
        self.check_names(ev, add_missing)
        if not ev.games():
            raise SeasonError("no_results", event=ev.name)
        rows = []
        for row in ev.standings():
            names = [row["pair"]] if ev.partnering == "gvr" else list(pair_players(row["pair"]) or ())
            ids = [m.id for n in names for m in [self.member(n)] if m is not None]
            rows.append(NightRow(row["pair"], ids, row["rank"], float(row["match_points"]),
                                 float(row["points"]), float(row["wins"]), int(row["played"])))
        tables = []
        for (rnd, t), res in sorted(ev.results.items()):
            if res.confirmed:
                ns, ew = _seat(ev, rnd, t)
                tables.append({"round": rnd, "table": t, "ns": ns, "ew": ew, "ns_total": res.ns,
                               "ew_total": res.ew})
        night = Night(event_id, ev.name, date, ev.preset, ev.ranking.text(), rows, tables)
        for i, old in enumerate(self.nights):
            if old.event_id == event_id:
                self.nights[i] = night
                break
        else:
            self.nights.append(night)
            self.nights.sort(key=lambda x: x.date)
        return night

    def night(self, n: int) -> Night:
        if not 1 <= n <= len(self.nights):
            raise SeasonError("no_night", n=n)
        return self.nights[n - 1]

    # ---------------------------------------------------------------- the table
    def table(self) -> list[dict[str, Any]]:
        """The season's table: per member who played, the nights played, each night's match points
        (None: not there), the total, the best N nights, the average; ranked by the club's rule,
        members equal on it sharing the place."""
        per_night = [n.points_of() for n in self.nights]
        rows: list[dict[str, Any]] = []
        for m in self.members:
            scores = [p.get(m.id) for p in per_night]
            played = [s for s in scores if s is not None]
            if not played:
                continue
            total = sum(played)
            best = sum(sorted(played, reverse=True)[:self.rule.best])
            rows.append({"member": m.id, "name": m.name, "nights": len(played), "scores": scores,
                         "total": total, "best": best, "average": round(total / len(played), 2)})
        key = self.rule.rank_by
        rows.sort(key=lambda r: (-float(r[key]), normal(str(r["name"]))))
        for i, r in enumerate(rows):
            r["place"] = rows[i - 1]["place"] if i and rows[i - 1][key] == r[key] else i + 1
        return rows

    # ---------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "season": self.season,
                "rule": {"rank_by": self.rule.rank_by, "best": self.rule.best},
                "members": [{"id": m.id, "name": m.name} for m in self.members],
                "nights": [{"event_id": n.event_id, "name": n.name, "date": n.date, "preset": n.preset,
                            "ranking": n.ranking, "tables": n.tables,
                            "rows": [{"pair": r.pair, "members": r.members, "place": r.place,
                                      "match_points": r.match_points, "points": r.points, "wins": r.wins,
                                      "played": r.played} for r in n.rows]} for n in self.nights],
                "events": self.events, "read_key": self.read_key}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Club:
        try:
            club = cls(str(d["name"]), str(d.get("season", "")),
                       SeasonRule(str(d["rule"]["rank_by"]), int(d["rule"]["best"])),
                       [Member(str(m["id"]), str(m["name"])) for m in d["members"]],
                       [Night(str(n["event_id"]), str(n["name"]), str(n["date"]), str(n["preset"]),
                              str(n["ranking"]),
                              [NightRow(str(r["pair"]), [str(x) for x in r["members"]],
                                        None if r["place"] is None else int(r["place"]),
                                        float(r["match_points"]), float(r["points"]), float(r["wins"]),
                                        int(r["played"])) for r in n["rows"]],
                              [dict(t) for t in n.get("tables", [])]) for n in d["nights"]],
                       [str(x) for x in d.get("events", [])], str(d.get("read_key", "")))
        except (KeyError, TypeError, ValueError) as e:
            raise SeasonError("not_a_club", reason=f"{e!r:.80}") from None
        return club

    def view(self) -> dict[str, Any]:
        """What the season's pages show (the read-only one too: no link, no secret)."""
        return {"name": self.name, "season": self.season, "rule": {"rank_by": self.rule.rank_by,
                                                                   "best": self.rule.best},
                "rule_text": self.rule.text(),
                "members": [{"id": m.id, "name": m.name} for m in self.members],
                "nights": [{"n": i + 1, "event_id": n.event_id, "name": n.name, "date": n.date,
                            "preset": n.preset, "pairs": len(n.rows)} for i, n in enumerate(self.nights)],
                "table": self.table()}

    def night_view(self, n: int) -> dict[str, Any]:
        night = self.night(n)
        names = {m.id: m.name for m in self.members}
        return {"club": self.name, "season": self.season, "n": n, "name": night.name, "date": night.date,
                "preset": night.preset, "title": preset_title(night.preset), "ranking": night.ranking,
                "rows": [{"pair": r.pair, "players": [names.get(x, "") for x in r.members], "place": r.place,
                          "match_points": r.match_points, "points": r.points, "wins": r.wins,
                          "played": r.played} for r in night.rows],
                "tables": night.tables}


def _seat(ev: Event, rnd: int, table: int) -> tuple[str, str]:
    s = next(x for x in ev.seating(rnd) if x.table == table)
    return s.ns, s.ew


def _is_date(text: str) -> bool:
    from datetime import date
    try:
        date.fromisoformat(text)
    except (TypeError, ValueError):
        return False
    return len(text) == 10


__all__ = ["MESSAGES", "RANK_BY", "Club", "Member", "Night", "NightRow", "SeasonError", "SeasonRule",
           "normal"]
