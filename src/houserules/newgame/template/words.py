"""My Game's events in plain words: one sentence each, for the terminal, the browser and logs
alike (``engine.words``).

Each kind of event has one entry in ``TOLD``: a template of the event's fields (``said``) where
the sentence is always the same, a small function beside it where it depends on what happened
(what the viewer may see: only its drawer learns the card drawn). Kinds not in the table (a
turn, a refusal) are told as every game tells them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.words import Line, TableWords, Told, plural, said


def _draw(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"{who} draws [[{e['card']}]]" if "card" in e else f"{who} draws a card")


def _blocked(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    winners = " and ".join(names[s] for s in e["winners"])
    held = plural(e["cards"], "card")
    if len(e["winners"]) == 1:
        return Line(f"Nobody can play: {winners} wins, holding the fewest cards ({held})", "good")
    return Line(f"Nobody can play: {winners} share the win, holding {held} each", "good")


#: every My Game event's sentence, by the event's kind
TOLD: dict[str, Told] = {
    "play": said("{who} plays [[{card}]]"),
    "call": said("{who} calls {suit}", "aside"),
    "draw": _draw,
    "pass": said("{who} passes", "quiet"),
    "out": said("{who} goes out and wins!", "good"),
    "blocked": _blocked,
}

WORDS = TableWords(TOLD)
