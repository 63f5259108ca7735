"""Cripple Mr Onion as fixed-size numbers (engine/encoding.py), for learning programs.

Actions, in blocks (``R`` = the ``max_raise`` option):

* ``discard``: 1024 indices, a bit per position of the seat's hand sorted
  by card (bit i: the i-th card goes); the empty discard is 0;
* ``bet``, ``raise``, ``extra``: the amount in Stakes (R + 1 each, 0..R);
  ``bid``: the Stakes above the highest bid (R + 1, 1..R used);
* ``special``, ``choose``, ``reveal``: the card (104 each);
* ``declare``: 0 the showdown's arrangement, 1 a running flush declared to
  cripple (#0); then ``fold``, ``match``, ``buy``, ``stop``, ``pass``,
  ``accept``, ``decline``, ``done``.

Observation, from the seat's view only: its hand (104), the cards face up
before each seat counted from this one (7 x 104), each seat's chips,
stake in front, folded and out (7 slots each, chips over all chips), the
pot, the phase (one-hot), the betting part, bid, bought cards, highest bid
and the cost of the Dealership (in Stakes / 10), the Dealer and the seat to
act (relative one-hots), rounds played over the match's rounds, the pack
size, and the special cards declared this round.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.core import Action
from ...engine.encoding import COUNT, UNIT, Encoding, EncodingBase, Features, Piece
from .bots import OnionReckoner, worth
from .cards import DECK_SIZE
from .game import GAME
from .groupings import ORDER
from .modifiers import after_declaring
from .rules import RUNNING_FLUSHES
from .state import Phase
from .view import OnionView

SEATS = 7
HAND_BITS = 10
DISCARDS = 1 << HAND_BITS
AMOUNTS = ("bet", "raise", "extra", "bid")
CARDS = ("special", "choose", "reveal")
FIXED = ("fold", "match", "buy", "stop", "pass", "accept", "decline", "done")
PHASES = tuple(str(p) for p in Phase)
KINDS = ("discard", *AMOUNTS, *CARDS, "declare", *FIXED)
#: the numbers of an action-features row, in order
ACTION_FEATURES = (*(f"kind {k}" for k in KINDS), *(f"phase {p}" for p in PHASES), "heuristic's choice",
                   "strength", "amount", "amount over pot", "worth", "worth after", "cards after", "worth shown",
                   "cards shown", "cost", "pot", "pot odds", "chips", "rival chips", "round", "bought", "one")
#: a hand's worth on a log scale: the strength of its best grouping, about (solver: sum(6 ** strength))
_LEVELS = float(len(ORDER[False]))


def _level(value: int) -> float:
    return math.log(value + 1, 6) / _LEVELS


def _seed(view: OnionView) -> int:
    """Random numbers for the strength's estimate that depend on the view alone (the features must
    be a function of it) and differ from one view to the next, as the heuristic's own stream does:
    the seat's cards and every card face up, the round and the phase."""
    key = (sorted(view.hand or ()), [sorted(f) for f in view.face_up], view.round, view.phase, view.seat)
    return zlib.crc32(repr(key).encode())


def _blocks(max_raise: int) -> dict[str, int]:
    """Where each kind's block of indices starts."""
    at, out = DISCARDS, {"discard": 0}
    for kind in AMOUNTS:
        out[kind] = at
        at += max_raise + 1
    for kind in CARDS:
        out[kind] = at
        at += DECK_SIZE
    out["declare"] = at
    at += 2
    for kind in FIXED:
        out[kind] = at
        at += 1
    out["end"] = at
    return out


class OnionEncoding(EncodingBase):
    sized_with = "default `max_raise`"

    def observation_size(self, options: Mapping[str, Any]) -> int:
        return DECK_SIZE * (1 + SEATS) + 4 * SEATS + len(PHASES) + 2 * SEATS + 9 + DECK_SIZE

    def action_size(self, options: Mapping[str, Any]) -> int:
        return _blocks(int(options.get("max_raise", 5)))["end"]

    def action_blocks(self, options: Mapping[str, Any]) -> dict[str, int]:
        """Where each kind's indices start (the action features' blocks)."""
        out = _blocks(int(options.get("max_raise", 5)))
        del out["end"]
        return out

    def observe(self, view: OnionView) -> list[float]:
        return self.features(view).values

    def fields(self, options: Mapping[str, Any]) -> list[Piece]:
        return self.features(GAME.view(GAME.new(options, 0), 0)).pieces

    def features(self, view: OnionView) -> Features:
        seat, n = view.seat or 0, view.players
        total = float(sum(view.chips) + view.pot + sum(view.staked)) or 1.0
        stake = float(view.stake)
        f = Features()
        f.counts(view.hand or (), DECK_SIZE, name="hand", most=1)
        for i in range(SEATS):
            f.counts(view.face_up[(seat + i) % n] if i < n else (), DECK_SIZE, name=f"face up[{i}]", most=1)
        f.per_seat(view.chips, seat, SEATS, 1 / total, "chips", UNIT)
        f.per_seat(view.staked, seat, SEATS, 1 / total, "staked", UNIT)
        f.per_seat([float(x) for x in view.folded], seat, SEATS, name="folded", bounds=UNIT)
        f.per_seat([float(x) for x in view.out], seat, SEATS, name="out", bounds=UNIT)
        f.one_hot(PHASES.index(view.phase) if view.phase in PHASES else None, len(PHASES), "phase")
        f.relative_seat(view.dealer, seat, n, SEATS, "dealer")
        f.relative_seat(view.turn, seat, n, SEATS, "turn")
        f.scalar("pot", view.pot / total, UNIT)
        f.scalar("betting part", view.part / 4, COUNT)
        f.scalar("bid", view.bid / stake / 10, COUNT)
        f.scalar("bought", view.bought / 5, COUNT)
        f.scalar("highest bid", view.high_bid / stake / 10, COUNT)
        f.scalar("dealership cost", view.offer_cost / stake / 10, COUNT)
        f.scalar("rounds played", view.round / max(1, view.rounds), COUNT)
        f.scalar("pack", view.deck_size / DECK_SIZE, UNIT)
        f.scalar("wild round", view.wild_round, UNIT)
        f.counts((card for card, _ in view.specials), DECK_SIZE, name="specials", most=1)
        return f

    #: version 2: the strength is estimated with random numbers drawn from the view itself (version 1
    #: seeded every estimate with 0, so each one sampled the same positions of the unseen cards and
    #: its error repeated instead of averaging out: +0.086 on average, against the heuristic's +0.010)
    action_features_name = "onion-actions-2"

    def action_feature_names(self) -> list[str]:
        return list(ACTION_FEATURES)

    def action_features(self, view: OnionView, legal: Sequence[Action]) -> list[list[float]]:
        seat = view.seat if view.seat is not None else view.turn
        hand, sit, stake = list(view.hand or ()), view.situation, float(view.stake)
        now = _level(worth(sit, seat, hand)) if hand else 0.0
        rivals = [r for r in range(view.players) if r != seat and not view.folded[r]]
        shown = max((_level(worth(sit, r, list(view.face_up[r]))) for r in rivals if view.face_up[r]), default=0.0)
        n_shown = max((len(view.face_up[r]) for r in rivals), default=0)
        pot = view.pot + sum(view.staked)
        cost = {"answer": view.bid, "cover": sum(view.staked), "consider": sum(view.staked),
                "offer": view.offer_cost}.get(view.phase, 0)
        total = float(sum(view.chips) + pot) or 1.0
        rival_chips = max((view.chips[r] for r in range(view.players) if r != seat), default=0)
        reckoner = OnionReckoner(_seed(view))  # a function of the view, yet a fresh sample for each view
        heuristic = reckoner.choose(view, legal)
        strength = reckoner.strength(view) if hand else 0.0
        table = [now, 0.0, 0.0, shown, n_shown / 10, cost / stake / 10, pot / stake / 20, cost / (pot + cost or 1),
                 view.chips[seat] / total, rival_chips / total, view.round / max(1, view.rounds), view.bought / 5, 1.0]
        phase = [float(view.phase == p) for p in PHASES]
        rows = []
        for action in legal:
            kind = action.kind
            amount = 0.0
            if kind in AMOUNTS:
                amount = (int(action.arg) - (view.high_bid if kind == "bid" else 0)) / stake
            after = hand
            if kind == "discard":
                after = [c for c in hand if c not in action.arg]
            elif kind == "choose":
                after = [c for c in hand if c not in {c for c, _ in view.specials}] + [int(action.card)]
            if kind == "special":
                value = worth(after_declaring(sit, seat, int(action.card)), seat, hand)
            else:
                value = worth(sit, seat, after) if after else 0
            row = table[:]
            row[1], row[2] = _level(value), len(after) / 10
            rows.append([float(kind == k) for k in KINDS] + phase + [
                float(action == heuristic), strength, amount / view.max_raise, amount * stake / (pot or stake)] + row)
        return rows

    def index(self, view: OnionView, action: Action) -> int:
        kind = action.kind
        blocks = _blocks(view.max_raise)
        if kind == "discard":
            hand = sorted(view.hand or ())
            return sum(1 << hand.index(c) for c in action.arg)
        if kind in AMOUNTS:
            base = view.high_bid if kind == "bid" else 0
            return blocks[kind] + (int(action.arg) - base) // view.stake
        if kind in CARDS:
            return blocks[kind] + int(action.card)
        if kind == "declare":
            flush = len(action.arg) == 1 and action.arg[0][0] in RUNNING_FLUSHES.values()
            return blocks[kind] + (1 if view.phase == "cripple" or flush else 0)
        return blocks[kind]


ENCODING: Encoding = OnionEncoding()  # typed as the protocol: mypy holds the class to it
