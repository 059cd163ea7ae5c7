"""A game in progress for the terminal UI: the state, who sits where (people or bots), saving.

No UI here: the app calls these methods and shows what they return. Every rule question goes to the
engine (``legal_actions``, ``why_illegal``, ``apply``); refused actions raise
:class:`~canasta.errors.IllegalAction` and leave the state as it was.

Saved games (``~/.canasta/last-game.json`` by default) are JSON::

    {"format": "canasta-tui-game", "version": 1,
     "seats": ["human", "bot", "bot", "bot"],   # one entry per seat
     "level": "club",                            # the bots' level
     "record": {...}}                            # a canasta.records.GameRecord (to_dict)

The record replays the game exactly, so a saved game resumes where it stopped.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..actions import Action, Op
from ..error_words import coded, json_reason, os_reason, reason_of, record_error
from ..errors import BotError, IllegalAction, SeatError
from ..records import GameRecord, position
from ..rules import RuleSet
from ..state import GameState
from ..views import view
from .hint import symbols
from .players import Bot, make_bot
from .words import active, w

SAVE_FORMAT = "canasta-tui-game"
SAVE_VERSION = 1
DEFAULT_SAVE = Path.home() / ".canasta" / "last-game.json"
# canasta.bots.LEVELS, then their old names (saved games); this module works without canasta.bots
LEVELS = ("beginner", "club", "expert", "expert-plus", "easy", "medium", "hard")
LEVEL_WORDS = {"beginner": "Beginner", "club": "Club player", "expert": "Expert",
               "expert-plus": "Expert (thinks longer)", "easy": "Beginner", "medium": "Club player",
               "hard": "Expert"}
HUMAN, BOT = "human", "bot"
THINKERS = ("expert", "expert-plus", "hard")  # levels that take a thinking budget (expert:4)


def known_level(level: str) -> bool:
    """A level of :data:`LEVELS`, or a search level with a thinking budget from 1 to 8 (``expert:4``:
    ``canasta play --think 4``)."""
    base, sep, n = level.partition(":")
    if not sep:
        return level in LEVELS
    return base in THINKERS and n.isdigit() and 1 <= int(n) <= 8


def level_words(level: str) -> str:
    """The level as players read it: ``Expert``, ``Expert (thinks 4 times as long)``."""
    _, sep, n = level.partition(":")
    if sep and known_level(level):
        return w("tui.level_think", n=int(n)) if n != "1" else w("level_expert")
    return w(f"level_{level}") if level in LEVEL_WORDS else level


def parse_seats(text: str) -> list[str]:
    """``"human,bot,human,bot"`` (or ``h,b,...``) to a list of ``human`` / ``bot``."""
    out = []
    for word in text.split(","):
        w = word.strip().lower()
        if w in ("human", "h", "person", "me"):
            out.append(HUMAN)
        elif w in ("bot", "b", "computer"):
            out.append(BOT)
        else:
            raise coded(SeatError, "seats_word", word=repr(word.strip()))
    return out


@dataclass
class Outcome:
    """What a group of actions did: how many were applied and the refusal, if any."""

    applied: list[Action] = field(default_factory=list)
    refused: IllegalAction | None = None


class Session:
    """The game, the seats and the bots; saves after every action when ``save_path`` is set."""

    def __init__(self, state: GameState, seats: list[str], level: str = "club",
                 save_path: Path | None = None, start: dict[str, Any] | None = None) -> None:
        n = state.rules.players
        if len(seats) != n:
            raise coded(SeatError, "seats_count", n=len(seats), rules=state.rules.name, players=n)
        if HUMAN not in seats:
            raise coded(SeatError, "seats_human")
        if not known_level(level):
            raise coded(BotError, "level_choice", levels=", ".join(LEVELS))
        self.state = state
        self.seats = list(seats)
        self.level = level
        self.save_path = save_path
        self.start = start
        self.bots: dict[int, Bot] = {}
        self.fallback = False
        self._make_bots()
        self._hint_bot: Bot | None = None
        self._hint_fallback = False
        self._hint_words: tuple[tuple[int, int, int], tuple[str, bool]] | None = None
        self.stuck = ""  # why the game cannot go on, when the engine lists no legal action
        self.save_error = ""  # why the last save failed (the game goes on)

    def _make_bots(self) -> None:
        state = self.state
        base = state.seed if isinstance(state.seed, int) else sum(map(ord, str(state.seed)))
        for seat, who in enumerate(self.seats):
            if who == BOT:
                bot, fb = make_bot(self.level, base * 10 + seat)
                self.bots[seat] = bot
                self.fallback = self.fallback or fb

    # ---------------------------------------------------------------- creation
    @classmethod
    def new(cls, rules: RuleSet, seats: list[str], level: str = "club", seed: int = 0,
            save_path: Path | None = None) -> Session:
        return cls(GameState.new(rules, seed=seed), seats, level, save_path)

    @classmethod
    def from_position(cls, pos: dict[str, Any], seats: list[str], level: str = "club",
                      save_path: Path | None = None) -> Session:
        return cls(position(pos), seats, level, save_path, start=pos)

    @classmethod
    def from_json(cls, text: str, save_path: Path | None = None) -> Session:
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            raise record_error("save_json", why=json_reason(e)) from e
        except RecursionError:
            raise record_error("save_deep") from None
        if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
            raise record_error("save_format", format=repr(SAVE_FORMAT))
        seats, level = d.get("seats"), d.get("level", "club")
        if not isinstance(seats, list) or not all(s in (HUMAN, BOT) for s in seats):
            raise record_error("save_seats")
        if not isinstance(level, str) or not known_level(level):
            raise record_error("save_level", level=repr(level))
        record = GameRecord.from_dict(d.get("record"))
        state = record.replay()
        try:
            return cls(state, seats, level, save_path, start=record.start)
        except ValueError as e:
            raise record_error("save_bad", reason=reason_of(e)) from e

    @classmethod
    def load(cls, path: Path, save_path: Path | None = None) -> Session:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise record_error("record_cannot_read", path=str(path), why=os_reason(e)) from e
        except UnicodeDecodeError as e:
            raise record_error("save_utf8", path=str(path), byte=str(e.start)) from e
        return cls.from_json(text, save_path)

    # ---------------------------------------------------------------- saving
    def to_json(self) -> str:
        record = GameRecord.of(self.state, start=self.start)
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "seats": self.seats,
                           "level": self.level, "record": record.to_dict()})

    def save(self) -> None:
        """Write the game to ``save_path`` (atomically). Raises OSError; :meth:`apply` keeps playing
        and notes the error in ``save_error`` instead, so that a full disk does not end the game."""
        if self.save_path is None:
            return
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.save_path.with_name(self.save_path.name + ".tmp")
        tmp.write_text(self.to_json(), encoding="utf-8")
        os.replace(tmp, self.save_path)

    def _autosave(self) -> None:
        try:
            self.save()
        except OSError as e:
            self.save_error = w("tui.save_error", path=str(self.save_path), why=os_reason(e))
        else:
            self.save_error = ""

    def resume_hint(self) -> str:
        """Where the game is saved and the command that continues it."""
        if self.save_path is None:
            return w("tui.not_saved")
        where = "" if self.save_path == DEFAULT_SAVE else f" {self.save_path}"
        if self.save_error:
            return w("tui.warning", error=self.save_error)
        if self.state.is_over:
            return w("tui.saved_over", path=str(self.save_path))
        return w("tui.saved", path=str(self.save_path), command=f"canasta play --resume{where}")

    # ---------------------------------------------------------------- undo
    @property
    def can_undo_turns(self) -> bool:
        """Whole turns may be taken back when one person plays against bots (nobody else's turn is
        lost); with several people at the keyboard only what the rules allow (``retract``)."""
        return len(self.humans) == 1

    def undo_turn(self) -> int:
        """Take back the person's last turn: the part of the current turn played so far, or, before
        they have acted in it, their previous turn (or answer) and the bots' turns after it. The game
        is replayed from its record up to that point, so everything else is exactly as it was then.
        Returns how many actions were taken back (0: nothing to take back)."""
        if not self.can_undo_turns:
            return 0
        person = self.humans[0]
        record = GameRecord.of(self.state, start=self.start)
        s = record.initial_state()
        actors = []
        for a in record.actions:
            actors.append(s.actor)
            s.apply_unchecked(a)
        j = len(actors) - 1
        while j >= 0 and actors[j] != person:
            j -= 1
        if j < 0:
            return 0
        while j > 0 and actors[j - 1] == person:
            j -= 1
        self.state = record.replay(upto=j)
        self.stuck = ""
        self._make_bots()  # no bot keeps plans made for the turns taken back
        self._autosave()
        return len(actors) - j

    # ---------------------------------------------------------------- queries
    @property
    def humans(self) -> list[int]:
        return [i for i, w in enumerate(self.seats) if w == HUMAN]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def human_to_act(self) -> int:
        """The human seat that must act now, or -1 (a bot acts, or the game is over)."""
        s = self.state
        return s.actor if not s.is_over and self.is_human(s.actor) else -1

    # ---------------------------------------------------------------- acting
    def apply(self, action: Action | str) -> None:
        """Apply one action (checked by the engine; IllegalAction leaves everything as it was)."""
        self.state.apply(action)
        self._autosave()

    def apply_all(self, actions: list[Action]) -> Outcome:
        """Apply actions in order until one is refused."""
        out = Outcome()
        for a in actions:
            try:
                self.apply(a)
            except IllegalAction as e:
                out.refused = e
                break
            out.applied.append(a)
        return out

    def meld_actions(self, cards: list[int]) -> list[Action]:
        """The actions that lay ``cards`` as one new meld: one action when the engine takes it that
        way (black threes go down all at once), otherwise the engine's meld plan, a card at a time."""
        whole = Action(Op.MELD, tuple(cards))
        if len(cards) > 3 and self.state.why_illegal(whole) is None:
            return [whole]
        return self.state.meld_plan(cards)

    def meld(self, cards: list[int]) -> Outcome:
        """Lay ``cards`` as one new meld (see :meth:`meld_actions`)."""
        return self.apply_all(self.meld_actions(cards))

    def add(self, cards: list[int], meld: int) -> Outcome:
        return self.apply_all(self.state.meld_plan(cards, meld))

    def bot_step(self) -> Action | None:
        """Let the bot whose turn it is act once; None when a human must act or the game is over."""
        s = self.state
        if s.is_over or self.is_human(s.actor):
            return None
        seat = s.actor
        legal = s.legal_actions()
        if not legal:  # rules under which the game cannot go on (an engine limit): stop, do not crash
            self.stuck = w("tui.stuck_seat", seat=seat)
            return None
        a = self.bots[seat].choose(view(s, seat), legal)
        if s.why_illegal(a) is not None:  # a bot bug must not stop the game
            a = legal[0]
        self.apply(a)
        return a

    def hint(self, seat: int) -> tuple[Action, str, bool]:
        """The hard bot's suggestion for ``seat`` with its reason, and whether it is the fallback."""
        if self._hint_bot is None:
            self._hint_bot, self._hint_fallback = make_bot("expert", 12345)
        s = self.state
        a = self._hint_bot.choose(view(s, seat), s.legal_actions())
        return a, self._hint_bot.explain(), self._hint_fallback

    def hint_words(self, seat: int) -> tuple[str, bool]:
        """The hint as a player would say it (``Discard 7♥: probably safe, your left-hand opponent has not
        taken a 7.``), and whether it is the fallback's: the expert bot's move and its reason, both
        in the words of :mod:`canasta.bots.explain` (the same as the browser's hint)."""
        key = (seat, self.state.hand_no, self.state.nactions)
        if self._hint_words is not None and self._hint_words[0] == key:
            return self._hint_words[1]  # asked twice: the same answer (the search samples at random)
        a, why, fallback = self.hint(seat)
        said = getattr(self._hint_bot, "explanation", None)
        explained = said() if said is not None and not fallback else None
        if explained is not None:
            why = explained.say(active().text)  # in the player's language
        elif fallback or not why:
            text = symbols(str(a))
            why = f"{text[:1].upper()}{text[1:]}."
        self._hint_words = (key, (why, fallback))
        return self._hint_words[1]
