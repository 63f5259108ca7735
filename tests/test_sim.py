"""The simulator: deterministic, parallel runs agree with serial ones, and the
report has the fields the command promises."""

from __future__ import annotations

from houserules.sim import SimConfig, bot_list, simulate, summary
from houserules.sim.runner import seating


def run(workers: int):
    config = SimConfig("shedding", 40, {"players": 3}, ("heuristic", "random", "random"), seed=5, workers=workers)
    tally, seconds = simulate(config)
    return summary(config, tally, seconds)


def test_parallel_equals_serial():
    a, b = run(1), run(2)
    for key in ("games", "wins_by_seat", "wins_by_bot", "mean_actions", "penalties", "stats"):
        assert a[key] == b[key], key


def test_summary_fields():
    out = run(1)
    assert out["games"] == 40 and sum(out["wins_by_seat"]) + out["draws"] == 40
    for key in ("wins_by_bot", "mean_actions", "actions_per_second", "mean_turns", "penalties"):
        assert key in out
    assert out["stats"]["turns"] > 0 and "pressure.cards_drawn" in out["stats"]
    assert out["derived"] == {}  # shedding has no derived_stats


def test_seats_rotate_and_bot_list_fills():
    config = SimConfig("shedding", 4, {"players": 3}, ("a", "b", "c"))
    assert [seating(config, i) for i in range(3)] == [["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"]]
    assert bot_list("heuristic,random", 4) == ("heuristic", "random", "random", "random")
