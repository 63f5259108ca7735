"""The 104 cards of Cripple Mr Onion and their notation.

Two decks are shuffled together: the English one (clubs, spades, hearts,
diamonds) and the Spanish one (swords, staves, cups, coins), paired suit for
suit for flushes (CMO-1.1). For grouping purposes a card is therefore a rank
and one of ``C D H S``, and its id is ``base + 52 * deck`` with ``base`` the
one-deck card of ``houserules.cards`` (so ``RANK``/``SUIT`` apply to
``card % 52``).

Seven cards are *special* when the modifiers are played (CMO-6): one marked
copy each, written with a ``*`` (``KC*`` is Death, the King of Swords). A
plain name always means an unmarked copy when marks matter; when they do not
(no modifier using special cards), the two copies are interchangeable and a
second plain ``KC`` takes whichever copy is left.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...cards import RANK, SUIT, CardError, card_name as base_name, card_symbol, parse_card

DECK_SIZE = 104

# --- the special cards (CMO-6.*): which copy is marked ---------------------
#: role -> card id. The Spanish-deck roles sit in deck 1, the English in deck 0.
LADY = parse_card("QS")  # the Lady: a queen of spades (#4)
FATE = parse_card("KH") + 52  # the King of Cups (#5)
ATUIN = parse_card("QD") + 52  # Great A'Tuin, the Queen of Coins (#6, #7)
ARCHCHANCELLOR = parse_card("JS") + 52  # the Jack of Staves (#10)
DEATH = parse_card("KC") + 52  # the King of Swords (#9)
SENDER = parse_card("JD")  # the Sender of Eight, a jack of diamonds (#8)
FOOL = parse_card("JC")  # the Fool, a jack of clubs (#11)

SPECIAL: dict[int, str] = {
    LADY: "the Lady", FATE: "Fate", ATUIN: "Great A'Tuin", ARCHCHANCELLOR: "the Archchancellor",
    DEATH: "Death", SENDER: "the Sender of Eight", FOOL: "the Fool",
}
IS_MARKED = tuple(c in SPECIAL for c in range(DECK_SIZE))
#: rank 1..13 and suit 0..3 (C D H S) of every card id
CRANK = tuple(RANK[c % 52] for c in range(DECK_SIZE))
CSUIT = tuple(SUIT[c % 52] for c in range(DECK_SIZE))


#: every card's name, without marks (index 0) and with (index 1): every deal and draw tells its cards
#: by name in an event, so the names are read from a table rather than built each time
NAMES = (tuple(base_name(c % 52) for c in range(DECK_SIZE)),
         tuple(base_name(c % 52) + ("*" if IS_MARKED[c] else "") for c in range(DECK_SIZE)))


def name(c: int, marks: bool = False) -> str:
    """``QS``, or ``QS*`` for the marked copy when marks matter."""
    return base_name(c % 52) + ("*" if marks and IS_MARKED[c] else "")


def names(cards: Iterable[int], marks: bool = False) -> list[str]:
    """``name`` of each card (of the 104: a deal's, a hand's), read from ``NAMES``."""
    table = NAMES[1 if marks else 0]
    return [table[c] for c in cards]


#: ``canonical``'s order as one int per card id (by card, the marked copy last): a table look-up
#: in C instead of a Python key function building a pair for each card
CANONICAL_KEY = tuple(2 * (c % 52) + IS_MARKED[c] for c in range(DECK_SIZE))


def canonical(cards: Iterable[int]) -> list[int]:
    """Cards in a fixed order that does not depend on which copy is which (by
    card, the marked copy last): so that a hand told in an event reads the
    same whichever of two identical copies a player happened to keep."""
    return sorted(cards, key=CANONICAL_KEY.__getitem__)


def symbol(c: int, marks: bool = False) -> str:
    return card_symbol(c % 52) + ("*" if marks and IS_MARKED[c] else "")


#: the 104 card ids in order, copied for every round's shuffle
DECK: Final = tuple(range(DECK_SIZE))


def full_deck() -> list[int]:
    return list(DECK)


def parse_one(text: str) -> tuple[int, bool]:
    """A card name as (one-deck card, marked?): ``KC*`` -> (KC, True)."""
    t = text.strip()
    marked = t.endswith("*")
    base = parse_card(t[:-1] if marked else t)
    if marked and base not in {c % 52 for c in SPECIAL}:
        raise CardError(f"{text!r}: only the special cards have a marked copy "
                        f"({', '.join(sorted(name(c, True) for c in SPECIAL))})")
    return base, marked


def allocate(texts: Iterable[str] | str, marks: bool = False, taken: Iterable[int] = ()) -> list[int]:
    """Card ids for card names, at most two copies of each card.

    With ``marks`` a plain name never takes the marked copy (write ``KC*``);
    ``taken`` are ids already in use elsewhere (a state's other zones).
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    used = set(taken)
    out: list[int] = []
    for t in texts:
        base, marked = parse_one(t)
        copies = (base, base + 52)
        if marked:
            choice = [c for c in copies if IS_MARKED[c]]
        else:
            choice = sorted(copies, key=lambda c: IS_MARKED[c])
            if marks:
                choice = [c for c in choice if not IS_MARKED[c]]
        free = [c for c in choice if c not in used]
        if not free:
            what = "marked copy" if marked else "unmarked copy" if marks and len(choice) == 1 else "third copy"
            raise CardError(f"{t!r}: no {what} of {base_name(base)} is left (two decks: two of each card)")
        used.add(free[0])
        out.append(free[0])
    return out


def twins(hand: Iterable[int], card: int) -> list[int]:
    """The copies of ``card`` in ``hand`` that no mark tells apart from it (itself too)."""
    return [h for h in hand if h % 52 == card % 52 and IS_MARKED[h] == IS_MARKED[card]]


def resolve(hand: Iterable[int], wanted: Iterable[int], marks: bool = False) -> list[int] | None:
    """The cards of ``hand`` that ``wanted`` names, or None if it holds them not.

    Names parsed without a hand pick a copy arbitrarily, and two copies that
    no mark tells apart are the same card. So each wanted card is the
    lowest-numbered free copy of it in the hand (an equally marked one first;
    if ``marks`` do not matter, else any copy): the same cards whichever copy
    an action happened to name, so an action read back from its JSON, where
    copies have no identity, does the very same thing."""
    free = sorted(hand)
    out: list[int] = []
    for c in wanted:
        same = twins(free, c)
        other = same or [h for h in free if h % 52 == c % 52 and not marks]
        if not other:
            return None
        free.remove(other[0])
        out.append(other[0])
    return out
