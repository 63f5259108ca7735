"""The card groupings of Cripple Mr Onion and the one order they rank in.

The seed lists thirteen groupings from the bagel to the Great Onion
(CMO-2.1 .. CMO-2.13). Several kinds come in counts (two to five bagels are
one grouping in the bagel slot; two to five pontoons are the Onions) and the
n-card onions are split further by the fewer-null-eights tie-break of
modifier #1 (an onion with fewer null eights beats one of the same size with
more). Modifiers add the Elephants' Double Onion (#7, beaten by any other
Double Onion) and the Octavo (#3, a Lesser Onion that beats the others), and
the Fool (#11) swaps bagels with Onions.

Every grouping gets a *strength*: its index in the order below. An
arrangement is worth ``sum(BASE ** strength)``: an arrangement has at most
five groupings (each uses two cards or more), so no count reaches ``BASE``
and comparing these integers is exactly the seed's comparison (strongest
grouping first, then the next, having one beats having none; CMO-3.1).
"""

from __future__ import annotations

from typing import NamedTuple

BASE = 6

BAGELS = ("bagel", "double bagel", "triple bagel", "lesser bagel", "great bagel")
TWO_CARD_ONION = "two-card onion"
BROKEN_FLUSH = "broken flush"
FLUSH = "flush"
BROKEN_ROYAL = "broken royal"
ROYAL = "royal"
WILD_ROYAL = "wild royal"
#: onions by card count (2..7); there is no eight-card onion (CMO-2.12)
ONION_SIZES = {2: TWO_CARD_ONION, 3: "three-card onion", 4: "four-card onion", 5: "five-card onion",
               6: "six-card onion", 7: "seven-card onion"}
#: Onions by number of pontoons (2..5)
ONIONS = {2: "double onion", 3: "triple onion", 4: "lesser onion", 5: "great onion"}
ELEPHANTS = "elephants' double onion"
OCTAVO = "octavo"
NINE_CARD_RUNNING_FLUSH = "nine-card running flush"
TEN_CARD_RUNNING_FLUSH = "ten-card running flush"

#: kinds a null eight may appear in (CMO-7.1: "to trump up an onion")
NULL_KINDS = frozenset(ONION_SIZES[n] for n in range(3, 8))


class Level(NamedTuple):
    """One step of the order: a kind, and for onions how many null eights it uses."""

    kind: str
    nulls: int = 0


def _onion(n: int) -> list[Level]:
    # more null eights rank lower (CMO-7.1)
    return [Level(ONION_SIZES[n], j) for j in range(n - 2, -1, -1)]


def _middle() -> list[Level]:
    """The order from the broken flush to the seven-card onion, the same with or without the Fool."""
    out = [Level(BROKEN_FLUSH)]
    out += _onion(3) + [Level(FLUSH)] + _onion(4) + [Level(BROKEN_ROYAL)] + _onion(5)
    out += [Level(ROYAL)] + _onion(6) + [Level(WILD_ROYAL)] + _onion(7)
    return out


def _normal() -> list[Level]:
    out = [Level(b) for b in BAGELS] + [Level(TWO_CARD_ONION)] + _middle()
    out += [Level(ELEPHANTS), Level(ONIONS[2]), Level(ONIONS[3]), Level(ONIONS[4]), Level(OCTAVO),
            Level(ONIONS[5])]
    return out


def _fool() -> list[Level]:
    """CMO-7.11: the two-card onion and the bagel change places, Double/Triple/Lesser
    Onions change places with double/triple/lesser bagels, and the great bagel is
    beaten only by the Great Onion (**House rule** CMO-H11: it also beats the Octavo)."""
    out = [Level(TWO_CARD_ONION), Level(ELEPHANTS), Level(ONIONS[2]), Level(ONIONS[3]), Level(ONIONS[4])]
    out += [Level(BAGELS[0])] + _middle()
    out += [Level(BAGELS[1]), Level(BAGELS[2]), Level(BAGELS[3]), Level(OCTAVO), Level(BAGELS[4]),
            Level(ONIONS[5])]
    return out


ORDER: dict[bool, tuple[Level, ...]] = {False: tuple(_normal()), True: tuple(_fool())}
#: (fool?) -> Level -> strength
STRENGTH: dict[bool, dict[Level, int]] = {f: {lv: i for i, lv in enumerate(o)} for f, o in ORDER.items()}
#: (fool?) -> strength -> weight
WEIGHT: dict[bool, tuple[int, ...]] = {f: tuple(BASE ** i for i in range(len(o))) for f, o in ORDER.items()}

#: every grouping name a declaration may use
KINDS = tuple(dict.fromkeys(lv.kind for lv in ORDER[False]))
