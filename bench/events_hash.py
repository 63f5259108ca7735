"""One hash of every event of seeded random games: a build (compiled or pure) and a change
that must not alter behaviour are checked by comparing hashes (issue 26).

    python bench/events_hash.py [--games shedding,king-taco,...] [--n 300] [--players 4]

For each seed, a game is dealt with that seed and played to its end by random
legal actions drawn from ``random.Random(seed)``; every event (kind, seat,
data and secret items sorted) and the result are fed to one SHA-256 per game.
Prints one line per game: the name, the number of games and decisions, and the hash,
and which modules ran compiled (a ``.so`` beside the source).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from typing import Any


def _items(m: Any) -> list[tuple[str, str]]:
    return sorted((str(k), repr(v)) for k, v in m.items())


def game_hash(name: str, n: int, players: int) -> tuple[str, int]:
    from houserules.engine import get_game

    game = get_game(name)
    opts = game.options({"players": players})
    h = hashlib.sha256()
    decisions = 0
    for seed in range(n):
        rng = random.Random(seed)
        state = game.new(opts, seed)
        while game.result(state) is None:
            choices = game.legal(state)
            action = choices[rng.randrange(len(choices))]
            for e in game.apply(state, action):
                h.update(repr((e.kind, e.seat, _items(e.data), _items(e.secret))).encode())
            decisions += 1
        h.update(repr(game.result(state)).encode())
    return h.hexdigest()[:16], decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", default="shedding,king-taco,cripple-mr-onion,mao,bpoker")
    p.add_argument("--n", type=int, default=300)
    p.add_argument("--players", type=int, default=4)
    a = p.parse_args()
    for name in (g.strip() for g in a.games.split(",") if g.strip()):
        digest, decisions = game_hash(name, a.n, a.players)
        print(f"{name:<18} {a.n} games {decisions:>8} decisions  {digest}")
    compiled = sorted(m for m, mod in sys.modules.items()
                      if m.startswith("houserules") and str(getattr(mod, "__file__", "")).endswith(".so"))
    print("compiled:", " ".join(compiled) or "none")


if __name__ == "__main__":
    main()
