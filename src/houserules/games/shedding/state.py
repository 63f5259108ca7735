"""The Shedding state, the deal, and literal states for scenarios (its options: ``options``).

The state is a flat object of lists and ints so that ``legal``/``apply`` stay
fast and ``copy`` is cheap: hands are lists of card ints, the draw pile is a
list whose *end* is its top (so drawing is ``pop()``), the discard pile is a
list whose end is the top card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...cards import DECK_SIZE, card_name, full_deck, parse_cards, shuffle
from ...engine.clone import Seeded
from ...engine.core import Event, GameError
from ...engine.house.opening import start_first_turn
from ...engine.literal import check_keys, read_piles
from .table import Table

#: a table where no card does anything: only until ``deal`` or ``literal_state`` sets the real one
NO_EFFECTS = Table(((),) * DECK_SIZE, (0,) * DECK_SIZE, (False,) * DECK_SIZE)

class SheddingState(Seeded):
    """Everything about one game of Shedding, hidden parts included."""

    __slots__ = (
        "options", "mode", "seed", "players", "hands", "draw", "discard",
        "turn", "direction", "pending", "run", "run_dir", "wrapped", "declared",
        "winner", "over", "turns", "max_turns", "table", "skips", "again", "under", "opening",
    )

    def __init__(self, options: Mapping[str, Any], seed: int, rng: random.Random):
        super().__init__(rng)
        self.options = dict(options)
        self.mode: str = options["mode"]
        self.seed = seed
        self.players: int = options["players"]
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.draw: list[int] = []  # top is the end
        self.discard: list[int] = []  # top is the end
        self.turn = 0
        self.direction = 1  # +1: to the next higher seat (the player on the left)
        self.pending = 0  # draw-pressure total awaiting the seat to act
        self.run: list[int] = []  # cards played so far this turn, in order
        self.run_dir = 0  # +1/-1 once the run's first ±1 step fixes it (S-3.6)
        self.wrapped = False  # the run has used its one Ace wrap (S-3.4)
        self.declared: list[bool] = [False] * self.players  # last card declared (S-7.1)
        self.winner: int | None = None
        self.over = False
        self.turns = 0
        self.max_turns: int = options["max_turns"]
        #: what each card does at this table (the seed's effects and a house book's): set by
        #: ``deal`` and ``literal_state``, shared by copies (it never changes)
        self.table = NO_EFFECTS
        #: seats the turn now ending will skip (an 8, S-4.4): always 0 between actions
        self.skips = 0
        #: the player of the turn now ending plays again (a house rule): always False between actions
        self.again = False
        #: the card the last card placed landed on (what a house rule's ``top`` reads then; -1: none yet)
        self.under = -1
        #: the events of the first turn's start, carried out at the deal and told with the first
        #: action's (``engine.house.opening``): empty once told, or when no house rule fired
        self.opening: tuple[Event, ...] = ()

    def copy(self) -> SheddingState:
        """An independent copy (for search bots and for checking that refusals change nothing):
        the lists copied, the rest shared (ints, and the generator until one side draws)."""
        new = SheddingState(self.options, self.seed, self._rng)
        self.share_rng(new)
        new.mode = self.mode
        new.players = self.players
        new.hands = [h[:] for h in self.hands]
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.turn = self.turn
        new.direction = self.direction
        new.pending = self.pending
        new.run = self.run[:]
        new.run_dir = self.run_dir
        new.wrapped = self.wrapped
        new.declared = self.declared[:]
        new.winner = self.winner
        new.over = self.over
        new.turns = self.turns
        new.max_turns = self.max_turns
        new.table = self.table
        new.skips = self.skips
        new.again = self.again
        new.under = self.under
        new.opening = self.opening
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Every field as plain data, for equality checks in tests."""
        return (
            tuple(tuple(h) for h in self.hands), tuple(self.draw), tuple(self.discard),
            self.turn, self.direction, self.pending, tuple(self.run), self.run_dir,
            self.wrapped, tuple(self.declared), self.winner, self.over, self.turns, self.under,
            len(self.opening), self.rng.getstate(),
        )

    def all_cards(self) -> list[int]:
        """Every card in every zone (hands, draw pile, discard pile)."""
        out = [c for h in self.hands for c in h]
        out.extend(self.draw)
        out.extend(self.discard)
        return out


def deal(options: Mapping[str, Any], seed: int, table: Table) -> SheddingState:
    """Shuffle, deal the hands one card at a time from the left of the dealer,
    flip the starting discard (S-1.*). The first player is left of the dealer.
    ``table``: what each card does at this table (``effects.table_for``)."""
    rng = random.Random(seed)
    state = SheddingState(options, seed, rng)
    state.table = table
    deck = full_deck()
    shuffle(rng, deck)
    n = state.players
    dealer = options["dealer"]
    for _ in range(options["hand_size"]):
        for i in range(1, n + 1):
            state.hands[(dealer + i) % n].append(deck.pop())
    state.discard.append(deck.pop())
    state.draw = deck
    state.turn = (dealer + 1) % n
    if table.turnstart:  # the first player's turn starts too (HR-7)
        start_first_turn(state, table.turnstart, state.turn)
    return state



STATE_KEYS = ("hands", "discard", "draw", "turn", "direction", "pending_draw", "declared", "turns")


def literal_state(options: Mapping[str, Any], obj: Mapping[str, Any], seed: int, table: Table) -> SheddingState:
    """A state written out in a scenario file (``draw`` top first, ``discard`` bottom to top)."""
    check_keys(obj, STATE_KEYS, "Shedding")
    state = SheddingState(options, seed, random.Random(seed))
    state.table = table
    read_piles(state, obj, parse_cards)
    every = state.all_cards()
    if len(set(every)) != len(every):
        dup = sorted({card_name(c) for c in every if every.count(c) > 1})
        raise GameError(f"state names a card twice: {', '.join(dup)} (one 52-card deck)")
    assert len(every) <= DECK_SIZE
    state.turn = int(obj.get("turn", 0))
    if not 0 <= state.turn < state.players:
        raise GameError(f"state.turn must be a seat 0..{state.players - 1}")
    state.direction = int(obj.get("direction", 1))
    if state.direction not in (1, -1):
        raise GameError("state.direction must be 1 or -1")
    state.pending = int(obj.get("pending_draw", 0))
    for seat in obj.get("declared", []):
        state.declared[int(seat)] = True
    state.turns = int(obj.get("turns", 0))
    return state
