"""The simulator: deterministic, parallel runs agree with serial ones, and the
report has the fields the command promises."""

from __future__ import annotations

from typing import Any

import pytest

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


def test_a_game_where_nobody_ever_waits_still_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: bots that always act froze the clock, so a game of talk never ended. After
    STALL actions at one moment the clock runs on to the next deadline; at MAX_ACTIONS the game
    is stopped and counted unfinished."""
    from houserules.bots.base import BotBase
    from houserules.engine.core import Action
    from houserules.sim import runner

    class Chatter:  # a game where every seat may always talk, and only a deadline moves it on
        name = "chatter"

        def new(self, options: Any, seed: int) -> dict[str, float]:
            return {"clock": 0.0, "ends": 30.0}

        def to_act(self, state: dict[str, float]) -> tuple[int, ...]:
            return () if state["clock"] >= state["ends"] else (0, 1)

        def legal(self, state: dict[str, float]) -> list[Action]:
            return [Action(s, "say", arg="hi") for s in (0, 1)]

        def apply(self, state: dict[str, float], action: Action) -> list[Any]:
            return []

        def deadline(self, state: dict[str, float]) -> float | None:
            return state["clock"] + 10.0 if state["ends"] < 1e9 else None

        def advance(self, state: dict[str, float], now: float) -> list[Any]:
            state["clock"] = now
            return []

    class Talker(BotBase):
        name = "talker"

        def choose(self, view: Any, legal: Any) -> Any:
            return legal[0]

    game = Chatter()
    monkeypatch.setattr(runner.registry, "get", lambda name: game)
    monkeypatch.setattr(runner, "make", lambda *a: Talker())
    monkeypatch.setattr("houserules.bots.base.ask", lambda bot, g, state, seat, legal: legal[0])
    state, _, actions = runner.play("chatter", {}, 0, ["talker", "talker"])
    assert state["clock"] >= 30.0 and actions == 3 * runner.STALL
    never: dict[str, float] = {"clock": 0.0, "ends": 2e9}  # no deadline at all: the backstop
    monkeypatch.setattr(game, "new", lambda options, seed: never)
    monkeypatch.setattr(runner, "MAX_ACTIONS", 500)
    state, _, actions = runner.play("chatter", {}, 0, ["talker", "talker"])
    assert actions == 500 and game.to_act(state)
