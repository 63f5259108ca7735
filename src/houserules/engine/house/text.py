"""Reading the parts of a rule people write, safely: text, whole numbers, objects, lists, ids.

A rule book comes from a person (a file, the lobby, an HTTP request), so every part is
checked before it is kept, and every refusal is a ``RuleError`` saying where
(``rules[2].if[0]``) and why, in one line. Text is kept in its normal form (NFKC: the
full-width, ligature and mathematical letters are the plain ones people type), of letters,
digits, spaces and plain punctuation only (never markup), in one of the look-alike
alphabets at a time (a Cyrillic а in "mаo" could never be typed), within a length limit;
placeholders (``{name}``) only where a rule's text may hold them, and only those named.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import GameError

#: a rule's id: what events, options and ``compare`` name it by
ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
#: the characters rule text may hold: words and plain punctuation, never markup
TEXT = re.compile(r"^[\w ʊ.,'’‘!?:;()/-]*$")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: alphabets with letters that look like each other's (Latin a, Cyrillic а, Greek α ...)
ALPHABETS = ("LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "COPTIC", "CHEROKEE", "GEORGIAN")


class RuleError(GameError):
    """A rule that fails validation: ``where`` (a path such as ``rules[2].if[0]``) and why;
    ``line``: the line of the file it was read from, when known."""

    def __init__(self, where: str, why: str, line: int | None = None):
        self.where, self.why, self.line = where, why, line
        at = f"line {line}: " if line is not None else ""
        super().__init__(f"{at}{where}: {why}")


def alphabet(ch: str) -> str | None:
    """The look-alike alphabet a letter belongs to, or None."""
    name = unicodedata.name(ch, "").partition(" ")[0]
    return name if ch.isalpha() and name in ALPHABETS else None


def mixed(text: str) -> str | None:
    """Why ``text`` cannot be typed (letters of two look-alike alphabets, as in "mаo" with a
    Cyrillic а: a table could never say it), or None."""
    first: dict[str, str] = {}
    for ch in text:
        script = alphabet(ch)
        if script is not None:
            first.setdefault(script, ch)
    if len(first) < 2:
        return None
    (a, x), (b, y) = list(first.items())[:2]
    return (f"mixes {a.title()} and {b.title()} letters ({x!r} is {a.title()}, {y!r} {b.title()}), which look "
            "alike and nobody could type: write it in one alphabet")


def text(value: Any, where: str, limit: int, *, placeholders: Sequence[str] = (), empty: bool = False) -> str:
    """Text of a rule, in its normal form, checked: length, placeholders (only those named in
    ``placeholders``, and none when it is empty), characters, one alphabet."""
    if not isinstance(value, str):
        raise RuleError(where, "must be text")
    out = unicodedata.normalize("NFKC", value).strip()
    if not out and not empty:
        raise RuleError(where, "must not be empty")
    if len(out) > limit:
        raise RuleError(where, f"is {len(out)} characters long; at most {limit}")
    bare = PLACEHOLDER.sub("", out) if placeholders else out
    for ph in PLACEHOLDER.findall(out) if placeholders else ():
        if ph not in placeholders:
            raise RuleError(where, f"{ph} is not a placeholder (only {' and '.join(placeholders)})")
    if not TEXT.match(bare):
        bad = sorted({ch for ch in bare if not TEXT.match(ch)})
        raise RuleError(where, f"may hold letters, digits, spaces and plain punctuation; not {' '.join(bad)}")
    why = mixed(bare)
    if why:
        raise RuleError(where, why)
    return out


def whole(value: Any, where: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` (``true`` is not one)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RuleError(where, f"must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def keys(obj: Any, where: str, allowed: Sequence[str], required: Sequence[str]) -> Mapping[str, Any]:
    """An object holding only ``allowed`` keys and every ``required`` one."""
    if not isinstance(obj, Mapping):
        raise RuleError(where, "must be an object {...}")
    unknown = [k for k in obj if k not in allowed]
    if unknown:
        raise RuleError(where, f"unknown key {unknown[0]!r}; known: {', '.join(allowed)}")
    for k in required:
        if k not in obj:
            raise RuleError(where, f"needs {k!r}")
    return obj


def entries(value: Any, where: str, limit: int) -> list[Any]:
    """A list of at most ``limit`` entries."""
    if not isinstance(value, list):
        raise RuleError(where, "must be a list [...]")
    if len(value) > limit:
        raise RuleError(where, f"has {len(value)} entries; at most {limit}")
    return value


def rule_id(value: Any, where: str) -> str:
    """A rule's id: 1-32 lower-case letters, digits, ``-`` or ``_``."""
    if not isinstance(value, str) or not ID.match(value):
        raise RuleError(where, "must be 1-32 lower-case letters, digits, - or _, starting with a letter or digit")
    return value
