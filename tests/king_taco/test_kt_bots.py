"""The King Taco bots: always legal; the heuristic's main habits; it beats random
clearly and the first heuristic (``basic``) narrowly (the auction study on the rules page).

The 1,000-game figures are marked slow; the unmarked run is 400 games,
seeded, so its figure is exact for the code.
"""

from __future__ import annotations

import pytest

from houserules.bots import make
from houserules.games.king_taco import GAME
from houserules.sim import SimConfig, simulate


def _rate(bots: tuple[str, ...], games: int, workers: int, players: int = 4) -> float:
    tally, _ = simulate(SimConfig("king-taco", games, {"players": players}, bots, workers=workers))
    return tally.wins_by_bot[bots[0]] / tally.seats_by_bot[bots[0]]


def _choice(state_obj: dict, seat: int, players: int = 4) -> str:
    state = GAME.scenario_state(GAME.options({"players": players}), state_obj, 0)
    legal = [a for a in GAME.legal(state) if a.seat == seat]
    return GAME.action_text(make("king-taco", "heuristic").choose(GAME.view(state, seat), legal))


@pytest.mark.parametrize("kind", ["heuristic", "basic"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_always_choose_a_legal_action(kind: str, players: int) -> None:
    for seed in range(6):
        state = GAME.new(GAME.options({"players": players}), seed)
        bots = [make("king-taco", kind, seed + s) for s in range(players)]
        while (seats := GAME.to_act(state)):
            legal = [a for a in GAME.legal(state) if a.seat == seats[0]]
            action = bots[seats[0]].choose(GAME.view(state, seats[0]), legal)
            assert action in legal
            GAME.apply(state, action)


def test_heuristic_plays_low_numbers_first_and_keeps_one_for_last() -> None:
    """Going out on a number scores; the auction discard no longer does (KT-9.5), so
    the numbers are played for their mana, the low ones first, and the last one kept."""
    hands = [["red:4", "red:2", "blue:3"], ["green:1"] * 3, ["green:2"] * 3, ["green:3"] * 3]
    assert _choice({"hands": hands, "discard": ["red:1"]}, 0) == "0 play red:2"
    hands[0] = ["red:2", "red:rage", "green:skip"]
    assert _choice({"hands": hands, "discard": ["red:1"], "mana": [4, 0, 0, 0]}, 0) == "0 play red:rage"


def test_heuristic_passes_a_draw_stack_on_and_discards_its_best_number() -> None:
    stack = {"hands": [["blue:1", "blue:2"], ["red:+=2", "red:skip", "green:4"], ["green:1"], ["green:2"]],
             "discard": ["red:1"], "stack": [["red:+=2", 0]], "turn": 1, "mana": [0, 3, 0, 0]}
    assert _choice(stack, 1) == "1 play red:+=2"  # += 2 before skip: skip would time it out
    auction = {"hands": [["red:2"], ["blue:1", "blue:4", "blue:skip"], ["green:skip"], ["cyan:skip"]],
               "discard": ["red:1"]}
    state = GAME.scenario_state(GAME.options({"players": 4}), auction, 0)
    GAME.apply(state, GAME.action_from_json({"seat": 0, "action": "play", "card": "red:2"}))
    legal = GAME.legal(state)
    assert GAME.action_text(make("king-taco", "heuristic").choose(GAME.view(state, 1), legal)) == "1 discard blue:4"


def test_heuristic_does_not_nope_itself_out_by_choice() -> None:
    state = {"hands": [["red:nope", "red:2", "wild"], ["green:1"] * 2, ["green:2"] * 2, ["green:3"] * 2],
             "discard": ["red:1"], "mana": [3, 0, 0, 0]}
    assert _choice(state, 0) != "0 play red:nope"


def test_heuristic_sheds_a_nope_it_cannot_afford_rather_than_risk_one() -> None:
    """A NOPE is always playable (KT-7.11.5): at 3 mana with nothing else to play it must be the base
    of a stack and NOPEs its player out (KT-7.11.6), which cost the bot one game in thirteen against
    random players (issue 41). At 1 mana it plays the NOPE (no effect) rather than the number that
    would take it to 3 mana with the NOPE and two cards left."""
    hands = [["red:nope", "red:2", "red:3", "blue:skip"], ["green:1"] * 2]
    assert _choice({"hands": hands, "discard": ["red:1"], "mana": [1, 0]}, 0, players=2) == "0 play red:nope"


def test_heuristic_clearly_beats_random_at_two_seats() -> None:
    """Issue 41: at two seats the heuristic won 58-60% against random players, too little to tell the
    levels apart on a few hundred fresh deals; with its NOPE fear and re-measured weights, 63-64%."""
    rate = _rate(("heuristic", "random"), 600, workers=1, players=2)
    assert rate > 0.62, rate  # measured 0.633 (1,000 games: 0.641; 6,000 fresh ones: 0.638); before 0.593 (0.604, 0.589)


def test_heuristic_beats_random_over_400_games() -> None:
    rate = _rate(("heuristic", "random", "random", "random"), 400, workers=1)
    assert rate > 0.30, rate  # parity is 0.25; measured 0.350 (1,000 games: 0.318, 10,000: 0.313)


@pytest.mark.slow
def test_heuristic_beats_random_over_1000_games() -> None:
    rate = _rate(("heuristic", "random", "random", "random"), 1000, workers=2)
    # parity is 0.25; measured 0.318 (10,000 games: 0.313; basic 0.297). Under KT-H21 it was 0.361
    # against a bar of 0.33: the seed's auction (KT-9.5) leaves less for a strategy to gain
    assert rate > 0.29, rate


@pytest.mark.slow
def test_heuristic_beats_basic_over_1000_games() -> None:
    rate = _rate(("heuristic", "basic", "basic", "basic"), 1000, workers=2)
    # measured 0.269 (10,000 games: 0.256). Under KT-H21 it was 0.328 against a bar of 0.29: the
    # heuristic's edge was keeping numbers for the auction discard, which no longer scores (KT-9.5)
    assert rate > 0.25, rate
