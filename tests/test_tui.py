"""The terminal UI (issue 6, ``canasta play``): Textual's pilot drives whole hands on an 80x24 screen.

The UI asks the engine about every rule, so these tests check what the screen shows and that the
keys reach the engine; the expected scores are worked out by hand from the classic card values
(R 1.1: A 20, K to 8 10, 7 to 4 5, deuce 20, joker 50; mixed canasta 300, going out 100).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta.actions import Action, Op
from canasta.cli import app as cli_app
from canasta.messages import render
from canasta.records import position
from canasta.refusals import REFUSALS
from canasta.tui.app import PlayApp
from canasta.tui.players import FallbackBot
from canasta.tui.render import card_label
from canasta.tui.session import Session, parse_seats
from canasta.views import view

SIZE = (80, 24)


class SimpleBot:
    """Deterministic test bot: draws, answers no, discards its first legal discard."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        for op in (Op.DRAW, Op.NO, Op.DISCARD):
            for a in legal:
                if a.op is op:
                    return a
        return legal[0]

    def explain(self) -> str:
        return "test bot"


def scripted(session: Session) -> Session:
    session.bots = {seat: SimpleBot() for seat in session.bots}
    return session


def screen_text(app: PlayApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def run_app(app: PlayApp, body: Callable[[Any], Awaitable[None]]) -> None:
    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await body(pilot)

    asyncio.run(go())


# Classic, 4 players: seat 0 (the person) can go out this turn: draw KC, meld K K K, add KC, discard 9S.
# The other hands hold aces, tens, jacks, a 6, 5 and 4 that appear nowhere public.
HIDDEN = "AH AS 6C TH TC 5S JD JH 4S"
GO_OUT = {
    "rules": "classic",
    "dealer": 3, "turn": 0, "phase": "draw",
    "scores": [4900, 0],
    "hands": ["KH KS KD 9S", "AH AS 6C", "TH TC 5S", "JD JH 4S"],
    "stock": "KC 7D 7H 8S 8D",
    "pile": "9D 9C",
    "melds": [["QH QS QD QC 2C JK 2D"], []],
}


def hidden_labels() -> list[str]:
    from canasta.cards import parse_cards
    return [card_label(f) for f in parse_cards(HIDDEN)]


def test_issue6_whole_hand_through_the_ui(tmp_path: Path) -> None:
    """Draw, meld, an illegal attempt with the engine's reason, add, discard to go out; the score
    breakdown and the game summary; no other seat's card is ever on screen."""
    save = tmp_path / "game.json"
    session = scripted(Session.from_position(GO_OUT, ["human", "bot", "bot", "bot"], save_path=save))
    app = PlayApp(session)
    screens: list[str] = []

    async def body(pilot: Any) -> None:
        s = session.state
        text = screen_text(app)
        screens.append(text)
        # The table: hand grouped with suit symbols, our canasta, pile, stock, counts, scores, minimum.
        assert "K♥" in text and "9♠" in text
        assert "Q♥ Q♠ Q♦ Q♣ 2♣ 2♦ JK" in text or "Q♣ Q♦ Q♥ Q♠" in text
        assert "★mixed Q♣ Q♦ Q♥ Q♠ 2♣ 2♦ JK (7)" in text
        assert "pile 9♣ (2)" in text and "stock 5" in text
        assert "4,900 pts" in text and "min 120" in text  # classic: 3,000 or more needs 120 (R 1.1)
        assert "Your turn: draw" in text

        # Illegal: discarding before drawing. The engine's reason is shown; nothing changes.
        before = (view(s, 0), s.nactions)
        await pilot.press("x")
        assert "Refused: draw from the stock or take the pile first" in screen_text(app)
        assert (view(s, 0), s.nactions) == before

        await pilot.press("d")
        assert s.hand_cards(0).count(44) == 1  # drew KC (face (13-2)*4 + 0 = 44)
        screens.append(screen_text(app))
        assert "You drew K♣" in screens[-1]

        # Hand order: K♣ K♦ K♥ K♠ then 9♠. Select the three red/black kings K♦ K♥ K♠ and meld them.
        hand = app.hand
        assert [card_label(f) for f in hand.cards] == ["K♣", "K♦", "K♥", "K♠", "9♠"]
        await pilot.press("right", "space", "right", "space", "right", "space")
        assert hand.selected_cards() == [45, 46, 47]
        # An illegal meld first: two cards only. The engine refuses, the state is untouched.
        await pilot.press("space")  # unselect K♠: K♦ K♥ selected
        before = (view(s, 0), s.nactions)
        await pilot.press("m")
        refused = screen_text(app)
        assert "Refused:" in refused and s.why_illegal(Action(Op.MELD, (45, 46))) is not None
        code, data = s.why_illegal(Action(Op.MELD, (45, 46))) or ("", {})
        assert code == "meld_size" and render(REFUSALS[code], data) in refused.replace("\n", " ")
        assert (view(s, 0), s.nactions) == before
        await pilot.press("space", "m")
        assert [str(m) for m in s.melds[0]][1] == "KD KH KS"
        screens.append(screen_text(app))
        # Add K♣ to meld @1 through the add prompt.
        assert [card_label(f) for f in hand.cards] == ["K♣", "9♠"]
        await pilot.press("space", "a")
        await pilot.press("1", "enter")
        await pilot.pause()
        assert sorted(s.melds[0][1].cards) == [44, 45, 46, 47]  # KC KD KH KS
        screens.append(screen_text(app))
        # Discard the last card: out. Side 0: mixed canasta 300 + going out 100 + table
        # (Q 4x10 + deuces 2x20 + joker 50 = 130, K 4x10 = 40) 170 - partner's hand (T 10+10, 5 5) 25
        # = 545; side 1: -(A 20+20 + 6 5) - (J 10+10 + 4 5) = -45 - 25 = -70.
        await pilot.press("x")
        await pilot.pause()
        score = screen_text(app)
        screens.append(score)
        assert s.is_over and s.winner == 0
        assert "You went out." in score
        assert "545" in score and "-70" in score and "5,445" in score
        for row in ("canastas", "red threes", "going out", "melded cards", "cards left in hand",
                    "penalties", "perfect cut", "total"):
            assert row in score
        assert "The game is over: us won (5,445 to -70)" in score
        await pilot.press("enter")
        await pilot.pause()
        screens.append(screen_text(app))
        assert "The game is over" in screens[-1]

    run_app(app, body)
    hidden = hidden_labels()
    for text in screens:
        for label in hidden:
            assert label not in text, f"{label} (another seat's card) was on screen"
    # Saved after every action: the record replays to the finished game.
    again = Session.load(save)
    assert again.state.is_over and again.state.scores == [5445, -70]


def test_issue6_hidden_hands_never_rendered_in_the_views_shown() -> None:
    """Another seat's cards appear nowhere on the table screen, the help or a hint."""
    session = scripted(Session.from_position(GO_OUT, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        texts.append(screen_text(app))
        await pilot.press("c")  # four colours
        texts.append(screen_text(app))
        await pilot.press("question_mark")
        texts.append(screen_text(app))
        assert "hint" in texts[-1]
        await pilot.press("f1")
        texts.append(screen_text(app))
        assert "Keys of canasta play" in texts[-1]

    run_app(app, body)
    for text in texts:
        for label in hidden_labels():
            assert label not in text


# Two people (seats 0 and 2) against two bots: the keyboard is passed between their turns.
PASS = {
    "rules": "classic",
    "dealer": 3, "turn": 0, "phase": "draw",
    "hands": ["KH KS 9S", "7C 7S 8C", "AH AS 6C", "JD JH 4S"],
    "stock": "5C 5D 5H 8S 8D 9H 9D",
    "pile": "TC TD",
}


def test_issue6_pass_the_keyboard_between_people() -> None:
    """With two people at one keyboard, a pass screen hides the table between their turns, and
    each sees only their own hand."""
    session = scripted(Session.from_position(PASS, parse_seats("human,bot,human,bot")))
    app = PlayApp(session)

    async def body(pilot: Any) -> None:
        assert app.shown_seat == 0
        await pilot.press("d")       # draws 5C: hand K♥ K♠ 9♠ 5♣
        await pilot.press("right", "right", "x")  # discards 9♠
        await pilot.pause()
        text = screen_text(app)
        assert "Pass the keyboard to seat 2" in text
        assert "K♥" not in text and "A♥" not in text  # neither seat's hand on the pass screen
        await pilot.press("enter")
        await pilot.pause()
        assert app.shown_seat == 2
        text = screen_text(app)
        assert "9♠" in text                          # the discard is public
        assert "A♥" in text and "A♠" in text         # seat 2's own hand
        assert "K♥" not in text and "K♠" not in text  # seat 0's hand is not shown to seat 2

    run_app(app, body)


def test_issue6_save_and_resume_round_trip(tmp_path: Path) -> None:
    """The saved game (seats, level, record) resumes at the same point."""
    save = tmp_path / "g.json"
    session = scripted(Session.from_position(PASS, ["human", "bot", "bot", "bot"], "hard", save))
    session.apply("draw")
    session.apply("discard 9S")
    while session.bot_step() is not None:
        pass
    data = json.loads(save.read_text())
    assert data["format"] == "canasta-tui-game" and data["seats"] == ["human", "bot", "bot", "bot"]
    assert data["level"] == "hard"
    again = Session.load(save)
    assert [str(a) for a in again.state.history()] == [str(a) for a in session.state.history()]
    assert again.state.hands == session.state.hands and again.seats == session.seats
    assert view(again.state, 0) == view(session.state, 0)
    # Resumed in the UI, the hand shown is seat 0's.
    app = PlayApp(again)

    async def body(pilot: Any) -> None:
        assert app.shown_seat == 0
        assert "K♥" in screen_text(app)

    run_app(app, body)


def test_issue6_bad_saved_game_is_refused(tmp_path: Path) -> None:
    from canasta.errors import RecordError
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    try:
        Session.load(bad)
    except RecordError as e:
        assert "not a saved game" in str(e)
    else:
        raise AssertionError("a wrong file was accepted")


def test_issue6_partner_question_answered_by_the_person() -> None:
    """The bot partner asks "may I go out?" (R 1.1: asking optional, the answer binds); the person
    answers with y / n."""
    pos = dict(PASS, turn=2, phase="play", melds=[["QH QS QD QC 2C JK 2D"], []])

    class Asker(SimpleBot):
        def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
            for a in legal:
                if a.op is Op.ASK:
                    return a
            return super().choose(view, legal)

    session = scripted(Session.from_position(pos, ["human", "bot", "bot", "bot"]))
    session.bots[2] = Asker()
    app = PlayApp(session)

    async def body(pilot: Any) -> None:
        s = session.state
        assert s.actor == 0 and s.current == 2
        assert "asks: may I go out? Press y (yes) or n (no)" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert s.answers[2] == 1                     # seat 2 got one answer (the engine counts per asker)
        assert {"seat": 0, "what": "no"} in view(s, 0)["log"]

    run_app(app, body)


def test_issue6_fallback_bot_plays_legal_actions() -> None:
    from canasta import GameState, rules
    s = GameState.new(rules("gvr-club"), seed=2)
    bot = FallbackBot(1)
    for _ in range(200):
        if s.is_over:
            break
        s.apply(bot.choose(view(s, s.actor), s.legal_actions()))
    assert "random" in bot.explain()


def test_issue6_cli_play_help_explains_the_keys() -> None:
    out = CliRunner().invoke(cli_app, ["play", "--help"], terminal_width=100)
    assert out.exit_code == 0
    for words in ("space", "draw", "take the pile", "discard", "retract", "hint", "--resume", "--seats"):
        assert words in out.output


def test_issue6_cli_play_bad_seats() -> None:
    out = CliRunner().invoke(cli_app, ["play", "--seats", "human,robot,bot,bot"])
    assert out.exit_code == 2 and "'robot' is neither" in out.output


def test_issue6_take_the_pile_with_selected_cards_and_click() -> None:
    """Select a natural pair of the top card with the mouse and take the pile (R 1.1: the top card
    with a natural pair from the hand makes a new meld; the rest of the pile goes to the hand)."""
    pos = dict(GO_OUT, hands=["9S 9H KH", "AH AS 6C", "TH TC 5S", "JD JH 4S"], pile="4C 9C")
    session = scripted(Session.from_position(pos, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)

    async def body(pilot: Any) -> None:
        s = session.state
        assert [card_label(f) for f in app.hand.cards] == ["K♥", "9♥", "9♠"]
        # Cards sit at columns 1-4, 7-10 (a 2-column gap between rank groups), 11-14 (padding 1).
        await pilot.click("#hand", offset=(8, 0))
        await pilot.click("#hand", offset=(12, 0))
        assert app.hand.selected_cards() == [30, 31]   # 9H, 9S: (9-2)*4 + 2, + 3
        await pilot.press("t")
        assert s.turn.took_pile and [str(m) for m in s.melds[0]][1] == "9C 9H 9S"
        assert sorted(s.hand_cards(0)) == [8, 46]      # 4C and KH: (4-2)*4 + 0, (13-2)*4 + 2

    run_app(app, body)


def test_t_with_nothing_selected_takes_the_pile_with_the_natural_pair() -> None:
    """R 1.1: holding 9♥ 9♠ and 2♥ with 9♣ on top, ``t`` with no card selected takes the pile with
    the natural pair (not 9 and a wild card), instead of a refusal that says two natural nines are
    needed while the hand holds them."""
    pos = dict(GO_OUT, hands=["9S 9H KH 2H", "AH AS 6C", "TH TC 5S", "JD JH 4S"], pile="4C 9C")
    session = scripted(Session.from_position(pos, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)

    async def body(pilot: Any) -> None:
        s = session.state
        assert app.hand.selected_cards() == []
        await pilot.press("t")
        assert s.turn.took_pile and [str(m) for m in s.melds[0]][1] == "9C 9H 9S"
        assert sorted(s.hand_cards(0)) == [2, 8, 46]   # 2H (kept), 4C and KH

    run_app(app, body)


def test_hand_grouped_by_suit_where_sequences_count() -> None:
    """Issue 6: the hand is "grouped by rank (and by suit for sequence rule sets)": in Bolivia (S1
    sequences) the hearts run 4-5-6 shows in order, then the spades; elsewhere ranks go high to low."""
    from canasta.cards import format_cards, parse_cards
    from canasta.tui.render import group_of, sorted_hand

    cards = parse_cards("5H 9S 6H JK 4H KS 3C")
    assert format_cards(sorted_hand(cards, by_suit=True)) == "4H 5H 6H 9S KS 3C JK"
    assert format_cards(sorted_hand(cards)) == "KS 9S 6H 5H 4H 3C JK"
    groups = [group_of(f, True) for f in sorted_hand(cards, by_suit=True)]
    assert groups[0] == groups[1] == groups[2] != groups[3] == groups[4]


def test_trey_bot_game_renders() -> None:
    """S0: a Trey Canasta game played by bots (the person only draws and discards) renders without
    error and shows the table."""
    from canasta import rules
    session = Session.new(rules("trey-canasta"), ["human", "bot", "bot", "bot"], seed=5)
    for _ in range(200):
        if session.state.is_over or session.human_to_act() >= 0:
            if session.state.is_over:
                break
            legal = session.state.legal_actions()
            session.apply(next((a for a in legal if a.op is Op.DRAW), legal[-1]))
            continue
        session.bot_step()
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        texts.append(screen_text(app))

    run_app(app, body)
    assert texts and "stock" in texts[0].lower()


# ------------------------------------------------------------------ issues 3 and 4: the new presets
def public_labels(v: dict[str, Any]) -> set[str]:
    """Every card label the view lets its seat see: own hand, melds, pile top, threes, boxed cards
    (the view shows them to all: they were disclosed first), the log and the hand results."""
    from canasta.cards import parse_cards
    texts = [v["hand"], v["pile"]["top"] or "", *v["red_threes"], *v["boxed"]]
    texts += [m["cards"] or "" for ms in v["melds"] for m in ms]
    texts += [e.get("cards", "") for e in v["log"]]
    return {card_label(f) for t in texts for f in parse_cards(t)}


def hidden_now(session: Session, seat: int) -> set[str]:
    """Labels of cards in other hands or the stock with no copy anywhere the seat may look: none of
    them may be on the screen (three packs hold up to three copies of a card, so a label can be both
    hidden and public; those are left out)."""
    s = session.state
    cards = list(s.stock) + [f for other in range(s.rules.players) if other != seat
                             for f in s.hand_cards(other)]
    return {card_label(f) for f in cards} - public_labels(view(s, seat))


def play_through_the_ui(preset: str, players: int | None, seed: int, max_screens: int,
                        lang: str | None = None) -> list[str]:
    """A game in which every seat is a seeded random bot; the person's seat plays through the app
    (``run_actions``) and every screen shown to it (table, score table) is checked for hidden cards,
    up to the first screen after the first hand's score table (or ``max_screens``)."""
    from canasta import rules
    from canasta.tui.app import TextScreen
    rs = rules(preset, players=players) if players else rules(preset)
    session = Session.new(rs, ["human"] + ["bot"] * (rs.players - 1), seed=seed)
    session.bots = {seat: FallbackBot(f"{preset}/{seat}") for seat in session.bots}
    me = FallbackBot(f"{preset}/me")
    app = PlayApp(session, lang=lang)
    screens: list[str] = []
    checked = 0

    async def body(pilot: Any) -> None:
        nonlocal checked
        while len(screens) < max_screens:
            text = screen_text(app)
            screens.append(text)
            hidden = hidden_now(session, 0)
            checked += len(hidden)
            leaked = {label for label in hidden if label in text}
            assert not leaked, f"{preset}: hidden cards {leaked} on screen:\n{text}"
            if isinstance(app.screen, TextScreen):
                await pilot.press("enter")
            elif session.state.is_over or session.state.results:
                break
            else:
                s = session.state
                app.run_actions([me.choose(view(s, 0), s.legal_actions())])
            await pilot.pause()

    run_app(app, body)
    assert checked, "no hidden card to look for: the check could not fail"
    return screens


@pytest.mark.parametrize(("preset", "players", "seed"), [
    ("samba", None, 1), ("bolivia", 3, 2), ("trey-canasta", None, 3), ("american", None, 4),
    ("nvso-tournament", None, 5)])
def test_issue3_4_bot_hands_of_the_new_presets_never_show_a_hidden_card(
        preset: str, players: int | None, seed: int) -> None:
    """Issues 3/4: a hand of each new preset (samba R 1.3, bolivia S1 with 3 players, trey-canasta S0,
    american R 1.2, nvso-tournament S3) played by random bots through the UI: no screen shows a card of
    another hand or the stock that the seat cannot know, and the end-of-hand table appears."""
    screens = play_through_the_ui(preset, players, seed, 150)
    from canasta.presets import preset_title
    assert preset_title(preset) in screens[0]   # the rule set as players call it
    assert any("Hand 1" in s and "total" in s for s in screens), f"{preset}: no score table"


def test_issue4_turn_card_talon_and_hand_schedule_on_screen() -> None:
    """R 1.2 / S3 C: the facts line shows the turn card ('turn card: N above it'; it is the 9th card from
    the bottom, so N = stock - 8 under it - the turn card itself), the talons still due per side, and
    S3 B's meld schedule 125/155/180 with this hand's figure."""
    from canasta import rules
    session = scripted(Session.new(rules("nvso-tournament"), ["human", "bot", "bot", "bot"], seed=7))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        texts.append(screen_text(app))

    run_app(app, body)
    r, v = session.state.rules, view(session.state, 0)
    assert r.turn_card_under == 8
    above = v["stock"] - 8 - 1  # the cards drawn before the turn card is reached
    assert f"turn card: {above} above it" in texts[0]
    assert "talon:" in texts[0] and "due" in texts[0]
    assert "hand 1 of 3: meld 125" in texts[0] and "125/155/180" in texts[0]


# S3 F: seat 0 holds seven distinct pairs (no wild card) after drawing: 'declare pairs' is legal.
PAIRS = {
    "rules": "nvso-tournament", "dealer": 3, "turn": 0, "phase": "play",
    "hands": ["4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD KC KD", "QC QD", "JC", "9S"],
    "melds": [[], ["AC AD AH"]], "pile": "", "stock": "", "red_threes": [["3D"], [], [], []],
}


def test_S3_F_declare_a_special_hand_through_the_keys() -> None:
    """S3 F: 'A pairs hand is exactly that - 7 distinct pairs ... Pairs-no wilds = 2,500 points'. The key
    line offers v (declare); v lists the declarable hands; typing 1 declares, the hand ends, and the score
    table shows the award in the special-hand, Base and Total rows (S3 K: Base = threes + canastas +
    going out + the award; the declaring side scores only the award, N11: 2,500)."""
    session = scripted(Session.from_position(PAIRS, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        texts.append(screen_text(app))
        await pilot.press("v")
        await pilot.pause()
        texts.append(screen_text(app))
        await pilot.press("1", "enter")
        await pilot.pause()
        texts.append(screen_text(app))

    run_app(app, body)
    assert "v declare" in texts[0]
    assert "1  Declare pairs" in texts[1]
    assert session.state.results and session.state.results[0].reason == "special"
    assert "declared a special hand" in texts[2]
    rows = {line.split("│")[1].strip(): line for line in texts[2].splitlines() if line.count("│") >= 3}
    for row in ("special hand", "base", "total"):
        assert rows[row].split("│")[2].strip() == "2,500", rows[row]


def test_S3_F_declare_key_when_no_special_hand() -> None:
    """S3 F: with no special hand held, v says so and changes nothing."""
    session = scripted(Session.from_position(GO_OUT, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        await pilot.press("v")
        await pilot.pause()
        texts.append(screen_text(app))

    before = session.state.history()
    run_app(app, body)
    assert "No special hand can be declared now" in texts[0]
    assert session.state.history() == before


# S0 [G](i){a}: side 1 laid down (seat 1) and has had one more turn; seat 0 (not laid down) may take the
# top discard AH alone with AC AD from hand: 20 x 3 = 60 >= the lay-down figure 50.
TOP = {
    "rules": "trey-canasta", "dealer": 3, "turn": 0, "phase": "draw",
    "hands": ["AC AD 9C 5C", "4C 4D", "5D 6D", "7D 8D"], "melds": [[], ["KC KD KH"]],
    "pile": "4H 7S AH", "stock": "9S 9S 8S 8S 6S 6S", "laydown_seats": [-1, 1], "laydown_turns": [0, 1],
}


def test_S0_G_i_a_top_card_facility_through_the_keys() -> None:
    """S0 [G](i){a}: "picking up the top ranking ... discard plus two (or more) of the same rank ... from
    their hand ... (without taking the remainder of the discards)". The screen shows the other side's
    lay-down and its turn counter; the key line offers o (top); selecting AC AD and pressing o lays
    AC AD AH, and the rest of the pile (4H 7S) stays."""
    session = scripted(Session.from_position(TOP, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        texts.append(screen_text(app))
        # hand by suit (sequences count): 5C 9C AC | AD: the aces are cards 2 and 3
        await pilot.press("right", "right", "space", "right", "space", "o")
        await pilot.pause()
        texts.append(screen_text(app))

    run_app(app, body)
    assert "o top" in texts[0]
    assert "them laid down: s1, 1 turn since" in texts[0]
    s = session.state
    assert [str(m) for m in s.melds[0]] == ["AC AD AH"] and s.pile and len(s.pile) == 2
    assert "@0 A♣ A♦ A♥" in texts[1] and "x discard" in texts[1]


def test_S0_boxed_cards_faces_for_the_owner_a_count_for_the_others() -> None:
    """S0 [G](ii), [J](v): cards boxed face down: their owner sees them and when they come back; the
    other seats see how many (the screen shows no faces of another seat's box)."""

    from canasta.tui.facts import facts_text
    s = position(dict(TOP, boxed=[[], "QS QH", [], []], box_turns=[0, 2, 0, 0]))
    mine = facts_text(view(s, 1), s.rules).plain
    theirs = facts_text(view(s, 0), s.rules).plain
    assert "your boxed Q♠ Q♥ (back in 2 turns)" in mine
    assert "s1 boxed 2 (back in 2 turns)" in theirs and "Q♠" not in theirs


def test_S0_T8_held_red_treys_stand_with_the_wild_cards() -> None:
    """S0 [F](i){c}, T8: a red trey held is "used as if a wild card": in the hand it stands with the
    deuces and jokers (a black trey stays with the threes)."""
    from canasta.cards import format_cards, parse_cards
    from canasta.tui.render import sorted_hand
    cards = parse_cards("3H 5C 2C 3S JK 3D")
    assert format_cards(sorted_hand(cards, by_suit=True, r3w=True)) == "5C 3S 2C 3D 3H JK"
    assert format_cards(sorted_hand(cards, by_suit=True)) == "5C 3D 3H 3S 2C JK"


def test_S1_stock_out_in_bolivia_shows_the_end_of_hand_table() -> None:
    """S1: "As soon as a player wishes to draw from the stock but no cards are available, the play ends
    and the hand is scored, with no one getting the bonus for going out." Pressing d on an empty stock
    shows the table: side 0 has a sequence canasta 1,500 and a natural one 500; table 4S-7S 4x5 + 8S-TS
    3x10 + seven kings 70 = 120; hands 5C 5 + 9D 10 + QH 10 = 25: 2,000 + 120 - 25 = 2,095. Side 1:
    9C 9D 9H 30 - (3C 5 + 4D 5 + AH 20) = 0."""
    pos = {"rules": "bolivia", "dealer": 3, "turn": 0, "phase": "draw",
           "hands": ["5C 9D", "3C 4D", "QH", "AH"], "stock": "", "pile": "TC",
           "melds": [["4S 5S 6S 7S 8S 9S TS", "KC KC KD KD KH KH KS"], ["9C 9D 9H"]]}
    session = scripted(Session.from_position(pos, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        texts.append(screen_text(app))
        await pilot.press("d")
        await pilot.pause()
        texts.append(screen_text(app))

    run_app(app, body)
    assert "@0 ★seq 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ T♠" in texts[0] and "@1 ★natural K♣ K♣ K♦ K♦ K♥ K♥ K♠ (7)" in texts[0]
    end = texts[1]
    assert "The stock ran out." in end and "Hand 1" in end
    rows = {line.split("│")[1].strip(): line for line in end.splitlines() if line.count("│") >= 3}
    assert "1 natural, 1 sequence: 2,000" in rows["canastas"]  # in words (issue 17)
    assert [c.strip() for c in rows["total"].split("│")[2:4]] == ["2,095", "0"]
    assert [c.strip() for c in rows["going out"].split("│")[2:4]] == ["0", "0"]


def test_narrow_meld_panels_with_three_sides_show_short_melds() -> None:
    """Issue 6 limit: with 3 sides (Bolivia S1 for 3) an 80-column screen gives each side about 24
    columns: a canasta shows as rank x count (and a run by its ends) on one line instead of wrapping."""
    pos = {"rules": {"preset": "bolivia", "overrides": {"players": 3}},
           "dealer": 2, "turn": 0, "phase": "draw",
           "hands": ["5C 9D", "4D", "QH"], "stock": "4C 6C 6D", "pile": "TC",
           "melds": [["4S 5S 6S 7S 8S 9S TS", "KC KC KD KD KH 2H JK"], [], []]}
    session = scripted(Session.from_position(pos, ["human", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        texts.append(screen_text(app))

    run_app(app, body)
    assert "@0 ★seq 4♠-T♠" in texts[0]
    assert "@1 ★mix K×5+2w" in texts[0]


# R 1.2: side 0 has a natural canasta of kings (so K is a dead rank for it), took its talon of 4 and
# laid two red threes; side 1 laid a black three. Three stock cards: the turn card (9th from the
# bottom) is gone.
AMERICAN = {"rules": "american", "dealer": 3, "turn": 0, "phase": "play",
            "hands": ["5C 9D", "4D 4C", "QH", "AH"], "stock": "6C 6D 6H", "pile": "TC",
            "melds": [["KC KD KH KS KC KD KH"], ["9C 9D 9H"]], "talons": [4, 0],
            "red_threes": [["3D", "3H"], ["3S"], [], []]}


def test_R12_facts_dead_ranks_talons_turn_card_passed_and_threes_by_colour() -> None:
    """R 1.2 (S3 C, N8 SWAD): the screen names the dead ranks (a side's closed canastas: K), the
    talons (side 0 took 4, side 1's 3 are due), that the turn card has passed (3 cards left <= 8 under
    it), and the threes laid per colour (R 1.2 scores red and black threes apart)."""

    from canasta.tui.facts import facts_text
    from canasta.tui.render import side_header
    s = position(AMERICAN)
    v = view(s, 0)
    assert facts_text(v, s.rules).plain == ("turn card passed · talon: us took 4, them 3 due · "
                                            "dead ranks: us K")
    assert side_header(v, 0).plain.endswith("red 3s 3♦ 3♥")
    assert side_header(v, 1).plain.endswith("3s (0 red, 1 black) 3♠")
    assert side_header(v, 1, narrow=True).plain.endswith("3s: 0 red 1 black")


def test_R12_the_score_table_names_every_three_laid_in_the_american_games() -> None:
    """R 1.2, S3 C, K: in the American games every three is laid and scored (side 1's black 3S
    counts as one three: -100, the side has no canasta), so the hand's score table says "threes",
    not "red threes"; in classic only red threes are laid and the row keeps its name."""
    from rich.console import Console

    from canasta import GameState, rules
    from canasta.presets import PRESETS
    from canasta.scoring import score_hand
    from canasta.tui.render import score_table
    assert {p for p in PRESETS if view(GameState.new(rules(p), seed=1), 0)["threes_laid"] == "all"} == {
        "american", "nvso-tournament"}

    def rows(s: Any) -> list[str]:
        console = Console(record=True, width=120)
        console.print(score_table(view(s, 0), score_hand(s, "stock_out", -1, False).to_dict()))
        return [line.split("│")[1].strip() for line in console.export_text().splitlines() if "│" in line]

    s = position(AMERICAN)
    assert score_hand(s, "stock_out", -1, False).sides[1].red_three_points == -100
    assert "threes" in rows(s) and "red threes" not in rows(s)
    assert "red threes" in rows(GameState.new(rules("classic"), seed=1))


def test_R12_the_log_names_a_black_three_laid_as_black() -> None:
    """R 1.2, S3 C: in the American games every three is laid as it comes. Deal seed 6 of NVSO
    lays 3C for seat 2 and 3D for seat 3 at the deal: the log says which colour, and a hand ended by
    the last card's three says "a three" there."""
    from canasta import GameState, rules
    from canasta.tui.render import log_lines
    lines = log_lines(view(GameState.new(rules("nvso-tournament"), seed=6), 0))
    assert "Partner (seat 2) laid a black three 3♣" in lines
    assert "Seat 3 laid a red three 3♦" in lines
    from canasta.tui.render import result_words
    last = {"reason": "last_red3", "out_seat": -1, "moral_winner": -1}
    assert result_words(view(GameState.new(rules("american"), seed=1), 0), last) == (
        "The last card of the stock was a three.")
    assert result_words(view(GameState.new(rules("classic"), seed=1), 0), last) == (
        "The last card of the stock was a red three.")


def test_R12_the_log_in_spanish_says_the_readers_own_events_to_them() -> None:
    """R 1.2, S3 C, as the previous test, in Spanish: seat 0 (the reader) laid 3H, seat 2 (the
    partner) 3C, seat 3 3D. The reader's own event is said to them ("pusiste", no name), the others'
    with their seat and the third person (``canasta replay --lang es`` says them alike: test_cli)."""
    from canasta import GameState, rules
    from canasta.tui.render import log_lines
    from canasta.tui.words import use
    try:
        use("es")
        lines = log_lines(view(GameState.new(rules("nvso-tournament"), seed=6), 0))
    finally:
        use("en")
    assert "Pusiste un tres rojo 3♥" in lines
    assert "Compañero (asiento 2) puso un tres negro 3♣" in lines
    assert "Asiento 3 puso un tres rojo 3♦" in lines
    assert lines[0] == "Se reparte"   # the table's own events begin their line with a capital too


def test_the_logs_table_events_begin_with_a_capital() -> None:
    """Every line of the log begins with a capital, the table's own events ("Dealt") as a player's."""
    from canasta import GameState, rules
    from canasta.tui.render import log_line, log_lines
    v = view(GameState.new(rules("classic"), seed=5), 0)
    lines = log_lines(v)
    assert lines[0] == "Dealt" and all(line[0].isupper() for line in lines), lines
    assert log_line(v, v["log"][0]) == "Dealt"


def test_S0_K_ii_moral_winner_named_when_the_stock_runs_out() -> None:
    """S0 [K](ii): nobody went out at the end of the stock and a side is at the target: it is the
    moral winner, and (S0 [K](i)) only going out wins the game."""
    from canasta.tui.render import result_words
    v = view(position(TOP), 0)
    words = result_words(v, {"reason": "stock_out", "out_seat": -1, "moral_winner": 1})
    assert words == "The stock ran out. Them: moral winner (only going out wins the game)."
    assert result_words(v, {"reason": "stock_out", "out_seat": -1, "moral_winner": -1}) == (
        "The stock ran out.")


def test_S0_A_i_first_turn_upcard_options_and_black_treys_on_screen() -> None:
    """S0 [A](i){a}{b}{c}: the first player may take one stock card plus the upcard (then no lay-down
    until the next turn) instead of drawing two: the screen says so while 'upcard' is legal. S0
    [F](ii){b}: three or more black treys held are melded only as the last act: the screen says so."""
    from canasta import GameState, rules
    from canasta.tui.facts import facts_text
    s = GameState.new(rules("trey-canasta"), seed=0)
    assert "upcard" in [str(a) for a in s.legal_actions()]
    text = facts_text(view(s, s.actor), s.rules).plain
    assert "first turn: d draws 2, u takes the upcard + 1 stock card" in text
    t = position(dict(TOP, hands=["3C 3S 3C 9C 5C", "4C 4D", "5D 6D", "7D 8D"]))
    assert "3 black treys: meld only as the last act" in facts_text(view(t, 0), t.rules).plain
    assert "black treys" not in facts_text(view(t, 1), t.rules).plain


def test_S1_merge_and_pass_through_the_keys() -> None:
    """S1: "you are allowed to merge two group melds of the same rank on your turn": j, then '1 2',
    joins QS QH 2C into QC QD QH (3 + 3 = 6 cards, one wild). S1: "If you meld all your cards except
    one, then instead of discarding it you must end your turn by saying pass, and keep the card":
    after melding 5C 5D 5H the key line offers p, and p passes (seat 1 is next, 9S kept)."""
    pos = {"rules": "bolivia", "dealer": 3, "turn": 0, "phase": "play",
           "hands": ["5C 5D 5H 9S", "4C", "4D", "4S"], "pile": "TC",
           "stock": "4C 4D 6C 6D 7C 7D 8C 8D 9C 9D",
           "melds": [["KC KD KH", "QC QD QH", "QS QH 2C"], []]}
    session = scripted(Session.from_position(pos, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        await pilot.press("j")
        await pilot.pause()
        await pilot.press("1", "space", "2", "enter")
        await pilot.pause()
        # the hand by suit: 5C | 5D | 5H | 9S: select the three fives, meld
        await pilot.press("space", "right", "space", "right", "space", "m")
        await pilot.pause()
        texts.append(screen_text(app))
        await pilot.press("p")
        await pilot.pause()

    run_app(app, body)
    s = session.state
    assert [m.size for m in s.melds[0]] == [3, 6, 3] and s.melds[0][1].wilds == 1
    assert "p pass" in texts[0]
    assert Action(Op.PASS) in s.history() and not s.results
    assert s.hand_cards(0) == [7 * 4 + 3]  # 9S = (9 - 2) x 4 + spades 3, kept (the bots played on)


def test_S3_F_declare_reached_with_the_mouse() -> None:
    """S3 F (as above): the key line is also a row of mouse links: a click on 'v declare' lists the
    special hands, like the key."""
    from textual.widgets import Static
    session = scripted(Session.from_position(PAIRS, ["human", "bot", "bot", "bot"]))
    app = PlayApp(session)
    texts: list[str] = []

    async def body(pilot: Any) -> None:
        line = str(app.query_one("#keys", Static).render())
        x = line.index("v declare")
        await pilot.click("#keys", offset=(1 + x + 1, 0))  # one column of padding
        await pilot.pause()
        texts.append(screen_text(app))

    run_app(app, body)
    assert "1  Declare pairs" in texts[0]


def test_narrow_panel_click_adds_to_the_meld_clicked() -> None:
    """Issue 6 (mouse) in a narrow panel (Bolivia S1 for 3): the header takes two lines, so the third
    line of the panel's text is meld @1; a click there adds the selected KS to the kings (7 + 1 = 8)."""
    pos = {"rules": {"preset": "bolivia", "overrides": {"players": 3}},
           "dealer": 2, "turn": 0, "phase": "play",
           "hands": ["KS 9D 9H", "4D", "QH"], "stock": "4C 6C 6D", "pile": "TC",
           "melds": [["4S 5S 6S 7S 8S 9S TS", "KC KC KD KD KH 2H JK"], [], []]}
    session = scripted(Session.from_position(pos, ["human", "bot", "bot"]))
    app = PlayApp(session)

    async def body(pilot: Any) -> None:
        await pilot.press("right", "right", "space")  # by suit: 9D | 9H | KS
        await pilot.pause()
        await pilot.pause()
        assert [card_label(f) for f in app.hand.selected_cards()] == ["K♠"]
        await pilot.click("#side0", offset=(3, 1 + 2 + 1))  # border, two header lines, @0
        await pilot.pause()

    run_app(app, body)
    assert session.state.melds[0][1].size == 8


# ------------------------------------------------------------------------------------- languages
def _outside_catalogue(text: str) -> set[str]:
    """Words on a pseudo-locale screen that no catalogue made: what is left of the text once every
    bracketed (catalogue) stretch is taken out, minus card notation (JK, @0)."""
    while True:
        shorter = re.sub(r"\[[^\[\]]*\]", " ", text)
        if shorter == text:
            break
        text = shorter
    return {word for word in re.findall(r"[A-Za-z]{2,}", text) if word not in ("JK",)}


@pytest.mark.parametrize(("preset", "seed"), [("spanish", 7), ("american", 4), ("trey-canasta", 3)])
def test_every_word_of_the_terminal_game_comes_from_a_catalogue(preset: str, seed: int) -> None:
    """A hand played through the app in the pseudo-locale: every word on every screen (table, log,
    prompts, key line, score table) is bracketed and accented, so none was written in code."""
    from canasta.tui.words import use
    try:
        screens = play_through_the_ui(preset, None, seed, 400, lang="en-XA")
    finally:
        use("en")
    assert any("[Ĥåñð 1]" in s for s in screens), "no score table in the pseudo-locale"
    for text in screens:
        assert not _outside_catalogue(text), (_outside_catalogue(text), text)


def test_a_hand_in_spanish_in_the_terminal() -> None:
    """``canasta play --lang es``: the table, the log and the score of a hand in Spanish, with the
    S4 sheet's words (mazo, pozo, bajarse, canasta sucia) and numbers grouped as in Spanish."""
    from canasta.tui.words import use
    try:
        screens = play_through_the_ui("spanish", None, 7, 400, lang="es")
    finally:
        use("en")
    table = screens[0]
    assert "Canasta española · mano 1 · mazo" in table and "pozo" in table
    assert "mín 50" in table and "Te toca" in "\n".join(screens)
    score = next(s for s in screens if "Mano 1" in s)
    assert "puntos de la partida" in score and "total" in score
