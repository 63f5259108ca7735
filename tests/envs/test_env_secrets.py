"""Who is asked tells nothing in any environment (issue 41): PettingZoo's AEC and Parallel envs and
the Gymnasium env share the table that asks in a public order (envs/common.py, envs/asking.py), as
the OpenSpiel game does (tests/envs/test_openspiel_secrets.py).

Twin histories: at moments of a random game, copies of the environment in which every card a seat
cannot see is redrawn (``determinize``), each then played on for a few decisions. The seat plays by
one rule from its mask in every twin; another seat plays what it played in the first twin at the
same public moment (the same spectator's view after as many decisions) where it may, else its
quietest move. Two twins that showed the seat the same view at every decision so far must tell it
the same there: the agent to move (Gymnasium: whether the learner is asked), its observation, mask,
reward, done flags and infos. Before the table asked in a public order, the agent to move named
King Taco's NOPE holder and Mao's drawer holding a card it could play (the PettingZoo tests failed
in both games). A Gymnasium learner is told only its observations, so its log also counts the
opponents' decisions between its own (a seat passed over in secret showed there; the old table
failed at some moments, as in Mao here, not at every one).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from houserules.bots import ask, make  # noqa: E402
from houserules.engine import registry  # noqa: E402
from houserules.engine.encoding import WAIT, decode  # noqa: E402
from houserules.engine.infoset import forget_chance  # noqa: E402
from houserules.envs.common import EncodedGame  # noqa: E402
from houserules.envs.gymnasium import SingleAgentEnv  # noqa: E402
from houserules.envs.pettingzoo import env, parallel_env  # noqa: E402
from houserules.envs.run import play  # noqa: E402
from houserules.games.king_taco.state import MANA_CAP  # noqa: E402

ENCODED = [name for name in registry.names() if registry.spec(name).encoding]
TABLES: dict[str, dict[str, Any]] = {
    "shedding": {"players": 3}, "king-taco": {"players": 3}, "cripple-mr-onion": {"players": 3, "rounds": 1},
    "mao": {"players": 3, "max_turns": 20}, "bpoker": {"players": 3, "hands": 1}}
#: decisions of a random game at most, moments of it twins are made at (at most), how many twins,
#: for how many decisions; a moment is every ``EVERY`` decisions, and every decision where the
#: order of asking may matter (``asking_soon``)
LENGTH, POINTS, EVERY, TWINS, SPAN = 240, 5, 10, 3, 10
#: an entry of a twin's log: what the seat saw then, and what the environment told it
Entry = tuple[str, Any]


def asking_soon(table: EncodedGame) -> bool:
    """A moment where the rules may ask in secret soon, read from what everyone sees: King Taco's
    open stack or auction, Mao's draw."""
    state = table.state
    if table.game.name == "king-taco":
        return bool(state.stack.cards) or state.auction is not None
    return table.game.name == "mao" and bool(state.drawn)


def enrich(table: EncodedGame) -> None:
    """King Taco, as a turn begins: every seat's mana at its cap (public), so that NOPE windows
    open often (a random game rarely saves the 3 mana a NOPE costs)."""
    state = table.state
    if table.game.name == "king-taco" and not state.stack.cards and state.pending is None:
        for seat in range(table.players):
            state.mana.set(seat, MANA_CAP)
        table.put(state)


def moments(table: EncodedGame, n: int, made: int, points: int = POINTS) -> bool:
    """Whether to make twins at decision ``n`` of the random game, ``made`` moments so far."""
    return made < points and (n % EVERY == 0 or asking_soon(table))


def seen(table: EncodedGame, seat: int | None) -> str:
    return json.dumps(table.view(seat).to_json(), sort_keys=True, default=str)


def plain(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def told(obs: dict[str, Any] | None) -> tuple[bytes, bytes] | None:
    return None if obs is None else (obs["observation"].tobytes(), obs["action_mask"].tobytes())


def quietest(table: EncodedGame, seat: int, legal: list[int]) -> int:
    """The move that shows least: the first, by its words, that names no card."""
    view, decisions = table.view(seat), table.legal(seat)
    actions = [(decode(table.encoding, view, decisions, i), i) for i in legal]
    words = sorted((WAIT if a.kind == WAIT else plain(table.game.action_to_json(a)), i) for a, i in actions)
    quiet = [i for w, i in words if "card" not in w]
    return quiet[0] if quiet else words[0][1]


class Script:
    """The other seats' moves, shared by the twins of one moment: the first twin's at a public
    moment (the spectator's view after as many decisions), where it is legal, else the quietest."""

    def __init__(self) -> None:
        self.moves: dict[Any, int] = {}

    def choose(self, table: EncodedGame, seat: int, n: int, legal: list[int]) -> int:
        first = self.moves.setdefault((n, seat, seen(table, None)), legal[(5 * n + 1) % len(legal)])
        return first if first in legal else quietest(table, seat, legal)


def mine(table: EncodedGame, seat: int, legal: list[int], n: int) -> int:
    """The seat's own move: one rule of its mask, the same in every twin (the quietest every
    other time, so that twins stay alike for longer)."""
    return quietest(table, seat, legal) if n % 2 else legal[(7 * n + 3) % len(legal)]


def redraw(table: EncodedGame, seat: int, rng: random.Random) -> None:
    """Every card ``seat`` cannot see, redrawn, and a fresh generator (as a search's stand-in)."""
    sample = table.game.determinize(table.state, seat, rng)
    forget_chance(sample, rng)
    table.put(sample)


def compare(logs: list[list[Entry]], counted: dict[str, int]) -> None:
    """Twins that showed the seat the same views so far told it the same at every decision."""
    for i, a in enumerate(logs):
        for b in logs[i + 1:]:
            for (seen_a, told_a), (seen_b, told_b) in zip(a, b):
                if seen_a != seen_b:
                    break
                assert told_a == told_b, "two histories the seat cannot tell apart told it different things"
                counted["compared"] += 1


# --- PettingZoo AEC ----------------------------------------------------------------------------
def aec_run(e: Any, seat: int, script: Script, span: int) -> list[Entry]:
    """``span`` decisions of AEC env ``e``: the seat by its rule, the others by ``script``."""
    log: list[Entry] = []
    me = e.possible_agents[seat]
    for n in range(span):
        if not e.agents:
            break
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        log.append((seen(e.table, seat), (agent, told(e.observe(me)), e.rewards.get(me), e.terminations.get(me),
                                          e.truncations.get(me), plain(e.infos.get(me)))))
        if terminated or truncated:
            e.step(None)
            continue
        legal, player = np.flatnonzero(obs["action_mask"]).tolist(), e.agent_name_mapping[agent]
        e.step(mine(e.table, seat, legal, n) if player == seat else script.choose(e.table, player, n, legal))
    return log


def twins_along(base: Any, table_of: Callable[[Any], Any], run: Callable[[Any, int, Script, int], list[Entry]],
                advance: Callable[[Any, random.Random], None], rng: random.Random, counted: dict[str, int]) -> None:
    """Along games of ``base`` (a random move at a time: ``advance``), at each moment and for each
    seat: TWINS copies, all but the first with what the seat cannot see redrawn, each run on by
    ``run`` and their logs compared."""
    made = 0
    for n in range(LENGTH):
        if not n or not base.agents:
            base.reset(seed=n)  # a game that ends early: another
        table = table_of(base)
        enrich(table)
        if moments(table, n, made):
            made += 1
            for seat in range(table.players):
                twins = [copy.deepcopy(base) for _ in range(TWINS)]
                for twin in twins[1:]:
                    redraw(table_of(twin), seat, rng)
                script = Script()
                compare([run(t, seat, script, SPAN) for t in twins], counted)
        advance(base, rng)


def aec_step(base: Any, rng: random.Random) -> None:
    obs, _, terminated, truncated, _ = base.last()
    base.step(None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def aec_twins(name: str, counted: dict[str, int]) -> None:
    twins_along(env(name, **TABLES[name]), lambda e: e.table, aec_run, aec_step, random.Random(11), counted)


# --- PettingZoo Parallel -----------------------------------------------------------------------
def parallel_run(e: Any, seat: int, script: Script, span: int) -> list[Entry]:
    """``span`` steps of Parallel env ``e``: only the acting agent's action counts."""
    log: list[Entry] = []
    aec = e.aec_env
    me = e.possible_agents[seat]
    for n in range(span):
        if not e.agents:
            break
        active = aec.agent_selection
        legal, player = np.flatnonzero(aec.observe(active)["action_mask"]).tolist(), aec.agent_name_mapping[active]
        action = mine(aec.table, seat, legal, n) if player == seat else script.choose(aec.table, player, n, legal)
        obs, rewards, terminations, truncations, infos = e.step({a: action if a == active else 0 for a in e.agents})
        log.append((seen(aec.table, seat), (told(obs.get(me)), rewards.get(me), terminations.get(me),
                                            truncations.get(me), plain(infos.get(me)))))
    return log


def parallel_step(base: Any, rng: random.Random) -> None:
    active = base.aec_env.agent_selection
    action = rng.choice(np.flatnonzero(base.aec_env.observe(active)["action_mask"]).tolist())
    base.step({a: action if a == active else 0 for a in base.agents})


def parallel_twins(name: str, counted: dict[str, int]) -> None:
    twins_along(parallel_env(name, **TABLES[name]), lambda e: e.aec_env.table, parallel_run, parallel_step,
                random.Random(12), counted)


# --- Gymnasium ---------------------------------------------------------------------------------
class Enough(Exception):
    """A twin's log is long enough (the opponents may go on among themselves for long: Mao's
    points of order)."""


class Learner:
    """One Gymnasium env and its opponents: callables that log each decision the learner does not
    make (what it saw then, and that it was not asked) and play by ``script``; without one, the
    random game twins are made from (everyone at random, the table enriched)."""

    def __init__(self, e: SingleAgentEnv, script: Script | None, rng: random.Random):
        self.env, self.script, self.rng = e, script, rng
        self.log: list[Entry] = []
        others = [s for s in range(e.table.players) if s != e.seat]
        e.opponents = [self.opponent(s) for s in others]  # what reset seats
        e.bots = dict(zip(others, e.opponents))  # what plays now

    def opponent(self, seat: int) -> Callable[[dict[str, Any]], int]:
        def decide(obs: dict[str, Any]) -> int:
            table, n = self.env.table, len(self.log)
            if self.script is not None and n >= SPAN:
                raise Enough
            self.log.append((seen(table, self.env.seat), "not asked"))
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            if self.script is None:
                enrich(table)
                return self.rng.choice(legal)
            return self.script.choose(table, seat, n, legal)
        return decide

    def step(self, obs: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """The learner's next decision (by its rule, or at random in the random game); the
        observation after it, and whether the game is over."""
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        n = len(self.log)
        obs, reward, terminated, truncated, info = self.env.step(
            mine(self.env.table, self.env.seat, legal, n) if self.script else self.rng.choice(legal))
        self.log.append((seen(self.env.table, self.env.seat), (told(obs), reward, terminated, truncated,
                                                               plain(info))))
        return obs, terminated or truncated


def gymnasium_twins(name: str, counted: dict[str, int]) -> None:
    rng = random.Random(13)
    for seat in (0, 1):
        e = SingleAgentEnv(name, seat=seat, **TABLES[name])
        base = Learner(e, None, rng)
        made, over = 0, True
        for n in range(LENGTH // 4):
            if over:
                (obs, _), over = e.reset(seed=n), False  # a game that ends early: another
            enrich(e.table)
            if moments(e.table, n, made, 2 * POINTS):  # a learner is shown less: more moments
                made += 1
                twins = [copy.deepcopy(e) for _ in range(TWINS)]
                for twin in twins[1:]:
                    redraw(twin.table, seat, rng)
                script = Script()
                learners = [Learner(t, script, rng) for t in twins]
                for learner in learners:
                    at, done = obs, False
                    try:
                        while len(learner.log) < SPAN and not done:
                            at, done = learner.step(at)
                    except Enough:
                        pass
                compare([learner.log for learner in learners], counted)
            obs, over = base.step(obs)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("kind", ["aec", "parallel", "gymnasium"])
@pytest.mark.parametrize("name", ENCODED)
def test_identical_views_tell_identical_things_in_every_environment(name: str, kind: str) -> None:
    counted = {"compared": 0}
    {"aec": aec_twins, "parallel": parallel_twins, "gymnasium": gymnasium_twins}[kind](name, counted)
    print(name, kind, counted)
    assert counted["compared"] > 50, counted


@pytest.mark.parametrize("spec", ["heuristic", "random"])
def test_bots_at_the_environments_table_play_the_game_the_rules_alone_would(spec: str) -> None:
    """King Taco's table asks every seat that may publicly NOPE or discard, and passes for a bot
    the rules do not ask without asking it: bots decide exactly as where the rules alone ask (the
    simulator's order, the first seat asked acting), and the game ends in the same state."""
    game = registry.get("king-taco")
    options = game.options({"players": 4, "hand_size": 5})
    for seed in range(12):
        table = EncodedGame("king-taco", **options)
        play(table, [spec] * 4, seed)
        bots = [make("king-taco", spec, seed * 31 + s) for s in range(4)]
        state = game.new(options, seed)
        while seats := game.to_act(state):
            legal = [a for a in game.legal(state) if a.seat == seats[0]]
            game.apply(state, ask(bots[seats[0]], game, state, seats[0], legal))
        assert game.snapshot(table.state) == game.snapshot(state), seed
