"""The My Game state, its options, the deal, and literal states for scenarios.

The state is a flat object of lists and ints so that ``legal``/``apply`` stay fast and ``copy``
is cheap: a card is an int (``houserules.cards``: 0-51), hands are lists of cards, the draw pile
is a list whose *end* is its top (drawing is ``pop()``), and the discard pile a list whose end is
the top card. All randomness comes from the state's generator (``rng``), so the seed and the
actions replay a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...cards import SUIT, SUITS, card_name, full_deck, parse_cards, shuffle
from ...engine.clone import Seeded
from ...engine.core import STRICT, GameError
from ...engine.literal import check_keys, read_piles
from ...engine.options import Option, Schema, dealer, mode, players, read_options

#: the options as records: the lobby, ``houserules options my-game`` and the rules page read them
OPTIONS: Schema = (
    players(2, 5, "R-1"),
    Option("hand_size", 5, "int", "Cards dealt", "How many cards each player is dealt.", "R-2", 3, 8),
    mode(STRICT, penalties=False),
    dealer("R-2"),
)


def validate_options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every option checked against its record (R-1, R-2)."""
    return read_options(OPTIONS, raw, "My Game")


class MyGameState(Seeded):
    """Everything about one game, hidden parts included."""

    __slots__ = ("options", "mode", "seed", "players", "hands", "draw", "discard", "suit", "turn", "calling",
                 "passes", "winners", "over")

    def __init__(self, options: Mapping[str, Any], seed: int, rng: random.Random):
        super().__init__(rng)
        self.options = dict(options)
        self.mode: str = options["mode"]
        self.seed = seed
        self.players: int = options["players"]
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.draw: list[int] = []  # top is the end
        self.discard: list[int] = []  # top is the end
        self.suit = 0  # the suit to follow: the top card's, or the one called after an eight
        self.turn = 0
        self.calling = False  # the seat to act has played an eight and names the suit next
        self.passes = 0  # passes in a row: every seat passing in turn blocks the game
        self.winners: tuple[int, ...] = ()
        self.over = False

    def copy(self) -> MyGameState:
        """An independent copy (for search bots and for checking that refusals change nothing):
        the lists copied, the rest shared (ints, tuples, and the generator until one side draws)."""
        new = MyGameState(self.options, self.seed, self._rng)
        self.share_rng(new)
        new.mode = self.mode
        new.players = self.players
        new.hands = [h[:] for h in self.hands]
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.suit = self.suit
        new.turn = self.turn
        new.calling = self.calling
        new.passes = self.passes
        new.winners = self.winners
        new.over = self.over
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Every field as plain data, for equality checks in tests."""
        return (tuple(tuple(h) for h in self.hands), tuple(self.draw), tuple(self.discard), self.suit, self.turn,
                self.calling, self.passes, self.winners, self.over, self.rng.getstate())

    def all_cards(self) -> list[int]:
        """Every card in every zone (hands, draw pile, discard pile)."""
        out = [c for h in self.hands for c in h]
        out.extend(self.draw)
        out.extend(self.discard)
        return out


def deal(options: Mapping[str, Any], seed: int) -> MyGameState:
    """Shuffle, deal the hands one card at a time from the left of the dealer, turn the next card
    up to start the discard pile (R-2); the player left of the dealer goes first."""
    rng = random.Random(seed)
    state = MyGameState(options, seed, rng)
    deck = full_deck()
    shuffle(rng, deck)
    n = state.players
    dealer_seat = options["dealer"]
    for _ in range(options["hand_size"]):
        for i in range(1, n + 1):
            state.hands[(dealer_seat + i) % n].append(deck.pop())
    state.discard.append(deck.pop())
    state.draw = deck
    state.suit = SUIT[state.discard[-1]]
    state.turn = (dealer_seat + 1) % n
    return state


STATE_KEYS = ("hands", "discard", "draw", "turn", "suit", "calling", "passes")


def literal_state(options: Mapping[str, Any], obj: Mapping[str, Any], seed: int) -> MyGameState:
    """A state written out in a scenario file: ``hands`` (left out: empty), ``discard`` bottom to
    top (its top the one key a state needs), ``draw`` top first (left out: empty), ``turn``
    (0), ``suit`` (a letter, C D H S: left out, the top card's), ``calling`` (false), ``passes`` (0)."""
    check_keys(obj, STATE_KEYS, "My Game")
    state = MyGameState(options, seed, random.Random(seed))
    read_piles(state, obj, parse_cards)
    every = state.all_cards()
    if len(set(every)) != len(every):
        twice = sorted({card_name(c) for c in every if every.count(c) > 1})
        raise GameError(f"state names a card twice: {', '.join(twice)} (one 52-card deck)")
    state.turn = int(obj.get("turn", 0))
    if not 0 <= state.turn < state.players:
        raise GameError(f"state.turn must be a seat 0..{state.players - 1}")
    suit = obj.get("suit", SUITS[SUIT[state.discard[-1]]])
    if suit not in tuple(SUITS):
        raise GameError(f"state.suit must be one of {', '.join(SUITS)}")
    state.suit = SUITS.index(suit)
    state.calling = bool(obj.get("calling", False))
    state.passes = int(obj.get("passes", 0))
    return state
