"""The house rules of the balance study (BP-H32, BP-H33) are the defaults, and each can be set back; the
chapter's immediate 9♦ win is the default, BP-H26 (``nine_diamonds=stands``) an option (issue 21)."""

from __future__ import annotations

import pytest

from houserules.bots import make
from houserules.engine.core import OptionsError
from houserules.games.bpoker.game import GAME


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_seat_deals_once_and_a_hand_lasts_ten_rounds(players: int) -> None:
    opts = GAME.options({"players": players})
    assert opts["hands"] == players and opts["hand_turns"] == 10 * players
    assert opts["nine_diamonds"] == "wins"


def test_the_defaults_can_be_set_back() -> None:
    opts = GAME.options({"players": 5, "hands": 3, "hand_turns": 40, "nine_diamonds": "stands"})
    assert (opts["hands"], opts["hand_turns"], opts["nine_diamonds"]) == (3, 40, "stands")
    for bad in ({"hands": 0}, {"hand_turns": "ten"}, {"nine_diamonds": "maybe"}):
        with pytest.raises(OptionsError):
            GAME.options(bad)


def test_a_game_plays_as_many_hands_as_players() -> None:
    state = GAME.new(GAME.options({"players": 3}), 1)
    bots = [make("bpoker", "heuristic", s) for s in range(3)]
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, bots[seat].choose(GAME.view(state, seat), [a for a in GAME.legal(state) if a.seat == seat]))
    assert state.reason == "3 hands played"
