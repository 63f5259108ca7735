"""The bpoker game object: the engine's ``Game`` protocol wired to the rules, the flow,
the view, and the JSON vocabularies of actions and scenario files."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Mapping
from typing import Any

from ...engine.actions import Field, card_field, named, whole
from ...engine.base import GameBase, multiset, redeal
from ...engine.core import Action, Event, Result
from ...engine.moves import Move, Moves
from ...engine.protocol import Game
from . import effects_high, effects_low, flow, fpoker, looks, pairs, rules, said  # noqa: F401  (the effects register their records)
from .cards import MAX_ID, card_name, parse_card
from .evaluate import stage, standing
from .literal import expect, literal_state
from .machine import answer, run
from .rules import GAME_OVER, Kind
from .state import OPTIONS, BState, deal, validate_options
from .stats import derived_stats, game_stats
from .view import BView, view
from .vocabulary import VOCABULARY


def _read_cards(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise TypeError("a list of card names, e.g. [\"AS\", \"KS\"]")
    return tuple(sorted(named(parse_card)(v) for v in value))


def _valid_cards(value: Any) -> bool:
    return isinstance(value, tuple) and all(whole(c) and 0 <= c < MAX_ID for c in value) \
        and list(value) == sorted(value)


def _read_choice(value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > 80:
        raise TypeError("a choice is one of the offered words, e.g. \"skip\"")
    return value


_CARD = card_field(parse_card, card_name, MAX_ID, '"card": "QS"')
_CARDS = Field("cards", "arg", _read_cards, lambda cs: [card_name(c) for c in cs], _valid_cards,
               '"cards": ["AS", "KS", "QS", "JS", "10S"]')
_CHOICE = Field("choice", "arg", _read_choice, lambda c: c, lambda c: isinstance(c, str) and bool(c),
                '"choice": "skip"')


def _choose(state: BState, a: Action) -> list[Event]:
    return answer(state, a.seat, a.arg) + run(state, flow.idle)


def _play(state: BState, a: Action) -> list[Event]:
    return flow.play(state, a.seat, a.card)


def _pair(state: BState, a: Action) -> list[Event]:
    return pairs.play_set(state, a.seat, a.arg) + run(state, flow.idle)


def _pass(state: BState, a: Action) -> list[Event]:
    return flow.end_turn(state, a.seat)


def _scrap(state: BState, a: Action) -> list[Event]:
    return flow.scrap(state, a.seat)


def _use(state: BState, a: Action) -> list[Event]:
    return flow.use(state, a.seat, a.card)


def _declare(state: BState, a: Action) -> list[Event]:
    return flow.declare_hand(state, a.seat, a.arg)


#: Every kind is judged by one check (``rules.check``: offered by ``legal``, else the clause
#: ``rules.explain`` finds), as what is legal depends on the whole table, not on the kind.
MOVES: Moves[BState] = Moves("bpoker", (
    Move(Kind.PLAY, (_CARD,), rules.check, _play, "BP-2.2", said.play, note=said.play_note, button=False),
    Move(Kind.PAIR, (_CARDS,), rules.check, _pair, "BP-P.0", said.pair, note=said.pair_note),
    Move(Kind.PASS, (), rules.check, _pass, "BP-3.4", "Pass", "ends your turn; then you declare"),
    Move(Kind.SCRAP, (), rules.check, _scrap, "BP-3.3", "Scrap your table",
         "your whole table goes to the discard"),
    Move(Kind.USE, (_CARD,), rules.check, _use, "BP-J.D", said.use, note=said.use_note),
    Move(Kind.DECLARE, (_CARDS,), rules.check, _declare, "BP-3.5", said.declare, note=said.declare_note,
         button=False),
    Move(Kind.CHOOSE, (_CHOICE,), rules.check, _choose, "BP-R.1", said.choice, note=said.choice_note,
         button=False),
), GAME_OVER)
CODEC = MOVES.codec


class BPoker(GameBase[BState, BView]):
    """bpoker, seed 000 ("Special Card Rules") on a designed base game: docs/rules/bpoker.md."""

    name = "bpoker"
    title = "bpoker"
    codec = CODEC
    moves = MOVES
    option_schema = OPTIONS
    vocabulary = VOCABULARY
    game_stats = staticmethod(game_stats)
    derived_stats = staticmethod(derived_stats)
    #: a search's playout may stop at a hand's end and score the stashes (evaluate.py)
    stage = staticmethod(stage)
    standing = staticmethod(standing)

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> BState:
        state = deal(validate_options(options), seed)
        flow.start(state)
        return state

    def to_act(self, state: BState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: BState) -> list[Action]:
        return rules.legal(state)


    def view(self, state: BState, seat: int | None) -> BView:
        return view(state, seat)

    def result(self, state: BState) -> Result | None:
        if not state.over:
            return None
        assert state.ending is not None
        return Result(state.winners, state.ending, tuple(float(len(z)) for z in state.stash), state.reason)

    # --- the contract's own questions -------------------------------------------
    def attempts(self, state: BState) -> list[Action]:
        return rules.attempts(state)

    def conserved(self, state: BState) -> Hashable:
        return multiset(state.all_cards())

    def hidden(self, state: BState, seat: int) -> list[list[int]]:
        """Every stash (even one's own), the pot, other seats' viewing hands (but one this seat
        controls or knows by a look, looks.py) and cards-to-be-played."""
        seen = state.control[1] if state.control is not None and state.control[0] == seat else None
        known = looks.known(state, seat)
        out = [*state.stash, state.pot, state.fpot]
        out += [z for s, z in enumerate(state.fhands) if s != seat]
        out += [z for s, z in enumerate(state.viewing) if s not in (seat, seen) and s not in known]
        out += [z for s, z in enumerate(state.ctbp) if s != seat]
        return out

    def determinize(self, state: BState, seat: int, rng: random.Random) -> BState:
        """The generic redeal of ``hidden`` (which keeps the viewing hands ``seat`` knows by a
        look), and a pending question that names hidden cards (a seat choosing from its own
        viewing hand) renamed to the cards now in their places, so that a search bot can play the
        twin on. What other seats know by their looks is rewritten to the redealt hands: that they
        looked is public, what they saw is not ``seat``'s to keep."""
        twin = self.copy(state)
        zones = self.hidden(twin, seat)
        before = [c for z in zones for c in z]
        redeal(zones, rng)
        looks.redrawn(twin, seat)
        swap = {card_name(b): card_name(a) for b, a in zip(before, (c for z in zones for c in z), strict=True)
                if a != b}
        if swap and twin.ask is not None:
            twin.ask = twin.ask._replace(options=tuple(_renamed(o, swap) for o in twin.ask.options))
        return twin

    # --- scenarios --------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> BState:
        return literal_state(options, state, seed)

    def scenario_expect(self, state: BState, key: str, value: Any) -> str | None:
        return expect(state, key, value)


def _renamed(option: str, swap: Mapping[str, str]) -> str:
    """``option`` with each card name in it replaced as ``swap`` says (``QS>seat:1``, ``AS+KD``)."""
    return re.sub(r"[^>+:]+", lambda m: swap.get(m.group(0), m.group(0)), option)


#: typed as the protocol, so that mypy holds the class to the whole contract
GAME: Game[BState, BView] = BPoker()

__all__ = ["CODEC", "GAME", "BPoker"]
