"""Mao's events in plain words: what a person at the table sees and hears.

Penalties are told as the dealer speaks them ("Dealer: Ann, talking."),
speech in quotes as it was said, and nothing ever says why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.words import Line, card

DEALER = "Dealer"


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "someone"


class MaoWords:
    def describe(self, event: Mapping[str, Any], names: Sequence[str]) -> Line | None:
        text = self.sentence(event, names)
        if text is None:
            return None
        kind = event.get("event")
        tone = {"penalty": "alert", "refused": "alert", "ended": "good", "started": "strong", "paused": "strong",
                "resumed": "strong", "quiet": "strong", "reshuffle": "aside", "pass": "quiet"}.get(str(kind), "")
        return Line(text, tone)

    def sentence(self, event: Mapping[str, Any], names: Sequence[str]) -> str | None:
        """The sentence alone (the view's recent log reuses it)."""
        kind = event.get("event")
        who = _name(names, event.get("seat"))
        if kind == "play":
            return f"{who} plays {card(event['card'])}."
        if kind == "returned":
            return f"{who} plays {card(event['card'])} and takes it back."
        if kind == "draw":
            got = f" ({card(event['card'])})" if "card" in event else ""
            if event.get("count", 0) > 1:
                return f"{who} draws {event['count']} cards."
            return f"{who} draws a card{got}." if event.get("count") else f"{who} finds no card to draw."
        if kind == "say":
            return f"{who}: “{event['said']}”"
        if kind == "knock":
            n = event["count"]
            return f"{who} knocks {'once' if n == 1 else 'twice' if n == 2 else f'{n} times'}."
        if kind == "point":
            return f"{who} points at {_name(names, event['at'])}."
        if kind == "touch":
            return f"{who} picks up their cards." if event["holding"] else f"{who} puts their cards down."
        if kind == "show":
            if event["shown"]:
                return f"{who} holds their cards up: " + " ".join(card(c) for c in event["cards"]) + "."
            return f"{who} hides their cards."
        if kind == "call":
            if not event["penalty"]:
                return f"{who} gives {_name(names, event['at'])} a penalty card without naming it."
            return f"{who} calls “{event['penalty']}” on {_name(names, event['at'])}."
        if kind == "penalty":
            got = f" ({card(event['card'])})" if "card" in event else ""
            if not event["name"]:  # a call left unnamed, awaiting a person dealer's ruling (H-dealer)
                return f"{who} takes a penalty card, unnamed.{got}"
            return f"{DEALER}: {who}, {event['name']}.{got}"
        if kind == "reshuffle":
            return "The play pile is shuffled into a new draw pile."
        if kind == "pass":
            return f"{who} passes."
        if kind == "started":
            return f"The game has started; {_name(names, event['turn'])} to play."
        if kind == "paused":
            return "The game is paused."
        if kind == "quiet":  # H-pause: a person dealing is reminded, never spoken for
            quiet = f"{event['seconds']:.0f}"
            return f"The table has been quiet for {quiet} s; {who} deals and may say “{event['said']}”"
        if kind == "resumed":
            return f"{DEALER}: “{event['said']}” The game goes on." if event.get("said") else "The game goes on."
        if kind == "ended":
            return f"{DEALER}: “{event['said']}”" if event.get("seat") is not None else "The game is abandoned."
        if kind == "refused":
            return f"Not possible: {event['reason']}."
        return _match_sentence(event, who, names)


def _match_sentence(event: Mapping[str, Any], who: str, names: Sequence[str]) -> str | None:
    """A match's events (the Extension, ``match``): a rule's words only to its author."""
    kind = event.get("event")
    if kind == "writing":
        return f"{who} won, and writes the next rule."
    if kind == "written":
        did = {"add": "adds a rule", "modify": "changes a rule", "remove": "removes a rule"}[event["op"]]
        mine = f" Your rule: {event['rule']}" if event.get("rule") else ""
        return f"{who} {did} and tells {_name(names, event['witness'])}.{mine}"
    if kind == "read":
        return f"{who} has read the new rule; the game can start."
    if kind == "dealt":
        return f"Game {event['game']} of the match: {_name(names, event['dealer'])} deals."
    if kind == "match_over":
        return "The match is over: " + ", ".join(f"{n} {w}" for n, w in zip(names, event["wins"])) + "."
    return None


WORDS = MaoWords()
