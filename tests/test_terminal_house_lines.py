"""A house rule's firing reads in the terminal's log as in the browser's: joined to the line of what
it did ("Sevens give (house rule): Bo draws 1", issue 36), never to the next turn's line."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console

from houserules.table import Table
from houserules.tui.loop import _show_events

BOOK = Path(__file__).parent.parent / "examples" / "house" / "shedding" / "sevens-give.json"


def test_a_firing_is_one_line_with_what_it_did() -> None:
    book = json.loads(BOOK.read_text())
    table = Table.create("shedding", {"players": 3, "house": book}, 3, {0: "random", 1: "random", 2: "random"})
    table.advance()
    out = io.StringIO()
    _show_events(Console(file=out, width=200, color_system=None), table, None, 0, 0.0)
    lines = out.getvalue().splitlines()
    fired = [line for line in lines if "(house rule)" in line]
    assert fired, "the book never fired in this game"
    for line in fired:
        assert line.startswith("Sevens give (house rule): ") and line.endswith(" draws 1"), line
