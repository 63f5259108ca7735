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
the previous expectation, or ``[seat, name]`` pairs), ``refused`` (whether the previous action was
refused), ``winner`` (seat, or null while the game goes on or for a draw), ``house`` (the ids of the
house rules that fired since the previous expectation, in order: ``engine.house``).
Unknown keys anywhere are errors, never silent passes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from . import jsonfile, registry
from .core import Event, GameError
from .protocol import Game
from .referee import act

TOP_KEYS = ("game", "options", "state", "seed", "steps", "clauses", "description")
COMMON_EXPECT = ("penalties", "refused", "winner", "house")
T = TypeVar("T")


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
        return _penalties(value, game, since)
    if key == "house":  # the house rules that fired since the previous expectation, in order
        got = [e.data["rule"] for e in since if e.kind == "house"]
        return None if got == list(value) else f"house: expected {value}, got {got}"
    if key == "refused":
        was = any(e.kind == "refused" for e in last)
        return None if was == bool(value) else f"refused: expected {value}, got {was}"
    result = game.result(state)
    got_w = result.winners[0] if result and len(result.winners) == 1 else None
    return None if got_w == value else f"winner: expected {value}, got {got_w}"


def _penalties(value: Any, game: Game[Any, Any], since: list[Event]) -> str | None:
    """``penalties``: the names assessed since the last expectation, in order; or, written
    as ``[seat, name]`` pairs, who got which. Names compare through the game's
    ``penalty_key`` (exactly, unless the game hears them the forgiving way: Mao)."""
    key = game.penalty_key
    given = [e for e in since if e.kind == "penalty"]
    want = list(value)
    if want and all(isinstance(v, (list, tuple)) and len(v) == 2 for v in want):
        got: list[Any] = [[e.seat, e.data["name"]] for e in given]
        same = len(got) == len(want) and all(
            g[0] == w[0] and isinstance(w[1], str) and key(g[1]) == key(w[1]) for g, w in zip(got, want))
    else:
        got = [e.data["name"] for e in given]
        same = len(got) == len(want) and all(isinstance(w, str) and key(g) == key(w) for g, w in zip(got, want))
    return None if same else f"penalties: expected {value}, got {got}"


def check_top(obj: Any, name: str) -> None:
    """A JSON object with 'game' and 'steps' and no key the format does not define; else GameError."""
    if not isinstance(obj, Mapping):
        raise GameError(f"{name}: a scenario is a JSON object, not {jsonfile.type_name(obj)}")
    unknown = sorted(str(k) for k in set(obj) - set(TOP_KEYS))
    if unknown:
        raise GameError(f"{name}: unknown scenario key(s): {', '.join(unknown)}")
    if "game" not in obj or "steps" not in obj:
        raise GameError(f"{name}: a scenario needs 'game' and 'steps'")


def run_scenario(obj: Mapping[str, Any], name: str = "<scenario>") -> ScenarioReport:
    """Run one scenario object; the report names the first unmet expectation."""
    check_top(obj, name)
    what = f"{name}: scenario"
    game = registry.get(jsonfile.member(obj, "game", str, what))
    options = game.options(jsonfile.member(obj, "options", dict, what, {}))
    seed = jsonfile.member(obj, "seed", int, what, 0)
    steps = jsonfile.objects(jsonfile.member(obj, "steps", list, what), f"{name}: step", 1)
    clauses = jsonfile.member(obj, "clauses", list, what, [])
    jsonfile.member(obj, "description", str, what, "")
    if "state" in obj:
        literal = jsonfile.member(obj, "state", dict, what)
        state = _guarded(name, "state", game.scenario_state, options, literal, seed)
    else:
        state = game.new(options, seed)
    report = ScenarioReport(name, game.name, len(steps), clauses=[str(c) for c in clauses])
    since: list[Event] = []
    last: list[Event] = []
    clock = 0.0
    for i, step in enumerate(steps, 1):
        if "wait" in step:
            clock += _seconds(step, name, i)
            last = game.advance(state, clock)
            since.extend(last)
            continue
        if "expect" in step:
            if set(step) != {"expect"}:
                raise GameError(f"{name}: step {i}: an expect step has only 'expect'")
            expect = jsonfile.member(step, "expect", dict, f"{name}: step {i}")
            for key, value in expect.items():
                diff = _guarded(f"{name}: step {i}", f"expectation {key!r}", _expect, game, state, key, value,
                                since, last)
                if diff:
                    report.failure = f"step {i} (expect): {diff}"
                    return report
            since = []
            continue
        try:
            action = game.action_from_json(step)
        except GameError as exc:
            raise GameError(f"{name}: step {i}: {exc}") from None
        last = _guarded(f"{name}: step {i}", "state (the rules failed on this action)", partial(act, now=clock), game,
                        state, action)
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


def _expect(game: Any, state: Any, key: str, value: Any, since: list[Event], last: list[Event]) -> str | None:
    """What differs from one expectation (None: met); KeyError for a key no game knows."""
    if key in COMMON_EXPECT:
        return _common(key, value, game, state, since, last)
    return game.scenario_expect(state, key, value)  # type: ignore[no-any-return]


def _guarded(where: str, part: str, run: Callable[..., T], *args: Any) -> T:
    """``run(*args)``, with a scenario file's malformed values (a hand that is a number, an
    expectation of the wrong type) reported as one GameError naming where they are."""
    try:
        return run(*args)
    except KeyError as exc:
        if part.startswith("expectation"):
            raise GameError(f"{where}: unknown {part.replace('expectation', 'expectation key')}") from None
        raise GameError(f"{where}: malformed {part} (KeyError: {exc})") from None
    except (TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        raise GameError(f"{where}: malformed {part} ({type(exc).__name__}: {exc})") from None


def run_file(path: str | Path) -> ScenarioReport:
    """Run the scenario in ``path``; GameError (naming the file) if it is not a scenario."""
    return run_scenario(jsonfile.load_object(path, "scenario"), str(path))
