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
    assert "canastas_of_7" in [f["name"] for f in sheet["fields"]]        # S3's sevens, priced apart
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
    assert [int(x["running_total"]) for x in rows] == [2530, 2075]


def test_a_write_on_an_older_copy_is_refused_and_nothing_is_lost(client: TestClient) -> None:
    sid, auth, _ = new_sheet(client)
    assert client.post(f"/api/sheets/{sid}/hands", headers=auth,
                       json={"entries": [WE, THEY], "version": 0}).status_code == 200
    late = client.post(f"/api/sheets/{sid}/hands", headers=auth, json={"entries": [THEY, WE], "version": 0})
    assert late.status_code == 409 and late.json()["error"]["code"] == "sheet_changed"
    assert "not saved" in late.json()["error"]["message"]
    assert client.get(f"/api/sheets/{sid}", headers=auth).json()["scores"] == [2525, 2075]


@pytest.mark.parametrize(("path", "body", "code", "words"), [
    ("hands", {"entries": [{"tabel": 5}, {}], "version": 0}, "bad_entry", "not a line of the american"),
    ("hands", {"entries": [{"table": 12}, {}], "version": 0}, "bad_entry", "count again"),
    ("hands", {"entries": [{"went_out": True}, {"went_out": True}], "version": 0}, "bad_entry",
     "only one side"),
    ("hands", {"entries": [{}], "version": 0}, "bad_request", "entries"),
    ("hands/1", {"side": 0, "changes": {"table": 5}, "who": "Ann", "version": 0}, "bad_entry", "no hand 1"),
    ("remove-last", {"who": "Ann", "version": 0}, "bad_entry", "no hand has been entered"),
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
