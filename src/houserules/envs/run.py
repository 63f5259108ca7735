"""One whole game for a seated list of agents, as RLCard's ``env.run()`` gives it: trajectories and payoffs.

    from houserules.envs.run import run
    trajectories, payoffs = run("shedding", ["heuristic", my_agent], seed=0)

Why: people coming from RLCard collect experience by seating agents and
playing a game out, then learn from each seat's list of transitions; this
is that loop over the game's encoding, with no environment stepping to write.

An agent is a bot spec (``"heuristic"``, ``"ismcts:200"``, ``"policy:me.npz"``),
a bot (anything with ``choose(view, legal)``, asked through ``bots.ask`` like
everywhere else, so it sees only its view or a stand-in), a callable
given the seat's ``{"observation", "action_mask"}`` that returns a legal
index, or an RLCard agent (anything with ``eval_step``: ``DQNAgent``,
``NFSPAgent``, ``RandomAgent``, your own), given RLCard's state dict
(``rlcard_state``: ``obs``, ``legal_actions``) and asked ``eval_step``, or
``step`` with ``training=True``, as RLCard's ``env.run(is_training)`` asks.
Seat ``i`` is ``agents[i]``; the table has ``len(agents)`` seats.

``trajectories[seat]`` is the seat's decisions in order, each a ``Step``:
the observation and mask it decided on, the action's index in the
encoding (-1 for a bot's choice the encoding has no index for: a Mao slip
the referee penalises), and the reward: 0 but for the seat's last step,
which carries its payoff. ``payoffs`` is ``envs.common.payoffs``, the
zero-sum scoring every bridge uses (+1 shared by the winners, -1 by the
rest, 0 for all when nobody won, as at a turn limit). With ``shaped=True``
(Mao) each step's reward also carries ``PENALTY_REWARD`` for every penalty
card the seat was given from that decision to its next (``payoffs`` stay
the game's own).

``Run.rlcard()`` is the same game in RLCard's own form, each seat's states
(``rlcard_state``) and actions alternating and ending with its state at the
end, so ``rlcard.utils.reorganize(run.rlcard(), run.payoffs)`` gives each
seat's ``(state, action, reward, next_state, done)`` transitions, ready for
an RLCard agent's ``feed``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Union

import numpy as np
from numpy.typing import NDArray

from ..bots import Bot, ask, make
from ..engine.core import Action, GameError
from ..engine.encoding import WAIT
from .common import EncodedGame

#: a callable agent: the seat's observation and mask in, a legal index out
Policy = Callable[[Mapping[str, NDArray[Any]]], Any]
Agent = Union[str, Bot, Policy]

#: decisions after which a game is taken to be stuck (every game's own limits end it long before)
MAX_DECISIONS = 200_000


class Step(NamedTuple):
    """One decision of one seat."""

    observation: NDArray[Any]
    action_mask: NDArray[Any]
    action: int
    reward: float


class Run(tuple[list[list[Step]], list[float]]):
    """What ``run`` returns: unpacks as RLCard's ``trajectories, payoffs``; ``finals`` holds each
    seat's observation and mask at the end (its ``next_state`` after its last decision)."""

    finals: list[dict[str, NDArray[Any]]]

    def __new__(cls, trajectories: list[list[Step]], payoffs: list[float],
                finals: list[dict[str, NDArray[Any]]]) -> Run:
        made = super().__new__(cls, (trajectories, payoffs))
        made.finals = finals
        return made

    @property
    def trajectories(self) -> list[list[Step]]:
        return self[0]

    @property
    def payoffs(self) -> list[float]:
        return self[1]

    def rlcard(self) -> list[list[Any]]:
        """Each seat's trajectory as RLCard keeps one: state, action, state, ..., the final state."""
        out: list[list[Any]] = []
        for steps, final in zip(self.trajectories, self.finals):
            mine: list[Any] = []
            for step in steps:
                mine += [rlcard_state({"observation": step.observation, "action_mask": step.action_mask}), step.action]
            out.append([*mine, rlcard_state(final)])
        return out


def rlcard_state(seen: Mapping[str, NDArray[Any]]) -> dict[str, Any]:
    """A seat's observation and mask as RLCard's agents read a state: ``obs``, ``legal_actions``
    (an OrderedDict of the legal indices, RLCard's form), and the same as its ``raw_`` fields."""
    legal = [int(i) for i in np.flatnonzero(seen["action_mask"])]
    return {"obs": seen["observation"], "legal_actions": OrderedDict((i, None) for i in legal),
            "raw_obs": seen["observation"], "raw_legal_actions": legal, "action_record": []}


def run(game: str, agents: Sequence[Agent], seed: int = 0, training: bool = False, **options: Any) -> Run:
    """Play one game of ``game`` (``options`` as keyword arguments) with ``agents[i]`` at seat ``i``
    (``training``: RLCard agents are asked ``step``, else ``eval_step``)."""
    if "players" in options:
        raise GameError("the table has one seat per agent: leave out players")
    return play(EncodedGame(game, len(agents), **options), agents, seed, training)


def agent(table: EncodedGame, seated: Agent, seed: int, training: bool = False) -> Bot | Policy:
    """``seated`` ready to play at ``table``: a spec made into a bot (seeded ``seed``), an RLCard
    agent into a callable (``rlcard_agent``), a bot or a callable as it is; GameError for anything
    else (the Gymnasium env's opponents are these too)."""
    if isinstance(seated, str):
        return make(table.game.name, seated, seed)
    if hasattr(seated, "eval_step"):
        return rlcard_agent(seated, training)
    if hasattr(seated, "choose") or callable(seated):
        return seated
    raise GameError(f"an agent is a bot spec, a bot, a callable or an RLCard agent, got {seated!r}")


def rlcard_agent(seated: Any, training: bool) -> Policy:
    """An RLCard agent (``step``, ``eval_step``) as a callable agent: it reads ``rlcard_state``."""

    def decide(seen: Mapping[str, NDArray[Any]]) -> int:
        state = rlcard_state(seen)
        return int(seated.step(state) if training else seated.eval_step(state)[0])

    return decide


def play(table: EncodedGame, agents: Sequence[Agent], seed: int = 0, training: bool = False) -> Run:
    """``run`` on ``table`` (dealt anew from ``seed``): an environment's own table, say."""
    if len(agents) != table.players:
        raise GameError(f"{table.game.title} here has {table.players} seats; {len(agents)} agents were given")
    if table.attempts:
        raise GameError("run plays the rules' decisions: use a table without attempts")
    seated = [agent(table, a, seed * 31 + s, training) for s, a in enumerate(agents)]
    table.new(seed)
    game, steps = table.game, [list[Step]() for _ in agents]
    for _ in range(MAX_DECISIONS):
        seat = table.seat_to_act()
        if table.over or seat is None:
            break
        seen = table.observe(seat)
        if table.shaped and steps[seat]:  # penalty cards given since its last decision (envs/common.py)
            steps[seat][-1] = steps[seat][-1]._replace(reward=table.shaping(seat))
        who = seated[seat]
        if not hasattr(who, "choose"):
            index = who(seen)
            table.act(seat, index)  # GameError when the mask rules it out
            steps[seat].append(Step(seen["observation"], seen["action_mask"], int(index), 0.0))
            continue
        bot: Bot = who  # type: ignore[assignment]
        if table.passing_only(seat):  # asked only by the public order of asking: it passes, unasked
            action = Action(seat, table.asking.passing)
        else:
            legal = [a for a in table.legal(seat) if a.kind != WAIT]
            choice = ask(bot, game, table.state, seat, legal) if legal else None
            action = choice if choice is not None else Action(seat, WAIT)
        try:
            index = table.encoding.index(table.view(seat), action)
        except GameError:
            index = -1
        if action.kind == WAIT or action in table.legal(seat):
            table.perform(action)
        else:  # a bot that may err (a Mao player's slip): the referee judges it
            table.judge(action)
        steps[seat].append(Step(seen["observation"], seen["action_mask"], index, 0.0))
    else:
        raise GameError(f"{game.title} did not end within {MAX_DECISIONS} decisions")
    payoffs = table.rewards()
    for seat, mine in enumerate(steps):
        if mine:
            mine[-1] = mine[-1]._replace(reward=payoffs[seat] + table.shaping(seat))
    return Run(steps, payoffs, [table.observe(seat) for seat in range(table.players)])
