"""How King Taco looks in the terminal and how a person types its actions."""

from __future__ import annotations


from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from ...engine.core import Action
from .cards import (
    COLOUR, COLOUR_NAMES, COLOURS, SYMBOL, SYMBOL_NAMES, card_name, parse_card, parse_colour, parse_symbol,
)
from .state import CONDITION_NAMES, PENDING_NAMES
from .view import KingTacoView
from ...tui import Renderer, RendererBase, card_or_text, house_rules, seat_table, second_person, typed_seat

HELP = """Type a card to play or stack it (red:3, b:skip, wild:+=2, wild), or a number from the menu.
Words: allow (let the stack trigger), nope CARD (NOPE a stack), pass (no NOPE), draw,
colour NAME (a WILD's or lock's colour), symbol NAME (a lock's symbol), discard CARD,
fish CARD SEAT (go fishing), target SEAT (who draws, when a house rule asks), log, help, quit.
Colours: red yellow green cyan blue magenta."""

STYLE = {"red": "red", "yellow": "yellow", "green": "green", "cyan": "cyan", "blue": "blue", "magenta": "magenta",
         "wild": "white"}


def card_markup(c: int) -> str:
    colour = COLOUR_NAMES[COLOUR[c]]
    return f"[bold {STYLE[colour]} on grey15] {card_name(c)} [/]"


def _named(text: str) -> str:
    return card_or_text(text, parse_card, card_markup)


class KingTacoRenderer(RendererBase):
    help_text = HELP

    def render(self, view: KingTacoView, names: list[str]) -> RenderableType:
        rows = []
        for s in range(view.players):
            notes = []
            if view.out[s]:
                notes.append("NOPEd out")
            if view.shields[s]:
                notes.append(f"shield {view.shields[s]}t")
            if view.curses[s]:
                notes.append(f"curse {view.curses[s]}t")
            if view.timeouts[s]:
                notes.append(f"timeout {view.timeouts[s]}")
            if view.owed[s]:
                notes.append(f"owes {view.owed[s]}")
            if view.harvester == s:
                notes.append("harvesting")
            rows.append((str(view.hand_sizes[s]), str(view.mana[s]), ", ".join(notes)))
        seats = seat_table(names, view.seat, ("cards", "mana", ""), rows, turn=None if view.over else view.turn,
                           numbers=("cards", "mana"))
        cond = ("inverted " if view.inverted else "") + CONDITION_NAMES[view.condition]
        if view.lock:
            cond += f" ({COLOUR_NAMES[view.lock[0]]} / {SYMBOL_NAMES[view.lock[1]]})"
        if view.condition_turns:
            cond += f", {view.condition_turns} turns left"
        status = [f"Top: {card_markup(view.top)} as [bold]{COLOUR_NAMES[view.top_colour]}[/]",
                  f"play: {cond}", "→" if view.direction == 1 else "←", f"draw pile {view.draw_size}",
                  f"goto {view.goto}"]
        if view.fishing_turns:
            status.append(f"[bold cyan]go fishing ({view.fishing_turns} turns)[/]")
        lines: list[RenderableType] = [Text.from_markup("   ".join(status)), seats]
        if view.house:
            lines.append(Text.from_markup(house_rules(view.house)))
        if view.stack:
            cards = " ".join(f"{card_markup(c)}[dim]({escape(names[s])})[/]" for c, s in zip(view.stack, view.stack_seats))
            detail = f"count {view.stack_count}" if view.stack_count else f"{view.stack_life} round(s)"
            closed = " — only NOPE now" if view.stack_closed else ""
            lines.append(Text.from_markup(f"[bold yellow]Stack[/] {cards}  {detail}{closed}"))
        if view.pending is not None:
            who = escape(names[view.pending_seat]) if view.pending_seat is not None else "?"
            lines.append(Text.from_markup(second_person(f"[bold magenta]{who} chooses: {PENDING_NAMES[view.pending]}[/]")))
        if view.auction:
            lines.append(Text.from_markup("Auction points: " + ", ".join(f"{escape(names[s])} {p}" for s, p in enumerate(view.auction))))
        if view.asked:
            lines.append(Text.from_markup("[bold red]You may NOPE this stack now, or pass.[/]"))
        if view.hand is not None:
            hand = sorted(view.hand, key=lambda c: (COLOUR[c], SYMBOL[c]))
            lines.append(Text.from_markup("Your hand: " + " ".join(card_markup(c) for c in hand)))
        return Panel(Group(*lines), title="King Taco", border_style="yellow")

    def parse(self, text: str, seat: int, view: KingTacoView) -> Action:
        words = text.strip().split()
        if not words:
            raise ValueError("type a card or an action")
        head, rest = words[0].lower(), words[1:]
        if head in ("allow", "pass", "draw"):
            return Action(seat, head)
        if head in ("colour", "color") or (head in COLOURS and not rest and view.pending is not None):
            return Action(seat, "colour", arg=parse_colour(rest[0] if rest else head))
        if head == "symbol":
            return Action(seat, "symbol", arg=parse_symbol(" ".join(rest)))
        if head == "fish":
            if len(rest) != 2 or not rest[1].isdigit():
                raise ValueError("fish needs a card and a seat number, e.g. fish red:3 2")
            return Action(seat, "fish", parse_card(rest[0]), typed_seat(rest[1], view.players))
        if head == "target":
            if len(rest) != 1 or not rest[0].isdigit():
                raise ValueError("target needs a seat number, e.g. target 2")
            return Action(seat, "target", arg=typed_seat(rest[0], view.players))
        if head in ("play", "nope", "discard"):
            if not rest:
                raise ValueError(f"{head} needs a card, e.g. {head} red:3")
            return Action(seat, head, parse_card(" ".join(rest)))
        return Action(seat, "play", parse_card(text))

    def card_markup(self, name: str) -> str:
        return _named(name)


RENDERER: Renderer = KingTacoRenderer()  # typed as the protocol: mypy holds the class to it
