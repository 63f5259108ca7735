"""The examples run: a few steps of each (the full runs take minutes and are not in CI)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_the_policy_gradient_example_trains_evaluates_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("matplotlib")
    spec = importlib.util.spec_from_file_location("pg", EXAMPLES / "shedding_policy_gradient.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    curve = module.main(["--episodes", "4", "--every", "2", "--eval", "2", "--plot", str(tmp_path / "c.png")])
    assert [e for e, _ in curve] == [0, 2, 4] and all(0 <= w <= 1 for _, w in curve)
    assert (tmp_path / "c.png").stat().st_size > 0


def test_the_league_example_trains_saves_a_policy_and_ladders_it(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    spec = importlib.util.spec_from_file_location("league", EXAMPLES / "shedding_league.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "p.npz"
    result = module.main(["--minutes", "0.02", "--snapshot", "5", "--ladder", "4", "--out", str(out)])
    assert result["ladder_games"] == 4 and 0 <= result["policy_wins"] <= 4 and result["games_trained"] > 0
    from houserules.bots import make

    assert make("shedding", f"policy:{out}", 0).name == f"policy:{out}"  # the saved file is a bot
