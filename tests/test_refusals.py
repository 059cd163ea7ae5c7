"""House rules and positions the engine cannot honour are refused (issue 18).

Every combination of rule options that ``rules()`` accepts must be playable: a game never reaches a
position with no legal action before it ends, and every action ``legal_actions()`` lists applies. The
rest is refused with a :class:`RuleError` naming the option and the conflict. Every public entry point
answers bad input with the library's own error (``canasta.errors``) naming the problem, never a
``TypeError``, ``UnicodeDecodeError`` or ``RecursionError``.
"""

from __future__ import annotations

import os
import random
from typing import Any, Literal, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st

from canasta import (
    Action,
    GameState,
    IllegalAction,
    NotationError,
    Op,
    RecordError,
    RuleError,
    SeatError,
    rules,
)
from canasta.actions import action_problem
from canasta.cards import card_str, parse_card, parse_cards
from canasta.presets import PRESETS, rules_from_options
from canasta.records import GameRecord, load, position
from canasta.rules import _HINTS, OPTION_NAMES, RuleSet
from canasta.views import view

# ---------------------------------------------------------------------------- random house rules
# Values to try for each option: around the presets' values and past the edges (so that refusals are
# exercised too). Options not listed here take any value their type allows (see _values).
INT_VALUES: dict[str, st.SearchStrategy[int]] = {
    "packs": st.integers(0, 5), "jokers_per_pack": st.integers(-1, 5), "players": st.integers(1, 9),
    "team_size": st.integers(0, 4), "hand_size": st.integers(0, 20), "stock_draw": st.integers(0, 4),
    "turn_card_under": st.sampled_from([0, 1, 8, 30, 500]), "perfect_cut_bonus": st.sampled_from([0, 100]),
    "canasta_size": st.integers(2, 14), "max_meld_size": st.sampled_from([0, 6, 7, 8, 13]),
    "min_naturals": st.integers(0, 5), "max_wilds": st.integers(-1, 8),
    "wild_needs_naturals": st.integers(0, 8), "black3_meld_min": st.integers(1, 5),
    "black3_meld_wilds": st.integers(0, 3), "go_out_canastas": st.integers(0, 7),
    "target_score": st.sampled_from([-5, 0, 50, 500, 5000, 15000]), "game_hands": st.integers(0, 4),
    "failed_go_out_boxes": st.integers(0, 3), "stuck_limit": st.integers(0, 3),
    "red3_count_canastas": st.integers(0, 3), "last_three_penalty": st.sampled_from([0, 5]),
}
TUPLE_VALUES: dict[str, list[Any]] = {
    "player_counts": [[], [4], [2, 3, 4, 5, 6], [2, 9]],
    "talon": [[], [4, 3], [1], [10, 10], [4, 3, 2]],
    "upcard_cover": [[], ["wild"], ["wild", "red3", "black3"], ["black3"], ["blue"]],
    "upcard_recover": [[], ["wild", "red3"], ["black3"]],
    "sequences": [[], [[4, 14]], [[4, 10], [5, 11], [6, 12], [7, 13], [8, 14]], [[4, 6]],
                  [[5, 8], [10, 14]], [[12, 14]], [[3, 9]]],
    "opening_minimums": [[[0, 0]], [[-(10**9), 15], [0, 50]], [[0, 300]], [[0, 50], [0, 90]], []],
    "opening_by_hand": [[], [125, 155, 180], [0], [-5]],
    "no_wild_ranks": [[], [7], list(range(4, 15)), [3]],
    "opening_wild_ranks": [[], [14], list(range(4, 15))],
    "after_take_no_discard": [[], ["seven", "ace", "wild", "dead"], ["wild"], ["eight"]],
    "red3_values": [[0, 100, 200, 300, 800], [0, 100, 200, 300, 400, 500, 1000], [0, 100], [50, 100]],
    "rank_canasta_bonus": [[], [[7, 2500], [14, 2500]], [[3, 100]]],
    "rank_incomplete_penalty": [[], [[7, 2500], [14, 2500]]],
    "wild_canasta_by_jokers": [[], [3000, 2000, 2000, 2000, 2500], [1, 2, 3, 4, 5, 6, 7]],
    "wild_incomplete_by_jokers": [[], [2000, 2000, 2000, 2000, 2500]],
    "stuck_ranks": [[], [7, 14], [4]],
}


def _values(name: str) -> st.SearchStrategy[Any]:
    hint = _HINTS[name]
    if get_origin(hint) is Literal:
        return st.sampled_from(get_args(hint))
    if hint is bool:
        return st.booleans()
    if hint is int:
        return INT_VALUES.get(name, st.sampled_from([0, 5, 100, 500, 3000]))
    return st.sampled_from(TUPLE_VALUES[name])


HOUSE_RULES = [name for name in OPTION_NAMES if name != "name"]
overrides = st.lists(st.sampled_from(HOUSE_RULES).flatmap(lambda k: st.tuples(st.just(k), _values(k))),
                     max_size=6).map(dict)

HANDS = 2          # whole hands played per example (or the game, if it ends first)
HAND_CAP = 4000    # actions in one hand: a hand is finite (the stock shrinks, melds only grow)


def _examples(default: int) -> int:
    raw = os.environ.get("CANASTA_PROPERTY_EXAMPLES", "").strip()
    return max(1, int(raw)) if raw else default


def test_every_option_has_values_to_try() -> None:
    """A new option is drawn by the property below as soon as it exists (its type's values, or a list
    here for options holding lists)."""
    for name in HOUSE_RULES:
        assert _values(name) is not None


def _play(rs: RuleSet, seed: int, hands: int = HANDS) -> GameState:
    """Random play of ``hands`` whole hands (or to the end of the game), checking at every step that
    there is a legal action and that every listed action applies; the state reached."""
    s = GameState.new(rs, seed)
    rng = random.Random(seed)
    step = 0
    while not s.is_over and len(s.results) < hands:
        step += 1
        assert step <= HAND_CAP * hands, f"hand {s.hand_no} has not ended after {step} actions"
        legal = s.legal_actions()
        assert legal, f"step {step}: no legal action in phase {s.phase.name} for seat {s.actor}"
        for a in legal:
            why = s.why_illegal(a)
            assert why is None, f"step {step}: {a} is listed but refused: {why}"
        build = [a for a in legal if a.op in (Op.TAKE, Op.MELD, Op.ADD, Op.YES, Op.UPCARD)]
        s.apply(rng.choice(build) if build and rng.random() < 0.7 else rng.choice(legal))
    return s


@pytest.mark.parametrize("preset", list(PRESETS))
@settings(max_examples=_examples(12), deadline=None, database=None,
          phases=(HPhase.explicit, HPhase.reuse, HPhase.generate),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(house=overrides, seed=st.integers(0, 2**31 - 1))
def test_every_valid_house_rule_combination_plays(preset: str, house: dict[str, Any], seed: int) -> None:
    """Issue 18: every option combination that validates is playable (a legal action until the game
    ends, every listed action applies); every other is refused with a RuleError naming an option."""
    note(f"rules({preset!r}, **{house!r}), seed {seed}")
    try:
        rs = rules(preset, **house)
    except RuleError as e:
        assert "rule option" in str(e) or "rule set" in str(e), str(e)
        return
    _play(rs, seed)


# The combinations issue 18 found accepted and then broken, each now refused or played correctly.
@pytest.mark.parametrize(("preset", "house"), [
    ("classic", {"sequences": [[4, 14]]}),
    ("gvr-club", {"sequences": [[4, 10], [5, 11], [6, 12], [7, 13], [8, 14]]}),
    ("american", {"sequences": [[4, 6]]}),
    ("classic", {"no_wild_ranks": list(range(4, 15))}),
    ("spanish", {"opening_wild_ranks": list(range(4, 15))}),
    ("classic", {"wild_needs_naturals": 7}),
    ("classic", {"black3_out_no_discard": True, "concealed_needs_canasta": False}),
    ("classic", {"talon": [4, 3]}),
])
def test_combinations_found_broken_now_play(preset: str, house: dict[str, Any]) -> None:
    rs = rules(preset, **house)
    for seed in range(3):
        s = _play(rs, seed)
        assert s.is_over or len(s.results) >= HANDS     # the hands were played to their end


def test_ask_before_drawing_for_the_facilitys_top_card_is_accepted_as_listed() -> None:
    """Found by the property above: with the lay-down facility (S0 [G](i)) as a house rule where asking
    is allowed before drawing, ``ask`` was listed for a top-card take alone and then refused (the
    check counted only takes of the whole pile). Both now count either take."""
    rs = rules("nvso-tournament", red3_hand_penalty_per="card", go_out_sequence=False,
               laydown_facility=True, freeze_on_wild=False, freeze_on_red3=False, value_joker=3000)
    s = _play(rs, 1294)
    assert s.is_over or len(s.results) >= HANDS


def test_sequences_with_one_meld_per_rank_lists_no_second_group() -> None:
    """R C3 with sequences as a house rule: the side's one meld of sixes takes the sixes, so no new meld
    of sixes is listed (the generator agrees with the one_meld_per_rank check)."""
    s = position({"rules": {"preset": "classic", "overrides": {"sequences": [[4, 14]]}},
                  "turn": 0, "phase": "play", "hands": ["6C 6H 6S 9D", "KC", "KD", "KH"],
                  "melds": [["6D 6D 6H"], []], "pile": "TC", "stock": "4C 4D"})
    listed = [str(a) for a in s.legal_actions()]
    assert not [a for a in listed if a.startswith("meld 6")]
    assert "add @0 6C" in listed
    with pytest.raises(IllegalAction, match="already has a meld of sixes"):
        s.apply("meld 6C 6H 6S")


def test_a_sequence_is_no_natural_group_for_the_opening_natural_meld() -> None:
    """R 1.2's opening natural meld (a natural *group* of three, as the side's opening is decided) with
    sequences as a house rule: 4H 5H 6H leaving one card was listed and applied as if it met it, and the
    side was then not open with only a retract to play. The check now reads the meld as the effect does."""
    house = {"opening_natural_meld": True, "pass_allowed": False, "go_out_canastas": 0,
             "ask_partner": "none", "opening_minimums": [[-(10**9), 15]]}
    for hand, cards, opens in (("4H 5H 6H 9C", "4H 5H 6H", False), ("6C 6D 6H 9C", "6C 6D 6H", True)):
        s = position({"rules": {"preset": "samba", "overrides": house}, "turn": 0, "phase": "play",
                      "hands": [hand, "KC", "KD", "KH"], "pile": "TC", "stock": "4C 4D"})
        assert (f"meld {cards}" in [str(a) for a in s.legal_actions()]) is opens
        if opens:
            s.apply(f"meld {cards}")
            assert s.opened[0]
        else:
            with pytest.raises(IllegalAction, match="not met its opening minimum"):
                s.apply(f"meld {cards}")


@pytest.mark.parametrize(("house", "words"), [
    ({"min_naturals": 4}, "'min_naturals' = 4: a meld needs at least one natural, and a new meld is laid "
                          "as three cards"),
    ({"min_naturals": 0}, "'min_naturals' = 0"),
    ({"go_out_sequence": True}, "'go_out_sequence' = True: going out would need a sequence canasta, but "
                                "the rules have no sequences"),
    ({"turn_card_under": 500}, "'turn_card_under' = 500: the stock after the deal has only 63 cards: "
                               "the turn card must lie in it"),
    ({"turn_card_under": 8}, "'turn_card_under' = 8: the turn card only limits the talon: it needs a "
                             "talon"),
    ({"stock_draw": 10**9}, "'stock_draw' = 1000000000: more than the 63 cards of the stock after the "
                            "deal"),
])
def test_house_rules_the_engine_cannot_honour_are_refused(house: dict[str, Any], words: str) -> None:
    with pytest.raises(RuleError) as info:
        rules("classic", **house)
    assert words in str(info.value), str(info.value)


def test_rules_refuses_a_name_override_and_a_bad_name() -> None:
    with pytest.raises(RuleError, match="'name' is the preset a rule set derives from"):
        rules("classic", name="mine")
    with pytest.raises(RuleError, match="a rule set is named by text"):
        rules(7)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="rule options are named by text"):
        rules_from_options({1: 2})


def test_rules_from_options_needs_every_option() -> None:
    full = rules("american").options()
    assert rules_from_options(full) == rules("american")
    with pytest.raises(RuleError, match="need a 'name'"):
        rules_from_options({})
    with pytest.raises(RuleError, match=r"lack \d+ of the \d+ options"):
        rules_from_options({"name": "classic"})
    custom = RuleSet().options()
    del custom["target_score"]
    with pytest.raises(RuleError, match="of 'custom' lack 'target_score'"):
        rules_from_options(custom)
    # a record saved before an option existed: the option takes its preset's value
    old = dict(full)
    del old["exposed_card_penalty"]
    assert rules_from_options(old) == rules("american")
    spanish3 = rules("spanish", players=3).options()
    del spanish3["hand_size"]
    assert rules_from_options(spanish3).hand_size == 13


# ---------------------------------------------------------------------------- positions
def _pos(**extra: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"rules": "classic", "dealer": 3, "turn": 0, "hands": ["KC QD", "KD", "KH", "KS"],
                         "stock": "4C 5C", "pile": "9S"}
    d.update(extra)
    return d


def _deep(depth: int) -> Any:
    x: Any = []
    for _ in range(depth):
        x = [x]
    return x


@pytest.mark.parametrize(("extra", "words"), [
    ({"phase": "play", "hands": ["", "KD", "KH", "KS"]}, "hands[0]: the player to move holds no card"),
    ({"opened": ["no", "no"]}, "'opened[0]' must be true or false, not 'no'"),
    ({"opened": [1, 0]}, "'opened[0]' must be true or false, not 1"),
    ({"has_melded": [False, "yes", False, False]}, "'has_melded[1]' must be true or false"),
    ({"pile_frozen": "false"}, "'pile_frozen' must be true or false"),
    ({"first_turn": 0}, "'first_turn' must be true or false"),
    ({"hand_number": -1}, "'hand_number' counts hands from 0, not -1"),
    ({"hands": [_deep(5000), "", "", ""]}, "hands[0]: expected cards as text"),
    ({"hands": [[1, 2], "", "", ""]}, "hands[0]: expected cards as text"),
    ({"rules": {"preset": "classic", "overrides": {"talon": _deep(5000)}}},
     "rule option 'talon' must hold whole numbers, not [[[[[["),
    ({"rules": {"preset": _deep(5000)}}, "a rule set is named by text"),
    ({"scores": _deep(5000)}, "'scores' must be 2 whole numbers"),
    ({"asks": [_deep(5000), 0, 0, 0]}, "'asks' must hold whole numbers of at least 0, not [[[[[["),
])
def test_positions_the_engine_cannot_honour_are_refused(extra: dict[str, Any], words: str) -> None:
    with pytest.raises(RecordError) as info:
        position(_pos(**extra))
    assert words in str(info.value), str(info.value)


def test_an_empty_hand_is_allowed_where_the_turn_ends_without_a_discard() -> None:
    """R 1.1 (Britannica): after a last-card red three the player may meld but not discard; with
    nothing left to meld the turn ends (``end``)."""
    s = position(_pos(phase="play", hands=["", "KD", "KH", "KS"], stock="",
                      turn_state={"must_end_without_discard": True}))
    assert [str(a) for a in s.legal_actions()] == ["end"]


# ---------------------------------------------------------------------------- actions and views
def _play_phase() -> GameState:
    s = GameState.new(rules("classic"), seed=1)
    s.apply("draw")
    return s


@pytest.mark.parametrize(("action", "words"), [
    (Action(Op.DISCARD, "KH"), "cards must be a tuple of card numbers (0 to 52), not 'KH'"),  # type: ignore[arg-type]
    (Action(Op.MELD, [8, 9, 10]), "cards must be a tuple of card numbers"),  # type: ignore[arg-type]
    (Action(Op.DISCARD, (1.5,)), "cards must be a tuple of card numbers"),  # type: ignore[arg-type]
    (Action(Op.DISCARD, (True,)), "cards must be a tuple of card numbers"),
    (Action(Op.DISCARD, None), "not None"),  # type: ignore[arg-type]
    (Action(Op.ADD, (40,), "0"), "an action's meld must be a whole number (-1 for none), not '0'"),  # type: ignore[arg-type]
    (Action(Op.MERGE, (), 0, "1"), "an action's other must be a whole number"),  # type: ignore[arg-type]
    (Action(Op.TAKE, (), None), "an action's meld must be a whole number"),  # type: ignore[arg-type]
    (Action("discard", (40,)), "an action's op must be an Op (such as Op.DISCARD), not 'discard'"),  # type: ignore[arg-type]
    (Action(5, (40,)), "an action's op must be an Op"),  # type: ignore[arg-type]
])
def test_actions_built_with_wrong_field_types_are_refused(action: Action, words: str) -> None:
    s = _play_phase()
    before = view(s, s.actor)
    why = action_problem(action)
    assert why is not None and why[0].startswith("bad_action_") and s.why_illegal(action) == why
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.code == why[0] and words in str(info.value), str(info.value)
    assert view(s, s.actor) == before


@pytest.mark.parametrize("seat", [4, -1, "1", True, None, 1.0])
def test_view_of_a_seat_not_at_the_table(seat: Any) -> None:
    s = GameState.new(rules("classic"), seed=1)
    with pytest.raises(SeatError, match="is not at this table \\(seats 0 to 3\\)"):
        view(s, seat)
    assert isinstance(SeatError("x"), ValueError)  # callers catching ValueError still do


def test_card_and_action_notation_of_things_that_are_not_text() -> None:
    with pytest.raises(NotationError, match="an action is written as text"):
        Action.parse(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="a card is written as text"):
        parse_card(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="cards are written as text"):
        parse_cards(["KH"])  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="'99': not a card"):
        card_str(99)


# ---------------------------------------------------------------------------- records
def test_record_json_nested_too_deeply() -> None:
    with pytest.raises(RecordError, match="nests too deeply"):
        GameRecord.from_json("[" * 100000)
    with pytest.raises(RecordError, match="nests too deeply"):
        GameRecord.from_json('{"a": ' * 100000)


def test_record_with_deeply_nested_values() -> None:
    d = GameRecord.of(GameState.new(rules("classic"), 1)).to_dict()
    d["result"] = {"scores": _deep(5000)}
    with pytest.raises(RecordError, match="does not replay to its saved result"):
        GameRecord.from_dict(d).replay()
    d["actions"] = [_deep(5000)]
    with pytest.raises(RecordError, match=r"action 1 must be text, not \[\[\["):
        GameRecord.from_dict(d)


def test_load_of_a_file_that_is_not_utf8(tmp_path: Any) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes('{"format": "canasta-record", "seed": "caf\u00e9"}'.encode("latin-1"))
    with pytest.raises(RecordError, match=r"latin1\.json: not UTF-8 text: invalid"):
        load(str(bad))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000, encoding="utf-8")
    with pytest.raises(RecordError, match="nests too deeply"):
        load(str(deep))
    with pytest.raises(RecordError, match="expected JSON text"):
        GameRecord.from_json(5)  # type: ignore[arg-type]


def test_a_new_game_of_values_of_the_wrong_type() -> None:
    with pytest.raises(RuleError, match=r"a game needs a RuleSet .*, not 'classic'"):
        GameState.new("classic")
    with pytest.raises(RecordError, match=r"seed must be a whole number or text, not 1\.5"):
        GameState.new(rules("classic"), 1.5)
    with pytest.raises(SeatError, match="the dealer must be a seat number, not '2'"):
        GameState.new(rules("classic"), 1, "2")
    record = GameRecord.of(GameState.new(rules("classic"), 1))
    with pytest.raises(RecordError, match="replay up to a number of actions"):
        record.replay(upto=-1)
