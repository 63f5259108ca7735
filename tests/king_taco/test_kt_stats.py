"""The simulator's King Taco figures say what they are (issue 10 item 7): each is
a count the run can sum, checked here on scenario files whose story is known."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from houserules.engine.core import Event
from houserules.games.king_taco import GAME
from houserules.games.king_taco.stats import game_stats
from houserules.sim import SimConfig, simulate

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "king-taco"


def _stats(name: str) -> dict[str, Any]:
    """Play a scenario file's actions and return the game's figures."""
    doc = json.loads((SCENARIOS / f"{name}.json").read_text())
    state = GAME.scenario_state(GAME.options(doc["options"]), doc["state"], doc.get("seed", 0))
    events: list[Event] = []
    for step in doc["steps"]:
        if "expect" not in step:
            events.extend(GAME.apply(state, GAME.action_from_json(step)))
    return game_stats(state, events)


def test_a_noped_minus_is_counted() -> None:
    stats = _stats("minus-nope-cancels")
    assert stats["effects_noped"]["--"] == 1 and stats["effects_fired"]["--"] == 0


def test_x2_is_counted_alone_and_stacked_never_as_a_stack_kind() -> None:
    alone, stacked = _stats("x2-alone"), _stats("shield-stolen")
    assert alone["x2"] == {"alone": 1, "stacked": 0}
    assert stacked["x2"] == {"alone": 0, "stacked": 1} and stacked["effects_fired"]["shield"] == 1
    assert "x2" not in alone["effects_fired"] and "x2" not in alone["effects_noped"]
    assert "nope" not in alone["effects_fired"]


def test_a_blocked_shield_or_curse_is_not_counted_as_fired() -> None:
    shield, curse = _stats("curse-blocks-shield"), _stats("curse-on-shielded")
    assert shield["effects_blocked"]["shield"] == 1 and shield["effects_fired"]["shield"] == 0
    assert curse["effects_blocked"]["curse"] == 1 and curse["effects_fired"]["curse"] == 0


def test_stack_depths_are_a_histogram_whose_run_sum_gives_max_and_mean() -> None:
    assert _stats("plus2-on-plus2")["stacks"]["depth"] == {"02": 1}
    tally, _ = simulate(SimConfig("king-taco", 30, {"players": 4}, ("random",) * 4))
    depth = {int(k.rsplit(".", 1)[1]): v for k, v in tally.stats.items() if k.startswith("stacks.depth.")}
    assert sum(depth.values()) == tally.stats["stacks.resolved"]
    assert sum(n * c for n, c in depth.items()) == tally.stats["stacks.cards"]
    assert max(depth) > 1 and "stacks.depth_max" not in tally.stats


def test_the_auction_counts_who_tries() -> None:
    stats = _stats("auction-goto-win")["auction"]
    assert stats["held"] == stats["starter_tries"] == stats["won_by_starter"] == 1
    other = _stats("goto-fails-other")["auction"]
    assert other["held"] == 1 and other["starter_tries"] == 0 and other["won"] == 0
