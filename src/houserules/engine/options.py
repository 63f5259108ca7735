"""Options as a schema: each game declares its options once, as ``Option`` records.

An option says its key, default, type, range or named choices, the rules-page clause that sets
it, and the words a person reads (a label and one sentence of help; the default in words when it
depends on the player count). Everything else is derived from the records, so that nobody words
an option twice or checks it by hand:

- ``read_options``: the defaults filled in and every value checked (unknown keys, type, range,
  choices, the shared ``players``/``mode``/``dealer``/``max_turns``), each refusal one line naming
  the option; a game's own validator keeps only what ties options together (Mao's decks for its
  players, Onion's chips against the Stake);
- the lobby's form (the server sends ``Option.to_json``; the browser lobby draws from it),
  ``houserules options GAME`` and the "Options" section of a game's rules page;
- ``seats_for``: a table's seat count from its options, with no game dealt.

``players``, ``mode``, ``dealer`` and ``max_turns`` mean the same in every game: the functions
of those names at the end make their records, worded once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from copy import copy
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .core import MODES, STRICT, TABLE, OptionsError

#: the largest option value a file may hold (``-o key=@FILE``): a Mao rule book, the largest
#: option there is, is limited to this too (``games/mao/language.MAX_FILE``)
OPTION_FILE_BYTES = 64 * 1024

_STORED: ContextVar[bool] = ContextVar("stored_options", default=False)

#: what kind of value an option holds: ``bool`` true/false; ``int`` a whole number in
#: ``low``..``high``; ``number`` any number in that range (kept as a float); ``choice`` one of
#: ``choices``; ``seat`` a seat of the table (None: the last); ``list`` a list, ``json`` any JSON
#: value, ``text`` a string (their checks are the option's ``read`` or the game's validator)
OptionType = Literal["bool", "int", "number", "choice", "seat", "list", "json", "text"]


@contextmanager
def stored() -> Iterator[None]:
    """Options (and actions) read back from a server's store, inside this block: they were
    checked when the table was created or the action accepted. A game's validator still reads
    them, but may skip a check that costs more than reading (a Mao rule book's verdict, issue
    23): a table loads in the time its record takes to replay, and a table stored under older
    rules still loads."""
    token = _STORED.set(True)
    try:
        yield
    finally:
        _STORED.reset(token)


def is_stored() -> bool:
    """Whether the options being read are a store's (``stored``)."""
    return _STORED.get()


@dataclass(frozen=True)
class Option:
    """One option of one game, declared once.

    ``label`` and ``help`` are what a person reads (the lobby, ``houserules options``, the rules
    page): the help is one sentence that says what the option does, true to the rules page.
    ``by_default`` is the default in words where the value None stands for it: a default that
    depends on the player count (the game's validator fills it in; a ``seat``'s None is the last
    seat) or one too long to show (``read(None)`` gives it: King Taco's deck); the lobby leaves
    such an option empty. ``advanced`` puts it under the lobby's "Advanced" (what a
    newcomer never needs). ``unit`` names what a number counts ("seconds"). ``read`` is a game's
    own reading of a value the types cannot check (Onion's modifiers, King Taco's deck): it
    returns the value kept, or raises ``OptionsError`` (or ``ValueError``) saying why not.
    """

    key: str
    default: Any
    type: OptionType
    label: str
    help: str
    clause: str = ""
    low: float | None = None
    high: float | None = None
    choices: tuple[tuple[Any, str], ...] = ()
    advanced: bool = False
    by_default: str = ""
    unit: str = ""
    read: Callable[[Any], Any] | None = field(default=None, compare=False, repr=False)

    def allowed(self, players: int | None = None) -> str:
        """What the option accepts, in words ("2 to 5", "5 or 7", "true or false")."""
        if self.type == "bool":
            return "true or false"
        if self.type == "seat":
            return f"a seat 0..{players - 1}" if players is not None else "a seat (0 is the first)"
        if self.type == "choice":
            values = [str(v) for v, _ in self.choices]
            if all(isinstance(v, str) for v, _ in self.choices):
                return "one of " + ", ".join(values)
            return ", ".join(values[:-1]) + " or " + values[-1]
        if self.type == "int":
            if self.high is None:
                return f"a whole number of at least {_num(self.low)}"
            return f"{_num(self.low)} to {_num(self.high)}"
        if self.type == "number":
            unit = f" of {self.unit}" if self.unit else ""
            return f"a number{unit} from {_num(self.low)} to {_num(self.high)}"
        return {"list": "a list", "json": "JSON", "text": "text"}[self.type]

    def default_words(self) -> str:
        """The default as a person reads it."""
        if self.by_default:
            return self.by_default
        if self.type == "choice":
            return str(self.default)
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        if self.default in (None, (), []):
            return "none"
        return str(self.default)

    def check(self, value: Any, players: int) -> Any:
        """``value`` as kept, or OptionsError naming this option and what it allows."""
        if value is None and (self.by_default or self.type == "seat"):
            if self.read is not None:
                return self.read(None)
            return players - 1 if self.type == "seat" else None
        ok = True
        if self.type == "bool":
            ok = isinstance(value, bool)
        elif self.type in ("int", "seat"):
            low, high = (0, players - 1) if self.type == "seat" else (self.low, self.high)
            ok = _whole(value) and (low is None or value >= low) and (high is None or value <= high)
        elif self.type == "number":
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and \
                (self.low is None or value >= self.low) and (self.high is None or value <= self.high)
            value = float(value) if ok else value
        elif self.type == "choice":
            ok = any(value == v and type(value) is not bool for v, _ in self.choices)
        if not ok:
            clause = f" ({self.clause})" if self.clause else ""
            raise OptionsError(f"{self.key} must be {self.allowed(players)}{clause}, got {value!r}")
        if self.read is not None:
            try:
                return self.read(value)
            except ValueError as exc:
                raise OptionsError(str(exc)) from None
        return value

    def to_json(self) -> dict[str, Any]:
        """What the lobby draws the option from (the server's game list sends it)."""
        return {"key": self.key, "label": self.label, "help": self.help, "type": self.type,
                "clause": self.clause, "low": self.low, "high": self.high, "unit": self.unit,
                "choices": [{"value": v, "words": w} for v, w in self.choices], "advanced": self.advanced,
                "by_default": self.by_default or None, "allowed": self.allowed(), "default": self.default_words()}


def _num(x: float | None) -> str:
    return "" if x is None else str(int(x)) if float(x).is_integer() else str(x)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: a game's options, in the order the lobby shows them
Schema = tuple[Option, ...]


#: defaults ``copy`` would hand back as they are (every new game reads its options: issue 26)
_IMMUTABLE: Final = frozenset({int, bool, float, str, type(None), tuple, frozenset})


def defaults(schema: Sequence[Option]) -> dict[str, Any]:
    """Each option's declared default (None where it depends on the player count)."""
    # a list default is the caller's own to change
    return {o.key: o.default if type(o.default) in _IMMUTABLE else copy(o.default) for o in schema}


def read_options(schema: Sequence[Option], raw: Mapping[str, Any], title: str) -> dict[str, Any]:
    """The defaults filled in and every option checked against its record: an unknown key, a
    value of the wrong type, out of range or not among the choices is refused with one line
    naming it. ``players`` is read first (a seat and the defaults in words depend on it)."""
    keys = [o.key for o in schema]
    unknown = sorted(set(raw) - set(keys))
    if unknown:
        raise OptionsError(f"unknown {title} option(s): {', '.join(unknown)}; known: {', '.join(keys)}")
    opts = {**defaults(schema), **raw}
    by_key = {o.key: o for o in schema}
    n = opts["players"] = by_key["players"].check(opts["players"], 0)
    for o in schema:
        if o.key != "players":
            opts[o.key] = o.check(opts[o.key], n)
    return opts


def example(schema: Sequence[Option]) -> str:
    """``-o KEY=VALUE`` for a game's first option of its own (players and mode have flags)."""
    o = next((o for o in schema if o.key not in ("players", "mode") and o.default is not None
              and o.type in ("int", "bool", "choice")),
             schema[0])
    value = o.choices[-1][0] if o.choices else (not o.default) if o.type == "bool" else o.default
    return f"-o {o.key}={json.dumps(value) if not isinstance(value, str) else value}"


def seats_for(options: Mapping[str, Any]) -> int:
    """How many seats a table with these (validated) options has: its ``players``."""
    n: int = options["players"]
    return n


# --- the options every game shares -----------------------------------------------------------

def players(low: int, high: int, clause: str, default: int = 4) -> Option:
    """``players``: the seats at the table, people and bots."""
    return Option("players", default, "int", "Players", "How many seats at the table (people and bots).",
                  clause, low, high)


MODE_CHOICES = ((STRICT, "strict: illegal moves are refused"), (TABLE, "table: illegal moves cost the rulebook's penalty"))
assert tuple(v for v, _ in MODE_CHOICES) == MODES


def mode(default: str = STRICT, penalties: bool = True) -> Option:
    """``mode``: strict (illegal attempts refused) or table (penalised as the rulebook says); in a
    game whose rules name no ``penalties`` the two are alike, and the words say so."""
    if penalties:
        return Option("mode", default, "choice", "Mistakes", "Strict refuses a move the rules do not allow; table "
                      "lets you make it and take the rulebook's penalty.", choices=MODE_CHOICES)
    return Option("mode", default, "choice", "Mistakes", "The rules name no penalties, so both modes refuse a move "
                  "the rules do not allow, saying which rule it breaks.",
                  choices=((STRICT, "strict: illegal moves are refused"), (TABLE, "table: refused too (no penalties)")))


def dealer(clause: str = "", default: int | None = None) -> Option:
    """``dealer``: the first dealer's seat; None (the default) is the last seat, so seat 0 starts."""
    if default is None:
        return Option("dealer", None, "seat", "First dealer",
                      "Which seat deals first, so the seat on its left plays first.",
                      clause, advanced=True, by_default="the last seat")
    return Option("dealer", default, "seat", "First dealer", "Which seat deals first.",
                  clause, advanced=True)


def max_turns(default: int, high: int | None = None, clause: str = "",
              ends: str = "the game ends as a draw after this many turns") -> Option:
    """``max_turns``: a safety stop; ``ends`` says how the game ends there."""
    return Option("max_turns", default, "int", "Turn limit", f"A safety stop: {ends}.", clause, 1, high,
                  advanced=True)
