"""A heuristic Shedding player.

It plays the way a careful person does: always declares its last card, meets
draw pressure by stacking (biggest first) or shielding rather than drawing,
and on a free turn searches the runs its hand allows and plays the one that
sheds most, preferring to finish on a card that hurts the next player (a draw
card, an 8) and keeping red Jacks back as shields. It sees only its view.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import RANK
from ...bots.base import BotBase
from ...engine.core import Action
from .rules import (
    DOWN, DRAW_VALUE, HOP, IS_QUEEN, IS_RED_JACK, IS_WRAP, MATCHES, PIVOT, RELATION, UP,
)
from .kinds import Kind
from .view import SheddingView

NODE_LIMIT = 3000
WIN = 10_000


def ending_value(card: int, next_size: int) -> float:
    """How good it is to leave ``card`` on top at the end of the turn."""
    if IS_QUEEN[card]:
        return -25.0  # an uncovered Queen: decline and draw
    value = DRAW_VALUE[card]
    urgency = 2.0 if next_size <= 2 else 1.0
    if value:
        return value * 1.5 * urgency
    if RANK[card] == 8:
        return 3.0 * urgency
    return 0.0


class _Search:
    """Depth-first search over the runs a hand allows, from a view's position."""

    def __init__(self, next_size: int, first_cards: set[int] | None = None):
        self.next_size = next_size
        #: the cards legal as the turn's first card (the table's house rules may allow or forbid
        #: some the seed would not: its legal list says which), or None mid-run
        self.first_cards = first_cards
        self.nodes = 0
        self.best_score = float("-inf")
        self.best_first: int | None = None
        self.by_first: dict[int, float] = {}  # the best score of a run starting with each card

    def continuations(self, top: int, run_dir: int, wrapped: bool, first: bool, hand: list[int]) -> list[int]:
        if first and self.first_cards is not None:
            return [c for c in hand if c in self.first_cards]
        if IS_QUEEN[top]:
            return list(dict.fromkeys(hand))
        if first:
            row = MATCHES[top]
            return [c for c in hand if row[c]]
        out = []
        rel_row = RELATION[top]
        for c in hand:
            rel = rel_row[c]
            if rel == HOP or rel == PIVOT:
                out.append(c)
            elif rel == UP or rel == DOWN:
                if IS_WRAP[top][c] and wrapped:
                    continue
                if run_dir and run_dir != (1 if rel == UP else -1):
                    continue
                out.append(c)
        return out

    def score_end(self, played: int, hand: list[int], top: int, cost: float) -> float:
        if not hand and not IS_QUEEN[top]:
            return WIN
        return played * 10.0 + ending_value(top, self.next_size) - cost

    def walk(self, top: int, run_dir: int, wrapped: bool, first: bool, hand: list[int],
             played: int, cost: float, first_card: int | None) -> None:
        self.nodes += 1
        if played and first_card is not None:
            s = self.score_end(played, hand, top, cost)
            if s > self.best_score:
                self.best_score, self.best_first = s, first_card
            if s > self.by_first.get(first_card, float("-inf")):
                self.by_first[first_card] = s
        if self.nodes > NODE_LIMIT or (played and not hand):
            return
        for c in self.continuations(top, run_dir, wrapped, first, hand):
            rest = hand[:]
            rest.remove(c)
            ndir, nwrap = run_dir, wrapped
            if IS_QUEEN[top] or first:
                ndir = 0
            else:
                rel = RELATION[top][c]
                if rel == UP or rel == DOWN:
                    ndir = 1 if rel == UP else -1
                    nwrap = wrapped or IS_WRAP[top][c]
            # spending shields and draw cards mid-run has a price: they defend later
            extra = 4.0 if IS_RED_JACK[c] else 1.5 if DRAW_VALUE[c] else 0.0
            self.walk(c, ndir, nwrap, False, rest, played + 1, cost + extra,
                      c if first_card is None else first_card)


class SheddingHeuristic(BotBase):
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: SheddingView, legal: Sequence[Action]) -> Action:
        return self.weigh(view, legal)[0]

    def weigh(self, view: SheddingView, legal: Sequence[Action]) -> tuple[Action, dict[int, float], float | None]:
        """The action it plays; the search's best score of a run starting with each card (empty
        when it did not search); and what ending the run now is worth (None: it may not end).
        Why apart from ``choose``: a learnt policy reads these as features (encoding.py)."""
        searched: dict[int, float] = {}
        stop_value = None
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if Kind.DECLARE in by_kind:
            return by_kind[Kind.DECLARE][0], searched, stop_value
        plays = by_kind.get(Kind.PLAY, [])
        hand = list(view.hand or ())
        if view.pending and not view.run:
            stacks = [a for a in plays if DRAW_VALUE[a.card]]
            if stacks:
                return max(stacks, key=lambda a: DRAW_VALUE[a.card]), searched, stop_value
            if plays:  # a red Jack shield
                return plays[0], searched, stop_value
            return by_kind[Kind.DRAW][0], searched, stop_value
        nxt = (view.turn + view.direction) % view.players
        search = _Search(view.hand_sizes[nxt], None if view.run else {a.card for a in plays})
        search.walk(view.top, view.run_dir, view.wrapped, not view.run, hand, 0, 0.0, None)
        searched = search.by_first
        if view.run and Kind.END in by_kind:
            stop_value = ending_value(view.top, search.next_size)
        if search.best_first is not None:
            if stop_value is None or search.best_score > stop_value:
                for a in plays:
                    if a.card == search.best_first:
                        return a, searched, stop_value
        for kind in (Kind.END, Kind.DRAW, Kind.DECLINE):
            if kind in by_kind:
                return by_kind[kind][0], searched, stop_value
        return legal[0], searched, stop_value
