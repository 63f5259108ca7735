"""What the two training examples (league.py, action_policy.py) share: a CPU clock of training
alone, and the seat-rotated ladder against the heuristic that rates each checkpoint.

A checkpoint's ladder costs CPU seconds that are not training; the curves plot rating against
training CPU, so the clock leaves the ladders out (``rated`` adds what one cost).
"""

from __future__ import annotations

import time
from typing import Any

from houserules.sim.ladder import LadderConfig, sign_test
from houserules.sim.ladder import run as ladder

#: both examples train two-player games: the ladder's sign test then compares deal by deal
PLAYERS = 2
_RATING = [0.0]


def cpu() -> float:
    """CPU seconds of this process spent training (the checkpoints' ladders left out)."""
    return time.process_time() - _RATING[0]


def rate(spec: str, game: str, options: dict[str, Any], n: int, seed: int) -> dict[str, Any]:
    """A seat-rotated ladder of ``n`` games of ``spec`` against the heuristic; the CPU it costs
    is left out of ``cpu()``."""
    start = time.process_time()
    config = LadderConfig(game, (spec, "heuristic"), n, {**options, "players": PLAYERS}, seed=seed)
    outcomes = ladder(config)
    wins = sum(seats[w] == spec for seats, won in outcomes for w in won)
    rated = {"games": len(outcomes), "wins": wins, **sign_test(outcomes, config)}
    _RATING[0] += time.process_time() - start
    return rated
