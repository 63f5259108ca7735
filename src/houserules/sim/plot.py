"""Plots of a simulation run: win rates and the distribution of game length.

matplotlib is imported here only, with the non-interactive Agg backend, so
the rest of houserules never needs it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any


def plot_run(summary: dict[str, Any], lengths: Counter[int], path: str | Path, length_label: str = "actions") -> Path:
    """Write a PNG with win rate by bot, wins by seat, and a histogram of game length."""
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise RuntimeError("plots need matplotlib: pip install 'houserules[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (a1, a2, a3) = plt.subplots(1, 3, figsize=(15, 4.5))
    bots = list(summary["win_rate_by_bot"])
    a1.bar(bots, [summary["win_rate_by_bot"][b] for b in bots], color="#3b7dd8")
    a1.axhline(1 / summary["players"], color="grey", linestyle="--", linewidth=1, label="even share")
    a1.set_title("win rate by bot (per seat played)")
    a1.set_ylim(0, 1)
    a1.legend()
    seats = list(range(summary["players"]))
    games = max(summary["games"], 1)
    a2.bar([str(s) for s in seats], [summary["wins_by_seat"][s] / games for s in seats], color="#d8843b")
    a2.set_title("share of wins by seat")
    a2.set_xlabel("seat")
    a2.set_ylim(0, 1)
    if lengths:
        xs = list(lengths)
        a3.hist(xs, weights=[lengths[x] for x in xs], bins=min(60, max(5, len(xs))), color="#4caf50")
    a3.set_title(f"game length ({length_label})")
    a3.set_xlabel(length_label)
    a3.set_ylabel("games")
    fig.suptitle(f"{summary['game']}: {summary['games']} games, bots {', '.join(summary['bots'])}")
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
