"""Cripple Mr Onion: the Discworld card game of seed 002, for 2-7 players
with 104 cards (two decks, suits paired for flushes).

Ten cards each, dealt in two halves around a draw and two betting rounds,
are sorted at the showdown into card groupings from the bagel to the Great
Onion; the best arrangement takes the Pot. The full clause list is
docs/rules/cripple-mr-onion.md.

Modules, each importing only those before it: ``cards`` (the 104 cards,
marked special cards), ``groupings`` (the order), ``solver`` (the exact best
arrangement), ``state`` (data, options, phases, action kinds), ``modifiers``
(#0-#11), ``flow`` (the round and the match), ``phases`` (one record per
phase and the one transition function), ``rules`` (the one legality check),
``view`` (what a seat may know), ``game`` (the Game protocol object
``GAME``); for people and programs, ``bots``, ``terminal`` (how it looks in a
terminal), ``words`` (its events in plain words), ``encoding`` (fixed-size
numbers for learning programs) and ``web/`` (its browser module).
"""

from __future__ import annotations

from ...engine.registry import GameSpec, lazy_exports

SPEC = GameSpec(
    name="cripple-mr-onion",
    title="Cripple Mr Onion",
    players=(2, 7),
    summary="A betting game with a double deck from the Discworld: make bagels, onions and flushes from ten cards and win the Pot.",
    game="houserules.games.onion.game:GAME",
    bots={"heuristic": "houserules.games.onion.bots:OnionHeuristic", "quick": "houserules.games.onion.bots:OnionQuick",
          "trained": "houserules.games.onion.bots:OnionTrained"},
    terminal="houserules.games.onion.terminal:RENDERER",
    words="houserules.games.onion.words:WORDS",
    glossary="houserules.games.onion.glossary:GLOSSARY",
    encoding="houserules.games.onion.encoding:ENCODING",
    web=True,
    commands="houserules.games.onion.commands:app",
    aliases=("onion",),
    # the playout is measured: bench/RESULTS.md, "The bots a person meets"; the strong player is the
    # trained policy, ahead of the club heuristic at a tiny cost (bench/RESULTS.md, "Bot levels apart")
    playout="quick",
    levels={"strong": "trained"},
    search="ismcts:150",  # a bare ismcts: the budget issue 30 measured ahead of the heuristic
    order=3,
    compiled=("rules", "flow", "cards", "state", "game", "solver", "phases"),
    compiled_hot=("rules",),
    variants=({"rounds": 4, "chips": 30, "modifiers": "all", "reform": True},
              {"rounds": 4, "chips": 30, "modifiers": "all", "declaration_round": True},
              {"rounds": 3, "cripple": False}),
)

#: the package's main objects, imported on first use so that listing games stays cheap
_LAZY = {'GAME': 'game', 'CrippleMrOnion': 'game', 'OnionState': 'state', 'OnionView': 'view'}
__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = ["SPEC", *_LAZY]
