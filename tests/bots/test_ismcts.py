"""ISMCTS plays every registered game, through the Game protocol only.

Held here: bot specs and their budgets (clear errors for bad ones), whole
games at every seat in strict and table mode, the same game again for the
same seed, a decision put to a seat that is not the first one asked (the
NOPE window), and that a search bot is only ever handed a stand-in state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from houserules.bots import ask, check_spec, make
from houserules.bots.base import BotBase
from houserules.bots.ismcts import ISMCTS, parse_budget
from houserules.engine import registry
from houserules.engine.core import STRICT, TABLE, Action, GameError
from houserules.engine.referee import act
from houserules.engine.replay import events_digest
from houserules.table import Table
from houserules.games.mao.bots import Knower

GAMES = registry.names()
SCENARIOS = Path(__file__).parent.parent / "scenarios"


@pytest.mark.parametrize("spec", ["ismcts:abc", "ismcts:0", "ismcts:-5", "ismcts:1000001", "ismcts:0s",
                                  "ismcts:-1s", "ismcts:nans", "ismcts:infs", "ismcts:601s", "ismcts:", "ismcts:1.5",
                                  "random:5", "heuristic:3", "alphazero"])
def test_bad_specs_are_one_line_game_errors(spec: str) -> None:
    with pytest.raises(GameError) as err:
        make("shedding", spec)
    assert "\n" not in str(err.value) and str(err.value)


def test_budgets_in_iterations_or_seconds() -> None:
    assert parse_budget("2000") == (2000, None)
    assert parse_budget("0.5s") == (None, 0.5)
    bot = make("king-taco", "ismcts:0.01s", 3)
    assert isinstance(bot, ISMCTS) and bot.seconds == 0.01 and bot.iterations is None
    assert check_spec("shedding", "ismcts:200") == "ismcts:200"
    assert isinstance(make("shedding", "ismcts"), ISMCTS)


def small(name: str) -> dict[str, Any]:
    """The smallest table a game allows, and a short match where a game has rounds."""
    game = registry.get(name)
    opts: dict[str, Any] = {"players": registry.spec(name).players[0]}
    if "rounds" in game.options({}):
        opts["rounds"] = 1
    return opts


def play_out(name: str, seed: int, mode: str, spec: str = "ismcts:6") -> Table:
    """A whole game with the search bot at every seat, through a Table (the referee judges each move)."""
    opts = {**small(name), "mode": mode}
    game = registry.get(name)
    n = game.seats_for(game.options(opts))
    table = Table.create(name, opts, seed, {s: spec for s in range(n)})
    table.advance()
    assert table.over
    assert not [e for e in table.log if e.kind == "refused"]
    return table


#: Mao's legality judge costs about half a millisecond per call and its random playouts run
#: to thousands of actions: a whole game of search at every seat takes minutes there
WHOLE_GAMES = [pytest.param(n, marks=pytest.mark.slow) if n == "mao" else n for n in GAMES]


@pytest.mark.parametrize("name", WHOLE_GAMES)
@pytest.mark.parametrize("mode", [STRICT, TABLE])
def test_plays_whole_games_and_is_deterministic_for_a_seed(name: str, mode: str) -> None:
    first = play_out(name, 11, mode)
    again = play_out(name, 11, mode)
    assert first.record is not None and again.record is not None
    assert first.record.actions == again.record.actions
    assert events_digest(first.log) == events_digest(again.log)


def multi_seat_positions(name: str) -> list[tuple[Any, Any]]:
    """(game, state) wherever a scenario of ``name`` asks several seats at once."""
    game = registry.get(name)
    out = []
    for path in sorted((SCENARIOS / name).glob("*.json")):
        doc = json.loads(path.read_text())
        options, seed = game.options(doc.get("options", {})), int(doc.get("seed", 0))
        state = game.scenario_state(options, doc["state"], seed) if "state" in doc else game.new(options, seed)
        for step in [{}] + doc["steps"]:
            if "action" in step:
                act(game, state, game.action_from_json({k: v for k, v in step.items() if k != "t"}))
            if len(game.to_act(state)) > 1:
                out.append((game, game.copy(state)))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_answers_every_seat_of_a_reaction_window(name: str) -> None:
    """When several seats are asked at once (King Taco's NOPE window), each of them may be asked."""
    positions = multi_seat_positions(name)
    for game, state in positions:
        for seat in game.to_act(state):
            mine = [a for a in game.legal(state) if a.seat == seat]
            assert ask(make(name, "ismcts:20", seat), game, state, seat, mine) in mine
    if name == "king-taco":
        assert positions, "King Taco's scenarios open NOPE windows for several seats"


@pytest.mark.parametrize("name", GAMES)
def test_the_bot_is_never_handed_the_real_state(name: str) -> None:
    game = registry.get(name)
    state = game.new(game.options(small(name)), 5)
    seat = game.to_act(state)[0]
    seen: list[Any] = []

    class Spy(ISMCTS):
        def search(self, game: Any, root: Any, seat: int, legal: Any) -> Action:
            seen.append(root)
            return super().search(game, root, seat, legal)

    legal = [a for a in game.legal(state) if a.seat == seat]
    ask(Spy(1, 4), game, state, seat, legal)
    root = seen[0]
    assert root is not state
    assert game.view(root, seat).to_json() == game.view(state, seat).to_json()
    assert root.rng.getstate() != state.rng.getstate()
    assert getattr(root, "seed", 0) == 0


def test_choose_without_a_stand_in_is_a_clear_error() -> None:
    with pytest.raises(GameError, match="information-set"):
        ISMCTS(0).choose(None, [Action(0, "draw")])


def test_a_named_bot_plays_the_playouts_and_guides_the_tree() -> None:
    bot = make("shedding", "ismcts:30:heuristic", 1)
    assert isinstance(bot, ISMCTS) and bot.rollout == "heuristic" and bot.iterations == 30
    table = Table.create("shedding", {"players": 2}, 4, {0: "ismcts:20:heuristic", 1: "heuristic"})
    table.advance()
    assert table.over


def test_a_game_may_name_the_playout_bot_of_specs_that_name_none() -> None:
    """Random Mao is endless talk: its playouts were 2,000 actions of penalties (65 iterations
    per CPU second), so ``ismcts:200`` plays them as the dealer; ``:random`` still asks for random."""
    mao, shedding = registry.get("mao"), registry.get("shedding")
    default = make("mao", "ismcts:20", 1)
    assert isinstance(default, ISMCTS) and isinstance(default.policy(mao), Knower)
    explicit = make("mao", "ismcts:20:random", 1)
    assert isinstance(explicit, ISMCTS) and explicit.policy(mao) is None
    plain = make("shedding", "ismcts:20:random", 1)
    assert isinstance(plain, ISMCTS) and plain.policy(shedding) is None
    # issue 30: every game names the playout that is strongest per CPU second
    heuristic = make("shedding", "ismcts:20", 1)
    assert isinstance(heuristic, ISMCTS) and heuristic.policy(shedding) is not None


@pytest.mark.parametrize(("spec", "words"), [("ismcts:30:x-y", "not a bot kind"), ("ismcts:30:ismcts", "search"),
                                             ("ismcts:30:genius", "no 'genius' bot")])
def test_a_playout_bot_must_be_a_view_bot(spec: str, words: str) -> None:
    with pytest.raises(GameError, match=words):
        table = Table.create("shedding", {"players": 2}, 4, {0: spec, 1: "random"})
        table.advance()


def test_a_playout_policy_that_waits_lets_the_clock_run() -> None:
    """A Mao dealer leaving a duty undone waits for the deadline, as in a real game: its
    playout does not put a random (mostly misspoken) action in its place."""
    import random

    from houserules.bots.ismcts import _playout, stage_hints

    game = registry.get("mao")
    state = game.new(game.options({"players": 2}), 3)
    advanced: list[float] = []

    class Waiter(BotBase):
        name, wants_view = "waiter", False

        def choose(self, view: Any, legal: Any) -> None:
            return None

    real_advance = game.advance
    try:
        game.advance = lambda s, now: advanced.append(now) or real_advance(s, now)  # type: ignore[method-assign]
        applied = len(advanced)
        _playout(game, game.copy(state), random.Random(0), 0, stage_hints(game), Waiter())  # type: ignore[arg-type]
    finally:
        del game.advance
    assert len(advanced) > applied and advanced == sorted(advanced)


def test_bpoker_playouts_stop_at_a_hand_end_scored_by_the_stashes() -> None:
    import random

    from houserules.bots.ismcts import _playout, stage_hints

    game = registry.get("bpoker")
    hints = stage_hints(game)
    assert hints is not None
    stage, standing = hints
    state = game.new(game.options({"players": 3}), 2)
    assert stage(state) == 1
    twin = game.copy(state)
    rewards = _playout(game, twin, random.Random(1), stage(state), hints, None)
    assert twin.hand_no == 2 and not twin.over  # stopped as the second hand began, of three
    assert rewards == list(standing(twin)) and sum(rewards) == pytest.approx(1)


def test_a_seat_chooses_among_its_own_actions_where_everyone_may_act() -> None:
    """Mao lists every seat's actions at once; the seat asked searches and plays only its own."""
    game = registry.get("mao")
    state = game.new(game.options({"players": 2}), 0)
    for _ in range(200):
        seat = game.to_act(state)[0]
        legal = game.legal(state)
        if any(a.seat != seat for a in legal) and sum(a.seat == seat for a in legal) > 1:
            break
        mine = [a for a in legal if a.seat == seat]
        act(game, state, mine[0])
    else:
        pytest.fail("no Mao position listing both seats' actions")
    for salt in range(12):
        choice = ask(make("mao", "ismcts:6", salt), game, state, seat, legal)
        assert choice is not None and choice.seat == seat
