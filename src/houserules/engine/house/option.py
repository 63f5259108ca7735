"""The ``house`` option every game with a vocabulary has: a book, public at the table.

``-o house=@FILE`` on the command line, a JSON object in scenario files and the HTTP API.
The option keeps the book's canonical JSON (``book.to_json``), so records replay it and a
table's options say it; ``refuse`` (called by the game's option validator, which knows the
table size) refuses a book the table cannot play, with the verdict kept by content.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ..core import OptionsError
from ..options import Option, is_stored
from .book import read_book, to_json
from .check import verdict
from .text import RuleError
from .vocabulary import Book, Vocabulary

KEY = "house"


#: books read, by game and JSON text (a game's options are read for every game dealt: a
#: simulation of thousands reads one book thousands of times)
_READ: dict[tuple[str, str], Book] = {}
_KEEP = 256


def _book(raw: Any, vocab: Vocabulary) -> Book:
    try:
        key = (vocab.game, json.dumps(raw, sort_keys=True, ensure_ascii=False))
    except (TypeError, ValueError):  # not JSON: read_book says what is wrong
        return read_book(raw, vocab)
    found = _READ.get(key)
    if found is None:
        found = read_book(raw, vocab)
        if len(_READ) >= _KEEP:
            _READ.clear()
        _READ[key] = found
    return found


def reader(vocab: Vocabulary) -> Callable[[Any], Any]:
    """The option's reading: None (no house rules) or a book, kept as its canonical JSON."""
    def read(raw: Any) -> Any:
        if raw is None:
            return None
        try:
            book = _book(raw, vocab)
        except RuleError as exc:
            raise OptionsError(f"{KEY}: {exc}") from None
        return to_json(book, vocab) if book.rules else None
    return read


def option(vocab: Vocabulary) -> Option:
    """The ``house`` option's record for ``vocab``'s game."""
    return Option(KEY, None, "json", "House rules",
                  "The table's own rules, in the house-rule language: each is checked and said in plain words "
                  "before the first card, and everyone at the table can read them.",
                  vocab.clause, advanced=True, read=reader(vocab))


def book_of(options: Mapping[str, Any], vocab: Vocabulary) -> Book | None:
    """The book of validated options (None: no house rules)."""
    raw = options.get(KEY)
    return None if raw is None else _book(raw, vocab)


def refuse(options: Mapping[str, Any], vocab: Vocabulary) -> None:
    """OptionsError when the table cannot play the book of ``options`` (a game's validator calls
    this once the table size is known). Options read back from a store were checked when the
    table was made, and are not checked again (``engine.options.stored``)."""
    book = book_of(options, vocab)
    if book is None or is_stored():
        return
    try:
        verdict(book, vocab, int(options["players"])).raise_refusal()
    except RuleError as exc:
        raise OptionsError(f"{KEY}: {exc}") from None
