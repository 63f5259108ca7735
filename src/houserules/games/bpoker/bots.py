"""A simple heuristic bpoker player that finishes hands.

It sees only its view and the legal actions. On its turn it plays the card or set worth most
(an attack on the leader, a fee collected, a card that lifts its own poker hand) and passes
once nothing is worth playing; it always declares its best hand, which is what makes hands
end by the win check. The leader is the opponent with a 9♦ standing on his table (it wins him
the hand when his turn begins, BP-H26), else the one with the highest declared hand: cards
that can knock a standing 9♦ off (9♥ 9♠ K♦, the 2s' trades, Atomic Bomb, 9♦ + 10♣) are worth
most while one stands. It keeps its own standing 9♦ (it does not scrap, Shield or trade its
table away) and does not play a good card while a J would make it no-effect. When asked, it
aims attacks at the leader, forces bad cards on him and good ones on itself, takes what lifts
its hand, gives away or pays with what it needs least, picks the card on a 5 by the value it
will have in effect, plays its cards-to-be-played in the order that lets a J neuter the worst,
uses Magic, Tunnel and the Reflector against forced cards, and pays for optional extras (an 8
made wild, a 4♦'s replay) only when they are worth the fee.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots.base import BotBase
from ...engine.core import Action
from .cards import (
    RANK_NAMES,
    SUIT_LETTERS,
    card_name,
    is_red,
    parse_card,
    rank,
    shift,
    suit,
)
from .hands import HandCard, Key, best, best_key, evaluate, key_of
from .pairs import set_rule
from .view import BView

#: what playing a card is worth by itself (value in effect), by rank and suit letter
WORTH = {"9D": 50, "7D": 9, "7H": 6, "7S": 6, "KD": 6, "9H": 5, "9S": 5, "2S": 4, "2H": 4, "2D": 5, "3H": 3,
         "3S": 3, "3D": 3, "4H": 2, "4S": 2, "4D": 2, "JK": 2, "10H": 1, "QC": 1, "QS": 1, "KH": 2, "10D": 3,
         "10C": -8, "KC": -9, "7C": -6, "KS": -5, "10S": -4, "4C": -2, "9C": -3, "AC": -3, "AD": -2,
         "AH": -2, "AS": -2}
#: what playing a set is worth by itself, by its clause (pairs.SETS)
SET_WORTH = {"BP-P.7H": 10, "BP-P.2": 5, "BP-P.A": 3, "BP-P.9D": 2, "BP-P.5": 2, "BP-P.6": 2, "BP-P.KC": 2,
             "BP-P.JJJ": 1, "BP-P.Q": 1, "BP-P.10D": 1, "BP-P.4": 1, "BP-P.JK": 1, "BP-P.4D": 0,
             "BP-P.4DDD": -1, "BP-P.3": -4, "BP-P.JJ": -6, "BP-P.7C": -9}
BAD_TO_FORCE = ("KS", "10C", "KC", "7C", "9C", "4C", "AC", "AD", "AH", "AS")
#: cards and sets that can take a standing 9♦ off an opponent's table (BP-9, BP-KD, BP-2*, BP-P.KC, BP-P.9D)
KNOCKERS = ("9H", "9S", "KD", "2S", "2H", "2D", "2C")
SET_KNOCKERS = ("BP-P.2", "BP-P.KC", "BP-P.9D")
#: sets that would take a standing 9♦ of one's own away or make it no-effect
SET_SPOILERS = ("BP-P.JJ", "BP-P.9D", "BP-P.KC")
THREAT = 40.0  # what knocking an opponent's standing 9♦ off is worth
TRADES = ("BP-2S", "BP-2H", "BP-2D", "BP-2C", "BP-P.2")
#: opponents' effects too small to spend a 10♦'s Magic on
CHEAP = ("BP-5.4",)


def _base(name: str) -> str:
    return name.split("#")[0]


def _faces(slots: list[dict[str, Any]]) -> list[HandCard]:
    return [HandCard(parse_card(c), (rank(parse_card(c)), suit(parse_card(c))), bool(s.get("wild")))
            for s in slots for c in s["cards"]]


def _hand_card(name: str, wild: bool = False) -> HandCard:
    c = parse_card(name)
    return HandCard(c, (rank(c), suit(c)), wild)


def standing_nine(slot: dict[str, Any]) -> bool:
    """A 9♦ its owner played that wins at his next turn (option ``nine_diamonds=stands``, BP-H26)."""
    return bool(slot.get("stands"))


def threats(d: dict[str, Any], me: int) -> list[int]:
    """Opponents still in the hand with a standing 9♦."""
    return [s for s in range(d["players"]) if s != me and d["in_hand"][s] and any(map(standing_nine, d["tables"][s]))]


def _lift(mine: list[HandCard], more: list[HandCard]) -> float:
    """How much adding ``more`` to the table lifts the best poker hand."""
    now = best_key(mine) if mine else (0, 0)
    gain = best_key(mine + more)
    return 3.0 * (gain[1] - now[1]) + (2.0 if gain[0] > now[0] else 0.0)


def _on_five(d: dict[str, Any], me: int) -> int:
    """How far the 5-tile waiting for its next card on ``me``'s table shifts it (BP-5.1-5.3)."""
    for slot in reversed(d["tables"][me]):
        top = parse_card(slot["cards"][-1])
        value = slot.get("as") or slot["cards"][-1]
        if not value.startswith("5"):
            continue
        so_far = 0 if "as" not in slot else (5 - rank(top)) % 14
        red = any(m in value for m in ("♥", "♦", "Red")) if "as" in slot else is_red(suit(top))
        return (so_far - 14 if so_far > 7 else so_far) + (-1 if red else 1)
    return 0


def _worth_as(name: str, delta: int) -> float:
    """What a card is worth played on a 5 that shifts it by ``delta``: its value in effect, less
    what is lost by not having it at face value (a 9♦ on a 5 wins nothing)."""
    c = parse_card(name)
    r = shift(rank(c), delta) if rank(c) > 1 else 1
    effect = WORTH.get(RANK_NAMES[r] + SUIT_LETTERS[suit(c)] if r > 1 and suit(c) < 4 else "JK", 0)
    return effect - 0.5 * max(0, WORTH.get(_base(name), 0))


class Heuristic(BotBase):
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.scrapped = (-1, -1)  # (hand, turn) of its last scrap: once a turn (a table of unscrappable tiles stays)

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
        danger = bool(threats(d, me))
        standing = any(map(standing_nine, d["tables"][me]))
        scored: list[tuple[float, int, Action]] = []
        for i, a in enumerate(legal):
            if a.kind == "play":
                scored.append((self._play_worth(d, mine, a.card, danger, standing), i, a))
            elif a.kind == "pair":
                scored.append((self._set_worth(d, mine, a.arg, danger, standing), i, a))
            elif a.kind == "use":
                scored.append((self._use_worth(d, me, mine, a.card), i, a))
            elif a.kind == "scrap":
                full = d["counted"][me] >= d["maximum"][me]
                weak = (best_key(mine) if mine else (0, 0))[1] < 2
                again = self.scrapped == (d["hand"], d["turns"])  # it changed nothing: never twice a turn
                scored.append((-50.0 if again else 4.0 if full and weak and not standing else -5.0, i, a))
            elif a.kind == "pass":
                scored.append((0.5 if d["played"] else -20.0, i, a))
        chosen = max(scored)[2]
        if chosen.kind == "scrap":
            self.scrapped = (d["hand"], d["turns"])
        return chosen

    def _play_worth(self, d: dict[str, Any], mine: list[HandCard], card: int, danger: bool, standing: bool) -> float:
        name = _base(card_name(card))
        worth = float(WORTH.get(name, 0))
        if name == "9D" and standing:
            worth = 10.0  # a second 9♦ is only insurance
        if danger and name in KNOCKERS:
            worth += THREAT
        if d["armed_j"]:  # a J makes this play no-effect: waste as little as possible
            worth = -max(0.0, worth) - 0.2 * min(0.0, worth)
        lift = _lift(mine, [HandCard(card, (rank(card), suit(card)), False)])
        return worth + lift + self.rng.random() * 0.1

    def _set_worth(self, d: dict[str, Any], mine: list[HandCard], cards: tuple[int, ...], danger: bool,
                   standing: bool) -> float:
        rule = set_rule(cards)
        if rule is None:
            return -50.0
        worth = float(SET_WORTH.get(rule.clause, 0))
        if danger and rule.clause in SET_KNOCKERS:
            worth += THREAT
        if standing and rule.clause in SET_SPOILERS:
            worth -= THREAT
        if d["armed_j"]:
            worth = -max(0.0, worth)
        lift = _lift(mine, [HandCard(c, (rank(c), suit(c)), False) for c in cards])
        return worth + lift + self.rng.random() * 0.1

    def _use_worth(self, d: dict[str, Any], me: int, mine: list[HandCard], card: int) -> float:
        """A J's restore is worth it when one of one's own cards lies no-effect; Neutralization
        (3♣ + wild) when the hand without both beats the hand that must hold the 3♣."""
        if _base(card_name(card)) == "3C":
            threes = [h.card for h in mine if _base(card_name(h.card)) == "3C"]
            wild = next((h.card for h in mine if h.wild), None)
            rest = [h for h in mine if h.card not in (card, wild)]
            now = best(mine, threes[:5])[0]
            after = best(rest, [c for c in threes if c != card][:5])[0] if rest else (0, 0)
            return 1.0 if after > now else -5.0
        own_ne = [_base(c) for s in d["tables"][me] if s.get("ne") and s["cards"][-1] != card_name(card)
                  for c in s["cards"]]
        return (30.0 if "9D" in own_ne else 1.0) if own_ne else -5.0

    def _f_poker(self, d: dict[str, Any], pick: dict[str, Action]) -> Action:
        """f_poker: stand on a pair or better, else change the three lowest cards (or fold if it can't)."""
        hand = [parse_card(c) for c in d["f_hand"] or []]
        if evaluate([(rank(c), suit(c)) for c in hand])[1] >= 1 or len(hand) < 5:
            return pick["stand"]
        low = sorted(hand, key=rank)[:3]
        return pick.get("draw:" + "+".join(card_name(c) for c in sorted(low)), pick["stand"])

    def _declare(self, d: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        by_id = {h.card: h for h in _faces(d["tables"][me])}
        declarations = [a for a in legal if a.kind == "declare"]  # a Neutralization may be offered too (BP-JE.N)
        return max(declarations, key=lambda a: key_of(by_id[c] for c in a.arg if c in by_id))

    # --- questions ----------------------------------------------------------------
    def _leader(self, d: dict[str, Any], me: int) -> int:
        def key(s: int) -> Key:
            hand = d["declared"][s]
            return evaluate([(rank(parse_card(c)), suit(parse_card(c))) for c in hand]) if hand else (0, -1)
        danger = threats(d, me)
        others = danger or [s for s in range(d["players"]) if s != me and d["in_hand"][s]]
        return max(others, key=lambda s: (key(s), len(d["tables"][s]))) if others else me

    def _answer(self, d: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        options = [a.arg for a in legal]
        pick = {o: a for o, a in zip(options, legal, strict=True)}
        if "magic" in pick or "tunnel" in pick or "reflect" in pick:
            return self._react(d, pick)
        if "stand" in pick:
            return self._f_poker(d, pick)
        if "wild" in pick:
            return self._eight(d, me, pick)
        for want in ("demand", "accept", "decline", "keep"):
            if want in pick:
                return pick[want]
        clause = (d.get("ask") or {}).get("clause", "")
        score = self._scorer(d, me, clause)
        return max(legal, key=lambda a: (score(a.arg), self.rng.random()))

    def _react(self, d: dict[str, Any], pick: dict[str, Action]) -> Action:
        """Magic, Tunnel or the Reflector: against a bad card forced on it; on a card it plays
        itself only when that card would cost it dearly (a 10♣, a 7♣, a K♠ it had to play); against an
        opponent's effect unless it is small (a 5's fee of 1 is not worth a 10♦)."""
        clause = (d.get("about") or {}).get("clause", "")
        coming = [_base(c) for c in d["transit"]]
        if clause == "BP-10D.M":  # a card of its own choosing
            return pick["magic"] if any(WORTH.get(c, 0) <= -5 for c in coming) else pick["pass"]
        if clause != "BP-R.2":  # Magic's second use, against an opponent's effect
            return pick["pass"] if clause in CHEAP else pick["magic"]
        if coming and not any(c in BAD_TO_FORCE for c in coming):
            return pick["pass"]  # a good card forced on me: let it come
        return pick.get("reflect") or pick.get("magic") or pick["tunnel"]

    def _eight(self, d: dict[str, Any], me: int, pick: dict[str, Action]) -> Action:
        """An 8: made wild if a wild lifts the hand more than the 8 itself, else kept (fees −1)."""
        mine = _faces(d["tables"][me])
        eight = next((c for c in d["transit"] + [c for s in d["tables"][me] for c in s["cards"]]
                      if rank(parse_card(c)) == 8), None)
        if eight is not None and "wild" in pick:
            rest = [h for h in mine if card_name(h.card) != eight]
            if _lift(rest, [_hand_card(eight, True)]) > _lift(rest, [_hand_card(eight)]):
                return pick["wild"]
        return pick.get("keep") or pick.get("wild") or pick["discard"]

    def _scorer(self, d: dict[str, Any], me: int, clause: str) -> Any:
        leader = self._leader(d, me)
        owner = {c: s for s in range(d["players"]) for x in d["tables"][s] for c in x["cards"]}
        standing = {x["cards"][0] for s in range(d["players"]) for x in d["tables"][s] if standing_nine(x)}
        declared = {c for s in range(d["players"]) for c in d["declared"][s]}
        mine = _faces(d["tables"][me])
        own = set(d["viewing"] or []) | set(d["ctbp"] or [])

        def keep(card: str) -> float:
            """What a card of my own table is worth keeping."""
            return (THREAT if card in standing else 0.0) + (2.0 if card in declared else 0.0) \
                + max(0.0, WORTH.get(_base(card), 0)) * 0.1

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
            if o.startswith("use:"):
                return -1.0 if d["armed_j"] else 1.0
            first = o.split("+")[0]
            if clause == "BP-5":
                return _worth_as(first, _on_five(d, me))
            if clause == "BP-2.4":  # my cards-to-be-played: a J first if a bad one is left, the worst under a J
                worth = WORTH.get(_base(first), 0)
                if d["armed_j"]:
                    return -worth
                bad = any(WORTH.get(_base(c), 0) < 0 for c in own)
                return 20.0 if bad and rank(parse_card(first)) == 11 else worth
            if first not in owner:
                return self.rng.random()
            s = owner[first]
            if clause == "BP-4D":  # replay one of my cards for the fee in the prompt
                fee = int(d["ask"]["prompt"].split()[-1]) if d["ask"]["prompt"].split()[-1].isdigit() else 3
                return WORTH.get(_base(first), 0) - 1.5 * fee
            if clause == "BP-J.D":  # restore a no-effect card: my own
                return (1.0 + keep(first)) if s == me else -1.0
            if clause in ("BP-QC", "BP-QS"):  # the card passed is played by the receiver; a pair costs a fee
                return (3.0 if _base(first) in BAD_TO_FORCE else 0.0) - keep(first) - 1.5 * o.count("+")
            if s == me:
                return -keep(first) - 1.0
            hurt = (2.0 if s == leader else 1.0) * (1.5 if first in declared else 1.0)
            if first in standing:
                hurt += THREAT
            if clause in TRADES:
                hurt += _lift(mine, [_hand_card(c) for c in o.split("+")])
            return hurt
        return score
