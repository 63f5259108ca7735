"""Per-game figures the simulator sums (``houserules sim king-taco``): how
often each effect fired or was NOPEd, stack depths, mana harvested and
incinerated, effect cards played without mana, how auctions and goto rolls
ended, and NOPE-outs. The average stack depth of a run is
``stacks.depth_total / stacks.resolved`` (cards per resolved stack, NOPEs
included); ``stacks.stacked_cards`` counts cards stacked on a base."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.core import Event
from .cards import EFFECTS
from .state import TacoState


def game_stats(state: TacoState, events: list[Event]) -> dict[str, Any]:
    named = [e for e in EFFECTS if e != "nope"]  # NOPEs are counted under nope.*
    fired = dict.fromkeys(named, 0)
    cancelled = dict.fromkeys(named, 0)
    stacks = {"resolved": 0, "depth_total": 0, "depth_max": 0, "stacked_cards": 0}
    mana = {"harvested": 0, "incinerated": 0, "fizzled_plays": 0}
    auction = {"held": 0, "won": 0, "won_by_starter": 0, "won_by_other": 0, "lowest_wins": 0, "ties": 0}
    goto = {f"failed_at_{g}": 0 for g in range(state.options["goto"], 0, -1)}
    nope = {"played": 0, "outs": 0, "wars": 0}
    for e in events:
        k = e.kind
        d: Mapping[str, Any] = e.data or {}
        if k == "triggered" or k == "cancelled":
            depth = d["depth"]
            (fired if k == "triggered" else cancelled)[d["effect"]] += 1
            stacks["resolved"] += 1
            stacks["depth_total"] += depth
            stacks["stacked_cards"] += depth - 1 - d["nopes"]
            stacks["depth_max"] = max(stacks["depth_max"], depth)
            if d["nopes"] > 1:
                nope["wars"] += 1
        elif k == "effect":
            fired[d["effect"]] += 1
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
            auction["held"] += 1
            auction["lowest_wins"] += d["lowest"]
            auction["ties"] += d["tied"] > 1
            if d["won"]:
                auction["won"] += 1
                auction["won_by_starter" if e.seat == d["starter"] else "won_by_other"] += 1
            else:
                goto[f"failed_at_{d['goto']}"] += 1
    # a delayed harvest's start is an "effect" event too: count the stack once
    fired["harvest"] = sum(1 for e in events if e.kind == "triggered" and (e.data or {})["effect"] == "harvest")
    return {"turns": state.turns, "effects_fired": fired, "effects_noped": cancelled, "stacks": stacks,
            "mana": mana, "auction": auction, "goto": goto, "nope": nope, "players_left": state.active}
