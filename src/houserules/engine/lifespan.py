"""Lifespans: effects that last a number of rounds.

King Taco counts effects in *rounds*, one turn per player still in the game,
whatever the direction of play (its "Lifespans" section); Mao's and bpoker's
continuous effects need the same bookkeeping. An effect started with ``L``
rounds at a table of ``n`` players lasts ``L * n`` turns, the turn it starts
in included; ``tick`` is called once at the end of every turn (a turn lost to
a timeout is still a turn). Keys are any hashable name the game chooses.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any


class Lifespans:
    """Turns left for each running effect, by key."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left: dict[Hashable, int] = {}

    def start(self, key: Hashable, rounds: int, players: int) -> None:
        """(Re)start ``key`` for ``rounds`` rounds: an overwrite, not an extension."""
        if rounds > 0:
            self.left[key] = rounds * players
        else:
            self.left.pop(key, None)

    def active(self, key: Hashable) -> bool:
        return key in self.left

    def turns_left(self, key: Hashable) -> int:
        return self.left.get(key, 0)

    def end(self, key: Hashable) -> None:
        self.left.pop(key, None)

    def tick(self) -> list[Hashable]:
        """One turn has passed: the keys whose lifespan ran out just now."""
        left = self.left
        if not left:
            return []
        expired = []
        for key, n in left.items():  # a value replaced in place: the dict keeps its size and order
            if n <= 1:
                expired.append(key)
            else:
                left[key] = n - 1
        for key in expired:
            del left[key]
        return expired

    def player_left(self, players_before: int) -> None:
        """A player left the table: a round is one turn shorter, so each effect
        loses the turns the leaver would have had in it (one per whole round left)."""
        left = self.left
        for key in list(left):
            n = left[key] - left[key] // players_before
            if n <= 0:
                del left[key]
            else:
                left[key] = n

    def copy(self) -> Lifespans:
        new = Lifespans()
        new.left = dict(self.left)
        return new

    def snapshot(self) -> tuple[Any, ...]:
        return tuple(sorted(self.left.items(), key=repr))
