"""A rule's conditions: ``"left op right"``, read against what the rule's trigger may look at.

``left`` names a ``Reading`` of the game's vocabulary (``card.rank``, ``top.suit``,
``hand.size``); ``op`` is one of ``==``, ``!=``, ``in`` (a comma list), ``<=``, ``>=``,
``adjacent`` (one apart), as the reading allows; ``right`` is a literal of the reading's
kind (``7``, ``hearts``, ``red``) or another reading of the same kind (``top.suit``). A
condition is data (``Condition``): nothing in it is ever evaluated but a comparison of
small values (``holds``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .kinds import Kind
from .text import RuleError, keys

#: every operator the language knows; each reading allows some of them
OPS = ("==", "!=", "in", "<=", ">=", "adjacent")
_SHAPE = re.compile(r"^\s*(\S+)\s+(==|!=|in|<=|>=|adjacent)\s+(.+?)\s*$")
#: the most values an ``in`` list may hold (a suit of ranks)
MAX_IN = 13
#: how each operator is said, unless the reading's kind says otherwise
VERBS: Mapping[str, str] = {"==": "is", "!=": "is not", "in": "is", "<=": "is at most", ">=": "is at least",
                            "adjacent": "is one away from"}


@dataclass(frozen=True)
class Condition:
    """A test on what triggered a rule: ``left op right``.

    ``left`` and ``right`` are references (``card.rank``, ``below.suit``, ``hand.size``:
    readings of the game's vocabulary) or literal values (a rank's number, a suit's, a colour's
    word, a count, a phrase; for ``in``, a tuple of them); ``op`` one of ``OPS``.
    """

    left: str
    op: str
    right: Any


@dataclass(frozen=True)
class Reading:
    """Something a condition may look at: ``name`` (``card.rank``), its ``kind``, the operators
    it allows (``ops``), its ``subject`` (the thing read: ``card``; ``get`` reads the value from
    one of the subject's values, a card's rank from a card) and its ``words`` ("the card's rank")."""

    name: str
    kind: Kind
    ops: tuple[str, ...]
    words: str
    subject: str = ""
    get: Callable[[Any], Any] | None = None

    @property
    def owner(self) -> str:
        """What the reading reads, by name: its subject, else the part of its name before a dot."""
        return self.subject or self.name.partition(".")[0]


def split(raw: Any, where: str, longest: int) -> tuple[str, str, str]:
    """``(left, op, right)`` of a condition written ``"left op right"`` or ``{"left", "op", "right"}``."""
    if isinstance(raw, Mapping):
        obj = keys(raw, where, ("left", "op", "right"), ("left", "op", "right"))
        left, op, right = obj["left"], obj["op"], obj["right"]
        if not all(isinstance(x, str) for x in (left, op, right)):
            raise RuleError(where, "left, op and right are text")
        return left, op, right
    if isinstance(raw, str):
        if len(raw) > longest:
            raise RuleError(where, "is too long")
        m = _SHAPE.match(raw)
        if not m:
            raise RuleError(where, f"{raw!r} is not 'left op right' (ops: {', '.join(OPS)})")
        return m.group(1), m.group(2), m.group(3)
    raise RuleError(where, "a condition is text such as 'card.suit == hearts'")


def read(raw: Any, where: str, readings: Mapping[str, Reading], hint: str, longest: int = 200) -> Condition:
    """One condition, checked against ``readings`` (the names it may use; ``hint`` lists them for
    a person); RuleError saying where and why."""
    left, op, right = split(raw, where, longest)
    left = left.strip().lower()
    reading = readings.get(left)
    if reading is None:
        raise RuleError(where, f"{left!r} is not a reference ({hint})")
    if op not in OPS:
        raise RuleError(where, f"{op!r} is not an operator ({', '.join(OPS)})")
    if op not in reading.ops:
        raise RuleError(where, f"{left} cannot be compared with {op} (only {', '.join(reading.ops)})")
    right = right.strip()
    kind = reading.kind
    if op == "in":
        items = [x for x in right.split(",") if x.strip()]
        if not 1 <= len(items) <= MAX_IN:
            raise RuleError(where, f"'in' takes 1 to {MAX_IN} values separated by commas")
        return Condition(left, "in", tuple(dict.fromkeys(kind.read(x, where) for x in items)))
    other = readings.get(right.lower())
    if other is not None:
        if other.kind.name != kind.name or not kind.comparable or op not in other.ops:
            raise RuleError(where, f"{left} and {right.lower()} are not comparable")
        return Condition(left, op, right.lower())
    return Condition(left, op, kind.read(right, where))


def names(cond: Condition, readings: Mapping[str, Reading]) -> tuple[str, ...]:
    """The readings a condition looks at (its left, and its right when that is one too)."""
    if isinstance(cond.right, str) and cond.right in readings:
        return cond.left, cond.right
    return (cond.left,)


def to_text(cond: Condition, readings: Mapping[str, Reading]) -> str:
    """The condition as a book writes it (``read(to_text(c)) == c``)."""
    kind = readings[cond.left].kind
    if isinstance(cond.right, tuple):
        right = ",".join(kind.write(v) for v in cond.right)
    elif isinstance(cond.right, str) and cond.right in readings:
        right = cond.right
    else:
        right = kind.write(cond.right)
    return f"{cond.left} {cond.op} {right}"


def words(cond: Condition, readings: Mapping[str, Reading], owners: Mapping[str, str]) -> str:
    """The condition in plain words ("the card's rank is 7 or 8"); ``owners`` says what each
    subject is ("the card below it"), for a comparison with another reading ("that of ...")."""
    reading = readings[cond.left]
    kind = reading.kind
    if isinstance(cond.right, str) and cond.right in readings:
        right = f"that of {owners[readings[cond.right].owner]}"
    elif isinstance(cond.right, tuple):
        right = " or ".join(kind.say(v) for v in cond.right)
    else:
        right = kind.say(cond.right)
    if kind.unit:
        right += f" {kind.unit}"
    return f"{reading.words} {kind.verbs.get(cond.op, VERBS[cond.op])} {right}"


def compare(op: str, left: Any, right: Any) -> bool:
    """``left op right`` for two values read (``in``: ``right`` is a tuple)."""
    if op == "==":
        return bool(left == right)
    if op == "!=":
        return bool(left != right)
    if op == "in":
        return left in right
    if op == "<=":
        return bool(left <= right)
    if op == ">=":
        return bool(left >= right)
    if op == "adjacent":
        return abs(int(left) - int(right)) == 1
    raise ValueError(f"unknown condition operator {op!r}")
