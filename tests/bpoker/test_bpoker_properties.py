"""Property tests over many random bpoker games: no card is ever created or lost, every game ends.

The short run (CI) plays 400 games at every table size; ``-m slow`` plays 3,000.
"""

from __future__ import annotations

import random

import pytest

from houserules.engine import registry
from houserules.engine.core import Action

GAME = registry.get("bpoker")


def _play(seed: int) -> tuple[int, str]:
    players = 3 + seed % 4
    state = GAME.new(GAME.options({"players": players, "hands": 1 + seed % 3}), seed)
    start = sorted(state.all_cards())
    n = len(start)
    rng = random.Random(seed)
    steps = 0
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        mine: list[Action] = [a for a in GAME.legal(state) if a.seat == seat]
        assert mine, f"seed {seed}: seat {seat} must act and cannot"
        GAME.apply(state, mine[rng.randrange(len(mine))])
        steps += 1
        cards = state.all_cards()
        assert len(cards) == n and len(set(cards)) == n, f"seed {seed}: step {steps}"
        assert steps < 20_000, f"seed {seed}: no end"
    assert sorted(state.all_cards()) == start
    result = GAME.result(state)
    assert result is not None and result.reason
    return steps, result.reason


def test_random_games_conserve_cards_and_end() -> None:
    reasons = {_play(seed)[1].split(" (")[0] for seed in range(400)}
    assert reasons  # every game ended with a recorded reason


@pytest.mark.slow
def test_thousands_of_random_games_conserve_cards_and_end() -> None:
    for seed in range(400, 3400):
        _play(seed)
