"""The terminal game loop, the same for every game.

Bots move by themselves; when a person's seat must act, the loop shows the
table as that seat sees it, a numbered menu of legal actions, and reads a
line: a menu number, or anything the game's renderer can parse (in table
mode a person may attempt an illegal play and take the rulebook's penalty).
The record is saved after every action, so quitting (``quit``, Ctrl-C, the
end of input) or a crash loses nothing and ``houserules play --resume FILE``
picks the game up again; the loop says where the game was saved (after Ctrl-C it
says it was interrupted, and passes the interruption on: the command exits 130).
The prompt edits its line with readline where the standard library has it.

Beginner-safe: in table mode an attempt the rules penalise is explained and
confirmed before it is made. With a move clock (``--clock 30``) a person who
answers too late finds that a bot made that move for them, at the moment
their time ran out, as on the server. A person who is out of the match can
watch the rest, skip to the end, or quit.
"""

from __future__ import annotations

import re
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.markup import escape

from ..engine import registry
from ..engine.core import STRICT, Action, GameError
from ..table import Table
from . import event_line, move_line, renderer

Reader = Callable[[str], str]
#: a reader that gives up after ``timeout`` seconds (None: nothing was typed by then)
TimedReader = Callable[[str, float], str | None]


class Ticker:
    """The line just above the prompt that counts down while the person reads and types (a
    game's ``ticker``: Mao's turn clock); ``line`` says it now, None when there is none."""

    #: how often the line is written again (seconds)
    EVERY = 0.25

    def __init__(self) -> None:
        self.line: Callable[[], str] | None = None

    def redraw(self, out: TextIO) -> None:
        """Write the line again in place, the cursor (and what the person typed) left where it is:
        save the cursor, go up one line, clear it, write, restore the cursor."""
        if self.line is not None:
            out.write(f"\x1b7\x1b[1A\r\x1b[2K{self.line()}\x1b8")
            out.flush()


def stdin_timed(console: Console, ticker: Ticker | None = None) -> TimedReader:
    """Read a line from the terminal, or give up when the table's next moment comes: at a
    table that keeps time (Mao) the bots and the dealer must not wait for a person's typing,
    so their delay of game never runs on while the prompt is open. Meanwhile ``ticker``'s
    line above the prompt counts down."""
    def read(prompt: str, timeout: float) -> str | None:
        console.print(prompt, end="")
        end = time.monotonic() + max(0.0, timeout)
        while True:
            left = end - time.monotonic()
            if left <= 0:
                console.print()
                return None
            ticking = ticker is not None and ticker.line is not None
            ready, _, _ = select.select([sys.stdin], [], [], min(left, Ticker.EVERY) if ticking else left)
            if ready:
                break
            if ticker is not None:
                ticker.redraw(sys.stdout)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")
    return read


#: a terminal's escape sequence (colour, style) in a rendered prompt
_ESCAPE = re.compile(r"(\x1b\[[0-9;]*m)")


def line_reader(console: Console) -> Reader:
    """Read a line at the terminal with line editing where the standard library's ``readline``
    is present (arrow keys, Ctrl-A/E, and the lines typed before on the up arrow); elsewhere, and
    when input is not a terminal, Rich's own input, silently. The prompt is drawn by Rich and handed
    to ``input`` whole, its escape sequences marked as taking no room, so that
    readline knows where the typed text begins and never draws over the prompt."""
    try:
        import readline  # noqa: F401 (importing it is what gives ``input`` its line editing)
    except ImportError:  # Windows without pyreadline, a Python built without it
        return console.input
    if not (sys.stdin.isatty() and console.is_terminal):
        return console.input

    def read(prompt: str) -> str:
        with console.capture() as drawn:
            console.print(prompt, end="")
        return input(_ESCAPE.sub("\x01\\1\x02", drawn.get()))
    return read


@contextmanager
def _deaf_to_ctrl_c() -> Iterator[None]:
    """Ctrl-C is ignored inside (where signals can be set: the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class TableTime:
    """The terminal table's clock: seconds of play, from the record's last moment on."""

    def __init__(self, start: float) -> None:
        self.start = start
        self.origin = time.monotonic()

    def __call__(self) -> float:
        return round(self.start + (time.monotonic() - self.origin), 3)


class Numbers:
    """The menu's numbers, kept while the person has not acted: the table may change under their
    eyes (a bot plays, a penalty card arrives, the prompt is drawn again at the table's next
    moment), but a number keeps its meaning. An item that goes away leaves its number unused;
    a new one gets the next number. Once the person acts, the menu is numbered afresh."""

    def __init__(self) -> None:
        self.slots: list[Action | None] = []

    def number(self, actions: list[Action]) -> list[tuple[int, Action]]:
        self.slots = [a if a in actions else None for a in self.slots]
        self.slots += [a for a in actions if a not in self.slots]
        return [(i, a) for i, a in enumerate(self.slots, 1) if a is not None]

    def reset(self) -> None:
        self.slots = []


class Quit(Exception):
    """The person asked to leave the game."""


#: events a house rule's firing is never joined to: they are not what it did
_NOT_AN_EFFECT = ("house", "turn", "over")


def _show_events(console: Console, table: Table, seat: int | None, start: int, delay: float) -> int:
    """Print the log from ``start`` as ``seat`` sees it; a house rule's firing is joined to the
    line of what it did, as the browser's log joins it ("Sevens give (house rule): Bo draws 1")."""
    names = [s.name for s in table.seats]
    firing = ""
    for e in table.events_for(seat, start):
        line = event_line(table.game.name, e, names, seat)
        if not line:
            continue
        if firing and e["event"] not in _NOT_AN_EFFECT:
            line, firing = f"{firing}: {line.strip()}", ""
        if firing:
            console.print(firing)
            firing = ""
        if e["event"] == "house":
            firing = line
            continue
        console.print(line)
        if delay:
            time.sleep(delay)
    if firing:
        console.print(firing)
    return len(table.log)


def _confirm_penalty(console: Console, table: Table, action: Action, read: Reader) -> bool:
    """Table mode: an attempt the rules penalise is explained first; True to make it anyway."""
    illegal = table.game.check(table.state, action)
    if illegal is None or illegal.penalty is None or table.options.get("mode") == STRICT:
        return True
    if registry.spec(table.game.name).secret_rules:
        return True  # saying what an attempt costs would tell the rules
    console.print(f"[yellow]That breaks {illegal.rule}: {illegal.reason}. It costs the penalty "
                  f"“{illegal.penalty}”.[/]")
    try:
        return read("make it anyway? \\[y/N] > ").strip().lower() in ("y", "yes")
    except EOFError:
        raise Quit from None


def _ask(console: Console, table: Table, seat: int, read: Reader, clock: TableTime | None = None,
         timed: TimedReader | None = None, numbers: Numbers | None = None,
         ticker: Ticker | None = None) -> Action | None:
    """The person's next action, or None when they choose to wait (a game whose rules keep time)
    or when, reading with ``timed``, the table's next moment comes before they answer."""
    r = renderer(table.game.name)
    names = [s.name for s in table.seats]
    secret = registry.spec(table.game.name).secret_rules
    numbers = numbers or Numbers()
    while True:
        view = table.view(seat)
        offered = numbers.number(r.menu(view, table.legal(seat)))
        legal = dict(offered)
        console.print(r.render(view, names))
        for i, a in offered:
            console.print(f"  [cyan]{i}[/] {move_line(table.game, r, a, view, names)}")
        if clock is not None:  # a turn clock that counts down while the person types (the renderer's ticker)
            def line(v: object = view, now: TableTime = clock) -> str:
                return r.ticker(v, names, now())  # read again at each redraw
            if line():
                console.print(line(), markup=False, highlight=False)
                if ticker is not None:
                    ticker.line = line
        # the time left on a move clock; never the rules' own deadlines where those are secret
        wake = table.wake_at() if clock is not None and not secret else None
        left = f", {max(0, round(wake - clock()))} s left" if wake is not None and clock is not None else ""
        prompt = f"your move (number, card, or help{left}) > "
        moment = table.wake_at() if clock is not None and timed is not None else None
        try:
            if moment is not None and clock is not None and timed is not None:
                got = timed(prompt, moment - clock())
                if got is None:
                    return None  # the moment came first: it happens, then the person is asked again
                text = got.strip()
            else:
                text = read(prompt).strip()
        except EOFError:
            raise Quit from None
        if not text:
            continue
        low = text.lower()
        if low in ("quit", "exit", "q"):
            raise Quit
        if low in ("help", "?", "h"):
            console.print(r.help_text)
            continue
        if low == "log":
            _show_events(console, table, seat, max(0, len(table.log) - 40), 0)
            continue
        if text.isdigit():
            k = int(text)
            if k in legal:
                return legal[k]
            console.print(f"[red]pick one of the numbers shown ({', '.join(map(str, legal)) or 'none'})[/]")
            continue
        try:
            action = r.parse(text, seat, view)
        except (ValueError, GameError) as exc:
            console.print(f"[red]{exc}[/]")
            continue
        if action is None or _confirm_penalty(console, table, action, read):
            return action


def _offer_free(console: Console, table: Table, seat: int, read: Reader) -> Action | None:
    """Before a bot's move: the person's free actions (docs/engine.md), once; None lets play go on."""
    r = renderer(table.game.name)
    view = table.view(seat)
    free = table.free(seat)
    names = [s.name for s in table.seats]
    console.print(r.render(view, names))
    console.print("[bold]You may act now, out of turn[/] (nobody waits for it):")
    for i, a in enumerate(free, 1):
        console.print(f"  [cyan]{i}[/] {move_line(table.game, r, a, view, names)}")
    while True:
        try:
            text = read("number, or Enter to let play go on > ").strip().lower()
        except EOFError:
            raise Quit from None
        if not text:
            return None
        if text in ("quit", "exit", "q"):
            raise Quit
        if text.isdigit() and 1 <= int(text) <= len(free):
            return free[int(text) - 1]
        console.print(f"[red]pick 1 to {len(free)}, or press Enter[/]")


def _free_moment(table: Table, human: int | None) -> tuple[object, ...] | None:
    """What the person would be offered out of turn now (None: nothing): the same offer is
    made once, and again when it changes or another seat is to act."""
    if human is None or table.over or human in table.to_act():
        return None
    free = table.free(human)
    return (tuple(free), table.to_act()) if free else None


def _out(table: Table, human: int | None) -> bool:
    """The person's seat is out of the match (a game's view lists such seats under "out")."""
    if human is None or table.over:
        return False
    view = table.view(human).to_json()
    return isinstance(view, dict) and human in (view.get("out") or [])


def _when_out(console: Console, read: Reader) -> str:
    console.print("[bold]You are out of the match.[/] [cyan]w[/] watch the rest, [cyan]s[/] skip to the end, "
                  "[cyan]q[/] quit (the game is saved)")
    while True:
        try:
            choice = read("w, s or q > ").strip().lower()[:1]
        except EOFError:
            return "q"
        if choice in ("w", "s", "q"):
            return choice


class _Session:
    """One person (or a watcher) at ``table`` in the terminal, from the first move to the result:
    what has been shown (``seen``), the clock a person keeps, what was offered out of turn."""

    def __init__(self, table: Table, human: int | None, console: Console, read: Reader,
                 delay: float, save: Path | None, timed: TimedReader | None, ticker: Ticker):
        self.table, self.human, self.console, self.read = table, human, console, read
        self.delay, self.save, self.timed, self.ticker = delay, save, timed, ticker
        self.seen = 0
        record = table.record
        assert record is not None, "a table that is played has a record"
        self.record = record
        # A person keeps real time; a watcher waits for nobody, so time jumps to each next moment
        # (the bots' waits and the rules' deadlines happen at once, and the game plays to its end).
        self.clock = TableTime(table.last_t) if table.keeps_time and human is not None else None
        self.when_out = ""
        self.offered: tuple[object, ...] | None = None
        self.numbers = Numbers()

    def now(self) -> float | None:
        return self.clock() if self.clock is not None else None

    def kept(self) -> None:
        """The record saved after every step that showed something."""
        if self.save:
            self.record.save(self.save)

    def play(self) -> None:
        """Bots move until a person is asked (or the game ends), then the person's turn or the
        table's next moment; until the game is over."""
        while True:
            self.bots_move()
            if self.table.over:
                return
            if self.human is None:
                if not self.watch():
                    return
            elif not self.bots_wait():
                self.persons_turn(self.human)

    def bots_move(self) -> None:
        """Every bot move due, showing each; the person is offered their free actions once before
        a bot's move, and asked what to do on being out of a match."""
        table, human = self.table, self.human
        for _ in range(100_000):
            if table.over or table.bot_to_act() is None:
                return
            if not self.when_out and _out(table, human):
                self.when_out = _when_out(self.console, self.read)
                if self.when_out == "q":
                    raise Quit
            moment = _free_moment(table, human) if not self.when_out else None
            if moment is not None and moment != self.offered and human is not None:
                self.offered = moment
                free = _offer_free(self.console, table, human, self.read)
                if free is not None:
                    table.submit(free, self.now())
                    self.seen = _show_events(self.console, table, human, self.seen, 0)
                    continue
            table.step_bot(self.now())
            quiet = self.when_out == "s"
            self.seen = len(table.log) if quiet else _show_events(self.console, table, human, self.seen, self.delay)
            self.kept()

    def watch(self) -> bool:
        """Watching: every bot waits, so the table's next moment comes now; False when nothing is
        due and the game cannot go on."""
        wake = self.table.wake_at()
        if wake is None:
            self.console.print("[red]Every seat waits and nothing is due: the game cannot go on.[/]")
            return False
        self.table.due(wake)
        self.seen = _show_events(self.console, self.table, self.human, self.seen, self.delay)
        self.kept()
        return True

    def bots_wait(self) -> bool:
        """At a table whose rules keep time (Mao) a person who can answer against the clock
        (``timed``) is asked whenever the bots wait, owing something or not: a prompt that came
        only with a duty would tell a rule, and a person may speak, knock or call a point of order
        at any moment. Without ``timed`` the prompt would hold up the table, so while it is not
        the person's move the bots wait for the rules' next moment, which then happens (True)."""
        wake = self.table.wake_at()
        if self.human in self.table.game.to_act(self.table.state) or self.clock is None or wake is None \
                or self.timed is not None:
            return False
        time.sleep(max(0.0, wake - self.clock()))
        self.table.due(self.clock())
        self.seen = _show_events(self.console, self.table, self.human, self.seen, 0)
        return True

    def persons_turn(self, seat: int) -> None:
        """The person is asked (only ever for their own seat, never a bot's) and what they chose
        is done, unless their time ran out first or they chose to wait."""
        table = self.table
        action = _ask(self.console, table, seat, self.read, self.clock, self.timed, self.numbers, self.ticker)
        self.ticker.line = None
        if action is not None:
            self.numbers.reset()  # the person acted: the next menu is numbered afresh
        t = self.now()
        expiry = table.clock.expiry() if table.clock is not None else None
        if action is None:  # the person waits: whatever has come due by now happens
            if t is not None:
                table.due(t)
        elif t is not None and expiry is not None and expiry[0] <= t:
            self.console.print("[yellow]Too late: your time ran out before that move.[/]")
            table.due(t)  # a bot made the move for you when your time ran out
        else:
            table.submit(action, t)
        self.seen = _show_events(self.console, table, seat, self.seen, 0)
        self.kept()

    def quit(self) -> None:
        """The person quit: the game is saved to be resumed."""
        if self.save:
            self.record.save(self.save)
            self.console.print(f"\nGame saved to {self.save}: resume with "
                               f"[bold]houserules play {self.table.game.name} --resume {self.save}[/]")

    def interrupted(self) -> None:
        """Ctrl-C: the game is kept all the same, and the caller exits as interrupted."""
        save, name = self.save, self.table.game.name
        if save:
            with _deaf_to_ctrl_c():  # a second Ctrl-C must not cut the record short
                self.record.save(save)
        self.console.print("\ninterrupted" + (f"; the game is saved at {escape(str(save))}: resume with "
                                              f"[bold]houserules play {name} --resume {escape(str(save))}[/]"
                                              if save else ""), soft_wrap=True)

    def ended(self) -> None:
        """The table as it ended (Mao reveals its rules here when the table chose to), the winner."""
        table, console = self.table, self.console
        result = table.result()
        names = [s.name for s in table.seats]
        if self.human is not None:
            console.print(renderer(table.game.name).render(table.view(self.human), names))
        if result and result.winners:
            console.print(f"[bold green]Winner: {', '.join(names[w] for w in result.winners)}[/] ({result.reason})")
        elif result:
            console.print(f"[bold]No winner[/] ({result.reason})")
        if self.save:
            self.record.save(self.save)
            console.print(f"Record saved to {self.save}; check it with [bold]houserules replay {self.save}[/]")


def run(table: Table, human: int | None, console: Console, read: Reader | None = None,
        delay: float = 0.0, save: Path | None = None, timed: TimedReader | None = None) -> None:
    """Play ``table`` to its end (or until the person quits) in the terminal. At a table that
    keeps time, a person's prompt gives way to the table's next moment (``timed``; the real
    terminal's by default, when ``read`` is not given)."""
    ticker = Ticker()
    if read is None and timed is None and table.keeps_time and sys.stdin.isatty():
        timed = stdin_timed(console, ticker)
    session = _Session(table, human, console, read or line_reader(console), delay, save, timed, ticker)
    try:
        session.play()
    except Quit:
        session.quit()
        return
    except KeyboardInterrupt:
        session.interrupted()
        raise
    session.ended()
