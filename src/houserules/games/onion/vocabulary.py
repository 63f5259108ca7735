"""Cripple Mr Onion's house-rule vocabulary (issue 36): what a table may write rules about.

Two families, each within the seed's own concepts (docs/rules/cripple-mr-onion.md, "House
rules a table may write", CMO-HR1 .. CMO-HR8):

- **Where a grouping ranks** (``rank``, extending CMO-3.1: the order hands are compared
  by): a rule names groupings (``grouping == bagel``) and moves them just ``above`` or just
  ``below`` another (``above:two-card onion``), as the Fool (#11) moves bagels and Onions.
  The Elephants' Double Onion and the Octavo travel with the Double and the Lesser Onion.
- **Betting limits** (CMO-1.2: "By agreement of all the players, the maximum amount for a
  raise is usually set at some multiple of the Stake"): at the Dealer's ``bet`` and a
  ``raise`` (CMO-4.5, reading the betting ``part`` and the match's ``round``), an ``extra``
  bet (CMO-5.3) and a ``bid`` for the Dealership (CMO-5.7), a rule sets the ``least`` or the
  ``most`` amount, in Stakes, within the table's largest raise (option ``max_raise``).

``house`` compiles a book into the table a state plays by (``table.HouseTable``: the ranking
the solver reads, the amounts ``rules.amounts`` offers); ``housecheck`` judges one first.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...engine.house.conditions import Reading
from ...engine.house.kinds import Kind, count_kind
from ...engine.house.text import RuleError
from ...engine.house.vocabulary import Effect, Subject, Trigger, Vocabulary
from . import groupings as G
from .housecheck import judge
from .ranking import PLACES
from .table import MOST_ROUND

ALL_OPS = ("==", "!=", "in", "<=", ">=")
EQ_OPS = ("==", "!=", "in")


def _norm(text: str) -> str:
    return re.sub(r"[\s_-]+", " ", text.strip().lower())


_BY_NAME: Final = {_norm(p): i for i, p in enumerate(PLACES)}
#: the Onions are written with a capital O (the seed: "when I write Onion (capital O), I mean Double up to Great")
_SAID: Final = tuple(f"a {p.title()}" if p in G.ONIONS.values() else f"a {p}" for p in PLACES)


def _grouping(literal: str, where: str) -> int:
    key = _norm(literal)
    if key not in _BY_NAME:
        raise RuleError(where, f"{literal!r} is not a grouping ({', '.join(PLACES)})")
    return _BY_NAME[key]


def _place(value: Any) -> str:
    return PLACES[int(value)]


def _said(value: Any) -> str:
    return _SAID[int(value)]


#: a grouping a player names, kept as its place in the seed's order (0: the bagel .. 19: the Great Onion)
GROUPING: Final = Kind("grouping", _grouping, _place, _said, tuple(range(len(PLACES))), comparable=False)

SUBJECTS = (
    Subject("grouping", "the grouping", GROUPING.domain),
    Subject("part", "the part of the betting", tuple(range(1, 6))),
    Subject("round", "the round", tuple(range(1, MOST_ROUND + 1))),
)
READINGS = (
    Reading("grouping", GROUPING, EQ_OPS, "the grouping", "grouping"),
    Reading("part", count_kind(1, 5, "part of the betting (1 to 5)"), ALL_OPS, "the part of the betting", "part"),
    Reading("round", count_kind(1, MOST_ROUND, f"round (1 to {MOST_ROUND}, which stands for every later one)"),
            ALL_OPS, "the round", "round"),
)
BETTING = ("part", "round")
#: the parts of the betting with raising (CMO-4.5: none in the third)
RAISING = (1, 2, 4, 5)

TRIGGERS = (
    Trigger("rank", "CMO-3.1", "When hands are compared", ("grouping",), ("above", "below"), penalty=False,
            who="it", needs_if=True),
    Trigger("bet", "CMO-4.5", "When the Dealer names the amount of a part of the betting", BETTING,
            ("least", "most"), penalty=False, who="the Dealer's bet"),
    Trigger("raise", "CMO-4.5", "When a player who matches the Dealer may raise", BETTING, ("least", "most"),
            penalty=False, who="a raise", domains={"part": RAISING}),
    Trigger("extra", "CMO-5.3", "When a player makes an extra bet", ("round",), ("most",), penalty=False,
            who="an extra bet"),
    Trigger("bid", "CMO-5.7", "When a player bids for the Dealership", ("round",), ("least", "most"),
            penalty=False, who="a bid, over the highest so far,"),
)

#: the most Stakes a betting limit names (and at a table, no more than its largest raise, ``max_raise``)
MOST_STAKES: Final = 20
EFFECTS = (
    Effect("above", "CMO-3.1", "{who} ranks just above {n}", kind=GROUPING),
    Effect("below", "CMO-3.1", "{who} ranks just below {n}", kind=GROUPING),
    Effect("least", "CMO-H1", "{who} is at least {cards}", 1, MOST_STAKES, unit="Stake"),
    Effect("most", "CMO-1.2", "{who} is at most {cards}", 0, MOST_STAKES, unit="Stake"),
)

VOCABULARY = Vocabulary(
    game="cripple-mr-onion", clause="CMO-HR1", triggers=TRIGGERS, subjects=SUBJECTS, readings=READINGS,
    effects=EFFECTS, judge=judge, hint="grouping, part, round",
)
