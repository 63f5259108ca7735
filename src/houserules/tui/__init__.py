"""Terminal play: a generic loop (``loop``) and one renderer per game.

A renderer knows how its game looks and how a person types its actions; the
loop knows nothing of any game. Each game keeps its renderer in its own
package (``terminal.py``) and declares it in its ``GameSpec``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from rich.console import RenderableType

from ..engine import registry
from ..engine.core import Action


class Renderer(Protocol):
    def render(self, view: Any, names: list[str]) -> RenderableType:
        """The table as ``view``'s seat sees it."""
        ...

    def describe(self, action: Action, view: Any) -> str:
        """A menu line for a legal action."""
        ...

    def parse(self, text: str, seat: int, view: Any) -> Action:
        """A typed attempt (``KS``, ``end``); raise ValueError with a hint if it does not parse."""
        ...

    def event_text(self, event: dict[str, Any], names: list[str]) -> str | None:
        """One log line (Rich markup) for an event as the seat sees it, or None to hide it."""
        ...

    help_text: str


YOU = "You"
_IRREGULAR = {"is": "are", "has": "have", "was": "were"}


def _base_form(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def second_person(line: str) -> str:
    """Renderers write log lines in the third person ("Ann plays 5♥"); the
    person at the terminal is named "You", so their lines read "You play 5♥"
    and "your turn". One rule here instead of a grammar in every renderer."""
    line = line.replace(f"{YOU}'s turn", "your turn")
    return re.sub(rf"\b{YOU} ([A-Za-z]+)", lambda m: f"{YOU} {_base_form(m.group(1))}", line)


def card_or_text(text: str, parse: Callable[[str], Any], markup: Callable[[Any], str]) -> str:
    """A card named in an event, drawn as the game draws cards; any other text as it is."""
    try:
        return markup(parse(text))
    except ValueError:  # CardError is a ValueError: not a card, so plain text
        return text


def seat_name(names: list[str], seat: int, viewer: int | None) -> str:
    """A seat's name in a table of seats, marked when it is the viewer's own."""
    name = names[seat]
    return f"{name} (you)" if seat == viewer and name != YOU else name


def renderer(game: str) -> Renderer:
    """The terminal renderer ``game``'s package declares."""
    r: Renderer = registry.load(registry.spec(game).terminal)
    return r
