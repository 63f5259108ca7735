"""Rollout: a determinized flat Monte Carlo over every legal move, all on the same redeals.

``rollout:N`` (``rollout:N:KIND``) judges each legal move of its seat by playing it on the
same ``N`` redeals of what the seat cannot see (``engine.infoset.redeal``), each played on by
the game's playout bot (``GameSpec.playout``, or ``KIND``) choosing every seat's moves from
the mover's view, never at random. It takes the move that scored most, the playout bot's own
choice where moves tie. A playout runs to the end, or until ``settle`` scores it: a game
whose outcome turns on a roll can score the roll's odds instead of its fall (King Taco's
auction: ``games/king_taco/bots_rollout.py``).

Why it suits a game of luck where a tree search at the same budget does not (King Taco: half
of all deals come out even; ``ismcts:400`` won 54% of the rest against the club bot): every
move is tried on the *same* redeals, and each copy of a redeal carries the same generator,
so the table's chance falls alike whatever the move, and the comparison of two moves sees
mostly what the moves changed (common random numbers). A tree search gives each move its own
redeals and rolls, whose luck outweighs a move's worth at a few hundred iterations. It is
one step of policy improvement over the playout bot: it departs from the bot's choice only
where the bot's own play from each move says it should.

A game offers it by naming it, or a subclass with its own ``settle``, in ``GameSpec.bots``;
its playout bot must always choose (a bot that waits or slips, as Mao's do, cannot serve).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine import registry
from ..engine.core import Action, Event, GameError
from ..engine.infoset import redeal
from ..engine.protocol import Game
from .base import Bot, BotBase, make
from .ismcts import PLAYOUT_CAP, own_moves, rewards

#: redeals per move when the spec names none
DEFAULT_WORLDS = 40
MAX_WORLDS = 100_000


class Rollout(BotBase):
    """A search bot for a game with a playout bot: see the module docstring."""

    name = "rollout"
    wants_view = False
    searches = True

    def __init__(self, seed: int = 0, worlds: int = DEFAULT_WORLDS, playout: str | None = None):
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.playout = playout
        self._policy: Bot | None = None

    @classmethod
    def from_spec(cls, seed: int, param: str, game: str = "") -> Rollout:
        """``40`` (redeals per move), or ``40:KIND`` (the bot that plays the playouts)."""
        count, _, kind = param.partition(":")
        hint = f"(rollout:40 plays each move on 40 redeals, 1..{MAX_WORLDS}; rollout:40:heuristic names the playout bot)"
        try:
            worlds = int(count.strip())
        except ValueError:
            raise GameError(f"rollout budget {count!r} is not a number of redeals {hint}") from None
        if not 1 <= worlds <= MAX_WORLDS:
            raise GameError(f"rollout budget {count!r} is out of range {hint}")
        if kind and not kind.isidentifier():
            raise GameError(f"rollout playout bot {kind!r} is not a bot kind {hint}")
        return cls(seed, worlds, kind or None)

    def policy(self, game: Game[Any, Any]) -> Bot:
        """The bot that plays every move of the playouts (the spec's, else the game's), made once."""
        if self._policy is None:
            kind = self.playout or registry.spec(game.name).playout
            if kind is None or kind == "random":
                raise GameError(f"a rollout needs a playout bot that judges (rollout:40:heuristic); {game.name} names none")
            bot = make(game.name, kind, self.rng.getrandbits(32))
            if bot.searches or bot.attempts:
                raise GameError("a rollout's playout bot must choose legal moves from a view (e.g. heuristic)")
            self._policy = bot
        return self._policy

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """A rollout plays states forward; runners call ``search`` through ``bots.base.ask``."""
        raise GameError("the rollout bot searches from an information-set sample: ask it through bots.base.ask")

    def search(self, game: Game[Any, Any], root: Any, seat: int, legal: Sequence[Action]) -> Action:
        """The move of ``legal`` that scored most on the same ``worlds`` redeals of ``root``
        (a stand-in state from ``seat``'s information set)."""
        legal = own_moves(legal, seat)
        if len(legal) == 1:
            return legal[0]
        policy = self.policy(game)
        usual = policy.choose(game.view(root, seat), legal)
        scores = [0.0] * len(legal)
        for _ in range(self.worlds):
            world = redeal(game, root, seat, self.rng)
            for i, action in enumerate(legal):
                state = game.copy(world)
                scores[i] += self.play_out(game, state, action, policy)[seat]
        best = max(range(len(legal)), key=lambda i: (scores[i], legal[i] == usual))
        return legal[best]

    def play_out(self, game: Game[Any, Any], state: Any, action: Action, policy: Bot) -> list[float]:
        """Each seat's score once ``action`` and then ``policy``'s moves for every seat have
        played ``state`` to the end, or to where ``settle`` scores it."""
        to_act, legal_of, apply, view = game.to_act, game.legal, game.apply, game.view
        for _ in range(PLAYOUT_CAP):
            settled = self.settle(state, apply(state, action))
            if settled is not None:
                return settled
            seats = to_act(state)
            if not seats:
                break
            moves = own_moves(legal_of(state), seats[0])
            choice = moves[0] if len(moves) == 1 else policy.choose(view(state, seats[0]), moves)
            if choice is None:
                raise GameError("a rollout's playout bot waited; it must always choose")
            action = choice
        return rewards(game, state)

    def settle(self, state: Any, events: list[Event]) -> list[float] | None:
        """Each seat's score once ``events`` have happened to ``state`` (summing to 1), where
        the playout may stop; None: play on (here, always: playouts run to the end)."""
        return None
