"""Shedding's card effects (S-4) as records: which cards, what they do, the clause.

The last card placed in a turn takes effect (S-4.7). Each effect of the seed is one
``CardEffect``: the clause it restates, the cards it belongs to, and what it does (a
``Fire`` at the turn's end, the draw pressure it adds, whether it shields). ``table``
compiles a list of records into the per-card tuples ``flow`` and ``rules`` read
(``table.Table``); a house book (``house.py``) compiles the same way, from the seed's
records minus those it replaces plus its own, so the seed's effects and a table's are
carried out by the same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...cards import ACE, DECK_SIZE, KING, NAMES, RANK
from ...engine.core import Event, Illegal, event
from .flow import draw_cards, penalty
from .rules import IS_BLACK_JACK, IS_RED_JACK
from .state import SheddingState
from .table import Fire, Gate, PerCard, Table


@dataclass(frozen=True)
class CardEffect:
    """One effect a card has (S-4): ``clause``, the ``cards`` it belongs to (one flag per card),
    ``fire`` (what it does when the card takes effect, None: nothing then), ``pressure`` (the draw
    pressure it adds: such a card is a draw card) and ``shield`` (it cancels draw pressure)."""

    clause: str
    cards: tuple[bool, ...]
    fire: Fire | None = None
    pressure: int = 0
    shield: bool = False


# --- what the seed's cards do --------------------------------------------------------------
def add_pressure(value: int) -> Fire:
    """A draw card's effect: the next player is under ``value`` more draw pressure (S-4.1, S-4.2, S-5.1)."""
    def fire(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
        state.pending += value
        events.append(event("effect", seat, {"effect": "draw", "card": NAMES[card], "adds": value,
                                             "total": state.pending}))
    return fire


def skip(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
    """The next player is skipped (S-4.4): said as the turn passes (``flow.end_turn``)."""
    state.skips += 1


def reverse(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
    """The direction of play reverses (S-4.5)."""
    state.direction = -state.direction
    events.append(event("effect", seat, {"effect": "reverse", "direction": state.direction}))


def name_suit(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
    """The active suit becomes the card's own (S-4.6, H-7): the top card's suit, said aloud."""
    events.append(event("effect", seat, {"effect": "suit", "suit": NAMES[card][-1]}))


# --- what a house rule may do besides (HR-9 .. HR-12) ------------------------------------------
def again(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
    """The player plays again: the turn passes back to them (``flow.end_turn``), once however
    many rules say so at one moment (HR-9)."""
    if not state.again:
        state.again = True
        events.append(event("effect", seat, {"effect": "again"}))


def draws(n: int) -> Fire:
    """The player the rule concerns draws ``n`` (HR-10)."""
    def fire(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
        draw_cards(state, seat, n, events, False)
    return fire


def next_draws(n: int) -> Fire:
    """The next player (in the direction of play as it now stands) draws ``n`` (HR-10)."""
    def fire(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
        draw_cards(state, (seat + state.direction) % state.players, n, events, False)
    return fire


def everyone_draws(n: int) -> Fire:
    """Every other player draws ``n``, in the order of play (HR-10)."""
    def fire(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
        for k in range(1, state.players):
            draw_cards(state, (seat + k * state.direction) % state.players, n, events, False)
    return fire


def charge(name: str, cards: int, rule: str, title: str) -> Fire:
    """A named penalty: the player draws ``cards`` (S-6's general principle, HR-10)."""
    why = Illegal(f"house:{rule}", title)

    def fire(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
        penalty(state, seat, name, why, cards, events)
    return fire


def house_rule(gate: Gate, acts: tuple[Fire, ...], under: bool) -> Fire:
    """A house rule at one card: where its gate holds (the top: the card this one landed on when
    ``under``, else the pile's top; the hand's size; the draw pressure), its ``house`` event, then
    its effects in order (HR-14)."""
    def fire(state: SheddingState, seat: int, card: int, events: list[Event]) -> None:
        top = state.under if under else state.discard[-1]
        if gate.holds(top, len(state.hands[seat]), state.pending):
            events.append(event("house", seat, gate.said))
            for act in acts:
                act(state, seat, card, events)
    return fire


def _rank(rank: int) -> tuple[bool, ...]:
    return tuple(RANK[c] == rank for c in range(DECK_SIZE))


SEED: Final = (
    CardEffect("S-4.1", _rank(2), add_pressure(2), pressure=2),
    CardEffect("S-4.2", IS_BLACK_JACK, add_pressure(5), pressure=5),
    CardEffect("S-4.3", IS_RED_JACK, shield=True),
    CardEffect("S-4.4", _rank(8), skip),
    CardEffect("S-4.5", _rank(KING), reverse),
    CardEffect("S-4.6", _rank(ACE), name_suit),
)


def table(effects: Sequence[CardEffect]) -> Table:
    """The per-card tables of ``effects``, in their order."""
    play, pressure, shields = per_card(effects)
    return Table(play, pressure, shields)


def per_card(effects: Sequence[CardEffect]) -> tuple[PerCard, tuple[int, ...], tuple[bool, ...]]:
    """What each card does, the draw pressure it adds and whether it shields, by ``effects``."""
    play = tuple(tuple(e.fire for e in effects if e.cards[c] and e.fire is not None) for c in range(DECK_SIZE))
    pressure = tuple(sum(e.pressure for e in effects if e.cards[c]) for c in range(DECK_SIZE))
    shields = tuple(any(e.shield for e in effects if e.cards[c]) for c in range(DECK_SIZE))
    return play, pressure, shields


#: the seed's own table: every game without a house book plays by it
SEED_TABLE: Final = table(SEED)
