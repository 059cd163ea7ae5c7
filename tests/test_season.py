"""The club's season (canasta.tournament.season): a roster of members, three club nights kept, and the
season's table by total match points, best N of M nights and average, every figure worked by hand.

Match points (``ranking``): each pair's margin against every other pair's margin of the round, 2
per pair beaten and 1 per tie (ACBL). The three nights, one round of two tables each:

Night 1 (2026-01-08): Ann & Bob 3,000 v Ed & Flo 2,000 (+1,000 / -1,000); Cy & Di 2,500 v Gus & Hal
2,000 (+500 / -500). Match points: Ann & Bob 6, Cy & Di 4, Gus & Hal 2, Ed & Flo 0.
Night 2 (2026-01-15): Ann & Cy 1,800 v Ed & Gus 2,600 (-800 / +800); Bob & Di 2,200 v Flo & Hal 2,200
(a tie). Ed & Gus 6; Bob & Di and Flo & Hal 3 each (beat Ann & Cy, tie each other); Ann & Cy 0.
Night 3 (2026-01-22, Ann away, Ivy new): Bob & Cy 2,700 v Flo & Gus 2,400 (+300 / -300); Di & Ed 1,500
v Hal & Ivy 3,000 (-1,500 / +1,500). Hal & Ivy 6, Bob & Cy 4, Flo & Gus 2, Di & Ed 0.

Per member (nights: match points): Ann 6, 0 (2 nights: 6); Bob 6, 3, 4 (13); Cy 4, 0, 4 (8); Di 4, 3,
0 (7); Ed 0, 6, 0 (6); Flo 0, 3, 2 (5); Gus 2, 6, 2 (10); Hal 2, 3, 6 (11); Ivy 6 (1 night: 6).
Best 2: Ann 6, Bob 10, Cy 8, Di 7, Ed 6, Flo 5, Gus 8, Hal 9, Ivy 6.
Average: Ann 3, Bob 4.33, Cy 2.67, Di 2.33, Ed 2, Flo 1.67, Gus 3.33, Hal 3.67, Ivy 6.
"""

from __future__ import annotations

import pytest

from canasta.tournament.event import Event
from canasta.tournament.season import Club, SeasonError, SeasonRule

NIGHTS = [
    ("n1", "2026-01-08", ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"], [(3000, 2000), (2500, 2000)]),
    ("n2", "2026-01-15", ["Ann & Cy", "Bob & Di", "Ed & Gus", "Flo & Hal"], [(1800, 2600), (2200, 2200)]),
    ("n3", "2026-01-22", ["Bob & Cy", "Di & Ed", "Flo & Gus", "Hal & Ivy"], [(2700, 2400), (1500, 3000)]),
]


def night(pairs: list[str], results: list[tuple[int, int]]) -> Event:
    """One round, pairs as listed: the first half North-South at tables 1, 2 (S3 B's Mitchell)."""
    from canasta.tournament.event import event_options
    ev = Event.new("Club night", "gvr-club", pairs, event_options(1, 60, 10), draw="as_listed",
                   ranking=None)
    for table, (ns, ew) in enumerate(results, start=1):
        ev.enter(1, table, ns, ew, "", True, True)
    return ev


def season(rule: SeasonRule | None = None) -> Club:
    club = Club("Greenvale Canasta Club", "Winter 2026", rule or SeasonRule())
    for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"):
        club.add_member(name)
    for event_id, date, pairs, results in NIGHTS:
        club.keep(event_id, night(pairs, results), date, add_missing=event_id == "n3")
    return club


def table(club: Club, key: str) -> list[tuple[int, str, float]]:
    return [(r["place"], r["name"], r[key]) for r in club.table()]


def test_the_season_by_total_match_points() -> None:
    club = season()
    assert [n.date for n in club.nights] == ["2026-01-08", "2026-01-15", "2026-01-22"]
    assert table(club, "total") == [(1, "Bob", 13), (2, "Hal", 11), (3, "Gus", 10), (4, "Cy", 8),
                                    (5, "Di", 7), (6, "Ann", 6), (6, "Ed", 6), (6, "Ivy", 6), (9, "Flo", 5)]
    ann = next(r for r in club.table() if r["name"] == "Ann")
    assert ann["scores"] == [6, 0, None] and ann["nights"] == 2          # away on night 3


def test_the_season_by_the_best_two_nights() -> None:
    club = season(SeasonRule("best", 2))
    assert table(club, "best") == [(1, "Bob", 10), (2, "Hal", 9), (3, "Cy", 8), (3, "Gus", 8), (5, "Di", 7),
                                   (6, "Ann", 6), (6, "Ed", 6), (6, "Ivy", 6), (9, "Flo", 5)]
    assert "best 2 nights" in club.rule.text()


def test_the_season_by_average_per_night_played() -> None:
    club = season(SeasonRule("average"))
    assert table(club, "average") == [(1, "Ivy", 6.0), (2, "Bob", 4.33), (3, "Hal", 3.67), (4, "Gus", 3.33),
                                      (5, "Ann", 3.0), (6, "Cy", 2.67), (7, "Di", 2.33), (8, "Ed", 2.0),
                                      (9, "Flo", 1.67)]


def test_one_person_across_nights_whatever_the_spelling_and_a_name_corrected_keeps_the_history() -> None:
    """The roster matches names without regard to case or spaces ("gus" is Gus); correcting a member's
    name keeps every night they played."""
    club = season()
    gus = club.member("  gus ")
    assert gus is not None and gus.name == "Gus"
    club.rename(gus.id, "Gus Smith")
    row = next(r for r in club.table() if r["member"] == gus.id)
    assert (row["name"], row["total"], row["scores"]) == ("Gus Smith", 10, [2, 6, 2])
    with pytest.raises(SeasonError, match="Bob is on the roster already"):
        club.rename(gus.id, "bob")


def test_a_name_not_on_the_roster_is_refused_with_the_member_it_may_mean() -> None:
    club = Club("Greenvale")
    for name in ("Ann", "Bob", "Hal", "Cy"):
        club.add_member(name)
    ev = night(["Ann & Bob", "Cy & Hall"], [(3000, 2000)])
    with pytest.raises(SeasonError, match=r"not on the club's roster: Hall \(Hal\?\)"):
        club.keep("x", ev, "2026-02-01")
    assert not club.nights and len(club.members) == 4                  # nothing kept
    with pytest.raises(SeasonError, match="like 'Ann Smith & Bob Jones'"):
        club.keep("x", night(["Ann & Bob", "The Smiths"], [(3000, 2000)]), "2026-02-01")
    with pytest.raises(SeasonError, match="written 2026-03-14"):
        club.keep("x", night(["Ann & Bob", "Cy & Hal"], [(3000, 2000)]), "1/2/2026")


def test_keeping_a_night_again_replaces_its_results() -> None:
    """A result corrected in the event after the night was kept: keep it again, the night's place in
    the season stays and its figures change (night 1 table 2 becomes 2,000 v 2,500: Gus & Hal +500,
    4 match points, Cy & Di 2; Bob's total stays 13, Gus's becomes 12)."""
    club = season()
    ev = night(NIGHTS[0][2], [(3000, 2000), (2000, 2500)])
    club.keep("n1", ev, "2026-01-08")
    assert len(club.nights) == 3
    totals = {r["name"]: r["total"] for r in club.table()}
    assert (totals["Bob"], totals["Gus"], totals["Cy"]) == (13, 12, 6)
    assert Club.from_dict(club.to_dict()).table() == club.table()


def test_a_night_keeps_every_confirmed_table() -> None:
    club = season()
    view = club.night_view(2)
    assert [(t["ns"], t["ew"], t["ns_total"], t["ew_total"]) for t in view["tables"]] == [
        ("Ann & Cy", "Ed & Gus", 1800, 2600), ("Bob & Di", "Flo & Hal", 2200, 2200)]
    assert [(r["pair"], r["match_points"]) for r in view["rows"]][:1] == [("Ed & Gus", 6.0)]
    with pytest.raises(SeasonError, match="there is no night 4"):
        club.night_view(4)
