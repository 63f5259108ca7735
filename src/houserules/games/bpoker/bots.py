"""A simple heuristic bpoker player that finishes hands.

It sees only its view and the legal actions. On its turn it plays the card
worth most (an attack on the leader, a fee collected, a card that lifts its
own poker hand) and passes once nothing is worth playing; it always declares
its best hand, which is what makes hands end by the win check. When asked,
it aims attacks at the opponent whose declared hand is highest, forces bad
cards on him and good ones on itself, uses Magic and Tunnel against forced
cards, and never pays for optional extras it does not need.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine.core import Action
from .cards import card_name, parse_card, rank, suit
from .hands import HandCard, Key, best, evaluate, key_of
from .pairs import set_rule
from .view import BView

#: what playing a card is worth by itself (value in effect = face here), by (rank, suit letter)
WORTH = {"9D": 50, "7D": 9, "7H": 6, "7S": 6, "KD": 6, "9H": 5, "9S": 5, "2S": 4, "2H": 4, "2D": 5, "3H": 3,
         "3S": 3, "3D": 3, "4H": 2, "4S": 2, "4D": 2, "JK": 2, "10H": 1, "QC": 1, "QS": 1, "KH": 2,
         "10C": -8, "KC": -9, "7C": -6, "KS": -5, "10S": -4, "4C": -2, "9C": -3, "AC": -3, "AD": -2,
         "AH": -2, "AS": -2}
#: what playing a set is worth by itself, by its clause (pairs.SETS)
SET_WORTH = {"BP-P.7H": 10, "BP-P.2": 5, "BP-P.A": 3, "BP-P.9D": 2, "BP-P.5": 2, "BP-P.6": 2, "BP-P.KC": 2,
             "BP-P.JJJ": 1, "BP-P.Q": 1, "BP-P.10D": 1, "BP-P.4": 1, "BP-P.JK": 1, "BP-P.4D": 0,
             "BP-P.4DDD": -1, "BP-P.3": -4, "BP-P.JJ": -6, "BP-P.7C": -9}
BAD_TO_FORCE = ("KS", "10C", "KC", "7C", "9C", "4C", "AC", "AD", "AH", "AS")


def _base(name: str) -> str:
    return name.split("#")[0]


def _faces(slots: list[dict[str, Any]]) -> list[HandCard]:
    return [HandCard(parse_card(c), (rank(parse_card(c)), suit(parse_card(c))), bool(s.get("wild")))
            for s in slots for c in s["cards"]]


class Heuristic:
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: BView, legal: Sequence[Action]) -> Action:
        d = view.data
        me = view.seat if view.seat is not None else legal[0].seat
        kinds = {a.kind for a in legal}
        if "declare" in kinds:
            return self._declare(d, me, legal)
        if "choose" in kinds:
            return self._answer(d, me, legal)
        return self._free(d, me, legal)

    # --- its turn ------------------------------------------------------------
    def _free(self, d: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        mine = _faces(d["tables"][me])
        now = best(mine)[0] if mine else (0, 0)
        scored: list[tuple[float, int, Action]] = []
        for i, a in enumerate(legal):
            if a.kind == "play":
                name = _base(card_name(a.card))
                gain = best(mine + [HandCard(a.card, (rank(a.card), suit(a.card)), False)])[0]
                lift = 3.0 * (gain[1] - now[1]) + (2.0 if gain[0] > now[0] else 0.0)
                scored.append((WORTH.get(name, 0) + lift + self.rng.random() * 0.1, i, a))
            elif a.kind == "pair":
                rule = set_rule(a.arg)
                gain = best(mine + [HandCard(c, (rank(c), suit(c)), False) for c in a.arg])[0]
                lift = 3.0 * (gain[1] - now[1]) + (2.0 if gain[0] > now[0] else 0.0)
                worth = SET_WORTH.get(rule.clause, 0) if rule is not None else -50
                scored.append((worth + lift + self.rng.random() * 0.1, i, a))
            elif a.kind == "use":
                scored.append((1.0, i, a))
            elif a.kind == "scrap":
                full = d["counted"][me] >= d["maximum"][me]
                scored.append((4.0 if full and now[1] < 2 else -5.0, i, a))
            elif a.kind == "pass":
                scored.append((0.5 if d["played"] else -20.0, i, a))
        return max(scored)[2]

    def _f_poker(self, d: dict[str, Any], pick: dict[str, Action]) -> Action:
        """f_poker: stand on a pair or better, else change the three lowest cards (or fold if it can't)."""
        hand = [parse_card(c) for c in d["f_hand"] or []]
        if evaluate([(rank(c), suit(c)) for c in hand])[1] >= 1 or len(hand) < 5:
            return pick["stand"]
        low = sorted(hand, key=rank)[:3]
        return pick.get("draw:" + "+".join(card_name(c) for c in sorted(low)), pick["stand"])

    def _declare(self, d: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        by_id = {h.card: h for h in _faces(d["tables"][me])}
        return max(legal, key=lambda a: key_of(by_id[c] for c in a.arg if c in by_id))

    # --- questions ----------------------------------------------------------------
    def _leader(self, d: dict[str, Any], me: int) -> int:
        def key(s: int) -> Key:
            hand = d["declared"][s]
            return evaluate([(rank(parse_card(c)), suit(parse_card(c))) for c in hand]) if hand else (0, -1)
        others = [s for s in range(d["players"]) if s != me and d["in_hand"][s]]
        return max(others, key=lambda s: (key(s), len(d["tables"][s]))) if others else me

    def _answer(self, d: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        options = [a.arg for a in legal]
        pick = {o: a for o, a in zip(options, legal, strict=True)}
        if "magic" in pick or "tunnel" in pick or "reflect" in pick:
            coming = [_base(c) for c in d["transit"]]
            if coming and not any(c in BAD_TO_FORCE for c in coming):
                return pick["pass"]  # a good card forced on me: let it come
            return pick.get("reflect") or pick.get("magic") or pick["tunnel"]
        if "stand" in pick:
            return self._f_poker(d, pick)
        for want in ("demand", "accept", "decline", "keep", "wild"):
            if want in pick:
                return pick[want]
        leader = self._leader(d, me)
        owner = {c: s for s in range(d["players"]) for x in d["tables"][s] for c in x["cards"]}
        declared = {c for s in range(d["players"]) for c in d["declared"][s]}

        def score(o: str) -> float:
            if ">" in o:  # force CARD onto seat:N
                name, target = o.split(">")
                s = int(target.split(":")[1])
                bad = _base(name) in BAD_TO_FORCE
                return (3.0 if s == leader else 1.0) * (1 if bad == (s != me) else -1)
            if o.startswith("seat:"):
                return 1.0 if int(o.split(":")[1]) == leader else 0.0
            if o in ("skip", "pass", "keep"):
                return 0.0
            first = o.split("+")[0]
            if first in owner:  # a table card: hurt the leader, spare myself
                s = owner[first]
                return (2.0 if s == leader else 1.0) * (1.5 if first in declared else 1.0) * (1 if s != me else -1)
            return self.rng.random()
        return max(legal, key=lambda a: (score(a.arg), self.rng.random()))
