"""A heuristic Cripple Mr Onion player.

It bets and buys from one number: its *strength*, the chance that its hand
(completed at random to ten cards if it holds five) beats every other hand
still in the round, each completed at random around the face-up cards the
table shows. The chance is estimated by dealing a few random completions and
ranking them all with the exact solver; it is worked out once per hand (a
hand changes only at the draw and the second five) and cached.

With a strength ``s`` it names and raises in proportion to ``s``, matches
when the Pot pays for the risk (``s`` above the share the bet is of the Pot
it would win), folds otherwise, buys face-down cards only to hide a strong
hand, and declares the solver's best arrangement (or a crippling running
flush when it may). Of the special cards it declares only Great A'Tuin,
which can only widen its own choices; its strength estimate values hands by
the base rules, not the round's modifiers. It sees only its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine.core import Action
from .cards import ATUIN, DECK_SIZE, FATE, LADY
from .solver import best
from .view import OnionView

SAMPLES = 12
HAND = 10


class OnionHeuristic:
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._cache: dict[tuple, float] = {}

    # --- strength ---------------------------------------------------------------
    def strength(self, view: OnionView) -> float:
        hand = tuple(sorted(view.hand or ()))
        rivals = [s for s in view.order if s != view.seat and not view.folded[s]]
        shown = tuple(tuple(sorted(view.face_up[s])) for s in rivals)
        key = (hand, shown)
        if key not in self._cache:
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = self._estimate(list(hand), [list(f) for f in shown])
        return self._cache[key]

    def _estimate(self, hand: list[int], shown: list[list[int]]) -> float:
        if not shown:
            return 1.0
        seen = set(hand).union(*map(set, shown))
        pool = [c for c in range(DECK_SIZE) if c not in seen]
        rng = self.rng
        mine_fixed = best(hand).value if len(hand) == HAND else None
        score = 0.0
        for _ in range(SAMPLES):
            draw = rng.sample(pool, (HAND - len(hand)) + sum(HAND - len(f) for f in shown))
            at = HAND - len(hand)
            mine = mine_fixed if mine_fixed is not None else best(hand + draw[:at]).value
            top = 0
            for f in shown:
                need = HAND - len(f)
                top = max(top, best(f + draw[at:at + need]).value)
                at += need
            score += 1.0 if mine > top else 0.5 if mine == top else 0.0
        return score / SAMPLES

    # --- choices ------------------------------------------------------------------
    def choose(self, view: OnionView, legal: Sequence[Action]) -> Action:
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a.kind, []).append(a)
        phase = view.phase
        if "declare" in kinds:
            cripple = [a for a in kinds["declare"] if a.arg and a.arg[0][0].endswith("running flush")]
            return (cripple or kinds["declare"])[0]  # a crippling flush wins outright (#0)
        if phase == "specials":
            shifts = [a for a in kinds.get("special", []) if a.card == ATUIN]
            return (shifts or kinds["done"])[0]  # Great A'Tuin only widens its own choices
        if phase == "choose":
            return max(legal, key=lambda a: self._with(view, a.card))
        if phase == "reveal":
            return legal[0]
        if phase == "draw":
            return self._draw(view, kinds)
        s = self.strength(view)
        pot = view.pot + sum(view.staked)
        if phase == "name":
            return self._amount(kinds["bet"], s, low=0.35)
        if phase == "answer":
            if "match" not in kinds or not self._worth(s, view.bid, pot):
                return kinds["fold"][0]
            if "raise" in kinds and s > 0.6:
                return self._amount(kinds["raise"], s, low=0.6)
            return kinds["match"][0]
        if phase in ("cover", "consider"):
            owed = sum(view.staked)
            if "match" in kinds and self._worth(s, owed, pot + owed):
                return kinds["match"][0]
            return kinds["fold" if phase == "cover" else "pass"][0]
        if phase == "buy":
            if "buy" in kinds and s > 0.7 and view.bought < 2:
                return kinds["buy"][0]
            return kinds["stop"][0]
        if phase == "extra":
            return self._amount(kinds["extra"], s, low=0.45)
        if phase == "offer":
            if "accept" in kinds and self._worth(s, view.offer_cost, pot + view.offer_cost):
                return kinds["accept"][0]
            return kinds["pass"][0]
        if phase == "auction":
            bids = kinds.get("bid", [])
            if bids and bids[0].arg <= s * pot * 0.5:
                return bids[0]
            return kinds["decline"][0]
        return legal[0]

    @staticmethod
    def _with(view: OnionView, card: int) -> int:
        """The worth of the hand if ``card`` takes the declared special card's place."""
        replaced = {c for c, _ in view.specials if c in (LADY, FATE)}
        hand = [c for c in view.hand or () if c not in replaced] + [card]
        return best(hand).value

    @staticmethod
    def _worth(s: float, cost: int, pot: int) -> bool:
        """Whether paying ``cost`` to contest a Pot of ``pot`` is worth it at strength ``s``."""
        return cost == 0 or s * (pot + cost) > cost

    @staticmethod
    def _amount(options: list[Action], s: float, low: float) -> Action:
        """The smallest amount below ``low`` strength, rising to the largest at certainty."""
        if s <= low:
            return options[0]
        share = (s - low) / (1 - low)
        return options[min(len(options) - 1, int(share * len(options)))]

    def _draw(self, view: OnionView, kinds: dict[str, list[Action]]) -> Action:
        """Keep the cards of the best groupings the five make, and aces and
        pictures (the Onions' makings); discard up to four of the rest."""
        hand = list(view.hand or ())
        arrangement = best(hand)
        keep = {c for g in arrangement.groupings for c in g.cards}
        keep |= {c for c in hand if (c % 52) // 4 + 1 in (1, 11, 12, 13)}
        throw = sorted(c for c in hand if c not in keep)[:4]
        for a in kinds["discard"]:
            if sorted(a.arg) == throw:
                return a
        return kinds["discard"][0]
