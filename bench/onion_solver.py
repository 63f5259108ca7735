"""Cripple Mr Onion solver speed: optimal arrangements per second, one process.

    python bench/onion_solver.py [--hands 20000] [--seed 0] [--rules null_eights,fool] [--json]

Random ten-card hands from the 104-card pack, each solved exactly by
``houserules.games.onion.solver.best`` (the showdown, the bots and the
simulator call it constantly). The hands are drawn before timing starts.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=20000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="", help="comma-separated Rules flags, e.g. null_eights,fool")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    from houserules.games.onion.solver import Rules, best

    flags = {f: True for f in a.rules.split(",") if f}
    rules = Rules(**flags)
    rng = random.Random(a.seed)
    hands = [rng.sample(range(104), 10) for _ in range(a.hands)]
    best(hands[0], rules)  # build the card tables outside the timing
    t0 = time.perf_counter()
    for h in hands:
        best(h, rules)
    dt = time.perf_counter() - t0
    machine = f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}"
    row = {"machine": machine, "hands": a.hands, "rules": sorted(flags), "seconds": round(dt, 3),
           "arrangements_per_second": round(a.hands / dt)}
    if a.json:
        print(json.dumps(row))
    else:
        print(f"machine: {machine}; rules: {', '.join(sorted(flags)) or 'base game'}")
        print(f"{a.hands} hands in {dt:.2f}s: {a.hands / dt:,.0f} optimal arrangements/s")


if __name__ == "__main__":
    main()
