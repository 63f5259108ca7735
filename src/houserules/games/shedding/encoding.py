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

Action features (``action_features``, ``shedding-actions-1``): each legal
action as the numbers of ``ACTION_FEATURES``, from the seat's view only: its
kind; whether the heuristic (bots.py) would play it, and the heuristic's own
figures for it (the best score its search of the seat's hand finds for a run
starting with the card, and what ending the run now is worth); the card's
nature (a draw card, an 8, a King, a Queen, a red Jack, an Ace) and what
leaving it on top is worth; the hand it leaves and how many of those cards
match it; and the table (hand sizes, the next seat's declaration, the pending
draw, the run, the Queen, the draw pile). Why: a policy that scores actions
from these generalises from few games, and starts where the heuristic is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from collections.abc import Sequence

from ...cards import DECK_SIZE, RANK, SUIT
from ...engine.core import Action
from ...engine.encoding import COUNT, SIGN, UNIT, Encoding, EncodingBase, Features, Piece
from .bots import SheddingHeuristic, ending_value
from .game import GAME
from .kinds import Kind
from .rules import DRAW_VALUE, IS_QUEEN, IS_RED_JACK
from .view import SheddingView

SEATS = 5
_FIXED: dict[str, int] = {Kind.END: 104, Kind.DRAW: 105, Kind.DECLINE: 106, Kind.DECLARE: 107}
KINDS = tuple(Kind)
#: the numbers of an action-features row, in order
ACTION_FEATURES = (*KINDS, "heuristic's choice", "run value", "end value", "draw value", "eight", "king",
                   "queen", "red jack", "ace", "left on top", "hand after", "matches after", "hand",
                   "next hand", "next declared", "pending draw", "in a run", "queen to cover", "draw pile", "one")
_HEURISTIC = SheddingHeuristic()


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

    action_features_name = "shedding-actions-1"

    def action_feature_names(self) -> list[str]:
        return list(ACTION_FEATURES)

    def action_features(self, view: SheddingView, legal: Sequence[Action]) -> list[list[float]]:
        chosen, searched, stop_value = _HEURISTIC.weigh(view, legal)
        hand = list(view.hand or ())
        nxt = (view.turn + view.direction) % view.players
        table = [len(hand) / 10, view.hand_sizes[nxt] / 10, float(view.declared[nxt]), view.pending / 10,
                 float(bool(view.run)), float(view.queen_to_cover), view.draw_size / DECK_SIZE, 1.0]
        rows = []
        for action in legal:
            kind = [float(action.kind == k) for k in KINDS]
            c = action.card if action.kind in (Kind.PLAY, Kind.SHOW) else None
            if c is None:
                end = stop_value if action.kind == Kind.END and stop_value is not None else 0.0
                card = [0.0, end / 10, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, len(hand) / 10, 0.0]
            else:
                after = len(hand) - (action.kind == Kind.PLAY)
                run = min(searched.get(c, -100.0), 200.0) / 100
                matches = sum(1 for h in hand if h != c and (SUIT[h] == SUIT[c] or RANK[h] == RANK[c]))
                card = [run, 0.0, DRAW_VALUE[c] / 5, float(RANK[c] == 8), float(RANK[c] == 13),
                        float(IS_QUEEN[c]), float(IS_RED_JACK[c]), float(RANK[c] == 1),
                        ending_value(c, view.hand_sizes[nxt]) / 10, after / 10, matches / 10]
            rows.append(kind + [float(action == chosen)] + card + table)
        return rows

    def index(self, view: SheddingView, action: Action) -> int:
        if action.kind == Kind.PLAY:
            return int(action.card)
        if action.kind == Kind.SHOW:
            return DECK_SIZE + int(action.card)
        return _FIXED[action.kind]


ENCODING: Encoding = SheddingEncoding()  # typed as the protocol: mypy holds the class to it
