"""bpoker's own checks of a house book, before the first card (issue 36, BP-HR5).

The engine has already read the book and warned of what any game warns of (a rule that never
fires, two that say the same thing). Here is what only bpoker knows, read the way the compiled
card rules read it (``house`` uses ``ruled``):

Refused (``RuleError``, where and why): **a chain of plays that feeds itself**. Some card rules
make more cards be played at once: a Joker deals its player two cards to be played (BP-1B), a
10♥ turns the viewing hand into cards to be played (BP-10H), a 5 has the next card played
(BP-5), a 6 forces one (BP-6), a Q♣/Q♠'s companion is played by its receiver (BP-QC), a 2♥
plays what it takes (BP-2H), a 1 of Red a random stash card (BP-1R), a 10♦ forced on a player
one of his (BP-10D.C), a 10♠ one of its player's table (BP-10S). Weighted by how many cards of a
deck follow each rule, a play brings on average some 0.4 more in the chapter's game. A book
under which a play brings one more or more on average is refused: such a chain does not die
out on its own, and one turn could play out every stash.

Warned of: a card given the rule it already follows (it repeats the seed), a card whose rule a
later rule sets again (the earlier one no longer holds for it), a change to a card whose rule is
more than its catalogue record (the 10♦'s protection and Magic, a 6's Tunnel, a J's restore and
the 3♣'s obligation go by the card itself and stay).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...engine.house.check import Work, domain, label, truth
from ...engine.house.text import RuleError
from ...engine.house.vocabulary import Book, Vocabulary
from .cards import BLACK1, value_name
from .catalogue import VALUES, CardRule, decode, registered, rule_for

#: the cards of one deck that show each value (a Joker is a 1 of Black; the 1 of Red and the 1s of
#: a suit exist only in effect); two Jokers, the most a deck may have
PER_DECK: Final = 54
JOKERS: Final = 2
#: the cards a play of each rule has played at once, at most or on average (the 10♥'s: a viewing
#: hand of the default five)
OFFSPRING: Final[Mapping[str, int]] = {
    "BP-1B": 2, "BP-10H": 5, "BP-5": 1, "BP-6": 1, "BP-QC": 1, "BP-QS": 1, "BP-2H": 1, "BP-1R": 1, "BP-10D": 1,
    "BP-10S": 1}
#: a chain of plays whose plays bring on average this many more does not die out on its own
CRITICAL: Final = 1.0
#: what a card keeps whatever its catalogue record (it goes by the card itself, not by its rule)
KEPT: Final[Mapping[str, str]] = {
    "BP-10D": "the 10♦ stays protected and keeps its Magic and the Reflector",
    "BP-6": "a 6 keeps its Tunnel and the Reflector",
    "BP-J": "a J keeps its restore when no-effect",
    "BP-JC": "a J keeps its restore when no-effect",
    "BP-3C": "a 3♣ must still be declared and keeps its Neutralization",
}
Value = tuple[int, int]


def share(value: Value) -> int:
    """The cards of a deck that show ``value``."""
    if value[0] == 1:
        return JOKERS if value[1] == BLACK1 else 0
    return 1


def ruled(vocab: Vocabulary, book: Book, work: Work) -> dict[Value, tuple[CardRule | None, int]]:
    """Each value's card rule at this table, and the book's rule that set it (-1: the seed's,
    less the clauses the book ``replaces``). Rules apply in the book's order; each of a rule's
    effects in the order written (``like:X``: the chapter's rule of ``X``; ``plain``: none)."""
    registered()
    replaced = {c for r in book.rules for c in r.replaces}
    out: dict[Value, tuple[CardRule | None, int]] = {}
    for v in VALUES:
        seed = rule_for(v)
        out[v] = (None if seed is not None and seed.clause in replaced else seed, -1)
    for i, r in enumerate(book.rules):
        if not r.effects:
            continue
        trigger = vocab.trigger[r.trigger]
        for code, fine in zip(domain(vocab, trigger, "card"), truth(r.when, vocab, trigger, ("card",), work)):
            if fine:
                for name, n in r.effects:
                    out[decode(code)] = (rule_for(decode(n)) if name == "like" else None, i)
    return out


def judge(vocab: Vocabulary, book: Book, players: int, work: Work) -> list[str]:
    """Warnings for ``book``; RuleError when the table cannot play it."""
    table = ruled(vocab, book, work)
    _feeds_itself(book, table)
    return _repeats(vocab, book, work) + _kept(book, table)


def brought(table: Mapping[Value, tuple[CardRule | None, int]]) -> float:
    """The cards a play brings into play at once, on average over a deck (see the module docstring)."""
    total = sum(share(v) for v in table)
    return sum(share(v) * OFFSPRING.get(rule.clause, 0) for v, (rule, _) in table.items() if rule is not None) / total


def _feeds_itself(book: Book, table: Mapping[Value, tuple[CardRule | None, int]]) -> None:
    mean = brought(table)
    if mean >= CRITICAL:
        by = sorted({i for v, (rule, i) in table.items() if i >= 0 and rule is not None and rule.clause in OFFSPRING})
        names = ", ".join(label(book, i) for i in by) or "the book"
        raise RuleError("rules", f"a chain of plays feeds itself: each card played has on average {mean:.1f} more "
                                 f"played at once (by {names}; the chapter's cards: 0.4), so one turn could play out "
                                 "every stash")


def _repeats(vocab: Vocabulary, book: Book, work: Work) -> list[str]:
    """A card given the rule it already follows; a card whose rule a later rule sets again."""
    out = []
    set_by: dict[Value, int] = {}
    for i, r in enumerate(book.rules):
        if not r.effects:
            continue
        trigger = vocab.trigger[r.trigger]
        mine = [decode(c) for c, fine in zip(domain(vocab, trigger, "card"),
                                             truth(r.when, vocab, trigger, ("card",), work)) if fine]
        for name, n in r.effects:
            same = [v for v in mine if name == "like" and rule_for(v) is rule_for(decode(n))]
            if same and len(same) == len(mine):
                clause = rule_for(same[0])
                out.append(f"{label(book, i)}: repeats the seed: {', '.join(value_name(*v) for v in same[:4])} "
                           f"already {'follows' if len(same) == 1 else 'follow'} "
                           f"{clause.clause if clause else 'no rule'}")
        again = sorted({set_by[v] for v in mine if v in set_by})
        for j in again:
            out.append(f"{label(book, i)} sets the rule of cards {label(book, j)} already set: "
                       f"{label(book, j)}'s no longer holds for them")
        set_by.update({v: i for v in mine})
    return out


def _kept(book: Book, table: Mapping[Value, tuple[CardRule | None, int]]) -> list[str]:
    """A change to a card that keeps more than its catalogue record."""
    out = []
    seen: set[tuple[int, str]] = set()
    for v, (rule, i) in table.items():
        seed = rule_for(v)
        changed = rule is not seed
        if seed is None or not changed or seed.clause not in KEPT or share(v) == 0:
            continue
        at = i if i >= 0 else next(k for k, r in enumerate(book.rules) if seed.clause in r.replaces)
        if (at, seed.clause) not in seen:
            seen.add((at, seed.clause))
            out.append(f"{label(book, at)}: only the {value_name(*v)}'s effects change: {KEPT[seed.clause]} "
                       "(they go by the card itself)")
    return out
