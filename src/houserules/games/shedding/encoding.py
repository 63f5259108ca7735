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
from ...engine.encoding import Features
from .view import SheddingView

SEATS = 5
_FIXED = {"end": 104, "draw": 105, "decline": 106, "declare": 107}


class SheddingEncoding:
    def observation_size(self, options: Mapping[str, Any]) -> int:
        return 3 * DECK_SIZE + 2 * SEATS + SEATS + 8

    def action_size(self, options: Mapping[str, Any]) -> int:
        return 2 * DECK_SIZE + len(_FIXED)

    def observe(self, view: SheddingView) -> list[float]:
        seat = view.seat or 0
        f = Features()
        f.counts(view.hand or (), DECK_SIZE)
        f.one_hot(view.top, DECK_SIZE)
        f.counts(view.run, DECK_SIZE)
        f.per_seat(view.hand_sizes, seat, SEATS, 1 / DECK_SIZE)
        f.per_seat([float(d) for d in view.declared], seat, SEATS)
        f.relative_seat(view.turn, seat, view.players, SEATS)
        f.scalars(view.pending / 10, view.direction, view.run_dir, view.wrapped, view.queen_to_cover,
                  view.draw_size / DECK_SIZE, view.discard_size / DECK_SIZE, view.mode == "table")
        return f.values

    def index(self, view: SheddingView, action: Action) -> int:
        if action.kind == "play":
            return int(action.card)
        if action.kind == "show":
            return DECK_SIZE + int(action.card)
        return _FIXED[action.kind]


ENCODING = SheddingEncoding()
