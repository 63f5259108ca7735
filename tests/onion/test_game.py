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
from houserules.games.onion import modifiers, rules
from houserules.games.onion.cards import DECK_SIZE, name, names

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


@settings(max_examples=100)
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
        assert s.round <= s.rounds

    play(state, seed, each=each)
    assert state.ledger.total() == total
    assert GAME.result(state).winners
    # CMO-1.3: the match ends with one player left, or after the set number of rounds
    assert sum(not out for out in state.out) <= 1 or state.round == state.rounds


@settings(max_examples=40)
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


def hidden_swapped(state, seat: int):
    """A twin of ``state`` in which one card of ``seat`` that nobody else has
    seen is another card nobody sees (from the discards, or the bottom of the
    pack), or None if ``seat`` holds no such card."""
    hidden = modifiers.undisclosed(state, seat) if state.declared[seat] is None else []
    if not hidden:
        return None
    twin = state.copy()
    zone = twin.discards if twin.discards else twin.deck
    hand = twin.hands[seat]
    at = hand.index(hidden[0])
    hand[at], zone[0] = zone[0], hand[at]
    return twin


@settings(max_examples=60)
@given(setups)
def test_views_hide_hands_and_face_down_cards(setup) -> None:
    """What a seat sees does not change when another seat's unseen card (its
    hand, its bought and face-down cards, until it shows them) is another."""
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
        twin = hidden_swapped(s, other)
        if twin is not None:
            assert twin.hands[other] != s.hands[other]
            assert GAME.view(twin, viewer).to_json() == v
            assert GAME.view(twin, None).to_json() == GAME.view(s, None).to_json()
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


def candidates(s) -> list[Action]:
    """Actions to put to ``check`` beside the legal ones: every kind, every
    amount around the allowed ones, every card of the seat and a few more."""
    seat = s.turn
    top = s.max_raise * s.stake + s.high_bid + 2
    cards = sorted(set(s.hands[seat]) | set(s.offered) | {0, 51, 52, 103})
    out = [Action(seat, "discard", arg=tuple(cards[:k])) for k in range(6)]
    for kind in rules.KINDS:
        if kind in rules.AMOUNT_KINDS:
            out += [Action(seat, kind, arg=a) for a in range(-1, top + 1)]
        elif kind in rules.CARD_KINDS:
            out += [Action(seat, kind, c) for c in cards]
        elif kind not in ("declare", "discard"):
            out.append(Action(seat, kind))
    return out


def same_choice(s, a: Action) -> tuple:
    """An action as a person names it: copies of one card are the same
    choice (told apart by the ``*`` of a marked copy when modifiers play)."""
    if a.kind == "discard":
        return a.kind, tuple(sorted(name(c, s.marks) for c in a.arg))
    return a.kind, None if a.card is None else name(a.card, s.marks), a.arg


@settings(max_examples=60)
@given(setups)
def test_legal_and_check_agree_and_refusals_change_nothing(setup) -> None:
    players, seed = setup
    state = new(players, seed, rounds=2)
    rng = random.Random(seed)

    def each(s, action, legal):
        for a in legal:
            assert GAME.check(s, a) is None, (a, GAME.check(s, a))
        allowed = {same_choice(s, a) for a in legal}
        for a in candidates(s):  # check accepts what legal lists, and nothing else
            assert (GAME.check(s, a) is None) == (same_choice(s, a) in allowed), (a, s.phase, GAME.check(s, a))
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


@settings(max_examples=30)
@given(setups)
def test_events_are_immutable_once_emitted(setup) -> None:
    """Issue 10 item 11: an event's JSON is the same when re-sent at the end
    of the match as when it was emitted (no live reference into the state,
    such as the auction's bidders, which the auction pops)."""
    import json

    players, seed = setup
    state = new(players, seed)
    told: list[tuple[object, str]] = []
    rng = random.Random(seed)
    # folding often makes Dealers fold, so that the Dealership is auctioned
    weights = {**WEIGHT, "fold": 1.0}
    while GAME.result(state) is None:
        legal = GAME.legal(state)
        action = rng.choices(legal, [weights.get(a.kind, 1.0) for a in legal])[0]
        for e in GAME.apply(state, action):
            told.append((e, json.dumps(e.to_json(), sort_keys=True)))
    for e, then in told:
        assert json.dumps(e.to_json(), sort_keys=True) == then, e.kind


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
