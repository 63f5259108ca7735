"""Terminal play: a generic loop (``loop``) and one renderer per game.

A renderer knows how its game looks and how a person types its actions; the
loop knows nothing of any game. A new game adds a module here and a line in
``RENDERERS``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from rich.console import RenderableType

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


RENDERERS = {
    "shedding": "houserules.tui.shedding:RENDERER",
    "king-taco": "houserules.tui.king_taco:RENDERER",
    "cripple-mr-onion": "houserules.tui.onion:RENDERER",
}


def renderer(game: str) -> Renderer:
    module, attr = RENDERERS[game].split(":")
    return getattr(import_module(module), attr)
