"""Cripple Mr Onion under random play and by example: what its views show, its
deal, its options, its bots and its events. The contract every game keeps
(cards and chips conserved, matches end, replays, views hiding what they must,
refusals, legal/check) is tests/test_conformance.py's, which plays Onion under
its defaults and under every modifier with the amendments (its SPEC's variants)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from houserules.engine import get_game
from houserules.engine.core import Action
from houserules.games.onion import modifiers
from houserules.games.onion.cards import DECK_SIZE, names

GAME = get_game("cripple-mr-onion")
setups = st.tuples(st.integers(2, 7), st.integers(0, 10_000))


def new(players: int, seed: int, rounds: int = 4, chips: int = 30):
    """A small match; odd seeds play every modifier and, by turns, the amendments."""
    opts = {"players": players, "rounds": rounds, "chips": chips}
    if seed % 2:
        opts.update(modifiers="all", reform=seed % 4 == 1, declaration_round=seed % 3 == 0)
    return GAME.new(GAME.options(opts), seed)


#: how much likelier than the rest random play takes these: folding seldom, so that rounds
#: reach the second five, the special cards, the showdown and the cripple window
WEIGHT = {"fold": 0.05, "pass": 0.3, "special": 3.0, "buy": 2.0}


def play(state, seed: int, limit: int = 5000, each=None) -> list:
    rng = random.Random(seed)
    events = []
    for _ in range(limit):
        if GAME.result(state) is not None:
            return events
        legal = GAME.legal(state)
        assert legal, f"seat {state.turn} has nothing legal in phase {state.phase}"
        action = rng.choices(legal, [WEIGHT.get(a.kind, 1.0) for a in legal])[0]
        if each:
            each(state, action, legal)
        events.extend(GAME.apply(state, action))
    raise AssertionError("the match did not end")







@settings(max_examples=60)
@given(setups)
def test_views_show_what_is_public_and_the_seat_its_own(setup) -> None:
    """A seat sees its hand and everyone's face-up cards; offered cards only while
    it chooses; a spectator no hand; a discard's number is public, its cards are not."""
    players, seed = setup
    state = new(players, seed, rounds=2)
    rng = random.Random(seed)

    def each(s, action, legal):
        viewer, other = rng.sample(range(s.players), 2)
        view = GAME.view(s, viewer)
        v = view.to_json()
        assert sorted(v["hand"]) == sorted(names(s.hands[viewer], s.marks))
        assert sorted(v["face_up"][other]) == sorted(names(s.face_up[other], s.marks))
        assert not view.offered or (s.phase == "choose" and s.turn == viewer)
        spectator = GAME.view(s, None).to_json()
        assert spectator["hand"] is None and spectator["offered"] == []
        # events: a seat's secret cards reach only that seat; the number it discards is public
        if action.kind == "discard":
            for e in GAME.apply(s.copy(), action):
                if e.kind == "draw":
                    seen = e.for_seat((e.seat + 1) % s.players)
                    assert "cards" not in e.for_seat(None) and "cards" not in seen
                    assert seen["count"] == len(action.arg)

    play(state, seed, each=each)






def test_a_person_may_declare_a_weaker_arrangement() -> None:
    state = new(2, 3, rounds=1)
    while state.phase != "showdown":
        GAME.apply(state, GAME.legal(state)[0])
    seat = state.turn
    best = GAME.legal(state)[0]
    weaker = Action(seat, "declare", arg=best.arg[1:])  # leave out the strongest grouping
    assert GAME.check(state, weaker) is None
    bogus = Action(seat, "declare", arg=(("great onion", tuple(state.hands[seat][:2])),))
    assert GAME.check(state, bogus) is not None


def test_the_deal_is_two_then_three_and_three_then_two() -> None:
    """CMO-4.2, CMO-4.3: the game's generator shuffles and cuts; the Dealer
    takes two cards, the others three each from the Elder to the Younger,
    then the Dealer three and the others two; everybody antes a Stake."""
    state = GAME.new(GAME.options({"players": 4, "dealer": 2, "stake": 2}), 9)
    rng = random.Random(9)
    pack = list(range(DECK_SIZE))
    rng.shuffle(pack)
    cut = rng.randrange(1, DECK_SIZE)
    pack = pack[cut:] + pack[:cut]
    order = [2, 3, 0, 1]  # Dealer, Elder, ..., Younger
    dealt: dict[int, list[int]] = {s: [] for s in order}
    for first, rest in ((2, 3), (3, 2)):
        for seat, count in zip(order, [first, rest, rest, rest]):
            dealt[seat] += [pack.pop() for _ in range(count)]
    assert {s: state.hands[s] for s in order} == dealt
    assert state.deck == pack and state.ledger.pot == 8 and state.turn == 3


def test_options_refuse_eight_players() -> None:
    import pytest

    from houserules.engine.core import OptionsError

    with pytest.raises(OptionsError):
        GAME.options({"players": 8})
    with pytest.raises(OptionsError):
        GAME.options({"players": 1})
    assert GAME.options({"players": 7})["players"] == 7


def test_heuristic_bots_play_every_modifier() -> None:
    """Bots reach the showdowns random play seldom sees: special cards, wild rounds."""
    from houserules.sim import SimConfig, simulate

    opts = GAME.options({"players": 4, "rounds": 6, "modifiers": "all", "declaration_round": True})
    tally, _ = simulate(SimConfig(GAME.name, 6, opts, ("heuristic",) * 4, seed=1))
    assert tally.games == 6 and tally.stats["round_ends.showdown"] > 0




def test_the_auction_event_keeps_the_bidders_it_announced() -> None:
    """The auction event names the bidders as they were, though the auction pops them."""
    state = GAME.scenario_state(GAME.options({"players": 3}), {
        "hands": ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"], "dealer": 0, "phase": "draw",
        "queue": [0], "pot": 3}, 0)
    events = GAME.apply(state, Action(0, "fold"))
    auction = next(e for e in events if e.kind == "auction")
    assert list(auction.data["bidders"]) == [1, 2]
    GAME.apply(state, Action(1, "decline"))
    assert list(auction.data["bidders"]) == [1, 2]


def test_crippling_is_on_by_default() -> None:
    """Issue 10 item 8: crippling (#0) is the base game's; the option leaves it out."""
    import pytest

    from houserules.engine.core import OptionsError

    assert GAME.options({})["cripple"] is True
    assert modifiers.on(GAME.new(GAME.options({}), 1), 0)
    assert not modifiers.on(GAME.new(GAME.options({"cripple": False}), 1), 0)
    assert modifiers.on(GAME.new(GAME.options({"cripple": False, "modifiers": [0]}), 1), 0)
    with pytest.raises(OptionsError):
        GAME.options({"cripple": "yes"})


def test_buying_every_card_face_down_is_still_told() -> None:
    """The face-up deal after a seat bought all five has no cards; it is told, not silent
    (the conformance suite found a game whose log skipped it)."""
    from houserules.games.onion.words import WORDS

    line = WORDS.describe({"event": "face-up", "seat": 0, "cards": [], "bought": 5}, ["Ann", "Bob"])
    assert line is not None and "face down" in line.text
