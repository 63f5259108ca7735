"""The terminal: a person plays a whole bpoker game by typing; every view, menu line and log line draws."""

from __future__ import annotations

import io
import json
import random

from rich.console import Console
from rich.text import Text

from houserules.engine import registry
from houserules.engine.core import Action
from houserules.games.bpoker.cards import card_name, parse_card
from houserules.games.bpoker.said import strength
from houserules.games.bpoker.terminal import RENDERER, SHOWN
from houserules.table import Table
from houserules.tui import event_line, move_line
from houserules.tui.loop import run

GAME = registry.get("bpoker")


def test_a_person_plays_a_whole_game_by_typing() -> None:
    """Seat 0 types the first menu line every time (a card, a choice, pass, declare) to the end."""
    table = Table.create("bpoker", {"players": 3, "hands": 1, "mode": "strict"}, 5, {1: "heuristic", 2: "random"})
    out = io.StringIO()
    run(table, 0, Console(file=out, width=140), read=lambda prompt: "1")
    text = out.getvalue()
    assert table.over and "Your viewing hand" in text and "The game ends" in text
    assert "Refused" not in text


def test_views_menus_and_log_lines_draw_in_random_games() -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    console = Console(file=io.StringIO(), width=140)
    for seed in range(6):
        state = GAME.new(GAME.options({"players": 4}), seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            legal = [a for a in GAME.legal(state) if a.seat == seat]
            view = GAME.view(state, seat)
            console.print(RENDERER.render(view, names))
            for a in legal:
                assert move_line(GAME, RENDERER, a, view)
            for e in GAME.apply(state, legal[rng.randrange(len(legal))]):
                event_line("bpoker", e.for_seat(seat), names, seat)


def test_typed_words() -> None:
    state = GAME.scenario_state(GAME.options({"players": 3}),
                                {"viewing": [["5H", "QS#2", "4H"], [], []], "tables": [["AS"], [], []],
                                 "stash": [["2C"], ["3C"], ["4C"]]}, 0)
    view = GAME.view(state, 0)
    assert RENDERER.parse("qs", 0, view) == Action(0, "play", parse_card("QS#2"))
    assert RENDERER.parse("play 5H", 0, view) == Action(0, "play", parse_card("5H"))
    assert RENDERER.parse("declare AS", 0, view) == Action(0, "declare", arg=(parse_card("AS"),))
    assert RENDERER.parse("pass", 0, view) == Action(0, "pass")
    GAME.apply(state, Action(0, "play", parse_card("5H")))
    view = GAME.view(state, 0)
    assert view.data["options"] == ["QS#2", "4H"]
    assert RENDERER.parse("qs", 0, view) == Action(0, "choose", arg="QS#2")


def test_a_shafting_unit_and_its_used_sixes_draw_and_its_use_is_told() -> None:
    state = GAME.scenario_state(GAME.options({"players": 3}),
                                {"viewing": [["4H", "3C"], [], []], "tables": [[{"tile": ["6C", "6H", "6S"]}], [], []],
                                 "stash": [["2C"], ["3C#2"], ["4C"]]}, 0)
    GAME.apply(state, Action(0, "use", parse_card("6H")))
    GAME.apply(state, Action(0, "choose", arg="4H>seat:1"))
    view = GAME.view(state, 0)
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(RENDERER.render(view, ["Ann", "Bob", "Cy"]))
    assert "↶" in out.getvalue() and "unit" in out.getvalue()
    said = GAME.words(Action(0, "use", parse_card("6S")), view)
    assert said.label == "Shaft: turn [[6S]] of your unit sideways" and "as a 6" in said.note
    pair = GAME.words(Action(0, "pair", arg=(parse_card("4H"), parse_card("3C"))), view)
    assert pair.label == "Play together: [[4H]] + [[3C]]" and pair.button
    assert "f_poker" not in out.getvalue()


def test_half_typed_words_say_what_is_missing() -> None:
    """'pair 2C' said "'pair' is not a card"; 'play' alone and 'choose' with nothing asked likewise."""
    state = GAME.scenario_state(GAME.options({"players": 3}),
                                {"viewing": [["5H", "QS#2", "4H"], [], []], "tables": [["AS"], [], []],
                                 "stash": [["2C"], ["3C"], ["4C"]]}, 0)
    view = GAME.view(state, 0)
    for typed, said in (("pair 5H", "a set is two or more cards"), ("play", "play which card?"),
                        ("use", "use which card?"), ("choose", "nothing to choose now")):
        try:
            RENDERER.parse(typed, 0, view)
        except ValueError as exc:
            assert said in str(exc), (typed, exc)
        else:
            raise AssertionError(typed)


def test_choices_and_counts_read_as_words_and_cards() -> None:
    """The log said "chooses 2S#3+AS#2", "pays 1 card(s)" and told a turn's end twice."""
    names = ["Ann", "Bob", "Cy"]

    def said(event: dict, viewer: int | None = None) -> str:
        line = event_line("bpoker", event, names, viewer)
        assert line is not None
        return Text.from_markup(line).plain

    assert " 2S#3 " in said({"event": "chose", "seat": 1, "choice": "2S#3+AS#2"})  # two card chips
    assert "+" not in said({"event": "chose", "seat": 1, "choice": "2S#3+AS#2"})
    assert said({"event": "chose", "seat": 1, "choice": "5H>seat:0"}, 0).endswith("for your table.")
    assert said({"event": "chose", "seat": 1, "choice": "seat:2"}) == "Bob chooses Cy."
    assert said({"event": "chose", "seat": 1, "choice": "wild"}) == "Bob chooses wild."
    assert "pays 1 card to" in said({"event": "paid", "seat": 0, "count": 1, "to": "pot", "clause": "BP-8"})
    assert "pays 3 cards to" in said({"event": "paid", "seat": 0, "count": 3, "to": "pot", "clause": "BP-8"})
    assert "trade the 2 for …" in said({"event": "asked", "seat": 1, "prompt": "trade the 2 for", "clause": "BP-2C"})
    assert "turn is over" not in said({"event": "turn-over", "seat": 1})


def test_the_menu_offers_declarations_strongest_first() -> None:
    """Found at a table of seven: twenty declarations in the rules' order, the best among them; at
    a table of nine, 126, the best scrolled off the top (issue 39): only the strongest are listed."""
    seen = 0
    for seed in range(30):
        state = GAME.new(GAME.options({"players": 3}), seed)
        rng = random.Random(seed)
        while GAME.result(state) is None and seen < 3:
            seat = GAME.to_act(state)[0]
            legal = [a for a in GAME.legal(state) if a.seat == seat]
            view = GAME.view(state, seat)
            menu = RENDERER.menu(view, legal)
            declares = [a for a in menu if a.kind == "declare"]
            if len(declares) > 2:
                keys = [strength([card_name(c) for c in a.arg], view) for a in declares]
                every = sorted((strength([card_name(c) for c in a.arg], view) for a in legal if a.kind == "declare"),
                               reverse=True)
                assert keys == every[:SHOWN] and menu[0] is declares[0]
                assert [a for a in menu if a.kind != "declare"] == [a for a in legal if a.kind != "declare"]
                seen += 1
            GAME.apply(state, legal[rng.randrange(len(legal))])
        if seen >= 3:
            return
    raise AssertionError("no table offered several declarations")


def test_a_viewing_hand_seen_by_a_look_is_drawn_for_the_looker_only() -> None:
    state = GAME.scenario_state(GAME.options({"players": 3}),
                                {"viewing": [["QD", "2C"], ["AH", "KD"], ["3H"]],
                                 "stash": [["2D"], ["3D"], ["4D"]]}, 0)
    GAME.apply(state, Action(0, "play", parse_card("QD")))
    drawn = []
    for seat in (0, 2):
        out = io.StringIO()
        Console(file=out, width=160, color_system=None).print(RENDERER.render(GAME.view(state, seat), ["Ann", "Bob", "Cy"]))
        drawn.append(out.getvalue())
    assert "Bob's viewing hand (you looked)" in drawn[0] and "you looked" not in drawn[1]


def test_a_player_name_in_the_looked_line_is_text_not_markup() -> None:
    """Names are typed by people: "[b]Bo" must print as itself (and "[/x]" must not raise)."""
    state = GAME.scenario_state(GAME.options({"players": 3}),
                                {"viewing": [["QD", "2C"], ["AH", "KD"], ["3H"]],
                                 "stash": [["2D"], ["3D"], ["4D"]]}, 0)
    GAME.apply(state, Action(0, "play", parse_card("QD")))
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(RENDERER.render(GAME.view(state, 0), ["Ann", "[/x]Bo", "Cy"]))
    assert "[/x]Bo's viewing hand (you looked)" in out.getvalue()


def _neutralizer_table() -> Table:
    """Seat 1 (a bot) is to play; seat 0, a person, holds 3♣ and a wild on its table."""
    table = Table.create("bpoker", {"players": 3, "hands": 1, "mode": "strict"}, 5, {1: "heuristic", 2: "heuristic"})
    table.state = GAME.scenario_state(GAME.options({"players": 3}), {
        "turn": 1, "stash": [["2C#3", "3C#3"], ["2D#3", "3D#3"], ["2H#3", "3H#3"]],
        "viewing": [["AS"], ["9H", "KD"], ["QH"]],
        "tables": [["3C", {"card": "8H", "wild": True}, "KS"], ["4H"], ["JD"]]}, 0)
    return table


def test_the_terminal_offers_neutralization_out_of_turn_once() -> None:
    """BP-JE.N "at any time": before the bot's move the person is offered it, and takes it."""
    table = _neutralizer_table()
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "1" if len(prompts) == 1 else "quit"

    out = io.StringIO()
    run(table, 0, Console(file=out, width=140), read=read)
    assert "out of turn" in out.getvalue() and "Neutralization" in out.getvalue()
    kinds = [e.kind for e in table.log]  # made in seat 1's turn, before the next turn began
    assert "neutralized" in kinds and ("turn" not in kinds or kinds.index("neutralized") < kinds.index("turn"))
    assert next(e for e in table.log if e.kind == "neutralized").seat == 0


def test_declining_neutralization_lets_play_go_on_and_is_not_asked_again_this_turn() -> None:
    table = _neutralizer_table()
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "" if "Enter" in prompt else "quit"

    run(table, 0, Console(file=io.StringIO(), width=140), read=read)
    offers = [p for p in prompts if "Enter" in p]
    turns = [e.seat for e in table.log if e.kind == "turn"]
    assert offers and len(offers) <= 1 + turns.count(2)  # once in seat 1's turn, once per seat 2 turn at most
    assert not [e for e in table.log if e.kind == "neutralized"]


def test_the_terminal_offers_a_first_game(tmp_path) -> None:
    """Issue 39: a first-game preset like Mao's, in the terminal too: ``--first-game`` sets the calmer
    options and says them in words; without it the start says how to ask for one."""
    from typer.testing import CliRunner

    from houserules.cli import app

    runner = CliRunner()
    save = tmp_path / "first.json"
    first = runner.invoke(app, ["play", "bpoker", "--first-game", "--seed", "2", "--save", str(save)], input="quit\n")
    assert first.exit_code == 0, first.output
    said = " ".join(first.output.split())
    assert "First game: bpoker has some sixty card rules" in said and "no f_poker" in said
    options = json.loads(save.read_text())["options"]
    assert options["nine_diamonds"] == "stands" and options["jokers"] == 0
    mine = runner.invoke(app, ["play", "bpoker", "--first-game", "-o", "jokers=1", "--seed", "2", "--save",
                               str(save)], input="quit\n")
    assert mine.exit_code == 0 and json.loads(save.read_text())["options"]["jokers"] == 1  # -o still wins
    plain = runner.invoke(app, ["play", "bpoker", "--seed", "2", "--save", str(save)], input="quit\n")
    assert "Your first game of bpoker? houserules play bpoker --first-game" in " ".join(plain.output.split())
    none = runner.invoke(app, ["play", "shedding", "--first-game"])
    assert none.exit_code == 2 and "no first-game settings" in none.output
