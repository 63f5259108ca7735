"""Where each house rule of a Shedding book holds, card by card (issue 36).

A rule's conditions are worked out once, over every value of what they read (the engine's
``check.truth``): for each card, the top cards, hand sizes and draw pressures the rule holds
at, kept as a ``table.Gate`` (a tuple and two bit masks). The compiled table (``house``) and
the checks before the first card (``housecheck``) both read rules this way, so what is
checked is what is enforced.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import DECK_SIZE
from ...engine.core import Illegal
from ...engine.house.check import Work, domain, truth
from ...engine.house.vocabulary import Book, HouseRule, Vocabulary
from .table import MOST, Gate

CARDS = tuple(range(DECK_SIZE))
CARD = ("card.rank", "card.suit", "card.colour")
TOP = ("top.rank", "top.suit", "top.colour")


def _mask(values: Sequence[Any], ok: Sequence[bool]) -> int:
    """The bits of the values (hand sizes, pressures) where ``ok`` holds; beyond ``MOST`` as ``MOST``."""
    out = 0
    for v, fine in zip(values, ok):
        if fine:
            out |= 1 << min(int(v), MOST)
    if ok and ok[-1]:  # the largest value stands for every larger one
        last = min(int(values[-1]), MOST)
        out |= ((1 << (MOST + 1)) - 1) & ~((1 << last) - 1)
    return out


def gates(rule: HouseRule, vocab: Vocabulary, work: Work) -> list[Gate | None]:
    """For each card, where ``rule`` holds for it (None: never)."""
    trigger = vocab.trigger[rule.trigger]
    pairs = truth(rule.when, vocab, trigger, ("card", "top"), work)
    sizes = _mask(domain(vocab, trigger, "hand"), truth(rule.when, vocab, trigger, ("hand",), work))
    pressures = _mask(domain(vocab, trigger, "pressure"),
                      truth(rule.when, vocab, trigger, ("pressure",), work))
    illegal = None
    cards = 0
    if rule.trigger == "forbid":
        name = rule.penalty.name if rule.penalty else "mistake"
        cards = rule.penalty.cards if rule.penalty else 2
        illegal = Illegal(f"house:{rule.id}", f"a house rule forbids it ({rule.title})", name)
    out: list[Gate | None] = []
    for c in CARDS:
        tops = tuple(pairs[c * DECK_SIZE:(c + 1) * DECK_SIZE])
        out.append(Gate(rule.id, rule.title, tops, sizes, pressures, illegal, cards)
                   if any(tops) and sizes and pressures else None)
    return out


def draw_card_rules(book: Book) -> list[tuple[HouseRule, int]]:
    """The ``play`` rules that make a card a draw card (HR-11): they add pressure and read nothing
    but the card, so the card adds it wherever it is played; with the pressure each adds."""
    out = []
    for r in book.rules:
        added = sum(n for name, n in r.effects if name == "pressure")
        if r.trigger == "play" and added and all(c.left in CARD and c.right not in TOP for c in r.when):
            out.append((r, added))
    return out
