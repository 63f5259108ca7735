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
