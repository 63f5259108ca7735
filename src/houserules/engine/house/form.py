"""A vocabulary as JSON, for a form that writes rules in it (the lobby's "House rules").

A program that helps a person write a rule (the browser's guided form) needs what the checker
knows: the triggers, what each may read and the effects it may carry, the operators each
reading takes and the values it allows, the bounds of every number, the seed's entries a rule
may replace. ``to_json`` says all of that from the records alone, with their words, so the form
never words a rule part itself; the rule written is then said by ``book.explain`` and judged by
``check.verdict`` like any other. ``said`` is a book's rules in words, for everyone at a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import conditions
from .book import explain
from .kinds import Kind
from .option import book_of
from .vocabulary import Effect, Trigger, Vocabulary

#: a reading whose values are whole numbers from ``low`` to ``high`` (a hand's size) is offered as
#: a number; one whose values are few (ranks, suits, colours) as a choice of them
COUNT = "count"


def _values(kind: Kind) -> dict[str, Any]:
    if kind.name == COUNT and kind.domain:
        return {"values": None, "low": min(kind.domain), "high": max(kind.domain)}
    if kind.domain:
        return {"values": [{"value": kind.write(v), "words": kind.say(v)} for v in kind.domain], "low": None,
                "high": None}
    return {"values": None, "low": None, "high": None}


def _verb(kind: Kind, op: str) -> str:
    """An operator as a menu offers it: as a rule says it ("is at most"), and ``in`` as "is one of"
    (a rule says "is 7 or 8", which a menu beside "is" could not tell apart)."""
    verb = kind.verbs.get(op, conditions.VERBS[op])
    return f"{verb} one of" if op == "in" else verb


def _readings(vocab: Vocabulary) -> list[dict[str, Any]]:
    out = []
    for r in vocab.readings:
        kind = r.kind
        others = [o.name for o in vocab.readings if o.name != r.name and o.kind.name == kind.name and kind.comparable]
        out.append({"name": r.name, "words": r.words, "kind": kind.name, "unit": kind.unit,
                    "ops": [{"op": op, "words": _verb(kind, op)} for op in r.ops],
                    **_values(kind), "compare": others})
    return out


def _effect_words(effect: Effect, trigger: Trigger) -> str:
    """What ``effect`` does at ``trigger``'s moment, its number said as N ("the next player draws N cards",
    "a raise is at most N Stakes"); an effect whose argument is a value, that value as "…"."""
    if effect.kind is not None:
        return effect.words.format(who=trigger.who, n="…", cards="…")
    if effect.counted:
        return effect.words.format(who=trigger.who, n="N", cards=f"N {effect.unit}s")
    return effect.say(0, trigger.who)


def _effect(effect: Effect) -> dict[str, Any]:
    """An effect's record for a form: its bounds, and for one whose argument is a value (Onion's
    ``above:two-card onion``, bpoker's ``like:9S``) the values it may name, each in words."""
    out: dict[str, Any] = {"name": effect.name, "clause": effect.clause, "words": effect.words, "low": effect.low,
                           "high": effect.high, "unit": effect.unit, "values": None}
    if effect.kind is not None:
        out["values"] = [{"value": effect.kind.write(v), "words": effect.kind.say(v)} for v in effect.kind.domain]
    return out


def _triggers(vocab: Vocabulary) -> list[dict[str, Any]]:
    return [{"name": t.name, "clause": t.clause, "words": t.words, "reads": list(t.reads),
             "effects": [{"name": e, "words": _effect_words(vocab.effect[e], t)} for e in t.effects],
             "penalty": t.penalty, "needs_if": t.needs_if, "acts": t.acts, "who": t.who, "costs": t.costs}
            for t in vocab.triggers]


def to_json(vocab: Vocabulary) -> dict[str, Any]:
    """Everything a form needs to write a rule in ``vocab`` (see the module docstring)."""
    limits = vocab.limits
    low, high = vocab.penalty
    return {
        "game": vocab.game, "clause": vocab.clause,
        "limits": {"rules": limits.rules, "conditions": limits.conditions, "effects": limits.effects,
                   "title": limits.title, "name": limits.name},
        "penalty": {"low": low, "high": high},
        "triggers": _triggers(vocab),
        "readings": _readings(vocab),
        "effects": [_effect(e) for e in vocab.effects],
        "seed": [{"clause": s.clause, "words": s.words} for s in vocab.seed],
    }


def said(options: Mapping[str, Any], vocab: Vocabulary) -> list[dict[str, str]]:
    """The rules of a table's book (its validated ``options``) in words: id, title, words (none
    without a book)."""
    book = book_of(options, vocab)
    return [] if book is None else [{"id": r.id, "title": r.title, "words": explain(r, vocab)} for r in book.rules]
