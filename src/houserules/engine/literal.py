"""Literal states for scenario files: the zones shedding-family games share.

Shedding and Mao (and any game of hands, a draw pile and a discard pile)
write a scenario's state the same way: ``hands`` one list per seat (left out:
every hand empty), ``discard`` bottom first (its last card the top; the one key
a state cannot leave out), ``draw`` top first (left out: empty). Reading them,
and saying exactly what is wrong with them, is done once here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from .core import GameError


class Piles(Protocol):
    """A state with the shared zones: hands, a discard pile (top last), a draw pile (top last)."""

    players: int
    hands: list[list[int]]
    discard: list[int]
    draw: list[int]


def check_keys(obj: Mapping[str, Any], known: Iterable[str], title: str) -> None:
    """Refuse a state key the game does not know, naming the known ones."""
    unknown = sorted(set(obj) - set(known))
    if unknown:
        raise GameError(f"unknown {title} state key(s): {', '.join(unknown)}; known: {', '.join(known)}")


def cards(value: Any, what: str, parse: Callable[[Any], list[int]]) -> list[int]:
    """The cards a state key names; GameError saying which key is wrong and why."""
    try:
        return parse(value)
    except (ValueError, TypeError, AttributeError) as exc:
        raise GameError(f"state.{what}: {exc}") from None


def read_piles(state: Piles, obj: Mapping[str, Any], parse: Callable[[Any], list[int]]) -> None:
    """Fill ``state``'s hands, discard and draw pile from a scenario's ``state`` object."""
    hands = obj.get("hands", [[] for _ in range(state.players)])
    if not isinstance(hands, list) or len(hands) != state.players:
        raise GameError(f"state.hands must list {state.players} hands (options.players)")
    state.hands = [cards(h, f"hands[{i}]", parse) for i, h in enumerate(hands)]
    state.discard = cards(obj.get("discard", []), "discard", parse)
    if not state.discard:
        raise GameError("state.discard needs at least its top card")
    state.draw = list(reversed(cards(obj.get("draw", []), "draw", parse)))
