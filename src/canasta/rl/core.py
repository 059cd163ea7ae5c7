"""What the PettingZoo environment and the OpenSpiel game share: the options of an episode, its
rewards and one table played by action ids.

An episode is a game of the rule set (the preset with house rules), played to the rules' own end
(the target score, or the hands of a tournament game) but at most ``max_hands`` hands (default
:data:`MAX_HANDS`, as ``canasta simulate``: random play in the American games rarely ends). Rewards:

- ``"win"`` (default): at the end, every seat of the winning side gets +1 and every other seat
  -1/(S-1) with S sides (zero-sum); a game stopped at ``max_hands`` is won by the side ahead (a tie:
  0 for all);
- ``"points"``: at the end of each hand, every seat gets its side's points for the hand less the
  mean of the other sides', divided by 1,000 (also zero-sum): a dense signal for learning.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ..actions import Action
from ..bots.knowledge import Knowledge, LogFacts, knowledge_of, known_unseen
from ..errors import RuleError
from ..presets import cached_rules_from_options
from ..presets import rules as preset_rules
from ..records import position
from ..rules import RuleSet
from ..sim import MAX_HANDS
from ..state import GameState
from ..views import SeatView, seat_view
from .actions import ActionSpace, ActionSpaceError
from .observation import Observer

REWARDS: Final = ("win", "points")
POINTS_SCALE: Final = 1000.0


@dataclass(frozen=True)
class Options:
    """An episode's rule set and how it is played and rewarded."""

    rules: RuleSet
    max_hands: int = MAX_HANDS
    reward: str = "win"

    def __post_init__(self) -> None:
        if isinstance(self.max_hands, bool) or not isinstance(self.max_hands, int) or self.max_hands < 1:
            raise RuleError(f"max_hands must be a whole number of hands, 1 or more, not {self.max_hands!r}")
        if self.reward not in REWARDS:
            raise RuleError(f"reward must be one of {', '.join(REWARDS)}, not {self.reward!r}")


def make_options(preset: str, max_hands: int = MAX_HANDS, reward: str = "win", **house_rules: Any
                 ) -> Options:
    """The options of ``preset`` with ``house_rules`` (``players=...`` among them); a bad rule
    option or value is refused by the engine with its message (``RuleError``)."""
    return Options(preset_rules(preset, **house_rules), max_hands, reward)


class Spaces:
    """The action space and the observer of a rule set, built once and shared by its episodes."""

    _cache: ClassVar[dict[RuleSet, Spaces]] = {}

    def __init__(self, rules: RuleSet) -> None:
        self.actions = ActionSpace(rules)
        self.observer = Observer(rules)

    @classmethod
    def of(cls, rules: RuleSet) -> Spaces:
        got = cls._cache.get(rules)
        if got is None:
            got = cls._cache[rules] = Spaces(rules)
        return got


class Episode:
    """One game played by action ids: the engine's state, its legal ids (listed once per
    position) and the rewards of each step."""

    __slots__ = ("_actions", "_facts", "_ids", "_legal_at", "done", "ended", "hands", "options", "recalled",
                 "space", "start", "start_mark", "state")

    def __init__(self, options: Options, state: GameState, start: dict[str, Any] | None = None) -> None:
        self.options = options
        self.state = state
        self.start = start  # the position the game started from (None: dealt from its seed)
        # the log's mark at that position (None: the log's start); ``_replay`` sets it after replaying
        self.start_mark = None if start is None else state.log_mark()
        self.space = Spaces.of(options.rules).actions
        self.hands = len(state.results)  # hands scored when last stepped
        self.ended = False  # the end's rewards are paid
        # the game is over, or stopped at ``max_hands`` (hands counted from the first, 0): set after
        # every step (OpenSpiel asks for it several times a step)
        self.done = state.is_over or state.hand_no >= options.max_hands
        self._legal_at = -1
        self._ids: list[int] = []
        self._actions: list[Action] = []
        # what the hand's public log proves (bots.knowledge.LogFacts), read on at each ask of
        # ``knowledge``: made at the first ask
        self._facts: LogFacts | None = None
        # a world sampled from a seat's view of another game (``carry_facts``): the facts of that
        # game's log at the start position, which the world's own log does not hold
        self.recalled: LogFacts | None = None

    @classmethod
    def new(cls, options: Options, seed: int | str, dealer: int = 0) -> Episode:
        return cls(options, GameState.new(options.rules, seed=seed, dealer=dealer))

    def clone(self) -> Episode:
        c = Episode.__new__(Episode)
        c.options, c.space, c.state, c.hands = self.options, self.space, self.state.clone(), self.hands
        c.ended, c.start, c.start_mark, c.done = self.ended, self.start, self.start_mark, self.done
        c._legal_at, c._ids, c._actions = self._legal_at, self._ids, self._actions
        c._facts = None if self._facts is None else self._facts.copy()
        c.recalled = self.recalled  # (never changed: read on in a copy)
        return c

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its record: the options, the deal (seed and dealer, or the starting position)
        and the actions in notation (and a sampled world's recalled facts); unpickled by replaying
        them (``pyspiel``'s serialisation)."""
        o, s = self.options, self.state
        recalled = None if self.recalled is None else self.recalled.data()
        return (_replay, (o.rules.options(), o.max_hands, o.reward, s.seed, s.start_dealer, self.start,
                          [str(a) for a in s.history()], self.hands, self.ended, recalled))

    @property
    def truncated(self) -> bool:
        """Stopped at ``max_hands`` before the rules' own end."""
        return not self.state.is_over and self.state.hand_no >= self.options.max_hands

    def legal(self) -> tuple[list[int], list[Action]]:
        """The legal ids (ascending) and their actions; none once the episode is done."""
        s = self.state
        if self._legal_at != s.nactions:
            if self.done:
                self._ids, self._actions = [], []
            else:
                self._ids, self._actions = self.space.legal(s)
            self._legal_at = s.nactions
        return self._ids, self._actions

    def action(self, i: int) -> Action:
        """The legal action of id ``i`` (ActionSpaceError if none)."""
        ids, actions = self.legal()
        lo = bisect_left(ids, i)  # (ids ascending: no dictionary to build per position)
        if lo == len(ids) or ids[lo] != i:
            what = self.space.describe(i) if 0 <= i < self.space.size else "no action"
            raise ActionSpaceError(f"action {i} ({what}) is not legal now")
        return actions[lo]

    def step(self, i: int) -> list[float] | None:
        """Play id ``i``; the rewards per seat it earned (None: none this step)."""
        s = self.state
        s.apply_unchecked(self.action(i))
        self.done = s.is_over or s.hand_no >= self.options.max_hands
        return self.rewards_since()

    def facts(self) -> LogFacts:
        """What the public log of the hand in play proves, up to date (``bots.knowledge.LogFacts``:
        kept from ask to ask, read on from the events since the last)."""
        facts = self._facts
        if facts is None:
            facts = self._facts = LogFacts(self.options.rules)
        return facts.follow(self.state)

    def knowledge(self, seat: int, v: SeatView | None = None) -> Knowledge:
        """What ``seat`` knows now (``bots.knowledge.analyse`` of its view, the same facts), from
        the log's facts kept up to date and ``v``, the seat's ``views.seat_view`` (made if not
        given)."""
        return knowledge_of(self.facts(), seat_view(self.state, seat) if v is None else v,
                            self.options.rules)

    def memory(self, seat: int, v: SeatView) -> tuple[list[list[int]], list[list[int]], list[int]]:
        """What the information state's memory holds of :meth:`knowledge`: the cards known in each
        hand, the ranks each seat discarded this hand, the unseen cards (``known_unseen``: the rest
        of ``Knowledge`` is not made). ``v`` is the seat's ``views.seat_view``; read, not changed."""
        facts = self.facts()
        known, unseen = known_unseen(facts, v, self.options.rules)
        return known, facts.discarded, unseen

    def carry_facts(self, other: Episode) -> None:
        """Remember the hand as ``other``'s log showed it: this new episode is a world sampled from
        a seat's view of ``other`` (its own log starts at the sampled position, which tells less)."""
        self.recalled = other.facts().carry_to(self.state)
        self._facts = self.recalled.copy()

    def rewards_since(self) -> list[float] | None:
        """The rewards earned since the last call (hands scored, the end of the game)."""
        s = self.state
        n = len(s.results)
        if n == self.hands and (self.ended or not self.done):
            return None
        out: list[float] | None = None
        if self.options.reward == "points":
            for res in s.results[self.hands:n]:
                out = _add(out, hand_rewards(self.options.rules, res.totals))
        self.hands = n
        if self.done and not self.ended:
            self.ended = True
            if self.options.reward == "win":
                out = win_rewards(self.options.rules, s)
        return out


def _replay(options: dict[str, Any], max_hands: int, reward: str, seed: int | str, dealer: int,
            start: dict[str, Any] | None, actions: list[str], hands: int, ended: bool,
            recalled: tuple[Any, ...] | None = None) -> Episode:
    opts = Options(cached_rules_from_options(options), max_hands, reward)
    state = position(start) if start is not None else GameState.new(opts.rules, seed=seed, dealer=dealer)
    mark = state.log_mark()
    carried = None if recalled is None else LogFacts.restored(opts.rules, recalled).carry_to(state)
    for a in actions:
        state.apply_unchecked(Action.parse(a))
    ep = Episode(opts, state, start)
    ep.hands, ep.ended = hands, ended
    ep.start_mark = None if start is None else mark
    if carried is not None:
        ep.recalled, ep._facts = carried, carried.copy()
    return ep


def _add(a: list[float] | None, b: list[float]) -> list[float]:
    return b if a is None else [x + y for x, y in zip(a, b, strict=True)]


def hand_rewards(rules: RuleSet, totals: tuple[int, ...] | list[int]) -> list[float]:
    """Per seat: its side's points in the hand less the mean of the other sides', / 1,000."""
    s = rules.sides
    if s < 2:
        return [0.0] * rules.players
    total = sum(totals)
    side = [(totals[x] - (total - totals[x]) / (s - 1)) / POINTS_SCALE for x in range(s)]
    return [side[seat % s] for seat in range(rules.players)]


def win_rewards(rules: RuleSet, state: GameState) -> list[float]:
    """Per seat: +1 on the winning side, -1/(S-1) elsewhere; the side ahead wins a game stopped early;
    a tie for the lead: 0 for all."""
    s = rules.sides
    winner = state.winner
    if winner < 0:
        best = max(state.scores)
        leaders = [x for x in range(s) if state.scores[x] == best]
        if len(leaders) != 1:
            return [0.0] * rules.players
        winner = leaders[0]
    return [1.0 if seat % s == winner else -1.0 / (s - 1) for seat in range(rules.players)]


__all__ = ["MAX_HANDS", "REWARDS", "Episode", "Options", "Spaces", "hand_rewards", "make_options",
           "win_rewards"]
