"""Issue 36: one record per rule set (``canasta.presets.Preset``): its table's function, title,
description, default players and the bots' tuning, in one place, so that a new rule set cannot
silently miss one; the older names (``PRESETS``, ``TITLES``, ``DEFAULT_PLAYERS``) are its views,
and no other module keeps a table keyed by rule-set names."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from canasta import rules
from canasta.bots import BEGINNER, BEGINNER_NO_SEQUENCES, beginner_weights
from canasta.bots.search import DEFAULT_ESTIMATE, SearchBot, estimate_for, hand_spread
from canasta.errors import RuleError
from canasta.presets import (
    DEFAULT_PLAYERS,
    PRESETS,
    RULE_SETS,
    TITLES,
    UNMEASURED,
    BotTuning,
    Preset,
    bot_tuning,
    preset,
    preset_table,
    preset_title,
)

SRC = Path(__file__).resolve().parent.parent / "src" / "canasta"


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_rule_set_is_one_complete_record(name: str) -> None:
    p = preset(name)
    assert isinstance(p, Preset) and p.name == name and isinstance(p.bots, BotTuning)
    for f in dataclasses.fields(Preset):
        assert getattr(p, f.name) not in (None, ""), f"{name}: {f.name} is missing"
    assert p.title != name and list(TITLES.values()).count(p.title) == 1
    assert p.default_players in p.table(p.default_players)["player_counts"][0]
    assert rules(name).players == p.default_players
    assert preset_table(name) == p.table(p.default_players)
    # the older names are views of the record
    assert PRESETS[name] == (p.description, p.table) and TITLES[name] == p.title == preset_title(name)
    assert DEFAULT_PLAYERS[name] == p.default_players
    assert bot_tuning(name) is p.bots


def test_the_views_hold_exactly_the_records() -> None:
    assert list(PRESETS) == list(TITLES) == list(DEFAULT_PLAYERS) == list(RULE_SETS)
    with pytest.raises(RuleError, match="did you mean 'bolivia'"):
        preset("bolivai")
    assert preset_title("custom") == "custom" and bot_tuning("custom") is UNMEASURED


def test_the_bots_read_their_tuning_from_the_record() -> None:
    """The search's estimate, its confidence, kept pairs, playing to win, whole-hand playouts and
    the hand spread, and the Beginner's habits, all from the rule set's ``BotTuning``."""
    bot = SearchBot(0)
    for name, p in RULE_SETS.items():
        t, rs = p.bots, rules(name)
        assert estimate_for(name) == (DEFAULT_ESTIMATE if t.estimate is None else estimate_for(name))
        if t.estimate is not None:
            e = estimate_for(name)
            assert (e.hand_value, e.card, e.wild_card, e.near) == t.estimate
        assert bot.confidence(rs) == t.confidence and bot.keeps_pairs(rs) == t.kept_pairs
        assert bot.plays_to_win(rs) == t.play_to_win
        assert bot.budget(rs)[0] == bot.config.samples * (t.whole_hand or 1)
        assert beginner_weights(rs) is (BEGINNER_NO_SEQUENCES if t.beginner_plays_no_sequences else BEGINNER)
        assert hand_spread(name) == (t.hand_spread or (2500.0, 1000.0))
    # a house rule keeps its preset's tuning
    assert bot.confidence(rules("american", target_score=10000)) == 2.0


def _preset_keyed_tables(path: Path) -> list[str]:
    """Dict, set or tuple literals (and ``dict.fromkeys``/``frozenset`` of them) holding two or more
    rule-set names: a table kept by name beside the record."""
    names = set(RULE_SETS)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        consts: list[ast.expr] = []
        if isinstance(node, ast.Dict):
            consts = [k for k in node.keys if k is not None]
        elif isinstance(node, (ast.Set, ast.Tuple, ast.List)):
            consts = list(node.elts)
        keys = {c.value for c in consts if isinstance(c, ast.Constant) and isinstance(c.value, str)}
        if len(keys & names) >= 2:
            found.append(f"{path.relative_to(SRC)}:{node.lineno}: {sorted(keys & names)}")
    return found


def test_no_other_module_keeps_a_table_keyed_by_rule_set() -> None:
    """The bots' seven tables keyed by preset name and the presets' three parallel dicts are one
    record now: a table by name elsewhere would let a new rule set miss its row silently."""
    found: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        # (rules.py's RENAMED_VALUES maps option values once named after games: not rule sets)
        if path.name in ("presets.py", "rules.py") or "migrations" in path.parts:
            continue
        found += _preset_keyed_tables(path)
    assert not found, "tables keyed by rule-set name (make them Preset fields):\n" + "\n".join(found)
