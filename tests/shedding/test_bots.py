"""The Shedding bots: legal choices only, and the heuristic clearly beats random."""

from __future__ import annotations

import pytest

from houserules.bots import bot_kinds, make
from houserules.engine import GameError
from houserules.sim import SimConfig, simulate, summary


def test_kinds():
    # issue 16 registers ismcts as a kind every game has, beside random
    assert bot_kinds("shedding") == ["eager", "heuristic", "ismcts", "random"]
    with pytest.raises(GameError, match="available: beginner, club, strong, eager, heuristic, ismcts, random"):
        make("shedding", "genius")


def _heuristic_rate(games: int, workers: int = 1) -> float:
    config = SimConfig("shedding", games, {"players": 4}, ("heuristic", "random", "random", "random"),
                       seed=1, workers=workers)
    tally, seconds = simulate(config)
    return summary(config, tally, seconds)["win_rate_by_bot"]["heuristic"]


def test_heuristic_beats_random_short():
    """200 four-player games: an even share would be 25%."""
    assert _heuristic_rate(200) > 0.6


@pytest.mark.slow
def test_heuristic_beats_random_1000_games():
    assert _heuristic_rate(1000, workers=2) > 0.75
