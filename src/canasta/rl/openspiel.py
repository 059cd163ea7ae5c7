"""Canasta as an OpenSpiel game: ``import canasta.rl.openspiel`` registers it as :data:`GAME_NAME`.

>>> import pyspiel
>>> import canasta.rl.openspiel as cos
>>> game = pyspiel.load_game(cos.GAME_NAME, {"preset": "classic", "max_hands": 1})
>>> game.num_players(), game.num_distinct_actions(), game.observation_tensor_size()
(4, 384, 818)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 256)

Parameters: ``preset`` (a rule set's name), ``players`` (0: the preset's), ``max_hands``, ``reward``
(``"win"`` or ``"points"``, as :mod:`canasta.rl.core` says) and ``house_rules``: rule options as
``name:value`` pairs separated by ``;`` (``"go_out_canastas:1;stock_draw:1"``; a value is read as
JSON where it can be, else as text; options whose values are lists are set through the Python
constructor, ``CanastaGame({"house_rules": {...}})``, whose game string then does not round-trip).

**Chance.** The deal is chance: the first four moves of the game are chance nodes of 256 outcomes
each, the bytes of the game's seed (uniform: 2**32 seeds); every hand's shuffle and cut follow from
it exactly as in ``GameState.new(rules, seed)`` (``engine.common.hand_seed``: the hands of a game
are dealt from its seed and the hand's number). No player sees the seed: the observations hold only
what the seats see. So a game is the same game as ``canasta match`` or ``canasta play`` with that
seed, and ``canasta.rl.openspiel.seed_actions(seed)`` are the chance moves that deal it.

**Observations.** ``observation_tensor`` and ``observation_string`` are the seat's observation
(:class:`canasta.rl.observation.Observer`, from ``views.seat_view``). The information state adds
what the seat remembers: ``information_state_string`` is the observation and the table log of every
hand as the seat saw it (perfect recall: others' draws only as counts), ``information_state_tensor``
the observation and, per seat, the cards known to be in that hand, the ranks it discarded this hand,
and the cards the seat has not seen (``canasta.bots.knowledge``: the facts of the hand's log are
kept by the episode and read on from the events since the last ask, not rebuilt from the log).

**Resampling.** ``resample_from_infostate(player, sampler)`` deals the cards ``player`` has not seen
again, at random around what it knows (``canasta.bots.determinize.sample_world``, the Expert's own
worlds), the later hands from a new seed: a state the player cannot tell from this one, for ISMCTS
and other determinising searches. Its history is not the real one (a world has no past moves), and
it serialises as a position; it remembers the hand as the real log showed it (the log's facts are
carried into it, and the player's log for the string), so the player's information state, tensor
and string, is the real state's.

**Serialisation.** A state pickles as its record (the seed, or the starting position, and the moves
in notation) and is replayed when read back.
"""

from __future__ import annotations

import json
import random
from array import array
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt
import pyspiel

from ..bots.determinize import sample_hidden, world_position
from ..errors import RuleError
from ..records import position
from ..sim import MAX_HANDS
from ..state import GameState
from ..views import seat_view, view
from .actions import ActionSpaceError
from .core import REWARDS, Episode, Options, Spaces, make_options
from .encode import Floats, memory

GAME_NAME: Final = "canasta"
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
SEED_BYTES: Final = 4
# the most moves of one hand: every turn draws from the stock or lays the top of the pile on the
# table (a deck's worth of each), and a turn is at most a few moves per card held
HAND_MOVES_PER_CARD: Final = 2 * 3

_DEFAULTS: Final[dict[str, Any]] = {"preset": "gvr-club", "players": 0, "max_hands": MAX_HANDS,
                                    "reward": "win", "house_rules": ""}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Canasta (eight rule sets, exact to the club rule sheets)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def parse_house_rules(text: str | dict[str, Any]) -> dict[str, Any]:
    """``"name:value;name:value"`` (or a dict) as rule options; a value is JSON where it reads as
    JSON (numbers, true/false), else text."""
    if isinstance(text, dict):
        return dict(text)
    out: dict[str, Any] = {}
    for part in str(text).split(";"):
        if not part.strip():
            continue
        name, sep, value = part.partition(":")
        if not sep:
            raise RuleError(f"house rule {part!r}: write it as name:value")
        try:
            out[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[name.strip()] = value.strip()
    return out


def seed_actions(seed: int) -> list[int]:
    """The chance moves that deal the game of ``seed`` (0 <= seed < 2**32)."""
    if not 0 <= seed < 1 << (8 * SEED_BYTES):
        raise ValueError(f"a seed of the OpenSpiel game is 0 to {(1 << (8 * SEED_BYTES)) - 1}, not {seed}")
    return list(seed.to_bytes(SEED_BYTES, "big"))


def game_options(params: dict[str, Any]) -> Options:
    """The episode options of game parameters (``_DEFAULTS`` for those missing)."""
    p = {**_DEFAULTS, **params}
    house = parse_house_rules(p["house_rules"])
    if p["players"]:
        house["players"] = p["players"]
    if p["reward"] not in REWARDS:
        raise RuleError(f"reward must be one of {', '.join(REWARDS)}, not {p['reward']!r}")
    return make_options(p["preset"], int(p["max_hands"]), p["reward"], **house)


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one rule set (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        options = game_options(params)
        r = options.rules
        sp = Spaces.of(r)
        deck = r.packs * (52 + r.jokers_per_pack)
        hand_moves = 2 * deck * HAND_MOVES_PER_CARD * deck
        bound = 1.0 if options.reward == "win" else 50.0 * options.max_hands
        info = pyspiel.GameInfo(
            num_distinct_actions=sp.actions.size,
            max_chance_outcomes=256,
            num_players=r.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=options.max_hands * hand_moves,
        )
        stored = {**_DEFAULTS, **params}
        if isinstance(stored["house_rules"], dict):
            stored["house_rules"] = ";".join(f"{k}:{json.dumps(v)}" for k, v in stored["house_rules"].items())
        super().__init__(_GAME_TYPE, info, stored)
        self.options = options
        self.spaces = sp
        self.observers: dict[bool, CanastaObserver] = {}

    def new_initial_state(self) -> CanastaState:
        return CanastaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CanastaObserver:
        return CanastaObserver(self, iig_obs_type, params)

    def observer(self, perfect_recall: bool) -> CanastaObserver:
        """The game's own observer of the observation (or with ``perfect_recall`` the information
        state), made once: the states' tensors asked from Python are written by it."""
        got = self.observers.get(perfect_recall)
        if got is None:
            got = self.observers[perfect_recall] = CanastaObserver(
                self, pyspiel.IIGObservationType(perfect_recall=perfect_recall))
        return got


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the seed's bytes drawn so far, then the episode."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        self.options = game.options
        self.seed_bytes: list[int] = []
        self.episode: Episode | None = None
        # the player to move (chance, a seat, terminal), kept after every move: OpenSpiel's C++ side
        # asks for it (and is_terminal) several times a step
        self.player = _CHANCE
        n = game.options.rules.players
        self.returns_so_far = [0.0] * n
        self.last_rewards = [0.0] * n
        # a resampled state's past as the resampling seat saw it: (seat, its log until then); its
        # log goes on with the world's events from the world's start (``Episode.start_mark``)
        self.recall: tuple[int, str] | None = None
        # per seat, the text of its log so far and the log mark it reaches (read on at each ask)
        self.texts = _Texts()

    # ------------------------------------------------------------------ the game tree
    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == _TERMINAL

    def settle(self) -> None:
        """Keep the player to move after a change of the episode (a move, a resampling)."""
        ep = self.episode
        self.player = _CHANCE if ep is None else _TERMINAL if ep.done else ep.state.actor

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, 1.0 / 256) for i in range(256)]

    def _legal_actions(self, player: int) -> list[int]:
        ep = self.episode
        if ep is None or player != ep.state.actor:
            return []
        return ep.legal()[0]

    def _apply_action(self, action: int) -> None:
        ep = self.episode
        if ep is None:
            self.seed_bytes.append(int(action))
            if len(self.seed_bytes) == SEED_BYTES:
                seed = int.from_bytes(bytes(self.seed_bytes), "big")
                self.episode = Episode.new(self.options, seed)
                self.settle()
            return
        got = ep.step(int(action))
        self.player = _TERMINAL if ep.done else ep.state.actor
        if got is None:
            if any(self.last_rewards):
                self.last_rewards = [0.0] * len(self.last_rewards)
            return
        self.last_rewards = got
        self.returns_so_far = [x + y for x, y in zip(self.returns_so_far, got, strict=True)]

    # ------------------------------------------------------------------ asked from Python
    # A loop in Python (OpenSpiel's rl_environment, a learner's own) asks these at every step. The
    # base class answers each through OpenSpiel's C++ side, which calls back into Python several
    # times (the legal actions: four callbacks; a tensor: a new initial state and a write into it
    # to learn the tensor's shape, then the write, then a copy into a C++ vector). Here a decision
    # of the player to move is answered in Python with the same values (``tests/test_rl.py``
    # compares them with the base class's); anything else (a chance node, the end, another
    # player) is the base class's. C++ callers (OpenSpiel's C++ algorithms) use the C++ path.
    def legal_actions(self, player: int | None = None) -> list[int]:
        ep = self.episode
        if ep is not None and self.player >= 0 and (player is None or player == self.player):
            return list(ep.legal()[0])
        return super().legal_actions() if player is None else super().legal_actions(player)  # type: ignore[no-any-return]

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        ep = self.episode
        if ep is not None and self.player >= 0 and (player is None or player == self.player):
            mask = [0] * ep.space.size
            for i in ep.legal()[0]:
                mask[i] = 1
            return mask
        return super().legal_actions_mask() if player is None else super().legal_actions_mask(player)  # type: ignore[no-any-return]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(True, player)

    def _tensor(self, perfect_recall: bool, player: int | None) -> list[float]:
        p = self.player if player is None else player
        if self.episode is None or not 0 <= p < self.options.rules.players:
            cls = pyspiel.State
            base = cls.information_state_tensor if perfect_recall else cls.observation_tensor
            return base(self) if player is None else base(self, player)  # type: ignore[no-any-return]
        obs = self.get_game().observer(perfect_recall)
        obs.set_from(self, p)
        out: list[float] = obs.tensor.tolist()
        return out

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self.seed_bytes) + 1}: {action}"
        ep = self.episode
        if ep is not None and not ep.done:
            try:
                return str(ep.action(int(action)))
            except ActionSpaceError:
                pass
        return ep.space.describe(int(action)) if ep is not None else str(action)

    def rewards(self) -> list[float]:
        return list(self.last_rewards)

    def returns(self) -> list[float]:
        return list(self.returns_so_far)

    def __str__(self) -> str:
        """Everything (every hand, the stock): for debugging; two states are the same game position
        exactly when their strings are equal."""
        ep = self.episode
        if ep is None:
            return f"seed bytes {self.seed_bytes}"
        s = ep.state
        obs = Spaces.of(self.options.rules).observer
        lines = [obs.string(s, seat) for seat in range(self.options.rules.players)]
        lines.append(f"stock (top last): {' '.join(map(str, s.stock))}")
        lines.append(f"moves {s.nactions}, returns {self.returns_so_far}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ determinisation
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CanastaState:
        """A state ``player_id`` cannot tell from this one: the cards it has not seen dealt again
        (``determinize.sample_world``) and later hands from a new seed (see the module docstring)."""
        ep = self.episode
        if ep is None or ep.done:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        r = self.options.rules
        v = view(ep.state, player_id)
        k = ep.knowledge(player_id)  # (analyse(v), but remembering a resampled state's past)
        hands, stock, pile = sample_hidden(k, r, rng)
        start = world_position(v, r, k, hands, stock, pile, seed=rng.getrandbits(32))
        other = CanastaState(self.get_game())
        new = Episode(self.options, position(start), start=start)
        new.hands, new.ended = ep.hands, ep.ended
        new.carry_facts(ep)  # the hand as this game's log showed it
        other.seed_bytes = list(self.seed_bytes)
        other.episode = new
        other.settle()
        other.recall = (player_id, self.seat_log(player_id))
        other.returns_so_far = list(self.returns_so_far)
        other.last_rewards = list(self.last_rewards)
        return other

    def seat_log(self, seat: int) -> str:
        """The table log of the game as ``seat`` saw it (a resampled state: its past, then the
        world's), as :func:`seat_log` writes it: the text of the last ask and the events since."""
        ep = self.episode
        if ep is None:
            return ""
        got = self.texts.get(seat)
        if got is None:
            recall = self.recall
            got = (recall[1], ep.start_mark) if recall is not None and recall[0] == seat else ("", None)
        text, mark = got
        since = ep.state.events_since(mark)
        if since:
            lines = "\n".join([_event_line(e, seat) for e in since])
            text = f"{text}\n{lines}" if text else lines
            self.texts[seat] = (text, ep.state.log_mark())
        return text


class _Texts(dict[int, tuple[str, object]]):
    """Per seat, the text of its log so far and the game's log mark it reaches. Kept as it is when
    OpenSpiel clones the state (it deep-copies each attribute: the marks are nodes of the game's
    log, which the clone shares), left out when the state is pickled (made again at the next ask)."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Texts:
        return _Texts(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Texts, ())


def _event_line(event: tuple[Any, ...], seat: int) -> str:
    hand, who, what, cards, private = event
    shown = str(len(cards)) if private and who != seat else " ".join(map(str, cards))
    return f"{hand} {who} {what} {shown}"


class CanastaObserver:
    """The observer OpenSpiel asks for tensors and strings (``make_py_observer``): the observation,
    or with perfect recall the information state (see the module docstring)."""

    def __init__(self, game: CanastaGame, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"the canasta observer takes no parameters, not {params!r}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("the canasta observer gives a seat's own view (public and private "
                             "information of a single player) only")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.rules = game.options.rules
        self.observer = game.spaces.observer
        n = self.rules.players
        self.memory = n * 53 + n * 15 + 53 if self.perfect_recall else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(self.observer.size + self.memory, np.float32)
        self._zeros = array("f", bytes(4 * self.memory))
        size = self.observer.size
        self.dict = {"observation": self.tensor[:size]}
        if self.perfect_recall:
            self.dict.update({"known": self.tensor[size:size + n * 53],
                              "discarded": self.tensor[size + n * 53:size + n * 68],
                              "unseen": self.tensor[size + n * 68:]})

    def set_from(self, state: CanastaState, player: int) -> None:
        t = self.tensor
        ep = state.episode
        if ep is None:
            t.fill(0.0)
            return
        v = seat_view(ep.state, player)
        self.observer.write(v, t)  # (every float of the observation)
        if self.perfect_recall:
            # what the seat knows, from the hand's log read on since the last ask (not read again)
            known, discarded, unseen = ep.memory(player, v)
            size = self.observer.size
            t.data[size:] = self._zeros
            memory(known, discarded, unseen, player, cast(Floats, t.data), size)

    def string_from(self, state: CanastaState, player: int) -> str:
        ep = state.episode
        if ep is None:
            return f"seat {player}: the deal is being drawn"
        text: str = self.observer.string(ep.state, player)
        if self.perfect_recall:
            text += "\n" + state.seat_log(player)
        return text


def seat_log(s: GameState, seat: int) -> str:
    """The table log of every hand as ``seat`` saw it, one event a line: another seat's private
    event (a draw) shows only how many cards, as in ``views.public_log``."""
    return "\n".join(_event_line(e, seat) for e in s.events())


pyspiel.register_game(_GAME_TYPE, CanastaGame)

__all__ = ["GAME_NAME", "CanastaGame", "CanastaObserver", "CanastaState", "game_options",
           "parse_house_rules", "seed_actions"]
