"""Out-of-turn reactions: what a seat may answer, and what answering costs.

Reactions are discard effects used out of turn (L178-187): 10♦ **Magic**
(L683-691) and 6 **Tunnel** (L519-524) in part 1; part 2 adds the
Reflector (6 + 10♦) as one more record in ``REACTIONS``. A window is opened
only for seats that hold a usable reaction (engine/window.py); at a real
table anyone could say "no", so asking only those who can say "yes"
reveals that they hold a live 10♦ or 6 — which lies face up on their table
anyway (BP-R.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from ...engine.core import Event, event
from .cards import CLUBS, card_name
from .joint import SIX, TEN_D, reflector_pairs, serving, spend
from .machine import window
from .state import BState, Slot
from .zones import face

K_CLUBS: Final = (13, CLUBS)


def magic_card(state: BState, seat: int) -> Slot | None:
    """A 10♦ on ``seat``'s table whose Magic may be used: in play, not no-effect, and not the
    10♦ through which an opponent controls this seat's hand (L700-701). A 5-tile whose last card
    is a 10♦ *in effect* has the 10♦'s effects for every purpose (L416-419), so it serves too,
    as it does in the Reflector (``joint.serving``); using it discards that last card."""
    return next(iter(serving(state, seat, TEN_D, _held(state, seat))), None)


def tunnel_card(state: BState, seat: int) -> Slot | None:
    """A 6 (or a 5-tile with a 6 in effect, L416-419) whose Tunnel ``seat`` may use."""
    return next(iter(serving(state, seat, SIX)), None)


def _magic(state: BState, seat: int, card: int, forcer: int) -> bool:
    """Magic: a card other than the K♣ is being played on your table (L683-686)."""
    return face(card) != K_CLUBS and magic_card(state, seat) is not None


def _tunnel(state: BState, seat: int, card: int, forcer: int) -> bool:
    """Tunnel: an opponent tries to force a card other than the K♣ onto your table, and there is
    an opponent other than him to tunnel it to (L519-524)."""
    if forcer in (-1, seat) or face(card) == K_CLUBS:
        return False
    if tunnel_card(state, seat) is None:
        return False
    return any(s not in (seat, forcer) for s in state.live())


def _held(state: BState, seat: int) -> int:
    """The 10♦ through which an opponent controls ``seat``'s hand (it cannot serve), or -1."""
    return state.control[2] if state.control is not None and state.control[1] == seat else -1


def _need(card: int) -> int:
    """A K♣ needs two full reflector pairs (L1236-1239)."""
    return 2 if face(card) == K_CLUBS else 1


def _reflect(state: BState, seat: int, card: int, forcer: int) -> bool:
    """Reflector (6 + 10♦, L1221-1227): a card is being forced onto your table by an opponent."""
    if forcer in (-1, seat) or not state.in_hand[forcer]:
        return False
    sixes, tens = reflector_pairs(state, seat, _held(state, seat))
    return min(len(sixes), len(tens)) >= _need(card)


def spend_reflector(state: BState, seat: int, card: int) -> list[Event]:
    """Discard the 6(s) and 10♦(s) of the reflector pair(s)."""
    sixes, tens = reflector_pairs(state, seat, _held(state, seat))
    n = _need(card)
    used = sixes[:n] + tens[:n]
    names = tuple(card_name(s.top) for s in used)
    return spend(state, used) + [event("reflect", seat, {"cards": names, "card": card_name(card),
                                                         "clause": "BP-JE.R"})]


class Reaction(NamedTuple):
    name: str
    clause: str
    usable: Callable[[BState, int, int, int], bool]


REACTIONS: Final = (Reaction("magic", "BP-10D.M", _magic), Reaction("tunnel", "BP-6.T", _tunnel),
             Reaction("reflect", "BP-JE.R", _reflect))


def offers(state: BState, seat: int, card: int, forcer: int) -> tuple[str, ...]:
    """The reactions ``seat`` may use against ``card`` coming onto its table."""
    return tuple(r.name for r in REACTIONS if r.usable(state, seat, card, forcer))


def spend_magic(state: BState, seat: int) -> list[Event]:
    """Use Magic: the 10♦ goes from the table to the discard (a discard effect, L179-182)."""
    slot = magic_card(state, seat)
    assert slot is not None
    return spend(state, [slot]) + [event("magic", seat, {"card": card_name(slot.top)})]


def guard_offers(state: BState, victims: list[int]) -> dict[int, tuple[str, ...]]:
    """Magic's second use (L686-690): each victim of an opponent's effect that holds a usable 10♦."""
    return {v: ("magic",) for v in victims if magic_card(state, v) is not None}


def guard(state: BState, victims: list[int], then: str, seat: int, *data: Any, clause: str, card: str,
          says: str) -> list[Event]:
    """Offer Magic's second use to ``victims`` before ``seat``'s effect touches them (``then`` runs
    with the answers): "when an opponent plays a card that has an effect on your cards, turn, or
    status in the game" (L686-688). ``card`` names the card in words and ``says`` what its effect
    would do, with seats as "seat N", so that a person asked knows what Magic would stop."""
    victims = [v for v in victims if v != seat]  # an opponent's card: never one's own
    return window(state, guard_offers(state, victims), then, seat, *data, about=(clause, card, says))


def spent(state: BState, answers: tuple[tuple[int, str], ...]) -> tuple[set[int], list[Event]]:
    """The seats that used Magic in a guard window (their 10♦s discarded): the effect skips them."""
    events: list[Event] = []
    exempt = set()
    for seat, reaction in answers:
        if reaction == "magic":
            events += spend_magic(state, seat)
            exempt.add(seat)
    return exempt, events


def magic_stops(state: BState, seat: int, answers: tuple[tuple[int, str], ...], clause: str, why: str = "Magic",
                failed: bool = False) -> list[Event] | None:
    """Close a guard window on ``seat``'s effect that Magic stops whole (L686-690): the events that
    end it (the 10♦s spent, then ``lost`` with ``why``), or None when the effect goes on.

    One place for this, because every such effect must end the same way: its window is offered
    only to the seats it would strike (``guard_offers``), so any Magic answered stops it, and when
    none was answered nothing was spent and there is nothing to tell. ``failed``: the effect has
    already failed otherwise (its card left the table), so it is lost all the same, told after any
    10♦ that was spent.
    """
    exempt, events = spent(state, answers)
    if not exempt and not failed:
        return None
    return events + [event("lost", seat, {"clause": clause, "why": why})]
