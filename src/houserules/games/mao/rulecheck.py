"""Checking a Mao rule book as a whole: what a group should hear before playing it.

``check`` returns warnings (a rule that can never fire, an ``allow`` rule that
allows nothing the base rules do not, two rules that contradict or repeat each
other) and ``refuse`` raises ``RuleError`` for a book that makes the game
unwinnable (every play penalised, a card no play of which is ever free, going
out always costing a card, a penalty that triggers itself, a word penalised
that a rule in play requires), a rule that can never be obeyed, a field the
table would never act on, or a book that explodes (one moment costing the
table more cards than anyone could follow, phrases that set off each other
without end). It knows every trigger: a ``hand`` rule for no cards never
fires (that hand has won), a ``penalty`` rule waits for a name some rule
gives, and rules of triggers that happen together (a play, the next turn
starting, a hand changing) can contradict each other.

How it decides, and what that costs (issue 23: a book must never freeze a
server). A card rule sees the card played and the two below it: 52**3 =
140,608 worlds. Rather than visiting them, each condition is one set of worlds
(a Python int, one bit per world, built from a few dozen sets such as "the
card below is a heart" and kept), so "these conditions can hold together" is
an AND, "some rule catches every play" an OR compared with every world, "this
card is never free" one AND per card, and "the most cards one play can cost"
a bit-sliced sum: microseconds to milliseconds per question. Hand sizes (209),
phrases and penalty names are few and are enumerated. Every step is counted
against ``BUDGET`` (the same count on every machine, so a verdict never
depends on load); a book that needs more is refused, saying so. A book's
verdict is kept by its contents (``refuse`` asks ``_verdict``, cached), so it
is worked out once per process however often a table is created or loaded.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

from ...cards import DECK_SIZE, card_name
from ...engine.house.check import Work
from .language import CARD_REFS, MAX_HAND, RuleError, explain, located, parse, refs
from .rulebook import (RULES, Condition, Obligation, Rule, every_penalty, fill, holds, in_play,
                       penalty_key, rule_set)
from .speech import parts

#: the largest table (``state.PLAYERS`` is read from here): a book must stay playable there
SEATS = 12
#: the most cards one moment (a play, a draw, and the penalties they set off) may cost the
#: whole table when every duty is failed, at a table of ``SEATS``: more is more than a
#: dealer could assess or anyone follow (H-ext-explode)
MAX_CARDS = 100
#: the steps (one condition evaluated or one set operation) a book's check may take; the
#: largest book the language allows takes far fewer (tests/mao/test_mao_language.py)
BUDGET = 500_000

#: what Last card (a base rule, always in play) requires
LAST_PHRASE = next(o.phrase for r in RULES if r.id == "last" for o in r.must)

_OTHER = "\x00something else"
#: effects that cost the player cards, like a penalty does
_COSTS = ("draw:",)
#: the acts a rule's ``wrong_time`` name can be given for (H-ext-one)
_TIMED_ACTS = ("say", "knock", "point")


class _Work(Work):
    """Steps spent on one book, within ``BUDGET`` (read when the work starts, so a test may
    lower it). Working out a condition's worlds is charged the first time this book uses it
    (``seen``), whether or not another book already had it worked out, so the count is the
    book's own."""

    def __init__(self) -> None:
        super().__init__(BUDGET)
        self.seen: set[Condition] = set()


# --- card worlds as bit sets ---------------------------------------------------------------
_SLAB = DECK_SIZE * DECK_SIZE  # worlds sharing one card played
_WORLDS = DECK_SIZE * _SLAB
_EVERY = (1 << _WORLDS) - 1
#: the values an attribute takes, as ``holds`` reads them
_VALUES: dict[str, tuple[Any, ...]] = {"rank": tuple(range(1, 14)), "suit": tuple(range(4)),
                                       "colour": ("red", "black")}


@cache
def _repeat(stride: int, times: int) -> int:
    return sum(1 << (stride * i) for i in range(times))


def _spread(x: int, stride: int, times: int) -> int:
    """``x`` (narrower than ``stride`` bits) repeated ``times`` times, ``stride`` bits apart."""
    return x * _repeat(stride, times)


def _at(ref: str, c: int) -> int:
    """The worlds (bit ``card * 52**2 + below * 52 + below2``) where ``ref`` is card ``c``."""
    if ref == "card":
        return ((1 << _SLAB) - 1) << (c * _SLAB)
    if ref == "below":
        return _spread(((1 << DECK_SIZE) - 1) << (c * DECK_SIZE), _SLAB, DECK_SIZE)
    return _spread(_spread(1 << c, DECK_SIZE, DECK_SIZE), _SLAB, DECK_SIZE)


@cache
def _members(attr: str, value: Any) -> tuple[int, ...]:
    """The cards whose ``attr`` is ``value``, by the judge's own test."""
    probe = Condition(f"card.{attr}", "==", value)
    return tuple(c for c in range(DECK_SIZE) if holds(probe, {"card": c}))


@cache
def _where(ref: str, attr: str, value: Any) -> int:
    """The worlds where ``ref``'s ``attr`` is ``value``."""
    out = 0
    for c in _members(attr, value):
        out |= _at(ref, c)
    return out


@lru_cache(maxsize=256)
def _mask(cond: Condition) -> tuple[int, int]:
    """The worlds where a card condition holds, and the steps working them out takes."""
    names = refs(cond)
    attr = cond.left.partition(".")[2]
    groups = [(v, _members(attr, v)[0]) for v in _VALUES[attr]]
    out, steps = 0, 0
    if len(set(names)) == 1:
        ref = names[0]
        for v, rep in groups:
            steps += 1
            if holds(cond, {ref: rep}):
                out |= _where(ref, attr, v)
        return out, steps
    a, b = names
    for v, rep in groups:
        inner = 0
        for u, other in groups:
            steps += 2
            if holds(cond, {a: rep, b: other}):
                inner |= _where(b, attr, u)
        if inner:
            out |= _where(a, attr, v) & inner
    return out, steps


def _is_card(cond: Condition) -> bool:
    return all(r in CARD_REFS for r in refs(cond))


def _cards(conds: Iterable[Condition], work: _Work) -> int:
    """The card worlds where every card condition of ``conds`` holds (all of them when none)."""
    out = _EVERY
    for c in conds:
        if _is_card(c):
            mask, steps = _mask(c)
            work.spend(1 if c in work.seen else steps)
            work.seen.add(c)
            out &= mask
    return out


def _domain(name: str, conds: Sequence[Condition]) -> Sequence[Any]:
    if name == "hand":
        return range(MAX_HAND + 1)
    lits: list[Any] = [_OTHER]
    for c in conds:
        if c.left == name:
            lits += list(c.right) if isinstance(c.right, tuple) else [c.right]
    return lits


def _values(name: str, conds: Sequence[Condition], work: _Work) -> list[Any]:
    """The values of ``name`` (``hand``, ``said``, ``penalty``: each condition looks at one) that
    satisfy every condition on it."""
    mine = [c for c in conds if name in refs(c)]
    domain = _domain(name, mine)
    work.spend(len(domain) * max(1, len(mine)))
    return [v for v in domain if all(holds(c, {name: v}) for c in mine)]


def _satisfiable(conds: Sequence[Condition], work: _Work) -> bool:
    """Whether some moment satisfies every condition: card conditions and each of the others
    (a hand size, what was said, a penalty's name) are independent of each other."""
    if not _cards(conds, work):
        return False
    others = {r for c in conds for r in refs(c) if r not in CARD_REFS}
    return all(_values(name, conds, work) for name in others)


def _can_fire(r: Rule, work: _Work) -> bool:
    """A hand of no cards has won (H-ext-reach): a ``hand`` rule for 0 cards never fires."""
    if not _satisfiable(r.when, work):
        return False
    return r.trigger != "hand" or any(h != 0 for h in _values("hand", r.when, work))


def can_fire(r: Rule) -> bool:
    """Whether some moment satisfies ``r``'s conditions (a hand of no cards has won: H-ext-reach)."""
    return _can_fire(r, _Work())


# --- the book in play -----------------------------------------------------------------------------
def _in_play(book: Sequence[Rule], ids: frozenset[str] | None) -> tuple[Rule, ...]:
    """The built-in rules in play (``ids``; None: every rule of the seed, the strictest reading),
    then the book's written ones."""
    ids = in_play(("all",)) if ids is None else ids
    builtin = tuple(r for r in RULES if r.id in ids)
    return builtin + tuple(r for r in book if r.group == "house")


def _given(book: Sequence[Rule]) -> frozenset[str]:
    """Every penalty name a table with ``book`` can give (the seed's, and the book's), heard as
    penalty names are."""
    names: set[str] = set(every_penalty())
    for r in book:
        maybe: list[str | None] = [*(o.failure for o in r.must), *(o.improper for o in r.must), r.penalty,
                                   r.wrong_time]
        names.update(x for x in maybe if x)
    return frozenset(penalty_key(n) for n in names if "{" not in n) | frozenset(
        penalty_key(fill(n, c)) for n in names if "{" in n for c in range(DECK_SIZE))


def _never_given(r: Rule, given: frozenset[str]) -> str | None:
    """A ``penalty`` rule waiting for a name no rule gives."""
    if r.trigger != "penalty":
        return None
    for c in r.when:
        if c.left == "penalty" and c.op in ("==", "in"):
            names = c.right if isinstance(c.right, tuple) else (c.right,)
            if not any(penalty_key(n) in given for n in names):
                return ", ".join(repr(n) for n in names)
    return None


def _label(books: Sequence[Rule], i: int) -> str:
    return f"rules[{i}] ({books[i].id})"


#: triggers that happen at one moment: a play (leaving one card or not) changes a hand and starts
#: the next turn; a draw changes a hand; a penalty card changes a hand
_TOGETHER = ({"play", "last", "turnstart", "hand"}, {"draw", "hand"}, {"penalty", "hand"})


def _same_moment(a: Rule, b: Rule) -> bool:
    moments = {a.trigger, b.trigger}
    return len(moments) == 1 or any(moments <= m for m in _TOGETHER)


def _binds(who: str, other: str) -> bool:
    return who == other or "everyone" in (who, other)


@cache
def _new_plays() -> int:
    """The worlds where the base rules (same rank or suit) would not allow the card played."""
    rank, _ = _mask(Condition("card.rank", "!=", "below.rank"))
    suit, _ = _mask(Condition("card.suit", "!=", "below.suit"))
    return rank & suit


# --- warnings ---------------------------------------------------------------------------------------
def check(book: Sequence[Rule]) -> list[str]:
    """Warnings for a rule book (see the module docstring); empty when all is well. RuleError
    only when the book is too complex to check within ``BUDGET``."""
    work = _Work()
    out: list[str] = []
    given = _given(book)
    for i, r in enumerate(book):
        if r.group != "house":
            continue
        unknown = _never_given(r, given)
        if not _can_fire(r, work):
            reason = "a hand of no cards has won" if r.trigger == "hand" and _satisfiable(r.when, work) else \
                "its conditions contradict each other"
            out.append(f"{_label(book, i)}: can never fire: {reason}")
        elif unknown:
            out.append(f"{_label(book, i)}: can never fire: no rule gives the penalty {unknown}")
        elif r.trigger == "allow" and not _cards(r.when, work) & _new_plays():
            out.append(f"{_label(book, i)}: allows nothing the base rules do not already allow")
    for i, a in enumerate(book):
        for j in range(i + 1, len(book)):
            b = book[j]
            if "house" not in (a.group, b.group) or not _same_moment(a, b):
                continue
            why = _conflict(a, b)
            if why and _satisfiable(a.when + b.when, work):
                out.append(f"{_label(book, j)} contradicts {_label(book, i)}: {why}")
    return out


def _conflict(a: Rule, b: Rule) -> str | None:
    if (a.when, a.must, a.effects, a.penalty) == (b.when, b.must, b.effects, b.penalty) and a.trigger == b.trigger:
        return "they say the same thing"
    for x, y in ((a, b), (b, a)):
        for o in x.must:
            for p in y.must:
                if o.act == "silent" and p.act == "say" and _binds(o.who, p.who):
                    return f"one demands silence of {o.who}, the other that they say something"
        ex, ey = set(x.effects), set(y.effects)
        if "again" in ex and ey & {"skip", "next:dealer"}:
            return "one has the player play again, the other moves play on"
        if "skip" in ex and "next:dealer" in ey:
            return "one skips the next player, the other gives the turn to the dealer"
    if "reverse" in a.effects and "reverse" in b.effects:
        return "both reverse the direction, so together they cancel"
    return None


# --- refusals -----------------------------------------------------------------------------------------
def refuse(book: Sequence[Rule], dealt: int, rules: Iterable[str] | None = None) -> None:
    """RuleError (where and why) for a book the table cannot play (see the module docstring).

    ``dealt``: cards in a hand; ``rules``: the built-in rule ids in play (``rulebook.in_play``;
    None: all of the seed's, the strictest reading of "a word a rule requires"). The verdict is
    kept by the book's contents: a book is worked out once however often it is asked about."""
    verdict = _verdict(tuple(book), dealt, None if rules is None else frozenset(rules))
    if verdict is not None:
        raise RuleError(*verdict)


@lru_cache(maxsize=256)
def _verdict(book: tuple[Rule, ...], dealt: int, ids: frozenset[str] | None) -> tuple[str, str] | None:
    try:
        _refuse(book, dealt, _in_play(book, ids), _Work())
    except RuleError as exc:
        return exc.where, exc.why
    return None


def _costs(r: Rule) -> bool:
    return r.penalty is not None or any(e.startswith(_COSTS) for e in r.effects)


def _refuse(book: Sequence[Rule], dealt: int, live: Sequence[Rule], work: _Work) -> None:
    required: list[tuple[str, tuple[str, ...]]] | None = None
    for i, r in enumerate(book):
        if r.group != "house":
            continue
        where = f"rules[{i}]"
        _unenforced(r, where)
        for o in r.must:
            for p in r.must:
                if o.act == "silent" and p.act == "say" and _binds(o.who, p.who):  # a knock or a point is no speech
                    raise RuleError(where, f"can never be obeyed: it demands both silence and speech of {o.who}")
        if r.trigger == "turnstart" and _costs(r):
            raise RuleError(where, "unwinnable: every turn would cost a card, and a turn plays at most one")
        if r.trigger == "hand" and _costs(r) and any(h <= dealt for h in _values("hand", r.when, work)):
            raise RuleError(where, f"unwinnable: every hand of {dealt} cards must pass through the size this rule "
                                   "penalises, and the card it costs puts the hand back above it")
        if r.trigger == "penalty" and r.penalty is not None and all(
                holds(c, {"penalty": r.penalty}) for c in r.when):
            raise RuleError(where, "its penalty would trigger itself without end")
        if r.trigger == "phrase" and _costs(r):
            required = _required(live, work) if required is None else required
            for rid, wordings in required:
                if all(_sets_off(r, w) for w in wordings):
                    raise RuleError(where, f"unwinnable: saying {wordings[0]!r} is penalised, yet {rid} requires it "
                                           "(so it costs a card either way)")
    _plays(live, work)
    _echoes(book, live, work)
    _explodes(live, work)


def _unenforced(r: Rule, where: str) -> None:
    """A field the table never acts on is refused rather than described as if it were (issue 22):
    ``improper`` is given for a wrong count of knocks, or for words that begin with a say-duty's
    ``prefix`` but are not its phrase; ``wrong_time`` for saying a rule's phrase, knocking or
    pointing when no duty asks for it."""
    for j, o in enumerate(r.must):
        if o.improper is None:
            continue
        if o.act in ("point", "silent"):
            what = "a point" if o.act == "point" else "keeping silent"
            raise RuleError(f"{where}.must[{j}].improper", f"{what} cannot be done wrongly, so the table would "
                                                           "never give this name: remove it")
        if o.act == "say" and not o.prefix:
            raise RuleError(f"{where}.must[{j}].improper", "is given only for words that begin as the phrase "
                                                           "does: add a 'prefix' (such as \"all hail\"), or remove it")
    if r.wrong_time is not None and not any(o.act in _TIMED_ACTS for o in r.must):
        raise RuleError(f"{where}.wrong_time", "this rule asks nobody to say, knock or point, so nothing can be "
                                               "done at the wrong time and the table would never give this name: "
                                               "remove it")


def _wordings(o: Obligation, cards: Iterable[int | None]) -> list[tuple[str, ...]]:
    """Each way a say-duty can fall due (one per card it can name), as every wording it accepts."""
    out = dict.fromkeys((fill(o.phrase, c), *o.also) for c in cards)
    return list(out)


def _required(live: Sequence[Rule], work: _Work) -> list[tuple[str, tuple[str, ...]]]:
    """Every phrase a rule in play can require (Last card's "maʊ", Subway, Merry Christmas, every
    hail, every written say-duty, for each card it can be required for), with the rule's id: a
    duty is met by any of its wordings."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for r in live:
        for o in r.must:
            if o.act != "say":
                continue
            cards: Iterable[int | None] = [None]
            if "{" in o.phrase and r.trigger in ("play", "last"):
                worlds = _cards(r.when, work)
                work.spend(DECK_SIZE)
                cards = [c for c in range(DECK_SIZE) if worlds & _at("card", c)]
            out += [(r.id, w) for w in _wordings(o, cards)]
    return out


def _sets_off(r: Rule, text: str) -> bool:
    """Whether saying ``text`` (whole, or one of its sentences) sets off the phrase rule ``r``."""
    return any(all(holds(c, {"said": h}) for c in r.when) for h in (text, *parts(text)))


def _plays(live: Sequence[Rule], work: _Work) -> None:
    """Unwinnable by what plays cost: every play; every play that would leave one card; or a card
    no play of which is ever free of a penalty (an improper play and a forbidden play both leave it
    in the hand, so a hand holding it can never empty: H-ext-stuck)."""
    allowed = _new_plays() ^ _EVERY
    for r in live:
        if r.trigger == "allow":
            allowed |= _cards(r.when, work)
    illegal = allowed ^ _EVERY
    blocking = [r for r in live if r.group == "house" and r.trigger == "play" and _costs(r)]
    costly = illegal
    for r in blocking:
        costly |= _cards(r.when, work)
    if blocking and costly == _EVERY:
        names = ", ".join(r.id for r in blocking)
        raise RuleError("rules", f"unwinnable: every possible play is penalised or costs a card (by {names}), "
                                 "so no hand can ever empty")
    last = [r for r in live if r.group == "house" and r.trigger == "last" and _costs(r)]
    if last:
        for r in last:
            costly |= _cards(r.when, work)
        if costly == _EVERY:
            names = ", ".join(r.id for r in blocking + last)
            raise RuleError("rules", f"unwinnable: every play that would leave one card is penalised or costs a "
                                     f"card (by {names}), so no hand can ever get down to its last card")
    stuck_by = [r for r in blocking if r.penalty is not None]
    if not stuck_by:
        return
    forbidden = illegal
    for r in stuck_by:
        forbidden |= _cards(r.when, work)
    free_worlds = forbidden ^ _EVERY
    work.spend(DECK_SIZE)
    stuck = [c for c in range(DECK_SIZE) if not _at("card", c) & free_worlds]
    if stuck:
        free = [c for c in range(DECK_SIZE) if c not in stuck]
        names = ", ".join(card_name(c) for c in stuck[:6]) + (f" and {len(stuck) - 6} more" if len(stuck) > 6 else "")
        only = f"; only {', '.join(card_name(c) for c in free)} can be" if len(free) <= 6 else ""
        by = ", ".join(r.id for r in stuck_by)
        raise RuleError("rules", f"unwinnable: no play of {names} is ever free of a penalty (by {by}){only}, so a "
                                 "hand holding one can never empty")


def _echoes(book: Sequence[Rule], live: Sequence[Rule], work: _Work) -> None:
    """Phrase rules whose duties set each other off: every word said to obey one sets off the
    next, so the duties never end (H-ext-explode)."""
    phrase = [r for r in live if r.trigger == "phrase"]
    edges: dict[str, list[str]] = {}
    for r in phrase:
        said = [w for o in r.must if o.act == "say" for ws in _wordings(o, [None]) for w in ws]
        work.spend(len(said) * len(phrase))
        edges[r.id] = [q.id for q in phrase if any(_sets_off(q, w) for w in said)]
    for start in edges:
        came: dict[str, str] = {}
        todo = [start]
        while todo:
            at = todo.pop()
            for nxt in edges[at]:
                if nxt == start:
                    chain = [at]
                    while chain[-1] != start:
                        chain.append(came[chain[-1]])
                    i = next(k for k, r in enumerate(book) if r.id == start and r.group == "house")
                    loop = " → ".join([start, *reversed(chain[:-1]), start])
                    raise RuleError(f"rules[{i}]", f"its duties would never end: saying what it requires sets off "
                                                   f"{loop}, and so on for ever")
                if nxt not in came:
                    came[nxt] = at
                    todo.append(nxt)


def _cost(r: Rule) -> int:
    """The cards ``r`` costs the table at most when it fires and every duty is failed: its own
    penalty, its draws, a failure per seat bound (keeping silent costs nothing of its own: speaking
    is one penalty per utterance however many rules it breaks)."""
    out = int(r.penalty is not None)
    out += sum(int(e.partition(":")[2]) for e in r.effects if e.startswith(_COSTS))
    out += sum(SEATS if o.who == "everyone" else 1 for o in r.must if o.act != "silent")
    return out


def _most(weighted: Sequence[tuple[int, int]], work: _Work) -> int:
    """The largest sum of weights over one card world: ``(worlds, weight)`` pairs added into
    bit-sliced counters (``planes[k]``: the worlds whose sum has bit ``k``), then the highest sum
    read off plane by plane."""
    planes: list[int] = []
    for mask, weight in weighted:
        k, carry = 0, 0
        while weight >> k or carry:
            add = mask if weight >> k & 1 else 0
            if k == len(planes):
                planes.append(0)
            p = planes[k]
            planes[k] = p ^ add ^ carry
            carry = (p & add) | (carry & (p ^ add))
            k += 1
            work.spend(1)
    best, alive = 0, _EVERY
    for k in reversed(range(len(planes))):
        hit = alive & planes[k]
        if hit:
            alive, best = hit, best | 1 << k
    return best


def _explodes(live: Sequence[Rule], work: _Work) -> None:
    """RuleError when one moment could cost the table more than ``MAX_CARDS`` cards at a table of
    ``SEATS`` with every duty failed (H-ext-explode): the most a play (its rules, the turn that
    starts, the hand it changes) or a draw costs, each of those cards' penalties setting off the
    ``penalty`` rules that match it (they set off no more: H-ext-chains), and every seat given
    cards going through every ``hand`` rule."""
    def total(trigger: str) -> int:
        return sum(_cost(r) for r in live if r.trigger == trigger)

    hands = [_cost(r) for r in live if r.trigger == "hand"]
    around = total("turnstart") + max(hands, default=0)
    play = _most([(_cards(r.when, work), _cost(r)) for r in live if r.trigger in ("play", "last")], work)
    moment = max(play, total("draw")) + around
    answers = [r for r in live if r.trigger == "penalty"]
    names = [*_given(live), _OTHER]
    work.spend(len(names) * max(1, len(answers)))
    echo = max((sum(_cost(r) for r in answers if all(holds(c, {"penalty": n}) for c in r.when)) for n in names),
               default=0)
    cards = moment * (1 + echo)
    cards += min(SEATS, cards) * sum(hands) * (1 + echo)
    if cards > MAX_CARDS:
        culprits = [r.id for r in live if r.group == "house" and _cost(r)
                    and (r.trigger in ("penalty", "hand") or any(o.who == "everyone" for o in r.must))]
        by = f" (by {', '.join(culprits)})" if culprits else ""
        raise RuleError("rules", f"explodes: one play could cost the table up to {cards} cards{by} at a table of "
                                 f"{SEATS} when duties are failed; at most {MAX_CARDS}, so that a dealer can still "
                                 "assess them")


def load(text: str, dealt: int) -> tuple[list[str], tuple[Rule, ...], list[str]]:
    """A rule book file's rule set (its ``set``), rules and warnings, checked with the built-in
    rules of that set; RuleError (with the line) or OptionsError if malformed or unplayable."""
    book = parse(text)
    raw = json.loads(text)  # parse has read it: it is JSON
    names = list(rule_set(raw.get("set", "standard"))) if isinstance(raw, dict) else ["standard"]
    try:
        refuse(book, dealt, in_play(names))
    except RuleError as exc:
        raise located(exc, text) from None
    return names, book, check(book)


def report(book: Sequence[Rule]) -> list[str]:
    """Each house rule in plain words, then the warnings: what ``houserules mao rules check`` prints."""
    return [explain(r) for r in book if r.group == "house"] + [f"warning: {w}" for w in check(book)]
