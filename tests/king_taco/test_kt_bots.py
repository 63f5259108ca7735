"""The King Taco bots: always legal, and the heuristic beats random.

The 1,000-game comparison the issue asks for is marked slow; the unmarked
test only checks that every choice is legal over a handful of games.
"""

from __future__ import annotations

import pytest

from houserules.bots import make
from houserules.games.king_taco import GAME
from houserules.sim import SimConfig, simulate


@pytest.mark.parametrize("players", [2, 4, 6])
def test_heuristic_always_chooses_a_legal_action(players: int) -> None:
    for seed in range(8):
        state = GAME.new(GAME.options({"players": players}), seed)
        bots = [make("king-taco", "heuristic", seed + s) for s in range(players)]
        while (seats := GAME.to_act(state)):
            legal = [a for a in GAME.legal(state) if a.seat == seats[0]]
            action = bots[seats[0]].choose(GAME.view(state, seats[0]), legal)
            assert action in legal
            GAME.apply(state, action)


@pytest.mark.slow
def test_heuristic_beats_random_over_1000_games() -> None:
    config = SimConfig("king-taco", 1000, {"players": 4}, ("heuristic", "random", "random", "random"), workers=2)
    tally, _ = simulate(config)
    rate = tally.wins_by_bot["heuristic"] / tally.seats_by_bot["heuristic"]
    assert rate > 0.29, rate  # random's share is 0.25; measured 0.318 (bench/RESULTS.md)
