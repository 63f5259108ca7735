"""Shared helpers for the King Taco tests: play random games step by step."""

from __future__ import annotations

import random
from collections.abc import Iterator

from houserules.engine.core import Action
from houserules.games.king_taco import GAME
from houserules.games.king_taco.state import KingTacoState


def random_steps(state: KingTacoState, rng: random.Random, limit: int = 100_000) -> Iterator[Action]:
    """Yield and apply random legal actions of ``to_act[0]`` until the game ends."""
    for _ in range(limit):
        seats = GAME.to_act(state)
        if not seats:
            return
        choices = [a for a in GAME.legal(state) if a.seat == seats[0]]
        action = choices[rng.randrange(len(choices))]
        yield action
        GAME.apply(state, action)
