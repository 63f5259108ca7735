"""RL-clean episodes: a reset hands over a decision, a turn limit truncates, ties are zero-sum."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from houserules.engine.core import Ending, Result  # noqa: E402
from houserules.envs.common import cut_short, payoffs  # noqa: E402
from houserules.envs.gymnasium import SingleAgentEnv  # noqa: E402
from houserules.envs.pettingzoo import env  # noqa: E402


def test_reset_deals_again_when_the_bots_finish_before_the_learner_is_asked() -> None:
    # with this seed the heuristic at seat 0 goes out before seat 1 is ever asked: before the
    # fix, reset handed over a finished game whose mask was empty
    e = SingleAgentEnv("shedding", players=2, opponents=("heuristic",), seat=1)
    obs, info = e.reset(seed=26)
    assert info["redeals"] == 1
    assert obs["action_mask"].any() and not e.table.over
    _, again = SingleAgentEnv("shedding", players=2, opponents=("heuristic",), seat=1).reset(seed=26)
    assert again == info  # the redeal is reproducible


def test_every_reset_of_many_hands_the_learner_a_decision() -> None:
    e = SingleAgentEnv("shedding", players=2, opponents=("heuristic",), seat=1)
    for seed in range(120):
        obs, _ = e.reset(seed=seed)
        assert obs["action_mask"].any(), seed


def test_a_turn_limit_truncates_the_gymnasium_episode_with_reward_zero() -> None:
    e = SingleAgentEnv("king-taco", players=2, opponents=("random",), max_turns=3)
    obs, _ = e.reset(seed=1)
    rng = random.Random(1)
    for _ in range(1000):
        obs, reward, terminated, truncated, info = e.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert info["result"]["reason"] == "turn limit"


def test_a_turn_limit_truncates_every_pettingzoo_agent() -> None:
    e = env("king-taco", players=3, max_turns=3)
    e.reset(seed=2)
    rng = random.Random(2)
    ends = {}
    for agent in e.agent_iter(max_iter=10_000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated, reward)
        e.step(None if terminated or truncated else rng.choice(obs["action_mask"].nonzero()[0].tolist()))
    assert set(ends.values()) == {(False, True, 0.0)} and len(ends) == 3


def test_ties_are_zero_sum_one_way_everywhere() -> None:
    assert payoffs(Result((0, 1, 2), Ending.BLOCKED), 3) == [0.0, 0.0, 0.0]  # all won: nobody did
    assert payoffs(Result((), Ending.TURN_LIMIT), 3) == [0.0, 0.0, 0.0]
    assert payoffs(Result((0, 2), Ending.BLOCKED), 4) == [0.5, -0.5, 0.5, -0.5]
    for winners in [(0,), (1, 2), (0, 1, 2)]:
        assert sum(payoffs(Result(winners, Ending.WENT_OUT), 4)) == pytest.approx(0.0)
    assert cut_short(Result((), Ending.TURN_LIMIT))
    assert not cut_short(Result((1,), Ending.TURN_LIMIT, said="turn limit (200 turns)"))  # scored: a real end
    assert not cut_short(Result((), Ending.BLOCKED, said="turn limit"))  # the words are not read
