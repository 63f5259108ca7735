"""A house book compiled into the table a Cripple Mr Onion game plays by (issue 36).

``table_for`` compiles a book (by its canonical JSON, cached) into ``table.HouseTable``: the
ranking rules applied in order to the seed's order of places (``ranking.moved``), and the
betting rules worked out, moment by moment, into the least and most amounts each kind allows
(the seed's bounds where no rule holds). The checks before the first card (``housecheck``)
read rules through the same functions (``gates``, ``places_moved``, ``ranked``), so what is
checked is what is enforced.
"""

from __future__ import annotations

from types import MappingProxyType

from ...engine.house import book as house_book
from ...engine.house.check import Work
from ...engine.house.compiled import tables
from ...engine.house.vocabulary import Book
from .housecheck import bounds, gates, limit_rules, places_moved, ranked
from .ranking import PLACES, SEED, Ranking
from .table import MOST_ROUND, PARTS, SEED_LEAST, SEED_TABLE, Bounds, Fire, HouseTable, Limits
from .vocabulary import VOCABULARY


def _limits(book: Book, work: Work) -> dict[str, Limits] | None:
    """Each kind's bounds by part and round, under ``book``'s betting rules (None: it has none)."""
    gated = limit_rules(VOCABULARY, book, work)
    if not gated:
        return None
    out: dict[str, Limits] = {}
    for kind in SEED_LEAST:
        rows: list[tuple[Bounds, ...]] = []
        for part in range(PARTS):
            rows.append(tuple(bounds(VOCABULARY, book, kind, part, rnd, work, gated)[0]
                              for rnd in range(MOST_ROUND + 1)))
        out[kind] = tuple(rows)
    return out


def compile_book(book: Book, source: str) -> HouseTable:
    """The table of a book: its ranking, its amounts, what each rule says when it fires."""
    work = Work(10**9)  # a book that reached here was checked within the budget
    moves = []
    fires: dict[str, list[Fire]] = {kind: [] for kind in SEED_LEAST}
    for r in book.rules:
        said = MappingProxyType({"rule": r.id, "title": r.title})
        if r.trigger == "rank":
            moves.append((said, frozenset(places_moved(VOCABULARY, r, work))))
        else:
            parts, rounds = gates(VOCABULARY, r, work)
            fires[r.trigger].append(Fire(said, parts, rounds))
    words = house_book.sayings(book, VOCABULARY)
    places = ranked(VOCABULARY, book, work)[-1]
    ranking = SEED if places == PLACES else Ranking(places)
    return HouseTable(ranking, _limits(book, work), tuple(moves),
                      {k: tuple(v) for k, v in fires.items() if v}, words, source)


#: the table of a rule set by its book's canonical JSON (``engine.house.compiled.source_of``; "":
#: the seed's own), cached; a table unpickled is made again here (``HouseTable.maker``)
table_for = tables(SEED_TABLE, compile_book, VOCABULARY)
