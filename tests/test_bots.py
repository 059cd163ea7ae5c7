"""Bots: they choose only legal actions, see only their view, and the determinizer deals hidden
cards only where the view allows (issue 5)."""

from __future__ import annotations

import json
import random

import pytest

from canasta import GameState, rules
from canasta.actions import Action, Op
from canasta.bots import HeuristicBot, SearchBot, SearchConfig, bot_names, make_bot, play_turn
from canasta.bots.base import Bot
from canasta.bots.determinize import sample_hidden, sample_world
from canasta.bots.heuristic import Heuristic, Obs
from canasta.bots.knowledge import Knowledge, analyse, deck_counts
from canasta.cards import NUM_FACES, full_deck, parse_cards
from canasta.errors import BotError
from canasta.records import position
from canasta.rules import RuleSet
from canasta.views import view
from helpers import ALL_PRESETS, PRESET_IDS, check_same_choice

TABLES: list[tuple[str, int | None]] = [("classic", None), ("gvr-club", None), ("spanish", 2),
                                        ("spanish", 3), ("spanish", 4), ("spanish", 5), ("spanish", 6),
                                        ("samba", None), ("bolivia", 2), ("bolivia", 4), ("bolivia", 6),
                                        ("american", None), ("nvso-tournament", None),
                                        ("trey-canasta", None)]
# every other preset (a new rule set) at its default table
TABLES += [(name, None) for name in ALL_PRESETS if name not in {n for n, _p in TABLES}]


def _rules(name: str, players: int | None) -> RuleSet:
    return rules(name) if players is None else rules(name, players=players)


def _bots(rs: RuleSet, names: list[str], seed: int) -> list[Bot]:
    out = []
    for seat in range(rs.players):
        b = make_bot(names[seat % len(names)], f"{seed}/{seat}")
        b.start(rs, seat)
        out.append(b)
    return out


def _random_states(rs: RuleSet, games: int, every: int, limit: int) -> list[GameState]:
    """Snapshots of random games (every ``every``-th action, ``limit`` actions per game)."""
    out = []
    for g in range(games):
        s = GameState.new(rs, seed=g)
        r = random.Random(g)
        for i in range(limit):
            if s.is_over:
                break
            if i % every == 0:
                out.append(s.clone())
            s.apply_unchecked(r.choice(s.legal_actions()))
    return out


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_bots_only_choose_legal_actions(name: str, players: int | None) -> None:
    """Heuristic, easy and random bots play whole hands; every choice goes through the checked
    ``state.apply`` (an illegal action would raise) and is one of the listed legal actions."""
    rs = _rules(name, players)
    decisions = 0
    for seed, names in enumerate((["heuristic", "random"], ["random", "easy"], ["heuristic", "medium"])):
        s = GameState.new(rs, seed=seed)
        bots = _bots(rs, names, seed)
        while not s.is_over and s.hand_no < 2:
            legal = s.legal_actions()
            a = play_turn(s, bots)
            assert a in legal
            decisions += 1
    assert decisions > 300


def test_search_bot_only_chooses_legal_actions() -> None:
    """The search bot (small budget) through a hand of each preset, against the heuristic."""
    for name, players in (("gvr-club", None), ("classic", None), ("spanish", 3)):
        rs = _rules(name, players)
        s = GameState.new(rs, seed=5)
        bots: list[Bot] = []
        for seat in range(rs.players):
            b: Bot = (SearchBot(seat, SearchConfig(samples=2, candidates=3, turns=1)) if seat % 2 == 0
                      else HeuristicBot(seat))
            b.start(rs, seat)
            bots.append(b)
        n = 0
        while not s.is_over and s.hand_no < 1 and n < 400:
            legal = s.legal_actions()
            assert play_turn(s, bots) in legal
            assert bots[(s.actor - 1) % rs.players].explain() or True
            n += 1
        assert n > 20
        assert all(b.fallbacks == 0 for b in bots if isinstance(b, SearchBot))


def test_every_bot_explains_its_choice_in_one_line() -> None:
    rs = rules("gvr-club")
    s = GameState.new(rs, seed=2)
    for name in bot_names():
        b = make_bot(name, 1)
        b.start(rs, s.actor)
        b.choose(view(s, s.actor), s.legal_actions())
        text = b.explain()
        assert text and "\n" not in text


def test_make_bot_refuses_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="unknown bot 'grandmaster'"):
        make_bot("grandmaster")
    with pytest.raises(BotError, match=r"unknown bot 'exprt' \(did you mean 'expert'\?\): choose one of"):
        make_bot("exprt")


def _two_worlds(s: GameState, seat: int, seed: int) -> tuple[GameState, GameState]:
    """Two states with the same view for ``seat`` but (usually) different hidden cards."""
    v = view(s, seat)
    w1 = sample_world(v, s.rules, random.Random(seed))
    w2 = sample_world(v, s.rules, random.Random(seed + 1000))
    return w1, w2


@pytest.mark.parametrize("name", ALL_PRESETS, ids=PRESET_IDS)
def test_a_bots_choice_depends_only_on_its_view(name: str) -> None:
    """Same view and same seed, different hidden cards: the same choice, for every bot (every preset at
    its default table)."""
    rs = rules(name)
    differ = checked = 0
    for s in _random_states(rs, games=3, every=23, limit=500):
        if s.is_over:
            continue
        seat = s.actor
        w1, w2 = _two_worlds(s, seat, checked)
        v1, v2 = view(w1, seat), view(w2, seat)
        assert json.dumps(v1, sort_keys=True) == json.dumps(v2, sort_keys=True)
        others = [x for x in range(rs.players) if x != seat]
        differ += any(w1.hands[x] != w2.hands[x] for x in others) or w1.stock != w2.stock
        check_same_choice(rs, seat, w1, w2, 7, 3 if checked % 4 == 0 else 0)
        checked += 1
    assert checked > 20
    assert differ > checked // 2  # the hidden cards really were different


def _multiset(cards: list[int]) -> list[int]:
    c = [0] * NUM_FACES
    for f in cards:
        c[f] += 1
    return c


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_knowledge_is_true_and_the_determinizer_respects_it(name: str, players: int | None) -> None:
    """What the view proves is true of the real state (pile, table, red threes, cards known in a
    hand, the unseen cards are exactly the other hands' unknown part plus the stock), and a sampled
    world keeps all of it: the same own hand, table, red threes and pile, every known card in its
    hand, the view's counts, and the whole deck (with and without ``keep_pairs``)."""
    rs = _rules(name, players)
    deck = deck_counts(rs)
    checked = 0
    for s in _random_states(rs, games=3, every=17, limit=700):
        if s.is_over:
            continue
        seat = s.actor
        v = view(s, seat)
        k = analyse(v, rs)
        assert k.pile_complete and k.pile == s.pile
        for side in range(rs.sides):
            got = sorted(f for m in k.melds[side] for f in m.cards)
            assert got == sorted(f for m in s.melds[side] for f in m.cards)
        hidden = [0] * NUM_FACES
        for x in range(rs.players):
            if x == seat:
                continue
            for f in range(NUM_FACES):
                assert k.known[x][f] <= s.hands[x][f]
                hidden[f] += s.hands[x][f] - k.known[x][f]
        for f in s.stock:
            hidden[f] += 1
        assert hidden == k.unseen
        w = sample_world(v, rs, random.Random(checked), keep_pairs=checked % 2 == 1)
        assert w.hands[seat] == s.hands[seat]
        assert w.hn == s.hn and len(w.stock) == len(s.stock)
        assert w.pile == s.pile and w.red3 == s.red3
        # each meld keeps its rank, size and natural cards; the side keeps its cards (which closed
        # canasta (S4) holds which wild card the view does not tell)
        assert [[(m.rank, m.size, m.naturals) for m in ms] for ms in w.melds] == [
            [(m.rank, m.size, m.naturals) for m in ms] for ms in s.melds]
        assert [sorted(f for m in ms for f in m.cards) for ms in w.melds] == [
            sorted(f for m in ms for f in m.cards) for ms in s.melds]
        for x in range(rs.players):
            assert all(w.hands[x][f] >= k.known[x][f] for f in range(NUM_FACES))
        everything = [f for h in range(rs.players) for f in w.hand_cards(h)] + w.stock + w.pile + [
            f for ms in w.melds for m in ms for f in m.cards] + [f for r in w.red3 for f in r] + [
            f for b in w.boxed for f in b]  # S0: cards boxed in front of a player
        assert w.boxed == s.boxed
        assert _multiset(everything) == deck
        checked += 1
    assert checked > 30


def _knowledge(unseen: str, hand_counts: list[int], stock: int, discards: int,
               passed: list[int]) -> Knowledge:
    """What seat 0 knows when only ``unseen`` is hidden and seat 1 has made ``discards`` discards."""
    n = len(hand_counts)
    counts = [0] * NUM_FACES
    for f in parse_cards(unseen):
        counts[f] += 1
    discarded = [[0] * 15 for _ in range(n)]
    discarded[1][5] = discards
    return Knowledge(0, parse_cards("KS"), [], 0, True, [[], []], [[] for _ in range(n)],
                     [[0] * NUM_FACES for _ in range(n)], counts, hand_counts, stock, discarded,
                     [0] * 15, [[] for _ in range(1)] + [passed] + [[] for _ in range(n - 2)])


def test_sampled_hands_keep_pairs_as_players_do() -> None:
    """With ``keep_pairs`` a hand is dealt a card more per discard its player made and puts back as
    many, singletons first: seat 1 (2 cards, 2 discards) dealt 7C 7D KC QH always keeps the pair of
    7s; a rank it passed up on the pile is put back first while it holds two, so it never keeps
    both 7s. Without ``keep_pairs`` any two of the unseen cards."""
    rs = rules("nvso-tournament")
    k = _knowledge("7C 7D KC QH", [1, 2, 0, 0], 2, 2, [])
    kept = set()
    for i in range(30):
        hands, stock, _ = sample_hidden(k, rs, random.Random(i), keep_pairs=True)
        assert sorted(hands[1]) == parse_cards("7C 7D") and sorted(stock) == sorted(parse_cards("KC QH"))
        kept.add(tuple(sorted(sample_hidden(k, rs, random.Random(i))[0][1])))
    assert len(kept) > 1  # at random, other pairs of cards too
    k = _knowledge("7C 7D KC QH", [1, 2, 0, 0], 2, 2, [7])
    for i in range(30):
        hands, _, _ = sample_hidden(k, rs, random.Random(i), keep_pairs=True)
        assert len(hands[1]) == 2 and sum(1 for f in hands[1] if f // 4 + 2 == 7) <= 1


@pytest.mark.parametrize("name", ["american", "nvso-tournament"])
def test_hands_sampled_with_pairs_kept_hold_the_pairs_real_hands_do(name: str) -> None:
    """Players keep pairs (R 1.2, S3: the pile is always taken with a natural pair): in heuristic
    games, the left-hand opponent's real hand holds more natural pairs than a random deal of the
    unseen cards gives it; ``keep_pairs`` deals about as many as the real hands hold."""
    rs = rules(name)
    rng = random.Random(5)
    real = rand = keep = 0.0
    n = 0
    for g in range(6):
        s = GameState.new(rs, seed=100 + g)
        bots = _bots(rs, ["heuristic", "heuristic"], g)
        steps = 0
        while not s.is_over and s.hand_no < 2 and steps < 300:
            play_turn(s, bots)
            steps += 1
            if steps % 4 or s.current != 0 or s.hn[1] < 4:
                continue
            k = analyse(view(s, 0), rs)
            n += 1
            real += _pairs([f for f in range(NUM_FACES) for _ in range(s.hands[1][f])])
            for _i in range(8):
                rand += _pairs(sample_hidden(k, rs, rng)[0][1]) / 8
                keep += _pairs(sample_hidden(k, rs, rng, keep_pairs=True)[0][1]) / 8
    assert n > 40
    assert rand < real - 0.2 * n and abs(keep - real) < abs(rand - real) / 2


def _pairs(hand: list[int]) -> int:
    """Natural pairs (or more) of a rank from 4 up in a hand."""
    c = [0] * 15
    for f in hand:
        if f < 52 and f // 4 > 1:
            c[f // 4 + 2] += 1
    return sum(1 for x in c if x >= 2)


def test_a_player_passing_up_the_pile_is_marked_as_unlikely_to_hold_its_pair() -> None:
    """Knowledge.passed: a player who draws from the stock when the pile holds three or more cards
    under a natural of 4 to ace, its side having melded, is marked as passing up that rank. Not
    marked: a side that has not melded, a pile of fewer than three cards, a wild card on top."""
    rs = rules("gvr-club")
    v = view(GameState.new(rs, seed=1), 0)

    def ev(seat: int, what: str, cards: str | None = None) -> dict[str, object]:
        return {"seat": seat, "what": what, **({"cards": cards} if cards else {"count": 1})}

    v["log"] = [ev(0, "start_pile", "4C"),
                ev(1, "draw"), ev(1, "meld", "QC QD QS"), ev(1, "discard", "9H"),  # side 1 melds
                ev(2, "draw"), ev(2, "discard", "7S"),   # side 0 has not melded
                ev(3, "draw"), ev(3, "discard", "5C"),   # 4C 9H 7S: passes up the 7s
                ev(0, "draw"), ev(0, "discard", "2C"),
                ev(1, "draw"), ev(1, "discard", "5D"),   # a wild card on top
                ev(2, "draw"), ev(2, "discard", "KH"),
                ev(3, "draw"), ev(3, "discard", "8C"),   # passes up the kings
                ev(0, "draw"), ev(0, "meld", "JC JD JS"), ev(0, "discard", "6C"),
                ev(1, "take", "6C 6D 6H"), ev(1, "pile", "4C 9H 7S 5C 2C 5D KH 8C"),
                ev(1, "discard", "TC"),
                ev(2, "draw"), ev(2, "discard", "TD"),   # two cards: not marked
                ev(3, "draw"), ev(3, "discard", "TH"),
                ev(0, "draw")]                           # three under a 10: marked
    assert analyse(v, rs).passed == [[10], [], [], [7, 13]]


def test_cards_taken_with_the_pile_are_known_in_the_takers_hand() -> None:
    """S2 / R 1.1: the pile goes to the taker's hand in view of all. Seat 1 takes a pile of
    4C 9H 6D 7S (top) with 7C 7D and discards 9H: seat 0 knows seat 1 holds 4C and 6D (9H was thrown,
    7S 7C 7D are on the table), and never deals those two cards elsewhere."""
    s = position({
        "rules": "gvr-club", "dealer": 0, "turn": 1, "phase": "draw",
        "hands": ["KH KS 5C 8D 9C", "7C 7D 5S JH QS", "8C 8H JD", "TC TD QH"],
        "stock": "4D 4H 5D 5H 6C 6H 9D 9S",
        "pile": "4C 9H 6D 7S",
        "melds": [["QC QD QS"], ["AC AD AH"]],
    })
    s.apply("take 7C 7D")
    s.apply("discard 9H")
    k = analyse(view(s, 0), s.rules)
    assert k.known[1][parse_cards("4C")[0]] == 1 and k.known[1][parse_cards("6D")[0]] == 1
    assert sum(k.known[1]) == 2
    for i in range(20):
        w = sample_world(view(s, 0), s.rules, random.Random(i))
        assert w.hands[1][parse_cards("4C")[0]] >= 1 and w.hands[1][parse_cards("6D")[0]] >= 1
        assert w.hn == s.hn


def test_heuristic_opening_plan_reaches_the_minimum_or_lays_nothing() -> None:
    """R 1.1: the opening melds together must reach the side's minimum (50 at 0 points). With
    KH KS KD (3 x 10 = 30) and 5C 5D 5H (3 x 5 = 15) the hand makes 45 < 50: no provisional meld.
    With AC AD AH (3 x 20 = 60) it opens, highest meld first."""
    base = {"rules": "classic", "dealer": 3, "turn": 0, "phase": "play",
            "hands": ["KH KS KD 5C 5D 5H 9C", "4D 6H 6S", "8C 8D JH", "TC TD QS"],
            "stock": "7C 8S 9S JC"}
    s = position(base)
    a, _ = Heuristic().decide(Obs.from_view(view(s, 0), s.rules), s.legal_actions())
    assert a.op is Op.DISCARD
    s = position(base | {"hands": ["AC AD AH 5C 5D 5H 9C", "4D 6H 6S", "8C 8D JH", "TC TD QS"]})
    a, _ = Heuristic().decide(Obs.from_view(view(s, 0), s.rules), s.legal_actions())
    assert a.op is Op.MELD and a.cards == tuple(parse_cards("AC AD AH"))


def test_heuristic_takes_a_big_pile_and_keeps_wild_cards() -> None:
    s = position({"rules": "gvr-club", "dealer": 3, "turn": 0, "phase": "draw",
                  "hands": ["KH KS 5C 2D 9C", "4D 6H 6S", "8C 8D JH", "TC TD QS"],
                  "stock": "7C 8S 9S JC", "pile": "4C 9H AD JC KD",
                  "melds": [["QH QS QD"], ["AC AS AH"]]})
    a, why = Heuristic().decide(Obs.from_view(view(s, 0), s.rules), s.legal_actions())
    assert a == Action.parse("take KH KS") and "pile" in why
    s.apply(a)
    a, _ = Heuristic().decide(Obs.from_view(view(s, 0), s.rules), s.legal_actions())
    assert not (a.op is Op.DISCARD and a.cards == tuple(parse_cards("2D")))


@pytest.mark.parametrize(("preset", "meld", "room"), [
    ("classic", "KC KD 2C 2D", False),  # R 1.1: never more wilds than naturals: 2 + 2 is full
    ("classic", "KC KD KH 2D", True),   # ... 3 naturals take a second wild card
    ("samba", "KC KD 2C 2D", False),    # R 1.3: at most 2 wilds
    ("trey-canasta", "KC KD 2C", False),  # S0 [C], T3: 2 naturals take one wild card only
    ("trey-canasta", "KC KD KH 2C", True),
])
def test_R11_R13_S0_T3_heuristic_reads_a_melds_wild_room_from_the_wild_card_limit(preset: str, meld: str,
                                                                                 room: bool) -> None:
    """The bots' wild-card room of a meld comes from the rule (melds.wilds_allowed: max_wilds and
    wild_ratio), not max_wilds alone: a joker in hand counts as meldable (its 50 points) only while a
    group of the side may take it."""
    s = position({"rules": preset, "dealer": 3, "turn": 0, "phase": "play", "opened": [True, False],
                  "hands": ["JK 9C 8D", "4D 6H 6S", "8C 8D JH", "TC TD QS"], "stock": "7C 8S 9S JC",
                  "melds": [[meld], []]})
    o = Obs.from_view(view(s, 0), s.rules)
    assert Heuristic().meldable_points(o) == (s.rules.value_joker if room else 0)
    assert (s.why_illegal(Action.parse("add @0 JK")) is None) is room


def test_full_deck_helper_matches_rules() -> None:
    rs = rules("classic")
    assert sum(deck_counts(rs)) == len(full_deck(rs.packs, rs.jokers_per_pack)) == 108  # 2 x 52 + 4

