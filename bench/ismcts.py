"""ISMCTS search speed per game, one process.

    python bench/ismcts.py [--game NAME] [--iterations 200] [--positions 20] [--players 4] [--rollout heuristic] [--playouts]

Collects positions from random play (every game registered), asks the
``ismcts`` bot at each with a fixed budget of iterations, and reports
iterations per second, the time of one move (wall clock, and CPU time,
which a busy machine inflates less), the share of a move spent in
determinization (the redeal of the unseen cards), and the random-playout
rate from the same positions with ``--playouts`` (beside OpenSpiel's
``crazy_eights``, the nearest anchor, from the [bench] extra). ``-o key=value`` sets game options (a short
Cripple Mr Onion match: ``-o rounds=10``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any

from houserules.bots import make
from houserules.bots.ismcts import ISMCTS
from houserules.engine import registry
from houserules.engine.infoset import redeal, stand_in


def positions(name: str, options: dict[str, Any], count: int) -> list[Any]:
    """``count`` positions spread over random games, each with a real choice to make."""
    game = registry.get(name)
    opts = game.options(options)
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state = game.new(opts, seed)
        rng = random.Random(seed)
        seed += 1
        step = 0
        while game.result(state) is None and len(out) < count:
            seat = game.to_act(state)[0]
            mine = [a for a in game.legal(state) if a.seat == seat]
            if step % 17 == 5 and len(mine) > 1:
                out.append(game.copy(state))
            game.apply(state, mine[rng.randrange(len(mine))])
            step += 1
    return out


def measure(name: str, options: dict[str, Any], iterations: int, count: int, rollout: str = "") -> dict[str, Any]:
    game = registry.get(name)
    states = positions(name, options, count)
    bot = make(name, f"ismcts:{iterations}" + (f":{rollout}" if rollout else ""), 0)
    assert isinstance(bot, ISMCTS)
    moves: list[float] = []
    cpus: list[float] = []
    redeal_time = 0.0
    for i, state in enumerate(states):
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal(state) if a.seat == seat]
        root = stand_in(game, state, seat, i)
        t0, c0 = time.perf_counter(), time.process_time()
        bot.search(game, root, seat, legal)
        moves.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        rng = random.Random(i)
        t0 = time.perf_counter()
        for _ in range(iterations):
            redeal(game, root, seat, rng)
        redeal_time += time.perf_counter() - t0
    total, cpu = sum(moves), sum(cpus)
    moves.sort()
    cpus.sort()
    return {
        "game": name, "options": options, "iterations": iterations, "rollout": rollout or "random",
        "positions": count,
        "iterations_per_second": round(iterations * count / total),
        "move_seconds_mean": round(total / count, 4),
        "move_seconds_p90": round(moves[int(0.9 * (count - 1))], 4),
        "move_cpu_seconds_mean": round(cpu / count, 4),
        "move_cpu_seconds_p90": round(cpus[int(0.9 * (count - 1))], 4),
        "iterations_per_cpu_second": round(iterations * count / cpu),
        "determinize_share": round(redeal_time / total, 3),
        "python": platform.python_version(),
    }


def playout_rate(name: str, options: dict[str, Any], count: int, seconds: float) -> dict[str, Any]:
    """Random playouts per second from the bench positions: redeal, then random play to the end
    (what one ISMCTS iteration costs when its tree part is small)."""
    game = registry.get(name)
    states = positions(name, options, count)
    rng = random.Random(0)
    playouts = actions = 0
    c0 = time.process_time()
    while time.process_time() - c0 < seconds:
        state = states[playouts % len(states)]
        seat = game.to_act(state)[0]
        twin = redeal(game, state, seat, rng)
        while True:
            seats = game.to_act(twin)
            if not seats:
                break
            moves = [a for a in game.legal(twin) if a.seat == seats[0]]
            game.apply(twin, moves[rng.randrange(len(moves))])
            actions += 1
        playouts += 1
    cpu = time.process_time() - c0
    return {"engine": f"houserules {name}", "options": options, "playouts_per_cpu_second": round(playouts / cpu),
            "actions_per_cpu_second": round(actions / cpu), "mean_playout_actions": round(actions / playouts, 1)}


def openspiel_playout_rate(players: int, seconds: float) -> dict[str, Any]:
    """The same for OpenSpiel's crazy_eights (C++ through pybind): clone a mid-game state, play it out."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(0)
    starts = []
    while len(starts) < 20:
        state = game.new_initial_state()
        for _ in range(rng.randrange(10, 40)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        if not state.is_terminal():
            starts.append(state)
    playouts = actions = 0
    c0 = time.process_time()
    while time.process_time() - c0 < seconds:
        state = starts[playouts % len(starts)].clone()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        playouts += 1
    cpu = time.process_time() - c0
    return {"engine": "OpenSpiel crazy_eights", "players": players, "playouts_per_cpu_second": round(playouts / cpu),
            "actions_per_cpu_second": round(actions / cpu), "mean_playout_actions": round(actions / playouts, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rollout", default="", help="the bot that plays the playouts (default: random)")
    ap.add_argument("-o", "--option", action="append", default=[])
    ap.add_argument("--playouts", action="store_true",
                    help="also measure random playouts per CPU second, and OpenSpiel's crazy_eights beside them")
    args = ap.parse_args()
    for name in args.game or registry.names():
        options: dict[str, Any] = {"players": args.players}
        for pair in args.option:
            key, _, raw = pair.partition("=")
            if key in registry.get(name).options({}):
                options[key] = json.loads(raw)
        print(json.dumps(measure(name, options, args.iterations, args.positions, args.rollout)), flush=True)
        if args.playouts:
            print(json.dumps(playout_rate(name, options, args.positions, 3.0)), flush=True)
    if args.playouts:
        print(json.dumps(openspiel_playout_rate(args.players, 3.0)), flush=True)


if __name__ == "__main__":
    main()
