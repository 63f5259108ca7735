"""What stacks do: starting one, piling a card on it, and resolving it.

``start`` opens a stack with its base, ``push`` applies one row of the
stackability matrix (``matrix.MATRIX``) to the running tallies, and
``resolve`` carries the whole stack out (``effects``) once the player it
waits on allows it or its NOPE window closes (KT-5, KT-7). Direction changes happen when
the card is played, so "the next player" is always counted from the last
stacker (KT-H8); a NOPEd stack puts the direction back.
"""

from __future__ import annotations

from ...engine.core import Event
from .cards import ALLPP, CALM, HARVEST, INVERSE, LOCK, MINUS, PLUS2, RAGE, SHIELD, SKIP, SYMBOL, SYMBOL_NAMES, X2
from .effects import EVERYONE, SKIP_ALL, TRIGGERS, stacker_costs
from .state import KingTacoState
from .turns import end_turn

CONDITIONS = (RAGE, CALM, LOCK)


def start(state: KingTacoState, card: int, seat: int) -> None:
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


def push(state: KingTacoState, card: int, seat: int) -> None:
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
            st.extra *= 2
        elif top == PLUS2:  # "will last for 2 more turns" (KT-7.5.4): turns, not rounds
            st.extra += 2
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


def resolve(state: KingTacoState, events: list[Event]) -> None:
    """The stack triggers (or is cancelled by NOPE) on the player whose turn it
    is; that player then plays on, unless the stack took the turn (KT-5.3)."""
    st = state.stack
    state.window.close()
    info = {"effect": SYMBOL_NAMES[st.kind], "depth": len(st), "nopes": st.negators}
    reset = st.cancelled and st.kind == MINUS and st.count == 0
    if reset:
        st.count = 1  # at zero cards a NOPE sets a -- back to one card (KT-7.13.6)
    if st.cancelled and not reset:
        state.direction = st.dir0
        events.append(Event("cancelled", state.turn, info))
        ends = False
    else:
        info.update(count=st.count, life=st.life, turns=st.extra)
        events.append(Event("triggered", state.turn, info))
        ends = stacker_costs(state, events, TRIGGERS[st.kind](state, events))
    if state.forced and state.turn not in st.seats[len(st.seats) - st.negators:]:
        ends = True  # forced to draw and did not stack (a NOPE is a stack): no play this turn (KT-2.3)
    st.clear()
    if ends:
        end_turn(state, events)
