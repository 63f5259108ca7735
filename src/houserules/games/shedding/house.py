"""A house book compiled into Shedding's card table (issue 36).

``table_for`` compiles a book (by its canonical JSON, cached) into ``table.Table``: the seed's
records (``effects.SEED``) minus those the book replaces, then each of its rules as per-card
entries whose conditions are precomputed into gates (``worlds``: the tops, hand sizes and
pressures each holds at), so the hot path asks one index and two bit tests. The vocabulary
the book is written in is ``vocabulary``.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.house import book as house_book
from ...engine.house.check import Work
from ...engine.house.compiled import tables
from ...engine.house.vocabulary import Book, HouseRule
from . import effects
from .table import Fire, Gate, Table
from .vocabulary import VOCABULARY
from .worlds import CARDS, draw_card_rules, gates


def acts(rule: HouseRule) -> tuple[Fire, ...]:
    """What ``rule`` does when it fires, in the order written, its penalty last."""
    made: dict[str, Callable[[int], Fire]] = {
        "draw": effects.draws, "next:draw": effects.next_draws, "everyone:draw": effects.everyone_draws,
        "pressure": effects.add_pressure}
    fixed: dict[str, Fire] = {"skip": effects.skip, "reverse": effects.reverse, "again": effects.again,
                              "suit": effects.name_suit}
    out = [made[name](n) if name in made else fixed[name] for name, n in rule.effects]
    if rule.penalty is not None:
        out.append(effects.charge(rule.penalty.name, rule.penalty.cards, rule.id, rule.title))
    return tuple(out)


#: the triggers whose fires are per card, and whether their ``top`` is the card the card landed on
_PER_CARD = {"play": True, "out": True}
_EVERY_CARD = {"draw": False, "turnstart": False}


def compile_book(book: Book, source: str) -> Table:
    """The table of a book: the seed's effects minus those it replaces, then its rules in order."""
    replaced = {c for r in book.rules for c in r.replaces}
    play, pressure, shields = effects.per_card([e for e in effects.SEED if e.clause not in replaced])
    fires: dict[str, list[list[Fire]]] = {name: [[] for _ in CARDS] for name in _PER_CARD}
    checks: dict[str, list[list[Gate]]] = {name: [[] for _ in CARDS] for name in ("allow", "forbid")}
    once: dict[str, list[Fire]] = {name: [] for name in _EVERY_CARD}
    work = Work(10**9)  # a book that reached here was checked within the budget
    for r in book.rules:
        if r.trigger not in checks and not acts(r):  # it only replaces seed entries: it never fires
            continue
        found = gates(r, VOCABULARY, work)
        if r.trigger in _EVERY_CARD:  # reads no card: every card's gate is the same
            if found[0] is not None:
                once[r.trigger].append(effects.house_rule(found[0], acts(r), _EVERY_CARD[r.trigger]))
            continue
        for c, gate in enumerate(found):
            if gate is None:
                continue
            if r.trigger in checks:
                checks[r.trigger][c].append(gate)
            else:
                fires[r.trigger][c].append(effects.house_rule(gate, acts(r), _PER_CARD[r.trigger]))
    added = [0] * len(CARDS)
    for r, n in draw_card_rules(book):
        for c, gate in enumerate(gates(r, VOCABULARY, work)):
            added[c] += n if gate is not None else 0
    said = house_book.sayings(book, VOCABULARY)
    return Table(tuple(play[c] + tuple(fires["play"][c]) for c in CARDS),
                 tuple(pressure[c] + added[c] for c in CARDS), shields, source,
                 out=tuple(tuple(row) for row in fires["out"]), draw=tuple(once["draw"]),
                 turnstart=tuple(once["turnstart"]), allow=tuple(tuple(row) for row in checks["allow"]),
                 forbid=tuple(tuple(row) for row in checks["forbid"]), said=said)


#: the table of a rule set by its book's canonical JSON (``engine.house.compiled.source_of``; "": the seed's own), cached;
#: a table unpickled is made again here (``Table.maker``)
table_for = tables(effects.SEED_TABLE, compile_book, VOCABULARY)
