"""The card catalogue: one record per card rule, looked up by the value in effect.

Why records: every card's rule is one small entry naming its clause on the
rules page, its immediate effect (the first step the resolution machine
runs), its continuous modifiers (read live from the tables, never ticked)
and its marks. Part 2's pairs, sets and joint effects add records of their
own beside these; nothing dispatches on card names in an if-ladder.
"""

from __future__ import annotations

from dataclasses import dataclass

ANY = -1  # a rule for every suit of a rank (5, 6, 8)


@dataclass(frozen=True)
class CardRule:
    """One card's rule. ``step``: its immediate effect (None: it has none);
    ``cont``: continuous modifiers as (what, amount) — ``viewing`` (the correct
    number), ``max`` (the table maximum), ``fee`` (the owner's fees);
    ``turn_start``: it has the 3's beginning-of-your-turn trigger."""

    clause: str
    title: str
    step: str | None
    cont: tuple[tuple[str, int], ...] = ()
    turn_start: bool = False


RULES: dict[tuple[int, int], CardRule] = {}


def card_rule(rank: int, suits: tuple[int, ...], rule: CardRule) -> CardRule:
    """Register ``rule`` for ``rank`` in each of ``suits`` (``(ANY,)``: every suit)."""
    for s in suits:
        if (rank, s) in RULES:
            raise ValueError(f"two rules for {(rank, s)}")
        RULES[(rank, s)] = rule
    return rule


def rule_for(value: tuple[int, int]) -> CardRule | None:
    """The rule a card with ``value`` (rank, suit) in effect follows."""
    return RULES.get(value) or RULES.get((value[0], ANY))


def modifier(values: list[tuple[int, int]], what: str) -> int:
    """The sum of the continuous ``what`` modifiers of ``values`` (the live cards of a table)."""
    total = 0
    for v in values:
        r = rule_for(v)
        if r is not None:
            total += sum(n for w, n in r.cont if w == what)
    return total
