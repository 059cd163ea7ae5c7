"""The score keeper's HTTP API on SQLite and PostgreSQL: a sheet made, hands added and corrected
with the engine's figures (S3 K's sheet), a write on an older copy refused, bad entries and wrong
links refused with their reason and nothing changed, CSV read back."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient

WE = {"red_threes": 5, "black_threes_laid": 2, "natural_canastas": 2, "mixed_canastas": 1, "went_out": True,
      "table": 325}
THEY = {"red_threes": 3, "natural_canastas": 2, "mixed_canastas": 1, "table": 275}


@pytest.fixture
def client(app_client: TestClient) -> TestClient:
    return app_client


def new_sheet(client: TestClient, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    r = client.post("/api/sheets", json={"preset": "american", "names": ["We", "They"], **body})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["link"] == f"http://testserver/score/{made['sheet_id']}#t={made['token']}"
    return made["sheet_id"], {"authorization": f"Bearer {made['token']}"}, made["sheet"]


def test_a_sheet_adds_up_s3_k_and_says_the_next_minimum(client: TestClient) -> None:
    sid, auth, sheet = new_sheet(client)
    assert sheet["minimums"] == [125, 125] and sheet["version"] == 0
    assert sheet["title"] == "American canasta"                            # the page's heading
    assert "canastas_of_sevens" in [f["name"] for f in sheet["fields"]]        # S3's sevens, priced apart
    r = client.post(f"/api/sheets/{sid}/hands", headers=auth,
                    json={"entries": [WE, THEY], "who": "North", "version": 0})
    assert r.status_code == 200, r.text
    got = r.json()
    (hand,) = got["hands"]
    assert [(s["base"], s["count"], s["total"]) for s in hand["sides"]] == [(2200, 325, 2525),
                                                                            (1800, 275, 2075)]
    assert got["scores"] == [2525, 2075] and got["version"] == 1 and hand["who"] == "North"
    assert client.get(f"/api/sheets/{sid}", headers=auth).json()["scores"] == [2525, 2075]   # stored


def test_corrections_are_logged_and_csv_reads_back(client: TestClient) -> None:
    sid, auth, _ = new_sheet(client)
    client.post(f"/api/sheets/{sid}/hands", headers=auth, json={"entries": [WE, THEY], "version": 0})
    r = client.post(f"/api/sheets/{sid}/hands/1", headers=auth,
                    json={"side": 0, "changes": {"table": 330}, "who": "Ann", "version": 1})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["scores"] == [2530, 2075]
    assert got["log"][0]["who"] == "Ann" and got["log"][0]["changes"] == {"table": [325, 330]}
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/sheets/{sid}/csv", headers=auth).text)))
    assert [int(x["Running total"]) for x in rows] == [2530, 2075]


def test_a_write_on_an_older_copy_is_refused_and_nothing_is_lost(client: TestClient) -> None:
    sid, auth, _ = new_sheet(client)
    assert client.post(f"/api/sheets/{sid}/hands", headers=auth,
                       json={"entries": [WE, THEY], "version": 0}).status_code == 200
    late = client.post(f"/api/sheets/{sid}/hands", headers=auth, json={"entries": [THEY, WE], "version": 0})
    assert late.status_code == 409 and late.json()["error"]["code"] == "sheet_changed"
    assert "not saved" in late.json()["error"]["message"]
    assert client.get(f"/api/sheets/{sid}", headers=auth).json()["scores"] == [2525, 2075]


@pytest.mark.parametrize(("path", "body", "code", "words"), [
    ("hands", {"entries": [{"tabel": 5}, {}], "version": 0}, "not_a_line", "not a line of the American"),
    ("hands", {"entries": [{"table": 12}, {}], "version": 0}, "count_step", "count again"),
    ("hands", {"entries": [{"went_out": True}, {"went_out": True}], "version": 0}, "one_out",
     "only one side"),
    ("hands", {"entries": [{}], "version": 0}, "bad_request", "entries"),
    ("hands/1", {"side": 0, "changes": {"table": 5}, "who": "Ann", "version": 0}, "no_hand_yet", "no hand 1"),
    ("remove-last", {"who": "Ann", "version": 0}, "nothing_to_remove", "no hand has been entered"),
])
def test_bad_entries_are_refused_with_their_reason(client: TestClient, path: str, body: dict[str, Any],
                                                   code: str, words: str) -> None:
    sid, auth, sheet = new_sheet(client)
    r = client.post(f"/api/sheets/{sid}/{path}", headers=auth, json=body)
    err = r.json()["error"]
    assert r.status_code == 400 and err["code"] == code and words in err["message"]
    assert client.get(f"/api/sheets/{sid}", headers=auth).json() == sheet


def test_wrong_link_unknown_sheet_and_bad_rules(client: TestClient) -> None:
    sid, _auth, _sheet = new_sheet(client)
    wrong = client.get(f"/api/sheets/{sid}", headers={"authorization": "Bearer nope"})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
    no_link = client.post(f"/api/sheets/{sid}/hands", json={"entries": [WE, THEY], "version": 0})
    assert no_link.status_code == 403
    assert client.get("/api/sheets/nosuch", headers={"authorization": "Bearer x"}).status_code == 404
    bad = client.post("/api/sheets", json={"preset": "classic", "overrides": {"go_out_canastas": "x"}})
    assert bad.status_code == 400 and "go_out_canastas" in bad.json()["error"]["message"]
    assert client.post("/api/sheets", json={"preset": "bridge"}).json()["error"]["code"] == "bad_rules"


def test_a_sheet_going_on_from_another_counts_from_the_carried_totals(client: TestClient) -> None:
    """S3 K: "We" at 3,330 needs 155 to open, "They" at 2,900 still 125; the sheet's first hand is the
    game's fourth, and is corrected by that number. Hand 4 worked by hand: S3 K's 2,525 and 2,075 on top:
    5,855 (180 to open, over 5,000) and 4,975 (155)."""
    r = client.post("/api/sheets", json={"preset": "american", "names": ["We", "They"],
                                         "carried": ["3,330", 2900], "first_hand": "4"})
    assert r.status_code == 201, r.text
    made = r.json()
    sid, auth, sheet = made["sheet_id"], {"authorization": f"Bearer {made['token']}"}, made["sheet"]
    assert sheet["carried"] == [3330, 2900] and sheet["first_hand"] == 4 and sheet["minimums"] == [155, 125]
    got = client.post(f"/api/sheets/{sid}/hands", headers=auth,
                      json={"entries": [WE, THEY], "version": 0}).json()
    assert got["hands"][0]["n"] == 4 and got["scores"] == [5855, 4975] and got["minimums"] == [180, 155]
    fixed = client.post(f"/api/sheets/{sid}/hands/4", headers=auth,
                        json={"side": 1, "changes": {"table": 280}, "who": "Ann", "version": 1})
    assert fixed.status_code == 200 and fixed.json()["scores"] == [5855, 4980]
    assert fixed.json()["log"][0]["n"] == 4
    wrong = client.post(f"/api/sheets/{sid}/hands/1", headers=auth,
                        json={"side": 1, "changes": {"table": 285}, "who": "Ann", "version": 2})
    assert wrong.status_code == 400
    assert "no hand 1 on this sheet (hands 4 to 4)" in wrong.json()["error"]["message"]
    for body, words in (({"carried": [9000, 100]}, "the game is already over"),
                        ({"carried": ["x", 0]}, "a carried total must be a whole number"),
                        ({"carried": [0], "first_hand": 2}, "one per side (2), not 1"),
                        ({"first_hand": "zero"}, "first hand on the sheet is hand 1 or later")):
        bad = client.post("/api/sheets", json={"preset": "american", **body})
        assert bad.status_code == 400 and words in bad.json()["error"]["message"], bad.text


def test_every_line_of_every_rule_set_has_its_words_in_the_page_catalogue(client: TestClient) -> None:
    """The page shows a line's words from the page catalogue it is served (its key and data from the
    server), never the Python English; every key it may ask for is there, in English and Spanish."""
    words = client.get("/api/messages/en").json()["messages"]
    spanish = client.get("/api/messages/es").json()["messages"]
    for preset, overrides in [(p, {}) for p in ("classic", "gvr-club", "spanish", "samba", "bolivia",
                                                "american", "nvso-tournament", "trey-canasta")] + [
            ("spanish", {"tournament_penalties": True}), ("classic", {"exposed_card_penalty": 50}),
            ("american", {"rank_canasta_bonus": [[13, 1000]], "rank_incomplete_penalty": [[13, 500]]})]:
        made = client.post("/api/sheets", json={"preset": preset, "overrides": overrides}).json()
        fields = made["sheet"]["fields"]
        for f in fields:
            assert f["key"] in words and f["key"] in spanish, (preset, f)
            assert not f["help"] or (f["help_key"] in words and f["help_key"] in spanish), (preset, f)
