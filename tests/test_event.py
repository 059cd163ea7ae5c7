"""A tournament event (canasta.tournament.event): seats and the S3 B movement with an odd number of
pairs, scores confirmed by both pairs, standings worked by hand, the round clock, bad input."""

from __future__ import annotations

import json

import pytest

from canasta.tournament.event import SIT_OUT, Event, event_options
from canasta.tournament.options import TournamentError

PAIRS = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo"]


def listed() -> Event:
    return Event.new("Club afternoon", "nvso-tournament", PAIRS, event_options(3, 50, 10), "as_listed", 1)


def test_s3_b_east_west_move_up_one_table_with_a_pair_sitting_out() -> None:
    """S3 B: 'The East-West team will move to the next higher numbered table. The team with the
    highest numbered table moves to Table 1.' Five pairs: three tables, the third East-West seat
    empty; whoever would meet it sits out (worked by hand from the listed order)."""
    ev = listed()
    assert ev.order == PAIRS
    seat = [[(s.table, s.ns, s.ew) for s in game] for game in ev.rounds]
    assert seat == [
        [(1, "Ann & Bob", "Gus & Hal"), (2, "Cy & Di", "Ida & Jo")],
        [(2, "Cy & Di", "Gus & Hal"), (3, "Ed & Flo", "Ida & Jo")],
        [(1, "Ann & Bob", "Ida & Jo"), (3, "Ed & Flo", "Gus & Hal")],
    ]
    assert [r["sit_outs"] for r in ev.view(0)["rounds"]] == [["Ed & Flo"], ["Ann & Bob"], ["Cy & Di"]]
    assert ev.guide("Ed & Flo") == [(1, 0, "", SIT_OUT), (2, 3, "North-South", "Ida & Jo"),
                                    (3, 3, "North-South", "Gus & Hal")]
    assert ev.repeats() == []                      # three rounds, three tables: nobody meets twice
    assert ev.table_cards()["3"] == [{"round": 2, "ns": "Ed & Flo", "ew": "Ida & Jo"},
                                     {"round": 3, "ns": "Ed & Flo", "ew": "Gus & Hal"}]
    with pytest.raises(TournamentError, match="no game at table 3 in round 1"):
        ev.enter(1, 3, 100, 0)


def test_howell_and_round_robin_events_meet_everyone_once() -> None:
    ev = Event.new("E", "classic", ["A", "B", "C", "D", "E", "F"], event_options(5, 30, 5), "as_listed", 0,
                   movement="howell")
    met = {frozenset((s.ns, s.ew)) for game in ev.rounds for s in game}
    assert len(met) == 15 and ev.repeats() == []        # 6 pairs: every one of the 15 meetings once
    rr = Event.new("E", "classic", ["A", "B", "C"], event_options(3, 30, 5), "as_listed", 0,
                   movement="round_robin")
    assert [len(game) for game in rr.rounds] == [1, 1, 1]      # three pairs: one table, one sits out
    with pytest.raises(TournamentError, match="rounds, not 4"):
        Event.new("E", "classic", ["A", "B", "C"], event_options(4, 30, 5), movement="round_robin")


def test_standings_by_wins_then_points_from_confirmed_results_only() -> None:
    """Worked by hand (ranking's default: games won, then points; a pair sitting out scores its
    average per game played for that round). Round 1: Ann & Bob 2,525 beat Gus & Hal 2,075; Ida &
    Jo 2,000 beat Cy & Di 1,800; Ed & Flo sit out. Round 2 (Ann & Bob sit out): Cy & Di and Gus &
    Hal tie at 3,000 (half a win each); Ida & Jo 1,500 against Ed & Flo 500, agreed by North-South
    only, does not count yet. Ann & Bob: 1 win and 2,525 in one game, plus that average for the
    round out: 2 wins, 5,050. Ida & Jo 1, 2,000; Gus & Hal 0.5, 5,075; Cy & Di 0.5, 4,800; Ed &
    Flo have played nothing."""
    ev = listed()
    assert {r["rank"] for r in ev.standings()} == {1}    # nothing played yet: everyone level
    ev.clock_action("next", 0.0)                   # round 2 is under way
    ev.enter(1, 1, 2525, 2075, ns_agrees=True, ew_agrees=True)
    ev.enter(1, 2, 1800, 2000, ns_agrees=True, ew_agrees=True)
    ev.enter(2, 2, 3000, 3000, ns_agrees=True, ew_agrees=True)
    ev.enter(2, 3, 500, 1500, ns_agrees=True)
    got = [(r["rank"], r["pair"], r["wins"], r["points"], r["played"]) for r in ev.standings()]
    assert got == [(1, "Ann & Bob", 2.0, 5050, 1), (2, "Ida & Jo", 1.0, 2000, 1),
                   (3, "Gus & Hal", 0.5, 5075, 2), (4, "Cy & Di", 0.5, 4800, 2), (5, "Ed & Flo", 0.0, 0, 0)]
    ev.enter(2, 3, 500, 1500, ew_agrees=True)     # the same totals: North-South's agreement stands
    assert ev.results[(2, 3)].confirmed
    rows = {r["pair"]: (r["wins"], r["points"]) for r in ev.standings()}
    assert rows["Ida & Jo"] == (2.0, 3500) and rows["Ed & Flo"] == (0.0, 1000)   # 500 and its average
    ev.enter(2, 3, 505, 1500, ns_agrees=True)     # changed totals: both must agree again
    assert not ev.results[(2, 3)].confirmed


def test_equal_wins_and_points_share_a_rank() -> None:
    ev = Event.new("E", "classic", ["A", "B", "C", "D"], event_options(1, 30, 5), "as_listed", 0)
    ev.enter(1, 1, 1000, 500, ns_agrees=True, ew_agrees=True)
    ev.enter(1, 2, 1000, 500, ns_agrees=True, ew_agrees=True)
    assert [(r["rank"], r["pair"]) for r in ev.standings()] == [(1, "A"), (1, "B"), (3, "C"), (3, "D")]


def test_the_round_clock_s3_b_50_minutes_with_a_10_minute_warning() -> None:
    """S3 B: 50-minute games with a warning 10 minutes before the end. Times worked by hand."""
    ev = listed()
    assert ev.clock_view(0)["status"] == "waiting" and ev.clock_view(0)["remaining"] == 3000
    ev.clock_action("start", 1000.0)
    assert ev.clock_view(1600.0)["remaining"] == 2400 and ev.clock_view(1600.0)["status"] == "playing"
    ev.clock_action("pause", 1600.0)
    assert ev.clock_view(2000.0)["remaining"] == 2400                # paused: no time passes
    ev.clock_action("resume", 2000.0)
    ev.clock_action("plus", 2100.0)                                   # a minute more to play
    assert ev.clock_view(2100.0)["remaining"] == 2400 - 100 + 60
    assert ev.clock_view(2000.0 + 2400 + 60 - 600)["status"] == "warning"   # 10 minutes left
    assert ev.clock_view(2000.0 + 2400 + 60)["status"] == "time"
    again = Event.from_dict(ev.to_dict())
    assert again.clock_view(2100.0) == ev.clock_view(2100.0) and again.rounds == ev.rounds
    ev.clock_action("next", 5000.0)
    assert ev.clock_view(5000.0)["round"] == 2 and ev.clock_view(5000.0)["status"] == "waiting"
    with pytest.raises(TournamentError, match="not running"):
        ev.clock_action("pause", 5000.0)
    ev.clock_action("next", 5000.0)
    with pytest.raises(TournamentError, match="the last"):
        ev.clock_action("next", 5000.0)


@pytest.mark.parametrize(("pairs", "words"), [
    (["A"], "at least two pairs"), (["A", "A", "B"], "same name: A"), (["A", ""], "needs a name")])
def test_bad_events_are_refused(pairs: list[str], words: str) -> None:
    with pytest.raises(TournamentError, match=words):
        Event.new("E", "classic", pairs)


def test_bad_results_are_refused_and_change_nothing() -> None:
    ev = listed()
    for args, words in (((4, 1, 1, 1), "no round 4"), ((1, 9, 1, 1), "no game at table 9"),
                        ((1, 1, "x", 1), "whole number")):
        with pytest.raises(TournamentError, match=words):
            ev.enter(*args)  # type: ignore[arg-type]
    assert ev.results == {}


def test_a_random_draw_is_reproducible_from_its_seed() -> None:
    a = Event.new("E", "classic", PAIRS, draw="random", seed=42)
    b = Event.new("E", "classic", PAIRS, draw="random", seed=42)
    assert a.order == b.order and sorted(a.order) == sorted(PAIRS)


def test_s3_b_high_card_draw_gives_north_south_at_each_table() -> None:
    """S3 B: positions by a high-card draw at each table (director: pairs 1-2, 3-4 meet, the high
    card takes North-South; the fifth pair sits North-South at the last table, against the empty
    East-West seat). The draw is seeded, so it can be shown and checked."""
    ev = Event.new("E", "nvso-tournament", PAIRS, event_options(3, 50, 10), "high_card", 7)
    assert len(ev.draws) == 3 and ev.draws[0].startswith("Table 1: ")
    assert "chooses North-South" in ev.draws[0]
    first = ev.rounds[0]
    for i, line in enumerate(ev.draws[:2]):
        chooser = line.split(": ")[-1].removesuffix(" chooses North-South")
        assert first[i].ns == chooser
        assert {first[i].ns, first[i].ew} == {PAIRS[2 * i], PAIRS[2 * i + 1]}
    assert ev.view(0)["rounds"][0]["sit_outs"] == ["Ida & Jo"]      # the fifth pair, North-South at table 3
    again = Event.new("E", "nvso-tournament", PAIRS, event_options(3, 50, 10), "high_card", 7)
    assert again.order == ev.order


def test_what_happens_at_time_is_the_events_option() -> None:
    """S3 B is silent on time called mid-game: the director's option (finish the hand, stop the
    hand, play the game out) is kept with the event."""
    ev = Event.new("E", "classic", PAIRS, event_options(3, 50, 10, "stop_hand"))
    assert Event.from_dict(ev.to_dict()).options.on_time == "stop_hand"
    assert ev.view(0)["on_time"] == "stop_hand"


def test_duplicate_round_seeds_are_fair_and_secret() -> None:
    """Issue 15: a duplicate round's seed is a fair seed (each hand revealed when it ends) from the
    event's own secret: the same for every table of the round, another for each round, and not
    computable from the drawn seed (two events drawn with seed 0 differ); the secret is never shown."""
    a = Event.new("E", "classic", ["A", "B", "C", "D"], event_options(3, 30, 5), "as_listed", 0)
    b = Event.new("E", "classic", ["A", "B", "C", "D"], event_options(3, 30, 5), "as_listed", 0)
    assert str(a.round_seed(1)).startswith("fair:") and a.round_seed(1) == a.round_seed(1)
    assert a.round_seed(1) != a.round_seed(2) and a.round_seed(1) != b.round_seed(1)
    assert Event.from_dict(a.to_dict()).round_seed(2) == a.round_seed(2)
    assert a.secret not in json.dumps(a.view(0.0))
    old = a.to_dict()
    del old["secret"]                      # an event stored before: its number, as before
    assert isinstance(Event.from_dict(old).round_seed(1), int)


def gvr_event(games: int = 2) -> Event:
    return Event.new("GVR", "gvr-club", ["Ann & Bob", "Cat & Dan", "Eve & Fay", "Gus & Hal"],
                     event_options(games, 30, 5), "as_listed", 0, partnering="gvr")


def test_S2_second_game_same_table_keeper_partners_the_high_card_nobody_keeps_a_partner() -> None:
    """S2: "Second game the players to the right and left of the score keeper draw; high card then
    partners with the score keeper." As listed, round 1 is Ann & Bob (N, S) against Eve & Fay (E, W)
    at table 1, Cat & Dan against Gus & Hal at table 2; the keeper is North (Ann, Cat: director). In
    game 2 the four stay at their table, the keeper stays North with the high card of right (West)
    and left (East) opposite, and the keeper's old partner plays with the low card."""
    ev = gvr_event()
    assert [(s.table, s.ns, s.ew) for s in ev.seating(1)] == [(1, "Ann & Bob", "Eve & Fay"),
                                                              (2, "Cat & Dan", "Gus & Hal")]
    lines = ev.gvr_rounds()[1]
    for s, (keeper, across, left, right) in zip(ev.seating(2), [("Ann", "Bob", "Eve", "Fay"),
                                                                ("Cat", "Dan", "Gus", "Hal")], strict=True):
        high = right if f"{right} has the high card" in lines[s.table - 1][2] else left
        low = left if high == right else right
        assert lines[s.table - 1][2].startswith(f"Table {s.table}, game 2: {right} ")   # right draws first
        assert (s.ns, s.ew) == (f"{keeper} & {high}", f"{low} & {across}" if high == right else
                                f"{across} & {low}")
    ann = ev.guides()["Ann"]
    assert [(g["table"], g["direction"], g["keeper"]) for g in ann] == [(1, "North-South", True)] * 2
    assert ann[0]["partner"] == "Bob" and ann[1]["partner"] in ("Eve", "Fay")


def test_S2_standings_rank_each_player_by_their_sides_games() -> None:
    """Worked by hand: round 1 Ann & Bob 3,000 beat Eve & Fay 2,000; Cat & Dan 2,500 beat Gus & Hal
    1,500. Round 2 North-South 1,000, East-West 2,000 at both tables. The keepers (Ann, Cat) stay
    North-South and lose; their old partners (Bob, Dan) are East-West and win; of Eve and Fay the one
    with the keeper loses (2,000 + 1,000) and the other wins (2,000 + 2,000); Gus and Hal alike
    (1,500 + 1,000, 1,500 + 2,000)."""
    ev = gvr_event()
    for rnd, t, ns, ew in ((1, 1, 3000, 2000), (1, 2, 2500, 1500), (2, 1, 1000, 2000), (2, 2, 1000, 2000)):
        ev.enter(rnd, t, ns, ew, ns_agrees=True, ew_agrees=True)
    rows = {r["pair"]: (r["wins"], r["points"], r["played"]) for r in ev.standings()}
    assert rows["Ann"] == (1, 4000, 2) and rows["Cat"] == (1, 3500, 2)
    assert rows["Bob"] == (2, 5000, 2) and rows["Dan"] == (2, 4500, 2)
    assert sorted([rows["Eve"], rows["Fay"]]) == [(0, 3000, 2), (1, 4000, 2)]
    assert sorted([rows["Gus"], rows["Hal"]]) == [(0, 2500, 2), (1, 3500, 2)]
    assert len(rows) == 8


def test_S2_game_3_and_bad_gvr_events() -> None:
    ev = gvr_event(3)
    met = {}
    for game in ev.rounds:   # over three games every player partners each other player of the table
        for s in game:
            for side in (s.ns, s.ew):
                a, b = side.split(" & ")
                met.setdefault(a, set()).add(b)
                met.setdefault(b, set()).add(a)
    assert met["Ann"] == {"Bob", "Eve", "Fay"} and met["Gus"] == {"Cat", "Dan", "Hal"}
    with pytest.raises(TournamentError, match="even number"):
        Event.new("G", "gvr-club", ["A & B", "C & D", "E & F"], event_options(2, 30, 5), partnering="gvr")
    with pytest.raises(TournamentError, match="2 or 3 rounds"):
        Event.new("G", "gvr-club", ["A & B", "C & D"], event_options(4, 30, 5), partnering="gvr")
    with pytest.raises(TournamentError, match="'Ann & Bob'"):
        Event.new("G", "gvr-club", ["A & B", "Crows"], event_options(2, 30, 5), partnering="gvr")
    with pytest.raises(TournamentError, match="same name: A"):
        Event.new("G", "gvr-club", ["A & B", "A & C"], event_options(2, 30, 5), partnering="gvr")
    with pytest.raises(TournamentError, match="partners are"):
        Event.new("G", "gvr-club", ["A & B", "C & D"], event_options(2, 30, 5), partnering="swap")
    assert Event.from_dict(ev.to_dict()).rounds == ev.rounds


def _english(x: dict[str, object]) -> str:
    """A page's line said in English as the Python side says it: the cards each pair drew as
    "Ann & Bob K♥, Cy & Di 9♠"."""
    from canasta.messages import ENGLISH, render
    from canasta.tournament.words import LINES
    data = dict(x["data"])  # type: ignore[call-overload]
    if "draws" in data:
        data["draws"] = ", ".join(f"{p} {ENGLISH.symbol(c)}" for p, c in data["draws"])
    return render(LINES[f"tournament.{x['code']}"], data)


def test_the_pages_lines_are_codes_whose_data_say_what_the_english_says() -> None:
    """Issue 37: the event gives its pages codes and data (the seats' draws, S2's partners' notes,
    the ranking rule, the movement, where each decision comes from, each guide's direction), and
    they carry everything the English sentence says: the line said from them is the English line."""
    ev = Event.new("E", "gvr-club", PAIRS[:4], event_options(3, 50, 10), "high_card", 7, partnering="gvr")
    view = ev.view(0)
    # the stored English says "...: Cy & Di chooses North-South", the page "...; Cy & Di sits North-South"
    said = [_english(x).replace("; ", ": ").replace(" sits ", " chooses ") for x in view["draw_lines"]]
    assert said == ev.draws
    assert [_english(x) for x in view["partner_notes"]] == view["partner_lines"]
    notes = [r for rows in view["table_cards"].values() for r in rows if "line" in r]
    assert len(notes) == 4 and all(_english(r["line"]) == r["note"] for r in notes)
    assert view["movement_code"] == "gvr" and view["sources"] == ["high_card", "gvr", "gvr_keeper"]
    rule = view["ranking_rule"]
    from canasta.messages import render
    from canasta.tournament.words import LINES
    words = {k: LINES[f"tournament.criterion.{v}"] for k, v in rule["criteria"].items()}
    assert render(LINES[rule["key"]], words) == ("Ranked by games won, then total points, then games won "
                                                 "between the tied pairs; pairs still equal share the place.")
    assert all(g["dir"] == {"North-South": "ns", "East-West": "ew"}[g["direction"]]
               for lines in view["guides"].values() for g in lines)
    odd = Event.new("E", "nvso-tournament", PAIRS, event_options(3, 50, 10), "high_card", 7).view(0)
    assert odd["draw_lines"][-1] == {"code": "draw_no_opponent", "data": {"pair": "Ida & Jo"}}
    assert _english(odd["draw_lines"][-1]) == odd["draws"][-1]


def test_a_refusal_is_a_code_and_its_data_said_in_the_readers_language() -> None:
    """The tournament refuses with a code and its data; the English sentence stays for Python users,
    and the catalogue says it in Spanish (``server.<code>``), its numbers grouped as Spanish does."""
    from canasta.i18n import catalogue
    with pytest.raises(TournamentError) as bad:
        Event.new("E", "classic", ["A", "A", "B"])
    e = bad.value
    assert (e.code, e.data, str(e)) == ("pair_same_name", {"names": "A"}, "two pairs have the same name: A")
    assert catalogue("es").refusal(e.code, e.data, e.message) == "hay dos parejas con el mismo nombre: A"
    ev = Event.new("K", "nvso-tournament", PAIRS[:4], movement="knockout", draw="as_listed")
    rule = ev.view(0)["ranking_rule"]
    assert rule == {"key": "tournament.ranked_knockout", "criteria": {}, "sit_out": None}   # by the round out
    with pytest.raises(TournamentError) as tie:
        ev.enter(1, 1, 12500, 12500)
    assert tie.value.code == "knockout_tie" and tie.value.data == {"table": 1, "total": 12500}
    assert str(tie.value).startswith("the totals are equal (12,500);")
    said = catalogue("es").refusal(tie.value.code, tie.value.data, tie.value.message)
    assert said.startswith("los totales están empatados (12.500); en la eliminación directa gana")
