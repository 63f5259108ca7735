"""King Taco as fixed-size numbers (engine/encoding.py), for learning programs.

Card kinds are the game's card ints (``K`` = 7 colours x symbols). Actions,
in blocks: ``play`` card (K), ``nope`` card (K), ``discard`` card (K),
``fish`` card at a target counted from the acting seat (K x 8 seats),
``colour`` (6), ``symbol`` (one per symbol), then ``draw``, ``allow``,
``pass``, and ``target`` (a house rule's: a seat counted from the acting one, 8).

Observation, from the seat's view only: its hand (K counts), the top card
(K one-hot) and its colour (7), the open stack's cards (K counts) with its
total, kind, lifespan and whether it is closed; per seat counted from this
one (8 slots): hand size, out, mana, shield, curse, timeouts, owed; whose
turn it is and who must make a pending choice (relative one-hots), the
pending choice, the playability condition (4) with inversion and turns
left, the lock, go fishing and harvest turns, whether this seat is asked to
NOPE, whether the decider is forced to allow, the draw pile size, goto and
the turn count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.core import Action
from ...engine.encoding import COUNT, SIGN, UNIT, Encoding, EncodingBase, Features, Piece
from .cards import COLOURS, KINDS, SYMBOLS
from .state import CONDITION_NAMES, MAX_SEATS, PENDING_NAMES
from .view import KingTacoView

PLAY, NOPE, DISCARD, FISH = 0, KINDS, 2 * KINDS, 3 * KINDS
COLOUR = FISH + KINDS * MAX_SEATS
SYMBOL = COLOUR + len(COLOURS)
_FIXED = {"draw": SYMBOL + SYMBOLS, "allow": SYMBOL + SYMBOLS + 1, "pass": SYMBOL + SYMBOLS + 2}
_CARD_BLOCKS = {"play": PLAY, "nope": NOPE, "discard": DISCARD}
TARGET = SYMBOL + SYMBOLS + len(_FIXED)
SCALE = 0.1


class KingTacoEncoding(EncodingBase):
    def observation_size(self, options: Mapping[str, Any]) -> int:
        return len(self.observe(_blank()))

    def action_size(self, options: Mapping[str, Any]) -> int:
        return TARGET + MAX_SEATS

    def observe(self, view: KingTacoView) -> list[float]:
        return self.features(view).values

    def fields(self, options: Mapping[str, Any]) -> list[Piece]:
        return self.features(_blank()).pieces

    def features(self, view: KingTacoView) -> Features:
        seat, n = view.seat or 0, view.players
        f = Features()
        f.counts(view.hand or (), KINDS, name="hand")
        f.one_hot(view.top, KINDS, "top card")
        f.one_hot(view.top_colour, len(COLOURS) + 1, "top colour")
        f.counts(view.stack, KINDS, name="stack")
        f.scalar("stack total", view.stack_count * SCALE, COUNT)
        f.scalar("stack kind", view.stack_kind is not None, UNIT)
        f.scalar("stack lifespan", view.stack_life * SCALE, COUNT)
        f.scalar("stack closed", view.stack_closed, UNIT)
        for name, values in (("hand sizes", view.hand_sizes), ("out", view.out), ("mana", view.mana),
                             ("shields", view.shields), ("curses", view.curses), ("timeouts", view.timeouts),
                             ("owed", view.owed)):
            f.per_seat([float(v) for v in values], seat, MAX_SEATS, SCALE, name, UNIT if name == "out" else COUNT)
        f.relative_seat(view.turn, seat, n, MAX_SEATS, "turn")
        f.relative_seat(view.pending_seat, seat, n, MAX_SEATS, "pending seat")
        f.one_hot(view.pending, len(PENDING_NAMES), "pending choice")
        f.one_hot(view.condition, len(CONDITION_NAMES), "condition")
        lock = view.lock or (None, None)
        f.one_hot(lock[0], len(COLOURS) + 1, "lock colour")
        f.one_hot(lock[1], SYMBOLS, "lock symbol")
        f.scalar("inverted", view.inverted, UNIT)
        f.scalar("condition turns", view.condition_turns * SCALE, COUNT)
        f.scalar("fishing turns", view.fishing_turns * SCALE, COUNT)
        f.scalar("harvest turns", view.harvest_turns * SCALE, COUNT)
        f.scalar("harvest delay", view.harvest_delay * SCALE, COUNT)
        f.scalar("asked to nope", view.asked, UNIT)
        f.scalar("forced to allow", view.forced, UNIT)
        f.scalar("pending count", view.pending_count * SCALE, COUNT)
        f.scalar("draw pile", view.draw_size / 100, COUNT)
        f.scalar("goto", view.goto * SCALE, COUNT)
        f.scalar("turns", view.turns / 1000, COUNT)
        f.scalar("direction", view.direction, SIGN)
        f.scalar("auction", view.auction is not None, UNIT)
        return f

    def index(self, view: KingTacoView, action: Action) -> int:
        kind = action.kind
        if kind in _CARD_BLOCKS:
            return _CARD_BLOCKS[kind] + int(action.card)
        if kind == "fish":
            return FISH + int(action.card) * MAX_SEATS + (int(action.arg) - (view.seat or 0)) % view.players
        if kind == "colour":
            return COLOUR + int(action.arg)
        if kind == "symbol":
            return SYMBOL + int(action.arg)
        if kind == "target":
            return TARGET + (int(action.arg) - (view.seat or 0)) % view.players
        return _FIXED[kind]


def _blank() -> KingTacoView:
    """A view with every field at rest: what sizes the observation."""
    return KingTacoView(0, 2, (), (0, 0), (False, False), (0, 0), 0, 0, 0, 0, 1, 0, False, None, 0, 0, None, 0, 0,
                    (0, 0), (0, 0), (0, 0), (0, 0), (), (), None, 0, 0, False, False, False, None, None, 0, None,
                    0, "strict", False, None, 0)


ENCODING: Encoding = KingTacoEncoding()  # typed as the protocol: mypy holds the class to it
