"""Literal King Taco states for scenario files, and the expectation keys.

The ``state`` vocabulary (every key optional but ``hands``):
``hands`` (one list of card names per seat), ``draw`` (top first),
``discard`` (bottom to top; default: one card under nothing), ``top_colour``
(the colour a WILD on top counts as), ``turn``, ``direction`` (1 or -1),
``mana`` (one number per seat), ``condition`` (``default``, ``rage``,
``calm``, ``lock``, ``inverted default``, ``inverted lock``),
``condition_rounds``, ``lock`` (``{"colour", "symbol"}``), ``fishing_rounds``,
``harvester`` and ``harvest_rounds``, ``shields`` and ``curses``
(``{"seat": rounds}``), ``timeouts`` and ``owed`` (per seat), ``out`` (seats
NOPEd out), ``goto``, ``turns``, and ``stack`` (``[["red:rage", 0], ...]``:
the base first, each card with the seat that played it, replayed through
the matrix so the tallies are right; the cards go on top of ``discard``).
Rounds become turns at the number of players still in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...engine.core import GameError
from ...engine.expect import ZONE_KEYS, differs, zone_expect
from ...engine.literal import check_keys
from .cards import (
    COLOUR, COLOUR_NAMES, NOPE, SYMBOL, SYMBOL_NAMES, CardError, card_name, card_names, parse_cards,
    parse_colour, parse_symbol,
)
from .stacking import push, start
from .state import (
    COND, CONDITION_NAMES, FISHING_SPAN, HARVEST_SPAN, LOCK, PENDING_NAMES, KingTacoState, curse_key, shield_key,
)

STATE_KEYS = ("hands", "draw", "discard", "top_colour", "turn", "direction", "mana", "condition",
              "condition_rounds", "lock", "fishing_rounds", "harvester", "harvest_rounds", "shields", "curses",
              "timeouts", "owed", "out", "goto", "turns", "stack")


def _cards(value: Any, what: str) -> list[int]:
    try:
        return parse_cards(value)
    except (CardError, TypeError, AttributeError) as exc:
        raise GameError(f"state.{what}: {exc}") from None


def _per_seat(state: KingTacoState, obj: Mapping[str, Any], key: str) -> list[int] | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != state.players:
        raise GameError(f"state.{key} must list one number per seat ({state.players})")
    return [int(v) for v in value]


def literal_state(options: Mapping[str, Any], obj: Mapping[str, Any], seed: int) -> KingTacoState:
    check_keys(obj, STATE_KEYS, "King Taco")
    state = KingTacoState(options, seed, random.Random(seed))
    n = state.players
    hands = obj.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise GameError(f"state.hands must list {n} hands (options.players)")
    state.hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands)]
    state.draw = list(reversed(_cards(obj.get("draw", []), "draw")))
    state.discard = _cards(obj.get("discard", ["red:1"]), "discard")
    stack = obj.get("stack", [])
    stack_cards = _cards([c for c, _ in stack], "stack")
    if not state.discard and not stack_cards:
        raise GameError("state.discard needs at least its top card")
    state.top_colour = COLOUR[(stack_cards or state.discard)[-1]]
    if "top_colour" in obj:
        state.top_colour = parse_colour(obj["top_colour"])
    state.turn = int(obj.get("turn", 0))
    state.direction = int(obj.get("direction", 1))
    if state.direction not in (1, -1) or not 0 <= state.turn < n:
        raise GameError("state.turn must be a seat and state.direction 1 or -1")
    for key in ("mana", "timeouts", "owed"):
        values = _per_seat(state, obj, key)
        if values is not None:
            if key == "mana":
                for s, v in enumerate(values):
                    state.mana.set(s, v)
            else:
                setattr(state, "timeout" if key == "timeouts" else key, values)
    for s in obj.get("out", []):
        state.out[int(s)] = True
        state.hands[int(s)] = []
    active = state.active
    cond = str(obj.get("condition", "default"))
    state.inverted = cond.startswith("inverted ")
    name = cond.removeprefix("inverted ")
    if name not in CONDITION_NAMES or (state.inverted and name not in ("default", "lock")):
        raise GameError(f"state.condition: {cond!r}; use default, rage, calm, lock, inverted default or inverted lock")
    state.cond = CONDITION_NAMES.index(name)
    if cond != "default":
        state.spans.start(COND, int(obj.get("condition_rounds", 1)), active)
    if state.cond == LOCK:
        lock = obj.get("lock") or {}
        try:
            state.lock_colour = parse_colour(str(lock.get("colour", "red")))
            state.lock_symbol = parse_symbol(str(lock.get("symbol", "1")))
        except CardError as exc:
            raise GameError(f"state.lock: {exc}") from None
    if "fishing_rounds" in obj:
        state.spans.start(FISHING_SPAN, int(obj["fishing_rounds"]), active)
    if obj.get("harvester") is not None:
        state.harvester = int(obj["harvester"])
        state.spans.start(HARVEST_SPAN, int(obj.get("harvest_rounds", 1)), active)
    for key, make in (("shields", shield_key), ("curses", curse_key)):
        for s, rounds in (obj.get(key) or {}).items():
            state.spans.start(make(int(s)), int(rounds), active)
    state.goto = int(obj.get("goto", state.goto))
    state.turns = int(obj.get("turns", 0))
    if stack_cards:
        first = True
        for c, (_, s) in zip(stack_cards, stack):
            state.discard.append(c)
            if first:
                start(state, c, int(s))
                first = False
            elif SYMBOL[c] == NOPE:
                state.stack.push(c, int(s), negator=True)
            else:
                push(state, c, int(s))
    every = state.all_cards()
    if len(every) > state.deck_size:
        raise GameError(f"state holds {len(every)} cards, more than the deck's {state.deck_size}")
    return state


def _seat_turns(state: KingTacoState, make: Any) -> dict[str, int]:
    return {str(s): state.spans.turns_left(make(s)) for s in range(state.players) if make(s) in state.spans.left}


def expect(state: KingTacoState, key: str, value: Any, game: Any) -> str | None:
    """Compare one expectation key (see the rules page for the list)."""
    got: Any
    want: Any = value
    if key in ZONE_KEYS:
        return zone_expect(state, key, value, card_name, parse_cards)
    if key == "top_colour":
        got = COLOUR_NAMES[state.top_colour]
    elif key == "mana":
        got, want = state.mana.values, list(value)
    elif key == "condition":
        got = ("inverted " if state.inverted else "") + CONDITION_NAMES[state.cond]
    elif key == "condition_turns":
        got = state.spans.turns_left(COND)
    elif key == "lock":
        got = {"colour": COLOUR_NAMES[state.lock_colour], "symbol": SYMBOL_NAMES[state.lock_symbol]}
        want = {"colour": value["colour"], "symbol": SYMBOL_NAMES[parse_symbol(value["symbol"])]}
    elif key == "stack":
        got, want = card_names(state.stack.cards), card_names(parse_cards(value))
    elif key in ("stack_count", "stack_life"):
        got = getattr(state.stack, key.removeprefix("stack_"))
    elif key == "pending":
        got = None if state.pending is None else PENDING_NAMES[state.pending]
    elif key == "pending_seat":
        got = state.pending_seat if state.pending is not None else None
    elif key == "to_act":
        got, want = list(game.to_act(state)), list(value)
    elif key == "legal":
        got, want = sorted(game.action_text(a) for a in game.legal(state)), sorted(value)
    elif key == "window":
        got, want = sorted(state.window.seats), sorted(value)
    elif key in ("timeouts", "owed"):
        got, want = list(state.timeout if key == "timeouts" else state.owed), list(value)
    elif key == "shields":
        got = _seat_turns(state, shield_key)
    elif key == "curses":
        got = _seat_turns(state, curse_key)
    elif key == "harvester":
        got = state.harvester
    elif key == "harvest_turns":
        got = state.spans.turns_left(HARVEST_SPAN)
    elif key == "fishing_turns":
        got = state.spans.turns_left(FISHING_SPAN)
    elif key == "out":
        got, want = [s for s in range(state.players) if state.out[s]], list(value)
    elif key in ("goto", "turns"):
        got = getattr(state, key)
    elif key == "auction":
        got = state.auction
    else:
        raise KeyError(key)
    return differs(key, want, got)
