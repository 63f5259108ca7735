"""Checking a Mao rule book as a whole: what a group should hear before playing it.

``check`` returns warnings (a rule that can never fire, an ``allow`` rule that
allows nothing the base rules do not, two rules that contradict or repeat each
other) and ``refuse`` raises ``RuleError`` for a book that makes the game
unwinnable (every play penalised, going out always costing a card, a penalty
that triggers itself, a word penalised that a rule requires) or a rule that can
never be obeyed. It knows every trigger: a ``hand`` rule for no cards never
fires (that hand has won), a ``penalty`` rule waits for a name some rule gives,
and rules of triggers that happen together (a play, the next turn starting, a
hand changing) can contradict each other.

Everything is decided by enumerating the small worlds a rule can see (the
card played and up to two below it: at most 52**3 cases, pruned as each card
is chosen; a hand size; the phrases a rule names), so the answers are exact
and the work bounded.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...cards import DECK_SIZE, RANK, SUIT
from .language import CARD_REFS, MAX_HAND, RuleError, explain, parse, refs
from .rulebook import RULES, Condition, Rule, every_penalty, fill, holds, penalty_key

#: what Last card (a base rule, always in play) requires
LAST_PHRASE = next(o.phrase for r in RULES if r.id == "last" for o in r.must)

_OTHER = "\x00something else"
#: effects that cost the player cards, like a penalty does
_COSTS = ("draw:",)


def _domain(name: str, conds: Sequence[Condition]) -> Sequence[Any]:
    if name in CARD_REFS:
        return range(DECK_SIZE)
    if name == "hand":
        return range(MAX_HAND + 1)
    lits: list[Any] = [_OTHER]
    for c in conds:
        if c.left == name:
            lits += list(c.right) if isinstance(c.right, tuple) else [c.right]
    return lits


def worlds(conds: Sequence[Condition]) -> Iterator[dict[str, Any]]:
    """Every assignment of what ``conds`` look at that satisfies them all (pruned)."""
    names: list[str] = []
    for c in conds:
        for r in refs(c):
            if r not in names:
                names.append(r)
    order = [n for n in CARD_REFS if n in names] + [n for n in names if n not in CARD_REFS]

    def go(i: int, ctx: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if i == len(order):
            yield dict(ctx)
            return
        name = order[i]
        ready = [c for c in conds if name in refs(c) and all(r in ctx or r == name for r in refs(c))]
        for v in _domain(name, conds):
            ctx[name] = v
            if all(holds(c, ctx) for c in ready):
                yield from go(i + 1, ctx)
        del ctx[name]

    yield from go(0, {})


def can_fire(r: Rule) -> bool:
    """Whether some world satisfies ``r``'s conditions (a hand of no cards has won: H-ext-reach)."""
    return any(r.trigger != "hand" or w.get("hand") != 0 for w in worlds(r.when))


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


def check(book: Sequence[Rule]) -> list[str]:
    """Warnings for a rule book (see the module docstring); empty when all is well."""
    out: list[str] = []
    given = _given(book)
    for i, r in enumerate(book):
        if r.group != "house":
            continue
        unknown = _never_given(r, given)
        if not can_fire(r):
            reason = "a hand of no cards has won" if r.trigger == "hand" and any(worlds(r.when)) else \
                "its conditions contradict each other"
            out.append(f"{_label(book, i)}: can never fire: {reason}")
        elif unknown:
            out.append(f"{_label(book, i)}: can never fire: no rule gives the penalty {unknown}")
        elif r.trigger == "allow" and all(RANK[w["card"]] == RANK[w["below"]] or SUIT[w["card"]] == SUIT[w["below"]]
                                          for w in worlds(r.when) if "below" in w):
            out.append(f"{_label(book, i)}: allows nothing the base rules do not already allow")
    for i, a in enumerate(book):
        for j in range(i + 1, len(book)):
            b = book[j]
            if "house" not in (a.group, b.group) or not _same_moment(a, b):
                continue
            if next(worlds(a.when + b.when), None) is None:
                continue
            why = _conflict(a, b)
            if why:
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


def refuse(book: Sequence[Rule], dealt: int) -> None:
    """RuleError (where and why) for a book that makes the game unwinnable (``dealt``: cards in a hand)."""
    for i, r in enumerate(book):
        if r.group != "house":
            continue
        where = f"rules[{i}]"
        for o in r.must:
            for p in r.must:
                if o.act == "silent" and p.act == "say" and _binds(o.who, p.who):  # a knock or a point is no speech
                    raise RuleError(where, f"can never be obeyed: it demands both silence and speech of {o.who}")
        costs = r.penalty is not None or any(e.startswith(_COSTS) for e in r.effects)
        if r.trigger == "turnstart" and costs:
            raise RuleError(where, "unwinnable: every turn would cost a card, and a turn plays at most one")
        if r.trigger == "hand" and costs and any(
                w["hand"] <= dealt for w in worlds(r.when)):
            raise RuleError(where, f"unwinnable: every hand of {dealt} cards must pass through the size this rule "
                                   "penalises, and the card it costs puts the hand back above it")
        if r.trigger == "penalty" and r.penalty is not None and all(
                holds(c, {"penalty": r.penalty}) for c in r.when):
            raise RuleError(where, "its penalty would trigger itself without end")
        if r.trigger == "phrase" and r.penalty is not None:
            for rid, phrase in _required(book):
                if all(holds(c, {"said": phrase}) for c in r.when):
                    raise RuleError(where, f"unwinnable: saying {phrase!r} is penalised, yet {rid} requires it "
                                           "(so it costs a card either way)")
    blocking = [r for r in book if r.group == "house" and r.trigger == "play"
                and (r.penalty is not None or any(e.startswith(_COSTS) for e in r.effects))]
    if blocking and _every_play_costs(blocking):
        names = ", ".join(r.id for r in blocking)
        raise RuleError("rules", f"unwinnable: every possible play is penalised or costs a card (by {names}), "
                                 "so no hand can ever empty")


def _required(book: Sequence[Rule]) -> list[tuple[str, str]]:
    """The phrases rules require (Last card's "maʊ" is always in play), with the rule's id."""
    out = [("last", LAST_PHRASE)]
    for r in book:
        out += [(r.id, p) for o in r.must if o.act == "say" and "{" not in o.phrase for p in (o.phrase, *o.also)]
    return out


def _every_play_costs(blocking: Sequence[Rule]) -> bool:
    """Whether every (card, below, below two) is caught by some blocking rule."""
    used = [n for n in CARD_REFS if any(n in refs(c) for r in blocking for c in r.when)]
    if not used:
        return True

    def escape(i: int, ctx: dict[str, Any]) -> bool:
        if i == len(used):
            return not any(all(holds(c, ctx) for c in r.when) for r in blocking)
        for v in range(DECK_SIZE):
            ctx[used[i]] = v
            if escape(i + 1, ctx):
                return True
        del ctx[used[i]]
        return False

    return not escape(0, {})


def load(text: str, dealt: int) -> tuple[tuple[Rule, ...], list[str]]:
    """A rule book file's rules and warnings; RuleError (with the line) if malformed or unwinnable."""
    rules = parse(text)
    refuse(rules, dealt)
    return rules, check(rules)


def report(book: Sequence[Rule]) -> list[str]:
    """Each house rule in plain words, then the warnings: what ``houserules mao rules check`` prints."""
    return [explain(r) for r in book if r.group == "house"] + [f"warning: {w}" for w in check(book)]
