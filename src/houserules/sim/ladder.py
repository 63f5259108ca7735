"""A strength ladder: bots play seat-rotated round robins; Bradley–Terry ratings with intervals.

With ``K`` bot specs and tables of ``P`` seats, the tables are every choice
of ``P`` specs (with ``K < P``, every table of ``P`` seats on which each
spec sits at least once, a spec's seats being team-mates of nothing: it
plays for itself as ever); game ``i`` is played at table ``i % T`` with its
seats rotated by ``(i // T) % P``, so every spec sits at every seat of every
table in turn. The ``P`` rotations of a table within one round robin share
one deal (duplicate play, as in bridge: each spec is dealt every seat's
cards once), which takes much of the luck of the deal out of the
comparison; game ``i``'s seed is ``seed + deal(i)``, so a run is
reproducible game by game.

A game's result becomes pairwise outcomes: each winner beats each seat that
did not win, joint winners tie with each other, and a game without a winner
is a tie for every pair (the order among losers is unknown, so it says
nothing). Bradley–Terry strengths are fitted to those outcomes by the
minorisation–maximisation iteration, on the Elo scale (400·log10, mean
1500); each pair also gets one virtual tie, so a spec that never lost or
never won still has a finite rating. The intervals are the 2.5 and 97.5
percentiles of the ratings refitted to games resampled with replacement
(a bootstrap with a fixed seed: the same run gives the same intervals).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

from ..bots import check_spec
from ..engine import registry
from ..engine.core import GameError
from .parallel import batches, run_jobs
from .runner import play

MEAN = 1500.0
BOOTSTRAP = 200


@dataclass(frozen=True)
class LadderConfig:
    game: str
    bots: tuple[str, ...]
    games: int
    options: Mapping[str, Any]
    seed: int = 0
    workers: int = 1


#: one finished game: the spec at each seat, and the seats that won
Outcome = tuple[tuple[str, ...], tuple[int, ...]]


def tables(config: LadderConfig) -> list[tuple[str, ...]]:
    """Every choice of ``P`` specs; with fewer specs than seats (bpoker seats 3 or more),
    every table of ``P`` seats on which each spec sits at least once (two specs, three
    seats: one of them twice, then the other twice)."""
    players = int(config.options["players"])
    if len(config.bots) >= players:
        return list(combinations(config.bots, players))
    return [t for t in combinations_with_replacement(config.bots, players) if set(t) == set(config.bots)]


def seating(config: LadderConfig, index: int) -> tuple[str, ...]:
    """The spec at each seat for game ``index``."""
    every = tables(config)
    table = every[index % len(every)]
    shift = (index // len(every)) % len(table)
    return tuple(table[(s + shift) % len(table)] for s in range(len(table)))


def deal(config: LadderConfig, index: int) -> int:
    """Which deal game ``index`` plays: the same for every rotation of its table in its round robin."""
    t = len(tables(config))
    return index % t + t * (index // (t * int(config.options["players"])))


def play_chunk(config: LadderConfig, start: int, count: int) -> list[Outcome]:
    game = registry.get(config.game)
    out: list[Outcome] = []
    for i in range(start, start + count):
        kinds = seating(config, i)
        state, _, _ = play(config.game, config.options, config.seed + deal(config, i), kinds)
        result = game.result(state)
        out.append((kinds, tuple(result.winners) if result is not None else ()))
    return out


def run(config: LadderConfig, progress: Callable[[int], None] | None = None,
        ray: str | None = None) -> list[Outcome]:
    """Play the ladder's games (``progress(n)`` as each batch of ``n`` finishes), in game order."""
    game = registry.get(config.game)
    options = game.options(config.options)
    config = LadderConfig(config.game, tuple(config.bots), config.games, options, config.seed, config.workers)
    if len(set(config.bots)) != len(config.bots):
        raise GameError("each bot spec may appear once in a ladder")
    if config.games < 1:
        raise GameError("a ladder needs at least one game")
    if len(config.bots) < 2:
        raise GameError("a ladder needs at least 2 bot specs")
    for spec in config.bots:
        check_spec(game.name, spec)
    jobs = [(config, start, count) for start, count in batches(config.games, config.workers, 50)]
    report = (lambda part: progress(len(part))) if progress else None
    return [o for part in run_jobs(play_chunk, jobs, config.workers, report, ray) for o in part]


def pairwise(outcomes: Sequence[Outcome], bots: Sequence[str]) -> list[list[float]]:
    """``wins[i][j]``: how often spec ``i`` beat spec ``j`` (a tie counts half to each);
    two seats of one spec say nothing of it against itself, so ``wins[i][i]`` stays 0."""
    at = {b: i for i, b in enumerate(bots)}
    wins = [[0.0] * len(bots) for _ in bots]
    for kinds, winners in outcomes:
        ids = [at[k] for k in kinds]
        if not winners:
            for a, b in combinations(ids, 2):
                if a == b:
                    continue
                wins[a][b] += 0.5
                wins[b][a] += 0.5
            continue
        won = set(winners)
        for w in won:
            for s, other in enumerate(ids):
                if s == w or other == ids[w]:
                    continue
                if s in won:
                    wins[ids[w]][other] += 0.5  # joint winners tie: half a win each way
                else:
                    wins[ids[w]][other] += 1.0
    return wins


def bradley_terry(wins: list[list[float]], rounds: int = 500) -> list[float]:
    """Elo-scale ratings (mean ``MEAN``) fitted to ``wins`` plus one virtual tie per pair."""
    k = len(wins)
    w = [[wins[i][j] + (0.5 if i != j else 0.0) for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(rounds):
        new = []
        for i in range(k):
            total = sum(w[i])
            denom = sum((w[i][j] + w[j][i]) / (p[i] + p[j]) for j in range(k) if j != i)
            new.append(total / denom if denom else p[i])
        mean_log = sum(math.log(x) for x in new) / k
        p = [x / math.exp(mean_log) for x in new]
    return [MEAN + 400 * math.log10(x) for x in p]


def ratings(outcomes: Sequence[Outcome], bots: Sequence[str], seed: int = 0) -> dict[str, dict[str, float]]:
    """Each spec's rating and its 95% bootstrap interval."""
    point = bradley_terry(pairwise(outcomes, bots))
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in bots]
    n = len(outcomes)
    for _ in range(BOOTSTRAP):
        fit = bradley_terry(pairwise([outcomes[rng.randrange(n)] for _ in range(n)], bots), rounds=200)
        for i, r in enumerate(fit):
            samples[i].append(r)
    out: dict[str, dict[str, float]] = {}
    for i, b in enumerate(bots):
        s = sorted(samples[i])
        out[b] = {"rating": round(point[i], 1), "low": round(s[int(0.025 * (len(s) - 1))], 1),
                  "high": round(s[int(math.ceil(0.975 * (len(s) - 1)))], 1)}
    return out


def sign_test(outcomes: Sequence[Outcome], config: LadderConfig) -> dict[str, Any]:
    """The per-deal sign test of a two-spec ladder: in how many deals the first spec came out
    ahead of the second over all the deal's rotations, in how many behind, and the exact
    two-sided binomial p-value of that split under "equally strong" (even deals say nothing).

    Why beside the bootstrap interval: 200 resamples decide a borderline interval by noise,
    while this p-value is exact, and pairing by deal removes the luck of the cards that
    duplicate play already shares between the two specs."""
    first, second = config.bots[0], config.bots[1]
    net: dict[int, float] = {}
    for i, outcome in enumerate(outcomes):
        wins = pairwise([outcome], (first, second))
        d = deal(config, i)
        net[d] = net.get(d, 0.0) + wins[0][1] - wins[1][0]
    ahead = sum(1 for v in net.values() if v > 0)
    behind = sum(1 for v in net.values() if v < 0)
    n = ahead + behind
    tail = sum(math.comb(n, k) for k in range(min(ahead, behind) + 1)) / 2 ** n if n else 1.0
    return {"deals": len(net), "ahead": ahead, "behind": behind, "even": len(net) - n,
            "p_value": min(1.0, 2 * tail)}


def plot_ladder(result: Mapping[str, Any], game: str, path: Any) -> None:
    """A PNG of each spec's rating with its interval, strongest on top."""
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise RuntimeError("plots need matplotlib: pip install 'houserules[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    items = sorted(result["ratings"].items(), key=lambda kv: kv[1]["rating"])
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.5 * len(items)))
    ys = range(len(items))
    ax.errorbar([v["rating"] for _, v in items], list(ys),
                xerr=[[v["rating"] - v["low"] for _, v in items], [v["high"] - v["rating"] for _, v in items]],
                fmt="o", color="#3b7dd8", capsize=4)
    ax.set_yticks(list(ys), [k for k, _ in items])
    ax.set_xlabel("Bradley–Terry rating (Elo scale), 95% bootstrap interval")
    ax.set_title(f"{game}: {result['games']} games")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
