"""The terminal renderer shows every view, describes every legal action,
words every event, and parses what a person types."""

from __future__ import annotations

import io
import random

from rich.console import Console

from houserules.bots import make
from houserules.engine import get_game
from houserules.engine.core import Action
from houserules.games.onion.cards import allocate
from houserules.games.onion.terminal import RENDERER
from houserules.tui import event_line, move_line

GAME = get_game("cripple-mr-onion")


def test_renders_describes_and_words_a_whole_match_with_modifiers() -> None:
    opts = GAME.options({"players": 3, "rounds": 4, "modifiers": "all", "declaration_round": True})
    state = GAME.new(opts, 5)
    bots = [make(GAME.name, "heuristic", s) for s in range(3)]
    names = ["a", "b", "c"]
    console = Console(file=io.StringIO(), width=100)
    rng = random.Random(0)
    kinds = set()
    while GAME.result(state) is None:
        seat = state.turn
        view = GAME.view(state, seat)
        legal = GAME.legal(state)
        if rng.random() < 0.2:
            console.print(RENDERER.render(view, names))
        for a in legal:
            assert move_line(GAME, RENDERER, a, view)
        for e in GAME.apply(state, bots[seat].choose(view, legal)):
            kinds.add(e.kind)
            for viewer in (None, 0, 1, 2):
                line = event_line(GAME.name, e.for_seat(viewer), names, viewer)
                assert line is None or isinstance(line, str)
    assert {"round", "deal", "declare", "win"} <= kinds


def test_parses_what_a_person_types() -> None:
    state = GAME.new(GAME.options({"players": 2}), 1)
    view = GAME.view(state, 1)
    assert RENDERER.parse("bet 2", 1, view) == Action(1, "bet", arg=2)
    assert RENDERER.parse("discard 2C 10h", 1, view) == Action(1, "discard", arg=tuple(allocate("2C 10H")))
    assert RENDERER.parse("fold", 1, view) == Action(1, "fold")
    got = RENDERER.parse("declare double onion: KC AD QH AS; flush: 2D 6D KD", 1, view)
    assert got.kind == "declare" and [k for k, _ in got.arg] == ["double onion", "flush"]
    assert RENDERER.parse("special QS*", 1, view).card == allocate(["QS*"])[0]
    for bad in ("bet", "declare nonsense: 2C", "dance"):
        try:
            RENDERER.parse(bad, 1, view)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} parsed")


def test_a_marked_copy_is_just_the_card_in_the_words_without_modifiers() -> None:
    """The words a person reads mark the special copies (``J♦*``) only when modifiers are in play;
    the action's JSON keeps the mark either way, so a record replays the very copies."""
    from houserules.games.onion.cards import SPECIAL

    marked = sorted(SPECIAL)[:2]
    for modifiers, starred in (("none", False), ("all", True)):
        state = GAME.new(GAME.options({"players": 2, "modifiers": modifiers}), 1)
        view = GAME.view(state, 0)
        words = GAME.words(Action(0, "discard", arg=tuple(marked)), view).label
        assert ("*" in words) is starred, words
        assert "*" in str(GAME.action_to_json(Action(0, "discard", arg=tuple(marked))))
