"""Bots: players that see only their seat's view (see :mod:`canasta.bots.base`).

``make_bot(name, seed)`` builds a bot by name; the names are the bots (``random``, ``heuristic``,
``search``) and the levels of the table's seat menu (:data:`LEVELS`, named for players by
:data:`LEVEL_NAMES`), weakest first:

* ``beginner`` — the heuristic played like a newer player: it misses pickups (takes only a big pile),
  does not watch what the next player can use, breaks its pairs, never freezes the pile and keeps its
  wild cards off its melds (in Bolivia and Trey Canasta: keeps no cards for sequences instead of the
  pickups and wild cards). Never like a random player: it keeps wild cards and plays legal moves only.
* ``club`` — the heuristic (:mod:`canasta.bots.heuristic`).
* ``expert`` — the search bot at its default budget (:mod:`canasta.bots.search`).
* ``expert-plus`` — the search bot thinking longer (:func:`think_config` of :data:`EXPERT_PLUS_THINK`),
  for players who do not mind waiting a little.

**Thinking budget.** A search level's name may end in ``:N`` (``expert:4``, ``search:2``; ``N`` from 1
to :data:`THINK_MAX`): the Expert thinks ``N`` times as long (:func:`think_config`: ``N`` times the
sampled worlds, more candidates), still within the decision caps (``work_limit``, ``max_seconds``).
``canasta play --think N`` and ``canasta match --a expert:N`` use it.

The old names ``easy``, ``medium`` and ``hard`` (stored seats, saved games, ``--level``) are kept as
:data:`OLD_LEVELS`. The engine never imports this package.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..error_words import coded
from ..errors import BotError
from ..presets import bot_tuning
from ..rules import RuleSet
from .base import Bot, KnowsRules, play_turn
from .heuristic import HeuristicBot, Weights
from .random import RandomBot
from .search import SearchBot, SearchConfig

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["BEGINNER", "BEGINNER_NO_SEQUENCES", "BOTS", "EXPERT_PLUS_THINK", "LEVELS", "LEVEL_NAMES",
           "OLD_LEVELS", "SEARCHERS", "THINK_LONGER", "THINK_MAX", "BeginnerBot", "Bot", "HeuristicBot",
           "RandomBot", "SearchBot", "SearchConfig", "Weights", "bot_names", "is_bot_name", "level_id",
           "make_bot", "play_turn", "split_think", "think_config"]

# A newer player's habits: takes the pile only when it is big, does not judge what the next player
# can use, breaks pairs, never freezes, keeps wild cards off the melds and stays in longer.
BEGINNER = Weights(take_threshold=150.0, pile_card=6.0, danger_meld_rank=0.0, danger_unseen=0.0,
                   danger_seq=0.0, safe_thrown_by_next=0.0, break_pair=0.0, black3=10.0, wild_gap=0,
                   wild_gap_max=0, freeze_pile=10**6, stay_in_margin=0, stay_in_stock=10)
# In Bolivia and Trey Canasta taking fewer piles and closing no canasta with wild cards made the
# heuristic *stronger* in short runs (docs/bots.md), so there (``BotTuning.beginner_plays_no_sequences``)
# the beginner takes piles and closes canastas like the club player, and instead plays no sequences
# on purpose (keeps no card for a run).
BEGINNER_NO_SEQUENCES = replace(
    Weights(), danger_meld_rank=0.0, danger_unseen=0.0, danger_seq=0.0, safe_thrown_by_next=0.0,
    break_pair=0.0, black3=10.0, freeze_pile=10**6, seq_adjacent=0.0, seq_gap=0.0, seq_table_gap=0.0,
    escalera_need=1.0, seq_hold=0.0)


def beginner_weights(rules: RuleSet) -> Weights:
    """The Beginner's habits in these rules (``BEGINNER``, or ``BEGINNER_NO_SEQUENCES`` where the
    rule set's tuning says so)."""
    return BEGINNER_NO_SEQUENCES if bot_tuning(rules.name).beginner_plays_no_sequences else BEGINNER


THINK_MAX = 8  # the most a search level's ``:N`` may ask for


def think_config(think: int = 1) -> SearchConfig:
    """The Expert's search thinking ``think`` times as long: ``think`` times its sampled worlds and,
    beyond the first, more candidates compared. The decision caps (``work_limit`` playout actions,
    ``max_seconds`` on the clock) stay: the longest decision stays under 2 s, a big budget is then
    cut short by them."""
    if not 1 <= think <= THINK_MAX:
        raise coded(BotError, "think_range", most=THINK_MAX, value=str(think))
    base = SearchConfig()
    if think == 1:
        return base
    return replace(base, samples=base.samples * think, candidates=base.candidates + 1)


EXPERT_PLUS_THINK = 3  # the level "Expert (thinks longer)"
# "Thinks longer": three times the worlds, more candidates, still within the decision-time cap.
THINK_LONGER = think_config(EXPERT_PLUS_THINK)
SEARCHERS = frozenset(("search", "expert", "expert-plus", "hard"))  # the names a budget applies to


class BeginnerBot(KnowsRules):
    """The heuristic with a newer player's habits: :data:`BEGINNER`, or the preset's own
    (:func:`beginner_weights`), chosen at the first decision, when the rules are known. (A
    wrapper, not a subclass: a compiled class cannot be subclassed by an interpreted one.)"""

    name = "beginner"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.bot: HeuristicBot | None = None

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if self.bot is None:
            rules = self.rules_for(view)
            self.bot = HeuristicBot(self.seed, beginner_weights(rules))
            self.bot.start(rules, int(view["seat"]))
        return self.bot.choose(view, legal)

    def explain(self) -> str:
        return self.bot.explain() if self.bot is not None else ""

    def explanation(self) -> Explanation | None:
        return self.bot.explanation() if self.bot is not None else None

    def detail(self) -> str:
        return self.bot.detail() if self.bot is not None else ""


def _beginner(seed: int | str) -> Bot:
    return BeginnerBot(seed)


def _expert_plus(seed: int | str) -> Bot:
    return SearchBot(seed, THINK_LONGER)


BOTS: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}

LEVELS: dict[str, Callable[[int | str], Bot]] = {
    "beginner": _beginner,
    "club": HeuristicBot,
    "expert": SearchBot,
    "expert-plus": _expert_plus,
}

# What a player reads in the seat menu.
LEVEL_NAMES: dict[str, str] = {
    "beginner": "Beginner",
    "club": "Club player",
    "expert": "Expert",
    "expert-plus": "Expert (thinks longer)",
}

OLD_LEVELS: dict[str, str] = {"easy": "beginner", "medium": "club", "hard": "expert"}


def level_id(name: str) -> str:
    """A level's name today (``medium`` -> ``club``); other names unchanged."""
    return OLD_LEVELS.get(name, name)


def bot_names() -> list[str]:
    return [*BOTS, *LEVELS, *OLD_LEVELS]


def split_think(name: str) -> tuple[str, int | None]:
    """``"expert:4"`` -> ``("expert", 4)``; a name without a budget -> ``(name, None)``. ``BotError``
    for a budget that is not a whole number from 1 to :data:`THINK_MAX` or on a bot that does not
    search."""
    base, sep, n = str(name).partition(":")
    if not sep:
        return base, None
    if base not in SEARCHERS:
        raise coded(BotError, "think_not_search", bot=repr(base), budget=n,
                    searchers=", ".join(sorted(SEARCHERS)))
    if not n.isdigit() or not 1 <= int(n) <= THINK_MAX:
        raise coded(BotError, "think_whole", most=THINK_MAX, value=repr(n))
    return base, int(n)


def is_bot_name(name: str) -> bool:
    """Does ``make_bot`` know ``name`` (with its budget, if any)?"""
    try:
        base, _ = split_think(name)
    except BotError:
        return False
    return base in bot_names()


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot by name (a bot, a level or a level's old name, a search level with a thinking budget
    ``:N``); ``BotError`` (a ``ValueError``) naming the closest known name for an unknown one."""
    think = split_think(name)[1]
    if think is not None:
        return SearchBot(seed, think_config(think))
    make = BOTS.get(name) or LEVELS.get(level_id(name))
    if make is None:
        close = difflib.get_close_matches(str(name), bot_names(), n=1)
        names = ", ".join(bot_names())
        if close:
            raise coded(BotError, "unknown_bot_close", bot=repr(name), close=repr(close[0]), choices=names)
        raise coded(BotError, "unknown_bot", bot=repr(name), choices=names)
    return make(seed)
