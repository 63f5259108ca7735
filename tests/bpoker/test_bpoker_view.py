"""The declaring seat's view names the hand each legal declaration makes (wilds at their best value,
BP-H13); nobody else gets the list, and it matches the legal actions one for one."""

from __future__ import annotations

from houserules.engine.core import Action
from houserules.games.bpoker.cards import card_name
from houserules.games.bpoker.game import GAME
from houserules.games.bpoker.literal import literal_state


def test_the_declaring_seat_sees_the_hand_each_declaration_makes() -> None:
    state = literal_state(GAME.options({"players": 3}), {
        "phase": "declare", "stash": [["2C#3"], ["2D#3"], ["2H#3"]],
        "tables": [["KS", "KH", "7S", "7D", {"card": "3S", "wild": True}, "2C"], [], []]}, 0)
    named = {tuple(d["cards"]): d["hand"] for d in GAME.view(state, 0).data["declarations"]}
    legal = {tuple(card_name(c) for c in a.arg) for a in GAME.legal(state) if a.kind == "declare"}
    assert set(named) == legal and len(legal) > 1  # the same words, in the same order, as the actions
    by_cards = {tuple(sorted(k)): v for k, v in named.items()}
    assert by_cards[("3S", "7D", "7S", "KH", "KS")] == "full house, Ks over 7s"
    assert by_cards[("2C", "3S", "7S", "KH", "KS")] == "three Ks"
    assert all(GAME.view(state, s).data["declarations"] == [] for s in (1, 2, None))
    assert Action(0, "pass") not in GAME.legal(state)


def test_every_card_rule_and_set_has_its_words_in_the_catalogue() -> None:
    """The menu's and the tooltips' one source: a line per card rule and per set (catalogue.SAYS)."""
    from houserules.games.bpoker.catalogue import RULES, SAYS, says
    from houserules.games.bpoker.pairs import SETS

    clauses = {r.clause for r in RULES.values()} | {r.clause for r in SETS}
    assert clauses <= set(SAYS), sorted(clauses - set(SAYS))
    assert "at once" in says("BP-9D", {"nine_diamonds": "wins"})
    assert "next turn" in says("BP-9D", {"nine_diamonds": "stands"})


def test_the_view_says_what_each_of_ones_cards_does_and_what_happens_now() -> None:
    from houserules.games.bpoker.terminal import RENDERER
    from houserules.tui import move_line

    game = GAME
    state = game.scenario_state(game.options({"players": 3}), {
        "viewing": [["QC", "AS", "AH"], [], []], "tables": [[], ["JD"], []],
        "stash": [["2C"], ["3C"], ["4C"]]}, 0)
    view = game.view(state, 0)
    assert "says" not in view.data  # bots read data and never pay for the words
    words = view.to_json()
    assert words["says"]["QC"].startswith("goes to the next player's table")
    assert words["says"]["JD"]  # a table card too
    assert words["set_says"]["AH+AS"].startswith("A + A: ends your turn and skips")
    assert words["now"] == {}
    menu = [move_line(game, RENDERER, a, view) for a in game.legal(state) if a.seat == 0]
    assert any("Play" in m and "goes to the next player's table" in m for m in menu)
    assert any("skips the next player" in m for m in menu)
    spectator = game.view(state, None).to_json()
    assert "QC" not in spectator["says"] and spectator["set_says"] == {} and spectator["now"] == {}
    state.armed_j = True
    view = game.view(state, 0)
    assert view.words()["now"]["QC"].startswith("no effect now")
    assert any("no effect now" in move_line(game, RENDERER, a, view) for a in game.legal(state) if a.kind == "play")
