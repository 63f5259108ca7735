"""The kinds of value a rule's condition compares: ranks, suits, colours, counts, text.

A ``Kind`` says how a literal written in a rule is read (``"Q"`` -> 12, ``"hearts"`` ->
the suit), written back in the book's canonical form, and said in plain words. The card
kinds read the names people use (``A 2 .. 10 J Q K``, ``ace``, ``ten``; ``hearts`` or
``h``; ``red``, ``black``); a game may add its seed's own words (Mao's knaves and clovers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, RANK_NAMES, SPADES
from .text import RuleError, text


@dataclass(frozen=True)
class Kind:
    """A type of value: ``read(literal, where)`` (RuleError when it is not one), ``write(value)``
    (the literal a book keeps), ``say(value)`` (plain words), ``domain`` (every value, when
    there are few: what the checker enumerates), ``unit`` (said after a value, "cards"),
    ``comparable`` (two readings of this kind may be compared, ``card.suit == top.suit``) and
    ``verbs`` (how an operator is said where "is" does not fit: a hand "holds" 2 cards)."""

    name: str
    read: Callable[[str, str], Any]
    write: Callable[[Any], str] = str
    say: Callable[[Any], str] = str
    domain: tuple[Any, ...] = ()
    comparable: bool = True
    unit: str = ""
    verbs: Mapping[str, str] = field(default_factory=dict)


RANKS: Mapping[str, int] = {name.lower(): i + 1 for i, name in enumerate(RANK_NAMES)} | {
    "ace": ACE, "jack": JACK, "queen": QUEEN, "king": KING, "t": 10, "ten": 10}
SUITS: Mapping[str, int] = {"clubs": CLUBS, "diamonds": DIAMONDS, "hearts": HEARTS, "spades": SPADES,
                            "c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}
SUIT_WORDS: Mapping[int, str] = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades"}
COLOURS = ("red", "black")


def _rank(literal: str, where: str) -> int:
    word = literal.strip().lower()
    if word not in RANKS:
        raise RuleError(where, f"{literal!r} is not a rank (A 2 .. 10 J Q K)")
    return RANKS[word]


def _rank_name(value: Any) -> str:
    return RANK_NAMES[int(value) - 1]


def _colour(literal: str, where: str) -> str:
    word = literal.strip().lower()
    if word not in COLOURS:
        raise RuleError(where, f"{literal!r} is not a colour (red, black)")
    return word


RANK = Kind("rank", _rank, _rank_name, _rank_name, tuple(range(1, 14)))
COLOUR = Kind("colour", _colour, domain=COLOURS)


def suit_kind(aliases: Mapping[str, int] | None = None) -> Kind:
    """The suits, read by their names and initials, and by a seed's own ``aliases`` of them."""
    words = {**SUITS, **(aliases or {})}

    def read(literal: str, where: str) -> int:
        word = literal.strip().lower()
        if word not in words:
            raise RuleError(where, f"{literal!r} is not a suit (clubs, diamonds, hearts, spades)")
        return words[word]

    def name(value: Any) -> str:
        return SUIT_WORDS[int(value)]

    return Kind("suit", read, name, name, tuple(range(4)))


SUIT = suit_kind()


def count_kind(low: int, high: int, noun: str = "number", unit: str = "",
               verbs: Mapping[str, str] | None = None) -> Kind:
    """Whole numbers from ``low`` to ``high`` (a hand's size: ``noun`` "number of cards", said with
    its ``unit``); not compared with other readings."""
    def read(literal: str, where: str) -> int:
        try:
            value = int(literal.strip())
        except ValueError:
            raise RuleError(where, f"{literal!r} is not a {noun}") from None
        if not low <= value <= high:
            raise RuleError(where, f"must be a whole number from {low} to {high}, got {value!r}")
        return value

    return Kind("count", read, domain=tuple(range(low, high + 1)), comparable=False, unit=unit,
                verbs=verbs or {})


def text_kind(limit: int) -> Kind:
    """Words (a phrase said, a penalty's name), said in quotes; not compared with other readings."""
    def read(literal: str, where: str) -> str:
        return text(literal, where, limit)

    return Kind("text", read, say=lambda v: f"“{v}”", comparable=False)
