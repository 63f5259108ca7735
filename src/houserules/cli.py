"""The ``houserules`` command."""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from .engine import registry
from .engine.core import GameError
from .engine.jsonfile import load_json
from .engine.options import OPTION_FILE_BYTES, example
from .engine.protocol import Game
from .house_commands import app as house_app
from .house_commands import book_words
from .newgame import new_game

# What only some commands need (the bots, records, scenarios, the simulator's process pool, the
# progress bar) is imported inside them: ``houserules --help`` and ``houserules games`` then cost
# little more than Typer and Rich themselves (bench/startup.py; bench/RESULTS.md, "Start-up").

app = typer.Typer(
    help="houserules: play, test and balance house-rule card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one line saying what is wrong (never wrapped, never read as markup) and exit."""
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


def parse_options(pairs: list[str] | None, **fixed: Any) -> dict[str, Any]:
    """``-o key=value`` pairs (values read as JSON when they parse, else text; ``key=@FILE`` reads
    the value from a JSON file, e.g. Mao's ``-o rules=@house.json``) plus fixed options."""
    out: dict[str, Any] = {k: v for k, v in fixed.items() if v is not None}
    for pair in pairs or []:
        if "=" not in pair:
            fail(f"option {pair!r} should look like key=value, e.g. -o hand_size=7")
        key, _, raw = pair.partition("=")
        if raw.startswith("@"):
            out[key.strip().replace("-", "_")] = option_file(raw[1:])
            continue
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[key.strip().replace("-", "_")] = value
    return out


def option_string(text: str) -> list[str]:
    """``"k=v,k2=v2"`` (compare's --base and --variant) -> ``["k=v", "k2=v2"]``. A comma splits only
    outside brackets and quotes and before another ``key=``, so JSON values (``rules=["a","b"]``)
    and comma lists (``modifiers=0,1,4``) stay whole."""
    pieces: list[str] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(text + ","):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth <= 0:
            piece = text[start:i].strip()
            key = piece.partition("=")[0].strip()
            if pieces and ("=" not in piece or not key.replace("-", "_").isidentifier()):
                pieces[-1] += "," + piece
            elif piece:
                pieces.append(piece)
            start = i + 1
    return pieces


def option_file(path: str) -> Any:
    """An option's value read from a JSON file (at most ``OPTION_FILE_BYTES``, nested at most
    ``jsonfile.MAX_DEPTH``); a one-line error naming the line if it is not JSON, and never more
    read than the limit (``@/dev/zero`` ends at once)."""
    try:
        return load_json(path, "option file", OPTION_FILE_BYTES)
    except GameError as exc:
        fail(str(exc))


def output_file(path: Path, flag: str, suffix: str | None = None) -> Path:
    """Check, before any work is done, that ``path`` can be written as the output of ``flag``:
    not a directory, in a directory that exists (made if missing), with ``suffix`` if given."""
    if path.is_dir():
        fail(f"{flag} {path} is a directory; give a file name")
    if suffix and path.suffix.lower() != suffix:
        fail(f"{flag} writes a {suffix[1:].upper()} file; give a name ending in {suffix}")
    blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        fail(f"{flag} {path}: {blocking} is a file, not a directory")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"{flag} {path}: cannot make its directory ({exc.strerror or exc})")
    return path


# Arguments and options that several commands declare alike, each written once here; where the
# help or default differs by command (--games, --plot, play's and ladder's --bots, ladder's --players), the
# command keeps its own.
GameArg = Annotated[str, typer.Argument(help="the game: " + ", ".join(registry.names()))]
OptionOpt = Annotated[Optional[list[str]], typer.Option("--option", "-o", help="a game option key=value (repeatable), e.g. -o hand_size=7, -o modifiers=all; houserules options GAME lists a game's options")]
RayOpt = Annotated[Optional[str], typer.Option(
    "--ray", help="run as Ray tasks: --ray alone starts a local Ray, --ray ADDRESS joins a cluster (needs houserules\\[ray])")]
PlayersOpt = Annotated[Optional[int], typer.Option(help="number of seats")]
SeedOpt = Annotated[int, typer.Option(help="seed of game 0 (game i uses seed+i)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print one JSON object")]
SeatBotsOpt = Annotated[str, typer.Option("--bots", help="one bot kind per seat, comma-separated; the last fills the rest")]
WorkersOpt = Annotated[int, typer.Option(help="parallel processes (or Ray CPUs)")]


@contextmanager
def progress(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A bar counting ``total`` games on stderr, drawn only on a terminal (so --json output and
    logs stay clean); yields the callback that advances it by k games. Ctrl-C inside it ends the
    command with one line and status 130 (not Click's bare "Aborted!" and 1)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    done = 0
    try:
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(label, total=total)

            def advance(k: int) -> None:
                nonlocal done
                done += k
                bar.advance(task, k)

            yield advance
    except KeyboardInterrupt:  # Ctrl-C: one line saying how far it got, and the shell's "interrupted" status
        err.print(f"stopped by Ctrl-C after {done} of {total} games; nothing reported", soft_wrap=True)
        raise typer.Exit(130) from None


def write_plot(path: Path, draw: Callable[[Path], object]) -> None:
    """``draw`` the plot into ``path``; a one-line error if it cannot be written or matplotlib is missing."""
    try:
        draw(path)
    except OSError as exc:
        fail(f"could not write the plot {path}: {exc.strerror or exc}", 1)
    except RuntimeError as exc:  # matplotlib is not installed
        fail(str(exc), 1)


@app.command()
def games() -> None:
    """List the games houserules can play: what each is, how many can play, its bots."""
    from .bots import LEVELS, bot_kinds, levels

    t = RichTable("game", "players")
    t.add_column("what it is", ratio=3)
    t.add_column("bots: by strength; by kind", ratio=2)
    for name in registry.names():  # from the games' specs: listing them loads no rules
        spec = registry.spec(name)
        low, high = spec.players
        t.add_row(f"[bold]{escape(spec.title)}[/]\n{name}", f"{low}–{high}", escape(spec.summary),
                  ", ".join(f"{w} ({s})" for w, s in levels(name).items()) + "; " + ", ".join(bot_kinds(name)))
    console.print(t)
    console.print("Play one: [bold]houserules play GAME[/]; how to play it: [bold]houserules rules GAME[/]. "
                  "Pick a bot by strength (" + "; ".join(f"[bold]{w}[/]: {says}" for w, says in LEVELS.items())
                  + ") or by kind; search bots take a budget: ismcts:200, ismcts:0.5s; "
                  "a trained network plays as policy:PATH.npz.")


@app.command()
def rules(
    game: GameArg,
    full: Annotated[bool, typer.Option("--full", help="also every clause with its id and the house rules")] = False,
    house: Annotated[Optional[Path], typer.Option("--house", help="also this table's own rules, a book (JSON), in words")] = None,
    developers: Annotated[bool, typer.Option(
        "--developers", help="the page as written: the seed's file, the code and the tests that pin each clause")] = False,
) -> None:
    """How to play GAME, in plain words (--full: then the rules clause by clause; --house FILE: and a book's rules)."""
    from rich.markdown import Markdown

    from .rules_pages import PLAIN, developer_index, for_players

    try:
        text = developer_index(game) if developers else for_players(game)
        said = book_words(game, house) if house is not None else []
    except GameError as exc:
        fail(f"{house}: {exc}" if house is not None and str(house) not in str(exc) else str(exc))
    if not full and not developers:
        text = text.split("\n## The rules clause by clause", 1)[0]
        text += f"\n\nEvery clause, with ids and house rules: `houserules rules {game} --full`.\n"
        if f"## {PLAIN}" not in text:
            text += "\n(This game's page has no plain-words section yet; see --full.)\n"
    console.print(Markdown(text))
    if house is not None:
        console.print(f"\n[bold]House rules at this table[/] ({escape(str(house))}):")
        for rid, title, words in said:
            console.print(f"  • [bold]{escape(title)}[/] [dim]({escape(rid)})[/]: {escape(words.partition(': ')[2])}")


@app.command(name="options")
def options_cmd(
    game: GameArg,
    as_json: JsonOpt = False,
) -> None:
    """The options of GAME in words: what each does, its default and what it accepts (set one with -o KEY=VALUE)."""
    try:
        g = registry.get(game)
    except GameError as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps([o.to_json() for o in g.option_schema]))
        return
    t = RichTable("option", "default", "accepts", "what it does", title=f"{g.title}: options")
    for o in g.option_schema:
        t.add_row(escape(o.key), escape(o.default_words()), escape(o.allowed()),
                  f"[bold]{escape(o.label)}[/]: {escape(o.help)}" + (" [dim](advanced)[/]" if o.advanced else ""))
    console.print(t)
    console.print(f"Set one with -o KEY=VALUE, e.g. [bold]houserules play {g.name} {escape(example(g.option_schema))}"
                  f"[/]; the rules page ([bold]houserules rules {g.name}[/]) says more.")


def first_options(game: str, wanted: bool) -> dict[str, Any]:
    """The options of ``game``'s first-game preset (``GameSpec.first_game``) when ``wanted``; a
    one-line error for a game that has none."""
    if not wanted:
        return {}
    preset = registry.spec(game).first_game
    if preset is None:
        fail(f"{registry.spec(game).title} has no first-game settings: its defaults are the gentlest")
    return dict(preset.options)


@app.command()
def play(
    game: GameArg,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option(help="bots for the other seats, comma-separated per seat: a strength "
                                          "(beginner, club, strong) or a kind (houserules games lists them); "
                                          "default: club")] = "",
    seat: Annotated[int, typer.Option(help="your seat, counted from 1 (seat 1 plays first)")] = 1,
    watch: Annotated[bool, typer.Option("--watch", help="bots play every seat; you watch")] = False,
    mode: Annotated[Optional[str], typer.Option(help="strict: illegal attempts are refused (the default); table: penalised, after you confirm (Mao: always table by default)")] = None,
    seed: Annotated[Optional[int], typer.Option(help="deal seed (random if omitted)")] = None,
    option: OptionOpt = None,
    delay: Annotated[float, typer.Option(help="seconds between bot moves")] = -1.0,
    save: Annotated[Optional[Path], typer.Option(help="record file (default: a new file in the data folder)")] = None,
    resume: Annotated[Optional[Path], typer.Option(help="continue a saved game from its record file")] = None,
    clock: Annotated[Optional[float], typer.Option(help="seconds you have for each move; when they run out a bot moves for you")] = None,
    first_game: Annotated[bool, typer.Option("--first-game", help="a newcomer's first table: the options the game "
                                             "suggests for it (said when the game starts; -o still sets any)")] = False,
) -> None:
    """Play a game in the terminal against bots (or --watch bots play)."""
    from .bots import default_bot
    from .paths import games_dir
    from .table import Table
    from .tui.loop import run

    from .clock import parse_clock

    try:
        g = registry.get(game)
        spec = parse_clock({"move_s": clock}) if clock is not None else None
        actions: list[Any] = []
        if resume:
            opts, seed_, actions, kept_clock = _resumed(g.name, resume)
            save, spec = save or resume, spec or kept_clock
        else:
            opts = {**first_options(g.name, first_game), **parse_options(option, players=players,
                                                                          mode=mode or _default_mode(g.name))}
            seed_ = seed if seed is not None else random.randrange(2**31)
        n = g.seats_for(g.options(opts))
        you = None if watch else _your_seat(seat, n)
        kinds = [k.strip() for k in bots.split(",") if k.strip()] or [default_bot(g.name)]
        bot_seats = [s for s in range(n) if s != you]
        assign = {s: kinds[min(i, len(kinds) - 1)] for i, s in enumerate(bot_seats)}
        table = Table.restore(g.name, opts, seed_, assign, {} if you is None else {you: "You"}, actions, clock=spec)
        if save is None:
            save = games_dir() / f"{g.name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed_}.json"
        output_file(save, "--save")
        _greet(table, seed_, n, f", {spec.describe()}" if spec else "",
               first_game if not resume and not watch else None)
        wait = delay if delay >= 0 else (0.4 if watch and sys.stdout.isatty() else 0.0)
        run(table, you, console, delay=wait, save=save)
    except KeyboardInterrupt:  # Ctrl-C: the loop has saved the game and said where; exit as interrupted
        raise typer.Exit(130) from None
    except GameError as exc:
        fail(str(exc) if not resume else f"{resume}: {exc}" if str(resume) not in str(exc) else str(exc))
    except OSError as exc:  # the record could not be written
        fail(f"{exc.filename or save}: {exc.strerror or exc}", 1)


def _default_mode(game: str) -> str:
    """A game whose rules are secret is only played at a table that penalises (Mao); others strict."""
    return "table" if registry.spec(game).secret_rules else "strict"


def _your_seat(seat: int, seats: int) -> int:
    """``--seat`` as people count it (from 1), checked, as the rules count it (from 0)."""
    if not 1 <= seat <= seats:
        fail(f"--seat must be 1..{seats}")
    return seat - 1


def _resumed(game: str, resume: Path) -> tuple[dict[str, Any], int, list[Any], Any]:
    """A saved game's options, seed, actions and table clock (None: none), for ``play --resume``."""
    from .clock import parse_clock
    from .engine.replay import GameRecord

    if not resume.is_file():
        fail(f"{resume}: no such saved game")
    record = GameRecord.load(resume)
    if record.game != game:
        fail(f"{resume} is a {record.game} game, not {game}")
    kept = parse_clock(record.table.get("clock")) if record.table else None
    return record.options, record.seed, record.actions, kept


def _greet(table: Any, seed: int, seats: int, timed: str, first_game: bool | None) -> None:
    """The game's first lines: what is played and how to get help; at a new table with a person,
    the game's first-game suggestion (``first_game``: None at a resumed or watched table)."""
    g = table.game
    console.print(f"[bold]{g.title}[/] — seed {seed}, {seats} seats, mode {table.options['mode']}{timed}. "
                  f"Type help for help; [bold]houserules rules {g.name}[/] explains the game.")
    preset = registry.spec(g.name).first_game
    if preset is not None and first_game is not None:
        console.print(f"[bold]First game:[/] {escape(preset.pitch)}" if first_game else
                      f"Your first game of {g.title}? [bold]houserules play {g.name} --first-game[/] sets it up "
                      "for a newcomer.")


@app.command()
def sim(
    game: GameArg,
    games_: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 1000,
    players: PlayersOpt = None,
    bots: SeatBotsOpt = "random",
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    rotate: Annotated[bool, typer.Option(help="rotate bots around the seats game by game")] = True,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    plot: Annotated[Optional[Path], typer.Option(help="write win rates and game lengths to this PNG")] = None,
    ray: RayOpt = None,
) -> None:
    """Let bots play many games in parallel and report what happened."""
    from .sim import SimConfig, bot_list, simulate, summary
    from .sim.parallel import RayError

    try:
        g = registry.get(game)
        opts = g.options(parse_options(option, players=players))
        n = g.seats_for(opts)
        config = SimConfig(g.name, games_, opts, bot_list(bots, n), seed, workers, rotate)
        if games_ < 1:
            fail("--games must be at least 1")
        if plot:
            output_file(plot, "--plot", ".png")
        with progress(g.name, games_) as advance:
            tally, seconds = simulate(config, advance, ray_address(ray))
        out = summary(config, tally, seconds)
        if plot:
            from .sim.plot import plot_run

            write_plot(plot, lambda path: plot_run(out, tally.lengths, path))
        if as_json:
            print(json.dumps(out))
            return
        _print_summary(out)
        if plot:
            console.print(f"plot written to {plot}")
    except (GameError, ValueError, RayError) as exc:
        fail(str(exc))


def ray_address(value: str | None) -> str | None:
    """``--ray`` alone (read as "local") -> "" (a local Ray); an address as given; None: no Ray."""
    return None if value is None else "" if value == LOCAL_RAY else value


@app.command()
def ladder(
    game: GameArg,
    bots: Annotated[str, typer.Option(help="bot specs to rate, comma-separated, e.g. random,heuristic,ismcts:200")],
    games_: Annotated[int, typer.Option("--games", "-n", help="how many games in all")] = 200,
    players: Annotated[Optional[int], typer.Option(help="seats per table (default: the game's, at most one per bot unless the game needs more: "
                                                        "then specs share tables, each sitting at least once)")] = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    plot: Annotated[Optional[Path], typer.Option(help="write the ratings with their intervals to this PNG")] = None,
    ray: RayOpt = None,
) -> None:
    """Rate bots: seat-rotated round robins, Bradley–Terry ratings, 95% intervals (two bots: a sign test)."""
    from .sim.ladder import LadderConfig, plot_ladder, ratings, run, sign_test
    from .sim.parallel import RayError

    try:
        g = registry.get(game)
        specs = tuple(b.strip() for b in bots.split(",") if b.strip())
        raw = parse_options(option, players=players)
        if players is None:
            default = int(g.options(raw)["players"])
            raw["players"] = max(registry.spec(g.name).players[0], min(default, len(specs)))
        config = LadderConfig(g.name, specs, games_, g.options(raw), seed, workers)
        if plot:
            output_file(plot, "--plot", ".png")
        with progress(f"{g.name} ladder", games_) as advance:
            outcomes = run(config, advance, ray_address(ray))
        rated = ratings(outcomes, specs, seed)
        out: dict[str, Any] = {"games": len(outcomes), "ratings": rated}
        if len(specs) == 2:
            out["sign_test"] = sign_test(outcomes, config)
        if plot:
            write_plot(plot, lambda path: plot_ladder(out, g.name, path))
        if as_json:
            print(json.dumps(out))
            return
        t = RichTable("bot", "rating", "95% interval")
        for spec, r in sorted(rated.items(), key=lambda kv: -kv[1]["rating"]):
            t.add_row(spec, f"{r['rating']:.0f}", f"{r['low']:.0f} .. {r['high']:.0f}")
        console.print(f"[bold]{g.title}[/]: {len(outcomes)} games, {raw['players']} seats per table")
        console.print(t)
        if "sign_test" in out:
            st = out["sign_test"]
            console.print(f"sign test by deal: {specs[0]} ahead in {st['ahead']}, {specs[1]} ahead in {st['behind']}, "
                          f"even in {st['even']} of {st['deals']} deals; exact two-sided p = {st['p_value']:.3g}")
        if plot:
            console.print(f"plot written to {plot}")
    except (GameError, ValueError, RayError) as exc:
        fail(str(exc))


COMPARE_HELP = (
    "What a house rule changes: the same deals under each rule set, measure by measure, with 95% intervals.\n\n"
    "Every rule set plays the same deals (game i: seed+i, the same bots at the same seats), and each measure "
    "(length, wins by seat and by bot, seat balance, draws, the share of decisions with more than one legal "
    "choice, lead changes per 100 turns, how early the winner took the lead for good, how often each house rule "
    "fired, penalties, the game's own statistics; with --skill, the skill gap) is compared deal by deal "
    "with a paired 95% t interval. Significant is corrected for the many measures (Holm, within each variant, "
    "separately for the headline measures (all but the details) and for the details "
    "(penalties by name, the game's statistics)): a rule that changes nothing shows a significant headline "
    "measure in at most 5% of runs, and a significant detail in at most 5%. An interval that leaves out 0 for a "
    "measure that is not significant is a hint, worth a longer run.")


@app.command(help=COMPARE_HELP)
def compare(
    game: GameArg,
    variant: Annotated[list[str], typer.Option(
        help='a rule set to compare with the base, as "key=value,key=value" (repeatable); its name in the '
             'report is this text')],
    games_: Annotated[int, typer.Option("--games", "-n", help="how many deals; every rule set plays each of them")],
    base: Annotated[Optional[str], typer.Option(help='the rule set the variants are compared with, "key=value,..." '
                                                     "(default: the game's defaults); a variant changes only what it names")] = None,
    players: PlayersOpt = None,
    bots: SeatBotsOpt = "random",
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    as_json: JsonOpt = False,
    plot: Annotated[Optional[Path], typer.Option(help="write each variant's differences with their intervals to this PNG")] = None,
    skill: Annotated[bool, typer.Option(help="also measure the skill gap: every deal played again by one stronger "
                                             "bot among weaker ones (--skill-bots), under each rule set")] = False,
    skill_bots: Annotated[str, typer.Option(help='the stronger and the weaker bot for --skill, "stronger,weaker"')]
        = "club,beginner",
    ray: RayOpt = None,
) -> None:
    """The study of issue 29 and issue 36; its help (COMPARE_HELP) says what it measures and how surely."""
    from .sim import bot_list
    from .sim.compare import CompareConfig, RuleSet, compare as study, plot_compare, run
    from .sim.parallel import RayError

    try:
        g = registry.get(game)
        base_raw = rule_set_options(base or "", "--base", players=players)
        base_rules = RuleSet(base or "", checked_options(g, base_raw, "--base"))
        variants = []
        for text in variant:
            if not option_string(text):
                fail('--variant needs at least one key=value, e.g. --variant "hand_size=7"')
            raw = {**base_raw, **rule_set_options(text, "--variant")}
            variants.append(RuleSet(text, checked_options(g, raw, f"--variant {text!r}")))
        n = g.seats_for(base_rules.options)
        config = CompareConfig(g.name, games_, base_rules, tuple(variants), bot_list(bots, n), seed, workers,
                               skill_pair(skill_bots) if skill else None)
        if plot:
            output_file(plot, "--plot", ".png")
        with progress(f"{g.name} compare", games_ * len(config.rule_sets()) * (2 if skill else 1)) as advance:
            rows = run(config, advance, ray_address(ray))
        out = study(config, rows)
        if plot:
            write_plot(plot, lambda path: plot_compare(out, path))
        if as_json:
            print(json.dumps(out))
            return
        _print_study(g.title, base or "the game's defaults", config.bots, out, config.skill)
        if plot:
            console.print(f"plot written to {plot}")
    except (GameError, ValueError, RayError) as exc:
        fail(str(exc))


def skill_pair(text: str) -> tuple[str, str]:
    """``--skill-bots "club,beginner"`` -> ("club", "beginner"); a one-line error unless two kinds."""
    kinds = [k.strip() for k in text.split(",")]
    if len(kinds) != 2 or not all(kinds):
        fail(f'--skill-bots {text!r}: name two bots, the stronger first, e.g. "club,beginner"')
    return kinds[0], kinds[1]


def rule_set_options(text: str, flag: str, **fixed: Any) -> dict[str, Any]:
    """The options a ``--base``/``--variant`` string names (a one-line error if a piece is not key=value)."""
    pieces = option_string(text)
    for piece in pieces:
        if "=" not in piece:
            fail(f'{flag} {text!r}: {piece!r} should look like key=value, e.g. "hand_size=7,dealer=0"')
    return parse_options(pieces, **fixed)


def checked_options(g: Game[Any, Any], raw: dict[str, Any], flag: str) -> dict[str, Any]:
    """The game's full options for ``raw``; an unknown key or a bad value is a one-line error naming ``flag``."""
    try:
        return dict(g.options(raw))
    except GameError as exc:
        fail(f"{flag}: {exc}")


def _print_study(title: str, base: str, bots: tuple[str, ...], out: dict[str, Any],
                 skill: tuple[str, str] | None = None) -> None:
    """Each variant against the base: the significant differences first, in words; then a table of
    the other measures that vary; then what chance alone would show."""
    from .sim.compare import ALPHA, amount, excludes_zero, interval, is_headline, measure_words, sentence, varies

    console.print(f"[bold]{escape(title)}[/]: {out['games']} deals, each played under the base ({escape(base)}) "
                  f"and {len(out['variants'])} variant(s); bots {escape(', '.join(bots))}")
    if skill is not None:
        console.print(f"skill gap: each deal played again by one {escape(skill[0])} among {escape(skill[1])} bots; "
                      f"the gap is {escape(skill[0])}'s share of the wins above its fair share "
                      f"(1 in {len(bots)})", soft_wrap=True)
    for v, info in enumerate(out["variants"]):
        entries = {m: e[v] for m, e in out["metrics"].items()}
        moving = {m: e for m, e in entries.items() if varies(e)}
        found = [m for m, e in moving.items() if e["significant"]]
        console.print(f"\n[bold]{escape(info['name'])}[/] against the base:")
        for m in found:
            console.print(f"  • {escape(sentence(m, entries[m]))}", soft_wrap=True)
        if moving and not found:
            console.print("  no measure differs significantly")
        rest = [m for m in moving if m not in found]
        if rest:
            t = RichTable("measure", "base", "variant", "difference", "95% interval", "")
            for m in rest:
                e = entries[m]
                t.add_row(escape(measure_words(m)), amount(m, e["base"]), amount(m, e["value"]), amount(m, e["diff"], True),
                          interval(m, e), "hint" if excludes_zero(e) else "")
            console.print(t)
        hints = sum(excludes_zero(e) for e in moving.values())
        same = len(entries) - len(moving)
        if not moving:
            console.print("  every deal played exactly as under the base: in these games the rule changes nothing", soft_wrap=True)
            continue
        heads = sum(is_headline(m) for m in moving)
        console.print(f"  {len(moving)} measures vary from deal to deal ({same} never do). By chance alone about "
                      f"{ALPHA * len(moving):.1f} of their 95% intervals would leave out 0; {hints} do. Significant: "
                      f"so after Holm's correction within the {heads} headline measures and within the "
                      f"{len(moving) - heads} details (a rule that changes nothing shows a significant one of each in at "
                      "most 5% of runs); hint: the interval leaves out 0, the measure is not significant.", soft_wrap=True)


def _print_summary(out: dict[str, Any]) -> None:
    console.print(f"[bold]{out['game']}[/]: {out['games']} games, {out['players']} players, "
                  f"{out['elapsed_seconds']}s, {out['actions_per_second']:,.0f} actions/s")
    t = RichTable("bot", "wins", "win rate")
    for b, w in out["wins_by_bot"].items():
        t.add_row(b, f"{w:g}", f"{out['win_rate_by_bot'][b]:.1%}")
    console.print(t)
    console.print("wins by seat: " + ", ".join(f"{s}: {w:g}" for s, w in enumerate(out["wins_by_seat"])))
    turns = f", {out['mean_turns']:.1f} turns" if out["mean_turns"] is not None else ""
    console.print(f"mean length: {out['mean_actions']:.1f} actions{turns}; longest {out['max_actions']} actions; "
                  f"games without a winner: {out['draws']}")
    if out["endings"]:
        console.print("how they ended: " + ", ".join(f"{k} {v}" for k, v in out["endings"].items()))
    if out["penalties"]:
        console.print("penalties: " + ", ".join(f"{k} {v} ({out['penalties_per_game'][k]:.2f}/game)"
                                                for k, v in out["penalties"].items()))
    if out["stats"]:
        t = RichTable("statistic", "total", "per game")
        for k, v in out["stats"].items():
            t.add_row(k, f"{v:g}", f"{out['stats_per_game'][k]:.3f}")
        console.print(t)
    if out.get("derived"):
        t = RichTable("derived (ratios of the totals)", "value")
        for k, v in out["derived"].items():
            t.add_row(k, f"{v:.3f}")
        console.print(t)


@app.command()
def scenario(
    files: Annotated[list[Path], typer.Argument(help="scenario JSON files")],
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object per scenario")] = False,
    tidy: Annotated[bool, typer.Option("--tidy", help="first rewrite each file without the state keys that "
                                       "say only their default, laid out by hand (the state is unchanged)")] = False,
) -> None:
    """Run scenario files; stop with a non-zero exit at the first unmet expectation."""
    from .engine.scenario import run_file

    for f in files:
        try:
            if tidy:
                tidy_file(f)
            report = run_file(f)
        except (GameError, OSError) as exc:
            if as_json:
                print(json.dumps({"scenario": str(f), "passed": False, "error": str(exc)}))
            fail(str(exc))
        if as_json:
            print(json.dumps(report.to_json()))
        elif report.passed:
            console.print(f"[green]ok[/]   {f}")
        else:
            console.print(f"[red]FAIL[/] {f}: {report.failure}")
        if not report.passed:
            raise typer.Exit(1)


def tidy_file(path: Path) -> None:
    """``scenario --tidy``: rewrite one scenario file tidied (engine.tidy), saying how much shorter."""
    from .engine.jsonfile import load_object
    from .engine.tidy import dumps, tidy

    obj = load_object(path, "scenario")  # says what is wrong with a file that is not one
    before = path.read_text(encoding="utf-8")
    after = dumps(tidy(obj, str(path)))
    if after != before:
        path.write_text(after, encoding="utf-8")
        err.print(f"tidied {escape(str(path))}: {len(before.splitlines())} -> {len(after.splitlines())} lines",
                  soft_wrap=True)


@app.command(name="replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Re-run a recorded game from its seed and confirm it reaches the same result."""
    from .engine.replay import GameRecord, replay

    try:
        record = GameRecord.load(file)
        report = replay(record)
    except (GameError, OSError) as exc:
        fail(str(exc))
    result = report.result.to_json() if report.result else None
    if as_json:
        print(json.dumps({"file": str(file), "ok": report.ok, "actions": report.actions, "result": result,
                          "digest": report.digest, "problems": report.problems}))
    elif report.ok:
        state = f"result {result}" if result else "game not finished"
        console.print(f"[green]ok[/] {file}: {report.actions} actions replayed, {state}")
    else:
        for p in report.problems:
            console.print(f"[red]differs[/] {p}")
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0 to let friends on your network in)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    db: Annotated[Optional[str], typer.Option(help="SQLite file for the tables (default: tables.sqlite3 in the data folder), or postgresql://USER@HOST/DB, which several server processes can share")] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds between bot moves, so people can follow them")] = 0.4,
    sync: Annotated[str, typer.Option(help="SQLite: normal: every action survives the server being killed; full: also a power cut (slower). PostgreSQL keeps its own settings")] = "normal",
    grace: Annotated[float, typer.Option(help="seconds a disconnected player's seat waits before a bot plays it until they are back")] = 45.0,
    idle: Annotated[float, typer.Option(help="seconds a connected player may sit on one decision at a table without a turn clock before a bot makes it for them (0: for ever)")] = 120.0,
    allow_origin: Annotated[Optional[list[str]], typer.Option(help="also let pages from this origin use the server, e.g. https://games.example.com behind a proxy (repeatable)")] = None,
    allow_host: Annotated[Optional[list[str]], typer.Option(help="also answer requests naming the server this way, e.g. a proxy's name for it (repeatable)")] = None,
    policies: Annotated[Optional[Path], typer.Option(help="a folder of trained policies (NAME.npz, saved by houserules.bots.policy.save_policy): each is offered in the lobby as the bot policy:NAME of its game")] = None,
) -> None:
    """Host tables for friends in the browser: open http://HOST:PORT/ to create one and share the invite links."""
    import uvicorn

    from .paths import data_dir
    from .server import ServerConfig, create_app
    from .server.config import UVICORN
    from .server.gate import OriginError, normal_origin
    from .server.store import SYNC_MODES, StoreError
    from .server.stores import describe, open_store

    if sync not in SYNC_MODES:
        fail(f"--sync must be one of {', '.join(SYNC_MODES)}")
    if not 0 <= bot_delay <= 60:  # inf or nan: bots would never move
        fail(f"--bot-delay must be 0 to 60 seconds, not {bot_delay:g}")
    if not 0 <= port <= 65535:
        fail(f"--port must be 0 to 65535, not {port}")
    try:
        origins = tuple(normal_origin(o) for o in allow_origin or [])
    except OriginError as exc:
        fail(f"--allow-origin: {exc}")
    if not 0 <= grace <= 86400:
        fail("--grace must be 0 to 86400 seconds")
    if not 0 <= idle <= 86400:
        fail("--idle must be 0 to 86400 seconds")
    shelf: dict[str, dict[str, str]] = {}
    if policies is not None:
        from .bots.policy import shelf as policy_shelf

        try:
            shelf = policy_shelf(policies)
        except GameError as exc:
            fail(f"--policies: {exc}")
        offered = ", ".join(f"{g}: {', '.join(sorted(n))}" for g, n in sorted(shelf.items())) or "none found"
        err.print(f"houserules: trained policies offered as bots: {offered}", soft_wrap=True)
    path: str | Path = db or data_dir() / "tables.sqlite3"
    try:  # the integrity check, before anything is served: a damaged file is refused with what to do
        open_store(path, sync).close()
    except StoreError as exc:
        fail(str(exc), 2 if str(exc).startswith("--db") else 1)
    err.print(f"houserules: tables in {describe(path)}; open http://{host}:{port}/", soft_wrap=True)
    config = ServerConfig(db=path, bot_delay=bot_delay, sync=sync, grace=grace, idle=idle, host=host, allow_origins=origins,
                          allow_hosts=tuple(allow_host or []), policies=shelf)
    uvicorn.run(create_app(config), host=host, port=port, **UVICORN)


def stored_options(table: str, db: Path | None) -> tuple[str, dict[str, Any]]:
    """A server's stored table: its game and the options it plays with now (``--db``: the
    server's SQLite file, else the data folder's); GameError why not."""
    from .paths import data_dir
    from .server.hub import stored_options as read

    return read(db or data_dir() / "tables.sqlite3", table)


#: what the houserules command lends each game's own commands, as their Typer context's ``obj``:
#: a game package reaches no server itself (Mao's ``rules export --table`` reads a stored table so)
GAME_TOOLS: dict[str, Any] = {"stored_options": stored_options}

app.add_typer(house_app, name="house")
app.command(name="new-game")(new_game)


def _game_commands() -> None:
    """Mount each game's own commands (``houserules onion best``), as its package declares them."""
    for spec in registry.specs().values():
        if spec.commands:
            name = spec.aliases[0] if spec.aliases else spec.name
            app.add_typer(registry.load(spec.commands), name=name, context_settings={"obj": GAME_TOOLS})


_game_commands()


LOCAL_RAY = "local"


def optional_values(args: list[str]) -> list[str]:
    """``--ray`` may stand alone (a local Ray): give it its implicit value, which Typer cannot."""
    out = []
    for i, a in enumerate(args):
        out.append(a)
        if a == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append(LOCAL_RAY)
    return out


def main() -> None:
    """The console script: the app, with any error it did not foresee said in one line."""
    try:
        app(optional_values(sys.argv[1:]))
    except Exception as exc:  # noqa: BLE001 (a bug: every expected fault is reported where it happens)
        err.print(f"[bold red]error:[/] internal error, please report it: {type(exc).__name__}: "
                  f"{escape(str(exc))}", soft_wrap=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
