"""Where each house rule of a King Taco book holds (issue 36).

A rule's conditions are worked out once, over every value of what they read (the engine's
``check.truth``): for each card (a ``land`` or ``out`` rule) or each kind of stack (a
``resolve`` rule), whether it can hold, with the hand sizes and mana it holds at, kept as a
``housetable.Gate``. The compiled table (``house``) and the checks (``housecheck``) both read
rules this way, so what is checked is what is enforced.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.house.check import Work, domain, truth
from ...engine.house.vocabulary import HouseRule, Vocabulary
from .cards import KINDS, SYMBOLS
from .housetable import MOST, Gate

#: what a rule on each trigger is looked up by: a card, a stack's kind, or nothing
BY = {"land": "card", "out": "card", "resolve": "stack", "turnstart": ""}


def mask(values: Sequence[Any], ok: Sequence[bool]) -> int:
    """The bits of the values where ``ok`` holds; the largest value stands for every larger one."""
    out = 0
    for v, fine in zip(values, ok):
        if fine:
            out |= 1 << min(int(v), MOST)
    if ok and ok[-1]:
        last = min(int(values[-1]), MOST)
        out |= ((1 << (MOST + 1)) - 1) & ~((1 << last) - 1)
    return out


def gates(rule: HouseRule, vocab: Vocabulary, work: Work) -> list[Gate | None]:
    """Where ``rule`` holds: one entry per card (``land``, ``out``), per symbol (``resolve``: None
    for a symbol no stack has), or a single one (``turnstart``); None where it never holds."""
    trigger = vocab.trigger[rule.trigger]
    sizes = mask(domain(vocab, trigger, "hand"), truth(rule.when, vocab, trigger, ("hand",), work))
    manas = mask(domain(vocab, trigger, "mana"), truth(rule.when, vocab, trigger, ("mana",), work))
    gate = Gate(rule.id, rule.title, sizes, manas) if sizes and manas else None
    by = BY[rule.trigger]
    if not by:
        return [gate]
    values = domain(vocab, trigger, by)
    ok = dict(zip(values, truth(rule.when, vocab, trigger, (by,), work)))
    size = KINDS if by == "card" else SYMBOLS
    return [gate if ok.get(k) else None for k in range(size)]
