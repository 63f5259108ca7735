"""A Mao match (the seed's Extension, issue 13): a series of games at one table where
each winner deals the next game and, before it, adds, modifies or removes one rule.

The match is the game (``GAME``): option ``extension`` (true) and ``games`` (how many)
turn it on; without them this is plain Mao, move for move. Between games the winner
seat's one decision is a ``write`` action::

    {"seat": 2, "action": "write", "arg": {"op": "add", "rule": {...}, "witness": 0}}
    {"seat": 2, "action": "write", "arg": {"op": "modify", "id": "knocking1", "rule": {...}, "witness": 1}}
    {"seat": 2, "action": "write", "arg": {"op": "remove", "id": "subway", "witness": 1}}

A written rule is checked like any other (``language``, ``rulecheck``: refused with
where and why, and nothing changes); the table enforces every rule the language can say. The rules in
play live in the game's options (``rules``, ``house``), so a stored table replays to
the same rules after a restart. Two-step secrecy: a rule's words are in the view of
its author and its witness only; the writer sees the rules in play while writing (to
modify or remove one); at the end, if the table chose ``reveal``, every written rule
is shown with its author, witness and how many penalties it gave.

The Discussion exception is widened (``judge`` reads ``extension``): the base rules
and the setup and play instructions may be discussed, the rest stays secret.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Self

from ...engine.actions import Field
from ...engine.base import first_place
from ...engine.core import Action, Ending, Event, Illegal, OptionsError, Result
from ...engine.moves import Move, Moves, seat
from ...engine.options import Option, Schema, defaults, is_stored, read_options
from ...engine.protocol import Game
from . import language, rulecheck
from .flow import CarryingOut
from .game import ATTEMPTS, Mao
from .judge import GAME_OVER
from .library import suggestions
from .rulebook import BASE, RULES, Rule, in_play
from .state import HAND, OPTIONS, MaoState, book_options, deal, validate_options
from .view import MaoView

MATCH_OPTIONS: Schema = (
    *OPTIONS,
    Option("extension", False, "bool", "Match (the Extension)", "Play a series of games: each winner deals the next "
           "and first adds, changes or removes one rule, in secret, telling one other player as a witness. The "
           "software enforces every rule.", "M-extension"),
    Option("games", 3, "int", "Games in the match", "How many games a match lasts (with the Extension on); the most "
           "games won wins the match.", "M-extension", 1, 50),
)
MATCH_KEYS = defaults(MATCH_OPTIONS[len(OPTIONS):])
OPS = ("add", "modify", "remove")
WRITE_EXAMPLE = '"arg": {"op": "add", "rule": {"id": "sevens", "on": "play", ...}, "witness": 1}'


def write_arg(value: Any) -> tuple[str, str, str, int]:
    if not isinstance(value, Mapping) or not set(value) <= {"op", "id", "rule", "witness"}:
        raise TypeError('a write is {"op": "add"|"modify"|"remove", "id": ..., "rule": {...}, "witness": N}')
    op, rid, rule, witness = value.get("op"), value.get("id", ""), value.get("rule"), value.get("witness")
    if op not in OPS or not isinstance(rid, str) or isinstance(witness, bool) or not isinstance(witness, int):
        raise TypeError('a write is {"op": "add"|"modify"|"remove", "id": ..., "rule": {...}, "witness": N}')
    text = json.dumps(rule, sort_keys=True, ensure_ascii=False) if rule is not None else ""
    if len(text) > 4096:
        raise ValueError("that rule is too long (at most 4096 characters of JSON)")
    return op, rid, text, witness


def _write_json(v: tuple[str, str, str, int]) -> dict[str, Any]:
    out: dict[str, Any] = {"op": v[0], "witness": v[3]}
    if v[1]:
        out["id"] = v[1]
    if v[2]:
        out["rule"] = json.loads(v[2])
    return out


def _is_write(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 4 and v[0] in OPS and isinstance(v[3], int)


@dataclass(frozen=True)
class Written:
    """One rule change of the match: who made it, who witnessed it, what it has cost."""

    op: str
    id: str
    rule: str  # the rule's JSON ("" for a removal)
    author: int
    witness: int
    game: int  # the game it came into play in
    penalties: int = 0


@dataclass(frozen=True)
class Match:
    games: int
    number: int = 1
    wins: tuple[int, ...] = ()
    written: tuple[Written, ...] = ()
    writer: int | None = None  # the winner, writing between games
    reading: int | None = None  # the witness of the rule just written, reading it before the next game (H-ext-read)
    done: bool = False
    per_game: tuple[tuple[int, ...], ...] = field(default=())  # penalties per written rule, per game
    turns: tuple[int, ...] = ()  # turns played, per game
    penalties: int = 0  # penalties given in the games played so far (every rule's)


class MatchState(MaoState):
    """A Mao game with the match around it (``match`` is None outside a match)."""

    __slots__ = ("match",)
    match: Match | None

    def snapshot(self) -> tuple[Any, ...]:
        return (*super().snapshot(), self.match)

    def copy(self) -> Self:
        new = super().copy()
        new.match = self.match
        return new


def adopt(inner: MaoState, match: Match | None, into: MatchState | None = None) -> MatchState:
    """``inner``'s game as a MatchState (``into`` itself when given: a new deal in place)."""
    out = into if into is not None else object.__new__(MatchState)
    for name in MaoState.__slots__:
        setattr(out, name, getattr(inner, name))
    out.match = match
    return out


@dataclass(frozen=True, slots=True)
class MatchView(MaoView):
    match: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {**MaoView.to_json(self), "match": self.match}


def _inner(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k not in MATCH_KEYS}


# --- the match's own attempts: writing a rule, and its witness reading it ---------------------
#: what the table waits for between games, said to any other attempt
READING = "the witness is reading the new rule; the next game starts when they have"
WRITING = "this game is over; its winner is writing the next rule"


def check_write(state: MaoState, action: Action) -> Illegal | None:
    m = _match(state)
    if m is None or not _between(m):
        return Illegal("E-write", "rules are written between games, by the winner")
    if m.reading is not None:
        return Illegal("E-read", READING)
    if action.seat != m.writer:
        return Illegal("E-write", "only the winner writes the next rule")
    try:
        changed(state, action)
    except (language.RuleError, OptionsError) as exc:
        return Illegal("E-write", str(exc))
    return None


def check_read(state: MaoState, action: Action) -> Illegal | None:
    m = _match(state)
    if m is None or not _between(m):
        return Illegal("E-read", "there is no new rule to read now")
    if m.reading is None:
        return Illegal("E-write", WRITING)
    if action.seat != m.reading:
        return Illegal("E-read", READING)
    return None


def changed(state: MaoState, action: Action) -> tuple[list[str], list[dict[str, Any]]]:
    """The ``rules`` and ``house`` options after ``action`` (RuleError: where and why)."""
    op, rid, text, witness = action.arg
    if not 0 <= witness < state.players or witness == action.seat:
        raise language.RuleError("witness", "name another seat to tell your rule to")
    builtins = sorted(in_play(state.options["rules"]) - set(BASE) - {"original"})
    house = list(state.options.get("house", []))
    ids = builtins + [r["id"] for r in house]
    if op in ("modify", "remove") and rid not in ids:
        raise language.RuleError("id", f"{rid!r} is not a rule in play that may change (base rules stay)")
    if op == "remove":
        if text:
            raise language.RuleError("rule", "a removal takes no rule")
        return _without(builtins, rid), [r for r in house if r["id"] != rid]
    if not text:
        raise language.RuleError("rule", f"{op} needs a rule")
    raw = json.loads(text)
    if isinstance(raw, dict):
        raw = {**raw, "group": "house"}
    new = language.rule(raw, "rule")
    if (op == "add" or new.id != rid) and (new.id in ids or new.id in {r.id for r in RULES}):
        raise language.RuleError("rule.id", f"{new.id!r} is taken; choose another id")
    kept = [r for r in house if r["id"] != rid]
    book = language.book(kept, "house") + (new,)
    rules = _without(builtins, rid)
    if not is_stored():  # a stored write was checked when it was accepted
        rulecheck.refuse(book, HAND, in_play(rules))
    return rules, kept + [language.to_json(new)]


def write(state: MaoState, action: Action) -> list[Event]:
    """The rule changes, and the next game is dealt; its witness reads it first (H-ext-read)."""
    m = _match(state)
    assert m is not None and m.writer is not None and isinstance(state, MatchState)
    rules, house = changed(state, action)
    op, rid, text, witness = action.arg
    canon = json.dumps(house[-1], sort_keys=True) if op != "remove" else ""
    entry = Written(op, rid or json.loads(text)["id"], canon, action.seat, witness, m.number + 1)
    opts = {**state.options, "rules": rules or ["base"], "house": house, "dealer": action.seat}
    redeal(state, replace(m, written=m.written + (entry,)), opts, entry.id)
    dealt = state.match
    assert dealt is not None
    state.match = replace(dealt, reading=witness)  # the next game waits for the witness (H-ext-read)
    secret = {"rule": language.explain(language.rule(json.loads(canon), "rule")) if canon else ""}
    return [Event("written", action.seat, {"op": op, "witness": witness, "game": m.number + 1}, secret),
            Event("dealt", None, {"game": m.number + 1, "dealer": action.seat})]


def read(state: MaoState, action: Action) -> list[Event]:
    """The witness has read the new rule: the next game may start."""
    m = _match(state)
    assert m is not None and isinstance(state, MatchState)
    state.match = replace(m, reading=None)
    return [Event("read", action.seat, {"game": m.number})]


def written_words(action: Action, view: Any = None) -> str:
    """A rule change as the writer's menu says it: the rule in plain words, and its witness."""
    op, rid, text, witness = action.arg
    if op == "remove":
        return f"Remove the rule {rid} (tell {seat(witness)})"
    words = language.explain(language.rule({**json.loads(text), "group": "house"}))
    return f"{op.capitalize()} a rule: {words} (tell {seat(witness)})"


def keep_count(state: MaoState, events: list[Event]) -> list[Event]:
    """Count the penalties written rules gave (``state.given``, by rule id: a rule's own
    names, never another rule's "talking"); when a game of the match ends, add up its turns
    and penalties, and its winner writes (or the match is over)."""
    m = _match(state)
    if m is None:
        return events
    live = {w.id: i for i, w in enumerate(m.written)}  # the latest change of each id is the one in play
    done = m.per_game[-1] if m.per_game else ()  # each rule's count when the last game ended
    m = replace(m, written=tuple(
        replace(w, penalties=(done[i] if i < len(done) else 0)
                + (state.given.get(w.id, 0) if w.rule and live[w.id] == i else 0))
        for i, w in enumerate(m.written)))
    if state.over:
        wins = list(m.wins)
        if state.winner is not None:
            wins[state.winner] += 1
        m = replace(m, wins=tuple(wins), per_game=m.per_game + (tuple(w.penalties for w in m.written),),
                    turns=m.turns + (state.turn_no,), penalties=m.penalties + sum(state.penalties))
        if m.number >= m.games:
            m = replace(m, done=True)
            events.append(Event("match_over", None, {"wins": m.wins}))
        elif state.winner is None:  # nobody won (the turn limit): the same dealer deals again, no rule changes
            assert isinstance(state, MatchState)
            redeal(state, m, dict(state.options))
            events.append(Event("dealt", None, {"game": m.number + 1, "dealer": state.dealer}))
            return events
        else:
            m = replace(m, writer=state.winner)
            events.append(Event("writing", state.winner, {"game": m.number}))
    assert isinstance(state, MatchState)
    state.match = m
    return events


def counted(effect: CarryingOut) -> CarryingOut:
    """A game's kind of attempt in a match: its effect, then the match keeps count (``keep_count``)."""
    def carried_out(state: MaoState, a: Action, illegal: Illegal | None = None, /) -> list[Event]:
        return keep_count(state, effect(state, a, illegal))
    return carried_out


#: the match's kinds of attempt: never buttons (the board's match panel offers them), never a cost
BETWEEN = ("write", "read")
#: a game's kinds, each counted by the match after its effect, and the match's own
MATCH_MOVES: Moves[MaoState] = Moves("Mao", (*(replace(m, effect=counted(m.effect)) for m in ATTEMPTS),
    Move("write", (Field("arg", "arg", write_arg, _write_json, _is_write, WRITE_EXAMPLE),), check_write, write,
         "M-extension", written_words, button=False),
    Move("read", (), check_read, read, "H-ext-read", "I have read the new rule (the next game can start)",
         button=False),
), GAME_OVER)
MATCH_CODEC = MATCH_MOVES.codec


class MaoMatch(Mao):
    """Mao, and with ``extension`` a match of ``games`` games (see the module docstring)."""

    codec = MATCH_CODEC
    moves = MATCH_MOVES

    option_schema = MATCH_OPTIONS

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Mao's options and the match's (listed even when off: the lobby offers them)."""
        return book_options(read_options(MATCH_OPTIONS, raw, "Mao"))

    def new(self, options: Mapping[str, Any], seed: int) -> MatchState:
        opts = self.options(options)
        inner = deal(validate_options(_inner(opts)), seed)
        inner.options = opts
        match = Match(opts["games"], wins=(0,) * opts["players"]) if opts.get("extension") else None
        return adopt(inner, match)

    # --- whose decision, and which --------------------------------------------------
    def to_act(self, state: MaoState) -> tuple[int, ...]:
        m = _match(state)
        if not _between(m):
            return super().to_act(state)
        assert m is not None
        if m.done:
            return ()
        return (m.reading,) if m.reading is not None else (m.writer,)  # type: ignore[return-value]

    def on_the_clock(self, state: MaoState) -> tuple[int, ...]:
        """Between games everyone sees whom the table waits on: the writer, then the witness
        reading the new rule (H-ext-read); within a game, the game's answer."""
        return self.to_act(state) if _between(_match(state)) else super().on_the_clock(state)

    def legal(self, state: MaoState) -> list[Action]:
        m = _match(state)
        if m is not None and m.reading is not None:
            return [Action(m.reading, "read")]
        if m is None or m.writer is None:
            return [] if m is not None and m.done else super().legal(state)
        seat, n = m.writer, state.players
        taken = [r["id"] for r in current(state)]
        rng = state.rng.__class__(state.seed * 7919 + m.number)
        witness = (seat + 1) % n
        out = [Action(seat, "write", arg=("add", "", json.dumps(r, sort_keys=True), witness))
               for r in suggestions(rng, taken)]
        out = [a for a in out if self.check(state, a) is None]
        out += [Action(seat, "write", arg=("remove", rid, "", witness)) for rid in taken]
        return out

    def offer(self, state: MaoState, seat: int) -> list[Action]:
        m = _match(state)
        if m is not None and (m.writer is not None or m.reading is not None):
            return [a for a in self.legal(state) if a.seat == seat]
        return super().offer(state, seat)

    def check(self, state: MaoState, action: Action) -> Illegal | None:
        """Between games only the match's own attempts (``write``, ``read``), after the
        envelope; within a game, Mao's, and the match's are refused by their own checks."""
        m = _match(state)
        if _between(m):
            assert m is not None
            wrong = self.codec.envelope(action, self.seats(state), m.done)
            if wrong is not None:
                return wrong
            if action.kind not in BETWEEN:
                return Illegal("E-read", READING) if m.reading is not None else Illegal("E-write", WRITING)
        elif action.kind not in BETWEEN:
            return super().check(state, action)
        return MATCH_MOVES[action.kind].check(state, action)

    # --- doing: ``apply`` is each kind's effect in ``MATCH_MOVES`` (a game's own, counted) --
    def penalise(self, state: MaoState, action: Action, illegal: Illegal) -> list[Event]:
        return keep_count(state, super().penalise(state, action, illegal))

    def advance(self, state: MaoState, now: float) -> list[Event]:
        if _between(_match(state)):
            state.clock = max(state.clock, now)
            return []
        return keep_count(state, super().advance(state, now))

    def deadline(self, state: MaoState) -> float | None:
        return None if _between(_match(state)) else super().deadline(state)

    # --- knowing --------------------------------------------------------------------
    def result(self, state: MaoState) -> Result | None:
        m = _match(state)
        if m is None:
            return super().result(state)
        if not m.done:
            return None
        best = max(m.wins)
        return Result(tuple(s for s, w in enumerate(m.wins) if w == best and best > 0),
                      Ending.PLAYED_OUT, tuple(float(w) for w in m.wins), f"most games won in a match of {m.games}")

    def standing(self, state: MaoState) -> tuple[float, ...]:
        """In a match, most games won leads (as the match is won); else the game's own."""
        m = _match(state)
        return super().standing(state) if m is None or not m.wins else first_place([float(w) for w in m.wins])

    def view(self, state: MaoState, seat: int | None) -> MaoView:
        base = super().view(state, seat)
        m = _match(state)
        if m is None:
            return base
        reveal = m.done and state.options["reveal"]
        fields = {f: getattr(base, f) for f in MaoView.__dataclass_fields__}
        if not reveal and fields["advice"] is None:  # a person dealing sees the rules throughout
            fields["rules"] = None  # a game's end is not the match's: the reveal waits for the match
        return MatchView(**fields, match=match_view(state, m, seat, reveal))

    def snapshot(self, state: MaoState) -> Hashable:
        return state.snapshot()

    def attempts(self, state: MaoState) -> list[Action]:
        if not _between(_match(state)):
            return super().attempts(state)
        bad = ("add", "", json.dumps({"id": "x", "on": "play"}), 0)
        return self.legal(state) + [Action(s, "write", arg=bad) for s in range(state.players)] \
            + [Action(s, "read") for s in range(state.players)]

    def game_stats(self, state: MaoState, events: list[Event]) -> dict[str, Any]:
        """A match's figures cover all its games (the simulator counts a match as one game):
        turns and penalties summed; per written rule, its penalties; by the age of a rule in
        games, the penalties written rules gave, and how many rule-games and turns they were in
        play for (``derived_stats`` divides the sums over many matches)."""
        stats = super().game_stats(state, events)
        m = _match(state)
        if m is not None:
            stats["games"] = len(m.turns)
            stats["turns"] = sum(m.turns)
            stats["penalties"] = m.penalties
            stats["rule_penalties"] = {w.id: w.penalties for w in m.written if w.rule}
            stats["rule_penalties_by_age"] = by_age(m)
            stats["rule_exposure_by_age"] = exposure_by_age(m)
        return stats

    def derived_stats(self, stats: Mapping[str, float], games: int) -> dict[str, float]:
        """Do players learn a new rule? Penalties written rules gave, by the rule's age in games,
        per rule-game and per 100 turns played under it (from the sums of many matches; the
        sums carry their own exposure, so the number of ``games`` is not needed)."""
        out: dict[str, float] = {}
        for key, pens in stats.items():
            if not key.startswith("rule_penalties_by_age."):
                continue
            age = key.rpartition(".")[2]
            rule_games = stats.get(f"rule_exposure_by_age.games.{age}", 0)
            turns = stats.get(f"rule_exposure_by_age.turns.{age}", 0)
            if rule_games:
                out[f"rule_age_penalties_per_rule_game.{age}"] = round(pens / rule_games, 4)
            if turns:
                out[f"rule_age_penalties_per_100_turns.{age}"] = round(100 * pens / turns, 4)
        return dict(sorted(out.items(), key=lambda kv: (kv[0].rpartition(".")[0], int(kv[0].rpartition("age")[2]))))


def redeal(state: MatchState, m: Match, opts: dict[str, Any], changed: str = "") -> None:
    """The match's next game, dealt in place under ``opts``; the table's clock runs on, and each
    seat still knows the rules it was penalised under, but the one just ``changed``."""
    fresh = deal(validate_options(_inner(opts)), state.rng.randrange(2**31))
    fresh.options = opts
    fresh.clock = fresh.turn_at = fresh.draw_at = state.clock
    fresh.aware = [known - {changed} for known in state.aware]
    adopt(fresh, replace(m, number=m.number + 1, writer=None), into=state)


def by_age(m: Match) -> dict[str, int]:
    """Penalties under written rules by how many games each rule had been in play (``age1``: its
    first game, ``age2``: its second ...): do players learn a new rule?"""
    out: dict[str, int] = {}
    for i, w in enumerate(m.written):
        if not w.rule:
            continue
        before = 0
        for game, totals in enumerate(m.per_game, start=1):
            if game < w.game or i >= len(totals):
                continue
            key = f"age{game - w.game + 1}"
            out[key] = out.get(key, 0) + totals[i] - before
            before = totals[i]
    return out


def exposure_by_age(m: Match) -> dict[str, dict[str, int]]:
    """How long written rules were in play at each age: ``games`` (rule-games: one per rule per
    game it was in play) and ``turns`` (the turns of those games), keyed ``age1``, ``age2`` ..."""
    games: dict[str, int] = {}
    turns: dict[str, int] = {}
    for i, w in enumerate(m.written):
        if not w.rule:
            continue
        for game, totals in enumerate(m.per_game, start=1):
            if game < w.game or i >= len(totals):
                continue
            key = f"age{game - w.game + 1}"
            games[key] = games.get(key, 0) + 1
            turns[key] = turns.get(key, 0) + (m.turns[game - 1] if game - 1 < len(m.turns) else 0)
    return {"games": games, "turns": turns}


def _match(state: MaoState) -> Match | None:
    return state.match if isinstance(state, MatchState) else None


def _between(m: Match | None) -> bool:
    """The match stands between games: its winner writes, the witness reads, or it is over."""
    return m is not None and (m.writer is not None or m.reading is not None or m.done)


def _without(builtins: list[str], rid: str) -> list[str]:
    return [b for b in builtins if b != rid]


def current(state: MaoState) -> list[dict[str, Any]]:
    """The rules in play that may change (built-ins but the base rules, then the house rules)."""
    ids = in_play(state.options["rules"])
    by_id: dict[str, list[Rule]] = {}
    for r in RULES:
        if r.id in ids and r.id not in BASE:
            by_id.setdefault(r.id, []).append(r)
    return [language.to_json(rs[0]) for rs in by_id.values()] + list(state.options.get("house", []))


def match_view(state: MaoState, m: Match, seat: int | None, reveal: bool) -> dict[str, Any]:
    """What ``seat`` may know of the match: the score, the rules it wrote or witnessed,
    the rules in play while it writes, and everything once revealed."""
    def words(w: Written) -> str:
        return language.explain(language.rule(json.loads(w.rule), "rule")) if w.rule else f"removed {w.id}"

    out: dict[str, Any] = {
        "game": m.number, "games": m.games, "wins": list(m.wins), "writer": m.writer, "reading": m.reading,
        "over": m.done,
        "changes": len(m.written),
        "mine": [{"id": w.id, "op": w.op, "words": words(w), "witness": w.witness} for w in m.written
                 if w.author == seat],
        "witnessing": [{"id": w.id, "op": w.op, "words": words(w), "author": w.author} for w in m.written
                       if w.witness == seat],
    }
    if seat is not None and seat == m.writer:
        out["current"] = [{"rule": r, "words": language.explain(language.rule(r, "rule"))} for r in current(state)]
    if reveal:
        out["revealed"] = [{"id": w.id, "op": w.op, "words": words(w), "author": w.author, "witness": w.witness,
                            "game": w.game, "penalties": w.penalties} for w in m.written]
    return out


#: typed as the protocol, so that mypy holds the class to the whole contract
GAME: Game[MaoState, MaoView] = MaoMatch()

__all__ = ["GAME", "MATCH_CODEC", "MaoMatch", "Match", "MatchState", "MatchView"]
