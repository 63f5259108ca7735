"""The Shedding game object: the engine's ``Game`` protocol wired to the
rules, the flow, the view, and the JSON vocabularies of actions and
scenario files."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ...cards import DECK_SIZE, card_name, parse_card, parse_cards
from ...engine.actions import card_field
from ...engine.base import GameBase, fewest_cards, multiset
from ...engine.core import Action, Ending, Event, Illegal, Result
from ...engine.protocol import Game
from ...engine.expect import differs, zone_expect
from ...engine.moves import Move, Moves
from ...engine.words import card
from . import flow, rules
from ...engine.house.compiled import source_of
from ...engine.house.opening import told
from .house import table_for
from .kinds import Kind
from .options import OPTIONS, validate_options
from .vocabulary import VOCABULARY
from .state import SheddingState, deal, literal_state
from .view import SheddingView, view


_CARD = (card_field(parse_card, card_name, DECK_SIZE, '"card": "QS"'),)


def _draw_label(action: Action, view: SheddingView) -> str:
    return f"Draw {view.pending}" if view.pending else "Draw 1"


def _draw_cost(action: Action, view: SheddingView) -> str:
    return f"takes {view.pending} cards, ends your turn" if view.pending else "ends your turn"


MOVES: Moves[SheddingState] = Moves("Shedding", (
    Move(Kind.PLAY, _CARD, rules.check_play, flow.play_card, "S-2.1",
         lambda a, v: f"Play {card(card_name(a.card))}", button=False),
    Move(Kind.END, (), rules.check_end, flow.end, "S-2.1", "End run", typed=("end run",)),
    Move(Kind.DRAW, (), rules.check_draw, flow.draw, "S-2.1", _draw_label, _draw_cost),
    Move(Kind.DECLINE, (), rules.check_decline, flow.decline, "S-3.5", "Decline the Queen",
         "you draw 1; the Queen stays"),
    Move(Kind.DECLARE, (), rules.check_declare, flow.declare, "S-7.1", "Last card!", typed=("last card",)),
    Move(Kind.SHOW, _CARD, rules.check_show, None, "S-6.2",
         lambda a, v: f"Show {card(card_name(a.card))}", "Exposure: a penalty card", button=False),
), rules.GAME_OVER, bare=Kind.PLAY)
CODEC = MOVES.codec


class Shedding(GameBase[SheddingState, SheddingView]):
    """Game Rules — Consolidated (v2025-08-19), seed 001: see docs/rules/shedding.md."""

    name = "shedding"
    title = "Shedding"
    codec = CODEC
    moves = MOVES
    option_schema = OPTIONS
    vocabulary = VOCABULARY
    tells_first_turn = True

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> SheddingState:
        options = validate_options(options)
        return deal(options, seed, table_for(source_of(options)))

    def to_act(self, state: SheddingState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal(self, state: SheddingState) -> list[Action]:
        return rules.legal(state)


    def penalise(self, state: SheddingState, action: Action, illegal: Illegal) -> list[Event]:
        if state.opening:
            return told(state, flow.penalise(state, action, illegal))
        return flow.penalise(state, action, illegal)

    def view(self, state: SheddingState, seat: int | None) -> SheddingView:
        return view(state, seat)

    def result(self, state: SheddingState) -> Result | None:
        if not state.over:
            return None
        if state.winner is None:
            return Result((), Ending.TURN_LIMIT)
        return Result((state.winner,), Ending.WENT_OUT)

    def narrowing(self, state: SheddingState) -> tuple[str, ...]:
        """The ``forbid`` rules that take a play away from the seat to act now (HR-4)."""
        return rules.forbidding(state)

    def standing(self, state: SheddingState) -> tuple[float, ...]:
        """Fewest cards leads (compare's lead changes read it). The stage stays 0, so a search's
        playouts never stop early to score by it: they play to the end as before."""
        return fewest_cards(state.hands)

    # --- the contract's own questions -------------------------------------------
    def attempts(self, state: SheddingState) -> list[Action]:
        """Every seat, every kind, every card: the deck is small enough to ask them all."""
        out: list[Action] = []
        for seat in range(state.players):
            for kind in Kind:
                if kind in (Kind.PLAY, Kind.SHOW):
                    out.extend(Action(seat, kind, c) for c in range(DECK_SIZE))
                else:
                    out.append(Action(seat, kind))
        return out

    def conserved(self, state: SheddingState) -> Hashable:
        return multiset(state.all_cards())

    def hidden(self, state: SheddingState, seat: int) -> list[list[int]]:
        """Other hands and the draw pile; the discards were all seen face up (S-6)."""
        return [h for s, h in enumerate(state.hands) if s != seat] + [state.draw]

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
                    effects[name] = effects.get(name, 0) + 1  # "again": a house rule's (HR-9)
            elif k == "draw" and e.data["pressure"]:
                pressure["draws"] += 1
                pressure["cards_drawn"] += e.data["count"]
            elif k == "reshuffle":
                reshuffles += 1
        return {"turns": state.turns, "pressure": pressure, "effects": effects, "reshuffles": reshuffles}

    # --- scenarios --------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> SheddingState:
        return literal_state(options, state, seed, table_for(source_of(options)))

    def scenario_expect(self, state: SheddingState, key: str, value: Any) -> str | None:
        if key == "pending_draw":
            return differs(key, value, state.pending)
        if key == "declared":
            return differs(key, list(value), [i for i, d in enumerate(state.declared) if d])
        if key == "run":
            return differs(key, [card_name(c) for c in parse_cards(value)], [card_name(c) for c in state.run])
        return zone_expect(state, key, value, card_name, parse_cards)


#: typed as the protocol, so that mypy holds the class to the whole contract
GAME: Game[SheddingState, SheddingView] = Shedding()

__all__ = ["CODEC", "GAME", "Kind", "Shedding"]
