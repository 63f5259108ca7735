"""The terminal game loop, the same for every game.

Bots move by themselves; when a person's seat must act, the loop shows the
table as that seat sees it, a numbered menu of legal actions, and reads a
line: a menu number, or anything the game's renderer can parse (in table
mode a person may attempt an illegal play and take the rulebook's penalty).
The record is saved after every action, so quitting or a crash loses nothing
and ``houserules play --resume FILE`` picks the game up again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from ..engine.core import Action, GameError
from ..table import Table
from . import event_line, renderer

Reader = Callable[[str], str]


class Quit(Exception):
    """The person asked to leave the game."""


def _show_events(console: Console, table: Table, seat: int | None, start: int, delay: float) -> int:
    names = [s.name for s in table.seats]
    for e in table.events_for(seat, start):
        line = event_line(table.game.name, e, names, seat)
        if line:
            console.print(line)
            if delay:
                time.sleep(delay)
    return len(table.log)


def _ask(console: Console, table: Table, seat: int, read: Reader) -> Action:
    r = renderer(table.game.name)
    names = [s.name for s in table.seats]
    while True:
        view = table.view(seat)
        legal = table.legal(seat)
        console.print(r.render(view, names))
        for i, a in enumerate(legal, 1):
            console.print(f"  [cyan]{i}[/] {r.describe(a, view)}")
        try:
            text = read("your move (number, card, or help) > ").strip()
        except EOFError:
            raise Quit from None
        if not text:
            continue
        low = text.lower()
        if low in ("quit", "exit", "q"):
            raise Quit
        if low in ("help", "?", "h"):
            console.print(r.help_text)
            continue
        if low == "log":
            _show_events(console, table, seat, max(0, len(table.log) - 40), 0)
            continue
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            console.print(f"[red]pick 1 to {len(legal)}[/]")
            continue
        try:
            return r.parse(text, seat, view)
        except (ValueError, GameError) as exc:
            console.print(f"[red]{exc}[/]")


def run(table: Table, human: int | None, console: Console, read: Reader | None = None,
        delay: float = 0.0, save: Path | None = None) -> None:
    """Play ``table`` to its end (or until the person quits) in the terminal."""
    read = read or console.input
    seen = 0
    record = table.record
    assert record is not None, "a table that is played has a record"
    try:
        while True:
            for _ in range(100_000):
                if table.over or table.bot_to_act() is None:
                    break
                table.step_bot()
                seen = _show_events(console, table, human, seen, delay)
                if save:
                    record.save(save)
            if table.over:
                break
            seats = table.game.to_act(table.state)
            seat = human if human in seats else seats[0]
            action = _ask(console, table, seat, read)
            table.submit(action)
            seen = _show_events(console, table, seat, seen, 0)
            if save:
                record.save(save)
    except Quit:
        if save:
            record.save(save)
            console.print(f"Game saved: resume with [bold]houserules play {table.game.name} --resume {save}[/]")
        return
    result = table.game.result(table.state)
    names = [s.name for s in table.seats]
    if result and result.winners:
        console.print(f"[bold green]Winner: {', '.join(names[w] for w in result.winners)}[/] ({result.reason})")
    elif result:
        console.print(f"[bold]No winner[/] ({result.reason})")
    if save:
        record.save(save)
        console.print(f"Record saved to {save}; check it with [bold]houserules replay {save}[/]")
