"""Per-game figures the simulator sums over a run (``houserules sim king-taco``).

Every figure is a count or a total, so that the run's sum means what its name
says (the simulator adds games up; ``stats_per_game`` divides by the games):

- ``effects_fired.E``: stacks of kind ``E`` that triggered *and took effect*
  (a shield given to a cursed player and a curse aimed at a shielded one are
  ``effects_blocked.E`` instead); ``effects_noped.E``: stacks of kind ``E``
  that a NOPE cancelled. The kind is what the stack was when it resolved (an
  ``all++`` with an ``inverse`` on it resolves as ``+=2``). ``x2`` and NOPE
  never start a stack: ``x2.alone`` counts x2 played alone (its own effect),
  ``x2.stacked`` the x2 cards put on stacks, ``nope.*`` the NOPEs.
- ``stacks.depth.NN``: stacks resolved with NN cards (NOPEs included), a
  histogram: the run's deepest stack is its largest NN, and the mean depth is
  ``stacks.cards / stacks.resolved``. ``stacks.stacked_cards``: cards put on a
  base (NOPEs not counted).
- ``auction.held``; ``auction.starter_tries``: the player who went out is the
  one who tries to win; ``auction.won`` and ``won_by_starter``/``won_by_other``:
  the try succeeded (the game is won); ``lowest_wins``, ``ties``.
- ``goto.failed_at_N``, ``mana.*``, ``players_left``, ``turns``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.core import Event
from .cards import EFFECTS
from .matrix import MATRIX
from .state import KingTacoState

#: the kinds a stack can resolve as: every base of the matrix (not x2, not NOPE)
STACK_KINDS = tuple(e for e in EFFECTS if e not in ("x2", "nope"))
assert len(STACK_KINDS) == len(MATRIX)


def game_stats(state: KingTacoState, events: list[Event]) -> dict[str, Any]:
    fired = dict.fromkeys(STACK_KINDS, 0)
    noped = dict.fromkeys(STACK_KINDS, 0)
    blocked = {"shield": 0, "curse": 0}
    depth: dict[str, int] = {}
    stacks = {"resolved": 0, "cards": 0, "stacked_cards": 0}
    x2 = {"alone": 0, "stacked": 0}
    mana = {"harvested": 0, "incinerated": 0, "fizzled_plays": 0}
    auction = {"held": 0, "starter_tries": 0, "won": 0, "won_by_starter": 0, "won_by_other": 0,
               "lowest_wins": 0, "ties": 0}
    goto = {f"failed_at_{g}": 0 for g in range(state.options["goto"], 0, -1)}
    nope = {"played": 0, "outs": 0, "wars": 0}
    for e in events:
        k = e.kind
        d: Mapping[str, Any] = e.data or {}
        if k == "triggered" or k == "cancelled":
            n = d["depth"]
            (fired if k == "triggered" else noped)[d["effect"]] += 1
            stacks["resolved"] += 1
            stacks["cards"] += n
            stacks["stacked_cards"] += n - 1 - d["nopes"]
            key = f"{n:02d}"
            depth[key] = depth.get(key, 0) + 1
            if d["nopes"] > 1:
                nope["wars"] += 1
        elif k == "blocked":
            fired[d["effect"]] -= 1
            blocked[d["effect"]] += 1
        elif k == "play":
            if d["stack"] and d["card"].endswith(":x2"):
                x2["stacked"] += 1
        elif k == "effect":
            if d["effect"] == "x2":
                x2["alone"] += 1
        elif k == "harvest":
            mana["harvested"] += d["mana"]
            mana["incinerated"] += d["incinerated"]
        elif k == "fizzle":
            mana["fizzled_plays"] += 1
        elif k == "nope":
            nope["played"] += 1
        elif k == "nope-out":
            nope["outs"] += 1
        elif k == "goto":
            starter = e.seat == d["starter"]
            auction["held"] += 1
            auction["starter_tries"] += starter
            auction["lowest_wins"] += d["lowest"]
            auction["ties"] += d["tied"] > 1
            if d["won"]:
                auction["won"] += 1
                auction["won_by_starter" if starter else "won_by_other"] += 1
            else:
                goto[f"failed_at_{d['goto']}"] += 1
    return {"turns": state.turns, "effects_fired": fired, "effects_noped": noped, "effects_blocked": blocked,
            "stacks": {**stacks, "depth": depth}, "x2": x2, "mana": mana, "auction": auction, "goto": goto,
            "nope": nope, "players_left": state.active}
