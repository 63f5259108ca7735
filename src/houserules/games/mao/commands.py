"""``houserules mao``: Mao tools that need no table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...engine.core import GameError

app = typer.Typer(help="Mao tools: the learning bot's curve.", no_args_is_help=True)
console = Console()


@app.command(name="learn")
def learn_cmd(
    games: Annotated[int, typer.Option("--games", "-n", help="games in the series")] = 40,
    players: Annotated[int, typer.Option(help="seats (the learner is seat 0)")] = 4,
    rules: Annotated[str, typer.Option(help="rule set or paragraph ids, comma-separated")] = "standard",
    seed: Annotated[int, typer.Option(help="seed of the first game")] = 0,
    plot: Annotated[Path | None, typer.Option(help="write the curve to this PNG")] = None,
) -> None:
    """One learning bot over a series of games: its penalties per game (they should fall)."""
    from .bots import learning_curve

    if games < 1:
        console.print("[bold red]error:[/] --games must be at least 1")
        raise typer.Exit(2)
    try:
        curve = learning_curve(games, {"players": players, "rules": rules}, seed)
    except GameError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from None
    half = max(1, games // 2)
    first, last = curve[:half], curve[-half:]
    console.print("penalties per game: " + " ".join(str(p) for p in curve))
    console.print(f"mean over the first {len(first)}: {sum(first) / len(first):.2f}; "
                  f"over the last {len(last)}: {sum(last) / len(last):.2f}")
    if plot:
        try:
            import matplotlib
        except ImportError:
            console.print("[bold red]error:[/] plots need matplotlib: pip install 'houserules[plot]'")
            raise typer.Exit(2) from None
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 4))
        ax.plot(range(1, games + 1), curve, marker="o", color="#3b7dd8")
        ax.set_xlabel("game")
        ax.set_ylabel("penalties of the learning bot")
        ax.set_title(f"Mao: a learner among {players - 1} rule-knowers ({rules})")
        fig.tight_layout()
        fig.savefig(plot)
        console.print(f"plot written to {plot}")
