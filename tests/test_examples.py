"""The examples run: a few steps of each (the full runs take minutes and are not in CI)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).parent.parent / "examples"
#: matplotlib (the [rl] extra) draws the curves; without it the examples still train
PLOTS = importlib.util.find_spec("matplotlib") is not None


def example(file: str) -> Any:
    """The example ``file`` loaded as a module (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location(file.removesuffix(".py"), EXAMPLES / file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_policy_gradient_example_trains_evaluates_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("matplotlib")
    module = example("shedding_policy_gradient.py")
    curve = module.main(["--episodes", "4", "--every", "2", "--eval", "2", "--plot", str(tmp_path / "c.png")])
    assert [e for e, _ in curve] == [0, 2, 4] and all(0 <= w <= 1 for _, w in curve)
    assert (tmp_path / "c.png").stat().st_size > 0


@pytest.mark.parametrize("game, options", [("shedding", []), ("cripple-mr-onion", ["-o", "rounds=1"])])
def test_the_league_example_imitates_learns_from_a_teacher_plays_a_league_and_ladders(
        tmp_path: Path, game: str, options: list[str]) -> None:
    pytest.importorskip("gymnasium")
    module = example("league.py")
    out = tmp_path / "p.npz"
    result = module.main(["--game", game, *options, "--imitate", "0.5", "--epochs", "1", "--teach", "0.5",
                          "--teacher", "ismcts:20", "--league", "0.5", "--snapshot", "5", "--hidden", "8",
                          "--check", "2", "--ladder", "4", "--out", str(out)]
                         + (["--curve", str(tmp_path / "c.png")] if game == "shedding" and PLOTS else []))
    phases = [label.split(",")[0] for label, _, _ in result["curve"]]
    assert phases[:2] == ["imitation", "teacher ismcts:20"] and phases[-1] == "league" and result["league_games"] > 0
    assert result["final"]["games"] == 4 and 0 <= result["final"]["wins"] <= 4
    assert game != "shedding" or not PLOTS or (tmp_path / "c.png").stat().st_size > 0
    from houserules.bots import make

    assert make(game, f"policy:{out}", 0).name == f"policy:{out}"  # the saved file is a bot


@pytest.mark.parametrize("game, options", [("shedding", []),
                                           ("cripple-mr-onion", ["-o", "rounds=2", "--reward", "round"])])
def test_the_action_policy_example_plays_out_fits_picks_a_margin_and_ladders(
        tmp_path: Path, game: str, options: list[str]) -> None:
    pytest.importorskip("matplotlib")
    module = example("action_policy.py")
    out, curve = tmp_path / "p.npz", tmp_path / "c.png"
    result = module.main(["--game", game, *options, "--budget", "2", "--round", "3", "--epochs", "1",
                          "--hidden", "4", "--margins", "0,0.5", "--check", "2", "--ladder", "4", "--out", str(out),
                          "--curve", str(curve)])
    assert result["decisions"] >= 3 and result["margin"] in (0.0, 0.5) and result["curve"]
    assert result["final"]["games"] == 4 and curve.stat().st_size > 0
    import numpy as np

    from houserules.bots import make

    assert int(np.load(out)["version"]) == 2 and make(game, f"policy:{out}", 0).name == f"policy:{out}"


def test_the_action_policy_example_plays_out_only_the_phases_asked_and_holds_the_heuristic_elsewhere(
        tmp_path: Path) -> None:
    """``--phases``: only betting decisions are played out, the margin is picked on held-out
    decisions, and at the draw (not taught) the saved policy plays the heuristic's choice."""
    np = pytest.importorskip("numpy")
    module = example("action_policy.py")
    out = tmp_path / "p.npz"
    result = module.main(["--game", "cripple-mr-onion", "-o", "rounds=1", "--reward", "round", "--budget", "2",
                          "--round", "3", "--epochs", "1", "--hidden", "4", "--margins", "0,0.5",
                          "--phases", "name,answer", "--holdout", "0.3", "--samples", "2", "--check", "0",
                          "--positions", "true",
                          "--ladder", "2", "--out", str(out)])
    assert result["decisions"] >= 3 and result["margin"] in (0.0, 0.5)
    from houserules.bots import ask, make
    from houserules.envs.common import EncodedGame

    table = EncodedGame("cripple-mr-onion", 2, rounds=1)
    policy, heuristic = make("cripple-mr-onion", f"policy:{out}", 0), make("cripple-mr-onion", "heuristic", 1)
    anchor = table.encoding.action_feature_names().index("heuristic's choice")
    draws = 0
    for deal in range(3):
        table.new(deal)
        while not table.over:
            seat = table.seat_to_act()
            legal = table.legal(seat)
            view = table.view(seat)
            if view.phase == "draw" and len(legal) > 1:
                rows = np.asarray(table.encoding.action_features(view, legal))
                assert legal.index(policy.choose(view, legal)) == int(np.argmax(rows[:, anchor]))
                draws += 1
            table.perform(ask(heuristic, table.game, table.state, seat, legal))
    assert draws


def test_play_outs_from_the_true_position_keep_the_rivals_cards_and_redeals_do_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--positions true``: every sample starts from the position itself (the rival's real cards),
    never from a redeal; without it every sample is a redeal of what the seat knows."""
    import random

    from houserules.bots import ask, make
    from houserules.envs.common import EncodedGame

    module = example("action_policy.py")
    table = EncodedGame("cripple-mr-onion", 2, rounds=1)
    bots = [make("cripple-mr-onion", "heuristic", s) for s in range(2)]
    table.new(3)
    while table.view(None).phase != "answer":
        seat = table.seat_to_act()
        assert seat is not None
        table.perform(ask(bots[seat], table.game, table.state, seat, table.legal(seat)))
    seat = table.seat_to_act()
    assert seat is not None
    legal, redeals = table.legal(seat), []
    real = table.game.determinize
    monkeypatch.setattr(table.game, "determinize", lambda *a: redeals.append(a) or real(*a))
    module.outcomes(table, seat, legal, 3, bots, random.Random(1), True, True, True)
    assert redeals == []
    module.outcomes(table, seat, legal, 3, bots, random.Random(1), True, True, False)
    assert len(redeals) == 3


@pytest.mark.early  # long, or mostly waiting: started first (tests/conftest.py)
def test_the_cfr_example_counts_the_variant_and_draws_both_curves(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is the [openspiel] extra")
    pytest.importorskip("matplotlib")
    module = example("cfr_small.py")
    result = module.main(["--iterations", "2", "-o", "max_turns=5", "--plot", str(tmp_path / "c.png")])
    assert result["census"]["spanning"] > 0 and result["deals"] == 11
    for kind in ("CFR", "CFR+"):
        curve = result["curves"][kind]
        assert [p["iterations"] for p in curve] == [1, 2] and curve[-1]["exploitability"] < result["uniform"]
    assert (tmp_path / "c.png").stat().st_size > 0


def test_the_maskable_ppo_example_trains_through_gymnasium_make_and_measures(tmp_path: Path) -> None:
    """A few hundred steps (the measured run is minutes: docs/programs.md); skipped without [ppo]."""
    pytest.importorskip("sb3_contrib", reason="MaskablePPO is the [ppo] extra")
    module = example("maskable_ppo.py")
    result = module.main(["--steps", "128", "--every", "64", "--eval", "4", "--n-steps", "64", "--batch", "32",
                          "--save", str(tmp_path / "m.zip")] + (["--curve", str(tmp_path / "c.png")] if PLOTS else []))
    assert [c["steps"] for c in result["curve"]] == [0, 64, 128] and all(c["games"] == 4 for c in result["curve"])
    assert 0 <= result["p"] <= 1 and (tmp_path / "m.zip").stat().st_size > 0
