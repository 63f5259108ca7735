"""Turn clocks: how long each seat may take over its decisions.

A table chooses one at creation: none (friendly), a move clock (``move_s``
seconds for every decision) or a time bank with an increment (Fischer:
``bank_s`` for the whole game, ``increment_s`` added after each decision).
The clock never reads a clock: the table tells it, at each moment something
happened (times in seconds on the table's clock, as recorded in the game
record), which seats must decide now. So the same record gives the same
clocks, on the live server, after a restart and in a replay.

Like the rules' own ``Game.deadline``, a clock answers "when do I next need
waking" (``expiry``); the table wakes at the earlier of the two.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine.core import GameError

#: the shortest and longest times a table may choose (seconds)
MOVE_RANGE = (5.0, 3600.0)
BANK_RANGE = (10.0, 6 * 3600.0)
INCREMENT_RANGE = (0.0, 600.0)
ON_TIMEOUT = ("bot", "forfeit")


@dataclass(frozen=True)
class ClockSpec:
    """A table's clock: ``move_s`` per decision, or a ``bank_s`` time bank plus ``increment_s``."""

    move_s: float | None = None
    bank_s: float | None = None
    increment_s: float = 0.0

    def to_json(self) -> dict[str, float]:
        if self.move_s is not None:
            return {"move_s": self.move_s}
        assert self.bank_s is not None
        return {"bank_s": self.bank_s, "increment_s": self.increment_s}

    def describe(self) -> str:
        if self.move_s is not None:
            return f"{_secs(self.move_s)} a move"
        assert self.bank_s is not None
        return f"{_secs(self.bank_s)} each + {_secs(self.increment_s)} a move"


def _secs(s: float) -> str:
    return f"{s / 60:g} min" if s >= 60 and s % 60 == 0 else f"{s:g} s"


def _seconds(raw: Mapping[str, Any], key: str, lo_hi: tuple[float, float]) -> float:
    value = raw[key]
    lo, hi = lo_hi
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise GameError(f"clock {key} is a number of seconds")
    if not lo <= value <= hi:
        raise GameError(f"clock {key} must be between {lo:g} and {hi:g} seconds, got {value:g}")
    return float(value)


def parse_clock(raw: Any) -> ClockSpec | None:
    """``{"move_s": 30}`` or ``{"bank_s": 300, "increment_s": 5}`` (None: no clock); GameError why not."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise GameError('clock is {"move_s": N} or {"bank_s": N, "increment_s": N}')
    keys = set(raw)
    if keys == {"move_s"}:
        return ClockSpec(move_s=_seconds(raw, "move_s", MOVE_RANGE))
    if keys in ({"bank_s"}, {"bank_s", "increment_s"}):
        inc = _seconds(raw, "increment_s", INCREMENT_RANGE) if "increment_s" in raw else 0.0
        return ClockSpec(bank_s=_seconds(raw, "bank_s", BANK_RANGE), increment_s=inc)
    raise GameError('clock is {"move_s": N} or {"bank_s": N, "increment_s": N}, '
                    f"not keys {', '.join(sorted(map(str, keys))) or '(none)'}")


def parse_on_timeout(raw: Any) -> str:
    if raw is None:
        return "bot"
    if raw not in ON_TIMEOUT:
        raise GameError(f"on_timeout is one of {', '.join(ON_TIMEOUT)}")
    return str(raw)


@dataclass
class TurnClock:
    """The running clocks of a table's seats, advanced by what the table tells it."""

    spec: ClockSpec
    seats: int
    #: when each seat that must decide now started deciding
    since: dict[int, float] = field(default_factory=dict)
    #: time left in each seat's bank (bank clocks only)
    banks: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.spec.bank_s is not None and not self.banks:
            self.banks = [self.spec.bank_s] * self.seats

    def observe(self, t: float, to_act: Iterable[int], actor: int | None = None) -> None:
        """At ``t`` the seats ``to_act`` must decide; ``actor`` (if any) has just decided.

        A seat that decided, or stopped having a decision, is charged the time
        it took (bank clocks); the actor gets the increment and, if it decides
        again, a fresh start. A seat still deciding keeps its running time."""
        now = set(to_act)
        for seat in list(self.since):
            if seat == actor or seat not in now:
                self._charge(seat, t, seat == actor)
                del self.since[seat]
        for seat in now:
            self.since.setdefault(seat, t)

    def _charge(self, seat: int, t: float, decided: bool) -> None:
        if self.spec.bank_s is None:
            return
        left = max(0.0, self.banks[seat] - max(0.0, t - self.since[seat]))
        self.banks[seat] = left + (self.spec.increment_s if decided else 0.0)

    def allowance(self, seat: int) -> float:
        return self.spec.move_s if self.spec.move_s is not None else self.banks[seat]

    def expiry(self) -> tuple[float, int] | None:
        """The earliest moment a deciding seat runs out of time, and that seat (lowest seat on a tie)."""
        due = [(self.since[s] + self.allowance(s), s) for s in self.since]
        return min(due) if due else None

    def remaining(self, t: float) -> dict[int, float]:
        """Seconds left at ``t`` for each seat deciding now."""
        return {s: max(0.0, self.since[s] + self.allowance(s) - t) for s in sorted(self.since)}

    def to_json(self, t: float | None) -> dict[str, Any]:
        """What every client is shown: the clock, who is running and their time left at ``t``."""
        out: dict[str, Any] = {**self.spec.to_json(), "running": {}}
        if t is not None:
            out["running"] = {str(s): round(left, 2) for s, left in self.remaining(t).items()}
        if self.spec.bank_s is not None:
            out["banks"] = [round(b, 2) for b in self.banks]
        return out
