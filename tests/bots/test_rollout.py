"""The rollout bot (bots/rollout.py) and King Taco's (games/king_taco/bots_rollout.py).

Held here: its specs and their one-line errors, whole games with it at every seat, the same
choices again for the same seed, every move judged on the same redeals (a move played twice
on copies of one redeal scores the same), how King Taco's playouts score a try, and legal
moves under every house book King Taco ships.
"""

from __future__ import annotations

import pytest

from houserules.bots import ask, make
from houserules.engine import registry
from houserules.engine.core import Action, GameError, event
from houserules.engine.infoset import redeal, stand_in
from houserules.games.king_taco import GAME
from houserules.games.king_taco.bots_rollout import KingTacoRollout


@pytest.mark.parametrize("spec", ["rollout:0", "rollout:x", "rollout:100001", "rollout:", "rollout:5:no-such",
                                  "rollout:5:random", "rollout:5:ismcts", "rollout:5:nobody"])
def test_bad_specs_are_one_line_game_errors(spec: str) -> None:
    with pytest.raises(GameError) as err:
        bot = make("king-taco", spec)
        state = GAME.new(GAME.options({"players": 2}), 0)  # a playout bot is checked when first needed
        ask(bot, GAME, state, GAME.to_act(state)[0], GAME.legal(state))
    assert "\n" not in str(err.value) and str(err.value)


def play(players: int, seed: int, spec: str = "rollout:3") -> list[Action]:
    state = GAME.new(GAME.options({"players": players}), seed)
    bots = [make("king-taco", spec, seed * 10 + s) for s in range(players)]
    taken = []
    while (seats := GAME.to_act(state)):
        legal = GAME.legal(state)
        action = ask(bots[seats[0]], GAME, state, seats[0], legal)
        assert action is not None and action in legal and action.seat == seats[0]
        GAME.apply(state, action)
        taken.append(action)
    assert GAME.result(state) is not None
    return taken


@pytest.mark.parametrize("players", [2, 3, 5])
def test_whole_games_at_every_seat_the_same_for_the_same_seed(players: int) -> None:
    assert play(players, 4) == play(players, 4)


def test_every_move_is_judged_on_the_same_redeal_and_roll() -> None:
    """Common random numbers: a copy of a redeal carries its generator, so one move played on two
    copies plays out the same way, roll and all (the playouts choose no move at random)."""
    state = GAME.new(GAME.options({"players": 2}), 11)
    seat = GAME.to_act(state)[0]
    bot = make("king-taco", "rollout:1", 0)
    assert isinstance(bot, KingTacoRollout)
    world = redeal(GAME, stand_in(GAME, state, seat, 1), seat, bot.rng)
    policy = bot.policy(GAME)
    for action in [a for a in GAME.legal(world) if a.seat == seat]:
        first, again = (bot.play_out(GAME, GAME.copy(world), action, policy) for _ in range(2))
        assert first == again and sum(first) == pytest.approx(1.0)


def test_a_playout_stops_at_a_try_and_scores_its_odds_not_its_roll() -> None:
    """KT-9.8: the trying seat wins one time in goto; the rest is shared evenly among the seats
    still in (a NOPEd-out seat has none), whether the roll won or failed."""
    state = GAME.new(GAME.options({"players": 4}), 0)
    state.out = [False, False, True, False]
    bot = KingTacoRollout(0)
    for won in (True, False):
        scores = bot.settle(state, [event("goto", 1, {"goto": 4, "won": won})])
        assert scores == pytest.approx([0.25, 0.25 + 0.25, 0.0, 0.25])
    assert bot.settle(state, [event("goto", 3, {"goto": 1, "won": True})]) == [0.0, 0.0, 0.0, 1.0]
    assert bot.settle(state, [event("auction", 1, {"points": (1, 2, 0, 1)})]) is None


@pytest.mark.parametrize("name, book", registry.house_books("king-taco"), ids=[n for n, _ in registry.house_books("king-taco")])
def test_the_rollout_plays_under_every_house_book(name: str, book: object) -> None:
    """House rules change what a card does and who goes out how: the rollout's moves stay legal."""
    state = GAME.new(GAME.options({"players": 3, "house": book}), 11)
    bots = [make("king-taco", "rollout:2", s) for s in range(3)]
    for _ in range(60):
        if GAME.result(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        action = ask(bots[seat], GAME, state, seat, GAME.legal(state))
        assert action is not None and GAME.check(state, action) is None
        GAME.apply(state, action)
