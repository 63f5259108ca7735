"""Hash of every event of seeded games, to show a speed change left decisions identical.

    python bench/event_hash.py [--games shedding,mao] [--random 300] [--bots 10] [--steps 3000]

What is hashed, and how: houserules.sim.event_hash. Run before and after an
optimisation, a refactoring that must not change behaviour, or with a compiled
build (the last line names the compiled modules): the hashes must match.
"""

from __future__ import annotations

import argparse

from houserules.native import loaded
from houserules.sim.event_hash import BOT, bot_hash, random_hash


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
    print("compiled:", " ".join(loaded()) or "none")


if __name__ == "__main__":
    main()
