"""``houserules onion``: Cripple Mr Onion tools that need no table."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from ...cards import CardError
from .cards import allocate, symbol

if TYPE_CHECKING:  # the solver builds its tables on import: only `best` itself pays for them
    from .solver import Rules

app = typer.Typer(help="Cripple Mr Onion tools: the optimal hand solver.", no_args_is_help=True)
console = Console()

RULE_FLAGS = ("null_eights", "wild_eights", "wild_not_ace", "no_eight_value", "fool", "zeroed_aces", "shift",
              "elephants", "octavo")


@app.command(name="best")
def best_cmd(
    cards: Annotated[list[str], typer.Argument(help="ten cards, e.g. 2C 2D 3H 4S 4C 6D 7H KC KD AS")],
    as_json: Annotated[bool, typer.Option("--json", help="print the arrangement as JSON")] = False,
    rule: Annotated[list[str], typer.Option("--rule", "-r", help=f"a modifier's effect: {', '.join(RULE_FLAGS)}, "
                                            "death=2|3, devalued=N")] = [],  # noqa: B006
) -> None:
    """Print an optimal arrangement of a hand (exact: never a guess)."""
    try:
        hand = allocate(" ".join(cards))
    except CardError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from None
    if len(hand) != 10:
        console.print(f"[bold red]error:[/] a hand is ten cards, got {len(hand)}")
        raise typer.Exit(2)
    from .solver import best

    rules = _rules(rule)
    arrangement = best(hand, rules)
    if as_json:
        print(json.dumps(arrangement.to_json()))
        return
    if not arrangement.groupings:
        console.print("no grouping at all")
    for g in arrangement.groupings:
        console.print(f"[bold]{g.kind:<18}[/] {' '.join(symbol(c) for c in g.cards)}")
    if arrangement.unused:
        console.print(f"[dim]{'unused':<18} {' '.join(symbol(c) for c in arrangement.unused)}[/]")
    if arrangement.cripple:
        f = arrangement.cripple
        console.print(f"[yellow]{f.length}-card running flush[/] {' '.join(symbol(c) for c in f.cards)} "
                      "(cripples an Onion at the showdown)")


def _rules(pairs: list[str]) -> Rules:
    from .solver import Rules

    kw: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if key in RULE_FLAGS:
            kw[key] = value.lower() not in ("0", "false", "no") if value else True
        elif key in ("death", "devalued") and value.isdigit():
            kw[key] = int(value)
        else:
            known = ", ".join(RULE_FLAGS)
            console.print(f"[bold red]error:[/] unknown rule {pair!r}; known: {known}, death=N, devalued=N")
            raise typer.Exit(2)
    return Rules(**kw)
