"""Engine-wide properties over many random games in every preset and table size.

Hypothesis draws the deal seed, the dealer and the seed of the random player (plus how strongly it
prefers constructive moves, so that big tables finish their games too). Two kinds of walk:

* whole games, cheap checks after every action: cards conserved face by face, hands and kind counts
  consistent, no red three held, every meld valid, every hand and the game end within a cap, scores
  equal the sum of the hand results; then the record round-trips and replays identically;
* a window of consecutive actions somewhere in a game, full checks after every action:
  ``legal_actions()`` pure and deterministic, every listed action applies, a large set of candidate
  actions is accepted exactly when its signature is listed and refused (IllegalAction, state
  unchanged) otherwise, views hide other hands, notation round-trips, records replay.

``CANASTA_PROPERTY_EXAMPLES=N`` runs N examples per test and table instead of the small default.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st

from canasta import Action, GameState, IllegalAction, Op, Phase, rules
from canasta.cards import (
    JOKER,
    card_str,
    counts_of,
    full_deck,
    is_black_three,
    is_red_three,
    is_wild,
    parse_cards,
    rank_of,
    sort_key,
)
from canasta.melds import MeldType, wild_problem
from canasta.messages import render
from canasta.records import GameRecord, position
from canasta.refusals import REFUSALS
from canasta.views import view
from helpers import ALL_PRESETS, PRESET_IDS

# Table set-ups: (preset, overrides). The ids avoid the preset names (other suites select on those).
TABLES = {
    "ref4": ("classic", {}),
    "club4": ("gvr-club", {}),
    "es4": ("spanish", {}),
    "es2": ("spanish", {"players": 2}),
    "es3": ("spanish", {"players": 3}),
    "es5": ("spanish", {"players": 5}),
    "es6": ("spanish", {"players": 6}),
    "samba4": ("samba", {}),
    "bo4": ("bolivia", {}),
    "bo2": ("bolivia", {"players": 2}),
    "bo6": ("bolivia", {"players": 6}),
    "am4": ("american", {}),
    "nv4": ("nvso-tournament", {}),
    "trey4": ("trey-canasta", {}),
    "trey17": ("trey-canasta", {"hand_size": 17}),
}
# every other preset (a new rule set) at its default table, so that these properties run for it too
TABLES.update({pid: (name, {}) for name, pid in zip(ALL_PRESETS, PRESET_IDS, strict=True)
               if name not in {n for n, _o in TABLES.values()}})
TABLE_IDS = list(TABLES)

# Random play cannot reach Bolivia's 15,000 (going out needs a seven-card escalera) in any reasonable
# time: there the whole-game property plays this many whole hands, each of which must end; the end of
# the game itself is checked from positions near the target in the Bolivia rule tests.
HANDS_PER_GAME = {"bo4": 4, "bo2": 4, "bo6": 4, "am4": 4, "trey4": 4, "trey17": 4}
HAND_CAP = 3000      # actions in one hand: a hand is finite (the stock shrinks, melds only grow)
GAME_CAP = 60000     # actions in one game of random constructive play (observed: under 12,000)


def _examples(default: int) -> int:
    raw = os.environ.get("CANASTA_PROPERTY_EXAMPLES", "").strip()
    return max(1, int(raw)) if raw else default


def _settings(default: int) -> settings:
    # No shrinking: the inputs are seeds, a smaller seed is no simpler game, and shrinking whole games
    # would take minutes. A failure reports its seeds, which replay it exactly.
    return settings(max_examples=_examples(default), deadline=None, database=None,
                    phases=(HPhase.explicit, HPhase.reuse, HPhase.generate),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def table_rules(table: str) -> Any:
    name, overrides = TABLES[table]
    return rules(name, **overrides)


# ---------------------------------------------------------------------------- random players
CONSTRUCTIVE = (Op.TAKE, Op.MELD, Op.ADD, Op.YES, Op.UPCARD)


def choose(s: GameState, legal: list[Action], rng: random.Random, bias: float) -> Action:
    """A random legal action; with probability ``bias`` a constructive one (take, meld, add, yes)
    when there is one, and never a retract, so that games with many players also end."""
    assert legal, "a game that is not over must offer an action"
    if rng.random() < bias:
        good = [a for a in legal if a.op in CONSTRUCTIVE]
        if good:
            return rng.choice(good)
        rest = [a for a in legal if a.op is not Op.RETRACT]
        if rest:
            return rng.choice(rest)
    return rng.choice(legal)


# ---------------------------------------------------------------------------- cheap invariants
def deck_counts(s: GameState) -> list[int]:
    return counts_of(full_deck(s.rules.packs, s.rules.jokers_per_pack))


def table_counts(s: GameState) -> list[int]:
    """Hands + stock + pile + melds + red threes, face by face."""
    c = [0] * 53
    for h in s.hands:
        for f, n in enumerate(h):
            c[f] += n
    for f in s.stock + s.pile:
        c[f] += 1
    for ms in s.melds:
        for m in ms:
            for f in m.cards:
                c[f] += 1
    for r3 in s.red3:
        for f in r3:
            c[f] += 1
    for b in s.boxed:  # S0 [G](ii), [J](v): cards boxed in front of a player
        for f in b:
            c[f] += 1
    return c


def check_invariants(s: GameState, deck: list[int], where: str) -> None:
    r = s.rules
    got = table_counts(s)
    if got != deck:
        diff = {card_str(f): got[f] - deck[f] for f in range(53) if got[f] != deck[f]}
        raise AssertionError(f"{where}: cards not conserved (extra/missing by face): {diff}")
    for seat in range(r.players):
        h = s.hands[seat]
        assert min(h) >= 0, f"{where}: negative card count in hand {seat}"
        assert s.hn[seat] == sum(h), f"{where}: hn[{seat}]={s.hn[seat]} but the hand holds {sum(h)}"
        kinds = [0] * s.model.nkinds
        for f, n in enumerate(h):
            kinds[s.model.kind_of[f]] += n
        assert s.hk[seat] == kinds, f"{where}: kind counts of hand {seat} out of step"
        # R 1.1: red threes are laid face up at once (dealt, drawn or taken), never held (S1: optional)
        if r.red3_mode == "lay":
            held = [f for f in range(53) if h[f] and is_red_three(f)]
            assert not held, f"{where}: seat {seat} holds a red three"
        # R 1.2, S3 C: every three (red and black) is laid at once, never held
        if r.red3_mode == "threes":
            assert not any(h[4:8]), f"{where}: seat {seat} holds a three"
    for side, ms in enumerate(s.melds):
        ranks: list[int] = []
        for m in ms:
            nat = [f for f in m.cards if not s.model.wild_face[f]]  # S0 T8: held red treys are wild
            wild = [f for f in m.cards if s.model.wild_face[f]]
            assert m.naturals == len(nat) and m.wilds == len(wild), f"{where}: meld counts {m}"
            assert m.jokers == sum(1 for f in wild if f == JOKER)
            if m.type is MeldType.BLACK3:
                assert all(is_black_three(f) for f in nat)
                continue
            if m.type is MeldType.SEQUENCE:  # S1 / R 1.3: one suit, in a row, inside a window, <= 7
                assert not wild and len(nat) >= 3 and len({f % 4 for f in nat}) == 1, f"{where}: {m}"
                ranks_in = [rank_of(f) for f in m.cards]
                assert ranks_in == list(range(m.rank, m.rank + len(nat))), f"{where}: gap in {m}"
                assert any(lo <= m.rank and m.high <= hi for lo, hi in r.sequences), f"{where}: {m}"
                continue
            if m.type is MeldType.WILD:  # S1: wild cards only, closed at seven
                assert r.wild_melds and not nat and 3 <= len(wild) <= r.canasta_size, f"{where}: {m}"
                continue
            assert all(rank_of(f) == m.rank for f in nat), f"{where}: mixed ranks in {m}"
            assert 4 <= m.rank <= 14
            # R 1.1: at least two naturals, at most three wilds, never more wilds than naturals
            assert len(nat) >= r.min_naturals and len(m.cards) >= 3, f"{where}: short meld {m}"
            assert wild_problem(r, len(nat), len(wild)) is None, f"{where}: wild limits broken in {m}"
            ranks.append(m.rank)
            # R 1.2, S3 G: 7s never with wilds; melds capped at 7 (N22)
            assert not (wild and m.rank in r.no_wild_ranks), f"{where}: wild card in {m}"
            assert not r.max_meld_size or len(m.cards) <= r.max_meld_size, f"{where}: {m} too long"
        if r.one_meld_per_rank:  # R C3
            assert len(ranks) == len(set(ranks)), f"{where}: two melds of one rank for side {side}"
    assert s.pile_frozen in (True, False)
    assert s.scores == [sum(h.totals[i] for h in s.results) for i in range(r.sides)], where
    if s.results:
        assert tuple(s.scores) == s.results[-1].scores_after, where
    if s.is_over:
        assert s.legal_actions() == [] and 0 <= s.winner < r.sides, where
        assert max(s.scores) >= r.target_score or (r.game_hands and len(s.results) >= r.game_hands)
        if r.win_requires_going_out:  # S0 [K](i): only the side going out, at the target, wins
            out = s.results[-1].out_seat
            assert out >= 0 and s.side_of(out) == s.winner and s.scores[s.winner] >= r.target_score
    else:
        assert s.winner == -1, where
        assert 0 <= s.actor < r.players and 0 <= s.current < r.players


# ---------------------------------------------------------------------------- full checks
def signature(s: GameState, a: Action) -> tuple[Any, ...]:
    kind = s.model.kind_of
    return (a.op, tuple(sorted(kind[f] for f in a.cards)), a.meld, a.other)


def fingerprint(s: GameState) -> tuple[Any, ...]:
    """A cheap summary that any change of the table or turn shows in."""
    return (tuple(map(tuple, s.hands)), tuple(s.stock), tuple(s.pile), tuple(map(tuple, s.melds)),
            tuple(map(tuple, s.red3)), s.phase, s.current, s.actor, tuple(s.scores), s.nactions,
            id(s._hist), id(s._log), tuple(s.opened), s.turn_points, s.pre_draw, s.retracted,
            s.permission, s.hand_no, s.pile_frozen, s.no_discard, s.asked_turn)


def all_views(s: GameState) -> list[str]:
    return [json.dumps(view(s, seat), sort_keys=True) for seat in range(s.rules.players)]


def same_kind_variant(s: GameState, a: Action, rng: random.Random) -> Action:
    """``a`` with each card replaced by a random held card of the same kind (no more than held)."""
    if not a.cards:
        return a
    hand = s.hand_cards(s.current)
    kind = s.model.kind_of
    need = Counter(kind[f] for f in a.cards)
    pools = {k: [f for f in hand if kind[f] == k] for k in need}
    picked = {k: rng.sample(pools[k], n) for k, n in need.items()}
    cards = tuple(picked[kind[f]].pop() for f in a.cards)
    return Action(a.op, cards, a.meld)


def candidates(s: GameState, legal: list[Action], rng: random.Random) -> tuple[list[Action], list[Action]]:
    """Candidate actions: (from the mover's hand, with cards not held). The first list mixes legal and
    illegal ones; every action of the second is illegal (a card it names is not in the hand)."""
    seat = s.current
    hand = s.hand_cards(seat)
    side = s.side_of(seat)
    nmelds = len(s.melds[side])
    held: list[Action] = [Action(op) for op in (Op.DRAW, Op.UPCARD, Op.ASK, Op.YES, Op.NO,
                                                Op.RETRACT, Op.END, Op.PASS)]
    held.append(Action(Op.TAKE))
    held += [Action(Op.DISCARD, (f,)) for f in sorted(set(hand))]
    for _ in range(6):
        k = rng.choice((1, 2, 3, 3, 3, 4))
        if len(hand) >= k:
            held.append(Action(Op.MELD, tuple(rng.sample(hand, k))))
    b3 = [f for f in hand if is_black_three(f)]
    wilds = [f for f in hand if is_wild(f)]
    if b3:
        held.append(Action(Op.MELD, tuple(b3)))
        held.append(Action(Op.MELD, tuple(b3[:2])))
        if wilds:
            held.append(Action(Op.MELD, (*b3, wilds[0])))
            held.append(Action(Op.MELD, (*b3[:2], wilds[0])))
    for f in rng.sample(hand, min(5, len(hand))):
        held.append(Action(Op.ADD, (f,), rng.randrange(nmelds + 2)))
    for i in range(nmelds + 1):
        if hand:
            held.append(Action(Op.ADD, (rng.choice(hand),), i))
    # targeted: every wild onto every meld (wild limits), a second meld of a rank already melded
    # (R C3), pairs with one or two wilds (two naturals at least)
    for i, m in enumerate(s.melds[side]):
        for f in set(wilds):
            held.append(Action(Op.ADD, (f,), i))
        same_rank = [f for f in hand if not is_wild(f) and rank_of(f) == m.rank]
        if len(same_rank) >= 2 and wilds:
            held.append(Action(Op.MELD, (*same_rank[:2], wilds[0])))
        if len(same_rank) >= 3:
            held.append(Action(Op.MELD, tuple(same_rank[:3])))
    by_rank: dict[int, list[int]] = {}
    for f in hand:
        if not is_wild(f):
            by_rank.setdefault(rank_of(f), []).append(f)
    for fs in by_rank.values():
        if len(fs) >= 2 and wilds:
            held.append(Action(Op.MELD, (fs[0], fs[1], rng.choice(wilds))))
        if len(wilds) >= 2:
            held.append(Action(Op.MELD, (fs[0], *rng.sample(wilds, 2))))
    if s.pile:
        top = s.pile[-1]
        rank = rank_of(top)
        target = s.meld_of_rank(side, rank) if top != JOKER else -1
        same = [f for f in hand if not is_wild(f) and rank_of(f) == rank]
        for _ in range(4):
            sub = tuple(rng.sample(hand, rng.randrange(0, min(4, len(hand)) + 1)))
            held.append(Action(Op.TAKE, sub, rng.choice((-1, target, rng.randrange(nmelds + 1)))))
        for n in range(len(same) + 1):
            for w in range(min(4, len(wilds)) + 1):
                cards = tuple(same[:n]) + tuple(rng.sample(wilds, w))
                for idx in {-1, target, nmelds}:
                    held.append(Action(Op.TAKE, cards, idx))
        # S0 [G](i): the top card alone with cards from hand (a group, a run, with a wild top)
        for n in range(2, len(same) + 1):
            held.append(Action(Op.TOP, tuple(same[:n])))
        for _ in range(3):
            if len(hand) >= 2:
                held.append(Action(Op.TOP, tuple(rng.sample(hand, min(len(hand), rng.choice((2, 3)))))))
    held += [same_kind_variant(s, a, rng) for a in legal]
    missing = [f for f in range(53) if not s.hands[seat][f]]
    absent: list[Action] = []
    for f in rng.sample(missing, min(4, len(missing))):
        absent.append(Action(Op.DISCARD, (f,)))
        absent.append(Action(Op.TOP, (f, *rng.sample(hand, min(1, len(hand))))))
        absent.append(Action(Op.ADD, (f,), rng.randrange(nmelds + 1)))
        absent.append(Action(Op.MELD, (f, *rng.sample(hand, min(2, len(hand))))))
        absent.append(Action(Op.TAKE, (f, *rng.sample(hand, min(1, len(hand)))),
                             rng.choice((-1, nmelds - 1))))
    # more copies than held: every card of a kind twice over
    for f in set(hand):
        if s.hands[seat][f] == 1 and rng.random() < 0.2:
            absent.append(Action(Op.MELD, (f, f, f)))
            absent.append(Action(Op.TAKE, (f, f)))
    return list(dict.fromkeys(held)), list(dict.fromkeys(absent))


CARD_TOKEN = re.compile(r"(?<![0-9A-Z])(?:[2-9TJQKA][CDHS]|JK)(?![0-9A-Z])")


def check_views_hide_hands(s: GameState) -> None:
    """No seat's view names a card of another hand that nothing public shows; other hands are
    counts only; other players' draws are counts only."""
    events = [e for e in s.events() if e[0] == s.hand_no]
    table: set[int] = set(s.pile)
    for ms in s.melds:
        for m in ms:
            table.update(m.cards)
    for r3 in s.red3:
        table.update(r3)
    for seat in range(s.rules.players):
        v = view(s, seat)
        text = json.dumps(v)
        public = set(table) | set(s.hand_cards(seat))
        for _, who, _, cards, private in events:
            if not private or who == seat:
                public.update(cards)
        shown = set(CARD_TOKEN.findall(text))
        for other in range(s.rules.players):
            if other == seat:
                continue
            for f in set(s.hand_cards(other)) - public:
                assert card_str(f) not in shown, (
                    f"view of seat {seat} names {card_str(f)}, held by seat {other} and public nowhere")
        assert parse_cards(v["hand"]) == sorted(s.hand_cards(seat), key=sort_key)
        assert v["hand_counts"] == list(s.hn) and all(type(x) is int for x in v["hand_counts"])
        assert isinstance(v["stock"], int)
        mine = [e for e in events]
        assert len(v["log"]) == len(mine)
        for entry, (_, who, _, cards, private) in zip(v["log"], mine, strict=True):
            if private and who != seat:
                assert "cards" not in entry and entry["count"] == len(cards), entry
        if seat != s.actor or s.is_over:
            assert v["legal_actions"] == []


def check_position(s: GameState, rng: random.Random, deck: list[int]) -> None:
    """The full set of checks at one state (changes nothing, or it fails)."""
    before_views = all_views(s)
    before_hist = s.history()
    fp = fingerprint(s)
    legal = s.legal_actions()
    where = f"after {s.nactions} actions ({s.phase.name}, seat {s.current})"
    # pure and deterministic
    assert s.legal_actions() == legal, f"{where}: legal_actions() changed between two calls"
    assert fingerprint(s) == fp and s.history() == before_hist
    assert all_views(s) == before_views, f"{where}: legal_actions() changed a view"
    assert s.clone().legal_actions() == legal, f"{where}: a clone lists other actions"
    assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
    sigs = {signature(s, a) for a in legal}
    assert len(sigs) == len(legal), f"{where}: two listed actions of the same kinds"
    if s.is_over:
        assert legal == []
    else:
        assert legal, f"{where}: no legal action in a game that is not over"
    if s.phase is Phase.ANSWER:
        assert [str(a) for a in legal] == ["yes", "no"]
    # every listed action applies (checked apply, on a clone), also from its notation
    for a in legal:
        assert Action.parse(str(a)) == a, f"{where}: notation of {a!r} does not round-trip"
        c = s.clone()
        c.apply(a)
        if rng.random() < 0.1:
            c2 = s.clone()
            c2.apply(str(a))
            assert fingerprint(c2)[:6] == fingerprint(c)[:6]
        check_invariants(c, deck, f"{where}, then {a}")
    assert fingerprint(s) == fp, f"{where}: applying on a clone changed the original"
    # candidates: accepted exactly when their signature is listed
    held, absent = candidates(s, legal, rng)
    refusals: list[tuple[Action, tuple[str, str]]] = []
    for a in held:
        why = s.why_illegal(a)
        listed = signature(s, a) in sigs
        assert (why is None) == listed, (
            f"{where}: {a} is {'legal' if why is None else 'refused: ' + str(why)} but its kinds are "
            f"{'' if listed else 'not '}listed; legal = {[str(x) for x in legal]}")
        if why is None:
            c = s.clone()
            c.apply(a)
            check_invariants(c, deck, f"{where}, then {a}")
        else:
            refusals.append((a, why))
    for a in absent:
        why = s.why_illegal(a)
        assert why is not None, f"{where}: {a} names a card not held but is accepted"
        refusals.append((a, why))
    rng.shuffle(refusals)
    for a, why in refusals[:12]:
        # a refusal is a code and its data, whose English words are the code's template (refusals.py)
        assert isinstance(why, tuple) and len(why) == 2, why
        assert why[0] in REFUSALS and isinstance(why[1], dict), why
        try:
            s.apply(a if rng.random() < 0.7 else str(a))
        except IllegalAction as e:
            assert (e.code, e.data) == why, f"{where}: apply({a}) says {e.code} but why_illegal {why}"
            assert e.message == render(REFUSALS[e.code], e.data) and e.message, e.message
        else:
            raise AssertionError(f"{where}: {a} was applied although why_illegal refuses it: {why}")
        assert fingerprint(s) == fp, f"{where}: refused {a} changed the state"
    assert all_views(s) == before_views and s.history() == before_hist
    check_views_hide_hands(s)


def check_record(s: GameState) -> None:
    """GameRecord round trip: JSON out and in, replay gives the same game (whoever dealt first)."""
    text = GameRecord.of(s).to_json()
    again = GameRecord.from_json(text).replay()
    assert again.history() == s.history()
    assert again.scores == s.scores and again.results == s.results
    assert again.winner == s.winner and again.phase == s.phase and again.nactions == s.nactions
    assert fingerprint(again)[:5] == fingerprint(s)[:5]
    assert all_views(again) == all_views(s)
    assert GameRecord.from_json(text).to_json() == text


# ---------------------------------------------------------------------------- the properties
game_args = dict(seed=st.integers(0, 2**31 - 1), dealer=st.integers(0, 5), play=st.integers(0, 2**31 - 1),
                 bias=st.sampled_from((0.0, 0.5, 0.8, 0.95)))


@pytest.mark.parametrize("table", TABLE_IDS)
@_settings(5)
@given(**game_args)
def test_whole_games_conserve_cards_and_end(table: str, seed: int, dealer: int, play: int,
                                            bias: float) -> None:
    """Random legal play of whole games: cards conserved after every action, every hand and the game
    end within a cap, and the record replays to the very same game."""
    rs = table_rules(table)
    dealer %= rs.players
    s = GameState.new(rs, seed=seed, dealer=dealer)
    deck = deck_counts(s)
    assert sum(deck) == rs.deck_size
    check_invariants(s, deck, "after the deal")
    rng = random.Random(play)
    hand_start = 0
    hand_no = s.hand_no
    limit = HANDS_PER_GAME.get(table)
    while not s.is_over and (limit is None or len(s.results) < limit):
        assert s.nactions < GAME_CAP, f"the game has not ended after {GAME_CAP} actions"
        a = choose(s, s.legal_actions(), rng, bias if bias else 0.3)
        s.apply_unchecked(a)
        check_invariants(s, deck, f"after action {s.nactions} ({a})")
        if s.hand_no != hand_no:
            assert s.hand_no == hand_no + 1 and len(s.results) == s.hand_no
            hand_start, hand_no = s.nactions, s.hand_no
        assert s.nactions - hand_start <= HAND_CAP, f"hand {s.hand_no} has not ended in {HAND_CAP} actions"
    if not s.is_over:
        check_record(s)
        return
    # over: nothing more is accepted
    for a in ("draw", "discard KH", "take", "yes", "meld KH KS KD", "end"):
        with pytest.raises(IllegalAction) as e:
            s.apply(a)
        assert e.value.code == "game_over"
    check_record(s)


@pytest.mark.parametrize("table", TABLE_IDS)
@_settings(10)
@given(skip=st.integers(0, 1500), window=st.integers(20, 45), **game_args)
def test_every_action_in_a_window(table: str, skip: int, window: int, seed: int, dealer: int, play: int,
                                  bias: float) -> None:
    """Somewhere in a random game, after every action of a window: legal_actions() pure and
    deterministic, listed actions apply, candidates accepted iff listed and otherwise refused with
    the state unchanged, views hide other hands; at the end the record replays identically."""
    rs = table_rules(table)
    dealer %= rs.players
    s = GameState.new(rs, seed=seed, dealer=dealer)
    deck = deck_counts(s)
    rng = random.Random(play)
    while not s.is_over and s.nactions < skip:
        s.apply_unchecked(choose(s, s.legal_actions(), rng, bias))
    check_invariants(s, deck, f"after {s.nactions} actions")
    for _ in range(window):
        check_position(s, rng, deck)
        if s.is_over:
            break
        a = choose(s, s.legal_actions(), rng, bias)
        s.apply(a if rng.random() < 0.8 else str(a))
        check_invariants(s, deck, f"after action {s.nactions} ({a})")
    check_record(s)


@pytest.mark.parametrize("table", TABLE_IDS)
@_settings(4)
@given(seed=st.integers(0, 2**31 - 1), play=st.integers(0, 2**31 - 1))
def test_answer_and_end_of_stock_states(table: str, seed: int, play: int) -> None:
    """The full checks at the rarer states of random games: every ANSWER phase met, and the turns once
    the stock is empty (classic end of stock: take the discard or the hand ends)."""
    rs = table_rules(table)
    s = GameState.new(rs, seed=seed)
    deck = deck_counts(s)
    rng = random.Random(play)
    checked = 0
    hands = 0
    while not s.is_over and hands < 3 and checked < 25:
        rare = s.phase is Phase.ANSWER or (not s.stock) or s.no_discard or s.pre_draw or s.retracted
        if rare:
            check_position(s, rng, deck)
            checked += 1
        before = s.hand_no
        s.apply_unchecked(choose(s, s.legal_actions(), rng, 0.8))
        hands += s.hand_no != before
    check_invariants(s, deck, "at the end")


def test_record_of_a_game_dealt_by_another_seat_replays_the_same_game() -> None:
    """GameRecord.of(state) must record how the game began: a game dealt by seat 2 replays to the
    same hands and the same views (R 1.1: the player left of the dealer starts)."""
    rs = rules("gvr-club")
    s = GameState.new(rs, seed=11, dealer=2)
    assert s.current == 3  # dealer 2, first player dealer + 1
    rng = random.Random(3)
    for _ in range(6):
        s.apply_unchecked(choose(s, s.legal_actions(), rng, 0.5))
    again = GameRecord.from_json(GameRecord.of(s).to_json()).replay()
    assert again.dealer == s.dealer
    assert again.hands == s.hands
    assert all_views(again) == all_views(s)


def test_clone_is_independent() -> None:
    """Playing on a clone never touches the original, and the reverse."""
    rs = rules("spanish", players=3)
    s = GameState.new(rs, seed=5)
    rng = random.Random(1)
    for _ in range(40):
        s.apply_unchecked(choose(s, s.legal_actions(), rng, 0.8))
    fp = fingerprint(s)
    views = all_views(s)
    c = s.clone()
    for _ in range(200):
        if c.is_over:
            break
        c.apply_unchecked(choose(c, c.legal_actions(), rng, 0.8))
    assert fingerprint(s) == fp and all_views(s) == views
    c2 = s.clone()
    fp2 = fingerprint(c2)
    s.apply_unchecked(s.legal_actions()[0])
    assert fingerprint(c2) == fp2


def test_copy_and_deepcopy_of_a_state_are_independent_clones() -> None:
    """``copy.copy`` and ``copy.deepcopy`` work on the compiled engine too (its rule facts are a
    frozen compiled dataclass) and give an equal state that plays on without touching the original."""
    s = GameState.new(rules("samba"), seed=3)
    rng = random.Random(2)
    for _ in range(30):
        s.apply_unchecked(choose(s, s.legal_actions(), rng, 0.8))
    fp = fingerprint(s)
    for c in (copy.copy(s), copy.deepcopy(s), copy.deepcopy([s])[0]):
        assert fingerprint(c) == fp and all_views(c) == all_views(s)
        c.apply_unchecked(c.legal_actions()[0])
        assert fingerprint(c) != fp and fingerprint(s) == fp


@pytest.mark.parametrize("table", ["ref4", "club4", "es4"])
def test_views_never_show_a_hidden_card(table: str) -> None:
    """Every card of this position exists once only, so a card in a hand or the stock is known to its
    holder alone until it is played: no other seat's view may name it, whatever happens (draws, asks,
    answers, discards); other hands are card counts only."""
    name, overrides = TABLES[table]
    hands = ["5C 5D 9S 4C KD", "QH JD 7C 6S", "KS 6D 8H 4H", "TC AH 4S 7H"]
    s = position({"rules": {"preset": name, "overrides": overrides}, "dealer": 3, "turn": 0,
                  "phase": "draw", "hands": hands, "stock": "8C 9C TD JS QD 7D AS AD 5H 5S 9D TH",
                  "pile": "6C 4D", "melds": [["KC KH 2S"], []]})
    played: set[int] = set(parse_cards("6C 4D KC KH 2S"))

    def check() -> None:
        for seat in range(4):
            v = view(s, seat)
            shown = set(CARD_TOKEN.findall(json.dumps(v)))
            assert parse_cards(v["hand"]) == sorted(s.hand_cards(seat), key=sort_key)
            assert v["hand_counts"] == s.hn and isinstance(v["stock"], int)
            secret = set(s.stock)
            for other in range(4):
                if other != seat:
                    secret |= set(s.hand_cards(other))
            secret -= played
            leaked = sorted(card_str(f) for f in secret if card_str(f) in shown)
            assert not leaked, f"seat {seat} sees {leaked}"

    check()
    script = ["draw", "discard 9S", "draw", "discard 6S", "draw", "discard 6D", "draw", "discard 7H",
              "draw", "ask", "no", "discard 4C"]
    for text in script:
        if text == "ask" and s.why_illegal(Action.parse("ask")) is not None:
            continue
        if text == "no" and s.phase is not Phase.ANSWER:
            continue
        a = Action.parse(text)
        s.apply(a)
        if a.op is Op.DISCARD:
            played.update(a.cards)
        check()
    assert s.nactions >= 10 and s.hand_no == 0  # still the same hand (the test's premise)


@pytest.mark.parametrize("preset", ["samba", "trey-canasta"])
def test_group_meld_table_bound_keeps_the_moves(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``engine.meld.GROUPS`` (new group melds by a rank's suit counts, where suits matter) is
    cleared when full, so long simulations keep their memory bounded: with a bound of three entries
    the moves listed are the same as with the whole table, the table never holds more, and its
    entries list the shared meld actions."""
    import canasta
    from canasta.engine import meld
    from canasta.engine.common import meld_action

    if canasta.COMPILED:
        pytest.skip("the bound is a compiled constant there")

    def play(bound: int) -> list[list[Action]]:
        monkeypatch.setattr(meld, "GROUPS_MAX", bound)
        meld.GROUPS.clear()
        out: list[list[Action]] = []
        s = GameState.new(rules(preset), seed=5)
        rng = random.Random(5)
        while not s.is_over and len(s.results) < 2:
            legal = s.legal_actions()
            out.append(legal)
            assert len(meld.GROUPS) <= bound
            s.apply_unchecked(rng.choice(legal))
        return out

    whole = play(1 << 20)
    assert len(meld.GROUPS) > 3  # (the bound below bites)
    assert all(a is meld_action(a.cards) for acts in meld.GROUPS.values() for a in acts)
    assert play(3) == whole
