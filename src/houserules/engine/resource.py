"""A per-seat resource kept within bounds (King Taco's mana, 0..4).

Gains above the cap are lost and spending never goes below the floor; the
caller learns how much was actually kept so that it can report waste
(King Taco's incinerated mana). Redirecting gains (a harvest) is the game's
business: it decides which seat a gain goes to, then calls ``gain``.
"""

from __future__ import annotations

from typing import Any

from .clone import remade


class SeatPool:
    """One bounded counter per seat."""

    __slots__ = ("values", "cap", "floor")

    def __reduce__(self) -> tuple[Any, ...]:
        return remade(self, len(self.values), self.cap)  # pickled or copied (engine.clone)

    def __init__(self, seats: int, cap: int, start: int = 0, floor: int = 0) -> None:
        self.values: list[int] = [start] * seats
        self.cap = cap
        self.floor = floor

    def __getitem__(self, seat: int) -> int:
        return self.values[seat]

    def gain(self, seat: int, amount: int) -> int:
        """Add up to the cap; returns what was kept (the rest is lost)."""
        v = self.values[seat]
        kept = min(self.cap, v + amount) - v
        self.values[seat] = v + kept
        return kept

    def spend(self, seat: int, amount: int) -> int:
        """Take away down to the floor; returns what was actually taken."""
        v = self.values[seat]
        taken = v - max(self.floor, v - amount)
        self.values[seat] = v - taken
        return taken

    def set(self, seat: int, value: int) -> None:
        self.values[seat] = max(self.floor, min(self.cap, value))

    def copy(self) -> SeatPool:
        new = SeatPool(0, self.cap, floor=self.floor)
        new.values = self.values[:]
        return new
