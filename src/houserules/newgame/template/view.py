"""What one seat may know of a game of My Game.

A seat sees its own hand, the top card and the suit to follow, every hand's size, the size of
the draw pile, whose turn it is and who has won. It never sees another hand or the draw pile's
order. A spectator (seat None) sees no hand. ``to_json`` is what leaves the process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import SUITS, card_name
from ...engine.clone import remade_frozen
from .state import MyGameState


@dataclass(frozen=True, slots=True)
class MyGameView:
    seat: int | None
    players: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    top: int
    suit: int
    draw_size: int
    turn: int
    calling: bool
    passes: int
    over: bool
    winners: tuple[int, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return remade_frozen(self)  # pickled or copied (engine.clone)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "my-game",
            "seat": self.seat,
            "players": self.players,
            "hand": None if self.hand is None else [card_name(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "top": card_name(self.top),
            "suit": SUITS[self.suit],
            "draw_size": self.draw_size,
            "turn": self.turn,
            "calling": self.calling,
            "passes": self.passes,
            "over": self.over,
            "winners": list(self.winners),
        }


def view(state: MyGameState, seat: int | None) -> MyGameView:
    return MyGameView(
        seat=seat,
        players=state.players,
        hand=None if seat is None else tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        top=state.discard[-1],
        suit=state.suit,
        draw_size=len(state.draw),
        turn=state.turn,
        calling=state.calling,
        passes=state.passes,
        over=state.over,
        winners=state.winners,
    )
