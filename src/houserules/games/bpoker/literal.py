"""Literal bpoker states for scenario files, and the expectation keys (the scenario contract, BP-SC).

The contract is written out on docs/rules/bpoker.md (section "Scenario
contract"); it is stable once published. In short: cards are named as in
``cards.py`` (``QS``, ``QS#2`` for the second deck's copy, ``JK``, ``JK#2``);
a table slot is a card name, or an object ``{"card": ..., "wild": true,
"ne": true}``, or a tile ``{"tile": [...], "as": "2H", "ne": true}``
(``as``: the value in effect of the tile's last card; by default it is
worked out from the 5s, L403-412). Stashes list the top card first.

Every state key may be left out, and says then what a table at the start of a hand
would: per-seat zones (``stash``, ``viewing``, ``ctbp``, ``tables``, ``declared``) empty,
``pot`` and ``discard`` empty, ``sideways`` 0 for every seat, ``in_hand`` true for every
seat, ``turn`` 0, ``dealer`` the seat before ``turn``, ``direction`` 1 (to the left),
``phase`` ``turn``, ``played`` 0, ``armed_j`` false, ``hand`` 1, ``looked`` nobody has looked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ...engine.core import GameError
from ...engine.literal import check_keys
from .cards import (
    BLACK1,
    RED1,
    SUIT_LETTERS,
    CardError,
    card_name,
    is_red,
    parse_card,
    shift,
    value_name,
)
from .looks import saw
from .machine import options_for
from .state import DECLARE, TURN, BState, Slot
from .zones import correct_number, face, maximum
from .zones import value as value_in_effect

STATE_KEYS = ("stash", "sideways", "viewing", "ctbp", "tables", "declared", "pot", "discard", "turn", "dealer",
              "direction", "phase", "played", "armed_j", "in_hand", "hand", "looked")


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise GameError(f"state.{what} must be a list of card names")
    try:
        return [parse_card(v) for v in value]
    except CardError as exc:
        raise GameError(f"state.{what}: {exc}") from None


def _per_seat(obj: Mapping[str, Any], key: str, n: int) -> list[Any]:
    value = obj.get(key, [[] for _ in range(n)])
    if not isinstance(value, list) or len(value) != n:
        raise GameError(f"state.{key} must list one entry per seat ({n})")
    return value


def parse_value(text: str) -> tuple[int, int]:
    """``2H`` -> (2, ♥); ``1R`` / ``1B``: a 1 of Red / of Black; ``1C``: the 1 of clubs."""
    t = text.strip().upper()
    if t in ("1R", "1B"):
        return 1, RED1 if t == "1R" else BLACK1
    if t[:-1] == "1" and t[-1] in SUIT_LETTERS:
        return 1, SUIT_LETTERS.index(t[-1])
    card = parse_card(t)
    return face(card)


def tile_value(cards: list[int]) -> tuple[int, int]:
    """A 5-tile's value in effect, worked out as the 5s shift each following card (L403-440)."""
    delta = 0
    r, s = face(cards[0])
    for c in cards[1:]:
        delta += -1 if is_red(s) else 1
        fr, fs = face(c)
        r = shift(fr, delta)
        s = (RED1 if is_red(fs) else BLACK1) if r == 1 and fr != 1 else fs
        if r != 5:
            break
    return r, s


def _slot(item: Any, where: str) -> Slot:
    try:
        if isinstance(item, str):
            return Slot([parse_card(item)])
        if isinstance(item, Mapping) and "tile" in item:
            cards = _cards(item["tile"], where)
            eff = parse_value(item["as"]) if "as" in item else tile_value(cards) if face(cards[0])[0] == 5 else None
            return Slot(cards, ne=bool(item.get("ne", False)), eff=eff)
        if isinstance(item, Mapping) and "card" in item:
            return Slot([parse_card(item["card"])], wild=bool(item.get("wild", False)), ne=bool(item.get("ne", False)))
    except (CardError, TypeError, KeyError) as exc:
        raise GameError(f"state.{where}: {exc}") from None
    raise GameError(f"state.{where}: a slot is a card name, {{'card': ..}} or {{'tile': [..]}}")


def literal_state(options: Mapping[str, Any], obj: Mapping[str, Any], seed: int) -> BState:
    check_keys(obj, STATE_KEYS, "bpoker")
    state = BState(options, seed, random.Random(seed))
    n = state.players
    state.stash = [list(reversed(_cards(z, f"stash[{i}]"))) for i, z in enumerate(_per_seat(obj, "stash", n))]
    state.viewing = [_cards(z, f"viewing[{i}]") for i, z in enumerate(_per_seat(obj, "viewing", n))]
    state.ctbp = [_cards(z, f"ctbp[{i}]") for i, z in enumerate(_per_seat(obj, "ctbp", n))]
    tables = _per_seat(obj, "tables", n)
    state.tables = [[_slot(item, f"tables[{i}]") for item in t] for i, t in enumerate(tables)]
    state.declared = [tuple(sorted(_cards(z, f"declared[{i}]"))) for i, z in enumerate(_per_seat(obj, "declared", n))]
    state.pot = _cards(obj.get("pot", []), "pot")
    state.discard = _cards(obj.get("discard", []), "discard")
    state.sideways = [int(x) for x in obj.get("sideways", [0] * n)]
    state.turn = int(obj.get("turn", 0))
    state.dealer = int(obj.get("dealer", (state.turn - 1) % n))
    state.direction = int(obj.get("direction", 1))
    state.phase = {"turn": TURN, "declare": DECLARE}.get(obj.get("phase", "turn"), "")
    state.played = int(obj.get("played", 0))
    state.armed_j = bool(obj.get("armed_j", False))
    state.in_hand = [bool(x) for x in obj.get("in_hand", [True] * n)]
    state.hand_no = int(obj.get("hand", 1))
    if not state.phase or state.direction not in (1, -1) or not 0 <= state.turn < n:
        raise GameError("state.phase is turn or declare, direction 1 or -1, turn a seat")
    every = state.all_cards()
    if len(every) != len(set(every)):
        dup = sorted({card_name(c) for c in every if every.count(c) > 1})
        raise GameError(f"state names a card twice: {', '.join(dup)} (use QS#2 for a second copy)")
    _looked(state, obj.get("looked", {}))
    return state


def _looked(state: BState, value: Any) -> None:
    """``{"0": [1, 2]}``: seat 0 has looked at seats 1 and 2 and their viewing hands have not changed
    since, so it knows them as they are now (looks.py)."""
    n = state.players
    if not isinstance(value, Mapping):
        raise GameError("state.looked maps a looker to the seats whose viewing hands it knows, e.g. {\"0\": [1]}")
    try:
        seen = _seat_map(value)
    except (TypeError, ValueError):
        raise GameError("state.looked: its keys are seat numbers") from None
    for looker, owners in seen:
        if not 0 <= looker < n or not isinstance(owners, list) \
                or not all(isinstance(o, int) and 0 <= o < n and o != looker for o in owners):
            raise GameError(f"state.looked[{looker}]: a list of other seats (0 to {n - 1})")
        for owner in owners:
            saw(state, looker, owner)


def _names(cards: Any) -> list[str]:
    return sorted(card_name(c) for c in cards)


def _slot_form(slot: Slot) -> Any:
    if slot.eff is not None and len(slot.cards) > 1:
        out: dict[str, Any] = {"tile": [card_name(c) for c in slot.cards], "as": _value_text(slot.eff)}
        if slot.ne:
            out["ne"] = True
        return out
    if len(slot.cards) > 1:  # a set tile (BP-P): its cards say which set it is
        return {"tile": [card_name(c) for c in slot.cards], **({"ne": True} if slot.ne else {})}
    if slot.wild or slot.ne:
        form: dict[str, Any] = {"card": card_name(slot.top)}
        if slot.wild:
            form["wild"] = True
        if slot.ne:
            form["ne"] = True
        return form
    return card_name(slot.top)


def _value_text(v: tuple[int, int]) -> str:
    r, s = v
    if r == 1:
        return {RED1: "1R", BLACK1: "1B"}.get(s, f"1{SUIT_LETTERS[s] if s < 4 else ''}")
    return card_name(r - 2 + 13 * s if r != 1 else 0)


def _seat_map(value: Any) -> list[tuple[int, Any]]:
    items = value.items() if isinstance(value, Mapping) else enumerate(value)
    return [(int(k), v) for k, v in items]


def _simple(state: BState) -> dict[str, Callable[[], Any]]:
    return {"turn": lambda: state.turn, "direction": lambda: state.direction, "phase": lambda: state.phase,
            "over": lambda: state.over, "pot_size": lambda: len(state.pot), "hand": lambda: state.hand_no,
            "stash_sizes": lambda: [len(z) for z in state.stash], "sideways": lambda: list(state.sideways),
            "in_hand": lambda: list(state.in_hand), "hands_won": lambda: list(state.hands_won),
            "armed_j": lambda: state.armed_j, "played": lambda: state.played, "turn_over": lambda: state.turn_over,
            "control": lambda: list(state.control[:2]) if state.control else None,
            "asked": lambda: state.ask.seat if state.ask else (list(state.window.seats) if state.window else None),
            "pot": lambda: _names(state.pot), "discard": lambda: _names(state.discard),
            "transit": lambda: _names(state.transit), "reason": lambda: state.reason,
            "options": lambda: sorted(o for s in range(state.players) for o in options_for(state, s))}


def _per_seat_keys(state: BState) -> dict[str, Callable[[int], Any]]:
    """Keys whose value maps seats to what is expected there; lists of cards compare as multisets
    except ``stash`` (top first) and ``tables`` (slots in order)."""
    return {"viewing": lambda s: _names(state.viewing[s]), "ctbp": lambda s: _names(state.ctbp[s]),
            "stash": lambda s: [card_name(c) for c in reversed(state.stash[s])],
            "tables": lambda s: [_slot_form(x) for x in state.tables[s]],
            "table_cards": lambda s: _names(c for x in state.tables[s] for c in x.cards),
            "declared": lambda s: _names(state.declared[s]),
            "correct": lambda s: correct_number(state, s), "maximum": lambda s: maximum(state, s)}


MULTISETS = ("pot", "discard", "transit", "options", "viewing", "ctbp", "table_cards", "declared")


def expect(state: BState, key: str, want: Any) -> str | None:
    """Compare one expectation key of the contract; KeyError for a key it does not define."""
    simple = _simple(state)
    if key in simple:
        got = simple[key]()
        want = sorted(want) if key in MULTISETS else want
        return None if got == want else f"{key}: expected {want}, got {got}"
    per_seat = _per_seat_keys(state)
    if key in per_seat:
        for seat, w in _seat_map(want):
            got = per_seat[key](seat)
            w = sorted(w) if key in MULTISETS else w
            if got != w:
                return f"{key}[{seat}]: expected {w}, got {got}"
        return None
    if key == "looked":  # {looker: {owner: cards}}: what each looker knows by a look (looks.py), in full
        for seat, w in _seat_map(want):
            got = {str(o): _names(cs) for o, cs in sorted(state.looks[seat].items())}
            w = {str(o): sorted(cs) for o, cs in w.items()}
            if got != w:
                return f"looked[{seat}]: expected {w}, got {got}"
        return None
    if key == "values":
        for name, v in want.items():
            found = [s for t in state.tables for s in t if s.top == parse_card(name)]
            got = value_name(*value_in_effect(found[0])) if found else None
            if got != value_name(*parse_value(v)):
                return f"values[{name}]: expected {v}, got {got}"
        return None
    raise KeyError(key)
