"""The terminal counts seats from 1, as people do (issue 39): every game's table of seats, the seat
numbers a person types (Mao's point and call, King Taco's fish, bpoker's seat:N choices) and
``play --seat``. The rules, their JSON and the server count from 0."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from houserules.engine import get_game, registry
from houserules.engine.core import Action
from houserules.tui import renderer, typed_seat


@pytest.mark.parametrize("game", registry.names())
def test_the_table_of_seats_counts_from_one(game: str) -> None:
    g = get_game(game)
    state = g.new(g.options({"players": 3}), 4)
    out = io.StringIO()
    names = ["Ann", "Bo", "Cy"]
    Console(file=out, width=200, color_system=None).print(renderer(game).render(g.view(state, 0), names))
    rows = {name: re.search(rf"^\W*?(▶?✗?)(\d+)\s+{name}\b", out.getvalue(), re.M) for name in names}
    assert {name: int(m.group(2)) for name, m in rows.items() if m} == {"Ann": 1, "Bo": 2, "Cy": 3}, out.getvalue()


def test_a_typed_seat_is_its_number_from_one() -> None:
    assert typed_seat("1", 3) == 0 and typed_seat(" 3 ", 3) == 2
    for bad in ("0", "4", "x", ""):
        with pytest.raises(ValueError, match="1 to 3"):
            typed_seat(bad, 3)


def test_king_taco_fishes_at_the_seat_typed() -> None:
    g = get_game("king-taco")
    view = g.view(g.new(g.options({"players": 3}), 1), 0)
    action = renderer("king-taco").parse("fish red:3 2", 0, view)
    assert action is not None and action.kind == "fish" and action.arg == 1


def test_bpoker_choices_name_seats_from_one() -> None:
    from houserules.games.bpoker.cards import parse_card

    g = get_game("bpoker")
    state = g.scenario_state(g.options({"players": 3}),
                             {"viewing": [["4H", "3C"], [], []], "tables": [[{"tile": ["6C", "6H", "6S"]}], [], []],
                              "stash": [["2C"], ["3C#2"], ["4C"]]}, 0)
    g.apply(state, Action(0, "use", parse_card("6H")))
    view = g.view(state, 0)
    assert "4H>seat:1" in view.data["options"]
    assert renderer("bpoker").parse("4h>seat:2", 0, view) == Action(0, "choose", arg="4H>seat:1")
    with pytest.raises(ValueError) as said:
        renderer("bpoker").parse("9S>seat:2", 0, view)
    assert "seat:0" not in str(said.value) and "4H>seat:3" in str(said.value)  # the choices, from 1 too


def test_play_takes_your_seat_counted_from_one() -> None:
    from typer.testing import CliRunner

    from houserules.cli import app

    result = CliRunner().invoke(app, ["play", "shedding", "--players", "2", "--seat", "3", "--seed", "1"])
    assert result.exit_code != 0 and "--seat must be 1..2" in result.output
