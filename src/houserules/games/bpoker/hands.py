"""5-card poker hands with wilds and several decks (clauses BP-4.x).

The chapter compares "a higher 5-card poker hand" (L318, L881) and lets a
wild take "any suit and any rank" (L34-37); several decks and wilds make
five of a kind possible, so it ranks above a straight flush (house rule
BP-H14). A 1 (a Joker left lying on a table, e.g. entered no-effect) ranks
below 2, has no suit for a flush and is in no straight (BP-H15). An Ace is
high, or low in A-2-3-4-5 only.

``evaluate`` is exact and fast: it never tries wild values one by one; it
asks, category by category from the top, whether the wilds can complete it.
A key is a tuple that compares like the hands: ``(complete, category,
tie-breaks...)``, where a declared hand of fewer than five cards is never
complete and so ranks below every five-card hand (BP-H16).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from .cards import ACE, BLACK1, RED1

#: the categories, lowest first
HIGH: Final = 0
PAIR: Final = 1
TWO_PAIR: Final = 2
TRIPS: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
QUADS: Final = 7
STRAIGHT_FLUSH: Final = 8
FIVE: Final = 9
CATEGORY_NAMES: Final = ("high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
                  "four of a kind", "straight flush", "five of a kind")

Key = tuple[int, ...]
Value = tuple[int, int]  # (rank, suit) at face value


def _window(high: int) -> frozenset[int]:
    return frozenset((ACE, 2, 3, 4, 5)) if high == 5 else frozenset(range(high - 4, high + 1))


WINDOWS: Final = tuple((h, _window(h)) for h in range(ACE, 4, -1))


def _straight_high(ranks: Sequence[int]) -> int:
    """The highest straight the distinct ``ranks`` (no 1s) fit in, wilds filling the gaps; 0 if none."""
    have = frozenset(ranks)
    if len(have) != len(ranks) or 1 in have:
        return 0
    for high, window in WINDOWS:
        if have <= window:
            return high
    return 0


def _best_of_a_kind(count: dict[int, int], wilds: int, k: int) -> int:
    """The highest rank ``k`` of a kind can be of, with the wilds (an Ace if only wilds); 0 if none.
    (A module function, not a closure in ``evaluate``: docs/engine.md, "Compiled".)"""
    cands = [r for r in set(count) | {ACE} if count.get(r, 0) + wilds >= k]
    return max(cands) if cands else 0


def _others(ranks: list[int], r: int) -> list[int]:
    return [x for x in ranks if x != r]


def evaluate(values: Sequence[Value], wilds: int = 0) -> Key:
    """The key of the best hand ``values`` (face values) and ``wilds`` wilds make."""
    n = len(values) + wilds
    ranks = sorted((r for r, _ in values), reverse=True)
    count: dict[int, int] = {}  # a plain dict, not a Counter: Counter's constructor is interpreted
    for r in ranks:  # Python, and this runs at every miss of the cache below (issue 26)
        count[r] = count.get(r, 0) + 1
    full = int(n == 5)
    suits = {s for _, s in values}
    one_suit = len(suits) <= 1 and not suits & {BLACK1, RED1}

    if n == 5:
        if len(count) <= 1:
            return (1, FIVE, ranks[0] if ranks else ACE)
        if one_suit and (high := _straight_high(ranks)):
            return (1, STRAIGHT_FLUSH, high)
    if n >= 4 and (r := _best_of_a_kind(count, wilds, 4)):
        rest = _others(ranks, r)
        return (full, QUADS, r, *(rest or [ACE] * (n - 4)))
    if n == 5:
        if len(count) == 2:
            hi, lo = sorted(count, reverse=True)
            if max(0, 3 - count[hi]) + max(0, 2 - count[lo]) <= wilds:
                return (1, FULL_HOUSE, hi, lo)
            return (1, FULL_HOUSE, lo, hi)
        if one_suit:
            return (1, FLUSH, *sorted(ranks + [ACE] * wilds, reverse=True))
        if high := _straight_high(ranks):
            return (1, STRAIGHT, high)
    if n >= 3 and (r := _best_of_a_kind(count, wilds, 3)):
        return (full, TRIPS, r, *_others(ranks, r))
    pairs = [r for r, c in count.items() if c >= 2]
    if len(pairs) >= 2:
        hi, lo = sorted(pairs, reverse=True)[:2]
        return (full, TWO_PAIR, hi, lo, *[x for x in ranks if x not in (hi, lo)])
    if n >= 2 and (r := _best_of_a_kind(count, wilds, 2)):
        return (full, PAIR, r, *_others(ranks, r))
    return (full, HIGH, *ranks, *[ACE] * wilds)


def _rank(r: int) -> str:
    return {ACE: "A", 13: "K", 12: "Q", 11: "J"}.get(r, str(r))


def _ranks(r: int) -> str:
    return "aces" if r == ACE else f"{_rank(r)}s"


#: what each category says of its ranks (the key's fields after the category, BP-4.1)
DETAIL: Final = {
    FIVE: lambda k: f"five {_ranks(k[2])}",
    STRAIGHT_FLUSH: lambda k: f"straight flush, {_rank(k[2])} high",
    QUADS: lambda k: f"four {_ranks(k[2])}",
    FULL_HOUSE: lambda k: f"full house, {_ranks(k[2])} over {_ranks(k[3])}",
    FLUSH: lambda k: f"flush, {_rank(k[2])} high",
    STRAIGHT: lambda k: f"straight, {_rank(k[2])} high",
    TRIPS: lambda k: f"three {_ranks(k[2])}",
    TWO_PAIR: lambda k: f"two pair, {_ranks(k[2])} and {_ranks(k[3])}",
    PAIR: lambda k: f"pair of {_ranks(k[2])}",
    HIGH: lambda k: f"high card, {_rank(k[2])}" if len(k) > 2 else "no cards",
}


def describe(key: Key) -> str:
    """``"full house, Ks over 7s"`` — the category with its ranks (a wild counted at the value it
    takes, BP-H13), and a note when the hand is short."""
    text = DETAIL[key[1]](key)
    return text if key[0] else f"{text} (short hand)"


class HandCard:
    """A table card as the evaluator sees it: its id, face value and whether it is wild."""

    __slots__ = ("card", "value", "wild")

    def __init__(self, card: int, value: Value, wild: bool):
        self.card, self.value, self.wild = card, value, wild


@lru_cache(maxsize=65536)
def _cached(values: tuple[Value, ...], wilds: int) -> Key:
    return evaluate(values, wilds)


#: ``value_key``'s answers by a number that names all ``evaluate`` reads of its arguments
#: (``_code``): asked at every turn's win check for every seat (issue 26), of more distinct hands
#: than a cache of faces holds, where a key by ranks and one flag hits almost every time;
#: forgotten at once when full
_KEYS: Final[dict[int, Key]] = {}
_KEYS_MAX: Final = 1 << 17


def _code(values: list[Value], wilds: int) -> int:
    """What ``evaluate`` reads of sorted ``values`` and ``wilds`` as one number (-1 if it does not
    fit): how many values, the wilds, whether the values are of one suit that can make a flush
    (``one_suit`` there), then each value's rank, in order."""
    if not 0 <= wilds < 128:
        return -1
    one_suit = 1
    first = values[0][1] if values else 0
    code = 0
    for r, s in values:
        if not 0 <= r < 16:
            return -1
        if s != first or s == BLACK1 or s == RED1:
            one_suit = 0
        code = code * 16 + r
    return ((len(values) * 128 + wilds) * 2 + one_suit) << (4 * len(values)) | code


def value_key(values: list[Value], wilds: int) -> Key:
    """``evaluate(values, wilds)`` for sorted ``values``, remembered."""
    code = _code(values, wilds)
    if code < 0:
        return _cached(tuple(values), wilds)
    key = _KEYS.get(code)
    if key is None:
        if len(_KEYS) >= _KEYS_MAX:
            _KEYS.clear()
        key = _KEYS[code] = evaluate(values, wilds)
    return key


def key_of(cards: Iterable[HandCard]) -> Key:
    cards = list(cards)
    return value_key(sorted(c.value for c in cards if not c.wild), sum(c.wild for c in cards))


def _split(cards: Sequence[HandCard], must: Sequence[int]) -> tuple[list[int], list[int], set[int]]:
    wild = sorted(c.card for c in cards if c.wild)
    nat = sorted(c.card for c in cards if not c.wild)
    return wild, nat, set(must)


def declarations(cards: Sequence[HandCard], must: Sequence[int] = (), most: int = 0) -> list[tuple[int, ...]]:
    """Every declarable hand from ``cards`` (ids, sorted): all five-card choices holding the
    ``must`` cards (3♣, BP-3C), or every card when there are fewer than five. Wilds are
    interchangeable, so a choice of k wilds always names the first k of them (BP-H13).
    ``most``: stop after that many (0: all), for a caller that asks only whether there is one."""
    if len(cards) <= 5:
        return [tuple(sorted(c.card for c in cards))]
    wild, nat, need = _split(cards, must)
    out = []
    for k in range(min(5, len(wild)) + 1):
        for combo in combinations(nat, 5 - k):
            if not need or need <= set(combo):  # most often nothing is obliged: no set to build
                out.append(tuple(sorted(combo + tuple(wild[:k]))) if k else combo)  # ``nat`` is sorted
                if len(out) == most:
                    return out
    return out


def best_key(cards: Sequence[HandCard]) -> Key:
    """``best(cards)[0]`` (no card obliged), remembered by the cards' values: a bot weighs a
    card by how it lifts its best hand at every move of every search playout."""
    return _best_key(tuple(sorted(c.value for c in cards if not c.wild)), sum(c.wild for c in cards))


@lru_cache(maxsize=65536)
def _best_key(values: tuple[Value, ...], wilds: int) -> Key:
    if len(values) + wilds <= 5:
        return _cached(values, wilds)
    k = min(5, wilds)  # as ``best``: as many wilds as fit; combinations of sorted values stay sorted
    return max(_cached(combo, k) for combo in combinations(values, 5 - k))


def best(cards: Sequence[HandCard], must: Sequence[int] = ()) -> tuple[Key, tuple[int, ...]]:
    """The best declarable hand and its key. A wild is never worse than a natural card, so only
    choices with as many wilds as will fit are tried (ties: the first in sorted order)."""
    if len(cards) <= 5:
        return key_of(cards), tuple(sorted(c.card for c in cards))
    by_id = {c.card: c for c in cards}
    wild, nat, need = _split(cards, must)
    k = max(0, min(5 - len(need), len(wild)))
    top: tuple[Key, tuple[int, ...]] | None = None
    for combo in combinations(nat, 5 - k):
        if need <= set(combo):
            ids = tuple(sorted(combo + tuple(wild[:k])))
            key = key_of(by_id[i] for i in ids)
            if top is None or key > top[0]:
                top = (key, ids)
    return top if top is not None else ((0, HIGH), ())
