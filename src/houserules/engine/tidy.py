"""Tidying scenario files: what a literal state leaves to its defaults, written as a person would.

A scenario is read by people (the rules pages name them as the proof of a clause), so its
``state`` should say only what matters to the clause: every state key has a default (the
game's ``literal_state`` docstring and its rules page say which), and a key written with the
value it would have anyway is noise. ``tidy`` drops such keys, and ``"seed": 0`` (the engine's
default), and nothing else: a key stays unless the state read without it is the very same
state, field by field, generator included. Options are left as written: they are the premise
a reader looks for first, and their defaults are settings a table may change.

``dumps`` writes JSON the way the hand-written scenarios are: a value that fits on its line
stays on one line, longer objects and lists hang one member per line under their opening
bracket, and a long list of names is filled like text (a list of long strings goes one to a line).
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Mapping
from typing import Any

from . import registry
from .core import GameError
from .scenario import check_top

#: the width ``dumps`` fills lines to
WIDTH = 100
#: the longest value a list is filled with like words (a card name, a legal move); longer ones
#: (Cripple Mr Onion's hands written as one string each) go one to a line
WORD = 24


def plain(value: Any, seen: frozenset[int] = frozenset()) -> Any:
    """``value`` as plain data, every field of every object in it (a slotted state, its
    windows and ledgers), for telling whether two states are the same game."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return (type(value).__name__, value.name)
    if isinstance(value, random.Random):
        return value.getstate()
    if id(value) in seen:
        return ("<cycle>", type(value).__name__)
    inner = seen | {id(value)}
    if isinstance(value, Mapping):
        return ("map", sorted((repr(plain(k, inner)), plain(v, inner)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return [plain(v, inner) for v in value]
    if isinstance(value, (set, frozenset)):
        return ("set", sorted(repr(plain(v, inner)) for v in value))
    if callable(value) and not hasattr(value, "__slots__") and not hasattr(value, "__dict__"):
        return ("callable", getattr(value, "__qualname__", repr(value)))
    # a class compiled by mypyc lists its fields in ``__mypyc_attrs__``, not ``__slots__``
    names = [n for cls in type(value).__mro__ for n in getattr(cls, "__slots__", getattr(cls, "__mypyc_attrs__", ()))]
    fields = {n: getattr(value, n) for n in names if hasattr(value, n)}
    fields.update(getattr(value, "__dict__", {}))
    fields.pop("allowed_on", None)  # Mao's memo of questions asked, not part of the game
    fields.pop("_rng_shared", None)  # whether the generator is shared with a copy (engine.clone), not the game
    return (type(value).__name__, sorted((k, plain(v, inner)) for k, v in fields.items()))


def literal(obj: Mapping[str, Any]) -> Any:
    """The plain data of the state a scenario object starts from (its literal state, or the deal)."""
    game = registry.get(str(obj["game"]))
    options = game.options(dict(obj.get("options", {})))
    seed = int(obj.get("seed", 0))
    if "state" in obj:
        return plain(game.scenario_state(options, obj["state"], seed))
    return plain(game.new(options, seed))


def tidy(obj: Mapping[str, Any], name: str = "<scenario>") -> dict[str, Any]:
    """A copy of the scenario object without the state keys, nor the seed, that say only
    their default: the state it starts from is the same, checked key by key. GameError
    (starting with ``name``) for an object that is not a scenario."""
    check_top(obj, name)
    out = dict(obj)
    try:
        want = literal(out)
    except GameError as exc:
        raise GameError(f"{name}: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise GameError(f"{name}: not a scenario this game reads ({type(exc).__name__}: {exc})") from None
    if out.get("seed") == 0 and not isinstance(out["seed"], bool):
        del out["seed"]
    if isinstance(out.get("state"), Mapping):
        state = dict(out["state"])
        for key in list(state):
            trial = {k: v for k, v in state.items() if k != key}
            try:
                same = literal({**out, "state": trial}) == want
            except (GameError, KeyError, TypeError, ValueError, AttributeError, IndexError):
                same = False  # the key is needed: without it the state cannot be read
            if same:
                state = trial
        out["state"] = state
    if literal(out) != want:  # cannot happen key by key; a last guard before anything is written
        raise GameError(f"{name}: tidying changed the state; nothing was written")
    return out


def dumps(value: Any, width: int = WIDTH) -> str:
    """``value`` as JSON laid out by hand (see the module docstring), with a final newline."""
    return _lay(value, 0, width, 0) + "\n"


def _flat(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _lay(value: Any, col: int, width: int, tail: int) -> str:
    """``value`` written from column ``col``, ``tail`` characters (commas, closing brackets)
    still to follow it on its last line."""
    flat = _flat(value)
    if col + len(flat) + tail <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = ",\n" + " " * (col + 1)
    last = len(value) - 1
    if isinstance(value, dict):
        parts = []
        for i, (key, item) in enumerate(value.items()):
            head = _flat(str(key)) + ": "
            parts.append(head + _lay(item, col + 1 + len(head), width, tail + 1 if i == last else 1))
        return "{" + pad.join(parts) + "}"
    if all(not isinstance(v, (dict, list)) and len(_flat(v)) <= WORD for v in value):
        return "[" + _fill([_flat(v) for v in value], col + 1, width, tail + 1) + "]"
    return "[" + pad.join(_lay(item, col + 1, width, tail + 1 if i == last else 1) for i, item in enumerate(value)) + "]"


def _fill(words: list[str], col: int, width: int, tail: int) -> str:
    """Scalars separated by commas, as many to a line as fit, the rest under the first."""
    lines: list[str] = []
    line = ""
    for i, w in enumerate(words):
        room = width - col - (tail if i == len(words) - 1 else 1)
        if line and len(line) + 2 + len(w) > room:
            lines.append(line + ",")
            line = w
        else:
            line = f"{line}, {w}" if line else w
    lines.append(line)
    return ("\n" + " " * col).join(lines)
