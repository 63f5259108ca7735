"""Shedding's events in plain words: one sentence each, for the terminal, the
browser and logs alike (engine/words.py).

Each kind of event has one entry in ``TOLD`` (and each card effect one in
``EFFECTS``): a template of the event's fields (``said``) where the sentence is
always the same, a small function beside it where it depends on what happened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.words import Line, TableWords, Told, card, cards, said

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _suit(e: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"suit": SUIT_NAMES.get(e["suit"], e["suit"])}


def _skipped(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"{names[e['skipped']]} is skipped", "aside")


#: each card effect's sentence (an ``effect`` event), by the effect's name
EFFECTS: dict[str, Told] = {
    "draw": said("draw pressure is now {total}", "aside"),
    "skip": _skipped,
    "reverse": said("the direction is reversed", "aside"),
    "shield": said("{who} shields: {cancelled} cancelled", "aside"),
    "suit": said("the active suit is {suit}", "aside", _suit),
    "again": said("{who} plays again", "aside"),
}


def _effect(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line | None:
    return EFFECTS[e["effect"]](e, who, names)


def _draw(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    seen = f": {cards(e['cards'])}" if e.get("cards") else ""
    return Line(f"{who} draws {e['count']}{seen}")


def _penalty(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    shown = f" ({card(e['card'])} retracted)" if "card" in e else ""
    return Line(f"PENALTY “{e['name']}” for {who}: {e['reason']} [{e['rule']}]; {who} draws {e['count']}{shown}",
                "alert")


#: every Shedding event's sentence, by the event's kind
TOLD: dict[str, Told] = {
    "play": said("{who} plays [[{card}]]"),
    "draw": _draw,
    "penalty": _penalty,
    "effect": _effect,
    "declare": said("{who}: last card!"),
    "reshuffle": said("the discard pile is shuffled into a new draw pile ({cards} cards)", "aside"),
    "win": said("{who} goes out and wins!", "good"),
}

WORDS = TableWords(TOLD)
