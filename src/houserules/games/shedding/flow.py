"""Carrying out Shedding actions: plays, draws, the end of a turn, and the
rulebook's penalties.

Every function appends to an event list and mutates the state in place; the
legality of what it is asked to do has already been settled by ``rules``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from ...cards import NAMES, shuffle
from ...engine.core import Action, Event, Illegal, event
from .kinds import Kind
from .rules import DOWN, HOUSE, IS_QUEEN, IS_WRAP, MAX_SEATS, RELATION, UP, allowed_by
from .state import SheddingState

# Events that never vary are made once (with read-only data), so the two most
# frequent ones, a card played and a plain turn change, cost an index, not a build.
_PLAYED: Final = tuple(tuple(event("play", s, MappingProxyType({"card": NAMES[c]})) for c in range(52))
                for s in range(MAX_SEATS))
_TURN: Final = tuple(event("turn", s) for s in range(MAX_SEATS))


def take(state: SheddingState, count: int, events: list[Event]) -> list[int]:
    """Take up to ``count`` cards from the draw pile, reshuffling the discard
    pile under its top card when the pile runs out (S-5.5). If both are
    exhausted the rest is forgiven (H-12)."""
    pile = state.draw
    if count <= len(pile):  # the usual case, without a reshuffle
        if count == 1:
            return [pile.pop()]
        drawn = pile[-count:]
        del pile[-count:]
        drawn.reverse()
        return drawn
    out: list[int] = []
    for _ in range(count):
        if not pile:
            if len(state.discard) < 2:
                break
            top = state.discard.pop()
            pile.extend(state.discard)
            state.discard[:] = [top]
            del state.run[:-1]  # cards of this turn's run under the top are gone into the new pile
            shuffle(state.rng, pile)
            events.append(event("reshuffle", None, {"cards": len(pile)}))
        out.append(pile.pop())
    return out


def give(state: SheddingState, seat: int, cards: list[int]) -> None:
    """Cards go into a hand; a hand of more than one card has no declaration (H-9)."""
    hand = state.hands[seat]
    hand.extend(cards)
    if len(hand) > 1:
        state.declared[seat] = False


def draw_cards(state: SheddingState, seat: int, count: int, events: list[Event], pressure: bool) -> None:
    cards = take(state, count, events)
    give(state, seat, cards)
    events.append(event("draw", seat, {"count": len(cards), "pressure": pressure},
                        {"cards": [NAMES[c] for c in cards]}))


def penalty(state: SheddingState, seat: int, name: str, illegal: Illegal, count: int,
            events: list[Event], shown: int | None = None) -> None:
    """Assess a named penalty: draw ``count`` from the draw pile (S-6 general principle)."""
    cards = take(state, count, events)
    give(state, seat, cards)
    data = {"name": name, "rule": illegal.rule, "reason": illegal.reason, "count": len(cards)}
    if shown is not None:
        data["card"] = NAMES[shown]
    events.append(event("penalty", seat, data, {"cards": [NAMES[c] for c in cards]}))


def end_turn(state: SheddingState, events: list[Event]) -> None:
    """Finish the turn: the last card placed this turn takes effect (S-4.7: each of its
    effects at this table, ``effects``), then play passes in the current direction,
    skipping a seat for each skip (an 8, S-4.4), or back to the same player when a house
    rule has them play again (HR-9); the new turn's house rules fire as it starts (HR-7)."""
    table = state.table
    if state.run:
        top = state.discard[-1]
        for fire in table.play[top]:
            fire(state, state.turn, top, events)
        state.run.clear()
        state.run_dir = 0
        state.wrapped = False
    n = state.players
    nxt = (state.turn + state.direction) % n
    if state.again:  # plays again: the skips of that moment are spent on nothing (HR-9)
        state.again = False
        state.skips = 0
        nxt = state.turn
    while state.skips:
        state.skips -= 1
        events.append(event("effect", state.turn, {"effect": "skip", "skipped": nxt}))
        nxt = (nxt + state.direction) % n
    state.turn = nxt
    state.turns += 1
    if state.turns >= state.max_turns:
        state.over = True
        events.append(event("over", None, {"reason": "turn limit", "turns": state.turns}))
        return
    events.append(event("turn", nxt, {"pending": state.pending}) if state.pending else _TURN[nxt])
    if table.turnstart:
        for fire in table.turnstart:
            fire(state, nxt, -1, events)


def place(state: SheddingState, seat: int, c: int, events: list[Event]) -> None:
    """Put a card from the hand onto the discard pile as the next card of the run."""
    top = state.discard[-1]
    if state.run and not IS_QUEEN[top]:
        rel = RELATION[top][c]
        if rel == UP or rel == DOWN:  # a one-rank step fixes the run's direction
            state.run_dir = 1 if rel == UP else -1
            if IS_WRAP[top][c]:
                state.wrapped = True
    else:
        state.run_dir = 0  # a first card or a Queen's cover starts a fresh context (S-3.5)
    state.under = top
    state.hands[seat].remove(c)
    state.discard.append(c)
    state.run.append(c)
    events.append(_PLAYED[seat][c])


def play(state: SheddingState, seat: int, c: int, events: list[Event], undeclared: Illegal | None = None) -> None:
    """Play card ``c``, then settle what it settles at once: going out (S-8.1),
    a shield ending the turn (S-4.3, S-5.2), or a stack ending it (H-4).

    ``undeclared``: the card is a last card played without the declaration
    (table mode); its specific penalty is drawn before anything else (S-6.5). A house
    rule on going out (HR-5) may charge a penalty instead of the win: the turn then goes on.
    """
    pressure = state.pending and not state.run
    place(state, seat, c, events)
    if undeclared is not None:
        penalty(state, seat, "last card not declared", undeclared, 1, events)
    hand = state.hands[seat]
    if not hand and not IS_QUEEN[c]:
        for fire in state.table.out[c]:  # a house rule on going out may charge instead (HR-5)
            fire(state, seat, c, events)
        if not hand:
            state.over = True
            state.winner = seat
            events.append(event("win", seat))
            return
    if pressure:
        if state.table.shields[c]:
            events.append(event("effect", seat, {"effect": "shield", "cancelled": state.pending}))
            state.pending = 0
            end_turn(state, events)
        elif state.table.pressure[c]:
            end_turn(state, events)


def play_card(state: SheddingState, action: Action) -> list[Event]:
    """Play a card onto the discard pile, with its effects (S-2, S-3, S-4, S-5); a card the
    seed would not allow there is a house rule's doing, which is said first (HR-3)."""
    events: list[Event] = []
    if state.table.judged:
        gate = allowed_by(state, action.card)
        if gate is not None:
            events.append(event("house", action.seat, gate.said))
    play(state, action.seat, action.card, events)
    return events


def end(state: SheddingState, action: Action) -> list[Event]:
    """End the run: the turn passes (S-2.1)."""
    events: list[Event] = []
    end_turn(state, events)
    return events


def draw(state: SheddingState, action: Action) -> list[Event]:
    """Draw one card, or the whole pressure total (H-1), and the turn ends; a draw for want of
    a play (not the pressure's) sets off the house rules on drawing first (HR-6)."""
    events: list[Event] = []
    pressure = state.pending > 0
    count = state.pending or 1
    state.pending = 0
    draw_cards(state, action.seat, count, events, pressure)
    if not pressure and state.table.draw:
        for fire in state.table.draw:
            fire(state, action.seat, -1, events)
    end_turn(state, events)
    return events


def decline(state: SheddingState, action: Action) -> list[Event]:
    """Leave the Queen uncovered: draw its penalty card and the turn ends (S-3.5, S-6.3)."""
    events: list[Event] = []
    penalty(state, action.seat, "queen not covered", _DECLINED, 1, events)
    end_turn(state, events)
    return events


def declare(state: SheddingState, action: Action) -> list[Event]:
    """Say "last card" (S-7.1)."""
    state.declared[action.seat] = True
    return [event("declare", action.seat)]


_DECLINED: Final = Illegal("S-6.3", "the Queen was not covered")


def penalise(state: SheddingState, action: Action, illegal: Illegal) -> list[Event]:
    """Table mode: judge an illegal attempt by the rulebook (S-6)."""
    events: list[Event] = []
    seat, name = action.seat, illegal.penalty
    assert name is not None
    attempted = action.card if action.kind == Kind.PLAY else None
    if illegal.rule.startswith(HOUSE):
        # HR-4: a house rule forbids the card: its own penalty (else a Mistake's), retracted, the turn ends
        gate = state.table.forbids[illegal.rule[len(HOUSE):]]
        events.append(event("house", seat, gate.said))
        penalty(state, seat, name, illegal, gate.cards, events, shown=attempted)
        _ends_mistaken_turn(state, seat, events)
    elif name == "exposure":
        # S-6.2: draw 1, the turn (if any) continues; draw pressure still applies
        penalty(state, seat, name, illegal, 1, events, shown=action.card)
    elif name == "last card not declared":
        # S-7.1 + H-10: the card stays played, draw 1, then the turn goes on (S-6.5)
        play(state, seat, action.card, events, undeclared=illegal)
    elif name == "queen not covered":
        # S-6.3: draw 1, the turn ends, the Queen stays on top for the next player
        penalty(state, seat, name, illegal, 1, events)
        end_turn(state, events)
    else:
        # S-6.1 Mistake: draw 2, the illegal card is retracted, the turn ends
        penalty(state, seat, name, illegal, 2, events, shown=attempted)
        _ends_mistaken_turn(state, seat, events)
    return events


def _ends_mistaken_turn(state: SheddingState, seat: int, events: list[Event]) -> None:
    """A Mistake in one's own turn ends it (S-6.1); out of turn, the turn goes on (H-13)."""
    if seat == state.turn:
        if state.pending and not state.run:
            # H-13: a turn under draw pressure that ends without stack or shield draws the total
            count, state.pending = state.pending, 0
            draw_cards(state, seat, count, events, True)
        end_turn(state, events)
