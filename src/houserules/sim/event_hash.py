"""A hash of every event of seeded games: two runs that print the same hashes decided the same.

A speed change, a refactoring that must not change behaviour, and the compiled build against
the pure sources are each judged by it (bench/event_hash.py before and after; tests/test_both_builds.py
on every run of the suite). Random games use the loop bench/speed.py measures (list
``legal(state)``, pick one uniformly with ``random.Random(seed)``, apply) for seeds 0..N-1,
bounded by ``steps`` decisions (Mao played at random can run long; an unfinished game is hashed
as far as it went); bot games play the game's own bots (``runner.play``: each game's
``heuristic``, Mao's dealer) at every seat. Every event is hashed as
``repr((kind, seat, sorted(data), sorted(secret)))``, then the result as its winners, its reason in
words and its scores (``told``: as results read before they said ``how``, so that the baselines of
bench/RESULTS.md still hold; the reason's words come from ``how``).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from typing import Any

from houserules.engine import game_names, get_game
from houserules.engine.core import Event, Result
from houserules.sim.runner import play

#: the bot every seat plays in the bot games: each game's own heuristic (Mao's names its dealer)
BOT = "heuristic"


def _feed(h: Any, events: Iterable[Event]) -> None:
    for e in events:
        h.update(repr((e.kind, e.seat, sorted(e.data.items()), sorted(e.secret.items()))).encode())


def told(result: Result | None) -> str:
    """A result as the hashes read it: ``Result(winners=..., reason=..., scores=...)``, or None."""
    if result is None:
        return "None"
    return f"Result(winners={result.winners!r}, reason={result.reason!r}, scores={result.scores!r})"


def random_hash(name: str, games: int, steps: int, players: int) -> str:
    """The hash of ``games`` random games of ``name`` (seeds 0..games-1)."""
    game = get_game(name)
    opts = game.options({"players": players})
    h = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(opts, seed)
        n = 0
        while game.result(state) is None and n < steps:
            choices = game.legal(state)
            _feed(h, game.apply(state, choices[rng.randrange(len(choices))]))
            n += 1
        h.update(f"({n!r}, {told(game.result(state))})".encode())
    return h.hexdigest()[:16]


def bot_hash(name: str, games: int, players: int) -> str:
    """The hash of ``games`` games of ``name`` played by its own bot at every seat."""
    game = get_game(name)
    h = hashlib.sha256()
    for seed in range(games):
        state, events, actions = play(name, {"players": players}, seed, [BOT] * players)
        _feed(h, events)
        h.update(f"({actions!r}, {told(game.result(state))})".encode())
    return h.hexdigest()[:16]


def every_game(games: int, bots: int, steps: int, players: int) -> dict[str, list[str]]:
    """Each registered game's two hashes: ``games`` random games and ``bots`` bot games."""
    return {name: [random_hash(name, games, steps, players), bot_hash(name, bots, players)]
            for name in game_names()}
