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
``view`` (what a seat may know), ``game`` (the Game protocol object ``GAME``).
"""

from .game import GAME, CrippleMrOnion
from .state import OnionState
from .view import OnionView

__all__ = ["GAME", "CrippleMrOnion", "OnionState", "OnionView"]
