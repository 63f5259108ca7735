"""The learning Mao player: it learns the rules from the penalties the dealer names.

A person new to Mao hears "failure to knock for spades" and asks: what just
happened to that player? ``Learner`` does the same with what its view shows
(the recent public log: plays, draws, speech, knocks, points and penalties by
name) and nothing else: never the state, never a rule's text.

**Happenings.** Each log entry is a happening for some seats, of a *kind*
seen from that seat, with the details a player notices:

- a play: ``me:play`` for its player, ``next:play`` for the next seat,
  ``all:play`` for everyone (suit, rank, face card, same suit or rank as the
  card below, the rank of two below, a last card);
- a draw as part of a turn: ``me:draw``, ``next:draw``, ``all:draw``;
- a penalty given: ``me:penalty`` (with its name), ``next:penalty``, ``all:penalty``;
- words said: ``me:said`` (the words, heard loosely), ``all:said``;
- a hand reaching a size: ``me:hand`` (the size);
- a turn starting: ``me:turn`` (for another seat, guessed: the next after a
  play, a draw or the start; for itself, the view says whose turn it is).

**Beliefs.** A penalty with a name it can read as a duty ("failure to say X",
"... knock twice/once/N times ...", "... point ...", an improper ailment) is
explained by a happening of the penalised seat's recent past: since the
play or draw before last (a play's duties are judged at the latest when the
next turn is played). The first time, every kind of happening then seen is a
hypothesis; each later penalty of that name keeps the kinds seen again (one
time in four may miss: a moment is sometimes misread) and the details common
to every time (so who it binds is learned too: a
penalty given to players who did not play is not ``me:play``). A penalty
given right after the seat spoke is one for speaking (a silence, a forbidden
word, a phrase out of time): a *hush* belief, learned the same way.

**Acting.** When a happening of a belief's kind (the most particular
hypothesis left, the player's own before the next's before everyone's)
concerns the Learner with every detail believed, it owes the act. A penalty
right after it acted on a belief (talking, knocking or pointing at the wrong
time) refutes that hypothesis, and the next one is tried. It keeps silent
where any hypothesis of a hush belief holds, unless the words are ones it has
said before without a penalty. Improper plays are learned apart: how plays of each
relation to the card below turned out.

Everything lives in the bot, so one Learner kept over the games of a match (or
``houserules mao learn``) makes fewer penalties as it goes.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...cards import IS_RED, JACK, KING, RANK, SUIT, parse_card
from ...bots.base import BotBase
from ...engine.core import Action
from . import rulebook as rb
from .procedure import procedure
from .speech import loose
from .view import MaoView

#: penalties of the rules a newcomer is told or that concern no duty (M-discussion, the base
#: rules' conduct): they never become beliefs
CONDUCT = frozenset(loose(n) for n in (rb.TALKING, rb.NOT_YOUR_TURN, rb.DELAY, rb.POINTING, rb.DISCUSSION,
                                       rb.BAD_CALL, rb.TOUCHING, rb.BAND_AID, rb.IMPROPER_PLAY,
                                       rb.IMPROPER_KNOCKING))
AILMENT = "improper ailment"
HAIL = "All hail the {name} of {suit}"
#: how many acts on beliefs one moment may hold (a belief set off by its own words must end)
MAX_OWED = 6
#: how many past happenings the Learner remembers (the view's log holds 40 entries)
MEMORY = 400
_COUNTS = {"once": 1, "twice": 2, "thrice": 3, "three times": 3, "four times": 4, "five times": 5}


#: what a play tells of the card below it; a play without any (the card below unknown: the learner
#: came in after it) teaches nothing about what plays oblige, or every such belief would lose them
BELOW = frozenset({"samesuit", "diffsuit"})


def features(card: int, below: int | None, below2: int | None, hand_after: int) -> frozenset[str]:
    """What a Learner notices about a play."""
    out = {f"suit:{SUIT[card]}", f"rank:{RANK[card]}"}
    if JACK <= RANK[card] <= KING:
        out.add("face")
    if below is not None:
        out.add("samesuit" if SUIT[card] == SUIT[below] else "diffsuit")
        if RANK[card] == RANK[below]:
            out.add("samerank")
        out.add("samecolour" if IS_RED[card] == IS_RED[below] else "diffcolour")
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


def reading(name: str) -> tuple[str, str | int] | None:
    """The duty a penalty's name tells of, as a newcomer reads it: ``("say", words)``,
    ``("knock", times)``, ``("point", 0)``, ``("hail", "")``; None: the name tells no act."""
    key = loose(name)
    if key in CONDUCT:
        return None
    if key.startswith(AILMENT):
        return ("hail", "")
    if key.startswith("failure to say "):
        words = name.strip()[len("failure to say "):].strip(" ‘’'\".")
        return ("say", words) if words else None
    if "knock" in key:
        digits = re.search(r"\b([1-9])\b", key)
        times = int(digits.group(1)) if digits else next((n for w, n in _COUNTS.items() if w in key), 1)
        return ("knock", times)
    if "point" in key:
        return ("point", 0)
    return None


def belief_key(name: str) -> str:
    """Names that differ only by the card they name are one belief (the ailments)."""
    key = loose(name)
    return AILMENT if key.startswith(AILMENT) else key


@dataclass(frozen=True)
class Happening:
    """Something that happened to ``seat``, of ``kind``, with its ``details``; ``card``: a play's card."""

    n: int
    seat: int
    kind: str
    details: frozenset[str]
    card: int | None = None


@dataclass
class Belief:
    """What a penalty name is believed to ask: ``act`` (say, knock, point, hail, hush) and
    ``arg``; ``kinds``: the hypotheses (kind of happening -> details common to every time it
    was seen), ``hits``: how many of the ``times`` the name was given each kind was seen,
    ``order``: which the Learner tries first; ``sure``: acted on without a penalty (in all,
    and by hypothesis: ``right``), ``wrong``: acted on and penalised at once."""

    act: str
    arg: str | int
    kinds: dict[str, frozenset[str]]
    order: list[str]
    sure: int = 0
    times: int = 1
    hits: dict[str, int] = field(default_factory=dict)
    right: dict[str, int] = field(default_factory=dict)
    wrong: dict[str, int] = field(default_factory=dict)

    def alive(self) -> list[str]:
        """The hypotheses still held: seen with (nearly) every penalty of the name (a player
        misreads a moment now and then: whose turn began after a pass, say, so one time in
        four may be missing), and not refuted: a hypothesis acted on is dropped when penalised
        at once, unless it was right far more often (the penalty may have had another cause:
        a duty already timed out while others were slow)."""
        return [k for k in self.order if k in self.kinds and 4 * self.hits.get(k, 1) >= 3 * self.times
                and 3 * self.wrong.get(k, 0) <= self.right.get(k, 0) + 2]

    def best(self) -> str | None:
        """The hypothesis acted on: the seat's own before the next's before everyone's (the
        narrowest who), then the most particular, then the one seen nearest the penalty."""
        alive = self.alive()
        if not alive:
            return None
        role = {"me": 0, "next": 1, "all": 2}
        return min(alive, key=lambda k: (role[k.partition(":")[0]], -len(self.kinds[k]), alive.index(k)))


@dataclass
class Memory:
    """What the Learner keeps of the game being played (reset at each deal)."""

    seen: int = -1
    pile: list[int] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    recent: list[Happening] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)  # log numbers of plays and draws
    last: tuple[object, ...] = ()  # the last log entry (for "right after")
    turns_seen: set[int] = field(default_factory=set)  # marks whose turn start it has seen for itself


class Learner(BotBase):
    """Learns the rules from the penalties it receives and sees (see the module docstring)."""

    name = "learner"
    wants_view = True
    #: its plays may be improper: the runner sends them through the referee, as a person's
    attempts = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        #: how plays of each relation turned out: [accepted, improper]
        self.relations: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        #: penalty name (loosely) -> what it is believed to ask
        self.beliefs: dict[str, Belief] = {}
        self.heard_hail = False
        self.owed: list[tuple[int, Action, str]] = []  # (the moment's log number, the act, the belief)
        self.acting: tuple[Action, str] | None = None
        self.game_key: tuple[int, ...] | None = None
        self.mem = Memory()
        self.moment, self.spent = -1, 0  # acts on beliefs since the last play or draw (a bound)

    # --- watching ---------------------------------------------------------------------
    def _new_game(self, view: MaoView) -> bool:
        key = (view.players, view.dealer)
        restarted = view.log[-1][0] < self.mem.seen if view.log else self.mem.seen >= 0
        fresh = key != self.game_key or restarted
        if fresh:
            self.game_key = key
            # the pile as it was before the plays the log holds (it replays them): what the view
            # shows of the pile, less those plays (the first card flipped is below the first play)
            played = sum(1 for e in view.log if e[1] == "play")
            shown = list(view.pile)
            self.mem = Memory(pile=shown[:len(shown) - played] if played < len(shown) else [],
                              sizes=list(view.hand_sizes))
            self.owed, self.acting, self.spent = [], None, 0
        return fresh

    def _observe(self, view: MaoView) -> None:
        self._new_game(view)
        mem, me = self.mem, view.seat
        assert me is not None
        for i, entry in enumerate(view.log):
            if entry[0] <= mem.seen:
                continue
            mine = self._entry(view, entry)
            self._settle_act(entry, view.log[i + 1] if i + 1 < len(view.log) else None, me)
            for h in mine:
                if h.seat == me and h.kind != "me:turn":  # its own turn: the view says when (``choose``)
                    self._expect(h, view)
            mem.last = entry
            mem.seen = entry[0]
        mem.sizes = list(view.hand_sizes)
        if mem.marks:  # what happened before the last play or draw was judged then
            self.owed = [o for o in self.owed if o[0] >= mem.marks[-1]]

    def _entry(self, view: MaoView, entry: tuple[object, ...]) -> list[Happening]:
        """Learn from one log entry; the happenings it makes, for every seat."""
        mem, n, players = self.mem, int(str(entry[0])), view.players
        kind, seat = entry[1], int(str(entry[2]))
        nxt = (seat + view.direction) % players
        out: list[Happening] = []

        def every(what: str, details: frozenset[str], card: int | None = None, *, nexts: bool = True) -> None:
            out.append(Happening(n, seat, f"me:{what}", details, card))
            if nexts:
                out.append(Happening(n, nxt, f"next:{what}", details, card))
            out.extend(Happening(n, s, f"all:{what}", details, card) for s in range(players))

        if kind == "play":
            card = parse_card(str(entry[3]))
            below = mem.pile[-1] if mem.pile else None
            if below is not None:
                self.relations[relation(card, below)][0] += 1
            out += self._size(n, seat, int(str(entry[4])))  # (listed first: the play is the nearer cause)
            every("play", features(card, below, mem.pile[-2] if len(mem.pile) > 1 else None, int(str(entry[4]))),
                  card)
            mem.pile = (mem.pile + [card])[-3:]
            mem.marks.append(n)
            out.append(Happening(n, nxt, "me:turn", frozenset()))
        elif kind == "draw":
            out += self._size(n, seat, self._known(seat) + 1)
            every("draw", frozenset())
            mem.marks.append(n)
            out.append(Happening(n, nxt, "me:turn", frozenset()))  # unless the drawer plays
        elif kind == "penalty":
            name = str(entry[3])
            self._learn(name, seat, n, players)
            if loose(name) == loose(rb.IMPROPER_PLAY) and mem.last[1:2] == ("play",) and mem.last[2] == seat \
                    and len(mem.pile) > 1:
                rel = relation(mem.pile[-1], mem.pile[-2])
                self.relations[rel][0] -= 1
                self.relations[rel][1] += 1
            out += self._size(n, seat, self._known(seat) + 1)
            every("penalty", frozenset({belief_key(name)}))
        elif kind == "say":
            words = str(entry[3])
            if "all hail" in loose(words):
                self.heard_hail = True
            every("said", frozenset({loose(words)}), nexts=False)
            if loose(words) == loose(rb.START) and seat == view.dealer:
                out.append(Happening(n, (seat + view.direction) % players, "me:turn", frozenset()))
        mem.recent = (mem.recent + out)[-MEMORY:]
        return out

    def _known(self, seat: int) -> int:
        sizes = self.mem.sizes
        return sizes[seat] if seat < len(sizes) else 0

    def _size(self, n: int, seat: int, size: int) -> list[Happening]:
        """A hand that now holds ``size`` cards has reached it (when it held another number)."""
        sizes = self.mem.sizes
        while len(sizes) <= seat:
            sizes.append(0)
        if sizes[seat] == size or size <= 0:
            return []
        sizes[seat] = size
        return [Happening(n, seat, "me:hand", frozenset({str(size)}))]

    def _learn(self, name: str, seat: int, n: int, players: int) -> None:
        """A penalty ``name`` given to ``seat`` at log number ``n``: explain it by what happened
        to ``seat`` since the play or draw before last."""
        mem, key = self.mem, belief_key(name)
        spoke = mem.last[1:3] == ("say", seat)
        if mem.last[1:2] in (("knock",), ("point",)) and mem.last[2] == seat:
            return  # a knock or point at the wrong time asks no act (it may refute a belief: ``_settle_act``)
        what = reading(name)
        if what is None and spoke and key not in CONDUCT:
            what = ("hush", "")  # no duty in the name, and it came as the seat spoke: for speaking
        if what is None:
            return
        since = mem.marks[-2] if len(mem.marks) > 1 else -1
        seen: dict[str, frozenset[str]] = {}
        order: list[str] = []
        for h in reversed(mem.recent):
            if h.n < since:
                break
            if h.seat != seat or h.n >= n:
                continue
            if h.kind not in seen:  # the nearest of each kind
                seen[h.kind] = h.details
                order.append(h.kind)
        if spoke:  # the words just said are why, not what happened before them
            seen.pop("all:said", None)
        old = self.beliefs.get(key)
        if old is None:
            if seen:
                self.beliefs[key] = Belief(what[0], what[1], seen, order)
            return
        old.times += 1
        for k in old.kinds:
            if k in seen and not (k.endswith(":play") and not seen[k] & BELOW):
                old.kinds[k] &= seen[k]
                old.hits[k] = old.hits.get(k, 1) + 1
        if not old.alive():  # nothing it believed fits: start again from this time
            self.beliefs[key] = Belief(what[0], what[1], seen, order)

    def _settle_act(self, entry: tuple[object, ...], after: tuple[object, ...] | None, me: int) -> None:
        """Its own act on a belief (``entry``): the table judges an act at once, so a penalty
        to it logged right ``after`` refutes the hypothesis acted on (unless it is a failure to
        do something: a duty's window closing as time ran on or someone else moved, not an
        answer to the act); anything else, or nothing yet, and the belief was right to act."""
        if self.acting is None or entry[2] != me or entry[1] not in ("say", "knock", "point"):
            return
        key, hyp = self.acting[1].split("|", 1)
        self.acting = None
        b = self.beliefs.get(key)
        if b is None:
            return
        if after is not None and after[1:3] == ("penalty", me) and not loose(str(after[3])).startswith("failure"):
            b.wrong[hyp] = b.wrong.get(hyp, 0) + 1
            if not b.alive():
                del self.beliefs[key]
        else:
            b.sure += 1
            b.right[hyp] = b.right.get(hyp, 0) + 1

    def _expect(self, h: Happening, view: MaoView) -> None:
        """What a happening to the Learner itself obliges it to do, as it believes."""
        me = view.seat
        assert me is not None
        for key, b in self.beliefs.items():
            hyp = b.best()
            if b.act == "hush" or hyp != h.kind or not b.kinds[hyp] <= h.details:
                continue
            action = self._act(b, me, h.card, view.players)
            if action is not None and len(self.owed) < MAX_OWED:
                self.owed.append((self.mem.marks[-1] if self.mem.marks else -1, action, f"{key}|{hyp}"))

    def _act(self, b: Belief, me: int, card: int | None, players: int) -> Action | None:
        if b.act == "say":
            return Action(me, "say", arg=str(b.arg))
        if b.act == "knock":
            return Action(me, "knock", arg=int(b.arg))
        if b.act == "point":
            return Action(me, "point", arg=(me + 1) % players)
        if b.act == "hail" and card is not None and self.heard_hail and JACK <= RANK[card] <= KING:
            return Action(me, "say", arg=rb.fill(HAIL, card))
        return None

    def _hushed(self, words: str, me: int) -> bool:
        """Whether a hush belief holds now for saying ``words`` (unless they were said safely before)."""
        if any(b.sure and b.act == "say" and loose(str(b.arg)) == loose(words) for b in self.beliefs.values()):
            return False
        since = self.mem.marks[-1] if self.mem.marks else -1
        for b in self.beliefs.values():
            if b.act != "hush":
                continue
            for hyp in b.alive():  # any hypothesis that holds: silence is cheap
                details = b.kinds[hyp]
                if not details:
                    continue
                if hyp == "me:said" and details <= {loose(words)}:
                    return True
                if hyp != "me:said" and any(h.seat == me and h.kind == hyp and details <= h.details
                                            for h in self.mem.recent if h.n >= since):
                    return True
        return False

    # --- acting -----------------------------------------------------------------------------
    def choose(self, view: MaoView, legal: Sequence[Action]) -> Action | None:
        self._observe(view)
        seat = view.seat
        assert seat is not None and view.hand is not None
        mine = [a for a in legal if a.seat == seat]
        proc = procedure(view, mine)
        if proc is not None:
            return proc
        mem = self.mem
        mark = mem.marks[-1] if mem.marks else -1
        if view.live_turn(seat) and view.turn == seat and mark not in mem.turns_seen:
            mem.turns_seen.add(mark)  # its turn has started
            self._expect(Happening(mem.seen, seat, "me:turn", frozenset()), view)
        if mark != self.moment:
            self.moment, self.spent = mark, 0
        while self.owed and self.spent < MAX_OWED:
            _, action, why = self.owed.pop(0)
            if action.kind == "say" and self._hushed(str(action.arg), seat):
                continue
            self.acting = (action, why)
            self.spent += 1
            return action
        self.owed = []
        if not view.live_turn(seat) or (view.drawn and view.turn != seat):
            return None  # not its turn, or the player before drew: their time to play it (H-beat)
        return self._turn(view, seat)

    def _turn(self, view: MaoView, seat: int) -> Action | None:
        assert view.hand is not None
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
        return Action(seat, "play", best[3])


__all__ = ["Belief", "Learner", "features", "reading", "relation"]
