"""My Game: plain Crazy Eights for 2 to 5 players with one 52-card deck, as ``houserules
new-game`` wrote it: a whole game package that keeps the engine's contract from the start, for
you to change into your own game clause by clause (docs/engine.md, "Add a game").

Match the top card by suit or rank; an eight is wild and its player calls the suit to follow;
draw a card when you cannot (or will not) play; the first player out of cards wins, and when the
draw pile is empty and nobody can play, the fewest cards win. The clauses, each with its id and
what pins it, are docs/rules/my-game.md.

Modules: ``kinds`` (the move kinds), ``state`` (data, options, the deal, literal states for
scenarios), ``rules`` (the one legality check), ``flow`` (carrying moves out), ``view`` (what a
seat may know), ``game`` (the move records and the Game protocol object ``GAME``); for people and
programs, which the rules never import: ``words`` (its events in plain words), ``bots``,
``terminal`` (how it looks in a terminal) and ``encoding`` (fixed-size numbers for learning programs).
"""

from __future__ import annotations

from ...engine.registry import GameSpec, lazy_exports

SPEC = GameSpec(
    name="my-game",
    title="My Game",
    players=(2, 5),
    summary="Plain Crazy Eights: match the top card by suit or rank; eights are wild; the first out wins.",
    game=f"{__name__}.game:GAME",
    bots={"heuristic": f"{__name__}.bots:MyGameHeuristic"},
    terminal=f"{__name__}.terminal:RENDERER",
    words=f"{__name__}.words:WORDS",
    encoding=f"{__name__}.encoding:ENCODING",
    # list the modules a decision spends its time in once measured (docs/engine.md, "Compiled")
    not_compiled="new: not measured yet",
)

#: the package's main objects, imported on first use so that listing games stays cheap
_LAZY = {"GAME": "game", "MyGame": "game", "MyGameState": "state", "MyGameView": "view"}
__getattr__ = lazy_exports(__name__, _LAZY)

__all__ = ["SPEC", *_LAZY]
