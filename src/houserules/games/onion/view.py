"""What one seat may know of a Cripple Mr Onion match.

A seat sees its own cards (the face-down ones it bought included), every
player's face-up cards (CMO-5.2: dealt face up, kept face up), how many
cards each holds, the chips, the Pot, the stakes in front of each seat, the
Dealer's named bid, who has folded, every arrangement declared at the
showdown (declared hands are laid on the table), and the round's
``Situation``: the special cards declared and what they did, so that a
player values hands as the showdown will. It never sees another
hand's face-down cards or the pack. A spectator (seat None) sees no hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.clone import remade_frozen
from .cards import names
from .modifiers import Situation, situation
from .solver import Arrangement
from .state import OnionState, Phase, offer_cost


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
    situation: Situation  # what decides the worth of hands this round: public (declared, face up)
    modifiers: tuple[int, ...] = ()
    wild_round: bool = False
    specials: tuple[tuple[int, int], ...] = ()  # (special card, seat) declared this round
    set_aside: tuple[tuple[int, ...], ...] = ()
    revealed: tuple[tuple[int, ...], ...] = ()
    offered: tuple[int, ...] = ()  # the cards this seat chooses between (#4i, #5i)
    fool: bool = False
    #: the table's house rules: each one's id, title and words (none without a book; a book is public)
    house: tuple[tuple[str, str, str], ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return remade_frozen(self)  # pickled or copied (engine.clone)

    @property
    def elder(self) -> int:
        return self.order[1] if len(self.order) > 1 else self.dealer

    @property
    def younger(self) -> int:
        return self.order[-1]

    def to_json(self) -> dict[str, Any]:
        m = bool(self.modifiers)  # special cards are told apart only when modifiers are played
        return {
            "game": "cripple-mr-onion",
            "seat": self.seat,
            "players": self.players,
            "hand": None if self.hand is None else names(self.hand, m),
            "face_up": [names(f, m) for f in self.face_up],
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
            "declared": {str(s): a.to_json(m) for s, a in enumerate(self.declared) if a is not None},
            "round": self.round,
            "rounds": self.rounds,
            "deck_size": self.deck_size,
            "over": self.over,
            "winners": list(self.winners),
            "last_round": self.last,
            "modifiers": list(self.modifiers),
            "wild_round": self.wild_round,
            "specials": {names([c], True)[0]: s for c, s in self.specials},
            "set_aside": [names(a, True) for a in self.set_aside],
            "revealed": [names(r, m) for r in self.revealed],
            "offered": names(self.offered, m),
            "fool": self.fool,
            "lady_wild": self.situation.lady_wild,
            "fate_revoked": self.situation.fate_revoked,
            "rewild": [s for s, r in enumerate(self.situation.rewild) if r],
            "zeroed": [s for s, z in enumerate(self.situation.zeroed) if z],
            "js_wild": self.situation.js_wild,
            "house": [{"id": i, "title": t, "words": w} for i, t, w in self.house],
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
        offer_cost=offer_cost(state, state.turn) if state.phase == Phase.OFFER else 0,
        declared=tuple(state.declared),
        round=state.round,
        rounds=state.rounds,
        deck_size=len(state.deck),
        over=state.over,
        winners=state.winners,
        last=state.last,
        situation=situation(state),
        modifiers=tuple(sorted(state.mods)),
        wild_round=state.wild_round,
        specials=tuple(sorted(state.specials.items())),
        set_aside=tuple(tuple(a) for a in state.set_aside),
        revealed=tuple(tuple(r) for r in state.revealed),
        offered=tuple(state.offered) if seat is not None and seat == state.turn else (),
        fool=state.fool,
        house=state.house.said,
    )
