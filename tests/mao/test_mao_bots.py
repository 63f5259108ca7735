"""Mao's bots: the rule-knower obeys (and errs only when told to), the learner learns."""

from __future__ import annotations

from houserules.engine import registry
from houserules.engine.referee import act
from houserules.games.mao.bots import Knower, learning_curve
from houserules.sim import SimConfig, simulate

GAME = registry.get("mao")


def _penalties_of_knowers(error: float, rules: str, seed: int) -> int:
    state = GAME.new(GAME.options({"players": 4, "rules": rules}), seed)
    bots = [Knower(seed + s, error) for s in range(4)]
    clock = 0.0
    for _ in range(5000):
        seats = GAME.to_act(state)
        if not seats:
            break
        choice = bots[seats[0]].choose(GAME.view(state, seats[0]), GAME.legal(state))
        if choice is None:
            clock = GAME.deadline(state) or clock
            GAME.advance(state, clock)
        else:
            act(GAME, state, choice, now=clock)
    assert GAME.result(state) is not None
    return sum(state.penalties)


def test_a_perfect_knower_is_never_penalised() -> None:
    for rules in ("standard", "all", "original"):
        assert sum(_penalties_of_knowers(0.0, rules, seed) for seed in range(5)) == 0


def test_an_erring_knower_is_penalised() -> None:
    assert sum(_penalties_of_knowers(0.3, "all", seed) for seed in range(5)) > 0


def test_the_learner_makes_fewer_penalties_over_a_series() -> None:
    curve = learning_curve(30, {"players": 4, "rules": "standard"}, seed=1)
    assert sum(curve[-10:]) < sum(curve[:10])


def test_sim_reports_penalties_for_2_to_12_players() -> None:
    for players in (2, 12):
        opts = GAME.options({"players": players, "rules": "all"})
        tally, _ = simulate(SimConfig("mao", 6, opts, tuple(["dealer", "learner"] * 6)[:players], seed=3))
        assert tally.games == 6 and sum(tally.penalties.values()) > 0


def test_a_knower_owing_a_failed_phrase_on_its_turn_moves_on() -> None:
    """A phrase whose duty already failed is still legal (the dealer ignores it, M-penalties-c);
    the rule-knower said it again and again on its own turn while the clock stood still. Now it
    plays or draws within a few decisions."""
    from houserules.engine.core import Action
    from houserules.games.mao import rulebook as rb

    thanks = {"id": "thanks", "on": "penalty",
              "must": [{"who": "player", "do": "say", "phrase": "Thank you", "failure": "ingratitude"}]}
    state = GAME.new(GAME.options({"players": 3, "rules": "base", "house": [thanks]}), 1)
    act(GAME, state, Action(state.dealer, "say", arg=rb.START))
    seat = state.turn
    GAME.advance(state, 5.0)  # delay of game: "Thank you" is owed
    GAME.advance(state, 8.0)  # not said in time: ingratitude; the words stay legal for a moment
    assert state.penalties[seat] == 2 and any(a.kind == "say" for a in GAME.legal(state) if a.seat == seat)
    knower = Knower(0, 0.0)
    kinds = []
    for _ in range(5):
        choice = knower.choose(GAME.view(state, seat), [a for a in GAME.legal(state) if a.seat == seat])
        assert choice is not None
        kinds.append(choice.kind)
        act(GAME, state, choice, now=8.0)
        if choice.kind in ("play", "draw"):
            break
    assert kinds[-1] in ("play", "draw"), kinds


def test_every_game_has_a_heuristic_and_maos_is_the_dealer() -> None:
    """``ladder GAME --bots random,heuristic,...`` must run on every game: Mao's best
    hand-written bot is the dealer, so ``heuristic`` names it too."""
    from houserules.bots import make

    for name in registry.names():
        make(name, "heuristic", 0)
    assert isinstance(make("mao", "heuristic", 0), Knower)


def test_the_perfect_bot_is_the_dealer_that_never_errs() -> None:
    """``perfect`` (issue 41): the Knower at error 0, which wins 61% of two-seat games against the
    dealer, who forgets a duty and slips a play on purpose."""
    from houserules.bots import make

    bot = make("mao", "perfect", 3)
    assert isinstance(bot, Knower) and bot.error == 0.0
