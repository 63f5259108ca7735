"""Per-game figures for the simulator (``houserules sim bpoker``): how long games and hands
are, how hands and games end, which cards are played and which effects fire or are lost, who
wins hands by seat, and each card's **win share**. The balance study (docs/rules/bpoker.md)
reads them.

A card's win share asks "does playing it decide hands?": over every (hand, player) in which
that player played the card with effect (by its value: ``9D`` at face value, ``9♦`` a 9♦ in
effect after a 5; a set by its clause), the share he went on to win. Baselines: the share of
all (hand, player) pairs that won (one over the number of players still in the game), of the
pairs in which the player played anything with effect (``any play``), and of an average card
play (every card's plays pooled: a player who plays many cards in a hand counts once per card,
and such a player wins more often, so most cards beat the first two baselines). The *lift*
of a card is its share over the average play's (1.0: playing it decides no more than playing
any card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from ...engine.core import Ending, Event
from .state import BState

#: events that are an effect firing, counted by kind
EFFECTS = ("magic", "tunnel", "control", "ring", "traded", "traded-hands", "traded-viewing", "wild",
           "took-random", "replayed", "five-price", "lost-hand", "j-armed", "j-spent", "scrapped", "forgiven",
           "cannibalised", "reflect", "neutralized", "locked-out", "shield", "reversed", "atomic", "skipped",
           "hole", "f-poker", "traded-all", "nine-stands", "discarded", "exempt")


#: the win-share key of every (hand, player) pair in which something was played with effect
ANY = "any play"


#: the kind of a game's end, by how it ended (``Result.how``), as ``sim`` has always summed it
END: Final = {Ending.PLAYED_OUT: "hands", Ending.LAST_STANDING: "one left", Ending.TURN_LIMIT: "turn limit"}


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
            within.update(names | {ANY})
            if s == winner:
                won.update(names | {ANY})
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
    hands = state.hands_played() if state.over else state.hand_no - 1
    return {"turns": state.turns, "hands": hands, "hand_ends": dict(ends), "effects": dict(fired), "lost": dict(lost),
            "played": dict(played), "sets": dict(sets), "hands_won_by_seat": dict(hand_wins),
            "hands_won_by_place": dict(by_place),
            "game_end": {END[state.ending]: 1} if state.ending else {},
            "share": {"pairs": pairs, "pairs_won": pairs_won, "in": dict(within), "won": dict(won)}}


def derived_stats(sums: Mapping[str, float], games: int) -> dict[str, float]:
    """From a run's summed ``game_stats``: turns per hand, the baselines, and each card's and
    set's win share (``share.X``) and lift (``lift.X``: its share over the average play's),
    for the cards played with effect in at least 1 % of (hand, player) pairs."""
    out: dict[str, float] = {}
    hands = sums.get("hands", 0)
    if hands:
        out["turns per hand"] = round(sums.get("turns", 0) / hands, 2)
    pairs = sums.get("share.pairs", 0)
    if not pairs:
        return out
    out["share.baseline"] = round(sums.get("share.pairs_won", 0) / pairs, 4)
    cards = [k[len("share.in."):] for k in sums if k.startswith("share.in.") and k != "share.in." + ANY]
    played = sum(sums["share.in." + c] for c in cards)
    base = sum(sums.get("share.won." + c, 0) for c in cards) / played if played else 0.0
    out["share.average play"] = round(base, 4)
    for key, n in sorted(sums.items()):
        if key.startswith("share.in.") and n >= 0.01 * pairs:
            name = key[len("share.in."):]
            share = sums.get("share.won." + name, 0) / n
            out["share." + name] = round(share, 4)
            if name != ANY:
                out["lift." + name] = round(share / base, 3) if base else 0.0
    return out
