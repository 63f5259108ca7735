"""How My Game looks in the terminal and how a person types its moves."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ...cards import IS_RED, RANK, SUIT, SUIT_SYMBOLS, card_symbol, parse_card
from ...engine.core import Action
from ...tui import Renderer, RendererBase, card_or_text, seat_table
from .game import MOVES
from .rules import SUIT_WORDS
from .view import MyGameView

HELP = """Type a card to play it (KS, 10h, td), or a number from the menu.
Words: call SUIT (after an eight: call hearts), draw, pass, log, help, quit."""


def card_markup(c: int) -> str:
    colour = "red" if IS_RED[c] else "white"
    return f"[bold {colour} on grey15] {card_symbol(c)} [/]"


class MyGameRenderer(RendererBase):
    help_text = HELP

    def render(self, view: MyGameView, names: list[str]) -> RenderableType:
        seats = seat_table(names, view.seat, ("cards",), ((str(n),) for n in view.hand_sizes),
                           turn=None if view.over else view.turn, numbers=("cards",))
        status = [f"Top: {card_markup(view.top)}", f"suit to follow: {SUIT_SYMBOLS[view.suit]} {SUIT_WORDS[view.suit]}",
                  f"draw pile {view.draw_size}"]
        if view.calling and not view.over:
            status.append("[bold magenta]an eight: its player calls a suit[/]")
        lines: list[RenderableType] = [Text.from_markup("   ".join(status)), seats]
        if view.hand is not None:
            hand = sorted(view.hand, key=lambda c: (SUIT[c], RANK[c]))
            lines.append(Text.from_markup("Your hand: " + " ".join(card_markup(c) for c in hand)))
        return Panel(Group(*lines), title="My Game", border_style="blue")

    def parse(self, text: str, seat: int, view: MyGameView) -> Action:
        return MOVES.parse(text, seat)

    def card_markup(self, name: str) -> str:
        return card_or_text(name, parse_card, card_markup)


RENDERER: Renderer = MyGameRenderer()  # typed as the protocol: mypy holds the class to it
