"""Move-generation regression suite ("perft"): the exact legal actions in fixed positions.

Every expected list is derived by hand from the rule sheets (each entry explained in a comment), not
copied from the engine. Conventions of the API (api brief): one action per card *kind*, with the
actual card taken from the hand in suit order clubs, diamonds, hearts, spades; a new meld is exactly
three cards (more are added one at a time); ``take CARDS [@N]`` names the cards from hand that go with
the top card, and must name the side's meld of the top card's rank when there is one. Lists are
compared as multisets of actions (order is the engine's business), and must hold no duplicates.

Asking "may I go out?" before drawing: the sheets only say the player asks "before going out" (R 1.1,
S2 "You MUST ask your partner if you can go out"), so a player may ask before taking the pile (a take
can go out, and under S2 that needs the permission first). The engine offers ``ask`` in the draw phase
exactly when the pile can be taken and no melds have been shown; without a possible take the player
draws and asks afterwards. The lists below follow that convention (R C2: one ask per turn).

Sources: R 1.1 = RULINGS.md section 1.1 (classic reference game), S2 = classic-gvr-club.txt,
S4 = spanish-classic.txt, and the rulings (C1.., G.., E..). Seats 0 and 2 are side 0, 1 and 3 side 1
(four players); seat 0 is to play in every position.
"""

from __future__ import annotations

from typing import Any

from canasta import Action, GameState, Phase
from canasta.records import position

OTHERS = ["6S 6H 8S", "JC JD TS", "AC AD 4H"]  # the other three hands (cards nobody uses)


def _norm(text: str) -> tuple[Any, ...]:
    a = Action.parse(text)
    return (a.op, tuple(sorted(a.cards)), a.meld)


def assert_legal(s: GameState, expected: list[str]) -> None:
    """The legal actions are exactly ``expected`` (as a multiset), each applies on a clone, and each
    expected entry is accepted by ``why_illegal``."""
    got = [str(a) for a in s.legal_actions()]
    assert len(got) == len(set(got)), f"duplicates in {got}"
    assert len(expected) == len(set(map(_norm, expected))), "the expected list has duplicates"
    want = {_norm(t): t for t in expected}
    have = {_norm(t): t for t in got}
    missing = sorted(t for k, t in want.items() if k not in have)
    extra = sorted(t for k, t in have.items() if k not in want)
    assert not missing and not extra, (
        f"legal actions differ from the hand derivation: missing {missing}, unexpected {extra}; "
        f"engine lists {got}")
    for t in got:
        s.clone().apply(t)
    for t in expected:
        assert s.why_illegal(Action.parse(t)) is None, t


def _pos(rules: Any, hand: str, phase: str = "draw", **extra: Any) -> GameState:
    pos: dict[str, Any] = {"rules": rules, "dealer": 3, "turn": 0, "phase": phase,
                           "hands": [hand, *OTHERS], "stock": "QC QD QH 8C 8D 8H"}
    pos.update(extra)
    return position(pos)


# ============================================================================ classic (R 1.1)
def test_R11_draw_phase_new_meld_takes() -> None:
    """R 1.1: "An unfrozen pile can be taken with a natural pair, a natural + wild"; melds "≥2 naturals,
    never more wilds than naturals, ≤3 wilds". Side 0 has opened (kings), the pile 4S 6D 7H holds no
    wild card or red three, so it is not frozen; no meld of sevens, so no lay-off."""
    s = _pos("classic", "7C 7D 2H JK 5C 5D 8S", pile="4S 6D 7H", melds=[["KC KD KH"], []])
    assert_legal(s, [
        "draw",                 # the stock has cards
        "take 7C 7D",           # natural pair: 7H 7C 7D
        "take 7C 7D 2H",        # pair + a wild: 3 naturals, 1 wild
        "take 7C 7D JK",        # the same with the joker
        "take 7C 7D 2H JK",     # 3 naturals, 2 wilds (2 <= 3)
        "take 7C 2H",           # natural + wild: 7H 7C 2H, 2 naturals, 1 wild
        "take 7C JK",           # natural + joker
        "take 7C 2H JK",        # 2 naturals, 2 wilds: equal is allowed ("never more")
        "ask",                  # before drawing, to go out by taking the pile (see module doc)
        # not: take 2H JK (no natural from hand), take (no meld of sevens to lay off on);
        # no pre-draw melds and no retract (the side has opened); no end (the stock is not empty)
    ])


def test_R11_frozen_pile_needs_a_natural_pair() -> None:
    """R 1.1: "The pile is frozen when it contains a wild card ... A frozen pile can be taken only with a
    natural pair matching the top card" (R C3: onto the side's meld of sevens, @1)."""
    s = _pos("classic", "7C 7D 2H JK 5C 5D 8S", pile="4S 2S 6D 7H",
             melds=[["KC KD KH", "7S 7S 2D"], []])
    assert s.pile_frozen
    assert_legal(s, [
        "draw",
        "take 7C 7D @1",        # natural pair: meld becomes 5 naturals, 1 wild
        "take 7C 7D 2H @1",     # + deuce: 5 naturals, 2 wilds
        "take 7C 7D JK @1",     # + joker
        "take 7C 7D 2H JK @1",  # 5 naturals, 3 wilds: at the limit of 3
        "ask",                  # before drawing, to go out by taking the pile (see module doc)
        # not: take @1 (lay-off on a frozen pile), take 7C 2H @1 / take 7C JK @1 (no natural pair)
    ])


def test_R11_layoff_onto_a_canasta_and_stop_cards() -> None:
    """R 1.1: an unfrozen pile may be taken "by adding the top card to an own meld"; E15: completed
    canastas may be extended, so also onto the canasta of sevens (@1). Then the pile's top cards that
    stop it: a black three ("block the pile ... for one turn"), a wild card (R 1.1 / S2 "frozen"; the
    engine: a wild on top cannot be taken at all) and a red three."""
    hand = "5C 5D 8S 9C 9D QC"  # nothing matching the top card, no wilds
    melds = [["KC KD KH", "7S 7S 7C 7D 7H 2D 2C"], []]
    s = _pos("classic", hand, pile="4S 6D 7H", melds=melds)
    assert s.canastas(0) == 1
    assert_legal(s, ["draw", "take @1", "ask"])  # the top 7H onto the canasta of sevens; ask (module doc)
    for pile in ("4S 7H 3S", "4S 7H JK", "4S 9D 3D"):
        assert_legal(_pos("classic", hand, pile=pile, melds=melds), ["draw"])


def test_R11_unopened_side_shows_melds_before_taking() -> None:
    """R 1.1: the pile is frozen "against a side that has not yet melded": a natural pair, and the opening
    minimum (50 at a score of 0) over the melds of the turn, top card included (R 1.1, S4 explicit).
    Before drawing the player may show opening melds from hand (api brief), since it holds a natural
    pair of queens (the top card's rank)."""
    s = _pos("classic", "QC QD 2C AC AD AH 5C 5D 9H", pile="4S 6D QS")
    assert s.minimum[0] == 50 and not s.opened[0]
    assert_legal(s, [
        "draw",
        "take QC QD 2C",        # 10 + 10 + 20 + top 10 = 50 >= 50
        "ask",                  # before drawing, to go out by taking the pile (see module doc)
        # not: take QC QD (10 + 10 + 10 = 30 < 50); take QC 2C (frozen for an unopened side: pair)
        "meld AC AD AH",        # opening melds shown from hand (3 x 20 = 60)
        "meld AC AD 2C",        # 2 naturals + a wild
        "meld 5C 5D 2C",
        "meld QC QD 2C",        # legal to show, though it leaves no pair of queens for the take
        # no retract (nothing shown yet), no end (stock not empty)
    ])
    s.apply("meld AC AD AH")    # 60 shown
    assert_legal(s, [
        # no draw: the shown melds must be used to take the pile or taken back
        "take QC QD",           # 60 + 10 + 10 + top 10 = 90 >= 50
        "take QC QD 2C",        # 110
        "meld 5C 5D 2C",
        "meld QC QD 2C",
        "add @0 2C",            # aces: 3 naturals + 1 wild
        "retract",              # take back the shown melds
    ])


def test_R11_play_phase_melds_adds_and_wilds() -> None:
    """R 1.1 meld rules in the play phase of an opened side: new melds of 3 (2 naturals at least, wilds
    never more than naturals), additions within 3 wilds (@1 reaches 7 cards: a mixed canasta), R C3 one
    meld per rank (the 8S goes onto @0), asking optional, any card may be discarded."""
    s = _pos("classic", "8S 2C JK 6C 6D 6H 9C 9D 4S", phase="play",
             melds=[["8C 8D 8H 2D", "AC AD AH AS 2S JK"], []])
    assert_legal(s, [
        "meld 6C 6D 6H",        # three naturals
        "meld 6C 6D 2C",        # pair + deuce
        "meld 6C 6D JK",        # pair + joker
        "meld 9C 9D 2C",
        "meld 9C 9D JK",
        # not: meld 9C 2C JK (1 natural), 6C 2C JK, a meld of eights (R C3: @0 exists)
        "add @0 8S",            # eights: 4 naturals, 1 wild
        "add @0 2C",            # 3 naturals, 2 wilds
        "add @0 JK",
        "add @1 2C",            # aces: 4 naturals, 3 wilds = 7 cards, a mixed canasta
        "add @1 JK",
        "ask",                  # R 1.1: asking is optional and allowed
        "discard 8S", "discard 2C", "discard JK", "discard 6C", "discard 9C", "discard 4S",
        # no retract: the side has opened
    ])


def test_R11_asking_and_the_binding_answer() -> None:
    """R 1.1: going out needs a canasta; "if asked the player must abide by a plain yes/no" (and R C2:
    at most one ask per turn; a "no" forbids going out for the rest of the turn; a "yes" is abided by
    going out)."""
    pos = {"melds": [["KC KD KH KS KC KD 2C"], []], "pile": "4S 6D"}
    hand = "5C 5D 5H 9S"
    s = _pos("classic", hand, phase="play", **pos)
    assert_legal(s, [
        "meld 5C 5D 5H",        # leaves 9S: its discard goes out (one canasta on the table)
        "ask",
        "discard 5C", "discard 9S",
    ])
    s.apply("ask")
    assert s.phase is Phase.ANSWER and s.actor == 2
    assert_legal(s, ["yes", "no"])          # only the partner's answer
    no = s.clone()
    no.apply("no")
    assert_legal(no, [
        # meld 5C 5D 5H would leave only the going-out discard: forbidden after "no"; no second ask
        "discard 5C", "discard 9S",
    ])
    s.apply("yes")
    assert_legal(s, [
        "meld 5C 5D 5H",        # abiding by "yes": the only way on is to go out (meld, discard 9S)
    ])
    s.apply("meld 5C 5D 5H")
    assert_legal(s, ["discard 9S"])          # goes out


# ============================================================================ GVR club (S2)
def test_S2_first_turn_upcard_and_pre_draw_melds() -> None:
    """S2: the first player draws two "or picking up the first card placed on the discard pile; ONLY in
    this first instance can the player pick up that card" (G4: the natural upcard). G7/G8: the pile is
    frozen for a team that has not melded: natural pair and the minimum (G1: 50 at a score of 0)."""
    s = _pos("gvr-club", "9C 9D 2C KH KS QC QD 5C 4S 4D 7H", pile="9H", first_turn=True)
    assert_legal(s, [
        "draw",
        "upcard",               # the upcard alone, first turn only
        "take 9C 9D 2C",        # 10 + 10 + 20 + top 10 = 50 >= 50 (not take 9C 9D: 30)
        "ask",                  # before drawing, to go out by taking the pile (see module doc)
        "meld KH KS 2C",        # opening melds shown before taking (holds a pair of nines)
        "meld QC QD 2C",
        "meld 9C 9D 2C",
        "meld 4D 4S 2C",
    ])
    s.apply("upcard")
    assert s.phase is Phase.PLAY and s.pile == [] and s.hn[0] == 12


def test_S2_must_ask_and_two_canastas() -> None:
    """S2: "In order to go out, a team must have two Canastas ... You MUST ask your partner if you can go
    out, and abide by their decision." Side 0 has two canastas (natural kings, mixed aces)."""
    melds = [["KC KD KH KS KC KD KH", "AC AD AH AS 2C 2D JK"], []]
    s = _pos("gvr-club", "5C 5D 5H 9S", phase="play", melds=melds, pile="4S 6D")
    assert_legal(s, [
        # not meld 5C 5D 5H: it leaves 9S, whose discard would go out without asking
        "ask",
        "discard 5C", "discard 9S",
    ])
    s.apply("ask")
    assert_legal(s, ["yes", "no"])
    no = s.clone()
    no.apply("no")
    assert_legal(no, ["discard 5C", "discard 9S"])     # abide by "no"
    s.apply("yes")
    assert_legal(s, ["meld 5C 5D 5H"])                 # abide by "yes": go out
    # with one canasta only, going out is impossible even with permission
    one = _pos("gvr-club", "5C 5D 5H 9S", phase="play", melds=[["KC KD KH KS KC KD KH"], []], pile="4S 6D")
    one.apply("ask")
    one.apply("yes")
    assert_legal(one, ["discard 5C", "discard 9S"])


def test_S2_frozen_pile_with_the_teams_meld() -> None:
    """S2: "If the discard pile gets frozen with a wild card or a red three, no one can pick up the discard
    pile; unless they have two natural like cards in their hand" (onto the team's nines, R C3)."""
    s = _pos("gvr-club", "9C 9H 2C 6C 6D KH KS", pile="5C JK 8D 9S", melds=[["9C 9D 9H"], []])
    assert s.pile_frozen
    assert_legal(s, [
        "draw",
        "take 9C 9H @0",        # natural pair onto the nines
        "take 9C 9H 2C @0",     # and a deuce with it (6 naturals, 1 wild)
        "ask",                  # before drawing, to go out by taking the pile (see module doc)
        # not: take @0 (frozen: no lay-off), take 9C 2C @0 (frozen: no natural + wild)
    ])


def test_S2_provisional_opening_in_the_play_phase() -> None:
    """G1 (classic table): 50 to open at a score of 0; the melds of the turn count together (api brief:
    provisional until they reach the minimum; a discard is refused below it)."""
    s = _pos("gvr-club", "KC KD KH 5C 5D 5H 2C 9S 9D 4C", phase="play", pile="4S 6D")
    assert_legal(s, [
        "meld KC KD KH", "meld KC KD 2C",
        "meld 5C 5D 5H", "meld 5C 5D 2C",
        "meld 9D 9S 2C",
        "ask",                  # S2: asking is how one goes out; allowed at any time
        "discard KC", "discard 5C", "discard 2C", "discard 9D", "discard 4C",
    ])
    s.apply("meld KC KD KH")    # 30: provisional
    assert_legal(s, [
        "meld 5C 5D 5H", "meld 5C 5D 2C", "meld 9D 9S 2C",
        "add @0 2C",            # 30 + 20 = 50 would open
        "ask",
        "retract",              # take the provisional meld back
        # no discard: 30 is short of 50
    ])
    s.apply("add @0 2C")        # 50: opened
    assert s.opened[0]
    assert_legal(s, [
        "meld 5C 5D 5H",
        "ask",
        "discard 5C", "discard 9D", "discard 4C",
        # no retract once opened
    ])


# ============================================================================ Spanish (S4)
def test_S4_worked_example_opening_at_90_with_the_pool() -> None:
    """S4: "If there are more than 1500 points, the game can be opened and take the pool with two sixes,
    three fives and three aces, adding up then 60 points with the aces, 15 with the [fives] and 15 of
    the two sixes plus the one who took the pool" (60 + 15 + 15 = 90)."""
    s = _pos("spanish", "6C 6D 5C 5D 5H AC AD AH 9S KD", pile="4S 8D 6H", scores=[1600, 0])
    assert s.minimum[0] == 90
    assert_legal(s, [
        "draw",
        # not take 6C 6D: 5 + 5 + 5 = 15 < 90
        "meld 5C 5D 5H",        # shown before taking (holds two sixes)
        "meld AC AD AH",
    ])
    s.apply("meld AC AD AH")    # 60
    assert_legal(s, [
        # not take 6C 6D: 60 + 15 = 75 < 90
        "meld 5C 5D 5H",
        "retract",
    ])
    s.apply("meld 5C 5D 5H")    # 75
    assert_legal(s, [
        "take 6C 6D",           # 75 + 15 = 90 >= 90: the sheet's example
        "retract",
    ])


def test_S4_black_threes_with_a_joker_when_going_out() -> None:
    """S4: "the player that finishes can put 3 black threes ... or joining a [joker] to two of them"
    (E7, S4 only); going out needs one canasta (S4); E15: a canasta may be extended with a wild. In the
    reference game (R 1.1) black threes take no wild cards."""
    melds = [["KC KD KH KS KC KD KH"], []]
    s = _pos("spanish", "3C 3S JK 9S", phase="play", melds=melds, pile="4S 6D")
    assert_legal(s, [
        "meld 3C 3S JK",        # two black threes + joker, leaving 9S to discard and go out
        "add @0 JK",            # the joker onto the canasta of kings
        "ask",                  # S4: he may ask his partner
        "discard 3C", "discard 9S", "discard JK",
    ])
    ref = _pos("classic", "3C 3S JK 9S", phase="play", melds=melds, pile="4S 6D")
    assert_legal(ref, ["add @0 JK", "ask", "discard 3C", "discard 9S", "discard JK"])


def test_S4_only_the_first_answer_binds() -> None:
    """S4: "he is only obliged to take into account his partner's reply once, while in the second chance,
    if he wants, he can quit against his companion's will" (C2: one ask per turn)."""
    s = position({
        "rules": "spanish", "dealer": 3, "turn": 0, "phase": "play",
        "hands": ["5C 5D 5H 9S", "6S 6H 8S", "JC JD TS", "AC AD 4H"],
        "stock": "QC QD QH KS 4C 4D 7C", "pile": "4S 6D",
        "melds": [["KC KD KH KS KC KD KH"], []],
    })
    s.apply("ask")
    s.apply("no")               # the first answer of the hand: binding
    assert_legal(s, [
        # not meld 5C 5D 5H: it would leave 9S, whose discard goes out against the "no"; no second ask
        "discard 5C", "discard 9S",
    ])
    s.apply("discard 9S")
    for seat, card in ((1, "6S"), (2, "JC"), (3, "AC")):  # they draw QC, QD, QH (one card, S4)
        assert s.current == seat
        s.apply("draw")
        s.apply(f"discard {card}")
    assert s.current == 0
    s.apply("draw")             # draws KS
    s.apply("ask")
    s.apply("no")               # the second answer does not bind
    assert_legal(s, [
        "meld 5C 5D 5H",        # leaves KS to discard and go out: allowed against the second "no"
        "add @0 KS",            # E15: a completed canasta may be extended
        "discard 5C", "discard KS",
        # no second ask this turn
    ])


def test_S4_two_players_no_partner() -> None:
    """S4 for two: each plays alone, so there is nobody to ask; melds as for four."""
    s = position({
        "rules": {"preset": "spanish", "overrides": {"players": 2}}, "dealer": 1, "turn": 0,
        "phase": "play", "hands": ["QS 2D 7C 7D 7H 4S", "6S 7S 8S"], "stock": "QC QD QH",
        "pile": "4H 6D", "melds": [["QC QD QH"], []],
    })
    assert_legal(s, [
        "meld 7C 7D 7H", "meld 7C 7D 2D",
        "add @0 QS", "add @0 2D",
        "discard QS", "discard 2D", "discard 7C", "discard 4S",
        # no ask: no partner
    ])


def test_S4_three_players_pool_frozen_by_a_red_three_upcard() -> None:
    """S4: "If the pool is rewarded with a joker, or from the beginning, with a red three, ... [it] can be
    taken by two similar cards" (E1: a red-three upcard is covered, and the pile is frozen)."""
    s = position({
        "rules": {"preset": "spanish", "overrides": {"players": 3}}, "dealer": 2, "turn": 0,
        "phase": "draw", "hands": ["8C 8D 2C 5C 5D", "6S 7S", "JC JD"], "stock": "QC QD QH",
        "pile": "3H 8C", "melds": [["8D 8H 8S"], [], []],
    })
    assert s.pile_frozen
    assert_legal(s, [
        "draw",
        "take 8C 8D @0",        # natural pair onto the eights
        "take 8C 8D 2C @0",     # and a deuce (6 naturals, 1 wild)
        # not take @0 / take 8C 2C @0: the pool is frozen
    ])


def test_S2_layoff_take_with_cards_from_hand() -> None:
    """S2: "if the team has a meld showing and the last player discards one of the same cards, the player
    can pick up the discard pile using that top card. (You don't have to have two natural cards or one
    natural and a wild in your hand in this instance.)" The pile is not frozen and the team shows nines
    (@0): the top 9S alone qualifies (take @0). A take names the cards that qualify it: a natural pair,
    one natural and a wild (S2 "one natural and one wild card"), or none for the layoff; a single 9C or
    a lone deuce qualifies nothing, so those go on with ``add`` after the layoff."""
    s = _pos("gvr-club", "9C 2C 6C 6D KH KS QD", pile="5C 8D 9S", melds=[["9C 9D 9H"], []])
    refused_codes = {"take 9C @0": "layoff_alone", "take 2C @0": "wilds_cannot_take"}
    for text, code in refused_codes.items():
        why = s.why_illegal(Action.parse(text))
        assert why is not None and why[0] == code, (text, why)
    assert s.why_illegal(Action.parse("take 9C @0")) == ("layoff_alone", {"rank": 9, "meld": 0})
    assert_legal(s, [
        "draw",
        "take @0",              # the top card onto the team's nines
        "take 9C 2C @0",        # natural + wild (5 naturals, 1 wild)
        "ask",                  # before drawing: the pile can be taken (module doc)
    ])


def test_S1_bolivia_play_phase_with_a_sequence() -> None:
    """S1 / B5: Bolivia, side 0 shows kings KC KD KH (@0) and the spade run 6S 7S 8S (@1); seat 0 holds
    9S 5S KS JK 4D after drawing. By hand:
    - new melds: no two naturals of a rank, no three spades in a row (5S, 9S, KS), one wild only: none;
    - @0 kings: KS (a natural), JK (1 wild of at most 2);
    - @1 spades: 5S below, 9S above (S1: sequences grow at either end, never with a wild);
    - no merge (one group), ask (a partner, five cards), no retract (opened), no pass (five cards);
    - discards: each of the five cards."""
    s = _pos("bolivia", "9S 5S KS JK 4D", phase="play", pile="4C QD", melds=[["KC KD KH", "6S 7S 8S"], []])
    assert_legal(s, [
        "add @0 KS", "add @0 JK",
        "add @1 5S", "add @1 9S",
        "ask",
        "discard 4D", "discard 5S", "discard 9S", "discard KS", "discard JK",
    ])


def test_S1_bolivia_draw_phase_pickups() -> None:
    """S1: "the pile is effectively frozen all the time" (a natural pair; "may NOT be taken with one
    Natural and one Wild Card") and "The top card can only be taken if it fits onto the end of a
    sequence that is already on the table". Side 0 shows kings (@0) and 6S 7S 8S (@1); the pile is
    4C QD 9S; seat 0 holds 9C 9D QS QH 2C. By hand:
    - draw;
    - take 9C 9D (the natural pair: a new group of nines), take 9C 9D 2C (the pair and a wild: 3
      naturals, 1 wild); no take 9C 2C (natural + wild);
    - take @1 (9S extends the spade run 6-8, allowed although the pile is frozen);
    - ask (the pile can be taken); no shown melds (opened), no retract, no end (stock left)."""
    s = _pos("bolivia", "9C 9D QS QH 2C", pile="4C QD 9S", melds=[["KC KD KH", "6S 7S 8S"], []])
    assert_legal(s, ["draw", "take 9C 9D", "take 9C 9D 2C", "take @1", "ask"])


# ============================================================================ American (R 1.2, S3)
def test_R12_american_play_phase_rule_of_five_sevens_and_aces() -> None:
    """R 1.2 / S3 G / N21: American, side 0 opened earlier and shows kings KC KD KH KS KC (@0, five
    naturals) and nines 9C 9D 9H (@1); seat 0 holds KH 9S 7C 7D 7H 2C AC after drawing. By hand:
    - new melds: 7C 7D 7H (natural); never 7-7-2 (S3 G: 7s without wilds); one ace only; kings and
      nines have melds (one meld per rank);
    - @0 kings: KH, and 2C (five naturals: the rule of five allows a wild);
    - @1 nines: 9S; not 2C (three naturals, rule of five);
    - ask (once a hand, not yet asked); no retract (opened); no special hand (7 cards, not 14);
    - discards: one per kind, KH 9S 7C 2C AC (no pile taken: no SWAD)."""
    s = _pos("american", "KH 9S 7C 7D 7H 2C AC", phase="play", pile="4C QD",
             melds=[["KC KD KH KS KC", "9C 9D 9H"], []])
    assert_legal(s, [
        "meld 7C 7D 7H",
        "add @0 KH", "add @0 2C", "add @1 9S",
        "ask",
        "discard KH", "discard 9S", "discard 7C", "discard 2C", "discard AC",
    ])


def test_S3_J_unopened_pickup_american_and_nvso() -> None:
    """S3 J, N7: seat 0 (side unopened, minimum 125) holds 8C 8D TC TD TH QC QD JK 5S; the pile is 4C 8H.
    By hand, before drawing:
    - draw; no take (the pair and top card make 8+8+8 = 30 < 125), so no ask;
    - melds shown before the take (the pair of eights makes the pile takable): TC TD TH, TC TD JK,
      QC QD JK, 8C 8D JK (wilds allowed in the opening turn); no retract (nothing shown), no end.
    After showing TC TD TH and QC QD JK (30 + 70 = 100):
    - American: take 8C 8D (100 + 30 = 130 >= 125, with the natural tens); retract; no draw.
    - NVSO: the pair and top card count nothing: only retract."""
    hand = "8C 8D TC TD TH QC QD JK 5S"
    s = _pos("american", hand, pile="4C 8H")
    assert_legal(s, ["draw", "meld TC TD TH", "meld TC TD JK", "meld QC QD JK", "meld 8C 8D JK"])
    s.apply("meld TC TD TH")
    s.apply("meld QC QD JK")
    assert_legal(s, ["take 8C 8D", "retract"])
    n = _pos("nvso-tournament", hand, pile="4C 8H")
    n.apply("meld TC TD TH")
    n.apply("meld QC QD JK")
    assert_legal(n, ["retract"])


def test_S3_F_special_hand_listed() -> None:
    """S3 F: a garbage hand (4 + 4 + 3 + 3, no wilds) held after drawing, nothing melded by the side.
    By hand: a new natural meld of three of each rank held (K, 9, 5, 8; provisional, the side is not
    open), ask, one discard per kind, and 'declare garbage'; not pairs (counts 4 and 3), not a
    straight (no wilds), no retract (nothing shown yet)."""
    s = _pos("american", "KC KD KH KS 9C 9D 9H 9S 5C 5D 5H 8C 8D 8H", phase="play", pile="4C",
             stock="QC QD QH 4D 4S 4H")
    assert_legal(s, [
        "meld KC KD KH", "meld 9C 9D 9H", "meld 5C 5D 5H", "meld 8C 8D 8H",
        "ask",
        "discard KC", "discard 9C", "discard 5C", "discard 8C",
        "declare garbage",
    ])


# ============================================================================ Trey Canasta (S0)
def test_S0_trey_play_phase_with_a_held_red_trey() -> None:
    """S0 [C], [F](i){c}, T8: side 0 shows kings KC KD KH (@0) and the spade run 6S 7S 8S (@1); seat 0
    holds 9S 5S KS 3H 4D after drawing (no red trey was drawn this turn). By hand:
    - new melds: no two naturals of a rank, no three spades in a row, one wild (3H, T8): none;
    - meld 3H: disclose the red trey (no further card: it was not just picked up);
    - @0 kings: KS, 3H (T8: a wild; 3 naturals + 1 wild);
    - @1 spades: 5S below (5-8 fits 5-J), 9S above (6-9 fits 4-10 ... 6-Q); never a wild;
    - ask ([J](ii): after the pick-up, nothing shown yet, five cards); no merge, retract or pass;
    - discards: each of the five cards (a red trey may be discarded, [F](i){c})."""
    s = _pos("trey-canasta", "9S 5S KS 3H 4D", phase="play", pile="4C QD",
             melds=[["KC KD KH", "6S 7S 8S"], []])
    assert_legal(s, [
        "meld 3H",
        "add @0 KS", "add @0 3H",
        "add @1 5S", "add @1 9S",
        "ask",
        "discard 4D", "discard 5S", "discard 9S", "discard KS", "discard 3H",
    ])


def test_S0_trey_first_turn_draw_phase() -> None:
    """S0 [A](i){a}: the first player, with the natural upcard QD, may draw two or take the upcard with
    one stock card (upcard). Nobody has laid down; seat 0 holds 9C 9D QS QH 2C. By hand:
    - draw; upcard;
    - take QH QS: T5 needs a qualifying lay-down: QD QH QS = 30 < 50, so not listed; take QH QS 2C
      would make 50 but [H](iii) takes with natural cards from hand only;
    - with a natural pair of the top card's rank held, lay-down melds may be shown before taking: 9C 9D
      2C and QH QS 2C (2 naturals + 1 wild, [C]); no three naturals of a rank;
    - no ask ([J](ii): only after the pick-up); no retract (nothing shown), no end (stock left)."""
    s = _pos("trey-canasta", "9C 9D QS QH 2C", pile="QD", first_turn=True)
    assert_legal(s, ["draw", "upcard", "meld 9C 9D 2C", "meld QH QS 2C"])
