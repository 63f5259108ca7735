"""Where each grouping ranks at one table: the seed's order, or the one a house book makes.

The seed's order (CMO-2, ``groupings.ORDER``) is a list of *places*, one per grouping a
player names (the bagel .. the Great Onion, twenty in all), weakest first. A place may hold
several levels: an n-card onion's levels by null eights (#1), the Elephants' Double Onion
just below the Double Onion (#7: "beaten by any other Double Onion") and the Octavo just
above the Lesser Onion (#3: "a Lesser Onion, but beats other Lesser Onions"), which travel
with their place. A house rule moves places (``moved``: just above or just below another);
the Fool (#11) then changes places as the seed says, whatever the order (``fooled``), so
the seed's Fool order is the Fool of the seed's order (``tests/onion/test_house.py``).

A ``Ranking`` is what the solver reads: for each order (with and without the Fool) its
levels and each level's strength (its index). Every arrangement's worth is still
``sum(6 ** strength)``: a ranking only permutes the strengths, so comparisons stay exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from . import groupings as G
from .groupings import Level

#: the places a player names, in the seed's order, weakest first (CMO-2.1 .. CMO-2.13)
PLACES: Final = tuple(dict.fromkeys(
    {G.ELEPHANTS: G.ONIONS[2], G.OCTAVO: G.ONIONS[4]}.get(lv.kind, lv.kind) for lv in G.ORDER[False]))
#: where the levels that travel with a place go: the Elephants below the Double Onion, the Octavo above the Lesser
_WITH: Final[Mapping[str, str]] = {G.ELEPHANTS: G.ONIONS[2], G.OCTAVO: G.ONIONS[4]}


def place_of(kind: str) -> str:
    """The place a grouping of ``kind`` ranks in (the Elephants' Double Onion in the Double Onion's)."""
    return _WITH.get(kind, kind)


def _levels_by_place() -> dict[str, tuple[Level, ...]]:
    out: dict[str, list[Level]] = {}
    for lv in G.ORDER[False]:
        out.setdefault(_WITH.get(lv.kind, lv.kind), []).append(lv)
    return {k: tuple(v) for k, v in out.items()}


#: each place's levels, weakest first
LEVELS: Final = _levels_by_place()
#: the Fool's exchanges (#11): the two-card onion and the bagel, the Double, Triple and Lesser
#: Onions and the double, triple and lesser bagels; the great bagel goes just below the Great Onion
FOOL_SWAPS: Final = ((G.TWO_CARD_ONION, G.BAGELS[0]), (G.ONIONS[2], G.BAGELS[1]), (G.ONIONS[3], G.BAGELS[2]),
                     (G.ONIONS[4], G.BAGELS[3]))


def fooled(places: Sequence[str]) -> tuple[str, ...]:
    """The order ``places`` once the Fool is declared (CMO-7.11): the pairs change places, and the
    great bagel is beaten only by the Great Onion (it goes just below it)."""
    out = list(places)
    for a, b in FOOL_SWAPS:
        i, j = out.index(a), out.index(b)
        out[i], out[j] = b, a
    out.remove(G.BAGELS[4])
    out.insert(out.index(G.ONIONS[5]), G.BAGELS[4])
    return tuple(out)


def moved(places: Sequence[str], which: Sequence[str], target: str, above: bool) -> tuple[str, ...]:
    """``places`` with the places ``which`` (kept in their order) moved just above or just below
    ``target`` (which is not among them)."""
    rest = [p for p in places if p not in which]
    mine = [p for p in places if p in which]
    at = rest.index(target) + (1 if above else 0)
    return tuple(rest[:at] + mine + rest[at:])


class Ranking:
    """An order of the places (weakest first) as the solver reads it: ``order[fool]`` the levels,
    ``strength[fool]`` each level's index. Made once per rule set and shared (compared by
    identity: a ``solver.Rules`` holds one)."""

    __slots__ = ("places", "order", "strength")

    def __init__(self, places: Sequence[str]) -> None:
        self.places = tuple(places)
        self.order: dict[bool, tuple[Level, ...]] = {
            fool: tuple(lv for p in (fooled(self.places) if fool else self.places) for lv in LEVELS[p])
            for fool in (False, True)}
        self.strength: dict[bool, dict[Level, int]] = {
            fool: {lv: i for i, lv in enumerate(levels)} for fool, levels in self.order.items()}

    def __repr__(self) -> str:
        return f"Ranking({', '.join(self.places)})"


#: the seed's ranking: every game without a house book plays by it (the very order of ``groupings``)
SEED: Final = Ranking(PLACES)
