"""The My Game object: the engine's ``Game`` protocol wired to the rules, the flow, the view,
and the JSON vocabularies of actions and scenario files.

Each move kind is one record (``MOVES``: its JSON fields, check, effect, clause and the words
people read); the engine derives the codec, the check and apply dispatch, the terminal's menu
and the browser's buttons from them (docs/engine.md, "Add a move kind").
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ...cards import DECK_SIZE, SUITS, card_name, parse_card, parse_cards
from ...engine.actions import Field, card_field, named, whole
from ...engine.base import GameBase, fewest_cards, multiset
from ...engine.core import Action, Ending, Result
from ...engine.expect import differs, zone_expect
from ...engine.moves import Move, Moves
from ...engine.protocol import Game
from ...engine.words import card
from . import flow, rules
from .kinds import Kind
from .rules import SUIT_WORDS, parse_suit
from .state import OPTIONS, MyGameState, deal, literal_state, validate_options
from .view import MyGameView, view

_CARD = (card_field(parse_card, card_name, DECK_SIZE, '"card": "QS"'),)
_SUIT = (Field("suit", "arg", named(parse_suit), lambda s: SUIT_WORDS[s], lambda s: whole(s) and 0 <= s < 4,
               '"suit": "hearts"'),)

MOVES: Moves[MyGameState] = Moves("My Game", (
    Move(Kind.PLAY, _CARD, rules.check_play, flow.play, "R-3", lambda a, v: f"Play {card(card_name(a.card))}",
         button=False),
    Move(Kind.CALL, _SUIT, rules.check_call, flow.call, "R-4", lambda a, v: f"Call {SUIT_WORDS[a.arg]}"),
    Move(Kind.DRAW, (), rules.check_draw, flow.draw, "R-5", "Draw", "ends your turn"),
    Move(Kind.PASS, (), rules.check_pass, flow.pass_turn, "R-6", "Pass", note="nothing to play, nothing to draw"),
), rules.GAME_OVER, bare=Kind.PLAY)


class MyGame(GameBase[MyGameState, MyGameView]):
    """Plain Crazy Eights: see docs/rules/my-game.md."""

    name = "my-game"
    title = "My Game"
    codec = MOVES.codec
    moves = MOVES
    option_schema = OPTIONS

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> MyGameState:
        return deal(validate_options(options), seed)

    def to_act(self, state: MyGameState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal(self, state: MyGameState) -> list[Action]:
        return rules.legal(state)

    def view(self, state: MyGameState, seat: int | None) -> MyGameView:
        return view(state, seat)

    def result(self, state: MyGameState) -> Result | None:
        """Whoever went out (R-7), or the fewest cards when nobody can play (H-2)."""
        if not state.over:
            return None
        went_out = not state.hands[state.winners[0]]
        return Result(state.winners, Ending.WENT_OUT if went_out else Ending.BLOCKED)

    def standing(self, state: MyGameState) -> tuple[float, ...]:
        """Fewest cards leads (``houserules compare``'s lead changes read it)."""
        return fewest_cards(state.hands)

    # --- the contract's own questions (tests/test_conformance.py asks them) --------------------
    def attempts(self, state: MyGameState) -> list[Action]:
        """Every seat, every kind, every card and suit: few enough to ask them all."""
        out: list[Action] = []
        for seat in range(state.players):
            out.extend(Action(seat, Kind.PLAY, c) for c in range(DECK_SIZE))
            out.extend(Action(seat, Kind.CALL, arg=suit) for suit in range(len(SUITS)))
            out += [Action(seat, Kind.DRAW), Action(seat, Kind.PASS)]
        return out

    def conserved(self, state: MyGameState) -> Hashable:
        return multiset(state.all_cards())

    def hidden(self, state: MyGameState, seat: int) -> list[list[int]]:
        """Other hands and the draw pile; every discard was seen face up."""
        return [h for s, h in enumerate(state.hands) if s != seat] + [state.draw]

    # --- scenarios ------------------------------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> MyGameState:
        return literal_state(options, state, seed)

    def scenario_expect(self, state: MyGameState, key: str, value: Any) -> str | None:
        """Besides the shared zone keys (``engine.expect``): ``suit`` (a letter), ``calling``."""
        if key == "suit":
            return differs(key, value, SUITS[state.suit])
        if key == "calling":
            return differs(key, value, state.calling)
        return zone_expect(state, key, value, card_name, parse_cards)


#: typed as the protocol, so that mypy holds the class to the whole contract
GAME: Game[MyGameState, MyGameView] = MyGame()
