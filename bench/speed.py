"""Random-play speed of every game against OpenSpiel's C++ ``crazy_eights``, interleaved, in CPU time.

    python bench/speed.py [--games shedding,king-taco,...] [--rounds 10] [--slice 0.5] [--players 4] [--json]

The loop is the one every engine is measured with: list the legal actions,
pick one at random, apply it, until the game ends; a new game is dealt with
the next seed. Each round gives every engine a slice of CPU time
(``time.process_time``) in turn, so a machine whose load changes during the
run slows the anchor and the games alike, and the ratio (houserules
decisions per CPU second over OpenSpiel's, above 1: houserules is faster)
is what is compared between runs (issue 26's goals are such ratios). Needs
OpenSpiel (``pip install open_spiel``: the [bench] extra).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable, Iterator
from typing import Any


def houserules_loop(name: str, players: int) -> Iterator[int]:
    """Decisions made, yielded after every one (the caller stops when its slice is spent)."""
    from houserules.engine import get_game

    game = get_game(name)
    opts = game.options({"players": players})
    legal, apply, over = game.legal, game.apply, game.result
    rng = random.Random(0)
    seed = 0
    while True:
        state = game.new(opts, seed)
        seed += 1
        while over(state) is None:
            choices = legal(state)
            apply(state, choices[rng.randrange(len(choices))])
            yield 1


def openspiel_loop(players: int) -> Iterator[int]:
    """OpenSpiel's crazy_eights: chance outcomes sampled, decisions counted."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(0)
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            yield 1


def run_slice(loop: Iterator[int], seconds: float) -> tuple[int, float]:
    """Decisions and CPU seconds of one slice (the clock is read every 64 decisions)."""
    clock: Callable[[], float] = time.process_time
    start = clock()
    done = 0
    while True:
        for _ in range(64):
            done += next(loop)
        spent = clock() - start
        if spent >= seconds:
            return done, spent


def interleaved(slices: dict[str, Callable[[float], tuple[int, float]]], rounds: int, seconds: float
                ) -> dict[str, float]:
    """Each engine's work per CPU second: ``rounds`` slices of ``seconds`` each, taken in turn
    (engine by engine, round after round), so that a busy machine weighs on all alike."""
    totals = {k: [0, 0.0] for k in slices}
    for _ in range(rounds):
        for key, work in slices.items():
            n, cpu = work(seconds)
            totals[key][0] += n
            totals[key][1] += cpu
    return {k: n / cpu for k, (n, cpu) in totals.items()}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", default="shedding,king-taco,cripple-mr-onion,mao,bpoker")
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--slice", type=float, default=0.5, help="CPU seconds per engine per round")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    names = [g.strip() for g in a.games.split(",") if g.strip()]
    loops: dict[str, Iterator[int]] = {"openspiel": openspiel_loop(a.players)}
    loops.update({n: houserules_loop(n, a.players) for n in names})
    rate = interleaved({k: (lambda s, loop=loop: run_slice(loop, s)) for k, loop in loops.items()}, a.rounds, a.slice)
    anchor = rate.pop("openspiel")
    out: dict[str, Any] = {"machine": f"{platform.machine()}, {platform.python_implementation()} "
                                      f"{platform.python_version()}", "players": a.players,
                           "openspiel_crazy_eights_per_cpu_s": round(anchor),
                           "games": {n: {"decisions_per_cpu_s": round(r), "ratio": round(r / anchor, 3)}
                                     for n, r in rate.items()}}
    if a.json:
        print(json.dumps(out))
        return
    print(f"{out['machine']}; {a.players} players; {a.rounds} rounds of {a.slice:g} CPU s each, interleaved")
    print(f"{'OpenSpiel crazy_eights (C++)':<30} {anchor:>12,.0f} decisions per CPU s")
    for n, r in rate.items():
        print(f"{'houserules ' + n:<30} {r:>12,.0f} decisions per CPU s   {r / anchor:6.3f}x")


if __name__ == "__main__":
    main()
