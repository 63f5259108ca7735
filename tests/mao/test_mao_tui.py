"""Mao in the terminal: a whole game played through the loop by a scripted person,
the menu that never lists the rules, the pause banner, the reveal."""

from __future__ import annotations

import io
import time

import pytest
from rich.console import Console

from houserules.engine import get_game
from houserules.engine.core import Action
from houserules.games.mao.terminal import RENDERER
from houserules.table import Table
from houserules.tui.loop import run


#: long, or mostly waiting: started first (tests/conftest.py)
pytestmark = pytest.mark.early

GAME = get_game("mao")


def test_parses_what_a_person_types() -> None:
    state = GAME.new(GAME.options({"players": 3}), 1)
    view = GAME.view(state, 0)
    assert RENDERER.parse('"Merry Christmas', 0, view) == Action(0, "say", arg="Merry Christmas")
    assert RENDERER.parse("say hi", 0, view) == Action(0, "say", arg="hi")
    assert RENDERER.parse("kk", 0, view) == Action(0, "knock", arg=2)
    assert RENDERER.parse("knock 3", 0, view) == Action(0, "knock", arg=3)
    # seats typed as the table of seats numbers them, from 1 (issue 39); the rules count from 0
    assert RENDERER.parse("point 3", 0, view) == Action(0, "point", arg=2)
    assert RENDERER.parse("call 2 talking", 0, view) == Action(0, "call", arg=(1, "talking"))
    assert RENDERER.parse("qs", 0, view).kind == "play"
    assert RENDERER.parse("show", 0, view) == Action(0, "show", arg=True)
    assert RENDERER.parse("wait", 0, view) is None
    for bad in ("dance", "call x", "play", "point 0", "point 4"):
        try:
            RENDERER.parse(bad, 0, view)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_the_menu_offers_every_card_never_the_rules() -> None:
    state = GAME.new(GAME.options({"players": 3}), 2)
    GAME.apply(state, Action(state.dealer, "say", arg="The game of maʊ has now started."))
    view = GAME.view(state, state.turn)
    menu = RENDERER.menu(view, GAME.legal(state))
    assert {a.card for a in menu if a.kind == "play"} == set(state.hands[state.turn])
    assert not any(a.kind == "say" and "hail" in a.arg.lower() for a in menu)


def test_a_person_plays_a_game_in_the_terminal() -> None:
    """A scripted person who draws, plays the first card they hold, waits, pauses once."""
    table = Table.create("mao", {"players": 3, "reveal": True, "delay_s": 0.5, "grace_s": 0.5}, 11, {1: "dealer", 2: "dealer"}, {0: "You"})
    out = io.StringIO()
    console = Console(file=out, width=110)
    script = iter(['"Point of order', "wait"] + ["3", "1", "wait"] * 400)  # 1 draw, 2 knock, 3 a card

    def read(prompt: str) -> str:
        return next(script)

    run(table, 0, console, read=read)
    text = out.getvalue()
    assert "maʊ" in text and "Dealer: You" in text
    assert table.over
    assert "The rules in play were" in text


def _text(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=120).print(renderable)
    return out.getvalue()


def test_a_person_who_deals_is_told_how_to_start_and_offered_the_words() -> None:
    """The Extension's winner deals the next game: before, the panel said only 'Waiting for the
    dealer' and the menu had no way to start (the words were not yet said at this table)."""
    state = GAME.new(GAME.options({"players": 3, "dealer": 0}), 4)
    view = GAME.view(state, 0)
    menu = RENDERER.menu(view, GAME.legal(state))
    says = [a.arg for a in menu if a.kind == "say"]
    assert says[0] == "The game of maʊ has now started."
    text = _text(RENDERER.render(view, ["You", "Bo", "Cy"]))
    assert "You deal: start the game by saying “The game of maʊ has now started.”" in text
    other = GAME.view(state, 1)  # everyone else waits, and is not offered the dealer's words
    assert "Waiting for the dealer" in _text(RENDERER.render(other, ["Ann", "You", "Cy"]))
    assert "The game of maʊ has now started." not in [a.arg for a in RENDERER.menu(other, []) if a.kind == "say"]


def test_the_help_says_the_clock_is_real_time() -> None:
    # it said "not your thinking time" while three delays of game were called on a person reading it
    assert "not your thinking time" not in RENDERER.help_text
    assert "real time" in RENDERER.help_text


def test_play_alone_asks_which_card() -> None:
    view = GAME.view(GAME.new(GAME.options({"players": 3}), 1), 0)
    try:
        RENDERER.parse("play", 0, view)
    except ValueError as exc:  # it said "not understood: ''"
        assert "play which card?" in str(exc)
    else:
        raise AssertionError("play alone parsed")


def test_the_prompt_gives_way_to_the_tables_next_moment() -> None:
    """At a table that keeps time the person's prompt is read with a timeout: when the rules'
    next moment comes first, it happens (a delay of game, a bot's move) and the person is asked
    again. Before, the table stood still while the person typed, and the delays ran up at once."""
    table = Table.create("mao", {"players": 3, "delay_s": 0.5, "grace_s": 0.5}, 11, {1: "dealer", 2: "dealer"}, {0: "You"})
    console = Console(file=io.StringIO(), width=110)
    timeouts: list[float] = []

    def timed(prompt: str, timeout: float) -> str | None:
        timeouts.append(timeout)
        if len(timeouts) > 6:
            return "quit"
        time.sleep(max(0.0, timeout))
        return None

    def read(prompt: str) -> str:
        raise AssertionError("a table that keeps time reads with its timeout")

    before = len(table.log)
    run(table, 0, console, read=read, timed=timed)
    assert len(timeouts) == 7 and all(t < 5 for t in timeouts[:6])
    assert len(table.log) > before  # the table moved on while the person said nothing


def test_the_panel_counts_the_turn_clock_as_the_browser_does() -> None:
    """The browser showed the seconds to the delay of game and the terminal did not."""
    state = GAME.new(GAME.options({"players": 2, "dealer": 1}), 4)
    GAME.apply(state, Action(1, "say", arg="The game of maʊ has now started."))
    GAME.advance(state, 2.0)
    view = GAME.view(state, 0)
    assert view.turn_deadline is not None
    left = view.turn_deadline - view.clock
    assert f"turn clock {left:.0f} s" in _text(RENDERER.render(view, ["You", "Bo"]))
    state.over = True
    assert "turn clock" not in _text(RENDERER.render(GAME.view(state, 0), ["You", "Bo"]))


def test_watching_plays_to_the_end_and_never_hands_a_bots_seat_to_the_watcher(tmp_path) -> None:
    """Issue 22 item 11: at a watched table every bot may wait at once (Mao); the watcher is
    never asked to move for a bot (nor does the loop stop for want of a terminal): time jumps
    to the table's next moment, and a game and a 5-game Extension match play to their end."""
    from typer.testing import CliRunner

    from houserules.cli import app

    for args in (["--seed", "3"], ["--seed", "7", "-o", "extension=true", "-o", "games=5"]):
        save = tmp_path / f"watch-{args[1]}.json"
        out = CliRunner().invoke(app, ["play", "mao", "--watch", *args, "--save", str(save)], input="")
        assert out.exit_code == 0, out.output
        assert "your move" not in out.output and "Game saved" not in out.output
        assert "Winner" in out.output and "Record saved" in out.output


def test_a_person_is_asked_whether_or_not_they_owe_anything() -> None:
    """Issue 23 item 3: at the terminal the prompt came only when the person's seat was asked
    (``to_act``), so its coming told them a duty was owed; and a person who owed nothing could
    not speak between turns. The prompt now comes whenever the bots wait, its seat asked or
    not: here in the pause the person's own point of order opens, where only the dealer is
    asked and everyone may talk."""
    table = Table.create("mao", {"players": 3, "delay_s": 0.5, "grace_s": 0.5}, 11, {1: "dealer", 2: "dealer"}, {0: "You"})
    console = Console(file=io.StringIO(), width=110)
    asked_while_not_owing: list[bool] = []

    def timed(prompt: str, timeout: float) -> str | None:
        if table.state.started and not asked_while_not_owing:
            asked_while_not_owing.append(False)
            return '"Point of order.'
        asked_while_not_owing.append(0 not in table.to_act())
        if len(asked_while_not_owing) > 12:
            return "quit"
        time.sleep(max(0.0, min(timeout, 0.05)))
        return None

    run(table, 0, console, read=lambda prompt: "quit", timed=timed)
    assert any(asked_while_not_owing), "the person was only ever prompted when asked"
