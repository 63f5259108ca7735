"""Mao players that are programs.

``Knower`` knows every rule in play and obeys, with a configurable error
rate: it sometimes forgets a duty (it lets the reasonable time run out) or
plays a card that does not match, as a fun opponent does. It reads the rules
the only way a program may without a rulebook: the legal actions (a duty owed
is a phrase or knock that breaks nothing now).

``Learner`` starts knowing only what may be told (Deal, Turn, End,
Discussion of rules) and learns the rest from the penalties it receives and
sees: which plays are improper, and which happenings oblige whom to say or
knock what. Its belief lives in the bot, so one Learner kept over a series of
games (``houserules mao learn``) makes fewer penalties as it goes. It never
looks at the legal actions except to know when it is asked to act.

Both return None to wait: to do nothing now and let the table's clock run on
to the next deadline (the runner then advances time).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import IS_RED, JACK, KING, RANK, SUIT, parse_card
from ...engine import registry
from ...engine.core import Action
from ...engine.referee import act
from . import rulebook as rb
from .speech import loose
from .view import MaoView

#: phrases of the table's procedure, not duties
PROCEDURE = {loose(p) for p in (rb.START, rb.SUSTAINED, rb.OVERRULED, rb.ADJOURNED, rb.POINT_OF_ORDER,
                                rb.PAUSED_ORIGINAL)}


def _procedure(view: MaoView | None, mine: list[Action]) -> Action | None:
    """The dealer's words when they are due (a bot dealer says them itself): the start,
    sustaining a point of order, adjourning (or, in the original set, anyone resuming)."""
    if view is None:
        return None
    writes = [a for a in mine if a.kind == "write"]
    if writes:  # a match's winner (the Extension): a rule offered (from the library, or composed), an addition first
        return next((a for a in writes if a.arg[0] == "add"), writes[0])
    said = {loose(a.arg): a for a in mine if a.kind == "say"}
    if not view.started:
        wanted = rb.START
    elif view.asked is not None:
        wanted = rb.SUSTAINED
    elif view.paused:
        wanted = rb.START if loose(rb.START) in said else rb.ADJOURNED
    else:
        return None
    return said.get(loose(wanted))


class Knower:
    """Knows every rule in play; errs with probability ``error`` per duty and per play."""

    name = "dealer"
    wants_view = True
    attempts = True

    def __init__(self, seed: int = 0, error: float = 0.1):
        self.rng = random.Random(seed)
        self.error = error

    def choose(self, view: MaoView, legal: Sequence[Action]) -> Action | None:
        seat = view.seat
        assert seat is not None
        mine = [a for a in legal if a.seat == seat]
        proc = _procedure(view, mine)
        if proc is not None:
            return proc
        fix = [a for a in mine if a.kind in ("touch", "show")]
        if fix:
            return fix[0]
        if view.advice:  # a bot dealer in human-dealer mode assesses what the software advises
            target, name = view.advice[0]
            return Action(seat, "call", arg=(target, name))
        if view.correction is not None:
            return Action(seat, "say", arg=rb.RULINGS[1])
        duties = [a for a in mine if (a.kind == "say" and loose(a.arg) not in PROCEDURE) or a.kind in ("knock", "point")]
        if duties:
            if self.rng.random() < self.error:
                return None  # forgot: the reasonable time runs out
            knocks = [a for a in duties if a.kind == "knock"]
            other = [a for a in duties if a.kind != "knock"]  # phrases, then a point a rule asks for
            return other[0] if other else max(knocks, key=lambda a: a.arg)
        plays = [a for a in mine if a.kind == "play"]
        if plays or any(a.kind == "draw" for a in mine):
            if view.hand and self.rng.random() < self.error / 3 and view.turn == seat:
                return Action(seat, "play", self.rng.choice(view.hand))  # a slip: maybe improper
            if plays:
                return self.rng.choice(plays)
            return next(a for a in mine if a.kind == "draw")
        return None


def features(card: int, below: int | None, below2: int | None, hand_after: int) -> frozenset[str]:
    """What a Learner notices about a play."""
    out = {"play", f"suit:{SUIT[card]}", f"rank:{RANK[card]}"}
    if JACK <= RANK[card] <= KING:
        out.add("face")
    if below is not None:
        out.add("samesuit" if SUIT[card] == SUIT[below] else "diffsuit")
        if RANK[card] == RANK[below]:
            out.add("samerank")
    if below2 is not None and RANK[card] == RANK[below2]:
        out.add("subway")
    if hand_after == 1:
        out.add("lastcard")
    return frozenset(out)


def relation(card: int, below: int) -> str:
    """How a card relates to the one below, as a Learner classifies plays."""
    if SUIT[card] == SUIT[below]:
        return "suit"
    if RANK[card] == RANK[below]:
        return "rank"
    if IS_RED[card] == IS_RED[below] and abs(RANK[card] - RANK[below]) == 1:
        return "neighbour"
    return "other"


class Learner:
    """Learns the rules from the penalties it receives and sees (see the module docstring)."""

    name = "learner"
    wants_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        #: how plays of each relation turned out: [accepted, improper]
        self.relations: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        #: penalty name -> features common to every event it followed (its trigger, as believed)
        self.triggers: dict[str, frozenset[str]] = {}
        self.heard_hail = False
        self.seen = -1
        self.owed: list[Action] = []
        self.game_key: tuple[int, ...] | None = None

    # --- learning ---------------------------------------------------------------------
    def _observe(self, view: MaoView) -> None:
        key = (view.players, view.dealer)
        if view.log and view.log[0][0] == 0 and self.seen > view.log[-1][0]:
            self.seen = -1  # a new game
        if key != self.game_key:
            self.game_key, self.seen = key, -1
        pile: list[int] = []
        last_event: dict[int, frozenset[str]] = {}
        last_play: tuple[int, str] | None = None
        for entry in view.log:
            n, kind, seat = entry[0], entry[1], entry[2]
            if kind == "play":
                card = parse_card(entry[3])
                below = pile[-1] if pile else None
                below2 = pile[-2] if len(pile) > 1 else None
                feats = features(card, below, below2, entry[4])
                pile.append(card)
                last_event[seat] = feats
                last_play = (seat, relation(card, below) if below is not None else "other")
                if n > self.seen:
                    self.relations[last_play[1]][0] += 1
            elif kind == "draw":
                last_event[(seat + 1) % view.players] = frozenset({"draw"})
            elif kind == "penalty" and n > self.seen:
                name = entry[3]
                if name == rb.IMPROPER_PLAY and last_play is not None and last_play[0] == seat:
                    self.relations[last_play[1]][0] -= 1
                    self.relations[last_play[1]][1] += 1
                elif name.startswith(("failure", "improper ailment")) and seat in last_event:
                    old = self.triggers.get(name)
                    feats = last_event[seat]
                    self.triggers[name] = feats if old is None else old & feats
            elif kind == "say" and "all hail" in loose(str(entry[3])):
                self.heard_hail = True
        if view.log:
            self.seen = max(self.seen, view.log[-1][0])

    def _duties(self, seat: int, feats: frozenset[str], card: int | None) -> list[Action]:
        """What the Learner believes it owes after an event with ``feats``."""
        out: list[Action] = []
        for name, trig in self.triggers.items():
            if not trig or not trig <= feats:
                continue
            if name == rb.KNOCK_TWICE:
                out.append(Action(seat, "knock", arg=2))
            elif name == rb.KNOCK_ONCE:
                out.append(Action(seat, "knock", arg=1))
            elif name.startswith("improper ailment") and card is not None and self.heard_hail:
                out.append(Action(seat, "say", arg=rb.fill("All hail the {name} of {suit}", card)))
            elif name.startswith("failure to say"):
                words = name[len("failure to say"):].strip(" ‘’'\".")
                out.append(Action(seat, "say", arg=words))
        return out

    # --- acting -----------------------------------------------------------------------------
    def choose(self, view: MaoView, legal: Sequence[Action]) -> Action | None:
        self._observe(view)
        seat = view.seat
        assert seat is not None and view.hand is not None
        mine = [a for a in legal if a.seat == seat]
        proc = _procedure(view, mine)
        if proc is not None:
            return proc
        if self.owed and view.log and view.log[-1][2] == seat:
            return self.owed.pop(0)  # what it believes it owes for what it just did
        self.owed = []
        if view.log and view.log[-1][1] == "draw" and (view.log[-1][2] + view.direction) % view.players == seat:
            self.owed = self._duties(seat, frozenset({"draw"}), None)
            if self.owed:
                return self.owed.pop(0)
        if not view.live_turn(seat):
            return None
        top = view.top
        ranked = []
        for c in dict.fromkeys(view.hand):
            ok, bad = self.relations[relation(c, top)]
            ranked.append((bad > 0 and ok <= bad, -ok, self.rng.random(), c))
        ranked.sort()
        best = ranked[0] if ranked else None
        if best is None or (best[0] and not view.drawn):
            return Action(seat, "draw") if not view.drawn else None
        if best[0]:
            return None  # nothing it believes playable: let the turn pass
        card = best[3]
        after = len(view.hand) - 1
        feats = features(card, top, view.pile[-2] if len(view.pile) > 1 else None, after)
        self.owed = self._duties(seat, feats, card)
        return Action(seat, "play", card)


def learning_curve(games: int, options: Mapping[str, Any], seed: int = 0, error: float = 0.05) -> list[int]:
    """One Learner (seat 0) kept over a series of games against Knowers: its penalties
    in each game. If it learns, the count falls."""
    game = registry.get("mao")
    opts = game.options(options)
    learner = Learner(seed)
    out: list[int] = []
    for i in range(games):
        state = game.new(opts, seed + i)
        bots: list[Any] = [learner] + [Knower(seed * 131 + i * 17 + s, error) for s in range(1, state.players)]
        clock = 0.0
        for _ in range(20_000):
            seats = game.to_act(state)
            if not seats:
                break
            seat = seats[0]
            choice = bots[seat].choose(game.view(state, seat), [a for a in game.legal(state) if a.seat == seat])
            if choice is None:
                due = game.deadline(state)
                if due is None:
                    break
                clock = max(clock, due)
                game.advance(state, clock)
            else:
                act(game, state, choice, now=clock)
        out.append(state.penalties[0])
    return out


__all__ = ["Knower", "Learner", "learning_curve"]
