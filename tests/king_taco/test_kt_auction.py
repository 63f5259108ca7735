"""Auction ties (KT-9.7) and what every seat may see (KT-H24)."""

from __future__ import annotations

from houserules.games.king_taco import GAME
from houserules.games.king_taco.cards import card_name


def _tied_auction(seed: int) -> int:
    """Seat 0 goes out on a plain WILD with no mana (1 point); the others discard a
    1, which scores nothing (KT-9.5), and keep their 1 point: a three-way tie."""
    state = GAME.scenario_state(GAME.options({"players": 3, "goto": 1}), {
        "hands": [["wild"], ["blue:1", "blue:rage"], ["green:1", "green:lock"]], "discard": ["red:1"],
    }, seed)
    GAME.apply(state, GAME.action_from_json({"seat": 0, "action": "play", "card": "wild"}))
    GAME.apply(state, GAME.action_from_json({"seat": 0, "action": "colour", "colour": "red"}))
    for seat, card in ((1, "blue:1"), (2, "green:1")):
        GAME.apply(state, GAME.action_from_json({"seat": seat, "action": "discard", "card": card}))
    assert state.over
    return state.winner


def test_ties_are_broken_at_random() -> None:
    winners = {_tied_auction(seed) for seed in range(40)}
    assert winners == {0, 1, 2}
    assert _tied_auction(7) == _tied_auction(7)  # from the game's own generator: reproducible


def test_public_information_is_in_every_view() -> None:
    state = GAME.scenario_state(GAME.options({"players": 3}), {
        "hands": [["red:2"], ["blue:3", "blue:4"], ["green:1"]], "discard": ["red:1"], "mana": [1, 2, 3],
        "shields": {"1": 1}, "curses": {"2": 1}, "timeouts": [0, 0, 1], "owed": [0, 2, 0], "harvester": 0,
    }, 0)
    for seat in (None, 0, 1, 2):
        v = GAME.view(state, seat).to_json()
        assert v["mana"] == [1, 2, 3] and v["harvester"] == 0
        assert v["shields"][1] and v["curses"][2] and v["timeouts"] == [0, 0, 1] and v["owed"] == [0, 2, 0]
        assert v["hand_sizes"] == [1, 2, 1]
        assert v["hand"] == (None if seat is None else [card_name(c) for c in state.hands[seat]])


def test_a_queued_seat_without_a_number_card_is_not_asked_for_a_discard() -> None:
    """A search redeals the hidden cards, which can leave a seat queued for its auction
    discard (KT-9.5) with no number card; asking it anyway left no legal action, and
    ISMCTS crashed in three-player King Taco. Such a seat is passed over."""
    state = GAME.scenario_state(GAME.options({"players": 3, "goto": 1}), {
        "hands": [["red:3"], ["blue:4", "blue:skip"], ["green:1", "green:2"]], "discard": ["red:1"],
    }, 0)
    GAME.apply(state, GAME.action_from_json({"seat": 0, "action": "play", "card": "red:3"}))
    assert (state.pending_seat, state.queue) == (1, [2])
    state.hands[2] = [c for c in state.hands[1] if card_name(c) == "blue:skip"]  # as a redeal might
    GAME.apply(state, GAME.action_from_json({"seat": 1, "action": "discard", "card": "blue:4"}))
    assert state.pending is None and state.over
