"""Train sb3-contrib's MaskablePPO through ``gymnasium.make`` against the ``club`` bot, and measure it.

    pip install -e '.[ppo]'
    python examples/maskable_ppo.py                               # two-seat Shedding against club
    python examples/maskable_ppo.py --steps 20000 --every 5000 --curve curve.png

The environment is ``gymnasium.make("houserules/GAME-v0", players=2,
opponents=("club",))``: one learner at a table with the game's ``club``
bot (registered when ``houserules.envs`` is imported; its TimeLimit ends
an episode stuck in a loop). The observation is the Dict the environment
gives (the encoding's observation and the action mask), read by
Stable-Baselines3's ``MultiInputPolicy``; MaskablePPO asks the environment
for ``action_masks()`` at every step and never samples an illegal action.

Every ``--every`` learner steps (and before any) the greedy policy (its
most probable legal action) plays ``--eval`` fresh games against the bot,
half of them in each seat, and its win rate is recorded with a 95% Wilson
interval and the training CPU seconds so far; ``--curve`` draws it. The
last checkpoint is compared with the first (the untrained network, which
plays about as a random player does) by a two-proportion z test. ``--save``
keeps the model (Stable-Baselines3's zip).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import houserules.envs  # noqa: F401  (registers houserules/<game>-v0 with Gymnasium)

PLAYERS = 2


def make(game: str, opponent: str, seat: int = 0) -> Any:
    return gymnasium.make(f"houserules/{game}-v0", players=PLAYERS, opponents=(opponent,), seat=seat)


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p, z = wins / games, 1.96
    mid = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return mid - half, mid + half


def evaluate(model: MaskablePPO, game: str, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """``games`` greedy games against ``opponent``, the learner in each seat for half of them."""
    wins = 0
    for seat in range(PLAYERS):
        env = make(game, opponent, seat)
        for n in range(seat, games, PLAYERS):
            obs, _ = env.reset(seed=seed + n)
            done, reward = False, 0.0
            while not done:
                action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
                obs, reward, terminated, truncated, _ = env.step(int(action))
                done = terminated or truncated
            wins += reward > 0
        env.close()
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": wins / games if games else 0.0, "low": low, "high": high}


def z_test(first: dict[str, Any], last: dict[str, Any]) -> float:
    """Two-sided p-value that the two win rates are the same (two-proportion z test)."""
    n1, n2 = first["games"], last["games"]
    pooled = (first["wins"] + last["wins"]) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) if 0 < pooled < 1 else 0.0
    if spread == 0.0:
        return 1.0
    z = (last["rate"] - first["rate"]) / spread
    return math.erfc(abs(z) / math.sqrt(2))


def plot(curve: list[dict[str, Any]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    x = [c["cpu"] for c in curve]
    ax.plot(x, [c["rate"] for c in curve], marker="o", color="#3b7dd8", label="greedy policy")
    ax.fill_between(x, [c["low"] for c in curve], [c["high"] for c in curve], color="#3b7dd8", alpha=0.2,
                    label="95% interval")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="level with the bot")
    ax.set_xlabel("training CPU seconds")
    ax.set_ylabel("win rate against the bot")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", default="shedding", help="any game with an encoding")
    ap.add_argument("--opponent", default="club", help="the bot's spec (a strength word or a kind)")
    ap.add_argument("--steps", type=int, default=200_000, help="learner steps of training")
    ap.add_argument("--every", type=int, default=25_000, help="learner steps between checkpoints")
    ap.add_argument("--eval", type=int, default=400, help="games at each checkpoint (half in each seat)")
    ap.add_argument("--n-steps", type=int, default=2048, help="PPO's rollout length")
    ap.add_argument("--batch", type=int, default=256, help="PPO's minibatch")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--curve", type=Path, default=None, help="a PNG of the win rate (needs matplotlib)")
    ap.add_argument("--save", type=Path, default=None, help="the trained model (a zip)")
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args: Any = ap.parse_args(argv)
    torch.set_num_threads(1)  # a small network: one thread is fastest and leaves the other cores alone
    env = make(args.game, args.opponent)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=args.n_steps, batch_size=args.batch, seed=args.seed,
                        verbose=0)
    curve: list[dict[str, Any]] = []
    spent, done = 0.0, 0
    eval_seed = 1_000_000 + args.seed  # fresh deals, never trained on
    while True:
        rated = evaluate(model, args.game, args.opponent, args.eval, eval_seed)
        curve.append({"steps": done, "cpu": round(spent, 1), **rated})
        print(f"{done:8d} steps  cpu {spent:7.1f}s  wins {rated['wins']}/{rated['games']} "
              f"({rated['low']:.2f}-{rated['high']:.2f})", flush=True)
        if done >= args.steps:
            break
        chunk = min(args.every, args.steps - done)
        start = time.process_time()
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        spent += time.process_time() - start
        done += chunk
    result = {"game": args.game, "opponent": args.opponent, "steps": done, "cpu": round(spent, 1), "curve": curve,
              "p": z_test(curve[0], curve[-1])}
    print(f"first {curve[0]['wins']}/{curve[0]['games']}, last {curve[-1]['wins']}/{curve[-1]['games']}: "
          f"p = {result['p']:.2g} (two-proportion z test)", flush=True)
    if args.curve:
        plot(curve, args.curve, f"MaskablePPO at two-seat {args.game} against {args.opponent}")
    if args.save:
        model.save(args.save)
    if args.json:
        print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
