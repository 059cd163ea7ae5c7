"""Issue 36: what the server refuses is a code and its data (``canasta.messages``), with one English
template per code in ``canasta.server.refusals``; the answer keeps ``code`` and ``message`` and gains
``data``, so that a page can say it in the reader's language."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import canasta.server
from canasta.errors import IllegalAction
from canasta.server.refusals import REFUSALS, STATUS, Refusal

SERVER = Path(canasta.server.__file__).parent


def _codes_in_source() -> dict[str, list[str]]:
    """Every code the server's modules refuse with: ``Refusal("code", ...)`` and the codes listed in
    tables (documents' ``REFUSED``), with where."""
    found: dict[str, list[str]] = {}
    for path in sorted(SERVER.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            codes: list[str] = []
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "Refusal", "because") and node.args and isinstance(node.args[0], ast.Constant):
                codes.append(node.args[0].value)
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "REFUSED"
                                                      for t in node.targets):
                codes += [c.value for c in ast.walk(node.value)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str) and "_" in c.value]
            for c in codes:
                found.setdefault(c, []).append(f"{path.name}:{node.lineno}")
    return found


def test_every_code_refused_has_its_english_template_and_every_template_is_used() -> None:
    used = _codes_in_source()
    assert len(used) > 40, sorted(used)
    assert not sorted(set(used) - set(REFUSALS)), "refused without a template"
    assert not sorted(set(REFUSALS) - set(used)), "templates no refusal uses"
    assert set(STATUS) <= set(REFUSALS)


def test_templates_name_only_data_keys_of_known_kinds() -> None:
    """Each template's fields are plain names (``{seat}``, ``{card:name}``), never positions or
    expressions: a catalogue in another language fills the same names."""
    for code, template in REFUSALS.items():
        forms = template if isinstance(template, tuple) else (template,)
        for form in forms:
            for _lit, name, _spec, _conv in string.Formatter().parse(form):
                assert name is None or name.isidentifier(), (code, form)


def test_a_refusal_renders_its_english_sentence_from_its_data() -> None:
    r = Refusal("seat_count", {"n": 3, "players": 4})
    assert r.message == "3 seats given, but this game is for 4 players"
    assert Refusal("seat_count", {"n": 1, "players": 4}).message.startswith("1 seat given")
    assert r.body() == {"code": "seat_count", "message": r.message, "data": {"n": 3, "players": 4}}
    assert Refusal("too_big", {"max_bytes": 65536}).message == "a request body may hold at most 65,536 bytes"
    with pytest.raises(KeyError):
        Refusal("stale")                       # its datum is missing: found at once, not by a player
    engine = Refusal.of(IllegalAction("wrong_rank", "7♠ does not match Q♥", {"top_card": "QH", "card": "7S"}))
    assert engine.reply("c1") == {"type": "refused", "id": "c1", "code": "wrong_rank",
                                  "message": "7♠ does not match Q♥", "data": {"top_card": "QH", "card": "7S"}}


def test_http_and_socket_refusals_carry_code_message_and_data(app_client: TestClient) -> None:
    made = app_client.post("/api/tables", json={"preset": "classic", "seats": [{"kind": "person"}] * 3})
    err = made.json()["error"]
    assert made.status_code == 400
    assert err == {"code": "seat_count", "message": "3 seats given, but this game is for 4 players",
                   "data": {"n": 3, "players": 4}}
    t = app_client.post("/api/tables", json={"preset": "classic"}).json()
    seat = app_client.post(f"/api/tables/{t['table_id']}/seats/7", json={"kind": "bot"},
                           headers={"authorization": f"Bearer {t['host_token']}"}).json()["error"]
    assert seat["code"] == "bad_seat" and seat["data"] == {"seat": 7, "last_seat": 3}
    with app_client.websocket_connect(f"/ws/{t['table_id']}") as ws:
        ws.send_text('{"type": "hello", "token": "x"}')
        bad = ws.receive_json()
    assert bad["type"] == "error" and bad["code"] == "bad_message"
    assert bad["data"]["field"] == "hello.token" and bad["message"].startswith("hello.token: ")
