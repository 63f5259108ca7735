"""A game's house-rule vocabulary, declared as records: what a table may write rules about.

A game lists, beside its moves (``engine.moves``) and options (``engine.options``):

- ``Trigger`` records: the moments a rule may hang on, each tied to the clause it extends,
  with what it may read, which effects it may carry, whether it may carry a penalty, and
  its words;
- ``Reading`` records (``engine.house.conditions``): what a condition may look at, of which
  kind, with which operators, in words; ``Subject`` records: the things read (a card, a
  hand's size) with every value each can take, so the checker can enumerate them;
- ``Effect`` records: what a rule may do, with its bounds, its words, the cards it can cost
  the table, and whether two of it at one moment undo each other;
- ``Seed`` records: the seed's own entries a book may switch off or replace (``replaces``);
- ``judge``: the game's own checks of a whole book (a card that can never be played, a turn
  that never ends, a moment that costs too much), within the checker's step budget.

Everything else (reading a book, its errors, its canonical JSON, its words, the generic
warnings, the verdict's cache, the ``house`` option) is the engine's, from these records:
no central checker knows every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from .conditions import Condition, Reading
from .kinds import Kind


@dataclass(frozen=True)
class Subject:
    """A thing conditions read (``card``, ``top``, ``hand``): its ``words`` ("the card it lands
    on") and every value it can take (``domain``), for the checker to enumerate."""

    name: str
    words: str
    domain: tuple[Any, ...]


@dataclass(frozen=True)
class Trigger:
    """A moment a rule may hang on.

    ``clause``: the rules-page clause it extends; ``words``: the moment in words ("When a
    turn's last card takes effect"); ``reads``: the readings its conditions may use;
    ``effects``: the effects it may carry; ``penalty``: whether it may carry a named penalty;
    ``who``: whom "the player" means at this moment; ``needs_if``: it needs a condition (a
    rule that allows every card allows nothing in particular); ``acts``: a rule on it must do
    something (effects, a penalty, a replacement): False for a rule whose being there is what
    it does (``allow``, ``forbid``); ``domains``: the values a subject can take at this moment
    where they are fewer than the subject's own (a hand that just went out holds 0 cards);
    ``costs``: the words before a penalty ("that costs the player").
    """

    name: str
    clause: str
    words: str
    reads: tuple[str, ...]
    effects: tuple[str, ...] = ()
    penalty: bool = True
    who: str = "the player"
    needs_if: bool = False
    acts: bool = True
    domains: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    costs: str = "that costs the player"


@dataclass(frozen=True)
class Effect:
    """Something a rule may do: ``name`` as written (``skip``, ``next:draw``), the ``clause``
    whose mechanism it uses, ``words`` (``{who}``: whom the trigger concerns; ``{n}``: its number;
    ``{cards}``: "a card" or "N cards", in its ``unit``: "a Stake", "2 Stakes"), ``low``..``high`` (the bounds of its number; 0..0: it
    takes none, ``draw:2`` takes one), ``cost(n, seats)``: the most cards it makes the table take,
    ``cancels``: two of it at one moment undo each other (two reverses); ``kind``: its argument
    is not a number but a value of this kind (``above:two-card onion``, ``like:9S``), read,
    written and said by the kind (``{n}`` in its words) and kept as the whole number the kind
    reads it to (a kind whose domain is whole numbers: a grouping's place, a card's code)."""

    name: str
    clause: str
    words: str
    low: int = 0
    high: int = 0
    cost: Callable[[int, int], int] | None = None
    cancels: bool = False
    kind: Kind | None = None
    unit: str = "card"

    @property
    def counted(self) -> bool:
        """It takes an argument: a number (``draw:2``) or a value of its kind (``like:9S``)."""
        return self.high > 0 or self.kind is not None

    def say(self, n: int, who: str) -> str:
        cards = f"a {self.unit}" if n == 1 else f"{n} {self.unit}s"
        return self.words.format(who=who, n=n if self.kind is None else self.kind.say(n), cards=cards)

    def write(self, n: int) -> str:
        """The effect as a book writes it (``draw:2``, ``above:two-card onion``, ``skip``)."""
        if self.kind is not None:
            return f"{self.name}:{self.kind.write(n)}"
        return f"{self.name}:{n}" if self.counted else self.name


@dataclass(frozen=True)
class Seed:
    """One of the seed's own entries a book may switch off or replace (``"replaces":
    ["S-4.4"]``): its ``clause`` and what it does, in ``words`` ("an 8 skips the next player")."""

    clause: str
    words: str


class Penalty(NamedTuple):
    """A named penalty a rule gives: its ``name`` (what the table calls it) and ``cards`` drawn."""

    name: str
    cards: int


@dataclass(frozen=True)
class HouseRule:
    """One rule of a book, read and checked (``engine.house.book``): what it hangs on
    (``trigger``), its conditions (``when``), its effects (``(name, n)``, n 0 for none), its
    ``penalty``, the seed entries it ``replaces``."""

    id: str
    title: str
    trigger: str
    when: tuple[Condition, ...] = ()
    effects: tuple[tuple[str, int], ...] = ()
    penalty: Penalty | None = None
    replaces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Book:
    """A table's house rules for ``game``, in order."""

    game: str
    rules: tuple[HouseRule, ...]


@dataclass(frozen=True)
class Limits:
    """How large a book may be: rules, conditions a rule, effects a rule, nesting, bytes."""

    rules: int = 20
    conditions: int = 6
    effects: int = 4
    depth: int = 6
    title: int = 60
    name: int = 60


#: a game's own checks of a whole book: ``judge(vocabulary, book, players, work)`` returns warnings
#: and raises ``RuleError`` (where and why) for a book the table cannot play (``engine.house.check``)
Judge = Callable[["Vocabulary", Book, int, Any], list[str]]


@dataclass(frozen=True)
class Vocabulary:
    """A game's house-rule vocabulary (see the module docstring).

    ``game``: its registry name (a book names it); ``clause``: the rules-page section that
    says what the vocabulary can and cannot express; ``hint``: the readings in a few words,
    for an error naming an unknown one; ``penalty``: the bounds of a named penalty's cards.
    """

    game: str
    clause: str
    triggers: tuple[Trigger, ...]
    subjects: tuple[Subject, ...]
    readings: tuple[Reading, ...]
    effects: tuple[Effect, ...]
    seed: tuple[Seed, ...] = ()
    judge: Judge | None = None
    penalty: tuple[int, int] = (1, 3)
    limits: Limits = Limits()
    hint: str = ""

    @cached_property
    def trigger(self) -> Mapping[str, Trigger]:
        return {t.name: t for t in self.triggers}

    @cached_property
    def reading(self) -> Mapping[str, Reading]:
        return {r.name: r for r in self.readings}

    @cached_property
    def effect(self) -> Mapping[str, Effect]:
        return {e.name: e for e in self.effects}

    @cached_property
    def subject(self) -> Mapping[str, Subject]:
        return {s.name: s for s in self.subjects}

    @cached_property
    def owners(self) -> Mapping[str, str]:
        """Each subject's words, by name (what "that of ..." names)."""
        return {s.name: s.words for s in self.subjects}

    @cached_property
    def seeds(self) -> Mapping[str, Seed]:
        return {s.clause: s for s in self.seed}
