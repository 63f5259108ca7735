"""``houserules compare``: rule sets on the same deals, paired intervals, Holm-corrected significance.

The promises held here: the JSON shape of issue 29, exactly; a rule set compared with itself
differs on no deal and so finds nothing; when two runs differ only by luck the flags come no
more often than the 95% level allows; a real rule change is found; bad input is one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from houserules.cli import app, option_string
from houserules.engine.core import Event
from houserules.sim import runner as sim_runner
from houserules.sim.compare import CompareConfig, RuleSet, compare, holm, paired, paired_balance, run
from houserules.sim.course import Course, Lead

runner = CliRunner()
ENTRY = {"variant", "base", "value", "diff", "low", "high", "significant"}


def invoke(*args: str):
    return runner.invoke(app, ["compare", *args])


def study(*args: str) -> dict:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_json_shape_is_exactly_the_issues(tmp_path: Path) -> None:
    plot = tmp_path / "study.png"
    out = study("shedding", "--variant", "hand_size=7", "--variant", "dealer=0,max_turns=5000", "--games", "12",
                "--players", "3", "--bots", "heuristic,random", "--plot", str(plot))
    assert set(out) == {"game", "games", "variants", "metrics"}
    assert out["game"] == "shedding" and out["games"] == 12
    assert [set(v) for v in out["variants"]] == [{"name", "options"}] * 2
    assert [v["name"] for v in out["variants"]] == ["hand_size=7", "dealer=0,max_turns=5000"]
    assert out["variants"][1]["options"] == {"players": 3, "hand_size": 5, "mode": "strict", "dealer": 0, "max_turns": 5000,
                                             "house": None}
    for name in ("actions", "turns", "draws", "wins_by_seat.0", "wins_by_seat.2", "win_rate_by_bot.heuristic",
                 "seat_balance", "decisions_with_choice", "lead_changes", "lead_taken_at", "penalties",
                 "stats.effects.skip"):
        assert name in out["metrics"], name
    for name, entries in out["metrics"].items():
        assert [e["variant"] for e in entries] == ["hand_size=7", "dealer=0,max_turns=5000"], name
        for e in entries:
            assert set(e) == ENTRY
            assert isinstance(e["significant"], bool)
            assert e["diff"] == e["value"] - e["base"]
            assert e["low"] <= e["diff"] <= e["high"]
    assert plot.stat().st_size > 1000


def test_a_rule_set_compared_with_itself_finds_nothing() -> None:
    """Common random numbers: the same rules on the same deals play the same games, so every
    difference is exactly 0, the interval is the point 0, and nothing is significant."""
    out = study("king-taco", "--base", "goto=3", "--variant", "goto=3", "--games", "25", "--players", "3",
                "--bots", "heuristic,random")
    assert len(out["metrics"]) > 30
    for name, (e,) in out["metrics"].items():
        assert e["diff"] == e["low"] == e["high"] == 0.0, name
        assert e["significant"] is False, name


def test_a_real_rule_change_is_found_in_words() -> None:
    """King Taco's goto (KT-9.6) sets how many auctions a game may need: fewer end games sooner."""
    out = study("king-taco", "--variant", "goto=2", "--games", "40", "--bots", "heuristic,random")
    (actions,) = out["metrics"]["actions"]
    assert actions["significant"] and actions["high"] < 0
    assert out["metrics"]["stats.auction.held"][0]["significant"]
    words = invoke("king-taco", "--variant", "goto=2", "--games", "40", "--bots", "heuristic,random")
    assert words.exit_code == 0, words.output
    text = " ".join(words.output.split())
    assert "actions per game falls from" in text and "Holm" in text
    assert text.index("actions per game falls") < text.index("measures vary")  # the findings come first


def null_rows(blocks: int, games: int) -> list[list[dict[str, float]]]:
    """``blocks`` runs of ``games`` deals each, of the same rules on different deals."""
    rules = RuleSet("", {"players": 3})
    config = CompareConfig("shedding", blocks * games, rules, (), ("heuristic", "random", "random"), seed=9000)
    (rows,) = run(config)
    return [rows[b * games:(b + 1) * games] for b in range(blocks)]


def test_luck_alone_is_flagged_no_more_often_than_chance_allows() -> None:
    """Pairs of runs under the same rules on different deals differ by luck only. The per-measure
    95% intervals leave out 0 about one time in twenty, and Holm's correction leaves a run with a
    significant headline measure in at most one pair in twenty, and one with a significant detail
    too (binomial(20, 0.05) reaches 4 with probability 1.6%; the seeds are fixed, so the test is
    deterministic)."""
    from houserules.sim.compare import is_headline

    pairs, games = 20, 60
    blocks = null_rows(2 * pairs, games)
    config = CompareConfig("shedding", games, RuleSet("", {}), (RuleSet("luck", {}),), ("heuristic", "random", "random"))
    flagged = {True: 0, False: 0}
    excluded = compared = 0
    for p in range(pairs):
        out = compare(config, [blocks[2 * p], blocks[2 * p + 1]])
        entries = {m: e for m, (e,) in out["metrics"].items() if not e["low"] == e["high"] == 0.0}
        compared += len(entries)
        excluded += sum(e["low"] > 0 or e["high"] < 0 for e in entries.values())
        for headline in flagged:
            flagged[headline] += any(e["significant"] for m, e in entries.items() if is_headline(m) == headline)
    assert compared > 15 * pairs
    assert excluded / compared <= 0.09, (excluded, compared)
    assert flagged[True] <= 3 and flagged[False] <= 3, flagged


def test_the_paired_interval_holds_its_level_on_small_samples() -> None:
    """10 deals: a normal interval would leave out a zero difference in about 8% of runs; the t
    interval in 5%."""
    rng = random.Random(3)
    misses = 0
    runs = 4000
    for _ in range(runs):
        base = [rng.gauss(0, 1) for _ in range(10)]
        other = [rng.gauss(0, 1) for _ in range(10)]
        p = paired(base, other)
        misses += p.low > 0 or p.high < 0
        assert (p.p <= 0.05) == (p.low > 0 or p.high < 0) or abs(p.p - 0.05) < 1e-9
    assert 0.04 <= misses / runs <= 0.06, misses / runs


def test_paired_and_holm_by_hand() -> None:
    p = paired([1, 2, 3, 4], [2, 3, 4, 6])  # differences 1, 1, 1, 2: mean 1.25, sd 0.5, t(3) 3.182
    assert p.diff == 1.25 and p.base == 2.5 and p.value == 3.75
    assert p.low == pytest.approx(1.25 - 3.1824 * 0.25, abs=1e-3) and p.high == pytest.approx(1.25 + 3.1824 * 0.25, abs=1e-3)
    shifted = paired([1, 2, 3], [2, 3, 4])  # the same shift on every deal: certain
    assert (shifted.low, shifted.high, shifted.p) == (1.0, 1.0, 0.0)
    assert holm({"a": 0.01, "b": 0.02, "c": 0.04}) == {"a", "b", "c"}  # 0.01 <= .05/3, .02 <= .05/2, .04 <= .05
    assert holm({"a": 0.01, "b": 0.03, "c": 0.04}) == {"a"}  # 0.03 > .05/2 stops the descent
    assert holm({"a": 0.03, "b": 0.5}) == set()  # 0.03 > 0.05/2


def test_parallel_equals_serial() -> None:
    args = ("shedding", "--variant", "hand_size=7", "--games", "16", "--players", "2", "--bots", "heuristic,random")
    assert study(*args, "--workers", "2") == study(*args)


@pytest.mark.parametrize("args, words", [
    (["--variant", "colour=red"], "--variant 'colour=red': unknown Shedding option(s): colour"),
    (["--variant", "hand_size=6"], "--variant 'hand_size=6': hand_size must be 5 or 7"),
    (["--base", "hand_sise=7", "--variant", "hand_size=7"], "--base: unknown Shedding option(s): hand_sise"),
    (["--variant", "hand_size"], "'hand_size' should look like key=value"),
    (["--variant", ""], "--variant needs at least one key=value"),
    (["--variant", "dealer=0", "--variant", "dealer=0"], "--variant 'dealer=0' is given twice"),
    (["--variant", "players=3"], "seats 3 players, not 4"),
    (["--variant", "dealer=0", "--games", "1"], "at least 2 games"),
    (["--variant", "dealer=0", "--bots", "wizard"], "wizard"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = invoke("shedding", "--games", "3", *args) if "--games" not in args else invoke("shedding", *args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], result.output


def test_option_strings_split_between_options_only() -> None:
    assert option_string("hand_size=7,dealer=0") == ["hand_size=7", "dealer=0"]
    assert option_string("modifiers=0,1,4,cripple=false") == ["modifiers=0,1,4", "cripple=false"]
    assert option_string('rules=["standard","x"],games=2') == ['rules=["standard","x"]', "games=2"]
    assert option_string("") == []


def test_ray_like_sim(monkeypatch: pytest.MonkeyPatch) -> None:
    """--ray runs the batches as Ray tasks (tests/test_ray.py runs one); without Ray, one line."""
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    result = invoke("shedding", "--variant", "dealer=0", "--games", "2", "--ray", "local")
    assert result.exit_code == 2 and "pip install 'houserules[ray]'" in result.output


@pytest.mark.slow
def test_a_local_ray_run_matches_the_process_pool() -> None:
    pytest.importorskip("ray")
    args = ("shedding", "--variant", "hand_size=7", "--games", "20", "--workers", "2")
    assert study(*args, "--ray", "local") == study(*args)


def test_the_base_is_what_sim_reports_for_the_same_run() -> None:
    """The base plays exactly sim's games (same seeds, same rotation of bots), and its means are sim's."""
    from houserules.sim import SimConfig, simulate, summary

    config = SimConfig("king-taco", 30, {"players": 3}, ("heuristic", "random", "random"), seed=4)
    tally, seconds = simulate(config)
    sim = summary(config, tally, seconds)
    out = study("king-taco", "--variant", "goto=3", "--games", "30", "--players", "3", "--bots", "heuristic,random",
                "--seed", "4")
    base = {m: e[0]["base"] for m, e in out["metrics"].items()}
    assert base["actions"] == pytest.approx(sim["mean_actions"]) and base["turns"] == pytest.approx(sim["mean_turns"])
    assert base["draws"] == sim["draws"] / 30
    for s in range(3):
        assert base[f"wins_by_seat.{s}"] == pytest.approx(sim["wins_by_seat"][s] / 30)
    for kind, rate in sim["win_rate_by_bot"].items():
        assert base[f"win_rate_by_bot.{kind}"] == pytest.approx(rate, abs=1e-4)
    for key, per_game in sim["stats_per_game"].items():
        if key != "turns":
            assert base[f"stats.{key}"] == pytest.approx(per_game), key


# --- issue 36: what a house rule does to the game, beyond length and who wins ---------------


def with_stand_in_house_rule(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Until the games speak house rules, a stand-in: under ``hand_size=7`` every seven played
    makes the game tell one ``house`` event of rule ``sevens`` (the contract: one event of kind
    ``house`` with ``data["rule"]`` each time a rule fires). Returns the sevens counted, game by game."""
    real = sim_runner.play
    counted: list[int] = []

    def play(name, options, seed, kinds, watch=None, narrowed=None):  # type: ignore[no-untyped-def]
        state, events, actions = real(name, options, seed, kinds, watch, narrowed)
        if options.get("hand_size") != 7:
            return state, events, actions
        told = []
        for e in events:
            told.append(e)
            if e.kind == "play" and e.data["card"].startswith("7"):
                told.append(Event("house", e.seat, {"rule": "sevens"}))
        counted.append(sum(e.kind == "house" for e in told))
        return state, told, actions

    monkeypatch.setattr(sim_runner, "play", play)
    return counted


def test_each_house_rule_firing_is_counted_per_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    counted = with_stand_in_house_rule(monkeypatch)
    plot = tmp_path / "house.png"
    out = study("shedding", "--variant", "hand_size=7", "--games", "30", "--players", "3", "--bots", "heuristic,random",
                "--plot", str(plot))
    assert plot.stat().st_size > 1000  # with a panel of the firings
    (fired,) = out["metrics"]["house.sevens.fired"]
    assert fired["base"] == 0 and fired["value"] == pytest.approx(sum(counted) / 30) and fired["value"] > 1
    assert fired["significant"]
    words = " ".join(invoke("shedding", "--variant", "hand_size=7", "--games", "30", "--players", "3").output.split())
    assert "times house rule 'sevens' fired per game rises from 0 to" in words


def test_a_house_rule_that_never_fires_is_not_a_measure(monkeypatch: pytest.MonkeyPatch) -> None:
    with_stand_in_house_rule(monkeypatch)
    out = study("shedding", "--variant", "dealer=0", "--games", "4", "--players", "3")
    assert not any(m.startswith("house.") for m in out["metrics"])


def test_seat_balance_by_hand() -> None:
    """Shares 3/4 and 1/4 (a gap of 1/2) against 1/2 and 1/2: balance 0.5 against 1. Identical runs
    give the point 0; a gap that moves on one deal only gives an interval around the difference."""
    base = [{"wins_by_seat.0": 1.0, "wins_by_seat.1": 0.0}] * 3 + [{"wins_by_seat.0": 0.0, "wins_by_seat.1": 1.0}]
    even = [{"wins_by_seat.0": 1.0, "wins_by_seat.1": 0.0}] * 2 + [{"wins_by_seat.0": 0.0, "wins_by_seat.1": 1.0}] * 2
    same = paired_balance(base, base, 2)
    assert (same.base, same.diff, same.low, same.high, same.p) == (0.5, 0.0, 0.0, 0.0, 1.0)
    moved = paired_balance(base, even, 2)
    assert (moved.base, moved.value, moved.diff) == (0.5, 1.0, 0.5)
    assert moved.low < 0.5 < moved.high and 0 < moved.p < 1


class Scripted:
    """A game that is only its standings: reading ``i`` is ``standings[i]``, stage ``stages[i]``."""

    def __init__(self, standings: list[tuple[float, ...]], stages: list[int] | None = None):
        self.standings, self.stages = standings, stages or [0] * len(standings)

    def standing(self, i: int) -> tuple[float, ...]:
        return self.standings[i]

    def stage(self, i: int) -> int:
        return self.stages[i]

    def to_act(self, i: int) -> tuple[int, ...]:
        return (0,) if i < len(self.standings) - 1 else ()


def follow(game: Scripted, choices: list[int]) -> Course:
    course = Course(game, 0)  # type: ignore[arg-type]
    for i, n in enumerate(choices, start=1):
        course.acted(i, n)
    return course


def test_lead_changes_and_when_the_winner_took_the_lead_for_good() -> None:
    """Seat 0 leads, a tie, seat 0 again (no change), seat 1 (a change), a tie, seat 2 (a change),
    seat 2 to the end: 2 changes; the winner, seat 2, was in first place from the tie at action 5 on."""
    readings = [(1 / 3, 1 / 3, 1 / 3), (1, 0, 0), (.5, .5, 0), (1, 0, 0), (0, 1, 0), (0, .5, .5), (0, 0, 1), (0, 0, 1),
                (0, 0, 1)]
    course = follow(Scripted(readings), [1, 3, 2, 1, 4, 1, 1, 2])
    out = course.measures((2,), turns=4)
    assert out["decisions_with_choice"] == 4 / 8
    assert out["lead_changes"] == 100 * 2 / 4
    assert out["lead_taken_at"] == 5 / 8
    assert course.measures((0,), turns=4)["lead_taken_at"] == 1.0  # behind at the end: taken at the last moment
    assert course.measures((), turns=4)["lead_taken_at"] == 1.0  # nobody won
    assert follow(Scripted([(.5, .5), (.5, .5)]), [2]).measures((1,), 1)["lead_taken_at"] == 0.0  # never behind


def test_a_game_played_in_stages_is_read_as_each_stage_begins() -> None:
    """Mid-stage the standing flickers (chips in the Pot); only the readings as a stage begins,
    and at the end, count."""
    readings = [(.5, .5), (1, 0), (0, 1), (1, 0), (0, 1), (0, 1)]
    stages = [0, 0, 0, 1, 1, 2]
    out = follow(Scripted(readings, stages), [2] * 5).measures((1,), turns=2)
    assert out["lead_changes"] == 100 * 1 / 2  # seat 0 as stage 1 began, seat 1 at the end
    assert out["lead_taken_at"] == 5 / 5
    lead = Lead()
    for at, standing in enumerate(readings):
        lead.read(standing, at)
    assert lead.changes == 3  # read after every action instead


def test_every_game_reports_how_it_went() -> None:
    """Shedding, King Taco and Mao lead by fewest cards; Onion by chips, bpoker by stashes."""
    for game in ("shedding", "king-taco", "cripple-mr-onion", "mao", "bpoker"):
        out = study(game, "--variant", "players=3", "--games", "3", "--players", "3")
        for name in ("seat_balance", "decisions_with_choice", "lead_changes", "lead_taken_at"):
            (e,) = out["metrics"][name]
            assert e["diff"] == 0 and e["base"] >= 0, (game, name)
        assert 0 < out["metrics"]["decisions_with_choice"][0]["base"] <= 1


def test_the_skill_gap_is_opt_in() -> None:
    args = ("shedding", "--variant", "hand_size=7", "--games", "30", "--players", "3")
    assert "skill_gap" not in study(*args)["metrics"] and "skill" not in study(*args)
    out = study(*args, "--skill")
    assert out["skill"] == {"stronger": "club", "weaker": "beginner"}
    (gap,) = out["metrics"]["skill_gap"]
    assert gap["base"] > 0.2 and gap["value"] > 0.2  # club wins far more than its third against beginners
    mirrored = study(*args, "--skill", "--skill-bots", "beginner,club")["metrics"]["skill_gap"][0]
    assert mirrored["base"] < 0
    words = " ".join(invoke(*args, "--skill").output.split())
    assert "each deal played again by one club among beginner bots" in words


@pytest.mark.parametrize("bots, words", [("club", "name two bots"), ("club,wizard", "wizard")])
def test_bad_skill_bots_are_one_line(bots: str, words: str) -> None:
    result = invoke("shedding", "--variant", "dealer=0", "--games", "3", "--skill", "--skill-bots", bots)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.output


@pytest.mark.parametrize("name", ["shedding", "king-taco", "mao"])
def test_fewest_cards_leads_and_never_stops_a_search(name: str) -> None:
    """The standing these games gained for compare gives first place to the fewest cards (a seat
    NOPEd out of King Taco is last); their stage stays 0, so ISMCTS playouts, which stop to score
    by the standing only when the stage changes, play to the end exactly as before."""
    from houserules.engine import registry

    game = registry.get(name)
    state = game.new(game.options({"players": 3}), 5)
    rng = random.Random(5)
    for _ in range(300):
        if not game.to_act(state):
            break
        standing = game.standing(state)
        assert standing is not None and sum(standing) == pytest.approx(1) and game.stage(state) == 0
        out = getattr(state, "out", [False] * 3)
        fewest = min(len(h) for s, h in enumerate(state.hands) if not out[s])
        assert {s for s, x in enumerate(standing) if x > 0} == {s for s, h in enumerate(state.hands)
                                                                if len(h) == fewest and not out[s]}
        choices = game.legal(state)
        game.apply(state, choices[rng.randrange(len(choices))])


def test_a_mao_match_is_led_by_games_won() -> None:
    from houserules.engine import registry
    from houserules.games.mao.match import Match

    game = registry.get("mao")
    state = game.new(game.options({"players": 3, "extension": True, "games": 3}), 1)
    state.match = Match(games=3, number=2, wins=(0, 1, 0))
    assert game.standing(state) == (0.0, 1.0, 0.0)


def test_seats_are_said_counting_from_1() -> None:
    """The JSON keeps the seat index (wins_by_seat.0); the table a person reads counts from 1."""
    from houserules.sim.compare import measure_words

    assert measure_words("wins_by_seat.0") == "seat 1's share of the wins"
