"""Reaction windows: out-of-turn decisions that every game must close.

When a card may be answered out of turn (King Taco's ``NOPE``, Mao's
penalty calls, bpoker's reflectors) the state records which seats may still
answer. Each of them closes its part with an explicit action (``pass`` or
the reaction itself), so a game never waits on silence. A game opens a
window only for seats that can actually react, which keeps simulations fast;
its rules page must say why that reveals nothing a real table would not.
"""

from __future__ import annotations

from collections.abc import Iterable


class ReactionWindow:
    """The seats that may still react, in the order they are asked."""

    __slots__ = ("seats",)

    def __init__(self) -> None:
        self.seats: list[int] = []

    def __bool__(self) -> bool:
        return bool(self.seats)

    def __contains__(self, seat: int) -> bool:
        return seat in self.seats

    def open(self, seats: Iterable[int]) -> None:
        """Ask ``seats`` (an earlier window is replaced: a new card is a new question)."""
        self.seats = list(seats)

    def answer(self, seat: int) -> None:
        """``seat`` has passed or reacted: it is no longer asked."""
        self.seats.remove(seat)

    def close(self) -> None:
        self.seats.clear()

    def copy(self) -> ReactionWindow:
        new = ReactionWindow()
        new.seats = self.seats[:]
        return new
