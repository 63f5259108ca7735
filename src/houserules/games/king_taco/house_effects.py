"""What a King Taco house rule does when it fires (issue 36, KT-HR-5 .. KT-HR-9).

Each effect is a small function made for its number (``Fire``): mana gained or lost within
the seed's cap (KT-8), cards drawn by the player, the next player, a player the player names
(a decision: ``TARGET`` pending) or every other player, the next player timed out a turn (as a
``skip`` does, KT-7.4.1), the direction reversed, a named penalty. Effects on anyone but the
player whose own act set the rule off spare a shielded player, as every card's do (KT-7.9.1).
``house_rule`` wraps a rule's effects in its gate and its ``house`` event.
"""

from __future__ import annotations

from ...engine.core import Event, event
from .cards import NAMES
from .effects import protected
from .housetable import Fire, Gate
from .state import TARGET, KingTacoState
from .turns import gain, next_seat, seats_from, take

#: why a house rule's draws are drawn (the draw event's ``why``)
WHY = "house"


def _draw(state: KingTacoState, seat: int, n: int, events: list[Event]) -> None:
    cards = take(state, n, events)
    state.hands[seat].extend(cards)
    events.append(event("draw", seat, {"count": len(cards), "why": WHY}, {"cards": [NAMES[c] for c in cards]}))


def mana(n: int) -> Fire:
    """The player gains ``n`` mana, up to the cap (a harvester collects it, KT-7.14.2)."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        gain(state, seat, n, events)
        events.append(event("mana", seat, {"change": n, "mana": state.mana.values[seat]}))
    return fire


def drain(n: int) -> Fire:
    """The player loses ``n`` mana (never below none)."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        lost = min(n, state.mana.values[seat])
        state.mana.spend(seat, lost)
        events.append(event("mana", seat, {"change": -lost, "mana": state.mana.values[seat]}))
    return fire


def draws(n: int, own: bool) -> Fire:
    """The player draws ``n`` (``own``: it was their own act; else a shield spares them)."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        if own or not protected(state, seat):
            _draw(state, seat, n, events)
    return fire


def next_draws(n: int) -> Fire:
    """The next player still in, in the direction of play as it stands, draws ``n``."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        s = next_seat(state, seat)
        if s != seat and not protected(state, s):
            _draw(state, s, n, events)
    return fire


def everyone_draws(n: int) -> Fire:
    """Every other player still in draws ``n``, in the order of play."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        for s in seats_from(state, seat):
            if s != seat and not protected(state, s):
                _draw(state, s, n, events)
    return fire


def target_draws(n: int) -> Fire:
    """The player names a player who draws ``n`` (a decision: ``TARGET`` pending, ``flow.name_target``);
    several such rules at one moment add up to one choice."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        if state.pending == TARGET:
            state.pending_count += n
        elif any(s != seat for s in seats_from(state, seat)):
            state.pending, state.pending_seat, state.pending_count = TARGET, seat, n
    return fire


def draw_named(state: KingTacoState, seat: int, target: int, events: list[Event]) -> None:
    """The named player draws what was asked (a shield spares them)."""
    n = state.pending_count
    events.append(event("target", seat, {"target": target, "count": n}))
    if not protected(state, target):
        _draw(state, target, n, events)


def skip(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
    """The next player still in is timed out a turn, as by a ``skip`` (KT-7.4.1)."""
    s = next_seat(state, seat)
    if s != seat and not protected(state, s):
        state.timeout[s] += 1
        events.append(event("effect", s, {"effect": "skip"}))


def reverse(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
    """The direction of play reverses (as an ``inverse`` does, KT-7.1.1, without its playability)."""
    state.direction = -state.direction
    events.append(event("effect", seat, {"effect": "reverse"}))


def charge(name: str, cards: int, rule: str, title: str) -> Fire:
    """A named penalty: the player draws ``cards``, told as a penalty (the seed names none: KT-H23)."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        drawn = take(state, cards, events)
        state.hands[seat].extend(drawn)
        events.append(event("penalty", seat, {"name": name, "rule": f"house:{rule}", "reason": title,
                                              "count": len(drawn)}, {"cards": [NAMES[c] for c in drawn]}))
    return fire


def house_rule(gate: Gate, acts: tuple[Fire, ...]) -> Fire:
    """A house rule at one card or stack: where its gate holds (the player's hand and mana), its
    ``house`` event, then its effects in the order written, its penalty last."""
    def fire(state: KingTacoState, seat: int, what: int, events: list[Event]) -> None:
        if gate.holds(len(state.hands[seat]), state.mana.values[seat]):
            events.append(event("house", seat, gate.said))
            for act in acts:
                act(state, seat, what, events)
    return fire
