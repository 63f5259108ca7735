"""The strength ladder: seating, the Bradley–Terry fit, the CLI's JSON, and bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from houserules.cli import app, optional_values
from houserules.engine.core import GameError
from houserules.sim.ladder import LadderConfig, bradley_terry, deal, pairwise, ratings, run, seating

runner = CliRunner()


def test_every_spec_sits_at_every_seat_of_every_table() -> None:
    config = LadderConfig("shedding", ("a", "b", "c"), 18, {"players": 2})
    seen = {(seat, spec) for i in range(6) for seat, spec in enumerate(seating(config, i))}
    assert seen == {(s, b) for s in range(2) for b in "abc"}
    assert {frozenset(seating(config, i)) for i in range(3)} == {frozenset("ab"), frozenset("ac"), frozenset("bc")}


def test_the_rotations_of_a_table_share_a_deal() -> None:
    config = LadderConfig("shedding", ("a", "b", "c"), 12, {"players": 2})
    assert [deal(config, i) for i in range(12)] == [0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5]
    assert seating(config, 0) == ("a", "b") and seating(config, 3) == ("b", "a")


def test_a_bot_that_always_wins_is_rated_above_with_an_interval_that_excludes_the_other() -> None:
    outcomes = [(("strong", "weak"), (0,))] * 30 + [(("weak", "strong"), (1,))] * 30
    r = ratings(outcomes, ["strong", "weak"])
    assert r["strong"]["low"] > r["weak"]["high"]
    assert r["strong"]["low"] <= r["strong"]["rating"] <= r["strong"]["high"]


def test_even_results_give_even_ratings_and_ties_count_half() -> None:
    even = [(("a", "b"), (0,)), (("a", "b"), (1,)), (("a", "b"), ())]
    wins = pairwise(even, ["a", "b"])
    assert wins == [[0, 1.5], [1.5, 0]]
    a, b = bradley_terry(wins)
    assert abs(a - b) < 1e-6 and abs((a + b) / 2 - 1500) < 1e-6
    joint = pairwise([(("a", "b", "c"), (0, 1))], ["a", "b", "c"])
    assert joint == [[0, 0.5, 1], [0.5, 0, 1], [0, 0, 0]]


def test_the_same_ladder_in_one_process_or_two() -> None:
    config = LadderConfig("king-taco", ("random", "heuristic", "ismcts:4"), 9, {"players": 2}, seed=3)
    assert run(config) == run(LadderConfig(*config.__dict__.values())) == run(
        LadderConfig(config.game, config.bots, config.games, config.options, config.seed, 2))


def test_ladder_json_is_exactly_games_and_ratings(tmp_path) -> None:
    plot = tmp_path / "ladder.png"
    result = runner.invoke(app, ["ladder", "shedding", "--bots", "random,heuristic,ismcts:3", "--games", "6",
                                 "--players", "2", "--json", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == {"games", "ratings"} and out["games"] == 6
    assert set(out["ratings"]) == {"random", "heuristic", "ismcts:3"}
    assert all(set(v) == {"rating", "low", "high"} for v in out["ratings"].values())
    assert plot.stat().st_size > 0


@pytest.mark.parametrize(("bots", "words"), [
    ("random,ismcts:abc", "ismcts budget 'abc'"),
    ("random,random", "once"),
    ("random", "at least 2 bot specs"),
    ("random,genius", "no 'genius' bot"),
])
def test_bad_ladders_are_one_line_errors(bots: str, words: str) -> None:
    result = runner.invoke(app, ["ladder", "shedding", "--bots", bots, "--games", "2", "--players", "2"])
    assert result.exit_code == 2 and words in result.output


def test_no_games_is_an_error() -> None:
    with pytest.raises(GameError):
        run(LadderConfig("shedding", ("random", "heuristic"), 0, {"players": 2}))


def test_a_bare_ray_option_means_a_local_ray() -> None:
    assert optional_values(["sim", "shedding", "--ray"]) == ["sim", "shedding", "--ray", "local"]
    assert optional_values(["sim", "x", "--ray", "--games", "3"]) == ["sim", "x", "--ray", "local", "--games", "3"]
    assert optional_values(["sim", "x", "--ray", "auto"]) == ["sim", "x", "--ray", "auto"]


def test_two_specs_at_three_seat_tables_sit_once_and_twice_in_turn() -> None:
    config = LadderConfig("bpoker", ("a", "b"), 12, {"players": 3})
    assert [seating(config, i) for i in range(6)] == [
        ("a", "a", "b"), ("a", "b", "b"), ("a", "b", "a"), ("b", "b", "a"), ("b", "a", "a"), ("b", "a", "b")]
    assert [deal(config, i) for i in range(12)] == [0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3]
    # a spec's own seats say nothing of it against itself
    assert pairwise([(("a", "a", "b"), (0,)), (("a", "b", "b"), (1,))], ["a", "b"]) == [[0, 1], [1, 0]]


def test_a_two_spec_ladder_prints_the_exact_sign_test_by_deal() -> None:
    result = runner.invoke(app, ["ladder", "shedding", "--bots", "heuristic,random", "--games", "16",
                                 "--players", "2", "--json"])
    assert result.exit_code == 0, result.output
    st = json.loads(result.stdout)["sign_test"]
    assert st["deals"] == 8 and st["ahead"] + st["behind"] + st["even"] == 8
    # the heuristic wins every deal against random: 8 of 8 is p = 2/256 exactly
    assert (st["ahead"], st["p_value"]) == (8, 2 / 256)
    words = runner.invoke(app, ["ladder", "shedding", "--bots", "heuristic,random", "--games", "4", "--players", "2"])
    assert "sign test by deal: heuristic ahead in 2" in words.output and "p = 0.5" in words.output


def test_the_sign_test_pairs_rotations_of_a_deal_and_drops_even_deals() -> None:
    from houserules.sim.ladder import sign_test

    config = LadderConfig("shedding", ("a", "b"), 6, {"players": 2})
    # deal 0: a wins both rotations; deal 1: one each (even); deal 2: b wins one, the other a draw
    outcomes = [(("a", "b"), (0,)), (("b", "a"), (1,)), (("a", "b"), (0,)), (("b", "a"), (0,)),
                (("a", "b"), (1,)), (("b", "a"), ())]
    assert sign_test(outcomes, config) == {"deals": 3, "ahead": 1, "behind": 1, "even": 1, "p_value": 1.0}
