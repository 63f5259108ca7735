"""``houserules mao``: Mao tools that need no table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from ...engine.core import GameError
from ...paths import data_dir

if TYPE_CHECKING:  # the rules modules load only when a rules command runs (tests/test_cli_imports.py)
    from .rulebook import Rule

app = typer.Typer(help="Mao tools: the learning bot's curve; house rules.", no_args_is_help=True)
rules_app = typer.Typer(help="House rules in the rule language (docs/rules/mao.md, Extension): check, export, "
                             "import; play with them: -o rules=@FILE.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")
console = Console()


@app.command(name="learn")
def learn_cmd(
    games: Annotated[int, typer.Option("--games", "-n", help="games in the series")] = 40,
    players: Annotated[int, typer.Option(help="seats (the learner is seat 0)")] = 4,
    rules: Annotated[str, typer.Option(help="rule set or paragraph ids, comma-separated")] = "standard",
    seed: Annotated[int, typer.Option(help="seed of the first game")] = 0,
    seeds: Annotated[int, typer.Option(help="series to play, one per seed from --seed on (a curve each, and their mean)")] = 1,
    block: Annotated[int, typer.Option(help="games per point of the table of means (with several seeds)")] = 5,
    plot: Annotated[Path | None, typer.Option(help="write the curve(s) to this PNG")] = None,
) -> None:
    """One learning bot over a series of games: its penalties per game (they should fall)."""
    from .bots import learning_curve

    if games < 1 or not 1 <= seeds <= 50 or block < 1:
        console.print("[bold red]error:[/] --games and --block must be at least 1, --seeds 1 to 50")
        raise typer.Exit(2)
    try:
        curves = [learning_curve(games, {"players": players, "rules": rules}, s) for s in range(seed, seed + seeds)]
    except GameError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from None
    half = max(1, games // 2)
    for s, curve in zip(range(seed, seed + seeds), curves):
        first, last = curve[:half], curve[-half:]
        head = f"seed {s}: " if seeds > 1 else ""
        console.print(f"{head}penalties per game: " + " ".join(str(p) for p in curve))
        console.print(f"{head}mean over the first {len(first)}: {sum(first) / len(first):.2f}; "
                      f"over the last {len(last)}: {sum(last) / len(last):.2f}")
    mean = [sum(c[i] for c in curves) / seeds for i in range(games)]
    if seeds > 1:
        points = [(i + 1, min(i + block, games), sum(mean[i:i + block]) / len(mean[i:i + block]))
                  for i in range(0, games, block)]
        console.print(f"mean of {seeds} seeds, penalties per game, by {block} games: "
                      + "  ".join(f"{a}-{b}: {m:.2f}" for a, b, m in points))
    if plot:
        try:
            import matplotlib
        except ImportError:
            console.print("[bold red]error:[/] plots need matplotlib: pip install 'houserules[plot]'")
            raise typer.Exit(2) from None
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 4))
        x = range(1, games + 1)
        for curve in curves if seeds > 1 else []:
            ax.plot(x, curve, color="#9bbbe8", linewidth=0.8)
        ax.plot(x, mean, marker="o", color="#3b7dd8", label="mean" if seeds > 1 else None)
        ax.set_xlabel("game")
        ax.set_ylabel("penalties of the learning bot")
        ax.set_title(f"Mao: a learner among {players - 1} rule-knowers ({rules}"
                     + (f", {seeds} seeds)" if seeds > 1 else ")"))
        fig.tight_layout()
        fig.savefig(plot)
        console.print(f"plot written to {plot}")


def _load(file: Path) -> tuple[list[str], tuple[Rule, ...], list[str]]:
    """A rule book file: its rule set, its house rules, the checker's warnings; a one-line
    error naming the file and line if it is unreadable, malformed or unplayable."""
    from ...engine.jsonfile import read_text
    from .language import MAX_FILE, to_json
    from .rulecheck import load
    from .state import HAND, validate_options

    try:
        text = read_text(file, "rule book", MAX_FILE)
    except GameError as exc:
        fail(str(exc))
    try:
        names, rules, warnings = load(text, HAND)
        validate_options({"rules": {"set": names, "rules": [to_json(r) for r in rules]}})
    except GameError as exc:
        fail(f"{file}: {exc}")
    return names, rules, warnings


def fail(message: str) -> NoReturn:
    console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)


def _words(names: list[str], house: tuple[Rule, ...]) -> list[str]:
    """Every rule in play in plain words: the rule set's built-in rules (base rules first),
    then the written ones; one line each, ``language.explain``'s words."""
    from .language import explain
    from .rulebook import RULES, in_play

    ids = in_play(names)
    return [explain(r) for r in RULES if r.id in ids] + [explain(r) for r in house]


@rules_app.command(name="check")
def check_cmd(
    file: Annotated[Path, typer.Argument(help="a rule book (JSON)")],
    words: Annotated[bool, typer.Option("--words", help="list every rule in play (built-in ones too) in plain "
                                                         "words: this reveals the rules")] = False,
) -> None:
    """Validate a rule book: each house rule in plain words, then warnings.

    Warnings: a rule that never fires or contradicts another; unwinnable books and malformed
    files are errors."""
    from .language import explain

    names, rules, warnings = _load(file)
    console.print(f"rule set: {', '.join(names)}; {len(rules)} house rule(s)")
    for line in _words(names, rules) if words else [explain(r) for r in rules]:
        console.print("  " + escape(line), soft_wrap=True)
    for w in warnings:
        console.print(f"[yellow]warning:[/] {escape(w)}", soft_wrap=True)
    console.print("ok")


@rules_app.command(name="export")
def export_cmd(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="where to write the rule book")],
    rules: Annotated[str, typer.Option(help="the rule set to write (without --table)")] = "standard",
    table: Annotated[str | None, typer.Option(help="a stored table's id: its rules as its match left them")] = None,
    db: Annotated[Path | None, typer.Option(help="the server's SQLite file (default: the data folder's)")] = None,
) -> None:
    """Write a rule book: a rule set, or the rules a stored table (a match) plays with now."""
    from .language import dump, explain, rule
    from .state import validate_options

    try:
        opts = _table_options(ctx, table, db) if table else validate_options({"rules": rules})
        book_ = tuple(rule(r, f"house[{i}]") for i, r in enumerate(opts.get("house", [])))
    except GameError as exc:
        fail(str(exc))
    _write(file, dump(book_, opts["rules"]))
    console.print(f"wrote {file}: rule set {', '.join(opts['rules'])}, {len(book_)} house rule(s)")
    for r in book_:  # the written rules, as every screen says them
        console.print("  " + escape(explain(r)), soft_wrap=True)


@rules_app.command(name="import")
def import_cmd(
    file: Annotated[Path, typer.Argument(help="a rule book (JSON) to keep")],
    name: Annotated[str | None, typer.Option(help="the name to keep it under (default: the file's name)")] = None,
) -> None:
    """Check a rule book and keep it in the data folder, for the group's next evening."""
    from .language import dump

    names, rules, _ = _load(file)
    keep = (name or file.stem).strip()
    if not keep.replace("-", "").replace("_", "").isalnum() or len(keep) > NAME_CHARS:
        fail(f"--name may hold letters, digits, - and _, at most {NAME_CHARS} of them")
    folder = data_dir() / "mao-rules"
    out = folder / f"{keep}.json"
    _write(out, dump(rules, names))
    console.print(f"kept as {out}; play with: houserules play mao -o rules=@{out}")


#: the longest name a kept rule book may have (a file name in the data folder)
NAME_CHARS = 64


def _write(path: Path, text: str) -> None:
    """Write a rule book, or say in one line why it cannot be (a folder, a place not writable)."""
    if path.is_dir():
        fail(f"{path} is a folder; give the rule book a file name")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def _table_options(ctx: typer.Context, table: str, db: Path | None) -> dict[str, Any]:
    """A stored table's options after replaying its record (a match's writes change them), read
    by the ``houserules`` command (``GAME_TOOLS`` in cli.py): the game reaches into no server."""
    game, options = ctx.obj["stored_options"](table, db)
    if game != "mao":
        raise GameError(f"no Mao table {table!r} in the store")
    return dict(options)
