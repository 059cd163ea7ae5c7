"""Game records (save, load, replay) and positions (a table situation in a few lines of JSON)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from canasta import GameState, Op, Phase, RecordError, rules
from canasta.cards import parse_card, parse_cards, sort_key
from canasta.melds import MeldType
from canasta.records import FORMAT, VERSION, GameRecord, load, position, save
from canasta.views import view
from helpers import ALL_PRESETS, PRESET_IDS

TABLES = {"ref4": ("classic", {}), "club4": ("gvr-club", {}), "es4": ("spanish", {}),
          "es2": ("spanish", {"players": 2}), "es3": ("spanish", {"players": 3}),
          "es6": ("spanish", {"players": 6}), "am4": ("american", {"game_hands": 2}),
          "nv4": ("nvso-tournament", {})}


def _play(s: GameState, rng: random.Random, limit: int) -> GameState:
    """Random play preferring takes, melds and additions (so games end), up to ``limit`` actions."""
    while not s.is_over and s.nactions < limit:
        legal = s.legal_actions()
        good = [a for a in legal if a.op in (Op.TAKE, Op.MELD, Op.ADD, Op.YES)]
        s.apply_unchecked(rng.choice(good) if good and rng.random() < 0.85 else rng.choice(legal))
    return s


def _views(s: GameState) -> list[str]:
    return [json.dumps(view(s, seat), sort_keys=True) for seat in range(s.rules.players)]


def _same_game(a: GameState, b: GameState) -> None:
    assert a.history() == b.history()
    assert a.scores == b.scores and a.results == b.results and a.winner == b.winner
    assert a.hands == b.hands and a.stock == b.stock and a.pile == b.pile and a.melds == b.melds
    assert a.red3 == b.red3 and a.phase == b.phase and a.current == b.current
    assert a.events() == b.events()
    assert _views(a) == _views(b)


@pytest.mark.parametrize("table", list(TABLES))
def test_replay_reproduces_whole_games(table: str) -> None:
    """A record (rules, seed, actions) replays every hand exactly: history, results, scores, winner."""
    name, overrides = TABLES[table]
    for seed in (1, 2):
        s = _play(GameState.new(rules(name, **overrides), seed=seed), random.Random(seed), 20000)
        assert s.is_over
        rec = GameRecord.from_json(GameRecord.of(s).to_json())
        again = rec.replay()
        _same_game(again, s)
        assert [r.to_dict() for r in again.results] == [r.to_dict() for r in s.results]
        # replay(upto=k) is the game after k actions
        k = s.nactions // 2
        part = rec.replay(upto=k)
        assert part.history() == s.history()[:k] and part.nactions == k


@pytest.mark.parametrize("name", ALL_PRESETS, ids=PRESET_IDS)
def test_records_round_trip_in_every_preset(name: str) -> None:
    """Every preset (including those whose random games cannot reach the target, and any new one): a
    record of a few hands survives JSON and replays to the very same game, part-way replays too."""
    s = _play(GameState.new(rules(name), seed=3), random.Random(3), 1200)
    text = GameRecord.of(s).to_json()
    rec = GameRecord.from_json(text)
    assert rec.to_json() == text
    _same_game(rec.replay(), s)
    k = s.nactions // 3
    assert rec.replay(upto=k).history() == s.history()[:k]


def test_replay_upto_matches_the_game_step_by_step() -> None:
    rs = rules("gvr-club")
    s = GameState.new(rs, seed=8)
    rng = random.Random(8)
    steps: list[tuple[int, list[str]]] = []
    for _ in range(60):
        _play(s, rng, s.nactions + 1)
        if s.nactions % 15 == 0:
            steps.append((s.nactions, _views(s)))
    rec = GameRecord.of(s)
    for k, views in steps:
        assert _views(rec.replay(upto=k)) == views


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    s = _play(GameState.new(rules("spanish", players=3), seed="club night"), random.Random(4), 300)
    rec = GameRecord.of(s)
    path = tmp_path / "game.json"
    save(rec, str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["seed"] == "club night" and data["rules"]["preset"] == "spanish"
    assert data["actions"] == [str(a) for a in s.history()]
    back = load(str(path))
    assert back.rules == rec.rules and back.seed == rec.seed and back.actions == rec.actions
    assert back.dealer == rec.dealer and back.result == rec.result
    _same_game(back.replay(), s)


def test_record_to_json_is_stable() -> None:
    s = _play(GameState.new(rules("classic"), seed=12), random.Random(1), 200)
    text = GameRecord.of(s).to_json()
    assert GameRecord.from_json(text).to_json() == text
    assert GameRecord.from_json(GameRecord.of(s).to_json(indent=2)).to_json() == text


def test_record_with_house_rules_replays_under_them() -> None:
    rs = rules("gvr-club", go_out_canastas=1, target_score=2000)
    s = _play(GameState.new(rs, seed=6), random.Random(6), 20000)
    rec = GameRecord.from_json(GameRecord.of(s).to_json())
    assert rec.rules == rs and rec.rules.go_out_canastas == 1
    _same_game(rec.replay(), s)


POS: dict[str, Any] = {
    "rules": "gvr-club",
    "seed": 7,
    "dealer": 3, "turn": 0, "phase": "draw",
    "scores": [1600, -40],
    "hands": ["KH KS 5C 2D", "9C 9D 4H", "JK QH QS", "7C 7D 7H AS"],
    "stock": "8C 8D 6S 6H",
    "pile": "4C 9H KD",
    "melds": [["QC QD QH 2C"], []],
    "red_threes": [["3H"], [], ["3D"], []],
}


def test_position_sets_up_exactly_what_it_says() -> None:
    s = position(json.loads(json.dumps(POS)))  # positions are JSON
    assert s.rules == rules("gvr-club")
    assert (s.dealer, s.current, s.actor, s.phase) == (3, 0, 0, Phase.DRAW)
    for seat, text in enumerate(POS["hands"]):
        assert s.hand_cards(seat) == sorted(parse_cards(text))
        assert s.hn[seat] == len(parse_cards(text))
    # the stock is written from the top down; the state keeps its top last
    assert s.stock == list(reversed(parse_cards("8C 8D 6S 6H")))
    assert s.pile == parse_cards("4C 9H KD") and s.pile[-1] == parse_card("KD")
    assert len(s.melds[0]) == 1 and s.melds[1] == []
    m = s.melds[0][0]
    assert (m.type, m.rank, m.naturals, m.wilds, m.jokers) == (MeldType.GROUP, 12, 3, 1, 0)
    assert sorted(m.cards) == sorted(parse_cards("QC QD QH 2C"))
    assert s.red3 == [parse_cards("3H"), [], parse_cards("3D"), []]
    assert s.scores == [1600, -40]
    # R 1.1: 1,500 to 2,995 needs 90; a negative score needs 15
    assert s.minimum == [90, 15]
    assert s.opened == [True, False]          # default: a side with melds has opened
    assert s.pile_frozen is False             # no wild card or red three in the pile
    assert s.hand_no == 0 and not s.is_over
    v = view(s, 0)
    assert v["hand"] == "2D 5C KH KS" and v["pile"]["top"] == "KD" and v["pile"]["size"] == 3
    assert v["stock"] == 4 and v["hand_counts"] == [4, 3, 3, 4]
    # the first draw takes the stock's top cards: gvr-club draws two (S2, G5)
    s.apply("draw")
    assert s.hand_cards(0) == sorted(parse_cards("KH KS 5C 2D 8C 8D"))
    assert s.stock == list(reversed(parse_cards("6S 6H")))


def test_position_optional_keys() -> None:
    pos = dict(POS, phase="play", turn=2, hand_number=3, pile_frozen=True, opened=[False, True],
               has_melded=[True, False, False, False], first_turn=True)
    s = position(pos)
    assert (s.phase, s.current, s.hand_no) == (Phase.PLAY, 2, 3)
    assert s.pile_frozen is True and s.opened == [False, True]
    assert s.has_melded == [True, False, False, False] and s.first_turn is True
    # a wild card in the pile freezes it by default (R 1.1)
    s2 = position(dict(POS, pile="4C 2S 9H KD"))
    assert s2.pile_frozen is True
    assert sorted(parse_cards("4C 2S 9H KD"), key=sort_key) == sorted(s2.pile, key=sort_key)


def test_record_of_a_position_replays_from_it() -> None:
    s = position(POS)
    for a in ("draw", "discard 5C"):
        s.apply(a)
    rec = GameRecord.of(s, start=POS)
    again = GameRecord.from_json(rec.to_json()).replay()
    assert again.history() == s.history() and again.hands == s.hands and _views(again) == _views(s)


@pytest.mark.parametrize(("change", "words"), [
    ({"hands": ["KH KH KH", "", "", ""]}, "the position uses 3 x KH, but the deck has only 2"),
    ({"hands": ["JK JK", "JK", "JK", ""], "pile": "JK"}, "the position uses 5 x JK, but the deck has only 4"),
    ({"hands": ["KH", "", "", ""], "melds": [["KH KD KC"], ["KH KS KS"]]}, "3 x KH"),
    ({"hands": ["KH", "", ""]}, "'hands' must be a list with one entry per seat (4)"),
    ({"hands": "KH"}, "'hands' must be a list with one entry per seat (4)"),
    ({"melds": [["KH KD KC"]]}, "'melds' must be a list with one entry per side (2)"),
    ({"red_threes": [[], []]}, "'red_threes' must be a list with one entry per seat (4)"),
    ({"scores": [0]}, "'scores' must be 2 whole numbers, one per side"),
    ({"scores": [0, "5"]}, "'scores' must be 2 whole numbers"),
    ({"opened": [True]}, "'opened' must be a list with one entry per side (2)"),
    ({"has_melded": [True]}, "'has_melded' must be a list with one entry per seat (4)"),
    ({"melds": [["KH QH 2C"], []]}, "melds[0][0]: a meld is cards of one rank"),
    ({"melds": [[], ["KH KD 3D"]]}, "melds[1][0]: red threes cannot be melded"),
    ({"melds": [["KH 2D 2C"], []]}, "melds[0][0]: a meld needs three cards, 2 of them natural"),
    ({"melds": [["KH KD"], []]}, "melds[0][0]: a meld needs three cards"),
    ({"melds": [["KH KD 2D 2C JK"], []]}, "melds[0][0]: a meld may not hold more wild cards than natural"),
    ({"melds": [["KH KD KS KC 2D 2C JK JK"], []]}, "melds[0][0]: a meld may hold at most 3 wild cards"),
    ({"melds": [["KH KD KS", "KC KC 2C"], []]}, "melds[0][1]: the side already has a meld of that rank"),
    ({"melds": [["3C 3S 5C"], []]}, "melds[0][0]: black threes meld only with each other"),
    ({"melds": [[""], []]}, "melds[0][0]: a meld needs cards"),
    ({"melds": ["KH KD KS", []]}, "melds[0] must be a list of melds"),
    ({"hand": ["KH"]}, "unknown position key 'hand'"),
    ({"phase": "bid"}, "'phase' must be \"draw\", \"play\" or \"answer\""),
    ({"phase": "answer"}, "a position in the answer phase needs a turn_state"),
    ({"turn_state": {"answer": "maybe"}}, "turn_state 'answer' must be"),
    ({"turn_state": {"color": 1}}, "unknown turn_state key 'color'"),
    ({"asks": [0, 0]}, "'asks' must be a list with one entry per seat"),
    ({"dealer": 4}, "'dealer' and 'turn' must be seats 0 to 3"),
    ({"turn": -1}, "'dealer' and 'turn' must be seats 0 to 3"),
    ({"turn": "1"}, "'turn' must be a whole number"),
    ({"seed": 1.5}, "'seed' must be a whole number or text"),
    ({"stock": 5}, "stock: expected cards as text"),
    ({"hands": ["KH", "ZZ", "", ""]}, "hands[1]: 'ZZ': unknown rank 'Z'"),
    ({"pile": "KH QX"}, "pile: 'QX': unknown suit 'X'"),
    ({"red_threes": [["3C"], [], [], []]}, "red_threes[0]: only red threes go there"),
    ({"rules": "nope"}, "rules: unknown rule set 'nope'"),
    ({"rules": {"preset": "classic", "overrides": {"hand_sise": 1}}}, "did you mean 'hand_size'?"),
    ({"rules": {"preset": "classic", "overrides": [1]}}, "'overrides' must be an object"),
    ({"rules": 3}, "'rules' must be a preset name"),
])
def test_position_errors(change: dict[str, Any], words: str) -> None:
    base = {"rules": "classic", "hands": ["5C 5D", "6C", "7C", "8C"], "stock": "9C 9D", "pile": "4S"}
    with pytest.raises(RecordError) as info:
        position(base | change)
    assert words in str(info.value), str(info.value)


@pytest.mark.parametrize(("preset", "cards", "words"), [
    ("classic", "3C 3S", "you need at least 3 black threes to meld them"),      # R 1.1: three or four
    ("classic", "3C 3S 2D", "black threes may not be melded with wild cards"),  # R 1.1: no wild cards
    ("classic", "3C 3S 5C", "black threes meld only with each other"),
    ("spanish", "3C 3S 3C JK", "a wild card joins only two black threes"),      # S4: two and a joker; E7
    ("american", "3C 3S 3C", "black threes cannot be melded"),                  # R 1.2: never melded
    ("trey-canasta", "3C 3S 3H", "black threes may not be melded with wild cards"),  # S0 [F](ii){b}, T8
    ("bolivia", "JK 2C", "wild cards cannot be melded on their own here"),       # B: three or more
])
def test_R11_S4_R12_S0_black_three_melds_in_a_position_follow_the_meld_rules(preset: str, cards: str,
                                                                           words: str) -> None:
    """A position's melds are checked by the meld predicates the plays use (melds.meld_problem,
    black_three_problem): R 1.1 three or four black threes, no wild card; S4 two and a joker (E7);
    R 1.2 threes are never melded; S0 [F](ii){b} black treys alone, and T8 a red trey is a wild card
    there too (the play refuses 3C 3S 3H with the same words)."""
    with pytest.raises(RecordError, match=re.escape(f"melds[0][0]: {words}")):
        position({"rules": preset, "hands": ["5C 5D", "6C", "7C", "8C"], "stock": "9C 9D", "pile": "4S",
                  "melds": [[cards], []]})


def test_S4_E7_two_black_threes_and_a_joker_lie_as_a_meld_in_a_position() -> None:
    s = position({"rules": "spanish", "hands": ["5C 5D", "6C", "7C", "8C"], "stock": "9C 9D", "pile": "4S",
                  "melds": [["3C 3S JK", "KC KD KH"], []]})
    assert s.melds[0][0].type is MeldType.BLACK3 and s.melds[0][0].rank == 3 and s.melds[0][0].wilds == 1


def test_position_needs_rules_and_an_object() -> None:
    with pytest.raises(RecordError, match="a position needs 'rules'"):
        position({"hands": []})
    with pytest.raises(RecordError, match="a position must be a JSON object"):
        position([1, 2])  # type: ignore[arg-type]


# every preset where a red three is laid face up at once (all but Bolivia's optional red-three melds and
# Trey's held red treys; a new preset joins by itself)
LAID_AT_ONCE = [name for name in ALL_PRESETS if rules(name).laid_at_once(parse_card("3D"))]


@pytest.mark.parametrize("name", LAID_AT_ONCE, ids=[f"p{ALL_PRESETS.index(n)}" for n in LAID_AT_ONCE])
def test_position_refuses_a_red_three_in_a_hand(name: str) -> None:
    """R 1.1 (S2, S4, R 1.2, R 1.3 alike): red threes are laid face up at once, dealt, drawn or taken,
    and never held; a position holding one in a hand is impossible in these presets (it would let the
    player discard or keep it)."""
    with pytest.raises(RecordError, match="three is laid face up at once"):
        position({"rules": name, "turn": 0, "phase": "play", "hands": ["3D 5C 5D 9S", "4C", "4D", "4H"],
                  "stock": "9C 9D 9H", "pile": "8C KD"})


def test_a_position_takes_a_rule_set_built_in_code() -> None:
    """The bots' sampled worlds hand the RuleSet itself to position() (no rebuilding per world): the
    very object is used, house rules included, and the position is the same as from its options."""
    rs = rules("samba", go_out_canastas=3)
    spec = {"hands": ["5C 5D 5H 9S", "KC KD QS", "7H 7S 8D", "JD JH AS"], "stock": "4C 4D 6H 6S",
            "pile": "TC", "turn": 0, "phase": "draw"}
    direct = position({"rules": rs, **spec})
    assert direct.rules is rs and direct.rules.go_out_canastas == 3
    by_options = position({"rules": {"options": rs.options()}, **spec})
    assert direct.legal_actions() == by_options.legal_actions()
    assert direct.hands == by_options.hands
