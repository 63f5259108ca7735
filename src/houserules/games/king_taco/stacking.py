"""What stacks do: starting one, piling a card on it, and resolving it.

``start`` opens a stack with its base, ``push`` applies one cell of the
stackability matrix (``matrix.MATRIX``) to the running tallies, and
``resolve`` carries the whole stack out (``effects``) once the player it
waits on allows it or its NOPE window closes (KT-5, KT-7). Direction changes happen when
the card is played, so "the next player" is always counted from the last
stacker (KT-H8); a NOPEd stack puts the direction back.
"""

from __future__ import annotations

from ...engine.core import Event, event
from .cards import MINUS, SYMBOL, SYMBOL_NAMES
from .effects import TRIGGERS, stacker_costs
from .matrix import BASES, MATRIX
from .state import KingTacoState
from .turns import end_turn


def start(state: KingTacoState, card: int, seat: int) -> None:
    """``card`` (its mana paid) is the base of a new stack (KT-5, KT-7), set as its row of the matrix
    begins (``matrix.BASES``)."""
    kind = SYMBOL[card]
    state.stack.begin(kind, state.direction, card, seat)
    BASES[kind](state, seat)


def push(state: KingTacoState, card: int, seat: int) -> None:
    """``seat`` stacks ``card`` (legal, mana paid) on the open stack: one cell of the matrix."""
    st = state.stack
    st.push(card, seat)
    MATRIX[st.kind][SYMBOL[card]].tally(state, seat)


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
        events.append(event("cancelled", state.turn, info))
        ends = False
    else:
        info["count"] = st.count
        info["life"] = st.life
        info["turns"] = st.extra
        events.append(event("triggered", state.turn, info))
        ends = stacker_costs(state, events, TRIGGERS[st.kind](state, events))
        for fire in state.house.resolve[st.kind]:  # the table's house rules on this kind resolving (KT-HR-3)
            fire(state, state.turn, st.kind, events)
    if state.forced and state.turn not in st.seats[len(st.seats) - st.negators:]:
        ends = True  # forced to draw and did not stack (a NOPE is a stack): no play this turn (KT-2.3)
    st.clear()
    if ends:
        end_turn(state, events)
