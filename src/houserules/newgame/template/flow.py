"""Carrying out My Game's moves: a card played, a suit called, a card drawn, a pass, and the end.

Each move kind has one effect here (its record in ``game`` names it, with its clause): it mutates
the state in place and returns the events that tell what happened. Legality is settled before
(``rules``): an effect never judges.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from ...cards import NAMES, RANK, SUIT
from ...engine.core import Action, Event, event
from .rules import EIGHT, MAX_SEATS, SUIT_WORDS
from .state import MyGameState

# Events that never vary are made once (their data read-only), so the commonest ones, a card
# played and a turn passing, cost an index, not a build.
_PLAYED: Final = tuple(tuple(event("play", s, MappingProxyType({"card": NAMES[c]})) for c in range(len(NAMES)))
                       for s in range(MAX_SEATS))
_TURN: Final = tuple(event("turn", s) for s in range(MAX_SEATS))


def next_turn(state: MyGameState) -> list[Event]:
    """Play passes to the left (R-3)."""
    state.turn = (state.turn + 1) % state.players
    return [_TURN[state.turn]]


def play(state: MyGameState, action: Action) -> list[Event]:
    """A card onto the discard pile (R-3); its suit is now the one to follow. An emptied hand wins
    at once, an eight too (R-7); otherwise after an eight its player calls a suit (R-4)."""
    seat, c = action.seat, action.card
    state.hands[seat].remove(c)
    state.discard.append(c)
    state.suit = SUIT[c]
    state.passes = 0
    events = [_PLAYED[seat][c]]
    if not state.hands[seat]:
        state.over, state.winners = True, (seat,)
        events.append(event("out", seat))
        return events
    if RANK[c] == EIGHT:
        state.calling = True
        return events
    return events + next_turn(state)


def call(state: MyGameState, action: Action) -> list[Event]:
    """The suit to follow after an eight (R-4)."""
    state.suit, state.calling = action.arg, False
    return [event("call", action.seat, {"suit": SUIT_WORDS[action.arg]})] + next_turn(state)


def draw(state: MyGameState, action: Action) -> list[Event]:
    """The top card of the draw pile into the hand, and the turn ends (R-5, H-1): everyone learns
    a card was drawn, only its drawer which."""
    c = state.draw.pop()
    state.hands[action.seat].append(c)
    state.passes = 0
    return [event("draw", action.seat, secret={"card": NAMES[c]})] + next_turn(state)


def pass_turn(state: MyGameState, action: Action) -> list[Event]:
    """Nothing to play and nothing to draw (R-6); when every seat has passed in a row, nobody
    can play again, and the fewest cards win (R-7, H-2)."""
    state.passes += 1
    events = [event("pass", action.seat)]
    if state.passes < state.players:
        return events + next_turn(state)
    fewest = min(len(h) for h in state.hands)
    state.over = True
    state.winners = tuple(s for s, h in enumerate(state.hands) if len(h) == fewest)
    events.append(event("blocked", None, {"winners": state.winners, "cards": fewest}))
    return events
