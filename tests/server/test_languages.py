"""Each person at a table in their own language (issue 37): the server says a refusal and a hint in
the language of the page that asked (its ``hello``, its cookie or its browser's Accept-Language), the
rule sets and the rules card in the reader's language, and the pages' catalogue for any language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from canasta.server.app import create_app
from canasta.server.config import ServerConfig

SEATS = [{"kind": "person", "name": "Ana"}, {"kind": "bot"}, {"kind": "person", "name": "Ben"},
         {"kind": "bot"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    cfg = ServerConfig(data_dir=tmp_path, bot_delay=0, grace=30, bot_workers=0, chosen_seeds=True)
    with TestClient(create_app(cfg)) as c:
        yield c


def hello(client: TestClient, table_id: str, token: str, lang: str | None) -> tuple[Any, Any, dict[str, Any]]:
    cm = client.websocket_connect(f"/ws/{table_id}")
    ws = cm.__enter__()
    ws.send_text(json.dumps({"type": "hello", "token": token, **({"lang": lang} if lang else {})}))
    while True:
        m = ws.receive_json()
        if m["type"] in ("snapshot", "events"):
            return cm, ws, m


def answer(ws: Any, cid: str) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m.get("id") == cid:
            return m


def _next_view(ws: Any) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = ws.receive_json()
        if "view" in m:
            return m


SPANISH_MOVES = ("Roba del mazo", "Toma el pozo", "Toma la carta descubierta")
ENGLISH_MOVES = ("Draw from the stock", "Take the pile", "Take the upcard")


@pytest.mark.parametrize("spanish_seat", [0, 2])
def test_each_person_at_a_table_reads_the_server_in_their_own_language(client: TestClient,
                                                                        spanish_seat: int) -> None:
    """Ana's page is in Spanish, Ben's in English (or the other way round): a refusal of a move out of
    turn, a refusal of a malformed move, and the hint are each said in the reader's language."""
    t = client.post("/api/tables", json={"preset": "spanish", "seats": SEATS, "seed": 5}).json()
    seats = t["links"]["seats"]
    socks = {}
    for seat in (0, 2):
        socks[seat] = hello(client, t["table_id"], seats[str(seat)].split("#t=")[1],
                            "es" if seat == spanish_seat else None)
    try:
        snap = socks[0][2]
        while snap["view"]["to_act"] not in (0, 2):   # the bots (seats 1 and 3) play at once
            snap = _next_view(socks[0][1])
        to_act = snap["view"]["to_act"]
        waiting = 2 - to_act
        _cm, ws, _ = socks[waiting]
        ws.send_text(json.dumps({"type": "intent", "id": "w1", "based_on": snap["event"], "action": "draw"}))
        refused = answer(ws, "w1")
        assert refused["type"] == "refused" and refused["code"] == "not_your_turn"
        name = "Ana" if to_act == 0 else "Ben"
        assert refused["message"] == (f"le toca a {name}, no a ti" if waiting == spanish_seat
                                      else f"it is {name}'s turn, not yours")
        _cm, ws, _ = socks[to_act]
        ws.send_text(json.dumps({"type": "intent", "id": "a1", "based_on": snap["event"], "action": "draw",
                                 "take": []}))
        two = answer(ws, "a1")
        assert two["type"] == "refused" and two["code"] == "one_intent_kind"
        assert two["message"] == ("una jugada lleva exactamente uno de 'action', 'meld' o 'take'"
                                  if to_act == spanish_seat else
                                  "an intent holds exactly one of 'action', 'meld' or 'take'")
        ws.send_text(json.dumps({"type": "hint", "id": "h1"}))
        hint = answer(ws, "h1")
        assert hint["type"] == "hint", hint
        moves = SPANISH_MOVES if to_act == spanish_seat else ENGLISH_MOVES
        assert hint["words"].split(":")[0].rstrip(".") in moves, hint["words"]
        assert hint["explanation"]["move"][0].startswith("hint.move.")   # the code and data, for any client
    finally:
        for cm, _ws, _ in socks.values():
            cm.__exit__(None, None, None)


def test_http_refusals_and_rules_follow_the_readers_language(client: TestClient) -> None:
    """The browser's Accept-Language, or the switch's cookie, chooses the language of the server's
    sentences over HTTP: a refusal, the rule sets' menu and the rules card."""
    es = {"accept-language": "es-UY,es;q=0.9"}
    r = client.get("/api/tables/nosuchtable", headers={**es, "authorization": "Bearer x" * 2})
    assert r.status_code == 404 and r.json()["error"]["message"] == "no existe esa mesa (revisa el enlace)"
    assert r.json()["error"]["code"] == "unknown_table"
    presets = {p["name"]: p for p in client.get("/api/presets", headers=es).json()}
    assert presets["spanish"]["title"] == "Canasta española" and "5.000" in presets["spanish"]["description"]
    # the cookie for this request only, as its header (per-request cookies=... is deprecated in httpx/httpx2)
    card = client.get("/api/presets/classic", headers={"cookie": "canasta_lang=es"}).json()
    meaning = {o["name"]: o for o in card["options"]}
    assert meaning["packs"]["meaning"] == "mazos de 52 cartas" and meaning["packs"]["group_title"] == \
        "Cartas, asientos y reparto"
    english = client.get("/api/presets/classic").json()
    assert {o["name"]: o for o in english["options"]}["packs"]["meaning"] == "packs of 52 cards"


def test_the_pages_catalogue_is_compiled_from_the_same_catalogue(client: TestClient) -> None:
    """``/api/messages/es``: the pages' words, plural forms by CLDR category, the number symbols, the
    languages the switch offers; ``auto`` follows the browser; an unknown language gets English."""
    es = client.get("/api/messages/es").json()
    assert es["lang"] == "es" and es["number"]["group"] == "." and es["number"]["decimal"] == ","
    assert es["messages"]["act_draw"] == "Robar del mazo"
    assert es["messages"]["stock"] == {"one": "Mazo: {n} carta", "many": "Mazo: {n} de cartas",
                                       "other": "Mazo: {n} cartas"}
    assert {"tag": "es", "name": "Español"} in es["languages"]
    assert client.get("/api/messages/auto", headers={"accept-language": "es-MX"}).json()["lang"] == "es"
    assert client.get("/api/messages/xx").json()["lang"] == "en"
    assert not any(k.startswith(("hint.", "tui.", "option.")) for k in es["messages"])   # pages' words only


def test_the_tournaments_refusals_follow_the_readers_language_and_its_page_gets_codes(
        client: TestClient) -> None:
    """Issue 37 (the tournament): a refusal of the tournament's core reaches the director's page as its
    code and data, said in the reader's language (Accept-Language or the switch's cookie) and in
    English otherwise; the event's view gives the page codes for its lines (movement, ranking,
    draws, where each decision comes from, the partners' notes, the guides' directions)."""
    es = {"accept-language": "es-AR,es;q=0.9"}
    dup = client.post("/api/events", headers=es, json={"pairs": ["Ana & Beto", "Ana & Beto"]}).json()["error"]
    assert dup["code"] == "pair_same_name" and dup["data"] == {"names": "Ana & Beto"}
    assert dup["message"] == "hay dos parejas con el mismo nombre: Ana & Beto"
    pairs = ["Ana & Beto", "Carla & Dani", "Eva & Fede", "Gus & Hugo"]
    late = client.post("/api/events", headers=es, json={"pairs": pairs, "game_minutes": 30,
                                                        "warning_minutes": 30}).json()["error"]
    assert late["code"] == "frame_warning" and late["message"].startswith(
        "el aviso llega 30 minutos antes del final de una ronda de 30 minutos")
    made = client.post("/api/events", json={"pairs": pairs, "draw": "high_card", "partnering": "gvr",
                                            "games": 2}).json()
    eid, auth = made["event_id"], {"authorization": f"Bearer {made['token']}"}
    pause = client.post(f"/api/events/{eid}/clock", headers={**auth, **es},
                        json={"action": "pause", "round": 1})
    assert pause.status_code == 400 and pause.json()["error"]["code"] == "clock_not_running"
    assert pause.json()["error"]["message"] == "el reloj no está en marcha"
    english = client.post(f"/api/events/{eid}/clock", headers=auth, json={"action": "pause", "round": 1})
    assert english.json()["error"]["message"] == "the clock is not running"
    far = client.post(f"/api/events/{eid}/results", headers={**auth, "cookie": "canasta_lang=es"},
                      json={"round": 1, "table": 3, "ns": 2500, "ew": 1200}).json()["error"]
    assert far["code"] == "no_table" and far["data"] == {"table": 3, "round": 1, "tables": "1, 2"}
    assert far["message"].startswith("no hay partida en la mesa 3 en la ronda 1 (mesas 1, 2;")
    ev = made["event"]
    assert ev["movement_code"] == "gvr" and ev["sources"] == ["high_card", "gvr", "gvr_keeper"]
    assert ev["ranking_rule"] == {"key": "tournament.ranked_3", "criteria": {
        "first": "wins", "second": "points", "third": "head_to_head"},
        "sit_out": "tournament.sit_out.average"}
    assert [x["code"] for x in ev["draw_lines"]] == ["draw_table", "draw_table"]
    first = ev["draw_lines"][0]["data"]
    assert first["table"] == 1 and first["pair"] in pairs[:2]
    assert {p for p, _c in first["draws"]} == set(pairs[:2])
    assert [x["code"] for x in ev["partner_notes"]] == ["gvr_game2", "gvr_game2"]
    note = ev["partner_notes"][0]["data"]
    assert note["keeper"] in ("Ana", "Beto", "Carla", "Dani") and {note["high"], note["low"]} <= {
        "Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gus", "Hugo"}
    assert ev["table_cards"]["1"][1]["line"] == ev["partner_notes"][0]
    assert {g["dir"] for lines in ev["guides"].values() for g in lines} == {"ns", "ew"}
    es_page = client.get("/api/messages/es").json()["messages"]
    assert es_page["tournament.movement.gvr"] == "Cambio de compañero (GVR)"
    assert es_page["tournament.draw_table"] == "Mesa {table}: {draws}; {pair} se sienta en Norte-Sur"


def test_a_page_opened_with_a_language_keeps_it_for_the_next_page(client: TestClient) -> None:
    """``/?lang=es``: the page itself brings the cookie (``es-UY`` kept as ``es``), so the next page
    and the server's sentences are in Spanish even when that page is opened before the first page's
    script has run (issue 37); an unknown language, or none, sets nothing; a page already in it
    sends no cookie again."""
    r = client.get("/?lang=es-UY")
    assert r.status_code == 200 and r.cookies.get("canasta_lang") == "es"
    cookie = r.headers["set-cookie"].lower()
    assert "path=/" in cookie and "samesite=lax" in cookie and "max-age=31536000" in cookie
    assert "httponly" not in cookie                      # the pages read it (i18n.js chosenLanguage)
    assert client.get("/api/messages/auto").json()["lang"] == "es"      # the next request is Spanish
    assert "set-cookie" not in client.get("/table/abc?lang=es").headers   # already chosen
    client.cookies.clear()
    assert client.get("/table/abc?lang=en").cookies.get("canasta_lang") == "en"
    client.cookies.clear()
    assert "set-cookie" not in client.get("/?lang=xx").headers
    assert "set-cookie" not in client.get("/score").headers


def test_a_bad_house_rule_is_refused_in_the_readers_language(client: TestClient) -> None:
    """A house rule typed wrong on the home page (issue 37): the reason inside the refusal is said in
    Spanish for a Spanish browser and in English otherwise, with the same code and data; no table is
    made."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    before = set(hub.tables)
    es = {"accept-language": "es-AR,es;q=0.9"}
    body = {"preset": "classic", "overrides": {"packs": 9}}
    spanish = client.post("/api/tables", json=body, headers=es)
    english = client.post("/api/tables", json=body)
    assert spanish.status_code == english.status_code == 400
    assert spanish.json()["error"]["code"] == english.json()["error"]["code"] == "bad_rules"
    assert spanish.json()["error"]["data"] == english.json()["error"]["data"]
    assert spanish.json()["error"]["data"]["reason"]["code"] == "option_value"
    assert spanish.json()["error"]["message"] == "la opción 'packs' = 9: tiene que estar entre 1 y 4"
    assert english.json()["error"]["message"] == "rule option 'packs' = 9: must be 1 to 4"
    assert set(hub.tables) == before
    typo = client.post("/api/rules/check", json={"preset": "classic", "overrides": {"pakcs": 2}}, headers=es)
    assert typo.json()["error"]["message"] == "no existe la opción 'pakcs' (¿quisiste decir 'packs'?)"
    preset = client.post("/api/rules/check", json={"preset": "clasica"}, headers=es)
    assert preset.json()["error"]["message"].startswith("no existe el reglamento 'clasica'")
    assert client.post("/api/rules/check", json={"preset": "classic", "overrides": {"pakcs": 2}}).json()[
        "error"]["message"] == "unknown rule option 'pakcs' (did you mean 'packs'?)"


def test_a_bad_record_sent_to_verify_is_refused_in_the_readers_language(client: TestClient) -> None:
    """A record whose rules or moves are wrong, sent to /api/verify: the reason in Spanish (every level
    of it) for a Spanish browser, in English otherwise; nothing is left counted as replaying."""
    from canasta.records import FORMAT, VERSION
    hub = client.app.state.hub  # type: ignore[attr-defined]
    record = {"format": FORMAT, "version": VERSION, "rules": {"preset": "classic", "overrides": {"packs": 0}},
              "seed": 1, "actions": []}
    es = {"accept-language": "es"}
    spanish = client.post("/api/verify", json={"record": record}, headers=es)
    english = client.post("/api/verify", json={"record": record})
    assert spanish.status_code == english.status_code == 400
    assert spanish.json()["error"]["code"] == "bad_verify"
    assert spanish.json()["error"]["message"] == "reglas: la opción 'packs' = 0: tiene que estar entre 1 y 4"
    assert english.json()["error"]["message"] == "rules: rule option 'packs' = 0: must be 1 to 4"
    moves = dict(record, rules="classic", actions=["meld KH QX"])
    said = client.post("/api/verify", json={"record": moves}, headers=es).json()["error"]["message"]
    assert said == "jugada 1: 'QX': palo desconocido 'X' (los palos son C D H S: tréboles, diamantes, " \
                   "corazones, picas)"
    assert hub.guards.replaying == 0
