"""King Taco in the terminal: the menu says what each card costs (issue 25), in the words
the browser shows too (game.MOVES), and the log says when an auction tie was drawn."""

from __future__ import annotations

from typer.testing import CliRunner

from houserules.cli import app
from houserules.engine.core import Action
from houserules.games.king_taco import GAME
from houserules.games.king_taco.cards import parse_card
from houserules.games.king_taco.terminal import RENDERER
from houserules.tui import move_line


def test_the_menu_shows_each_cards_mana_cost() -> None:
    """Seed 4: the first player holds red:3, red:skip and cyan:nope with no mana yet."""
    out = CliRunner().invoke(app, ["play", "king-taco", "--players", "3", "--seed", "4"], input="quit\n").output
    menu = [line.strip() for line in out.splitlines() if line.strip()[:2] in ("1 ", "2 ", "3 ")]
    assert len(menu) == 3, out
    assert menu[0].startswith("1 Play  red:3") and "mana" not in menu[0]  # a number card costs nothing
    assert "red:skip" in menu[1] and "2 mana, you have 0: no effect (+1 mana)" in menu[1]
    assert "cyan:nope" in menu[2] and "3 mana, you have 0: no effect (+1 mana)" in menu[2]


def test_a_menu_line_is_the_moves_words_with_the_cards_drawn() -> None:
    state = GAME.new(GAME.options({"players": 3}), 4)
    state.mana.set(0, 2)
    line = move_line(GAME, RENDERER, Action(0, "play", parse_card("red:skip")), GAME.view(state, 0))
    assert line.startswith(f"Play {RENDERER.card_markup('red:skip')} [dim]") and "2 mana" in line
