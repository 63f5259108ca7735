"""PettingZoo environments for every game with an encoding.

    from houserules.envs.pettingzoo import env
    e = env("shedding", players=4, render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        mask = obs["action_mask"]
        e.step(None if terminated or truncated else int(mask.nonzero()[0][0]))

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). The agent
selected is the seat the game asks (the first one, when several seats are
asked at once, as in the simulator). Observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` built from
the agent's view only (the game's encoding, engine/encoding.py); actions are
indices into the game's documented index space. Rewards come at the end:
+1 for a win (shared by joint winners), -1 spread over the seats that lost,
0 for all when nobody or everybody won (zero-sum, envs/common.py); a game
its turn limit cut off undecided ends every agent *truncated*, not terminated.
A game with time (Mao) has one more index, ``wait``: let the table's clock
run on to the rules' next deadline (engine/encoding.py, docs/programs.md).
``attempts=True`` (Mao) opens the table: every seat has its go in seat
order, whatever the rules ask, and may make any attempt a person could make
(judged by the referee) or pass (envs/common.py).
``reset(seed=s)`` deals game seed ``s``: the same seed, the same game.

Bad input is a ``GameError`` (a ValueError) with one line: an index outside
the space or not legal now, a step after the game is over.

``parallel_env(game, ...)`` offers the same game through PettingZoo's
Parallel API, for every game, by PettingZoo's own
``turn_based_aec_to_parallel``: each step takes an action from every live
agent but uses only the acting agent's (``infos[agent]["active_agent"]``
names it; every other agent's action mask is all zeros and its action is
ignored). That is the honest fit: these games are turn-based, a reaction
window asks its seats one at a time (what a later one sees depends on the
earlier answers), and Mao's duties race against one clock, so no step has
several simultaneous decisions to gather. The conversion that would run a
true simultaneous step (``aec_to_parallel``) needs every agent to act in
a fixed cycle, which no game here does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import turn_based_aec_to_parallel  # type: ignore[import-untyped]

from ..engine.core import GameError
from .common import EncodedGame
from .run import Agent, Run, play


class HouseRulesAEC(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "houserules_v0", "is_parallelizable": False}

    def __init__(self, game: str = "shedding", players: int | None = None, render_mode: str | None = None,
                 **options: Any):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise GameError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.table = EncodedGame(game, players, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"houserules_{self.table.game.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{s}" for s in range(self.table.players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        obs = self.table.space()
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.act_size) for a in self.possible_agents}
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._rng.randrange(2**31)
        for a in self.possible_agents:
            self.action_spaces[a].seed(None if seed is None else seed + self.agent_name_mapping[a])
        self.table.new(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.seat_to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(self.agent_name_mapping[agent])

    def step(self, action: Any) -> None:
        if not self.agents:
            raise GameError("the game is over and every agent is done: reset the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.table.act(self.agent_name_mapping[agent], action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.table.over:
            cut = self.table.truncated  # a turn limit: truncated, not terminated (envs/common.py)
            for a, r in zip(self.possible_agents, self.table.rewards()):
                self.rewards[a] = r
                self.terminations[a] = not cut
                self.truncations[a] = cut
            self.infos = {a: {"result": self.table.result_json()} for a in self.agents}
        else:
            self._select()
        if self.table.shaped:  # penalty cards as they are given, to whoever is given them
            for a in self.agents:
                self.rewards[a] += self.table.shaping(self.agent_name_mapping[a])
        self._accumulate_rewards()

    def action_features(self, agent: str) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """``agent``'s legal actions now, as indices and a few features each, beside the mask
        (``EncodedGame.action_features``: ``int64[n]``, ``float32[n, blocks + 3]``)."""
        return self.table.action_features(self.agent_name_mapping[agent])

    def run(self, agents: Sequence[Agent], seed: int = 0) -> Run:
        """RLCard's ``env.run()``: one whole game of this env's table with ``agents[i]`` at seat ``i``;
        each seat's trajectory and the payoffs (envs/run.py). The env must be reset before stepping again."""
        self.agents = []
        return play(self.table, agents, seed)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.table.seat_to_act()
        return self.table.render_text(seat if seat is not None else None)

    def close(self) -> None:
        pass


def env(game: str = "shedding", players: int | None = None, render_mode: str | None = None,
        **options: Any) -> HouseRulesAEC:
    """The AEC environment of ``game`` (options as keyword arguments, e.g. ``hand_size=7``)."""
    return HouseRulesAEC(game, players, render_mode, **options)



def parallel_env(game: str = "shedding", players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> ParallelEnv:
    """The Parallel-API environment of ``game``: only the acting agent's action is used (see above)."""
    return turn_based_aec_to_parallel(env(game, players, render_mode, **options))
