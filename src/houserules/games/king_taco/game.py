"""The King Taco game object: the engine's ``Game`` protocol wired to the
rules, the flow, the view, statistics and the JSON vocabularies of actions
and scenario files."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ...engine.actions import ActionCodec, Field, card_field, named, whole
from ...engine.base import GameBase, multiset
from ...engine.core import Action, Event, Illegal, Result
from . import flow, rules
from .actions import Kind
from .cards import COLOUR_NAMES, KINDS, SYMBOL_NAMES, SYMBOLS, WILD, card_name, parse_card, parse_colour, parse_symbol
from .literal import expect, literal_state
from .state import OPTIONS, TacoState, deal, validate_options
from .stats import game_stats
from .view import TacoView, view


_CARD = card_field(parse_card, card_name, KINDS, '"card": "red:3"')
_COLOUR = Field("colour", "arg", named(parse_colour), lambda c: COLOUR_NAMES[c],
                lambda c: whole(c) and 0 <= c < WILD, '"colour": "blue"')
_SYMBOL = Field("symbol", "arg", named(parse_symbol), lambda y: SYMBOL_NAMES[y],
                lambda y: whole(y) and 0 <= y < SYMBOLS, '"symbol": "skip"')
_TARGET = Field("target", "arg", lambda t: t if whole(t) else _not_a_seat(t), lambda t: t, whole, '"target": 2')


def _not_a_seat(value: Any) -> int:
    raise TypeError(f"a target is a seat number, not {value!r}")


CODEC = ActionCodec("King Taco", {
    Kind.PLAY: (_CARD,), Kind.DRAW: (), Kind.ALLOW: (), Kind.NOPE: (_CARD,), Kind.PASS: (),
    Kind.COLOUR: (_COLOUR,), Kind.SYMBOL: (_SYMBOL,), Kind.DISCARD: (_CARD,), Kind.FISH: (_CARD, _TARGET),
}, rules.GAME_OVER)


class KingTaco(GameBase[TacoState, TacoView]):
    """King Taco by Simon Willover, seed 004: see docs/rules/king-taco.md."""

    name = "king-taco"
    title = "King Taco"
    codec = CODEC
    option_schema = OPTIONS
    game_stats = staticmethod(game_stats)

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> TacoState:
        return deal(validate_options(options), seed)

    def to_act(self, state: TacoState) -> tuple[int, ...]:
        """A pending choice first, then the NOPE window, then the player whose turn it is."""
        if state.over:
            return ()
        if state.pending is not None:
            return (state.pending_seat,)
        if state.window.seats:
            return tuple(state.window.seats)
        return (state.turn,)

    def legal(self, state: TacoState) -> list[Action]:
        return rules.legal(state)

    def rules_check(self, state: TacoState, action: Action) -> Illegal | None:
        return rules.check(state, action)

    def apply(self, state: TacoState, action: Action) -> list[Event]:
        return flow.apply(state, action)

    def penalise(self, state: TacoState, action: Action, illegal: Illegal) -> list[Event]:
        return flow.penalise(state, action, illegal)

    def view(self, state: TacoState, seat: int | None) -> TacoView:
        return view(state, seat)

    def result(self, state: TacoState) -> Result | None:
        if not state.over:
            return None
        if state.winner is None:
            return Result((), "turn limit")
        return Result((state.winner,), "goto" if sum(state.out) < state.players - 1 else "last player in")

    def action_text(self, action: Action) -> str:
        """A short readable form, ``2 play red:3``, used by scenarios' ``legal`` key."""
        j = self.action_to_json(action)
        parts = [str(j["seat"]), j["action"]] + [str(j[k]) for k in ("card", "colour", "symbol", "target") if k in j]
        return " ".join(parts)

    # --- the contract's own questions -------------------------------------------
    def attempts(self, state: TacoState) -> list[Action]:
        """Each seat: every card it holds in every card action, every colour and a few symbols."""
        out: list[Action] = []
        for s in range(state.players):
            for c in set(state.hands[s]):
                out += [Action(s, Kind.PLAY, c), Action(s, Kind.NOPE, c), Action(s, Kind.DISCARD, c)]
                out += [Action(s, Kind.FISH, c, t) for t in range(state.players)]
            out += [Action(s, k) for k in (Kind.DRAW, Kind.ALLOW, Kind.PASS)]
            out += [Action(s, Kind.COLOUR, arg=c) for c in range(WILD)]
            out += [Action(s, Kind.SYMBOL, arg=y) for y in (0, 10, 20)]
        return out

    def conserved(self, state: TacoState) -> Hashable:
        return multiset(state.all_cards())

    def hidden(self, state: TacoState, seat: int) -> list[list[int]]:
        """Other hands and the draw pile (every played card was seen)."""
        return [h for s, h in enumerate(state.hands) if s != seat] + [state.draw]

    # --- scenarios --------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> TacoState:
        return literal_state(options, state, seed)

    def scenario_expect(self, state: TacoState, key: str, value: Any) -> str | None:
        return expect(state, key, value, self)


GAME = KingTaco()


