"""The guided rule editor: a rule built from a few questions, for people who would
rather not write JSON (the terminal asks them; a test answers them).

``guided(ask)`` asks through ``ask(question, choices, default)`` (choices empty for
free text) and returns the ``write`` action's argument as JSON: what to do (add,
modify, remove), the rule (trigger, one or two conditions, a duty or an effect,
the penalty's name) and the witness. Nothing typed is run: the answers only fill
the rule language's fields, which the match then validates like any rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Ask = Callable[[str, Sequence[str], str], str]

TRIGGERS = {"play": "a card is played", "last": "a play leaves one card", "draw": "a player draws in their turn",
            "allow": "(a card may also be played)"}
THINGS = ("rank", "suit", "colour", "same rank as below", "same suit as below", "same colour as below",
          "same rank as two below")
RELATIONS = {"same rank as below": "card.rank == below.rank", "same suit as below": "card.suit == below.suit",
             "same colour as below": "card.colour == below.colour",
             "same rank as two below": "card.rank == below2.rank"}
DOES = ("say", "knock", "skip", "reverse", "again", "draw", "penalty")


def guided(ask: Ask, current: Sequence[str], seats: int, me: int) -> dict[str, Any]:
    """The ``write`` argument built from answers; ``current``: ids of rules that may change."""
    op = ask("add, modify or remove a rule?", ("add", "modify", "remove") if current else ("add",), "add")
    out: dict[str, Any] = {"op": op}
    if op in ("modify", "remove"):
        out["id"] = ask("which rule?", tuple(current), current[0])
    if op != "remove":
        out["rule"] = _rule(ask, out.get("id"))
    others = [str(s + 1) for s in range(seats) if s != me]  # seats as the table of seats numbers them, from 1
    out["witness"] = int(ask("which seat do you tell it to (the witness)?", others, others[0])) - 1
    return out


def _rule(ask: Ask, rid: str | None) -> dict[str, Any]:
    rule: dict[str, Any] = {"id": rid or ask("a short name for it (letters, digits, -)", (), "my-rule").lower()}
    on = ask("when does it apply?", tuple(TRIGGERS), "play")
    rule["on"] = on
    if on != "draw":
        conds = [_condition(ask)]
        if ask("another condition?", ("no", "yes"), "no") == "yes":
            conds.append(_condition(ask))
        rule["if"] = conds
    if on == "allow":
        return rule
    does = ask("what happens?", DOES, "say")
    who = "player"
    if does in ("say", "knock"):
        who = ask("who must do it?", ("player", "next"), "player")
    if does == "say":
        phrase = ask("what must they say?", (), "Hello")
        fail = ask("the penalty for not saying it", (), f"failure to say {phrase.lower()}")
        rule["must"] = [{"who": who, "do": "say", "phrase": phrase, "failure": fail}]
        rule["wrong_time"] = "talking"
    elif does == "knock":
        times = int(ask("how many knocks?", ("1", "2", "3"), "1"))
        fail = ask("the penalty for not knocking", (), "failure to knock")
        rule["must"] = [{"who": who, "do": "knock", "times": times, "failure": fail,
                         "improper": "improper knocking"}]
    elif does == "draw":
        rule["effects"] = [f"draw:{ask('how many cards does the player draw?', ('1', '2', '3'), '1')}"]
    elif does == "penalty":
        rule["penalty"] = ask("the penalty's name", (), "forbidden play")
    else:
        rule["effects"] = [does]
    return rule


def _condition(ask: Ask) -> str:
    thing = ask("about the card played:", THINGS, "rank")
    if thing in RELATIONS:
        return RELATIONS[thing]
    choices = {"rank": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
               "suit": ("clubs", "diamonds", "hearts", "spades"), "colour": ("red", "black")}[thing]
    return f"card.{thing} == {ask(f'which {thing}?', choices, choices[0])}"
