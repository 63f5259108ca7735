"""The Shedding game object: the engine's ``Game`` protocol wired to the
rules, the flow, the view, and the JSON vocabularies of actions and
scenario files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import CardError, card_name, parse_card, parse_cards
from ...engine.core import Action, Event, GameError, Illegal, Result, json_action, require_keys
from ...engine.expect import differs, zone_expect
from . import flow, rules
from .state import SheddingState, deal, literal_state, validate_options
from .view import SheddingView, view


class Shedding:
    """Game Rules — Consolidated (v2025-08-19), seed 001: see docs/rules/shedding.md."""

    name = "shedding"
    title = "Shedding"

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> SheddingState:
        return deal(validate_options(options), seed)

    def seats(self, state: SheddingState) -> int:
        return state.players

    def to_act(self, state: SheddingState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    legal = staticmethod(rules.legal)
    check = staticmethod(rules.check)
    apply = staticmethod(flow.apply)
    penalise = staticmethod(flow.penalise)

    def view(self, state: SheddingState, seat: int | None) -> SheddingView:
        return view(state, seat)

    def result(self, state: SheddingState) -> Result | None:
        if not state.over:
            return None
        if state.winner is None:
            return Result((), "turn limit")
        return Result((state.winner,), "went out")

    def game_stats(self, state: SheddingState, events: list[Event]) -> dict[str, Any]:
        """Per-game figures the simulator sums: length, draw pressure, effects."""
        pressure = {"draws": 0, "cards_drawn": 0, "stacks": 0, "shields": 0, "peak": 0}
        effects = {"skip": 0, "reverse": 0, "suit": 0}
        reshuffles = 0
        for e in events:
            k = e.kind
            if k == "effect":
                name = e.data["effect"]
                if name == "draw":
                    pressure["peak"] = max(pressure["peak"], e.data["total"])
                    if e.data["total"] > e.data["adds"]:
                        pressure["stacks"] += 1
                elif name == "shield":
                    pressure["shields"] += 1
                else:
                    effects[name] += 1
            elif k == "draw" and e.data["pressure"]:
                pressure["draws"] += 1
                pressure["cards_drawn"] += e.data["count"]
            elif k == "reshuffle":
                reshuffles += 1
        return {"turns": state.turns, "pressure": pressure, "effects": effects, "reshuffles": reshuffles}

    # --- JSON -----------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        return json_action(action, card_name)

    def action_from_json(self, obj: Mapping[str, Any]) -> Action:
        if not isinstance(obj, Mapping):
            raise GameError("an action is a JSON object")
        require_keys(obj, ("seat", "action", "card"), "action")
        kind = obj.get("action")
        if kind not in rules.KINDS:
            raise GameError(f"unknown action {kind!r}; Shedding actions: {', '.join(rules.KINDS)}")
        seat = obj.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise GameError("an action needs its seat as a whole number")
        card = None
        if kind in ("play", "show"):
            if "card" not in obj:
                raise GameError(f"{kind!r} needs a card, e.g. \"card\": \"QS\"")
            try:
                card = parse_card(str(obj["card"]))
            except CardError as exc:
                raise GameError(str(exc)) from None
        elif "card" in obj:
            raise GameError(f"{kind!r} takes no card")
        return Action(seat, kind, card)

    # --- scenarios --------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> SheddingState:
        return literal_state(options, state, seed)

    def scenario_expect(self, state: SheddingState, key: str, value: Any) -> str | None:
        if key == "pending_draw":
            return differs(key, value, state.pending)
        if key == "declared":
            return differs(key, list(value), [i for i, d in enumerate(state.declared) if d])
        if key == "run":
            return differs(key, [card_name(c) for c in parse_cards(value)], [card_name(c) for c in state.run])
        return zone_expect(state, key, value, card_name, parse_cards)


GAME = Shedding()

__all__ = ["GAME", "Shedding", "Illegal"]
