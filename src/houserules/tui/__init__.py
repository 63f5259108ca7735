"""Terminal play: a generic loop (``loop``) and one renderer per game.

A renderer knows how its game looks and how a person types its actions; the
loop knows nothing of any game. Each game keeps its renderer in its own
package (``terminal.py``) and declares it in its ``GameSpec``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table as RichTable

from ..engine import registry
from ..engine.core import Action
from ..engine.protocol import Game
from ..engine.words import CARD_TOKEN, YOU, second_person, tell

__all__ = ["YOU", "Renderer", "RendererBase", "card_or_text", "cards_drawn", "event_line", "house_rules", "move_line",
           "renderer", "seat_name", "seat_no", "seat_table", "second_person", "typed_seat"]


class Renderer(Protocol):
    def render(self, view: Any, names: list[str]) -> RenderableType:
        """The table as ``view``'s seat sees it."""
        ...

    def parse(self, text: str, seat: int, view: Any) -> Action | None:
        """A typed attempt (``KS``, ``end``), or None to wait (a game with time);
        raise ValueError with a hint if it does not parse."""
        ...

    def card_markup(self, name: str) -> str:
        """A card named in a sentence of the game's words, drawn as the game draws cards
        (Rich markup); any name that is not a card, as it is."""
        ...

    def menu(self, view: Any, legal: list[Action]) -> list[Action]:
        """The numbered menu: ``legal`` (``RendererBase``), reordered, or, where the legal list
        would tell a secret rule, what anyone could try (Mao)."""
        ...

    def ticker(self, view: Any, names: Sequence[str], now: float) -> str:
        """The line above the prompt that counts down while the person types, at ``now`` on the
        table's clock; "" for none (``RendererBase``)."""
        ...

    help_text: str


class RendererBase:
    """The defaults of a renderer's optional parts: a game's renderer subclasses it and
    overrides what its game needs."""

    def menu(self, view: Any, legal: list[Action]) -> list[Action]:
        """The legal actions as the rules list them."""
        return legal

    def ticker(self, view: Any, names: Sequence[str], now: float) -> str:
        """No clock counts down above the prompt."""
        return ""


#: how a tone of the game's words looks in a terminal: (indent, Rich style)
TONE_STYLE = {"": ("", ""), "aside": ("  ", ""), "quiet": ("", "dim"), "alert": ("", "bold red"),
              "good": ("", "bold green"), "strong": ("", "bold"), "special": ("", "bold magenta")}


def event_line(game: str, event: Mapping[str, Any], names: list[str], viewer: int | None) -> str | None:
    """One log line (Rich markup) for an event as ``viewer`` sees it: the game's
    own words (engine/words.py), its cards drawn by its renderer, styled by tone."""
    line = tell(registry.load(registry.spec(game).words), event, names, viewer)
    if line is None:
        return None
    body = cards_drawn(line.text, renderer(game).card_markup)
    indent, style = TONE_STYLE.get(line.tone, ("", ""))
    return f"{indent}[{style}]{body}[/]" if style else indent + body


def cards_drawn(text: str, draw: Callable[[str], str]) -> str:
    """Words in the card-token language (``[[QS]]``) as Rich markup: each card drawn by
    ``draw``, the rest escaped as text."""
    parts = CARD_TOKEN.split(text)  # plain text and card names, alternately
    return "".join(draw(p) if i % 2 else escape(p) for i, p in enumerate(parts))


def move_line(game: Game[Any, Any], r: Renderer, action: Action, view: Any,
              names: Sequence[str] | None = None) -> str:
    """A menu line for a legal action: the game's declared words for it (engine.moves),
    the same the browser's buttons show, with what it will do and what it costs; seats
    by ``names``."""
    said = game.words(action, view).named(names)
    line = cards_drawn(said.label, r.card_markup)
    if said.note:
        line += f" — {cards_drawn(said.note, r.card_markup)}"
    return f"{line} [dim]({cards_drawn(said.cost, r.card_markup)})[/]" if said.cost else line


def card_or_text(text: str, parse: Callable[[str], Any], markup: Callable[[Any], str]) -> str:
    """A card named in an event, drawn as the game draws cards; any other text as it is."""
    try:
        return markup(parse(text))
    except ValueError:  # CardError is a ValueError: not a card, so plain text
        return text


def seat_name(names: list[str], seat: int, viewer: int | None) -> str:
    """A seat's name in a table of seats (Rich markup: a name is text, so it is escaped),
    marked when it is the viewer's own."""
    name = escape(names[seat])
    return f"{name} (you)" if seat == viewer and name != YOU else name


def seat_no(seat: int, mark: str = "") -> str:
    """A seat's number in a table of seats as people count it, from 1 (the rules, their JSON and
    the server count from 0), after ``mark`` (▶ for the seat to act)."""
    return f"{mark}{seat + 1}"


def seat_table(names: list[str], viewer: int | None, columns: Sequence[str], rows: Iterable[Sequence[str]],
               turn: int | None = None, marks: Sequence[str] = (), numbers: Collection[str] = ()) -> RichTable:
    """The table of seats every game's panel shows: the seat counted from 1 after its marks (▶ the
    seat to act, ``turn``: None when nobody is; then the game's own ``marks`` per seat, bpoker's ✗),
    the player's name (yours marked), then the game's own ``columns``, one row of cells (Rich
    markup) per seat in seat order; the columns named in ``numbers`` aligned right."""
    table = RichTable(box=None, show_header=True, header_style="bold")
    for col in ("seat", "player", *columns):
        table.add_column(col, justify="right" if col in numbers else "left")
    for s, cells in enumerate(rows):
        mark = ("▶" if s == turn else "") + (marks[s] if marks else "")
        table.add_row(seat_no(s, mark), seat_name(names, s, viewer), *cells)
    return table


def typed_seat(text: str, players: int) -> int:
    """A seat number a person typed, counted from 1 as the table of seats shows it, as the rules'
    seat (from 0); ValueError saying what a seat number is."""
    t = text.strip()
    if not t.isdigit() or not 1 <= int(t) <= players:
        raise ValueError(f"a seat is its number in the table of seats, 1 to {players}")
    return int(t) - 1


def house_rules(house: Sequence[tuple[str, str, str]]) -> str:
    """The table's house rules (a view's ``house``: id, title, words) as one line of Rich markup
    naming each by its title ("" when there are none); ``rules GAME --house FILE`` says them in full."""
    if not house:
        return ""
    return ("House rules: " + "; ".join(f"[bold]{escape(title)}[/]" for _, title, _ in house)
            + " [dim](rules --house FILE says them in words)[/]")


def renderer(game: str) -> Renderer:
    """The terminal renderer ``game``'s package declares."""
    r: Renderer = registry.load(registry.spec(game).terminal)
    return r
