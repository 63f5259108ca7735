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


@pytest.mark.parametrize("name", ENCODED)
def test_a_deserialized_state_plays_on_exactly_as_the_original(name: str) -> None:
    game = quick(name, deals=3, max_moves=400)
    state, rng = game.new_initial_state(), random.Random(4)
    while state.move_number() < 6 and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    _, twin = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    while not state.is_terminal():
        assert twin.current_player() == state.current_player() and twin.legal_actions() == state.legal_actions()
        seat = state.current_player()
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
    assert twin.is_terminal() and twin.returns() == state.returns() and str(twin) == str(state)


def test_a_state_a_thousand_moves_deep_serializes_and_plays_on() -> None:
    """A state's recall pickled once per link was too deep for pickle past a thousand moves
    (a random two-seat Mao game of 400 turns is about 1,300)."""
    game = openspiel.game("mao", players=2, max_turns=400, deals=2)
    state, rng = game.new_initial_state(), random.Random(0)
    while state.move_number() < 1_100:
        state.apply_action(rng.choice(state.legal_actions()))
    _, twin = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert twin.information_state_string(0) == state.information_state_string(0)
    while not twin.is_terminal():
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert twin.move_number() > 1_100


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


def test_king_tacos_small_variant_has_information_sets_that_span_several_deals() -> None:
    game = openspiel.small("king-taco")
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    size = openspiel.census(game)
    assert size.states < 2_000 and size.spanning > 50 and size.widest == 6  # a deal and its five redeals


def test_a_redeal_keeps_what_its_seat_sees_and_redraws_the_rest() -> None:
    game = openspiel.small("king-taco")
    root = game.new_initial_state()
    dealt = root.child(0)
    for seat in range(2):
        for outcome in range(1 + seat * game.redeals, 1 + (seat + 1) * game.redeals):
            redealt = root.child(outcome)
            assert redealt.observation_string(seat) == dealt.observation_string(seat)
            assert redealt.information_state_string(seat) == dealt.information_state_string(seat)
            assert redealt.observation_string(1 - seat) != dealt.observation_string(1 - seat)
            assert "redealt" in root.action_to_string(pyspiel.PlayerId.CHANCE, outcome)


def test_cfr_plus_drives_down_the_exploitability_of_the_small_variant() -> None:
    game = openspiel.small("king-taco", max_turns=6)  # 605 states: a few seconds
    uniform = exploitability.exploitability(game, UniformRandomPolicy(game))
    solver = cfr.CFRPlusSolver(game)
    for _ in range(5):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < uniform / 5  # 0.049 of 0.39


def test_the_information_state_is_a_tensor_of_the_seats_steps_where_the_game_is_short() -> None:
    game = openspiel.small("king-taco")
    assert game.get_type().provides_information_state_tensor and game.rows == 17
    assert game.information_state_tensor_shape() == [17 * (game.table.obs_size + game.table.act_size)]
    assert not openspiel.game("shedding").get_type().provides_information_state_tensor  # 10,000 moves: none
    root = game.new_initial_state()
    same = [root.child(o) for o in (0, 1)]  # the deal and seat 0's first redeal: seat 0 cannot tell them apart
    tensors = [np.asarray(s.information_state_tensor(0)) for s in same]
    assert (tensors[0] == tensors[1]).all() and tensors[0].any()
    state = same[0]
    seat = state.current_player()
    action = state.legal_actions()[0]
    state.apply_action(action)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, seat)
    assert observer.dict["actions"][1].argmax() == action and observer.dict["actions"][1].sum() == 1
    assert observer.dict["observations"][1].any() and not observer.dict["observations"][2].any()
    twin = game.deserialize_state(state.serialize())  # the game's deck is a table: no game string carries it
    assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)  # the frames pickle


def test_a_tabular_method_on_a_game_too_deep_says_so_in_one_line() -> None:
    with pytest.raises(GameError, match="too deep to walk whole") as error:
        cfr.CFRSolver(openspiel.game("shedding", players=2, deals=1))
    assert "\n" not in str(error.value)


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
    with pytest.raises(GameError, match="redeals 0 or more, with deals"):
        openspiel.game("shedding", redeals=2)
    with pytest.raises(GameError, match="census walks a game with its deals listed"):
        openspiel.census(openspiel.game("shedding"))


def test_load_game_sets_options_whose_default_depends_on_the_table_size() -> None:
    """bpoker's ``hands`` and ``hand_turns`` and a dealer's seat default by the number of players:
    ``load_game`` sets them, and leaves them to the game when it is not given them."""
    assert pyspiel.load_game("houserules_bpoker(players=3,hands=1)").table.options["hands"] == 1
    five = pyspiel.load_game("houserules_bpoker(players=5)").table.options
    assert (five["hands"], five["hand_turns"]) == (5, 50)
    assert pyspiel.load_game("houserules_shedding(players=3,dealer=0)").table.options["dealer"] == 0
    assert pyspiel.load_game("houserules_shedding(players=3)").table.options["dealer"] == 2
