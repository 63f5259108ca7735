"""Shedding: the codified Crazy-Eights-family game of seed 001 ("Game Rules —
Consolidated"), for 2-5 players with one 52-card deck.

Players shed cards in *runs*: a first card matching the top discard, then
one-rank steps in suit, same-rank hops to change suit, one Ace wrap, and the
Queen pivot that must be covered. The last card of a turn takes effect (2 and
black Jack build draw pressure, red Jack shields, 8 skips, King reverses).
Penalties are the rulebook's: Mistake, Exposure, Queen not covered, and the
Last Card declaration. The full clause list is docs/rules/shedding.md.

Modules: ``state`` (data, options, deal), ``rules`` (the one legality check),
``effects`` (the cards' effects as records, S-4) compiled into a ``table`` (what each
card does at this table), ``flow`` (carrying actions out, penalties), ``view`` (what a seat may know),
``game`` (the Game protocol object ``GAME``); for people and programs,
``bots``, ``terminal`` (how it looks in a terminal), ``words`` (its events in
plain words), ``encoding`` (fixed-size numbers for learning programs) and ``web/`` (its browser module).
"""

from __future__ import annotations

from ...engine.registry import GameSpec, lazy_exports

SPEC = GameSpec(
    name="shedding",
    title="Shedding",
    players=(2, 5),
    summary="Crazy Eights grown up: shed your hand in runs up and down a suit, with draw-twos, skips, reverses and the Queen pivot.",
    game="houserules.games.shedding.game:GAME",
    bots={"heuristic": "houserules.games.shedding.bots:SheddingHeuristic"},
    terminal="houserules.games.shedding.terminal:RENDERER",
    words="houserules.games.shedding.words:WORDS",
    encoding="houserules.games.shedding.encoding:ENCODING",
    web=True,
    # the playout and strong spec are measured: bench/RESULTS.md, "The bots a person meets"
    playout="heuristic",
    levels={"strong": "ismcts:500"},
    order=1,
    compiled=("flow", "rules", "game", "state", "effects", "table", "view"),
    compiled_hot=("flow", "rules"),
)

#: the package's main objects, imported on first use so that listing games stays cheap
_LAZY = {'GAME': 'game', 'Shedding': 'game', 'SheddingState': 'state', 'SheddingView': 'view'}
__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = ["SPEC", *_LAZY]
