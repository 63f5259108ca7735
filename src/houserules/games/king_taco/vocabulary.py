"""King Taco's house-rule vocabulary (issue 36): what a table may write rules about, as records.

Each trigger is tied to the clause it extends (docs/rules/king-taco.md, "House rules of your
own", KT-HR-1 .. KT-HR-12):

- ``land``: a card lands on the pile, played or stacked (KT-2.1, KT-5), once its mana and its
  own effect are settled;
- ``resolve``: a stack of a kind resolves on the player it waits on (KT-5.3, KT-7), after what
  the stack itself does;
- ``turnstart``: a turn starts (KT-2);
- ``out``: a player empties their hand, before the auction (KT-9.1).

Conditions read the card (``card.colour``, ``card.symbol``, ``card.number``), the stack's kind
(``stack.kind``), the player's ``hand.size`` and ``mana``. Effects: ``mana:N`` and ``drain:N``
(within the seed's cap of 4), ``draw:N`` (the player), ``next:draw:N``, ``target:draw:N`` (a
player the player names), ``everyone:draw:N`` (every other player), ``skip`` (the next player is
timed out a turn), ``reverse``; a named penalty of 1 to 3 cards. The stackability matrix and the
seed's effects are never edited by a book. ``house`` compiles a book; ``housecheck`` judges one.
"""

from __future__ import annotations

from typing import Any

from ...engine.house.conditions import Reading
from ...engine.house.kinds import Kind, count_kind
from ...engine.house.text import RuleError
from ...engine.house.vocabulary import Effect, Subject, Trigger, Vocabulary
from .cards import (
    COLOUR, COLOUR_NAMES, KINDS, MANA_CAP, NULL, SYMBOL, SYMBOL_NAMES, SYMBOLS, VALUE, CardError, effect,
    parse_colour, parse_symbol,
)
from .housecheck import judge

EQ = ("==", "!=", "in")
ALL_OPS = ("==", "!=", "in", "<=", ">=")
#: the largest hand a condition names (more reads as this many)
MOST_HAND = 60
#: the stacks a book may name: every effect that can be a stack's base (NOPE and x2 never are: KT-7.11.6, KT-7.12.1)
STACK_KINDS = tuple(s for s in range(NULL + 1, SYMBOLS) if SYMBOL_NAMES[s] not in ("nope", "x2"))


def _colour(text: str, where: str) -> int:
    try:
        return parse_colour(text, wild=True)
    except CardError as exc:
        raise RuleError(where, str(exc)) from None


def _symbol(text: str, where: str) -> int:
    try:
        return parse_symbol(text)
    except CardError as exc:
        raise RuleError(where, str(exc)) from None


def _colour_name(value: Any) -> str:
    return COLOUR_NAMES[int(value)]


def _symbol_name(value: Any) -> str:
    return SYMBOL_NAMES[int(value)]


def _symbol_words(value: Any) -> str:
    return effect(SYMBOL_NAMES[int(value)])


KT_COLOUR = Kind("colour", _colour, _colour_name, _colour_name, tuple(range(len(COLOUR_NAMES))))
KT_SYMBOL = Kind("symbol", _symbol, _symbol_name, _symbol_words, tuple(range(SYMBOLS)))

SUBJECTS = (
    Subject("card", "the card", tuple(range(KINDS))),
    Subject("stack", "the stack", STACK_KINDS),
    Subject("hand", "the player's hand", tuple(range(MOST_HAND + 1))),
    Subject("mana", "the player's mana", tuple(range(MANA_CAP + 1))),
)
READINGS = (
    Reading("card.colour", KT_COLOUR, EQ, "the card's colour", "card", COLOUR.__getitem__),
    Reading("card.symbol", KT_SYMBOL, EQ, "the card's symbol", "card", SYMBOL.__getitem__),
    Reading("card.number", count_kind(0, 9, "number"), ALL_OPS, "the card's number", "card",
            VALUE.__getitem__),
    Reading("stack.kind", KT_SYMBOL, EQ, "the stack's kind", "stack"),
    Reading("hand.size", count_kind(0, MOST_HAND, "number of cards", "cards"), ALL_OPS,
            "the player's hand", "hand"),
    Reading("mana", count_kind(0, MANA_CAP, "number"), ALL_OPS, "the player's mana", "mana"),
)
CARD = ("card.colour", "card.symbol", "card.number")
PLAYER = ("hand.size", "mana")
DRAWS = ("draw", "next:draw", "everyone:draw")
TRIGGERS = (
    Trigger("land", "KT-2.1", "When a card lands on the pile (played or stacked)", CARD + PLAYER,
            ("mana", "drain", *DRAWS, "target:draw", "skip", "reverse")),
    Trigger("resolve", "KT-5.3", "When a stack resolves", ("stack.kind", *PLAYER),
            ("mana", "drain", *DRAWS, "skip", "reverse"), who="the player it resolves on"),
    Trigger("turnstart", "KT-2", "When a turn starts", PLAYER, ("mana", "drain", *DRAWS),
            who="the player whose turn it is"),
    Trigger("out", "KT-9.1", "When a player empties their hand", (*CARD, "mana"), ("mana", "everyone:draw"),
            who="the player going out", costs="instead of the auction, the player takes the penalty"),
)


def _n(n: int, seats: int) -> int:
    return n


def _others(n: int, seats: int) -> int:
    return n * (seats - 1)


EFFECTS = (
    Effect("mana", "KT-8", "{who} gains {n} mana (up to 4)", 1, MANA_CAP),
    Effect("drain", "KT-8", "{who} loses {n} mana", 1, MANA_CAP),
    Effect("draw", "KT-HR-6", "{who} draws {cards}", 1, 5, cost=_n),
    Effect("next:draw", "KT-HR-6", "the next player draws {cards}", 1, 5, cost=_n),
    Effect("target:draw", "KT-HR-7", "a player chosen by {who} draws {cards}", 1, 3, cost=_n),
    Effect("everyone:draw", "KT-HR-6", "every other player draws {cards}", 1, 3, cost=_others),
    Effect("skip", "KT-7.4.1", "the next player is timed out a turn"),
    Effect("reverse", "KT-7.1.1", "the direction of play reverses", cancels=True),
)

VOCABULARY = Vocabulary(
    game="king-taco", clause="KT-HR-1", triggers=TRIGGERS, subjects=SUBJECTS, readings=READINGS, effects=EFFECTS,
    judge=judge, hint="card .colour/.symbol/.number, stack.kind, hand.size, mana",
)
