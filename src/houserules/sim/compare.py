"""Rule-set studies: what does a house rule change, and is the change more than luck?

A designer's question is "what does this rule do?". Two separate simulations
answer it badly: each has its own deals, so a small effect drowns in the
luck of the cards. Here every rule set plays **the same deals**: game ``i``
of the base and of every variant uses seed ``seed + i`` and the same bots at
the same seats (common random numbers). Where a rule never comes into play
the two games are the same game; where it does, only its consequences
differ. Each measure is then compared **deal by deal**: the difference of
the variant's value and the base's on the same deal, whose mean is the
effect and whose spread gives the interval.

Measures, one value per game (a mean over the run is what is reported):
``actions`` and ``turns`` (game length), ``draws`` (1 when the game has no
winner), ``ended.HOW`` (1 when the game ended so: ``Result.how``, "went out", "turn limit"), ``wins_by_seat.S`` (seat ``S``'s share of the win: 1, 1/k for
one of k joint winners, else 0; the seat advantage), ``win_rate_by_bot.K``
(the mean win share of bot kind ``K``'s seats, when more than one kind
plays), ``penalties`` and ``penalties.NAME`` (per game), and
``stats.KEY``, each game's own statistics as the simulator keeps them.
How the game went (sim.course): ``decisions_with_choice`` (the share of the
bots' decisions that had more than one legal choice), ``lead_changes`` (per
100 turns) and ``lead_taken_at`` (the share of the game played before the
winner took the lead for good), where the game has a ``standing``; and
``house.ID.fired``, how often house rule ``ID`` fired (the game's events of
kind ``house`` whose ``rule`` is ``ID``, and the decisions it narrowed without
an event, ``Game.narrowing``: a ``forbid`` rule in strict mode, whose card is
simply not offered). With ``skill`` (stronger, weaker),
each deal is played once more by one stronger seat among weaker ones:
``skill_gap`` is the stronger bot's share of the win above its fair share.

One measure is of the whole run, not of a game: ``seat_balance``, 1 - the
largest gap between the seats' shares of the wins. Its standard error comes
from a bootstrap by deal (``paired_balance``), still pairing each deal's games.

The interval is the paired 95% Student t interval of the mean difference
over the ``n`` deals (``n - 1`` degrees of freedom); for a share it is the
interval of the mean of the per-deal indicator differences. When a rule
changes nothing on any deal, every difference is 0 and the interval is the
point 0: not significant.

Many measures are compared at once, so some would exclude 0 at the 95%
level by chance alone (one in twenty of those that vary). ``significant``
therefore applies Holm's correction within each of two families of a
variant's measures whose differences are not all zero: the **headline**
(length, draws, who wins, seat balance, skill gap, decisions, leads, house
rules' firings, penalties per game) and the
**details** (penalties by name, the game's own statistics). Sorted by
p-value, the ``k``-th smallest of a family's ``m`` (from 0) is significant
while ``p <= 0.05 / (m - k)``. A rule that changes nothing then shows a
significant headline measure in at most 5% of runs, and a significant
detail in at most 5%. Two families, because a game may keep hundreds of
statistics (bpoker counts every card): corrected together with them, a
12-point change in who wins would need several times the games to show.
The intervals stay the per-measure 95% intervals, so an interval may
exclude 0 for a measure that is not significant: that is a hint, worth a
longer run, not a finding.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from statistics import NormalDist
from typing import Any

from ..bots import make
from ..engine import registry
from ..engine.core import GameError
from .parallel import batches, run_jobs
from .runner import GameFacts, SimConfig, game_facts, seating

#: the per-measure level of the intervals, and the family-wise level of ``significant``
ALPHA = 0.05

#: one game's measures
Row = dict[str, float]

#: at most this many details (statistics, penalties by name) in a plot
PLOT_DETAILS = 24

#: the measure computed over the whole run rather than deal by deal (``paired_balance``)
BALANCE = "seat_balance"
#: the resamples of the deals that give seat balance's standard error
RESAMPLES = 1000


@dataclass(frozen=True)
class RuleSet:
    """A rule set as the command line names it (its option string) and the full options it plays."""

    name: str
    options: Mapping[str, Any]


@dataclass(frozen=True)
class CompareConfig:
    game: str
    games: int
    base: RuleSet
    variants: tuple[RuleSet, ...]
    bots: tuple[str, ...]
    seed: int = 0
    workers: int = 1
    #: (stronger, weaker) bot kinds: each rule set also plays every deal with one stronger seat
    #: among weaker ones, for the skill gap (None: not measured; it costs a second game per deal)
    skill: tuple[str, str] | None = None

    def rule_sets(self) -> tuple[RuleSet, ...]:
        """The base first, then the variants in the order given."""
        return (self.base, *self.variants)


def measures(facts: GameFacts, players: int) -> Row:
    """One game's measures (see the module's docstring)."""
    row: Row = {"actions": float(facts.actions)}
    if facts.turns is not None:
        row["turns"] = float(facts.turns)
    row["draws"] = 0.0 if facts.winners else 1.0
    if facts.ending:
        row[f"ended.{facts.ending}"] = 1.0
    share = 1 / len(facts.winners) if facts.winners else 0.0
    for s in range(players):
        row[f"wins_by_seat.{s}"] = share if s in facts.winners else 0.0
    kinds = sorted(set(facts.kinds))
    if len(kinds) > 1:
        for k in kinds:
            seats = [s for s, kind in enumerate(facts.kinds) if kind == k]
            row[f"win_rate_by_bot.{k}"] = sum(share for s in seats if s in facts.winners) / len(seats)
    row.update(facts.course)
    for rule, count in facts.house.items():
        row[f"house.{rule}.fired"] = float(count)
    row["penalties"] = float(sum(facts.penalties.values()))
    for name, count in facts.penalties.items():
        row[f"penalties.{name}"] = float(count)
    for key, value in facts.stats.items():
        if key != "turns":  # already a measure of its own
            row[f"stats.{key}"] = float(value)
    return row


def skill_gap(config: CompareConfig, options: Mapping[str, Any], index: int) -> float:
    """Deal ``index`` played by one stronger seat among weaker ones (rotated game by game as the
    bots are): the stronger bot's share of the win above its fair share (1 / players)."""
    assert config.skill is not None
    strong, weak = config.skill
    players = len(config.bots)
    sim = SimConfig(config.game, config.games, options, (strong,) + (weak,) * (players - 1), config.seed)
    kinds = seating(sim, index)
    facts = game_facts(config.game, options, config.seed + index, kinds)
    share = sum(1 for w in facts.winners if kinds[w] == strong) / len(facts.winners) if facts.winners else 0.0
    return share - 1 / players


def play_chunk(config: CompareConfig, start: int, count: int) -> list[list[Row]]:
    """Games ``start .. start + count - 1`` under every rule set: ``out[r][j]`` is rule set ``r``'s
    game ``start + j``, played on the same deal and seats as every other rule set's (and, with
    ``skill``, the same deal played again by a stronger bot among weaker ones)."""
    out: list[list[Row]] = []
    players = len(config.bots)
    for rules in config.rule_sets():
        sim = SimConfig(config.game, config.games, rules.options, config.bots, config.seed)
        runs = []
        for i in range(start, start + count):
            row = measures(game_facts(config.game, rules.options, config.seed + i, seating(sim, i), follow=True), players)
            if config.skill is not None:
                row["skill_gap"] = skill_gap(config, rules.options, i)
            runs.append(row)
        out.append(runs)
    return out


def run(config: CompareConfig, progress: Callable[[int], None] | None = None,
        ray: str | None = None) -> list[list[Row]]:
    """Play every rule set on the same ``games`` deals: ``rows[r][i]`` is rule set ``r`` (the base
    first) on deal ``i``. ``progress(n)`` is told of each batch of ``n`` games played; ``ray`` as in
    ``simulate`` (with ``skill``, each deal counts as two games). Rule sets must seat the same
    number of players, one bot kind per seat."""
    game = registry.get(config.game)
    if config.games < 2:
        raise GameError("compare needs at least 2 games to estimate an interval")
    config = replace(config, base=RuleSet(config.base.name, game.options(config.base.options)),
                     variants=tuple(RuleSet(r.name, game.options(r.options)) for r in config.variants))
    names = [r.name for r in config.variants]
    for name in names:
        if names.count(name) > 1:
            raise GameError(f"--variant {name!r} is given twice")
    for rules in config.rule_sets():
        seats = game.seats_for(rules.options)
        if seats != len(config.bots):
            what = "the base" if rules is config.base else f"--variant {rules.name!r}"
            raise GameError(f"{what} seats {seats} players, not {len(config.bots)}: "
                            "every rule set must seat the same players (set them with --players)")
    for kind in set(config.bots) | set(config.skill or ()):
        make(game.name, kind, 0)  # fail early on an unknown bot
    jobs = [(config, start, count) for start, count in batches(config.games, config.workers, 100)]
    per = 2 if config.skill else 1  # games played per deal and rule set
    report = (lambda part: progress(per * sum(len(rows) for rows in part))) if progress else None
    parts = run_jobs(play_chunk, jobs, max(1, config.workers), report, ray)
    return [[row for part in parts for row in part[r]] for r in range(len(config.rule_sets()))]


# --- the paired comparison ---------------------------------------------------------------


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), by its continued fraction
    (evaluated with the modified Lentz method, on the side where it converges fast)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betainc(b, a, 1.0 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 5000):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-14:
            break
    return front * f


def t_two_sided(t: float, df: int) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom (the normal's beyond 1000)."""
    if df >= 1000:
        return 2 * (1 - NormalDist().cdf(abs(t)))
    return _betainc(df / 2, 0.5, df / (df + t * t))


@lru_cache(maxsize=256)
def t_critical(df: int, alpha: float = ALPHA) -> float:
    """The ``t`` with ``P(|T| >= t) = alpha``, found by bisection."""
    if df >= 1000:
        return NormalDist().inv_cdf(1 - alpha / 2)
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_two_sided(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


@dataclass(frozen=True)
class Paired:
    """One measure of one variant against the base, over the same deals."""

    base: float
    value: float
    diff: float
    low: float
    high: float
    p: float  # two-sided p-value of "no difference" (1.0 when every difference is 0)

    @property
    def varies(self) -> bool:
        """Whether any deal's difference is not 0 (only those count as comparisons)."""
        return not (self.low == self.high == 0.0)


def paired(base: Sequence[float], value: Sequence[float]) -> Paired:
    """The mean of each, their difference and its paired 95% interval, deal by deal."""
    n = len(base)
    if n != len(value) or n < 2:
        raise ValueError("paired needs two equally long runs of at least 2 deals")
    mb, mv = math.fsum(base) / n, math.fsum(value) / n
    diffs = [v - b for b, v in zip(base, value)]
    mean = math.fsum(diffs) / n
    var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    return _around(mb, mv, math.sqrt(var / n), n)


def _around(base: float, value: float, se: float, n: int) -> Paired:
    """``value - base`` with its 95% t interval (``n - 1`` degrees of freedom) for standard error ``se``."""
    diff = value - base
    if se == 0.0:  # every deal's difference is the same: the interval is that point
        return Paired(base, value, diff, diff, diff, 1.0 if diff == 0.0 else 0.0)
    half = t_critical(n - 1) * se
    return Paired(base, value, diff, diff - half, diff + half, t_two_sided(diff / se, n - 1))


def seat_balance(shares: Sequence[float]) -> float:
    """1 - the largest gap between the seats' win shares: 1 when every seat wins as often."""
    return 1.0 - (max(shares) - min(shares))


def paired_balance(base: Sequence[Row], value: Sequence[Row], players: int) -> Paired:
    """Seat balance under each rule set and its difference, with a paired bootstrap interval.

    Balance is no mean of one value per deal (it is a function of every seat's mean share, through
    a maximum and a minimum), so the paired t interval of a mean does not apply as it stands.
    Resampling the deals (``RESAMPLES`` times, the same deals for both rule sets: the pairing is
    kept; seeded, so the same run prints the same numbers) gives the standard error of the
    difference; the interval is then a t interval on ``n - 1`` degrees of freedom around the
    difference, as every other measure's, and a rule that changes no deal has the point 0 again.
    (The jackknife, tried first, overstated the error by half: a maximum is not smooth.)"""
    n = len(base)
    columns = [[[r.get(f"wins_by_seat.{s}", 0.0) for r in rows] for s in range(players)] for rows in (base, value)]
    (mb, mv) = (seat_balance([math.fsum(col) / n for col in cols]) for cols in columns)
    rng = random.Random(0)
    diffs = []
    for _ in range(RESAMPLES):
        deals = rng.choices(range(n), k=n)
        b, v = (seat_balance([sum(map(col.__getitem__, deals)) / n for col in cols]) for cols in columns)
        diffs.append(v - b)
    mean = math.fsum(diffs) / RESAMPLES
    return _around(mb, mv, math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (RESAMPLES - 1)), n)


def holm(ps: Mapping[str, float], alpha: float = ALPHA) -> set[str]:
    """The measures Holm's step-down procedure declares significant at family-wise level ``alpha``."""
    order = sorted(ps, key=lambda k: (ps[k], k))
    m = len(order)
    out: set[str] = set()
    for k, name in enumerate(order):
        if ps[name] > alpha / (m - k):
            break
        out.add(name)
    return out


def is_headline(measure: str) -> bool:
    """Length, draws, who wins, how the game went, house rules' firings and penalties per game; the rest (how
    the games ended, penalties by name, the game's own statistics) are details. Each family is Holm-corrected on its own."""
    return not measure.startswith(("stats.", "penalties.", "ended."))


#: the order measures are listed in, by the part of their name before the first dot
HEADS = ("actions", "turns", "draws", "wins_by_seat", BALANCE, "win_rate_by_bot", "skill_gap",
         "decisions_with_choice", "lead_changes", "lead_taken_at", "house", "ended", "penalties", "stats")


def measure_order(name: str) -> tuple[int, str]:
    """Length first, then who wins, how the game went, house rules, penalties, the game's statistics."""
    head = name.partition(".")[0]
    return (HEADS.index(head) if head in HEADS else len(HEADS)), name


def compare(config: CompareConfig, rows: Sequence[Sequence[Row]]) -> dict[str, Any]:
    """The study as one JSON object: ``{"game", "games", "variants": [{"name", "options"}],
    "metrics": {MEASURE: [{"variant", "base", "value", "diff", "low", "high", "significant"}]}}``,
    one entry per variant (the base is what each is compared with); with ``skill``, also
    ``"skill": {"stronger", "weaker"}``, the two bot kinds the skill gap was measured with."""
    names = sorted({k for runs in rows for row in runs for k in row} | {BALANCE}, key=measure_order)
    base_rows = rows[0]
    metrics: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for rules, runs in zip(config.variants, rows[1:]):
        found = {name: paired([r.get(name, 0.0) for r in base_rows], [r.get(name, 0.0) for r in runs])
                 for name in names if name != BALANCE}
        found[BALANCE] = paired_balance(base_rows, runs, len(config.bots))
        significant: set[str] = set()
        for headline in (True, False):
            significant |= holm({k: v.p for k, v in found.items() if v.varies and is_headline(k) == headline})
        for name in names:
            f = found[name]
            metrics[name].append({"variant": rules.name, "base": f.base, "value": f.value, "diff": f.diff,
                                  "low": f.low, "high": f.high, "significant": name in significant})
    out = {"game": config.game, "games": len(base_rows),
           "variants": [{"name": r.name, "options": dict(r.options)} for r in config.variants],
           "metrics": metrics}
    if config.skill is not None:
        out["skill"] = {"stronger": config.skill[0], "weaker": config.skill[1]}
    return out


# --- words and plots ---------------------------------------------------------------------


def is_share(measure: str) -> bool:
    """Whether the measure is a share of games (said in percent and percentage points)."""
    return (measure in ("draws", BALANCE, "skill_gap", "decisions_with_choice", "lead_taken_at")
            or measure.startswith(("wins_by_seat.", "win_rate_by_bot.", "ended.")))


def measure_words(measure: str) -> str:
    """The measure as a designer would say it."""
    head, _, rest = measure.partition(".")
    if measure == "actions":
        return "actions per game"
    if measure == "turns":
        return "turns per game"
    if measure == "draws":
        return "share of games without a winner"
    if head == "ended":
        return f"share of games that ended: {rest}"
    if head == "wins_by_seat":
        return f"seat {int(rest) + 1}'s share of the wins"  # seats count from 1 where a person reads them
    if head == "win_rate_by_bot":
        return f"{rest}'s win rate"
    if measure == BALANCE:
        return "seat balance (1 - the largest gap between seats' win shares)"
    if measure == "skill_gap":
        return "skill gap (the stronger bot's win share above its fair share)"
    if measure == "decisions_with_choice":
        return "share of decisions with more than one legal choice"
    if measure == "lead_changes":
        return "lead changes per 100 turns"
    if measure == "lead_taken_at":
        return "share of the game before the winner took the lead for good"
    if head == "house":
        return f"times house rule '{rest.removesuffix('.fired')}' fired per game"
    if measure == "penalties":
        return "penalties per game"
    if head == "penalties":
        return f"'{rest}' penalties per game"
    if measure.startswith("stats.") and rest in ("actions", "turns", "draws", "penalties"):
        return f"{rest} per game (the game's own count)"  # not to be read as the headline measure
    return f"{rest} per game"


def amount(measure: str, x: float, signed: bool = False) -> str:
    """A value (or with ``signed``, a difference) of ``measure``, in its unit."""
    if is_share(measure):
        return (f"{x * 100:+.1f} pts" if x else "0 pts") if signed else f"{x:.1%}"
    return (f"{x:+.3g}" if x else "0") if signed else f"{x:.3g}"


def interval(measure: str, entry: Mapping[str, Any], to: str = " .. ") -> str:
    """The 95% interval of a difference, its unit said once: ``-4.7 .. +2.7 pts``."""
    low, high = amount(measure, entry["low"], True), amount(measure, entry["high"], True)
    return f"{low.removesuffix(' pts')}{to}{high}"


def sentence(measure: str, entry: Mapping[str, Any]) -> str:
    """A significant difference in words: what rises or falls, from what to what, and how surely."""
    way = "rises" if entry["diff"] > 0 else "falls"
    return (f"{measure_words(measure)} {way} from {amount(measure, entry['base'])} to "
            f"{amount(measure, entry['value'])} ({amount(measure, entry['diff'], True)}; 95% interval "
            f"{interval(measure, entry, ' to ')})")


def excludes_zero(entry: Mapping[str, Any]) -> bool:
    return bool(entry["low"] > 0 or entry["high"] < 0)


def varies(entry: Mapping[str, Any]) -> bool:
    return not (entry["low"] == entry["high"] == 0.0)


def plot_compare(result: Mapping[str, Any], path: Any) -> None:
    """A PNG of each variant's differences from the base with their 95% intervals: shares in
    percentage points (left), counts in percent of the base's mean (middle), and, where house rules
    fired, their firings per game (right); a filled marker is significant. Shown: every headline
    measure that varies, and the details (penalties by name, the game's statistics) whose interval
    leaves out 0 for some variant: the ``PLOT_DETAILS`` surest (most half-widths from 0), so that a
    game with hundreds of statistics still gives a readable plot."""
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise RuntimeError("plots need matplotlib: pip install 'houserules[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    metrics: Mapping[str, list[Mapping[str, Any]]] = result["metrics"]

    def sureness(m: str) -> float:  # the difference in half-widths of its interval, at most over the variants
        return max(abs(e["diff"]) / ((e["high"] - e["low"]) / 2) if e["high"] > e["low"] else math.inf
                   for e in metrics[m] if varies(e))

    shown = [m for m, entries in metrics.items() if is_headline(m) and any(varies(e) for e in entries)]
    details = [m for m, entries in metrics.items() if not is_headline(m) and any(excludes_zero(e) for e in entries)]
    kept = set(sorted(details, key=lambda m: -sureness(m))[:PLOT_DETAILS])
    shown += [m for m in details if m in kept]
    panels = [(m_, scale, label, title) for m_, scale, label, title in (
        ([m for m in shown if is_share(m)], "points", "difference (percentage points)",
         "shares: who wins, balance, skill, choices, the lead"),
        ([m for m in shown if not is_share(m) and not m.startswith("house.") and any(e["base"] for e in metrics[m])],
         "percent", "difference (% of the base's mean)", "length, lead changes, penalties, statistics"),
        ([m for m in shown if m.startswith("house.")], "count", "difference (firings per game)", "house rules fired"),
    ) if m_ or scale != "count"]
    variants = [v["name"] for v in result["variants"]]
    rows = max([len(p[0]) for p in panels] + [1])
    fig, axes = plt.subplots(1, len(panels), figsize=(7 * len(panels), 1.6 + 0.32 * rows * max(1, len(variants)) ** 0.5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, (group, scale, label, title) in zip(axes, panels):
        _panel(ax, [[metrics[m][v] for m in group] for v in range(len(variants))], scale, colours)
        ax.set_yticks(list(range(len(group)))[::-1], [measure_words(m) for m in group])
        ax.set_xlabel(label)
        ax.set_title(title)
        if not group:
            ax.set_axis_off()
    if len(details) > len(kept):
        axes[1].set_title(f"{axes[1].get_title()}\n(the {len(kept)} surest of {len(details)} details whose "
                          "interval leaves out 0)")
    handles = [Line2D([], [], marker="o", color=colours[v % len(colours)], label=name if len(name) <= 60 else name[:57] + "...")
               for v, name in enumerate(variants)]
    fig.legend(handles=handles, loc="lower center", ncol=min(4, len(handles)), frameon=False)
    fig.suptitle(f"{result['game']}: each variant against the base on the same {result['games']} deals "
                 "(95% intervals; filled: significant after Holm's correction)")
    fig.tight_layout(rect=(0, 0.05, 1, 0.97))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _panel(ax: Any, entries: Sequence[Sequence[Mapping[str, Any]]], scale: str, colours: Sequence[str]) -> None:
    """One panel: ``entries[v][row]``, variant ``v``'s entry of each measure drawn, top to bottom,
    as its difference with its interval (``scale``: points, percent of the base, or as it is)."""
    count = len(entries[0]) if entries else 0
    ys = list(range(count))[::-1]
    for v, row in enumerate(entries):
        offset = ((len(entries) - 1) / 2 - v) * 0.6 / max(len(entries), 1)  # the first variant on top
        colour = colours[v % len(colours)]
        for y, e in zip(ys, row):
            k = 100.0 if scale == "points" else 1.0 if scale == "count" else 100.0 / abs(e["base"]) if e["base"] else 0.0
            ax.errorbar([e["diff"] * k], [y + offset], xerr=[[(e["diff"] - e["low"]) * k], [(e["high"] - e["diff"]) * k]],
                        fmt="o", color=colour, mfc=colour if e["significant"] else "white", capsize=3)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_ylim(-0.6, max(count, 1) - 0.4)
