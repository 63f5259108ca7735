"""Carrying out King Taco actions: plays, stacks, NOPEs, choices, fishing,
drawing, and the auction that decides who may try to win.

Legality has been settled by ``rules``; every function here mutates the
state and appends events. Each kind of move has one effect (``play_card`` to
``go_fish``, declared with its check in ``game.MOVES``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from ...cards import shuffle
from ...engine.core import Action, Event, Illegal, event
from ...engine.referee import refusal
from .cards import (
    COLOUR, COLOUR_NAMES, COST, FISHING, IS_NUMBER, IS_WILD, KINDS, NAMES, NOPE, NULL, SYMBOL, SYMBOL_NAMES, VALUE, WILD,
    X2,
)
from .rules import PRICE, nope_cards, stackable
from .state import (
    AUCTION_DISCARD, DEFAULT, DISCARD, FISHING_SPAN, HARVEST_DELAY, HARVEST_SPAN, LOCK, LOCK_COLOUR, LOCK_SYMBOL, MAX_SEATS,
    TARGET, WILD_COLOUR, KingTacoState, curse_key, shield_key,
)
from .house_effects import draw_named
from .stacking import push, resolve, start
from .turns import draw_cards, end_turn, gain, seats_from

#: the play of each card by each seat, on a stack or not: the same event every time, made once
PLAYED: Final = tuple(tuple(tuple(event("play", s, {"card": NAMES[c], "stack": stacking}) for c in range(KINDS))
                     for s in range(MAX_SEATS)) for stacking in (False, True))
GOTO_DRAW: Final = 7  # KT-9.9: "U will be forced to immediately draw 7 cards"
#: what a WILD's colour choice goes on with (kept in ``pending_count``): a play on a free turn,
#: a card stacked on the open stack, or a NOPE on it
FREE: Final = 0
STACKED: Final = 1
NOPED: Final = 2


# --- reaction windows ---------------------------------------------------------
def open_window(state: KingTacoState) -> None:
    """Ask every player who could NOPE the stack now (KT-H13). Before any NOPE
    the decider is not asked (NOPE is in its turn menu) nor the player of the
    top card; in a NOPE war everyone but the last NOPEr is. A NOPE war whose
    window is empty resolves at once (KT-H10)."""
    st = state.stack
    top = st.top_seat
    decider = state.turn if st.negators == 0 else -1
    mana = state.mana.values
    state.window.open([s for s in seats_from(state, top)
                       if s != top and s != decider and mana[s] >= COST[NOPE] and nope_cards(state, s)])


def after_window(state: KingTacoState, events: list[Event]) -> None:
    if not state.window and state.stack and state.stack.negators:
        resolve(state, events)


# --- playing a card -------------------------------------------------------------
def place(state: KingTacoState, seat: int, c: int, events: list[Event], stacking: bool) -> bool:
    """Move ``c`` from the hand onto the pile. A WILD first asks its colour
    (KT-3.7); returns False when the play waits on that choice."""
    state.hands[seat].remove(c)
    state.discard.append(c)
    state.last_card[seat] = c
    events.append(PLAYED[stacking][seat][c])
    if IS_WILD[c]:
        state.pending, state.pending_seat, state.pending_count = WILD_COLOUR, seat, STACKED if stacking else FREE
        return False
    state.top_colour = COLOUR[c]
    return True


def carry_out(state: KingTacoState, seat: int, c: int, stacking: bool, events: list[Event]) -> None:
    """The placed card takes effect: mana (KT-8), then its effect, a stack, or nothing."""
    sym = SYMBOL[c]
    harvester = state.harvester
    if sym == FISHING and harvester is not None:
        state.mana.gain(harvester, 1)  # KT-7.14.9: the harvester gains 1 from any go fishing
    if stacking:
        state.mana.spend(seat, PRICE[harvester is not None][c])
        push(state, c, seat)
    elif IS_NUMBER[c]:
        gain(state, seat, 2, events)
    elif sym != NULL:
        price = PRICE[harvester is not None][c]
        if state.mana.values[seat] < price:
            gain(state, seat, 1, events)  # KT-8.2: no effect, one mana
            events.append(event("fizzle", seat, {"card": NAMES[c], "mana": state.mana.values[seat]}))
        else:
            state.mana.spend(seat, price)
            if sym == NOPE:
                nope_out(state, seat, events)
                return
            if sym == X2:  # KT-7.12.1: draw 1, gain 1 mana, nothing stacks on it
                draw_cards(state, seat, 1, "x2", events)
                gain(state, seat, 1, events)
                events.append(event("effect", seat, {"effect": "x2"}))
            else:
                start(state, c, seat)
    fires = state.house.land[c]
    if fires:  # the table's house rules on a card landing (KT-HR-2)
        for fire in fires:
            fire(state, seat, c, events)
        if state.pending == TARGET:  # the player names who draws first (KT-HR-7): then play passes
            return
    after_play(state, seat, events)


def after_play(state: KingTacoState, seat: int, events: list[Event]) -> None:
    """Going out on your own turn starts the auction (KT-9.1), unless a house rule on going out
    charges a penalty instead (KT-HR-5); otherwise the turn passes (to the player the stack now
    waits on, if one is open)."""
    hand = state.hands[seat]
    if not hand and seat == state.turn:
        last = state.last_card[seat]
        if last is not None:
            for fire in state.house.out[last]:
                fire(state, seat, last, events)
        if not hand:
            start_auction(state, seat, events)
            return
    pass_on(state, events)


def pass_on(state: KingTacoState, events: list[Event]) -> None:
    end_turn(state, events)
    if state.stack.cards and not state.over:
        open_window(state)


def nope_out(state: KingTacoState, seat: int, events: list[Event]) -> None:
    """A NOPE as the base of a stack NOPEs its player out of the game (KT-7.11.6):
    the hand is shuffled into the draw pile, a round is one turn shorter."""
    before = state.active
    state.draw.extend(state.hands[seat])
    state.hands[seat] = []
    shuffle(state.rng, state.draw)
    state.out[seat] = True
    spans = state.spans
    spans.end(shield_key(seat))
    spans.end(curse_key(seat))
    spans.player_left(before)
    if state.harvester == seat:
        state.harvester = None
        spans.end(HARVEST_SPAN)
    if state.harvest_next and state.harvest_next[0] == seat:
        state.harvest_next = None
        spans.end(HARVEST_DELAY)
    events.append(event("nope-out", seat, {"players": state.active}))
    if state.active == 1:
        state.winner = state.out.index(False)
        state.over = True
        events.append(event("win", state.winner, {"how": "last player in"}))
        return
    end_turn(state, events)


# --- the auction and goto (KT-9) ----------------------------------------------
def start_auction(state: KingTacoState, seat: int, events: list[Event]) -> None:
    points = [0 if out else 1 for out in state.out]
    points[seat] += state.mana.values[seat]
    last = state.last_card[seat]
    if last is not None and IS_NUMBER[last]:
        points[seat] += VALUE[last]
    state.auction, state.auction_starter = points, seat
    events.append(event("auction", seat, {"points": points[:]}))
    state.queue = [s for s in seats_from(state, seat) if s != seat and any(IS_NUMBER[c] for c in state.hands[s])]
    state.auction_asked = []
    next_auction_discard(state, events)


def next_auction_discard(state: KingTacoState, events: list[Event]) -> None:
    """Ask the next queued seat for its discard (KT-9.5): every queued seat holds a number card
    (hands other than the one asked do not change in an auction, and a search's redeal keeps
    the queue to the seats its redrawn hands give one: ``redeal.determinize``)."""
    if state.queue:
        seat = state.queue.pop(0)
        state.pending, state.pending_seat = AUCTION_DISCARD, seat
        state.auction_asked.append(seat)
        return
    state.pending = None
    finish_auction(state, events)


def finish_auction(state: KingTacoState, events: list[Event]) -> None:
    """Highest score tries (lowest under an inverted default or lock), ties at
    random; then the goto roll, 1 in ``goto`` (KT-9.6 to KT-9.9)."""
    points = state.auction
    assert points is not None
    seats = [s for s in range(state.players) if not state.out[s]]
    lowest = state.inverted and state.cond in (DEFAULT, LOCK)
    best = (min if lowest else max)(points[s] for s in seats)
    tied = [s for s in seats if points[s] == best]
    v = tied[state.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]
    won = state.rng.randrange(state.goto) == 0
    u = state.auction_starter
    events.append(event("goto", v, {"goto": state.goto, "won": won, "points": points[:], "lowest": lowest,
                                    "tied": len(tied), "starter": u}))
    state.auction = None
    if won:
        state.winner, state.over = v, True
        events.append(event("win", v, {"how": "goto"}))
        return
    state.goto = max(1, state.goto - 1)
    draw_cards(state, u, GOTO_DRAW, "goto", events)
    state.mana.set(v, 0)
    pass_on(state, events)


# --- each kind of move: its effect (game.MOVES) ----------------------------------------------------------
def play_card(state: KingTacoState, a: Action) -> list[Event]:
    """A card on the pile, or on the open stack, and what it does (KT-2.1, KT-5, KT-8)."""
    events: list[Event] = []
    stacking = bool(state.stack.cards)
    if place(state, a.seat, a.card, events, stacking):
        carry_out(state, a.seat, a.card, stacking, events)
    return events


def nope_stack(state: KingTacoState, a: Action) -> list[Event]:
    """A NOPE on the stack, in turn or out of it (KT-7.11.1); a WILD NOPE is a WILD
    and first asks its colour (KT-3.7)."""
    events: list[Event] = []
    seat, c = a.seat, a.card
    state.hands[seat].remove(c)
    state.discard.append(c)
    state.last_card[seat] = c
    state.mana.spend(seat, COST[NOPE])
    state.stack.push(c, seat, negator=True)
    events.append(event("nope", seat, {"card": NAMES[c], "nopes": state.stack.negators}))
    if IS_WILD[c]:
        state.pending, state.pending_seat, state.pending_count = WILD_COLOUR, seat, NOPED
        return events
    state.top_colour = COLOUR[c]
    nope_landed(state, events)
    return events


def nope_landed(state: KingTacoState, events: list[Event]) -> None:
    """The NOPE is on the stack: ask who may answer it (a NOPE war, KT-H10)."""
    open_window(state)
    after_window(state, events)


def pass_up(state: KingTacoState, a: Action) -> list[Event]:
    """No NOPE from this seat (KT-H13); or, asked for a ``--`` discard, no more discards:
    the seed's player *"can"* discard (KT-7.13.1)."""
    events: list[Event] = []
    if state.pending == DISCARD:
        state.pending = None
        events.append(event("keep", a.seat, {"left": state.pending_count}))
        return events
    state.window.answer(a.seat)
    after_window(state, events)
    return events


def allow_stack(state: KingTacoState, a: Action) -> list[Event]:
    """The stack triggers; the cards that could have stacked on it may not start
    a new stack this turn (KT-5.4: *"U can not decide to break the stack and then
    play the stackable card as the base to a new stack"*)."""
    events = [ALLOWED[a.seat]]
    state.barred = tuple(stackable(state, a.seat))
    resolve(state, events)
    return events


def draw_card(state: KingTacoState, a: Action) -> list[Event]:
    """Nothing playable: draw 1 and lose 1 mana (KT-2.2, KT-8.7); the turn ends (KT-H4).
    In go fishing with no one to fish, just draw (KT-H15)."""
    events: list[Event] = []
    if FISHING_SPAN not in state.spans.left:
        state.mana.spend(a.seat, 1)
    draw_cards(state, a.seat, 1, "cannot play", events)
    end_turn(state, events)
    return events


def name_colour(state: KingTacoState, a: Action) -> list[Event]:
    """A lock's colour (its symbol is asked next), or a WILD's: then the WILD goes on as
    it was played (KT-3.7, KT-3.4)."""
    events: list[Event] = []
    seat, colour = a.seat, a.arg
    events.append(COLOURED[seat][colour])
    if state.pending == LOCK_COLOUR:
        state.lock_colour, state.pending = colour, LOCK_SYMBOL
        return events
    state.pending = None
    state.top_colour = colour
    if state.pending_count == NOPED:
        nope_landed(state, events)
        return events
    carry_out(state, seat, state.discard[-1], state.pending_count == STACKED, events)
    return events


def name_target(state: KingTacoState, a: Action) -> list[Event]:
    """The player a house rule's ``target:draw`` makes draw (KT-HR-7); then play passes as after any play."""
    events: list[Event] = []
    state.pending = None
    draw_named(state, a.seat, a.arg, events)
    after_play(state, a.seat, events)
    return events


def name_symbol(state: KingTacoState, a: Action) -> list[Event]:
    """A lock's symbol: the lock is defined (KT-3.4)."""
    events: list[Event] = []
    state.lock_symbol, state.pending = a.arg, None
    events.append(event("lock", a.seat, {"colour": COLOUR_NAMES[state.lock_colour], "symbol": SYMBOL_NAMES[a.arg],
                                         "inverted": state.inverted}))
    return events


def discard_card(state: KingTacoState, a: Action) -> list[Event]:
    """A discard goes under the pile, changing nothing in play (KT-H20); no mana (KT-8.4)."""
    events: list[Event] = []
    seat, c = a.seat, a.card
    state.hands[seat].remove(c)
    state.discard.insert(0, c)
    events.append(event("discard", seat, {"card": NAMES[c], "auction": state.pending == AUCTION_DISCARD}))
    if state.pending == AUCTION_DISCARD:  # it sheds a card and scores nothing (KT-9.5)
        next_auction_discard(state, events)
        return events
    state.pending_count -= 1
    if state.pending_count <= 0:  # the count never exceeds the hand (KT-H20)
        state.pending = None
    return events


def go_fish(state: KingTacoState, a: Action) -> list[Event]:
    """Go fishing (KT-H15): if the target holds a card of the named symbol it
    must take the card; otherwise the fisher draws one."""
    events: list[Event] = []
    seat, c, target = a.seat, a.card, a.arg
    sym = SYMBOL[c]
    caught = any(SYMBOL[x] == sym for x in state.hands[target])
    events.append(event("fish", seat, {"target": target, "symbol": SYMBOL_NAMES[sym], "caught": caught}))
    if caught:
        state.hands[seat].remove(c)
        state.hands[target].append(c)
        events.append(event("given", seat, {"target": target}, {"card": NAMES[c]}))
        events.append(event("received", target, {"source": seat}, {"card": NAMES[c]}))
        after_play(state, seat, events)
    else:
        draw_cards(state, seat, 1, "go fish", events)
        end_turn(state, events)
    return events


ALLOWED: Final = tuple(event("allow", s) for s in range(MAX_SEATS))
#: each seat's naming of each colour: the same event every time, made once (read-only data)
COLOURED: Final = tuple(tuple(event("colour", s, MappingProxyType({"colour": COLOUR_NAMES[c]})) for c in range(WILD))
                        for s in range(MAX_SEATS))


def penalise(state: KingTacoState, action: Action, illegal: Illegal) -> list[Event]:
    """The seed has no penalties (KT-H23): an illegal attempt is refused in table mode too."""
    return [refusal(action, illegal)]
