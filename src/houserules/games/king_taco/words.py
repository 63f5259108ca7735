"""King Taco's events in plain words: one sentence each, for the terminal, the
browser and logs alike (engine/words.py). Cards are ``[[red:3]]`` tokens.

Each kind of event has one entry in ``TOLD``: a sentence made from the event's
fields, and the tone it is read in. Most are a template (``said``); the few
whose sentence depends on what happened are a small function beside them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.words import Line, TableWords, Told, card, plural
from ...engine.words import said as template_said
from .cards import COST_BY_EFFECT, EFFECT_WORDS, SYMBOL_NAMES, effect

#: why a seat draws, after the count
WHY = {"cannot play": " (nothing playable)", "stack": " (the stack)", "x2": " (x2)", "goto": " (the goto failed)",
       "go fish": " (go fish)", "owed": " (owed)", "house": ""}
#: what ends when a table-wide effect expires
EXPIRED = {"condition": "the playability condition ends", "harvest": "the harvest ends",
           "go fishing": "go fishing ends"}


def _effect_said(e: Mapping[str, Any]) -> Mapping[str, Any]:
    """An effect's symbol in an event, as the game calls it in words."""
    return {"effect": effect(e["effect"])} if "effect" in e else {}


def said(template: str, tone: str = "") -> Told:
    """``engine.words.said``, with ``{effect}`` an effect as said."""
    return template_said(template, tone, _effect_said)


def _play(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"{who} {'stacks' if e.get('stack') else 'plays'} {card(e['card'])}")


def _draw(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    seen = f": {', '.join(card(c) for c in e['cards'])}" if e.get("cards") else ""
    return Line(f"{who} draws {e['count']}{WHY.get(e.get('why', ''), '')}{seen}")


def _effect(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    if e["effect"] == "x2":
        return Line(f"{who}'s x2 alone: draws 1 and gains 1 mana", "aside")
    if e["effect"] == "harvest":
        return Line(f"{who} harvests everyone's mana for {plural(e['rounds'], 'round')}", "aside")
    return Line(f"{who}: {effect(e['effect'])}", "aside")


def _nope(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    more = f" ({e['nopes']} NOPEs on the stack)" if e.get("nopes", 1) > 1 else ""
    return Line(f"{who} NOPEs with {card(e['card'])}{more}", "alert")


def _triggered(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"the {effect(e['effect'])} stack triggers ({plural(e['depth'], 'card')})", "aside")


def _keep(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"{who} keeps the rest ({plural(e['left'], 'card')} not discarded)")


def _lock(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"{'inverted lock' if e['inverted'] else 'lock'}: {e['colour']} / {effect(e['symbol'])}", "aside")


def _discard(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"{who} discards {card(e['card'])}{' for the auction' if e.get('auction') else ''}")


def _fish(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    caught = "caught!" if e["caught"] else "go fish"
    return Line(f"{who} asks {names[e['target']]} for a {effect(e['symbol'])}: {caught}")


def _given(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line | None:
    """The card goes with a catch: only its giver and taker see which it is."""
    return Line(f"{who} hands {card(e['card'])} to {names[e['target']]}", "aside") if "card" in e else None


def _received(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line | None:
    return Line(f"{names[e['source']]} hands {who} {card(e['card'])}", "aside") if "card" in e else None


def _harvest(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    burnt = f" ({e['incinerated']} burnt)" if e.get("incinerated") else ""
    return Line(f"{who} harvests {e['mana']} mana from {names[e['source']]}{burnt}", "aside")


def _mana(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    change = e["change"]
    verb = f"gains {change}" if change >= 0 else f"loses {-change}"
    return Line(f"{who} {verb} mana (now {e['mana']})", "aside")


def _penalty(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    return Line(f"PENALTY “{e['name']}” for {who}: {e['reason']} [{e['rule']}]; {who} draws {e['count']}", "alert")


def _expired(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    what = f"{who}'s {e['effect']} ends" if who else EXPIRED.get(e["effect"], f"{e['effect']} ends")
    return Line(what, "quiet")


def _timeout(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    more = f" ({e['left']} more)" if e.get("left") else ""
    return Line(f"{who} is timed out{more}", "aside")


def _auction(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(e.get("points") or ()))
    return Line(f"{who} empties their hand: auction! Points {points}", "strong")


def _goto(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
    """The try to win (KT-9.8); after a tie, who tied and that the draw chose (KT-9.7)."""
    tried = f"{who} tries to win at 1 in {e['goto']}: {'succeeds!' if e['won'] else 'fails'}"
    if e.get("tied", 1) > 1:
        tried = f"{tie(e['points'], e['seat'], names)}; drawn at random, {tried}"
    return Line(tried, "good" if e["won"] else "")


def tie(points: Sequence[int], seat: int, names: Sequence[str]) -> str:
    """The players who tied with ``seat`` in an auction: every player still in scores 1 point
    or more (KT-9.2) and a player NOPEd out 0, so the seats on ``seat``'s score are the tie."""
    tied = [names[s] for s, p in enumerate(points) if p == points[seat]]
    who = f"{', '.join(tied[:-1])} and {tied[-1]}" if len(tied) > 1 else "players"
    return f"{who} tie on {plural(points[seat], 'point')}"


#: every King Taco event's sentence, by the event's kind
TOLD: dict[str, Told] = {
    "play": _play,
    "draw": _draw,
    "fizzle": said("[[{card}]] has no effect: {who} lacks the mana (+1 mana instead)", "aside"),
    "effect": _effect,
    "nope": _nope,
    "allow": said("{who} allows the stack"),
    "triggered": _triggered,
    "blocked": lambda e, who, names: Line(f"{who}'s {effect(e['effect'])} is stopped by a {effect(e['by'])}", "aside"),
    "keep": _keep,
    "cancelled": said("the {effect} stack is NOPEd: no effect", "aside"),
    "colour": said("{who} names {colour}", "aside"),
    "lock": _lock,
    "discard": _discard,
    "fish": _fish,
    "given": _given,
    "received": _received,
    "harvest": _harvest,
    "expired": _expired,
    "timeout": _timeout,
    "nope-out": said("{who} NOPEs themself out of the game!", "alert"),
    "auction": _auction,
    "goto": _goto,
    "reshuffle": said("the discard pile is shuffled into the draw pile ({cards} cards)", "aside"),
    "win": said("{who} wins ({how})!", "good"),
    "mana": _mana,
    "penalty": _penalty,
    "target": lambda e, who, names: Line(f"{who} names {names[e['target']]} to draw {e['count']}", "aside"),
}


WORDS = TableWords(TOLD)


def web_effects() -> str:
    """web/effects.js: the effects' names as said and their mana costs, for the browser,
    written from the tables here (tests/king_taco/test_kt_words.py checks the file is current)."""
    cost = {SYMBOL_NAMES[s]: c for s, c in COST_BY_EFFECT.items()}
    return (
        "// King Taco's effects as the game says them and what they cost. Written by\n"
        "// houserules.games.king_taco.words.web_effects() from cards.EFFECT_WORDS and\n"
        "// cards.COST_BY_EFFECT (tests/king_taco/test_kt_words.py checks it is current): edit those.\n\n"
        "/** Mana each effect costs (KT-8.1); numbers and the plain WILD cost nothing. */\n"
        f"export const COST = {json.dumps(cost, ensure_ascii=False)};\n\n"
        "/** How each effect is called in words. */\n"
        f"export const EFFECT_WORDS = {json.dumps(EFFECT_WORDS, ensure_ascii=False)};\n\n"
        "/** An effect's symbol as said (\"+= 2\"); any other symbol (a number) as it is. */\n"
        "export const effect = (symbol) => EFFECT_WORDS[symbol] ?? symbol;\n"
    )
