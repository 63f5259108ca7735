"""Train a policy that scores each legal action from its features and beats the heuristic (2 players).

    pip install -e '.[rl]'
    nice python examples/action_policy.py --game shedding --budget 300 --round 1500 --check 600 --out shedding_actions.npz
    nice python examples/action_policy.py --game cripple-mr-onion --reward round --positions true \
        --budget 900 --phases name,answer,cover,buy,extra,consider,offer,auction --holdout 0.25 \
        --round 9000 --check 100 --margins 0,0.005,0.01,0.02,0.05,0.1,1 --ladder 100 --out onion_actions.npz
    houserules ladder shedding --bots policy:shedding_actions.npz,heuristic --players 2 --games 4000 --seed 1000000
    houserules ladder cripple-mr-onion --bots policy:onion_actions.npz,heuristic --players 2 --games 1000 --seed 1000000

Why not one output per action index (examples/league.py): there the network must learn
every index of a big space from the games it sees, and a few minutes of a CPU leave it
behind the heuristic. Here the network (``Scorer``: one action's feature row -> tanh units
-> one score) scores each legal action from the encoding's per-action features
(``action_features``: the action's kind and card, what the seat's own cards are worth with
it, the heuristic's choice and figures, the table), so what it learns of one action
carries over to every similar one, and it is saved as a ``policy:PATH`` file of format 2
(houserules.bots.policy). It plays from the seat's view only, with no search.

It learns by **rollouts**, within ``--budget`` CPU seconds: the heuristic plays itself; at
each decision with a choice of one seat (alternating by game), the position is redealt
``--samples`` times from what the seat knows (the game's ``determinize``: unseen cards
redrawn at random) and every legal action is played out to the end with the heuristic in
both seats, on the same redeal for every action, so the outcomes differ only by the action.
(``--positions true``: from the true position instead, the rival's real cards and the pack as
it lies. A redeal draws the rival's hidden cards at random, so its outcomes are those of a
rival who bet without looking: in Onion, where a bet says much about the hand behind it, they
teach the heuristic's own mistake of matching whenever the Pot pays against a random hand.
The true position is what the match would have dealt; the network still reads only the view,
so what it learns is the outcome's mean given what the seat knows.)
(``--reward chips``: the final chips' difference, a finer outcome in a game of chips;
``--reward round``: the chips' difference when the round in play ends, Onion's rounds being
nearly independent but for the chips: play-outs a third as long and less noisy.)
Decisions where the action changed an outcome are kept, and the network learns each
action's advantage (its outcome less the mean of its decision's, by least squares on the
scores less their mean), refitted every ``--round`` of them: playing the best is a step of
policy improvement over the heuristic, learnt from features rather than searched at play
time. Where the features say which action the heuristic takes (``--anchor``), the saved
network adds a ``margin`` to it, so another action is played only where the network rates
it better by more than that; the margin is chosen among ``--margins`` on the curve's deals,
or (``--holdout``) on the decisions of games kept out of the fit: per phase, the margin whose
choices gain most there over the heuristic's own by their played-out outcomes (thousands of
decisions, where a ladder of a few hundred deals decides a small edge by luck).

``--phases`` (Onion) plays out only the decisions of those phases, e.g. the betting: a draw
has 32 discards to play out, a bet a handful, so the same CPU buys several redeals per
betting decision (``--samples``) and labels quiet enough to learn from. In every other phase
the saved network plays the heuristic's choice (one more saturated tanh unit: the heuristic's
choice and one of those phases), so it departs from the heuristic only where it was taught.

The curve rates each refit (at the middle margin) in a seat-rotated ladder against the
heuristic on deals of ``--seed`` + 500000, as are the margins; the final network in a
ladder of ``--ladder`` games on deals of ``--seed`` + 1000000 that training never saw,
with the ladder's exact per-deal sign test.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from checkpoints import PLAYERS, Curve, cpu, game_options, ladder_arguments, plot_curve, rate  # noqa: E402  (the training clock and the checkpoints' ladder)

from houserules.bots import ask, make  # noqa: E402
from houserules.bots.policy import save_policy  # noqa: E402
from houserules.engine.core import Action  # noqa: E402
from houserules.envs.common import EncodedGame, payoffs  # noqa: E402

#: one decision: its legal actions' feature rows and a target per row (a label or an outcome)
Decision = tuple[np.ndarray, np.ndarray]


class Scorer:
    """One action's feature row -> ``hidden`` tanh units -> its score; trained by Adam on
    batches of decisions (the rows of all their legal actions, stacked)."""

    def __init__(self, n_features: int, hidden: int, rng: np.random.Generator, anchor: int | None = None,
                 hold: tuple[int, ...] = ()):
        self.anchor, self.margin = anchor, 0.0  # the feature of the heuristic's choice, and its bonus
        #: a margin of its own per phase (by the phase's feature), added to ``margin``; a phase
        #: not taught (``hold``) gets one no learnt score overturns
        self.by_phase: dict[int, float] = {i: 2 * HOLD for i in hold}
        self.w1 = rng.normal(0, 1 / np.sqrt(n_features), (n_features, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, 1 / np.sqrt(hidden), hidden)
        self.b2 = np.zeros(1)
        self._m = [np.zeros_like(p) for p in self.params()]
        self._v = [np.zeros_like(p) for p in self.params()]
        self._t = 0

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def scores(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.w1 + self.b1)
        return h, h @ self.w2 + self.b2[0]

    def choose(self, rows: list[list[float]]) -> int:
        return int(np.argmax(self.scores(np.asarray(rows))[1]))

    def gains(self, data: list[Decision], margin: float) -> tuple[np.ndarray, np.ndarray]:
        """Per decision of ``data`` (with the heuristic's choice among their features): the
        outcome of the action the network picks at ``margin`` less that of the heuristic's
        choice, and whether the two differ."""
        assert self.anchor is not None
        out, departed = np.zeros(len(data)), np.zeros(len(data), dtype=bool)
        for k, (x, q) in enumerate(data):
            mine = int(np.argmax(x[:, self.anchor]))
            pick = int(np.argmax(self.scores(x)[1] + margin * x[:, self.anchor]))
            out[k], departed[k] = q[pick] - q[mine], pick != mine
        return out, departed

    def train(self, data: list[Decision], epochs: int, lr: float, rng: np.random.Generator, size: int = 256) -> float:
        """Adam steps over ``data``: least squares of each score's difference from its decision's
        mean against the outcome's (the action's advantage). Returns the last epoch's mean
        squared error per decision."""
        measure = 0.0
        for _ in range(epochs if data else 0):
            order, total = rng.permutation(len(data)), 0.0
            for start in range(0, len(data), size):
                part = [data[i] for i in order[start:start + size]]
                x = np.concatenate([d[0] for d in part])
                lengths = np.array([len(d[1]) for d in part])
                starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
                seg = np.repeat(np.arange(len(part)), lengths)
                h, s = self.scores(x)
                r = s - np.concatenate([d[1] for d in part])  # (s_i - mean s) - (q_i - mean q)
                ds = r - (np.add.reduceat(r, starts) / lengths)[seg]
                total += float((ds * ds).sum())
                ds /= len(part)
                dh = np.outer(ds, self.w2) * (1 - h * h)
                self._adam([x.T @ dh, dh.sum(0), h.T @ ds, ds.sum(keepdims=True)], lr)
            measure = total / len(data)
        return measure

    def _adam(self, grads: list[np.ndarray], lr: float) -> None:
        self._t += 1
        for p, g, m, v in zip(self.params(), grads, self._m, self._v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= lr * (m / (1 - 0.9 ** self._t)) / (np.sqrt(v / (1 - 0.999 ** self._t)) + 1e-8)

    def save(self, path: Path, game: str, options: dict[str, Any], features: str) -> str:
        """Write the network as a ``policy:PATH`` file of format 2 and return its bot spec. With
        an anchor, one more tanh unit reads only the heuristic's-choice feature (0 or 1), saturated
        to -1 or +1, and adds ``margin`` to the score of the heuristic's choice: another action is
        played only when the network rates it better by more than that."""
        w1, b1, w2 = self.w1, self.b1, self.w2
        if self.anchor is not None and self.margin:
            unit = np.zeros((len(w1), 1))
            unit[self.anchor, 0] = 40.0
            w1, b1, w2 = np.hstack([w1, unit]), np.append(b1, -20.0), np.append(w2, self.margin / 2)
        for phase, margin in self.by_phase.items() if self.anchor is not None else ():
            if margin:  # +1 only for the heuristic's choice in this phase, else -1
                unit = np.zeros((len(w1), 1))
                unit[phase, 0] = 40.0
                unit[self.anchor, 0] = 40.0
                w1, b1, w2 = np.hstack([w1, unit]), np.append(b1, -60.0), np.append(w2, margin / 2)
        save_policy(path, game, [(w1, b1), (w2[:, None], self.b2)], {**options, "players": PLAYERS},
                    features=features)
        return f"policy:{path}"


#: half the score the heuristic's choice gets over the others in a phase not taught (scores are ~0.1)
HOLD = 50.0


def play_out(table: EncodedGame, bots: list[Any], seat: int, chips: bool = False, rounds: bool = False,
             start: int | None = None) -> float:
    """Play ``table`` to its end with ``bots`` in the seats; ``seat``'s reward (``chips``: its
    chips less the rival's, over all chips, for a game whose views count chips; ``rounds``:
    the same at the end of the round ``start``, by default the round in play, Onion's ``round``)."""
    if rounds and start is None:
        start = table.view(None).round
    while not table.over and (start is None or table.view(None).round == start):
        s = table.seat_to_act()
        assert s is not None
        table.perform(ask(bots[s], table.game, table.state, s, table.legal(s)))
    if chips:
        held: list[int] = list(table.view(None).chips)
        return float(held[seat] - held[1 - seat]) / max(1, sum(held))
    return payoffs(table.game.result(table.state), PLAYERS)[seat]


def outcomes(table: EncodedGame, seat: int, legal: list[Action], samples: int, bots: list[Any],
             rng: random.Random, chips: bool = False, rounds: bool = False, true: bool = False) -> np.ndarray:
    """The mean outcome for ``seat`` of each legal action, each played out by ``bots`` on the same
    ``samples`` redeals of what ``seat`` knows (``true``: from the true position each time, the
    rival's real cards and the pack as it lies). The round is the one the decision is in (an
    action that ends it, a fold, is judged by that round alone), and the bots' own random
    numbers start alike for every action of a redeal, so the outcomes differ by the action and
    what follows from it, not by the bots' luck (a heuristic's strength is a random estimate)."""
    q = np.zeros(len(legal))
    start = table.view(None).round if rounds else None
    for _ in range(samples):
        redeal = table.state if true else table.game.determinize(table.state, seat, rng)
        luck = rng.random()
        for i, action in enumerate(legal):
            for bot in bots:
                if isinstance(getattr(bot, "rng", None), random.Random):
                    bot.rng.seed(luck)
            twin = table.fork()
            twin.put(table.game.copy(redeal))
            twin.perform(action)
            q[i] += play_out(twin, bots, seat, chips, rounds, start)
    return q / samples



def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--game", default="shedding", help="shedding or cripple-mr-onion (an encoding with action features)")
    ap.add_argument("-o", "--option", action="append", default=[], help="a table option KEY=VALUE (Onion: rounds=3)")
    ap.add_argument("--hidden", type=int, default=32, help="tanh units of the scorer")
    ap.add_argument("--budget", type=float, default=600, help="CPU seconds of decisions played out")
    ap.add_argument("--samples", type=int, default=1, help="redeals per decision, every action played out on each")
    ap.add_argument("--reward", choices=("win", "chips", "round"), default="win",
                    help="a play-out's outcome: the game's reward; (Onion) the chips less the rival's at "
                         "the end, or at the end of the round in play (shorter play-outs, less noise)")
    ap.add_argument("--positions", choices=("redealt", "true"), default="redealt",
                    help="where play-outs start: redealt from what the seat knows (the rival's unseen cards "
                         "at random), or the true position (its real cards: a redeal forgets what its bets "
                         "said about them)")
    ap.add_argument("--round", type=int, default=2000, help="decisions between training rounds (and checkpoints)")
    ap.add_argument("--epochs", type=int, default=4, help="passes over all decisions so far at each round")
    ap.add_argument("--anchor", default="heuristic's choice", help="the action feature the margin favours")
    ap.add_argument("--margins", type=lambda v: [float(x) for x in v.split(",")], default=[0.0, 0.1, 0.2, 0.3, 0.5],
                    help="margins tried on the curve's deals (comma-separated); the best is kept")
    ap.add_argument("--phases", default="", help="(Onion) play out only these phases' decisions, "
                    "comma-separated (e.g. name,answer,cover); elsewhere the policy plays the heuristic's choice")
    ap.add_argument("--holdout", type=float, default=0.0, help="share of the decisions kept out of the fit to "
                    "pick the margin on (their played-out gain over the heuristic's choice); 0: by ladder")
    ap.add_argument("--lr", type=float, default=3e-3, help="Adam's step")
    ladder_arguments(ap, check=400, ladder=2000, policy="actions")
    args: Any = ap.parse_args(argv)
    options = game_options(args.option)
    game = args.game
    out: Path = args.out or Path(f"{game}_actions.npz")
    rng, prng = np.random.default_rng(args.seed), random.Random(args.seed)
    table = EncodedGame(game, PLAYERS, **options)
    encoding = table.encoding
    features = encoding.action_features_name
    if not features:
        ap.error(f"{game}'s encoding has no per-action features")
    names = encoding.action_feature_names()
    phases = [p for p in args.phases.split(",") if p]
    unknown = [p for p in phases if f"phase {p}" not in names]
    if unknown:
        ap.error(f"{game}'s action features have no phase {', '.join(unknown)}")
    if phases and args.anchor not in names:
        ap.error(f"--phases needs the action feature {args.anchor!r}")
    hold = tuple(i for i, name in enumerate(names) if name.startswith("phase ") and name[6:] not in phases) \
        if phases else ()
    net = Scorer(len(names), args.hidden, rng, names.index(args.anchor) if args.anchor in names else None, hold)
    if args.holdout and net.anchor is None:
        ap.error(f"--holdout needs the action feature {args.anchor!r}")
    net.margin = args.margins[len(args.margins) // 2] if net.anchor is not None else 0.0
    heuristic = [make(game, "heuristic", 1 + s) for s in range(PLAYERS)]
    curve: Curve = []
    t0 = cpu()

    def rows(seat: int, legal: list[Action]) -> list[list[float]]:
        return encoding.action_features(table.view(seat), legal)

    phase_features = [i for i, name in enumerate(names) if name.startswith("phase ")]

    def pick_margin() -> float:
        """The margin whose choices gain most over the heuristic's on the held-out decisions (the
        larger on a tie); where the features name the phase, one per phase taught."""
        tried = {m: net.gains(held, m) for m in sorted(args.margins, reverse=True)}
        of = np.array([phase_features[int(np.argmax(x[0, phase_features]))] if phase_features else -1
                       for x, _ in held])
        for phase in sorted(set(of.tolist())):
            mask = of == phase
            best, margin = None, 0.0
            for m, (gain, departed) in tried.items():
                total = float(gain[mask].sum())
                if best is None or total > best:
                    best, margin = total, m
            net.by_phase[phase] = margin
            print(f"  {names[phase] if phase >= 0 else 'all'}: {int(mask.sum())} held out, margin {margin:.2f} "
                  + " ".join(f"{m:g}:{gain[mask].mean():+.4f}/{int(departed[mask].sum())}"
                             for m, (gain, departed) in tried.items()), flush=True)
        if phase_features:
            return 0.0
        return net.by_phase.pop(-1, 0.0)

    def checkpoint(label: str) -> None:
        if held:
            net.margin = pick_margin()
            label = f"{label}, margin {net.margin:.2f}"
        spec = net.save(out, game, options, features)
        if args.check:
            rated = rate(spec, game, options, args.check, 500_000 + args.seed)
            curve.append((label, cpu() - t0, rated))
            print(f"{label:34s} cpu {cpu() - t0:6.0f}s  ladder vs heuristic {rated['wins']}/{rated['games']}  "
                  f"deals ahead/behind/even {rated['ahead']}/{rated['behind']}/{rated['even']}", flush=True)

    # 1. decisions of the heuristic playing itself, each action played out (the seat alternates)
    data: list[Decision] = []
    held: list[Decision] = []  # decisions of games kept out of the fit (--holdout): the margins' judges
    chosen: list[int] = []  # the heuristic's action in each decision (its row)
    end, played, rounds, decisions = cpu() + args.budget, 0, 0, 0
    while cpu() < end:
        me = played % PLAYERS
        table.new(int(rng.integers(2**31)))
        keep_out = bool(args.holdout) and rng.random() < args.holdout  # a whole game held out, not a decision
        while not table.over and cpu() < end:
            seat = table.seat_to_act()
            assert seat is not None
            legal = table.legal(seat)
            action = ask(heuristic[seat], table.game, table.state, seat, legal)
            assert action is not None  # the heuristic always acts
            if seat == me and len(legal) > 1 and (not phases or table.view(seat).phase in phases):
                decisions += 1
                q = outcomes(table, seat, legal, args.samples, heuristic, prng, args.reward != "win",
                             args.reward == "round", args.positions == "true")
                if q.max() > q.min() and keep_out:
                    held.append((np.asarray(rows(seat, legal)), q))
                elif q.max() > q.min():  # a decision where the action mattered
                    data.append((np.asarray(rows(seat, legal)), q))
                    chosen.append(legal.index(action))
                    if len(data) % args.round == 0:
                        rounds += 1
                        error = net.train(data, args.epochs, args.lr, rng)
                        print(f"round {rounds}: {len(data)} of {decisions} decisions mattered ({played} games); "
                              f"squared error {error:.3f}", flush=True)
                        checkpoint(f"round {rounds}, {len(data)} decisions")
            table.perform(action)
        played += 1
    net.train(data, args.epochs, args.lr, rng)
    # 2. the margin: how much better than the heuristic's choice an action must look
    best, margin = None, 0.0
    for m in args.margins if net.anchor is not None and not held else []:
        net.margin = m
        rated = rate(net.save(out, game, options, features), game, options, args.check, 500_000 + args.seed)
        share = rated["ahead"] / max(1, rated["ahead"] + rated["behind"])
        print(f"margin {m:.2f}: deals ahead/behind/even {rated['ahead']}/{rated['behind']}/{rated['even']}",
              flush=True)
        if best is None or share > best:
            best, margin = share, m
    net.margin = margin
    checkpoint(f"final, margin {margin:.2f}" if not held else "final")  # held out: picks the margin
    margin = net.margin
    trained = cpu() - t0
    final = rate(f"policy:{out}", game, options, args.ladder, 1_000_000 + args.seed)
    print(f"final ladder vs heuristic (seed {1_000_000 + args.seed}): the policy won {final['wins']} of "
          f"{final['games']}; per deal ahead {final['ahead']}, behind {final['behind']}, even {final['even']}; "
          f"sign test p = {final['p_value']:.3g}; training CPU {trained:.0f}s (margin {margin:.2f}, "
          f"{len(data)} decisions, {len(held)} held out); saved {out}", flush=True)
    if held and phase_features:
        print("margins by phase: " + ", ".join(f"{names[i][len('phase '):]} {m:g}" for i, m in net.by_phase.items()
                                                if m < 2 * HOLD), flush=True)
    if args.curve and curve:
        plot_curve(curve, args.curve, f"Two-player {game}: an action scorer learnt from rollouts",
                   lambda r: r["ahead"] / max(1, r["ahead"] + r["behind"]),
                   "policy: share of deals ahead (of those not even)", "deals ahead / (ahead + behind)", (0.0, 1.0))
    return {"curve": curve, "final": final, "games": played, "decisions": len(data), "margin": margin,
            "by_phase": {names[i][len("phase "):]: m for i, m in net.by_phase.items()}, "out": str(out)}


if __name__ == "__main__":
    main()
