"""The PettingZoo AEC environment: ``canasta.rl.env(preset, **house_rules)``.

Agents ``player_0`` .. ``player_{N-1}`` are the seats. The agent to act is the engine's actor: a
player's turn is several steps (draw, melds, discard), and the partner answers "may I go out?". Each
observation is a dict: ``"observation"``, the seat's tensor (:class:`canasta.rl.observation.Observer`),
and ``"action_mask"``, ``int8`` over the action space (:class:`canasta.rl.actions.ActionSpace`; all
zeros for an agent not to act). An illegal action raises :class:`ActionSpaceError` and changes
nothing. ``render()`` shows the table as the seat to act sees it, and its legal actions.

>>> from canasta.rl import env
>>> e = env("classic")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('player_1', (818,), 1)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..bots.base import Bot
from ..sim import MAX_HANDS
from ..views import view
from .core import Episode, Options, Spaces, make_options

RENDER_MODES = ("human", "ansi")


RENDER_MODES = ("human", "ansi")


class CanastaEnv(AECEnv):  # type: ignore[misc]
    """Canasta as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "canasta_v0",
                                          "is_parallelizable": False}

    def __init__(self, preset: str = "gvr-club", *, max_hands: int = MAX_HANDS, reward: str = "win",
                 render_mode: str | None = None, **house_rules: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.options: Options = make_options(preset, max_hands, reward, **house_rules)
        r = self.options.rules
        sp = Spaces.of(r)
        self.space, self.observer = sp.actions, sp.observer
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(r.players)]
        self.agents = self.possible_agents[:]
        size = self.observer.size
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.episode: Episode | None = None
        self._rng = random.Random()

    # ------------------------------------------------------------------ the AEC API
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> Any:
        """The engine's :class:`~canasta.state.GameState` (everything, hidden cards included: for
        bots through :func:`canasta.views.view` and for analysis, not for an agent's input)."""
        return self._episode().state

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() first")
        return self.episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` deals it (as ``GameState.new``: the same seed, the same deals).
        ``options`` may hold ``dealer`` (a seat)."""
        if seed is not None:
            self._rng.seed(seed)
        deal_seed = seed if seed is not None else self._rng.getrandbits(63)
        dealer = int((options or {}).get("dealer", 0))
        self.episode = Episode.new(self.options, deal_seed, dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.episode.state.actor]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        ep = self._episode()
        seat = self.possible_agents.index(agent)
        ids = ep.legal()[0] if seat == ep.state.actor else []
        return {"observation": self.observer.tensor(ep.state, seat), "action_mask": self._mask(ids)}

    def action_mask(self) -> npt.NDArray[np.int8]:
        """The mask of the agent to act (as ``observe(agent_selection)["action_mask"]``)."""
        return self._mask(self._episode().legal()[0])

    def _mask(self, ids: list[int]) -> npt.NDArray[np.int8]:
        # a fresh array at every call (the API's); set in a bytearray, a third of NumPy's indexing
        b = bytearray(self.space.size)
        for i in ids:
            b[i] = 1
        return np.frombuffer(b, dtype=np.int8)

    def bot_action(self, bot: Bot) -> int:
        """The action id ``bot`` (a ``canasta.bots`` bot started for the seat to act: ``make_bot``,
        ``bot.start(rules, seat)``) chooses now, from the seat's view and the legal actions, as in
        every match: our bots as opponents or partners of an agent."""
        s = self._episode().state
        return self.space.id_of(s, bot.choose(view(s, s.actor), s.legal_actions()))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: an action id, not None")
        ep = self._episode()
        got = ep.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if got is not None:
            for seat, x in enumerate(got):
                self.rewards[self.possible_agents[seat]] = x
        if ep.done:
            end = self.truncations if ep.truncated else self.terminations
            for a in self.agents:
                end[a] = True
        else:
            self.agent_selection = self.possible_agents[ep.state.actor]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the seat to act sees it, and its legal actions (``"ansi"``: returned,
        ``"human"``: printed)."""
        ep = self._episode()
        s = ep.state
        seat = s.actor if not s.is_over else 0
        text = self.observer.string(s, seat)
        ids, actions = ep.legal()
        if ids:
            text += "\nlegal: " + ", ".join(f"{i}={a}" for i, a in zip(ids, actions, strict=True))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(preset: str = "gvr-club", **kwargs: Any) -> CanastaEnv:
    """``CanastaEnv(preset, **kwargs)``: ``max_hands``, ``reward`` (``"win"`` or ``"points"``),
    ``render_mode`` (``"human"`` or ``"ansi"``) and house rules (``players=3``, any rule option)."""
    return CanastaEnv(preset, **kwargs)


__all__ = ["CanastaEnv", "env"]
