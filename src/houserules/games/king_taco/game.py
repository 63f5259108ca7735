"""The King Taco game object: the engine's ``Game`` protocol wired to the
rules, the flow, the view, statistics and the JSON vocabularies of actions
and scenario files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.core import Action, GameError, Result, require_keys
from . import flow, rules
from .actions import CARD_KINDS, ActionKind
from .cards import COLOUR_NAMES, SYMBOL_NAMES, CardError, card_name, parse_card, parse_colour, parse_symbol
from .literal import expect, literal_state
from .state import TacoState, deal, validate_options
from .stats import game_stats
from .view import TacoView, view

_ACTION_KEYS = ("seat", "action", "card", "colour", "symbol", "target")


class KingTaco:
    """King Taco by Simon Willover, seed 004: see docs/rules/king-taco.md."""

    name = "king-taco"
    title = "King Taco"

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> TacoState:
        return deal(validate_options(options), seed)

    def seats(self, state: TacoState) -> int:
        return state.players

    def to_act(self, state: TacoState) -> tuple[int, ...]:
        """A pending choice first, then the NOPE window, then the player whose turn it is."""
        if state.over:
            return ()
        if state.pending is not None:
            return (state.pending_seat,)
        if state.window.seats:
            return tuple(state.window.seats)
        return (state.turn,)

    legal = staticmethod(rules.legal)
    check = staticmethod(rules.check)
    apply = staticmethod(flow.apply)
    penalise = staticmethod(flow.penalise)
    game_stats = staticmethod(game_stats)

    def view(self, state: TacoState, seat: int | None) -> TacoView:
        return view(state, seat)

    def result(self, state: TacoState) -> Result | None:
        if not state.over:
            return None
        if state.winner is None:
            return Result((), "turn limit")
        return Result((state.winner,), "goto" if sum(state.out) < state.players - 1 else "last player in")

    # --- JSON -----------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": action.seat, "action": str(action.kind)}
        if action.card is not None:
            out["card"] = card_name(action.card)
        if action.kind == ActionKind.COLOUR:
            out["colour"] = COLOUR_NAMES[action.arg]
        elif action.kind == ActionKind.SYMBOL:
            out["symbol"] = SYMBOL_NAMES[action.arg]
        elif action.kind == ActionKind.FISH:
            out["target"] = action.arg
        return out

    def action_text(self, action: Action) -> str:
        """A short readable form, ``2 play red:3``, used by scenarios' ``legal`` key."""
        j = self.action_to_json(action)
        parts = [str(j["seat"]), j["action"]] + [str(j[k]) for k in ("card", "colour", "symbol", "target") if k in j]
        return " ".join(parts)

    def action_from_json(self, obj: Mapping[str, Any]) -> Action:
        if not isinstance(obj, Mapping):
            raise GameError("an action is a JSON object")
        require_keys(obj, _ACTION_KEYS, "action")
        word = obj.get("action")
        if not isinstance(word, str) or word not in rules.KINDS_OF_ACTION:
            raise GameError(f"unknown action {word!r}; King Taco actions: {', '.join(ActionKind)}")
        kind = ActionKind(word)
        seat = obj.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise GameError("an action needs its seat as a whole number")
        want = {ActionKind.COLOUR: ("colour",), ActionKind.SYMBOL: ("symbol",),
                ActionKind.FISH: ("card", "target")}.get(kind, ("card",) if kind in CARD_KINDS else ())
        extra = sorted(set(obj) - {"seat", "action"} - set(want))
        if extra:
            raise GameError(f"{kind!r} takes {', '.join(want) or 'nothing more'}, not {', '.join(extra)}")
        missing = [k for k in want if k not in obj]
        if missing:
            raise GameError(f"{kind!r} needs {', '.join(missing)}, e.g. \"card\": \"red:3\", \"colour\": \"blue\"")
        try:
            card = parse_card(str(obj["card"])) if "card" in want else None
            if kind == ActionKind.COLOUR:
                return Action(seat, kind, arg=parse_colour(str(obj["colour"])))
            if kind == ActionKind.SYMBOL:
                return Action(seat, kind, arg=parse_symbol(str(obj["symbol"])))
        except CardError as exc:
            raise GameError(str(exc)) from None
        if kind == ActionKind.FISH:
            target = obj["target"]
            if not isinstance(target, int) or isinstance(target, bool):
                raise GameError("fish needs its target as a seat number")
            return Action(seat, kind, card, target)
        return Action(seat, kind, card)

    # --- scenarios --------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> TacoState:
        return literal_state(options, state, seed)

    def scenario_expect(self, state: TacoState, key: str, value: Any) -> str | None:
        return expect(state, key, value, self)


GAME = KingTaco()


