"""Environment speed per game: decisions per second of random masked play through the PettingZoo AEC env.

    python bench/envs.py [--players 4] [--seconds 5] [--game NAME]

Each game (Mao twice: the legal mask, and the open table with ``attempts``)
is played by agents that pick a random index from the mask, game after game,
for ``--seconds``; a decision is one ``step`` with an action (observation,
mask and carrying out included). Needs the ``[rl]`` extra.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any

from houserules.engine import registry
from houserules.envs.pettingzoo import env

#: quick tables: a two-round Onion match, a Mao game of at most 200 turns
QUICK = {"rounds": 2, "max_turns": 200}


def rate(name: str, players: int, seconds: float, **options: Any) -> dict[str, Any]:
    e = env(name, players=players, **options)
    start = time.perf_counter()
    cpu = time.process_time()
    decisions = games = 0
    while time.perf_counter() - start < seconds:
        e.reset(seed=games)
        rng = random.Random(games)
        games += 1
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            decisions += 1
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return {"game": name, "options": options, "decisions_per_s": round(decisions / wall),
            "decisions_per_cpu_s": round(decisions / used), "games": games,
            "actions": e.table.act_size, "observation": e.table.obs_size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default=None)
    args = parser.parse_args()
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine()}))
    for name in [args.game] if args.game else registry.names():
        defaults = registry.get(name).options({})
        options = {k: v for k, v in QUICK.items() if k in defaults}
        tables = [options, {**options, "attempts": True}] if name == "mao" else [options]
        for opts in tables:
            print(json.dumps(rate(name, args.players, args.seconds, **opts)), flush=True)


if __name__ == "__main__":
    main()
