"""Scenario expectations about the zones most card games share.

A scenario's ``expect`` keys about whose turn it is, the direction, the top
discard, the hands and the piles mean the same thing in every game with a
turn, hands, a draw pile and a discard pile; games answer them here and keep
only their own keys. Cards are compared by name, hands as multisets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

ZONE_KEYS = ("turn", "direction", "top", "hand_sizes", "hands", "draw_size", "discard", "over")


def differs(key: str, want: Any, got: Any) -> str | None:
    """The message for an unmet expectation, or None."""
    return None if got == want else f"{key}: expected {want}, got {got}"


def zone_expect(state: Any, key: str, value: Any, name: Callable[[Any], str],
                parse: Callable[[Iterable[str]], list[Any]]) -> str | None:
    """Compare one of ``ZONE_KEYS``; ``name`` and ``parse`` are the game's card
    notation. Raise KeyError for any other key."""
    def names(cards: Iterable[Any]) -> list[str]:
        return [name(c) for c in cards]

    if key == "turn":
        return differs(key, value, state.turn)
    if key == "direction":
        return differs(key, value, state.direction)
    if key == "top":
        return differs(key, name(parse([value])[0]), name(state.discard[-1]))
    if key == "hand_sizes":
        return differs(key, list(value), [len(h) for h in state.hands])
    if key == "hands":
        items = value.items() if isinstance(value, Mapping) else enumerate(value)
        for seat, cards in items:
            got, want = sorted(names(state.hands[int(seat)])), sorted(names(parse(cards)))
            if got != want:
                return f"hands[{seat}]: expected {want}, got {got}"
        return None
    if key == "draw_size":
        return differs(key, value, len(state.draw))
    if key == "discard":
        return differs(key, names(parse(value)), names(state.discard))
    if key == "over":
        return differs(key, value, state.over)
    raise KeyError(key)
