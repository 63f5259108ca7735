"""Checking a house-rule book before the first card, within a fixed step budget.

What the engine checks of any book, from the vocabulary's records alone:

- a rule that can never fire (its conditions contradict each other, or cannot hold at its
  moment: a hand that just went out holds no cards);
- two rules that say the same thing, or whose effects undo each other at one moment (two
  reverses: ``Effect.cancels``);

and then the game's own ``judge`` (``Vocabulary.judge``): what only the game can know (a card
that can never be played, a turn that never ends, a moment that costs more cards than a bound).
Warnings are said; a book the table cannot play is refused with a ``RuleError`` saying where
and why.

How it decides, and what that costs: the values a rule reads are enumerated (``Subject.domain``:
52 cards, hand sizes), a condition on one subject once per value, a comparison of two subjects
(``card.suit == top.suit``) over their pairs. Every evaluation is a step counted against the
budget (``Work``: the same count on every machine, so a verdict never depends on load); a book
that needs more is refused, saying so. A verdict is kept by the book's content, its game and
the table size (``verdict``), so it is worked out once per process however often a table with
that book is made.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from typing import Any, NamedTuple

from . import conditions
from .book import canonical
from .conditions import Condition
from .text import RuleError
from .vocabulary import Book, HouseRule, Trigger, Vocabulary

#: the steps (one condition evaluated on one value or pair) a book's check may take
BUDGET = 2_000_000
#: verdicts kept (by game, book and table size)
KEPT = 128


class Work:
    """Steps spent on one book; RuleError once more than ``budget`` are needed."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.steps = 0

    def spend(self, n: int) -> None:
        self.steps += n
        if self.steps > self.budget:
            raise RuleError("rules", f"too complex to check (more than {self.budget:,} steps): split or simplify "
                                     "its conditions")


# --- the values a rule reads -------------------------------------------------------------------
def read_value(vocab: Vocabulary, name: str, value: Any) -> Any:
    """Reading ``name`` of one value of its subject (a card's rank)."""
    reading = vocab.reading[name]
    return value if reading.get is None else reading.get(value)


def holds(cond: Condition, vocab: Vocabulary, world: Mapping[str, Any]) -> bool:
    """Whether ``cond`` holds where each subject has its value in ``world``."""
    left = read_value(vocab, cond.left, world[vocab.reading[cond.left].owner])
    right = cond.right
    if isinstance(right, str) and right in vocab.reading:
        right = read_value(vocab, right, world[vocab.reading[right].owner])
    return conditions.compare(cond.op, left, right)


def subjects_of(cond: Condition, vocab: Vocabulary) -> tuple[str, ...]:
    return tuple(dict.fromkeys(vocab.reading[n].owner for n in conditions.names(cond, vocab.reading)))


def domain(vocab: Vocabulary, trigger: Trigger, subject: str) -> tuple[Any, ...]:
    """The values ``subject`` can take at ``trigger``'s moment."""
    return trigger.domains.get(subject, vocab.subject[subject].domain)


def truth(when: Sequence[Condition], vocab: Vocabulary, trigger: Trigger, names: Sequence[str],
          work: Work) -> list[bool]:
    """For each combination of the values of the subjects ``names`` (their domains in order,
    the last varying fastest), whether every condition of ``when`` that reads only them holds."""
    mine = [c for c in when if set(subjects_of(c, vocab)) <= set(names)]
    domains = [domain(vocab, trigger, n) for n in names]
    ok: list[list[bool]] = []
    for name, values in zip(names, domains):
        single = [c for c in mine if subjects_of(c, vocab) == (name,)]
        work.spend(len(values) * max(1, len(single)))
        ok.append([all(holds(c, vocab, {name: v}) for c in single) for v in values])
    coupled = [c for c in mine if len(subjects_of(c, vocab)) > 1]
    out: list[bool] = []
    for index in product(*(range(len(d)) for d in domains)):
        fine = all(ok[k][i] for k, i in enumerate(index))
        if fine and coupled:
            work.spend(len(coupled))
            world = {n: domains[k][i] for k, (n, i) in enumerate(zip(names, index))}
            fine = all(holds(c, vocab, world) for c in coupled)
        out.append(fine)
    return out


def components(when: Iterable[Condition], vocab: Vocabulary) -> list[tuple[str, ...]]:
    """The subjects a rule reads, grouped by the comparisons that tie them (``card.suit ==
    top.suit`` ties the card to the top): each group can be enumerated apart from the others."""
    groups: list[set[str]] = []
    for c in when:
        tied = set(subjects_of(c, vocab))
        for g in [g for g in groups if g & tied]:
            groups.remove(g)
            tied |= g
        groups.append(tied)
    return [tuple(sorted(g)) for g in groups]


def satisfiable(when: Sequence[Condition], vocab: Vocabulary, trigger: Trigger, work: Work) -> bool:
    """Whether some moment of ``trigger`` satisfies every condition of ``when``."""
    return all(any(truth(when, vocab, trigger, names, work)) for names in components(when, vocab))


# --- warnings any game gets --------------------------------------------------------------------
def label(book: Book, i: int) -> str:
    return f"rules[{i}] ({book.rules[i].id})"


def _same(a: HouseRule, b: HouseRule) -> bool:
    return (a.trigger, set(a.when), a.effects, a.penalty, a.replaces) == (b.trigger, set(b.when), b.effects,
                                                                        b.penalty, b.replaces)


def warnings(book: Book, vocab: Vocabulary, work: Work) -> list[str]:
    """What any game warns of (see the module docstring)."""
    out: list[str] = []
    for i, r in enumerate(book.rules):
        trigger = vocab.trigger[r.trigger]
        if r.when and not satisfiable(r.when, vocab, trigger, work):
            loose = Trigger(trigger.name, trigger.clause, trigger.words, trigger.reads)
            why = ("its conditions contradict each other" if not satisfiable(r.when, vocab, loose, work)
                   else f"its conditions never hold at its moment ({trigger.words.lower()})")
            out.append(f"{label(book, i)}: can never fire: {why}")
    repeated: set[int] = set()
    for i, a in enumerate(book.rules):
        for j in range(i + 1, len(book.rules)):
            b = book.rules[j]
            if _same(a, b):
                if j not in repeated:  # said once, of the first rule it repeats
                    repeated.add(j)
                    out.append(f"{label(book, j)} repeats {label(book, i)}: they say the same thing")
                continue
            both = [vocab.effect[n] for n, _ in a.effects if vocab.effect[n].cancels and n in dict(b.effects)]
            if a.trigger == b.trigger and both and satisfiable(a.when + b.when, vocab, vocab.trigger[a.trigger], work):
                said = both[0].say(0, vocab.trigger[a.trigger].who)
                out.append(f"{label(book, j)} cancels {label(book, i)}: when both fire, {said} twice, which "
                           "undoes it")
    return out


# --- the verdict -------------------------------------------------------------------------------
class Verdict(NamedTuple):
    """A book's verdict: why it is refused (``where``, ``why``), or None; and its warnings."""

    refusal: tuple[str, str] | None
    warnings: tuple[str, ...]

    def raise_refusal(self) -> None:
        if self.refusal is not None:
            raise RuleError(*self.refusal)


_KEPT: OrderedDict[tuple[str, str, int], Verdict] = OrderedDict()


def verdict(book: Book, vocab: Vocabulary, players: int) -> Verdict:
    """The book's verdict at a table of ``players``: the engine's warnings and the game's judge,
    within ``BUDGET`` steps; kept by content (the last ``KEPT`` books asked about)."""
    key = (vocab.game, canonical(book, vocab), players)
    if key in _KEPT:
        _KEPT.move_to_end(key)
        return _KEPT[key]
    work = Work(BUDGET)
    try:
        found = warnings(book, vocab, work)
        if vocab.judge is not None:
            found += vocab.judge(vocab, book, players, work)
        out = Verdict(None, tuple(found))
    except RuleError as exc:
        out = Verdict((exc.where, exc.why), ())
    _KEPT[key] = out
    if len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)
    return out


def forget() -> None:
    """Drop every kept verdict (tests that change the budget)."""
    _KEPT.clear()
