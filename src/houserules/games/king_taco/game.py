"""The King Taco game object: the engine's ``Game`` protocol wired to the
rules, the flow, the view, statistics and the JSON vocabularies of actions
and scenario files."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any

from ...engine.actions import Field, card_field, named, whole
from ...engine.base import GameBase, fewest_cards, multiset
from ...engine.core import Action, Ending, Event, Illegal, Result
from ...engine.moves import Move, Moves, seat
from ...engine.words import card
from ...engine.protocol import Game
from . import flow, redeal, rules
from .actions import Kind
from .cards import (
    COLOUR_NAMES, COST, KINDS, NOPE, SYMBOL, SYMBOL_NAMES, SYMBOLS, WILD, card_name, effect, parse_card,
    parse_colour, parse_symbol,
)
from .state import AUCTION_DISCARD, DISCARD
from .literal import expect, literal_state
from .state import OPTIONS, KingTacoState, checked_options, deal, validate_options
from .stats import game_stats
from ...engine.house.compiled import source_of
from ...engine.house.opening import start_first_turn, told
from .house import table_for
from .vocabulary import VOCABULARY
from .view import KingTacoView, view


_CARD = card_field(parse_card, card_name, KINDS, '"card": "red:3"')
_COLOUR = Field("colour", "arg", named(parse_colour), lambda c: COLOUR_NAMES[c],
                lambda c: whole(c) and 0 <= c < WILD, '"colour": "blue"')
_SYMBOL = Field("symbol", "arg", named(parse_symbol), lambda y: SYMBOL_NAMES[y],
                lambda y: whole(y) and 0 <= y < SYMBOLS, '"symbol": "skip"')
_TARGET = Field("target", "arg", lambda t: t if whole(t) else _not_a_seat(t), lambda t: t, whole, '"target": 2')


def _not_a_seat(value: Any) -> int:
    raise TypeError(f"a target is a seat number, not {value!r}")


# --- the words of each move (engine.moves): the terminal menu and the browser say these ----------
def _play_label(a: Action, v: KingTacoView) -> str:
    return f"{'Stack' if v.stack else 'Play'} {card(card_name(a.card))}"


def mana_cost(a: Action, v: KingTacoView) -> str:
    """What a card played now costs in mana (KT-8.1), and what it comes to: played on a
    free turn without the mana it has no effect and gives 1 (KT-8.2); a NOPE played as a
    base with the mana NOPEs its player out (KT-7.11.6). Inverse is free in a harvest (KT-7.14.10)."""
    price = rules.PRICE[v.harvester is not None][a.card]
    if not price:
        return ""
    have = v.mana[a.seat]
    if not v.stack and have < price:
        return f"{price} mana, you have {have}: no effect (+1 mana)"
    if not v.stack and SYMBOL[a.card] == NOPE:
        return f"{price} mana: NOPEs you out of the game"
    return f"{price} mana"


def _pass_label(a: Action, v: KingTacoView) -> str:
    return "Keep the rest" if v.pending == DISCARD else "Pass (no NOPE)"


def _draw_cost(a: Action, v: KingTacoView) -> str:
    return "" if v.fishing_turns else "you lose 1 mana"


def _discard_label(a: Action, v: KingTacoView) -> str:
    return f"Discard {card(card_name(a.card))}{' for the auction' if v.pending == AUCTION_DISCARD else ''}"


def _fish_label(a: Action, v: KingTacoView) -> str:
    return f"Ask {seat(a.arg)} for a {effect(SYMBOL_NAMES[SYMBOL[a.card]])}"


def _fish_cost(a: Action, v: KingTacoView) -> str:
    return f"a catch hands them {card(card_name(a.card))}"


MOVES: Moves[KingTacoState] = Moves("King Taco", (
    Move(Kind.PLAY, (_CARD,), rules.check_play, flow.play_card, "KT-2.1", _play_label, mana_cost, button=False),
    Move(Kind.DRAW, (), rules.check_draw, flow.draw_card, "KT-2.2", "Draw 1", _draw_cost),
    Move(Kind.ALLOW, (), rules.check_allow, flow.allow_stack, "KT-5.3", "Allow the stack"),
    Move(Kind.NOPE, (_CARD,), rules.check_nope, flow.nope_stack, "KT-7.11",
         lambda a, v: f"NOPE the stack with {card(card_name(a.card))}", f"{COST[NOPE]} mana", button=False),
    Move(Kind.PASS, (), rules.check_pass, flow.pass_up, "KT-H13", _pass_label),
    Move(Kind.COLOUR, (_COLOUR,), rules.check_colour, flow.name_colour, "KT-3.7",
         lambda a, v: f"Colour {COLOUR_NAMES[a.arg]}", button=False),
    Move(Kind.SYMBOL, (_SYMBOL,), rules.check_symbol, flow.name_symbol, "KT-3.4",
         lambda a, v: f"Symbol {effect(SYMBOL_NAMES[a.arg])}", button=False),
    Move(Kind.DISCARD, (_CARD,), rules.check_discard, flow.discard_card, "KT-7.13.1", _discard_label, button=False),
    Move(Kind.FISH, (_CARD, _TARGET), rules.check_fish, flow.go_fish, "KT-H15", _fish_label, _fish_cost,
         button=False),
    Move(Kind.TARGET, (_TARGET,), rules.check_target, flow.name_target, "KT-HR-7",
         lambda a, v: f"{seat(a.arg)} draws {v.pending_count}", "a house rule"),
), rules.GAME_OVER)
CODEC = MOVES.codec


class KingTaco(GameBase[KingTacoState, KingTacoView]):
    """King Taco by Simon Willover, seed 004: see docs/rules/king-taco.md."""

    name = "king-taco"
    title = "King Taco"
    codec = CODEC
    moves = MOVES
    option_schema = OPTIONS
    vocabulary = VOCABULARY
    tells_first_turn = True
    game_stats = staticmethod(game_stats)

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The options checked, and the table of their house rules made (kept by content), so that a
        server, which validates options off its event loop, never makes one on it."""
        opts = validate_options(raw)
        table_for(source_of(opts))
        return opts

    def new(self, options: Mapping[str, Any], seed: int) -> KingTacoState:
        opts, facts = checked_options(options)
        state = deal(opts, seed, facts)
        state.house = table_for(source_of(opts))
        if state.house.turnstart:  # the first player's turn starts too (KT-HR-4)
            start_first_turn(state, state.house.turnstart, state.turn)
        return state

    def to_act(self, state: KingTacoState) -> tuple[int, ...]:
        """A pending choice first, then the NOPE window, then the player whose turn it is."""
        if state.over:
            return ()
        if state.pending is not None:
            return (state.pending_seat,)
        if state.window.seats:
            return tuple(state.window.seats)
        return (state.turn,)

    def on_the_clock(self, state: KingTacoState) -> tuple[int, ...]:
        """Whom everyone sees the table wait on: the pending choice's seat, else the player
        whose turn it is, while a NOPE window is open too. Who the window asks is a secret
        (it asks only seats holding a NOPE: KT-H13), so no clock, idle limit or screen may
        follow it; an asked seat answers within an unshown deadline (``silence``)."""
        if state.over:
            return ()
        return (state.pending_seat,) if state.pending is not None else (state.turn,)

    def silence(self, state: KingTacoState, seat: int) -> Action | None:
        """A seat asked in a NOPE window that says nothing passes (KT-H13)."""
        return Action(seat, Kind.PASS) if seat in state.window else None

    def legal(self, state: KingTacoState) -> list[Action]:
        return rules.legal(state)


    def penalise(self, state: KingTacoState, action: Action, illegal: Illegal) -> list[Event]:
        if state.opening:
            return told(state, flow.penalise(state, action, illegal))
        return flow.penalise(state, action, illegal)

    def view(self, state: KingTacoState, seat: int | None) -> KingTacoView:
        return view(state, seat)

    def result(self, state: KingTacoState) -> Result | None:
        if not state.over:
            return None
        if state.winner is None:
            return Result((), Ending.TURN_LIMIT)
        return Result((state.winner,), Ending.GOTO if sum(state.out) < state.players - 1 else Ending.LAST_STANDING)

    def standing(self, state: KingTacoState) -> tuple[float, ...]:
        """Fewest cards leads among the seats not NOPEd out (compare's lead changes read it; going
        out starts the auction that wins, KT-9.1). The stage stays 0, so a search's playouts never
        stop early to score by it: they play to the end as before."""
        return fewest_cards(state.hands, state.out)

    def action_text(self, action: Action) -> str:
        """A short readable form, ``2 play red:3``, used by scenarios' ``legal`` key."""
        j = self.action_to_json(action)
        parts = [str(j["seat"]), j["action"]] + [str(j[k]) for k in ("card", "colour", "symbol", "target") if k in j]
        return " ".join(parts)

    # --- the contract's own questions -------------------------------------------
    def attempts(self, state: KingTacoState) -> list[Action]:
        """Each seat: every card it holds in every card action, every colour and a few symbols."""
        out: list[Action] = []
        for s in range(state.players):
            for c in set(state.hands[s]):
                out += [Action(s, Kind.PLAY, c), Action(s, Kind.NOPE, c), Action(s, Kind.DISCARD, c)]
                out += [Action(s, Kind.FISH, c, t) for t in range(state.players)]
            out += [Action(s, k) for k in (Kind.DRAW, Kind.ALLOW, Kind.PASS)]
            out += [Action(s, Kind.TARGET, arg=t) for t in range(state.players)]
            out += [Action(s, Kind.COLOUR, arg=c) for c in range(WILD)]
            out += [Action(s, Kind.SYMBOL, arg=y) for y in (0, 10, 20)]
        return out

    def conserved(self, state: KingTacoState) -> Hashable:
        return multiset(state.all_cards())

    def hidden(self, state: KingTacoState, seat: int) -> list[list[int]]:
        """Other hands and the draw pile (every played card was seen)."""
        return redeal.hidden(state, seat)

    def determinize(self, state: KingTacoState, seat: int, rng: random.Random) -> KingTacoState:
        """The hidden cards redrawn; in an auction, keeping the number card of the seat asked and
        what the table saw of the others' (``redeal``, KT-9.5)."""
        return redeal.determinize(state, seat, rng)

    # --- scenarios --------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> KingTacoState:
        made = literal_state(options, state, seed)
        made.house = table_for(source_of(options))
        return made

    def scenario_expect(self, state: KingTacoState, key: str, value: Any) -> str | None:
        return expect(state, key, value, self)


#: typed as the protocol, so that mypy holds the class to the whole contract
GAME: Game[KingTacoState, KingTacoView] = KingTaco()


