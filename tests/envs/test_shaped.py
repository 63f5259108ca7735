"""shaped=True (Mao): penalty cards as negative reward, so a learner sees a signal before the turn limit."""

from __future__ import annotations

import numpy as np
import pytest

from houserules.engine.core import GameError
from houserules.envs.common import PENALTY_REWARD, EncodedGame
from houserules.envs.gymnasium import SingleAgentEnv
from houserules.envs.pettingzoo import env
from houserules.envs.run import play, run


def penalties(table: EncodedGame, seat: int) -> int:
    return int(table.view(None).penalties[seat])


def test_each_penalty_card_is_a_negative_reward_in_gymnasium() -> None:
    e = SingleAgentEnv("mao", opponents=("random",), shaped=True, illegal="raise")
    obs, _ = e.reset(seed=1)
    rng = np.random.default_rng(0)
    total, before, steps = 0.0, 0, 0
    while steps < 300:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = e.step(action)
        steps += 1
        game_reward = e.table.rewards()[0] if (terminated or truncated) else 0.0
        total += float(reward) - game_reward
        if terminated or truncated:
            break
    given = penalties(e.table, 0) - before
    assert given > 0  # random play in Mao is penalised: the test has something to see
    assert total == pytest.approx(PENALTY_REWARD * given)


def test_without_shaped_mao_rewards_only_the_end() -> None:
    e = SingleAgentEnv("mao", opponents=("random",), illegal="raise")
    obs, _ = e.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(100):
        obs, reward, terminated, truncated, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            break
        assert reward == 0.0


def test_pettingzoo_and_run_shape_every_seat() -> None:
    e = env("mao", shaped=True)
    e.reset(seed=2)
    rng = np.random.default_rng(1)
    seen = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=200):
        obs, reward, terminated, truncated, _ = e.last()
        seen[agent] += float(reward)
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not e.table.over  # mid-game: every reward so far is a penalty's
    assert any(penalties(e.table, s) for s in range(e.table.players))
    for seat, agent in enumerate(e.possible_agents):  # what it was told, and what it has still to hear
        assert seen[agent] + e._cumulative_rewards[agent] == pytest.approx(PENALTY_REWARD * penalties(e.table, seat))
    players = EncodedGame("mao").players
    table = EncodedGame("mao", players, shaped=True)
    trajectories, pay = play(table, ["beginner"] * players, seed=3)
    plain, _ = run("mao", ["beginner"] * players, seed=3)
    assert [[s.action for s in t] for t in trajectories] == [[s.action for s in t] for t in plain]
    shaped = [sum(s.reward for s in t) - p for t, p in zip(trajectories, pay)]
    assert shaped == pytest.approx([PENALTY_REWARD * penalties(table, s) for s in range(players)])
    assert any(shaped)


def test_shaped_needs_a_game_that_counts_penalty_cards() -> None:
    with pytest.raises(GameError, match="counts no penalty cards"):
        EncodedGame("shedding", shaped=True)
    with pytest.raises(GameError, match="shaped is true or false"):
        EncodedGame("mao", shaped="yes")  # type: ignore[arg-type]
