"""Effect stacks: cards piled on a base card, resolved together.

Several seeds let a player answer an effect by piling another card on it
(King Taco's stacks, Shedding's draw pressure, bpoker's forcing chains). The
shape they share is kept here: the cards in the stack with who played each,
whether the stack still accepts ordinary cards (``closed``), and negators
(King Taco's ``NOPE``) that are evaluated right to left, so that an odd
number of them on top cancels the stack and an even number restores it.
What a stack *does* when it resolves belongs to the game.
"""

from __future__ import annotations

from typing import Any


class EffectStack:
    """The cards of one open stack, bottom first, each with the seat that played it."""

    __slots__ = ("cards", "seats", "closed", "negators")

    def __init__(self) -> None:
        self.cards: list[int] = []
        self.seats: list[int] = []
        self.closed = False  # True: only negators may still be added
        self.negators = 0  # negators played on top of the last ordinary card

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def push(self, card: int, seat: int, negator: bool = False) -> None:
        """Put ``card`` on top. A negator closes the stack: after a cancel only
        cancels can follow (a war of negators), then the stack resolves."""
        self.cards.append(card)
        self.seats.append(seat)
        if negator:
            self.negators += 1
            self.closed = True

    @property
    def cancelled(self) -> bool:
        """Right-to-left evaluation: an odd run of negators on top cancels what lies below."""
        return self.negators % 2 == 1

    @property
    def top_seat(self) -> int:
        return self.seats[-1]

    def clear(self) -> None:
        self.cards.clear()
        self.seats.clear()
        self.closed = False
        self.negators = 0

    def copy_into(self, other: EffectStack) -> None:
        other.cards = self.cards[:]
        other.seats = self.seats[:]
        other.closed = self.closed
        other.negators = self.negators

    def snapshot(self) -> tuple[Any, ...]:
        return (tuple(self.cards), tuple(self.seats), self.closed, self.negators)
