"""What one seat may know of a Cripple Mr Onion match.

A seat sees its own cards (the face-down ones it bought included), every
player's face-up cards (CMO-5.2: dealt face up, kept face up), how many
cards each holds, the chips, the Pot, the stakes in front of each seat, the
Dealer's named bid, who has folded, and every arrangement declared at the
showdown (declared hands are laid on the table). It never sees another
hand's face-down cards or the pack. A spectator (seat None) sees no hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import names
from .flow import offer_cost
from .solver import Arrangement
from .state import OFFER, OnionState


@dataclass(frozen=True, slots=True)
class OnionView:
    seat: int | None
    players: int
    hand: tuple[int, ...] | None
    face_up: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int
    staked: tuple[int, ...]
    stake: int
    max_raise: int
    dealer: int
    order: tuple[int, ...]
    folded: tuple[bool, ...]
    out: tuple[bool, ...]
    phase: str
    turn: int
    part: int
    bid: int
    bought: int
    high_bid: int
    offer_cost: int
    declared: tuple[Arrangement | None, ...]
    round: int
    rounds: int
    deck_size: int
    over: bool
    winners: tuple[int, ...]
    last: dict[str, Any] | None

    @property
    def elder(self) -> int:
        return self.order[1] if len(self.order) > 1 else self.dealer

    @property
    def younger(self) -> int:
        return self.order[-1]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "cripple-mr-onion",
            "seat": self.seat,
            "players": self.players,
            "hand": None if self.hand is None else names(self.hand),
            "face_up": [names(f) for f in self.face_up],
            "hand_sizes": list(self.hand_sizes),
            "chips": list(self.chips),
            "pot": self.pot,
            "staked": list(self.staked),
            "stake": self.stake,
            "max_raise": self.max_raise,
            "dealer": self.dealer,
            "elder": self.elder,
            "younger": self.younger,
            "order": list(self.order),
            "folded": [s for s, f in enumerate(self.folded) if f],
            "out": [s for s, o in enumerate(self.out) if o],
            "phase": self.phase,
            "turn": self.turn,
            "part": self.part,
            "bid": self.bid,
            "bought": self.bought,
            "high_bid": self.high_bid,
            "offer_cost": self.offer_cost,
            "declared": {str(s): a.to_json() for s, a in enumerate(self.declared) if a is not None},
            "round": self.round,
            "rounds": self.rounds,
            "deck_size": self.deck_size,
            "over": self.over,
            "winners": list(self.winners),
            "last_round": self.last,
        }


def view(state: OnionState, seat: int | None) -> OnionView:
    led = state.ledger
    return OnionView(
        seat=seat,
        players=state.players,
        hand=None if seat is None else tuple(state.hands[seat]),
        face_up=tuple(tuple(f) for f in state.face_up),
        hand_sizes=tuple(len(h) for h in state.hands),
        chips=tuple(led.chips),
        pot=led.pot,
        staked=tuple(led.staked),
        stake=state.stake,
        max_raise=state.max_raise,
        dealer=state.dealer,
        order=tuple(state.order),
        folded=tuple(state.folded),
        out=tuple(state.out),
        phase=state.phase,
        turn=state.turn,
        part=state.part,
        bid=state.bid,
        bought=state.bought,
        high_bid=state.high_bid,
        offer_cost=offer_cost(state, state.turn) if state.phase == OFFER else 0,
        declared=tuple(state.declared),
        round=state.round,
        rounds=state.rounds,
        deck_size=len(state.deck),
        over=state.over,
        winners=state.winners,
        last=state.last,
    )
