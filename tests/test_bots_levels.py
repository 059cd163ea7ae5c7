"""Issue 16: bots worth playing with. Explanations a player understands (positions where the reason
is known, worked by hand), the named levels (weaker is human-weak, never random), the search's
budget, and partner play ("may I go out?", S2; playing to the side's melds).

Rule references: R 1.1 = classic canasta (RULINGS.md section 1.1); S2 = GVR club sheet
(``classic-gvr-club.txt``): "You MUST ask your partner if you can go out, and abide by their
decision."
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from canasta import GameState, rules
from canasta.actions import Action, Op
from canasta.bots import (
    EXPERT_PLUS_THINK,
    LEVEL_NAMES,
    LEVELS,
    OLD_LEVELS,
    THINK_LONGER,
    THINK_MAX,
    HeuristicBot,
    SearchBot,
    SearchConfig,
    is_bot_name,
    level_id,
    make_bot,
    split_think,
    think_config,
)
from canasta.bots.explain import LOOKED_AHEAD
from canasta.cards import is_wild, parse_card
from canasta.messages import render
from canasta.views import view
from helpers import position_for

NEW = list(LEVELS)
OPP = "5D 6C 8C 8D 9C TD TS"       # seat 1: seven cards, nothing of note
PARTNER = "4C 4D"
LHO_OPEN = [["QC QD QH"], ["JC JD JH"]]


def _choose(s: GameState, name: str, seed: int | str = 1) -> tuple[Action, str]:
    b = make_bot(name, seed)
    b.start(s.rules, s.actor)
    a = b.choose(view(s, s.actor), s.legal_actions())
    return a, b.explain()


# ------------------------------------------------------------------------------------- words
def test_card_and_rank_words_are_a_players() -> None:
    assert render("{cards}", {"cards": ["7H", "TD", "KS", "AC", "2C", "JK"]}) == "7♥ 10♦ K♠ A♣ 2♣ joker"
    assert render("{rank} {rank:a}", {"rank": 13}) == "kings a king"
    assert render("{rank:a}, {other_rank:a}", {"rank": 7, "other_rank": 8}) == "a 7, an 8"
    assert render("{rank:a}", {"rank": 14}) == "an ace"


# ------------------------------------------------------------------------------------- reasons
def test_safe_discard_says_the_next_player_has_not_taken_the_rank() -> None:
    """R 1.1. Seat 0 (open, nothing to meld) holds 7♥ 8♠ 9♦ 5♣ 6♦, all singles. Seen by seat 0:
    5s twice (5♣ in hand, 5♥ in the pile), every other rank of the hand once, so the 5 is the rank
    the next player is least likely to pair; that player has taken no pile this hand."""
    s = position_for("classic", ["7H 8S 9D 5C 6D", OPP, PARTNER, "4H 4S"], melds=LHO_OPEN,
                     pile="TC 5H", opened=[True, True])
    for name in ("club", "expert"):
        a, words = _choose(s, name)
        assert a == Action.parse("discard 5C")
        assert words == "Discard 5♣: probably safe, your left-hand opponent has not taken a 5.", name


def test_wild_card_thrown_to_freeze_a_big_pile_says_so() -> None:
    """R 1.1: a wild card discarded freezes the pile. The pile holds 9 cards, both sides are open:
    freezing it is the club player's choice, and the pile then holds 10 cards."""
    s = position_for("classic", ["7H 8S JS 5C 2D", OPP, PARTNER, "4H 4S"], melds=LHO_OPEN,
                     pile="TC 5H 6H 7C 8H 9H TH QS AS", opened=[True, True])
    a, words = _choose(s, "club")
    assert a == Action.parse("discard 2D")
    assert words == ("Discard 2♦: it freezes the pile of 10 cards, so the opponents need a natural "
                     "pair to take it.")


def test_S3_G_declining_to_open_with_pure_aces_says_so_not_that_the_opening_is_short() -> None:
    """S3 D, J, G: NVSO, the first hand (125 to open). Seat 0 holds A♣ A♥ A♠ K♣ K♥ Q♥ J♦ J♠ 9♠ 8♦
    2♠ and two jokers; J♦ tops the frozen pile. Shown before the take, A A A (60, pure) and K K
    joker (70) make 130, so the side could open and take the jacks (checked below), but a meld of
    aces left short costs 2,500: the club player draws and must not say the opening is out of reach."""
    s = GameState.new(rules("nvso-tournament"), seed=4)
    for a in ("draw", "discard 5D", "draw", "discard 6D", "draw", "discard JD"):
        s.apply(a)
    a, words = _choose(s, "club")
    assert a == Action.parse("draw")
    assert words == ("Draw from the stock: opening with the pile would need a meld of aces, which "
                     "costs 2,500 if it is not finished.")
    for m in ("meld AC AH AS", "meld KC KH JK"):
        s.apply(m)
    assert Action.parse("take JD JS") in s.legal_actions()


def test_S3_G_a_take_that_would_start_a_short_meld_of_aces_says_so() -> None:
    """R 1.2, S3 G: the American game, the first hand (125 to open). A♠ tops the frozen pile and seat
    0 holds A♥ A♦: the take would start a pure meld of three aces, which costs 2,500 if it is left
    short of a canasta. 8 8 deuce (40) and 9 9 9 (45) shown first would open with it (checked),
    so the reason is the aces, not the opening."""
    s = position_for("american", ["2D 8H 8S 9C 9H 9S JD JH QD QD KC AH AD", "4C 5C", "4D 5D",
                                  "4H 5H"], pile="5S 6S AS", phase="draw")
    a, words = _choose(s, "club")
    assert a == Action.parse("draw")
    assert words == ("Draw from the stock: taking the pile would start a meld of aces, which costs "
                     "2,500 if it is not finished.")
    for m in ("meld 8H 8S 2D", "meld 9C 9H 9S"):
        s.apply(m)
    assert Action.parse("take AD AH") in s.legal_actions()


def test_S3_G_a_big_pile_left_for_a_short_meld_of_sevens_is_not_called_small() -> None:
    """R 1.2, S3 G: an open side, 19 cards in the pile under 7♣, 7♥ 7♠ in hand: the take would start
    a pure meld of three 7s (2,500 if it is left short). The club player draws; the reason is the
    7s, not that 19 cards are too few (what it said before)."""
    s = position_for("american", ["2C 2D 5H 5S 7H 7S 9S TD JC JH JH JS AH", "4C 6C", "4D 6D", "4H 6H"],
                     melds=[["QC QH QS", "5C 5D 5H JK", "8D 8H 8S"], []], opened=[True, False],
                     pile="9C 9D 9H 9C 9D 9H TC TH TS TC TH TS KC KD KH KS KC KD 7C",
                     stock="QD QD AC AC AD AD", phase="draw")
    assert Action.parse("take 7H 7S") in s.legal_actions()
    a, words = _choose(s, "club")
    assert a == Action.parse("draw")
    assert words == ("Draw from the stock: taking the pile would start a meld of sevens, which costs "
                     "2,500 if it is not finished.")


def test_S1_an_opening_with_the_pile_that_needs_wild_cards_says_so() -> None:
    """S1: from 3,000 points a side needs 120 to open. 9♦ tops the frozen pile; seat 0 holds 9♣ 9♥
    and four deuces. Shown first, 4 4 4 (15) and 8 8 deuce (40), then the nines with two deuces
    (9 9 9 2 2: 70) reach 125 (checked): the pile could open the side by spending wild cards, which
    the club player keeps; it must not say the opening is out of reach."""
    s = position_for("bolivia", ["2D 2D 2H 2S 4C 4C 4S 6H 8C 8S 9C 9H TD JH QD AC", "5C 6C",
                                 "5D 6D", "5H 7H"], pile="5S 6S 9D", phase="draw", scores=[3000, 0])
    a, words = _choose(s, "club")
    assert a == Action.parse("draw")
    assert words == "Draw from the stock: opening with the pile would spend wild cards you keep for canastas."
    for m in ("meld 4C 4C 4S", "meld 8C 8S 2D"):
        s.apply(m)
    assert Action.parse("take 9C 9H 2D 2H") in s.legal_actions()


def test_black_three_stops_the_pile() -> None:
    """R 1.1: the next player cannot take the pile with a black three on top."""
    s = position_for("classic", ["7H 8S JS 5C 3S", OPP, PARTNER, "4H 4S"], melds=LHO_OPEN,
                     pile="TC 5H 6H 7C 8H 9H TH QS AS", opened=[True, True])
    a, words = _choose(s, "club")
    assert a == Action.parse("discard 3S")
    assert words == "Discard 3♠: a black three stops the pile, so your left-hand opponent cannot take it."


def test_pile_take_that_completes_a_canasta() -> None:
    """R 1.1: the side's kings hold 5 cards (K K K K 2). Taking the 14-card pile puts its top K♠ on
    them (6), and the K♣ K♦ in hand make 8: at least 7, a canasta."""
    s = position_for("classic", ["KC KD 9S 4H", OPP, PARTNER, "4H 4S"],
                     melds=[["KS KH KD KC 2C"], ["JC JD JH"]],
                     pile="5S 6S 7S 8S 9H TH JS QS 9D 8H 7C 6H 5H KS", opened=[True, True], phase="draw")
    a, words = _choose(s, "club")
    assert a.op is Op.TAKE
    assert words == "Take the pile: it gives you 14 cards and completes your kings."


def test_opening_meld_reaches_the_minimum() -> None:
    """R 1.1: at a score of 0 the side needs 50 to open; three aces count 3 x 20 = 60."""
    s = position_for("classic", ["AC AD AH 7H 8S 9D", OPP, PARTNER, "4H 4S"], melds=[[], []],
                     pile="TC 5H", opened=[False, False])
    for name in NEW:
        a, words = _choose(s, name)
        assert a == Action.parse("meld AC AD AH"), name
        assert words == "Meld three aces: you reach your opening 50.", name


def test_S3_melds_shown_before_the_draw_say_they_open_with_the_pile() -> None:
    """S3 N7 (and R 1.2): an unopened side with a natural pair of the pile's top card shows its
    opening before the draw. 9-9-JK (10+10+50) and 8-8-2 (10+10+20) with the pile's 4♥ on the
    4♣ 4♥ in hand (3 x 5) make 70 + 40 + 15 = 125, the opening at a score of 0: the hint says
    the melds open with the pile, then the pile is taken."""
    s = position_for("american", ["AC QD JH 9C 9H 8D 8S 7H 6S 4C 4H 2S JK", "5D 6C 8C TD TS KH KH",
                                  "5H 6D 7C 7D 9D TH KS", "5D 6C KC KD QC TD TS"],
                     melds=[[], []], pile="5C 5S 4H", opened=[False, False], phase="draw",
                     stock="QH QH JD JC 6H 6H 7S 7S")
    said = []
    for _ in range(3):
        a, words = _choose(s, "club")
        said.append(words)
        s.apply(a)
    assert said == [
        "Meld two nines with a joker: with your other melds and the pile's fours it reaches your "
        "opening 125, so you can take the pile.",
        "Meld two eights with 2♠: with your other melds and the pile's fours it reaches your "
        "opening 125, so you can take the pile.",
        "Take the pile: it gives you 3 cards and opens your side (you need 125)."]


def test_going_out_is_said() -> None:
    """R 1.1: with a canasta on the side, melding 5♣ 5♦ 5♥ and discarding 9♠ goes out."""
    s = position_for("classic", ["5C 5D 5H 9S", OPP, PARTNER, "4H 4S"],
                     melds=[["KC KD KH KS KC KD KH"], ["JC JD JH"]], pile="TC 5H", opened=[True, True])
    for name in ("club", "expert"):
        a, words = _choose(s, name)
        assert a == Action.parse("meld 5C 5D 5H")
        assert words == "Meld three fives: you are going out this turn.", name


def _game_decisions(preset: str, seed: int, limit: int) -> list[GameState]:
    """The positions of a game of club players (one in ten moves random, for variety)."""
    s = GameState.new(rules(preset), seed=seed)
    rng = random.Random(seed)
    bot = HeuristicBot(seed)
    out = []
    for _ in range(limit):
        if s.is_over:
            break
        out.append(s.clone())
        legal = s.legal_actions()
        a = bot.choose(view(s, s.actor), legal)
        s.apply(rng.choice(legal) if rng.random() < 0.1 and a.op is not Op.DISCARD else a)
    return out


@pytest.mark.parametrize("preset", ["gvr-club", "bolivia"])
def test_explanations_are_plain_sentences_without_internal_figures(preset: str) -> None:
    """Every explanation reads as a sentence with card symbols; where the search overruled the
    club player's move it says it looked ahead, and only there."""
    notation = re.compile(r"\b(10|[2-9TJQKA])[CDHS]\b|@\d|JK")
    ahead = 0
    for s in _game_decisions(preset, 3, 50):
        club, club_words = _choose(s, "club")
        exp = SearchBot(1, SearchConfig(samples=6))
        exp.start(s.rules, s.actor)
        a = exp.choose(view(s, s.actor), s.legal_actions())
        for words in (club_words, exp.explain()):
            assert words[0].isupper() and words.endswith(".") and "\n" not in words, words
            assert not notation.search(words), words
            for technical in ("=", "sampled", "worlds", "mean", "heuristic", "plan '", "weight", "_"):
                assert technical not in words, words
        assert exp.explain().endswith(f"{LOOKED_AHEAD}.") == (a != club), (a, club, exp.explain())
        ahead += a != club
    assert ahead >= 1  # the test saw the search overrule the club player at least once


# ------------------------------------------------------------------------------------- partner
CANASTAS = ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH 2C", "JC JD JH"]
STOCK = "4H 4S 6C 6D 7H 7S 8C 8D TH TS 3H 3D 2S 2H JK 5S 6H 7S 8S 9H"  # 20 cards


def _asked(partner: str, opponent: str) -> GameState:
    """S2, GVR: seat 0 holds 5♣ 5♦ 5♥ 9♠ with two canastas on the side: ready to go out, it asks."""
    s = position_for("gvr-club", ["5C 5D 5H 9S", opponent, partner, "6H 6S 7C 7D 8H 8S TD"],
                     melds=[CANASTAS, ["AH AS AD"]], pile="TC 5H", opened=[True, True], stock=STOCK)
    s.apply(Action.parse("ask"))
    assert s.actor == 2
    return s


def test_S2_the_bots_ask_before_going_out() -> None:
    """S2: "You MUST ask your partner if you can go out": every level asks first."""
    s = position_for("gvr-club", ["5C 5D 5H 9S", OPP, PARTNER, "6H 6S 7C 7D 8H 8S TD"],
                     melds=[CANASTAS, ["AH AS AD"]], pile="TC 5H", opened=[True, True], stock=STOCK)
    for name in NEW:
        a, words = _choose(s, name)
        assert a.op is Op.ASK, name
        assert words == ("Ask your partner \"may I go out?\": you can go out this turn, and the rules "
                         "say to ask your partner first."), name


def test_S2_partner_says_yes_holding_little() -> None:
    """S2: the partner holds 4♣ 9♥ (5 + 10 = 15 points, nothing it could meld): going out now costs
    the side 15 and earns the going-out bonus, so yes."""
    s = _asked("4C 9H", OPP)
    for name in ("beginner", "club"):
        a, words = _choose(s, name)
        assert a.op is Op.YES, name
        assert words == "Answer yes: you could not meld your 15 points anyway, and going out gains the bonus."


def test_S2_partner_says_no_while_it_could_still_meld_much() -> None:
    """S2: the partner holds J♥ J♠ (onto the side's jacks: 20) and 9♣ 9♦ 9♥ (a meld: 30) besides
    A♣ (20): 50 of its 70 points could go down next turn, and the opponents hold 7 cards each."""
    s = _asked("JH JS 9C 9D 9H AC", OPP)
    for name in ("beginner", "club"):
        a, words = _choose(s, name)
        assert a.op is Op.NO, name
        assert words == "Answer no: you could still meld 50 of the 70 points in your hand."


def test_S2_partner_says_yes_when_an_opponent_is_about_to_go_out() -> None:
    """S2: the same hand, but the next opponent holds one card: staying in risks both hands being
    caught, so yes."""
    s = _asked("JH JS 9C 9D 9H AC", "5D")
    for name in ("beginner", "club"):
        a, words = _choose(s, name)
        assert a.op is Op.YES, name
        assert "close to going out" in words


def test_S2_the_answer_binds_the_bot() -> None:
    """S2: "abide by their decision": after a no the asker does not go out this turn."""
    s = _asked("JH JS 9C 9D 9H AC", OPP)
    s.apply(Action.parse("no"))
    assert s.actor == 0
    for _ in range(6):
        if s.actor != 0 or s.is_over:
            break
        a, _ = _choose(s, "club")
        s.apply(a)
    assert not s.results and s.hn[0] >= 1  # the hand goes on


def test_plays_to_the_partners_melds() -> None:
    """R 1.1: the side's jacks (laid by the partner) take the J♠ from hand rather than it being
    thrown: the club player adds it to them."""
    s = position_for("classic", ["JS 7H 9D 5C", OPP, PARTNER, "4H 4S"],
                     melds=[["JC JD JH"], ["QC QD QH"]], pile="TC 5H", opened=[True, True])
    a, words = _choose(s, "club")
    assert a.op is Op.ADD and a.cards == (parse_card("JS"),)
    assert words == ("Add J♠ to your jacks: one card fewer in your hand; your jacks are 3 cards "
                     "from a canasta.")


# ------------------------------------------------------------------------------------- levels
def test_three_to_five_levels_named_for_players_and_the_old_names_kept() -> None:
    assert 3 <= len(LEVELS) <= 5 and list(LEVEL_NAMES) == list(LEVELS)
    assert LEVEL_NAMES["club"] == "Club player"
    for old, new in OLD_LEVELS.items():
        assert level_id(old) == new
        assert type(make_bot(old, 1)) is type(make_bot(new, 1))
    from canasta.server.protocol import LEVELS as PROTOCOL
    from canasta.tui.session import LEVELS as TUI
    assert set(PROTOCOL) == set(TUI) == {*LEVELS, *OLD_LEVELS}


@pytest.mark.parametrize("preset", ["classic", "gvr-club", "spanish", "american"])
def test_no_level_throws_a_wild_card_with_a_safe_natural_discard(preset: str) -> None:
    """A weaker level is not a random one: with a small pile (nothing to freeze) and natural
    singles to throw, no level discards its deuce or joker."""
    s = position_for(preset, ["2C JK 7H 9S 5D", OPP, PARTNER, "4H 4S TC"], melds=LHO_OPEN,
                     pile="TC 6H", opened=[True, True], stock=STOCK)
    for name in NEW:
        a, _ = _choose(s, name)
        assert not (a.op is Op.DISCARD and is_wild(a.cards[0])), (preset, name, a)


def test_the_beginner_misses_a_pickup_the_club_player_takes() -> None:
    """R 1.1: a 5-card pile on 9♥ with 9♣ 9♦ in hand: the club player takes it; the beginner, who
    takes only big piles, draws."""
    s = position_for("classic", ["9C 9D KS 7H 4H", OPP, PARTNER, "4H 4S"], melds=LHO_OPEN,
                     pile="5S 6S 7S 8S 9H", opened=[True, True], phase="draw")
    assert _choose(s, "club")[0].op is Op.TAKE
    a, words = _choose(s, "beginner")
    assert a.op is Op.DRAW
    assert words == "Draw from the stock: only 5 cards in the pile: not worth taking."


@pytest.mark.parametrize("preset", ["gvr-club", "bolivia"])
def test_every_level_plays_legal_moves_and_is_deterministic_under_a_seed(preset: str) -> None:
    """The same seed, the same move. The search's clock cap is off here: it is a safety net that cuts
    a decision short at whatever world the clock allows, so on a loaded machine it is not
    reproducible by design (the work cap, which is, stays on)."""
    states = _game_decisions(preset, 5, 40)[::4]
    for name in NEW:
        for s in states:
            legal = s.legal_actions()
            picks = []
            for _ in range(2):
                b = make_bot(name, 7)
                if isinstance(b, SearchBot):
                    b.config = replace(b.config, max_seconds=None)
                b.start(s.rules, s.actor)
                picks.append(b.choose(view(s, s.actor), legal))
            assert picks[0] in legal and picks[0] == picks[1], (name, picks)


def test_thinking_longer_is_a_bigger_budget() -> None:
    default = SearchConfig()
    assert THINK_LONGER.samples > default.samples and THINK_LONGER.candidates >= default.candidates
    assert isinstance(make_bot("expert-plus", 1), SearchBot) and isinstance(make_bot("club", 1), HeuristicBot)


def test_a_thinking_budget_scales_the_experts_worlds_and_keeps_the_caps() -> None:
    default = SearchConfig()
    assert think_config(1) == default and think_config(EXPERT_PLUS_THINK) == THINK_LONGER
    for n in (2, 4, THINK_MAX):
        c = think_config(n)
        assert c.samples == n * default.samples and c.candidates > default.candidates
        assert (c.work_limit, c.max_seconds) == (default.work_limit, default.max_seconds)
    b = make_bot("expert:4", 1)
    assert isinstance(b, SearchBot) and b.config == think_config(4)
    assert make_bot("search:2", 1).config == think_config(2)  # type: ignore[attr-defined]
    assert split_think("expert:4") == ("expert", 4) and split_think("club") == ("club", None)
    assert is_bot_name("expert:8") and is_bot_name("hard:2") and is_bot_name("beginner")
    for bad in ("expert:0", "expert:9", "expert:x", "club:2", "random:3", "grandmaster:2"):
        assert not is_bot_name(bad), bad
    with pytest.raises(ValueError, match="does not search"):
        make_bot("club:2")
    with pytest.raises(ValueError, match="1 to 8"):
        think_config(9)


def test_the_thinking_budget_in_the_terminal_game_and_its_saved_level() -> None:
    from canasta.tui.session import known_level, level_words
    assert known_level("expert:4") and known_level("expert") and not known_level("club:4")
    assert not known_level("expert:12")
    assert level_words("expert:4") == "Expert (thinks 4 times as long)"
    assert level_words("club") == "Club player"
    from canasta.tui.session import Session
    game = Session.new(rules("gvr-club"), ["human", "bot", "bot", "bot"], "expert:2", 5)
    assert all(b.config == think_config(2) for b in game.bots.values())  # type: ignore[attr-defined]
    again = Session.from_json(game.to_json())
    assert again.level == "expert:2" and isinstance(again.bots[1], SearchBot)


def test_a_decision_cut_short_by_its_work_budget_keeps_the_heuristic_move_deterministically() -> None:
    """The work cap stops sampling after the first world: one world proves nothing, so the
    heuristic's move stands, the same each time."""
    s = position_for("classic", ["7H 8S 9D 5C 6D", OPP, PARTNER, "4H 4S"], melds=LHO_OPEN,
                     pile="TC 5H", opened=[True, True])
    club, _ = _choose(s, "club")
    for _ in range(2):
        b = SearchBot(3, SearchConfig(work_limit=1, max_seconds=None))
        b.start(s.rules, 0)
        assert b.choose(view(s, 0), s.legal_actions()) == club
        assert b.cut_short == 1


def test_a_decision_whose_clock_runs_out_inside_a_world_leaves_that_world_out() -> None:
    """The clock cap is checked between playouts: with no time at all, the first world is cut
    inside and left out (a world with some candidates played would be compared unfairly), so the
    heuristic's move stands, counted as cut short, not as a fallback."""
    s = position_for("classic", ["7H 8S 9D 5C 6D", OPP, PARTNER, "4H 4S"], melds=LHO_OPEN,
                     pile="TC 5H", opened=[True, True])
    club, _ = _choose(s, "club")
    b = SearchBot(3, SearchConfig(max_seconds=0.0, turn_plans=()))
    b.start(s.rules, 0)
    assert b.choose(view(s, 0), s.legal_actions()) == club
    assert (b.cut_short, b.fallbacks) == (1, 0)
    assert "cut short before a whole world" in b.detail()


def test_adding_the_card_that_completes_a_canasta() -> None:
    """R 1.1: a canasta is seven cards; the side's kings hold six (K K K K K 2), so K♥ from hand
    completes it."""
    s = position_for("classic", ["KH 7H 9D 5C", OPP, PARTNER, "4H 4S"],
                     melds=[["KC KD KS KC KD 2C"], ["QC QD QH"]], pile="TC 5H", opened=[True, True])
    a, words = _choose(s, "club")
    assert a.op is Op.ADD and a.cards == (parse_card("KH"),)
    assert words == "Add K♥ to your kings: it completes the canasta."


def test_the_terminal_names_the_bots_level_in_words() -> None:
    """`canasta play --level club` (or the old `medium`): the table screen says "Club player"."""
    import test_tui as t  # the pilot helpers of the terminal tests (tests/ is on sys.path)
    from canasta.tui.app import PlayApp
    from canasta.tui.session import Session
    for level in ("club", "medium"):
        app = PlayApp(t.scripted(Session.from_position(t.GO_OUT, ["human", "bot", "bot", "bot"], level)))

        async def body(pilot: object, app: PlayApp = app) -> None:
            assert "Bots' level: Club player." in " ".join(t.screen_text(app).split())

        t.run_app(app, body)
