"""The referee: the one door untrusted actions come through.

Bots and the simulator take actions from ``legal`` and may call
``game.apply`` directly. People, files and the network send attempts, which
``act`` checks first: a legal one is applied; an illegal one is refused in
strict mode (state untouched, a ``refused`` event naming the rule), and in
table mode judged by the rulebook through ``game.penalise``. Attempts that
are not a rules matter at all (``Illegal.penalty is None``) are refused in
every mode.
"""

from __future__ import annotations

from typing import Any

from .core import STRICT, Action, Event, Game, Illegal


def refusal(action: Action, illegal: Illegal) -> Event:
    """The event that tells a seat its attempt was refused and why."""
    return Event("refused", action.seat, {"rule": illegal.rule, "reason": illegal.reason})


def act(game: Game, state: Any, action: Action) -> list[Event]:
    """Check ``action`` and carry it out, refuse it, or penalise it."""
    illegal = game.check(state, action)
    if illegal is None:
        return game.apply(state, action)
    if illegal.penalty is None or state.mode == STRICT:
        return [refusal(action, illegal)]
    return game.penalise(state, action, illegal)
