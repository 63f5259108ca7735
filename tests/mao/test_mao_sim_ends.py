"""Issue 22: ``sim`` with random bots under a written rule that forbids a play looped for ever:
after a draw, the drawer holding only forbidden cards was still asked first, could only say
"Point of order.", and the dealer adjourned, with the clock standing still. Every sim game ends."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from houserules.cards import parse_card
from houserules.cli import app
from houserules.engine.core import Action
from houserules.engine.referee import act
from houserules.games.mao import rulebook as rb
from houserules.games.mao.game import GAME

COPYCAT = {"id": "copycat", "on": "play", "if": ["card.rank == below.rank"], "penalty": "copycat"}


def test_a_drawer_whose_every_playable_card_is_forbidden_is_not_asked() -> None:
    state = GAME.new(GAME.options({"players": 3, "rules": "base", "house": [COPYCAT]}), 1)
    act(GAME, state, Action(state.dealer, "say", arg=rb.START))
    seat = state.turn
    state.discard.append(parse_card("7H"))
    for zone in (state.draw, *state.hands):
        for c in (parse_card("7S"), parse_card("2C")):
            if c in zone:
                zone.remove(c)
    state.draw.append(parse_card("2C"))
    state.hands[seat] = [parse_card("7S")]  # a seven on a seven: allowed, but a copycat
    act(GAME, state, Action(seat, "draw"))
    assert not any(a.kind == "play" and a.seat == seat for a in GAME.legal(state))
    assert seat not in GAME.to_act(state) and state.step(seat) in GAME.to_act(state)


def test_random_bots_under_a_rule_that_forbids_a_play_finish(tmp_path: Path) -> None:
    path = tmp_path / "copycat.json"
    path.write_text(json.dumps({"set": ["standard"], "rules": [COPYCAT]}))
    out = CliRunner().invoke(app, ["sim", "mao", "-n", "2", "--seed", "0", "--bots", "random,random,random",
                                   "-o", f"rules=@{path}", "-o", "max_turns=400", "--json"])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["games"] == 2 and summary["unfinished"] == 0
