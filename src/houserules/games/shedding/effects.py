"""Shedding's card effects (S-4) as records: which cards, what they do, the clause.

The last card placed in a turn takes effect (S-4.7). Each effect of the seed is one
``CardEffect``: the clause it restates, the cards it belongs to, and what it does (a
``Fire`` at the turn's end, the draw pressure it adds, whether it shields). ``table``
compiles a list of records into the per-card tuples ``flow`` and ``rules`` read
(``table.Table``); a house book (``house.py``) compiles the same way, from the seed's
records minus those it replaces plus its own, so the seed's effects and a table's are
carried out by the same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...cards import ACE, DECK_SIZE, KING, NAMES, RANK
from ...engine.core import Event, event
from .rules import IS_BLACK_JACK, IS_RED_JACK
from .state import SheddingState
from .table import Fire, Table


@dataclass(frozen=True)
class CardEffect:
    """One effect a card has (S-4): ``clause``, the ``cards`` it belongs to (one flag per card),
    ``fire`` (what it does when the card takes effect, None: nothing then), ``pressure`` (the draw
    pressure it adds: such a card is a draw card) and ``shield`` (it cancels draw pressure)."""

    clause: str
    cards: tuple[bool, ...]
    fire: Fire | None = None
    pressure: int = 0
    shield: bool = False


# --- what the seed's cards do --------------------------------------------------------------
def add_pressure(value: int) -> Fire:
    """A draw card's effect: the next player is under ``value`` more draw pressure (S-4.1, S-4.2, S-5.1)."""
    def fire(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
        state.pending += value
        events.append(event("effect", seat, {"effect": "draw", "card": NAMES[card], "adds": value,
                                             "total": state.pending}))
    return fire


def skip(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
    """The next player is skipped (S-4.4): said as the turn passes (``flow.end_turn``)."""
    state.skips += 1


def reverse(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
    """The direction of play reverses (S-4.5)."""
    state.direction = -state.direction
    events.append(event("effect", seat, {"effect": "reverse", "direction": state.direction}))


def name_suit(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
    """The active suit becomes the card's own (S-4.6, H-7): the top card's suit, said aloud."""
    events.append(event("effect", seat, {"effect": "suit", "suit": NAMES[card][-1]}))


def _rank(rank: int) -> tuple[bool, ...]:
    return tuple(RANK[c] == rank for c in range(DECK_SIZE))


SEED: Final = (
    CardEffect("S-4.1", _rank(2), add_pressure(2), pressure=2),
    CardEffect("S-4.2", IS_BLACK_JACK, add_pressure(5), pressure=5),
    CardEffect("S-4.3", IS_RED_JACK, shield=True),
    CardEffect("S-4.4", _rank(8), skip),
    CardEffect("S-4.5", _rank(KING), reverse),
    CardEffect("S-4.6", _rank(ACE), name_suit),
)


def table(effects: Sequence[CardEffect], source: str = "") -> Table:
    """The per-card tables of ``effects``, in their order (``source``: the book they came from)."""
    play = tuple(tuple(e.fire for e in effects if e.cards[c] and e.fire is not None) for c in range(DECK_SIZE))
    pressure = tuple(sum(e.pressure for e in effects if e.cards[c]) for c in range(DECK_SIZE))
    shields = tuple(any(e.shield for e in effects if e.cards[c]) for c in range(DECK_SIZE))
    return Table(play, pressure, shields, source)


#: the seed's own table: every game without a house book plays by it
SEED_TABLE: Final = table(SEED)


def table_for(source: str) -> Table:
    """The table of a rule set by its source ("": the seed's); a table unpickled is made again
    here (``Table.__reduce__``)."""
    return SEED_TABLE
