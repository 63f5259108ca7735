"""What one seat may know of a King Taco game.

A seat sees its own hand; every hand's size; the top card and the colour it
counts as; the open stack (it is face up) and what it adds up to; the
playability condition with its lifespan; mana, shields, curses, timeouts and
owed cards of every player (all announced at a table, KT-H24); the harvest;
go fishing; goto and a running auction; who must make a pending choice.
It never sees another hand or the draw pile, nor who else is being asked
whether to NOPE: ``asked`` tells a seat only about itself (KT-H13).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import COLOUR_NAMES, SYMBOL_NAMES, card_name
from .state import (
    COND, CONDITION_NAMES, FISHING_SPAN, HARVEST_DELAY, HARVEST_SPAN, LOCK, MAX_SEATS, PENDING_NAMES, KingTacoState,
    curse_key, shield_key,
)


class KingTacoView(NamedTuple):
    """A seat's view (a NamedTuple: built on every bot decision, so it must be cheap)."""

    seat: int | None
    players: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    out: tuple[bool, ...]
    mana: tuple[int, ...]
    top: int
    top_colour: int
    draw_size: int
    turn: int
    direction: int
    condition: int
    inverted: bool
    lock: tuple[int, int] | None
    condition_turns: int
    fishing_turns: int
    harvester: int | None
    harvest_turns: int
    harvest_delay: int
    shields: tuple[int, ...]  # turns left per seat (0: none)
    curses: tuple[int, ...]
    timeouts: tuple[int, ...]
    owed: tuple[int, ...]
    stack: tuple[int, ...]
    stack_seats: tuple[int, ...]
    stack_kind: int | None
    stack_count: int
    stack_life: int
    stack_closed: bool
    asked: bool  # this seat is asked whether to NOPE
    forced: bool
    pending: int | None
    pending_seat: int | None
    pending_count: int
    auction: tuple[int, ...] | None
    goto: int
    mode: str
    over: bool
    winner: int | None
    turns: int
    #: the table's house rules: each one's id, title and words (public: KT-HR-1)
    house: tuple[tuple[str, str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "king-taco",
            "seat": self.seat,
            "players": self.players,
            "hand": None if self.hand is None else [card_name(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "out": [i for i, o in enumerate(self.out) if o],
            "mana": list(self.mana),
            "top": card_name(self.top),
            "top_colour": COLOUR_NAMES[self.top_colour],
            "draw_size": self.draw_size,
            "turn": self.turn,
            "direction": self.direction,
            "condition": ("inverted " if self.inverted else "") + CONDITION_NAMES[self.condition],
            "lock": None if self.lock is None else {"colour": COLOUR_NAMES[self.lock[0]],
                                                    "symbol": SYMBOL_NAMES[self.lock[1]]},
            "condition_turns": self.condition_turns,
            "fishing_turns": self.fishing_turns,
            "harvester": self.harvester,
            "harvest_turns": self.harvest_turns,
            "harvest_delay": self.harvest_delay,
            "shields": list(self.shields),
            "curses": list(self.curses),
            "timeouts": list(self.timeouts),
            "owed": list(self.owed),
            "stack": [{"card": card_name(c), "seat": s} for c, s in zip(self.stack, self.stack_seats)],
            "stack_kind": None if self.stack_kind is None else SYMBOL_NAMES[self.stack_kind],
            "stack_count": self.stack_count,
            "stack_life": self.stack_life,
            "stack_closed": self.stack_closed,
            "asked": self.asked,
            "forced": self.forced,
            "pending": None if self.pending is None else PENDING_NAMES[self.pending],
            "pending_seat": self.pending_seat,
            "pending_count": self.pending_count,
            "auction": None if self.auction is None else list(self.auction),
            "goto": self.goto,
            "mode": self.mode,
            "over": self.over,
            "winner": self.winner,
            "turns": self.turns,
            "house": [{"id": i, "title": t, "words": w} for i, t, w in self.house],
        }


SHIELDS = tuple(shield_key(s) for s in range(MAX_SEATS))
CURSES = tuple(curse_key(s) for s in range(MAX_SEATS))


def view(state: KingTacoState, seat: int | None) -> KingTacoView:
    spans = state.spans
    left = spans.left
    st = state.stack
    n = state.players
    return KingTacoView(
        seat=seat,
        players=n,
        hand=None if seat is None else tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        out=tuple(state.out),
        mana=tuple(state.mana.values),
        top=state.discard[-1],
        top_colour=state.top_colour,
        draw_size=len(state.draw),
        turn=state.turn,
        direction=state.direction,
        condition=state.cond,
        inverted=state.inverted,
        lock=(state.lock_colour, state.lock_symbol) if state.cond == LOCK else None,
        condition_turns=left.get(COND, 0),
        fishing_turns=left.get(FISHING_SPAN, 0),
        harvester=state.harvester,
        harvest_turns=left.get(HARVEST_SPAN, 0),
        harvest_delay=left.get(HARVEST_DELAY, 0),
        shields=tuple(left.get(k, 0) for k in SHIELDS[:n]),
        curses=tuple(left.get(k, 0) for k in CURSES[:n]),
        timeouts=tuple(state.timeout),
        owed=tuple(state.owed),
        stack=tuple(st.cards),
        stack_seats=tuple(st.seats),
        stack_kind=st.kind if st.cards else None,
        stack_count=st.count,
        stack_life=st.life,
        stack_closed=st.closed,
        asked=seat is not None and seat in state.window.seats,
        forced=state.forced,
        pending=state.pending,
        pending_seat=state.pending_seat if state.pending is not None else None,
        pending_count=state.pending_count,
        auction=None if state.auction is None else tuple(state.auction),
        goto=state.goto,
        mode=state.mode,
        over=state.over,
        winner=state.winner,
        turns=state.turns,
        house=state.house.said,
    )


