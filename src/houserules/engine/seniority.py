"""Seats around a table: who sits to the left, and the order of seniority.

Card games that deal "from the dealer's left" and break ties "in favour of
the dealer, then the player on the left, ..." (Cripple Mr Onion's Dealer,
Elder ... Younger; poker's button) all need the same two walks round the
table, skipping seats that are out. Seats are numbered so that ``seat + 1``
is the player on the left.
"""

from __future__ import annotations

from collections.abc import Sequence


def left_of(seat: int, n: int, present: Sequence[bool], steps: int = 1) -> int:
    """The ``steps``-th present seat to the left of ``seat`` (``present[seat]`` itself need not hold)."""
    s = seat
    for _ in range(steps):
        for _ in range(n):
            s = (s + 1) % n
            if present[s]:
                break
        else:
            raise ValueError("no seat is present")
    return s


def seniority(head: int, n: int, present: Sequence[bool]) -> list[int]:
    """The present seats from ``head`` round to the left: the order of
    precedence when ``head`` deals (Dealer, Elder, ..., Younger)."""
    return [(head + i) % n for i in range(n) if present[(head + i) % n]]
