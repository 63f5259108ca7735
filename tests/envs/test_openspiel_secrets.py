"""An OpenSpiel information state says only what the seat may know (issue 41, item 2).

For every game: histories that give a seat identical views give it identical information
states (strings and tensors), and, move for move, the same player to move. Twin histories are
made by redrawing what the seat cannot see at the deal (``resample_from_infostate``) and
playing all twins on in step: the seat plays the same moves in every twin, and another seat
plays, in every twin where the seat has seen the same so far, the same move where one is
legal in all of them (else its quietest: a pass, an allow, a draw), so the twins stay alike
for as long as the cards allow.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the [openspiel] extra (pip install open_spiel)")

from houserules.engine import registry  # noqa: E402
from houserules.envs import openspiel  # noqa: E402

ENCODED = [name for name in registry.names() if registry.spec(name).encoding]
TABLES: dict[str, dict[str, Any]] = {
    "shedding": {"players": 3}, "king-taco": {"players": 3}, "cripple-mr-onion": {"players": 3, "rounds": 1},
    "mao": {"players": 3, "max_turns": 20}, "bpoker": {"players": 3, "hands": 1}}
#: games played, moves into each, twins made every so many moves, how many and for how long
DEALS, LENGTH, EVERY, TWINS, SPAN = 2, 80, 5, 4, 12


class Twin:
    """One history: its state, what the seat saw (``views``: a view each time it changed, and its
    own moves; ``ticks``: the view after every move, and its own moves)."""

    def __init__(self, state: Any):
        self.state = state
        self.views: tuple[Any, ...] = ()
        self.ticks: tuple[Any, ...] = ()

    def look(self, seat: int) -> None:
        view = ("v", self.state.observation_string(seat))
        if not self.views or self.views[-1] != view:
            self.views += (view,)
        self.ticks += (view,)

    def told(self, game: Any, seat: int) -> tuple[Any, Any]:
        """What the bridge tells the seat: its information state, and who moves (what it may do)."""
        state = self.state
        tensor = tuple(state.information_state_tensor(seat)) \
            if game.get_type().provides_information_state_tensor else None
        player = state.current_player()
        return ((state.information_state_string(seat), tensor),
                (player, tuple(state.legal_actions()) if player == seat else None))


def quietest(state: Any, actions: set[int]) -> int:
    """The move that shows least: the first, by its words, that names no card."""
    words = sorted((state.action_to_string(state.current_player(), a), a) for a in actions)
    plain = [a for w, a in words if "card" not in w and "index" not in w]
    return plain[0] if plain else words[0][1]


def step(twins: list[Twin], seat: int, mine: int) -> None:
    """One move in every twin: the same for every twin where the seat has seen the same so far."""
    groups: dict[Any, list[Twin]] = defaultdict(list)
    for twin in twins:
        groups[twin.ticks, twin.state.current_player()].append(twin)
    for (_, player), group in groups.items():
        legal = [set(t.state.legal_actions()) for t in group]
        common = set.intersection(*legal)
        for twin, own in zip(group, legal):
            if player == seat:
                action = sorted(own)[(7 * mine + 3) % len(own)]
                twin.ticks += (("a", action),)
                twin.views += (("a", action),)
            elif common:
                action = sorted(common)[(5 * mine + 1) % len(common)]
            else:
                action = quietest(twin.state, own)
            twin.state.apply_action(action)


def compare(game: Any, root: Any, seat: int, sampler: Any, compared: dict[str, int]) -> None:
    """Twins of ``root`` for ``seat``, walked in step: identical views, identical answers."""
    twins = [Twin(root.resample_from_infostate(seat, sampler) if i else root.clone()) for i in range(TWINS)]
    seen: dict[str, dict[Any, dict[Any, set[int]]]] = {what: defaultdict(lambda: defaultdict(set))
                                                       for what in compared}
    for move in range(SPAN):
        twins = [t for t in twins if not t.state.is_terminal()]
        for twin in twins:
            twin.look(seat)
            infostate, to_move = twin.told(game, seat)
            seen["information state"][twin.views][infostate].add(id(twin))
            seen["player to move"][twin.ticks][to_move].add(id(twin))
        step(twins, seat, move)
    for what, told in seen.items():
        for answers in told.values():
            assert len(answers) == 1, f"seat {seat} saw the same in two histories but was told different {what}s"
            compared[what] += len(set().union(*answers.values())) > 1


@pytest.mark.parametrize("name", ENCODED)
def test_identical_views_give_identical_information_states_and_players_to_move(name: str) -> None:
    """Twins are made every few moves of a random game, for every seat."""
    game = openspiel.game(name, **TABLES[name])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    compared = {"information state": 0, "player to move": 0}
    rng = random.Random(7)
    for _ in range(DEALS):
        state = game.new_initial_state()
        while not state.is_terminal() and state.move_number() < LENGTH:
            if state.move_number() % EVERY == 0:
                for seat in range(game.num_players()):
                    compare(game, state, seat, sampler, compared)
            state.apply_action(rng.choice(state.legal_actions()))
    print(name, compared)
    assert min(compared.values()) > 100


#: a King Taco deck thick with NOPEs and stacks, so windows come often
NOPES = {"players": 3, "hand_size": 5, "deck": {"colours": ["red", "yellow", "green", "cyan", "blue", "magenta"],
                                               "numbers": [1, 2, 3, 4], "effects": ["+=2", "skip", "nope"],
                                               "plain_wilds": 0, "wild_effects": ["nope"]}}


def test_king_taco_asks_every_seat_that_may_publicly_nope_or_discard_holding_one_or_not() -> None:
    """The rules ask only NOPE holders in a window (KT-H13) and number holders in an auction
    (KT-9.5); the bridge asks every seat that may publicly do it, in turn: a seat the rules do
    not ask may only pass, and a pass changes nothing anyone sees until the last has answered."""
    game = openspiel.game("king-taco", **NOPES)
    rng = random.Random(3)
    asked = {"window, the rules asking someone": 0, "window, the rules asking nobody": 0, "auction": 0}
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.table.queue:
                kt, seat = state.table.state, state.current_player()
                rules = state.table.game.to_act(kt)
                secret = set(kt.window.seats) | ({kt.pending_seat} if kt.auction and kt.pending is not None else set())
                assert seat == state.table.queue[0] and secret <= set(state.table.queue) | set(state.table.passed)
                if seat not in rules:
                    assert [state.action_to_string(seat, a) for a in state.legal_actions()] == \
                        [f'{{"action": "pass", "seat": {seat}}}']
                if not state.table.passed:
                    asked["auction" if kt.auction else "window, the rules asking " + ("someone" if kt.window
                                                                                     else "nobody")] += 1
                before, action = str(state), rng.choice(state.legal_actions())
                passing = "pass" in state.action_to_string(seat, action)
                state.apply_action(action)
                if passing and state.table.queue:
                    assert str(state) == before and state.table.game.to_act(state.table.state) == rules
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == pytest.approx(0.0)
    assert min(asked.values()) > 3, asked


def test_after_a_draw_mao_asks_the_drawer_first_whatever_it_holds() -> None:
    """The rules ask the drawer only if it holds a card it may play; the bridge asks it first
    either way, and its ``wait`` lets the next seat go on with the clock where it was."""
    game = openspiel.game("mao", players=3, max_turns=40)
    rng = random.Random(5)
    draws = {"holding a card it may play": 0, "holding none": 0}
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            mao = state.table.state
            if state.table.queue:
                drawer = state.current_player()
                assert mao.drawn and drawer == mao.turn
                asked = drawer in state.table.game.to_act(mao)
                draws["holding a card it may play" if asked else "holding none"] += 1
                if not asked:
                    assert [state.action_to_string(drawer, a) for a in state.legal_actions()] == ["wait"]
                clock = mao.clock
                wait = next(a for a in state.legal_actions() if state.action_to_string(drawer, a) == "wait")
                state.apply_action(wait)
                assert state.current_player() == mao.step(drawer) and state.table.state.clock == clock
            state.apply_action(rng.choice(state.legal_actions()))
    assert min(draws.values()) > 3, draws
