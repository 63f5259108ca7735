"""What the two training examples (league.py, action_policy.py) share: a CPU clock of training
alone, and the seat-rotated ladder against the heuristic that rates each checkpoint.

A checkpoint's ladder costs CPU seconds that are not training; the curves plot rating against
training CPU, so the clock leaves the ladders out (``rated`` adds what one cost).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from houserules.sim.ladder import LadderConfig, sign_test
from houserules.sim.ladder import run as ladder

#: a training run's checkpoints: (label, training CPU seconds, the checkpoint's ladder)
Curve = list[tuple[str, float, dict[str, Any]]]
#: both examples train two-player games: the ladder's sign test then compares deal by deal
PLAYERS = 2
_RATING = [0.0]


def cpu() -> float:
    """CPU seconds of this process spent training (the checkpoints' ladders left out)."""
    return time.process_time() - _RATING[0]


def rate(spec: str, game: str, options: dict[str, Any], n: int, seed: int) -> dict[str, Any]:
    """A seat-rotated ladder of ``n`` games of ``spec`` against the heuristic; the CPU it costs
    is left out of ``cpu()``."""
    start = time.process_time()
    config = LadderConfig(game, (spec, "heuristic"), n, {**options, "players": PLAYERS}, seed=seed)
    outcomes = ladder(config)
    wins = sum(seats[w] == spec for seats, won in outcomes for w in won)
    rated = {"games": len(outcomes), "wins": wins, **sign_test(outcomes, config)}
    _RATING[0] += time.process_time() - start
    return rated


def plot_curve(curve: Curve, path: Path, title: str, measure: Callable[[dict[str, Any]], float], label: str,
               ylabel: str, ylim: tuple[float, float], annotated: Callable[[str], bool] = lambda _: False) -> None:
    """Draw ``measure`` of each checkpoint's ladder against training CPU seconds into ``path``
    (a PNG), beside the line of a policy level with the heuristic; checkpoints whose label is
    ``annotated`` carry it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    points = [(name, x, measure(rated)) for name, x, rated in curve]
    ax.plot([x for _, x, _ in points], [y for _, _, y in points], marker="o", color="#3b7dd8", label=label)
    for name, x, y in points:
        if annotated(name):
            ax.annotate(name, (x, y), textcoords="offset points", xytext=(4, 6), fontsize=8)
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="level with the heuristic")
    ax.set_xlabel("training CPU seconds")
    ax.set_ylabel(ylabel)
    ax.set_ylim(*ylim)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def ladder_arguments(ap: argparse.ArgumentParser, check: int, ladder: int, policy: str) -> None:
    """The arguments both examples take for their seed, checkpoints, final ladder and files
    (``policy``: the default file's name after the game's, e.g. "policy" -> GAME_policy.npz)."""
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check", type=int, default=check, help="games of each checkpoint's ladder (the curve)")
    ap.add_argument("--ladder", type=int, default=ladder, help="games of the final ladder against the heuristic")
    ap.add_argument("--out", type=Path, default=None, help=f"the policy file (default GAME_{policy}.npz)")
    ap.add_argument("--curve", type=Path, default=None, help="a PNG of the learning curve (needs matplotlib)")


def game_options(items: list[str]) -> dict[str, Any]:
    """``-o key=value`` options as the game reads them (numbers and true/false as JSON)."""
    options: dict[str, Any] = {}
    for item in items:
        key, _, value = item.partition("=")
        options[key] = json.loads(value) if value[:1].isdigit() or value in ("true", "false") else value
    return options
