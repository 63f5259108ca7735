"""ISMCTS: information-set Monte Carlo tree search, for every game.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 2012). Each iteration redeals the
cards the bot's seat cannot see (``engine.infoset.redeal``), walks one tree
shared by all redeals, and plays the rest of the game at random:

* a node is reached by a sequence of actions from the decision being made;
  its children are the actions taken there in any redeal so far;
* an action legal in some redeals and not others is judged by UCB1 over the
  redeals in which it was *available* (the paper's availability counts), not
  over every visit of its parent;
* a node holds the total reward of the seat that took the action leading to
  it, so each seat in the tree plays for itself (1 for a win, shared among
  joint winners; a game without a winner is worth 1/seats to each).

The bot never sees the real state: a runner hands it a stand-in from its
seat's information set (``engine.infoset.stand_in``; ``bots.base.ask``).
Everything the games decide is an action, so one search serves them all:
several seats asked at once (the first seat asked acts in the playouts, as
in the simulator; each seat chooses among its own actions, also in Mao,
which lists every seat's at once), betting amounts, multi-step choices,
table mode (the search only ever applies legal actions).

A playout stops early where a game can be scored before it ends: when
``stage`` changes, scored by ``standing`` (engine/base.py), as the game
says (Cripple Mr Onion: a round's end, by the chips; bpoker: a hand's end,
by the stashes).

Budgets: ``ismcts:2000`` runs 2000 iterations (deterministic for a seed),
``ismcts:0.5s`` searches for half a second of wall clock (as strong as the
machine allows, but not reproducible). Playouts are uniformly random unless
the spec names a bot to play them, or the game names one for specs that do
not (``GameSpec.playout``: Mao's ``dealer``, random Mao being endless talk;
``ismcts:200:random`` still asks for random ones): ``ismcts:200:heuristic`` lets the game's
heuristic choose each playout move from the mover's view of the redealt
state (with a random move a tenth of the time); at each tree node its choice
is tried first and favoured by a bonus that fades with visits (progressive
bias, Chaslot et al. 2008), so the search departs from the heuristic only
where its playouts say it should. A game may offer a cheaper bot for
playouts (Cripple Mr Onion's ``quick``: ``ismcts:150:quick``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import registry
from ..engine.core import Action, GameError
from ..engine.protocol import Game
from ..engine.infoset import redeal
from ..engine.referee import act
from .base import Bot, BotBase

#: the UCB1 exploration constant for rewards in [0, 1]
EXPLORE = 0.7
#: iterations when the spec names no budget
DEFAULT_ITERATIONS = 300
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 600.0
#: the bonus of the playout bot's own choice at a tree node, fading as 1/(1 + visits)
PRIOR = 1.0
#: how often a playout bot's move is replaced by a random one
EPSILON = 0.1
#: a playout longer than this many actions counts as a game without a winner (random Mao
#: can run for ten thousand actions at half a millisecond each; Shedding's rarely pass 1,500)
PLAYOUT_CAP = 2_000


class Node:
    """One place in the tree: reached by ``seat``'s action from its parent."""

    __slots__ = ("seat", "children", "visits", "avail", "reward", "prior")

    def __init__(self, seat: int):
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.prior: Action | None = None  # the playout bot's choice here, tried first and favoured


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """``"2000"`` -> 2000 iterations; ``"0.5s"`` -> half a second; GameError otherwise."""
    raw = text.strip().lower()
    hint = f"(ismcts:2000 for iterations, 1..{MAX_ITERATIONS}; ismcts:0.5s for seconds, up to {MAX_SECONDS:g})"
    in_seconds = raw.endswith("s")
    try:
        amount = float(raw[:-1]) if in_seconds else int(raw)
    except ValueError:
        raise GameError(f"ismcts budget {text!r} is neither iterations nor seconds {hint}") from None
    if in_seconds and 0 < amount <= MAX_SECONDS:
        return None, float(amount)
    if not in_seconds and 1 <= amount <= MAX_ITERATIONS:
        return int(amount), None
    raise GameError(f"ismcts budget {text!r} is out of range {hint}")


class ISMCTS(BotBase):
    """A search bot for any game: see the module docstring."""

    name = "ismcts"
    wants_view = False
    searches = True

    def __init__(self, seed: int = 0, iterations: int | None = DEFAULT_ITERATIONS, seconds: float | None = None,
                 rollout: str | None = None):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self._policy: Bot | None = None
        self.last_iterations = 0

    @classmethod
    def from_spec(cls, seed: int, param: str, game: str = "") -> ISMCTS:
        """``2000``, ``0.5s``, or either followed by ``:KIND`` (the bot that plays the playouts)."""
        budget, _, rollout = param.partition(":")
        iterations, seconds = parse_budget(budget)
        if rollout and not rollout.isidentifier():
            raise GameError(f"ismcts playout bot {rollout!r} is not a bot kind (e.g. ismcts:200:heuristic)")
        return cls(seed, iterations, seconds, rollout or None)

    def policy(self, game: Game[Any, Any]) -> Bot | None:
        """The bot that plays the playouts (None: uniformly random), made once per game: the
        spec's, else the game's own (``GameSpec.playout``); ``:random`` asks for random ones."""
        kind = self.rollout or registry.spec(game.name).playout
        if kind is None or kind == "random":
            return None
        if self._policy is None:
            from .base import make

            bot = make(game.name, kind, self.rng.getrandbits(32))
            if bot.searches:
                raise GameError("an ismcts playout bot must choose from a view (e.g. heuristic), not search")
            self._policy = bot
        return self._policy

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Search needs a state to play forward; runners call ``search`` through ``bots.base.ask``."""
        raise GameError("the ismcts bot searches from an information-set sample: ask it through bots.base.ask")

    def search(self, game: Game[Any, Any], root: Any, seat: int, legal: Sequence[Action]) -> Action:
        """The most visited of ``legal`` after the budget of iterations from ``root``
        (a stand-in state from ``seat``'s information set)."""
        legal = own_moves(legal, seat)
        if len(legal) == 1:
            return legal[0]
        tree = Node(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        hints = stage_hints(game)
        root_stage = hints[0](root) if hints is not None else 0
        done = 0
        while True:
            self._iterate(game, tree, redeal(game, root, seat, self.rng), seat, legal, root_stage, hints)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= (self.iterations or DEFAULT_ITERATIONS):
                break
        self.last_iterations = done
        best = max(legal, key=lambda a: (tree.children[a].visits if a in tree.children else -1))
        return best

    def _iterate(self, game: Game[Any, Any], tree: Node, state: Any, seat: int, root_legal: Sequence[Action],
                 root_stage: int, hints: Hints | None) -> None:
        rng = self.rng
        to_act, legal_of, apply = game.to_act, game.legal, game.apply
        policy = self.policy(game)
        node = tree
        path = [tree]
        choices: Sequence[Action] = root_legal
        actor = seat
        # selection and expansion
        while True:
            children = node.children
            if policy is not None and not children and len(choices) > 1:
                node.prior = policy.choose(game.view(state, actor) if policy.wants_view else None, choices)
            fresh = [a for a in choices if a not in children]
            if fresh:
                action = node.prior if node.prior in fresh else fresh[rng.randrange(len(fresh))]
                child = children[action] = Node(actor)
                apply(state, action)
                path.append(child)
                break
            best_score = -1.0
            action = choices[0]
            child = children[action]
            for a in choices:
                c = children[a]
                c.avail += 1
                score = c.reward / c.visits + EXPLORE * math.sqrt(math.log(c.avail) / c.visits)
                if a == node.prior:
                    score += PRIOR / (1 + c.visits)
                if score > best_score:
                    best_score, action, child = score, a, c
            apply(state, action)
            path.append(child)
            node = child
            seats = to_act(state)
            if not seats:
                break
            actor = seats[0]
            choices = own_moves(legal_of(state), actor)
        scores = _playout(game, state, rng, root_stage, hints, policy)
        for n in path[1:]:
            n.visits += 1
            n.reward += scores[n.seat]


Hints = tuple[Callable[[Any], int], Callable[[Any], "tuple[float, ...] | None"]]


def stage_hints(game: Game[Any, Any]) -> Hints:
    """``stage`` and ``standing`` for ``game`` (engine/base.py: a game without such points
    answers 0 and None, and its playouts run to the end)."""
    return game.stage, game.standing


def _playout(game: Game[Any, Any], state: Any, rng: random.Random, root_stage: int, hints: Hints | None,
             policy: Bot | None) -> list[float]:
    """Play to the end, or until the game leaves ``root_stage`` and can be scored
    as it stands (``hints``: ``stage`` and ``standing``, engine/base.py); each seat's reward.
    Moves are uniformly random, or ``policy``'s choice from the mover's view (a
    random one a tenth of the time, so that playouts still differ). A policy that
    waits (a Mao player leaving a duty undone) lets the clock run on to the game's
    next deadline, as the runner does: a random move in its place is mostly a
    misspoken phrase, which made Mao's playouts hundreds of actions long. A
    policy's slip (an action not legal, from a bot with ``attempts``) goes to the
    referee."""
    to_act, legal_of, apply, view = game.to_act, game.legal, game.apply, game.view
    stage, standing_of = hints if hints is not None else (None, None)
    attempts = policy is not None and policy.attempts
    for _ in range(PLAYOUT_CAP):
        seats = to_act(state)
        if not seats:
            return rewards(game, state)
        if stage is not None and stage(state) != root_stage:
            standing = standing_of(state)  # type: ignore[misc]
            if standing is not None:
                return list(standing)
        moves = own_moves(legal_of(state), seats[0])
        if policy is not None and len(moves) > 1 and rng.random() >= EPSILON:
            choice = policy.choose(view(state, seats[0]) if policy.wants_view else None, moves)
            if choice is None:
                due = game.deadline(state)
                if due is not None:
                    game.advance(state, due)
                    continue
            elif choice in moves:
                apply(state, choice)
                continue
            elif attempts:  # a slip (a Mao player): the referee refuses or penalises it
                act(game, state, choice)
                continue
        apply(state, moves[rng.randrange(len(moves))])
    return rewards(game, state)


def own_moves(legal: Sequence[Action], seat: int) -> Sequence[Action]:
    """The actions of ``legal`` that are ``seat``'s: where several seats are asked at once
    (a NOPE window), or where anyone may act at any time (Mao lists every seat's), the
    seat asked chooses among its own."""
    if all(a.seat == seat for a in legal):
        return legal
    return [a for a in legal if a.seat == seat] or legal


def rewards(game: Game[Any, Any], state: Any) -> list[float]:
    """Each seat's reward for how ``state`` ended: a win is 1, shared among joint winners."""
    n = game.seats(state)
    result = game.result(state)
    if result is None or not result.winners:
        return [1.0 / n] * n
    share = 1.0 / len(result.winners)
    out = [0.0] * n
    for w in result.winners:
        out[w] = share
    return out
