"""King Taco's events in plain words: one sentence each, for the terminal, the
browser and logs alike (engine/words.py). Cards are ``[[red:3]]`` tokens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.words import Line, card, shared

#: an effect's symbol as a person says it
EFFECT_WORDS = {"+=2": "+= 2", "all++": "all ++", "go-fishing": "go fishing", "nope": "NOPE", "null": ""}
#: why a seat draws, after the count
WHY = {"cannot play": " (nothing playable)", "stack": " (the stack)", "x2": " (x2)", "goto": " (the goto failed)",
       "go fish": " (go fish)", "owed": " (owed)"}
#: what ends when a table-wide effect expires
EXPIRED = {"condition": "the playability condition ends", "harvest": "the harvest ends",
           "go fishing": "go fishing ends"}


def effect(symbol: str) -> str:
    return EFFECT_WORDS.get(symbol, symbol)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class KingTacoWords:
    def describe(self, e: Mapping[str, Any], names: Sequence[str]) -> Line | None:
        kind = e["event"]
        who = names[e["seat"]] if isinstance(e.get("seat"), int) else ""
        if kind == "play":
            return Line(f"{who} {'stacks' if e.get('stack') else 'plays'} {card(e['card'])}")
        if kind == "draw":
            seen = f": {', '.join(card(c) for c in e['cards'])}" if e.get("cards") else ""
            return Line(f"{who} draws {e['count']}{WHY.get(e.get('why', ''), '')}{seen}")
        if kind == "fizzle":
            return Line(f"{card(e['card'])} has no effect: {who} lacks the mana (+1 mana instead)", "aside")
        if kind == "effect":
            if e["effect"] == "x2":
                return Line(f"{who}'s x2 alone: draws 1 and gains 1 mana", "aside")
            if e["effect"] == "harvest":
                return Line(f"{who} harvests everyone's mana for {plural(e['rounds'], 'round')}", "aside")
            return Line(f"{who}: {effect(e['effect'])}", "aside")
        if kind == "nope":
            more = f" ({e['nopes']} NOPEs on the stack)" if e.get("nopes", 1) > 1 else ""
            return Line(f"{who} NOPEs with {card(e['card'])}{more}", "alert")
        if kind == "allow":
            return Line(f"{who} allows the stack")
        if kind == "triggered":
            return Line(f"the {effect(e['effect'])} stack triggers ({plural(e['depth'], 'card')})", "aside")
        if kind == "blocked":
            return Line(f"{who}'s {effect(e['effect'])} is stopped by a {effect(e['by'])}", "aside")
        if kind == "keep":
            return Line(f"{who} keeps the rest ({plural(e['left'], 'card')} not discarded)")
        if kind == "cancelled":
            return Line(f"the {effect(e['effect'])} stack is NOPEd: no effect", "aside")
        if kind == "colour":
            return Line(f"{who} names {e['colour']}", "aside")
        if kind == "lock":
            return Line(f"{'inverted lock' if e['inverted'] else 'lock'}: {e['colour']} / {effect(e['symbol'])}", "aside")
        if kind == "discard":
            return Line(f"{who} discards {card(e['card'])}{' for the auction' if e.get('auction') else ''}")
        if kind == "fish":
            caught = "caught!" if e["caught"] else "go fish"
            return Line(f"{who} asks {names[e['target']]} for a {effect(e['symbol'])}: {caught}")
        if kind == "given":
            return Line(f"{who} hands {card(e['card'])} to {names[e['target']]}", "aside") if "card" in e else None
        if kind == "received":
            return Line(f"{names[e['source']]} hands {who} {card(e['card'])}", "aside") if "card" in e else None
        if kind == "harvest":
            burnt = f" ({e['incinerated']} burnt)" if e.get("incinerated") else ""
            return Line(f"{who} harvests {e['mana']} mana from {names[e['source']]}{burnt}", "aside")
        if kind == "expired":
            what = f"{who}'s {e['effect']} ends" if who else EXPIRED.get(e["effect"], f"{e['effect']} ends")
            return Line(what, "quiet")
        if kind == "timeout":
            more = f" ({e['left']} more)" if e.get("left") else ""
            return Line(f"{who} is timed out{more}", "aside")
        if kind == "nope-out":
            return Line(f"{who} NOPEs themself out of the game!", "alert")
        if kind == "auction":
            points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(e.get("points") or ()))
            return Line(f"{who} empties their hand: auction! Points {points}", "strong")
        if kind == "goto":
            return Line(f"{who} tries to win at 1 in {e['goto']}: {'succeeds!' if e['won'] else 'fails'}",
                        "good" if e["won"] else "")
        if kind == "reshuffle":
            return Line(f"the discard pile is shuffled into the draw pile ({e['cards']} cards)", "aside")
        if kind == "win":
            return Line(f"{who} wins ({e['how']})!", "good")
        return shared(e, names)


WORDS = KingTacoWords()
