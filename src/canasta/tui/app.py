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

from ..actions import ASK, DRAW, END, NO, PASS, RETRACT, SPECIAL_HANDS, UPCARD, YES, Action, Op
from ..cards import parse_cards
from ..errors import IllegalAction, NotationError
from ..views import view
from .facts import facts_text
from .hint import symbols
from .render import (
    cards_text,
    log_lines,
    meld_lines,
    number,
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
from .words import active, use, w

# the key of each action word and the app action it runs, for the key line of the moment; the
# keys are the same in every language, their legends are words of the catalogue (tui.key.<word>)
ACTION_KEYS = (("draw", "d", "play('draw')"), ("upcard", "u", "play('upcard')"), ("take", "t", "take"),
               ("top", "o", "top"), ("meld", "m", "meld"), ("add", "a", "add"), ("merge", "j", "merge"),
               ("discard", "x", "discard"), ("declare", "v", "declare"), ("pass", "p", "play('pass')"),
               ("ask", "g", "play('ask')"), ("yes", "y", "play('yes')"), ("no", "n", "play('no')"),
               ("retract", "r", "play('retract')"), ("end", "e", "play('end')"))
TOOL_KEYS = (("space", "select", "select"), (":", "type", "notation"), ("z", "undo", "undo"),
             ("?", "hint", "hint"), ("f1", "help", "help"), ("q", "quit", "ask_quit"))
# the key line when it is not the seat's turn: every key, not as links
FIXED_KEYS = (("←→", "move"), ("space", "select"), ("d", "draw"), ("t", "take"), ("m", "meld"), ("a", "add"),
              ("x", "discard"), ("g", "ask"), ("r", "retract"), ("e", "end"), ("z", "undo"), ("?", "hint"),
              ("f1", "help"), ("q", "quit"))


def _key(key: str, word: str) -> str:
    return w("tui.key", key=key, word=w(f"tui.key.{word}"))


def key_line(legal: list[str]) -> str:
    """The keys of the actions legal now, each a mouse link to the same action (markup); the fixed
    key line when it is not the seat's turn."""
    words = {a.split()[0] for a in legal}
    if not words:
        return " · ".join(_key(k, word) for k, word in FIXED_KEYS)
    keys = [(_key(k, word), action) for word, k, action in ACTION_KEYS if word in words]
    tools = [(_key(k, word), action) for k, word, action in TOOL_KEYS]
    return " · ".join(f"[@click=app.{action}]{label}[/]" for label, action in [*keys, *tools])


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
        yield Static(Text(w("tui.press_enter"), style="bold"), id="continue")

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
            box.border_subtitle = w("tui.ask_keys")
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
        yield Static(Text(self.question + "\n\n" + w("tui.confirm_keys"), style="bold"), id="question")

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

    def __init__(self, session: Session, four_colour: bool = False, lang: str | None = None) -> None:
        super().__init__()
        if lang is not None:
            use(lang)
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
        yield Static(key_line([]), id="keys")

    def on_mount(self) -> None:
        if self.session.fallback:
            self.say(w("tui.fallback_bots"))
        elif any(not self.session.is_human(i) for i in range(self.session.state.rules.players)):
            self.say(w("tui.bots_level", level=level_words(self.session.level)))
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
            return Text(w("tui.prompt.over"), style="bold")
        if self.session.stuck or (s.actor == self.shown_seat and not v["legal_actions"]):
            why = self.session.stuck or w("tui.no_legal")
            return Text(w("tui.prompt.stuck", why=why), style="bold red")
        if s.actor != self.shown_seat:
            return Text(w("tui.prompt.waiting", who=seat_name(v, s.actor)))
        if v["phase"] == "answer":
            who = seat_name(v, s.current)
            return Text(w("tui.prompt.asks", who=who[:1].upper() + who[1:]), style="bold yellow")
        words = list(dict.fromkeys(a.split()[0] for a in v["legal_actions"]))
        said = ", ".join(w(f"tui.key.{x}") if active().has(f"tui.key.{x}") else x for x in words)
        return Text(w("tui.prompt.your_turn", words=said), style="bold")

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
            warning = Text(w("tui.warning", error=self.session.save_error), style="bold red")
            msg = Text("\n").join([warning, msg])
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
                body = Text(w("tui.pass_keyboard", seat=seat), style="bold")
                self.push_screen(TextScreen(body, "pass"), lambda _: self.show_seat(seat))
                return
            self.shown_seat = seat
        self.refresh_screen()

    def show_seat(self, seat: int) -> None:
        self.shown_seat = seat
        self.refresh_screen(keep_selection=False)

    def game_over_parts(self, v: dict[str, Any]) -> list[RenderableType]:
        winner = self.session.state.winner
        scores = w("tui.scores_to").join(number(x) for x in v["scores"])  # "5,445 to -70"
        return [Text("\n" + w("tui.game_over", side=side_name(v, winner), scores=scores), style="bold green"),
                summary_table(v)]

    def my_turn(self) -> bool:
        s = self.session.state
        if s.is_over:
            self.say(w("tui.over"))
            return False
        if s.actor != self.shown_seat:
            self.say(w("tui.not_your_turn", seat=s.actor))
            return False
        return True

    def done(self, outcome: Outcome, what: str = "") -> None:
        """Report an action group: the engine's refusal in a sentence, or go on."""
        if outcome.refused is not None:
            e = outcome.refused
            # the engine's refusal in the player's language where the catalogues say its code,
            # its cards as on the screen (7♥, not 7H)
            why = symbols(active().refusal(e.code, e.data, e.message))
            text = w("tui.refused", why=why)
            if outcome.applied:
                laid = symbols("; ".join(map(str, outcome.applied)))
                text = w("tui.refused_after", played=laid, why=why)
            self.say(text, "bold red")
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
            self.say(w("tui.select_meld"))
            return
        if self.my_turn():
            self.done(self.session.meld(cards))

    def action_add(self) -> None:
        cards = self.hand.selected_cards()
        if not cards:
            self.say(w("tui.select_add"))
            return
        if not self.my_turn():
            return
        v = self.view()
        melds = v["melds"][v["side"]]
        if not melds:
            self.say(w("tui.no_meld_yet"))
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
                self.say(w("tui.not_meld_number", answer=answer))
                return
            self.add_to(meld)

        before, _, after = w("tui.add_which", shown="\0").partition("\0")
        body = Text(before)
        body.append_text(cards_text(cards, self.four_colour))
        body.append(after + "\n")
        for m, line in zip(melds, meld_lines(v, v["side"], self.four_colour, 68), strict=True):
            body.append_text(line)
            body.append(f"   ← {w('tui.fits')}\n" if m["index"] in fits else "\n", style="green")
        body.rstrip()
        placeholder = w("tui.meld_number_eg", n=fits[0] if fits else melds[0]["index"])
        self.push_screen(AskScreen(body, w("tui.which_meld"), placeholder), chosen)

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
            self.say(w("tui.select_one"))
            return
        self.run_actions([Action(Op.DISCARD, (cards[0],))])

    def action_top(self) -> None:
        """S0 [G](i): the top discard with the selected cards from hand, as a lay-down meld."""
        cards = self.hand.selected_cards()
        if not cards:
            self.say(w("tui.select_top"))
            return
        self.run_actions([Action(Op.TOP, tuple(cards))])

    def action_declare(self) -> None:
        """R 1.2, S3 F: list the special hands that may be declared now; a number declares one."""
        if not self.my_turn():
            return
        hands = [a for a in self.session.state.legal_actions() if a.op is Op.DECLARE]
        if not hands:
            self.say(w("tui.no_special"))
            return
        menu = "\n".join(f"  {i + 1}  {w('say_declare_' + SPECIAL_HANDS[a.meld])}"
                         for i, a in enumerate(hands))

        def pick(answer: str) -> Action:
            try:
                return hands[int(answer.strip()) - 1]
            except (ValueError, IndexError):
                raise ValueError(w("tui.not_number", answer=answer, n=len(hands))) from None

        self._prompt_action(w("tui.special_menu", menu=menu), pick, w("tui.which_special"), w("tui.a_number"))

    def action_merge(self) -> None:
        if not self.my_turn():
            return

        def melds(answer: str) -> Action:
            try:
                into, other = (int(w.lstrip("@")) for w in answer.replace(",", " ").split())
            except ValueError:
                raise ValueError(w("tui.two_numbers", answer=answer)) from None
            return Action(Op.MERGE, (), into, other)

        self._prompt_action(w("tui.merge_prompt"), melds, w("tui.which_melds"), w("tui.two_numbers_eg"))

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
                raise ValueError(w("tui.not_action", error=active().error(e))) from None

        legal = list(dict.fromkeys(str(a) for a in session.state.legal_actions()))
        shown = ", ".join(legal[:6])
        if len(legal) > 6:
            shown = w("tui.and_more", list=shown, n=len(legal) - 6)
        prompt = Text(w("tui.notation_prompt") + "\n")
        prompt.append(w("tui.legal_now", list=shown), style="dim")
        self._prompt_action(prompt, notation, w("tui.type_action"), w("tui.action"))

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
            self.say(w("tui.no_hint", why=str(e)))
            return
        self.say(w("tui.hint_fallback" if fallback else "tui.hint", words=words), "italic cyan")

    def action_undo(self) -> None:
        session, s = self.session, self.session.state
        if s.is_over:
            self.say(w("tui.undo_over"))
            return
        if not session.can_undo_turns:
            if s.actor == self.shown_seat and s.why_illegal(RETRACT) is None:
                self.run_actions([RETRACT])
                return
            self.say(w("tui.undo_people"))
            return
        n = session.undo_turn()
        if not n:
            self.say(w("tui.undo_none"))
            return
        s = session.state
        self.results_seen = min(self.results_seen, len(s.results))
        self.shown_over = False
        self.hand.clear()
        self.message = Text(w("tui.undone", n=n), style="cyan")
        self.advance()

    def action_ask_quit(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(w("tui.quit", where=self.session.resume_hint())), answer)

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
        self.push_screen(TextScreen(Text(w("tui.help")), "help"))


def run(session: Session, four_colour: bool = False, lang: str | None = None) -> None:
    PlayApp(session, four_colour, lang).run()
    print(session.resume_hint())
