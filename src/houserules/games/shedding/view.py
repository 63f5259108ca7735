"""What one seat may know of a Shedding game.

A seat sees its own hand, the top discard, the cards played so far this turn
(they are face up), every hand's size, the pile sizes, whose turn it is, the
direction, the pending draw and who has declared. It never sees another
hand or the order of the draw pile. A spectator (seat None) sees no hand.
Everyone sees the table's house rules, each in words (HR-1: a book is public).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import card_name
from ...engine.clone import remade_frozen
from .rules import IS_QUEEN
from .state import SheddingState


@dataclass(frozen=True, slots=True)
class SheddingView:
    seat: int | None
    players: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    top: int
    discard_size: int
    draw_size: int
    turn: int
    direction: int
    pending: int
    run: tuple[int, ...]
    run_dir: int
    wrapped: bool
    declared: tuple[bool, ...]
    mode: str
    over: bool
    winner: int | None
    turns: int
    #: the table's house rules: each one's id, title and words (none without a book)
    house: tuple[tuple[str, str, str], ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return remade_frozen(self)  # pickled or copied (engine.clone)

    @property
    def queen_to_cover(self) -> bool:
        """The top card is a Queen that the seat to act must cover (S-2.3, S-3.5)."""
        return IS_QUEEN[self.top]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "shedding",
            "seat": self.seat,
            "players": self.players,
            "hand": None if self.hand is None else [card_name(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "top": card_name(self.top),
            "discard_size": self.discard_size,
            "draw_size": self.draw_size,
            "turn": self.turn,
            "direction": self.direction,
            "pending_draw": self.pending,
            "run": [card_name(c) for c in self.run],
            "run_direction": self.run_dir,
            "wrapped": self.wrapped,
            "declared": [i for i, d in enumerate(self.declared) if d],
            "queen_to_cover": self.queen_to_cover,
            "mode": self.mode,
            "over": self.over,
            "winner": self.winner,
            "turns": self.turns,
            "house": [{"id": i, "title": t, "words": w} for i, t, w in self.house],
        }


def view(state: SheddingState, seat: int | None) -> SheddingView:
    return SheddingView(
        seat=seat,
        players=state.players,
        hand=None if seat is None else tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        top=state.discard[-1],
        discard_size=len(state.discard),
        draw_size=len(state.draw),
        turn=state.turn,
        direction=state.direction,
        pending=state.pending,
        run=tuple(state.run),
        run_dir=state.run_dir,
        wrapped=state.wrapped,
        declared=tuple(state.declared),
        mode=state.mode,
        over=state.over,
        winner=state.winner,
        turns=state.turns,
        house=state.table.said,
    )
