"""The referee: the one door untrusted actions come through.

Bots and the simulator take actions from ``legal`` and may call
``game.apply`` directly. People, files and the network send attempts, which
``act`` checks first: a legal one is applied; an illegal one is refused in
strict mode (state untouched, a ``refused`` event naming the rule), and in
table mode judged by the rulebook through ``game.penalise``. Attempts that
are not a rules matter at all (``Illegal.penalty is None``) are refused in
every mode.

Time reaches the rules here too: an attempt made at ``now`` (seconds on the
table's clock) first lets the game act on every deadline that has passed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import STRICT, Action, Event, Illegal

if TYPE_CHECKING:
    from .protocol import Game


def refusal(action: Action, illegal: Illegal) -> Event:
    """The event that tells a seat its attempt was refused and why."""
    return Event("refused", action.seat, {"rule": illegal.rule, "reason": illegal.reason})


def act(game: Game[Any, Any], state: Any, action: Action, now: float | None = None) -> list[Event]:
    """Check ``action`` and carry it out, refuse it, or penalise it (at ``now``, if given)."""
    events = game.advance(state, now) if now is not None else []
    illegal = game.check(state, action)
    if illegal is None:
        return events + game.apply(state, action)
    if illegal.penalty is None or state.mode == STRICT:
        return events + [refusal(action, illegal)]
    return events + game.penalise(state, action, illegal)
