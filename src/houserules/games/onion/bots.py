"""A heuristic Cripple Mr Onion player.

It bets and buys from one number: its *strength*, the chance that its hand
(completed at random to ten cards if it holds five) beats every other hand
still in the round, each completed at random around the face-up cards the
table shows. The chance is estimated by dealing a few random completions and
ranking them all with the exact solver; it is worked out once per hand and
situation (a hand changes only at the draw and the second five) and cached.

Hands are valued under the modifiers in play, as the showdown will value
them (``modifiers.rules_in`` over the round's public ``Situation`` in the
view): wild or null eights, zeroed and devalued aces, Death, the Fool, and
its own Great A'Tuin, which it means to declare.

With a strength ``s`` it names and raises in proportion to ``s``, matches
when the Pot pays ``CAUTION`` times over for the risk (``s`` above
``CAUTION`` times the share the bet is of the Pot it would win), folds
otherwise, buys face-down cards only to hide a strong hand, and declares the
solver's best arrangement (or a crippling running flush when it may). Why
the margin: ``s`` is the chance of beating *random* completions of the
rivals' hands, and a rival who bet holds no random hand; matching whenever
the Pot paid against a random hand (``CAUTION`` 1, the bot until issue 41)
lost 73 deals to 5 against a trained policy and 7 to 45 against this one. Before its arrangement it declares each special card it
may whose declaration leaves its own hand worth no less (the Fool and the
Archchancellor: worth more): Great A'Tuin widens its choices, the Lady
devalues the others' aces or is replaced by the better of two cards, Fate
ends wild eights its hand does not need, Death and the Sender cost the
others. It sees only its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from ...bots.base import BotBase
from ...bots.policy import ShippedPolicy
from ...engine.core import Action
from .cards import ARCHCHANCELLOR, ATUIN, DECK_SIZE, FATE, FOOL, LADY
from .modifiers import Situation, after_declaring, round_wild, rules_in
from .ranking import Ranking
from .solver import best_of
from .view import OnionView

SAMPLES = 12
HAND = 10
#: how many times over the Pot must pay for the risk before the bot pays to stay in (see above)
CAUTION = 1.6
#: special cards declared only when they make the bot's own hand worth more: they help everyone
#: (the Fool swaps bagels and Onions for all) or may call out Death (the Archchancellor)
ONLY_IF_BETTER = frozenset({FOOL, ARCHCHANCELLOR})
#: the round's situation as a cache key: (wild, Fate, rewild, zeroed, declared, Lady, Fool, Jack, the
#: table's ranking of the groupings)
SituationKey = tuple[bool, bool, tuple[bool, ...], tuple[bool, ...], tuple[tuple[int, int], ...], bool, bool, bool,
                     Ranking]


def situation_key(sit: Situation) -> SituationKey:
    return (sit.wild_round, sit.fate_revoked, sit.rewild, sit.zeroed, tuple(sorted(sit.specials.items())),
            sit.lady_wild, sit.fool, sit.js_wild, sit.ranking)


def worth(sit: Situation, seat: int, hand: Sequence[int]) -> int:
    """What ``hand`` is worth to ``seat`` in situation ``sit`` (the best of its rule sets)."""
    return best_of(hand, rules_in(sit, seat, hand)).value


def prospect(sit: Situation, seat: int, hand: Sequence[int]) -> Situation:
    """The situation the bot expects at the showdown: with its Great A'Tuin
    declared when it holds her and her modifiers play (she only widens its
    choices)."""
    if ATUIN in hand and ATUIN not in sit.specials and sit.mods & {6, 7}:
        return after_declaring(sit, seat, ATUIN)
    return sit


class OnionHeuristic(BotBase):
    name = "heuristic"
    wants_view = True
    caution = CAUTION

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._cache: dict[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], SituationKey], float] = {}

    # --- strength ---------------------------------------------------------------
    def strength(self, view: OnionView) -> float:
        hand = tuple(sorted(view.hand or ()))
        rivals = [s for s in view.order if s != view.seat and not view.folded[s]]
        shown = tuple(tuple(sorted(view.face_up[s])) for s in rivals)
        key = (hand, shown, situation_key(view.situation))
        if key not in self._cache:
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = self._estimate(view, list(hand), rivals, [list(f) for f in shown])
        return self._cache[key]

    samples = SAMPLES

    def _estimate(self, view: OnionView, hand: list[int], rivals: list[int], shown: list[list[int]]) -> float:
        if not shown:
            return 1.0
        seat = view.seat if view.seat is not None else view.turn
        sit = view.situation
        mine_at = prospect(sit, seat, hand)
        seen = set(hand).union(*map(set, shown))
        pool = [c for c in range(DECK_SIZE) if c not in seen]
        rng = self.rng
        mine_fixed = worth(mine_at, seat, hand) if len(hand) == HAND else None
        score = 0.0
        for _ in range(self.samples):
            draw = rng.sample(pool, (HAND - len(hand)) + sum(HAND - len(f) for f in shown))
            at = HAND - len(hand)
            mine = mine_fixed if mine_fixed is not None else worth(mine_at, seat, hand + draw[:at])
            top = 0
            for rival, f in zip(rivals, shown):
                need = HAND - len(f)
                top = max(top, worth(sit, rival, f + draw[at:at + need]))
                at += need
            score += 1.0 if mine > top else 0.5 if mine == top else 0.0
        return score / self.samples

    # --- choices ------------------------------------------------------------------
    def choose(self, view: OnionView, legal: Sequence[Action]) -> Action:
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a.kind, []).append(a)
        phase = view.phase
        if "special" in kinds:
            special = self._special(view, kinds["special"])
            if special is not None:
                return special
        if "declare" in kinds:
            cripple = [a for a in kinds["declare"] if a.arg and a.arg[0][0].endswith("running flush")]
            return (cripple or kinds["declare"])[0]  # a crippling flush wins outright (#0)
        if phase == "specials":
            return kinds["done"][0]
        if phase == "choose":
            return max(legal, key=lambda a: self._with(view, a.card))
        if phase == "reveal":
            return legal[0]
        if phase == "draw":
            return self._draw(view, kinds)
        s = self.strength(view)
        pot = view.pot + sum(view.staked)
        if phase == "name":  # a Dealer who cannot pay a house minimum may only fold (CMO-HR5)
            return self._amount(kinds["bet"], s, low=0.35) if "bet" in kinds else kinds["fold"][0]
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
    def _special(view: OnionView, offered: list[Action]) -> Action | None:
        """The first special card worth declaring now, if any: one whose
        declaration leaves the bot's own hand worth no less (the Fool and the
        Archchancellor: more). A card replaced from the pack (the Lady, Fate
        without wild eights, #4i, #5i) is valued as gone: the better of the two
        cards offered can only add to that."""
        seat, hand, sit = view.turn, list(view.hand or ()), view.situation
        now = worth(sit, seat, hand)
        for a in offered:
            card = a.card
            after = after_declaring(sit, seat, card)
            if card == ARCHCHANCELLOR:
                after = after._replace(js_wild=True)  # #10ii, unless somebody holds Death
            replaced = (card == LADY and not sit.wild_round) or (card == FATE and not round_wild(sit))
            kept = [c for c in hand if c != card] if replaced else hand
            gain = worth(after, seat, kept) - now
            if gain > 0 or (gain == 0 and card not in ONLY_IF_BETTER):
                return a
        return None

    @staticmethod
    def _with(view: OnionView, card: int) -> int:
        """The worth of the hand if ``card`` takes the declared special card's place."""
        replaced = {c for c, _ in view.specials if c in (LADY, FATE)}
        hand = [c for c in view.hand or () if c not in replaced] + [card]
        return worth(view.situation, view.turn, hand)

    def _worth(self, s: float, cost: int, pot: int) -> bool:
        """Whether paying ``cost`` to contest a Pot of ``pot`` is worth it at strength ``s``."""
        return cost == 0 or s * (pot + cost) > self.caution * cost

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
        arrangement = best_of(hand, rules_in(view.situation, view.turn, hand))
        keep = {c for g in arrangement.groupings for c in g.cards}
        keep |= {c for c in hand if (c % 52) // 4 + 1 in (1, 11, 12, 13)}
        throw = sorted(c for c in hand if c not in keep)[:4]
        for a in kinds["discard"]:
            if sorted(a.arg) == throw:
                return a
        return kinds["discard"][0]


class OnionReckoner(OnionHeuristic):
    """The heuristic as it was before issue 41, paying whenever the Pot pays against a random
    hand (``caution`` 1): the trained policies' features (``onion-actions-2``, encoding.py) name
    its choice and were learnt with it, so they keep it and a policy decides as it was trained."""

    name = "reckoner"
    caution = 1.0


class OnionQuick(OnionHeuristic):
    """The heuristic with a rougher strength (three completions, not twelve): a search's
    playout bot (``ismcts:100:quick``), where the strength of a redealt hand is estimated
    afresh at nearly every decision and the heuristic's estimate is most of the cost."""

    name = "quick"
    samples = 3


class OnionTrained(ShippedPolicy):
    """The trained action policy of ``examples/onion_actions.npz`` (examples/action_policy.py),
    shipped as ``trained.json`` (``bots.policy.shipped``): the strongest Onion player the project
    has at the default match, and cheap (issue 41: it beat the club heuristic 55 deals to 11 where
    a 150-iteration search costs some 40 CPU seconds a game), so it is the ``strong`` level."""

    name = "trained"
    game = "cripple-mr-onion"
    file = str(Path(__file__).with_name("trained.json"))
