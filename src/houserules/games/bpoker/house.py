"""The card rules one bpoker table plays by: the chapter's, or as a house book changes them (issue 36).

A card's rule is looked up by its value in effect (``catalogue.rule_for``); a book says, value
by value, which rule a card follows instead (``like``), none (``plain``), or switches a rule off
(``replaces``). ``table_for`` compiles a book (by its canonical JSON, cached) into
``HouseCards``: for every value its rule (the same ``CardRule`` records the catalogue holds, so
the same steps carry them out), the continuous amounts it adds, its words, and the house rule
that set it (which fires, a ``house`` event, when a card of that value is played with effect).
The chapter's own rules are ``SEED``, whose look-ups are the catalogue's own functions. What is
checked before the first card reads a book the same way (``housecheck.ruled``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...engine.house import book as house_book
from ...engine.house.check import Work
from ...engine.house.compiled import pickled, tables
from ...engine.house.vocabulary import Book
from .catalogue import CardRule, modifier, rule_for, says
from .housecheck import ruled
from .vocabulary import VOCABULARY

Value = tuple[int, int]
#: what a card that follows no rule says it does (BP-HR3)
PLAIN: Final = "follows no card rule at this table (a house rule): it plays for its poker value only"


#: where tables are made from their source (named, not imported: that module imports this one)
MAKER: Final = "houserules.games.bpoker.house:table_for"

class HouseCards:
    """The card rules of one table (see the module docstring): ``rule_for(value)``,
    ``modifier(values, what)`` (the continuous amounts, as ``catalogue.modifier``), ``says(value,
    options)`` (what a card does, for menus and tooltips), ``fires[value]`` (the id and title of
    the house rule that set its rule), ``said`` (each house rule's id, title and words: a book is
    public) and ``source`` (the book's canonical JSON; "": the chapter's). Made once per rule set
    and shared by every state dealt under it; pickled as its source (``engine.house.compiled``)."""

    def __init__(self, rules: Mapping[Value, CardRule | None] | None = None,
                 fires: Mapping[Value, tuple[str, str]] | None = None,
                 said: tuple[tuple[str, str, str], ...] = (), source: str = "") -> None:
        self.rules = rules
        self.fires: Mapping[Value, tuple[str, str]] = fires or {}
        self.said = said
        self.source = source
        self._amounts: dict[str, dict[Value, int]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return pickled(MAKER, self.source)

    def rule_for(self, value: Value) -> CardRule | None:
        """The rule a card with ``value`` in effect follows at this table."""
        if self.rules is None or value not in self.rules:  # every value a rule is looked up by is in it
            return rule_for(value)
        return self.rules[value]

    def modifier(self, values: list[Value], what: str) -> int:
        """The sum of the continuous ``what`` modifiers of ``values`` (a table's live cards)."""
        if self.rules is None:
            return modifier(values, what)
        amounts = self._amounts.setdefault(what, {})
        total = 0
        for v in values:
            n = amounts.get(v)
            if n is None:
                r = self.rule_for(v)
                n = amounts[v] = sum(x for w, x in r.cont if w == what) if r is not None else 0
            total += n
        return total

    def says(self, value: Value, options: Mapping[str, Any]) -> str:
        """What a card with ``value`` in effect does when played with effect ("" when nothing)."""
        rule = self.rule_for(value)
        if rule is None:
            return PLAIN if self.rules is not None and value in self.fires else ""
        return says(rule.clause, options)


#: the chapter's own card rules: every game without a house book plays by them
SEED: Final = HouseCards()


def compile_book(book: Book, source: str) -> HouseCards:
    """The card rules of a book: every value's rule, and the house rule that set it."""
    table = ruled(VOCABULARY, book, Work(10**9))  # a book that reached here was checked within the budget
    rules = {v: rule for v, (rule, _) in table.items()}
    fires = {v: (book.rules[i].id, book.rules[i].title) for v, (_, i) in table.items() if i >= 0}
    said = house_book.sayings(book, VOCABULARY)
    return HouseCards(rules, fires, said, source)


#: the card rules of a rule set by its book's canonical JSON (``engine.house.compiled.source_of``;
#: "": the chapter's), cached
table_for = tables(SEED, compile_book, VOCABULARY)
