"""The tournament director's HTTP API on SQLite and PostgreSQL: an event made with an odd number of
pairs, results entered and confirmed, standings, the round clock in the server's time, a write on
an older copy refused, bad input refused with its reason and nothing changed."""

from __future__ import annotations

import codecs
import csv
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers import spreadsheet_rows

PAIRS = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo"]


@pytest.fixture
def client(app_client: TestClient) -> TestClient:
    return app_client


def new_event(client: TestClient) -> tuple[str, dict[str, str], dict[str, Any]]:
    r = client.post("/api/events", json={"name": "Club afternoon", "pairs": PAIRS, "draw": "as_listed"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["clock_link"] == f"http://testserver/event/{made['event_id']}/clock#t={made['token']}"
    return made["event_id"], {"authorization": f"Bearer {made['token']}"}, made["event"]


def test_results_confirmed_by_both_pairs_make_the_standings(client: TestClient) -> None:
    eid, auth, ev = new_event(client)
    assert [t["table"] for t in ev["rounds"][0]["tables"]] == [1, 2]
    assert ev["rounds"][0]["sit_outs"] == ["Ed & Flo"] and ev["movement"] == "Mitchell"
    assert ev["preset"] == "nvso-tournament" and ev["title"] == "American, NVSO tournament"
    assert ev["guides"]["Ed & Flo"][0] == {"round": 1, "table": 0, "direction": "", "dir": "",
                                          "opponents": "(sits out)"}
    client.post(f"/api/events/{eid}/clock", headers=auth, json={"action": "start", "round": 1})
    for table, ns, ew in ((1, 2525, 2075), (2, 1800, 2000)):   # the clock's change is no conflict
        r = client.post(f"/api/events/{eid}/results", headers=auth, json={
            "round": 1, "table": table, "ns": ns, "ew": ew, "ns_agrees": True, "ew_agrees": True,
            "seen": None})
        assert r.status_code == 200, r.text
    top = r.json()["standings"][:2]
    assert [(s["pair"], s["wins"], s["points"]) for s in top] == [("Ann & Bob", 1.0, 2525),
                                                                   ("Ida & Jo", 1.0, 2000)]
    rows = list(csv.reader(io.StringIO(client.get(f"/api/events/{eid}/csv", headers=auth).text)))
    assert rows[1][:4] == ["1", "Ann & Bob", "1.0", "2525"]
    assert {r[-1] for r in rows[len(PAIRS) + 3:] if r} == {"yes", "no"}
    # issue 37: the words in the requester's language, the codes and numbers as they were
    es = list(csv.reader(io.StringIO(client.get(f"/api/events/{eid}/csv",
                                                headers={**auth, "accept-language": "es"}).text)))
    assert es[0] == rows[0] and es[1][:4] == ["1", "Ann & Bob", "1.0", "2525"]
    assert {r[-1] for r in es[len(PAIRS) + 3:] if r} == {"sí", "no"}
    assert es[len(PAIRS) + 2] == rows[len(PAIRS) + 2] == ["round", "table", "north_south", "east_west",
                                                           "ns_total", "ew_total", "confirmed"]
    # the file for programs keeps one dialect whatever the language: no byte order mark, ',' and '.'
    programs = client.get(f"/api/events/{eid}/csv", headers={**auth, "accept-language": "es"}).content
    assert not programs.startswith(codecs.BOM_UTF8)


def test_a_persons_download_of_the_results_is_in_their_words_and_their_spreadsheets_dialect(
        client: TestClient) -> None:
    """Issue 37: the event page's download (``?headings=words``) has the results page's headings in
    the reader's language, the byte order mark Excel needs to read UTF-8, ';' where the reader's
    language writes 0,5 (Spanish; not Mexican Spanish, which writes 0.5) and the half win of a tied
    game with the reader's decimal sign, so that the spreadsheet reads a number."""
    eid, auth, _ev = new_event(client)
    for table, ns, ew in ((1, 2525, 2075), (2, 1800, 1800)):   # table 2 tied: half a win each
        r = client.post(f"/api/events/{eid}/results", headers=auth, json={
            "round": 1, "table": table, "ns": ns, "ew": ew, "ns_agrees": True, "ew_agrees": True,
            "seen": None})
        assert r.status_code == 200, r.text

    def rows(lang: str, delimiter: str) -> list[list[str]]:
        got = client.get(f"/api/events/{eid}/csv?headings=words", headers={**auth, "accept-language": lang})
        assert got.headers["content-disposition"] == f'attachment; filename="canasta-event-{eid}.csv"'
        return spreadsheet_rows(got.content, delimiter)

    es, en, mx = rows("es-ES,es;q=0.9", ";"), rows("en-US,en;q=0.9", ","), rows("es-MX,es;q=0.9", ",")
    assert es[0] == mx[0] == ["Puesto", "Pareja", "Ganadas", "Puntos", "Puntos de match", "Partidas"]
    assert en[0] == ["Place", "Pair", "Wins", "Points", "Match points", "Games"]
    halves = {r[1]: (r[2], mx_r[2], en_r[2]) for r, mx_r, en_r in zip(es[1:5], mx[1:5], en[1:5], strict=True)}
    assert halves["Ann & Bob"] == ("1", "1", "1")          # a whole number: plain digits in every file
    assert halves["Cy & Di"] == halves["Ida & Jo"] == ("0,5", "0.5", "0.5")   # table 2 tied: half a win
    assert halves["Gus & Hal"] == ("0", "0", "0")
    blank = es.index([])
    assert es[blank + 1] == ["Ronda", "Mesa", "Norte-Sur", "Este-Oeste", "Total Norte-Sur",
                             "Total Este-Oeste", "Confirmado por las dos parejas"]
    assert en[blank + 1][-1] == "Confirmed by both pairs"
    assert [r[-1] for r in es[blank + 2:]] == ["sí", "sí", "no", "no", "no", "no"]
    assert [r[-1] for r in en[blank + 2:]] == ["yes", "yes", "no", "no", "no", "no"]
    assert [r[:6] for r in es[blank + 2:blank + 5]] == [r[:6] for r in en[blank + 2:blank + 5]] == [
        ["1", "1", "Ann & Bob", "Gus & Hal", "2525", "2075"],
        ["1", "2", "Cy & Di", "Ida & Jo", "1800", "1800"],
        ["2", "2", "Cy & Di", "Gus & Hal", "", ""]]     # a table still to play: its totals empty


def test_the_clock_is_kept_in_the_servers_time(client: TestClient) -> None:
    eid, auth, ev = new_event(client)
    assert ev["clock"]["status"] == "waiting" and ev["clock"]["remaining"] == 3000
    r = client.post(f"/api/events/{eid}/clock", headers=auth, json={"action": "start", "round": 1})
    assert r.status_code == 200 and r.json()["clock"]["running"]
    r = client.post(f"/api/events/{eid}/clock", headers=auth, json={"action": "plus", "round": 1})
    assert r.json()["clock"]["remaining"] > 3000                        # a minute more than a full round
    again = client.get(f"/api/events/{eid}", headers=auth).json()      # another screen sees the same
    assert again["clock"]["running"] and 3000 < again["clock"]["remaining"] <= 3060


def test_bad_input_and_stale_writes_are_refused_and_change_nothing(client: TestClient) -> None:
    eid, auth, ev = new_event(client)
    for body, status, code, words in (
        ({"round": 1, "table": 3, "ns": 5, "ew": 0}, 400, "no_table", "a pair sitting out has no table"),
        ({"round": 9, "table": 1, "ns": 5, "ew": 0}, 400, "no_round", "no round 9"),
        ({"round": 1, "table": 1, "ns": "x", "ew": 0}, 400, "score_whole_ns",
         "Table 1, North-South: the points are a whole number (like 2525), not 'x'"),
        ({"round": 1, "table": 1, "ns": 5}, 400, "score_empty_ew", "Table 1, East-West: enter the points"),
        ({"round": 1, "table": 1, "ns": "", "ew": 5}, 400, "score_empty_ns",
         "Table 1, North-South: enter the points"),
        ({"round": 1, "table": 1, "ns": 5, "ew": 1.5}, 400, "score_whole_ew", "not 1.5"),
        ({"round": 1, "table": 1, "ns": 5, "ew": 10**7}, 400, "score_big_ew", "more than a game can score"),
        ({"round": 1, "table": 1, "ns": 5, "ew": 0,
          "seen": {"ns": 1, "ew": 2, "ns_agrees": False, "ew_agrees": False}}, 409, "result_changed",
         "not saved"),
    ):
        r = client.post(f"/api/events/{eid}/results", headers=auth, json=body)
        err = r.json()["error"]
        assert r.status_code == status and err["code"] == code and words in err["message"], r.text
    bad = client.post(f"/api/events/{eid}/clock", headers=auth, json={"action": "pause", "round": 1})
    assert bad.status_code == 400 and "not running" in bad.json()["error"]["message"]
    late = client.post(f"/api/events/{eid}/clock", headers=auth, json={"action": "next", "round": 2})
    assert late.status_code == 409 and "round 1 now" in late.json()["error"]["message"]
    now = client.get(f"/api/events/{eid}", headers=auth).json()
    assert now["version"] == 0 and now["standings"] == ev["standings"]
    assert client.get(f"/api/events/{eid}", headers={"authorization": "Bearer no"}).status_code == 403
    assert client.get("/api/events/none", headers=auth).status_code == 404
    dup = client.post("/api/events", json={"pairs": ["A", "A"]})
    assert dup.status_code == 400 and "same name" in dup.json()["error"]["message"]


def test_a_duplicate_round_online_same_deals_results_come_back_match_points_per_deal(
        client: TestClient) -> None:
    """Issue 15: a round played at online tables, every table from the round's seed (duplicate):
    the same deals; bots fill the seats of missing players; each finished game's totals enter the
    event as agreed; the duplicate match points compare the deal across the tables: with two
    tables, 2 per pair beaten (ACBL), so 4 match points for the deal in all (2 per direction)."""
    import time

    r = client.post("/api/events", json={"name": "Online", "preset": "classic", "pairs": ["A", "B", "C", "D"],
                                         "games": 1, "draw": "as_listed",
                                         "overrides": {"game_hands": 1}})
    assert r.status_code == 201, r.text
    eid, auth = r.json()["event_id"], {"authorization": f"Bearer {r.json()['token']}"}
    made = client.post(f"/api/events/{eid}/rounds/1/online", headers=auth, json={"duplicate": True}).json()
    assert [t["table"] for t in made["tables"]] == [1, 2]
    assert all(len(t["seats"]) == 4 for t in made["tables"])
    assert made["event"]["rounds"][0]["duplicate"]
    again = client.post(f"/api/events/{eid}/rounds/1/online", headers=auth, json={"duplicate": True})
    assert again.status_code == 400 and "already" in again.json()["error"]["message"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    states = [hub.tables[t["table_id"]].state for t in made["tables"]]
    assert states[0].hands == states[1].hands and states[0].pile == states[1].pile   # the same deal
    for t in made["tables"]:
        for seat in range(4):
            r = client.post(f"/api/events/{eid}/rounds/1/tables/{t['table']}/seats/{seat}",
                            headers=auth, json={"kind": "bot", "level": "easy"})
            assert r.status_code == 200 and r.json()["kind"] == "bot"
    for _ in range(600):
        ev = client.get(f"/api/events/{eid}", headers=auth).json()
        if all(t["result"] and t["result"]["confirmed"] for t in ev["rounds"][0]["tables"]):
            break
        time.sleep(0.05)
    tables = ev["rounds"][0]["tables"]
    for t, info in zip(tables, made["tables"], strict=True):
        state = hub.tables[info["table_id"]].state
        assert state.is_over and (t["result"]["ns"], t["result"]["ew"]) == tuple(state.scores)
        assert t["result"]["by"] == "online table"
    assert sum(row["match_points"] for row in ev["standings"]) == 4


def test_S2_gvr_partnering_event_new_partners_for_game_2_and_players_ranked_alone(client: TestClient) -> None:
    """S2 on the events API: a GVR afternoon (4 pairs as listed, 2 rounds) keeps each table's four
    players for round 2 with the keeper (North) partnering the high card of the draw, said in words;
    guide cards are per player with each game's partner; a bad GVR event is refused with its reason
    and nothing is made; GVR rounds are not duplicated."""
    pairs = ["Ann & Bob", "Cat & Dan", "Eve & Fay", "Gus & Hal"]
    body = {"name": "GVR afternoon", "preset": "gvr-club", "pairs": pairs, "games": 2, "draw": "as_listed",
            "partnering": "gvr"}
    r = client.post("/api/events", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    ev, auth = made["event"], {"authorization": f"Bearer {made['token']}"}
    assert ev["partnering"] == "gvr" and ev["movement"] == "GVR partners" and "S2" in ev["movement_source"]
    one, two = ev["rounds"][0]["tables"], ev["rounds"][1]["tables"]
    assert [(t["ns"], t["ew"]) for t in one] == [("Ann & Bob", "Eve & Fay"), ("Cat & Dan", "Gus & Hal")]
    assert [t["ns"].split(" & ")[0] for t in two] == ["Ann", "Cat"]            # the keepers stay North
    assert {p for t in two[:1] for side in (t["ns"], t["ew"]) for p in side.split(" & ")} == {
        "Ann", "Bob", "Eve", "Fay"}                                            # same four at table 1
    assert len(ev["partner_lines"]) == 2 and "partners the keeper Ann" in ev["partner_lines"][0]
    assert set(ev["guides"]) == {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
    bob = ev["guides"]["Bob"]
    assert bob[0]["partner"] == "Ann" and bob[1]["partner"] in ("Eve", "Fay") and bob[1]["table"] == 1
    eid = made["event_id"]
    r = client.post(f"/api/events/{eid}/rounds/2/online", headers=auth, json={"duplicate": True})
    assert r.status_code == 400 and "GVR" in r.json()["error"]["message"]
    for bad, why in (({"pairs": pairs[:3]}, "even number"), ({"games": 3 + 2}, "2 or 3 rounds"),
                     ({"pairs": [*pairs[:3], "Crows"]}, "Ann & Bob")):
        r = client.post("/api/events", json={**body, **bad})
        assert r.status_code == 400 and why in r.json()["error"]["message"], r.text


def test_a_rounds_online_tables_keep_the_facts_their_name_is_said_from(client: TestClient) -> None:
    """Issue 37: a round's online table keeps the event, round and table with it (in its summary and
    the lobby's entry), so each page says its name in the reader's language; it keeps no English name
    (the API's ``name`` is "", as for a table nobody named)."""
    r = client.post("/api/events", json={"name": "Copa", "preset": "classic", "pairs": list("ABCDEFGH"),
                                         "games": 1, "draw": "as_listed"})
    eid, auth = r.json()["event_id"], {"authorization": f"Bearer {r.json()['token']}"}
    made = client.post(f"/api/events/{eid}/rounds/1/online", headers=auth, json={}).json()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for t in made["tables"]:
        summary = hub.tables[t["table_id"]].summary()
        assert summary["event_round"] == {"event": "Copa", "round": 1, "table": t["table"]}
        assert summary["name"] == ""   # no English name kept: each page says it from the facts
        stored = hub.store.load_table(t["table_id"])   # what a restarted server builds the table from
        assert stored.rules["event_round"] == summary["event_round"]
    listed = client.get("/api/lobby").json()["tables"]
    assert [e["event_round"]["table"] for e in listed] == [1, 2, 3, 4]   # a round's tables in order
    lobby = {e["id"]: e for e in listed}
    assert lobby[made["tables"][0]["table_id"]]["event_round"] == {"event": "Copa", "round": 1, "table": 1}
    plain = client.post("/api/tables", json={"preset": "classic", "name": "Tuesday"}).json()
    assert plain["table"]["event_round"] is None and plain["table"]["name"] == "Tuesday"
