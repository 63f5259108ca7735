"""The King Taco bots: always legal; the heuristic's main habits; and it beats
random and the first heuristic (``basic``) clearly.

The 1,000-game figures are marked slow; the unmarked run is 400 games,
seeded, so its figure is exact for the code (bench/RESULTS.md has the
measured rates).
"""

from __future__ import annotations

import pytest

from houserules.bots import make
from houserules.games.king_taco import GAME
from houserules.sim import SimConfig, simulate


def _rate(bots: tuple[str, ...], games: int, workers: int) -> float:
    tally, _ = simulate(SimConfig("king-taco", games, {"players": 4}, bots, workers=workers))
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


def test_heuristic_keeps_its_numbers_the_high_ones_longest() -> None:
    """A 4 is the discard that makes it the one who tries in another player's auction."""
    hands = [["red:4", "red:2", "red:rage", "blue:3"], ["green:1"] * 3, ["green:2"] * 3, ["green:3"] * 3]
    assert _choice({"hands": hands, "discard": ["red:1"], "mana": [2, 0, 0, 0]}, 0) == "0 play red:rage"
    hands[0] = ["red:4", "red:2", "blue:3"]
    assert _choice({"hands": hands, "discard": ["red:1"]}, 0) == "0 play red:2"


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


def test_heuristic_beats_random_over_400_games() -> None:
    rate = _rate(("heuristic", "random", "random", "random"), 400, workers=1)
    assert rate > 0.30, rate  # parity is 0.25; measured 0.343 (1,000 games: 0.361, 10,000: 0.371)


@pytest.mark.slow
def test_heuristic_beats_random_over_1000_games() -> None:
    rate = _rate(("heuristic", "random", "random", "random"), 1000, workers=2)
    assert rate > 0.33, rate  # parity is 0.25; measured 0.361 (bench/RESULTS.md); basic: 0.322


@pytest.mark.slow
def test_heuristic_beats_basic_over_1000_games() -> None:
    rate = _rate(("heuristic", "basic", "basic", "basic"), 1000, workers=2)
    assert rate > 0.29, rate  # parity is 0.25; measured 0.328 (bench/RESULTS.md)
