"""Every game is a registered Gymnasium environment: ``gymnasium.make("houserules/<game>-v0")``."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import houserules.envs  # noqa: E402
from houserules.engine import registry  # noqa: E402


@pytest.mark.parametrize("name", [n for n in registry.names() if registry.spec(n).encoding])
def test_gymnasium_make_finds_every_game(name: str) -> None:
    players = max(2, registry.spec(name).players[0])
    env = gymnasium.make(f"houserules/{name}-v0", players=players)
    obs, info = env.reset(seed=1)
    assert obs["action_mask"].any() and "seed" in info
    assert env.unwrapped.table.game.name == name
    env.close()
    assert f"houserules/{name}-v0" in houserules.envs.gymnasium_ids()


def test_the_module_form_needs_no_import_first() -> None:
    code = ("import gymnasium; e = gymnasium.make('houserules.envs:houserules/king-taco-v0', players=2); "
            "print(e.reset(seed=0)[0]['observation'].shape)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(641,)"  # the pending choices include a house rule's target (KT-HR-7)


@pytest.mark.parametrize("name", [n for n in registry.names() if registry.spec(n).encoding])
def test_every_game_registers_a_step_limit_that_truncates(name: str) -> None:
    players = max(2, registry.spec(name).players[0])
    assert gymnasium.spec(f"houserules/{name}-v0").max_episode_steps == houserules.envs.EPISODE_STEPS[name]
    env = gymnasium.make(f"houserules/{name}-v0", players=players, max_episode_steps=2)
    obs, _ = env.reset(seed=3)
    for step in range(2):
        obs, _, terminated, truncated, _ = env.step(int(obs["action_mask"].nonzero()[0][0]))
        if terminated:
            return  # the game ended first
    assert truncated


def test_action_masks_reach_through_gymnasiums_wrappers_as_booleans() -> None:
    env = gymnasium.make("houserules/king-taco-v0", players=2, opponents=("club",))
    obs, _ = env.reset(seed=2)
    masks = env.get_wrapper_attr("action_masks")()
    assert masks.dtype == bool and (masks == obs["action_mask"].astype(bool)).all() and masks.any()
    maskable = pytest.importorskip("sb3_contrib.common.maskable.utils", reason="sb3-contrib is the [ppo] extra")
    assert maskable.is_masking_supported(env) and (maskable.get_action_masks(env) == masks).all()


def test_make_vec_plays_several_tables_and_gives_every_mask() -> None:
    envs = gymnasium.make_vec("houserules/shedding-v0", num_envs=3, players=2, opponents=("club",))
    obs, _ = envs.reset(seed=5)
    assert obs["observation"].shape == (3, 179)
    masks = envs.call("action_masks")
    assert len(masks) == 3 and all((m == o.astype(bool)).all() for m, o in zip(masks, obs["action_mask"]))
    obs, rewards, *_ = envs.step([int(np.flatnonzero(m)[0]) for m in masks])
    assert rewards.shape == (3,)
    envs.close()
