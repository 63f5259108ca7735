"""What a person reads (issue 37 item 6, issue 39): the terminal's screen, menu lines and log lines
as drawn, read back as plain text."""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console
from rich.text import Text

from houserules.engine import registry
from houserules.engine.core import Action
from houserules.games.bpoker.cards import parse_card
from houserules.games.bpoker.state import BState
from houserules.games.bpoker.terminal import RENDERER, SHOWN
from houserules.tui import event_line, move_line, second_person

GAME = registry.get("bpoker")
NAMES = ["Ann", "Bob", "Cy"]
STASHES = [["2D#3", "3D#3", "4D#3", "5D#3", "6D#3", "7D#3"], ["2H#3", "3H#3", "4H#3", "5H#3", "6H#3", "7H#3"],
           ["2S#3", "3S#3", "4S#3", "5S#3", "6S#3", "7S#3"]]


def dealt(**zones: Any) -> BState:
    return GAME.scenario_state(GAME.options({"players": 3}), {"stash": STASHES, **zones}, 0)


def act(state: BState, seat: int, kind: str, card: str | None = None, arg: Any = None) -> list[str]:
    """Apply an action; the log lines it makes, as seat 0 (named "You") reads them."""
    action = Action(seat, kind, parse_card(card) if card else None, arg)
    return [plain(line) for e in GAME.apply(state, action) if (line := event_line("bpoker", e.for_seat(0), you(), 0))]


def you() -> list[str]:
    return ["You", *NAMES[1:]]


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def screen(state: BState, seat: int) -> str:
    """The whole terminal screen for ``seat`` (named "You"): the table, then the numbered menu."""
    names = [n if s != seat else "You" for s, n in enumerate(NAMES)]
    view = GAME.view(state, seat)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    console.print(RENDERER.render(view, names))
    legal = [a for a in GAME.legal(state) if a.seat == seat]
    for i, a in enumerate(RENDERER.menu(view, legal), 1):
        console.print(f"  {i} {move_line(GAME, RENDERER, a, view, names)}")
    return out.getvalue()


def test_after_a_five_the_menu_says_each_card_at_its_value_in_effect() -> None:
    """A red 5 lowers the next card: an A♣ would be a K♣ on your table (the Bomb), and says so."""
    state = dealt(viewing=[["5H", "AC", "10D"], [], []], tables=[["9S"], ["9C"], []])
    GAME.apply(state, Action(0, "play", parse_card("5H")))
    text = screen(state, 0)
    assert "as a K♣ in effect: Bomb" in text
    assert "10D  — as a 9♦ in effect: discard any card of an opponent's table" in text
    assert "ends your turn" not in text  # the A♣'s own words are not what it would do here


def test_a_reaction_prompt_names_the_card_it_is_for() -> None:
    state = dealt(viewing=[["7D"], [], []], tables=[[], ["10D"], []])
    GAME.apply(state, Action(0, "play", parse_card("7D")))
    text = screen(state, 1)
    assert "Ann's 7♦: each other player pays Ann a fee of 4 — answer with magic, or pass?" in text
    assert "Magic: discard your 10♦ (magic) — Ann's 7♦ does nothing to you" in text
    assert "Let it be (pass)" in text
    log = [plain(line) for e in GAME.apply(state, Action(1, "choose", arg="magic"))
           if (line := event_line("bpoker", e.for_seat(0), you(), 0))]
    assert any("Bob uses the Magic of" in line for line in log)


def test_your_own_play_is_met_by_your_magic_in_words() -> None:
    state = dealt(viewing=[["10C"], [], []], tables=[["10D"], [], []])
    GAME.apply(state, Action(0, "play", parse_card("10C")))
    text = screen(state, 0)
    assert "10♣ is being played on your table — answer with magic, or pass?" in text
    # a quick "1" lets your own card be; Magic is the second answer
    assert "  1 Let it be (pass)" in text and "  2 Magic: discard your 10♦ (magic) — 10♣ lands on your table" in text


def test_no_one_reads_you_s_table_or_another_player_s_your_table() -> None:
    """A 6's Shaft: "Force 5H onto your table", never "onto You's table"; a K♥'s fee asked of Bob
    reads "Bob must choose: discard a card of Bob's table", never "of your table", and seats are
    named, never "seat 1"."""
    state = dealt(viewing=[["6S", "5H"], [], []], tables=[[], [], []])
    GAME.apply(state, Action(0, "play", parse_card("6S")))
    text = screen(state, 0)
    assert "Force 5♥ onto your table" in text.replace("5H", "5♥") or "onto your table" in text
    assert "You's" not in text and "seat 0" not in text
    state = dealt(viewing=[["KH"], [], []], tables=[[], ["9C", {"card": "8S", "wild": True}], ["9H"]])
    log = act(state, 0, "play", "KH")
    seen = screen(state, 0)
    assert "Bob must choose: discard a card of Bob's table (K♥ fee, 1 to go)" in seen
    assert "Bob must choose: discard a card of Bob's table (K♥ fee, 1 to go)." in log
    asked = screen(state, 1)
    assert "You must choose: discard a card of your table (K♥ fee, 1 to go)" in asked
    state = dealt(viewing=[["KD"], [], []], tables=[[], ["9C", "4H"], ["9H"]])
    GAME.apply(state, Action(0, "play", parse_card("KD")))
    text = screen(state, 0)
    assert "discard which card of Bob's table" in text and "seat 1" not in text


def test_the_ten_of_diamonds_line_mentions_magic_s_second_use() -> None:
    state = dealt(viewing=[["10D", "4H"], [], []])
    text = screen(state, 0)
    assert "10D  — protected; discard it for Magic" in text and "an opponent's card does nothing to you" in text


def test_log_lines_carry_no_clause_ids() -> None:
    """"[BP-7]" at the end of log lines is for someone who asks (houserules rules bpoker --full)."""
    names = ["Ann", "Bob", "Cy", "Di"]
    lines = 0
    for seed in range(4):
        state = GAME.new(GAME.options({"players": 4}), seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            legal = [a for a in GAME.legal(state) if a.seat == seat]
            for e in GAME.apply(state, legal[rng.randrange(len(legal))]):
                line = event_line("bpoker", e.for_seat(seat), names, seat)
                if line:
                    lines += 1
                    assert "BP-" not in plain(line), plain(line)
            view = GAME.view(state, seat)
            out = io.StringIO()
            Console(file=out, width=200, color_system=None).print(RENDERER.render(view, names))
            assert "[BP-" not in out.getvalue()
    assert lines > 500


def test_the_end_says_what_a_score_is() -> None:
    state = GAME.new(GAME.options({"players": 3, "hands": 1}), 3)
    rng = random.Random(3)
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal(state) if a.seat == seat]
        GAME.apply(state, legal[rng.randrange(len(legal))])
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(RENDERER.render(GAME.view(state, 0), ["You", "Bob", "Cy"]))
    stashes = [len(z) for z in state.stash]
    text = " ".join(out.getvalue().split())
    assert (f"A score is the cards in a player's stash, and the most wins: You {stashes[0]}, Bob {stashes[1]}, "
            f"Cy {stashes[2]}.") in text


def test_the_declare_menu_shows_the_strongest_hands_first_and_takes_typed_cards() -> None:
    """A table of nine offers 126 declarations; the terminal lists the strongest few, best first, says
    how to declare another, and reads the cards typed alone."""
    table = ["AS", "AH", "AD", "KS", "KH", "2C", "3D", "7H", "9S"]
    state = dealt(tables=[table, [], []], phase="declare")
    assert len(GAME.view(state, 0).data["declarations"]) == 126
    text = screen(state, 0)
    menu = [line for line in text.splitlines() if line.startswith("  ") and line.strip()[:1].isdigit()]
    assert len(menu) == SHOWN and menu[0].startswith("  1 Declare") and menu[0].endswith("full house, aces over Ks")
    assert f"The {SHOWN} strongest of 126 possible hands are listed" in " ".join(text.split())
    typed = RENDERER.parse("9S 7H AS AH AD", 0, GAME.view(state, 0))
    assert typed == Action(0, "declare", arg=tuple(sorted(parse_card(c) for c in ("9S", "7H", "AS", "AH", "AD"))))
    assert GAME.check(state, typed) is None
    assert second_person("You declares") == "You declare"
