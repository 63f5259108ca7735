"""Every game's actions in one declared shape: the JSON vocabulary and the envelope check.

Each game once parsed its own action JSON and opened its own ``check`` with
the same questions (is the seat a whole number at this table, is the game
still on, is this one of our actions, is the card a card), and the copies
drifted: one refused a ``bool`` seat, two did not; one crashed on a malformed
card list. Here a game declares, per action kind, the fields it carries
(``Field``); ``ActionCodec`` then reads and writes the stable JSON form and
answers the envelope questions the same way for every game. A game's own
``check`` starts from ``codec.envelope`` and asks only its rules questions.

Reading JSON never raises anything but ``GameError``: whatever a field's
reader raises (a bad card name, a list where a number belongs, a missing
key deep inside) becomes one line saying which field was wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, TypeGuard

from .core import Action, GameError, Illegal

#: envelope answers shared by every game (the game-over answer names the game's own clause)
NO_SUCH_SEAT = Illegal("seat", "there is no such seat")
MALFORMED = Illegal("action", "that action is not well formed")

SEAT_KEYS = ("seat", "action")


def whole(value: Any) -> TypeGuard[int]:
    """A whole number that is not a ``bool`` (``True`` is an int to Python, not a seat to us)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Field(NamedTuple):
    """One piece of an action beyond its seat and kind.

    ``slot`` says where it lives on the ``Action`` (``card`` or ``arg``);
    ``read`` turns the JSON value into the game's value (raising any
    ``ValueError``, ``TypeError`` or ``KeyError`` with why not), ``write``
    turns it back, ``valid`` says whether a Python value has the right
    shape (the envelope's "the card parses" for callers of the Python API),
    and ``example`` shows a person what to send.
    """

    key: str
    slot: str
    read: Callable[[Any], Any]
    write: Callable[[Any], Any]
    valid: Callable[[Any], bool]
    example: str


class ActionCodec:
    """The declared actions of one game: JSON both ways, and the envelope check."""

    def __init__(self, title: str, kinds: Mapping[str, tuple[Field, ...]], game_over: Illegal):
        self.title = title
        self.kinds = dict(kinds)
        self.game_over = game_over
        self.unknown = Illegal("action", f"{title} has no such action")
        self._by_name = {str(k): k for k in self.kinds}
        keys = {f.key for fields in self.kinds.values() for f in fields}
        self.allowed = (*SEAT_KEYS, *sorted(keys))

    # --- the envelope ------------------------------------------------------
    def envelope(self, action: Action, seats: int, over: bool) -> Illegal | None:
        """The questions every game asks before its rules: None when they all pass."""
        fields = self.kinds.get(action.kind) if isinstance(action.kind, str) else None
        if fields is None:
            return self.unknown
        if not whole(action.seat) or not 0 <= action.seat < seats:
            return NO_SUCH_SEAT
        if over:
            return self.game_over
        slots = {f.slot for f in fields}
        for f in fields:
            if not f.valid(getattr(action, f.slot)):
                return Illegal("action", f"{action.kind!r} needs a valid {f.key}, e.g. {f.example}")
        for slot in ("card", "arg"):
            if slot not in slots and getattr(action, slot) is not None:
                return MALFORMED
        return None

    # --- JSON ----------------------------------------------------------------
    def to_json(self, action: Action) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": action.seat, "action": str(action.kind)}
        for f in self.kinds[action.kind]:
            out[f.key] = f.write(getattr(action, f.slot))
        return out

    def from_json(self, obj: Any) -> Action:
        """The action ``obj`` names; GameError saying what is wrong for anything malformed."""
        if not isinstance(obj, Mapping):
            raise GameError("an action is a JSON object")
        unknown = sorted(repr(k) for k in set(obj) - set(self.allowed))
        if unknown:
            raise GameError(f"unknown action key(s): {', '.join(unknown)} (allowed: {', '.join(self.allowed)})")
        kind = obj.get("action")
        if not isinstance(kind, str) or kind not in self.kinds:
            raise GameError(f"unknown action {kind!r}; {self.title} actions: {', '.join(self.kinds)}")
        seat = obj.get("seat")
        if not whole(seat):
            raise GameError("an action needs its seat as a whole number")
        fields = self.kinds[kind]
        wanted = {f.key for f in fields}
        extra = sorted(str(k) for k in obj if k not in SEAT_KEYS and k not in wanted)
        if extra:
            takes = ", ".join(sorted(wanted)) or "nothing more"
            raise GameError(f"{kind!r} takes {takes}, not {', '.join(extra)}"
                            if wanted else f"{kind!r} takes no {', '.join(extra)}")
        slots: dict[str, Any] = {}
        for f in fields:
            if f.key not in obj:
                raise GameError(f"{kind!r} needs a {f.key}, e.g. {f.example}")
            try:
                slots[f.slot] = f.read(obj[f.key])
            except GameError:
                raise
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
                raise GameError(f"{kind!r}: bad {f.key}: {exc}") from None
        return Action(seat, self._by_name[kind], slots.get("card"), slots.get("arg"))


def named(parse: Callable[[str], Any]) -> Callable[[Any], Any]:
    """A reader for a value a person names in text (a card, a colour): text only, then ``parse``."""

    def read(value: Any) -> Any:
        if not isinstance(value, str):
            raise TypeError(f"expected a name such as a card's, got {type(value).__name__}")
        return parse(value)

    return read


def card_field(parse: Callable[[str], Any], name: Callable[[Any], str], deck_size: int, example: str,
               key: str = "card") -> Field:
    """The usual card field: a card int in ``Action.card``, named in JSON by the game's notation."""
    return Field(key, "card", named(parse), name, lambda c: whole(c) and 0 <= c < deck_size, example)
