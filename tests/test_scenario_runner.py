"""The scenario runner itself: it must fail loudly, never pass silently."""

from __future__ import annotations

import pytest

from houserules.engine import GameError
from houserules.engine.scenario import run_scenario

BASE = {"game": "shedding", "options": {"players": 2},
        "state": {"hands": [["5H", "6H"], ["5C"]], "discard": ["5S"], "draw": ["2C"]}}


def scenario(*steps, **extra):
    return {**BASE, **extra, "steps": list(steps)}


def test_unmet_expectation_names_step_and_difference():
    report = run_scenario(scenario({"seat": 0, "action": "draw"}, {"expect": {"turn": 0}}))
    assert not report.passed
    assert report.failure == "step 2 (expect): turn: expected 0, got 1"


@pytest.mark.parametrize("bad, message", [
    (scenario({"expect": {"tunr": 1}}), "unknown expectation key 'tunr'"),
    (scenario({"expect": {"turn": 0}, "seat": 0}), "only 'expect'"),
    (scenario({"seat": 0, "action": "jump"}), "unknown action"),
    ({**scenario(), "extra": 1}, "unknown scenario key"),
    ({**scenario(), "state": {**BASE["state"], "colour": "red"}}, "unknown Shedding state key"),
    ({**scenario(), "game": "chess"}, "unknown game"),
])
def test_mistakes_in_a_scenario_are_errors(bad, message):
    with pytest.raises(GameError, match=message):
        run_scenario(bad)


def test_penalties_count_since_previous_expect():
    report = run_scenario(scenario(
        {"seat": 1, "action": "draw"},
        {"expect": {"refused": True, "penalties": []}},
        options={"players": 2, "mode": "strict"}))
    assert report.passed, report.failure
