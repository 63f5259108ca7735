"""King Taco's own checks of a house book, before the first card (issue 36, KT-HR-11).

The engine has already read the book and warned of what any game warns of (a rule that never
fires, two that repeat or cancel each other). Here is what only King Taco knows:

Refused (``RuleError``, where and why):

- nobody can go out: for every last card, landing on the pile gives the player cards back, or
  going out on it costs a penalty instead of the auction;
- a hand of one card can never empty: a turn's start gives its player a card whenever they hold
  one, and a turn plays one card;
- one moment that can cost the table more than ``MOST_CARDS`` cards (every draw and penalty of the
  rules that can fire together, at this table's size).

Warned of: a ``land`` rule that skips or reverses on the cards whose own effect already does
(``skip``, ``inverse``), which repeats or undoes the seed's effect.
"""

from __future__ import annotations

from typing import Final

from ...engine.house.check import Work, label
from ...engine.house.text import RuleError
from ...engine.house.vocabulary import Book, HouseRule, Vocabulary
from .cards import INVERSE, KINDS, MANA_CAP, SKIP, SYMBOL
from .housetable import Gate
from .worlds import gates

#: the most cards one moment may cost the table through house rules
MOST_CARDS: Final = 12
#: cards each effect makes the table take per unit of its number (``everyone``: per other player)
_COSTS = {"draw": 1, "next:draw": 1, "target:draw": 1, "everyone:draw": 1}
#: what the player themselves takes back at a moment (their draws, their penalty)
_OWN = ("draw",)


def judge(vocab: Vocabulary, book: Book, players: int, work: Work) -> list[str]:
    """Warnings for ``book`` at a table of ``players``; RuleError when the table cannot play it."""
    found = [gates(r, vocab, work) for r in book.rules]
    _no_way_out(book, found, work)
    _one_card(book, found)
    _explodes(book, found, players, work)
    return _repeats(book, found)


def _own(r: HouseRule) -> int:
    return sum(n for name, n in r.effects if name in _OWN) + (r.penalty.cards if r.penalty else 0)


def _no_way_out(book: Book, found: list[list[Gate | None]], work: Work) -> None:
    """Refused: no card can be a last card at any mana (landing gives it back, or going out costs)."""
    blockers = [i for i, r in enumerate(book.rules) if (r.trigger == "land" and _own(r)) or
                (r.trigger == "out" and r.penalty is not None)]
    if not blockers:
        return
    work.spend(KINDS * (MANA_CAP + 1) * len(blockers))
    for c in range(KINDS):
        for mana in range(MANA_CAP + 1):
            if not any((g := found[i][c]) is not None and g.holds(0, mana) for i in blockers):
                return
    ids = ", ".join(book.rules[i].id for i in blockers)
    raise RuleError("rules", f"unwinnable: whatever a player's last card, it gives them cards back or costs a "
                             f"penalty instead of the auction (by {ids}), so nobody can go out")


def _one_card(book: Book, found: list[list[Gate | None]]) -> None:
    """Refused: a turn that starts with one card always gives its player another."""
    for i, r in enumerate(book.rules):
        g = found[i][0]
        if r.trigger == "turnstart" and _own(r) and g is not None and all(g.holds(1, m) for m in range(MANA_CAP + 1)):
            raise RuleError(f"rules[{i}]", "unwinnable: a turn that starts with one card in hand gives its player a "
                                           "card more, and a turn plays one, so no hand can empty")


def _cost(r: HouseRule, players: int) -> int:
    return sum(_COSTS.get(name, 0) * n * (players - 1 if name == "everyone:draw" else 1) for name, n in r.effects) + (
        r.penalty.cards if r.penalty else 0)


def _explodes(book: Book, found: list[list[Gate | None]], players: int, work: Work) -> None:
    for trigger in ("land", "resolve", "turnstart", "out"):
        rows = [(r, found[i]) for i, r in enumerate(book.rules) if r.trigger == trigger and _cost(r, players)]
        if not rows:
            continue
        width = len(rows[0][1])
        worst, by = 0, ""
        work.spend(width * len(rows))
        groups = {tuple(k for k, (_, gs) in enumerate(rows) if gs[c] is not None) for c in range(width)}
        for group in groups:
            work.spend(64 * (MANA_CAP + 1) * max(1, len(group)))
            # a rule's gates differ by card only in whether it holds there: one stands for all
            here = [(rows[k][0], next(g for g in rows[k][1] if g is not None)) for k in group]
            for size in range(64):
                for mana in range(MANA_CAP + 1):
                    held = [r for r, g in here if g.holds(size, mana)]
                    total = sum(_cost(r, players) for r in held)
                    if total > worst:
                        worst, by = total, ", ".join(r.id for r in held)
        if worst > MOST_CARDS:
            raise RuleError("rules", f"explodes: one moment ({trigger}) could cost the table up to {worst} cards (by "
                                     f"{by}) at a table of {players}; at most {MOST_CARDS}, so that a table can still "
                                     "follow it")


def _repeats(book: Book, found: list[list[Gate | None]]) -> list[str]:
    out = []
    for i, r in enumerate(book.rules):
        if r.trigger != "land":
            continue
        names = {name for name, _ in r.effects}
        on = [c for c, g in enumerate(found[i]) if g is not None]
        if "skip" in names and any(SYMBOL[c] == SKIP for c in on):
            out.append(f"{label(book, i)}: repeats KT-7.4.1 on a skip card: it already times the next player out")
        if "reverse" in names and any(SYMBOL[c] == INVERSE for c in on):
            out.append(f"{label(book, i)}: undoes KT-7.1.1 on an inverse: it already reverses the direction")
    return out
