"""My Game as fixed-size numbers (``engine.encoding``), for learning programs.

Actions (58 indices): ``play C`` is C (0-51, the card's int), ``call S`` is 52 + S (the suits in
``cards.SUITS`` order), ``draw`` 56, ``pass`` 57.

Observation, from the seat's view only: its hand (52, one per card held), the top card (52,
one-hot), the suit to follow (4, one-hot); per seat counted from this one (5 slots) its hand
size / 52; whose turn it is (5, relative one-hot); whether an eight's suit is being called, the
draw pile's size / 52, and the passes in a row / 5.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import DECK_SIZE, SUITS
from ...engine.core import Action
from ...engine.encoding import UNIT, Encoding, EncodingBase, Features, Piece
from .game import GAME
from .kinds import Kind
from .rules import MAX_SEATS
from .view import MyGameView

_FIXED: dict[str, int] = {Kind.DRAW: DECK_SIZE + len(SUITS), Kind.PASS: DECK_SIZE + len(SUITS) + 1}


class MyGameEncoding(EncodingBase):
    def observation_size(self, options: Mapping[str, Any]) -> int:
        return 2 * DECK_SIZE + len(SUITS) + 2 * MAX_SEATS + 3

    def action_size(self, options: Mapping[str, Any]) -> int:
        return DECK_SIZE + len(SUITS) + len(_FIXED)

    def observe(self, view: MyGameView) -> list[float]:
        return self.features(view).values

    def fields(self, options: Mapping[str, Any]) -> list[Piece]:
        return self.features(GAME.view(GAME.new(options, 0), 0)).pieces

    def features(self, view: MyGameView) -> Features:
        seat = view.seat or 0
        f = Features()
        f.counts(view.hand or (), DECK_SIZE, name="hand", most=1)
        f.one_hot(view.top, DECK_SIZE, "top card")
        f.one_hot(view.suit, len(SUITS), "suit to follow")
        f.per_seat(view.hand_sizes, seat, MAX_SEATS, 1 / DECK_SIZE, "hand sizes", UNIT)
        f.relative_seat(view.turn, seat, view.players, MAX_SEATS, "turn")
        f.scalar("calling", view.calling, UNIT)
        f.scalar("draw pile", view.draw_size / DECK_SIZE, UNIT)
        f.scalar("passes", view.passes / MAX_SEATS, UNIT)
        return f

    def index(self, view: MyGameView, action: Action) -> int:
        if action.kind == Kind.PLAY:
            return int(action.card)
        if action.kind == Kind.CALL:
            return DECK_SIZE + int(action.arg)
        return _FIXED[action.kind]


ENCODING: Encoding = MyGameEncoding()  # typed as the protocol: mypy holds the class to it
