"""Events in plain words, written once per game for every screen.

A game's ``words`` module (declared in its ``GameSpec``) turns an event, as
one viewer may see it, into one sentence in the third person: "Ann plays
[[QS]] and draws 2." Cards are written as ``[[NAME]]`` in the game's own
notation, so each screen can draw them its own way: the terminal styles them
with Rich markup, the browser receives the sentence with the event and turns
each token into a card chip, and ``plain`` makes plain text for logs and
tests. Nobody writes a game's wording twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

CARD_TOKEN = re.compile(r"\[\[([^\[\]]+)\]\]")


class Words(Protocol):
    """How a game tells its events."""

    def describe(self, event: Mapping[str, Any], names: Sequence[str]) -> str | None:
        """One sentence for ``event`` (its JSON as the viewer sees it), seats named by
        ``names``; None for an event a person need not read (a bookkeeping one)."""
        ...


def card(name: str) -> str:
    """A card's token in a sentence."""
    return f"[[{name}]]"


def cards(names: Sequence[str], sep: str = " ") -> str:
    return sep.join(card(n) for n in names)


def render(text: str, draw: Callable[[str], str]) -> str:
    """``text`` with each card token drawn by ``draw`` (given the card's name)."""
    return CARD_TOKEN.sub(lambda m: draw(m.group(1)), text)


def plain(text: str) -> str:
    """``text`` with the card tokens as bare names."""
    return render(text, lambda name: name)
