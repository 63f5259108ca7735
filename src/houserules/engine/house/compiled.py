"""A book compiled into a game's own table: made once per book, shared, pickled as the book.

Every game with a vocabulary compiles a book into a table of its own for the hot path (per-card
tuples of effects, a ranking, bounds), read with an index where a rule would otherwise be asked.
What they share lives here, once:

- ``source_of``: the key of the table a game's options play by, the book's canonical JSON
  ("": no book, the seed's own table);
- ``tables``: a game's ``table_for(source)``, cached by that key: the seed's table for "",
  else the book read again and compiled by the game;
- ``pickled``: what a table is to ``pickle`` (a state is pickled by OpenSpiel and copied by
  ``copy``), its ``__reduce__``: its source alone, since its entries are functions made for it,
  which pickle cannot carry; unpickled, it is made again by its game's ``table_for`` (and so is
  the one object every state of the rule set shares). A function and not a base class: a table
  class may be compiled by mypyc (``native.COMPILED``), which does not let a compiled class
  inherit from one that is not.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import import_module
from typing import Any, TypeVar

from .book import read_book
from .vocabulary import Book, Vocabulary

#: how many compiled tables a game keeps (a server's tables play a few books at once)
KEEP = 64

T = TypeVar("T")


def source_of(options: Mapping[str, Any]) -> str:
    """The key of the table a game with validated ``options`` plays by: its book's canonical JSON
    (the ``house`` option holds it so), or "" without a book."""
    raw = options.get("house")
    return "" if raw is None else json.dumps(raw, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def tables(seed: T, compile_book: Callable[[Book, str], T], vocab: Vocabulary) -> Callable[[str], T]:
    """A game's ``table_for(source)``: ``seed`` for "", else the book of ``source`` read against
    ``vocab`` and compiled by ``compile_book(book, source)``, kept by source."""

    @lru_cache(maxsize=KEEP)
    def table_for(source: str) -> T:
        if not source:
            return seed
        return compile_book(read_book(json.loads(source), vocab), source)

    return table_for


def pickled(maker: str, source: str) -> tuple[Any, ...]:
    """A table's ``__reduce__``: made again from its ``source`` (the book it was made from) by
    ``maker``, where tables of its kind are made ("module:function", named rather than imported:
    that module imports the table's)."""
    return remake, (maker, source)


def remake(maker: str, source: str) -> Any:
    """The table ``maker`` makes from ``source`` (unpickling)."""
    module, _, name = maker.partition(":")
    return getattr(import_module(module), name)(source)
