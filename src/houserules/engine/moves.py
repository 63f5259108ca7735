"""Each game's move kinds declared once: fields, check, effect, clause and the words people read.

A kind of move used to be spread over seven places in two languages: its JSON
fields (the codec), a branch of the game's ``check``, a branch of its
``apply``, a terminal menu line, a JavaScript button label and its cost, and
an encoding block. Adding Shedding's ``decline`` touched all of them, and the
terminal and the browser said the same move in different words.

Here a game lists its kinds as ``Move`` records. ``Moves`` derives from them
the codec (``engine.actions.ActionCodec``), the check and effect tables (a
game's dispatch, made by ``engine.base``), and ``words``: the label a person
reads and what the move costs, in the game's card-token language (``[[QS]]``,
``engine.words``), which the terminal draws
with Rich and the browser with card chips. The server sends those words with
each legal action, so no screen writes a move's label of its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from .actions import ActionCodec, Field
from .core import Action, Event, Illegal

S = TypeVar("S")
V = TypeVar("V")

#: a seat named in words that are made without the players' names (a move's label): each
#: screen puts the seat's name in its place (``seats_named``), so people read names, never
#: "seat 2"
SEAT_TOKEN = re.compile(r"\{\{seat:(\d+)\}\}")


def seat(s: int | str) -> str:
    """A seat's token in words made without names."""
    return f"{{{{seat:{s}}}}}"


def seats_named(text: str, names: Sequence[str] | None) -> str:
    """``text`` with each seat token replaced by that seat's name (without names, or for a
    seat beyond them, "player N", counted from 1 as people count)."""
    def name(m: re.Match[str]) -> str:
        s = int(m.group(1))
        return names[s] if names is not None and 0 <= s < len(names) else f"player {s + 1}"
    return SEAT_TOKEN.sub(name, text)


#: words that depend on the move and what its seat sees, or fixed words
Said = str | Callable[[Action, Any], str]


class MoveWords(NamedTuple):
    """How a move is said on a screen: its label, what it costs ("" when nothing), whether
    it is a button (False: made by picking a card on the table or in the hand), and what it
    will do where the label cannot say it ("" when the label says it all: bpoker's cards)."""

    label: str
    cost: str = ""
    button: bool = True
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "cost": self.cost, "button": self.button, "note": self.note}

    def named(self, names: Sequence[str] | None) -> MoveWords:
        """These words with each seat token (``engine.words.seat``) replaced by its player's name."""
        return self._replace(label=seats_named(self.label, names), cost=seats_named(self.cost, names),
                             note=seats_named(self.note, names))


@dataclass(frozen=True)
class Move(Generic[S]):
    """One kind of move: everything about it in one place.

    ``check(state, action)`` is the kind's legality (after the envelope, ``engine.actions``):
    None or the clause broken; ``effect(state, action)`` carries out a legal one and returns
    its events (None for a kind that is only ever attempted, never legal: a table judges it
    by the game's ``penalise``, as Shedding's showing a card). ``clause`` names the rules-page id that allows the move. ``label`` and
    ``cost`` (and ``note``, what the move will do where its label cannot say it) are fixed
    words or a function of the action and the view of the seat that would make it (cards as
    ``[[NAME]]`` tokens, seats as ``engine.words.seat`` tokens that screens name); ``button`` is False for moves made by clicking a card rather than
    a button.
    """

    kind: str
    fields: tuple[Field, ...]
    check: Callable[[S, Action], Illegal | None]
    effect: Callable[[S, Action], list[Event]] | None
    clause: str
    label: Said
    cost: Said = ""
    button: bool = True
    note: Said = ""
    #: how a person may type the kind at a terminal besides its own word ("end run" for ``end``)
    typed: tuple[str, ...] = ()


def _say(words: Said, action: Action, view: Any) -> str:
    return words if isinstance(words, str) else words(action, view)


class Moves(Generic[S]):
    """A game's move kinds, and what follows from them: the codec, dispatch and words."""

    def __init__(self, title: str, moves: Sequence[Move[S]], game_over: Illegal, bare: str | None = None):
        """``bare``: the kind a person means by typing only its fields (a card alone: play it)."""
        kinds = [m.kind for m in moves]
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"{title}: a move kind is declared twice")
        self.moves = tuple(moves)
        self.bare = bare
        # what a person types for each kind, longest first ("end run" before "end")
        self._typed = sorted(((tuple(w.lower().split()), m) for m in moves for w in (str(m.kind), *m.typed)),
                             key=lambda entry: -len(entry[0]))
        self.codec = ActionCodec(title, {m.kind: m.fields for m in moves}, game_over)
        self._by_kind = {m.kind: m for m in moves}

    def __getitem__(self, kind: str) -> Move[S]:
        return self._by_kind[kind]

    def checks(self) -> dict[str, Callable[[S, Action], Illegal | None]]:
        """Each kind's check, by kind: a game's table for ``rules_check`` (``engine.base``)."""
        return {m.kind: m.check for m in self.moves}

    def effects(self) -> dict[str, Callable[[S, Action], list[Event]]]:
        """Each kind's effect, by kind (a kind only ever attempted has none): a game's table
        for ``apply`` (``engine.base``)."""
        return {m.kind: m.effect for m in self.moves if m.effect is not None}

    def words(self, action: Action, view: Any) -> MoveWords:
        """The label, cost, button flag and note of ``action`` as the seat seeing ``view`` reads them."""
        m = self._by_kind[action.kind]
        return MoveWords(_say(m.label, action, view), _say(m.cost, action, view), m.button,
                         _say(m.note, action, view))

    def parse(self, text: str, seat: int) -> Action:
        """The action a person typed: a kind's word (or one of its ``typed`` phrases) followed by
        its fields in order, each read as the game reads it in JSON (the last field takes the
        rest of the line), or only the fields of the ``bare`` kind. Raises ValueError saying
        what was expected, with an example. Legality is not asked here: the referee judges."""
        words = text.split()
        if not words:
            raise ValueError("type a card or an action")
        lowered = [w.lower() for w in words]
        for phrase, move in self._typed:
            if tuple(lowered[:len(phrase)]) == phrase:
                return _typed_action(move, words[len(phrase):], seat)
        if self.bare is not None:
            return _typed_action(self._by_kind[self.bare], words, seat, bare=True)
        raise ValueError(f"I don't understand {text.strip()!r}; type help")


def _example(field: Field) -> str:
    """What a person types for ``field``: its JSON example's value (``"card": "QS"`` -> QS)."""
    try:
        value = json.loads("{" + field.example + "}").get(field.key)
    except (ValueError, AttributeError):
        return field.example
    return str(value) if value is not None else field.example


def _typed_action(move: Move[S], rest: Sequence[str], seat: int, bare: bool = False) -> Action:
    """``bare``: only the fields were typed, so a word that is no field is said to be no action either."""
    fields = move.fields
    said = " ".join(f"{f.key}" for f in fields)
    if len(rest) < len(fields) or (not fields and rest):
        if not fields:
            raise ValueError(f"{move.kind} takes nothing more")
        example = " ".join(_example(f) for f in fields)
        raise ValueError(f"{move.kind} needs {'a ' if len(fields) == 1 else ''}{said}, e.g. {move.kind} {example}")
    slots: dict[str, Any] = {}
    for i, f in enumerate(fields):
        word = " ".join(rest[i:]) if i == len(fields) - 1 else rest[i]
        try:
            slots[f.slot] = f.read(word)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            raise ValueError(f"{exc}; type help for the actions" if bare else f"{move.kind}: bad {f.key}: {exc}") from None
    return Action(seat, move.kind, slots.get("card"), slots.get("arg"))
