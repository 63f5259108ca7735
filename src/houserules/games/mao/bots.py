"""Mao players that are programs.

``Knower`` knows every rule in play and obeys, with a configurable error
rate: it sometimes forgets a duty (it lets the reasonable time run out) or
plays a card that does not match, as a fun opponent does. It reads the rules
the only way a program may without a rulebook: the legal actions (a duty owed
is a phrase or knock that breaks nothing now).

``Learner`` starts knowing only what may be told (Deal, Turn, End,
Discussion of rules) and learns the rest from the penalties it receives and
sees: which plays are improper, and which happenings oblige whom to say or
knock, point or keep silent after what (``learner``). Its belief lives in the
bot, so one Learner kept over a series of games (a match, or ``houserules mao
learn``) makes fewer penalties as it goes. It never looks at the legal actions
except to know when it is asked to act.

Both return None to wait: to do nothing now and let the table's clock run on
to the next deadline (the runner then advances time).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...bots.base import BotBase, take_turn
from ...engine import registry
from ...engine.core import Action
from . import rulebook as rb
from .learner import Learner
from .procedure import PROCEDURE, procedure
from .speech import loose
from .view import MaoView


class Knower(BotBase):
    """Knows every rule in play; errs with probability ``error`` per duty and per play."""

    name = "dealer"
    wants_view = True
    attempts = True

    def __init__(self, seed: int = 0, error: float = 0.1):
        self.rng = random.Random(seed)
        self.error = error

    def choose(self, view: MaoView, legal: Sequence[Action]) -> Action | None:
        seat = view.seat
        assert seat is not None
        mine = [a for a in legal if a.seat == seat]
        proc = procedure(view, mine)
        if proc is not None:
            return proc
        fix = [a for a in mine if a.kind in ("touch", "show")]
        if fix:
            return fix[0]
        if view.advice:  # a bot dealer in human-dealer mode assesses what the software advises
            target, name = view.advice[0]
            return Action(seat, "call", arg=(target, name))
        if view.correction is not None:
            return Action(seat, "say", arg=rb.RULINGS[1])
        duties = [a for a in mine if (a.kind == "say" and loose(a.arg) not in PROCEDURE and not self._just_said(view, a))
                  or a.kind in ("knock", "point")]
        if duties:
            if self.rng.random() < self.error:
                return None  # forgot: the reasonable time runs out
            knocks = [a for a in duties if a.kind == "knock"]
            other = [a for a in duties if a.kind != "knock"]  # phrases, then a point a rule asks for
            return other[0] if other else max(knocks, key=lambda a: a.arg)
        plays = [a for a in mine if a.kind == "play"]
        if view.drawn and view.turn != seat:
            return None  # the player before drew: leave them their time to play the card (H-beat)
        if plays or any(a.kind == "draw" for a in mine):
            if view.hand and self.rng.random() < self.error / 3 and view.turn == seat:
                return Action(seat, "play", self.rng.choice(view.hand))  # a slip: maybe improper
            if plays:
                return self.rng.choice(plays)
            return next(a for a in mine if a.kind == "draw")
        return None

    @staticmethod
    def _just_said(view: MaoView, a: Action) -> bool:
        """Whether the table's last happening is this seat saying these very words: nothing has
        happened since, so no rule can ask them again now. A phrase said is a duty done; words
        still offered after that are those of a duty already failed, which the dealer ignores
        (M-penalties-c). Saying them again would change nothing, and on its own turn the bot
        would say them for ever while the clock stood still."""
        last = view.log[-1] if view.log else None
        return last is not None and last[1:3] == ("say", a.seat) and loose(str(last[3])) == loose(a.arg)


class Perfect(Knower):
    """The dealer that never errs: every duty done, every play proper. Against the dealer (who
    forgets a duty and slips a play on purpose, as a fun opponent does) it wins 61% of two-seat
    games (issue 41): Mao between players who know every rule is won by the penalties avoided."""

    name = "perfect"

    def __init__(self, seed: int = 0):
        super().__init__(seed, 0.0)


def learning_curve(games: int, options: Mapping[str, Any], seed: int = 0, error: float = 0.05) -> list[int]:
    """One Learner (seat 0) kept over a series of games against Knowers: its penalties
    in each game. If it learns, the count falls."""
    game = registry.get("mao")
    opts = game.options(options)
    learner = Learner(seed)
    out: list[int] = []
    for i in range(games):
        state = game.new(opts, seed + i)
        bots: list[Any] = [learner] + [Knower(seed * 131 + i * 17 + s, error) for s in range(1, state.players)]
        clock = 0.0
        for _ in range(20_000):
            seats = game.to_act(state)
            if not seats:
                break
            legal = game.legal(state)
            for j, seat in enumerate(seats):  # as the simulator asks: the clock runs on when all wait
                mine = [a for a in legal if a.seat == seat]
                _, clock, acted = take_turn(bots[seat], game, state, seat, mine, clock, wait=j == len(seats) - 1)
                if acted:
                    break
        out.append(state.penalties[0])
    return out


__all__ = ["Knower", "Learner", "learning_curve"]
