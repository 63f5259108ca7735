"""Shedding's events in plain words: one sentence each, for the terminal, the
browser and logs alike (engine/words.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...engine.words import Line, card, cards, shared

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

#: each effect's sentence: (event, names) -> text
EFFECTS: dict[str, Callable[[Mapping[str, Any], Sequence[str]], str]] = {
    "draw": lambda e, names: f"draw pressure is now {e['total']}",
    "skip": lambda e, names: f"{names[e['skipped']]} is skipped",
    "reverse": lambda e, names: "the direction is reversed",
    "shield": lambda e, names: f"{names[e['seat']]} shields: {e['cancelled']} cancelled",
    "suit": lambda e, names: f"the active suit is {SUIT_NAMES.get(e['suit'], e['suit'])}",
    "again": lambda e, names: f"{names[e['seat']]} plays again",
}


class SheddingWords:
    def describe(self, e: Mapping[str, Any], names: Sequence[str]) -> Line | None:
        kind = e["event"]
        who = names[e["seat"]] if "seat" in e else ""
        if kind == "play":
            return Line(f"{who} plays {card(e['card'])}")
        if kind == "draw":
            seen = f": {cards(e['cards'])}" if e.get("cards") else ""
            return Line(f"{who} draws {e['count']}{seen}")
        if kind == "penalty":
            shown = f" ({card(e['card'])} retracted)" if "card" in e else ""
            return Line(f"PENALTY “{e['name']}” for {who}: {e['reason']} [{e['rule']}]; "
                        f"{who} draws {e['count']}{shown}", "alert")
        if kind == "effect":
            return Line(EFFECTS[e["effect"]](e, names), "aside")
        if kind == "declare":
            return Line(f"{who}: last card!")
        if kind == "reshuffle":
            return Line(f"the discard pile is shuffled into a new draw pile ({e['cards']} cards)", "aside")
        if kind == "win":
            return Line(f"{who} goes out and wins!", "good")
        return shared(e, names)


WORDS = SheddingWords()
