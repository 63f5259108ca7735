"""Simulation and the ladder as Ray tasks: the same results as the process pool, a clear error without Ray."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from houserules.cli import app
from houserules.sim import SimConfig, simulate
from houserules.sim.ladder import LadderConfig, run
from houserules.sim.parallel import RayMissing, run_jobs


def test_without_ray_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(RayMissing, match=r"houserules\[ray\]"):
        run_jobs(divmod, [(7, 2)], ray="")
    result = CliRunner().invoke(app, ["sim", "shedding", "--games", "2", "--ray", "local"])
    assert result.exit_code == 2 and "pip install 'houserules[ray]'" in result.output


@pytest.mark.slow
def test_a_small_local_ray_run_matches_the_process_pool() -> None:
    pytest.importorskip("ray")
    config = SimConfig("king-taco", 40, {"players": 3}, ("random", "heuristic", "random"), seed=5, workers=2)
    pool, _ = simulate(config)
    on_ray, _ = simulate(config, ray="")
    for name in ("games", "actions", "draws", "wins_by_seat", "wins_by_bot", "penalties", "lengths", "stats"):
        assert getattr(pool, name) == getattr(on_ray, name), name
    ladder = LadderConfig("shedding", ("random", "heuristic", "ismcts:3"), 6, {"players": 2}, workers=2)
    assert run(ladder, ray="") == run(ladder)
