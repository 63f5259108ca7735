"""What stacks do: starting one, piling a card on it, and resolving it.

``start`` opens a stack with its base, ``push`` applies one row of the
stackability matrix (``matrix.MATRIX``) to the running tallies, and
``resolve`` carries the whole stack out once the player it waits on allows
it or its NOPE window closes (KT-5, KT-7). Direction changes happen when
the card is played, so "the next player" is always counted from the last
stacker (KT-H8); a NOPEd stack puts the direction back.
"""

from __future__ import annotations

from ...engine.core import Event
from .cards import (
    ALLPP, CALM, CURSE, FISHING, HARVEST, INVERSE, LOCK, MINUS, PLUS2, RAGE, SHIELD, SKIP, SYMBOL,
    SYMBOL_NAMES, X2,
)
from . import state as conditions
from .state import COND, DEFAULT, DISCARD, FISHING_SPAN, HARVEST_DELAY, LOCK_COLOUR, TacoState, curse_key, shield_key
from .turns import cursed, draw_cards, end_turn, seats_from, shielded, start_harvest

EVERYONE, SKIP_ALL = 1, 2
CONDITIONS = (RAGE, CALM, LOCK)
SWAPPED = {RAGE: CALM, CALM: RAGE, LOCK: LOCK}
#: the playability condition each card sets (KT-3)
CONDITION_OF = {RAGE: conditions.RAGE, CALM: conditions.CALM, LOCK: conditions.LOCK}


def start(state: TacoState, card: int, seat: int) -> None:
    """``card`` (its mana paid) is the base of a new stack (KT-5, KT-7)."""
    st = state.stack
    kind = SYMBOL[card]
    st.begin(kind, state.direction, card, seat)
    if kind == PLUS2:
        st.count = 2
    elif kind == ALLPP:
        st.count, st.mode = 1, EVERYONE
    elif kind == SKIP:
        st.count = 1
    elif kind == MINUS:
        st.count, st.recipient = 1, seat
    else:
        st.life, st.recipient = 1, seat
        if kind == INVERSE:
            st.inverts = 1
            state.direction = -state.direction


def push(state: TacoState, card: int, seat: int) -> None:
    """``seat`` stacks ``card`` (legal, mana paid) on the open stack: one cell of the matrix."""
    st = state.stack
    st.push(card, seat)
    top, kind = SYMBOL[card], st.kind
    if top == INVERSE and kind in (PLUS2, ALLPP, SKIP, INVERSE):
        state.direction = -state.direction
    if kind == PLUS2:
        if top == PLUS2:
            st.count += 2
        elif top == ALLPP:
            st.count += state.active
            st.allpp += 1
        else:  # inverse or skip: the stacker times itself out (KT-7.2.3, KT-7.2.5)
            st.self_skips.append(seat)
    elif kind == ALLPP:
        if top == INVERSE:  # the next player alone draws everyone's cards: a draw stack now (KT-7.3.4)
            st.kind, st.count = PLUS2, st.count * state.active
        elif top == PLUS2:
            st.count += 2
        elif top == ALLPP:
            st.count += 1
        else:
            st.mode, st.closed = SKIP_ALL, True
    elif kind == SKIP:
        if top == PLUS2:
            st.count += 2
            st.immediate.append((seat, 2))
        elif top == ALLPP:
            st.mode, st.spare, st.closed = EVERYONE, seat, True
    elif kind in CONDITIONS:
        if top == kind:
            st.life += 1
        elif top == X2:
            st.life *= 2
        elif top == PLUS2:
            st.life += 2
            st.owed.append((seat, 2))
        else:
            st.inverts += 1
    elif kind == INVERSE:
        if top == INVERSE:
            st.inverts += 1
        else:
            st.life *= 2
    elif kind == MINUS:
        st.recipient = seat  # stacking steals the discard (KT-7.13.2)
        if top == X2:
            st.count *= 2
        elif top == MINUS:
            st.count += 1
        else:
            st.count -= 2
            if st.count == 0:
                st.closed = True
            elif st.count < 0:  # becomes a +=2 of that many on the next player (KT-7.13.5)
                st.kind, st.count = PLUS2, -st.count
    else:  # go fishing, shield, curse, harvest: copies +1 round, x2 doubles
        if top == X2:
            st.life *= 2
            if kind == SHIELD:
                st.recipient = seat
        else:
            st.life += 1
            if kind == HARVEST:
                st.delay += 1
                st.recipient = seat


def _protected(state: TacoState, seat: int) -> bool:
    """A shield protects from stacks other players started (KT-H16)."""
    return shielded(state, seat) and state.stack.seats[0] != seat


def _timeout(state: TacoState, seat: int, turns: int) -> bool:
    """Time ``seat`` out; the player to act loses the turn it is in. True if that was the decider."""
    if seat == state.turn:
        state.timeout[seat] += turns - 1
        return True
    state.timeout[seat] += turns
    return False


def _trigger(state: TacoState, events: list[Event]) -> bool:
    """Carry out an allowed stack; True if the decider's turn ends with it."""
    st = state.stack
    kind = st.kind
    decider = state.turn
    ends = False
    if kind == PLUS2:
        for s in seats_from(state, decider):
            n = st.count if s == decider else st.allpp
            if n and not _protected(state, s):
                draw_cards(state, s, n, "stack", events)
                ends = ends or s == decider
    elif kind == ALLPP and st.mode == EVERYONE:
        for s in seats_from(state, decider):
            if not _protected(state, s):
                draw_cards(state, s, st.count, "stack", events)
                ends = ends or s == decider
        last = st.seats[len(st.seats) - 1 - st.negators]
        ends = _timeout(state, last, st.count) or ends
    elif kind in (ALLPP, SKIP):
        if kind == SKIP and st.mode != EVERYONE:
            targets = [decider]
        else:
            targets = [s for s in seats_from(state, decider) if s != st.spare]
        for s in targets:
            if not _protected(state, s):
                ends = _timeout(state, s, st.count) or ends
    elif kind in CONDITIONS:
        card = SWAPPED[kind] if st.inverts % 2 else kind
        state.cond, state.inverted = CONDITION_OF[card], card == LOCK and st.inverts % 2 == 1
        state.spans.start(COND, st.life, state.active)
        if card == LOCK:
            state.pending, state.pending_seat = LOCK_COLOUR, decider
        for s, n in st.owed:
            state.owed[s] += n
    elif kind == INVERSE:
        if st.inverts % 2:
            if state.cond == DEFAULT:
                state.inverted = not state.inverted
                if state.inverted:
                    state.spans.start(COND, st.life, state.active)
                else:
                    state.spans.end(COND)
            elif state.cond == conditions.LOCK:
                state.inverted = not state.inverted
    elif kind == FISHING:
        state.spans.start(FISHING_SPAN, st.life, state.active)
    elif kind == SHIELD:
        if not cursed(state, st.recipient):
            state.spans.start(shield_key(st.recipient), st.life, state.active)
    elif kind == CURSE:
        if not shielded(state, decider):
            state.spans.start(curse_key(decider), st.life, state.active)
    elif kind == MINUS:
        r = st.recipient
        n = min(st.count, len(state.hands[r]) - 1)
        if n > 0:
            state.pending, state.pending_seat, state.pending_count = DISCARD, r, n
    elif kind == HARVEST:
        if st.delay:  # a harvest already running goes on until this one starts and overwrites it (KT-7.14.8)
            state.harvest_next = (st.recipient, st.life)
            state.spans.start(HARVEST_DELAY, st.delay, state.active)
        else:
            start_harvest(state, st.recipient, st.life, events)
    for s in st.self_skips:
        _timeout(state, s, 1)
    for s, n in st.immediate:
        draw_cards(state, s, n, "stack", events)
    return ends


def resolve(state: TacoState, events: list[Event]) -> None:
    """The stack triggers (or is cancelled by NOPE) on the player whose turn it
    is; that player then plays on, unless the stack took the turn (KT-5.3)."""
    st = state.stack
    state.window.close()
    info = {"effect": SYMBOL_NAMES[st.kind], "depth": len(st), "nopes": st.negators}
    if st.cancelled and st.kind == MINUS:
        st.count = 1  # NOPE sets a -- back to one card (KT-7.13.6)
    if st.cancelled and st.kind != MINUS:
        state.direction = st.dir0
        events.append(Event("cancelled", state.turn, info))
        ends = False
    else:
        info.update(count=st.count, life=st.life)
        events.append(Event("triggered", state.turn, info))
        ends = _trigger(state, events)
    ends = ends or state.forced
    st.clear()
    if ends:
        end_turn(state, events)
