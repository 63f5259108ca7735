"""The Mao rule language (issue 13): rules people write, read as data, never run.

A rule is a JSON object; a rule book is ``{"format": "houserules-mao-rules",
"version": 1, "rules": [...]}``. Each rule compiles to the rulebook's own
``Rule`` record (one representation, not two), so the judge that enforces the
seed's rules enforces a written one the same way.

    {"id": "hearts-knock", "title": "Knocking", "on": "play",
     "if": ["card.suit == hearts"],
     "must": [{"who": "player", "do": "knock", "times": 2,
               "failure": "failure to knock twice", "improper": "improper knocking"}],
     "wrong_time": "improper knocking"}

- ``on`` (the trigger): ``play`` (a card lands on the play pile), ``last`` (a
  play leaves one card in hand), ``draw`` (a draw as part of a turn), ``allow``
  (a card may also be played when the conditions hold), ``start`` (the first
  card flipped), ``hand`` (a hand reaching ``hand.size``), ``turnstart``,
  ``penalty`` (a penalty given, ``penalty`` its name), ``phrase`` (``said`` is
  a phrase). The built-in conduct rules watch acts the judge knows by their
  id (``say``, ``knock``, ``point``, ``touch``, ``show``, ``call``, ``time``,
  ``turn``); a house rule may not use them.
- ``if``: conditions ``"left op right"``: references ``card``, ``below``,
  ``below2`` (the card played, the one under it, two under it) with
  ``.rank``, ``.suit``, ``.colour``; ``hand.size``; ``said``; ``penalty``;
  operators ``==``, ``!=``, ``in`` (a comma list), ``adjacent`` (one apart);
  literals rank names (``A 2 .. 10 J Q K``), suits (``hearts`` ...; the seed's
  ``knaves``/``clovers`` too), colours (``red``, ``black``), numbers, phrases.
- ``must``: obligations: ``who`` (``player``, ``next``, ``everyone``), ``do``
  (``say`` a ``phrase`` with ``{name}``/``{suit}`` filled from the card, other
  accepted wordings in ``also``; ``knock`` ``times`` times; ``point``;
  ``silent``: not speak), ``failure`` (the penalty for not doing it; for
  ``silent``, for speaking), ``improper`` (for doing it wrongly).
  ``who``: ``player`` is whom the trigger concerns (who played or drew, whose
  hand or turn it is, who was penalised, who spoke).
- ``effects``: ``skip``, ``reverse``, ``again`` (the player plays again),
  ``next:dealer`` (the dealer plays next): these change who plays next, so
  only ``play`` and ``last`` rules have them (``start``: skip or reverse,
  who starts); ``draw:N`` (the player draws N) on any trigger but ``start``
  and ``allow``.
- ``penalty``: the name given when the trigger fires (a forbidden play, a
  forbidden word, a hand size, a draw, a penalty that earns another);
  ``wrong_time``: the name for doing the rule's act (say its phrase, knock,
  point) when it is not required.

Safety: nothing is evaluated but comparisons of small values; phrases accept
only the ``{name}``/``{suit}`` placeholders (so no format tricks), text only
letters, digits, spaces and plain punctuation (never markup), in its normal
form (NFKC) and in one of the look-alike alphabets at a time (a Cyrillic а in
"mаo" could never be typed); every list and string has a size limit, and a
book nests at most ``MAX_DEPTH`` levels. Every error says where (``rules[2].must[0].times``)
and why. ``rulecheck`` warns of rules that never fire or contradict another
and refuses a rule book that makes the game unwinnable.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...cards import CLUBS, SPADES
from ...engine.house import book as house_book
from ...engine.house import conditions
from ...engine.house.conditions import Reading
from ...engine.house.kinds import COLOUR, RANK, SUIT_WORDS, Kind, count_kind, suit_kind, text_kind
from ...engine.house.text import RuleError as RuleError  # re-exported: Mao's modules and tests name it here
from ...engine.house.text import entries, keys, rule_id, text, whole
from ...engine.jsonfile import depth
from ...engine.options import OPTION_FILE_BYTES
from .rulebook import Condition, Obligation, Rule
from .speech import words

FORMAT = "houserules-mao-rules"
VERSION = 1

# --- limits: a rule book is small, and evaluating a rule is a handful of comparisons ---
MAX_FILE = OPTION_FILE_BYTES
MAX_RULES = 40
MAX_CONDITIONS = 6
MAX_MUST = 4
MAX_EFFECTS = 4
MAX_ALSO = 4
MAX_PHRASE = 100
MAX_NAME = 60
MAX_DRAW = 5
MAX_KNOCKS = 5
MAX_HAND = 52 * 4
#: deepest nesting of a rule book (a file, its rules, a rule, its duties, a duty, its wordings: 6)
MAX_DEPTH = 8

#: triggers a written (house) rule may use
TRIGGERS = ("play", "last", "draw", "allow", "start", "hand", "turnstart", "penalty", "phrase")
#: acts the judge watches by rule id: only the built-in conduct rules use them
CONDUCT = ("say", "knock", "point", "touch", "show", "call", "time", "turn")
GROUPS = ("base", "standard", "additional", "house")
WHO = ("player", "next", "everyone")
ACTS = ("say", "knock", "point", "silent")
EFFECTS = ("skip", "reverse", "again", "draw", "next")
OPS = ("==", "!=", "in", "adjacent")
CARD_REFS = ("card", "below", "below2")
ATTRS = ("rank", "suit", "colour")
#: which references each trigger can see (a card condition on a draw never holds)
SEES: Mapping[str, tuple[str, ...]] = {
    "play": ("card", "below", "below2"), "last": ("card", "below", "below2"), "allow": ("card", "below"),
    "start": ("card",), "draw": (), "hand": ("hand",), "turnstart": (), "penalty": ("penalty",),
    "phrase": ("said",),
}
#: the triggers after which play goes on: only they may change who plays next (``start``: who starts)
TURN_TRIGGERS = ("play", "last")
START_EFFECTS = ("skip", "reverse")

#: the seed's own words for two suits (M-ailments: spades are knaves, clubs clovers)
SUIT = suit_kind({"clovers": CLUBS, "knaves": SPADES})
SIZE = count_kind(0, MAX_HAND, "number of cards", "cards",
                  {"==": "holds", "!=": "does not hold", "in": "holds", "adjacent": "is one card away from"})
PHRASE = text_kind(MAX_PHRASE)


def _heard(said: str, where: str) -> str:
    """Speech is heard by its words (``speech.words``): a phrase of marks alone ("?!") could
    never be said, so a duty to say it would always cost a card; refused as look-alike letters are."""
    if not words(said):
        raise RuleError(where, f"{said!r} has no word to say, only marks, and nobody could say it: write words")
    return said


#: what was said, compared with a phrase that must have a word to say
SPOKEN = replace(PHRASE, read=lambda literal, where: _heard(PHRASE.read(literal, where), where))
_KINDS: Mapping[str, Kind] = {"rank": RANK, "suit": SUIT, "colour": COLOUR}
_OPS: Mapping[str, tuple[str, ...]] = {"rank": OPS, "suit": OPS[:3], "colour": OPS[:3]}
_REF_WORDS = {"card": "the card", "below": "the card below it", "below2": "the card two below it"}
#: what a condition may look at: the three cards' rank, suit and colour, the hand's size, what was
#: said, the penalty given (``SEES`` says which a trigger can see)
READINGS: Mapping[str, Reading] = {
    **{f"{ref}.{attr}": Reading(f"{ref}.{attr}", _KINDS[attr], _OPS[attr], f"{_REF_WORDS[ref]}'s {attr}")
       for ref in CARD_REFS for attr in ATTRS},
    "hand.size": Reading("hand.size", SIZE, OPS, "the hand"),
    "said": Reading("said", SPOKEN, OPS[:3], "what was said"),
    "penalty": Reading("penalty", PHRASE, OPS[:3], "the penalty"),
}
_HINT = "card/below/below2 .rank/.suit/.colour, hand.size, said, penalty"
#: the subjects' words, for a comparison of two cards ("that of the card below it")
_OWNERS = {**_REF_WORDS, "hand": "the hand", "said": "what was said", "penalty": "the penalty"}


def _text(value: Any, where: str, limit: int, *, placeholders: bool = False, empty: bool = False,
          spoken: bool = False) -> str:
    """Rule text, safely read (``engine.house.text``); ``spoken``: words someone must say."""
    said = text(value, where, limit, placeholders=("{name}", "{suit}") if placeholders else (), empty=empty)
    return _heard(said, where) if spoken else said


# --- conditions -----------------------------------------------------------------------
def condition(raw: Any, where: str) -> Condition:
    """One condition from ``"left op right"`` (or ``{"left", "op", "right"}``)."""
    return conditions.read(raw, where, READINGS, _HINT)


def refs(cond: Condition) -> tuple[str, ...]:
    """The things a condition looks at (``card``, ``below``, ``hand``, ``said`` ...)."""
    return tuple(r.partition(".")[0] for r in conditions.names(cond, READINGS))


# --- obligations and effects ------------------------------------------------------------
def obligation(raw: Any, where: str) -> Obligation:
    obj = keys(raw, where, ("who", "do", "phrase", "also", "times", "failure", "improper", "prefix"),
                ("who", "do", "failure"))
    who, act = obj["who"], obj["do"]
    if who not in WHO:
        raise RuleError(f"{where}.who", f"{who!r} is not one of {', '.join(WHO)}")
    if act not in ACTS:
        raise RuleError(f"{where}.do", f"{act!r} is not one of {', '.join(ACTS)}")
    failure = _text(obj["failure"], f"{where}.failure", MAX_NAME, placeholders=True)
    improper = (_text(obj["improper"], f"{where}.improper", MAX_NAME, placeholders=True)
                if obj.get("improper") is not None else None)
    phrase, count, prefix = "", 0, ""
    also: tuple[str, ...] = ()
    if act == "say":
        if "phrase" not in obj:
            raise RuleError(where, "say needs a 'phrase'")
        phrase = _text(obj["phrase"], f"{where}.phrase", MAX_PHRASE, placeholders=True, spoken=True)
        also = tuple(_text(a, f"{where}.also[{i}]", MAX_PHRASE, spoken=True)
                     for i, a in enumerate(entries(obj.get("also", []), f"{where}.also", MAX_ALSO)))
        prefix = _text(obj.get("prefix", ""), f"{where}.prefix", MAX_PHRASE, empty=True).lower()
    else:
        for k in ("phrase", "also", "prefix"):
            if k in obj:
                raise RuleError(f"{where}.{k}", f"only 'say' takes a {k}")
    if act == "knock":
        count = whole(obj.get("times"), f"{where}.times", 1, MAX_KNOCKS)
    elif "times" in obj:
        raise RuleError(f"{where}.times", "only 'knock' takes times")
    return Obligation(who, act, failure, phrase=phrase, also=also, count=count, improper=improper,
                      prefix=prefix)


def effect(raw: Any, where: str) -> str:
    if not isinstance(raw, str):
        raise RuleError(where, "an effect is text: skip, reverse, again, draw:N, next:dealer")
    name, _, arg = raw.strip().lower().partition(":")
    if name not in EFFECTS:
        raise RuleError(where, f"{raw!r} is not an effect ({', '.join(EFFECTS)})")
    if name == "draw":
        try:
            n = int(arg)
        except ValueError:
            raise RuleError(where, "draw takes a count: draw:2") from None
        return f"draw:{whole(n, where, 1, MAX_DRAW)}"
    if name == "next":
        if arg != "dealer":
            raise RuleError(where, "next takes who plays next: next:dealer")
        return "next:dealer"
    if arg:
        raise RuleError(where, f"{name} takes no argument")
    return name


# --- a rule ----------------------------------------------------------------------------
RULE_KEYS = ("id", "title", "group", "on", "if", "must", "effects", "penalty", "wrong_time", "author")


def rule(raw: Any, where: str = "rule") -> Rule:
    """One rule, validated and compiled to the rulebook's record; RuleError says where and why."""
    obj = keys(raw, where, RULE_KEYS, ("id", "on"))
    rid = rule_id(obj["id"], f"{where}.id")
    title = _text(obj.get("title", rid), f"{where}.title", MAX_NAME)
    group = obj.get("group", "house")
    if group not in GROUPS:
        raise RuleError(f"{where}.group", f"{group!r} is not one of {', '.join(GROUPS)}")
    on = _trigger(obj["on"], group, where)
    when = _when(obj, on, where)
    must = tuple(obligation(m, f"{where}.must[{i}]")
                 for i, m in enumerate(entries(obj.get("must", []), f"{where}.must", MAX_MUST)))
    effects = tuple(effect(e, f"{where}.effects[{i}]")
                    for i, e in enumerate(entries(obj.get("effects", []), f"{where}.effects", MAX_EFFECTS)))
    penalty = (_text(obj["penalty"], f"{where}.penalty", MAX_NAME, placeholders=True)
               if obj.get("penalty") is not None else None)
    wrong = (_text(obj["wrong_time"], f"{where}.wrong_time", MAX_NAME)
             if obj.get("wrong_time") is not None else None)
    _does_what_its_trigger_allows(on, bool(when), must, effects, penalty, where)
    if "author" in obj:
        _text(obj["author"], f"{where}.author", MAX_NAME)
    return Rule(rid, title, group, on, when, must, effects, penalty, wrong)


def _trigger(on: Any, group: str, where: str) -> str:
    """A rule's trigger: one of the language's, or a conduct act for the built-in rules."""
    conduct = on in CONDUCT
    if not (on in TRIGGERS or (conduct and group != "house")):
        hint = " (conduct acts are the built-in rules' own)" if conduct else ""
        raise RuleError(f"{where}.on", f"{on!r} is not a trigger ({', '.join(TRIGGERS)}){hint}")
    return str(on)


def _when(obj: Mapping[str, Any], on: str, where: str) -> tuple[Condition, ...]:
    """A rule's conditions, each reading only what its trigger sees; a 'hand' rule names the
    hand's size and a 'phrase' rule what was said."""
    when = tuple(condition(c, f"{where}.if[{i}]")
                 for i, c in enumerate(entries(obj.get("if", []), f"{where}.if", MAX_CONDITIONS)))
    seen = SEES.get(on, ())
    for i, c in enumerate(when):
        blind = [r for r in refs(c) if r not in seen]
        if blind:
            raise RuleError(f"{where}.if[{i}]", f"a '{on}' trigger has no {blind[0]} to look at"
                                                f" (it sees: {', '.join(seen) or 'nothing'})")
    if on == "hand" and not any(c.left == "hand.size" and c.op == "==" for c in when):
        raise RuleError(f"{where}.if", "a 'hand' trigger needs 'hand.size == N'")
    if on == "phrase" and not any(c.left == "said" for c in when):
        raise RuleError(f"{where}.if", "a 'phrase' trigger needs 'said == ...'")
    return when


def _does_what_its_trigger_allows(on: str, conditioned: bool, must: tuple[Obligation, ...], effects: tuple[str, ...],
                                  penalty: str | None, where: str) -> None:
    """An 'allow' rule only allows, a 'start' rule only decides who starts, only a play changes who
    plays next, and every rule does something (``conditioned``: it has a condition)."""
    if on == "allow" and (must or effects):
        raise RuleError(where, "an 'allow' rule only says which cards may be played (no must, no effects)")
    if on == "start" and (must or penalty):
        raise RuleError(where, "a 'start' rule decides who starts (skip, reverse); it puts no duty or penalty on "
                               "anyone")
    for i, e in enumerate(effects):
        if on == "start" and e not in START_EFFECTS:
            raise RuleError(f"{where}.effects[{i}]", "a 'start' rule may only skip or reverse (who starts)")
        if on not in TURN_TRIGGERS + ("start",) and not e.startswith("draw:"):
            raise RuleError(f"{where}.effects[{i}]", f"{e} changes who plays next, which only a play does; "
                                                     f"a '{on}' rule's effect can only be draw:N")
    if on in ("allow", "start") and not conditioned:
        raise RuleError(f"{where}.if", f"an '{on}' rule needs at least one condition")
    if not (must or effects or penalty or on == "allow"):
        raise RuleError(where, "does nothing: give it a 'must', 'effects' or a 'penalty'")


def book(raw: Any, where: str = "rules") -> tuple[Rule, ...]:
    """A list of rules (or a rule book object: this language's version 1, or the version 2 every
    game's house rules share, naming ``mao``): each validated; ids unique."""
    if depth(raw) > MAX_DEPTH:
        raise RuleError(where, f"nests deeper than a rule book does (at most {MAX_DEPTH} levels)")
    if isinstance(raw, Mapping):
        if raw.get("format") == house_book.FORMAT:
            raw = house_book.envelope(raw, "mao")
        else:
            obj = keys(raw, "file", ("format", "version", "set", "rules"), ("rules",))
            if obj.get("format", FORMAT) != FORMAT:
                raise RuleError("file.format", f"is not {FORMAT!r}")
            if obj.get("version", VERSION) != VERSION:
                raise RuleError("file.version", f"this program reads version {VERSION}")
            raw = obj["rules"]
    items = entries(raw, where, MAX_RULES)
    out = [rule(r, f"{where}[{i}]") for i, r in enumerate(items)]
    ids = [r.id for r in out]
    for i, rid in enumerate(ids):
        if rid in ids[:i] and out[i].group == "house":
            raise RuleError(f"{where}[{i}].id", f"{rid!r} is used twice")
    return tuple(out)


def parse(text: str) -> tuple[Rule, ...]:
    """A rule book from the text of a file: JSON errors and rule errors name the line."""
    raw = house_book.load_json(text, MAX_FILE, MAX_DEPTH)
    try:
        return book(raw)
    except RuleError as exc:
        raise located(exc, text) from None


def located(exc: RuleError, text: str) -> RuleError:
    """``exc`` with the line of the file ``text`` its rule (``rules[N]...``) starts on."""
    return house_book.located(exc, text, MAX_RULES)


# --- back to JSON --------------------------------------------------------------------------
def condition_text(c: Condition) -> str:
    return conditions.to_text(c, READINGS)


def to_json(r: Rule) -> dict[str, Any]:
    """A rule as the language writes it (``rule(to_json(r)) == r``)."""
    out: dict[str, Any] = {"id": r.id, "title": r.title, "group": r.group, "on": r.trigger}
    if r.when:
        out["if"] = [condition_text(c) for c in r.when]
    if r.must:
        out["must"] = [_ob_json(o) for o in r.must]
    if r.effects:
        out["effects"] = list(r.effects)
    if r.penalty is not None:
        out["penalty"] = r.penalty
    if r.wrong_time is not None:
        out["wrong_time"] = r.wrong_time
    return out


def _ob_json(o: Obligation) -> dict[str, Any]:
    out: dict[str, Any] = {"who": o.who, "do": o.act}
    if o.act == "say":
        out["phrase"] = o.phrase
        if o.also:
            out["also"] = list(o.also)
        if o.prefix:
            out["prefix"] = o.prefix
    if o.act == "knock":
        out["times"] = o.count
    out["failure"] = o.failure
    if o.improper is not None:
        out["improper"] = o.improper
    return out


def dump(rules: Iterable[Rule], rule_set: Sequence[str] | None = None) -> str:
    """A rule book file's text: the built-in rules in play (``set``, the option ``rules``) and
    the written ones."""
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if rule_set is not None:
        head["set"] = list(rule_set)
    return json.dumps({**head, "rules": [to_json(r) for r in rules]}, ensure_ascii=False, indent=2) + "\n"


# --- in plain words ---------------------------------------------------------------------------
#: whom ``player`` means, by trigger
_PLAYER_WORDS = {"play": "the player", "last": "the player", "draw": "the player", "hand": "that player",
                 "turnstart": "the player whose turn it is", "penalty": "the player penalised",
                 "phrase": "whoever said it"}
_TRIGGER_WORDS = {
    "play": "When a card is played", "last": "When a play leaves its player one card",
    "draw": "When a player draws a card as part of their turn", "allow": "A card may also be played",
    "start": "When the first card is flipped", "hand": "When a player's hand reaches",
    "turnstart": "When a turn starts", "penalty": "When a player is given a penalty", "phrase": "When someone says",
}
#: what the trigger's own penalty is for, by trigger
_PENALTY_WORDS = {"play": "that play is", "last": "that play is", "draw": "that draw is", "hand": "that is",
                  "penalty": "that earns", "phrase": "saying it is"}
def _quote(text: str) -> str:
    return f"“{text}”"


def _cond_words(c: Condition) -> str:
    return conditions.words(c, READINGS, _OWNERS)


def _ob_words(o: Obligation, trigger: str) -> str:
    who = {"player": _PLAYER_WORDS.get(trigger, "the player"), "next": "the next player",
           "everyone": "everyone"}.get(o.who, o.who)
    if o.act == "silent":
        return f"{who} must keep silent for a moment; speaking then is {_quote(o.failure)}"
    what = {"say": f"must say {_quote(o.phrase)}", "knock": f"must knock {o.count} time{'s' * (o.count > 1)}",
            "point": "must point at someone"}[o.act]
    also = f" (or {', '.join(_quote(a) for a in o.also)})" if o.also else ""
    tail = f", else {_quote(o.failure)}"
    if o.improper:
        tail += f"; doing it wrongly is {_quote(o.improper)}"
    return f"{who} {what}{also}{tail}"


def _head(r: Rule) -> str:
    """The trigger and its conditions in words; a ``hand`` rule's size and a ``phrase`` rule's
    words read as part of the trigger."""
    conds = list(r.when)
    lead = _TRIGGER_WORDS[r.trigger]
    key = {"hand": "hand.size", "phrase": "said"}.get(r.trigger)
    first = next((c for c in conds if c.left == key and c.op in ("==", "in")), None)
    if first is not None:
        conds.remove(first)
        values = first.right if isinstance(first.right, tuple) else (first.right,)
        if r.trigger == "hand":
            lead += f" {' or '.join(str(v) for v in values)} card{'s' * (values != (1,))}"
        else:
            lead += " " + " or ".join(_quote(v) for v in values)
    return lead + (" and " + " and ".join(_cond_words(c) for c in conds) if conds else "")


def _effect_words(e: str, trigger: str) -> str:
    who = _PLAYER_WORDS.get(trigger, "the player")
    if e.startswith("draw:"):
        n = int(e.partition(":")[2])
        return f"{who} draws {'a card' if n == 1 else f'{n} cards'}"
    if trigger == "start":
        return {"skip": "the player left of the dealer is skipped",
                "reverse": "play starts to the dealer's right and goes the other way"}[e]
    return {"skip": "the next player is skipped", "reverse": "the direction of play reverses",
            "again": "the player plays again", "next:dealer": "the dealer plays next"}[e]


def explain(r: Rule) -> str:
    """Any rule record in plain words: what the writer, the witness, the reveal, the terminal
    and browser editors and ``rules check --words`` show. Plain text, never markup."""
    if r.trigger in CONDUCT:
        return f"{r.title}: watched by the dealer; a violation is {_quote(str(r.penalty))}."
    if r.trigger == "allow":
        conds = " and ".join(_cond_words(c) for c in r.when)
        return f"{r.title}: {_TRIGGER_WORDS['allow']} when {conds}."
    parts = [_head(r)]
    parts += [_ob_words(o, r.trigger) for o in r.must]
    parts += [_effect_words(e, r.trigger) for e in r.effects]
    if r.penalty:
        parts.append(f"{_PENALTY_WORDS.get(r.trigger, 'that is')} {_quote(r.penalty)}")
    if r.wrong_time:
        parts.append(f"doing it at any other time is {_quote(r.wrong_time)}")
    return f"{r.title}: " + "; ".join(parts) + "."
