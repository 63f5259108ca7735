"""A house-rule book read, written back and said in words, for any game with a vocabulary.

A book is ``{"format": "houserules-rules", "version": 2, "game": "shedding", "rules": [...]}``;
each rule has the keys of Mao's language (``id``, ``title``, ``on``, ``if``, ``effects``,
``penalty``) and ``replaces`` (seed entries it switches off or replaces). Example::

    {"id": "eights-again", "title": "Eights play again", "on": "play",
     "if": ["card.rank == 8"], "effects": ["again"]}

- ``on``: one of the game's triggers; ``if``: conditions (``engine.house.conditions``) on what
  that trigger may read; ``effects``: the trigger's effects, ``name`` or ``name:N`` within the
  effect's bounds; ``penalty``: a name (``"power finish"``, one card) or ``{"name", "cards"}``,
  cards within the vocabulary's bounds; ``replaces``: clause ids of the seed's entries.

Reading (``read_book``, ``parse``) refuses what is not a rule of this vocabulary with a
``RuleError`` saying where (``rules[2].if[0]``, and the file's line) and why; a book is
kept in its canonical JSON (``to_json``: what options, records and the cache key hold) and
said in words generated from the rule itself, once (``explain``), wherever it is shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..jsonfile import depth
from ..options import OPTION_FILE_BYTES
from . import conditions
from .text import RuleError, entries, keys, rule_id, text, whole
from .vocabulary import Book, HouseRule, Penalty, Vocabulary

FORMAT = "houserules-rules"
VERSION = 2
#: the largest book file (``-o house=@FILE``)
MAX_FILE = OPTION_FILE_BYTES
RULE_KEYS = ("id", "title", "on", "if", "effects", "penalty", "replaces", "author")
BOOK_KEYS = ("format", "version", "game", "rules")


def envelope(obj: Mapping[str, Any], game: str) -> list[Any]:
    """The rules of a version-2 book object for ``game`` (its format, version and game checked)."""
    obj = keys(obj, "file", BOOK_KEYS, ("rules",))
    if obj.get("format", FORMAT) != FORMAT:
        raise RuleError("file.format", f"is not {FORMAT!r}")
    if obj.get("version", VERSION) != VERSION:
        raise RuleError("file.version", f"this program reads version {VERSION}")
    if obj.get("game", game) != game:
        raise RuleError("file.game", f"is {obj.get('game')!r}: this book is for another game than {game}")
    rules: list[Any] = entries(obj["rules"], "rules", 10_000)
    return rules


def _effect(raw: Any, where: str, vocab: Vocabulary, on: str) -> tuple[str, int]:
    trigger = vocab.trigger[on]
    if not isinstance(raw, str):
        raise RuleError(where, f"an effect is text: {', '.join(_forms(vocab, on)) or 'none here'}")
    word = raw.strip().lower()
    name, _, arg = word.rpartition(":")
    kinded = vocab.effect.get(name) if name else None
    if kinded is None or kinded.kind is None:  # a count, or no argument (``next:draw`` is one name)
        if not name or not arg.lstrip("-").isdigit() or arg.count("-") > 1:
            name, arg = word, ""
    effect = vocab.effect.get(name)
    if effect is None:
        raise RuleError(where, f"{raw!r} is not an effect ({', '.join(_forms(vocab, on)) or 'none here'})")
    if name not in trigger.effects:
        allowed = ", ".join(_forms(vocab, on)) or "none"
        raise RuleError(where, f"a rule on '{on}' cannot have {name} (its effects: {allowed})")
    if effect.kind is not None:
        if not arg.strip():
            example = effect.kind.write(effect.kind.domain[0]) if effect.kind.domain else "..."
            raise RuleError(where, f"{name} takes a {effect.kind.name}: {name}:{example}")
        value = effect.kind.read(arg, where)
        if not isinstance(value, int):
            raise TypeError(f"effect {name}'s kind {effect.kind.name} reads to {value!r}, not a whole number")
        return name, value
    if effect.counted:
        if not arg:
            raise RuleError(where, f"{name} takes a count: {name}:{effect.low}")
        return name, whole(int(arg), where, effect.low, effect.high)
    if arg:
        raise RuleError(where, f"{name} takes no count")
    return name, 0


def _forms(vocab: Vocabulary, on: str) -> list[str]:
    out = []
    for name in vocab.trigger[on].effects:
        effect = vocab.effect[name]
        arg = f"{effect.kind.name.upper()}" if effect.kind is not None else "N"
        out.append(f"{name}:{arg}" if effect.counted else name)
    return out


def _penalty(raw: Any, where: str, vocab: Vocabulary) -> Penalty:
    low, high = vocab.penalty
    if isinstance(raw, str):
        return Penalty(text(raw, where, vocab.limits.name), low)
    obj = keys(raw, where, ("name", "cards"), ("name",))
    return Penalty(text(obj["name"], f"{where}.name", vocab.limits.name),
                   whole(obj.get("cards", low), f"{where}.cards", low, high))


def read_rule(raw: Any, where: str, vocab: Vocabulary) -> HouseRule:
    """One rule, checked against ``vocab``; RuleError says where and why."""
    obj = keys(raw, where, RULE_KEYS, ("id", "on"))
    rid = rule_id(obj["id"], f"{where}.id")
    title = text(obj.get("title", rid), f"{where}.title", vocab.limits.title)
    on = obj["on"]
    trigger = vocab.trigger.get(on) if isinstance(on, str) else None
    if trigger is None:
        raise RuleError(f"{where}.on", f"{on!r} is not a trigger ({', '.join(vocab.trigger)})")
    when: list[conditions.Condition] = []
    for i, c in enumerate(entries(obj.get("if", []), f"{where}.if", vocab.limits.conditions)):
        at = f"{where}.if[{i}]"
        cond = conditions.read(c, at, vocab.reading, vocab.hint or ", ".join(vocab.reading))
        blind = [n for n in conditions.names(cond, vocab.reading) if n not in trigger.reads]
        if blind:
            raise RuleError(at, f"the '{on}' trigger cannot read {blind[0]} (it reads: "
                                f"{', '.join(trigger.reads) or 'nothing'})")
        when.append(cond)
    if trigger.needs_if and not when:
        raise RuleError(f"{where}.if", f"a rule on '{on}' needs at least one condition")
    effects = tuple(_effect(e, f"{where}.effects[{i}]", vocab, on)
                    for i, e in enumerate(entries(obj.get("effects", []), f"{where}.effects", vocab.limits.effects)))
    penalty = None
    if obj.get("penalty") is not None:
        if not trigger.penalty:
            raise RuleError(f"{where}.penalty", f"a rule on '{on}' gives no penalty")
        penalty = _penalty(obj["penalty"], f"{where}.penalty", vocab)
    replaces = tuple(dict.fromkeys(_replaced(r, f"{where}.replaces[{i}]", vocab) for i, r in
                                   enumerate(entries(obj.get("replaces", []), f"{where}.replaces", len(vocab.seed) or 1))))
    if trigger.acts and not (effects or penalty or replaces):
        raise RuleError(where, "does nothing: give it 'effects', a 'penalty' or what it 'replaces'")
    if "author" in obj:
        text(obj["author"], f"{where}.author", vocab.limits.name)
    return HouseRule(rid, title, on, tuple(when), effects, penalty, replaces)


def _replaced(raw: Any, where: str, vocab: Vocabulary) -> str:
    if not isinstance(raw, str) or raw.strip().upper() not in vocab.seeds:
        known = ", ".join(vocab.seeds) or "none"
        raise RuleError(where, f"{raw!r} is not one of the seed's entries a book may replace ({known})")
    return raw.strip().upper()


def read_book(raw: Any, vocab: Vocabulary) -> Book:
    """A book object (or a bare list of rules) for ``vocab``'s game: every rule read, ids unique."""
    if depth(raw) > vocab.limits.depth:
        raise RuleError("file", f"nests deeper than a rule book does (at most {vocab.limits.depth} levels)")
    items = envelope(raw, vocab.game) if isinstance(raw, Mapping) else raw
    items = entries(items, "rules", vocab.limits.rules)
    rules = [read_rule(r, f"rules[{i}]", vocab) for i, r in enumerate(items)]
    ids = [r.id for r in rules]
    for i, rid in enumerate(ids):
        if rid in ids[:i]:
            raise RuleError(f"rules[{i}].id", f"{rid!r} is used twice")
    return Book(vocab.game, tuple(rules))


def load_json(source: str, limit: int, deepest: int) -> Any:
    """The JSON value of a book file's text: RuleError naming the line when it is not JSON."""
    if len(source.encode()) > limit:
        raise RuleError("file", f"is larger than {limit // 1024} KiB")
    try:
        return json.loads(source)
    except json.JSONDecodeError as exc:
        raise RuleError("file", f"not JSON: {exc.msg} (column {exc.colno})", exc.lineno) from None
    except RecursionError:
        raise RuleError("file", f"nests deeper than a rule book does (at most {deepest} levels)") from None
    except ValueError as exc:  # a number of thousands of digits
        raise RuleError("file", f"not JSON: {exc}") from None


def parse(source: str, vocab: Vocabulary) -> Book:
    """A book from the text of a file: JSON errors and rule errors name the line."""
    raw = load_json(source, MAX_FILE, vocab.limits.depth)
    try:
        return read_book(raw, vocab)
    except RuleError as exc:
        raise located(exc, source, vocab.limits.rules) from None


def located(exc: RuleError, source: str, most: int) -> RuleError:
    """``exc`` with the line of the file ``source`` its rule (``rules[N]...``) starts on."""
    m = re.match(r"^rules\[(\d+)\]", exc.where)
    line = rule_lines(source, most).get(int(m.group(1))) if m else None
    return RuleError(exc.where, exc.why, line)


def rule_lines(source: str, most: int) -> dict[int, int]:
    """The line each entry of the ``rules`` list starts on (for errors in a file)."""
    m = re.search(r'"rules"\s*:\s*\[', source) or re.match(r"\s*\[", source)
    if m is None:
        return {}
    dec, pos, out = json.JSONDecoder(), m.end(), {}
    for i in range(most + 1):
        while pos < len(source) and source[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(source) or source[pos] == "]":
            break
        out[i] = source.count("\n", 0, pos) + 1
        try:
            _, pos = dec.raw_decode(source, pos)
        except json.JSONDecodeError:
            break
    return out


# --- back to JSON ------------------------------------------------------------------------------
def rule_json(r: HouseRule, vocab: Vocabulary) -> dict[str, Any]:
    """A rule as the language writes it, canonically (``read_rule(rule_json(r)) == r``)."""
    out: dict[str, Any] = {"id": r.id, "title": r.title, "on": r.trigger}
    if r.when:
        out["if"] = [conditions.to_text(c, vocab.reading) for c in r.when]
    if r.effects:
        out["effects"] = [vocab.effect[name].write(n) for name, n in r.effects]
    if r.penalty is not None:
        out["penalty"] = {"name": r.penalty.name, "cards": r.penalty.cards}
    if r.replaces:
        out["replaces"] = list(r.replaces)
    return out


def to_json(book: Book, vocab: Vocabulary) -> dict[str, Any]:
    """The book's canonical JSON: what an option, a record and the verdict's cache keep."""
    return {"format": FORMAT, "version": VERSION, "game": book.game, "rules": [rule_json(r, vocab) for r in book.rules]}


def canonical(book: Book, vocab: Vocabulary) -> str:
    """The canonical JSON as one string: equal books, equal strings (a cache key)."""
    return json.dumps(to_json(book, vocab), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# --- in plain words ------------------------------------------------------------------------------
def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def explain(r: HouseRule, vocab: Vocabulary) -> str:
    """A rule in plain words, generated from the rule itself: what the check, the rules page,
    the view and the lobby show. Plain text, never markup."""
    trigger = vocab.trigger[r.trigger]
    conds = " and ".join(conditions.words(c, vocab.reading, vocab.owners) for c in r.when)
    head = f"{trigger.words}, if {conds}" if conds else trigger.words
    parts = [vocab.effect[name].say(n, trigger.who) for name, n in r.effects]
    if r.penalty is not None:
        parts.append(f"{trigger.costs} “{r.penalty.name}”: {_cards(r.penalty.cards)}")
    replaced = [f"{c} ({vocab.seeds[c].words})" for c in r.replaces]
    if not trigger.acts or parts:
        out = f"{head}: {'; '.join(parts)}" if parts else head
        if replaced:
            out += f"; instead of {' and '.join(replaced)}"
    else:
        out = f"{' and '.join(replaced)} no longer {'applies' if len(replaced) == 1 else 'apply'}"
    return f"{r.title}: {out}."


def sayings(book: Book, vocab: Vocabulary) -> tuple[tuple[str, str, str], ...]:
    """Each rule of ``book`` as its id, title and words (``explain``): what a compiled table keeps
    for the view, where every seat and spectator reads the table's rules (a book is public)."""
    return tuple((r.id, r.title, explain(r, vocab)) for r in book.rules)
