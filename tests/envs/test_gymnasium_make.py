"""Every game is a registered Gymnasium environment: ``gymnasium.make("houserules/<game>-v0")``."""

from __future__ import annotations

import subprocess
import sys

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
