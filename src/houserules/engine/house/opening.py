"""The first turn's start: a house rule on a turn's start fires for the first player too.

A game's ``turnstart`` rules fire as the turn passes to a player (its ``end_turn``); the first
player's turn starts at the deal, where no action is being carried out whose events could tell
it. So the deal carries the rules out at once (``start_first_turn``: the first player decides
with their effects in place, as every later player does) and keeps their events in the state's
``opening``; the first action carried out after it (a move or a penalised attempt, whoever makes
it) tells them first (``told``), so the log, records, replays, ``compare`` and scenario files
read them in the order they happened. A state written out in a scenario file is a moment of
play whose turn has already started: nothing fires for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import Event

#: one effect carried out: (state, the seat it concerns, the card or -1, the events so far)
Fire = Callable[[Any, int, int, list[Event]], None]


def start_first_turn(state: Any, fires: Sequence[Fire], seat: int) -> None:
    """Carry out the ``turnstart`` rules ``fires`` for ``seat``, the first player, at the deal;
    their events wait in ``state.opening``."""
    events: list[Event] = []
    for fire in fires:
        fire(state, seat, -1, events)
    state.opening = tuple(events)


def told(state: Any, events: list[Event]) -> list[Event]:
    """``events`` of the first action, after the deal's (``state.opening``), which are told once."""
    opening: tuple[Event, ...] = state.opening
    state.opening = ()
    return [*opening, *events]
