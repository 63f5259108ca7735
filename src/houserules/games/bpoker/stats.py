"""Per-game figures for the simulator (``houserules sim bpoker``): how long games and hands
are, how hands end, which cards are played and which effects fire or are lost. Part 2's
balance study reads them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.core import Event
from .state import BState

#: events that are an effect firing, counted by kind
EFFECTS = ("magic", "tunnel", "control", "ring", "traded", "traded-hands", "traded-viewing", "wild",
           "took-random", "replayed", "five-price", "lost-hand", "j-armed", "j-spent", "scrapped", "forgiven",
           "cannibalised", "reflect", "neutralized", "locked-out", "shield", "reversed", "atomic", "skipped",
           "hole", "f-poker", "traded-all")


def game_stats(state: BState, events: list[Event]) -> dict[str, Any]:
    ends: Counter[str] = Counter()
    played: Counter[str] = Counter()
    fired: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    sets: Counter[str] = Counter()
    for e in events:
        if e.kind == "set-played":
            sets[str(e.data["clause"])] += 1
        if e.kind == "won-hand":
            ends[str(e.data["how"])] += 1
        elif e.kind == "hand-cap":
            ends["turn cap"] += 1
        elif e.kind == "played":
            played[str(e.data.get("as") or e.data["card"]).split("#")[0]] += 1
        elif e.kind in EFFECTS:
            fired[e.kind] += 1
        elif e.kind == "lost":
            lost[str(e.data["clause"])] += 1
    return {"turns": state.turns, "hands": state.hand_no - (0 if state.over and state.reason.startswith("turn") else 1),
            "hand_ends": dict(ends), "effects": dict(fired), "lost": dict(lost), "played": dict(played),
            "sets": dict(sets)}
