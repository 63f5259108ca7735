"""Train a small NumPy policy for two-player Shedding against a league, save it, and ladder it against the heuristic.

    pip install -e '.[rl]'
    python examples/shedding_league.py --minutes 4 --out shedding_policy.npz
    houserules ladder shedding --bots policy:shedding_policy.npz,heuristic -n 400 --players 2

The learner is the network of ``shedding_policy_gradient.py`` (observation ->
64 tanh units -> one score per action index, masked softmax) and learns by
the same REINFORCE. What is new is whom it plays: a **league**. Each game's
opponent is drawn from the heuristic bot (half the games) and the frozen
snapshots of the learner itself, one saved every ``--snapshot`` games as a
``policy:PATH.npz`` bot (houserules.bots.policy), so its past selves sit at
the table like any bot. Training stops after ``--minutes`` of wall time; the
final network is written with ``save_policy`` and rated against the
heuristic in a seat-rotated ladder of ``--ladder`` games on fresh deals,
with the ladder's exact per-deal sign test. Whether it beats the heuristic
is measured, not promised: see bench/RESULTS.md or run it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from shedding_policy_gradient import Policy, learn, play  # noqa: E402  (the same network, game loop and step)

from houserules.bots.policy import save_policy  # noqa: E402
from houserules.envs.gymnasium import SingleAgentEnv  # noqa: E402
from houserules.sim.ladder import LadderConfig, sign_test  # noqa: E402
from houserules.sim.ladder import run as ladder  # noqa: E402

PLAYERS = 2


def save(policy: Policy, path: Path) -> str:
    """Write ``policy`` as a ``policy:PATH`` file (layers as x @ w + b) and return its bot spec."""
    save_policy(path, "shedding", [(policy.w1.T, policy.b1), (policy.w2.T, policy.b2)], {"players": PLAYERS})
    return f"policy:{path}"


def train(minutes: float, snapshot: int, lr: float, seed: int, folder: Path) -> tuple[Policy, list[str], int]:
    """REINFORCE against the league for ``minutes``; the policy, the league's specs, the games played."""
    rng = np.random.default_rng(seed)
    envs: dict[str, SingleAgentEnv] = {}

    def table(spec: str) -> SingleAgentEnv:
        if spec not in envs:
            envs[spec] = SingleAgentEnv("shedding", players=PLAYERS, opponents=(spec,), illegal="raise")
            envs[spec].reset(seed=int(rng.integers(2**31)))
        return envs[spec]

    first = table("heuristic")
    policy = Policy(first.observation_space["observation"].shape[0], int(first.action_space.n), 64, rng)
    league, baseline, games = ["heuristic"], 0.0, 0
    deadline = time.perf_counter() + 60 * minutes
    while time.perf_counter() < deadline:
        past = league[1:]
        spec = "heuristic" if not past or rng.random() < 0.5 else past[int(rng.integers(len(past)))]
        reward, trace = play(table(spec), policy, rng, False, None)
        baseline = learn(policy, trace, reward, baseline, lr)
        games += 1
        if games % snapshot == 0:
            league.append(save(policy, folder / f"snapshot_{games}.npz"))
            print(f"games {games:6d}  league of {len(league)}  baseline reward {baseline:+.2f}", flush=True)
    return policy, league, games


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--minutes", type=float, default=4.0, help="wall time to train")
    ap.add_argument("--snapshot", type=int, default=500, help="add a frozen copy to the league every this many games")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ladder", type=int, default=400, help="ladder games against the heuristic (seat-rotated)")
    ap.add_argument("--out", type=Path, default=Path("shedding_policy.npz"))
    args: Any = ap.parse_args(argv)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        policy, league, games = train(args.minutes, args.snapshot, args.lr, args.seed, Path(folder))
    spec = save(policy, args.out)
    print(f"trained {games} games in {time.perf_counter() - t0:.0f}s against a league of {len(league)}; "
          f"saved {args.out}", flush=True)
    config = LadderConfig("shedding", (spec, "heuristic"), args.ladder, {"players": PLAYERS}, seed=10**6 + args.seed)
    outcomes = ladder(config)
    wins = sum(spec_at_winner == spec for seats, won in outcomes for spec_at_winner in (seats[w] for w in won))
    test = sign_test(outcomes, config)
    out = {"games_trained": games, "ladder_games": len(outcomes), "policy_wins": wins, **test}
    print(f"ladder vs heuristic: the policy won {wins} of {len(outcomes)}; per deal ahead {test['ahead']}, "
          f"behind {test['behind']}, even {test['even']}; sign test p = {test['p_value']:.3g}")
    return out


if __name__ == "__main__":
    main()
