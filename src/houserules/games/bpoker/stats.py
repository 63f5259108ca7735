"""Per-game figures for the simulator (``houserules sim bpoker``): how long games and hands
are, how hands and games end, which cards are played and which effects fire or are lost, who
wins hands by seat, and each card's **win share**. The balance study (docs/rules/bpoker.md)
reads them.

A card's win share asks "does playing it decide hands?": over every (hand, player) in which
that player played the card with effect (a value in effect: ``9D``, ``2H`` for a 2♥ in
effect; a set by its clause), the share he went on to win. Its baseline is the share of all
(hand, player) pairs that won, about one over the number of players; ``derived_stats`` turns
the summed counts of a run into shares and their ratio to the baseline (the *lift*).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...engine.core import Event
from .state import BState

#: events that are an effect firing, counted by kind
EFFECTS = ("magic", "tunnel", "control", "ring", "traded", "traded-hands", "traded-viewing", "wild",
           "took-random", "replayed", "five-price", "lost-hand", "j-armed", "j-spent", "scrapped", "forgiven",
           "cannibalised", "reflect", "neutralized", "locked-out", "shield", "reversed", "atomic", "skipped",
           "hole", "f-poker", "traded-all", "nine-stands", "discarded", "exempt")


def _end(reason: str) -> str:
    """The kind of a game's end, without its numbers: "hands", "one left", "turn limit"."""
    return "turn limit" if reason.startswith("turn") else "one left" if reason.startswith("only") else "hands"


def _seat(e: Event) -> int:
    return -1 if e.seat is None else e.seat


def game_stats(state: BState, events: list[Event]) -> dict[str, Any]:
    ends: Counter[str] = Counter()
    played: Counter[str] = Counter()
    fired: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    sets: Counter[str] = Counter()
    hand_wins: Counter[str] = Counter()  # hands won by seat
    by_place: Counter[str] = Counter()  # ... by place in the hand's order: 1 begins (left of the dealer), the dealer last
    within: Counter[str] = Counter()  # (hand, player) pairs in which a card or set was played with effect
    won: Counter[str] = Counter()  # ... of which that player won the hand
    seen: dict[int, set[str]] = {}  # this hand: what each seat played with effect
    seats = tuple(range(state.players))  # the first hand's "hand" event is told before the game's first action
    dealer = 0
    pairs = pairs_won = 0

    def close(winner: int | None) -> None:
        nonlocal pairs, pairs_won
        pairs += len(seats)
        pairs_won += winner is not None
        for s, names in seen.items():
            within.update(names)
            if s == winner:
                won.update(names)
        seen.clear()

    for e in events:
        if e.kind == "hand":
            seats, dealer = tuple(e.data["seats"]), _seat(e)
        elif e.kind == "set-played":
            sets[str(e.data["clause"])] += 1
            seen.setdefault(_seat(e), set()).add("set " + str(e.data["clause"]))
        elif e.kind == "won-hand":
            ends[str(e.data["how"])] += 1
            hand_wins[str(e.seat)] += 1
            by_place[str((_seat(e) - dealer - 1) % state.players + 1)] += 1
            close(e.seat)
        elif e.kind == "hand-cap":
            ends["turn cap"] += 1
            close(None)
        elif e.kind == "played":
            name = str(e.data.get("as") or e.data["card"]).split("#")[0]
            played[name] += 1
            if not e.data["ne"]:
                seen.setdefault(_seat(e), set()).add(name)
        elif e.kind in EFFECTS:
            fired[e.kind] += 1
        elif e.kind == "lost":
            lost[str(e.data["clause"])] += 1
    hands = state.hand_no - (0 if state.over and state.reason.startswith("turn") else 1)
    return {"turns": state.turns, "hands": hands, "hand_ends": dict(ends), "effects": dict(fired), "lost": dict(lost),
            "played": dict(played), "sets": dict(sets), "hands_won_by_seat": dict(hand_wins),
            "hands_won_by_place": dict(by_place),
            "game_end": {_end(state.reason): 1}, "share": {"pairs": pairs, "pairs_won": pairs_won,
                                                            "in": dict(within), "won": dict(won)}}


def derived_stats(sums: Mapping[str, float], games: int) -> dict[str, float]:
    """From a run's summed ``game_stats``: turns per hand, and each card's and set's win share
    (``share.X``) and lift over the baseline (``lift.X``, 1.0 = no better than any player), for
    the cards played with effect in at least 1 % of (hand, player) pairs."""
    out: dict[str, float] = {}
    hands = sums.get("hands", 0)
    if hands:
        out["turns per hand"] = round(sums.get("turns", 0) / hands, 2)
    pairs = sums.get("share.pairs", 0)
    if not pairs:
        return out
    base = sums.get("share.pairs_won", 0) / pairs
    out["share.baseline"] = round(base, 4)
    for key, n in sorted(sums.items()):
        if key.startswith("share.in.") and n >= 0.01 * pairs:
            name = key[len("share.in."):]
            share = sums.get("share.won." + name, 0) / n
            out["share." + name] = round(share, 4)
            out["lift." + name] = round(share / base, 3) if base else 0.0
    return out
