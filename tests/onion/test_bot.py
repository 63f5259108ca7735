"""The heuristic Onion bot plays the modifiers in play (issue 10 item 9): it
values hands as the showdown will and declares special cards, and the
simulator counts special declarations, cripples and wild rounds."""

from __future__ import annotations

from typing import Any

import pytest

from houserules.games.onion.bots import OnionHeuristic, worth
from houserules.engine import get_game
from houserules.engine.core import Action
from houserules.games.onion.cards import FOOL, name
from houserules.games.onion.state import OnionState
from houserules.sim import SimConfig, simulate

GAME = get_game("cripple-mr-onion")


def showdown(hands: list[str], modifiers: list[int], **options: Any) -> OnionState:
    """Two players at the showdown, seat 1 (the Elder) to declare first."""
    opts = GAME.options({"players": 2, "chips": 20, "rounds": 1, "modifiers": modifiers, **options})
    state: OnionState = GAME.scenario_state(opts, {"hands": hands, "dealer": 0, "phase": "showdown",
                                                   "queue": [1, 0], "pot": 10, "chips": [15, 15]}, 0)
    return state


def test_holding_the_fool_with_four_tens_it_declares_the_fool() -> None:
    """The issue's example: four tens are two bagels, which under the Fool are a Double Onion."""
    state = showdown(["KC AD QH AS 2C 3D 4H 5S 6C 9D", "JC* 10C 10D 10H 10S 2H 3S 4C 5D 7H"], [11])
    bot = OnionHeuristic(0)
    action = bot.choose(GAME.view(state, 1), GAME.legal(state))
    assert action.kind == "special" and action.card == FOOL
    GAME.apply(state, action)
    declared = bot.choose(GAME.view(state, 1), GAME.legal(state))
    assert declared.kind == "declare" and declared.arg[0][0] == "double bagel"  # now in the Double Onion's place


def test_it_keeps_a_special_card_that_would_cost_it() -> None:
    """The Fool swaps bagels and Onions for everyone: not declared when it
    makes the bot's own hand (a Double Onion) worth less."""
    state = showdown(["10C 10D 10H 10S 2C 3D 4H 5S 6C 9D", "JC* KC AD QH AS 2H 3S 4C 5D 7H"], [11])
    action = OnionHeuristic(0).choose(GAME.view(state, 1), GAME.legal(state))
    assert action.kind == "declare"


def test_it_values_hands_with_the_modifiers_in_play() -> None:
    """In a round of wild eights an eight is whatever the hand needs: the bot's
    worth of a hand is the showdown's, not the base game's."""
    state = showdown(["8C 8D AH KS 2C 3D 4H 5S 6C 9D", "2H 3S 4C 5D 7H 9C 9S 10D JC 6S"], [1])
    state.wild_round = True
    view = GAME.view(state, 0)
    hand = list(view.hand or ())
    wild = worth(view.situation, 0, hand)
    plain = GAME.view(showdown(["8C 8D AH KS 2C 3D 4H 5S 6C 9D", "2H 3S 4C 5D 7H 9C 9S 10D JC 6S"], [1]), 0)
    assert wild > worth(plain.situation, 0, hand)
    assert GAME.legal(state)[0].kind == "declare"
    declared = GAME.legal(state)
    chosen = OnionHeuristic(0).choose(GAME.view(state, 1), declared)
    assert chosen in declared


def test_bots_declare_special_cards_and_the_simulator_counts_them() -> None:
    opts = GAME.options({"players": 4, "rounds": 8, "modifiers": "all"})
    tally, _ = simulate(SimConfig(GAME.name, 2, opts, ("heuristic",) * 4, seed=0))
    stats = tally.stats
    assert stats["specials.total"] - stats["specials.forced"] > 0  # declared by choice, not only forced
    assert sum(1 for k in stats if k.startswith("specials.") and k not in ("specials.total", "specials.forced")) >= 3
    assert "wild_rounds" in stats and "cripples" in stats


def test_game_stats_count_cripples_and_wild_rounds() -> None:
    state = showdown(["2C 3C 4C 5C 6C 7C 8C 9C 10C KD", "AC AD AH AS AC KC KD QH JS QS"], [])
    onion = GAME.legal(state)[0]
    events = GAME.apply(state, onion)
    flush = GAME.legal(state)[-1]
    assert flush.arg[0][0] == "nine-card running flush"
    events += GAME.apply(state, Action(flush.seat, flush.kind, arg=flush.arg))
    stats = GAME.game_stats(state, events)
    assert stats["cripples"] == 1 and stats["cripple_wins"] == 1 and stats["wild_rounds"] == 0
    wild = GAME.new(GAME.options({"players": 2, "modifiers": [1]}), 0)
    wild.null_played = True
    events = []
    while wild.round < 2:
        events += GAME.apply(wild, GAME.legal(wild)[-1])  # fold, or pass: the round ends soon
    assert wild.wild_round and GAME.game_stats(wild, events)["wild_rounds"] == 1


def test_it_chooses_the_replacement_worth_most() -> None:
    """#4i: of the two cards offered for the Lady it keeps the one that helps its hand most."""
    opts = GAME.options({"players": 2, "chips": 20, "rounds": 1, "modifiers": [4]})
    state = GAME.scenario_state(opts, {"hands": ["KC AD QH AS 2C 3D 4H 5S 6C 9D", "QS* KD 10C 2H 3S 4C 5D 7H 9S 6H"],
                                       "deck": ["2D", "AH"], "dealer": 0, "phase": "showdown", "queue": [1, 0],
                                       "pot": 10, "chips": [15, 15]}, 0)
    bot = OnionHeuristic(0)
    declared = bot.choose(GAME.view(state, 1), GAME.legal(state))
    assert declared.kind == "special"  # the Lady is no use to this hand: replaced, she can only help
    GAME.apply(state, declared)
    kept = bot.choose(GAME.view(state, 1), GAME.legal(state))
    assert kept.kind == "choose" and name(kept.card) == "AH"


def answering(bid: int, pot: int) -> OnionState:
    """Two players, seat 1 to answer a bid of ``bid`` into a Pot of ``pot`` (the first part)."""
    opts = GAME.options({"players": 2, "chips": 20, "rounds": 1})
    state: OnionState = GAME.scenario_state(opts, {
        "hands": ["2C 3D 4H 5S 6C", "7D 8H 9S 10C JD"], "deck": "QH KS AC 2D 3H 4S 5C 6D 7H 8S 9C 10D JH QS KC",
        "phase": "answer", "part": 1, "bid": bid, "queue": [1], "pot": pot, "chips": [20 - bid, 20]}, 0)
    return state


def test_it_matches_only_when_the_pot_pays_with_a_margin() -> None:
    """Issue 41: the strength is the chance of beating *random* hands, and a rival who bet holds
    none; so the club heuristic matches only when the Pot pays the risk 1.6 times over. Strength
    0.4 against a bet of 2 into a Pot of 5: a random hand's odds (0.4 x 7 = 2.8 > 2) would pay, the
    margin (1.6 x 2 = 3.2) does not, so it folds; at strength 0.6 (4.2) it matches."""
    from houserules.games.onion.bots import OnionReckoner

    state = answering(2, 5)
    view, legal = GAME.view(state, 1), GAME.legal(state)
    for strength, kind in ((0.4, "fold"), (0.6, "match")):
        bot = OnionHeuristic(0)
        bot.strength = lambda view, s=strength: s  # type: ignore[method-assign]
        assert bot.choose(view, legal).kind == kind, strength
    loose = OnionReckoner(0)
    loose.strength = lambda view: 0.4  # type: ignore[method-assign]
    assert loose.choose(view, legal).kind == "match"  # the trained policies' features keep the old rule


def test_the_strong_player_is_the_shipped_policy_deciding_as_its_npz() -> None:
    """Issue 41: ``strong`` is the trained action policy, shipped as JSON and scored without
    NumPy; it chooses what ``policy:examples/onion_actions.npz`` chooses."""
    pytest.importorskip("numpy")
    from pathlib import Path

    from houserules.bots import levels, make

    assert levels("cripple-mr-onion")["strong"] == "trained"
    shipped = make("cripple-mr-onion", "strong", 0)
    npz = make("cripple-mr-onion", f"policy:{Path(__file__).parents[2] / 'examples' / 'onion_actions.npz'}", 0)
    seen = 0
    for seed in range(3):
        for view, legal in _decisions(seed):
            assert shipped.choose(view, legal) == npz.choose(view, legal)
            seen += 1
    assert seen > 50


def _decisions(seed: int) -> list[tuple[Any, list[Action]]]:
    """Every choice of more than one action in a short two-seat match of club players."""
    state = GAME.new(GAME.options({"players": 2, "rounds": 3}), seed)
    club, out = OnionHeuristic(seed), []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal(state) if a.seat == seat]
        view = GAME.view(state, seat)
        if len(legal) > 1:
            out.append((view, legal))
        GAME.apply(state, club.choose(view, legal))
    return out
