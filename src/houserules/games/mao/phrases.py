"""Quick phrases: what a seat may plausibly owe the table, from what it has seen (H-yours).

Every screen offers a few phrases to say in one tap besides "Point of order.". Offering every
phrase heard at the table drowned a newcomer in other people's hails ("All hail the king of
clovers" after someone else's king, game after game); offering what a seat owes would tell the
rules. So a seat is offered what it has seen and may plausibly owe: what was said aloud lately
that is not about somebody else's card (a phrase naming a card is offered only when that card is
the one this seat played last), and what its own penalties said it failed to say ("failure to say
subway": "subway"). Nothing here knows a rule: it reads the view's public log, and the seat's
own last play.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...cards import RANK, SUIT, parse_card
from . import rulebook as rb
from .speech import loose

#: how many phrases heard lately are offered
QUICK = 4
#: the table's procedure: the dealer's sentences (offered to the dealer when due) and a point of order
PROCEDURE = frozenset(loose(p) for p in (rb.START, rb.SUSTAINED, rb.OVERRULED, rb.ADJOURNED, rb.POINT_OF_ORDER,
                                         rb.PAUSED_ORIGINAL, *rb.RULINGS))
_RANKS = {w: i + 1 for i, w in enumerate(("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                          "ten", "jack", "queen", "king"))} | {str(n): n for n in range(2, 11)}
_SUITS = {"clubs": 0, "clovers": 0, "diamonds": 1, "hearts": 2, "spades": 3, "knaves": 3}
#: "<rank> of <suit>": a phrase that names a card (the seed's suit names among the others)
_CARD = re.compile(rf"\b({'|'.join(_RANKS)}) of ({'|'.join(_SUITS)})\b")
_FAILED = "failure to say "


def _cards_named(text: str) -> list[tuple[int, int]]:
    return [(_RANKS[r], _SUITS[s]) for r, s in _CARD.findall(loose(text))]


def plausible(log: Sequence[tuple[Any, ...]], seat: int) -> tuple[str, ...]:
    """The quick phrases for ``seat`` (oldest first, so a phrase keeps its place as more are
    said; the dealer's due words and "Point of order." are the screens' own)."""
    last = next((e for e in reversed(log) if e[1] == "play" and e[2] == seat), None)
    mine = (RANK[parse_card(last[3])], SUIT[parse_card(last[3])]) if last is not None else None
    said: list[str] = []
    for entry in reversed(log):
        text = _phrase(entry, seat)
        if not text or loose(text) in PROCEDURE or any(loose(text) == loose(s) for s in said):
            continue
        if any(card != mine for card in _cards_named(text)):
            continue  # about somebody else's card
        said.append(text)
        if len(said) == QUICK:
            break
    return tuple(reversed(said))


def _phrase(entry: tuple[Any, ...], seat: int) -> str:
    """What a log entry offers ``seat`` to say: words said aloud, or what a penalty of its own
    says it failed to say (a penalty's own name is never a phrase to say)."""
    if entry[1] == "say":
        return str(entry[3]).strip()
    if entry[1] == "penalty" and entry[2] == seat and loose(str(entry[3])).startswith(_FAILED):
        text = str(entry[3]).strip()[len(_FAILED):].strip(" ‘’“”\"'.")
        return "" if loose(text) in _PENALTIES else text
    return ""


_PENALTIES = frozenset(loose(n) for n in rb.every_penalty())
