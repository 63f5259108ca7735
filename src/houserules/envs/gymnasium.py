"""A Gymnasium environment: one learner at a table of houserules bots.

    from houserules.envs.gymnasium import SingleAgentEnv
    e = SingleAgentEnv("shedding", players=2, opponents=("heuristic",))
    obs, info = e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(int(obs["action_mask"].nonzero()[0][0]))

The learner sits at ``seat`` (0 by default); the other seats are
``opponents``, the last one filling the remaining seats: each a bot spec
(``"club"``, ``"policy:me.npz"``: a bot made afresh for each game, seeded
from the game seed), a bot object (anything with ``choose``: the same one
every game, a league's frozen snapshot, say), a callable given its seat's
``{"observation", "action_mask"}`` that returns a legal index (another
network), or an RLCard agent (``eval_step``; envs/run.py). Bots are asked through ``bots.ask`` like everywhere else, so they
see only views or stand-in states. Every ``step`` is one
decision of the learner; the bots then play until the learner is asked
again or the game ends. ``reset`` hands over only a game where the learner
has a decision: a deal the bots finish first is dealt again (the next seed;
``info["redeals"]`` counts them, ``info["seed"]`` is the deal kept). The
reward is the learner's, at the end (+1 win, -1 spread over the losers, 0
when nobody or everybody won: zero-sum, see envs/common.py); a game cut off
undecided by its turn limit is ``truncated``, not ``terminated``. Observations and actions
are the game's encoding (engine/encoding.py), as in the PettingZoo env.

``action_masks()`` is the learner's mask as booleans, the method sb3-contrib's
``MaskablePPO`` reads (through Gymnasium's wrappers: ``get_wrapper_attr``).
Several tables at once are Gymnasium's own vector env:
``gymnasium.make_vec("houserules/shedding-v0", num_envs=8, players=2,
opponents=("club",))`` (``vectorization_mode="async"``: a process each);
its ``call("action_masks")`` gives every table's mask.

An index outside the action space is a ``GameError``. An index inside it
that the mask rules out is, by default (``illegal="lose"``), the end of
the episode with reward -1 and ``info["illegal"]`` saying why: Gymnasium's
own checker, and learners that ignore masks, sample the whole space, and a
loss teaches them what a crash would not. ``illegal="raise"`` makes it a
``GameError`` instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import ask
from ..engine.core import Action, GameError
from ..engine.encoding import WAIT
from .common import EncodedGame
from .run import Agent, agent


#: deals tried by ``reset`` before it gives up (a deal the bots finish before the learner is
#: asked is dealt again: ~2% in three-seat bpoker, never several in a row in practice)
REDEALS = 100


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "shedding", players: int | None = None, opponents: Sequence[Agent] = ("random",),
                 seat: int = 0, render_mode: str | None = None, illegal: str = "lose", **options: Any):
        if illegal not in ("lose", "raise"):
            raise GameError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.illegal = illegal
        if render_mode not in (None, "ansi"):
            raise GameError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.table = EncodedGame(game, players, **options)
        n = self.table.players
        if not 0 <= seat < n:
            raise GameError(f"seat must be 0..{n - 1}")
        if isinstance(opponents, str):
            raise GameError(f"opponents is a list of bot specs, bots or callables: write ({opponents!r},)")
        seated = list(opponents) or ["random"]
        self.opponents = [seated[min(i, len(seated) - 1)] for i in range(n - 1)]
        for each in self.opponents:
            agent(self.table, each, 0)  # a bad spec or object fails here, not mid-game
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space = self.table.space()
        self.action_space = spaces.Discrete(self.table.act_size)
        self.bots: dict[int, Any] = {}  # per seat: a Bot, or a callable given the seat's observation
        self._seeds = random.Random()
        self._done = True
        self._clock = 0.0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        self._done = True  # until a deal hands the learner a decision
        for redeal in range(REDEALS):
            game_seed = self._seeds.randrange(2**31)
            self.table.new(game_seed)
            others = [s for s in range(self.table.players) if s != self.seat]
            self.bots = {s: agent(self.table, each, game_seed * 31 + s) for s, each in zip(others, self.opponents)}
            self._clock = 0.0  # game time, for a game with time whose bots may wait
            self._play_bots()
            if not self.table.over:
                self._done = False
                return self.table.observe(self.seat), {"seed": game_seed, "redeals": redeal}
        raise GameError(f"{REDEALS} deals in a row ended before seat {self.seat} had a decision")

    def _play_bots(self) -> None:
        """The bots' decisions until the learner is asked or the game ends. A bot asked only by the
        public order of asking (envs/asking.py) passes without being asked, so it decides as
        where the rules alone ask; a bot that waits lets the clock run on to the next deadline,
        or, where that order asks it (Mao's drawer), lets the next seat go on."""
        t, game = self.table, self.table.game
        while not t.over:
            seat = t.seat_to_act()
            assert seat is not None
            if seat == self.seat:
                return
            if not hasattr(self.bots[seat], "choose"):  # a callable: an index from the seat's observation
                t.act(seat, self.bots[seat](t.observe(seat)))
                continue
            if t.passing_only(seat):
                t.perform(Action(seat, t.asking.passing))
                continue
            legal = [a for a in game.legal(t.state) if a.seat == seat]  # bots wait by answering None
            if t.attempts:  # an open table: a bot acts when the rules ask it, else passes
                t.perform(ask(self.bots[seat], game, t.state, seat, legal) if seat in game.to_act(t.state) else None)
                continue
            self._bot_acts(seat, ask(self.bots[seat], game, t.state, seat, legal), legal)

    def _bot_acts(self, seat: int, action: Action | None, legal: list[Action]) -> None:
        """Carry out a bot's answer (as ``bots.take_turn`` does): a wait (None) runs the clock on to
        the next deadline, or, where the public order of asking asks the bot (Mao's drawer), lets
        the next seat go on; a bot that may err has its actions judged by the referee."""
        t = self.table
        if action is None:
            if not t.queue:
                due = t.game.deadline(t.state)
                if due is None:
                    raise GameError(f"the bot at seat {seat} waited with nothing to wait for")
                self._clock = max(self._clock, due)
            t.perform(Action(seat, WAIT))
        elif self.bots[seat].attempts or action not in legal:
            t.judge(action, self._clock)
        else:
            t.perform(action)

    def step(self, action: Any) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        if self._done:
            raise GameError("the game is over: call reset() before stepping again")
        if self.illegal == "lose" and self.table.in_space(action) and not self.table.is_legal(self.seat, action):
            self._done = True
            why = f"action index {int(action)} is not legal now (see the action mask)"
            return self.table.observe(self.seat), -1.0, True, False, {"illegal": why}
        self.table.act(self.seat, action)
        self._play_bots()
        self._done = self.table.over
        reward = (self.table.rewards()[self.seat] if self._done else 0.0) + self.table.shaping(self.seat)
        info: dict[str, Any] = {}
        if self._done:
            info["result"] = self.table.result_json()
        cut = self._done and self.table.truncated
        return self.table.observe(self.seat), reward, self._done and not cut, cut, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The learner's legal actions as a boolean mask over the action space (all False when the
        game is over): what sb3-contrib's ``MaskablePPO`` asks the environment for."""
        return np.asarray(self.table.observe(self.seat)["action_mask"], dtype=bool)

    def action_features(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The learner's legal actions now, as indices and a few features each, beside the mask
        (``EncodedGame.action_features``: ``int64[n]``, ``float32[n, blocks + 3]``)."""
        return self.table.action_features(self.seat)

    def render(self) -> str | None:
        return None if self.render_mode is None else self.table.render_text(self.seat)

