"""The rules one Cripple Mr Onion table plays by, compiled for the hot path (issue 36).

A house book (``house``) and the seed end here alike: the ranking of the groupings the solver
reads (``ranking.Ranking``; the seed's when no rule moves one), and for each kind of amount
(``bet``, ``raise``, ``extra``, ``bid``), part of the betting and round, the least and the most
Stakes a seat may name (the seed's: CMO-4.5, CMO-5.3, CMO-5.7 and CMO-H1's whole Stakes up to
the table's ``max_raise``). ``rules.amounts`` asks it one index per decision. A table is made
once per rule set (cached by its book's content) and shared by every state dealt under it and
their copies; it never changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from ...engine.house.compiled import pickled
from .ranking import SEED, Ranking
from .solver import BASE_RULES, Rules

#: the seed's least amount of each kind, in Stakes: the Dealer may bet nothing, a raise is a
#: Stake at least, an extra bet may be nothing, a bid is a Stake over the highest (CMO-H1)
SEED_LEAST: Final[Mapping[str, int]] = MappingProxyType({"bet": 0, "raise": 1, "extra": 0, "bid": 1})
#: the rounds a condition tells apart: the last stands for every later one
MOST_ROUND: Final = 60
#: the parts of the betting a state can be at: 0 (before the first) to 5
PARTS: Final = 6
#: (least, most) in Stakes; most None: the table's ``max_raise``
Bounds = tuple[int, int | None]
#: bounds[part][round]: where an amount's bounds are looked up
Limits = tuple[tuple[Bounds, ...], ...]


class Fire(NamedTuple):
    """A house rule said when it fires: its ``house`` event's data, the parts (a bit per part) and
    the rounds (a bit per round, 0..MOST_ROUND) where it holds."""

    said: Mapping[str, Any]
    parts: int
    rounds: int

    def holds(self, part: int, rnd: int) -> bool:
        return bool(self.parts >> part & 1 and self.rounds >> min(rnd, MOST_ROUND) & 1)


#: where tables are made from their source (named, not imported: that module imports this one)
MAKER: Final = "houserules.games.onion.house:table_for"

class HouseTable:
    """What one table plays by (see the module docstring).

    ``ranking``: the groupings' order; ``base``: the solver's rule sets for a hand without
    modifiers; ``limits[kind][part][round]``: the bounds of an amount (None: the seed's
    everywhere, which ``rules.amounts`` knows without looking them up); ``moves``: each ranking
    rule's ``house`` event data with the places it moves (it fires at a showdown that shows one);
    ``fires[kind]``: the betting rules, said when a seat makes the decision they limit; ``said``:
    each rule's id, title and words (the view shows them: a book is public); ``source``: the
    book's canonical JSON ("": the seed's), from which it is made again when unpickled, so that
    its ranking stays the one object every state of the rule set shares (``engine.house.compiled``).
    """

    def __init__(self, ranking: Ranking = SEED, limits: Mapping[str, Limits] | None = None,
                 moves: tuple[tuple[Mapping[str, Any], frozenset[str]], ...] = (),
                 fires: Mapping[str, tuple[Fire, ...]] | None = None,
                 said: tuple[tuple[str, str, str], ...] = (), source: str = "") -> None:
        self.ranking = ranking
        self.base: tuple[Rules, ...] = (BASE_RULES,) if ranking is SEED else (Rules(ranking=ranking),)
        self.limits: Mapping[str, Limits] | None = limits
        self.moves = moves
        self.fires: Mapping[str, tuple[Fire, ...]] = fires or {}
        self.said = said
        self.source = source

    def __reduce__(self) -> tuple[Any, ...]:
        return pickled(MAKER, self.source)


#: the seed's own table: every game without a house book plays by it
SEED_TABLE: Final = HouseTable()
