"""One whole game for a seated list of agents, as RLCard's ``env.run()`` gives it: trajectories and payoffs.

    from houserules.envs.run import run
    trajectories, payoffs = run("shedding", ["heuristic", my_agent], seed=0)

Why: people coming from RLCard collect experience by seating agents and
playing a game out, then learn from each seat's list of transitions; this
is that loop over the game's encoding, with no environment stepping to write.

An agent is a bot spec (``"heuristic"``, ``"ismcts:200"``, ``"policy:me.npz"``),
a bot (anything with ``choose(view, legal)``, asked through ``bots.ask`` like
everywhere else, so it sees only its view or a stand-in), or a callable
given the seat's ``{"observation", "action_mask"}`` that returns a legal
index. Seat ``i`` is ``agents[i]``; the table has ``len(agents)`` seats.

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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Union

from numpy.typing import NDArray

from ..bots import Bot, ask, make
from ..engine import referee
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


class Run(NamedTuple):
    """What ``run`` returns: unpacks as RLCard's ``trajectories, payoffs``."""

    trajectories: list[list[Step]]
    payoffs: list[float]


def run(game: str, agents: Sequence[Agent], seed: int = 0, **options: Any) -> Run:
    """Play one game of ``game`` (``options`` as keyword arguments) with ``agents[i]`` at seat ``i``."""
    if "players" in options:
        raise GameError("the table has one seat per agent: leave out players")
    return play(EncodedGame(game, len(agents), **options), agents, seed)


def _bot(table: EncodedGame, agent: Agent, seed: int) -> Bot | Policy:
    if isinstance(agent, str):
        return make(table.game.name, agent, seed)
    if hasattr(agent, "choose") or callable(agent):
        return agent
    raise GameError(f"an agent is a bot spec, a bot or a callable, got {agent!r}")


def play(table: EncodedGame, agents: Sequence[Agent], seed: int = 0) -> Run:
    """``run`` on ``table`` (dealt anew from ``seed``): an environment's own table, say."""
    if len(agents) != table.players:
        raise GameError(f"{table.game.title} here has {table.players} seats; {len(agents)} agents were given")
    if table.attempts:
        raise GameError("run plays the rules' decisions: use a table without attempts")
    seated = [_bot(table, a, seed * 31 + s) for s, a in enumerate(agents)]
    table.new(seed)
    game, steps = table.game, [list[Step]() for _ in agents]
    for _ in range(MAX_DECISIONS):
        seat = table.seat_to_act()
        if table.over or seat is None:
            break
        seen = table.observe(seat)
        if table.shaped and steps[seat]:  # penalty cards given since its last decision (envs/common.py)
            steps[seat][-1] = steps[seat][-1]._replace(reward=table.shaping(seat))
        agent = seated[seat]
        if not hasattr(agent, "choose"):
            index = agent(seen)
            table.act(seat, index)  # GameError when the mask rules it out
            steps[seat].append(Step(seen["observation"], seen["action_mask"], int(index), 0.0))
            continue
        bot: Bot = agent  # type: ignore[assignment]
        view, legal = table.view(seat), [a for a in table.legal(seat) if a.kind != WAIT]
        choice = ask(bot, game, table.state, seat, legal) if legal else None
        action = choice if choice is not None else Action(seat, WAIT)
        try:
            index = table.encoding.index(view, action)
        except GameError:
            index = -1
        if action.kind == WAIT or action in legal:
            table.perform(action)
        else:  # a bot that may err (a Mao player's slip): the referee judges it
            referee.act(game, table.state, action)
            table.settle()
        steps[seat].append(Step(seen["observation"], seen["action_mask"], index, 0.0))
    else:
        raise GameError(f"{game.title} did not end within {MAX_DECISIONS} decisions")
    payoffs = table.rewards()
    for seat, mine in enumerate(steps):
        if mine:
            mine[-1] = mine[-1]._replace(reward=payoffs[seat] + table.shaping(seat))
    return Run(steps, payoffs)
