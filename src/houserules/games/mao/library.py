"""Sensible house rules for bots to write in a match (the Extension), in the rule language.

``LIBRARY`` holds whole rules a Mao group might invent; ``compose`` builds a
new one from parts (a trigger's condition, then a duty or an effect), as a
player inventing a rule does. Every rule here is checked like any other
written rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

_SAY = "say"

LIBRARY: tuple[Mapping[str, Any], ...] = (
    {"id": "nice-day", "title": "Sevens", "on": "play", "if": ["card.rank == 7"],
     "must": [{"who": "player", "do": _SAY, "phrase": "Have a nice day", "failure": "failure to say have a nice day"}],
     "wrong_time": "talking"},
    {"id": "eights-again", "title": "Eights", "on": "play", "if": ["card.rank == 8"], "effects": ["again"]},
    {"id": "nines-skip", "title": "Nines", "on": "play", "if": ["card.rank == 9"], "effects": ["skip"]},
    {"id": "twos-wild", "title": "Twos", "on": "allow", "if": ["card.rank == 2"]},
    {"id": "spade-knock", "title": "Spades", "on": "play", "if": ["card.suit == spades"],
     "must": [{"who": "player", "do": "knock", "times": 1, "failure": "failure to knock for spades"}]},
    {"id": "thank-you", "title": "Thanks", "on": "play", "if": ["card.colour == below.colour", "card.rank == below.rank"],
     "must": [{"who": "next", "do": _SAY, "phrase": "Thank you", "failure": "failure to say thank you"}],
     "wrong_time": "talking"},
    {"id": "double-trouble", "title": "Doubles", "on": "play", "if": ["card.rank == below.rank", "card.rank == below2.rank"],
     "effects": ["draw:1"]},
    {"id": "queens-reverse", "title": "Queens", "on": "play", "if": ["card.rank == Q"], "effects": ["reverse"]},
    {"id": "grateful", "title": "Gratitude", "on": "penalty",
     "must": [{"who": "player", "do": _SAY, "phrase": "Thank you dealer", "failure": "failure to say thank you dealer"}]},
    {"id": "hush-for-kings", "title": "Kings", "on": "play", "if": ["card.rank == K"],
     "must": [{"who": "everyone", "do": "silent", "failure": "breaking the silence"}]},
    {"id": "jacks-point", "title": "Jacks", "on": "play", "if": ["card.rank == J"],
     "must": [{"who": "next", "do": "point", "failure": "failure to point"}], "wrong_time": "pointing about"},
    {"id": "knock-in", "title": "Knocking in", "on": "turnstart",
     "must": [{"who": "player", "do": "knock", "times": 1, "failure": "failure to knock at your turn"}]},
)

_WHEN = ("card.rank == 3", "card.rank == 4", "card.rank == 5", "card.rank == 6", "card.suit == diamonds",
         "card.suit == clubs", "card.colour == black", "card.rank == below.rank")
_DO: tuple[Mapping[str, Any], ...] = (
    {"must": [{"who": "player", "do": _SAY, "phrase": "Bingo", "failure": "failure to say bingo"}],
     "wrong_time": "talking"},
    {"must": [{"who": "next", "do": _SAY, "phrase": "Well played", "failure": "failure to say well played"}],
     "wrong_time": "talking"},
    {"must": [{"who": "player", "do": "knock", "times": 1, "failure": "failure to knock"}]},
    {"effects": ["skip"]},
    {"effects": ["again"]},
)


def compose(rng: random.Random, taken: Sequence[str]) -> dict[str, Any]:
    """A new rule from parts, with an id not in ``taken``."""
    when = rng.choice(_WHEN)
    rule: dict[str, Any] = {"on": "play", "if": [when], **rng.choice(_DO)}
    n = 1
    while f"house-{n}" in taken:
        n += 1
    rule["id"] = f"house-{n}"
    rule["title"] = f"House rule {n}"
    return rule


def suggestions(rng: random.Random, taken: Sequence[str], count: int = 4) -> list[dict[str, Any]]:
    """Rules a bot may add: library rules not yet in play, then composed ones."""
    out = [dict(r) for r in LIBRARY if r["id"] not in taken]
    rng.shuffle(out)
    out = out[:count - 1]
    out.append(compose(rng, list(taken) + [r["id"] for r in out]))
    return out
