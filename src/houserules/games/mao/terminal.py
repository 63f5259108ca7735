"""How Mao looks in the terminal and how a person types what they do.

The menu never lists what the rules allow (that would tell them): it offers
drawing, every card in the hand, a knock, and quick phrases — "Point of
order" and what the seat may plausibly owe from what it has seen (``phrases``). Anything else is
typed: a card (``QS``), ``draw``, ``"`` or ``say`` then words, ``k`` / ``kk``
or ``knock N``, ``point N``, ``touch`` / ``letgo``, ``show`` / ``hide``,
``call N penalty``, ``wait`` (let the clock run on). Each menu line is its
move's words, as every screen says them (the records of ``game.MOVES`` and
``match.MATCH_MOVES``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.prompt import Prompt
from rich.text import Text

from ...cards import IS_RED, RANK, SUIT, card_symbol, parse_card
from ...engine.core import Action
from ...engine.words import render
from ...tui import Renderer, RendererBase, card_or_text, seat_no, seat_table, second_person, typed_seat
from . import language
from . import rulebook as rb
from .editor import Ask, guided
from .match import write_arg
from .view import MaoView, dealer_words
from .words import WORDS

HELP = """The only rule anyone can tell you: nobody can tell you the rules. Learn from the dealer.
Type a card to play it (QS, 10h), or a number from the menu. Also:
  draw | " words  (or: say words) | k, kk, knock N | point SEAT | touch, letgo | show, hide
  call SEAT PENALTY (a correction) | wait (let time pass) | log | help | quit
The table's clock is real time, as at a real table: it runs while you read and type.
The dealer starts each game by saying "The game of maʊ has now started." (in the menu when you deal)."""


def card_markup(c: int) -> str:
    colour = "red" if IS_RED[c] else "white"
    return f"[bold {colour} on grey15] {card_symbol(c)} [/]"


def _card_text(name: str) -> str:
    return card_or_text(name, parse_card, card_markup)


def dealing(view: MaoView) -> bool:
    """The seat looking is the dealer, and the game waits for its first words."""
    return view.seat is not None and view.seat == view.dealer and not view.started and not view.over


def waits_for_dealer(view: MaoView, names: Sequence[str]) -> str:
    """What the table waits for the dealer to rule on, in words ("" when nothing): on every
    screen, so that nobody wonders why the game stands still."""
    if view.over or not view.started:
        return ""
    dealer = "you" if view.seat == view.dealer else names[view.dealer]
    if view.asked is not None:
        who = "You" if view.asked == view.seat else names[view.asked]
        return f"{who} raised a point of order: waiting for {dealer} to rule (Sustained / Overruled)"
    if view.correction is not None:
        return (f"{names[view.correction[0]]} called a penalty on {names[view.correction[1]]}: waiting for "
                f"{dealer} to rule (Good call / Bad call / No call)")
    return ""


def quick_phrases(view: MaoView) -> list[str]:
    """To the dealer, first what the table waits for them to say; then "Point of order" and what
    this seat may plausibly say, from what it has seen (``phrases``): never the dealer's own
    sentences, nor somebody else's hail."""
    return dealer_words(view) + [rb.POINT_OF_ORDER] + list(view.quick)


def turn_clock(view: MaoView) -> str:
    """The seconds left before the turn's delay of game, as the browser counts them: the
    deadline is public (every player can count the seconds since the turn began)."""
    if view.turn_deadline is None or view.over:
        return ""
    return f"   turn clock {max(0.0, view.turn_deadline - view.clock):.0f} s"


class MaoRenderer(RendererBase):
    help_text = HELP

    @staticmethod
    def ticker(view: MaoView, names: Sequence[str], now: float) -> str:
        """The turn clock as it runs (the loop writes it again and again above the prompt): the
        seconds left at ``now`` on the table's clock, and whose time it is; "" when none runs."""
        if view.turn_deadline is None or view.over:
            return ""
        left = max(0.0, view.turn_deadline - now)
        whose = "your" if view.turn == view.seat else f"{names[view.turn]}'s"
        what = "time to play the card drawn" if view.drawn else "turn"
        return f"⏱ {left:.0f} s left: {whose} {what}"

    def render(self, view: MaoView, names: list[str]) -> RenderableType:
        notes = [[n for n, on in (("dealer", s == view.dealer), ("holding cards", view.holding[s])) if on]
                 for s in range(view.players)]
        seats = seat_table(names, view.seat, ("cards", "penalties", ""),
                           ((str(view.hand_sizes[s]), str(view.penalties[s]), ", ".join(notes[s]))
                            for s in range(view.players)),
                           turn=view.turn if view.started and not view.over else None)
        lines: list[RenderableType] = []
        waiting = waits_for_dealer(view, names)
        if waiting:
            lines.append(Text(f"  {waiting}  ", style="bold black on yellow"))
            if view.seat == view.dealer:
                lines.append(Text.from_markup("[bold yellow]You are the dealer: rule with a quick phrase below.[/]"))
        elif view.paused:
            ends = (f"{escape(names[view.dealer])} adjourns it" if view.dealer_judges and view.seat != view.dealer
                    else "the dealer adjourns it" if view.dealer_judges
                    else "the dealer adjourns it, when asked or after a quiet spell")
            lines.append(Text.from_markup(f"[bold black on yellow]  PAUSED — point of order  [/] "
                                          f"(talk freely; {ends})"))
            if view.seat == view.dealer:
                lines.append(Text.from_markup("[bold yellow]You are the dealer: say “Meeting adjourned.” "
                                              "(a quick phrase below) to play on.[/]"))
        elif dealing(view):
            lines.append(Text.from_markup(f"[bold yellow]You deal: start the game by saying “{escape(rb.START)}”[/]"))
        elif not view.started:
            lines.append(Text.from_markup("[bold]Waiting for the dealer to start the game.[/]"))
        pile = " ".join(card_markup(c) for c in view.pile)
        lines.append(Text.from_markup(f"Play pile: {pile}   draw pile {view.draw_size}   "
                                      f"direction {'→' if view.direction == 1 else '←'}{turn_clock(view)}"))
        lines.append(seats)
        for s, cards in view.shown:
            if s != view.seat:
                lines.append(Text.from_markup(f"{escape(names[s])} shows: " + " ".join(card_markup(c) for c in cards)))
        recent = [WORDS.sentence(self._event(e), names) for e in view.log[-6:]]
        for line in recent:
            if line:
                lines.append(Text.from_markup("  " + second_person(render(escape(line), _card_text))))
        if view.hand is not None:
            hand = sorted(view.hand, key=lambda c: (SUIT[c], RANK[c]))
            lines.append(Text.from_markup("Your hand: " + " ".join(card_markup(c) for c in hand)))
        if view.over and view.rules is not None:
            lines.append(Text.from_markup("[bold]The rules in play were:[/]"))
            lines += [Text(f"  • {r}") for r in view.rules]
        elif view.rules is not None:  # human-dealer mode: the dealer sees the rules and the software's advice
            lines.append(Text.from_markup("[bold]You judge. Rules in play:[/]"))
            lines += [Text(f"  • {r}") for r in view.rules]
            for target, name in view.advice or ():
                lines.append(Text.from_markup(f"  [yellow]the software would assess[/] {escape(names[target])}: "
                                              f"{escape(name)}  (call {seat_no(target)} {escape(name)})"))
        match = view.match  # a match (the Extension): match_terminal
        if match is not None:
            lines += match_lines(match, names, view.seat)
        return Panel(Group(*lines), title="maʊ", border_style="magenta")

    @staticmethod
    def _event(entry: tuple[Any, ...]) -> dict[str, Any]:
        """A view's log entry as the event it tells."""
        kind, seat, rest = entry[1], entry[2], entry[3:]
        keys = {"play": ("card",), "returned": ("card",), "say": ("said",), "knock": ("count",),
                "penalty": ("name",), "point": ("at",), "call": ("at", "penalty"), "draw": ()}[kind]
        out: dict[str, Any] = {"event": kind, "seat": seat, "count": 1}
        out.update(zip(keys, rest))
        return out

    def menu(self, view: MaoView, legal: list[Action]) -> list[Action]:
        """What the menu offers: never the legal list (it would tell the rules)."""
        seat = view.seat
        assert seat is not None and view.hand is not None
        if any(a.kind in ("write", "read") for a in legal):  # between games: the offers are the menu
            return [a for a in legal if a.seat == seat]
        out = [Action(seat, "draw"), Action(seat, "knock", arg=1)]
        out += [Action(seat, "play", c) for c in dict.fromkeys(sorted(view.hand, key=lambda c: (SUIT[c], RANK[c])))]
        out += [Action(seat, "say", arg=p) for p in quick_phrases(view)]
        return out

    def parse(self, text: str, seat: int, view: MaoView) -> Action | None:
        t = text.strip()
        low = t.lower()
        if low in ("wait", "w", "."):
            return None
        if t.startswith(('"', "'", "“")):
            return Action(seat, "say", arg=t.strip("\"'“”"))
        head, _, rest = t.partition(" ")
        head = head.lower()
        if head == "say":
            return Action(seat, "say", arg=rest)
        match = view.match
        if low == "rule" and match is not None and match.get("writer") == seat:
            return edit_rule(seat, match, view.players)
        if set(low) == {"k"}:
            return Action(seat, "knock", arg=len(low))
        simple = {"draw": Action(seat, "draw"), "d": Action(seat, "draw"), "touch": Action(seat, "touch", arg=True),
                  "letgo": Action(seat, "touch", arg=False), "show": Action(seat, "show", arg=True),
                  "hide": Action(seat, "show", arg=False)}
        if low in simple:
            return simple[low]
        if head == "knock" and rest.strip().isdigit():
            return Action(seat, head, arg=int(rest))
        if head == "point" and rest.strip():
            return Action(seat, head, arg=typed_seat(rest, view.players))
        if head == "call":
            target, _, name = rest.strip().partition(" ")
            if not target.isdigit():
                raise ValueError("call SEAT [PENALTY], e.g. call 2 talking (unnamed: the dealer names it)")
            return Action(seat, "call", arg=(typed_seat(target, view.players), name.strip()))
        if head == "play":
            if not rest.strip():
                raise ValueError("play which card? e.g. play QS")
            t = rest
        try:
            return Action(seat, "play", parse_card(t))
        except ValueError:
            raise ValueError(f"not understood: {t!r} (type help; to speak, start with \")") from None

    def card_markup(self, name: str) -> str:
        return _card_text(name)


# --- a match (the Extension): the table panel's lines, the winner's menu, the guided editor ---
def match_lines(match: Mapping[str, Any], names: Sequence[str], seat: int | None) -> list[Text]:
    """The score, the rules this seat wrote or witnesses, the rules in play while it writes,
    and the reveal at the end. Rule text is escaped: it is never markup."""
    wins = ", ".join(f"{escape(n)} {w}" for n, w in zip(names, match["wins"]))
    out = [Text.from_markup(f"[bold]Match[/]: game {match['game']} of {match['games']}; wins: {wins}; "
                            f"{match['changes']} rule change(s) so far")]
    for m in match["mine"]:
        out.append(Text("  your rule (told to " + names[m["witness"]] + "): " + m["words"]))
    for m in match["witnessing"]:
        out.append(Text("  " + names[m["author"]] + "'s rule, told to you: " + m["words"]))
    if match.get("writer") is not None and match["writer"] == seat:
        out.append(Text.from_markup("[bold yellow]You won: write the next rule.[/] Pick one below, or type "
                                    "[bold]rule[/] to build your own."))
        for c in match.get("current", []):
            rid, words = c["rule"]["id"], c["words"]
            out.append(Text(f"  in play: {words if words.startswith(rid + ':') else f'{rid} — {words}'}"))
    reading = match.get("reading")
    if reading is not None and reading == seat:
        out.append(Text.from_markup("[bold yellow]You witness the new rule above: read it, then say so below "
                                    "(the next game waits for you).[/]"))
    elif reading is not None:
        out.append(Text(f"  Waiting for {names[reading]} to read the new rule."))
    for r in match.get("revealed", []):
        out.append(Text(f"  {names[r['author']]} (witness {names[r['witness']]}), game {r['game']}, "
                        f"{r['penalties']} penalt{'y' if r['penalties'] == 1 else 'ies'}: {r['words']}"))
    return out


def _ask(question: str, choices: Sequence[str], default: str) -> str:
    return Prompt.ask(escape(question), choices=list(choices) or None, default=default)


def edit_rule(seat: int, match: Mapping[str, Any], players: int, ask: Ask = _ask) -> Action:
    """The guided editor at the terminal: the winner's rule, said back in plain words
    (``language.explain``, as every screen says rules) before it is sent as a ``write``
    action; ValueError (the prompt comes back) if the writer does not keep it."""
    current = [c["rule"]["id"] for c in match.get("current", [])]
    arg = guided(ask, current, players, seat)
    if "rule" in arg:
        try:
            words = language.explain(language.rule({**arg["rule"], "group": "house"}))
        except language.RuleError as exc:
            words = f"(not a valid rule: {exc})"
        if ask(f"Your rule: {words} Keep it?", ("yes", "no"), "yes") != "yes":
            raise ValueError("not kept: type rule to build another, or pick one from the menu")
    return Action(seat, "write", arg=write_arg(arg))


RENDERER: Renderer = MaoRenderer()  # typed as the protocol: mypy holds the class to it
