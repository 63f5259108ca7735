"""How Shedding looks in the terminal and how a person types its actions."""

from __future__ import annotations


from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ...cards import IS_RED, RANK, SUIT, card_symbol, parse_card
from ...engine.core import Action
from .game import MOVES
from .view import SheddingView
from ...tui import Renderer, RendererBase, card_or_text, house_rules, seat_table

HELP = """Type a card to play it (KS, 10h, td), or a number from the menu.
Words: end run (or end: finish your run), draw, decline (leave a Queen uncovered and draw 1),
declare (or last card), show CARD (expose a card: a penalty), log, help, quit.
In table mode you may attempt any play: an illegal one is judged by the rulebook."""


def card_markup(c: int) -> str:
    colour = "red" if IS_RED[c] else "white"
    return f"[bold {colour} on grey15] {card_symbol(c)} [/]"


def _name_card(text: str) -> str:
    return card_or_text(text, parse_card, card_markup)


class SheddingRenderer(RendererBase):
    help_text = HELP

    def render(self, view: SheddingView, names: list[str]) -> RenderableType:
        seats = seat_table(names, view.seat, ("cards", ""),
                           ((str(view.hand_sizes[s]), "declared last card" if view.declared[s] else "")
                            for s in range(view.players)),
                           turn=None if view.over else view.turn, numbers=("cards",))
        arrow = "→ to higher seats" if view.direction == 1 else "← to lower seats"
        status = [f"Top: {card_markup(view.top)}", f"direction {arrow}",
                  f"draw pile {view.draw_size}", f"turn {view.turns + 1}"]
        if view.pending:
            status.append(f"[bold yellow]draw pressure {view.pending}[/]")
        if view.queen_to_cover and not view.over:
            status.append("[bold magenta]Queen on top: cover it or decline[/]")
        lines: list[RenderableType] = [Text.from_markup("   ".join(status)), seats]
        if view.house:
            lines.append(Text.from_markup(house_rules(view.house)))
        if view.run:
            lines.append(Text.from_markup("This turn: " + " ".join(card_markup(c) for c in view.run)))
        if view.hand is not None:
            hand = sorted(view.hand, key=lambda c: (SUIT[c], RANK[c]))
            lines.append(Text.from_markup("Your hand: " + " ".join(card_markup(c) for c in hand)))
        return Panel(Group(*lines), title="Shedding", border_style="blue")

    def parse(self, text: str, seat: int, view: SheddingView) -> Action:
        return MOVES.parse(text, seat)

    def card_markup(self, name: str) -> str:
        return _name_card(name)


RENDERER: Renderer = SheddingRenderer()  # typed as the protocol: mypy holds the class to it
