"""Chips, a Pot and what is staked in front of each seat.

Betting games move chips three ways: from a seat into the Pot, from a seat
onto the table in front of it (a raise "near the Pot", an extra bet) and
from there into the Pot or back, and from the Pot to a winner. Keeping all
of it in one ledger makes "chips are conserved" a one-line check and keeps
the games from each re-inventing the arithmetic.
"""

from __future__ import annotations

from typing import Any

from .clone import remade


class Ledger:
    """Each seat's chips, the Pot, and the chips staked in front of each seat."""

    __slots__ = ("chips", "pot", "staked")

    def __reduce__(self) -> tuple[Any, ...]:
        return remade(self, self.chips, self.pot)  # pickled or copied (engine.clone)

    def __init__(self, chips: list[int], pot: int = 0):
        self.chips = chips
        self.pot = pot
        self.staked = [0] * len(chips)

    def copy(self) -> Ledger:
        new = Ledger(self.chips[:], self.pot)
        new.staked = self.staked[:]
        return new

    def total(self) -> int:
        """Every chip in play: the conserved quantity."""
        return sum(self.chips) + self.pot + sum(self.staked)

    def pay(self, seat: int, amount: int) -> None:
        """``seat`` puts ``amount`` into the Pot."""
        if amount > self.chips[seat] or amount < 0:
            raise ValueError(f"seat {seat} cannot pay {amount} (holds {self.chips[seat]})")
        self.chips[seat] -= amount
        self.pot += amount

    def stake(self, seat: int, amount: int) -> None:
        """``seat`` places ``amount`` on the table in front of it (not yet in the Pot)."""
        if amount > self.chips[seat] or amount < 0:
            raise ValueError(f"seat {seat} cannot stake {amount} (holds {self.chips[seat]})")
        self.chips[seat] -= amount
        self.staked[seat] += amount

    def collect(self) -> int:
        """Every stake goes into the Pot; returns how much moved."""
        moved = sum(self.staked)
        self.pot += moved
        self.staked = [0] * len(self.staked)
        return moved

    def cover_all(self, seat: int) -> int:
        """``seat`` matches every stake on the table, and all of it goes into
        the Pot (a dealer-banker covering the raises or side bets against it).
        Returns what ``seat`` paid."""
        owed = sum(self.staked)
        self.pay(seat, owed)
        self.collect()
        return owed

    def collect_one(self, seat: int) -> int:
        moved, self.staked[seat] = self.staked[seat], 0
        self.pot += moved
        return moved

    def return_stakes(self) -> None:
        """Every stake goes back to its seat (a bet nobody matched)."""
        for s, amount in enumerate(self.staked):
            self.chips[s] += amount
        self.staked = [0] * len(self.staked)

    def award(self, seat: int) -> int:
        """The Pot goes to ``seat``; returns how much it held."""
        won, self.pot = self.pot, 0
        self.chips[seat] += won
        return won
