"""The Textual app of ``canasta play``: one seat's view at a time, the engine decides everything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ..actions import ASK, DRAW, END, NO, PASS, RETRACT, UPCARD, YES, Action, Op
from ..cards import parse_cards
from ..errors import IllegalAction, NotationError
from ..views import view
from .facts import facts_text
from .hint import symbols
from .render import (
    cards_text,
    log_lines,
    meld_lines,
    result_words,
    score_table,
    seat_name,
    side_name,
    sorted_hand,
    status_text,
    summary_table,
)
from .session import Outcome, Session, level_words
from .widgets import HandView, LogView, MeldPanel

KEYS_HELP = """\
Keys of canasta play
  left/right (h/l)  move the cursor      space  select / unselect that card
  click a card      select it            esc    clear the selection
  click a key on the bottom line (what you may do now): the same as pressing it
  d  draw from the stock        t  take the pile with the selected cards
  u  take the upcard (first turn, where the rules allow it)
  m  meld: lay the selected cards as one new meld
  a  add the selected cards to a meld (type its number, or click the meld)
  x  discard the selected card (or the card under the cursor)
  g  ask your partner "may I go out?"    y / n  answer your partner
  r  retract provisional melds           e  end without a discard
  p  pass (meld down to one card and keep it, where the rules allow)
  o  top: the top discard with the selected cards as a lay-down meld (Trey)
  v  declare a special hand (lists the hands you may declare now)
  j  merge two of your melds (type their numbers, e.g. 0 3)
  :  type any action in notation (e.g. take 7H 7S @1)
  z  undo (or ctrl+z): your last turn against bots; provisional melds (as r)
  ?  hint: the expert's suggestion       c  four-colour suits on/off
  PgUp / PgDn (or the mouse wheel) scroll the log of the hand back and forth
  f1 this help     q  quit (asks first; the game is saved after every action)
Melds: @N is the meld number; ★natural/★mixed/★sequence/★wild mark a canasta;
narrow panels show a run by its ends and a group by rank and count (K×5+2w)."""

KEY_LINE = ("←→ move · space select · d draw · t take · m meld · a add · x discard · g ask · "
            "r retract · e end · z undo · ? hint · f1 help · q quit")
# the key of each action word and the app action it runs, for the key line of the moment
ACTION_KEYS = (("draw", "d", "play('draw')"), ("upcard", "u", "play('upcard')"), ("take", "t", "take"),
               ("top", "o", "top"), ("meld", "m", "meld"), ("add", "a", "add"), ("merge", "j", "merge"),
               ("discard", "x", "discard"), ("declare", "v", "declare"), ("pass", "p", "play('pass')"),
               ("ask", "g", "play('ask')"), ("yes", "y", "play('yes')"), ("no", "n", "play('no')"),
               ("retract", "r", "play('retract')"), ("end", "e", "play('end')"))
TOOL_KEYS = (("space select", "select"), (": type", "notation"), ("z undo", "undo"), ("? hint", "hint"),
             ("f1 help", "help"), ("q quit", "ask_quit"))


def key_line(legal: list[str]) -> str:
    """The keys of the actions legal now, each a mouse link to the same action (markup); the fixed
    key line when it is not the seat's turn."""
    words = {a.split()[0] for a in legal}
    if not words:
        return KEY_LINE
    keys = [(f"{k} {w}", action) for w, k, action in ACTION_KEYS if w in words]
    return " · ".join(f"[@click=app.{action}]{label}[/]" for label, action in [*keys, *TOOL_KEYS])


class TextScreen(Screen[None]):
    """A full screen of text (help, scores, passing the keyboard); Enter or Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "continue"), Binding("escape", "close", "continue"),
        Binding("space", "close", show=False)]

    def __init__(self, body: RenderableType, name: str) -> None:
        super().__init__(name=name)
        self.body = body

    def compose(self) -> ComposeResult:
        yield Static(self.body, id="body")
        yield Static(Text("Press Enter to continue.", style="bold"), id="continue")

    def action_close(self) -> None:
        self.dismiss(None)


class AskScreen(ModalScreen[str | None]):
    """A labelled question with one line of input (a meld number, an action in notation). It stands
    at the bottom of the screen, over the log, so the melds stay in view."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]
    DEFAULT_CSS = """
    AskScreen { align: center bottom; }
    AskScreen > Vertical { width: 76; height: auto; max-height: 16; border: round $accent;
                           border-title-style: bold; background: $panel; margin-bottom: 4; }
    AskScreen Input { margin: 0; }
    """

    def __init__(self, prompt: RenderableType, title: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.prompt = prompt
        self.title_text = title
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            box.border_subtitle = "Enter: play · Esc: cancel"
            yield Static(self.prompt, id="prompt")
            yield Input(id="answer", placeholder=self.placeholder)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter answers yes, n or Escape no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter,q", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Static { width: 70; height: auto; border: round $accent; background: $panel;
                             padding: 0 1; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(Text(self.question + "\n\ny / Enter: yes    n / Esc: no", style="bold"), id="question")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PlayApp(App[None]):
    """A whole game: people at one keyboard and bots; shows only the acting person's view."""

    TITLE = "canasta"
    CSS = """
    #status { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    #facts { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    #sides { height: auto; max-height: 60%; }
    #sides > MeldPanel { height: auto; max-height: 100%; }
    #message { height: auto; min-height: 1; max-height: 3; padding: 0 1; background: $boost; }
    #keys { height: auto; max-height: 2; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "left", show=False),
        Binding("right,l", "move(1)", "right", show=False),
        Binding("space", "select", "select", show=False),
        Binding("escape", "clear", "clear", show=False),
        Binding("d", "play('draw')", "draw", show=False),
        Binding("t", "take", "take", show=False),
        Binding("u", "play('upcard')", "upcard", show=False),
        Binding("m", "meld", "meld", show=False),
        Binding("a", "add", "add", show=False),
        Binding("x", "discard", "discard", show=False),
        Binding("g", "play('ask')", "ask", show=False),
        Binding("y", "play('yes')", "yes", show=False),
        Binding("n", "play('no')", "no", show=False),
        Binding("r", "play('retract')", "retract", show=False),
        Binding("e", "play('end')", "end", show=False),
        Binding("p", "play('pass')", "pass", show=False),
        Binding("o", "top", "top", show=False),
        Binding("v", "declare", "declare", show=False),
        Binding("j", "merge", "merge", show=False),
        Binding("colon", "notation", "action", show=False),
        Binding("question_mark", "hint", "hint", show=False),
        Binding("c", "colours", "colours", show=False),
        Binding("f1", "help", "help", show=False),
        Binding("pageup", "log(-1)", "log back", show=False),
        Binding("pagedown", "log(1)", "log forward", show=False),
        Binding("z,ctrl+z", "undo", "undo", show=False),
        Binding("q", "ask_quit", "quit", show=False),
    ]
    SIMPLE: ClassVar[dict[str, Action]] = {
        "draw": DRAW, "upcard": UPCARD, "ask": ASK, "yes": YES, "no": NO, "retract": RETRACT, "end": END,
        "pass": PASS}

    def __init__(self, session: Session, four_colour: bool = False) -> None:
        super().__init__()
        self.session = session
        self.four_colour = four_colour
        humans = session.humans
        s = session.state
        self.shown_seat = s.actor if session.is_human(s.actor) else humans[0]
        self.results_seen = len(s.results)
        self.message: Text = Text("")
        self.shown_over = False

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="facts")
        with Horizontal(id="sides"):
            for side in range(self.session.state.rules.sides):
                yield MeldPanel(side, id=f"side{side}")
        yield LogView(id="log")
        yield Static(id="message")
        yield HandView(id="hand")
        yield Static(KEY_LINE, id="keys")

    def on_mount(self) -> None:
        if self.session.fallback:
            self.say("Bots: canasta.bots is not installed, so the bots play random legal actions "
                     "(fallback).")
        elif any(not self.session.is_human(i) for i in range(self.session.state.rules.players)):
            self.say(f"Bots' level: {level_words(self.session.level)}.")
        self.advance()

    @property
    def hand(self) -> HandView:
        return self.query_one(HandView)

    def view(self) -> dict[str, Any]:
        return view(self.session.state, self.shown_seat)

    def say(self, text: str, style: str = "") -> None:
        self.message = Text(text, style=style)
        self.refresh_screen()

    def prompt(self, v: dict[str, Any]) -> Text:
        """What the shown seat is asked to do now."""
        s = self.session.state
        if s.is_over:
            return Text("The game is over. Press q to quit.", style="bold")
        if self.session.stuck or (s.actor == self.shown_seat and not v["legal_actions"]):
            why = self.session.stuck or "you have no legal action (the rules as set may not be playable)"
            return Text(f"The game cannot go on: {why}. Press q to quit.", style="bold red")
        if s.actor != self.shown_seat:
            return Text(f"Waiting for {seat_name(v, s.actor)}.")
        if v["phase"] == "answer":
            return Text(f"{seat_name(v, s.current).capitalize()} asks: may I go out? "
                        f"Press y (yes) or n (no).", style="bold yellow")
        words = list(dict.fromkeys(a.split()[0] for a in v["legal_actions"]))
        return Text("Your turn: " + ", ".join(words) + ".", style="bold")

    def refresh_screen(self, keep_selection: bool = True) -> None:
        v = self.view()
        self.query_one("#status", Static).update(status_text(v, self.four_colour))
        rules = self.session.state.rules
        extra = facts_text(v, rules, self.four_colour)
        facts = self.query_one("#facts", Static)
        facts.update(extra)
        facts.display = bool(extra.plain)
        self.query_one("#keys", Static).update(key_line(v["legal_actions"]))
        for panel in self.query(MeldPanel):
            panel.show(v, self.four_colour)
        self.query_one(LogView).show(log_lines(v))
        msg = self.prompt(v)
        if self.message.plain:
            msg = Text("\n").join([self.message, msg])
        if self.session.save_error:
            msg = Text("\n").join([Text(f"Warning: {self.session.save_error}.", style="bold red"), msg])
        self.query_one("#message", Static).update(msg)
        hand = self.hand
        hand.four_colour = self.four_colour
        hand.by_suit = bool(rules.sequences)
        hand.r3w = rules.red3_wild
        hand.set_cards(sorted_hand(parse_cards(v["hand"]), hand.by_suit, hand.r3w), keep=keep_selection)

    # ---------------------------------------------------------------- game flow
    def advance(self) -> None:
        """Let the bots play until a person must act; show finished hands; pass the keyboard."""
        session, s = self.session, self.session.state
        while len(s.results) == self.results_seen and session.bot_step() is not None:
            pass
        if len(s.results) > self.results_seen:
            result = s.results[self.results_seen]
            self.results_seen += 1
            v = self.view()
            parts: list[RenderableType] = [Text(result_words(v, result.to_dict()), style="bold"),
                                           score_table(v, result.to_dict())]
            if s.is_over and self.results_seen == len(s.results):
                parts += self.game_over_parts(v)
                self.shown_over = True
            self.push_screen(TextScreen(Group(*parts), "score"), lambda _: self.advance())
            self.refresh_screen(keep_selection=False)
            return
        if s.is_over:
            if not self.shown_over:
                self.shown_over = True
                self.push_screen(TextScreen(Group(*self.game_over_parts(self.view())), "summary"))
            self.refresh_screen()
            return
        seat = session.human_to_act()
        if seat >= 0 and seat != self.shown_seat:
            self.message = Text("")
            if len(session.humans) > 1:
                body = Text(f"Pass the keyboard to seat {seat}.\n\nSeat {seat}: press Enter when you "
                            f"are ready (the other players should look away).", style="bold")
                self.push_screen(TextScreen(body, "pass"), lambda _: self.show_seat(seat))
                return
            self.shown_seat = seat
        self.refresh_screen()

    def show_seat(self, seat: int) -> None:
        self.shown_seat = seat
        self.refresh_screen(keep_selection=False)

    def game_over_parts(self, v: dict[str, Any]) -> list[RenderableType]:
        w = self.session.state.winner
        return [Text(f"\nThe game is over: {side_name(v, w)} won "
                     f"({' to '.join(map(str, v['scores']))}).", style="bold green"), summary_table(v)]

    def my_turn(self) -> bool:
        s = self.session.state
        if s.is_over:
            self.say("The game is over.")
            return False
        if s.actor != self.shown_seat:
            self.say(f"It is not your turn: waiting for seat {s.actor}.")
            return False
        return True

    def done(self, outcome: Outcome, what: str = "") -> None:
        """Report an action group: the engine's refusal in a sentence, or go on."""
        if outcome.refused is not None:
            text = f"Refused: {outcome.refused}."
            if outcome.applied:
                laid = "; ".join(map(str, outcome.applied))
                text = f"Played {laid}; then refused: {outcome.refused}. (r takes back provisional melds.)"
            self.say(symbols(text), "bold red")  # the cards as on the screen (7♥, not 7H)
            return
        self.message = Text("")
        self.advance()

    def run_actions(self, actions: list[Action]) -> None:
        if self.my_turn():
            self.done(self.session.apply_all(actions))

    # ---------------------------------------------------------------- key actions
    def action_move(self, step: int) -> None:
        self.hand.move(step)

    def action_select(self) -> None:
        self.hand.toggle()

    def action_clear(self) -> None:
        self.hand.clear()

    def action_play(self, word: str) -> None:
        self.run_actions([self.SIMPLE[word]])

    def action_take(self) -> None:
        if self.my_turn():
            self.run_actions([self.session.state.take_for(self.hand.selected_cards())])

    def action_meld(self) -> None:
        cards = self.hand.selected_cards()
        if not cards:
            self.say("Select the cards of the meld first (space), then press m.")
            return
        if self.my_turn():
            self.done(self.session.meld(cards))

    def action_add(self) -> None:
        cards = self.hand.selected_cards()
        if not cards:
            self.say("Select the cards to add first (space), then press a.")
            return
        if not self.my_turn():
            return
        v = self.view()
        melds = v["melds"][v["side"]]
        if not melds:
            self.say("Your side has no meld to add to yet: m lays the selected cards as a new meld.")
            return
        s = self.session.state
        fits = [m["index"] for m in melds
                if s.why_illegal(Action(Op.ADD, (cards[0],), m["index"])) is None]
        if len(fits) == 1 or len(melds) == 1:  # no question when only one meld can take them
            self.add_to(fits[0] if fits else melds[0]["index"])
            return

        def chosen(answer: str | None) -> None:
            if answer is None or not answer.strip():
                return
            try:
                meld = int(answer.strip().lstrip("@"))
            except ValueError:
                self.say(f"{answer!r} is not a meld number (the numbers are shown as @0, @1, ...).")
                return
            self.add_to(meld)

        body = Text("Add ")
        body.append_text(cards_text(cards, self.four_colour))
        body.append(" to which meld? Type its number and press Enter.\n")
        for m, line in zip(melds, meld_lines(v, v["side"], self.four_colour, 68), strict=True):
            body.append_text(line)
            body.append("   ← fits\n" if m["index"] in fits else "\n", style="green")
        body.rstrip()
        placeholder = f"a meld number, e.g. {fits[0] if fits else melds[0]['index']}"
        self.push_screen(AskScreen(body, "which meld?", placeholder), chosen)

    def add_to(self, meld: int) -> None:
        cards = self.hand.selected_cards()
        if cards and self.my_turn():
            self.done(self.session.add(cards, meld))

    def on_meld_panel_clicked(self, message: MeldPanel.Clicked) -> None:
        if message.side == self.session.state.side_of(self.shown_seat) and self.hand.selected:
            self.add_to(message.meld)

    def action_discard(self) -> None:
        cards = self.hand.selected_cards()
        if not cards and self.hand.cards:
            cards = [self.hand.cards[self.hand.cursor]]
        if len(cards) != 1:
            self.say("Select exactly one card to discard.")
            return
        self.run_actions([Action(Op.DISCARD, (cards[0],))])

    def action_top(self) -> None:
        """S0 [G](i): the top discard with the selected cards from hand, as a lay-down meld."""
        cards = self.hand.selected_cards()
        if not cards:
            self.say("Select the cards from your hand that go with the top discard (space), then press o.")
            return
        self.run_actions([Action(Op.TOP, tuple(cards))])

    def action_declare(self) -> None:
        """R 1.2, S3 F: list the special hands that may be declared now; a number declares one."""
        if not self.my_turn():
            return
        hands = [a for a in self.session.state.legal_actions() if a.op is Op.DECLARE]
        if not hands:
            self.say("No special hand can be declared now.")
            return
        menu = "\n".join(f"  {i + 1}  {a}" for i, a in enumerate(hands))

        def pick(answer: str) -> Action:
            try:
                return hands[int(answer.strip()) - 1]
            except (ValueError, IndexError):
                raise ValueError(f"{answer!r} is not one of the numbers 1-{len(hands)}.") from None

        self._prompt_action(f"Special hands you may declare:\n{menu}\nType its number, Enter.", pick,
                            "which special hand?", "a number")

    def action_merge(self) -> None:
        if not self.my_turn():
            return

        def melds(answer: str) -> Action:
            try:
                into, other = (int(w.lstrip("@")) for w in answer.replace(",", " ").split())
            except ValueError:
                raise ValueError(f"{answer!r}: type two meld numbers, e.g. 0 3.") from None
            return Action(Op.MERGE, (), into, other)

        self._prompt_action("Merge which melds? Type two numbers (the second joins the first).", melds,
                            "which melds?", "two meld numbers, e.g. 0 3")

    def action_notation(self) -> None:
        if not self.my_turn():
            return
        session = self.session

        def notation(answer: str) -> Action | list[Action]:
            words = answer.split()
            op = words[0].lower() if words else ""
            try:
                # As with the keys: a meld of more than three cards, or several cards added to a
                # meld, is played card by card where the engine takes one card at a time.
                if op == "meld" and len(words) > 4 and not any(w.startswith("@") for w in words):
                    return session.meld_actions(parse_cards(" ".join(words[1:])))
                at = [w for w in words[1:] if w.startswith("@")]
                if op == "add" and len(words) > 3 and len(at) == 1:  # "add @1 AC AS" or "add AC AS @1"
                    cards = [w for w in words[1:] if w != at[0]]
                    meld = Action.parse(f"add {at[0]} {cards[0]}").meld
                    return session.state.meld_plan(parse_cards(" ".join(cards)), meld)
                return Action.parse(answer)
            except NotationError as e:
                raise ValueError(f"Not an action: {e}.") from None

        legal = list(dict.fromkeys(str(a) for a in session.state.legal_actions()))
        shown = ", ".join(legal[:6]) + (f" (and {len(legal) - 6} more)" if len(legal) > 6 else "")
        prompt = Text("Type an action in notation, e.g. take 7H 7S @1, meld 7H 7S 7D 2C, add @0 2C.\n")
        prompt.append(f"Legal now: {shown}", style="dim")
        self._prompt_action(prompt, notation, "type an action", "action")

    def _prompt_action(self, prompt: RenderableType, parse: Callable[[str], Action | list[Action]],
                       title: str = "", placeholder: str = "") -> None:
        """Ask for one line and play the action ``parse`` reads from it; an empty line does nothing,
        a line that names no action shows parse's message (ValueError) and changes nothing."""

        def chosen(answer: str | None) -> None:
            if not answer or not answer.strip():
                return
            try:
                a = parse(answer)
            except ValueError as e:
                self.say(str(e), "bold red")
                return
            self.run_actions(a if isinstance(a, list) else [a])

        self.push_screen(AskScreen(prompt, title, placeholder), chosen)

    def action_hint(self) -> None:
        if not self.my_turn():
            return
        try:
            words, fallback = self.session.hint_words(self.shown_seat)
        except IllegalAction as e:  # pragma: no cover - a bot should only return legal actions
            self.say(f"No hint: {e}")
            return
        label = "Hint (a random bot: canasta.bots is not installed)" if fallback else "Hint"
        self.say(f"{label}: {words}", "italic cyan")

    def action_undo(self) -> None:
        session, s = self.session, self.session.state
        if s.is_over:
            self.say("The game is over: nothing to take back.")
            return
        if not session.can_undo_turns:
            if s.actor == self.shown_seat and s.why_illegal(RETRACT) is None:
                self.run_actions([RETRACT])
                return
            self.say("Nothing to take back: with other people at the keyboard, only provisional opening "
                     "melds (r).")
            return
        n = session.undo_turn()
        if not n:
            self.say("Nothing to take back yet.")
            return
        s = session.state
        self.results_seen = min(self.results_seen, len(s.results))
        self.shown_over = False
        self.hand.clear()
        took = f"{n} action{'s' if n != 1 else ''}"
        self.message = Text(f"Undone: your last turn and what followed ({took} taken back).", style="cyan")
        self.advance()

    def action_ask_quit(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(f"Quit? {self.session.resume_hint()}"), answer)

    def action_log(self, pages: int) -> None:
        log = self.query_one(LogView)
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_colours(self) -> None:
        self.four_colour = not self.four_colour
        self.refresh_screen()

    def action_help(self) -> None:
        self.push_screen(TextScreen(Text(KEYS_HELP), "help"))


def run(session: Session, four_colour: bool = False) -> None:
    PlayApp(session, four_colour).run()
    print(session.resume_hint())
