"""A King Taco table's house rules, compiled for the hot path: a tuple per card and per stack kind.

``house.py`` compiles a book (``vocabulary.py``) into a ``HouseTable``: for each card that can
land on the pile, what landing does (``land``); for each kind of stack, what its resolving does
(``resolve``); what a turn's start does; what going out does (``out``, by the last card). Every
entry is a house rule whose conditions were worked out once into a ``Gate`` (the hand sizes and
mana it holds at). The seed's own effects stay where they are (``effects.TRIGGERS``, the
stackability matrix): a book adds to them and never edits them. A table is made once per book
(cached by its content) and shared by every state dealt under it and by their copies.

A ``Fire`` is one effect carried out, ``fire(state, seat, what, events)`` (``what``: the card,
or the stack's kind); the state is typed ``Any`` here only so that this module, which
``state`` imports for its field, need not import ``state`` back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from ...engine.core import Event
from ...engine.house.compiled import pickled

Fire = Callable[[Any, int, int, list[Event]], None]
PerKind = tuple[tuple[Fire, ...], ...]
#: the largest hand size and mana a gate tells apart (bits of its masks)
MOST = 63


class Gate:
    """Where a house rule holds once what it reads of a card or a stack is known: the hand
    sizes (bit ``size`` of ``sizes``) and the mana (bit ``mana`` of ``manas``) it holds at; its
    ``house`` event's data (``said``), made once."""

    def __init__(self, rule: str, title: str, sizes: int, manas: int) -> None:
        self.rule = rule
        self.title = title
        self.sizes = sizes
        self.manas = manas
        self.said: Mapping[str, Any] = MappingProxyType({"rule": rule, "title": title})

    def holds(self, size: int, mana: int) -> bool:
        return bool(self.sizes >> min(size, MOST) & 1) and bool(self.manas >> min(mana, MOST) & 1)


#: where tables are made from their source (named, not imported: that module imports this one)
MAKER: Final = "houserules.games.king_taco.house:table_for"

class HouseTable:
    """What the table's house rules do: ``land[c]`` when card ``c`` lands on the pile (played, or
    stacked), ``resolve[k]`` when a stack of kind ``k`` resolves, ``turnstart`` when a turn starts,
    ``out[c]`` when a player goes out on ``c``; ``said``: each rule's id, title and words (the view
    shows them); ``source``: the book it was made from (its canonical JSON; "" for none), which
    makes it again when it is unpickled (``engine.house.compiled``)."""

    def __init__(self, land: PerKind, resolve: PerKind, turnstart: tuple[Fire, ...], out: PerKind,
                 said: tuple[tuple[str, str, str], ...] = (), source: str = "") -> None:
        self.land = land
        self.resolve = resolve
        self.turnstart = turnstart
        self.out = out
        self.said = said
        self.source = source

    def __reduce__(self) -> tuple[Any, ...]:
        return pickled(MAKER, self.source)


def nothing(kinds: int, symbols: int) -> HouseTable:
    """The table of a game without house rules."""
    return HouseTable(((),) * kinds, ((),) * symbols, (), ((),) * kinds)
