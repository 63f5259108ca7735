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
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, RANK_NAMES, SPADES
from ...engine.core import GameError
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

RANKS = {name.lower(): i + 1 for i, name in enumerate(RANK_NAMES)} | {
    "ace": ACE, "jack": JACK, "queen": QUEEN, "king": KING, "t": 10, "ten": 10}
SUITS = {"clubs": CLUBS, "clovers": CLUBS, "diamonds": DIAMONDS, "hearts": HEARTS, "spades": SPADES,
         "knaves": SPADES, "c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}
SUIT_WORDS = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades"}
COLOURS = ("red", "black")

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
#: the characters rule text may hold: words and plain punctuation, never markup
_TEXT = re.compile(r"^[\w ʊ.,'’‘!?:;()/-]*$")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


class RuleError(GameError):
    """A rule that fails validation: ``where`` (a path such as ``rules[2].if[0]``) and why."""

    def __init__(self, where: str, why: str, line: int | None = None):
        self.where, self.why, self.line = where, why, line
        at = f"line {line}: " if line is not None else ""
        super().__init__(f"{at}{where}: {why}")


# --- small readers -----------------------------------------------------------------
#: alphabets with letters that look like each other's (Latin a, Cyrillic а, Greek α ...)
_ALPHABETS = ("LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "COPTIC", "CHEROKEE", "GEORGIAN")


def _alphabet(ch: str) -> str | None:
    name = unicodedata.name(ch, "").partition(" ")[0]
    return name if ch.isalpha() and name in _ALPHABETS else None


def _mixed(text: str) -> str | None:
    """Why ``text`` cannot be typed (letters of two look-alike alphabets, as in "mаo" with a
    Cyrillic а: a table could never say it), or None."""
    first: dict[str, str] = {}
    for ch in text:
        alphabet = _alphabet(ch)
        if alphabet is not None:
            first.setdefault(alphabet, ch)
    if len(first) < 2:
        return None
    (a, x), (b, y) = list(first.items())[:2]
    return (f"mixes {a.title()} and {b.title()} letters ({x!r} is {a.title()}, {y!r} {b.title()}), which look "
            "alike and nobody could type: write it in one alphabet")


def _text(value: Any, where: str, limit: int, *, placeholders: bool = False, empty: bool = False,
          spoken: bool = False) -> str:
    """Text of a rule, in its normal form (NFKC: full-width, ligature and mathematical letters are
    the plain ones people type), checked: length, placeholders, characters, one alphabet, and for
    words to be ``spoken`` at least one word (speech is heard by its words: "?!" is never said)."""
    if not isinstance(value, str):
        raise RuleError(where, "must be text")
    text = unicodedata.normalize("NFKC", value).strip()
    if not text and not empty:
        raise RuleError(where, "must not be empty")
    if len(text) > limit:
        raise RuleError(where, f"is {len(text)} characters long; at most {limit}")
    bare = _PLACEHOLDER.sub("", text) if placeholders else text
    for ph in _PLACEHOLDER.findall(text) if placeholders else ():
        if ph not in ("{name}", "{suit}"):
            raise RuleError(where, f"{ph} is not a placeholder (only {{name}} and {{suit}})")
    if not _TEXT.match(bare):
        bad = sorted({ch for ch in bare if not _TEXT.match(ch)})
        raise RuleError(where, f"may hold letters, digits, spaces and plain punctuation; not {' '.join(bad)}")
    mixed = _mixed(bare)
    if mixed:
        raise RuleError(where, mixed)
    if spoken and not words(text):
        raise RuleError(where, f"{text!r} has no word to say, only marks, and nobody could say it: write words")
    return text


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RuleError(where, f"must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def _keys(obj: Any, where: str, allowed: Sequence[str], required: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(obj, Mapping):
        raise RuleError(where, "must be an object {...}")
    unknown = [k for k in obj if k not in allowed]
    if unknown:
        raise RuleError(where, f"unknown key {unknown[0]!r}; known: {', '.join(allowed)}")
    for k in required:
        if k not in obj:
            raise RuleError(where, f"needs {k!r}")
    return obj


def _list(value: Any, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise RuleError(where, "must be a list [...]")
    if len(value) > limit:
        raise RuleError(where, f"has {len(value)} entries; at most {limit}")
    return value


# --- conditions -----------------------------------------------------------------------
def _ref_kind(ref: str) -> str | None:
    """What a reference names (``rank``, ``suit``, ``colour``, ``size``, ``said``,
    ``penalty``), or None when it is not a reference."""
    if ref in ("said", "penalty"):
        return ref
    if ref == "hand.size":
        return "size"
    head, _, attr = ref.partition(".")
    return attr if head in CARD_REFS and attr in ATTRS else None


def _literal(kind: str, text: str, where: str) -> Any:
    word = text.strip().lower()
    if kind == "rank":
        if word not in RANKS:
            raise RuleError(where, f"{text!r} is not a rank (A 2 .. 10 J Q K)")
        return RANKS[word]
    if kind == "suit":
        if word not in SUITS:
            raise RuleError(where, f"{text!r} is not a suit (clubs, diamonds, hearts, spades)")
        return SUITS[word]
    if kind == "colour":
        if word not in COLOURS:
            raise RuleError(where, f"{text!r} is not a colour (red, black)")
        return word
    if kind == "size":
        try:
            return _int(int(word), where, 0, MAX_HAND)
        except ValueError:
            raise RuleError(where, f"{text!r} is not a number of cards") from None
    return _text(text, where, MAX_PHRASE, spoken=kind == "said")


def condition(raw: Any, where: str) -> Condition:
    """One condition from ``"left op right"`` (or ``{"left", "op", "right"}``)."""
    if isinstance(raw, Mapping):
        raw = _keys(raw, where, ("left", "op", "right"), ("left", "op", "right"))
        left, op, right = raw["left"], raw["op"], raw["right"]
        if not all(isinstance(x, str) for x in (left, op, right)):
            raise RuleError(where, "left, op and right are text")
    elif isinstance(raw, str):
        if len(raw) > 2 * MAX_PHRASE:
            raise RuleError(where, "is too long")
        m = re.match(r"^\s*(\S+)\s+(==|!=|in|adjacent)\s+(.+?)\s*$", raw)
        if not m:
            raise RuleError(where, f"{raw!r} is not 'left op right' (ops: {', '.join(OPS)})")
        left, op, right = m.groups()
    else:
        raise RuleError(where, "a condition is text such as 'card.suit == hearts'")
    left = left.strip().lower()
    kind = _ref_kind(left)
    if kind is None:
        raise RuleError(where, f"{left!r} is not a reference (card/below/below2 .rank/.suit/.colour, "
                               f"hand.size, said, penalty)")
    if op not in OPS:
        raise RuleError(where, f"{op!r} is not an operator ({', '.join(OPS)})")
    if op == "adjacent" and kind not in ("rank", "size"):
        raise RuleError(where, "adjacent compares ranks or sizes")
    right = right.strip()
    if op == "in":
        items = [x for x in right.split(",") if x.strip()]
        if not 1 <= len(items) <= 13:
            raise RuleError(where, "'in' takes 1 to 13 values separated by commas")
        return Condition(left, "in", tuple(dict.fromkeys(_literal(kind, x, where) for x in items)))
    other = right.lower()
    if _ref_kind(other) is not None:
        if _ref_kind(other) != kind or kind in ("said", "penalty", "size"):
            raise RuleError(where, f"{left} and {other} are not comparable")
        return Condition(left, op, other)
    return Condition(left, op, _literal(kind, right, where))


def refs(cond: Condition) -> tuple[str, ...]:
    """The things a condition looks at (``card``, ``below``, ``hand``, ``said`` ...)."""
    out = [cond.left]
    if isinstance(cond.right, str) and _ref_kind(cond.right.lower()) is not None:
        out.append(cond.right)
    return tuple(r.partition(".")[0] for r in out)


# --- obligations and effects ------------------------------------------------------------
def obligation(raw: Any, where: str) -> Obligation:
    obj = _keys(raw, where, ("who", "do", "phrase", "also", "times", "failure", "improper", "prefix"),
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
                     for i, a in enumerate(_list(obj.get("also", []), f"{where}.also", MAX_ALSO)))
        prefix = _text(obj.get("prefix", ""), f"{where}.prefix", MAX_PHRASE, empty=True).lower()
    else:
        for k in ("phrase", "also", "prefix"):
            if k in obj:
                raise RuleError(f"{where}.{k}", f"only 'say' takes a {k}")
    if act == "knock":
        count = _int(obj.get("times"), f"{where}.times", 1, MAX_KNOCKS)
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
        return f"draw:{_int(n, where, 1, MAX_DRAW)}"
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
    obj = _keys(raw, where, RULE_KEYS, ("id", "on"))
    rid = obj["id"]
    if not isinstance(rid, str) or not _ID.match(rid):
        raise RuleError(f"{where}.id", "must be 1-32 lower-case letters, digits, - or _, starting with a letter "
                                       "or digit")
    title = _text(obj.get("title", rid), f"{where}.title", MAX_NAME)
    group = obj.get("group", "house")
    if group not in GROUPS:
        raise RuleError(f"{where}.group", f"{group!r} is not one of {', '.join(GROUPS)}")
    on = obj["on"]
    conduct = on in CONDUCT
    if not (on in TRIGGERS or (conduct and group != "house")):
        hint = " (conduct acts are the built-in rules' own)" if conduct else ""
        raise RuleError(f"{where}.on", f"{on!r} is not a trigger ({', '.join(TRIGGERS)}){hint}")
    when = tuple(condition(c, f"{where}.if[{i}]")
                 for i, c in enumerate(_list(obj.get("if", []), f"{where}.if", MAX_CONDITIONS)))
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
    must = tuple(obligation(m, f"{where}.must[{i}]")
                 for i, m in enumerate(_list(obj.get("must", []), f"{where}.must", MAX_MUST)))
    effects = tuple(effect(e, f"{where}.effects[{i}]")
                    for i, e in enumerate(_list(obj.get("effects", []), f"{where}.effects", MAX_EFFECTS)))
    penalty = (_text(obj["penalty"], f"{where}.penalty", MAX_NAME, placeholders=True)
               if obj.get("penalty") is not None else None)
    wrong = (_text(obj["wrong_time"], f"{where}.wrong_time", MAX_NAME)
             if obj.get("wrong_time") is not None else None)
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
    if on in ("allow", "start") and not when:
        raise RuleError(f"{where}.if", f"an '{on}' rule needs at least one condition")
    if not (must or effects or penalty or on == "allow"):
        raise RuleError(where, "does nothing: give it a 'must', 'effects' or a 'penalty'")
    if "author" in obj:
        _text(obj["author"], f"{where}.author", MAX_NAME)
    return Rule(rid, title, group, on, when, must, effects, penalty, wrong)


def book(raw: Any, where: str = "rules") -> tuple[Rule, ...]:
    """A list of rules (or a rule book object): each validated; ids unique."""
    if depth(raw) > MAX_DEPTH:
        raise RuleError(where, f"nests deeper than a rule book does (at most {MAX_DEPTH} levels)")
    if isinstance(raw, Mapping):
        obj = _keys(raw, "file", ("format", "version", "set", "rules"), ("rules",))
        if obj.get("format", FORMAT) != FORMAT:
            raise RuleError("file.format", f"is not {FORMAT!r}")
        if obj.get("version", VERSION) != VERSION:
            raise RuleError("file.version", f"this program reads version {VERSION}")
        raw = obj["rules"]
    items = _list(raw, where, MAX_RULES)
    out = [rule(r, f"{where}[{i}]") for i, r in enumerate(items)]
    ids = [r.id for r in out]
    for i, rid in enumerate(ids):
        if rid in ids[:i] and out[i].group == "house":
            raise RuleError(f"{where}[{i}].id", f"{rid!r} is used twice")
    return tuple(out)


def parse(text: str) -> tuple[Rule, ...]:
    """A rule book from the text of a file: JSON errors and rule errors name the line."""
    if len(text.encode()) > MAX_FILE:
        raise RuleError("file", f"is larger than {MAX_FILE // 1024} KiB")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError("file", f"not JSON: {exc.msg} (column {exc.colno})", exc.lineno) from None
    except RecursionError:
        raise RuleError("file", f"nests deeper than a rule book does (at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # a number of thousands of digits
        raise RuleError("file", f"not JSON: {exc}") from None
    try:
        return book(raw)
    except RuleError as exc:
        raise located(exc, text) from None


def located(exc: RuleError, text: str) -> RuleError:
    """``exc`` with the line of the file ``text`` its rule (``rules[N]...``) starts on."""
    m = re.match(r"^rules\[(\d+)\]", exc.where)
    line = _rule_lines(text).get(int(m.group(1))) if m else None
    return RuleError(exc.where, exc.why, line)


def _rule_lines(text: str) -> dict[int, int]:
    """The line each entry of the ``rules`` list starts on (for errors in a file)."""
    m = re.search(r'"rules"\s*:\s*\[', text) or re.match(r"\s*\[", text)
    if m is None:
        return {}
    dec, pos, out = json.JSONDecoder(), m.end(), {}
    for i in range(MAX_RULES + 1):
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            break
        out[i] = text.count("\n", 0, pos) + 1
        try:
            _, pos = dec.raw_decode(text, pos)
        except json.JSONDecodeError:
            break
    return out


# --- back to JSON --------------------------------------------------------------------------
def _lit(kind: str, value: Any) -> str:
    if kind == "rank":
        return RANK_NAMES[value - 1]
    if kind == "suit":
        return SUIT_WORDS[value]
    return str(value)


def condition_text(c: Condition) -> str:
    kind = _ref_kind(c.left) or ""
    if isinstance(c.right, tuple):
        right = ",".join(_lit(kind, v) for v in c.right)
    elif isinstance(c.right, str) and _ref_kind(c.right) is not None:
        right = c.right
    else:
        right = _lit(kind, c.right)
    return f"{c.left} {c.op} {right}"


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
_REF_WORDS = {"card": "the card", "below": "the card below it", "below2": "the card two below it"}


def _quote(text: str) -> str:
    return f"“{text}”"


def _cond_words(c: Condition) -> str:
    kind = _ref_kind(c.left) or ""
    head = c.left.partition(".")[0]
    if kind in ATTRS:
        left = f"{_REF_WORDS[head]}'s {kind}"
    else:
        left = {"size": "the hand", "said": "what was said", "penalty": "the penalty"}[kind]
    text = kind in ("said", "penalty")
    if isinstance(c.right, str) and _ref_kind(c.right) is not None:
        rhead = c.right.partition(".")[0]
        right = f"that of {_REF_WORDS[rhead]}"
    elif isinstance(c.right, tuple):
        right = " or ".join(_quote(v) if text else _lit(kind, v) for v in c.right)
    else:
        right = _quote(c.right) if text else _lit(kind, c.right)
    if kind == "size":
        right += " cards"
    verb = {"==": "is", "!=": "is not", "in": "is", "adjacent": "is one away from"}[c.op]
    if kind == "size":
        verb = {"==": "holds", "!=": "does not hold", "in": "holds", "adjacent": "is one card away from"}[c.op]
    return f"{left} {verb} {right}"


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
