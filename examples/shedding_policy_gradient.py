"""Learn to beat the random bot at two-player Shedding, with plain numpy policy gradient.

    pip install -e '.[rl]'
    python examples/shedding_policy_gradient.py              # a few minutes on a laptop CPU
    python examples/shedding_policy_gradient.py --episodes 3000 --plot curve.png

The learner is a softmax policy over Shedding's 108 action indices, with a
hidden layer of 64 units, reading the 179-number observation of its own
view (houserules.envs.gymnasium.SingleAgentEnv, the game's encoding). Moves
the mask rules out get no probability. It plays whole games against the
random bot and follows REINFORCE: after each game, every move's log-probability
is pushed up by (reward - baseline), the reward being +1 for a win and -1 for
a loss, the baseline a running mean of rewards. Every ``--every`` games it
plays ``--eval`` games greedily (its most probable legal move) and records
its win rate; the curve goes to ``--plot``. Random against random wins half;
the learner passes 0.9 within a couple of hundred games (about a minute),
the level of the hand-written heuristic bot (0.945 against random). With
``--opponent heuristic`` it learns against that bot instead, more slowly.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces

from houserules.envs.gymnasium import SingleAgentEnv


class Policy:
    """obs -> tanh(W1 obs + b1) -> W2 h + b2 -> masked softmax."""

    def __init__(self, n_obs: int, n_act: int, hidden: int, rng: np.random.Generator):
        self.w1 = rng.normal(0, 1 / np.sqrt(n_obs), (hidden, n_obs))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, 0.01, (n_act, hidden))
        self.b2 = np.zeros(n_act)

    def forward(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(self.w1 @ obs + self.b1)
        logits = self.w2 @ h + self.b2
        logits = np.where(mask > 0, logits, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum(), h

    def grads(self, obs: np.ndarray, h: np.ndarray, p: np.ndarray, action: int, scale: float) -> list[np.ndarray]:
        """Gradient of ``scale * log p[action]`` for each parameter."""
        d_logits = -p * scale
        d_logits[action] += scale
        d_h = (self.w2.T @ d_logits) * (1 - h * h)
        return [np.outer(d_h, obs), d_h, np.outer(d_logits, h), d_logits]

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]


def play(env: SingleAgentEnv, policy: Policy, rng: np.random.Generator, greedy: bool, seed: int | None
         ) -> tuple[float, list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]]:
    """One game; the reward and, for learning, each move's (obs, hidden, probabilities, action)."""
    obs, _ = env.reset(seed=seed)
    trace = []
    while True:
        p, h = policy.forward(obs["observation"], obs["action_mask"])
        action = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
        trace.append((obs["observation"], h, p, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), trace


def train(episodes: int, every: int, evaluations: int, lr: float, seed: int, opponent: str = "random"
          ) -> list[tuple[int, float]]:
    env = SingleAgentEnv("shedding", players=2, opponents=(opponent,), illegal="raise")
    rng = np.random.default_rng(seed)
    seen, moves = env.observation_space, env.action_space
    assert isinstance(seen, spaces.Dict) and isinstance(moves, spaces.Discrete)  # a mask beside the numbers
    n_obs = int(np.prod(seen["observation"].shape or (0,)))
    policy = Policy(n_obs, int(moves.n), 64, rng)
    baseline, curve = 0.0, []
    env.reset(seed=seed)
    t0 = time.perf_counter()
    for episode in range(episodes + 1):
        if episode % every == 0:
            wins = sum(play(env, policy, rng, True, 10**6 + i)[0] > 0 for i in range(evaluations))
            curve.append((episode, wins / evaluations))
            print(f"games {episode:5d}  win rate vs {opponent} {wins / evaluations:.2f}  "
                  f"({time.perf_counter() - t0:.0f}s)", flush=True)
        if episode == episodes:
            break
        reward, trace = play(env, policy, rng, False, None)
        baseline = learn(policy, trace, reward, baseline, lr)
    return curve


def learn(policy: Policy, trace: list[Any], reward: float, baseline: float, lr: float) -> float:
    """One REINFORCE step from one game's ``trace`` and its ``reward`` against a running
    ``baseline`` (which it returns, moved towards the reward): the step is scaled by the
    square root of the game's length, so long games do not swamp short ones."""
    advantage = reward - baseline
    total = [np.zeros_like(x) for x in policy.params()]
    for obs, h, p, action in trace:
        for t, g in zip(total, policy.grads(obs, h, p, action, advantage)):
            t += g
    for param, g in zip(policy.params(), total):
        param += lr * g / max(1, len(trace)) ** 0.5
    return baseline + 0.02 * (reward - baseline)


def plot(curve: list[tuple[int, float]], path: Path, opponent: str = "random") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([e for e, _ in curve], [w for _, w in curve], marker="o", color="#3b7dd8", label="learner (greedy)")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="an even match")
    ax.set_xlabel("training games")
    ax.set_ylabel(f"win rate vs the {opponent} bot")
    ax.set_ylim(0, 1)
    ax.set_title("Two-player Shedding: numpy REINFORCE")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> list[tuple[int, float]]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--episodes", type=int, default=1000, help="training games")
    ap.add_argument("--every", type=int, default=100, help="evaluate every this many games")
    ap.add_argument("--eval", type=int, default=200, help="games per evaluation")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opponent", default="random", help="the bot spec to learn against (e.g. heuristic)")
    ap.add_argument("--plot", type=Path, default=Path("shedding_learning_curve.png"))
    args: Any = ap.parse_args(argv)
    curve = train(args.episodes, args.every, args.eval, args.lr, args.seed, args.opponent)
    plot(curve, args.plot, args.opponent)
    print(f"learning curve written to {args.plot}")
    return curve


if __name__ == "__main__":
    main()
