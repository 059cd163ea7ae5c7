"""The bots in the three-pack games (issue 5; S1 Bolivia, R 1.3 Samba): legal choices everywhere,
sequence-aware play in hand-built positions, choices that depend only on the view, and actions of
later presets that the bots do not know."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta import GameState, rules
from canasta.actions import Action, Op
from canasta.bots import HeuristicBot, SearchBot, SearchConfig, make_bot, play_turn
from canasta.bots.base import Bot
from canasta.bots.heuristic import Heuristic, Obs, Weights
from canasta.cards import parse_cards
from canasta.views import view
from helpers import check_same_choice, heuristic_choice, position_for

STOCK = " ".join(["4C", "4D", "5C", "5D", "6C", "6D", "7C", "7D", "8C", "8D"] * 2)  # 20 cards


def _pos(hands: list[str], melds: list[list[str]], *, rules_name: str = "bolivia", phase: str = "play",
         pile: str = "KC", stock: str = STOCK, **extra: Any) -> GameState:
    return position_for(rules_name, hands, melds=melds, phase=phase, pile=pile, stock=stock, **extra)


_decide = heuristic_choice


def _snapshots(name: str, games: int, every: int) -> list[GameState]:
    """Positions from games of heuristic and random bots (every ``every``-th decision)."""
    rs = rules(name)
    out = []
    for g in range(games):
        s = GameState.new(rs, seed=100 + g)
        bots = [make_bot("heuristic" if seat % 2 == g % 2 else "random", seat) for seat in range(rs.players)]
        for seat, b in enumerate(bots):
            b.start(rs, seat)
        i = 0
        while not s.is_over and s.hand_no < 1:
            if i % every == 0:
                out.append(s.clone())
            play_turn(s, bots)
            i += 1
    return out


@pytest.mark.parametrize("name", ["samba", "bolivia"])
def test_heuristic_chooses_a_legal_action_in_many_positions(name: str) -> None:
    """issue 5: bots only choose legal actions; here the heuristic (and the easy level) over a few
    thousand positions of the three-pack games, each choice among the listed actions."""
    checked = 0
    for s in _snapshots(name, games=12, every=1):
        if s.is_over:
            continue
        legal = s.legal_actions()
        v = view(s, s.actor)
        for bot_name in ("heuristic", "easy"):
            b = make_bot(bot_name, 3)
            b.start(s.rules, s.actor)
            assert b.choose(v, legal) in legal
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("name", ["samba", "bolivia"])
def test_search_bot_plays_legally_and_never_falls_back(name: str) -> None:
    """The search bot (small budget) through a hand against the heuristic: every choice legal, and
    every sampled world accepts its candidates (no fallback on the heuristic)."""
    rs = rules(name)
    s = GameState.new(rs, seed=11)
    bots: list[Bot] = []
    searchers: list[SearchBot] = []
    for seat in range(rs.players):
        if seat % 2 == 0:
            sb = SearchBot(seat, SearchConfig(samples=2, candidates=3, turns=1))
            searchers.append(sb)
            bots.append(sb)
        else:
            bots.append(HeuristicBot(seat))
        bots[-1].start(rs, seat)
    n = 0
    while not s.is_over and s.hand_no < 1 and n < 600:
        legal = s.legal_actions()
        assert play_turn(s, bots) in legal
        n += 1
    assert n > 50
    assert sum(b.decisions for b in searchers) > 20
    assert all(b.fallbacks == 0 for b in searchers)


def test_S1_heuristic_extends_its_sequence_rather_than_discarding_the_card() -> None:
    """S1: "Sequences can be extended to a maximum of seven cards". The side shows 6S 7S 8S; holding
    9S the heuristic adds it to the sequence (it neither keeps nor throws it)."""
    s = _pos(["9S KD 4H JC 6C", "QC QD QH", "5H 5S TD", "JD JH AS"],
             [["6S 7S 8S", "KH KS KC"], ["AC AD AH"]])
    a, why = _decide(s)
    assert a == Action.parse("add @0 9S"), why


def test_S1_heuristic_keeps_cards_toward_a_sequence_when_discarding() -> None:
    """S1 strategy hints: keep the cards that make a sequence. Holding QH KH (neighbours of one suit)
    and four unrelated low cards, the discard is one of the low cards; with the sequence weights at
    zero the same hand throws a high heart (high cards count against the side)."""
    s = _pos(["QH KH 4D 5C 6S 7D", "QD QC QS", "5H 5S TD", "JD JH AS"], [["AC AD AH"], ["8C 8D 8H"]])
    a, why = _decide(s)
    assert a.op is Op.DISCARD, why
    assert a.cards[0] not in parse_cards("QH KH"), why
    blind = Heuristic(Weights(seq_adjacent=0, seq_gap=0))
    a, _ = blind.decide(Obs.from_view(view(s, 0), s.rules), s.legal_actions())
    assert a.op is Op.DISCARD and a.cards[0] in parse_cards("QH KH")


def test_S1_heuristic_does_not_throw_the_card_that_extends_the_next_players_sequence() -> None:
    """S1: "The top card can only be taken if it fits onto the end of a sequence that is already on
    the table" (and then the whole pile goes with it, B2). The next player's side shows 5D 6D 7D:
    the heuristic keeps 8D and throws another card; without the sequence danger it throws 8D."""
    s = _pos(["8D 4H 4C 6S 6H", "QC QD QH", "5H 5S TD", "JD JH AS"], [["AC AD AH"], ["5D 6D 7D"]])
    a, why = _decide(s)
    assert a.op is Op.DISCARD, why
    assert a.cards[0] != parse_cards("8D")[0], why
    blind = Heuristic(Weights(danger_seq=0))
    a, _ = blind.decide(Obs.from_view(view(s, 0), s.rules), s.legal_actions())
    assert a == Action.parse("discard 8D")


def test_S1_red_three_thrown_when_the_side_is_far_from_its_requirement() -> None:
    """S1: a melded red three counts +100 only with the two canastas needed to go out, else -100;
    "you may also use the red threes to block the discard pile". With no canasta and a long stock
    (20 cards) the heuristic does not meld it but throws it."""
    s = _pos(["3H KC 4H JC 9S", "QC QD QH", "5H 5S TD", "JD JH AS"], [["AC AD AH"], ["8C 8D 8H"]])
    assert Action.parse("meld 3H") in s.legal_actions()
    a, why = _decide(s)
    assert a == Action.parse("discard 3H"), why


def test_S1_red_three_melded_when_the_side_can_go_out() -> None:
    """S1: with the required canastas (two, one an escalera) a melded red three is worth +100: the
    heuristic melds it."""
    s = _pos(["3H KC 4H JC 9S", "QC QD QH", "5H 5S TD", "JD JH AS"],
             [["4S 5S 6S 7S 8S 9S TS", "AC AD AH AS AC AD AH"], ["8C 8D 8H"]])
    a, why = _decide(s)
    assert a == Action.parse("meld 3H"), why


def test_S1_going_out_needs_the_escalera() -> None:
    """S1: "At least one of the two canastas required to go out must be a sequence canasta". Two
    group canastas are not enough for the heuristic to plan going out; a sequence canasta is."""
    two_groups = _pos(["KC KD", "QC", "5H", "JD"], [["AC AD AH AS AC AD AH", "QC QD QH QS QC QD QH"], []])
    o = Obs.from_view(view(two_groups, 0), two_groups.rules)
    assert not o.requirement_met() and o.needs_sequence()
    with_seq = _pos(["KC KD", "QC", "5H", "JD"], [["AC AD AH AS AC AD AH", "4S 5S 6S 7S 8S 9S TS"], []])
    o = Obs.from_view(view(with_seq, 0), with_seq.rules)
    assert o.requirement_met() and not o.needs_sequence()


def test_S1_pass_with_one_card_when_the_side_cannot_go_out() -> None:
    """S1: "If you meld all your cards except one, then instead of discarding it you must end your
    turn by saying pass". Holding 9S KD with 6S 7S 8S on the table and no canasta: the heuristic
    adds 9S, then passes with KD."""
    s = _pos(["9S KD", "QC QD QH", "5H 5S TD", "JD JH AS"], [["6S 7S 8S"], ["AC AD AH"]])
    a, why = _decide(s)
    assert a == Action.parse("add @0 9S"), why
    s.apply(a)
    assert Op.PASS in {x.op for x in s.legal_actions()}
    a, why = _decide(s)
    assert a.op is Op.PASS, why


def test_S1_merges_two_group_melds_of_a_rank() -> None:
    """S1: "you are allowed to merge two group melds of the same rank on your turn". Kings in two
    melds (3 + 3 cards): the heuristic merges them (six kings, one short of a canasta)."""
    s = _pos(["4H 9C JD 7S", "QC QD QH", "5H 5S TD", "JD JH AS"],
             [["KC KD KH", "KS KC KD"], ["AC AD AH"]])
    a, why = _decide(s)
    assert a == Action.parse("merge @0 @1"), why


def test_S1_wild_cards_melded_on_their_own() -> None:
    """S1: "Wild cards may be melded as a set of their own (three or more)"; seven are a bolivia
    (2,500). With three wild cards and nothing else to meld, the heuristic melds them."""
    s = _pos(["JK 2C 2D 4H 9C JD 7S", "QC QD QH", "5H 5S TD", "JD JH AS"],
             [["AC AD AH"], ["8C 8D 8H"]])
    a, why = _decide(s)
    assert a.op is Op.MELD and all(f == 52 or f < 4 for f in a.cards), why


def test_S1_opening_with_a_sequence() -> None:
    """S1: the first meld must be worth 50 (score up to 1,495). 9S TS JS QS KS make 5 x 10 = 50 as a
    sequence: the unopened side opens by laying it, three cards first."""
    s = _pos(["9S TS JS QS KS 4H 7D", "QC QD QH", "5H 5S TD", "JD JH AS"], [[], ["8C 8D 8H"]])
    a, why = _decide(s)
    assert a.op is Op.MELD and len({f // 4 for f in a.cards}) == 3 and {f % 4 for f in a.cards} == {3}, why
    for _ in range(3):
        s.apply(a)
        a, why = _decide(s)
    s.apply(a)
    assert s.opened[0] and s.melds[0][0].size == 5


@pytest.mark.parametrize("name", ["samba", "bolivia"])
def test_a_bots_choice_depends_only_on_its_view_three_packs(name: str) -> None:
    """issue 5: the same view and seed give the same choice whatever the hidden cards (two worlds
    sampled from one view), for random, heuristic and search bots."""
    from canasta.bots.determinize import sample_world

    rs = rules(name)
    checked = differ = 0
    for s in _snapshots(name, games=2, every=19):
        if s.is_over:
            continue
        seat = s.actor
        v = view(s, seat)
        w1 = sample_world(v, rs, random.Random(checked))
        w2 = sample_world(v, rs, random.Random(checked + 500))
        assert view(w1, seat) == view(w2, seat)
        differ += any(w1.hands[x] != w2.hands[x] for x in range(rs.players) if x != seat)
        check_same_choice(rs, seat, w1, w2, 5, 2 if checked % 3 == 0 else 0)
        checked += 1
    assert checked > 10
    assert differ > checked // 2




def _later_op(value: int, name: str) -> Op:
    """An op of a later preset (e.g. a red-trey disclosure): an ``Op`` this code does not know,
    made without changing ``Op`` (a real Op instance, so the compiled engine accepts it too)."""
    op = int.__new__(Op, value)
    op._name_ = name
    op._value_ = value
    return op


UNKNOWN = Action(_later_op(99, "LATER"))
UNKNOWN2 = Action(_later_op(98, "LATER2"), (52,))


@pytest.mark.parametrize("bot_name", ["random", "heuristic", "easy", "search"])
def test_bots_tolerate_actions_they_do_not_know(bot_name: str) -> None:
    """issue 5: later presets add ops (a special hand's ``declare``, a red-trey disclosure). Offered
    such actions besides known ones, a bot still answers with one of the offered actions, explains
    it in one line, and the heuristic prefers what it knows; offered only unknown actions, it picks
    one of them."""
    s = _pos(["9H TH KC 4D 7S QC", "QD QH QS", "5H 5S TD", "JD JH AS"], [["AC AD AH"], ["8C 8D 8H"]])
    legal = [*s.legal_actions(), UNKNOWN, UNKNOWN2]
    b = make_bot(bot_name, 1)
    b.start(s.rules, 0)
    a = b.choose(view(s, 0), legal)
    assert a in legal and "\n" not in b.explain()
    if bot_name != "random":
        assert a not in (UNKNOWN, UNKNOWN2)
    for phase in ("draw", "play"):
        s2 = _pos(["9H TH KC 4D 7S QC", "QD QH QS", "5H 5S TD", "JD JH AS"],
                  [["AC AD AH"], ["8C 8D 8H"]], phase=phase)
        b = make_bot(bot_name, 1)
        b.start(s2.rules, 0)
        assert b.choose(view(s2, 0), [UNKNOWN, UNKNOWN2]) in (UNKNOWN, UNKNOWN2)
        assert b.explain()


def test_search_keeps_the_heuristics_choice_unless_an_alternative_is_surely_better() -> None:
    """The confidence gate: over paired playouts (the same worlds) an alternative replaces the
    heuristic's choice only when its mean gain exceeds one standard error of the differences.
    Gains 100, 120, 80, 100 (mean 100, sd 16.3, se 8.2): better. Gains +900, -800, +700, -600
    (mean 50, sd 856, se 428): not surely better."""
    b = SearchBot(0)
    base = [0.0, 0.0, 0.0, 0.0]
    assert b._confident([base, [100.0, 120.0, 80.0, 100.0]], 1, 0)
    assert not b._confident([base, [900.0, -800.0, 700.0, -600.0]], 1, 0)
    assert SearchBot(0, SearchConfig(confidence=0))._confident([base, [900.0, -800.0, 700.0, -600.0]], 1, 0)


def test_search_estimate_counts_a_sequence_canasta() -> None:
    """S1: "a sequence of seven cards makes a Sequence Canasta (Samba Canasta), scoring a bonus of
    1,500 points". The search's cut-off estimate uses the engine's scoring: a side showing the
    escalera 4S..TS (1,500 + 5 x 4 + 10 x 3 = 1,550 on the table) is estimated 1,550 higher than the
    same side without it, every other card alike."""
    hands = ["KC KD 9H", "QC QD QH", "5H 5S TD", "JD JH AS"]
    with_seq = _pos(hands, [["4S 5S 6S 7S 8S 9S TS", "AC AD AH"], ["8C 8D 8H"]])
    without = _pos(hands, [["AC AD AH"], ["8C 8D 8H"]])
    b = SearchBot(0)
    assert b.estimate(with_seq, 0) - b.estimate(without, 0) == 1500 + 5 * 4 + 10 * 3
