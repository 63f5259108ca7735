"""Every game as an OpenSpiel game, so the field's algorithms (MCTS, ISMCTS, CFR, exploitability) run on it.

    import pyspiel
    from houserules.envs import openspiel
    game = openspiel.game("shedding", players=2)            # a pyspiel.Game
    same = pyspiel.load_game("houserules_shedding(players=2)")  # registered on import

Needs the ``[openspiel]`` extra (``open_spiel``, which provides ``pyspiel``).
Importing this module registers one OpenSpiel game per houserules game,
named ``houserules_`` + the game's name with ``_`` for ``-``:
``houserules_shedding``, ``houserules_king_taco``,
``houserules_cripple_mr_onion``, ``houserules_mao``, ``houserules_bpoker``.
``pyspiel.load_game`` takes the game's options that are single values
(numbers, words, flags) and the bridge's own parameters; options that are
lists or tables (King Taco's ``deck``, Mao's ``house`` rules, Onion's
``modifiers``) go through ``game(name, **options)``, which takes them all.

What an OpenSpiel state is here:

* **Actions** are the game's encoding indices (engine/encoding.py, the same
  as the PettingZoo and Gymnasium environments'); the player to move is the
  first seat the rules ask, as in the simulator, except where the rules ask
  because of cards only that seat sees (King Taco's NOPE window and
  auction, Mao after a draw): there the environments' table asks in an
  order every seat may know, and a seat the rules do not ask may only pass
  (envs/asking.py; the same order as PettingZoo's and Gymnasium's).
  A game with time (Mao) offers ``wait`` and lets time pass by itself when
  the rules ask nobody (envs/common.py).
* **Chance.** ``deals=0`` (the default): the game is SAMPLED_STOCHASTIC;
  each ``new_initial_state()`` is a fresh deal drawn from the game's own
  generator (``seed``), with no chance node, and every later shuffle comes
  from that deal's generator. ``deals=K``: EXPLICIT_STOCHASTIC, the first
  node is a chance node over K equally likely deals (the games dealt from
  seeds ``seed`` .. ``seed + K - 1``); the game is then deterministic, so a
  tabular algorithm can walk its whole tree when the rest is small (the
  ``small`` variants below). A deal is a seed because each game shuffles
  its own cards its own way (a King Taco deck, bpoker's three decks): the
  seed is the one description of a deal that every game shares.
  ``redeals=R`` adds, after each deal, R redeals for each seat of what
  that seat cannot see (``determinize``): the seat cannot tell them from
  the deal, so its information sets span several deals.
* **Returns** are ``envs.common.payoffs``: +1 shared by the winners, -1 by
  the rest, 0 when nobody or everybody won, at the end only (zero-sum).
  A game its turn limit cuts off undecided, or that reaches ``max_moves``
  decisions, returns 0 to everyone.
* **Observations.** The observer's tensor is the encoding's observation of
  the seat's view, with every named piece of ``encoding.fields`` as a named
  slice (``observer.dict["hand"]``); its string is the view as JSON (a
  spectator's view for a public-only observer). The information-state
  string is the seat's perfect recall: a digest of each view it has had
  (a step each time it changed) and every action it took, in order
  (envs/recall.py); in a short game (``max_moves`` up to ``TENSOR_MOVES``)
  it is a tensor too, a row per step: the view's observation and the
  seat's action as a one-hot.
* **Resampling.** ``resample_from_infostate(seat, sampler)`` is the
  runner's stand-in (engine/infoset.py): ``determinize`` redraws every card
  the seat cannot see, and the sample gets a fresh generator, so it tells
  neither the hidden cards nor the next shuffle. The seat keeps its own
  history (its information state is unchanged); every other seat's history
  restarts from its view of the sample (it cannot be rebuilt for cards that
  were redrawn), so an ISMCTS tree never keys an opponent's node by the real
  hidden cards.

``small(name)`` is a game's small variant where tabular CFR and
exploitability fit (docs/programs.md says which games have one and why the
others do not); ``census(game)`` counts a tree. A move deep in a recursive
walk of a long game says in one line that the tree is too deep to walk.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from numpy.typing import NDArray

from ..engine import registry
from ..engine.core import Action, GameError
from ..engine.encoding import WAIT, decode
from ..engine.infoset import forget_chance
from .common import EncodedGame, payoffs
from .recall import Recall, digest

PREFIX = "houserules_"
#: draws ``resample_from_infostate`` tries for one that agrees with who is asked and what they may do
RESAMPLE_TRIES = 100
#: decisions after which a game ends undecided (0 to everyone): OpenSpiel needs a longest game
MAX_MOVES = 10_000
#: the longest ``max_moves`` for which a seat's information state is also a tensor (a row per step),
#: and the most floats it may have (a row is an observation and a one-hot action: bpoker's is 26,000)
TENSOR_MOVES, TENSOR_SIZE = 64, 2**18
#: how much of Python's recursion limit a state's move may find used before it says the tree is
#: too deep to walk whole (a tabular method recurses once per move)
DEEP = 0.75
#: the bridge's own parameters, besides the game's options
BRIDGE = {"deals": 0, "seed": 0, "max_moves": MAX_MOVES, "redeals": 0}
#: per game, options (and the bridge's parameters) of a variant small enough for tabular CFR
SMALL: dict[str, dict[str, Any]] = {
    # two seats, three cards each from a deck of 2 colours x 1-4, two +=2 cards and a WILD, eight
    # turns, a goto try that always wins; one deal and five redeals of what each seat cannot see, so
    # a seat's information sets span up to six deals (a WILD's colour is named not knowing the
    # rival's hand): 740 states (docs/programs.md has CFR's curves)
    "king-taco": {"players": 2, "hand_size": 3, "max_turns": 8, "goto": 1, "deals": 1, "redeals": 5,
                  "max_moves": 16,
                  "deck": {"colours": ["red", "yellow"], "numbers": [1, 2, 3, 4], "effects": ["+=2"],
                           "plain_wilds": 1, "wild_effects": []}},
}


@dataclass(frozen=True)
class Census:
    """A whole game tree counted (``census``)."""

    states: int  # decision and chance nodes
    terminals: int
    information_sets: int
    spanning: int  # information sets holding states of two deals or more
    widest: int  # the most deals one information set holds


def census(game: HouseRulesGame, limit: int = 100_000) -> Census:
    """Walk ``game``'s whole tree (an explicit-chance game: ``deals`` > 0), without recursion;
    GameError past ``limit`` nodes. Why: a tabular method's cost is the tree's size, and CFR
    on hidden information needs information sets that span several deals."""
    if not game.deals:
        raise GameError("census walks a game with its deals listed (deals=K): a sampled game has no whole tree")
    sets: dict[str, set[int]] = {}
    states = terminals = 0
    todo = [game.new_initial_state()]
    while todo:
        state = todo.pop()
        if state.is_terminal():
            terminals += 1
            continue
        states += 1
        if states > limit:
            raise GameError(f"{game.table.game.title} here has more than {limit} states: too many to count")
        if state.is_chance_node():
            todo.extend(state.child(o) for o, _ in state.chance_outcomes())
            continue
        sets.setdefault(state.information_state_string(state.current_player()), set()).add(state.history()[0])
        todo.extend(state.child(a) for a in state.legal_actions())
    return Census(states, terminals, len(sets), sum(len(d) > 1 for d in sets.values()),
                  max((len(d) for d in sets.values()), default=0))


def openspiel_name(name: str) -> str:
    """The OpenSpiel name of a houserules game: ``houserules_king_taco`` for ``king-taco``."""
    return PREFIX + registry.spec(name).name.replace("-", "_")


def _scalar_options(name: str) -> dict[str, Any]:
    """The game's options that OpenSpiel parameters can carry (single values), with their defaults;
    an option whose default depends on the number of players (bpoker's ``hands``, a dealer's seat)
    with the value that stands for the game's own default (``_table_sized``): pyspiel fills in
    every parameter it is not given, and one table size's default would be imposed on every other."""
    game, (low, high) = registry.get(name), registry.spec(name).players
    defaults, fewest, most = game.options({}), game.options({"players": low}), game.options({"players": high})
    sized = _table_sized(name)
    return {k: sized.get(k, v) for k, v in defaults.items()
            if isinstance(v, (bool, int, float, str)) and (k == "players" or k in sized or fewest[k] == v == most[k])}


def _table_sized(name: str) -> dict[str, int]:
    """Whole-number options (and seats) whose default depends on the number of players, each with a
    value below its range that stands for that default in pyspiel's parameters."""
    game, (low, high) = registry.get(name), registry.spec(name).players
    fewest, most = game.options({"players": low}), game.options({"players": high})
    out = {}
    for option in game.option_schema:
        if option.key == "players" or fewest.get(option.key) == most.get(option.key):
            continue
        if option.type == "seat":
            out[option.key] = -1
        elif option.type == "int" and option.low is not None:
            out[option.key] = int(option.low) - 1
    return out


def _game_type(name: str, explicit: bool, tensor: bool = False) -> Any:
    spec = registry.spec(name)
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=openspiel_name(name),
        long_name=f"houserules {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if explicit else mode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.players[1],
        min_num_players=spec.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**_scalar_options(name), **BRIDGE},
    )


class HouseRulesGame(pyspiel.Game):  # type: ignore[misc]
    """One houserules game with its options, as a ``pyspiel.Game``."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None):
        params = dict(params or {})
        bridge = {k: params.pop(k, v) for k, v in BRIDGE.items()}
        if any(isinstance(v, bool) or not isinstance(v, int) for v in bridge.values()) \
                or bridge["deals"] < 0 or bridge["max_moves"] < 1 or bridge["redeals"] < 0 \
                or (bridge["redeals"] and not bridge["deals"]):
            raise GameError(f"deals is a whole number, 0 (a fresh deal each game) or more; max_moves at least 1; "
                            f"redeals 0 or more, with deals; seed a whole number: got {bridge}")
        self.name = registry.spec(name).name
        sized = _table_sized(self.name)  # pyspiel's stand-in for "the game's default at this table size"
        params = {k: v for k, v in params.items() if not (k in sized and v == sized[k])}
        self.deals, self.seed, self.max_moves = bridge["deals"], bridge["seed"], bridge["max_moves"]
        self.redeals = bridge["redeals"]
        if "shaped" in params:  # OpenSpiel's returns are the game's own, zero-sum
            raise GameError("shaped rewards are for the PettingZoo and Gymnasium envs, not the OpenSpiel game")
        self.table = EncodedGame(self.name, **params)  # checks the options: a GameError says why
        self.encoding = self.table.encoding
        self._deal_seeds = random.Random(self.seed)
        self.fallbacks = 0  # resamples where no draw agreed and the position itself was used
        #: the deals of the chance node: each dealt deal, then its redeals for each seat in turn
        self.outcomes = self.deals * (1 + self.table.players * self.redeals)
        #: the information-state tensor's rows (a step each: the deal, then at most one per move), 0: none
        rows = self.max_moves + 1
        small = self.max_moves <= TENSOR_MOVES and rows * (self.table.obs_size + self.table.act_size) <= TENSOR_SIZE
        self.rows = rows if small else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.act_size,
            max_chance_outcomes=self.outcomes,
            num_players=self.table.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_moves + (1 if self.deals else 0),
        )
        scalars = {k: v for k, v in {**self.table.options, **bridge}.items()
                   if k in _game_type(self.name, False).parameter_specification}
        super().__init__(_game_type(self.name, self.deals > 0, self.rows > 0), info, scalars)

    def deal(self, outcome: int) -> tuple[int, tuple[int, int] | None]:
        """The chance node's ``outcome``: the seed it deals from, and for a redeal the seat whose
        view it keeps and which of its redeals it is."""
        base, rest = divmod(outcome, 1 + self.table.players * self.redeals)
        return self.seed + base, None if rest == 0 else divmod(rest - 1, self.redeals)

    def new_initial_state(self) -> HouseRulesState:
        """The deal's chance node (``deals`` > 0), else a fresh deal from the game's generator."""
        return HouseRulesState(self, None if self.deals else self._deal_seeds.randrange(2**31))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self, iig_obs_type, params)


def _view_text(table: EncodedGame, seat: int | None) -> str:
    return json.dumps(table.view(seat).to_json(), sort_keys=True, default=str)


class HouseRulesState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: an ``EncodedGame`` table plus each seat's recall.

    Its attributes are what OpenSpiel copies to clone it and pickles to serialize it (onto a
    fresh ``new_initial_state()`` of the same game), so none of them is the game: ``house()``
    asks pyspiel for it. (A game kept as an attribute came back from a pickle as an empty
    shell, and the deserialized state could not be played.)"""

    def __init__(self, game: HouseRulesGame, seed: int | None):
        super().__init__(game)
        self.table: EncodedGame = game.table.fork()
        self.moves = 0
        self.deal_seed: int | None = None
        self.first: int | None = None  # a resample's player to move, when other seats are asked too
        self.recall = Recall(game.table.players, frames=game.rows > 0)
        if seed is not None:
            self._deal(seed)

    def house(self) -> HouseRulesGame:
        """The game this state belongs to."""
        game: HouseRulesGame = self.get_game()
        return game

    def _deal(self, seed: int, redeal: tuple[int, int] | None = None) -> None:
        self.table.new(seed)
        if redeal is not None:  # what the seat cannot see, redrawn (``redeals``)
            rng = random.Random(f"{seed}/{redeal[0]}/{redeal[1]}")
            sample = self.table.game.determinize(self.table.state, redeal[0], rng)
            forget_chance(sample, rng)
            self.table.put(sample)
        self.deal_seed = seed
        self._remember(None)

    def _remember(self, actor: tuple[int, int] | None) -> None:
        """Add to every seat's recall what it sees now (and, for the seat that acted, its action)."""
        for seat in range(self.table.players):
            self.recall.see(seat, digest(_view_text(self.table, seat)),
                            actor[1] if actor is not None and actor[0] == seat else None, self._observer(seat))

    def _observer(self, seat: int) -> Callable[[], NDArray[np.float32]]:
        """``seat``'s observation now, when asked for (a recall's frame)."""
        table = self.table
        return lambda: np.asarray(table.encoding.observe(table.view(seat)), np.float32)

    # --- the OpenSpiel state API ---------------------------------------------------------
    def current_player(self) -> int:
        if self.deal_seed is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        table, first = self.table, self.first
        if first is not None and not table.queue and not table.attempts and first in table.game.to_act(table.state):
            return first
        seat = table.seat_to_act()
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        return self.deal_seed is not None and (self.table.over or self.moves >= self.house().max_moves)

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        view = self.table.view(player)
        return sorted(self.table.encoding.index(view, a) for a in self.table.legal(player))

    def _guard(self) -> None:
        """A move deep in a recursive walk of the tree (CFR, exploitability, ``get_all_states``)
        says so in one line before Python's stack runs out (a RecursionError, somewhere)."""
        if self.moves < 64 or self.moves % 16:
            return
        try:
            sys._getframe(int(sys.getrecursionlimit() * DEEP))
        except ValueError:
            return
        raise GameError(f"{self.table.game.title} is {self.moves} moves deep here: too deep to walk whole (CFR, "
                        f"exploitability, get_all_states); sample it (MCCFR, MCTS, ISMCTS) or take a small "
                        f"variant (openspiel.small), or bound it with max_moves")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.house().outcomes
        return [(d, 1.0 / outcomes) for d in range(outcomes)]

    def _apply_action(self, action: int) -> None:
        if self.deal_seed is None:
            self._deal(*self.house().deal(int(action)))
            return
        self._guard()
        seat = self.current_player()
        self.first = None
        chosen = decode(self.table.encoding, self.table.view(seat), self.table.legal(seat), int(action))
        self.moves += 1
        self.table.perform(chosen)
        self._remember((seat, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            seed, redeal = self.house().deal(int(action))
            again = "" if redeal is None else f", redealt ({redeal[1] + 1}) but for what seat {redeal[0]} sees"
            return f"deal {seed}{again}"
        if self.deal_seed is not None and not self.is_terminal() and player == self.current_player():
            try:
                chosen = decode(self.table.encoding, self.table.view(player), self.table.legal(player), int(action))
                if chosen.kind == WAIT:
                    return WAIT
                return json.dumps(self.table.game.action_to_json(chosen), sort_keys=True)
            except GameError:
                pass
        return f"index {int(action)}"

    def returns(self) -> list[float]:
        if not self.is_terminal() or not self.table.over:
            return [0.0] * self.table.players
        return payoffs(self.table.game.result(self.table.state), self.table.players)

    def __str__(self) -> str:
        if self.deal_seed is None:
            return "before the deal"
        return _view_text(self.table, None)

    def information_state(self, seat: int) -> str:
        """``seat``'s perfect recall as one string: every view it had and every action it took."""
        return f"seat {seat}: {self.recall.text(seat)}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HouseRulesState:
        """A state ``player_id`` cannot tell from this one, drawn at random (see the module's doc).
        The seat sees who is asked and what it may do, so a draw must agree: the player to move
        has the same choices. Where the draw asks another seat too (Mao: a seat holding a card it
        can play is asked, and the real one may hold none), the player to move moves first in
        the sample (``first``: the order of seats asked at once is the bridge's, not the rules');
        a draw where it is not asked, or has other choices, is drawn again."""
        twin: HouseRulesState = self.clone()
        if self.deal_seed is None:
            return twin
        rng = random.Random(int(probability_sampler() * 2**53))
        asked = (self.current_player(), self._legal_actions(player_id))
        for _ in range(RESAMPLE_TRIES):
            sample = self.table.game.determinize(self.table.state, player_id, rng)
            forget_chance(sample, rng)
            twin.table.put(sample)
            twin.first = asked[0]
            if (twin.current_player(), twin._legal_actions(player_id)) == asked:
                break
        else:  # no draw agreed: the position itself (counted; never seen in tests)
            self.house().fallbacks += 1
            twin = self.clone()
        for seat in range(self.table.players):
            if seat != player_id:
                twin.recall.restart(seat, digest(_view_text(twin.table, seat)), twin._observer(seat))
        return twin


class Observer:
    """OpenSpiel's observer: the encoding's observation as a tensor with named pieces, views as strings."""

    def __init__(self, game: HouseRulesGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"the houserules observer takes no parameters, got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(kind.perfect_recall)
        private = kind.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("a houserules observer shows one seat's view or a spectator's, never every hand")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.rows, self.actions = game.rows, game.table.act_size
        if self.perfect_recall:  # a row per step of the seat's recall: its observation, its action
            seen = self.rows * game.table.obs_size
            self.tensor = np.zeros(seen + self.rows * self.actions, np.float32)
            self.dict = {} if not self.rows else {
                "observations": self.tensor[:seen].reshape(self.rows, game.table.obs_size),
                "actions": self.tensor[seen:].reshape(self.rows, self.actions)}
            return
        pieces = game.table.pieces
        self.tensor = np.zeros(sum(p.size for p in pieces), np.float32)
        self.dict = {p.name: self.tensor[p.offset:p.offset + p.size] for p in pieces}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: HouseRulesState, player: int) -> None:
        self.tensor.fill(0)
        if state.deal_seed is None:
            return
        if self.perfect_recall:
            if self.rows:
                state.recall.tensor(player, self.tensor, self.rows, self.actions)
            return
        view = state.table.view(self._seat(player))
        self.tensor[:] = state.table.encoding.observe(view)

    def string_from(self, state: HouseRulesState, player: int) -> str:
        if state.deal_seed is None:
            return "before the deal"
        if self.perfect_recall:
            return state.information_state(player)
        return _view_text(state.table, self._seat(player))


def game(name: str, **options: Any) -> HouseRulesGame:
    """``name`` as a ``pyspiel.Game``, with any of its options (lists and tables too) and the
    bridge's parameters ``deals``, ``seed``, ``max_moves``; a GameError says what is wrong."""
    return HouseRulesGame(name, options)


def small(name: str, **options: Any) -> HouseRulesGame:
    """``name``'s small variant for tabular algorithms (CFR, exploitability); GameError for a
    game that has none (docs/programs.md says why)."""
    key = registry.spec(name).name
    if key not in SMALL:
        raise GameError(f"{registry.spec(name).title} has no variant small enough for tabular CFR "
                        f"(docs/programs.md); those that do: {', '.join(SMALL)}")
    return game(key, **{**SMALL[key], **options})


def register() -> list[str]:
    """Register every houserules game with pyspiel (once); the names registered."""
    known = set(pyspiel.registered_names())
    out = []
    for name in registry.names():
        if not registry.spec(name).encoding:
            continue
        short = openspiel_name(name)
        if short not in known:
            pyspiel.register_game(_game_type(name, False), _creator(name))
        out.append(short)
    return out


def _creator(name: str) -> type[HouseRulesGame]:
    """A class per game for pyspiel's registry, which calls it with the parameters. (A class, not a
    function: pyspiel keeps what it is given until after Python has shut down, and a function
    kept so crashes the interpreter's exit.)"""

    def __init__(self: HouseRulesGame, params: Mapping[str, Any] | None = None) -> None:
        HouseRulesGame.__init__(self, name, params)

    made = type(f"HouseRules_{name.replace('-', '_')}", (HouseRulesGame,), {"__init__": __init__})
    globals()[made.__name__] = made  # found by name, as pickle finds a class
    return made


NAMES = register()
