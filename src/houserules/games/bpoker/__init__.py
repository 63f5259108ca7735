"""bpoker: the game of seed 000 ("Special Card Rules"), its lost base game designed as house rules.

Cards are money. Each player owns a face-down **stash**, draws a **viewing
hand** from it, plays cards onto a public **table** and declares a 5-card
poker hand from that table; some sixty card rules attack tables, hands,
turns and stashes. A hand (deal) is won by the player whose declared hand
still beats every other when his turn comes round (or by a 9♦), who takes
the **pot** that antes and fees feed. docs/rules/bpoker.md has every clause,
every house rule with its reason, the resolution order and the scenario
contract.

Modules: ``cards`` (identity across decks, Jokers, 1 ≠ A), ``hands`` (the
evaluator), ``state`` (zones and slots), ``zones`` (marks, counts, moves,
fees), ``machine`` (the resolution stack, choices and reaction windows),
``catalogue`` (one record per card rule), ``play`` (playing, forcing,
landing, replaying), ``reactions`` (Magic, Tunnel, Reflector), ``pairs``
and ``tiles`` (card pairs and sets, set tiles), ``unit`` (the 6+6+6's
trigger and sideways 6s), ``joint`` (joint effects), ``fpoker`` (the nested
game), ``targets`` (naming
seats and table cards in choices), ``effects_low`` and ``effects_high`` (the
cards 1-7 and 8-A), ``declare``, ``flow`` (hands, turns, the end), ``rules``
(legal/check), ``view``, ``literal`` (scenario states), ``stats`` (figures
for the simulator), ``game``; for people and programs ``bots``, ``terminal``,
``words``, ``encoding`` (fixed-size numbers for learning programs); for search bots
``evaluate`` (where a playout may stop: a hand's end; the game's ``stage`` and ``standing``).
"""

from __future__ import annotations

from ...engine.registry import FirstGame, GameSpec, lazy_exports

#: the lobby's and the terminal's words for a first game (the figures: docs/rules/bpoker.md, "A first game")
FIRST_GAME = ("bpoker has some sixty card rules; every card says what it does before you play it. As written, a 9♦ "
              "played wins the hand at once (it ends about half the hands). A first game makes it wait: it wins "
              "only if it is still on your table when your next turn begins, so the others can answer it, and hands "
              "are won mostly by the poker hands you build. It also leaves out the Jokers (no f_poker, and no cards "
              "handed to you that you must play).")

SPEC = GameSpec(
    name="bpoker",
    title="bpoker",
    players=(3, 6),
    summary="Poker where every card does something: build a poker hand on your table while the others' cards steal, force and blow it up.",
    game="houserules.games.bpoker.game:GAME",
    bots={"heuristic": "houserules.games.bpoker.bots:Heuristic"},
    terminal="houserules.games.bpoker.terminal:RENDERER",
    words="houserules.games.bpoker.words:WORDS",
    encoding="houserules.games.bpoker.encoding:ENCODING",
    web=True,
    # the playout and strong spec are measured: bench/RESULTS.md, "The bots a person meets"
    playout="heuristic",
    levels={"strong": "ismcts:40"},
    order=5,
    compiled=("tiles", "state", "zones", "machine", "play", "rules", "joint", "reactions", "pairs", "flow",
              "cards", "declare", "catalogue", "hands", "effects_high", "effects_low", "game", "targets",
              "unit"),
    compiled_hot=("tiles", "machine"),
    # a first table (issue 39): the 9♦ must survive a round, as option nine_diamonds=stands (BP-H26), and no
    # Jokers; measured on the rules page ("A first game")
    first_game=FirstGame({"nine_diamonds": "stands", "jokers": 0}, FIRST_GAME),
)

_LAZY = {"GAME": "game", "BPoker": "game", "BState": "state", "BView": "view"}
__getattr__ = lazy_exports(__name__, _LAZY)

__all__ = ["GAME", "SPEC", "BPoker", "BState", "BView"]
