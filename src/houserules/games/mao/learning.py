"""A series of Mao games with one Learner kept throughout: its penalties per game.

The learning bot's belief lives in the bot; here one Learner plays game after
game against Knowers (who obey with a small error rate), and its penalties in
each game are counted. If it learns, the count falls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import registry
from ...engine.referee import act
from .bots import Knower, Learner


def learning_curve(games: int, options: Mapping[str, Any], seed: int = 0, error: float = 0.05) -> list[int]:
    """The Learner's penalties in each of ``games`` games (it sits at seat 0)."""
    game = registry.get("mao")
    opts = game.options(options)
    learner = Learner(seed)
    out: list[int] = []
    for i in range(games):
        state = game.new(opts, seed + i)
        bots: list[Any] = [learner] + [Knower(seed * 131 + i * 17 + s, error) for s in range(1, state.players)]
        clock = 0.0
        for _ in range(20_000):
            seats = game.to_act(state)
            if not seats:
                break
            seat = seats[0]
            choice = bots[seat].choose(game.view(state, seat), [a for a in game.legal(state) if a.seat == seat])
            if choice is None:
                due = game.deadline(state)
                if due is None:
                    break
                clock = max(clock, due)
                game.advance(state, clock)
            else:
                act(game, state, choice, now=clock)
        out.append(state.penalties[0])
    return out
