"""Every game as an OpenSpiel game: pyspiel's own checks, its bots, CFR on a small variant."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the [openspiel] extra (pip install open_spiel)")

from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402
from open_spiel.python.policy import UniformRandomPolicy  # noqa: E402

from houserules.engine import registry  # noqa: E402
from houserules.engine.core import GameError  # noqa: E402
from houserules.envs import openspiel  # noqa: E402

ENCODED = [name for name in registry.names() if registry.spec(name).encoding]
#: quick tables: the fewest seats, short games, a bound on decisions so a search's playouts end
QUICK: dict[str, dict[str, Any]] = {
    "shedding": {"players": 2}, "king-taco": {"players": 2}, "cripple-mr-onion": {"players": 2, "rounds": 1},
    "mao": {"players": 2, "max_turns": 30}, "bpoker": {"players": 3, "hands": 1}}


def quick(name: str, **more: Any) -> Any:
    """A quick table of ``name`` (a game not listed above, a new one: its fewest seats)."""
    table = QUICK.get(name, {"players": registry.spec(name).players[0]})
    return openspiel.game(name, **{**table, "max_moves": 40, **more})


def test_every_game_is_registered_with_pyspiel_under_its_documented_name() -> None:
    assert openspiel.NAMES == [openspiel.openspiel_name(n) for n in ENCODED]
    assert "houserules_king_taco" in openspiel.NAMES and "houserules_cripple_mr_onion" in openspiel.NAMES
    for short in openspiel.NAMES:
        assert short in pyspiel.registered_names()
    game = pyspiel.load_game("houserules_shedding(players=3,hand_size=7)")
    assert isinstance(game, pyspiel.Game) and game.num_players() == 3 and game.num_distinct_actions() == 108
    assert game.new_initial_state().observation_tensor(0)[:52].count(1.0) == 7  # the hand piece: seven cards


@pytest.mark.parametrize("name", ENCODED)
def test_random_sim_test_passes_in_every_game(name: str) -> None:
    pyspiel.random_sim_test(quick(name), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ENCODED)
def test_the_deal_is_an_explicit_chance_node_when_deals_are_listed(name: str) -> None:
    game = quick(name, deals=3)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert quick(name).get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)  # a deal is in the history


def test_a_state_of_a_loaded_game_serializes_and_comes_back() -> None:
    game = pyspiel.load_game("houserules_shedding(players=2,deals=3)")
    state = game.new_initial_state()
    for action in (1, *([None] * 4)):
        state.apply_action(state.legal_actions()[0] if action is None else action)
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert state2.history() == state.history() and str(state2) == str(state)
    assert state2.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("name", ENCODED)
def test_the_observer_names_the_encodings_pieces_and_the_infostate_is_perfect_recall(name: str) -> None:
    game = quick(name)
    state = game.new_initial_state()
    seat = state.current_player()
    observation = make_observation(game)
    observation.set_from(state, seat)
    pieces = game.table.pieces
    assert list(observation.dict) == [p.name for p in pieces]
    hand = next(p for p in pieces if p.name in ("hand", "viewing"))
    assert observation.dict[hand.name].sum() > 0  # the seat holds cards, and sees them
    before = state.information_state_string(seat)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(seat).startswith(before)  # it remembers


@pytest.mark.parametrize("name", ENCODED)
def test_resample_from_infostate_keeps_what_the_seat_knows_and_redraws_the_rest(name: str) -> None:
    game = quick(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    twin = state.resample_from_infostate(seat, sampler)
    assert twin.information_state_string(seat) == state.information_state_string(seat)
    assert twin.observation_string(seat) == state.observation_string(seat)
    assert twin.legal_actions() == state.legal_actions()
    assert twin.table.state.rng is not state.table.state.rng  # a fresh generator: no real shuffle told
    others = [s for s in range(game.num_players()) if s != seat]
    assert all(twin.information_state_string(s) != state.information_state_string(s) for s in others)


@pytest.mark.parametrize("name", ENCODED)
def test_every_resample_agrees_on_who_moves_and_what_it_may_do(name: str) -> None:
    # Mao asks a seat that can play a card it holds: a draw may ask the other seat too (it then
    # moves first in the sample, as OpenSpiel's ISMCTS asserts) or not ask the mover at all (redrawn)
    game = quick(name, max_moves=40, **({"players": 3} if name == "mao" else {}))
    rng, sampler = random.Random(2), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            twin = state.resample_from_infostate(seat, sampler)
            assert twin.current_player() == seat and twin.legal_actions() == state.legal_actions()
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            state.apply_action(rng.choice(state.legal_actions()))
    assert game.fallbacks == 0


@pytest.mark.parametrize("name", ENCODED)
def test_openspiels_ismcts_and_mcts_bots_play_whole_games_of_every_game(name: str) -> None:
    game = quick(name, max_moves=12)  # bounded: a game, and every playout, ends within 12 decisions
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    chose = set()
    for first in ("ismcts", "mcts"):  # each kind of bot in seat 0 once
        made = {"ismcts": lambda: ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=rs),
                "mcts": lambda: mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=rs)}
        kinds = [first, *(["mcts" if first == "ismcts" else "ismcts"] * (game.num_players() - 1))]
        bots = [made[kind]() for kind in kinds]
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].step(state)
            assert action in state.legal_actions()
            chose.add(kinds[seat])
            state.apply_action(action)
        assert len(state.returns()) == game.num_players() and sum(state.returns()) == pytest.approx(0.0)
    assert chose == {"ismcts", "mcts"}


def test_cfr_and_exploitability_run_on_king_tacos_small_variant() -> None:
    game = openspiel.small("king-taco")
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    uniform = exploitability.exploitability(game, UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < uniform / 4


def test_returns_are_zero_sum_and_a_game_cut_at_max_moves_is_undecided() -> None:
    game = openspiel.game("shedding", players=2, max_moves=3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.move_number() == 3 and state.returns() == [0.0, 0.0]
    state = openspiel.game("shedding", players=3).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(0.0) and max(state.returns()) == 1.0


def test_bad_options_and_games_without_a_small_variant_are_one_line_errors() -> None:
    with pytest.raises(GameError, match="players"):
        openspiel.game("shedding", players=9)
    with pytest.raises(GameError, match="no variant small enough"):
        openspiel.small("bpoker")
    with pytest.raises(GameError, match="unknown game"):
        openspiel.game("poker")
    with pytest.raises(GameError, match="deals is a whole number"):
        openspiel.game("shedding", deals=-1)
    with pytest.raises(GameError, match="deals is a whole number"):
        openspiel.game("shedding", max_moves="many")
