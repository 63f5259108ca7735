"""Train a NumPy policy for a two-player game (Shedding or Cripple Mr Onion) to sit in the ladder against the heuristic.

    pip install -e '.[rl]'
    python examples/league.py --game shedding --out shedding_policy.npz --curve shedding_league.png
    python examples/league.py --game cripple-mr-onion -o rounds=3 --out onion_policy.npz
    houserules ladder shedding --bots policy:shedding_policy.npz,heuristic -n 400 --players 2

Plain REINFORCE from scratch plays Shedding level with the heuristic after minutes of a
CPU (bench/RESULTS.md), so this learner starts where the heuristic is and tries to go past
it, in three phases, each with a budget of CPU seconds:

1. **Imitation** (``--imitate``): the heuristic plays itself; each of its decisions that had
   a choice is a labelled example (the seat's observation, the legal indices, the index it
   played), and the network (``shedding_policy_gradient.Policy``: observation -> tanh
   units -> a score per action index) learns them by cross-entropy on the masked scores.
2. **A stronger teacher** (``--teach``, DAgger): the network plays the heuristic, and at its
   own decisions the game's ``strong`` bot (an ISMCTS budget, ahead of the heuristic in the
   ladder) says what it would play; those labels, on the states the network itself reaches,
   are learnt on top of the imitation (weighted ``--teacher-weight``).
3. **League** (``--league``): actor-critic policy gradient (a value head on the hidden units
   as the baseline) in games against the heuristic (half of them) and frozen snapshots of
   the network itself, each a ``policy:PATH.npz`` bot (houserules.bots.policy).

After each phase (and through the league) the network is saved with ``save_policy`` and
rated in a short seat-rotated ladder against the heuristic on deals of ``--seed`` + 500000
(the curve, ``--curve``); the final network in a ladder of ``--ladder`` games on deals of
``--seed`` + 1000000 that training never saw, with the ladder's exact per-deal sign test.
Whether it beats the heuristic is measured, not promised: bench/RESULTS.md has the runs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from checkpoints import PLAYERS, Curve, cpu, game_options, ladder_arguments, plot_curve, rate  # noqa: E402  (the training clock and the checkpoints' ladder)
from shedding_policy_gradient import Policy  # noqa: E402  (the same network and its single-game step)

from houserules.bots import ask, levels, make  # noqa: E402
from houserules.bots.policy import save_policy  # noqa: E402
from houserules.envs.common import EncodedGame  # noqa: E402

#: one labelled decision: observation, legal indices, the index chosen, its weight
Example = tuple[np.ndarray, np.ndarray, int, float]


class Learner(Policy):
    """The example network with a value head (the critic), batched passes and Adam steps."""

    def __init__(self, n_obs: int, n_act: int, hidden: int, rng: np.random.Generator):
        super().__init__(n_obs, n_act, hidden, rng)
        self.wv, self.bv = np.zeros(hidden), np.zeros(1)
        self._m = [np.zeros_like(p) for p in self.all()]
        self._v = [np.zeros_like(p) for p in self.all()]
        self._t = 0

    def all(self) -> list[np.ndarray]:
        return [*self.params(), self.wv, self.bv]

    def batch(self, obs: np.ndarray, legal: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hidden units, masked probabilities and values for a batch."""
        h = np.tanh(obs @ self.w1.T + self.b1)
        logits = h @ self.w2.T + self.b2
        mask = np.zeros(logits.shape, dtype=bool)
        for row, ix in enumerate(legal):
            mask[row, ix] = True
        logits = np.where(mask, logits, -np.inf)
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        return h, p / p.sum(axis=1, keepdims=True), h @ self.wv + self.bv

    def step(self, obs: np.ndarray, d_logits: np.ndarray, h: np.ndarray, d_value: np.ndarray, lr: float) -> None:
        """One Adam step down the loss whose gradients by the scores and the values are given."""
        d_h = (d_logits @ self.w2 + np.outer(d_value, self.wv)) * (1 - h * h)
        grads = [d_h.T @ obs, d_h.sum(0), d_logits.T @ h, d_logits.sum(0), d_value @ h, d_value.sum(keepdims=True)]
        self._t += 1
        for p, g, m, v in zip(self.all(), grads, self._m, self._v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= lr * (m / (1 - 0.9 ** self._t)) / (np.sqrt(v / (1 - 0.999 ** self._t)) + 1e-8)

    def imitate(self, data: list[Example], epochs: int, lr: float, rng: np.random.Generator, size: int = 256) -> float:
        """Cross-entropy on the examples' masked scores; the last epoch's agreement (greedy)."""
        agree = 0.0
        for _ in range(epochs if data else 0):
            order, hits, total = rng.permutation(len(data)), 0.0, 0.0
            for start in range(0, len(data), size):
                part = [data[i] for i in order[start:start + size]]
                obs = np.stack([e[0] for e in part])
                h, p, _ = self.batch(obs, [e[1] for e in part])
                labels = np.array([e[2] for e in part])
                weights = np.array([e[3] for e in part])
                rows = np.arange(len(part))
                hits += float(weights @ (p.argmax(1) == labels))
                total += float(weights.sum())
                d = p.copy()
                d[rows, labels] -= 1
                self.step(obs, d * (weights / weights.sum())[:, None], h, np.zeros(len(part)), lr)
            agree = hits / total
        return agree

    def save(self, path: Path, game: str, options: dict[str, Any]) -> str:
        """Write the network as a ``policy:PATH`` file (layers as x @ w + b) and return its bot spec."""
        save_policy(path, game, [(self.w1.T, self.b1), (self.w2.T, self.b2)], {**options, "players": PLAYERS})
        return f"policy:{path}"


#: CPU seconds spent rating checkpoints, left out of the training budgets


def games(table: EncodedGame, seed: int, budget: float, seat_player: Any) -> int:
    """Play games on ``table`` until ``budget`` CPU seconds pass; ``seat_player(table, seat,
    legal, game_index)`` returns each decision's action (it records what it wants)."""
    end, n, seeds = cpu() + budget, 0, np.random.default_rng(seed)
    while cpu() < end:
        table.new(int(seeds.integers(2**31)))
        while not table.over:
            seat = table.seat_to_act()
            assert seat is not None
            table.perform(seat_player(table, seat, table.legal(seat), n))
        n += 1
    return n


def example(table: EncodedGame, seat: int, legal: list[Any], chosen: Any, weight: float) -> Example:
    view = table.view(seat)
    return (table.observe(seat)["observation"], np.array([table.encoding.index(view, a) for a in legal]),
            table.encoding.index(view, chosen), weight)


def greedy(net: Learner, table: EncodedGame, seat: int, legal: list[Any]) -> Any:
    """The network's choice (the highest-scoring legal index), as the policy bot plays."""
    view = table.view(seat)
    indices = [table.encoding.index(view, a) for a in legal]
    _, p, _ = net.batch(table.observe(seat)["observation"][None, :], [np.array(indices)])
    return legal[int(np.argmax(p[0, indices]))]



def league(net: Learner, table: EncodedGame, game: str, options: dict[str, Any], budget: float, lr: float,
           snapshot: int, folder: Path, rng: np.random.Generator, checkpoint: Any) -> int:
    """Actor-critic against the heuristic and the network's frozen snapshots for ``budget`` CPU s."""
    pool = ["heuristic"]
    end, played, batch_obs, batch_legal, batch_act, batch_ret = cpu() + budget, 0, [], [], [], []
    while cpu() < end:
        spec = "heuristic" if len(pool) == 1 or rng.random() < 0.5 else pool[1 + int(rng.integers(len(pool) - 1))]
        me = played % PLAYERS
        table.new(int(rng.integers(2**31)))
        bot = make(game, spec, int(rng.integers(2**31)))
        mine: list[tuple[np.ndarray, np.ndarray, int]] = []
        while not table.over:
            seat = table.seat_to_act()
            assert seat is not None
            legal = table.legal(seat)
            if seat != me:
                table.perform(ask(bot, table.game, table.state, seat, legal))
                continue
            if len(legal) == 1:
                table.perform(legal[0])
                continue
            view = table.view(seat)
            obs, ix = table.observe(seat)["observation"], np.array([table.encoding.index(view, a) for a in legal])
            _, p, _ = net.batch(obs[None, :], [ix])
            k = int(rng.choice(len(ix), p=p[0, ix] / p[0, ix].sum()))
            mine.append((obs, ix, int(ix[k])))
            table.perform(legal[k])
        reward = table.rewards()[me]
        for obs, ix, a in mine:
            batch_obs.append(obs)
            batch_legal.append(ix)
            batch_act.append(a)
            batch_ret.append(reward)
        played += 1
        if len(batch_obs) >= 512:
            obs_a, ret = np.stack(batch_obs), np.array(batch_ret)
            h, p, v = net.batch(obs_a, batch_legal)
            advantage = ret - v
            d = p.copy()
            d[np.arange(len(ret)), batch_act] -= 1  # d(-log p[a]) / d scores
            d *= (advantage / len(ret))[:, None]
            net.step(obs_a, d, h, (v - ret) / len(ret), lr)
            batch_obs, batch_legal, batch_act, batch_ret = [], [], [], []
        if played % snapshot == 0:
            pool.append(net.save(folder / f"snapshot_{played}.npz", game, options))
            checkpoint(f"league, {played} games", played)
    return played


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", default="shedding", help="shedding or cripple-mr-onion (any game with an encoding)")
    ap.add_argument("-o", "--option", action="append", default=[], help="a table option KEY=VALUE (Onion: rounds=3)")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--imitate", type=float, default=120, help="CPU seconds of heuristic games to imitate")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--teach", type=float, default=240, help="CPU seconds of the strong bot's labels (0: none)")
    ap.add_argument("--teacher", default=None, help="the teacher's bot spec (default: the game's strong level)")
    ap.add_argument("--teacher-weight", type=float, default=3.0)
    ap.add_argument("--league", type=float, default=180, help="CPU seconds of league play (0: none)")
    ap.add_argument("--snapshot", type=int, default=1000, help="a frozen copy joins the league every this many games")
    ap.add_argument("--lr", type=float, default=1e-3, help="imitation's Adam step")
    ap.add_argument("--league-lr", type=float, default=1e-4)
    ladder_arguments(ap, check=200, ladder=1000, policy="policy")
    args: Any = ap.parse_args(argv)
    options = game_options(args.option)
    game = args.game
    out: Path = args.out or Path(f"{game}_policy.npz")
    rng = np.random.default_rng(args.seed)
    table = EncodedGame(game, PLAYERS, **options)
    net = Learner(table.obs_size, table.act_size, args.hidden, rng)
    curve: Curve = []
    t0 = cpu()

    def checkpoint(label: str, *_: Any) -> None:
        spec = net.save(out, game, options)
        rated = rate(spec, game, options, args.check, 500_000 + args.seed)
        curve.append((label, cpu() - t0, rated))
        print(f"{label:28s} cpu {cpu() - t0:6.0f}s  ladder vs heuristic {rated['wins']}/{rated['games']}  "
              f"deals {rated['ahead']}/{rated['behind']}/{rated['even']}", flush=True)

    # 1. imitation of the heuristic playing itself
    heuristic = [make(game, "heuristic", 1 + s) for s in range(PLAYERS)]
    data: list[Example] = []

    def record(table: EncodedGame, seat: int, legal: list[Any], _n: int) -> Any:
        action = ask(heuristic[seat], table.game, table.state, seat, legal)
        if len(legal) > 1:
            data.append(example(table, seat, legal, action, 1.0))
        return action

    if args.imitate > 0:
        n = games(table, args.seed, args.imitate, record)
        agree = net.imitate(data, args.epochs, args.lr, rng)
        print(f"imitation: {len(data)} decisions of {n} heuristic games; agreement {agree:.3f}", flush=True)
        checkpoint("imitation")

    # 2. the strong bot's labels on the network's own states (DAgger)
    if args.teach > 0:
        teacher_spec = args.teacher or levels(game)["strong"]
        teacher = make(game, teacher_spec, 7)
        rival = make(game, "heuristic", 8)
        taught: list[Example] = []

        def student(table: EncodedGame, seat: int, legal: list[Any], n: int) -> Any:
            if seat != n % PLAYERS:
                return ask(rival, table.game, table.state, seat, legal)
            if len(legal) > 1:
                taught.append(example(table, seat, legal, ask(teacher, table.game, table.state, seat, legal),
                                      args.teacher_weight))
            return greedy(net, table, seat, legal)

        n = games(table, args.seed + 1, args.teach, student)
        agree = net.imitate(data + taught, max(1, args.epochs // 2), args.lr / 2, rng) if taught else 0.0
        print(f"teacher {teacher_spec}: {len(taught)} labels in {n} games; agreement {agree:.3f}", flush=True)
        checkpoint(f"teacher {teacher_spec}")

    # 3. league play
    played = 0
    if args.league > 0:
        with tempfile.TemporaryDirectory() as folder:
            played = league(net, table, game, options, args.league, args.league_lr, args.snapshot, Path(folder),
                            rng, checkpoint)
        checkpoint(f"league, {played} games")
    spec = net.save(out, game, options)
    final = rate(spec, game, options, args.ladder, 1_000_000 + args.seed)
    print(f"final ladder vs heuristic (seed {1_000_000 + args.seed}): the policy won {final['wins']} of "
          f"{final['games']}; per deal ahead {final['ahead']}, behind {final['behind']}, even {final['even']}; "
          f"sign test p = {final['p_value']:.3g}; training CPU {cpu() - t0:.0f}s; saved {out}", flush=True)
    if args.curve:
        plot_curve(curve, args.curve, f"Two-player {game}: imitation, teacher, league",
                   lambda r: r["wins"] / r["games"], "policy (greedy)", "share of ladder wins vs the heuristic",
                   (0.3, 0.7), annotated=lambda name: not name.startswith("league"))
    return {"curve": curve, "final": final, "league_games": played, "out": str(out)}


if __name__ == "__main__":
    main()
