"""Shedding's own checks of a house book, before the first card (issue 36, HR-15).

The engine has already read the book and warned of what any game warns of (a rule that
never fires, two that repeat or cancel each other). Here is what only Shedding knows:

Refused (``RuleError``, where and why):

- a card that can never be played: every moment the seed (or an ``allow`` rule) would let
  it be played, a ``forbid`` rule forbids it, so a hand holding it can never empty;
- nobody can ever go out: no card can be a player's last (forbidden, or an ``out`` rule's
  penalty wherever it could be);
- a turn that can go on for ever: an ``again`` whose card may follow itself (another card
  the rule also fires on can be played on it) while the effects of that moment give back
  as many cards as the play removes;
- one moment that can cost the table more than ``MOST_CARDS`` cards (every draw, pressure
  and penalty of the rules that can fire together, at this table's size).

Warned of: an ``allow`` that allows nothing the seed does not; a ``forbid`` that forbids only
what is never allowed anyway; a rule that repeats, cancels or contradicts a seed effect on
the cards it fires on (a second skip on an 8, a reverse on a King, ``again`` on an 8 or on a
draw card); an ``again`` and a skip at one moment; a ``forbid`` of what an ``allow`` allows.

Every rule is read as the compiled table reads it (``worlds.gates``), so what is checked is
what is enforced; each step is counted against the engine's budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...cards import DECK_SIZE, card_name
from ...engine.house.check import Work, label
from ...engine.house.text import RuleError
from ...engine.house.vocabulary import Book, HouseRule, Vocabulary
from .effects import SEED
from .rules import DOWN, HOP, IS_QUEEN, MATCHES, PIVOT, RELATION, UP
from .table import Gate
from .worlds import CARDS, draw_card_rules, gates

#: the most cards one moment may cost the table through house rules (their draws, pressure and
#: penalties): more than a table can follow, and more than the seed's worst moment but a long stack
MOST_CARDS: Final = 12
#: hand sizes a player who plays or draws can hold (bits 1..52)
HOLDING: Final = (1 << (DECK_SIZE + 1)) - 2
#: the draw pressures a check tells apart (as the vocabulary's ``pressure`` reading)
PRESSURES: Final = range(1, 61)
#: the first card of a turn may go on the top by the seed (a Queen on top, or matching: S-2.2, S-2.3)
FIRST: Final = tuple(tuple(IS_QUEEN[t] or MATCHES[t][c] for t in CARDS) for c in CARDS)
#: ... or as a later card of a run (S-3: a hop, a step, the pivot)
PLAYABLE: Final = tuple(tuple(FIRST[c][t] or RELATION[t][c] in (HOP, UP, DOWN, PIVOT) for t in CARDS) for c in CARDS)
_SEED = {e.clause: e for e in SEED}


class _Read:
    """A book read for its checks: each rule's gates, the seed's effects still in force, and
    what each card adds to the draw pressure and answers it with."""

    def __init__(self, vocab: Vocabulary, book: Book, work: Work) -> None:
        self.book = book
        self.work = work
        self.gates = [gates(r, vocab, work) for r in book.rules]
        replaced = {c for r in book.rules for c in r.replaces}
        self.seed = {clause: e for clause, e in _SEED.items() if clause not in replaced}
        pressure = [sum(e.pressure for e in self.seed.values() if e.cards[c]) for c in CARDS]
        for r, n in draw_card_rules(book):
            for c, gate in enumerate(self.gates[book.rules.index(r)]):
                pressure[c] += n if gate is not None else 0
        self.pressure = pressure
        self.answers = [bool(pressure[c]) or any(e.shield and e.cards[c] for e in self.seed.values()) for c in CARDS]
        self.pressure_tops = [bool(pressure[t]) for t in CARDS]
        for i, r in enumerate(book.rules):
            if r.trigger == "play" and any(name == "pressure" for name, _ in r.effects):
                for c, gate in enumerate(self.gates[i]):
                    self.pressure_tops[c] = self.pressure_tops[c] or gate is not None

    def on(self, trigger: str) -> list[tuple[int, HouseRule, list[Gate | None]]]:
        return [(i, r, self.gates[i]) for i, r in enumerate(self.book.rules) if r.trigger == trigger]

    def ids(self, rows: Sequence[tuple[int, HouseRule, Any]]) -> str:
        return ", ".join(r.id for _, r, _ in rows)


def judge(vocab: Vocabulary, book: Book, players: int, work: Work) -> list[str]:
    """Warnings for ``book`` at a table of ``players``; RuleError when the table cannot play it."""
    read = _Read(vocab, book, work)
    _stuck(read)
    _endless(read)
    _explodes(read, players)
    return _plays(read) + _seed_effects(read) + _together(read)


# --- refusals -----------------------------------------------------------------------------------
def _sizes(found: list[Gate], t: int, pressure: int) -> int:
    """The hand sizes where one of ``found`` holds on top ``t`` at ``pressure``."""
    out = 0
    for g in found:
        if g.tops[t] and g.pressures >> min(pressure, 63) & 1:
            out |= g.sizes
    return out


def _free(read: _Read, c: int, size: int) -> bool:
    """Whether card ``c`` can be played somewhere free of every ``forbid`` rule by a player holding
    one of the hand sizes ``size`` (a mask), and, at a size of one, go out there."""
    allow = [g for _, _, gs in read.on("allow") if (g := gs[c]) is not None]
    forbid = [g for _, _, gs in read.on("forbid") if (g := gs[c]) is not None]
    out = [g for _, r, gs in read.on("out") if (g := gs[c]) is not None and r.penalty is not None]
    last = size == 2  # asking about a last card: bit 1
    read.work.spend(DECK_SIZE * (1 + len(allow) + len(forbid)))
    for t in CARDS:
        playable = size if PLAYABLE[c][t] else _sizes(allow, t, 0) & size
        if playable & ~_sizes(forbid, t, 0) and not (last and (IS_QUEEN[c] or any(g.tops[t] for g in out))):
            return True
    if not read.answers[c] or (last and IS_QUEEN[c]):
        return False
    read.work.spend(len(PRESSURES) * (1 + len(forbid)))
    for pressure in _pressures(forbid):
        read.work.spend(DECK_SIZE)
        for t in CARDS:
            if read.pressure_tops[t] and size & ~_sizes(forbid, t, pressure) and not (
                    last and any(g.tops[t] for g in out)):
                return True
    return False


def _pressures(found: Sequence[Gate]) -> list[int]:
    """One draw pressure (of 1 and more) for each way ``found`` can hold or not at a pressure."""
    reps: dict[tuple[bool, ...], int] = {}
    for p in PRESSURES:
        reps.setdefault(tuple(bool(g.pressures >> p & 1) for g in found), p)
    return list(reps.values())


def _stuck(read: _Read) -> None:
    """Refused: a card no play of which is ever free of a ``forbid`` rule; nobody can go out."""
    forbid, out = read.on("forbid"), read.on("out")
    if forbid:
        stuck = [c for c in CARDS if not _free(read, c, HOLDING)]
        if stuck:
            names = ", ".join(card_name(c) for c in stuck[:6]) + (f" and {len(stuck) - 6} more" if len(stuck) > 6
                                                                   else "")
            raise RuleError("rules", f"unwinnable: {names} can never be played (forbidden wherever it could be, by "
                                     f"{read.ids(forbid)}), so a hand holding one can never empty")
    if (forbid or out) and not any(_free(read, c, 2) for c in CARDS):
        raise RuleError("rules", f"unwinnable: no card can ever be a player's last (by {read.ids(forbid + out)}), "
                                 "so nobody can go out")


def _give_back(read: _Read, c: int, t: int) -> int:
    """The cards the player of card ``c`` on top ``t`` is given back at that moment (its draws, its
    penalties), by the ``play`` rules that can fire there."""
    out = 0
    for _, r, gs in read.on("play"):
        gate = gs[c]
        if gate is not None and gate.tops[t]:
            out += sum(n for name, n in r.effects if name == "draw") + (r.penalty.cards if r.penalty else 0)
    return out


def _endless(read: _Read) -> None:
    """Refused: a turn that can go on for ever (an ``again`` loop that never shrinks the hand)."""
    again = [(i, r, gs) for i, r, gs in read.on("play") if any(name == "again" for name, _ in r.effects)]
    if not again:
        return
    read.work.spend(DECK_SIZE * DECK_SIZE * (1 + len(read.book.rules)))
    allow = read.on("allow")

    def loops(c: int, t: int) -> bool:  # playing c on t has the player play again, hand no smaller
        return any((g := gs[c]) is not None and g.tops[t] for _, _, gs in again) and _give_back(read, c, t) >= 1

    def follows(c: int, t: int) -> bool:  # c may be a turn's first card on t
        return FIRST[c][t] or any((g := gs[c]) is not None and g.tops[t] for _, _, gs in allow)

    edges = {c: [d for d in CARDS if d != c and follows(d, c) and loops(d, c)] for c in CARDS}
    for start in CARDS:
        seen, todo = {start}, [start]
        while todo:
            at = todo.pop()
            for nxt in edges[at]:
                if nxt == start or start in edges[nxt]:
                    ids = read.ids(again)
                    raise RuleError("rules", f"a turn could go on for ever: {card_name(start)} and "
                                             f"{card_name(nxt)} can follow each other, each time the player plays "
                                             f"again (by {ids}) and is given back as many cards as they played")
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)


def _cost(r: HouseRule, players: int, vocab_costs: dict[str, int]) -> int:
    return sum(vocab_costs.get(name, 0) * (players - 1 if name == "everyone:draw" else 1) * n
               for name, n in r.effects) + (r.penalty.cards if r.penalty else 0)


#: cards each effect costs per unit of its number (``everyone:draw``: per other player)
_COSTS = {"draw": 1, "next:draw": 1, "everyone:draw": 1, "pressure": 1}


def _explodes(read: _Read, players: int) -> None:
    """Refused: one moment (a card taking effect, a draw, a turn's start, going out) that can cost
    the table more than ``MOST_CARDS`` through the house rules that can fire at it together."""
    for trigger, cards in (("play", CARDS), ("out", CARDS), ("draw", (0,)), ("turnstart", (0,))):
        rows = [(r, gs) for _, r, gs in read.on(trigger) if _cost(r, players, _COSTS)]
        if not rows:
            continue
        groups: dict[tuple[int, ...], None] = {}
        read.work.spend(len(cards) * DECK_SIZE * len(rows))
        for c in cards:
            for t in CARDS:
                groups[tuple(k for k, (_, gs) in enumerate(rows) if (g := gs[c]) is not None and g.tops[t])] = None
        worst = 0
        by: tuple[int, ...] = ()
        every = [g for _, gs in rows for g in gs if g is not None]
        moments = [0, *_pressures(every)]
        for group in groups:
            read.work.spend(64 * len(moments) * max(1, len(group)))
            for size in range(64):
                for pressure in moments:
                    held = tuple(k for k in group if any(
                        g is not None and g.sizes >> size & 1 and g.pressures >> pressure & 1 for g in rows[k][1]))
                    total = sum(_cost(rows[k][0], players, _COSTS) for k in held)
                    if total > worst:
                        worst, by = total, held
        if worst > MOST_CARDS:
            ids = ", ".join(rows[k][0].id for k in by)
            raise RuleError("rules", f"explodes: one moment ({trigger}) could cost the table up to {worst} cards (by "
                                     f"{ids}) at a table of {players}; at most {MOST_CARDS}, so that a table can "
                                     "still follow it")


# --- warnings -------------------------------------------------------------------------------------
def _plays(read: _Read) -> list[str]:
    """An ``allow`` that allows nothing new; a ``forbid`` of what is never allowed anyway."""
    out = []
    for i, r, gs in read.on("allow"):
        read.work.spend(DECK_SIZE * DECK_SIZE)
        if all(FIRST[c][t] for c, g in enumerate(gs) if g is not None for t in CARDS if g.tops[t]):
            out.append(f"{label(read.book, i)}: allows nothing the seed does not already allow")
    allowed = [gs for _, _, gs in read.on("allow")]
    for i, r, gs in read.on("forbid"):
        read.work.spend(DECK_SIZE * DECK_SIZE)
        if not any(_forbids_a_play(read, c, g, allowed) for c, g in enumerate(gs) if g is not None):
            out.append(f"{label(read.book, i)}: forbids only what is never allowed anyway")
    return out


def _forbids_a_play(read: _Read, c: int, g: Gate, allowed: list[list[Gate | None]]) -> bool:
    if read.answers[c] and g.pressures >> 1 and any(read.pressure_tops[t] and g.tops[t] for t in CARDS):
        return True
    if not g.pressures & 1:
        return False
    return any(g.tops[t] and (PLAYABLE[c][t] or any((a := gs[c]) is not None and a.tops[t] for gs in allowed))
               for t in CARDS)


#: what a play rule's effect repeats, cancels or contradicts of a seed effect, on that effect's cards
_AGAINST = (
    ("skip", "S-4.4", "repeats S-4.4 on an 8: the 8 already skips, so two players are skipped"),
    ("reverse", "S-4.5", "cancels S-4.5 on a King: a King already reverses, so the two reverses undo each other"),
    ("suit", "S-4.6", "repeats S-4.6 on an Ace: an Ace already makes its suit the active suit"),
    ("pressure", "S-4.1", "adds to S-4.1 on a 2: a 2 already adds 2 to the draw pressure"),
    ("pressure", "S-4.2", "adds to S-4.2 on a black Jack: it already adds 5 to the draw pressure"),
    ("again", "S-4.4", "contradicts S-4.4 on an 8: the player plays again, so the 8's skip is lost"),
)


def _seed_effects(read: _Read) -> list[str]:
    out = []
    for i, r, gs in read.on("play"):
        names = {name for name, _ in r.effects}
        fires = [c for c, g in enumerate(gs) if g is not None]
        for name, clause, why in _AGAINST:
            entry = read.seed.get(clause)
            if name in names and entry is not None and any(entry.cards[c] for c in fires):
                out.append(f"{label(read.book, i)}: {why}")
        if "again" in names and any(read.pressure[c] for c in fires):
            out.append(f"{label(read.book, i)}: contradicts S-5.3 on a draw card: the player plays again, so the "
                       "draw pressure falls on the player who made it")
    return out


def _meet(a: list[Gate | None], b: list[Gate | None]) -> bool:
    """Whether two rules' gates hold together somewhere (a card, a top, a hand size, a pressure)."""
    return any(x is not None and y is not None and x.sizes & y.sizes and x.pressures & y.pressures
               and any(p and q for p, q in zip(x.tops, y.tops)) for x, y in zip(a, b))


def _together(read: _Read) -> list[str]:
    """An ``again`` and a skip at one moment; a ``forbid`` of what an ``allow`` allows."""
    out = []
    plays = read.on("play")
    for i, a, ga in plays:
        for j, b, gb in plays:
            if i != j and any(n == "again" for n, _ in a.effects) and any(n == "skip" for n, _ in b.effects):
                read.work.spend(DECK_SIZE * DECK_SIZE)
                if _meet(ga, gb):
                    first, second = sorted((i, j))
                    out.append(f"{label(read.book, second)} contradicts {label(read.book, first)}: one has the "
                               "player play again, the other skips the next player")
    for i, _, ga in read.on("allow"):
        for j, _, gb in read.on("forbid"):
            read.work.spend(DECK_SIZE * DECK_SIZE)
            if _meet(ga, gb):
                out.append(f"{label(read.book, j)} forbids what {label(read.book, i)} allows")
    return out
