"""The table's machinery: whose turn is next, drawing, mana, and time.

Shared by ``stacking`` (what stacks do) and ``flow`` (carrying out actions).
Every function mutates the state and appends events; legality has already
been settled by ``rules``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from ...cards import shuffle
from ...engine.core import Event, event
from .cards import NAMES
from .state import (
    COND, DEFAULT, FISHING_SPAN, HARVEST_DELAY, HARVEST_SPAN, MAX_SEATS, KingTacoState, curse_key, shield_key,
)


#: the events that are the same every time are made once
TURN: Final = tuple(event("turn", s) for s in range(MAX_SEATS))


def next_seat(state: KingTacoState, seat: int) -> int:
    """The next player still in the game after ``seat`` in the direction of play."""
    n, d, out = state.players, state.direction, state.out
    s = (seat + d) % n
    while out[s]:
        s = (s + d) % n
    return s


def seats_from(state: KingTacoState, seat: int) -> list[int]:
    """Every player still in, starting after ``seat`` in the direction of play."""
    n, d, out = state.players, state.direction, state.out
    order = []
    s = seat
    for _ in range(n):  # every seat once (d is 1 or -1), ``seat`` last
        s = (s + d) % n
        if not out[s]:
            order.append(s)
    return order


def shielded(state: KingTacoState, seat: int) -> bool:
    return shield_key(seat) in state.spans.left


def cursed(state: KingTacoState, seat: int) -> bool:
    return curse_key(seat) in state.spans.left


def take(state: KingTacoState, count: int, events: list[Event]) -> list[int]:
    """Up to ``count`` cards off the draw pile; when it runs out the discard
    pile is shuffled in, keeping its top card and the open stack (KT-H26)."""
    pile = state.draw
    if len(pile) >= count:  # the usual case: no refill
        out = pile[-count:]
        del pile[-count:]
        out.reverse()  # the top card first, as if popped one by one
        return out
    drawn: list[int] = []
    for _ in range(count):
        if not pile:
            keep = max(1, len(state.stack))
            if len(state.discard) <= keep:
                break
            pile.extend(state.discard[:-keep])
            del state.discard[:-keep]
            shuffle(state.rng, pile)
            events.append(event("reshuffle", None, {"cards": len(pile)}))
        drawn.append(pile.pop())
    return drawn


def draw_cards(state: KingTacoState, seat: int, count: int, why: str, events: list[Event]) -> None:
    cards = take(state, count, events)
    state.hands[seat].extend(cards)
    events.append(event("draw", seat, {"count": len(cards), "why": why}, {"cards": [NAMES[c] for c in cards]}))


def gain(state: KingTacoState, seat: int, amount: int, events: list[Event]) -> None:
    """``seat`` gains mana, up to the cap of 4 (KT-8.8); during a harvest the
    harvester collects it instead, and what overflows is incinerated (KT-7.14)."""
    h = state.harvester
    if h is not None and h != seat and not shielded(state, seat):
        kept = state.mana.gain(h, amount)
        events.append(event("harvest", h, {"source": seat, "mana": kept, "incinerated": amount - kept}))
    else:
        state.mana.gain(seat, amount)


def expire(state: KingTacoState, keys: list[Hashable], events: list[Event]) -> None:
    """Effects whose lifespan ran out end (KT-6)."""
    for key in keys:
        if key == COND:
            state.cond = DEFAULT
            state.inverted = False
            events.append(event("expired", None, {"effect": "condition"}))
        elif key == HARVEST_SPAN:
            state.harvester = None
            events.append(event("expired", None, {"effect": "harvest"}))
        elif key == HARVEST_DELAY:
            assert state.harvest_next is not None
            seat, rounds = state.harvest_next
            state.harvest_next = None
            start_harvest(state, seat, rounds, events)
        elif key == FISHING_SPAN:
            events.append(event("expired", None, {"effect": "go fishing"}))
        elif isinstance(key, tuple):  # a seat's shield or curse
            events.append(event("expired", key[1], {"effect": key[0]}))


def start_span(state: KingTacoState, key: Hashable, rounds: int, turns: int = 0) -> None:
    """Start ``key`` for ``rounds`` rounds of the players still in (KT-6.2) and ``turns``
    turns more (``+= 2`` on rage, calm or lock: *"2 more turns"*, KT-7.5.4)."""
    state.spans.start(key, rounds * state.active + turns, 1)  # in turns: a "round" of one


def start_harvest(state: KingTacoState, seat: int, rounds: int, events: list[Event]) -> None:
    """A harvest overwrites any other: one harvester at a time (KT-7.14.5)."""
    state.harvester = seat
    state.spans.start(HARVEST_SPAN, rounds, state.active)
    events.append(event("effect", seat, {"effect": "harvest", "rounds": rounds}))


def end_turn(state: KingTacoState, events: list[Event]) -> None:
    """The turn is over: lifespans tick, the turn passes in the direction of
    play, timeouts eat turns (each still a turn of the round, KT-H18), and a
    player owing cards draws them first thing (KT-H28): that turn then ends
    too unless a stack waits on it, which it may still stack on or NOPE; if it
    allows the stack instead, its turn ends with it (KT-2.3)."""
    spans = state.spans
    state.forced = False
    state.barred = ()
    seat = state.turn
    n, d, out, timeout, owed = state.players, state.direction, state.out, state.timeout, state.owed
    while True:
        if spans.left:
            expire(state, spans.tick(), events)
        state.turns += 1
        if state.turns >= state.max_turns:
            state.over = True
            events.append(event("over", None, {"reason": "turn limit", "turns": state.turns}))
            return
        seat = (seat + d) % n
        while out[seat]:
            seat = (seat + d) % n
        if timeout[seat]:
            timeout[seat] -= 1
            events.append(event("timeout", seat, {"left": timeout[seat]}))
            continue
        state.turn = seat
        events.append(TURN[seat])
        turnstart = state.house.turnstart
        if turnstart:  # the table's house rules on a turn's start (KT-HR-4)
            for fire in turnstart:
                fire(state, seat, -1, events)
        if owed[seat]:
            draw_cards(state, seat, owed[seat], "owed", events)
            owed[seat] = 0
            if not state.stack.cards:
                continue
            state.forced = True
        return
