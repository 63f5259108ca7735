"""Random-play throughput of houserules games, one process.

    python bench/throughput.py [--game shedding] [--seconds 5] [--players 4] [--anchors]

Plays whole games with uniformly random legal actions (the loop every engine
is measured with: list legal actions, pick one, apply it) and reports
decisions per second. With --anchors and the [bench] extra installed it
measures, in the same run, RLCard's `uno` and OpenSpiel's `crazy_eights`
driven from the same kind of Python loop.

What one step includes differs by engine (bench/RESULTS.md has the table):
houserules lists the legal actions and applies one (the rules, the events it
returns; no view is built, as the random bot needs none). RLCard's
environment also encodes an observation for the next player every step (a
4x4x15 numpy array and the legal action ids), which its raw game does not;
both rows are measured so the comparison can be made either way.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any


def houserules_rate(game_name: str, seconds: float, options: dict[str, Any]) -> dict[str, Any]:
    from houserules.engine import get_game

    game = get_game(game_name)
    opts = game.options(options)
    legal, apply, over = game.legal, game.apply, game.result
    rng = random.Random(0)
    actions = games = 0
    seed = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new(opts, seed)
        seed += 1
        while over(state) is None:
            choices = legal(state)
            apply(state, choices[rng.randrange(len(choices))])
            actions += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"engine": f"houserules {game_name}", "players": game.seats_for(game.options(opts)),
            "actions_per_second": actions / dt,
            "games_per_second": games / dt, "mean_actions": actions / max(games, 1)}


def rlcard_uno_env(players: int) -> Any:
    """RLCard's Uno environment for ``players`` seats. ``rlcard.make`` applies
    ``game_num_players`` only for some games (Uno silently stays at 2), so the
    game is configured directly and checked."""
    import rlcard

    env = rlcard.make("uno", config={"seed": 0})
    env.game.configure({"game_num_players": players})
    env.num_players = players
    env.reset()
    if len(env.game.players) != players:
        raise RuntimeError(f"RLCard uno plays {len(env.game.players)} players, not {players}")
    return env


def rlcard_uno_rate(seconds: float, players: int) -> dict[str, Any]:
    """The environment's loop: each step decodes the action id and encodes the next observation."""
    import rlcard

    env = rlcard_uno_env(players)
    rng = random.Random(0)
    actions = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"engine": f"RLCard {rlcard.__version__} uno (env)", "players": len(env.game.players),
            "actions_per_second": actions / dt, "games_per_second": games / dt,
            "mean_actions": actions / max(games, 1)}


def rlcard_uno_raw_rate(seconds: float, players: int) -> dict[str, Any]:
    """RLCard's Uno game without the environment: actions are the game's own strings and no
    observation is encoded (the game still builds the next player's state dict every step)."""
    import rlcard

    game = rlcard_uno_env(players).game
    rng = random.Random(0)
    actions = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state, _ = game.init_game()
        while not game.is_over():
            legal = state["legal_actions"]
            state, _ = game.step(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"engine": f"RLCard {rlcard.__version__} uno (raw game)", "players": len(game.players),
            "actions_per_second": actions / dt, "games_per_second": games / dt,
            "mean_actions": actions / max(games, 1)}


def openspiel_crazy_eights_rate(seconds: float, players: int) -> dict[str, Any]:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(0)
    decisions = chance = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"engine": "OpenSpiel crazy_eights (C++)", "players": game.num_players(),
            "actions_per_second": decisions / dt,
            "all_actions_per_second": (decisions + chance) / dt,
            "games_per_second": games / dt, "mean_actions": decisions / max(games, 1)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="shedding")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--anchors", action="store_true", help="also measure RLCard uno and OpenSpiel crazy_eights")
    p.add_argument("--only", choices=["rlcard", "openspiel"], help="with --anchors: just this anchor")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    rows = [houserules_rate(a.game, a.seconds, {"players": a.players})]
    if a.anchors and a.only != "openspiel":
        rows.append(rlcard_uno_rate(a.seconds, a.players))
        rows.append(rlcard_uno_raw_rate(a.seconds, a.players))
    if a.anchors and a.only != "rlcard":
        rows.append(openspiel_crazy_eights_rate(a.seconds, a.players))
    machine = f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}"
    if a.json:
        print(json.dumps({"machine": machine, "rows": rows}))
        return
    print(f"machine: {machine}; {a.players} players; {a.seconds:g}s each")
    for r in rows:
        extra = f" (with chance nodes {r['all_actions_per_second']:,.0f})" if "all_actions_per_second" in r else ""
        print(f"{r['engine']:<34} {r['players']} players {r['actions_per_second']:>12,.0f} decisions/s{extra}"
              f"   {r['games_per_second']:>9,.1f} games/s   {r['mean_actions']:>7.1f} decisions/game")


if __name__ == "__main__":
    main()
