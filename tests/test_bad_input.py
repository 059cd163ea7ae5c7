"""Bad input gets a clear error naming the problem, and loses nothing.

Card and action notation, illegal actions in every phase (the state exactly as before), invalid rule
overrides, corrupt game records.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from canasta import Action, GameState, IllegalAction, NotationError, Op, Phase, RecordError, RuleError, rules
from canasta.cards import parse_card, parse_cards
from canasta.records import GameRecord, load, position

Refused = Callable[..., IllegalAction]


# ---------------------------------------------------------------------------- card notation
@pytest.mark.parametrize(("token", "words"), [
    ("ZH", "unknown rank 'Z'"),
    ("1H", "unknown rank '1'"),
    ("KHH", "unknown rank 'KH'"),
    ("KX", "unknown suit 'X'"),
    ("K7", "unknown suit '7'"),
    ("K", "a card is a rank and a suit"),
    ("7", "a card is a rank and a suit"),
    ("", "empty card"),
])
def test_bad_card_names_the_token(token: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(token)
    err = info.value
    assert err.token == token
    assert words in str(err)
    assert repr(token) in str(err)  # the message quotes the bad token
    assert isinstance(err, ValueError)  # callers may catch ValueError


def test_bad_card_in_a_list_names_that_card() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("KH QS ZZ 2C")
    assert info.value.token == "ZZ" and "'ZZ'" in str(info.value)
    with pytest.raises(NotationError) as info:
        parse_cards("KH,QX")
    assert info.value.token == "QX" and "unknown suit 'X'" in str(info.value)


# ---------------------------------------------------------------------------- action notation
@pytest.mark.parametrize(("text", "token", "words"), [
    ("", "", "empty action"),
    ("   ", "   ", "empty action"),
    ("fly", "fly", "unknown action"),
    ("discrad KH", "discrad", "unknown action"),
    ("draw KH", "draw KH", "takes no cards"),
    ("ask @1", "ask @1", "takes no"),
    ("add KH", "add KH", "add @N CARD"),
    ("add @1", "add @1", "add @N CARD"),
    ("add @1 KH QH", "add @1 KH QH", "add @N CARD"),
    ("add @x KH", "@x", "whole number"),
    ("add @-1 KH", "@-1", "start at @0"),
    ("take KH @", "@", "whole number"),
    ("take @1 @2", "@2", "only one meld number"),
    ("discard", "discard", "exactly one card"),
    ("discard KH QS", "discard KH QS", "exactly one card"),
    ("discard KH @1", "discard KH @1", "no meld number"),
    ("meld", "meld", "needs cards"),
    ("meld KH KS @0", "meld KH KS @0", "no meld number"),
    ("discard ZZ", "ZZ", "unknown rank"),
    ("meld KH QX", "QX", "unknown suit"),
    ("declare", "declare", "declare pairs|garbage|straight"),
    ("declare flush", "declare flush", "declare pairs|garbage|straight"),
    ("declare straight KH QH", "declare straight KH QH", "at most one card"),
])
def test_bad_action_notation(text: str, token: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert info.value.token == token
    assert words in str(info.value)


def test_action_notation_accepts_variants() -> None:
    assert Action.parse("  DISCARD  10h ") == Action(Op.DISCARD, (parse_card("TH"),))
    assert Action.parse("take 6h,6s @2") == Action(Op.TAKE, tuple(parse_cards("6H 6S")), 2)
    assert Action.parse("take @0") == Action(Op.TAKE, (), 0)
    assert str(Action.parse("add @12 jk")) == "add @12 JK"


# ---------------------------------------------------------------------------- illegal actions by phase
def _classic_position(phase: str, opened: bool = True, hand: str = "5C 5D 5H 9S QH 4C") -> GameState:
    """Classic, seat 0 to play; side 0 has a meld of kings when opened."""
    return position({
        "rules": "classic", "dealer": 3, "turn": 0, "phase": phase,
        "hands": [hand, "6S 7S 8S", "JC JD TS", "AC AD AH"],
        "stock": "6C 6D 6H 7C 8C 9C", "pile": "8D 9H",
        "melds": [["KC KD KH"] if opened else [], []],
    })


@pytest.mark.parametrize(("text", "code"), [
    ("discard 5C", "draw_first"),
    ("meld 5C 5D 5H", "draw_first_to_meld"),  # melds before drawing only to take the pile, unopened only
    ("add @0 QH", "draw_first_to_meld"),
    ("ask", "ask_after_draw"),           # before drawing only to go out by taking the pile: no take here
    ("pass", "draw_first"),
    ("yes", "not_asked"),
    ("no", "not_asked"),
    ("retract", "nothing_to_retract"),
    ("end", "no_end_stock"),             # the stock is not empty
    ("upcard", "no_upcard"),             # no first-turn upcard in the reference game
    ("take 5C 5D", "wrong_rank"),        # the top card is a 9
    ("take", "need_pair"),
    ("take 9S @0", "no_meld_of_rank"),   # no meld of nines to take onto
])
def test_draw_phase_refuses(refused: Refused, text: str, code: str) -> None:
    """R 1.1: a turn begins by drawing from the stock or taking the pile."""
    s = _classic_position("draw")
    assert s.phase is Phase.DRAW
    refused(s, text, code)


def test_draw_phase_meld_without_the_pile_for_an_unopened_side(refused: Refused) -> None:
    """An unopened side may show melds before drawing only to take the pile: without a pair of the top
    card's rank (a 9 here) it must draw first."""
    s = _classic_position("draw", opened=False)
    err = refused(s, "meld 5C 5D 5H", "draw_first_to_meld")
    assert "pile" in err.message
    refused(s, "discard 5C", "draw_first")


@pytest.mark.parametrize(("text", "code"), [
    ("draw", "already_drawn"),
    ("take", "already_drawn"),
    ("take 9S 9S", "already_drawn"),
    ("upcard", "already_drawn"),
    ("yes", "not_asked"),
    ("no", "not_asked"),
    ("end", "no_end"),
    ("pass", "no_pass"),
    ("discard KS", "not_in_hand"),
    ("discard 5C 5D", None),             # notation error, see below
    ("add @3 5C", "no_meld"),
    ("add @0 5C", "add_wrong_rank"),
    ("meld 5C 5D", "meld_size"),
    ("meld 5C 5D 9S", "mixed_ranks"),
    ("meld 5C 5D 5H 4C", "mixed_ranks"),  # issue 33: the ranks differ, before the count of cards
    ("meld KH KS 2C", "not_in_hand"),
    ("retract", "nothing_to_retract"),
])
def test_play_phase_refuses(refused: Refused, snapshot: Callable[..., Any], text: str,
                            code: str | None) -> None:
    """R 1.1: after drawing, meld and lay off, then discard; no second draw."""
    s = _classic_position("play")
    if code is None:
        before = snapshot(s)
        with pytest.raises(NotationError):
            s.apply(text)
        assert snapshot(s) == before
        return
    refused(s, text, code)


def test_answer_phase_accepts_only_yes_or_no(refused: Refused) -> None:
    """C2: the partner answers "may I go out?" with a plain yes or no before anything else happens."""
    s = _classic_position("play")
    s.apply("ask")
    assert s.phase is Phase.ANSWER and s.actor == 2 and s.current == 0
    assert [str(a) for a in s.legal_actions()] == ["yes", "no"]
    for text in ("discard 5C", "draw", "meld 5C 5D 5H", "ask", "retract", "end", "take", "add @0 QH",
                 "pass", "upcard"):
        refused(s, text, "answer_partner", "answer")
    s.apply("no")
    assert s.phase is Phase.PLAY and s.actor == 0
    refused(s, "ask", "asked")           # C2: at most once per turn
    refused(s, "yes", "not_asked")


def _finished_game() -> GameState:
    """Side 0 at 4,900 goes out by discarding its last card (R 1.1 scoring, game is 5,000):
    side 0: 4,900 + 500 (natural canasta) + 70 (seven kings at 10) + 100 (going out, not concealed: no
    canasta made this turn) - 30 (partner's JC JD TS) = 5,540; side 1: -(5 + 5 + 10) - (20 * 3) = -80."""
    s = position({
        "rules": "classic", "dealer": 3, "turn": 0, "phase": "play", "scores": [4900, 0],
        "hands": ["9S", "6S 7S 8S", "JC JD TS", "AC AD AH"],
        "stock": "6C 6D 6H", "pile": "8D",
        "melds": [["KC KD KH KS KC KD KH"], []],
    })
    s.apply("discard 9S")
    return s


def test_game_over_refuses_everything(refused: Refused) -> None:
    s = _finished_game()
    assert s.is_over and s.winner == 0 and s.scores == [5540, -80]
    assert s.legal_actions() == []
    for text in ("draw", "take", "discard 9S", "meld AC AD AH", "yes", "no", "ask", "end", "upcard",
                 "retract", "pass", "add @0 KS"):
        refused(s, text, "game_over", "over")


def test_non_actions_are_refused(refused: Refused) -> None:
    s = _classic_position("play")
    refused(s, Action(Op.DISCARD, (99,)), "not_a_card", "not a card")
    refused(s, Action(Op.MELD, (0, 1, 60)), "not_a_card")
    assert s.why_illegal(42) == ("not_an_action", {"value": "42"})  # type: ignore[arg-type]
    refused(s, 42, "not_an_action", "42 is not an action")
    refused(s, ("discard", 9), "not_an_action")


def test_bad_notation_through_apply_changes_nothing(snapshot: Callable[..., Any]) -> None:
    s = _classic_position("play")
    before = snapshot(s)
    for text in ("discard ZZ", "fly", "", "add KH"):
        with pytest.raises(NotationError):
            s.apply(text)
    assert snapshot(s) == before


# ---------------------------------------------------------------------------- rule overrides
@pytest.mark.parametrize(("overrides", "words"), [
    ({"go_out_canastaz": 1}, "unknown rule option 'go_out_canastaz' (did you mean 'go_out_canastas'?)"),
    ({"hand_sise": 13}, "did you mean 'hand_size'?"),
    ({"frobnicate": True}, "unknown rule option 'frobnicate'"),
    ({"target_score": "5000"}, "'target_score' must be a whole number"),
    ({"target_score": 5000.0}, "'target_score' must be a whole number"),
    ({"hand_size": True}, "'hand_size' must be a whole number"),
    ({"concealed": 1}, "'concealed' must be true or false"),
    ({"players": "4"}, "'players' must be a whole number"),
    ({"ask_partner": "sometimes"}, "'ask_partner' cannot be 'sometimes'"),
    ({"red3_values": 800}, "'red3_values' must be a list"),
    ({"red3_values": [0, 100, "200", 300, 800]}, "must hold whole numbers"),
    ({"opening_minimums": [[0, 50], [1500]]}, "must hold pairs of whole numbers"),
    ({"upcard_cover": ["wild", 3]}, "must hold text"),
    ({"hand_size": 30}, "'hand_size' = 30: 4 hands of 30 and an upcard need more than the 108 cards"),
    ({"hand_size": 0}, "'hand_size' = 0: must be at least 1"),
    pytest.param({"players": 3}, "'players' = 3: classic is for 4 players", id="players3"),
    ({"team_size": 3}, "'team_size' = 3: must divide the 4 players"),
    ({"opening_minimums": [[0, 50], [0, 90]]}, "'opening_minimums'"),
    ({"opening_minimums": [[1500, 90], [0, 50]]}, "must rise"),
    ({"opening_minimums": []}, "at least one"),
    ({"canasta_size": 2}, "'canasta_size' = 2: must be 3 to 13"),
    ({"going_out_bonus": -100}, "must not be negative"),
    ({"packs": 9}, "'packs' = 9: must be 1 to 4"),
    ({"go_out_canastas": 9}, "'go_out_canastas' = 9"),
    ({"red3_values": [50, 100, 200, 300, 800]}, "no red threes must be worth 0"),
    ({"red3_wild": True}, "'red3_wild' = True: red threes can be wild cards only where they are held"),
    ({"upcard_recover": ["blue"]}, "'upcard_recover'"),
    ({"target_score": 0}, "'target_score' = 0: must be positive"),
    ({"talon": [4, 3, 2]}, "'talon' = (4, 3, 2): give at most one talon size per side"),
    ({"talon": [4, -3]}, "none negative"),
    ({"turn_card_under": -1}, "'turn_card_under' = -1: must not be negative"),
    ({"opening_schedule": "hand"}, "'opening_by_hand' = (): the hand schedule needs minimums"),
    ({"opening_schedule": "hand", "opening_by_hand": [125, -5]}, "none negative"),
    ({"after_take_no_discard": ["eight"]}, "unknown card class 'eight'"),
    ({"no_wild_ranks": [3]}, "'no_wild_ranks' = (3,): ranks are 4 to 14"),
    ({"rank_canasta_bonus": [[7, -1]]}, "give (rank 4 to 14, points of at least 0) pairs"),
    ({"wild_canasta_by_jokers": [3000, 2000]}, "give 5 values (0 to all 4 jokers)"),
    ({"stuck_penalty": -1500}, "'stuck_penalty' = -1500: must not be negative"),
    ({"game_hands": -3}, "must not be negative"),
    ({"special_garbage": "2000"}, "'special_garbage' must be a whole number"),
])
def test_invalid_overrides(overrides: dict[str, Any], words: str) -> None:
    with pytest.raises(RuleError) as info:
        rules("classic", **overrides)
    assert words in str(info.value), str(info.value)


def test_players_not_allowed_by_the_preset() -> None:
    """S2: "Tables of four players"; S4: "two to six people"."""
    with pytest.raises(RuleError, match=r"'players' = 5: gvr-club is for 4 players"):
        rules("gvr-club", players=5)
    with pytest.raises(RuleError, match=r"'players' = 7: spanish is for 2, 3, 4, 5, 6 players"):
        rules("spanish", players=7)
    with pytest.raises(RuleError, match=r"'team_size' = 4: must divide the 6 players"):
        rules("spanish", players=6, team_size=4)
    with pytest.raises(RuleError, match="unknown rule set 'canasta-royale'"):
        rules("canasta-royale")
    with pytest.raises(RuleError, match="without a partner"):
        rules("gvr-club", team_size=1)  # S2 must-ask with nobody to ask
    with pytest.raises(RuleError, match="at least two sides"):
        rules("classic", team_size=4)


# ---------------------------------------------------------------------------- corrupt records
def _record_dict() -> dict[str, Any]:
    s = GameState.new(rules("classic"), seed=3)
    rng = random.Random(0)
    for _ in range(12):
        legal = s.legal_actions()
        s.apply_unchecked(next((a for a in legal if a.op is Op.DRAW), rng.choice(legal)))
    d = GameRecord.of(s).to_dict()
    assert GameRecord.from_dict(json.loads(json.dumps(d))).replay().history() == s.history()
    return d


def _bad_record(change: Callable[[dict[str, Any]], Any]) -> str:
    d = _record_dict()
    change(d)
    return json.dumps(d)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d[key] = value
    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        del d[key]
    return change


@pytest.mark.parametrize(("change", "words"), [
    (_set("format", "chess-pgn"), "not a game record"),
    (_drop("format"), "not a game record"),
    (_set("version", 2), "unsupported record version 2"),
    (_set("version", "1"), "unsupported record version '1'"),
    (_drop("actions"), "the record has no 'actions'"),
    (_drop("rules"), "the record has no 'rules'"),
    (_set("rules", "nope"), "rules: unknown rule set 'nope'"),
    (_set("rules", {"preset": "nope"}), "rules: unknown rule set 'nope'"),
    (_set("rules", {"preset": "classic", "overrides": {"hand_sise": 3}}), "did you mean 'hand_size'?"),
    (_set("rules", {"options": {"packs": "two"}}), "rules: rule option 'packs' must be a whole number"),
    (_set("rules", 7), "'rules' must be a preset name"),
    (_set("actions", "draw"), "'actions' must be a list"),
    (_set("seed", True), "'seed' must be a whole number or text"),
    (_set("seed", [1]), "'seed' must be a whole number or text"),
    (_set("dealer", 9), "'dealer' must be a seat 0 to 3"),
    (_set("dealer", "0"), "'dealer' must be a seat"),
    (_set("start", [1, 2]), "'start' must be a position object"),
    (_set("result", 5), "'result' must be an object"),
])
def test_corrupt_record_fields(change: Callable[[dict[str, Any]], Any], words: str) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(_bad_record(change))
    assert words in str(info.value), str(info.value)


def test_record_that_is_not_json_or_not_an_object() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json('{"format": "canasta-record", ')
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json("")
    with pytest.raises(RecordError, match="must be a JSON object"):
        GameRecord.from_json("[1, 2, 3]")


def test_record_with_bad_action_text() -> None:
    def change(d: dict[str, Any]) -> None:
        d["actions"][3] = "discrad KH"
    with pytest.raises(RecordError, match=r"action 4: 'discrad': unknown action"):
        GameRecord.from_json(_bad_record(change))

    def change2(d: dict[str, Any]) -> None:
        d["actions"][0] = 5
    with pytest.raises(RecordError, match=r"action 1 must be text, not 5"):
        GameRecord.from_json(_bad_record(change2))

    def change3(d: dict[str, Any]) -> None:
        d["actions"][2] = "discard ZQ"
    with pytest.raises(RecordError, match=r"action 3: 'ZQ': unknown rank"):
        GameRecord.from_json(_bad_record(change3))


def test_record_with_an_action_illegal_at_its_point() -> None:
    d = _record_dict()
    assert d["actions"][0] == "draw"
    d["actions"][1] = "draw"  # a second draw in the same turn
    rec = GameRecord.from_json(json.dumps(d))
    with pytest.raises(RecordError) as info:
        rec.replay()
    assert "action 2 (draw) cannot be played: you have already drawn this turn" in str(info.value)
    # replaying up to the bad action is fine
    assert rec.replay(upto=1).nactions == 1


def test_record_whose_result_does_not_match() -> None:
    d = _record_dict()
    d["result"]["scores"] = [1000, 0]
    with pytest.raises(RecordError, match="does not replay to its saved result"):
        GameRecord.from_json(json.dumps(d)).replay()
    d = _record_dict()
    d["actions"] = d["actions"][:-2]
    with pytest.raises(RecordError, match="does not replay to its saved result"):
        GameRecord.from_json(json.dumps(d)).replay()


def test_load_missing_file(tmp_path: Any) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("not json at all", encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        load(str(bad))


# ---------------------------------------------------------------------------- American presets (S3)
@pytest.mark.parametrize("preset", ["american", "nvso-tournament"])
def test_american_bad_actions_change_nothing(preset: str) -> None:
    """Refused actions of the American rules (S3 D, F, G; N21) leave the state exactly as it was."""
    from helpers import check_refused, position_for
    s = position_for(preset, ["7C 7D 2C 5S 6S", "QC", "JC", "9C"], melds=[["KC KD KH"], []], pile="",
                     stock="")
    check_refused(s, "meld 7C 7D 2C", "wild_limit_rank", "never take wild")
    check_refused(s, "add @0 2C", "wild_limit_naturals", "5 natural")
    check_refused(s, "declare pairs", "special_melded", "not melded")
    check_refused(s, "declare straight 5S", "special_melded", "not melded")
    d = position_for(preset, ["7C 7D 2C 5S 6S", "QC", "JC", "9C"], pile="", stock="4C", phase="draw")
    check_refused(d, "declare pairs", "draw_first_special", "draw")


@pytest.mark.parametrize(("change", "words"), [
    ({"talons": [4]}, "'talons' must be a list with one entry per side"),
    ({"talons": [-4, 0]}, "'talons' must hold whole numbers of at least 0"),
    ({"red_threes": [["KC"], [], [], []]}, "only threes go there"),
    ({"hands": ["3C", "", "", ""]}, "a three is laid face up at once"),
])
def test_american_position_errors(change: dict[str, Any], words: str) -> None:
    pos: dict[str, Any] = {"rules": "nvso-tournament", "hands": ["KC", "QC", "JC", "9C"], "stock": "4C"}
    pos.update(change)
    with pytest.raises(RecordError) as info:
        position(pos)
    assert words in str(info.value), str(info.value)
