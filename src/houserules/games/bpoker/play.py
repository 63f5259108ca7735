"""Bringing a card into play: playing, forcing, the reactions to a forced card, landing, replaying.

A card on its way to a table sits in ``transit`` (face up: everyone sees a
played card), so that cards are conserved while a reaction window or a
choice is open. ``enter`` is the one door (BP-R.2):

1. a card forced on a seat by an opponent, or played from that seat's
   cards-to-be-played, first opens a reaction window for that seat: 10♦
   Magic (L683-686) and 6 Tunnel (L519-524) are offered when usable;
2. it then ``lands``: an armed J makes it no-effect (L757); a card following
   a 5 joins the 5-tile with its value in effect (L398-412); otherwise it is a
   new single card;
3. unless no-effect, the immediate effect of its value in effect runs
   (its record in ``catalogue.RULES``, or the one a house book gives that
   value: ``state.house``, BP-HR2).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ...engine.core import Event, event
from .cards import (
    CLUBS,
    SPADES,
    card_name,
    is_joker,
    on_five,
    spoken,
    value_name,
)
from .joint import spend
from .looks import changed
from .machine import ask, push, step, window
from .reactions import K_CLUBS, offers, spend_magic, spend_reflector, tunnel_card
from .state import BState, Frame, Slot
from .tiles import locked_rank, set_kind
from .zones import face, find, lift, value

NOBODY: Final = -1


class Ctx(NamedTuple):
    """What an immediate effect knows: its card (a tile's last card), the value
    in effect, and who forced it (NOBODY when the seat played it itself)."""

    card: int
    rank: int
    suit: int
    forcer: int

    @property
    def forced(self) -> bool:
        return self.forcer != NOBODY

    @property
    def said(self) -> str:
        """The card in words, with its value in effect where a 5 changed it ("10♦ as a 9♦")."""
        return spoken(self.card, (self.rank, self.suit))


Payload = int | tuple[int, ...]  # a card, or a pair passed with a Q♣/Q♠ (played as a pair, L817-820)


def enter(state: BState, seat: int, card: Payload, forcer: int = NOBODY, react: bool = True,
          via: int = NOBODY) -> None:
    """Schedule ``card`` (already in transit) to come into play on ``seat``'s table; ``via``: the Q
    (or Q-in-effect) passing it, which a Reflector sends back too (L1228-1231)."""
    push(state, "enter", seat, card, forcer, react, via)


def forced_by_opponent(seat: int, forcer: int) -> bool:
    return forcer not in (NOBODY, seat)


def cards_of(payload: Payload) -> tuple[int, ...]:
    return payload if isinstance(payload, tuple) else (payload,)


def lead(payload: Payload) -> int:
    """The card a reaction is judged by: a pair with a K♣ is treated as the K♣ (Magic and Tunnel
    cannot stop it, a Reflector needs two pairs); otherwise its first card."""
    return next((c for c in cards_of(payload) if face(c) == K_CLUBS), cards_of(payload)[0])


def arrive(state: BState, seat: int, payload: Payload, forcer: int, ne: bool) -> None:
    """What is forced comes onto the table: a card lands; a pair is played there as a pair (pairs.py)."""
    if isinstance(payload, tuple):
        push(state, "P.enter", seat, payload, ne)
    else:
        push(state, "land", seat, payload, forcer, ne)


@step("enter")
def _enter(state: BState, f: Frame) -> list[Event]:
    card, forcer, react, via = f.data
    if not react:
        arrive(state, f.seat, card, forcer, False)
        return []
    clause = "BP-R.2" if forced_by_opponent(f.seat, forcer) else "BP-10D.M"  # only Magic meets your own plays
    return window(state, {f.seat: offers(state, f.seat, lead(card), forcer)}, "enter.react", f.seat, card, forcer,
                  via, about=(clause, coming_card(state, f.seat, card), coming(state, f.seat, card, forcer)))


def coming_card(state: BState, seat: int, payload: Payload) -> str:
    """The card (or set) coming onto ``seat``'s table in words, with the value in effect it will
    have when it follows a 5 there ("10♦ as a 9♦")."""
    cards = cards_of(payload)
    follow = state.follow
    if len(cards) == 1 and follow is not None and follow[0] == seat and not is_joker(cards[0]):
        return spoken(cards[0], on_five(cards[0], follow[2]))
    return " + ".join(spoken(c) for c in cards)


def coming(state: BState, seat: int, payload: Payload, forcer: int) -> str:
    """What a reaction window on ``seat``'s table is for, in words (seats as "seat N")."""
    what = coming_card(state, seat, payload)
    if forced_by_opponent(seat, forcer):
        return f"{what}, forced by seat {forcer}, is coming onto seat {seat}'s table"
    return f"{what} is being played on seat {seat}'s table"


@step("enter.react")
def _react(state: BState, f: Frame) -> list[Event]:
    card, forcer, via, answers = f.data
    chosen = dict(answers).get(f.seat)
    if chosen == "magic":
        events = spend_magic(state, f.seat)
        arrive(state, f.seat, card, forcer, True)
        return events
    if chosen == "tunnel":
        return _tunnel(state, f.seat, card, forcer)
    if chosen == "reflect":  # forced back onto the forcer's table, as forced by you (L1224-1227)
        events = spend_reflector(state, f.seat, lead(card)) + _return_queen(state, f.seat, forcer, via)
        enter(state, forcer, card, f.seat, via=via)
        return events
    arrive(state, f.seat, card, forcer, False)
    return []


def _return_queen(state: BState, seat: int, forcer: int, via: int) -> list[Event]:
    """A card reflected that came via a Q: the Q goes back to its passer's table too; a Q-in-effect
    still on its way is played there instead, after the reflected card (L1228-1231)."""
    if via == NOBODY:
        return []
    where = find(state, via)
    if where is not None and where[0] == seat:
        events = lift(state, via)
        state.tables[forcer].append(Slot([via]))
        return events + [event("handed", seat, {"card": card_name(via), "to": forcer, "clause": "BP-JE.R"})]
    at = next((i for i, fr in enumerate(state.frames) if fr.step == "land" and fr.seat == seat
               and fr.data[0] == via), None)
    if at is None:
        return []
    state.frames[at] = state.frames[at]._replace(seat=forcer)
    return [event("handed", seat, {"card": card_name(via), "to": forcer, "clause": "BP-JE.R"})]


def _tunnel(state: BState, seat: int, card: Payload, forcer: int) -> list[Event]:
    """6 Tunnel (L519-524): discard the 6, viewing hand to the pot, force the card on another opponent."""
    six = tunnel_card(state, seat)
    assert six is not None
    name = card_name(six.top)
    events = spend(state, [six])
    state.pot.extend(state.viewing[seat])
    lost = len(state.viewing[seat])
    state.viewing[seat] = []
    changed(state, seat)
    events.append(event("tunnel", seat, {"six": name, "card": card_name(lead(card)), "lost": lost}))
    targets = [f"seat:{s}" for s in state.live() if s not in (seat, forcer)]
    return events + ask(state, seat, "BP-6.T", f"tunnel {'+'.join(card_name(c) for c in cards_of(card))} to", targets, "tunnel.to", card)


@step("tunnel.to")
def _tunnel_to(state: BState, f: Frame) -> list[Event]:
    card, target = f.data
    enter(state, int(target.split(":")[1]), card, f.seat)
    return []


@step("land")
def _land(state: BState, f: Frame) -> list[Event]:
    card, forcer, ne = f.data[:3]
    seat = f.seat
    events: list[Event] = []
    if face(card)[0] in locked_rank(state, seat):  # a 10♦+card tile refuses it (L1133-1136)
        state.transit.remove(card)
        state.discard.append(card)
        return [event("locked-out", seat, {"cards": (card_name(card),), "clause": "BP-P.10D"})]
    if state.armed_j:
        state.armed_j = False
        ne = True
        events.append(event("j-spent", seat, {"card": card_name(card)}))
    follow = state.follow
    if follow is not None and follow[0] == seat and find(state, follow[1]) is not None:
        if is_joker(card) and not ne and len(f.data) == 3:
            return events + ask(state, seat, "BP-5.J", "the Joker after a 5 is which black suit", ("C", "S"),
                                "land", card, forcer, ne, plays=True)
        state.follow = None
        joker_suit = {"C": CLUBS, "S": SPADES}.get(f.data[3]) if len(f.data) > 3 else None
        return events + _join(state, seat, card, forcer, ne, follow, joker_suit)
    state.transit.remove(card)
    state.tables[seat].append(Slot([card], ne=ne))
    events.append(_played(seat, card, forcer, ne, None))
    if not ne:
        resolve(state, seat, card, face(card), forcer)
    return events


def _join(state: BState, seat: int, card: int, forcer: int, ne: bool, follow: tuple[int, int, int],
          joker_suit: int | None) -> list[Event]:
    """The card played after a 5 is tiled with it and has a value in effect (L398-412, L443-444)."""
    _, first, delta = follow
    where = find(state, first)
    assert where is not None
    slot = where[1]
    r2, s2 = on_five(card, delta, joker_suit)
    state.transit.remove(card)
    slot.cards.append(card)
    slot.eff = (r2, s2)
    slot.ne = ne
    event = _played(seat, card, forcer, ne, (r2, s2))
    if not ne:
        resolve(state, seat, card, (r2, s2), forcer)
    return [event]


def _played(seat: int, card: int, forcer: int, ne: bool, eff: tuple[int, int] | None) -> Event:
    data: dict[str, object] = {"card": card_name(card), "ne": ne}
    if forcer not in (NOBODY, seat):
        data["forced_by"] = forcer
    if eff is not None:
        data["as"] = value_name(*eff)
    return event("played", seat, data)


def resolve(state: BState, seat: int, card: int, val: tuple[int, int], forcer: int) -> None:
    """Schedule the immediate effect of ``val`` for ``seat`` (L131-137): the rule the table's card
    rules give it (the chapter's, or a house book's), said first when a house rule gave it (BP-HR4)."""
    cards = state.house
    rule = cards.rule_for(val)
    if rule is not None and rule.step is not None:
        push(state, rule.step, seat, Ctx(card, val[0], val[1], forcer))
    fired = cards.fires.get(val) if cards.fires else None
    if fired is not None:
        push(state, "house", seat, *fired)


@step("house")
def _house(state: BState, f: Frame) -> list[Event]:
    """A house rule that gave a card its rule fires as the card is played with effect (BP-HR4)."""
    rule, title = f.data
    return [event("house", f.seat, {"rule": rule, "title": title})]


def replay(state: BState, seat: int, slot: Slot) -> list[Event]:
    """Replay a card or tile (L45-47, L67-68, L118): wild, no-effect and sideways marks are cleared
    and the immediate effect of its value runs again, as though it had just been played (a set
    tile that remains tiled has none: its rule is continuous or triggered)."""
    slot.wild = slot.ne = False
    slot.side = ()  # a 6+6+6's sideways 6s are upright again (L1079-1081)
    events = [event("replayed", seat, {"card": card_name(slot.top), "as": value_name(*value(slot))})]
    if state.armed_j:
        state.armed_j = False
        slot.ne = True
        return events + [event("j-spent", seat, {"card": card_name(slot.top)})]
    if set_kind(slot) is None:  # a set tile's rule has no immediate effect to replay (BP-T.3)
        resolve(state, seat, slot.top, value(slot), NOBODY)
    return events
