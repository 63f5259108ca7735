"""bpoker's cards: several standard decks with Jokers, each card with its own identity.

Why its own notation (not ``houserules.cards``): the chapter says "An ace is
not a 1, it is an A. A Joker is a 1 of Black" (seed 000, L213-214), so rank 1
exists beside the Ace, and the chapter's pairs and sets need several copies
of one card (three 4♦, L1000). A card is an int ``copy * 54 + index``:
index 0..51 are the 52 standard cards (suit-major), 52 and 53 the deck's two
Jokers. Names: ``QS``, ``10H``, ``AS`` for the first copy, ``QS#2`` for the
second; Jokers are numbered across decks, ``JK``, ``JK#2``, ``JK#3`` ...

Ranks are 1 (Joker or a 1 made by a 5) to 14 (A); J, Q, K are 11, 12, 13.
Suits are 0..3 (♣ ♦ ♥ ♠); a 1 that is no suit's 1 has the colour pseudo-suit
``BLACK1`` or ``RED1`` (L215-218).
"""

from __future__ import annotations

from typing import Final

PER_DECK: Final = 54
MAX_DECKS: Final = 8
MAX_ID: Final = PER_DECK * MAX_DECKS

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
BLACK1: Final = 4
RED1: Final = 5
SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠", "Black", "Red")
RANK_NAMES: Final = {1: "1", 11: "J", 12: "Q", 13: "K", 14: "A", **{r: str(r) for r in range(2, 11)}}
_RANK_BY_NAME: Final = {v: k for k, v in RANK_NAMES.items() if k != 1}
JOKER: Final = 1
ACE: Final = 14


class CardError(ValueError):
    """A card name that is not a bpoker card."""


def _index(card: int) -> int:
    return card % PER_DECK


#: rank and suit by a card's index in its deck: read on every card test of every decision
#: (some sixty a decision), so looked up rather than worked out
_RANKS: Final = tuple(JOKER if i >= 52 else i % 13 + 2 for i in range(PER_DECK))
_SUITS: Final = tuple(BLACK1 if i >= 52 else i // 13 for i in range(PER_DECK))
_FACES: Final = tuple(zip(_RANKS, _SUITS))


def rank(card: int) -> int:
    """The face rank: 1 for a Joker, 2..14 otherwise (A is 14, never 1)."""
    return _RANKS[card % PER_DECK]


def suit(card: int) -> int:
    """The face suit; a Joker is a 1 of Black (L214)."""
    return _SUITS[card % PER_DECK]


def face(card: int) -> tuple[int, int]:
    """Rank and suit at once (``zones.face``)."""
    return _FACES[card % PER_DECK]


def is_red(s: int) -> bool:
    return s in (DIAMONDS, HEARTS, RED1)


def is_joker(card: int) -> bool:
    return _index(card) >= 52


def card_name(card: int) -> str:
    """A card's name (``QS#2``), from ``_NAMES`` for every card a game can hold: events name
    several cards a decision (issue 26)."""
    if 0 <= card < MAX_ID:
        return _NAMES[card]
    return _name(card)


def _name(card: int) -> str:
    copy, i = divmod(card, PER_DECK)
    if i >= 52:
        n = copy * 2 + (i - 52)
        return "JK" if n == 0 else f"JK#{n + 1}"
    base = RANK_NAMES[i % 13 + 2] + SUIT_LETTERS[i // 13]
    return base if copy == 0 else f"{base}#{copy + 1}"


_NAMES: Final = tuple(_name(c) for c in range(MAX_ID))


def parse_card(text: str) -> int:
    """``QS``, ``10h``, ``AS#2``, ``JK``, ``JK#3`` -> the card's id."""
    if not isinstance(text, str):
        raise CardError(f"a card is named by text, not {text!r}")
    raw = text.strip().upper()
    base, _, copy_text = raw.partition("#")
    copy = 0
    if copy_text:
        if not copy_text.isdigit() or int(copy_text) < 1:
            raise CardError(f"{text!r}: the copy after # is a number from 1")
        copy = int(copy_text) - 1
    if base in ("JK", "JOKER"):
        deck, which = divmod(copy, 2)
        card = deck * PER_DECK + 52 + which
    else:
        if len(base) < 2 or base[-1] not in SUIT_LETTERS or base[:-1] not in _RANK_BY_NAME:
            raise CardError(f"{text!r} is not a card (e.g. QS, 10H, AS#2, JK)")
        card = copy * PER_DECK + SUIT_LETTERS.index(base[-1]) * 13 + _RANK_BY_NAME[base[:-1]] - 2
    if card >= MAX_ID:
        raise CardError(f"{text!r}: no game has that many decks")
    return card


def value_name(r: int, s: int) -> str:
    """A value in effect, e.g. ``2♥``, ``1 of Red``, ``1♣``."""
    if r == 1 and s in (BLACK1, RED1):
        return f"1 of {SUIT_SYMBOLS[s]}"
    return RANK_NAMES[r] + SUIT_SYMBOLS[s]


def spoken(card: int, value: tuple[int, int] | None = None) -> str:
    """A card in words for a sentence ("7♦", "Joker"), and its value in effect when a 5 has changed
    it ("10♦ as a 9♦")."""
    r, s = face(card)
    said = "Joker" if is_joker(card) else value_name(r, s)
    if value is None or value == (r, s) or (is_joker(card) and value[0] == JOKER and value[1] == BLACK1):
        return said
    return f"{said} as a {value_name(*value)}"


def deck(decks: int, jokers: int) -> list[int]:
    """Every card of ``decks`` decks with ``jokers`` Jokers each (0..2)."""
    return [c * PER_DECK + i for c in range(decks) for i in range(52 + jokers)]


def shift(r: int, delta: int) -> int:
    """A rank moved by a 5 (L403-412): ranks are a cycle 1, 2, ..., K, A, 1 —
    "An A becomes a 1" going up and a 2 becomes a 1 going down (house rule
    BP-H20: so a 1 going down becomes an A)."""
    return (r - 1 + delta) % 14 + 1


def on_five(card: int, delta: int, joker_suit: int | None = None) -> tuple[int, int]:
    """The value in effect of ``card`` played on a 5 (or a chain of 5s) shifting it by ``delta``
    (L403-412, L435-440): its rank moved round the cycle (BP-H20); a Joker takes the black suit its
    player names (L443-444, ``joker_suit``; a 1 of Black until named); a card made 1 is no suit's 1
    but the 1 of its colour (L215-218)."""
    r, s = face(card)
    if joker_suit is not None:
        s = joker_suit
    r2 = shift(r, delta)
    if r2 == 1 and r != JOKER:
        return r2, RED1 if is_red(s) else BLACK1
    return r2, s
