"""A house book compiled into King Taco's house table (issue 36).

``table_for`` compiles a book (by its canonical JSON, cached) into ``housetable.HouseTable``:
each rule, its conditions worked out once into gates (``worlds``), becomes an entry of the
cards it can land on or go out with, of the stacks it can resolve with, or of the turn's start,
in the order of the book. The seed's effects and the stackability matrix are not in it: a book
adds to them and never edits them. The vocabulary the book is written in is ``vocabulary``.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.house import book as house_book
from ...engine.house.check import Work
from ...engine.house.compiled import tables
from ...engine.house.vocabulary import Book, HouseRule
from . import house_effects as fx
from .cards import KINDS, SYMBOLS
from .housetable import Fire, HouseTable, nothing
from .vocabulary import VOCABULARY
from .worlds import gates

#: a game without house rules
NONE = nothing(KINDS, SYMBOLS)


def acts(rule: HouseRule) -> tuple[Fire, ...]:
    """What ``rule`` does when it fires, in the order written, its penalty last. Draws of the
    player's own are their own act on ``land``, ``turnstart`` and ``out``, not on ``resolve``
    (another's stack: a shield spares them)."""
    own = rule.trigger != "resolve"
    made: dict[str, Callable[[int], Fire]] = {
        "mana": fx.mana, "drain": fx.drain, "draw": lambda n: fx.draws(n, own), "next:draw": fx.next_draws,
        "everyone:draw": fx.everyone_draws, "target:draw": fx.target_draws}
    fixed: dict[str, Fire] = {"skip": fx.skip, "reverse": fx.reverse}
    out = [made[name](n) if name in made else fixed[name] for name, n in rule.effects]
    if rule.penalty is not None:
        out.append(fx.charge(rule.penalty.name, rule.penalty.cards, rule.id, rule.title))
    return tuple(out)


def compile_book(book: Book, source: str) -> HouseTable:
    """The table of a book: its rules, in order, where each can fire."""
    rows: dict[str, list[list[Fire]]] = {"land": [[] for _ in range(KINDS)], "out": [[] for _ in range(KINDS)],
                                          "resolve": [[] for _ in range(SYMBOLS)], "turnstart": [[]]}
    work = Work(10**9)  # a book that reached here was checked within the budget
    for r in book.rules:
        done = acts(r)
        for k, gate in enumerate(gates(r, VOCABULARY, work)):
            if gate is not None:
                rows[r.trigger][k].append(fx.house_rule(gate, done))
    said = house_book.sayings(book, VOCABULARY)

    def table(name: str) -> tuple[tuple[Fire, ...], ...]:
        return tuple(tuple(row) for row in rows[name])

    return HouseTable(table("land"), table("resolve"), tuple(rows["turnstart"][0]), table("out"), said, source)


#: the table of a book by its canonical JSON (``engine.house.compiled.source_of``; "": no house
#: rules), cached; a table unpickled is made again here (``HouseTable.maker``)
table_for = tables(NONE, compile_book, VOCABULARY)
