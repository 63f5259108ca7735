"""The card effects in force at one table, compiled for the hot path: a tuple per card.

``effects.py`` declares the seed's card effects (S-4) as records and a house book
(``house.py``) adds, replaces or switches off entries; both end here, as per-card
tuples that ``flow`` and ``rules`` read with one index. A table is made once per
rule set (``effects.table_for``, cached by the book's contents) and shared by every
state dealt under it and by their copies: it never changes.

A ``Fire`` is one effect carried out, ``fire(state, seat, card, events)``; the state is
typed ``Any`` here only so that this module, which ``state`` imports for its field, need
not import ``state`` back.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ...engine.core import Event

#: one effect carried out: (state, the seat it concerns, the card (or -1), the events so far)
Fire = Callable[[Any, int, int, list[Event]], None]
#: a per-card table of effects: ``row[card]`` is what that card does, in order
PerCard = tuple[tuple[Fire, ...], ...]


class Table:
    """What every card does at this table (the seed's effects, and a house book's).

    ``play[c]``: what card ``c`` does when it takes effect as a turn's last card (S-4.7);
    ``pressure[c]``: the draw pressure ``c`` adds (a *draw card*: it stacks under pressure,
    S-5.2, and a stack ends the turn, H-4); ``shields[c]``: ``c`` cancels the pressure (S-4.3);
    ``answers[c]``: ``c`` may be played under pressure (a draw card or a shield).
    """

    def __init__(self, play: PerCard, pressure: tuple[int, ...], shields: tuple[bool, ...], source: str = "") -> None:
        self.play = play
        self.pressure = pressure
        self.shields = shields
        self.answers = tuple(bool(p) or s for p, s in zip(pressure, shields))
        #: the rule set it was made from (a book's canonical JSON; "": the seed's), which makes it again
        self.source = source

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a state is, by OpenSpiel and by ``copy``), a table is its source: its effects are
        functions made for it, which pickle cannot carry; unpickled, it is made again (and cached)."""
        return remake, (self.source,)


#: where tables are made from their source (named, not imported: that module imports this one)
MAKER = "houserules.games.shedding.effects:table_for"


def remake(source: str) -> Table:
    """The table made from ``source`` (unpickling)."""
    module, _, name = MAKER.partition(":")
    made: Table = getattr(import_module(module), name)(source)
    return made
