"""Simulation on Ray against the local process pool, same games, same results.

    python bench/ray_sim.py [--game shedding] [--games 2000] [--bots random]

For 1 and 2 workers: games/s through the process pool and through Ray
tasks (on a local Ray started once, so its start-up is reported apart),
a check that both tallies are identical, and the overhead of one Ray task
(the mean round trip of empty tasks, scheduled all at once).
"""

from __future__ import annotations

import argparse
import json
import time

from houserules.sim import SimConfig, simulate


def _noop(i: int) -> int:
    return i


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="shedding")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    import ray

    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    startup = time.perf_counter() - t0
    task = ray.remote(num_cpus=1)(_noop)
    ray.get([task.remote(i) for i in range(20)])  # warm the workers
    t0 = time.perf_counter()
    ray.get([task.remote(i) for i in range(500)])
    overhead = (time.perf_counter() - t0) / 500
    out = {"game": args.game, "games": args.games, "bots": args.bots, "ray_startup_seconds": round(startup, 2),
           "ray_seconds_per_empty_task": round(overhead, 5), "runs": []}
    for workers in (1, 2):
        config = SimConfig(args.game, args.games, {"players": args.players},
                           tuple([args.bots] * args.players), seed=0, workers=workers)
        pool, pool_s = simulate(config)
        on_ray, ray_s = simulate(config, ray="")
        same = all(getattr(pool, k) == getattr(on_ray, k)
                   for k in ("games", "actions", "draws", "wins_by_seat", "penalties", "lengths", "stats"))
        out["runs"].append({"workers": workers, "pool_games_per_second": round(args.games / pool_s, 1),
                            "ray_games_per_second": round(args.games / ray_s, 1), "identical": same})
    ray.shutdown()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
