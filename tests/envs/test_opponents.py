"""Opponents and agents as live objects: a bot, a callable, an RLCard agent, beside bot specs."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from houserules.bots import make  # noqa: E402
from houserules.engine.core import GameError  # noqa: E402
from houserules.envs.gymnasium import SingleAgentEnv  # noqa: E402
from houserules.envs.run import run  # noqa: E402


class StandIn:
    """RLCard's agent interface (``rlcard.agents.RandomAgent``'s): ``step`` while training,
    ``eval_step`` otherwise, both reading ``state["legal_actions"]``, an OrderedDict of indices."""

    use_raw = False

    def __init__(self) -> None:
        self.steps = self.evals = 0

    def step(self, state: dict[str, Any]) -> int:
        assert isinstance(state["legal_actions"], OrderedDict) and state["obs"].ndim == 1
        self.steps += 1
        return list(state["legal_actions"])[-1]

    def eval_step(self, state: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.evals += 1
        legal = list(state["legal_actions"])
        return legal[0], {"probs": {a: 1 / len(legal) for a in legal}}


def test_a_bot_a_callable_and_an_rlcard_agent_sit_as_opponents() -> None:
    bot, calls, rlcard_agent = make("shedding", "club", 1), [], StandIn()

    def first(seen: Any) -> int:
        calls.append(1)
        return int(np.flatnonzero(seen["action_mask"])[0])

    chose: list[Any] = []
    real = bot.choose
    bot.choose = lambda view, legal: chose.append(1) or real(view, legal)  # type: ignore[method-assign]
    env = SingleAgentEnv("shedding", players=4, opponents=(bot, first, rlcard_agent))
    for episode in range(3):
        obs, _ = env.reset(seed=episode)
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            done = terminated or truncated
    assert chose and calls and rlcard_agent.evals and not rlcard_agent.steps


def test_bad_opponents_are_one_line_errors() -> None:
    with pytest.raises(GameError, match="an agent is a bot spec, a bot, a callable or an RLCard agent"):
        SingleAgentEnv("shedding", opponents=(3,))  # type: ignore[arg-type]
    with pytest.raises(GameError, match=r"write \('club',\)"):
        SingleAgentEnv("shedding", opponents="club")
    with pytest.raises(GameError, match="no 'genius' bot"):
        SingleAgentEnv("shedding", opponents=("genius",))


def test_an_rlcard_agent_plays_in_run_with_eval_step_or_step_when_training() -> None:
    agent = StandIn()
    run("king-taco", [agent, "random"], seed=1)
    assert agent.evals and not agent.steps
    run("king-taco", [agent, "random"], seed=1, training=True)
    assert agent.steps


def test_runs_trajectories_go_through_rlcards_reorganize_as_transitions() -> None:
    """``Run.rlcard()``: each seat's states and actions alternating, its final state last, so
    RLCard's ``reorganize`` makes ``(state, action, reward, next_state, done)`` of it."""
    reorganize = pytest.importorskip("rlcard.utils", reason="RLCard is in [dev] and [bench]").reorganize
    game = run("shedding", [StandIn(), "club"], seed=3)
    transitions = reorganize(game.rlcard(), game.payoffs)
    for seat, mine in enumerate(transitions):
        steps = game.trajectories[seat]
        assert len(mine) == len(steps) > 0
        for (state, action, reward, after, done), step, following in zip(mine, steps, [*steps[1:], None]):
            assert action == step.action and action in state["legal_actions"]
            assert (state["obs"] == step.observation).all()
            if following is None:  # the last: the payoff, and the state at the end (nothing to do)
                assert done and reward == game.payoffs[seat] and not after["legal_actions"]
            else:
                assert not done and reward == 0 and (after["obs"] == following.observation).all()
