"""Copies per CPU second of every game's states, beside OpenSpiel's C++ ``clone``, interleaved.

    python bench/copies.py [--games shedding,...] [--rounds 5] [--slice 0.3] [--players 4] [--positions 200]

``game.copy`` bounds every search bot (each ISMCTS iteration starts from a
copy) and every environment that looks ahead. The positions are taken from
random play (every seventh decision of seeded games); each round copies them
over and over for a slice of CPU time (``time.process_time``), then clones
OpenSpiel ``crazy_eights`` states from its own random games for a slice, so
a machine whose load changes slows both alike (issue 27 item 7). Needs
OpenSpiel for the anchor (the [bench] extra); without it the anchor is left
out.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from houserules.engine import get_game
from speed import interleaved  # the same interleaving as the random-play measure, beside this script


def positions(name: str, players: int, count: int) -> tuple[Callable[[Any], Any], list[Any]]:
    """``game.copy`` and ``count`` states of ``name`` from seeded random games."""
    game = get_game(name)
    opts = game.options({"players": players})
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state = game.new(opts, seed)
        rng = random.Random(seed)
        seed += 1
        step = 0
        while game.result(state) is None and len(out) < count and step < 3000:
            if step % 7 == 3:
                out.append(game.copy(state))
            choices = game.legal(state)
            game.apply(state, choices[rng.randrange(len(choices))])
            step += 1
    return game.copy, out


def openspiel_positions(players: int, count: int) -> tuple[Callable[[Any], Any], list[Any]]:
    """OpenSpiel ``crazy_eights`` states from random play, and their ``clone``."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(0)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if step % 7 == 3:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            step += 1
    return (lambda s: s.clone()), out


def copy_slice(copy: Callable[[Any], Any], states: list[Any], seconds: float) -> tuple[int, float]:
    """Copies made and CPU seconds spent, copying ``states`` round and round for ``seconds``."""
    clock = time.process_time
    start = clock()
    done = 0
    while True:
        for s in states:
            copy(s)
        done += len(states)
        spent = clock() - start
        if spent >= seconds:
            return done, spent


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", default="shedding,king-taco,cripple-mr-onion,mao,bpoker")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--slice", type=float, default=0.3, help="CPU seconds per engine per round")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--positions", type=int, default=200)
    a = p.parse_args()
    engines = {n: positions(n, a.players, a.positions) for n in a.games.split(",") if n.strip()}
    try:
        engines = {"openspiel": openspiel_positions(a.players, a.positions), **engines}
    except ImportError:
        pass
    rate = interleaved({k: (lambda s, copy=copy, states=states: copy_slice(copy, states, s))
                        for k, (copy, states) in engines.items()}, a.rounds, a.slice)
    anchor = rate.pop("openspiel", None)
    print(f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}; "
          f"{a.players} players; {a.rounds} rounds of {a.slice:g} CPU s each, interleaved")
    if anchor:
        print(f"{'OpenSpiel crazy_eights clone':<30} {anchor:>12,.0f} copies per CPU s")
    for n, r in rate.items():
        print(f"{'houserules ' + n:<30} {r:>12,.0f} copies per CPU s" + (f"   {r / anchor:6.4f}x" if anchor else ""))


if __name__ == "__main__":
    main()
