"""Zones and marks: where cards are, what counts, and moving cards without losing one.

Every move here takes a card out of exactly one zone and puts it into
exactly one zone, so the total number of cards never changes (BP-2.9; the
property test in tests/bpoker/test_properties.py). A card leaving a tile
breaks up the rest of the tile (L72-74, L87-92, L448-450): the remaining
cards become single cards, without immediate effects; their continuous
effects count from then on because continuous effects are always read live
from the tables (BP-E2).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ...engine.core import Event, event
from .cards import DIAMONDS, card_name, parse_card
from .cards import face as face  # a slot's face is read here by every effect
from .machine import ask, push, step
from .state import BState, Frame, Slot
from .tiles import fee_factor, unit

TEN_DIAMONDS: Final = (10, DIAMONDS)


def value(slot: Slot) -> tuple[int, int]:
    """The value in effect of a slot: a 5-tile's last card-in-effect, else the card's face."""
    return slot.eff if slot.eff is not None else face(slot.top)


def protected(slot: Slot) -> bool:
    """Wilds (L51), tiles (L65-66) and a 10♦ (L676) are protected."""
    return slot.wild or len(slot.cards) > 1 or (slot.eff is None and face(slot.top) == TEN_DIAMONDS)


def targetable(slot: Slot) -> bool:
    """What an effect on other cards may touch by default (L197-199)."""
    return not slot.ne and not protected(slot)


def live_values(state: BState, seat: int, but: int = -1) -> list[tuple[int, int]]:
    """The values whose continuous effects count: in play, not no-effect, not wild (L147-151, L39);
    ``but``: a card whose own immediate effect is being resolved (BP-H23)."""
    return [value(s) for s in state.tables[seat]
            if not s.ne and not s.wild and (s.eff or len(s.cards) == 1) and s.top != but]


def correct_number(state: BState, seat: int) -> int:
    """The correct number of cards in the viewing hand (BP-2.3; 4♥ 4♠ 4♣)."""
    base: int = state.options["viewing"]
    return max(0, base + state.house.modifier(live_values(state, seat), "viewing"))


def maximum(state: BState, seat: int) -> int:
    """The maximum number of cards on the table (BP-2.5; 4♦)."""
    base: int = state.options["table_max"]
    return base + state.house.modifier(live_values(state, seat), "max")


def counted(state: BState, seat: int) -> int:
    """Cards on the table that count toward the maximum (each tile card separately, L67-69;
    not the cards a 3's trigger exempts this turn, L334-336, nor a 6+6+6, L1024-1025)."""
    return sum(1 for s in state.tables[seat] if not unit(s) for c in s.cards if c not in state.exempt)


def fee(state: BState, seat: int, base: int, but: int = -1) -> int:
    """A fee as ``seat`` pays it: 8s, Js change it, never below 0 (L599, L774, L781; BP-F.1); then
    every J+J+J on any table multiplies it (L1159-1164)."""
    return max(0, base + state.house.modifier(live_values(state, seat, but), "fee")) * fee_factor(state)


def can_pay(state: BState, seat: int, amount: int) -> bool:
    """An optional fee may be chosen only if the stash covers it (BP-F.4): cannibalising the
    table is for what one is forced to pay (L71)."""
    return len(state.stash[seat]) >= amount


def slots(state: BState) -> Iterator[tuple[int, Slot]]:
    for seat, table in enumerate(state.tables):
        for s in table:
            yield seat, s


def find(state: BState, card: int) -> tuple[int, Slot] | None:
    """The table and slot holding ``card``, or None (asked at every card's landing: plain loops,
    not ``slots``, whose generator costs more than the search)."""
    for seat, table in enumerate(state.tables):
        for s in table:
            if card in s.cards:
                return seat, s
    return None


def lift(state: BState, card: int) -> list[Event]:
    """Take ``card`` off its table; the rest of its tile is broken up (L72-74)."""
    where = find(state, card)
    if where is None:
        raise ValueError(f"{card_name(card)} is on no table")
    seat, slot = where
    table = state.tables[seat]
    i = table.index(slot)
    rest = [c for c in slot.cards if c != card]
    events: list[Event] = []
    if rest:
        table[i:i + 1] = pieces(slot, rest)
        events.append(event("broken", seat, {"cards": tuple(card_name(c) for c in rest)}))
        if state.follow is not None and state.follow[1] in slot.cards:
            state.follow = None
    else:
        del table[i]
        if state.follow is not None and state.follow[1] == card:
            state.follow = None
    if card in state.declared[seat]:
        state.declared[seat] = tuple(c for c in state.declared[seat] if c != card)
    forget_nine(state, card)
    return events


def forget_nine(state: BState, card: int) -> None:
    """A standing 9♦ (BP-H26) that leaves its table stands no more, even if it comes back."""
    if state.nines:
        state.nines = tuple(x for x in state.nines if x[1] != card)


def carry(state: BState, card: int, dest: int) -> list[Event]:
    """Move the card or tile holding ``card`` onto ``dest``'s table **with its marks**: a wild stays
    a face-down wild, a no-effect card stays sideways, a tile stays a tile with its value in effect
    (L43-47, L107-118, L55-74). Only what the chapter names ends a mark — a replay (L45-47, L118),
    a 10♣ or a J's restore, a broken tile — so a card that changes tables is not rebuilt as a
    plain card. Used where a card is *put* on a table, not played: a 2's trade (L283-284, L303-306),
    a 2♣'s hand trade (L313-316)."""
    where = find(state, card)
    if where is None:
        raise ValueError(f"{card_name(card)} is on no table")
    seat, slot = where
    state.tables[seat].remove(slot)
    if set(slot.cards) & set(state.declared[seat]):
        state.declared[seat] = tuple(c for c in state.declared[seat] if c not in slot.cards)
    if state.follow is not None and state.follow[1] in slot.cards:
        state.follow = None
    for c in slot.cards:
        forget_nine(state, c)
    state.tables[dest].append(slot)
    return []


def pieces(slot: Slot, cards: list[int]) -> list[Slot]:
    """The single cards a broken tile leaves: upright, but a 6+6+6's sideways 6s enter the table
    as no-effect 6s (L1084-1087)."""
    return [Slot([c], ne=c in slot.side) for c in cards]


def break_up(state: BState, seat: int, slot: Slot) -> list[Event]:
    """Separate a tile's cards (L87-92): no immediate effects; marks cleared."""
    table = state.tables[seat]
    i = table.index(slot)
    table[i:i + 1] = pieces(slot, slot.cards)
    if state.follow is not None and state.follow[1] in slot.cards:
        state.follow = None
    return [event("broken", seat, {"cards": tuple(card_name(c) for c in slot.cards)})]


def to_stash(state: BState, seat: int, cards: list[int]) -> None:
    """Cards added to a stash go on top (BP-2.1)."""
    state.stash[seat].extend(cards)


def from_stash(state: BState, seat: int, n: int) -> list[int]:
    """Up to ``n`` cards from the top of the stash; sideways cards (at the bottom) come last."""
    stash = state.stash[seat]
    took = stash[max(0, len(stash) - n):]
    del stash[max(0, len(stash) - n):]
    state.sideways[seat] = min(state.sideways[seat], len(stash))
    took.reverse()
    return took


def drop(state: BState, dest: str | int, cards: list[int]) -> None:
    """Put ``cards`` into ``dest``: ``pot``, ``discard`` or a seat's stash."""
    if dest == "pot":
        state.pot.extend(cards)
    elif dest == "discard":
        state.discard.extend(cards)
    else:
        assert isinstance(dest, int)
        to_stash(state, dest, cards)


def dest_name(dest: str | int) -> str:
    return dest if isinstance(dest, str) else f"seat {dest}"


def pay(state: BState, seat: int, amount: int, dest: str | int, clause: str) -> None:
    """Schedule a payment of ``amount`` cards (already the fee as ``seat`` pays it)."""
    if amount > 0:
        push(state, "pay", seat, amount, dest, clause)


@step("pay")
def _pay(state: BState, f: Frame) -> list[Event]:
    """Pay from the top of the stash; a shortfall is cannibalised from the table, one card
    at a time, as the payer chooses (L71-72); what still cannot be paid is forgiven (BP-F.2)."""
    amount, dest, clause = f.data[:3]
    seat = f.seat
    cards = from_stash(state, seat, amount)
    drop(state, dest, cards)
    events = [event("paid", seat, {"count": len(cards), "to": dest_name(dest), "clause": clause})] if cards else []
    short = amount - len(cards)
    if short <= 0:
        return events
    choices = [card_name(c) for s in state.tables[seat] for c in s.cards]
    if not choices:
        return events + [event("forgiven", seat, {"count": short, "clause": clause})]
    events += ask(state, seat, "BP-F.2", f"cannibalise a table card to pay ({short} short)", choices,
                  "pay.table", short, dest, clause)
    return events


@step("pay.table")
def _pay_table(state: BState, f: Frame) -> list[Event]:
    short, dest, clause, choice = f.data
    card = parse_card(choice)
    events = lift(state, card)
    drop(state, dest, [card])
    events.append(event("cannibalised", f.seat, {"card": card_name(card), "to": dest_name(dest)}))
    if short > 1:
        push(state, "pay", f.seat, short - 1, dest, clause)
    return events
