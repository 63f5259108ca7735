"""Hash of every event of seeded games, to show a speed change left decisions identical.

    python bench/event_hash.py [--games shedding,mao] [--random 300] [--bots 10] [--steps 3000]

Random games use the loop bench/speed.py measures (list ``legal(state)``, pick
one uniformly with ``random.Random(seed)``, apply) for seeds 0..N-1, bounded
by ``--steps`` decisions (Mao played at random can run long; an unfinished
game is hashed as far as it went); bot games play the game's own bots
(``sim.runner.play``: each game's ``heuristic``, Mao's dealer) at every seat. Every
event is hashed as ``repr((kind, seat, sorted(data), sorted(secret)))``,
then the result. Run before and after an optimisation, a refactoring that must not change
behaviour, or with a compiled build (the last line names the compiled modules): the hashes
must match.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Iterable
from typing import Any

from houserules.engine import get_game
from houserules.engine.core import Event
from houserules.sim.runner import play

#: the bot every seat plays in the bot games: each game's own heuristic (Mao's names its dealer)
BOT = "heuristic"


def _feed(h: Any, events: Iterable[Event]) -> None:
    for e in events:
        h.update(repr((e.kind, e.seat, sorted(e.data.items()), sorted(e.secret.items()))).encode())


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
        h.update(repr((n, game.result(state))).encode())
    return h.hexdigest()[:16]


def bot_hash(name: str, games: int, players: int) -> str:
    """The hash of ``games`` games of ``name`` played by its own bot at every seat."""
    game = get_game(name)
    h = hashlib.sha256()
    for seed in range(games):
        state, events, actions = play(name, {"players": players}, seed, [BOT] * players)
        _feed(h, events)
        h.update(repr((actions, game.result(state))).encode())
    return h.hexdigest()[:16]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", default="shedding,king-taco,cripple-mr-onion,mao,bpoker")
    p.add_argument("--random", type=int, default=300)
    p.add_argument("--bots", type=int, default=10)
    p.add_argument("--steps", type=int, default=3000)
    p.add_argument("--players", type=int, default=4)
    a = p.parse_args()
    for name in [g.strip() for g in a.games.split(",") if g.strip()]:
        print(f"{name} random x{a.random} (<= {a.steps} steps): {random_hash(name, a.random, a.steps, a.players)}",
              flush=True)
        print(f"{name} {BOT} x{a.bots}: {bot_hash(name, a.bots, a.players)}", flush=True)
    # a compiled build and a pure one must print the same hashes: say which this was
    compiled = sorted(m for m, mod in sys.modules.items()
                      if m.startswith("houserules") and str(getattr(mod, "__file__", "")).endswith(".so"))
    print("compiled:", " ".join(compiled) or "none")


if __name__ == "__main__":
    main()
