"""A plain, slow, exhaustive Cripple Mr Onion hand ranker, written straight
from the rules and sharing no code with the solver but the order of the
groupings: the solver must agree with it on every hand."""

from __future__ import annotations

from itertools import combinations, product

from houserules.games.onion import groupings as G
from houserules.games.onion.cards import CRANK, CSUIT


def card_values(c: int, null_eights: bool, wild_eights: bool, onion: bool) -> list[int]:
    r = CRANK[c]
    if r == 8 and wild_eights:
        return list(range(1, 12))
    if r == 1:
        return [1, 11]
    if r == 8 and null_eights and onion:
        return [0, 8]
    return [min(r, 10)]


def kinds(cards: tuple[int, ...], null_eights: bool = False, wild_eights: bool = False) -> set[G.Level]:
    """Every (kind, nulls) reading of a set of cards as one basic grouping.

    Pairs read as "bagel" or "pontoon" are counted into the families later."""
    n = len(cards)
    out: set[G.Level] = set()
    wild = [CRANK[c] == 8 and wild_eights for c in cards]
    if 2 <= n <= 7:
        for vals in product(*(card_values(c, null_eights, wild_eights, True) for c in cards)):
            if sum(vals) == 21:
                nulls = sum(1 for c, v in zip(cards, vals) if CRANK[c] == 8 and v == 0 and not wild_eights)
                out.add(G.Level(G.ONION_SIZES[n], nulls))
    if n >= 3:
        totals = {sum(v) for v in product(*(card_values(c, null_eights, wild_eights, False) for c in cards))}
        if any(16 <= t <= 21 for t in totals):
            suits = [CSUIT[c] for c, w in zip(cards, wild) if not w]
            common = max((suits.count(s) for s in range(4)), default=0)
            if common == len(suits):
                out.add(G.Level(G.FLUSH))
            elif common == len(suits) - 1:
                out.add(G.Level(G.BROKEN_FLUSH))
    if n == 3:
        ranks = [CRANK[c] for c in cards]
        if all(wild):
            out.add(G.Level(G.WILD_ROYAL))
        if all(r == 7 or w for r, w in zip(ranks, wild)):
            out.add(G.Level(G.ROYAL))
        for perm in product(*([6, 7, 8] if w else [r] for r, w in zip(ranks, wild))):
            if sorted(perm) == [6, 7, 8]:
                out.add(G.Level(G.BROKEN_ROYAL))
    if n == 2:
        vals = [card_values(c, null_eights, wild_eights, False) for c in cards]
        if any(a + b == 20 for a in vals[0] for b in vals[1]):
            out.add(G.Level("bagel"))
        pic = [CRANK[c] > 10 or w for c, w in zip(cards, wild)]
        ace = [CRANK[c] == 1 or w for c, w in zip(cards, wild)]
        if (pic[0] and ace[1]) or (pic[1] and ace[0]):
            out.add(G.Level("pontoon"))
    return out


def best_key(hand: list[int], null_eights: bool = False, wild_eights: bool = False,
             fool: bool = False) -> tuple[int, ...]:
    """The strengths of the best arrangement, strongest first, by trying every
    collection of disjoint groupings."""
    strength = G.STRENGTH[fool]
    n = len(hand)
    readings: dict[int, list[G.Level]] = {}
    for size in range(2, n + 1):
        for pos in combinations(range(n), size):
            ks = kinds(tuple(hand[i] for i in pos), null_eights, wild_eights)
            if ks:
                readings[sum(1 << i for i in pos)] = sorted(ks)
    best: list[tuple[int, ...]] = [()]

    def score(chosen: list[G.Level]) -> tuple[int, ...]:
        bagels = sum(1 for lv in chosen if lv.kind == "bagel")
        pontoons = sum(1 for lv in chosen if lv.kind == "pontoon")
        out = [strength[lv] for lv in chosen if lv.kind not in ("bagel", "pontoon")]
        if bagels:
            out.append(strength[G.Level(G.BAGELS[bagels - 1])])
        if pontoons == 1:
            out.append(strength[G.Level(G.TWO_CARD_ONION)])
        elif pontoons:
            out.append(strength[G.Level(G.ONIONS[pontoons])])
        return tuple(sorted(out, reverse=True))

    def walk(free: int, chosen: list[G.Level]) -> None:
        if not free:
            s = score(chosen)
            if s > best[0]:
                best[0] = s
            return
        low = free & -free
        walk(free ^ low, chosen)
        for m, ks in readings.items():
            if m & low and m & free == m:
                for k in ks:
                    chosen.append(k)
                    walk(free ^ m, chosen)
                    chosen.pop()

    walk((1 << n) - 1, [])
    return best[0]
