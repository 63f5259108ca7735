"""What the PettingZoo and Gymnasium wrappers share: one game at one table, as numbers.

A ``Table`` holds the state and answers in the encoding's terms: the seat
to act (the first one asked, as in the simulator, when several are), its
observation and action mask built from its view only, an index turned back
into the legal action it names, and the rewards once the game ends
(``payoffs``: +1 for a win, shared among joint winners; -1 spread over the
seats that lost; 0 for everyone when nobody won or everybody did, so the
rewards always sum to 0). A game cut off by its turn limit without a winner
(``cut_short``) is *truncated*, not terminated: no rules decided it.

With ``attempts=True`` (a game whose encoding can name the action behind
any index: Mao) the table is open, as a real Mao table is: every seat in
turn, in seat order whatever the rules ask, may make any attempt a person
could make or pass (``wait``); the referee applies an attempt or assesses
its penalty (table mode), and once every seat has passed in a row the clock
runs on to the rules' next deadline. Neither the mask nor the seat selected
then depends on the rules in play or on a duty nobody was told of.

Who is asked is public (envs/asking.py). Where the rules ask a seat because
of cards only it sees (King Taco's NOPE window and auction, Mao after a
draw), the table asks in an order every seat may know instead, and a seat
the rules do not ask is offered only the answer that says nothing
(``Asking.passing``): the seat to act, its mask and what it may do tell
nobody those cards, in every environment alike (PettingZoo, Gymnasium,
RLCard's ``run`` and OpenSpiel). A runner answers that pass for a bot
without asking it (``passing_only``), so bots decide as before.

Time (Mao): a seat's decisions include ``wait`` whenever the rules have a
deadline (engine/encoding.py): the clock runs on to it. Other actions happen
at the table's current clock. When the rules ask nobody but a deadline is
pending, the table lets the time pass by itself; when they ask nobody and
nothing is pending, the game is stuck, which is a GameError, never a hang.
"""

from __future__ import annotations

import copy
import io
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..engine import referee, registry
from ..engine.core import Action, Ending, GameError, Result
from ..engine.encoding import (
    WAIT,
    Encoding,
    attempts,
    bounds,
    carry_out,
    decisions,
    decode,
)
from ..engine.protocol import Game
from .asking import PLAIN, Asking, asking

if TYPE_CHECKING:
    from gymnasium import spaces


#: with ``shaped=True``, a seat's reward for each penalty card it is given (Mao); a game
#: is worth +1/-1, so ten penalty cards weigh as much as the game itself
PENALTY_REWARD = -0.1


def payoffs(result: Result | None, players: int) -> list[float]:
    """Each seat's reward for ``result``, zero-sum: +1 shared by the winners, -1 shared by the
    rest; 0 for everyone in a game without a winner or where every seat won (a tie of all is
    no win). Why one function: the PettingZoo, Gymnasium and OpenSpiel bridges score a tie the
    same way, and a learner comparing them sees the same numbers."""
    if result is None or not result.winners or len(set(result.winners)) >= players:
        return [0.0] * players
    won = set(result.winners)
    return [1.0 / len(won) if s in won else -1.0 / (players - len(won)) for s in range(players)]


def named_cards(action: Action) -> int:
    """How many cards ``action`` names: its card, and the whole numbers in a tuple ``arg``
    (the cards of a set, a declaration, a discard)."""
    arg = action.arg if isinstance(action.arg, tuple) else ()
    return (action.card is not None) + sum(isinstance(x, int) and not isinstance(x, bool) for x in arg)


def cut_short(result: Result | None) -> bool:
    """Whether the game ended at its turn limit with nobody winning: an episode *truncated*
    (Gymnasium's and PettingZoo's word) rather than terminated. A cap the rules score (bpoker's
    turn cap counts the stashes, BP-1.6; Onion's round limit counts chips) is a real end."""
    return result is not None and not result.winners and result.how is Ending.TURN_LIMIT


def encoding_for(game: str) -> Encoding:
    spec = registry.spec(game)
    if not spec.encoding:
        raise GameError(f"{spec.title} declares no encoding (GameSpec.encoding), so it has no environment yet")
    enc: Encoding = registry.load(spec.encoding)
    return enc


class EncodedGame:
    """One game, its options and its encoding; ``state`` is the game in progress."""

    def __init__(self, game: str, players: int | None = None, attempts: bool = False, shaped: bool = False,
                 **options: Any):
        for flag, value in (("attempts", attempts), ("shaped", shaped)):
            if not isinstance(value, bool):
                raise GameError(f"{flag} is true or false, got {value!r}")
        self.attempts, self.shaped = attempts, shaped
        self.game: Game[Any, Any] = registry.get(game)
        raw = dict(options)
        if players is not None:
            raw["players"] = players
        self.options = self.game.options(raw)
        self.encoding = encoding_for(self.game.name).bound(self.options)
        if attempts and not self.encoding.names_actions:
            raise GameError(f"{self.game.title}'s encoding cannot list attempts: use attempts=False")
        self.players = self.game.seats_for(self.options)
        self.obs_size = self.encoding.observation_size(self.options)
        self.pieces = self.encoding.fields(self.options)  # the observation's named pieces
        self.act_size = self.encoding.action_size(self.options)
        self.state: Any = None
        self._decisions: dict[int, list[Action]] = {}  # per seat, until the state next changes
        self._views: dict[int | None, Any] = {}  # the same
        self.unindexed = 0  # decisions left out because the encoding has no index for them
        self._passes = 0  # attempts: seats that have passed in a row
        self._seat = 0  # attempts: the seat whose go it is
        self._penalised: list[int] = [0] * self.players  # shaped: penalty cards each seat was last told of
        # the order of asking where the rules ask in secret (envs/asking.py): the seats still to ask
        # before the rules go on, those that said nothing since the rules last moved (passed over
        # while the rules still ask them), and what the last moment was
        self.asking: Asking = PLAIN if attempts else asking(self.game.name)
        self.queue: tuple[int, ...] = ()
        self.passed: tuple[int, ...] = ()
        self.mark: Any = None
        if shaped:
            self.new(0)
            if self.encoding.penalty_cards(self.view(None)) is None:
                raise GameError(f"{self.game.title} counts no penalty cards in its views, so shaped=True "
                                f"has nothing to shape (Mao does)")
            self.state = None

    def fork(self) -> EncodedGame:
        """An independent copy of the table and its game (a search plays on it; this one is untouched)."""
        twin = copy.copy(self)
        twin.state = None if self.state is None else self.game.copy(self.state)
        twin._decisions, twin._views = dict(self._decisions), dict(self._views)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> EncodedGame:
        """A deep copy is a ``fork``: the game and encoding are shared, never copied (OpenSpiel
        clones a state by deep-copying its attributes)."""
        return self.fork()

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: the game by its name, not the lists made for the state it had
        (decisions and views, remade when asked) (the OpenSpiel bridge serializes states)."""
        kept = {**self.__dict__, "game": self.game.name}
        kept["_decisions"], kept["_views"] = {}, {}
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        self.__dict__.update(kept)
        self.game = registry.get(kept["game"])

    def put(self, state: Any) -> None:
        """Play on ``state`` from now on (a sample of the same information set, say), at the same
        moment of the order of asking."""
        self.state = state
        self._decisions.clear()
        self._views.clear()

    def new(self, seed: int) -> None:
        self.state = self.game.new(self.options, seed)
        seats = self.game.to_act(self.state)
        self._passes, self._seat = 0, seats[0] if self.attempts and seats else 0  # the dealer starts Mao
        self._penalised = [0] * self.players
        self.queue, self.mark = (), None
        self.settle()

    def settle(self) -> None:
        """Let time pass while the rules ask nobody (a deadline pending; GameError when stuck), then
        find whom to ask (``Asking.moment``). Called after every change of the state, so it also
        forgets the decisions listed before."""
        self._decisions.clear()
        self._views.clear()
        if not self.attempts:  # an open table always has a seat to decide, and passing lets time run
            self._pass_time()
        self.passed = ()
        self.queue, self.mark = self.asking.moment(self.game, self.state, self.mark, self.queue)

    def _pass_time(self) -> None:
        for _ in range(10_000):
            if self.over or self.game.to_act(self.state):
                return
            due = self.game.deadline(self.state)
            if due is None:
                break
            self.game.advance(self.state, due)
        raise GameError(f"{self.game.title} asks nobody to act and has nothing pending: the game is stuck")

    @property
    def over(self) -> bool:
        return self.game.result(self.state) is not None

    def seat_to_act(self) -> int | None:
        """The seat asked now: the next in the public order of asking while it runs
        (envs/asking.py), else the first seat the rules ask (as in the simulator) that has not
        said nothing since they last moved; with attempts, the seat whose go it is."""
        if self.attempts:
            return None if self.over else self._seat
        if self.queue:
            return self.queue[0]
        seats = self.game.to_act(self.state)
        return next((s for s in seats if s not in self.passed), seats[0]) if seats else None

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s decisions now: its legal actions, and ``wait`` in a game with time; while the
        public order of asking runs, only the answer that says nothing for a seat the rules do not
        ask (and that answer besides the rules' where it may be declined: Mao's drawer); with
        ``attempts``, every attempt the referee would judge (engine.encoding.attempts)."""
        if seat not in self._decisions:
            if self.attempts:
                found = [*attempts(self.game, self.state, seat, self.encoding, self.act_size), Action(seat, WAIT)]
            elif self.passing_only(seat):
                found = [Action(seat, self.asking.passing)]
            else:
                found = decisions(self.game, self.state, seat)
                if self.queue and self.asking.declines and not any(a.kind == self.asking.passing for a in found):
                    found.append(Action(seat, self.asking.passing))
            self._decisions[seat] = self._indexed(seat, found)
        return self._decisions[seat]

    def passing_only(self, seat: int) -> bool:
        """Whether ``seat`` is asked only by the public order of asking, not by the rules: its one
        decision is ``Asking.passing``, which a runner gives for a bot without asking it, so that
        bots decide exactly as where the rules alone ask."""
        return bool(self.queue) and seat == self.queue[0] and seat not in self.game.to_act(self.state)

    def view(self, seat: int | None) -> Any:
        """``seat``'s view, made once per state (a bpoker view is the dearest part of a step)."""
        if seat not in self._views:
            self._views[seat] = self.game.view(self.state, seat)
        return self._views[seat]

    def _indexed(self, seat: int, found: list[Action]) -> list[Action]:
        """``found`` but any action the encoding has no index for (bpoker: a declaration from a
        table longer than its index space), counted in ``unindexed``: offered, it would crash
        the mask; left out, the seat still has the rest."""
        view = self.view(seat)
        out = []
        for action in found:
            try:
                self.encoding.index(view, action)
            except GameError:
                self.unindexed += 1
                continue
            out.append(action)
        return out

    def observe(self, seat: int) -> dict[str, NDArray[Any]]:
        """``{"observation", "action_mask"}`` for ``seat`` (an empty mask when it is not asked)."""
        view = self.view(seat)
        obs = np.asarray(self.encoding.observe(view), dtype=np.float32)
        act = np.zeros(self.act_size, dtype=np.int8)
        if seat == self.seat_to_act():
            act[[self.encoding.index(view, a) for a in self.legal(seat)]] = 1
        return {"observation": obs, "action_mask": act}

    def observation_box(self) -> spaces.Box:
        """The observation's space, bounded piece by piece where the encoding knows the bounds."""
        from gymnasium import spaces  # only the Gymnasium and PettingZoo envs ask (not OpenSpiel's)

        low, high = bounds(self.pieces)
        return spaces.Box(np.array(low, dtype=np.float32), np.array(high, dtype=np.float32), dtype=np.float32)

    def space(self) -> spaces.Dict:
        """What every seat observes: the observation and the action mask."""
        from gymnasium import spaces

        return spaces.Dict({"observation": self.observation_box(),
                            "action_mask": spaces.Box(0, 1, (self.act_size,), np.int8)})

    def in_space(self, index: Any) -> bool:
        """Whether ``index`` is a whole number in the action index space."""
        return bool(not isinstance(index, bool) and isinstance(index, (int, np.integer)) and 0 <= index < self.act_size)

    def is_legal(self, seat: int, index: Any) -> bool:
        view = self.view(seat)
        return any(self.encoding.index(view, a) == int(index) for a in self.legal(seat))

    def act(self, seat: int, index: Any) -> None:
        """Play the legal action ``index`` names for ``seat``; GameError when it names none."""
        if self.over:
            raise GameError("the game is over: reset the environment before stepping it again")
        if not self.in_space(index):
            raise GameError(f"an action is an index 0..{self.act_size - 1}, got {index!r}")
        view = self.view(seat)
        self.perform(decode(self.encoding, view, self.legal(seat), int(index)))

    def perform(self, action: Action | None) -> None:
        """Carry out a decision of the seat to act (None: a bot that waits, at an open table).
        While the public order of asking runs, the answer that says nothing waits for the last
        seat asked (``_answered``)."""
        if self.attempts:
            self._attempt(action)
        elif action is None:
            raise GameError("only a table with attempts lets a seat pass")
        elif self.queue:
            self._answered(action)
        else:
            carry_out(self.game, self.state, action)
            self.settle()

    def _attempt(self, action: Action | None) -> None:
        """An open table: the referee judges the attempt, a wait is a pass (every seat passing in a
        row runs the clock to the next deadline), and the go moves on to the next seat."""
        if action is None or action.kind == WAIT:
            self._passes += 1
            due = self.game.deadline(self.state)
            if self._passes >= self.players and due is not None:
                self.game.advance(self.state, due)
                self._passes = 0
        else:
            referee.act(self.game, self.state, action)  # a legal one is applied, the rest penalised
            self._passes = 0
        self._seat = (self._seat + 1) % self.players
        self.settle()

    def judge(self, action: Action, now: float | None = None) -> None:
        """A bot's attempt the rules do not offer (a Mao player's slip, at game time ``now``): the
        referee applies it, refuses it or assesses its penalty (engine/referee.py)."""
        self.queue = self.queue[1:]
        referee.act(self.game, self.state, action, now)
        self.settle()

    def _answered(self, action: Action) -> None:
        """The seat asked in the public order answered: its answer goes to the rules, unless it says
        nothing; after the last seat asked, the rules hear the seats they still ask (``Asking.close``)."""
        self.queue = self.queue[1:]
        if action.kind != self.asking.passing:
            carry_out(self.game, self.state, action)
            self.settle()
            return
        self._decisions.clear()  # the seat asked next, or the rules', decide otherwise
        self.passed += (action.seat,)
        if self.queue:
            return
        told = self.asking.close(self.game, self.state)
        for each in told:
            carry_out(self.game, self.state, each)
        if told:
            self.settle()

    def action_blocks(self) -> list[tuple[str, int, int]]:
        """The action space's blocks, ``(name, start, size)`` in index order: the encoding's
        ``action_blocks`` (engine/encoding.py: one block ``action`` unless it says)."""
        at = sorted((start, name) for name, start in self.encoding.action_blocks(self.options).items())
        ends = [start for start, _ in at[1:]] + [self.act_size]
        return [(name, start, end - start) for (start, name), end in zip(at, ends)]

    def action_features(self, seat: int) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """``seat``'s legal actions as a few numbers each, beside the mask: their indices
        (``int64[n]``) and features (``float32[n, B + 3]``, ``B`` the number of blocks), row ``i``
        describing index ``i``: a one-hot of its block (which form of decision), its place within
        the block (0..1), how many cards it names (/ 10), and the index itself (0..1). Empty
        (``n`` = 0) when ``seat`` is not asked. Why: a network scoring each legal action from
        its features generalises across the thousands of indices no game ever visits."""
        blocks = self.action_blocks()
        starts = [start for _, start, _ in blocks]
        view = self.view(seat)
        legal = self.legal(seat) if seat == self.seat_to_act() else []
        indices = np.array([self.encoding.index(view, a) for a in legal], dtype=np.int64)
        out = np.zeros((len(legal), len(blocks) + 3), dtype=np.float32)
        for row, (action, index) in enumerate(zip(legal, indices)):
            b = int(np.searchsorted(starts, index, side="right")) - 1
            _, start, size = blocks[b]
            out[row, b] = 1.0
            out[row, len(blocks)] = (index - start) / max(1, size - 1)
            out[row, len(blocks) + 1] = named_cards(action) / 10.0
            out[row, len(blocks) + 2] = index / max(1, self.act_size - 1)
        return indices, out

    def result_json(self) -> dict[str, Any]:
        result = self.game.result(self.state)
        return {} if result is None else result.to_json()

    def rewards(self) -> list[float]:
        return payoffs(self.game.result(self.state), self.players)

    def shaping(self, seat: int) -> float:
        """With ``shaped``: ``PENALTY_REWARD`` for each penalty card ``seat`` was given since it was
        last asked (0 without). Why: a random Mao game always reaches the turn limit, so the game's
        own reward is 0 and a learner learns nothing; its penalties say which attempts were wrong.
        Read from the public count in the views, never from the state behind them. Not zero-sum."""
        if not self.shaped:
            return 0.0
        counts = self.encoding.penalty_cards(self.view(seat))
        count = int(counts[seat]) if counts is not None else 0
        given, self._penalised[seat] = count - self._penalised[seat], count
        return PENALTY_REWARD * given

    @property
    def truncated(self) -> bool:
        """Whether the game is over because its turn limit cut it off undecided (``cut_short``)."""
        return cut_short(self.game.result(self.state))

    def render_text(self, seat: int | None) -> str:
        """The table as ``seat`` sees it, drawn by the game's terminal renderer, as plain text."""
        from rich.console import Console

        from ..tui import renderer

        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        names = [f"player_{s}" for s in range(self.players)]
        console.print(renderer(self.game.name).render(self.view(seat), names))
        return out.getvalue()
