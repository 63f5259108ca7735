"""Shedding as fixed-size numbers (engine/encoding.py), for learning programs.

Actions (108 indices): ``play C`` is C (0-51, the card's int: rank-major,
suits C D H S), ``show C`` is 52 + C, then ``end`` 104, ``draw`` 105,
``decline`` 106, ``declare`` 107.

Observation (179 floats), from the seat's view only: its hand (52, one per
card held), the top discard (52, one-hot), the cards of this turn's run
(52); then per seat counted from this one (5 slots): hand size / 52 and declared;
whose turn it is (5, relative one-hot); the pending draw / 10, the
direction, the run's direction (-1, 0, 1), whether the run has wrapped,
whether a Queen must be covered, the draw and discard pile sizes / 52,
and table mode.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import DECK_SIZE
from ...engine.core import Action
from ...engine.encoding import COUNT, SIGN, UNIT, Encoding, EncodingBase, Features, Piece
from .game import GAME
from .view import SheddingView

SEATS = 5
_FIXED = {"end": 104, "draw": 105, "decline": 106, "declare": 107}


class SheddingEncoding(EncodingBase):
    def observation_size(self, options: Mapping[str, Any]) -> int:
        return 3 * DECK_SIZE + 2 * SEATS + SEATS + 8

    def action_size(self, options: Mapping[str, Any]) -> int:
        return 2 * DECK_SIZE + len(_FIXED)

    def observe(self, view: SheddingView) -> list[float]:
        return self.features(view).values

    def fields(self, options: Mapping[str, Any]) -> list[Piece]:
        return self.features(GAME.view(GAME.new(options, 0), 0)).pieces

    def features(self, view: SheddingView) -> Features:
        seat = view.seat or 0
        f = Features()
        f.counts(view.hand or (), DECK_SIZE, name="hand", most=1)
        f.one_hot(view.top, DECK_SIZE, "top card")
        f.counts(view.run, DECK_SIZE, name="run", most=1)
        f.per_seat(view.hand_sizes, seat, SEATS, 1 / DECK_SIZE, "hand sizes", UNIT)
        f.per_seat([float(d) for d in view.declared], seat, SEATS, name="declared", bounds=UNIT)
        f.relative_seat(view.turn, seat, view.players, SEATS, "turn")
        f.scalar("pending draw", view.pending / 10, COUNT)
        f.scalar("direction", view.direction, SIGN)
        f.scalar("run direction", view.run_dir, SIGN)
        f.scalar("wrapped", view.wrapped, UNIT)
        f.scalar("queen to cover", view.queen_to_cover, UNIT)
        f.scalar("draw pile", view.draw_size / DECK_SIZE, UNIT)
        f.scalar("discard pile", view.discard_size / DECK_SIZE, UNIT)
        f.scalar("table mode", view.mode == "table", UNIT)
        return f

    def index(self, view: SheddingView, action: Action) -> int:
        if action.kind == "play":
            return int(action.card)
        if action.kind == "show":
            return DECK_SIZE + int(action.card)
        return _FIXED[action.kind]


ENCODING: Encoding = SheddingEncoding()  # typed as the protocol: mypy holds the class to it
