"""What an allowed stack does: one small function per effect, each naming its clause.

``TRIGGERS`` maps the stack's kind (its base's symbol, or what stacking made
of it: an ``all++`` with an ``inverse`` on it and a ``--`` pushed below zero
are ``+=2`` stacks) to the function that carries it out. Each function
returns True when the stack took the turn of the player it waits on (the
*decider*). ``stacking.resolve`` calls the function and then the costs every
stack may carry whatever its kind (``stacker_costs``). The tallies the
functions read were built by ``stacking.push`` (the stackability matrix).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...engine.core import Event, event
from . import state as conditions
from .cards import ALLPP, CALM, CURSE, FISHING, HARVEST, INVERSE, LOCK, MINUS, PLUS2, RAGE, SHIELD, SKIP
from .state import (
    COND, DEFAULT, DISCARD, EVERYONE, FISHING_SPAN, HARVEST_DELAY, LOCK_COLOUR, KingTacoState, curse_key, shield_key,
)
from .turns import cursed, draw_cards, seats_from, shielded, start_harvest, start_span

#: inverse stacked on rage/calm/lock swaps rage and calm and inverts a lock (KT-3.5.4)
SWAPPED: Final = {RAGE: CALM, CALM: RAGE, LOCK: LOCK}
#: the playability condition each card sets (KT-3)
CONDITION_OF: Final = {RAGE: conditions.RAGE, CALM: conditions.CALM, LOCK: conditions.LOCK}

Trigger = Callable[[KingTacoState, list[Event]], bool]


def protected(state: KingTacoState, seat: int) -> bool:
    """*"The shield protects a player from all other cards"* (KT-7.9.1): no stack makes a
    shielded player draw or times it out, its own stacks included (KT-H16)."""
    return shielded(state, seat)


def time_out(state: KingTacoState, seat: int, turns: int) -> bool:
    """Time ``seat`` out; the player to act loses the turn it is in (KT-H18). True if that was the decider."""
    if seat == state.turn:
        state.timeout[seat] += turns - 1
        return True
    state.timeout[seat] += turns
    return False


def draw_stack(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.2.1: the decider draws the count and may not play; with ``all++`` on it the
    others each draw one per ``all++`` (KT-7.2.6)."""
    st = state.stack
    decider = state.turn
    ends = False
    for s in seats_from(state, decider):
        n = st.count if s == decider else st.allpp
        if n and not protected(state, s):
            draw_cards(state, s, n, "stack", events)
            ends = ends or s == decider
    return ends


def everyone_draws(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.3.1: everyone draws the count, and the player of the last card on the stack is
    timed out a turn per card (KT-H29); KT-7.3.7: with ``skip`` on it, no one draws and
    everyone is timed out instead."""
    st = state.stack
    if st.mode != EVERYONE:
        return everyone_times_out(state, events)
    decider = state.turn
    ends = False
    for s in seats_from(state, decider):
        if not protected(state, s):
            draw_cards(state, s, st.count, "stack", events)
            ends = ends or s == decider
    last = st.seats[len(st.seats) - 1 - st.negators]
    return (not protected(state, last) and time_out(state, last, st.count)) or ends


def everyone_times_out(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.3.7 and KT-7.4.4: everyone (but the seat the stack spares) is timed out the count."""
    st = state.stack
    ends = False
    for s in seats_from(state, state.turn):
        if s != st.spare and not protected(state, s):
            ends = time_out(state, s, st.count) or ends
    return ends


def skip(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.4.1: the decider is timed out the count; with ``all++`` on it, everyone but
    its stacker is (KT-7.4.4)."""
    st = state.stack
    if st.mode == EVERYONE:
        return everyone_times_out(state, events)
    return not protected(state, state.turn) and time_out(state, state.turn, st.count)


def condition(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.5.1, KT-7.6.1, KT-7.7.1: rage, calm or lock becomes the playability condition
    for its lifespan, nullifying any other; an odd number of inverses swaps rage and calm
    or inverts the lock (KT-3.5.4, KT-3.6), which the decider then defines (KT-3.4); the
    stackers of ``+= 2`` add 2 turns and owe their cards (KT-7.5.4)."""
    st = state.stack
    card = SWAPPED[st.kind] if st.inverts % 2 else st.kind
    state.cond, state.inverted = CONDITION_OF[card], card == LOCK and st.inverts % 2 == 1
    start_span(state, COND, st.life, st.extra)
    if card == LOCK:
        state.pending, state.pending_seat = LOCK_COLOUR, state.turn
    for s, n in st.owed:
        if not protected(state, s):
            state.owed[s] += n
    return False


def inverse(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.1.1: an odd number of inverses inverts the default for the lifespan (or turns
    an inverted default back, KT-H32) or inverts a running lock (KT-3.6.3); under rage or
    calm it changes only the direction, already turned when played (KT-3.5.5)."""
    st = state.stack
    if st.inverts % 2:
        if state.cond == DEFAULT:
            state.inverted = not state.inverted
            if state.inverted:
                state.spans.start(COND, st.life, state.active)
            else:
                state.spans.end(COND)
        elif state.cond == conditions.LOCK:
            state.inverted = not state.inverted
    return False


def go_fishing(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.8: go fishing mode for the lifespan (KT-H15)."""
    state.spans.start(FISHING_SPAN, state.stack.life, state.active)
    return False


def shield(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.9.1: the shield goes to its player (or the ``x2`` that stole it, KT-7.9.2)
    for its lifespan, unless that player is cursed (KT-7.10.1)."""
    st = state.stack
    if cursed(state, st.recipient):
        events.append(event("blocked", st.recipient, {"effect": "shield", "by": "curse"}))
    else:
        state.spans.start(shield_key(st.recipient), st.life, state.active)
    return False


def curse(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.10: the curse lands on the decider for its lifespan, unless it is shielded (KT-7.10.2, KT-H17)."""
    if shielded(state, state.turn):
        events.append(event("blocked", state.turn, {"effect": "curse", "by": "shield"}))
    else:
        state.spans.start(curse_key(state.turn), state.stack.life, state.active)
    return False


def minus(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.13.1: the recipient (its player, or the last to steal it, KT-7.13.2) *"can"*
    discard up to the count, its last card too (KT-H20)."""
    st = state.stack
    n = min(st.count, len(state.hands[st.recipient]))
    if n > 0:
        state.pending, state.pending_seat, state.pending_count = DISCARD, st.recipient, n
    return False


def harvest(state: KingTacoState, events: list[Event]) -> bool:
    """KT-7.14.4: the harvest starts now; a harvest stacked on a harvest starts a round
    later per copy, and a harvest already running goes on until then (KT-7.14.8)."""
    st = state.stack
    if st.delay:
        state.harvest_next = (st.recipient, st.life)
        state.spans.start(HARVEST_DELAY, st.delay, state.active)
    else:
        start_harvest(state, st.recipient, st.life, events)
    return False


def stacker_costs(state: KingTacoState, events: list[Event], ends: bool) -> bool:
    """What stackers pay whatever the stack does: a turn for ``inverse`` or ``skip`` on a
    ``+= 2`` (a self-skip, KT-7.2.3, KT-7.2.5) and two cards for ``+= 2`` on a ``skip``
    (KT-7.4.3). ``ends``: the stack already took the decider's turn, so a self-skip of the
    decider (it stacked earlier and the stack came back to it) costs its next turn (KT-7.2.7).
    Returns whether the decider's turn ends."""
    st = state.stack
    for s in st.self_skips:
        if protected(state, s):
            continue
        if s == state.turn and ends:
            state.timeout[s] += 1
        else:
            ends = time_out(state, s, 1) or ends
    for s, n in st.immediate:
        if not protected(state, s):
            draw_cards(state, s, n, "stack", events)
    return ends


TRIGGERS: Final[dict[int, Trigger]] = {
    PLUS2: draw_stack, ALLPP: everyone_draws, SKIP: skip, RAGE: condition, CALM: condition, LOCK: condition,
    INVERSE: inverse, FISHING: go_fishing, SHIELD: shield, CURSE: curse, MINUS: minus, HARVEST: harvest,
}
