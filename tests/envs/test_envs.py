"""PettingZoo and Gymnasium environments for every game that declares an encoding."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from houserules.engine import registry  # noqa: E402
from houserules.engine.core import Action, GameError  # noqa: E402
from houserules.engine.encoding import WAIT  # noqa: E402
from houserules.games.mao import rulebook as rb  # noqa: E402
from houserules.envs.gymnasium import SingleAgentEnv  # noqa: E402
from houserules.envs.pettingzoo import env, parallel_env  # noqa: E402

ENCODED = [name for name in registry.names() if registry.spec(name).encoding]


def short(name: str) -> dict[str, Any]:
    """Options for a quick game: a two-round match where a game has rounds, a short game of Mao."""
    defaults = registry.get(name).options({})
    return {k: v for k, v in {"rounds": 2, "max_turns": 40}.items() if k in defaults}


def opponent(name: str) -> str:
    """The game's own bot (its heuristic, or its first declared kind)."""
    kinds = registry.spec(name).bots
    return "heuristic" if "heuristic" in kinds else next(iter(kinds))


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", ENCODED)
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    api_test(env(name, players=3, **short(name)), num_cycles=300)
    seed_test(functools.partial(env, name, players=3, **short(name)), num_cycles=100)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", ENCODED)
def test_gymnasium_env_checker(name: str) -> None:
    players = max(2, registry.spec(name).players[0])
    check_env(SingleAgentEnv(name, players=players, opponents=(opponent(name),), **short(name)), skip_render_check=True)


def test_a_whole_game_ends_with_rewards_and_then_refuses_to_step() -> None:
    e = env("shedding", players=2)
    e.reset(seed=4)
    rng = random.Random(4)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else rng.choice(obs["action_mask"].nonzero()[0].tolist()))
    assert sorted(totals.values()) == [-1.0, 1.0]
    with pytest.raises(GameError, match="reset"):
        e.step(0)


@pytest.mark.parametrize("bad", [-1, 10**6, 1.5, "3", True])
def test_an_index_outside_the_space_is_a_game_error(bad: Any) -> None:
    e = env("king-taco", players=3)
    e.reset(seed=1)
    with pytest.raises(GameError, match="index"):
        e.step(bad)


def test_an_index_the_mask_rules_out_is_a_game_error() -> None:
    e = env("shedding", players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(GameError, match="not legal now"):
        e.step(int((mask == 0).nonzero()[0][0]))


def test_the_single_agent_env_loses_or_raises_on_a_masked_index() -> None:
    lose = SingleAgentEnv("shedding", players=2)
    obs, _ = lose.reset(seed=2)
    masked = int((obs["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, _, info = lose.step(masked)
    assert reward == -1.0 and terminated and "not legal" in info["illegal"]
    with pytest.raises(GameError, match="reset"):
        lose.step(0)
    strict = SingleAgentEnv("shedding", players=2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(GameError, match="not legal"):
        strict.step(masked)


def test_bad_construction_is_a_game_error() -> None:
    with pytest.raises(GameError, match="render_mode"):
        env("shedding", render_mode="human")
    with pytest.raises(GameError, match="ismcts budget"):
        SingleAgentEnv("shedding", opponents=("ismcts:abc",))
    with pytest.raises(GameError, match="players"):
        env("shedding", players=9)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", ENCODED)
def test_the_parallel_env_passes_the_parallel_api_test(name: str) -> None:
    parallel_api_test(parallel_env(name, players=3, **short(name)), num_cycles=300)


def test_the_parallel_env_uses_only_the_acting_agents_action() -> None:
    e = parallel_env("bpoker", players=3)
    obs, _ = e.reset(seed=3)
    acting = e.unwrapped.agent_selection
    assert all(not o["action_mask"].any() for a, o in obs.items() if a != acting)
    legal = int(obs[acting]["action_mask"].nonzero()[0][0])
    actions = {a: legal if a == acting else 10**9 for a in e.agents}  # the others' actions are ignored
    _, _, _, _, infos = e.step(actions)
    assert all(info["active_agent"] == e.unwrapped.agent_selection for info in infos.values())
    with pytest.raises(GameError, match="not legal now"):
        mask = e.unwrapped.observe(e.unwrapped.agent_selection)["action_mask"]
        e.step({a: int((mask == 0).nonzero()[0][0]) for a in e.agents})


def play_to_the_end(e: Any, seed: int) -> int:
    """Random legal play of an AEC env until every agent is done; the number of steps."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for _ in e.agent_iter(max_iter=100_000):
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else rng.choice(obs["action_mask"].nonzero()[0].tolist()))
        steps += 1
    return steps


@pytest.mark.parametrize("name", ENCODED)
def test_bad_indices_and_steps_after_the_end_are_game_errors_in_every_game(name: str) -> None:
    e = env(name, players=3, **short(name))
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    with pytest.raises(GameError, match="not legal now"):
        e.step(int((mask == 0).nonzero()[0][0]))
    for bad in (-1, len(mask), 2.5, "0", None):
        with pytest.raises(GameError, match="index"):
            e.step(bad)
    assert e.agent_selection == agent and (e.observe(agent)["action_mask"] == mask).all()  # nothing happened
    assert play_to_the_end(e, 2) < 100_000 and not e.agents
    with pytest.raises(GameError, match="reset"):
        e.step(0)
    g = SingleAgentEnv(name, players=max(2, registry.spec(name).players[0]), opponents=(opponent(name),),
                       illegal="raise", **short(name))
    obs, _ = g.reset(seed=2)
    done = False
    rng = random.Random(2)
    for _ in range(100_000):
        obs, _, terminated, truncated, _ = g.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
        done = terminated or truncated  # a short game may reach its turn limit: truncated
        if done:
            break
    assert done
    with pytest.raises(GameError, match="reset"):
        g.step(0)


@pytest.mark.parametrize("make", [env, parallel_env, SingleAgentEnv])
def test_an_unknown_game_is_a_game_error(make: Any) -> None:
    with pytest.raises(GameError, match="unknown game 'poker'; known games: shedding"):
        make("poker")


@pytest.mark.parametrize("name", ENCODED)
def test_ansi_render_of_every_game_is_its_terminal_table_as_text(name: str) -> None:
    e = env(name, players=3, render_mode="ansi", **short(name))
    e.reset(seed=1)
    for _ in range(5):
        e.step(int(e.observe(e.agent_selection)["action_mask"].nonzero()[0][0]))
    text = e.render()
    spec = registry.spec(name)
    assert isinstance(text, str) and any(t in text for t in (spec.title, *spec.aliases)) and "\x1b[" not in text
    assert env(name, players=3, **short(name)).render() is None


def test_ansi_render_draws_the_table_with_the_terminal_renderer() -> None:
    e = env("cripple-mr-onion", players=2, render_mode="ansi", rounds=1)
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and "Cripple Mr Onion" in text and "\x1b[" not in text
    g = SingleAgentEnv("shedding", render_mode="ansi")
    g.reset(seed=0)
    assert "Shedding" in str(g.render())


def test_the_same_seed_deals_the_same_game() -> None:
    a, b = env("king-taco", players=4), env("king-taco", players=4)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.table.game.snapshot(a.table.state) == b.table.game.snapshot(b.table.state)


def test_mao_presents_time_as_a_wait_to_the_next_deadline() -> None:
    """Before the start nothing is due, so nobody may wait; once the turn clock runs, waiting
    lets it run out: delay of game, one penalty card, the clock at the deadline."""
    e = env("mao", players=3)
    e.reset(seed=0)
    table = e.table
    wait = table.encoding.index(table.game.view(table.state, 0), Action(0, WAIT))
    dealer = e.agent_selection
    assert dealer == "player_2" and not e.observe(dealer)["action_mask"][wait]
    start = table.encoding.index(table.game.view(table.state, 2), Action(2, "say", arg=rb.START))
    e.step(start)
    first = e.agent_selection
    assert first == "player_0" and e.observe(first)["action_mask"][wait]
    hand = len(table.state.hands[0])
    e.step(wait)
    view = table.game.view(table.state, 0)
    assert view.clock == table.options["delay_s"] and view.penalties[0] == 1 and len(view.hand) == hand + 1
    assert e.agent_selection == "player_0"  # still its turn: delay of game does not pass it


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_mao_with_attempts_passes_the_api_tests() -> None:
    api_test(env("mao", players=3, attempts=True, max_turns=20), num_cycles=100)
    seed_test(functools.partial(env, "mao", players=3, attempts=True, max_turns=20), num_cycles=50)
    parallel_api_test(parallel_env("mao", players=3, attempts=True, max_turns=20), num_cycles=100)
    check_env(SingleAgentEnv("mao", players=2, opponents=("dealer",), attempts=True, max_turns=20),
              skip_render_check=True)


def after_the_start(rules: str, attempts: bool) -> Any:
    e = env("mao", players=3, rules=rules, attempts=attempts)
    e.reset(seed=0)
    table = e.table
    e.step(table.encoding.index(table.game.view(table.state, 2), Action(2, "say", arg=rb.START)))
    return e


def test_with_attempts_the_mask_tells_no_rule_and_a_broken_one_costs_its_penalty() -> None:
    masks = {rules: after_the_start(rules, True).observe("player_0")["action_mask"] for rules in ("base", "all")}
    assert (masks["base"] == masks["all"]).all() and masks["base"].sum() > 200  # speech, calls, cards ...
    told = {rules: after_the_start(rules, False).observe("player_0")["action_mask"] for rules in ("base", "all")}
    assert (told["base"] != told["all"]).any()  # the legal list does tell them (here: knocks)
    e = after_the_start("base", True)
    table = e.table
    view = table.game.view(table.state, 0)
    for i in masks["base"].nonzero()[0]:  # every attempt offered names itself, both ways
        action = table.encoding.action(view, int(i))
        assert action is None or table.encoding.index(view, action) == i
    e.step(table.encoding.index(view, Action(0, "call", arg=(1, "talking"))))  # nobody talked
    assert table.state.penalties[0] == 1 and e.agent_selection == "player_1"  # the go moves on


def test_with_attempts_every_seat_has_its_go_in_seat_order_and_passes_let_time_run() -> None:
    """An open table: who decides never depends on the rules (or on a duty nobody was told of);
    when every seat has passed in a row, the clock runs on to the next deadline."""
    order = {}
    for rules in ("base", "all"):
        e = after_the_start(rules, True)
        wait = e.table.encoding.index(e.table.game.view(e.table.state, 0), Action(0, WAIT))
        seen = []
        for _ in range(12):
            seen.append(e.agent_selection)
            before = e.table.state.clock
            e.step(wait)
        order[rules] = seen
        assert e.table.state.clock > before
    assert order["base"] == order["all"] == ["player_0", "player_1", "player_2"] * 4
    e = after_the_start("base", True)
    for _ in range(2):
        e.step(wait)
    assert e.table.state.clock == 0.0  # two of three passed: nobody has run the clock yet
    e.step(wait)
    assert e.table.state.clock == e.table.options["delay_s"]


def test_attempts_need_an_encoding_that_can_name_them() -> None:
    with pytest.raises(GameError, match="cannot list attempts"):
        env("shedding", attempts=True)
    with pytest.raises(GameError, match="attempts is true or false"):
        env("mao", attempts="yes")


def test_a_decision_without_an_index_is_left_out_and_counted_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """bpoker's declarations from a table longer than its index space: the rest stay offered."""
    e = env("shedding", players=2)
    e.reset(seed=1)
    table = e.table
    index = table.encoding.index

    def no_draw(view: Any, action: Action) -> int:
        if action.kind == "draw":
            raise GameError("outside the index space")
        return index(view, action)

    monkeypatch.setattr(table.encoding, "index", no_draw)
    table.settle()  # forget the decisions listed so far
    seat = e.agent_name_mapping[e.agent_selection]
    assert [a for a in table.legal(seat) if a.kind == "draw"] == [] and table.unindexed == 1
    assert e.observe(e.agent_selection)["action_mask"].sum() == len(table.legal(seat))
