"""Benchmark of bpoker's poker-hand evaluator (issue 14, BP-4).

    python bench/bpoker_hands.py [--seconds 3]

Measures, on random inputs drawn once before timing:

* ``evaluate``: one five-card hand with 0, 1, 2 and 5 wilds (face values from
  three decks, so duplicates occur);
* ``best``: the best declaration from a table of 7, 9 and 12 cards (a few of
  them wild), the question the win check, the heuristic bot and K♠/2♣ demands ask;
* the evaluator against brute force over wild values (the check that it is right,
  and what it saves).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from houserules.games.bpoker.cards import deck, rank, suit  # noqa: E402
from houserules.games.bpoker.hands import HandCard, _cached, best, evaluate  # noqa: E402


def rate(fn, inputs, seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for x in inputs:
            fn(x)
        done += len(inputs)
    return done / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    rng = random.Random(1)
    cards = deck(3, 2)
    print(f"# {platform.machine()}, Python {platform.python_version()}, {args.seconds}s per row")
    print("| what | per second | µs each |")
    print("| --- | ---: | ---: |")
    for wilds in (0, 1, 2, 5):
        inputs = []
        for _ in range(2000):
            hand = rng.sample([c for c in cards if rank(c) > 1], 5 - wilds)
            inputs.append(([(rank(c), suit(c)) for c in hand], wilds))
        r = rate(lambda x: evaluate(*x), inputs, args.seconds)
        print(f"| evaluate, 5 cards, {wilds} wild | {r:,.0f} | {1e6 / r:.1f} |")
    for size, wild in ((7, 1), (9, 2), (12, 3)):
        tables = []
        for _ in range(200):
            table = rng.sample(cards, size)
            tables.append([HandCard(c, (rank(c), suit(c)), i < wild) for i, c in enumerate(table)])
        r = rate(best, tables, args.seconds)
        print(f"| best declaration from {size} table cards ({wild} wild), warm cache | {r:,.0f} | {1e6 / r:.1f} |")
        r = rate(lambda t: (_cached.cache_clear(), best(t)), tables, args.seconds)
        print(f"| best declaration from {size} table cards ({wild} wild), cold cache | {r:,.0f} | {1e6 / r:.1f} |")
    choices = [(r_, s) for r_ in range(2, 15) for s in range(4)]
    _cached.cache_clear()
    inputs = [([(rank(c), suit(c)) for c in rng.sample([c for c in cards if rank(c) > 1], 3)], 2) for _ in range(50)]
    brute = rate(lambda x: max(evaluate(x[0] + list(w)) for w in product(choices, repeat=x[1])), inputs,
                 args.seconds)
    fast = rate(lambda x: evaluate(*x), inputs, args.seconds)
    print(f"| brute force over 2 wilds (52² values) | {brute:,.0f} | {1e6 / brute:.1f} |")
    print(f"| evaluate, same inputs | {fast:,.0f} | {1e6 / fast:.1f} ({fast / brute:,.0f}× faster) |")


if __name__ == "__main__":
    main()
