"""Mao's kinds of attempt as records (game.MOVES, match.MATCH_MOVES): each declared once, with
its check, its effect, the clause that allows it and the words every screen shows for it."""

from __future__ import annotations

import re
from pathlib import Path

from houserules.cards import parse_card
from houserules.engine.core import Action
from houserules.games.mao import rulebook as rb
from houserules.games.mao.game import BY_KIND, MOVES, Kind
from houserules.games.mao.match import GAME, MATCH_MOVES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "mao.md"


def test_every_kind_is_one_record_allowed_by_a_clause_of_the_rules_page() -> None:
    defined = set(re.findall(r"^\| ([MH]-[a-z0-9-]+) \|", PAGE.read_text(), re.M))
    assert {m.kind for m in MOVES.moves} == set(Kind) == set(BY_KIND)
    assert set(GAME.codec.kinds) == {m.kind for m in MATCH_MOVES.moves} == set(Kind) | {"write", "read"}
    assert all(m.clause in defined for m in MATCH_MOVES.moves), [m.clause for m in MATCH_MOVES.moves]


def test_the_words_of_an_attempt_never_tell_a_rule() -> None:
    """One wording for the terminal menu and the browser: a label, never a cost (the rules are
    secret: what an attempt costs would tell them), never a button below the board (the board
    has its own controls)."""
    state = GAME.new({"players": 3}, 1)
    view = GAME.view(state, 0)
    said = {a: GAME.words(a, view) for a in (
        Action(0, "play", parse_card("QS")), Action(0, "draw"), Action(0, "say", arg=rb.POINT_OF_ORDER),
        Action(0, "knock", arg=1), Action(0, "knock", arg=3), Action(0, "point", arg=2),
        Action(0, "touch", arg=True), Action(0, "touch", arg=False), Action(0, "show", arg=True),
        Action(0, "show", arg=False), Action(0, "call", arg=(1, "talking")), Action(0, "call", arg=(2, "")))}
    assert [w.named(["Ann", "Bo", "Cyd"]).label for w in said.values()] == [
        "Play [[QS]]", "Draw", "Say “Point of order.”", "Knock", "Knock 3 times", "Point at Cyd",
        "Touch my cards", "Let go of my cards", "Show my hand", "Hide my hand", "Call “talking” on Bo",
        "Call a penalty on Cyd"]  # players by name, never "seat 2"
    assert all(w.cost == "" and not w.button for w in said.values())


def test_table_mode_carries_out_an_attempt_with_the_penalty_its_check_found() -> None:
    """The record's effect is given the record's check's answer: a card played out of turn is
    taken back and the penalty given under its rule."""
    state = GAME.new({"players": 3}, 2)
    GAME.apply(state, Action(state.dealer, "say", arg=rb.START))
    seat = state.step(state.turn)
    card = state.hands[seat][0]
    judged = BY_KIND["play"].check(state, Action(seat, "play", card))
    assert judged is not None and judged.penalty == rb.NOT_YOUR_TURN
    events = GAME.penalise(state, Action(seat, "play", card), judged)
    assert [e.kind for e in events][:2] == ["returned", "penalty"] and card in state.hands[seat]
