"""Scenario files: a literal state, a list of actions, and expectations.

A scenario is the unit of rule testing (like python-chess's EPD suites): it
pins one clause of a rules page with a position a person can read. The
format is shared by every game; each game supplies the vocabulary of its
``state`` object and of its own expectation keys.

    {"game": "shedding", "options": {...}, "state": {...}, "seed": 0,
     "clauses": ["S-4.5"], "description": "...",
     "steps": [{"seat": 0, "action": "play", "card": "KS"},
               {"expect": {"turn": 1, "penalties": []}}]}

Time is part of a scenario: the clock starts at 0, each action happens at
the current clock, and a ``{"wait": 3.0}`` step moves the clock on by that
many seconds, letting the game act on every deadline passed (``advance``).

Expectation keys every game understands: ``penalties`` (names assessed since
the previous expectation), ``refused`` (whether the previous action was
refused), ``winner`` (seat, or null while the game goes on or for a draw).
Unknown keys anywhere are errors, never silent passes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import registry
from .core import Event, GameError
from .referee import act

TOP_KEYS = ("game", "options", "state", "seed", "steps", "clauses", "description")
COMMON_EXPECT = ("penalties", "refused", "winner")


@dataclass
class ScenarioReport:
    """The outcome of one scenario: passed, or the first step that failed and why."""

    name: str
    game: str
    steps: int
    failure: str | None = None
    clauses: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.failure is None

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.name, "game": self.game, "passed": self.passed,
                "steps": self.steps, "failure": self.failure, "clauses": self.clauses}


def _common(key: str, value: Any, game: Any, state: Any, since: list[Event], last: list[Event]) -> str | None:
    if key == "penalties":
        got = [e.data["name"] for e in since if e.kind == "penalty"]
        return None if got == list(value) else f"penalties: expected {value}, got {got}"
    if key == "refused":
        was = any(e.kind == "refused" for e in last)
        return None if was == bool(value) else f"refused: expected {value}, got {was}"
    result = game.result(state)
    got_w = result.winners[0] if result and len(result.winners) == 1 else None
    return None if got_w == value else f"winner: expected {value}, got {got_w}"


def run_scenario(obj: Mapping[str, Any], name: str = "<scenario>") -> ScenarioReport:
    """Run one scenario object; the report names the first unmet expectation."""
    unknown = sorted(set(obj) - set(TOP_KEYS))
    if unknown:
        raise GameError(f"{name}: unknown scenario key(s): {', '.join(unknown)}")
    if "game" not in obj or "steps" not in obj:
        raise GameError(f"{name}: a scenario needs 'game' and 'steps'")
    game = registry.get(obj["game"])
    options = game.options(obj.get("options", {}))
    seed = int(obj.get("seed", 0))
    state = game.scenario_state(options, obj["state"], seed) if "state" in obj else game.new(options, seed)
    report = ScenarioReport(name, game.name, len(obj["steps"]), clauses=list(obj.get("clauses", [])))
    since: list[Event] = []
    last: list[Event] = []
    clock = 0.0
    for i, step in enumerate(obj["steps"], 1):
        if not isinstance(step, Mapping):
            raise GameError(f"{name}: step {i}: a step is a JSON object")
        if "wait" in step:
            clock += _seconds(step, name, i)
            last = game.advance(state, clock)
            since.extend(last)
            continue
        if "expect" in step:
            if set(step) != {"expect"}:
                raise GameError(f"{name}: step {i}: an expect step has only 'expect'")
            for key, value in step["expect"].items():
                if key in COMMON_EXPECT:
                    diff = _common(key, value, game, state, since, last)
                else:
                    try:
                        diff = game.scenario_expect(state, key, value)
                    except KeyError:
                        raise GameError(f"{name}: step {i}: unknown expectation key {key!r}") from None
                if diff:
                    report.failure = f"step {i} (expect): {diff}"
                    return report
            since = []
            continue
        try:
            action = game.action_from_json(step)
        except GameError as exc:
            raise GameError(f"{name}: step {i}: {exc}") from None
        last = act(game, state, action, now=clock)
        since.extend(last)
    return report


def _seconds(step: Mapping[str, Any], name: str, i: int) -> float:
    """A wait step's seconds: a finite number, 0 or more, and nothing else in the step."""
    wait = step["wait"]
    if set(step) != {"wait"}:
        raise GameError(f"{name}: step {i}: a wait step has only 'wait'")
    if isinstance(wait, bool) or not isinstance(wait, (int, float)) or not 0 <= wait < float("inf"):
        raise GameError(f"{name}: step {i}: 'wait' is a number of seconds, 0 or more")
    return float(wait)


def run_file(path: str | Path) -> ScenarioReport:
    path = Path(path)
    try:
        obj = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise GameError(f"{path}: not JSON ({exc})") from exc
    return run_scenario(obj, str(path))
