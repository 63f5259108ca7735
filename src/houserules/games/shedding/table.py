"""The card effects and house rules in force at one table, compiled for the hot path.

``effects.py`` declares the seed's card effects (S-4) as records and a house book
(``house.py``) adds, replaces or switches off entries; both end here, as per-card tuples
that ``flow`` and ``rules`` read with one index. A table is made once per rule set
(``house.table_for``, cached by the book's contents) and shared by every state dealt under
it and by their copies: it never changes.

A ``Fire`` is one effect carried out, ``fire(state, seat, card, events)``; the state is
typed ``Any`` here only so that this module, which ``state`` imports for its field, need
not import ``state`` back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from ...engine.core import Event, Illegal
from ...engine.house.compiled import pickled

#: one effect carried out: (state, the seat it concerns, the card (or -1), the events so far)
Fire = Callable[[Any, int, int, list[Event]], None]
#: a per-card table of effects: ``row[card]`` is what that card does, in order
PerCard = tuple[tuple[Fire, ...], ...]
#: the largest hand size and draw pressure a condition tells apart (bits of ``Gate``'s masks)
MOST = 63


class Gate:
    """Where a house rule holds for one card: the top cards (``tops[top]``), the hand sizes
    (bit ``size`` of ``sizes``) and the draw pressures (bit ``pressure`` of ``pressures``) it
    holds at; ``rule`` and ``title`` name it (its ``house`` event), ``illegal`` is what a
    ``forbid`` rule answers an attempt with and ``cards`` what it costs in table mode;
    ``said``: its ``house`` event's data, made once."""

    def __init__(self, rule: str, title: str, tops: tuple[bool, ...], sizes: int, pressures: int,
                 illegal: Illegal | None = None, cards: int = 0) -> None:
        self.rule = rule
        self.title = title
        self.tops = tops
        self.sizes = sizes
        self.pressures = pressures
        self.illegal = illegal
        self.cards = cards
        self.said: Mapping[str, Any] = MappingProxyType({"rule": rule, "title": title})

    def holds(self, top: int, size: int, pressure: int) -> bool:
        return self.tops[top] and bool(self.sizes >> min(size, MOST) & 1) and bool(
            self.pressures >> min(pressure, MOST) & 1)


#: a per-card table of gates (``allow``, ``forbid``)
Gates = tuple[tuple[Gate, ...], ...]


#: where tables are made from their source (named, not imported: that module imports this one)
MAKER: Final = "houserules.games.shedding.house:table_for"

class Table:
    """What every card does at this table (the seed's effects, and a house book's).

    ``play[c]``: what card ``c`` does when it takes effect as a turn's last card (S-4.7);
    ``out[c]``: what going out with ``c`` does (a house rule's penalty); ``draw`` and
    ``turnstart``: what a draw for want of a play and a turn's start do; ``pressure[c]``: the
    draw pressure ``c`` adds (a *draw card*: it stacks under pressure, S-5.2, and a stack ends
    the turn, H-4); ``shields[c]``: ``c`` cancels the pressure (S-4.3); ``answers[c]``: ``c``
    may be played under pressure (a draw card or a shield); ``allow[c]`` and ``forbid[c]``: the
    house rules that let ``c`` be played where it does not match, or forbid it (``judged``: there
    are some, so legality asks them); ``said``: each house rule's id, title and words (the view
    shows them: the book is public); ``source``: the book it was made from, which makes it again
    when it is unpickled (``engine.house.compiled``).
    """

    def __init__(self, play: PerCard, pressure: tuple[int, ...], shields: tuple[bool, ...], source: str = "",
                 out: PerCard | None = None, draw: tuple[Fire, ...] = (), turnstart: tuple[Fire, ...] = (),
                 allow: Gates | None = None, forbid: Gates | None = None,
                 said: tuple[tuple[str, str, str], ...] = ()) -> None:
        none: PerCard = ((),) * len(play)
        self.play = play
        self.pressure = pressure
        self.shields = shields
        self.answers = tuple(bool(p) or s for p, s in zip(pressure, shields))
        self.out = none if out is None else out
        self.draw = draw
        self.turnstart = turnstart
        self.allow: Gates = ((),) * len(play) if allow is None else allow
        self.forbid: Gates = ((),) * len(play) if forbid is None else forbid
        self.judged = any(self.allow) or any(self.forbid)
        self.forbids: Mapping[str, Gate] = {g.rule: g for row in self.forbid for g in row}
        self.said = said
        #: the rule set it was made from (a book's canonical JSON; "": the seed's)
        self.source = source

    def __reduce__(self) -> tuple[Any, ...]:
        return pickled(MAKER, self.source)
