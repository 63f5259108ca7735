"""What a seat saw by a look (1♠, Q♦/Q♥) stays fixed in its search samples while it holds (looks.py).

Held here: after a 1♠ look and after a Q♦ pass every sample the looker's
``determinize`` draws keeps the looked hands exactly, while another seat's
samples still redraw them; a trade moves the knowledge with the cards; a
card played from a known hand leaves the rest known, a card drawn into it
ends what was known; nobody else's view shows it; and
in random games every memory is always exactly the owner's hand (so no
place in the rules changes a viewing hand without ending what was known).

The search bot uses what it saw: offered a 1♠ trade between a hand of 7♦s
(each opponent pays you four cards) and one of 7♣ and 10♠ (you pay, your
hand goes to the pot) of the same size, it takes the good one wherever it
lies; with the old sampler (looked hands redealt) it chose about at random.
"""

from __future__ import annotations

import random
from typing import Any

from houserules.bots.base import ask
from houserules.bots.ismcts import ISMCTS
from houserules.engine.core import Action
from houserules.games.bpoker.game import GAME
from houserules.games.bpoker.rules import Kind
from houserules.games.bpoker.state import BState

STASHES = [["2D#3", "3D#3", "4D#3", "5D#3", "6D#3", "7D#3"], ["2H#3", "3H#3", "4H#3", "5H#3", "6H#3", "7H#3"],
           ["2S#3", "3S#3", "4S#3", "5S#3", "6S#3", "7S#3"]]
SAMPLES = 200


def _state(viewing: list[list[str]], **extra: Any) -> BState:
    return GAME.scenario_state(GAME.options({"players": 3}), {"stash": STASHES, "viewing": viewing, **extra}, 0)


def _do(state: BState, *raws: dict[str, Any]) -> None:
    for raw in raws:
        action = GAME.action_from_json(raw)
        assert GAME.check(state, action) is None, raw
        GAME.apply(state, action)


def one_of_spades(one: list[str] | None = None, two: list[str] | None = None) -> BState:
    """Seat 0 plays a card on its 5-tile in effect as 1♠ and has looked at seats 1 and 2."""
    state = _state([["4D", "2C", "3C"], one or ["AH", "AD", "KH", "KD", "QS"], two or ["2H", "3H", "4H", "7C", "8C"]],
                   tables=[[{"tile": ["5S", "5S#2", "JK"], "as": "1S"}], [], []])
    _do(state, {"seat": 0, "action": "play", "card": "4D"}, {"seat": 0, "action": "choose", "choice": "JK"})
    assert state.ask is not None and state.ask.clause == "BP-1S"
    return state


def _hands(state: BState, seat: int, owner: int, n: int = SAMPLES) -> set[tuple[int, ...]]:
    """The hands ``owner`` holds in ``n`` samples drawn for ``seat``."""
    rng = random.Random(seat * 100 + owner)
    return {tuple(sorted(GAME.determinize(state, seat, rng).viewing[owner])) for _ in range(n)}


def _real(state: BState, owner: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(state.viewing[owner]))}


def test_the_looker_keeps_every_hand_a_one_of_spades_showed_it() -> None:
    state = one_of_spades()
    assert _hands(state, 0, 1) == _real(state, 1) and _hands(state, 0, 2) == _real(state, 2)
    # a seat that did not look still redraws them (its own hand stays its own)
    assert len(_hands(state, 2, 1)) > 1 and len(_hands(state, 1, 2)) > 1
    assert _hands(state, 1, 1) == _real(state, 1)


def test_the_lookers_view_lists_what_it_saw_and_nobody_elses_does() -> None:
    state = one_of_spades()
    looked = GAME.view(state, 0).to_json()["looked"]
    assert looked == [{"seat": 1, "viewing": ["KD", "AD", "KH", "AH", "QS"]},
                      {"seat": 2, "viewing": ["7C", "8C", "2H", "3H", "4H"]}]
    for seat in (1, 2, None):
        data = GAME.view(state, seat).to_json()
        assert data["looked"] == []
        shown = str(data)
        other = 2 if seat == 1 else 1  # a seat sees its own hand, never the other's
        for name in GAME.view(state, other).to_json()["viewing"]:
            assert f"'{name}'" not in shown, (seat, name)


def test_a_trade_moves_the_knowledge_with_the_cards() -> None:
    state = one_of_spades()
    gave = sorted(state.viewing[0])
    _do(state, {"seat": 0, "action": "choose", "choice": "seat:1"})
    assert sorted(state.viewing[1]) == gave
    # the trader knows the hand it gave away and still the one it did not take; the traded-with
    # seat knows the hand it gave away too; the third seat knows nothing
    assert _hands(state, 0, 1) == _real(state, 1) and _hands(state, 0, 2) == _real(state, 2)
    assert _hands(state, 1, 0) == _real(state, 0)
    assert len(_hands(state, 2, 0)) > 1 and len(_hands(state, 2, 1)) > 1
    assert [e["seat"] for e in GAME.view(state, 1).to_json()["looked"]] == [0]
    assert GAME.view(state, 2).to_json()["looked"] == []


def test_a_card_played_from_a_known_hand_leaves_the_rest_known() -> None:
    state = one_of_spades()
    _do(state, {"seat": 0, "action": "choose", "choice": "keep"}, {"seat": 0, "action": "pass"})
    assert state.turn == 1 and state.ask is None
    # seat 1's turn began without a draw (its hand is full): seat 0 still knows both hands
    assert _hands(state, 0, 1) == _real(state, 1) and _hands(state, 0, 2) == _real(state, 2)
    play = next(a for a in GAME.legal(state) if a.seat == 1 and a.kind == Kind.PLAY and a.card is not None)
    GAME.apply(state, play)
    assert play.card not in state.viewing[1] and len(state.viewing[1]) == 4
    assert _hands(state, 0, 1) == _real(state, 1), "everyone saw which card left: the rest is still known"
    assert len(_hands(state, 2, 1)) > 1


def test_knowledge_ends_when_cards_are_drawn_into_the_hand() -> None:
    state = one_of_spades(one=["AH", "AD", "KH"])
    assert _hands(state, 0, 1) == _real(state, 1)
    _do(state, {"seat": 0, "action": "choose", "choice": "keep"}, {"seat": 0, "action": "pass"})
    assert state.turn == 1 and len(state.viewing[1]) == 5, "seat 1 drew two unseen cards"
    assert len(_hands(state, 0, 1)) > 1
    assert _hands(state, 0, 2) == _real(state, 2)
    assert [e["seat"] for e in GAME.view(state, 0).to_json()["looked"]] == [2]


def test_the_passer_of_a_queen_of_diamonds_keeps_the_receivers_hand() -> None:
    state = _state([["QD", "2C"], ["AH", "AD", "KH", "KD"], ["2H", "3H", "4H", "7C"]])
    _do(state, {"seat": 0, "action": "play", "card": "QD"})
    assert [len(t) for t in state.tables] == [0, 1, 0]
    assert _hands(state, 0, 1) == _real(state, 1)
    assert len(_hands(state, 0, 2)) > 1 and len(_hands(state, 2, 1)) > 1
    assert GAME.view(state, 0).to_json()["looked"] == [{"seat": 1, "viewing": ["KD", "AD", "KH", "AH"]}]
    assert GAME.view(state, 1).to_json()["looked"] == GAME.view(state, 2).to_json()["looked"] == []


def test_a_sample_rewrites_other_seats_memories_to_the_redrawn_hands() -> None:
    """Seat 2's sample must not carry what seat 0 really saw: seat 0's memory follows the sample."""
    state = one_of_spades()
    rng = random.Random(5)
    for _ in range(50):
        twin = GAME.determinize(state, 2, rng)
        assert twin.looks[0] == {o: tuple(sorted(twin.viewing[o])) for o in (1, 2)}
        assert GAME.snapshot(GAME.copy(twin)) == GAME.snapshot(twin)


def test_every_memory_is_always_the_owners_real_hand_in_random_games() -> None:
    looks = 0
    for seed in range(60):
        state = GAME.new(GAME.options({"players": 3 + seed % 4}), seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.over:
                break
            legal = GAME.legal(state)
            action: Action = legal[rng.randrange(len(legal))]
            GAME.apply(state, action)
            for looker, memory in enumerate(state.looks):
                looks += len(memory)
                for owner, cards in memory.items():
                    assert owner != looker and cards == tuple(sorted(state.viewing[owner])), (seed, looker, owner)
    assert looks, "no look happened: the test proved nothing"


GOOD, BAD = ["7D", "7D#2", "7H"], ["7C", "7C#2", "10S"]


def test_ismcts_trades_for_the_hand_it_saw_is_better() -> None:
    for good_at, (one, two) in ((1, (GOOD, BAD)), (2, (BAD, GOOD))):
        picks = []
        for seed in range(6):
            state = one_of_spades(one, two)
            action = ask(ISMCTS(seed, iterations=100), GAME, state, 0, GAME.legal(state))
            assert action is not None
            picks.append(action.arg)
        assert picks.count(f"seat:{good_at}") >= 5, (good_at, picks)
