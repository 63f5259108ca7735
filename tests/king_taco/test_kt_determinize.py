"""What a redeal of the cards a seat cannot see keeps in an auction (``determinize``, KT-9.5).

A search bot plays its samples on (engine/infoset.py), so a sample must be a position the rules
could have reached from what the seat saw: the seat the auction waits on holds a number card to
discard, the seats it passed over hold none, and the seats still to come are asked exactly when
their redrawn hands hold one. A redeal that took the number card from the seat asked left it
with no legal move (issue 41).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from houserules.games.king_taco import GAME
from houserules.games.king_taco.actions import Kind
from houserules.games.king_taco.cards import IS_NUMBER
from houserules.games.king_taco.state import KingTacoState
from houserules.games.king_taco.turns import seats_from

#: small hands, so that players go out (and auctions start) often
TABLE = {"hand_size": 3}


def numbers(state: KingTacoState, seat: int) -> int:
    return sum(IS_NUMBER[c] for c in state.hands[seat])


def check_sample(state: KingTacoState, twin: KingTacoState, discarded: set[int]) -> None:
    """``twin``, a redeal of ``state`` for some seat, is a position of the same auction."""
    starter, asked = state.auction_starter, state.pending_seat
    order = [s for s in seats_from(state, starter) if s != starter]
    at = order.index(asked)
    assert numbers(twin, asked) >= 1, "the seat asked for its auction discard holds no number card"
    assert all(numbers(twin, s) == 0 for s in order[:at] if s not in discarded), "a seat passed over holds one"
    assert twin.queue == [s for s in order[at + 1:] if numbers(twin, s)], "the seats still to ask are not theirs"
    for seat in GAME.to_act(twin):
        assert any(a.seat == seat for a in GAME.legal(twin)), f"seat {seat} is asked and has no legal move"


def walk(seed: int, players: int) -> int:
    """A random game; at every moment of an auction, three redeals for every seat, each checked.
    How many such moments there were."""
    state = GAME.new(GAME.options({"players": players, **TABLE}), seed)
    rng = random.Random(seed)
    discarded: set[int] = set()
    met = 0
    while seats := GAME.to_act(state):
        if state.auction is not None:
            met += 1
            for seat in range(players):
                for _ in range(3):
                    twin = GAME.determinize(state, seat, rng)
                    check_sample(state, twin, discarded)
                    assert GAME.view(twin, seat).to_json() == GAME.view(state, seat).to_json()
        choices = [a for a in GAME.legal(state) if a.seat == seats[0]]
        action = choices[rng.randrange(len(choices))]
        auction = state.auction is not None
        GAME.apply(state, action)
        if not auction:
            discarded.clear()
        elif action.kind == Kind.DISCARD:
            discarded.add(action.seat)
    return met


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(3, 6))
def test_a_redeal_in_an_auction_keeps_the_number_card_asked_for_and_what_everyone_saw(seed: int,
                                                                                     players: int) -> None:
    walk(seed, players)


def test_the_property_meets_auctions() -> None:
    """The walk reaches auctions waiting on a discard often (it tests something)."""
    assert sum(walk(seed, 4) for seed in range(10)) > 20
