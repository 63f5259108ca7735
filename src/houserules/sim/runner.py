"""Play many games with bots, in parallel processes, and gather statistics.

Game ``i`` of a run uses seed ``seed + i`` and, when seats rotate (the
default), bot ``b`` sits at seat ``(b + i) % players``, so that no bot keeps
the advantage of a seat. Everything a run reports is a sum over games, so
chunks played in separate processes merge by addition.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import make, take_turn
from ..engine import registry
from ..engine.core import Event
from .course import Course
from .parallel import batches, run_jobs


#: actions at one moment of game time after which time runs on to the next deadline, as if every
#: seat asked had waited: bots that never wait (random ones, at a table of talk such as Mao's)
#: still let duties fall due and turns pass, as time passes at a real table while people talk
STALL = 100
#: the most actions one simulated game may take (a backstop, far above any real game): a game
#: stopped there has no result and is counted ``unfinished``
MAX_ACTIONS = 250_000


@dataclass(frozen=True)
class SimConfig:
    game: str
    games: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int = 0
    workers: int = 1
    rotate: bool = True


@dataclass
class Tally:
    """Sums over games; ``merge`` adds another tally in."""

    games: int = 0
    actions: int = 0
    draws: int = 0
    unfinished: int = 0  # games stopped at MAX_ACTIONS (counted in draws too)
    #: wins are shares (a tie gives each winner a fraction), so they are floats
    wins_by_seat: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    wins_by_bot: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    seats_by_bot: Counter[str] = field(default_factory=Counter)
    penalties: Counter[str] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)  # actions per game -> games
    turns: Counter[int] = field(default_factory=Counter)  # turns per game -> games
    stats: Counter[str] = field(default_factory=Counter)  # game-specific sums
    endings: Counter[str] = field(default_factory=Counter)  # how the games ended (``Result.how``) -> games
    busy_seconds: float = 0.0

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.draws += other.draws
        self.unfinished += other.unfinished
        self.busy_seconds += other.busy_seconds
        for name in ("wins_by_seat", "wins_by_bot", "seats_by_bot", "penalties", "lengths", "turns", "stats", "endings"):
            mine = getattr(self, name)
            for key, value in getattr(other, name).items():
                mine[key] += value


def seating(config: SimConfig, index: int) -> list[str]:
    """The bot kind at each seat for game ``index``."""
    n = len(config.bots)
    shift = index % n if config.rotate else 0
    return [config.bots[(s - shift) % n] for s in range(n)]


def _flatten(prefix: str, value: Any, out: Counter[str]) -> None:
    if isinstance(value, Mapping):
        for k, v in value.items():
            _flatten(f"{prefix}.{k}" if prefix else str(k), v, out)
    else:
        out[prefix] += value


def play(game_name: str, options: Mapping[str, Any], seed: int, kinds: Sequence[str],
         watch: Callable[[Any, int], None] | None = None,
         narrowed: Counter[str] | None = None) -> tuple[Any, list[Event], int]:
    """One game with bot ``kinds[s]`` at seat ``s``: the final state, its events, its action count.
    Where several seats are asked at once, they are asked in turn and the first that acts acts;
    the clock runs on only when every one of them waits (in Mao, a seat that waits must not let
    the others' duties run out without their being asked), or after ``STALL`` actions at one
    moment. Every game ends: at the latest after ``MAX_ACTIONS`` actions (then unfinished).
    Only seats the game waits for are asked: a free action (legal for a seat not in ``to_act``,
    docs/engine.md) is offered to people, and a bot takes it when its own decision comes.
    ``watch(state, choices)`` is told of each action a bot takes: the state after it, and how
    many legal actions the bot chose among. ``narrowed``, under a house book, counts by rule
    the decisions a house rule narrowed without an event (``Game.narrowing``)."""
    game = registry.get(game_name)
    bots = [make(game.name, k, seed * 7919 + s) for s, k in enumerate(kinds)]
    state = game.new(options, seed)
    legal, to_act = game.legal, game.to_act
    events: list[Event] = []
    actions = 0
    clock = 0.0  # game time (seconds): moves when every bot asked chooses to wait, or after a stall
    still = 0  # actions since the clock last moved
    narrowing = game.narrowing if narrowed is not None and options.get("house") is not None else None
    while actions < MAX_ACTIONS:
        seats = to_act(state)
        if not seats:
            break
        if still >= STALL:
            still, due = 0, game.deadline(state)
            if due is not None:
                clock = max(clock, due)
                events.extend(game.advance(state, clock))
                continue
        before = clock
        choices = legal(state)
        ruled = narrowing(state) if narrowing is not None else ()
        for i, seat in enumerate(seats):
            mine = [a for a in choices if a.seat == seat]  # never another seat's free action
            last = i == len(seats) - 1
            happened, clock, acted = take_turn(bots[seat], game, state, seat, mine, clock, wait=last)
            if acted and watch is not None:
                watch(state, len(mine))
            if acted or last:
                break
        events.extend(happened)
        actions += acted
        if acted and ruled and narrowed is not None:
            narrowed.update(ruled)
        still = still + 1 if clock == before else 0
    return state, events, actions


@dataclass
class GameFacts:
    """What one finished game says: the bot kind at each seat, its action count, its winners
    (empty: no winner), its penalties by name, its own statistics (flattened to ``a.b`` keys)
    and its turns (None when the game does not count them). The simulator sums these; the
    rule-set comparison keeps them game by game."""

    kinds: list[str]
    actions: int
    winners: tuple[int, ...]
    penalties: Counter[str]
    stats: Counter[str]
    turns: int | None
    #: stopped at ``MAX_ACTIONS`` with a seat still to act: no result
    unfinished: bool = False
    #: how the game went (decisions, leads: sim.course), when asked for
    course: dict[str, float] = field(default_factory=dict)
    #: how it ended (``Result.how``: "went out", "turn limit" ...); "" without a result
    ending: str = ""
    #: how often each house rule fired, by its id: the game's events of kind ``house``, and the
    #: decisions it narrowed without one (``Game.narrowing``: a ``forbid`` rule in strict mode)
    house: Counter[str] = field(default_factory=Counter)


def game_facts(game_name: str, options: Mapping[str, Any], seed: int, kinds: list[str],
               follow: bool = False) -> GameFacts:
    """Play one game with bot ``kinds[s]`` at seat ``s`` and read its facts; with ``follow``, also
    how it went (``course``: sim.course, at the cost of reading the standing after each action)."""
    game = registry.get(game_name)
    course = Course(game, game.new(options, seed)) if follow else None
    narrowed: Counter[str] = Counter()
    state, events, actions = play(game.name, options, seed, kinds, course.acted if course else None, narrowed)
    result = game.result(state)
    penalties: Counter[str] = Counter(e.data["name"] for e in events if e.kind == "penalty")
    house: Counter[str] = Counter(str(e.data["rule"]) for e in events if e.kind == "house") + narrowed
    stats: Counter[str] = Counter()
    own = game.game_stats(state, events)
    turns = own.get("turns")
    _flatten("", own, stats)
    winners = tuple(result.winners) if result is not None else ()
    unfinished = result is None and bool(game.to_act(state))
    facts = GameFacts(kinds, actions, winners, penalties, stats, turns, unfinished, house=house,
                      ending=result.how.value if result is not None else "")
    if course is not None:
        facts.course = course.measures(winners, turns)
    return facts


def play_game(config: SimConfig, index: int, tally: Tally) -> None:
    """Play game ``index`` of the run and add it to ``tally``."""
    facts = game_facts(config.game, config.options, config.seed + index, seating(config, index))
    tally.games += 1
    tally.actions += facts.actions
    tally.lengths[facts.actions] += 1
    for k in facts.kinds:
        tally.seats_by_bot[k] += 1
    if not facts.winners:
        tally.draws += 1
        tally.unfinished += facts.unfinished
    else:
        share = 1 / len(facts.winners)
        for w in facts.winners:
            tally.wins_by_seat[w] += share
            tally.wins_by_bot[facts.kinds[w]] += share
    tally.penalties.update(facts.penalties)
    if facts.turns is not None:
        tally.turns[facts.turns] += 1
    tally.stats.update(facts.stats)
    if facts.ending:
        tally.endings[facts.ending] += 1


def play_chunk(config: SimConfig, start: int, count: int) -> Tally:
    tally = Tally()
    t0 = time.perf_counter()
    for i in range(start, start + count):
        play_game(config, i, tally)
    tally.busy_seconds = time.perf_counter() - t0
    return tally


def simulate(config: SimConfig, progress: Callable[[int], None] | None = None,
             ray: str | None = None) -> tuple[Tally, float]:
    """Play the run; ``progress(n)`` is called as each batch of ``n`` games finishes.
    ``ray``: None plays in local processes, "" on a local Ray, else on the Ray at that address.
    Returns the tally and the wall-clock seconds (chunks merge in order: the same sums either way)."""
    game = registry.get(config.game)
    options = game.options(config.options)
    config = SimConfig(config.game, config.games, options, tuple(config.bots), config.seed,
                       max(1, config.workers), config.rotate)
    seats = game.seats_for(options)
    if len(config.bots) != seats:
        raise ValueError(f"{len(config.bots)} bots for {seats} seats: give one bot kind per seat")
    for kind in set(config.bots):
        make(game.name, kind, 0)  # fail early on an unknown bot
    total = Tally()
    t0 = time.perf_counter()
    jobs = [(config, start, count) for start, count in batches(config.games, config.workers, 500)]
    report = (lambda part: progress(part.games)) if progress else None
    for part in run_jobs(play_chunk, jobs, config.workers, report, ray):
        total.merge(part)
    return total, time.perf_counter() - t0


def summary(config: SimConfig, tally: Tally, seconds: float) -> dict[str, Any]:
    """The run as one JSON object (the ``--json`` output of ``houserules sim``)."""
    g = max(tally.games, 1)
    rates = {k: tally.wins_by_bot[k] / tally.seats_by_bot[k] for k in sorted(tally.seats_by_bot)}
    n = len(config.bots)
    turns_total = sum(t * c for t, c in tally.turns.items())
    out: dict[str, Any] = {
        "game": config.game,
        "games": tally.games,
        "players": n,
        "bots": list(config.bots),
        "seed": config.seed,
        "workers": config.workers,
        "rotate": config.rotate,
        "wins_by_seat": [round(tally.wins_by_seat[s], 3) for s in range(n)],
        "wins_by_bot": {k: round(tally.wins_by_bot[k], 3) for k in sorted(tally.seats_by_bot)},
        "win_rate_by_bot": {k: round(v, 4) for k, v in rates.items()},
        "draws": tally.draws,
        "unfinished": tally.unfinished,
        "mean_actions": tally.actions / g,
        "mean_turns": turns_total / g if tally.turns else None,
        "max_actions": max(tally.lengths) if tally.lengths else 0,
        "endings": dict(sorted(tally.endings.items())),
        "penalties": dict(sorted(tally.penalties.items())),
        "penalties_per_game": {k: v / g for k, v in sorted(tally.penalties.items())},
        "stats": {k: v for k, v in sorted(tally.stats.items())},
        "stats_per_game": {k: v / g for k, v in sorted(tally.stats.items())},
        "derived": derived(config.game, tally.stats, tally.games),
        "actions_per_second": tally.actions / seconds if seconds else None,
        "elapsed_seconds": round(seconds, 3),
    }
    return out


def derived(game_name: str, stats: Mapping[str, float], games: int) -> dict[str, float]:
    """Ratios a game derives from the summed ``stats`` (its ``derived_stats``: a sum
    of ratios would mean nothing, so games divide the sums)."""
    return dict(registry.get(game_name).derived_stats(stats, games))


def bot_list(spec: str | Sequence[str], players: int) -> tuple[str, ...]:
    """``"heuristic,random"`` -> one kind per seat; the last kind fills the remaining seats."""
    kinds = [k.strip() for k in (spec.split(",") if isinstance(spec, str) else spec) if k.strip()]
    if not kinds:
        kinds = ["random"]
    if len(kinds) > players:
        raise ValueError(f"{len(kinds)} bots given for {players} players")
    return tuple(kinds + [kinds[-1]] * (players - len(kinds)))
