"""RLCard's env.run(): a seated list of agents plays one game; trajectories and zero-sum payoffs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from houserules.bots import make
from houserules.engine.core import GameError
from houserules.envs.common import EncodedGame, payoffs
from houserules.envs.pettingzoo import env
from houserules.envs.run import run


def first_legal(seen: Any) -> int:
    return int(np.flatnonzero(seen["action_mask"])[0])


@pytest.mark.parametrize("game", ["shedding", "king-taco", "cripple-mr-onion", "bpoker", "mao"])
def test_every_seat_gets_its_decisions_and_the_payoffs_sum_to_zero(game: str) -> None:
    players = EncodedGame(game).players
    agents: list[Any] = ["random"] * players
    trajectories, pay = run(game, agents, seed=4)
    assert len(trajectories) == len(pay) == players
    assert abs(sum(pay)) < 1e-9
    size = EncodedGame(game).act_size
    for seat, steps in enumerate(trajectories):
        for step in steps:
            assert step.action == -1 or step.action_mask[step.action] == 1  # a legal choice, indexed
            assert step.action < size
        assert [s.reward for s in steps[:-1]] == [0.0] * (len(steps) - 1)
        if steps:
            assert steps[-1].reward == pay[seat]


def test_callables_bots_and_specs_sit_together_and_the_game_is_the_seeds() -> None:
    agents: list[Any] = [first_legal, make("shedding", "heuristic", 1), "random"]
    a, b = run("shedding", agents, seed=9), run("shedding", [first_legal, make("shedding", "heuristic", 1), "random"],
                                                    seed=9)
    assert [[s.action for s in t] for t in a.trajectories] == [[s.action for s in t] for t in b.trajectories]
    t = EncodedGame("shedding", 3)
    t.new(9)
    seat = t.seat_to_act()
    assert seat is not None
    first = a.trajectories[seat][0]
    assert np.array_equal(first.observation, t.observe(seat)["observation"])  # the seat's view, encoded
    assert a.payoffs == payoffs(None, 3) or sorted(a.payoffs)[-1] > 0


def test_the_pettingzoo_env_runs_its_own_table() -> None:
    e = env("shedding", players=2)
    trajectories, pay = e.run(["heuristic", "random"], seed=2)
    assert len(trajectories) == 2 and sum(pay) == 0
    e.reset(seed=0)  # and steps again after a reset
    assert e.agents == ["player_0", "player_1"]


def test_bad_agents_are_one_line() -> None:
    with pytest.raises(GameError, match="agent is a bot spec"):
        run("shedding", [3, "random"])  # type: ignore[list-item]
    with pytest.raises(GameError, match="no 'genius' bot"):
        run("shedding", ["genius", "random"])
    with pytest.raises(GameError, match="one seat per agent"):
        run("shedding", ["random", "random"], players=2)
    with pytest.raises(GameError, match="not legal"):
        run("shedding", [lambda seen: int(np.flatnonzero(seen["action_mask"] == 0)[0]), "random"])
