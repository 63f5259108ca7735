"""A redeal of hidden cards that keeps what everyone saw of how many of a kind some zones hold.

``base.redeal`` shuffles the hidden zones together and deals them back, each keeping its size.
Sometimes the table has seen more than sizes: a seat asked to discard a number card holds at
least one, a seat passed over for it holds none (King Taco's auction, KT-9.5). A sample that
breaks such a fact is a position the rules could not have reached from what the seat saw, and a
search playing it on meets a seat asked for what it does not hold.

``redeal_counted`` draws uniformly among the redeals that keep every such count: first how many
marked cards each counted zone gets (each split weighted by the number of redeals giving it),
then which cards, then the rest dealt at random to the other zones.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import shuffle
from .core import GameError


def redeal_counted(zones: list[list[Any]], rng: random.Random, marked: Callable[[Any], bool],
                   counts: Sequence[range | None]) -> None:
    """Redeal the cards of ``zones`` (each keeping its size) so that zone ``i`` holds a number of
    ``marked`` cards in ``counts[i]`` (None: any), uniformly among such redeals. Meant for a few
    counted zones (the splits tried are the product of their ranges); GameError when no redeal
    keeps them (the real arrangement always does)."""
    pool = [c for zone in zones for c in zone]
    hits = [c for c in pool if marked(c)]
    misses = [c for c in pool if not marked(c)]
    counted = [i for i, r in enumerate(counts) if r is not None]
    free = sum(len(z) for i, z in enumerate(zones) if counts[i] is None)
    splits, weights = [], []
    for split in itertools.product(*(_fits(counts[i], len(zones[i])) for i in counted)):
        rest = len(hits) - sum(split)
        if 0 <= rest <= free:
            splits.append(split)
            weights.append(math.prod(math.comb(len(zones[i]), k) for i, k in zip(counted, split))
                           * math.comb(free, rest))
    if not splits:
        raise GameError("no redeal of the hidden cards keeps what the table saw of them")
    split = _pick(splits, weights, rng)
    shuffle(rng, hits)
    shuffle(rng, misses)
    for i, k in zip(counted, split):
        size = len(zones[i])
        zones[i][:] = [hits.pop() for _ in range(k)] + [misses.pop() for _ in range(size - k)]
        shuffle(rng, zones[i])
    left = hits + misses
    shuffle(rng, left)
    for i, zone in enumerate(zones):
        if counts[i] is None:
            zone[:] = [left.pop() for _ in zone]


def _fits(allowed: range | None, size: int) -> range:
    """The counts of ``allowed`` a zone of ``size`` cards can hold."""
    assert allowed is not None
    return range(max(allowed.start, 0), min(allowed.stop, size + 1))


def _pick(splits: list[tuple[int, ...]], weights: list[int], rng: random.Random) -> tuple[int, ...]:
    """One of ``splits``, with chances proportional to its whole-number weight (exactly)."""
    ends = list(itertools.accumulate(weights))
    return splits[bisect.bisect_right(ends, rng.randrange(ends[-1]))]
