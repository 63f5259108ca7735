"""``houserules house``: a table's own rules for any game with a house-rule vocabulary.

``houserules house check GAME FILE`` reads a book, checks it before the first card (within
the step budget), says every rule in words, and plays a smoke run of bot games under it;
a book that cannot be played is refused in one line saying where and why (exit 2), never
a traceback. Play with a book: ``houserules play GAME -o house=@FILE``; read it with the
rules: ``houserules rules GAME --house FILE``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape

from .engine.core import GameError
from .engine.options import OPTION_FILE_BYTES

app = typer.Typer(help="House rules in the one rule language, for any game with a vocabulary: check a book, "
                       "say it in words; play with one: -o house=@FILE.", no_args_is_help=True)
console = Console()
err = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """One line saying what is wrong (never wrapped, never read as markup), and exit."""
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


def read_book_file(path: Path) -> str:
    """The text of a book file, or a one-line error."""
    try:
        data = path.read_bytes()[:OPTION_FILE_BYTES + 1]
    except OSError as exc:
        fail(f"{path}: {exc.strerror or exc}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        fail(f"{path}: not UTF-8 text")


def book_words(game: str, path: Path) -> list[tuple[str, str, str]]:
    """Each rule of the book in ``path`` (id, title, words), read against ``game``'s vocabulary and
    refused if the table could not play it; GameError (with the file's line) otherwise."""
    from .engine import registry
    from .engine.house import book, check
    from .sim.house import vocabulary_of

    vocab = vocabulary_of(game)
    found = book.parse(read_book_file(path), vocab)
    g = registry.get(game)
    check.verdict(found, vocab, g.seats_for(g.options({}))).raise_refusal()
    return [(r.id, r.title, book.explain(r, vocab)) for r in found.rules]


@app.command(name="check")
def check_cmd(
    game: Annotated[str, typer.Argument(help="the game")],
    file: Annotated[Path, typer.Argument(help="the book: a JSON file")],
    players: Annotated[Optional[int], typer.Option(help="seats at the table (default: the game's)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="smoke-run games (0: none)")] = 24,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
) -> None:
    """Check a book before the first card: the verdict, every rule in words, and a smoke run of bot games."""
    from .sim.house import check_book

    if not 0 <= games <= 1000:
        fail("--games must be 0 to 1000")
    text = read_book_file(file)
    try:
        report = _with_progress(lambda tick: check_book(game, text, players, games, tick), games, as_json)
    except GameError as exc:  # the book cannot be read, the game is unknown or has no vocabulary
        fail(f"{file}: {exc}")
    if as_json:
        print(json.dumps(report.to_json()))
        raise typer.Exit(2 if report.refusal else 0)
    if report.refusal is not None:
        where, why = report.refusal
        fail(f"{file}: refused: {where}: {why}")
    _print(report, file)


def _with_progress(work: Any, total: int, quiet: bool) -> Any:
    """``work(tick)`` with a bar counting the smoke run's games on stderr (on a terminal only)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(TextColumn("[bold]smoke run"), BarColumn(), MofNCompleteColumn(), console=err, transient=True,
                  disable=quiet or not err.is_terminal) as bar:
        task = bar.add_task("smoke", total=total)
        return work(lambda k: bar.advance(task, k))


def _print(report: Any, file: Path) -> None:
    warned = len(report.warnings)
    verdict = "[bold green]accepted[/]" + (f", with {warned} warning{'s' * (warned != 1)}" if warned else "")
    console.print(f"[bold]{escape(str(file))}[/]: {len(report.rules)} house rule{'s' * (len(report.rules) != 1)} "
                  f"for {escape(report.game)}: {verdict}")
    for rid, title, words in report.rules:
        console.print(f"  [bold]{escape(title)}[/] [dim]({escape(rid)})[/]: {escape(words.partition(': ')[2])}")
    for w in report.warnings:
        console.print(f"  [yellow]warning:[/] {escape(w)}")
    s = report.smoke
    if s is not None:
        colour = "green" if s.limit == 0 else "yellow"
        played = f"turn limit {s.turns:,}: [{colour}]{s.limit} reached it" if s.turns else (
            f"{s.rounds:,} rounds each: [{colour}]{s.limit} ended without a winner")
        console.print(f"Smoke run: {s.games} seeded game{'s' * (s.games != 1)} of {escape(s.bot)} bots at {s.players} seats, {played} "
                      f"({s.share:.0%})[/]; house rules fired {s.fired:,} times.")
