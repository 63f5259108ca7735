"""Properties of Cripple Mr Onion under random play: cards and chips are
conserved, matches end, replays agree, views hide what they must, refusals
change nothing, and legal and check agree."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from houserules.engine import act, get_game
from houserules.engine.core import Action
from houserules.engine.replay import events_digest
from houserules.games.onion.cards import DECK_SIZE, names

GAME = get_game("cripple-mr-onion")
setups = st.tuples(st.integers(2, 7), st.integers(0, 10_000))


def new(players: int, seed: int, rounds: int = 4, chips: int = 30):
    """A small match; odd seeds play every modifier and, by turns, the amendments."""
    opts = {"players": players, "rounds": rounds, "chips": chips}
    if seed % 2:
        opts.update(modifiers="all", reform=seed % 4 == 1, declaration_round=seed % 3 == 0)
    return GAME.new(GAME.options(opts), seed)


def play(state, seed: int, limit: int = 5000, each=None) -> list:
    rng = random.Random(seed)
    events = []
    for _ in range(limit):
        if GAME.result(state) is not None:
            return events
        legal = GAME.legal(state)
        assert legal, f"seat {state.turn} has nothing legal in phase {state.phase}"
        action = legal[rng.randrange(len(legal))]
        if each:
            each(state, action, legal)
        events.extend(GAME.apply(state, action))
    raise AssertionError("the match did not end")


@settings(max_examples=30)
@given(setups)
def test_cards_and_chips_are_conserved_and_matches_end(setup) -> None:
    players, seed = setup
    state = new(players, seed)
    total = state.ledger.total()

    def each(s, action, legal):
        cards = s.all_cards()
        assert len(cards) == DECK_SIZE and len(set(cards)) == DECK_SIZE
        assert s.ledger.total() == total
        assert min(s.ledger.chips) >= 0

    play(state, seed, each=each)
    assert state.ledger.total() == total
    assert GAME.result(state).winners


@settings(max_examples=15)
@given(setups)
def test_same_seed_and_actions_replay_the_same_events(setup) -> None:
    players, seed = setup
    a = new(players, seed)
    taken: list[Action] = []
    events = play(a, seed, each=lambda s, action, legal: taken.append(action))
    b = new(players, seed)
    again = []
    for action in taken:
        again.extend(act(GAME, b, GAME.action_from_json(GAME.action_to_json(action))))
    assert events_digest(events) == events_digest(again)
    assert GAME.result(a) == GAME.result(b)


@settings(max_examples=20)
@given(setups)
def test_views_hide_hands_and_face_down_cards(setup) -> None:
    players, seed = setup
    state = new(players, seed, rounds=2)

    def each(s, action, legal):
        for seat in range(s.players):
            view = GAME.view(s, seat)
            v = view.to_json()
            assert sorted(v["hand"]) == sorted(names(s.hands[seat], s.marks))
            for other in range(s.players):
                # another seat's cards reach this view only face up, declared at the showdown,
                # disclosed (#10ii) or set aside (#4i): never its face-down hand
                assert sorted(v["face_up"][other]) == sorted(names(s.face_up[other], s.marks))
                assert (view.declared[other] is None) == (s.declared[other] is None)
                assert list(view.revealed[other]) == s.revealed[other]
            assert not view.offered or (s.phase == "choose" and s.turn == seat)
        spectator = GAME.view(s, None).to_json()
        assert spectator["hand"] is None and spectator["offered"] == []
        # events: a seat's secret cards reach only that seat
        if action.kind == "discard":
            events = GAME.apply(s.copy(), action)
            for e in events:
                if e.kind == "draw":
                    assert "cards" not in e.for_seat(None)
                    assert "cards" not in e.for_seat((e.seat + 1) % s.players)

    play(state, seed, each=each)


@settings(max_examples=20)
@given(setups)
def test_legal_and_check_agree_and_refusals_change_nothing(setup) -> None:
    players, seed = setup
    state = new(players, seed, rounds=2)
    rng = random.Random(seed)

    def each(s, action, legal):
        for a in legal:
            assert GAME.check(s, a) is None, (a, GAME.check(s, a))
        wrong_seat = Action((s.turn + 1) % s.players, action.kind, action.card, action.arg)
        probes = [wrong_seat, Action(s.turn, "raise", arg=10**6), Action(s.turn, "discard", arg=(0, 1, 2, 3, 4)),
                  Action(s.turn, "bid", arg=-1), Action(s.turn, "nonsense")]
        kinds = {a.kind for a in legal}
        for probe in probes:
            if probe in legal or (probe.seat == s.turn and probe.kind in kinds and probe.kind == "discard"
                                  and GAME.check(s, probe) is None):
                continue
            before = s.snapshot()
            events = act(GAME, s, probe)
            assert [e.kind for e in events] == ["refused"], (probe, events)
            assert s.snapshot() == before
        if rng.random() < 0.05:
            c = s.copy()
            assert c.snapshot() == s.snapshot()

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
