"""The declaring seat's view names the hand each legal declaration makes (wilds at their best value,
BP-H13); nobody else gets the list, and it matches the legal actions one for one."""

from __future__ import annotations

from houserules.engine.core import Action
from houserules.games.bpoker.cards import card_name
from houserules.games.bpoker.game import GAME
from houserules.games.bpoker.literal import literal_state


def test_the_declaring_seat_sees_the_hand_each_declaration_makes() -> None:
    state = literal_state(GAME.options({"players": 3}), {
        "phase": "declare", "stash": [["2C#3"], ["2D#3"], ["2H#3"]],
        "tables": [["KS", "KH", "7S", "7D", {"card": "3S", "wild": True}, "2C"], [], []]}, 0)
    named = {tuple(d["cards"]): d["hand"] for d in GAME.view(state, 0).data["declarations"]}
    legal = {tuple(card_name(c) for c in a.arg) for a in GAME.legal(state) if a.kind == "declare"}
    assert set(named) == legal and len(legal) > 1  # the same words, in the same order, as the actions
    by_cards = {tuple(sorted(k)): v for k, v in named.items()}
    assert by_cards[("3S", "7D", "7S", "KH", "KS")] == "full house, Ks over 7s"
    assert by_cards[("2C", "3S", "7S", "KH", "KS")] == "three Ks"
    assert all(GAME.view(state, s).data["declarations"] == [] for s in (1, 2, None))
    assert Action(0, "pass") not in GAME.legal(state)
