"""King Taco's cards, their notation and the deck.

A card is a small int, ``colour * SYMBOLS + symbol``, so that the hot path
compares ints: six colours and WILD, and twenty-four symbols (numbers 1-9,
the plain WILD's ``null``, and the fourteen effects in the seed's order).
Duplicates are the same int (the four plain WILDs are four copies of card
``wild``); hands and piles are lists, so copies are simply repeated.

Notation: ``red:3``, ``blue:skip``, ``wild:+=2``, ``wild`` (the plain WILD).
Colour names may be shortened to their first letter (``r:3``) and effect
names may be written as in the seed (``+= 2``, ``all ++``, ``go fishing``,
``-1``, ``NOPE``) or by its short codes (``P2``, ``AP1``, ``GOF``, ``M1``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Final, NamedTuple

COLOURS = ("red", "yellow", "green", "cyan", "blue", "magenta")
WILD: Final = len(COLOURS)  # the colour of wild cards
COLOUR_NAMES = COLOURS + ("wild",)

MAX_NUMBER = 9
NULL: Final = MAX_NUMBER  # the symbol of a plain WILD (seed: "The symbol of a WILD with no secondary effect is null")
EFFECTS = ("inverse", "+=2", "all++", "skip", "rage", "calm", "lock", "go-fishing",
           "shield", "curse", "nope", "x2", "--", "harvest")
SYMBOL_NAMES = tuple(str(n) for n in range(1, MAX_NUMBER + 1)) + ("null",) + EFFECTS
SYMBOLS: Final = len(SYMBOL_NAMES)
#: the effects' symbols, after null
INVERSE: Final = NULL + 1
PLUS2: Final = NULL + 2
ALLPP: Final = NULL + 3
SKIP: Final = NULL + 4
RAGE: Final = NULL + 5
CALM: Final = NULL + 6
LOCK: Final = NULL + 7
FISHING: Final = NULL + 8
SHIELD: Final = NULL + 9
CURSE: Final = NULL + 10
NOPE: Final = NULL + 11
X2: Final = NULL + 12
MINUS: Final = NULL + 13
HARVEST: Final = NULL + 14
assert HARVEST == SYMBOLS - 1
KINDS: Final = (len(COLOURS) + 1) * SYMBOLS

#: the most mana a player holds (seed: "if U already has 4 mana ... capped at 4")
MANA_CAP: Final = 4
#: mana each effect costs (seed table "Mana"); numbers and null cost nothing
COST_BY_EFFECT = {INVERSE: 1, PLUS2: 1, ALLPP: 2, SKIP: 2, RAGE: 1, CALM: 1, LOCK: 2, FISHING: 3,
                  SHIELD: 1, CURSE: 1, NOPE: 3, X2: 2, MINUS: 1, HARVEST: 4}
COST: Final[tuple[int, ...]] = tuple(COST_BY_EFFECT.get(s, 0) for s in range(SYMBOLS))
#: how each effect is said in a sentence: its notation's name, but where that does not read as
#: words. The one table of these names: the log, the terminal, the move words and the browser
#: (web/effects.js is written from it, ``words.web_effects``) all say an effect this way.
EFFECT_WORDS: dict[str, str] = {**{e: e for e in EFFECTS}, "+=2": "+= 2", "all++": "all ++",
                                "go-fishing": "go fishing", "nope": "NOPE", "null": ""}


def effect(symbol: str) -> str:
    """An effect's symbol as said (``+= 2``); any other symbol (a number) as it is."""
    return EFFECT_WORDS.get(symbol, symbol)


def card(colour: int, symbol: int) -> int:
    return colour * SYMBOLS + symbol


COLOUR: Final[tuple[int, ...]] = tuple(c // SYMBOLS for c in range(KINDS))
SYMBOL: Final[tuple[int, ...]] = tuple(c % SYMBOLS for c in range(KINDS))
IS_WILD: Final[tuple[bool, ...]] = tuple(COLOUR[c] == WILD for c in range(KINDS))
IS_NUMBER: Final[tuple[bool, ...]] = tuple(SYMBOL[c] < NULL for c in range(KINDS))
IS_EFFECT: Final[tuple[bool, ...]] = tuple(SYMBOL[c] > NULL for c in range(KINDS))
#: face value of a number card (0 for every other card)
VALUE: Final[tuple[int, ...]] = tuple(SYMBOL[c] + 1 if IS_NUMBER[c] else 0 for c in range(KINDS))
PLAIN_WILD: Final = card(WILD, NULL)


class CardError(ValueError):
    """A card name that does not parse, with the reason in the message."""


_ALIASES = {
    "inverse": INVERSE, "inv": INVERSE, "+=2": PLUS2, "p2": PLUS2, "+2": PLUS2,
    "all++": ALLPP, "ap1": ALLPP, "all+1": ALLPP, "skip": SKIP, "rage": RAGE, "calm": CALM,
    "lock": LOCK, "go-fishing": FISHING, "gofishing": FISHING, "gof": FISHING, "fishing": FISHING,
    "shield": SHIELD, "she": SHIELD, "curse": CURSE, "cur": CURSE, "nope": NOPE, "x2": X2,
    "--": MINUS, "-1": MINUS, "m1": MINUS, "harvest": HARVEST, "har": HARVEST, "null": NULL,
}
_ALIASES.update({str(n): n - 1 for n in range(1, MAX_NUMBER + 1)})
_COLOUR_BY_NAME = {name: i for i, name in enumerate(COLOUR_NAMES)}
_COLOUR_BY_NAME.update({name[0]: i for i, name in enumerate(COLOUR_NAMES)})


def parse_symbol(text: str) -> int:
    key = "".join(text.lower().split()).replace("_", "-")
    if key not in _ALIASES:
        raise CardError(f"{text!r} is not a King Taco symbol: use 1-{MAX_NUMBER} or one of {', '.join(EFFECTS)}")
    return _ALIASES[key]


def parse_colour(text: str, wild: bool = False) -> int:
    key = text.strip().lower()
    colour = _COLOUR_BY_NAME.get(key)
    if colour is None or (colour == WILD and not wild):
        allowed = COLOUR_NAMES if wild else COLOURS
        raise CardError(f"{text!r} is not a colour: use one of {', '.join(allowed)}")
    return colour


def parse_card(text: str) -> int:
    """``red:3``, ``b:skip``, ``wild:+=2``, ``wild``; raise CardError saying what is wrong."""
    t = text.strip()
    if t.lower() in ("wild", "w"):
        return PLAIN_WILD
    if ":" not in t:
        raise CardError(f"{text!r} is not a card: write colour:symbol, e.g. red:3, blue:skip, wild:+=2, or wild")
    colour_text, _, symbol_text = t.partition(":")
    colour = parse_colour(colour_text, wild=True)
    symbol = parse_symbol(symbol_text)
    if colour == WILD and symbol < NULL:
        raise CardError(f"{text!r}: a WILD carries an effect or nothing, not a number")
    if colour != WILD and symbol == NULL:
        raise CardError(f"{text!r}: only a WILD has the null symbol")
    return card(colour, symbol)


def parse_cards(texts: Iterable[str] | str) -> list[int]:
    """A list of card names, or one string of names separated by commas."""
    if isinstance(texts, str):
        texts = [t for t in texts.split(",") if t.strip()]
    return [parse_card(t) for t in texts]


#: the canonical notation of every card int: ``red:3``, ``wild:+=2``, ``wild`` (events name cards on the hot path)
NAMES: Final[tuple[str, ...]] = tuple(
    "wild" if c == PLAIN_WILD else f"{COLOUR_NAMES[COLOUR[c]]}:{SYMBOL_NAMES[SYMBOL[c]]}" for c in range(KINDS))


def card_name(c: int) -> str:
    """The canonical notation: ``red:3``, ``wild:+=2``, ``wild``."""
    return NAMES[c]


def card_names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


# --- the deck (an option, validated) ---------------------------------------
DEFAULT_DECK: dict[str, Any] = {
    "colours": list(COLOURS),
    "numbers": [1, 2, 3, 4],
    "effects": list(EFFECTS),
    "plain_wilds": None,  # None: one per red number card (seed)
    "wild_effects": None,  # None: one per red effect card (seed)
}
DECK_KEYS = tuple(DEFAULT_DECK)


def _names(value: Any, what: str, parse: Any) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise ValueError(f"deck.{what} must be a list")
    out = [parse(str(v)) for v in value]
    if len(set(out)) != len(out):
        raise ValueError(f"deck.{what} names something twice")
    return out


#: ``json.dumps(x, sort_keys=True)`` is ``SORTED.encode(x)`` with a new encoder each time; every
#: new game reads its deck's description twice (issue 26)
SORTED: Final = json.JSONEncoder(sort_keys=True)


def validate_deck(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill the seed's defaults and check a deck description (ValueError says what is wrong).
    Every new game validates its options, so the answer is remembered per description."""
    try:
        key = _key(raw)
    except TypeError:
        raise ValueError("deck must be a JSON object of lists and numbers") from None
    return {k: v[:] if isinstance(v, list) else v for k, v in _validated(key).items()}  # the caller's own


@lru_cache(maxsize=64)
def _validated(key: str) -> dict[str, Any]:
    """The validated description (never handed out: ``validate_deck`` copies its lists, which
    hold only names and numbers)."""
    return _validate_deck(json.loads(key))


#: the deck descriptions met lately, each with its sorted JSON (the key of the answers remembered
#: above and below), newest first. Every new game reads its deck twice (its options, its cards):
#: encoding a deck cost ~45,000 instructions compiled, comparing it with one met before ~1,000
_MET: Final[list[tuple[Any, str]]] = []
MET_KEPT: Final = 8


def _key(deck: Any) -> str:
    """``SORTED.encode(deck)`` (TypeError for what JSON cannot hold), read from the decks met
    lately when ``deck`` is one of them."""
    for seen, key in _MET:
        if _same_json(deck, seen):
            return key
    key = SORTED.encode(deck)
    _MET.insert(0, (json.loads(key), key))
    del _MET[MET_KEPT:]
    return key


def _same_json(a: object, b: object) -> bool:
    """Whether ``a`` equals ``b`` with the same types all the way down, of the kinds a deck holds
    (text, whole numbers, None, lists, objects with text keys): then both encode to the same JSON.
    (``==`` alone is not enough: ``True == 1`` and ``1 == 1.0`` in Python, not in JSON.) False for
    anything else, which is then encoded."""
    if type(a) is not type(b):
        return False
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return False
        for i in range(len(a)):
            if not _same_json(a[i], b[i]):
                return False
        return True
    if isinstance(a, int) and isinstance(b, int):  # and bools: the same type, checked above
        return a == b
    if a is None:
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        if len(a) != len(b):
            return False
        for k, v in a.items():
            if not isinstance(k, str) or k not in b or not _same_json(v, b[k]):
                return False
        return True
    return False


def _validate_deck(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    if raw is not None and not isinstance(raw, Mapping):
        raise ValueError("deck must be an object with keys " + ", ".join(DECK_KEYS))
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(DECK_KEYS))
    if unknown:
        raise ValueError(f"unknown deck key(s): {', '.join(unknown)}; known: {', '.join(DECK_KEYS)}")
    deck = {**DEFAULT_DECK, **raw}
    try:
        colours = _names(deck["colours"], "colours", parse_colour)
        numbers = deck["numbers"]
        if (not isinstance(numbers, list) or len(set(numbers)) != len(numbers)
                or not all(isinstance(n, int) and 1 <= n <= MAX_NUMBER for n in numbers)):
            raise ValueError(f"deck.numbers must be distinct whole numbers 1..{MAX_NUMBER}")
        effects = _names(deck["effects"], "effects", parse_symbol)
        wild_effects = _names(deck["wild_effects"] if deck["wild_effects"] is not None else deck["effects"],
                              "wild_effects", parse_symbol)
    except CardError as exc:
        raise ValueError(f"deck: {exc}") from None
    if not colours:
        raise ValueError("deck.colours needs at least one colour")
    if any(s <= NULL for s in effects + wild_effects):
        raise ValueError("deck.effects and deck.wild_effects name effects only (numbers go in deck.numbers)")
    plain = deck["plain_wilds"]
    if plain is None:
        plain = len(numbers)
    if not isinstance(plain, int) or plain < 0:
        raise ValueError("deck.plain_wilds must be a whole number >= 0")
    return {"colours": [COLOURS[c] for c in colours], "numbers": sorted(numbers),
            "effects": [SYMBOL_NAMES[s] for s in effects], "plain_wilds": plain,
            "wild_effects": [SYMBOL_NAMES[s] for s in wild_effects]}


class DeckFacts(NamedTuple):
    """What a validated deck description comes to, worked out once per description."""

    cards: tuple[int, ...]  # every card, in a fixed order (shuffle with the game's generator)
    colours: tuple[int, ...]  # the colours in the game (a WILD's and a lock's colour is one of them)
    lock_symbols: tuple[int, ...]  # what a lock may name: the non-NOPE symbols of non-WILD cards (KT-3.4)


def deck_facts(deck: Mapping[str, Any]) -> DeckFacts:
    return _facts(_key(deck))


def build_deck(deck: Mapping[str, Any]) -> list[int]:
    """Every card of a validated deck description, in a fixed order (shuffle with the game's generator)."""
    return list(deck_facts(deck).cards)


@lru_cache(maxsize=64)
def _facts(key: str) -> DeckFacts:
    deck = json.loads(key)
    colours = tuple(COLOURS.index(name) for name in deck["colours"])
    numbers = [n - 1 for n in deck["numbers"]]
    effects = [parse_symbol(e) for e in deck["effects"]]
    cards: list[int] = []
    for colour in colours:
        cards.extend(card(colour, n) for n in numbers)
        cards.extend(card(colour, e) for e in effects)
    cards.extend([PLAIN_WILD] * deck["plain_wilds"])
    cards.extend(card(WILD, parse_symbol(e)) for e in deck["wild_effects"])
    lock_symbols = tuple(sorted(y for y in set(numbers + effects) if y != NOPE))
    return DeckFacts(tuple(cards), colours, lock_symbols)
