"""Cripple Mr Onion's own checks of a house book, before the first card (issue 36, CMO-HR7).

The engine has already read the book and warned of what any game warns of (a rule that never
fires, two that say the same thing). Here is what only Cripple Mr Onion knows, read the way
the compiled table reads it (``house`` uses these same functions):

Refused (``RuleError``, where and why):

- a ranking rule that moves a grouping relative to itself, or gives it two places at once;
- a moment of the betting where no amount can be named: one rule asks at least more Stakes
  than another allows at most (the Dealer could never name a bet, nobody could raise or bid).

Warned of: a ranking rule that changes nothing (the grouping already ranks there), a grouping
a later rule moves again (the earlier place no longer holds), one that puts a grouping below a
smaller one of its family (a double bagel below a bagel, a six-card onion below a five-card
one, a Triple Onion below a Double: each family ranks by its count in the seed, and under the
Fool too), a limit that repeats the seed's own (a raise or a bid of at least one Stake).

The bounds of every number are the vocabulary's (at most ``MOST_STAKES``); that a limit is
within the table's largest raise is checked with the table's options (``limits_fit``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...engine.core import OptionsError
from ...engine.house.check import Work, domain, label, truth
from ...engine.house.text import RuleError
from ...engine.house.vocabulary import Book, HouseRule, Vocabulary
from . import groupings as G
from .ranking import PLACES, moved
from .table import MOST_ROUND, PARTS, SEED_LEAST, Bounds

#: every part of the betting, as bits: a rule that reads no part holds at each
EVERY_PART = (1 << PARTS) - 1


def _bits(values: Iterable[Any], ok: Iterable[bool]) -> int:
    return sum(1 << int(v) for v, fine in zip(values, ok) if fine)


def gates(vocab: Vocabulary, rule: HouseRule, work: Work) -> tuple[int, int]:
    """Where a betting rule holds: the parts of the betting (a bit each, 0..5) and the rounds (a
    bit each, 1..MOST_ROUND, which stands for every later one; bit 0 as round 1)."""
    trigger = vocab.trigger[rule.trigger]
    if "part" in trigger.reads:
        values = domain(vocab, trigger, "part")
        parts = _bits(values, truth(rule.when, vocab, trigger, ("part",), work))
    else:
        parts = EVERY_PART
    values = domain(vocab, trigger, "round")
    rounds = _bits(values, truth(rule.when, vocab, trigger, ("round",), work))
    rounds |= rounds >> 1 & 1  # round 0 (never a decision's) as round 1
    return parts, rounds


def places_moved(vocab: Vocabulary, rule: HouseRule, work: Work) -> list[str]:
    """The places (groupings) a ranking rule moves, in the seed's order."""
    trigger = vocab.trigger[rule.trigger]
    ok = truth(rule.when, vocab, trigger, ("grouping",), work)
    return [PLACES[int(v)] for v, fine in zip(domain(vocab, trigger, "grouping"), ok) if fine]


def ranked(vocab: Vocabulary, book: Book, work: Work) -> list[tuple[str, ...]]:
    """The order of the places before the book's ranking rules and after each (the last: the
    table's). RuleError for a rule that moves a grouping relative to itself or gives it two places."""
    orders = [PLACES]
    for i, r in enumerate(book.rules):
        if r.trigger != "rank":
            continue
        if len(r.effects) != 1:
            raise RuleError(f"rules[{i}].effects", "a grouping takes one place: give a ranking rule one 'above' or "
                                                   "one 'below'")
        (name, target), = r.effects
        which = places_moved(vocab, r, work)
        if PLACES[target] in which:
            raise RuleError(f"rules[{i}].effects[0]", f"the {PLACES[target]} cannot rank just {name} itself: "
                                                      "leave it out of the rule's groupings")
        orders.append(moved(orders[-1], which, PLACES[target], name == "above"))
    return orders


def limit_rules(vocab: Vocabulary, book: Book, work: Work) -> list[tuple[int, HouseRule, int, int]]:
    """The book's betting rules: (index, rule, parts, rounds where it holds)."""
    return [(i, r, *gates(vocab, r, work)) for i, r in enumerate(book.rules) if r.trigger in SEED_LEAST]


def bounds(vocab: Vocabulary, book: Book, kind: str, part: int, rnd: int, work: Work,
           gated: list[tuple[int, HouseRule, int, int]] | None = None) -> tuple[Bounds, tuple[int, int]]:
    """The least and most Stakes of ``kind`` at ``part`` and round ``rnd`` (most None: the table's
    largest raise), and the rules that set each (-1: the seed)."""
    least, most = SEED_LEAST[kind], None
    by = (-1, -1)
    for i, r, parts, rounds in gated if gated is not None else limit_rules(vocab, book, work):
        if r.trigger != kind or not (parts >> part & 1 and rounds >> min(rnd, MOST_ROUND) & 1):
            continue
        for name, n in r.effects:
            if name == "least" and n > least:
                least, by = n, (i, by[1])
            elif name == "most" and (most is None or n < most):
                most, by = n, (by[0], i)
    return (least, most), by


def judge(vocab: Vocabulary, book: Book, players: int, work: Work) -> list[str]:
    """Warnings for ``book``; RuleError when the table cannot play it."""
    orders = ranked(vocab, book, work)
    _open(vocab, book, work)
    return _still(vocab, book, orders, work) + _repeats(book)


def _open(vocab: Vocabulary, book: Book, work: Work) -> None:
    """Refused: a moment where no amount can be named (a least above a most)."""
    gated = limit_rules(vocab, book, work)
    if not gated:
        return
    work.spend(len(SEED_LEAST) * PARTS * (MOST_ROUND + 1) * len(gated))
    for kind in SEED_LEAST:
        for part in range(1, PARTS):
            for rnd in range(1, MOST_ROUND + 1):
                (least, most), (lo, hi) = bounds(vocab, book, kind, part, rnd, work, gated)
                if most is not None and least > most:
                    when = f"part {part} of the betting, round {rnd}" if "part" in vocab.trigger[kind].reads \
                        else f"round {rnd}"
                    asks = f"{label(book, lo)} asks at least {least}" if lo >= 0 else f"the seed asks at least {least}"
                    raise RuleError("rules", f"stuck: at {when}, {asks} Stakes and {label(book, hi)} allows at most "
                                             f"{most}, so {vocab.trigger[kind].who.rstrip(',')} could never be "
                                             "named")


def _still(vocab: Vocabulary, book: Book, orders: list[tuple[str, ...]], work: Work) -> list[str]:
    """A ranking rule that changes nothing; a grouping a later rule moves again."""
    out = []
    step = 0
    moved_by: dict[str, int] = {}
    for i, r in enumerate(book.rules):
        if r.trigger != "rank":
            continue
        step += 1
        which = places_moved(vocab, r, work)
        (name, target), = r.effects
        if which and orders[step] == orders[step - 1]:
            out.append(f"{label(book, i)}: changes nothing: {', '.join(which)} already "
                       f"{'ranks' if len(which) == 1 else 'rank'} just {name} the {PLACES[target]}")
        for p in which:
            if p in moved_by:
                out.append(f"{label(book, i)} moves the {p} again: {label(book, moved_by[p])}'s place for it no "
                           "longer holds")
            moved_by[p] = i
        out += [f"{label(book, i)}: a {big} now ranks below a {small}" for small, big in _upset(*orders[step - 1:step + 1])]
    return out


#: the families whose groupings rank by their count in the seed: bagels, n-card onions, Onions
FAMILIES = (G.BAGELS, tuple(G.ONION_SIZES.values()), tuple(G.ONIONS.values()))


def _upset(before: tuple[str, ...], after: tuple[str, ...]) -> list[tuple[str, str]]:
    """The pairs (smaller, larger) of a family in order before and out of order after."""
    out = []
    for family in FAMILIES:
        for small, big in zip(family, family[1:]):
            if before.index(small) < before.index(big) and after.index(small) > after.index(big):
                out.append((small, big))
    return out


#: a limit the seed already sets: (trigger, effect, number) -> the clause that sets it
_SEED_LIMITS: Mapping[tuple[str, str, int], str] = {
    ("raise", "least", 1): "a raise is at least a Stake already (CMO-H1)",
    ("bid", "least", 1): "a bid is at least a Stake over the highest already (CMO-5.7)",
}


def _repeats(book: Book) -> list[str]:
    return [f"{label(book, i)}: repeats the seed: {why}" for i, r in enumerate(book.rules)
            for name, n in r.effects if (why := _SEED_LIMITS.get((r.trigger, name, n)))]


def limits_fit(book: Book, max_raise: int) -> None:
    """OptionsError when a betting rule names more Stakes than the table's largest raise (the
    option ``max_raise``, CMO-1.2): a house limit narrows the table's, it never widens it."""
    for i, r in enumerate(book.rules):
        for name, n in r.effects:
            if name in ("least", "most") and n > max_raise:
                raise OptionsError(f"house: {label(book, i)}: {name}:{n} is more than the table's largest raise "
                                   f"({max_raise} Stakes): raise max_raise, or lower the rule's limit")
