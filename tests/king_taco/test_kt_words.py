"""King Taco's words: every event told from one table, the effects named in one place for
every screen, and the words of each move (the terminal menu, the browser's buttons)."""

from __future__ import annotations

from pathlib import Path

from houserules.engine.core import Action
from houserules.engine.moves import MoveWords
from houserules.engine.words import plain, tell
from houserules.games.king_taco import words
from houserules.games.king_taco.cards import EFFECTS, EFFECT_WORDS, parse_card
from houserules.games.king_taco.game import GAME
from houserules.games.king_taco.words import TOLD, WORDS, web_effects

WEB = Path(words.__file__).parent / "web" / "effects.js"
NAMES = ["Ann", "Bo", "Cyd"]


def test_the_browser_names_effects_from_the_one_table() -> None:
    """web/effects.js is written from cards.EFFECT_WORDS and the mana table: if this fails,
    write it again: ``words.web_effects()`` into src/houserules/games/king_taco/web/effects.js."""
    assert WEB.read_text() == web_effects()
    assert set(EFFECT_WORDS) == set(EFFECTS) | {"null"}


def test_every_event_kind_is_told_from_the_table() -> None:
    assert WORDS.describe({"event": "allow", "seat": 1}, NAMES).text == "Bo allows the stack"
    assert WORDS.describe({"event": "cancelled", "effect": "+=2"}, NAMES).text == "the += 2 stack is NOPEd: no effect"
    assert WORDS.describe({"event": "turn", "seat": 2}, NAMES).text == "— Cyd's turn —"  # shared by every game
    told = tell(WORDS, {"event": "nope-out", "seat": 0}, NAMES, 0)
    assert told is not None and told.text == "You NOPE yourself out of the game!"
    assert {"play", "draw", "goto", "auction", "fish", "given", "received"} <= set(TOLD)


def test_a_move_says_its_mana_cost() -> None:
    """The terminal menu and the browser show a card's mana cost (issue 25), and what it
    comes to when the seat cannot pay (KT-8.2) or would NOPE itself out (KT-7.11.6)."""
    state = GAME.new({"players": 3}, 1)
    seat = state.turn
    view = GAME.view(state, seat)

    def said(text: str) -> MoveWords:
        return GAME.words(Action(seat, "play", parse_card(text)), view)

    assert plain(said("red:3").label) == "Play red:3" and said("red:3").cost == ""
    state.mana.set(seat, 2)
    view = GAME.view(state, seat)
    assert said("blue:skip").cost == "2 mana"
    assert said("blue:harvest").cost == "4 mana, you have 2: no effect (+1 mana)"
    state.mana.set(seat, 3)
    view = GAME.view(state, seat)
    assert said("red:nope").cost == "3 mana: NOPEs you out of the game"
    draw = GAME.words(Action(seat, "draw"), view)
    assert (draw.label, draw.cost, draw.button) == ("Draw 1", "you lose 1 mana", True)
    assert not said("red:3").button  # a card is played by picking it, not by a button
