"""Cripple Mr Onion solver speed: optimal arrangements per second, one process,
and the slowest single hands.

    python bench/onion_solver.py [--hands 20000] [--seed 0] [--rules null_eights,fool] [--json]
    python bench/onion_solver.py --worst [--hands 2000] [--json]

Random ten-card hands from the 104-card pack, each solved exactly by
``houserules.games.onion.solver.best`` (the showdown, the bots and the
simulator call it constantly). The hands are drawn before timing starts.

``--worst`` times the hands that cost most (issue 10 item 19): wild eights
under the Lady's devaluation (#4ii), with and without Great A'Tuin (#6, #7).
It times a fixed list of known worst hands (each the best of three runs),
then ``--hands`` random hands crowded with eights, aces, pictures, nines and
tens under those rules, and reports the median and the slowest (the twenty
slowest timed again, best of three, so that a pause of a shared machine is
not taken for a slow hand). The
showdown's ``legal`` calls the solver, so one slow hand stalls a table.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

#: (hand, Rules flags): wild eights with the Lady, with or without Great A'Tuin (QD*)
WORST: list[tuple[str, dict[str, Any]]] = [
    ("8C 8D 8H 8S 8C 8D 8H 8S AC AD", {"wild_eights": True, "devalued": 1}),
    ("8C 8D 8H 8S 8C 8D 8H 8S AC AD", {"wild_eights": True, "devalued": 1, "octavo": True}),
    ("8C 8D 8H 8S 8C 8D AH AS KC QD", {"wild_eights": True, "devalued": 1}),
    ("8C 8D 8H 8C 3H JH 2H JS QD 3S", {"wild_eights": True, "devalued": 1, "no_eight_value": True}),
    ("QD* 8C 8D 8H 8S AC AD AH KC 3D", {"wild_eights": True, "devalued": 1, "shift": True}),
    ("QD* 8C 8D 8H 8S 8C 8D AH KC 3D", {"wild_eights": True, "devalued": 1, "shift": True}),
    ("QD* 8D 8S 8H 10C 2C KS 2C KH KD", {"wild_eights": True, "devalued": 1, "shift": True}),
    ("QD* 8H 8C 9S JC* KD 9C 3S JC 10C", {"wild_eights": True, "devalued": 1, "shift": True}),
    ("QD* 8C 8H 8D 8D 8S 10H 9D JS KS", {"wild_eights": True, "devalued": 1, "shift": True, "elephants": True}),
    ("QD* 8H 8C 8S KH 9H 2H KD AS KC", {"wild_eights": True, "devalued": 1, "shift": True, "elephants": True}),
]
#: the rule sets of the random worst-case hands
WORST_RULES: list[dict[str, Any]] = [
    {"wild_eights": True, "devalued": 1},
    {"wild_eights": True, "devalued": 1, "shift": True},
    {"wild_eights": True, "devalued": 1, "shift": True, "elephants": True},
    {"wild_eights": True, "shift": True, "elephants": True},
]


def machine() -> str:
    return f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}"


def throughput(a: argparse.Namespace) -> None:
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
    row = {"machine": machine(), "hands": a.hands, "rules": sorted(flags), "seconds": round(dt, 3),
           "arrangements_per_second": round(a.hands / dt)}
    if a.json:
        print(json.dumps(row))
    else:
        print(f"machine: {machine()}; rules: {', '.join(sorted(flags)) or 'base game'}")
        print(f"{a.hands} hands in {dt:.2f}s: {a.hands / dt:,.0f} optimal arrangements/s")


def timed(hand: list[int], flags: dict[str, Any], runs: int) -> float:
    """The best of ``runs`` timings of one hand, in milliseconds."""
    from houserules.games.onion.solver import Rules, best

    rules = Rules(**flags)
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        best(hand, rules)
        out.append(time.perf_counter() - t0)
    return min(out) * 1000


def worst(a: argparse.Namespace) -> None:
    from houserules.games.onion.cards import ATUIN, allocate, names

    timed(allocate("2C 3C"), {"wild_eights": True, "devalued": 1}, 1)  # the card tables
    known = [(text, flags, timed(allocate(text, marks=True), flags, 3)) for text, flags in WORST]
    rng = random.Random(a.seed)
    eights = [c for c in range(104) if (c % 52) // 4 + 1 == 8]
    rich = [c for c in range(104) if (c % 52) // 4 + 1 in (1, 2, 3, 9, 10, 11, 12, 13)]
    drawn = []
    for _ in range(a.hands):
        flags = rng.choice(WORST_RULES)
        k = rng.randint(0, 6)
        hand = rng.sample(eights, k) + rng.sample(rich, 10 - k)
        if (flags.get("shift") or flags.get("elephants")) and ATUIN not in hand:
            hand[-1] = ATUIN
        drawn.append((hand, flags))
    once = sorted(((timed(h, f, 1), h, f) for h, f in drawn), key=lambda r: -r[0])
    median = statistics.median(t for t, _, _ in once)
    # a single timing on a shared machine may catch a pause: the slowest twenty again, best of three
    again = [(timed(h, f, 3), " ".join(names(h, True)), f) for _, h, f in once[:20]]
    times = sorted(again, key=lambda r: -r[0])
    row = {"machine": machine(), "known": [{"hand": h, "rules": sorted(f), "ms": round(t, 2)} for h, f, t in known],
           "random_hands": a.hands, "random_median_ms": round(median, 2),
           "random_slowest": [{"hand": h, "rules": sorted(f), "ms": round(t, 2)} for t, h, f in times[:5]]}
    if a.json:
        print(json.dumps(row))
        return
    print(f"machine: {machine()}")
    print("known worst hands (best of 3):")
    for h, f, t in known:
        print(f"  {t:8.2f} ms  {h}  [{', '.join(sorted(f))}]")
    print(f"{a.hands} random hands crowded with eights, aces, pictures, nines and tens: median {median:.2f} ms")
    for t, h, f in times[:5]:
        print(f"  {t:8.2f} ms  {h}  [{', '.join(sorted(f))}]")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=None, help="random hands (default 20000; 2000 with --worst)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="", help="comma-separated Rules flags, e.g. null_eights,fool")
    p.add_argument("--worst", action="store_true", help="time the slowest hands one by one")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    if a.worst:
        a.hands = 2000 if a.hands is None else a.hands
        worst(a)
    else:
        a.hands = 20000 if a.hands is None else a.hands
        throughput(a)


if __name__ == "__main__":
    main()
