"""Cripple Mr Onion's events in plain words: one sentence each, for the
terminal, the browser and logs alike (engine/words.py). Cards are ``[[QS]]``
tokens (``[[QS*]]`` for a marked special copy)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...engine.words import Line, card, cards, plural, shared
from .groupings import KINDS

Event = Mapping[str, Any]
Names = Sequence[str]


def how_text(how: str) -> str:
    """How a round was won, after "wins the Pot of N": "with a double onion", "(everyone else folded)"."""
    return f"with a {how}" if how in KINDS else "with nothing at all" if how == "nothing" else f"({how})"


def arrangement(e: Event) -> str:
    """A declared arrangement in one line: "double onion [[KC]] ...; flush ..."."""
    flush = e.get("running_flush")
    if flush:
        return f"a {flush['length']}-card running flush {cards(flush['cards'])}"
    parts = [f"{g['name']} {cards(g['cards'])}" for g in e.get("groupings") or ()]
    return "; ".join(parts) if parts else "nothing"


def _seen(e: Event, label: str = ": ") -> str:
    return f"{label}{cards(e['cards'])}" if e.get("cards") else ""


def _draw(w: str, e: Event, names: Names) -> Line:
    took = f"discards {e['count']} and draws {e['count']}" if e["count"] else "keeps all five"
    seen = f" (out: {cards(e['discarded'])}; in: {cards(e['cards'])})" if e.get("cards") and e["count"] else ""
    return Line(f"{w} {took}{seen}")


def _match(w: str, e: Event, names: Names) -> Line:
    raised = f" and raises {e['raise']}" if e.get("raise") else ""
    return Line(f"{w} matches {e['amount']}{raised}{' (the extra bets)' if e.get('extra') else ''}")


#: each event kind's sentence: (who, event, names) -> Line or None
SAY: dict[str, Callable[[str, Event, Names], Line | None]] = {
    "round": lambda w, e, n: Line(f"— Round {e['round']}: {n[e['dealer']]} deals, {n[e['elder']]} is Elder, "
                                  f"{n[e['younger']]} Younger —", "strong"),
    "ante": lambda w, e, n: Line(f"everyone antes {e['stake']}; the Pot holds {e['pot']}", "aside"),
    "deal": lambda w, e, n: Line(f"{w} is dealt {e['count']}{_seen(e)}"),
    "draw": _draw,
    "fold": lambda w, e, n: Line(f"{w} folds"),
    "part": lambda w, e, n: Line(f"betting, part {e['part']}", "quiet"),
    "bet": lambda w, e, n: Line(f"{w} bets {e['amount']}"),
    "match": _match,
    "raise": lambda w, e, n: Line(f"{w} matches {e['amount']} and raises {e['raise']}"),
    "buy": lambda w, e, n: Line(f"{w} buys a face-down card{_seen(e)}"),
    "face-up": lambda w, e, n: (Line(f"{w} is dealt face up: {cards(e['cards'])}") if e.get("cards")
                                else Line(f"{w} bought every card face down: none is dealt face up", "aside")),
    "extra": lambda w, e, n: Line(f"{w} makes an extra bet of {e['amount']}"),
    "pass": lambda w, e, n: Line(f"{w} passes the Dealership" if "cost" in e else f"{w} passes"),
    "accept": lambda w, e, n: Line(f"{w} takes the Dealership, paying {e['amount']}", "strong"),
    "dealer": lambda w, e, n: Line(f"{w} is now Dealer", "aside"),
    "auction": lambda w, e, n: Line("the Dealer folded: the Dealership is auctioned", "strong"),
    "bid": lambda w, e, n: Line(f"{w} bids {e['amount']} for the Dealership"),
    "decline": lambda w, e, n: Line(f"{w} declines" + (f" (pays {e['paid']} into the Pot)" if e.get("paid") else "")),
    "auction-won": lambda w, e, n: Line(f"{w} wins the Dealership for {e['amount']}", "strong"),
    "declare": lambda w, e, n: Line(f"{w} declares {arrangement(e)}"),
    "cripple": lambda w, e, n: Line(f"{w} cripples with a {e['length']}-card running flush {cards(e['cards'])}",
                                    "alert"),
    "win": lambda w, e, n: Line(f"{w} wins the Pot of {e['pot']} {how_text(e['how'])}", "good"),
    "carry": lambda w, e, n: Line(f"everybody folds ({e['how']}): the Pot of {e['pot']} carries over", "strong"),
    "out": lambda w, e, n: Line(f"{w} is out of chips", "alert"),
    "over": lambda w, e, n: Line(f"The match is over ({e['reason']})", "strong"),
    "special": lambda w, e, n: Line(f"{w} declares {e['as']} {card(e['card'])}"
                                    + (" (it must be)" if e.get("forced") else ""), "special"),
    "offered": lambda w, e, n: Line(f"{w} is offered {plural(e['count'], 'card')}{_seen(e)}"),
    "replaced": lambda w, e, n: Line(f"{w} replaces {card(e['card'])}"
                                     + (f" with {card(e['kept'])}" if e.get("kept") else "")),
    "wild": lambda w, e, n: Line(f"{card(e['card'])} is wild for the rest of the round", "aside"),
    "reveal": lambda w, e, n: Line(f"{w} discloses {card(e['card'])}"),
}


class OnionWords:
    def describe(self, e: Event, names: Names) -> Line | None:
        say = SAY.get(e["event"])
        who = names[e["seat"]] if isinstance(e.get("seat"), int) else ""
        return say(who, e, names) if say else shared(e, names)


WORDS = OnionWords()
