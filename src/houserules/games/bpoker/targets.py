"""Naming seats and table cards in choices: the words a person (or a file) answers with.

A choice names a table card by its card name (a tile by its last card,
L1208-1214) and a seat as ``seat:N``; these names are part of the scenario
contract (BP-SC) and of the JSON actions.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import card_name, parse_card
from .state import BState, Slot
from .zones import find


def name_seat(seat: int) -> str:
    return f"seat:{seat}"


def parse_seat(text: str) -> int:
    return int(text.split(":", 1)[1])


def opponents(state: BState, seat: int) -> list[int]:
    """The other seats still in the hand, from ``seat`` on in the direction of play."""
    out, s = [], seat
    for _ in range(state.players):
        s = state.next_seat(s)
        if s == seat or s in out:
            break
        out.append(s)
    return out


def own_slot(state: BState, seat: int, card: int) -> Slot | None:
    """The slot of ``seat``'s table holding ``card``, or None when it is not there (any more)."""
    where = find(state, card)
    return where[1] if where is not None and where[0] == seat else None


def slot_named(state: BState, seat: int, name: str) -> Slot | None:
    return own_slot(state, seat, parse_card(name))


def slot_options(state: BState, seats: list[int], keep: Callable[[Slot], bool]) -> list[str]:
    """The names of the slots on ``seats``' tables that ``keep`` allows."""
    return [card_name(s.top) for seat in seats for s in state.tables[seat] if keep(s)]
