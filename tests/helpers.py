"""Helpers shared by the rule tests: positions in a few lines, refusals that must change nothing."""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta import GameState, IllegalAction
from canasta.actions import Action, Op
from canasta.cards import parse_cards
from canasta.presets import PRESETS, preset_table
from canasta.records import position
from canasta.rules import RuleSet
from canasta.views import view

SPARE_STOCK = "4C 4D 6C 6D"  # stock cards no test looks at (keeps the stock from running out)

# Every preset, and every (preset, players) table the presets allow, read from canasta.presets: a test
# parametrized over these runs for a new rule set without being edited (docs/adding-a-rule-set.md).
# The ids avoid the preset names (other suites select on those words): p<index in PRESETS>, then x<players>.
ALL_PRESETS = list(PRESETS)
PRESET_IDS = [f"p{i}" for i in range(len(ALL_PRESETS))]
ALL_TABLES = [(name, players) for name in ALL_PRESETS for players in preset_table(name)["player_counts"][0]]
ALL_TABLE_IDS = [f"p{ALL_PRESETS.index(name)}x{players}" for name, players in ALL_TABLES]


def position_for(preset: str, hands: list[str], *, melds: list[list[str]] | None = None,
                 pile: str = "TC", stock: str = SPARE_STOCK, phase: str = "play", turn: int = 0,
                 **extra: Any) -> GameState:
    """A four-player position of ``preset``: seat ``turn`` to move (the dealer sits on its right)."""
    d: dict[str, Any] = {"rules": preset, "dealer": (turn - 1) % 4, "turn": turn, "phase": phase,
                         "hands": hands, "melds": melds or [[], []], "pile": pile, "stock": stock}
    d.update(extra)
    return position(d)


def heuristic_choice(s: GameState) -> tuple[Action, str]:
    """The heuristic bot's choice (and its reason) for the seat to act, from that seat's view."""
    from canasta.bots.heuristic import Heuristic, Obs
    return Heuristic().decide(Obs.from_view(view(s, s.actor), s.rules), s.legal_actions())


def check_same_choice(rs: RuleSet, seat: int, w1: GameState, w2: GameState, seed: int,
                      search_samples: int = 0) -> None:
    """Issue 5: two worlds with the same view of ``seat`` get the same choice from each bot (the
    search bot too, with that many samples, unless 0), whatever the hidden cards."""
    from canasta.bots import SearchBot, SearchConfig, make_bot
    v1, v2 = view(w1, seat), view(w2, seat)
    bots = [(make_bot(name, seed), make_bot(name, seed)) for name in ("random", "heuristic", "easy")]
    if search_samples:
        config = SearchConfig(samples=search_samples, candidates=3, turns=1)
        bots.append((SearchBot(seed, config), SearchBot(seed, config)))
    for b1, b2 in bots:
        b1.start(rs, seat)
        b2.start(rs, seat)
        assert b1.choose(v1, w1.legal_actions()) == b2.choose(v2, w2.legal_actions())


def views(s: GameState) -> list[dict[str, Any]]:
    return [view(s, seat) for seat in range(s.rules.players)]


def check_refused(s: GameState, action: str, code: str, word: str) -> None:
    """``action`` is refused with ``code`` (message containing ``word``) and nothing changes."""
    before = views(s)
    n = s.nactions
    hist = s.history()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.code == code, info.value.message
    assert word.lower() in info.value.message.lower(), info.value.message
    assert s.nactions == n
    assert s.history() == hist
    assert views(s) == before


def play(s: GameState, *actions: str) -> None:
    for a in actions:
        s.apply(a)


def cards(text: str) -> list[int]:
    return sorted(parse_cards(text))


def hand(s: GameState, seat: int) -> list[int]:
    return sorted(s.hand_cards(seat))


def table(s: GameState, side: int) -> list[list[int]]:
    """The side's melds as sorted card lists."""
    return [sorted(m.cards) for m in s.melds[side]]


def seed_where(rs: RuleSet, pred: Callable[[GameState], Any], dealer: int = 0, limit: int = 3000) -> int:
    """The first seed whose deal satisfies ``pred``."""
    for seed in range(limit):
        if pred(GameState.new(rs, seed=seed, dealer=dealer)):
            return seed
    raise AssertionError("no seed found")  # pragma: no cover


def finish_hand(s: GameState) -> None:
    """Play the hand out without melding: draw, discard, answer no, decline at the end of stock."""
    hand_no = s.hand_no
    for _ in range(2000):
        if s.hand_no != hand_no or s.is_over:
            return
        acts = s.legal_actions()
        ops = [a.op for a in acts]
        for op in (Op.NO, Op.DRAW, Op.END, Op.DISCARD):
            if op in ops:
                s.apply(acts[ops.index(op)])
                break
        else:  # pragma: no cover
            raise AssertionError(f"stuck: {acts}")
    raise AssertionError("hand did not end")  # pragma: no cover


def engine_log_kinds() -> tuple[set[str], set[str]]:
    """Every event kind the engine logs (``log_event(seat, "kind", ...)`` or inline), and those logged
    privately (the other seats see only how many cards)."""
    kinds: set[str] = {"yes", "no"}  # logged as ``"yes" if yes else "no"``
    private: set[str] = set()
    for path in Path(canasta.__file__).parent.rglob("*.py"):
        text = path.read_text("utf-8")
        kinds |= set(re.findall(r'log_event\([^,()]+, "([a-z_0-9]+)"', text))
        private |= set(re.findall(r'log_event\([^,()]+, "([a-z_0-9]+)",[^\n]*private=True', text))
        for kind, hidden in re.findall(r'\(s\.hand_no, \w+, "([a-z_0-9]+)", [^,]+, (True|False)\)',
                                       text):  # the entries written inline (state.py's hot paths)
            kinds.add(kind)
            if hidden == "True":
                private.add(kind)
    return kinds, private


def spreadsheet_rows(text: str | bytes, delimiter: str) -> list[list[str]]:
    """A CSV download read back as the reader's spreadsheet reads it (issue 37): it must start with
    the UTF-8 byte order mark (Excel reads UTF-8 then), its columns split on ``delimiter`` (``;``
    where the reader's language writes ``1,5``)."""
    if isinstance(text, bytes):
        assert text.startswith(codecs.BOM_UTF8), text[:20]
        text = text.decode("utf-8-sig")
    else:
        assert text.startswith("\ufeff"), text[:20]
        text = text[1:]
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def spreadsheet_records(text: str | bytes, delimiter: str) -> list[dict[str, str]]:
    """:func:`spreadsheet_rows` as records keyed by the heading row (as ``csv.DictReader`` reads)."""
    head, *rows = spreadsheet_rows(text, delimiter)
    return [dict(zip(head, row, strict=True)) for row in rows]
