"""The server's own words in the reader's language (issue 37): a table nobody named is kept with no
name and called by its rule set's title in each reader's language (a table kept before, named the
English title, too); the score sheet's and the season's CSV files have their headings in the
reader's language, their numbers plain, English as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from canasta.i18n import catalogue
from canasta.server.app import create_app
from canasta.server.config import ServerConfig
from canasta.server.online_table import table_name
from helpers import spreadsheet_rows

ES = {"accept-language": "es-AR,es;q=0.9"}
EN = {"accept-language": "en-GB,en;q=0.9"}


def _client(tmp_path: Path) -> TestClient:
    cfg = ServerConfig(data_dir=tmp_path, db_url=f"sqlite:///{tmp_path / 'canasta.db'}", bot_delay=0,
                       bot_workers=0, chosen_seeds=True)
    return TestClient(create_app(cfg))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with _client(tmp_path) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _lobby(client: TestClient, headers: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in client.get("/api/lobby", headers=headers).json()["tables"]}


def test_a_table_nobody_named_is_kept_unnamed_and_its_rule_set_said_in_each_language(
        client: TestClient) -> None:
    unnamed = client.post("/api/tables", json={"preset": "classic"}, headers=ES).json()
    assert unnamed["table"]["title"] == "Canasta clásica"
    named = client.post("/api/tables", json={"preset": "spanish", "name": "Martes"}).json()
    assert unnamed["table"]["name"] == "" and named["table"]["name"] == "Martes"
    # the lobby: the Spanish reader reads the rule set in Spanish, the English one in English
    es, en = _lobby(client, ES), _lobby(client, EN)
    assert es[unnamed["table_id"]]["name"] == "" and es[unnamed["table_id"]]["title"] == "Canasta clásica"
    assert en[unnamed["table_id"]]["title"] == "Classic canasta"
    assert es[named["table_id"]]["name"] == "Martes" and es[named["table_id"]]["title"] == "Canasta española"
    # the table's own facts, as its page reads them
    path, host = f"/api/tables/{unnamed['table_id']}", auth(unnamed["host_token"])
    info = client.get(path, headers={**host, **ES}).json()
    assert info["name"] == "" and info["title"] == "Canasta clásica"
    assert client.get(path, headers={**host, **EN}).json()["title"] == "Classic canasta"


def test_a_table_kept_with_its_rule_sets_english_title_as_its_name_counts_as_unnamed(tmp_path: Path) -> None:
    """Tables made before this change were kept named "Classic canasta": after a restart, that name is
    none, so the Spanish reader reads "Canasta clásica"; a name of the host's own is kept as it is."""
    with _client(tmp_path) as c:
        old = c.post("/api/tables", json={"preset": "classic", "name": "Tuesday"}).json()
        own = c.post("/api/tables", json={"preset": "classic", "name": "Spanish canasta"}).json()
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'canasta.db'}")
    with engine.begin() as db:   # as the server before this change kept it
        db.execute(sa.text("UPDATE tables SET name = 'Classic canasta' WHERE id = :id"),
                   {"id": old["table_id"]})
    engine.dispose()
    with _client(tmp_path) as c:
        info = c.get(f"/api/tables/{old['table_id']}", headers={**auth(old["host_token"]), **ES}).json()
        assert info["name"] == "" and info["title"] == "Canasta clásica"
        mine = c.get(f"/api/tables/{own['table_id']}", headers={**auth(own["host_token"]), **ES}).json()
        assert mine["name"] == "Spanish canasta"   # another rule set's title: the host's own name
        assert _lobby(c, ES)[old["table_id"]]["name"] == ""


def test_table_name_keeps_a_hosts_name_and_drops_the_rule_sets_english_title() -> None:
    assert table_name(None, "classic") == table_name("", "classic") == table_name("  ", "classic") == ""
    assert table_name("Classic canasta", "classic") == ""
    assert table_name(" Tuesday ", "classic") == "Tuesday"
    assert table_name("Classic canasta", "bolivia") == "Classic canasta"


WE = {"red_threes": 1, "natural_canastas": 1, "went_out": True, "concealed": True, "table": 120}
THEY = {"natural_canastas": 1, "table": 80}


def _sheet_csv(client: TestClient, headers: dict[str, str], delimiter: str) -> list[list[str]]:
    made = client.post("/api/sheets", json={"preset": "classic", "names": ["Nosotros", "Ellos"]}).json()
    key = auth(made["token"])
    r = client.post(f"/api/sheets/{made['sheet_id']}/hands", headers=key,
                    json={"entries": [WE, THEY], "version": 0})
    assert r.status_code == 200, r.text
    got = client.get(f"/api/sheets/{made['sheet_id']}/csv", headers={**key, **headers})
    assert got.headers["content-type"].startswith("text/csv")
    return spreadsheet_rows(got.content, delimiter)


def test_the_score_sheets_csv_has_its_headings_in_the_readers_language(client: TestClient) -> None:
    es, en = _sheet_csv(client, ES, ";"), _sheet_csv(client, EN, ",")   # Spanish Excel splits on ';'
    assert es[0][:2] == ["Mano", "Pareja"] and "Total acumulado" in es[0] and "Total de la mano" in es[0]
    assert en[0][:2] == ["Hand", "Side"] and "Running total" in en[0] and "Hand total" in en[0]
    assert len(es[0]) == len(en[0]) and len(es) == len(en) == 3           # one heading row, one row a side
    # numbers stay plain digits; the concealed column says yes / no in the reader's words
    col = en[0].index("Running total")
    assert es[1][col] == en[1][col] and es[1][col].isdigit()
    concealed = en[0].index("Concealed")
    assert en[1][concealed] == "yes" and es[1][concealed] == "sí"
    # the page's choice (its cookie) counts over the browser's language, as on every other page
    client.cookies.set("canasta_lang", "es")
    assert _sheet_csv(client, EN, ";")[0][0] == "Mano"


def _club_with_a_night(client: TestClient) -> tuple[str, str]:
    made = client.post("/api/clubs", json={"name": "Club", "members": ["Ann", "Bob", "Cy", "Di"],
                                           "rank_by": "best", "best": 2}).json()
    cid, who = made["club_id"], auth(made["token"])
    ev = client.post(f"/api/clubs/{cid}/events", headers=who,
                     json={"name": "Night 1", "preset": "classic", "pairs": ["Ann & Bob", "Cy & Di"],
                           "games": 1, "draw": "as_listed"}).json()
    eid, ev_key = ev["event_id"], auth(ev["token"])
    r = client.post(f"/api/events/{eid}/results", headers=ev_key,
                    json={"round": 1, "table": 1, "ns": 2500, "ew": 1200, "ns_agrees": True,
                          "ew_agrees": True, "seen": None})
    assert r.status_code == 200, r.text
    r = client.post(f"/api/clubs/{cid}/nights", headers=who, json={"event_id": eid, "date": "2026-01-08"})
    assert r.status_code == 200, r.text
    return cid, r.json()["links"]["results"].split("#k=")[1]


def test_the_seasons_csv_files_have_their_headings_in_the_readers_language(client: TestClient) -> None:
    cid, key = _club_with_a_night(client)

    def rows(path: str, headers: dict[str, str]) -> list[list[str]]:
        return spreadsheet_rows(client.get(path, headers={**auth(key), **headers}).content,
                                ";" if headers is ES else ",")

    es, en = rows(f"/api/results/{cid}/csv", ES), rows(f"/api/results/{cid}/csv", EN)
    assert es[0] == ["Puesto", "Socio", "Noches", "2026-01-08 Night 1", "Total de puntos de match",
                     "Mejores 2 noches", "Promedio por noche"]
    assert en[0] == ["Place", "Member", "Nights", "2026-01-08 Night 1", "Total match points", "Best 2 nights",
                     "Average per night"]
    assert es[1:] == en[1:] and en[1][:3] == ["1", "Ann", "1"]            # the figures as they were
    es, en = rows(f"/api/results/{cid}/nights/1/csv", ES), rows(f"/api/results/{cid}/nights/1/csv", EN)
    assert es[0] == ["Puesto", "Pareja", "Puntos de match", "Puntos", "Ganadas", "Partidas"]
    assert en[0] == ["Place", "Pair", "Match points", "Points", "Wins", "Games"]
    blank = en.index([])
    assert es[blank + 1] == ["Ronda", "Mesa", "Norte-Sur", "Este-Oeste", "Total Norte-Sur",
                             "Total Este-Oeste"]
    assert en[blank + 1] == ["Round", "Table", "North-South", "East-West", "North-South total",
                             "East-West total"]
    assert [r for r in es if r and r != es[0] and r != es[blank + 1]] == [
        r for r in en if r and r != en[0] and r != en[blank + 1]]


def test_the_best_nights_heading_says_one_night_as_one() -> None:
    def best(lang: str) -> list[str]:
        return [catalogue(lang).text("csv.season.best", {"n": n}) for n in (1, 4)]

    assert best("en") == ["Best night", "Best 4 nights"]
    assert best("es") == ["Mejor noche", "Mejores 4 noches"]
