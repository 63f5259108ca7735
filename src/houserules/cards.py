"""Standard French-suited playing cards and their notation.

A card is a small int so that the rules' hot paths compare ints, not objects:
``card = (rank - 1) * 4 + suit`` with ranks 1 (Ace) .. 13 (King) and suits in
the order ``C D H S``. Lookup tables (``RANK``, ``SUIT``) are indexed by card.

Notation, everywhere a person or a file names a card: rank ``A 2 3 4 5 6 7 8
9 10 J Q K`` (``T`` accepted for ten, lower case accepted) followed by suit
``C D H S`` (``♣ ♦ ♥ ♠`` accepted): ``QS``, ``10H``, ``td``. Games with other
decks (King Taco's colours, two-deck Cripple Mr Onion) keep their own
notation beside their rules.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Iterable
from typing import Any, Final

SUITS: Final = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: (``Final`` here and below: docs/engine.md, "Compiled")
CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

DECK_SIZE: Final = 52
#: rank (1..13) of each card
RANK: Final[tuple[int, ...]] = tuple(c // 4 + 1 for c in range(DECK_SIZE))
#: suit (0..3, ``C D H S``) of each card
SUIT: Final[tuple[int, ...]] = tuple(c % 4 for c in range(DECK_SIZE))
#: True for diamonds and hearts
IS_RED: Final[tuple[bool, ...]] = tuple(SUIT[c] in (DIAMONDS, HEARTS) for c in range(DECK_SIZE))

_RANK_BY_NAME = {name: i + 1 for i, name in enumerate(RANK_NAMES)}
_RANK_BY_NAME["T"] = 10
_RANK_BY_NAME["1"] = 1
_SUIT_BY_NAME = {s: i for i, s in enumerate(SUITS)}
_SUIT_BY_NAME.update({s: i for i, s in enumerate(SUIT_SYMBOLS)})


class CardError(ValueError):
    """A card name that does not parse, with the reason in the message."""


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..13) and ``suit`` (0..3)."""
    return (rank - 1) * 4 + suit


def parse_card(text: str) -> int:
    """Parse ``QS``, ``10h``, ``T♥`` into a card; raise CardError with why not."""
    t = text.strip().upper()
    if len(t) < 2:
        raise CardError(f"{text!r} is not a card: expected a rank then a suit, e.g. QS or 10H")
    rank_name, suit_name = t[:-1], t[-1]
    if suit_name not in _SUIT_BY_NAME:
        raise CardError(f"{text!r} is not a card: suit must be one of C D H S")
    if rank_name not in _RANK_BY_NAME:
        raise CardError(f"{text!r} is not a card: rank must be one of A 2-10 J Q K (or T)")
    return card(_RANK_BY_NAME[rank_name], _SUIT_BY_NAME[suit_name])


def parse_cards(texts: Iterable[str] | str) -> list[int]:
    """Parse a list of card names, or one string of names separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [parse_card(t) for t in texts]


#: canonical name of each card, precomputed: events name cards on the hot path
NAMES: Final[tuple[str, ...]] = tuple(RANK_NAMES[RANK[c] - 1] + SUITS[SUIT[c]] for c in range(DECK_SIZE))


def card_name(c: int) -> str:
    """The canonical notation of a card: ``QS``, ``10H``."""
    return NAMES[c]


def card_names(cards: Iterable[int]) -> list[str]:
    return [card_name(c) for c in cards]


def card_symbol(c: int) -> str:
    """The card for display: ``Q♠``, ``10♥``."""
    return RANK_NAMES[RANK[c] - 1] + SUIT_SYMBOLS[SUIT[c]]


def full_deck() -> list[int]:
    """All 52 cards in a fixed order (shuffle with the game's own generator)."""
    return list(range(DECK_SIZE))


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` does (the same draws from ``rng``,
    the same order), at a fraction of its cost.

    Every deal and reshuffle of every game goes through here: CPython's shuffle
    spends most of its time calling a helper for each card, which a 104- or
    126-card deck per round makes a hot spot of random play. Writing the
    Fisher–Yates walk out (with the rejection sampling ``getrandbits`` needs for
    an unbiased index) also pins the algorithm, so a seed deals the same cards
    on any Python version.

    Each index is the top bits of one 32-bit output of the generator
    (``getrandbits(k)``, k <= 32, is that output shifted right), and
    ``getrandbits(32 * m)`` is m outputs in a row, the first in the lowest bits.
    A deck of n cards needs at least n - 1 outputs (one per card; a rejected
    index takes one more), so those are drawn in one call (``_outputs``) and
    only the few draws after them one at a time: the generator is left exactly
    where one call per draw would leave it."""
    i = len(cards) - 1
    if type(rng) is random.Random and 0 < i < 1 << 31:  # another class may draw otherwise: one call per draw
        for output in _outputs(rng, i):
            n = i + 1
            j = output >> (32 - n.bit_length())
            if j < n:
                cards[i], cards[j] = cards[j], cards[i]
                i -= 1
    bits = rng.getrandbits
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1


def _outputs(rng: random.Random, count: int) -> tuple[int, ...]:
    """The generator's next ``count`` 32-bit outputs, in order, drawn in one call."""
    return struct.unpack(f"<{count}I", rng.getrandbits(32 * count).to_bytes(4 * count, "little"))
