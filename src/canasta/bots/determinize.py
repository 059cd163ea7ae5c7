"""Sampling the hidden cards consistently with a view (determinization).

:func:`sample_world` deals the *unseen* cards (see :mod:`canasta.bots.knowledge`) at random to the
other hands (on top of the cards known to be there) and to the stock, with the view's counts, and
builds a full :class:`~canasta.state.GameState` with :func:`canasta.records.position` from the view's
public fields. The result is the bot's own imagined world, never the real state: searching in it
cannot leak a hidden card. Where the rules lay red threes at once, no hand is dealt a red three.

With ``keep_pairs`` the other hands are dealt as players keep them, not at random: each is dealt a
card more for every card its player has discarded this hand, and as many are put back, singletons
first (and a second card of a rank the player passed up on the pile). Players keep pairs to take
the pile with, so random hands hold too few of them, and a search in such worlds thinks a discard
safer than it is. The search uses it in the American games, where the pile is always taken with a
natural pair (``BotTuning.kept_pairs``).
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import NUM_FACES, format_cards, is_wild
from ..records import position
from ..rules import RuleSet
from ..state import GameState
from .knowledge import Knowledge, analyse


def sample_hidden(k: Knowledge, rules: RuleSet, rng: random.Random, keep_pairs: bool = False
                  ) -> tuple[list[list[int]], list[int], list[int]]:
    """Sampled hands (per seat), stock (top first) and pile (bottom to top)."""
    pool: list[int] = []
    for f in range(NUM_FACES):
        pool.extend([f] * k.unseen[f])
    rng.shuffle(pool)
    n = len(k.hand_counts)
    # the pile below a top card the log cannot tell (positions only)
    pile = list(k.pile)
    if not k.pile_complete and k.pile_size > len(pile):
        need = k.pile_size - len(pile)
        under = pool[:need]
        pool = pool[need:]
        pile = under + pile
    red3s = [f for f in pool if rules.laid_faces[f]]
    rest = [f for f in pool if not rules.laid_faces[f]]
    hands: list[list[int]] = []
    for s in range(n):
        if s == k.seat:
            hands.append(list(k.hand))
            continue
        h = [f for f in range(NUM_FACES) for _ in range(k.known[s][f])]
        need = max(0, k.hand_counts[s] - len(h))
        extra = min(sum(k.discarded[s]), need, len(rest) - need) if keep_pairs else 0
        dealt = rest[:need + extra]
        rest = rest[need + extra:]
        if extra > 0:
            back = _put_back(h, dealt, extra, k.passed[s], rng)
            rest.extend(back)
        h.extend(dealt)
        hands.append(h)
    stock = rest + red3s
    rng.shuffle(stock)
    stock = stock[: k.stock]
    return hands, stock, pile


def _put_back(known: list[int], dealt: list[int], extra: int, passed: list[int],
              rng: random.Random) -> list[int]:
    """Take ``extra`` cards out of ``dealt`` (in place) as a player keeping pairs would have thrown
    them, one at a time: a natural of a rank ``passed`` up on the pile while the hand holds two of
    it, else a singleton, else any natural, at random among equals; wild cards and threes (black
    ones stop the pile) last."""
    count = [0] * 15
    for f in known + dealt:
        if not is_wild(f):
            count[f // 4 + 2] += 1
    back: list[int] = []
    for _ in range(extra):
        best, key = 0, (9, 0.0)
        for i, f in enumerate(dealt):
            if is_wild(f) or f // 4 == 1:
                k = (3, rng.random())
            else:
                r = f // 4 + 2
                k = (0 if r in passed and count[r] >= 2 else 1 if count[r] == 1 else 2, rng.random())
            if k < key:
                best, key = i, k
        f = dealt.pop(best)
        if not is_wild(f):
            count[f // 4 + 2] -= 1
        back.append(f)
    return back


def world_position(view: dict[str, Any], rules: RuleSet, k: Knowledge, hands: list[list[int]],
                   stock: list[int], pile: list[int], seed: int | str = 0) -> dict[str, Any]:
    """The position dict of a world: the view's public fields with these hidden cards."""
    ts = dict(view["turn_state"])
    return {
        "rules": rules,  # the RuleSet itself: rebuilding it from options for every world cost 8%
        "seed": seed,
        "dealer": view["dealer"],
        "turn": view["turn"],
        "phase": view["phase"],
        "scores": list(view["scores"]),
        "hand_number": view["hand_number"],
        "hands": [format_cards(h) for h in hands],
        "stock": format_cards(stock),
        "pile": format_cards(pile),
        "melds": [[format_cards(m.cards) for m in ms] for ms in k.melds],
        "red_threes": [format_cards(r) for r in k.red3],
        "opened": list(view["opened"]),
        "has_melded": list(view["has_melded"]),
        "pile_frozen": bool(view["pile"]["frozen"]),
        "first_turn": bool(ts.get("first_turn", False)),
        "turn_state": ts,
        "asks": list(view["asks"]),
        "answers": list(view["answers"]),
        "penalties": list(view["penalties"]),
        "laydown_seats": list(view["laydown_seats"]),
        "boxed": list(view["boxed"]),
        "box_turns": list(view["box_turns"]),
        "laydown_turns": list(view["laydown_turns"]),
        "fresh_red_threes": [view.get("fresh_red_threes", 0) if x == view["seat"] else 0
                             for x in range(rules.players)],
    }


def sample_world(view: dict[str, Any], rules: RuleSet, rng: random.Random,
                 k: Knowledge | None = None, keep_pairs: bool = False) -> GameState:
    """One world consistent with ``view`` (see the module docstring)."""
    if k is None:
        k = analyse(view, rules)
    hands, stock, pile = sample_hidden(k, rules, rng, keep_pairs)
    return position(world_position(view, rules, k, hands, stock, pile, seed=rng.getrandbits(32)))
