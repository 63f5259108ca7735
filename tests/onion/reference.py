"""A plain, slow, exhaustive Cripple Mr Onion hand ranker, written straight
from the rules page (CMO-2, CMO-3, CMO-7 and the house rules CMO-H12, H14,
H18) and sharing no code with the solver but the order of the groupings and
the ``Rules`` record it is handed: the solver must agree with it on every
hand, under every modifier that changes what a hand is worth.

Each card first becomes a ``Face`` (what it may stand for this round); then
every collection of disjoint groupings of the hand is tried. Great A'Tuin's
shift and the Elephants try every choice of cards; the Lady's devalued
eleven tries every choice of card to devalue."""

from __future__ import annotations

from itertools import combinations, permutations, product
from typing import NamedTuple

from houserules.games.onion import groupings as G
from houserules.games.onion.cards import ATUIN, CRANK, CSUIT
from houserules.games.onion.solver import BASE_RULES, Rules

PICTURES = (11, 12, 13)


class Face(NamedTuple):
    """What one card may stand for this round."""

    onion: tuple[int, ...]  # its values in an onion (none: it joins no onion)
    value: tuple[int, ...]  # its values in a flush or a bagel (none: it joins neither)
    suit: int | None  # None: a wild card, any suit
    ranks: tuple[int, ...]  # the ranks it may be in a royal
    picture: bool  # the picture of a pontoon
    ace: bool  # the ace of eleven of a pontoon
    null: bool  # an onion value 0 is a null eight (#1i)
    wild8: bool  # a wild eight (the wild royal, the Octavo, an Elephant)


NOTHING = Face((), (), -1, (), False, False, False, False)


def face(c: int, rules: Rules) -> Face:
    """One card under the round's rules (#1, #5i, #8, #10)."""
    if c in rules.exclude:
        return NOTHING
    rank, suit, eight = CRANK[c], CSUIT[c], CRANK[c] == 8
    if (eight and rules.wild_eights) or c in rules.wild:
        ranks = tuple(range(1, 14))
        if eight and rules.wild_not_ace:
            ranks = ranks[1:]  # #8ii: never one or eleven
        if eight and rules.no_eight_value:
            ranks = tuple(r for r in ranks if r != 8)  # #10i: never an eight as eight
        values = tuple(sorted({min(r, 10) for r in ranks} | ({11} if 1 in ranks else set())))
        return Face(values, values, None, ranks, True, 11 in values, False, eight)
    if rank == 1:
        if rules.zeroed_aces:
            return Face((), (0,), suit, (1,), False, False, False, False)
        return Face((1, 11), (1, 11), suit, (1,), False, True, False, False)
    if eight:
        plain = () if rules.no_eight_value else (8,)
        return Face(((0,) if rules.null_eights else ()) + plain, plain, suit, plain, False, False,
                    rules.null_eights, False)
    return Face((min(rank, 10),), (min(rank, 10),), suit, (rank,), rank > 10, False, False, False)


def readings(faces: list[Face], rules: Rules) -> set:
    """Every (kind, nulls) reading of these cards as one grouping; pairs read
    as "bagel" or "pontoon" are counted into their families later."""
    n = len(faces)
    out: set = set()
    if 2 <= n <= 7:
        for nulls in sorted({nulls for total, nulls in totals(faces, True) if total == 21}):
            out.add(G.Level(G.ONION_SIZES[n], nulls))
    if n >= 3 and any(16 <= total <= 21 for total, _ in totals(faces, False)):
        suits = [f.suit for f in faces if f.suit is not None]
        common = max((suits.count(s) for s in range(4)), default=0)
        if common == len(suits):
            out.add(G.Level(G.FLUSH))
        elif common == len(suits) - 1:
            out.add(G.Level(G.BROKEN_FLUSH))
    if n == 3:
        if all(f.wild8 for f in faces):
            out.add(G.Level(G.WILD_ROYAL))
        if all(7 in f.ranks for f in faces):
            out.add(G.Level(G.ROYAL))
        if any(6 in a.ranks and 7 in b.ranks and 8 in c.ranks for a, b, c in permutations(faces)):
            out.add(G.Level(G.BROKEN_ROYAL))
    if n == 8 and rules.octavo and all(f.wild8 for f in faces):
        out.add(G.Level(G.OCTAVO))
    if n == 2:
        if any(a + b == 20 for a in faces[0].value for b in faces[1].value):
            out.add("bagel")
        a, b = faces
        if (a.picture and b.ace) or (b.picture and a.ace):
            out.add("pontoon")
    return out


def totals(faces: list[Face], onion: bool) -> set[tuple[int, int]]:
    """Every (total, null eights counted as zero) the cards can make, in an
    onion or in a flush or bagel: each card adds each of its values in turn."""
    out = {(0, 0)}
    for f in faces:
        out = {(t + v, nulls + (f.null and v == 0)) for t, nulls in out for v in (f.onion if onion else f.value)}
    return out


def best_key(hand: list[int], rules: Rules = BASE_RULES) -> tuple[int, ...]:
    """The strengths of the best arrangement of ``hand``, strongest first."""
    faces = [face(c, rules) for c in hand]
    found = [_devalued(hand, faces, rules, ())]
    if rules.shift and any(c == ATUIN and f != NOTHING for c, f in zip(hand, faces)):
        found += [_devalued(hand, f, rules, ()) for f in shifts(faces)]
    if rules.elephants:
        strength = G.STRENGTH[rules.fool][G.Level(G.ELEPHANTS)]
        found += [_devalued(hand, f, rules, (strength,)) for f in elephants(hand, faces)]
    return max(found)


def shift(faces: list[Face], down: int, up: int) -> list[Face] | None:
    """#6: eight points moved from card ``down`` to card ``up``, both staying
    1..11, or None; a wild card, or one worth nothing, is not shifted; a two
    raised to ten is a picture, a three raised to eleven an ace of eleven."""
    d, u = faces[down], faces[up]
    if down == up or d.suit is None or u.suit is None:
        return None
    lowered = [v - 8 for v in d.onion if v and 1 <= v - 8 <= 11]
    raised = [v + 8 for v in u.onion if v and 1 <= v + 8 <= 11]
    if not lowered or not raised:
        return None
    new = faces[:]
    for pos, v, two in ((down, lowered[0], False), (up, raised[0], u.ranks == (2,))):
        new[pos] = Face((v,), (v,), faces[pos].suit, faces[pos].ranks, two and v == 10, v == 11, False, False)
    return new


def shifts(faces: list[Face]) -> list[list[Face]]:
    found = (shift(faces, down, up) for down, up in product(range(len(faces)), repeat=2))
    return [f for f in found if f is not None]


def spend_elephants(hand: list[int], faces: list[Face], four: tuple[int, ...]) -> list[Face] | None:
    """#7: four nines, tens or wild eights, at least two of them not tens (a
    ten is never the picture of an Onion), declared with the Queen of Coins,
    are spent on the Elephants' Double Onion; the Queen keeps S - 32 of their
    total S (a wild eight counting ten); the other nines and tens may be ones
    and twos. The faces left, or None."""
    queens = [i for i, c in enumerate(hand) if c == ATUIN and faces[i] != NOTHING]

    def able(i: int) -> bool:
        return faces[i].wild8 or (faces[i].suit is not None and bool(faces[i].value) and CRANK[hand[i]] in (9, 10))

    if not queens or not all(able(i) for i in four) or sum(1 for i in four if CRANK[hand[i]] != 10) < 2:
        return None
    new = faces[:]
    for i in range(len(faces)):
        if i in four:
            new[i] = NOTHING
        elif able(i) and not faces[i].wild8:
            low = (CRANK[hand[i]] - 8, CRANK[hand[i]])
            new[i] = faces[i]._replace(onion=low, value=low)
    keep = sum(10 if faces[i].wild8 else CRANK[hand[i]] for i in four) - 32
    new[queens[0]] = faces[queens[0]]._replace(onion=(keep,), value=(keep,), picture=False)
    return new


def elephants(hand: list[int], faces: list[Face]) -> list[list[Face]]:
    found = (spend_elephants(hand, faces, four) for four in combinations(range(len(hand)), 4))
    return [f for f in found if f is not None]


def _devalued(hand: list[int], faces: list[Face], rules: Rules, extra: tuple[int, ...]) -> tuple[int, ...]:
    """#4ii: the player chooses which of their cards that could be eleven the
    Lady devalues (to one only); the aces of a Great Onion are spared."""
    whole = _walk(hand, faces, rules, extra)
    if not rules.devalued or G.STRENGTH[rules.fool][G.Level(G.ONIONS[5])] in whole:
        return whole
    elevens = [i for i, f in enumerate(faces) if 11 in f.onion]
    best: tuple[int, ...] = ()
    for chosen in combinations(elevens, min(rules.devalued, len(elevens))):
        new = faces[:]
        for i in chosen:
            f = faces[i]
            low = tuple(v for v in f.onion if v != 11)
            new[i] = f._replace(onion=low, value=tuple(v for v in f.value if v != 11), ace=False)
        best = max(best, _walk(hand, new, rules, extra))
    return best


def _walk(hand: list[int], faces: list[Face], rules: Rules, extra: tuple[int, ...]) -> tuple[int, ...]:
    """Try every collection of disjoint groupings."""
    strength = G.STRENGTH[rules.fool]
    n = len(faces)
    by_low: dict[int, list] = {1 << i: [] for i in range(n)}  # groupings by their lowest card
    for size in range(2, n + 1):
        for pos in combinations(range(n), size):
            for k in readings([faces[i] for i in pos], rules):
                by_low[1 << pos[0]].append((sum(1 << i for i in pos), k))
    pictures = sum(1 << i for i, c in enumerate(hand) if CRANK[c] in PICTURES)
    best: list[tuple[int, ...]] = [()]

    def score(chosen: list) -> tuple[int, ...] | None:
        bagels = [m for m, k in chosen if k == "bagel"]
        pontoons = [m for m, k in chosen if k == "pontoon"]
        out = list(extra) + [strength[k] for _, k in chosen if k not in ("bagel", "pontoon")]
        if bagels:
            out.append(strength[G.Level(G.BAGELS[len(bagels) - 1])])
        if len(pontoons) == 1:
            out.append(strength[G.Level(G.TWO_CARD_ONION)])
        elif pontoons:
            used = sum(pontoons)
            # #9 Death: the holder names the killed picture; it bites only when the Onion holds them all
            if len(pontoons) <= rules.death and bin(pictures).count("1") >= 2 and pictures & ~used == 0:
                return None
            out.append(strength[G.Level(G.ONIONS[len(pontoons)])])
        return tuple(sorted(out, reverse=True))

    def walk(free: int, chosen: list) -> None:
        if not free:
            s = score(chosen)
            if s is not None and s > best[0]:
                best[0] = s
            return
        low = free & -free
        walk(free ^ low, chosen)  # the lowest free card stays unused
        for m, k in by_low[low]:
            if m & free == m:
                chosen.append((m, k))
                walk(free ^ m, chosen)
                chosen.pop()

    walk((1 << n) - 1, [])
    return best[0]


def running_flush(hand: list[int], rules: Rules = BASE_RULES) -> tuple[int, int] | None:
    """(length, wild cards) of the best nine- or ten-card running flush (#0):
    consecutive ranks of one suit, the ace low or high (CMO-H12), a wild card
    filling any gap; longer first, then fewer wild cards."""
    faces = [face(c, rules) for c in hand]
    for length in (10, 9):
        found = [run_wilds(hand, faces, pos) for pos in combinations(range(len(hand)), length)]
        good = [w for w in found if w is not None]
        if good:
            return length, min(good)
    return None


def run_wilds(hand: list[int], faces: list[Face], pos: tuple[int, ...]) -> int | None:
    """How many wild cards the cards at ``pos`` use as one running flush, or None."""
    natural = [i for i in pos if faces[i].suit is not None]
    if any(faces[i] == NOTHING for i in pos) or len({faces[i].suit for i in natural}) > 1:
        return None
    for ranks in product(*((1, 14) if CRANK[hand[i]] == 1 else (CRANK[hand[i]],) for i in natural)):
        if len(set(ranks)) == len(ranks) and (not ranks or max(ranks) - min(ranks) < len(pos)):
            return len(pos) - len(natural)
    return None
