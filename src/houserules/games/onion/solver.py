"""The optimal arrangement of a Cripple Mr Onion hand, exactly.

Everything that ranks hands calls this: the showdown, the bots' strength
estimates, the simulator, ``houserules onion best``. It must never guess.

How it is fast (pure Python, several thousand hands a second):

* **Candidates by bitsets over subsets.** The ten cards are positions 0..9, a
  grouping is a 10-bit mask. For every total ``t`` the solver keeps one
  1024-bit integer whose bit ``m`` says "the cards of mask ``m`` can total
  ``t``" (aces as 1 or 11, null eights as 0 or 8, wild cards as anything).
  Adding a card is a shift, so the onions (total 21), bagel pairs (20) and
  flush totals (16-21) of all 1024 subsets come from ~250 integer operations;
  flushes and royals are then ANDs with precomputed "subsets of these
  positions" bitsets.
* **Top grouping first.** An arrangement is worth ``sum(6 ** strength)``
  (see ``groupings``), so any arrangement holding a grouping of the highest
  strength the cards allow beats every arrangement without one. The search
  therefore branches only over the candidates of the highest strength that
  still fit the remaining cards, memoised on the remaining-card mask.
* **Bagels and Onions as whole groupings.** Two to five bagels (pontoons)
  are one grouping whose strength grows with the count; the solver lists
  each set of disjoint pairs as one candidate, and merging always wins, so
  the optimum never holds two of one family.

The rule inputs (``Rules``) cover every modifier that changes what a hand is
worth: null and wild eights, zeroed and devalued aces, Death's killed
picture card, the Fool's order, the Octavo, Great A'Tuin's shift and the
Elephants; and the table's ranking of the groupings (``ranking``: the seed's,
or a house book's). Which player a modifier touches is the game's business
(``games.onion.modifiers``); the solver only values one hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, NamedTuple

from . import groupings as G
from .cards import ATUIN, CRANK, CSUIT, DECK_SIZE, canonical, name, resolve, twins
from .ranking import SEED, Ranking

ACE, EIGHT, NINE, TEN = 1, 8, 9, 10
ONION_TOTAL = 21
BAGEL_TOTAL = 20
FLUSH_LOW = 16
MAX_ONION = 7  # there is no eight-card onion (CMO-2.12)

# --- tables over the 1024 masks of ten positions -----------------------------
FULL = 1023
WEIGHTS = G.WEIGHT[False]  # BASE ** strength (the same numbers for both orders)
POSITIONS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(10) if m >> i & 1) for m in range(1024))
POPCOUNT = tuple(len(p) for p in POSITIONS)


def _subset_bitsets() -> tuple[int, ...]:
    """SUBSETS[x]: the 1024-bit set of masks that are subsets of x."""
    out = [0] * 1024
    out[0] = 1
    for x in range(1, 1024):
        h = x.bit_length() - 1
        rest = out[x ^ (1 << h)]
        out[x] = rest | (rest << (1 << h))
    return tuple(out)


SUBSETS = _subset_bitsets()
#: SIZE[k]: masks with exactly k positions
SIZE = tuple(sum(1 << m for m in range(1024) if POPCOUNT[m] == k) for k in range(11))
ONION_SIZED = SIZE[2] | SIZE[3] | SIZE[4] | SIZE[5] | SIZE[6] | SIZE[7]
AT_LEAST_3 = sum(SIZE[k] for k in range(3, 11))


def bits(x: int) -> Iterable[int]:
    """The set bits of ``x`` (the masks in a bitset), lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


@dataclass(frozen=True, slots=True)
class Rules:
    """What the cards of one hand are worth this round (all off: the base game).

    ``devalued`` counts the aces (or other cards) the Lady forbids to play as
    eleven (#4ii); ``death`` is 2 when Death's killed picture may not help a
    Double Onion (#9i), 3 when it may help neither a Double nor a Triple
    (#9ii); ``wild`` names further wild card ids (the Jack of Staves, #10ii).
    """

    null_eights: bool = False  # 8 may be 0 in an onion (#1i)
    wild_eights: bool = False  # 8 is any regular card (#1ii)
    wild_not_ace: bool = False  # wild 8 may not be 1 or 11 (#8ii)
    no_eight_value: bool = False  # this player may not play an 8 as 8 (#10i)
    zeroed_aces: bool = False  # this player's aces are worth 0 and join no onion (#5i, #8)
    devalued: int = 0  # aces that may not be played as 11, Great Onion aside (#4ii)
    death: int = 0  # 2: killed picture left out of a Double Onion; 3: Double and Triple (#9)
    fool: bool = False  # bagels change places with Onions (#11)
    octavo: bool = False  # eight wild eights are the Octavo (#3)
    shift: bool = False  # Great A'Tuin: -8 on one card, +8 on another (#6)
    elephants: bool = False  # four 9/10s with the Queen of Coins make a Double Onion (#7)
    wild: frozenset[int] = field(default_factory=frozenset)  # more wild cards (#10ii)
    exclude: frozenset[int] = field(default_factory=frozenset)  # cards this arrangement may not use (#8i, #10i)
    ranking: Ranking = SEED  # where each grouping ranks: the seed's order, or a house book's (issue 36)


BASE_RULES = Rules()
#: the pseudo-grouping a declaration uses to say which cards Great A'Tuin shifted
SHIFT = "shift"


class Grouping(NamedTuple):
    """One grouping of an arrangement: its kind, its cards (ids), its strength.

    ``nulls`` is how many eights count as zero in it (#1); ``wilds`` how many
    wild cards it uses (#2 compares a crippling flush's wilds with them).
    """

    kind: str
    cards: tuple[int, ...]
    strength: int
    nulls: int = 0
    wilds: int = 0


class RunningFlush(NamedTuple):
    """A nine- or ten-card running flush: worthless, except to cripple (#0)."""

    length: int
    cards: tuple[int, ...]
    wilds: int


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand sorted into disjoint groupings, strongest first, and the cards left over."""

    groupings: tuple[Grouping, ...]
    unused: tuple[int, ...]
    value: int  # sum(BASE ** strength): compare arrangements by this
    cripple: RunningFlush | None = None
    shift: tuple[int, int] | None = None  # (card down 8, card up 8) when Great A'Tuin is used

    @property
    def key(self) -> tuple[int, ...]:
        """The strengths, strongest first: the seed's comparison, readable."""
        return tuple(g.strength for g in self.groupings)

    @property
    def top(self) -> str | None:
        return self.groupings[0].kind if self.groupings else None

    def declaration(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The showdown's ``declare`` argument that shows this arrangement: its
        groupings, strongest first, and Great A'Tuin's shift if it uses one."""
        out = tuple((g.kind, g.cards) for g in self.groupings)
        return out + ((SHIFT, self.shift),) if self.shift else out

    def to_json(self, marks: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "groupings": [{"name": g.kind, "cards": [name(c, marks) for c in g.cards]} for g in self.groupings],
            "unused": [name(c, marks) for c in canonical(self.unused)],
        }
        if self.cripple is not None:
            out["running_flush"] = {"length": self.cripple.length,
                                    "cards": [name(c, marks) for c in self.cripple.cards]}
        if self.shift is not None:
            out["shift"] = {"down": name(self.shift[0], marks), "up": name(self.shift[1], marks)}
        return out


# --- what each card may be --------------------------------------------------
Values = tuple[int, ...] | None  # the values a card may take; None: it may take no part
#: onion values, flush values, wild, wild eight, picture, ace of eleven, null eight, must be null
FaceRow = tuple[Values, Values, bool, bool, bool, bool, bool, bool]
_FACE_TABLES: dict[Rules, tuple[FaceRow, ...]] = {}


def _face(c: int, rules: Rules) -> FaceRow:
    """One card's row of ``Faces``: onion values, flush values, wild, wild
    eight, picture, ace of eleven, null eight, must be null."""
    if c in rules.exclude:
        return None, None, False, False, False, False, False, False
    r = CRANK[c]
    eight = r == EIGHT
    wild = (eight and rules.wild_eights) or c in rules.wild
    null = eight and rules.null_eights and not wild
    no8 = eight and rules.no_eight_value  # #10i: no eight played as eight, wild or not
    must_null = null and no8
    if wild:
        lo, hi = (2, 10) if eight and rules.wild_not_ace else (1, 11)
        vals: tuple[int, ...] = tuple(v for v in range(lo, hi + 1) if not (no8 and v == EIGHT))
        return vals, vals, True, eight, True, hi == 11, False, False
    if r == ACE:
        zero = rules.zeroed_aces
        plain: Values = (1, 11)
        return None if zero else plain, (0,) if zero else plain, False, False, False, not zero, False, False
    v = min(r, 10)
    onion: Values = ((0,) if no8 else (0, 8)) if null else (None if no8 else (v,))
    return onion, None if no8 else (v,), False, False, r > 10, False, null, must_null


#: the fields of ``Faces`` (its slots)
_FACE_FIELDS = ("n", "cards", "onion", "flush", "wild", "wild8", "pic", "a11", "rank", "suit",
                "null", "must_null", "no8")


class Faces:
    """Per position: the values a card may take in an onion and in a flush,
    and whether it is wild, a picture, an ace of eleven, a null eight.

    ``None`` as a value list means the card may not take part at all (a
    zeroed ace in an onion, an eight its player may not play as eight)."""

    __slots__ = _FACE_FIELDS

    def __init__(self, cards: Sequence[int], rules: Rules):
        table = _FACE_TABLES.get(rules)
        if table is None:
            if len(_FACE_TABLES) > 256:
                _FACE_TABLES.clear()
            table = _FACE_TABLES[rules] = tuple(_face(c, rules) for c in range(DECK_SIZE))
        rows = [table[c] for c in cards]
        self.n = len(cards)
        self.cards = tuple(cards)
        cols = list(zip(*rows)) if rows else [()] * 8
        (self.onion, self.flush, self.wild, self.wild8, self.pic, self.a11,
         self.null, self.must_null) = (list(col) for col in cols)
        self.rank = [0 if c in rules.exclude else CRANK[c] for c in cards]  # rank 0: in no royal or run
        self.suit = [CSUIT[c] for c in cards]
        self.no8 = rules.no_eight_value

    def eleven_able(self) -> int:
        """How many cards may be played as eleven, as they stand (after Great
        A'Tuin's shift, without the Elephants' spent four): the Lady's
        devaluation (#4ii) takes one of these."""
        return sum(1 for vals in self.onion if vals is not None and 11 in vals)

    def shifted(self, down: int, up: int) -> Faces | None:
        """These faces after Great A'Tuin moves eight points from ``down`` to ``up``
        (#6): both must stay within 1..11. A two raised to ten is a picture, a
        three raised to eleven an ace of eleven, as the seed says; a raised or
        lowered card has that one value (**House rule** CMO-H18)."""
        d = [v - 8 for v in self._fixed(down) if 1 <= v - 8 <= 11]
        u = [v + 8 for v in self._fixed(up) if 1 <= v + 8 <= 11]
        if not d or not u:
            return None
        new = self.copy()
        for pos, val in ((down, max(d)), (up, max(u))):
            new.onion[pos] = (val,)
            new.flush[pos] = (val,)
            new.wild[pos] = new.wild8[pos] = new.null[pos] = new.must_null[pos] = False
            new.pic[pos] = val == 10 and self.rank[pos] == 2
            new.a11[pos] = val == 11
        return new

    def copy(self) -> Faces:
        """An independent copy: the per-position lists copied, field by field (an empty hand's
        faces cost next to nothing)."""
        new = Faces((), BASE_RULES)
        new.n = self.n
        new.cards = self.cards
        new.onion = self.onion[:]
        new.flush = self.flush[:]
        new.wild = self.wild[:]
        new.wild8 = self.wild8[:]
        new.pic = self.pic[:]
        new.a11 = self.a11[:]
        new.rank = self.rank[:]
        new.suit = self.suit[:]
        new.null = self.null[:]
        new.must_null = self.must_null[:]
        new.no8 = self.no8
        return new

    def with_elephants(self, four: Sequence[int], queen: int) -> Faces:
        """These faces once positions ``four`` make the Elephants' Double Onion
        with the Queen of Coins at ``queen`` (#7): the four are spent, the
        Queen keeps S - 32 of the four's total S (a wild eight counting ten;
        **House rule** CMO-H14), the other nines and tens may be ones and twos."""
        new = self.copy()
        total = sum(10 if self.wild[k] else self.rank[k] for k in four)
        for i in range(self.n):
            if i in four:
                new.onion[i] = new.flush[i] = None
                new.rank[i] = 0
                new.wild[i] = new.wild8[i] = new.pic[i] = new.a11[i] = False
            elif i == queen:
                new.onion[i] = new.flush[i] = (total - 32,)
                new.pic[i] = False
            elif not self.wild[i] and self.rank[i] in (NINE, TEN):
                new.onion[i] = new.flush[i] = (self.rank[i] - 8, self.rank[i])
        return new

    def signature(self, pos: int) -> Hashable:
        """Everything the solver reads of the card at ``pos`` but which copy it
        is: two cards with one signature are interchangeable (a wild card's
        suit is no part of it, for it is of every suit)."""
        return (self.onion[pos], self.flush[pos], self.wild[pos], self.wild8[pos], self.pic[pos], self.a11[pos],
                self.null[pos], self.must_null[pos], self.rank[pos], -1 if self.wild[pos] else self.suit[pos],
                CRANK[self.cards[pos]] > TEN)

    def _fixed(self, pos: int) -> tuple[int, ...]:
        """The values Great A'Tuin may shift: a wild card is already whatever it
        likes, and zero (a null eight, a zeroed ace) is no value to shift."""
        if self.wild[pos] or self.onion[pos] is None:
            return ()
        return tuple(v for v in self.onion[pos] if v)


def _totals(options: Sequence[tuple[int, ...] | None], top: int) -> list[int]:
    """S[t] = bitset of the masks whose cards can total t (0..top)."""
    s = [0] * (top + 1)
    s[0] = 1
    reach = 0  # the highest total reached so far
    for i, vals in enumerate(options):
        if vals is None:
            continue
        step = 1 << i
        old = s[:]
        for v in vals:
            for t in range(min(top, reach + v), v - 1, -1):
                src = old[t - v]
                if src:
                    s[t] |= src << step
        reach = min(top, reach + vals[-1])
    return s


def _no_eleven(options: Sequence[tuple[int, ...] | None]) -> list[tuple[int, ...] | None]:
    """The values the cards may take without playing one as eleven (the Lady's budget, #4ii)."""
    out: list[tuple[int, ...] | None] = []
    for vals in options:
        kept = None if vals is None else tuple(v for v in vals if v != 11)
        out.append(kept or None)
    return out


def _need(f: Faces, mask: int, total: int, onion: bool, top: int = 0) -> tuple[int, int] | None:
    """(null eights, elevens) the fewest a mask needs to total ``total`` (or
    any total up to ``top``, for flushes), or None.

    Null eights are minimised first (they decide strength, #1i), elevens
    second (the Lady's budget, #4ii). By arithmetic for the cards of one
    value, aces (1 or 11), null eights (0 or 8), the Elephants' other nines
    and tens (eight less, or their face) and wild cards (any value of a
    range: together any sum between their lowest and highest, and only the
    part above ten needs a card of eleven; a lone wild eight that may not
    be eight misses that one sum, #10i); anything else by ``_need_any``.
    This keeps the worst hands (wild eights under the Lady, where every
    mask's elevens are counted) quick."""
    opts = f.onion if onion else f.flush
    fixed = aces = nulls = lifts = forced = elevens = 0
    wilds = wild_low = wild_high = wild_tens = 0  # the lowest and highest sums, the highest without an eleven
    hole = False  # one wild card that may be anything but eight
    for i in POSITIONS[mask]:
        vals = opts[i]
        if vals is None:
            return None
        if len(vals) == 1:
            fixed += vals[0]
            elevens += vals[0] == 11
            forced += onion and f.null[i]  # an eight that may only be null (#10i)
        elif vals == (1, 11):
            fixed += 1
            aces += 1
        elif vals == (0, 8) and onion and f.null[i]:
            fixed += 8
            nulls += 1
        elif len(vals) == 2 and vals[1] == vals[0] + 8 and vals[1] < 11 and not f.wild[i]:
            fixed += vals[0]
            lifts += 1
        elif f.wild[i] and vals[-1] - vals[0] + 1 - len(vals) in (0, 1):
            if len(vals) != vals[-1] - vals[0] + 1:
                if not vals[0] < EIGHT < vals[-1] or EIGHT in vals:
                    return _need_any_of(f, mask, total, top, opts, onion)
                hole = True
            wilds += 1
            wild_low += vals[0]
            wild_high += vals[-1]
            wild_tens += min(vals[-1], 10)
        else:
            return _need_any_of(f, mask, total, top, opts, onion)
    hole = hole and wilds == 1
    for j in range(nulls + 1):
        least = -1
        for t in range(total, max(top, total) + 1):
            for lift in range(lifts + 1):
                for k in range(aces + 1):  # k aces of eleven
                    rest = t - fixed + 8 * j - 8 * lift - 10 * k  # what the wild cards must make
                    if wild_low <= rest <= wild_high and not (hole and rest == EIGHT):
                        e = k + max(0, rest - wild_tens)
                        if least < 0 or e < least:
                            least = e
        if least >= 0:
            return j + forced, least + elevens
    return None


def _need_any_of(f: Faces, mask: int, total: int, top: int, opts: list[tuple[int, ...] | None],
                 onion: bool) -> tuple[int, int] | None:
    """``_need_any`` over the totals ``total`` .. ``top``: the fewest (nulls, elevens) of any."""
    found = [n for t in range(total, max(top, total) + 1) if (n := _need_any(f, mask, t, opts, onion)) is not None]
    return min(found, default=None)


def _need_any(f: Faces, mask: int, total: int, opts: list[Values], onion: bool) -> tuple[int, int] | None:
    """``_need`` for any values: a small table of reachable totals."""
    reach: dict[int, tuple[int, int]] = {0: (0, 0)}
    for i in POSITIONS[mask]:
        vals = opts[i]
        if vals is None:
            return None
        null = onion and f.null[i]
        nxt: dict[int, tuple[int, int]] = {}
        for t, (nulls, elevens) in reach.items():
            for v in vals:
                u = t + v
                if u > total:
                    continue
                cand = (nulls + (null and v == 0), elevens + (v == 11))
                old = nxt.get(u)
                if old is None or cand < old:
                    nxt[u] = cand
        reach = nxt
    return reach.get(total)


def _matchings(pairs: list[int], costs: list[int] | None = None) -> list[dict[int, int]]:
    """Every set of disjoint pairs, as bitsets of the cards it covers:
    ``out[k - 1][c]`` holds the masks of k pairs whose pairs cost ``c`` at
    the least (``costs``: each pair's elevens under the Lady, #4ii).

    A pair ``p`` joins every mask disjoint from it at once: those masks are
    a bitset ANDed with the subsets of the other cards, and shifting the
    bitset left by ``p`` turns each mask ``m`` into ``m | p``."""
    cost = costs or [0] * len(pairs)
    layer: dict[int, int] = {}
    for p, c in zip(pairs, cost):
        layer[c] = layer.get(c, 0) | 1 << p
    out: list[dict[int, int]] = []
    while layer:
        seen = 0
        least: dict[int, int] = {}
        for c in sorted(layer):  # each mask at its least cost
            fresh = layer[c] & ~seen
            if fresh:
                least[c] = fresh
                seen |= fresh
        out.append(least)
        layer = {}
        for c, masks in least.items():
            for p, pc in zip(pairs, cost):
                grown = (masks & SUBSETS[FULL ^ p]) << p
                if grown:
                    layer[c + pc] = layer.get(c + pc, 0) | grown
    return out


class Levels:
    """The groupings a hand can form, as one bitset of masks per (strength, elevens).

    A mask may sit in several levels (three cards of one suit totalling 21
    are a flush and a three-card onion); the search only ever takes a mask
    at the highest level it fits, so the lower readings are never used.
    ``pairs`` keeps the bagel and pontoon pairs, to split a family grouping
    back into its pairs for display."""

    __slots__ = ("strength", "sets", "pairs")

    def __init__(self, strength: dict[G.Level, int]):
        self.strength = strength
        self.sets: dict[tuple[int, int], int] = {}
        self.pairs: dict[str, list[int]] = {}

    def add(self, masks: int, kind: str, nulls: int = 0, elevens: int = 0) -> None:
        if masks:
            key = (self.strength[G.Level(kind, nulls)], elevens)
            self.sets[key] = self.sets.get(key, 0) | masks

    def ordered(self) -> list[tuple[int, int, int]]:
        """(strength, elevens, bitset), strongest first."""
        return sorted(((s, e, b) for (s, e), b in self.sets.items()), reverse=True)


def _masks(positions: Iterable[Iterable[int]]) -> int:
    """The bitset holding the masks of the given position groups."""
    out = 0
    for group in positions:
        out |= 1 << sum(1 << i for i in group)
    return out


def levels(f: Faces, rules: Rules, budget: bool | None = None) -> Levels:
    """Every grouping the hand's cards can form (CMO-2.*), by strength; with
    ``budget`` (by default under the Lady, #4ii) each with its elevens."""
    lv = Levels(rules.ranking.strength[rules.fool])
    add = lv.add
    if budget is None:
        budget = bool(rules.devalued)
    s_on = _totals(f.onion, ONION_TOTAL)
    s_fl = s_on if f.onion == f.flush else _totals(f.flush, ONION_TOTAL)
    onions = s_on[ONION_TOTAL] & ONION_SIZED
    nulls = sum(1 << i for i in range(f.n) if f.null[i])
    plain = onions & SUBSETS[FULL ^ nulls]  # no eight that could be null
    elevenless = ~0  # the masks that reach their total with no card as eleven
    if budget:
        # most groupings need no eleven: found at once from the totals without elevens, so that
        # only the others have their elevens counted one by one
        z_on = _totals(_no_eleven(f.onion), ONION_TOTAL)
        z_fl = z_on if f.onion == f.flush else _totals(_no_eleven(f.flush), ONION_TOTAL)
        plain &= z_on[ONION_TOTAL]
        elevenless = 0
        for t in range(FLUSH_LOW, ONION_TOTAL + 1):
            elevenless |= z_fl[t]
    for n in range(2, MAX_ONION + 1):
        add(plain & SIZE[n], G.ONION_SIZES[n])
    for m in bits(onions ^ plain):  # count the null eights (and elevens for the Lady)
        need = _need(f, m, ONION_TOTAL, True)
        if need is not None:
            add(1 << m, G.ONION_SIZES[POPCOUNT[m]], need[0], need[1] if budget else 0)
    in_range = 0
    for t in range(FLUSH_LOW, ONION_TOTAL + 1):
        in_range |= s_fl[t]
    in_range &= AT_LEAST_3
    if in_range:
        by_suit = [0, 0, 0, 0]
        wild_pos = 0
        for i in range(f.n):
            if f.wild[i]:
                wild_pos |= 1 << i
            else:
                by_suit[f.suit[i]] |= 1 << i
        flush = broken = 0
        for x in by_suit:
            x |= wild_pos
            if POPCOUNT[x] < 2:
                continue
            sub = SUBSETS[x]
            flush |= in_range & sub
            for o in range(f.n):
                if not x >> o & 1:
                    broken |= sub << (1 << o)
        broken &= in_range & ~flush
        for kind, masks in ((G.FLUSH, flush), (G.BROKEN_FLUSH, broken)):
            add(masks & elevenless, kind)
            for m in bits(masks & ~elevenless):
                need = _need(f, m, FLUSH_LOW, False, ONION_TOTAL)
                add(1 << m, kind, 0, need[1] if need else 99)
    # royals (CMO-2.7, 2.9, 2.11): three 7s, 6-7-8 of any suits, three wild eights
    wild = [i for i in range(f.n) if f.wild[i]] if any(f.wild) else []
    sevens = [i for i, r in enumerate(f.rank) if r == 7 and not f.wild[i]] + wild
    if len(sevens) >= 3:
        for trio in combinations(sevens, 3):
            add(_masks([trio]), G.WILD_ROYAL if all(f.wild8[i] for i in trio) else G.ROYAL)
    sixes = [i for i, r in enumerate(f.rank) if r == 6 and not f.wild[i]] + wild
    if sixes and sevens:
        eights = [i for i, r in enumerate(f.rank) if r == EIGHT and not f.wild[i] and not f.must_null[i]]
        eights += [i for i in wild if not (f.no8 and f.wild8[i])]  # #10i: no eight as eight
        add(_masks((a, b, c) for a in sixes for b in sevens for c in eights if len({a, b, c}) == 3),
            G.BROKEN_ROYAL)
    if rules.octavo:
        add(_masks(combinations([i for i in range(f.n) if f.wild8[i]], 8)), G.OCTAVO)
    # bagels: every set of disjoint pairs totalling 20 is one grouping (CMO-2.1)
    bagels = list(bits(s_fl[BAGEL_TOTAL] & SIZE[2]))
    lv.pairs["bagel"] = bagels
    costs = [0 if z_fl[BAGEL_TOTAL] >> p & 1 else (_need(f, p, BAGEL_TOTAL, False) or (0, 0))[1]
             for p in bagels] if budget else None
    for k, by_cost in enumerate(_matchings(bagels, costs), 1):
        for e, masks in by_cost.items():
            add(masks, G.BAGELS[k - 1], 0, e)
    # Onions: two to five pontoons, a picture with an ace of eleven (CMO-2.13)
    if sum(f.pic) >= 2 and sum(f.a11) >= 2:
        pontoons = [(1 << i) | (1 << j) for i, j in combinations(range(f.n), 2)
                    if (f.pic[i] and f.a11[j]) or (f.pic[j] and f.a11[i])]
        lv.pairs["pontoon"] = pontoons
        for k, by_cost in enumerate(_matchings(pontoons), 1):
            if k < 2:
                continue  # a single pontoon is a two-card onion
            masks = by_cost[0]
            if k <= rules.death:  # Death's killed picture (#9)
                masks = sum(1 << m for m in bits(masks) if not killed(f, m))
            add(masks, G.ONIONS[k], 0, (0 if k == 5 else k) if budget else 0)
    return lv


def killed(f: Faces, onion: int) -> bool:
    """Whether Death (#9) keeps the Onion of cards ``onion`` from forming: the
    hand holds two or more picture cards (jacks, queens, kings; a wild card
    or a raised two standing in for one is none) and the Onion holds them
    all, so whichever the holder names as killed is in it (**House rule**
    CMO-H18: the holder names the killed picture)."""
    pictures = sum(1 << i for i in range(f.n) if CRANK[f.cards[i]] > TEN)
    return POPCOUNT[pictures] >= 2 and not pictures & ~onion


def _search(table: list[tuple[int, int, int]], budget: int) -> tuple[int, list[tuple[int, int]]]:
    """The best total weight, and the (strength, mask) groupings that reach it.

    Only groupings of the highest strength that still fits the remaining
    cards are branched on (any arrangement holding one beats every
    arrangement without); a sub-search starts scanning at its parent's level,
    since nothing stronger fitted the parent's larger set of cards."""
    memo: dict[int, tuple[int, int, int]] = {}
    n = len(table)
    weights = [WEIGHTS[s] for s, _, _ in table]

    def best(mask: int, left: int, start: int) -> int:
        key = mask | (left << 10)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        sub = SUBSETS[mask]
        value, choice, cm = 0, -1, 0
        top = -1
        for i in range(start, n):
            s, e, b = table[i]
            if top >= 0 and s != top:
                break
            if e > left:
                continue
            fit = b & sub
            if not fit:
                continue
            top = s
            w = weights[i]
            while fit:
                low = fit & -fit
                m = low.bit_length() - 1
                fit ^= low
                v = w + best(mask ^ m, left - e, i)
                if v > value:
                    value, choice, cm = v, i, m
        memo[key] = (value, choice, cm)
        return value

    total = best(FULL, budget, 0)
    chosen: list[tuple[int, int]] = []
    mask, left = FULL, budget
    while True:
        _, i, m = memo[mask | (left << 10)]
        if i < 0:
            break
        chosen.append((table[i][0], m))
        mask ^= m
        left -= table[i][1]
    return total, chosen


def _split(mask: int, pairs: list[int]) -> tuple[int, ...]:
    """A family grouping's cards as pairs (bagels, pontoons), for display."""
    for p in pairs:
        if p & mask == p:
            rest = mask ^ p
            if not rest:
                return (p,)
            tail = _split(rest, pairs)
            if tail:
                return (p,) + tail
    return ()


def _arrange(f: Faces, rules: Rules, floor: int = -1) -> Arrangement | None:
    """The best arrangement of the faces ``f``, or None when it is worth no
    more than ``floor`` (a better one is already known).

    Under the Lady's devaluation (#4ii) the hand has a budget of elevens.
    The best arrangement without the budget comes first: no arrangement
    within it is worth more, so when that one fits the budget it is the
    answer, and when it is worth no more than ``floor`` nothing here is.
    Only otherwise is every grouping's elevens counted and the search run
    over the budget. This keeps the worst hands (wild eights under the Lady,
    times every Great A'Tuin shift or Elephants) within milliseconds."""
    lv = levels(f, rules, False)
    free = _solve(f, rules, lv, 0)
    if free.value <= floor:
        return None
    if not rules.devalued:
        return free
    budget = max(0, f.eleven_able() - rules.devalued)
    if sum(_elevens(f, g, lv) for g in free.groupings) <= budget:
        return free
    found = _solve(f, rules, levels(f, rules, True), budget)
    return found if found.value > floor else None


def _elevens(f: Faces, g: Grouping, lv: Levels) -> int:
    """The fewest cards grouping ``g`` plays as eleven (the Lady's budget,
    #4ii), counted as ``levels`` counts them with a budget: a family grouping
    pair by pair, each pontoon's ace, the Great Onion none."""
    positions = list(range(f.n))
    mask = 0
    for c in g.cards:
        pos = next(i for i in positions if f.cards[i] == c)
        positions.remove(pos)
        mask |= 1 << pos
    if g.kind in G.BAGELS:
        return sum((_need(f, p, BAGEL_TOTAL, False) or (0, 0))[1] for p in _split(mask, lv.pairs["bagel"]))
    if g.kind in G.ONIONS.values():
        return 0 if g.kind == G.ONIONS[5] else POPCOUNT[mask] // 2
    if g.kind in G.ONION_SIZES.values():
        return (_need(f, mask, ONION_TOTAL, True) or (0, 0))[1]
    if g.kind in (G.FLUSH, G.BROKEN_FLUSH):
        return (_need(f, mask, FLUSH_LOW, False, ONION_TOTAL) or (0, 0))[1]
    return 0  # royals and the Octavo: no card as eleven


def _solve(f: Faces, rules: Rules, lv: Levels, budget: int) -> Arrangement:
    """The search over the groupings ``lv`` within ``budget`` elevens, as an Arrangement."""
    value, chosen = _search(lv.ordered(), budget)
    order = rules.ranking.order[rules.fool]
    used = 0
    out = []
    for s, m in chosen:
        used |= m
        level = order[s]
        parts: tuple[int, ...] = (m,)
        if level.kind in G.BAGELS[1:]:
            parts = _split(m, lv.pairs["bagel"])
        elif level.kind in G.ONIONS.values():
            parts = _split(m, lv.pairs["pontoon"])
        cards = tuple(f.cards[i] for p in parts for i in POSITIONS[p])
        wilds = sum(1 for i in POSITIONS[m] if f.wild[i])
        out.append(Grouping(level.kind, cards, s, level.nulls, wilds))
    out.sort(key=lambda g: -g.strength)
    unused = tuple(f.cards[i] for i in range(f.n) if not used >> i & 1)
    return Arrangement(tuple(out), unused, value)


def running_flush(f: Faces) -> RunningFlush | None:
    """The best nine- or ten-card running flush (#0): consecutive ranks of one
    suit, ace low or high (**House rule** CMO-H12), wild cards filling gaps;
    longer first, then fewer wild cards."""
    wild = [i for i in range(f.n) if f.wild[i]]
    if f.n < 9 or max(f.suit.count(s) for s in range(4)) + len(wild) < 9:
        return None
    best: RunningFlush | None = None
    for suit in range(4):
        by_rank: dict[int, int] = {}
        for i in range(f.n):
            if not f.wild[i] and f.suit[i] == suit:
                r = f.rank[i]
                by_rank.setdefault(r, i)
                if r == ACE:
                    by_rank.setdefault(14, i)
        for length in (10, 9):
            for start in range(1, 16 - length):
                taken, gaps = [], 0
                for r in range(start, start + length):
                    at = by_rank.get(r)
                    if at is None or at in taken:
                        gaps += 1
                    else:
                        taken.append(at)
                if gaps <= len(wild):
                    cand = RunningFlush(length, tuple(f.cards[i] for i in taken + wild[:gaps]), gaps)
                    if best is None or (cand.length, -cand.wilds) > (best.length, -best.wilds):
                        best = cand
    return best


def best(cards: Sequence[int], rules: Rules = BASE_RULES) -> Arrangement:
    """The optimal arrangement of ``cards`` (ids) under ``rules``.

    With ``rules.shift`` every legal Great A'Tuin shift is tried as well as
    none (#6); with ``rules.elephants`` every Elephants' Double Onion (#7).
    A nine- or ten-card running flush is reported beside the arrangement
    (``cripple``): it only counts against another player's Onion (#0).
    """
    f = Faces(cards, rules)
    result = _arrange(f, rules)
    assert result is not None  # every arrangement is worth more than -1
    if rules.shift and atuin(f) is not None:
        result = _best_shift(f, rules, result)
    if rules.elephants:
        result = _best_elephants(f, rules, result)
    flush = running_flush(f)
    if flush is not None:
        result = replace(result, cripple=flush)
    return result


def _best_shift(f: Faces, rules: Rules, current: Arrangement) -> Arrangement:
    """#6: the best of every legal Great A'Tuin shift, and none (``current``).
    Shifts between cards alike in every respect (two copies of one card) are
    one shift: only the first is tried."""
    sig = [f.signature(i) for i in range(f.n)]
    tried: set[tuple[Hashable, Hashable]] = set()
    for down in range(f.n):
        for up in range(f.n):
            if down == up or (sig[down], sig[up]) in tried:
                continue
            tried.add((sig[down], sig[up]))
            g = f.shifted(down, up)
            if g is None:
                continue
            a = _arrange(g, rules, current.value)
            if a is not None:
                current = replace(a, shift=(f.cards[down], f.cards[up]))
    return current


def _best_elephants(f: Faces, rules: Rules, current: Arrangement) -> Arrangement:
    """#7: four cards, each a nine or a ten (or a wild eight), declared with the
    Queen of Coins make a Double Onion that any other Double Onion beats.
    **House rule** CMO-H14: the Queen pays the points, so from the four's
    total S (a wild eight counting ten) she keeps S - 32 (the seed's example:
    two nines, two tens, a six); the hand's other nines and tens may count as
    ones (not aces) and twos."""
    queen = atuin(f)
    if queen is None:
        return current
    strength = rules.ranking.strength[rules.fool][G.Level(G.ELEPHANTS)]
    sig = [f.signature(i) for i in range(f.n)]
    tried: set[frozenset[tuple[Hashable, int]]] = set()
    for four in elephant_fours(f):
        alike = frozenset(Counter(sig[i] for i in four).items())  # alike to a four tried: the same worth
        if alike in tried:
            continue
        tried.add(alike)
        a = _arrange(f.with_elephants(four, queen), rules, current.value - WEIGHTS[strength])
        if a is not None:
            value = WEIGHTS[strength] + a.value
            wilds = sum(1 for i in four if f.wild[i])
            group = Grouping(G.ELEPHANTS, tuple(f.cards[i] for i in four), strength, 0, wilds)
            groups = tuple(sorted((group,) + a.groupings, key=lambda x: -x.strength))
            unused = tuple(c for c in a.unused if c not in group.cards)
            current = Arrangement(groups, unused, value)
    return current


def atuin(f: Faces) -> int | None:
    """Where the Queen of Coins is among the cards, if she may play (#6, #7)."""
    return next((i for i in range(f.n) if f.cards[i] == ATUIN and f.onion[i] is not None), None)


def elephant_fours(f: Faces) -> Iterable[tuple[int, ...]]:
    """The four cards that may be the Elephants (#7): nines, tens and wild
    eights, at least two of them not tens, for "a ten may not take the role
    of a picture card in an Onion - a shifted nine, eight etc. is needed"."""
    able = [i for i in range(f.n) if f.wild8[i] or (not f.wild[i] and f.rank[i] in (NINE, TEN))]
    for four in combinations(able, 4):
        if sum(1 for i in four if f.rank[i] != TEN or f.wild[i]) >= 2:
            yield four


def best_of(cards: Sequence[int], alternatives: Sequence[Rules]) -> Arrangement:
    """The best arrangement when the player may choose which of several rule
    sets to play under (#8i: use no eight, or have your aces zeroed; #10i:
    leave the Jack of Staves out, or play no eight as eight)."""
    return max((best(cards, r) for r in alternatives), key=lambda a: a.value)


def running_flush_of(cards: Sequence[int], rules: Rules = BASE_RULES) -> RunningFlush | None:
    """The running flush these exact cards make (all of them), or None (#0)."""
    flush = running_flush(Faces(cards, rules))
    return flush if flush is not None and flush.length == len(cards) else None


def value_of(cards: Sequence[int], rules: Rules = BASE_RULES) -> int:
    """Just the worth of the best arrangement (for bots estimating strength)."""
    return best(cards, rules).value


def judge_any(hand: Sequence[int], declared: Sequence[tuple[str, Sequence[int]]],
              alternatives: Sequence[Rules]) -> Arrangement | str:
    """``judge`` under whichever of the rule sets suits the declaration best."""
    found = [judge(hand, declared, r) for r in alternatives]
    good = [a for a in found if isinstance(a, Arrangement)]
    return max(good, key=lambda a: a.value) if good else found[0]


def judge(hand: Sequence[int], declared: Sequence[tuple[str, Sequence[int]]],
          rules: Rules = BASE_RULES) -> Arrangement | str:
    """A player's own arrangement of ``hand``, or why it is not one.

    Each grouping must be one the cards really form (the same ``levels`` the
    solver searches, so the two cannot disagree), the groupings disjoint and
    drawn from the hand, with at most one grouping of bagels and one of
    Onions (CMO-2.1, CMO-2.13). A null eight counts as few times as the cards
    allow (#1i).

    A shift names its cards by face, and with two copies of a card in the hand
    either copy may be the one shifted (the other then stays as it was, free
    for a grouping): the declaration stands if some choice of copies makes it
    one (a shift onto an unused ace beside an onion that counts its twin as 1)."""
    first: Arrangement | str | None = None
    for copies in _shift_copies(hand, declared):
        judged = _judge(hand, declared, rules, copies)
        if isinstance(judged, Arrangement):
            return judged
        first = first if first is not None else judged
    assert first is not None  # _shift_copies yields at least once
    return first


def _shift_copies(hand: Sequence[int], declared: Sequence[tuple[str, Sequence[int]]]
                  ) -> Iterable[tuple[int, int] | None]:
    """Every choice of hand copies for the declared shift's two cards (None: no
    such choice to make, the shift resolved as any other cards are)."""
    named = [cards for kind, cards in declared if kind == SHIFT and len(cards) == 2]
    held = resolve(hand, named[0]) if len(named) == 1 else None
    if named and held is not None:
        downs, ups = (twins(hand, c) for c in held)
        pairs = [(d, u) for d in downs for u in ups if d != u]
        yield from sorted(pairs, key=lambda p: p != (held[0], held[1]))
    else:
        yield None


def _judge(hand: Sequence[int], declared: Sequence[tuple[str, Sequence[int]]],
           rules: Rules, copies: tuple[int, int] | None) -> Arrangement | str:
    """``judge`` with the shift's cards taken as ``copies`` (when given)."""
    f = Faces(hand, rules)
    order = rules.ranking.order[rules.fool]
    free = list(range(f.n))
    out: list[Grouping] = []
    shift = None
    rest = []
    queen = atuin(f)
    if sum(1 for kind, _ in declared if kind in (SHIFT, G.ELEPHANTS)) > 1:
        return "Great A'Tuin is used once: one shift, or the Elephants (CMO-H14)"
    for kind, cards in declared:
        if kind == SHIFT:  # Great A'Tuin's shift (#6): (card down, card up)
            held = (list(copies) if copies else resolve(hand, cards)) \
                if rules.shift and queen is not None and len(cards) == 2 else None
            g = f.shifted(hand.index(held[0]), hand.index(held[1])) if held and held[0] != held[1] else None
            if g is None or held is None:
                return "Great A'Tuin shifts eight points from one card to another, both staying 1..11"
            f, shift = g, (held[0], held[1])
        elif kind == G.ELEPHANTS:
            held = resolve(hand, cards) if rules.elephants and queen is not None and len(cards) == 4 else None
            four = tuple(sorted(hand.index(c) for c in held)) if held else ()
            if held is None or queen is None or four not in set(elephant_fours(f)):
                return ("the Elephants are four nines or tens (at least two of them not tens) "
                        "declared with the Queen of Coins")
            s = rules.ranking.strength[rules.fool][G.Level(G.ELEPHANTS)]
            out.append(Grouping(G.ELEPHANTS, tuple(held), s, 0, sum(1 for i in four if f.wild[i])))
            f = f.with_elephants(four, queen)
            for i in four:
                free.remove(i)
        else:
            rest.append((kind, cards))
    lv = levels(f, rules)
    used = 0
    elevens = 0
    families: set[str] = set()
    for kind, cards in rest:
        if kind not in G.KINDS or kind == G.ELEPHANTS:
            return f"{kind!r} is not a grouping; groupings: {', '.join(G.KINDS)}"
        held = resolve([f.cards[i] for i in free], cards)
        if held is None:
            return f"{' '.join(name(c) for c in cards)}: not all in your hand (or used twice)"
        mask = 0
        for c in held:
            pos = next(i for i in free if f.cards[i] == c)
            free.remove(pos)
            mask |= 1 << pos
        cards = held
        family = "bagel" if kind in G.BAGELS else "onion" if kind in G.ONIONS.values() else None
        if family in families:
            return f"all your {family}s make one grouping: declare them together"
        if family:
            families.add(family)
        fits = [(s, e) for (s, e), b in lv.sets.items() if b >> mask & 1 and order[s].kind == kind]
        if not fits:
            return f"{' '.join(name(c) for c in cards)} is not a {kind}"
        s, e = max(fits, key=lambda se: (se[0], -se[1]))
        used |= mask
        elevens += e
        wilds = sum(1 for i in POSITIONS[mask] if f.wild[i])
        out.append(Grouping(kind, tuple(cards), s, order[s].nulls, wilds))
    if rules.devalued and elevens > max(0, f.eleven_able() - rules.devalued):
        return "the Lady devalues one of your aces of eleven (#4ii)"
    out.sort(key=lambda g: -g.strength)
    unused = tuple(f.cards[i] for i in free)
    return Arrangement(tuple(out), unused, sum(WEIGHTS[g.strength] for g in out), running_flush(f), shift)
