"""King Taco: seed 004, an Uno extension by Simon Willover, for 2-8 players.

Six colours and WILDs (126 cards); mana that numbers give and effects cost;
effect *stacks* answered by the next player, resolved through the
stackability matrix the seed left out (``matrix``); effects with lifespans
counted in rounds; ``NOPE`` played out of turn in reaction windows; and the
auction-and-``goto`` way to win. The clause list is docs/rules/king-taco.md.

Modules: ``cards`` (notation, deck, effect names and costs), ``state`` (data,
options, deal), ``matrix`` (what stacks on what, and what each cell does),
``rules`` (a check per kind of move), ``turns`` (turn passing, drawing, mana,
lifespans), ``stacking`` (what stacks do), ``flow`` (an effect per kind of
move), ``view``, ``stats``, ``literal`` (scenario states) and ``game`` (the
``GAME`` object, and ``MOVES``: each kind of move once, with its check, effect
and words); for people and programs, ``bots``, ``terminal``, ``words``,
``encoding`` (fixed-size numbers for learning programs) and ``web/``.
"""

from __future__ import annotations

from ...engine.registry import GameSpec, lazy_exports

SPEC = GameSpec(
    name="king-taco",
    title="King Taco",
    players=(2, 8),
    summary="Uno grown wild: six colours and fourteen effects that stack, paid for in mana; empty your hand, then win the auction.",
    game="houserules.games.king_taco.game:GAME",
    bots={"heuristic": "houserules.games.king_taco.bots:KingTacoHeuristic",
          "basic": "houserules.games.king_taco.bots_basic:KingTacoBasic",
          "rollout": "houserules.games.king_taco.bots_rollout:KingTacoRollout"},
    terminal="houserules.games.king_taco.terminal:RENDERER",
    words="houserules.games.king_taco.words:WORDS",
    encoding="houserules.games.king_taco.encoding:ENCODING",
    web=True,
    aliases=("taco",),
    # the playout and strong spec are measured: bench/RESULTS.md, "The bots a person meets" and
    # "Bot levels apart" (ismcts:400 won 54% of the deals not even against the club bot; a bare
    # ismcts keeps that budget)
    playout="heuristic",
    levels={"strong": "rollout:40"},
    search="ismcts:400",
    order=2,
    compiled=("rules", "flow", "turns", "state", "game", "stacking", "cards", "effects", "housetable",
              "actions"),
    compiled_hot=("flow", "turns"),
)

#: the package's main objects, imported on first use so that listing games stays cheap
_LAZY = {'GAME': 'game', 'KingTaco': 'game', 'KingTacoState': 'state', 'KingTacoView': 'view'}
__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = ["SPEC", *_LAZY]
