"""How Cripple Mr Onion looks in the terminal and how a person types its actions."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from ...engine.core import Action
from .cards import CRANK, CSUIT, IS_MARKED, SPECIAL, allocate, parse_one
from .glossary import PHASES
from .groupings import KINDS
from .modifiers import rules_in
from .solver import Arrangement, best_of
from .view import OnionView
from ...cards import card_symbol
from ...tui import Renderer, RendererBase, house_rules, seat_table

HELP = """Type a number from the menu, or:
  discard 2C 10H      (up to four; 'discard' alone keeps all five)   fold
  bet 2 / raise 1 / extra 1 / bid 3   (amounts in chips, whole Stakes)
  match  buy  stop  pass  accept  decline
  declare             (the solver's best arrangement)
  special QS*  done  choose 9C  reveal 2C   (modifiers: special cards)
  declare double onion: KC AD QH AS; flush: 2D 6D KD   (your own sorting)
log shows recent events, quit saves and leaves."""

ROLES = ("Dealer", "Elder")


def card_markup(c: int, marked: bool = False) -> str:
    """A card for the terminal; ``marked`` adds the special copy's ``*``."""
    colour = "red" if CSUIT[c] in (1, 2) else "white"
    return f"[bold {colour} on grey15] {card_symbol(c % 52)}{'*' if marked else ''} [/]"


def cards_markup(cards: Any, marks: bool = False) -> str:
    return " ".join(card_markup(c, marks and IS_MARKED[c]) for c in sorted(cards, key=lambda c: (CRANK[c], CSUIT[c])))


def _best(view: OnionView) -> Arrangement:
    """The solver's best arrangement of the seat's hand as the showdown will value it (the round's
    modifiers, the table's ranking of the groupings: CMO-HR2)."""
    hand = list(view.hand or ())
    seat = view.turn if view.seat is None else view.seat
    return best_of(hand, rules_in(view.situation, seat, hand))


def _named(names_: list[str]) -> str:
    out = []
    for n in names_:
        try:
            base, marked = parse_one(n)
            out.append(card_markup(base, marked))
        except ValueError:
            out.append(n)
    return " ".join(out)


class OnionRenderer(RendererBase):
    help_text = HELP

    def render(self, view: OnionView, names: list[str]) -> RenderableType:
        marks = bool(view.modifiers)
        rows = []
        for s in range(view.players):
            role = ""
            if s in view.order:
                i = view.order.index(s)
                role = ROLES[i] if i < 2 else ("Younger" if s == view.younger else "")
            state = "out" if view.out[s] else "folded" if view.folded[s] else ""
            rows.append((role, str(view.chips[s]), str(view.staked[s] or ""), state or str(view.hand_sizes[s]),
                         cards_markup(view.face_up[s], marks)))
        seats = seat_table(names, view.seat, ("role", "chips", "staked", "cards", "face up"), rows,
                           turn=None if view.over else view.turn)
        status = [f"Round {view.round}/{view.rounds}", f"[bold]Pot {view.pot}[/]", f"Stake {view.stake}",
                  PHASES.get(view.phase, view.phase)]
        if view.phase in ("answer",):
            status.append(f"bet to match: {view.bid}")
        if view.phase == "auction":
            status.append(f"high bid: {view.high_bid}")
        lines: list[RenderableType] = [Text.from_markup("   ".join(status)), seats]
        if view.house:
            lines.append(Text.from_markup(house_rules(view.house)))
        for s, a in enumerate(view.declared):
            if a is not None:
                shown = "; ".join(f"{g.kind} {cards_markup(g.cards)}" for g in a.groupings) or "nothing"
                lines.append(Text.from_markup(f"{escape(names[s])} declared: {shown}"))
        if view.specials:
            lines.append(Text.from_markup("Special cards: " + ", ".join(
                f"{SPECIAL[c]} {card_markup(c, True)} ({names[s]})" for c, s in view.specials)))
        if view.modifiers:
            flags = [f"modifiers {', '.join(map(str, view.modifiers))}"]
            flags += ["[bold magenta]eights wild[/]"] * view.wild_round + ["[bold magenta]the Fool[/]"] * view.fool
            lines.append(Text.from_markup("   ".join(flags)))
        if view.offered:
            lines.append(Text.from_markup("Offered: " + cards_markup(view.offered)))
        if view.hand:
            lines.append(Text.from_markup("Your hand: " + cards_markup(view.hand, marks)))
            a = _best(view)
            if a.groupings:
                lines.append(Text.from_markup("[dim]best sorting now: " + "; ".join(
                    f"{g.kind} {cards_markup(g.cards)}" for g in a.groupings) + "[/]"))
        return Panel(Group(*lines), title="Cripple Mr Onion", border_style="green")

    def parse(self, text: str, seat: int, view: OnionView) -> Action:
        words = text.strip().split()
        if not words:
            raise ValueError("type an action; help lists them")
        head, rest = words[0].lower(), text.strip()[len(words[0]):].strip()
        if head in ("bet", "raise", "extra", "bid"):
            if not rest.isdigit():
                raise ValueError(f"{head} needs an amount in chips, e.g. {head} 2")
            return Action(seat, head, arg=int(rest))
        if head == "discard":
            return Action(seat, head, arg=tuple(allocate(rest)))
        if head == "declare":
            if not rest:
                a = _best(view)
                return Action(seat, head, arg=tuple((g.kind, g.cards) for g in a.groupings))
            return Action(seat, head, arg=tuple(self._grouping(part) for part in rest.split(";") if part.strip()))
        if head in ("special", "choose", "reveal"):
            return Action(seat, head, allocate(rest, marks=head == "special")[0] if rest else None)
        if head in ("fold", "match", "buy", "stop", "pass", "accept", "decline", "done") and not rest:
            return Action(seat, head)
        raise ValueError(f"I don't understand {text!r}; type help")

    @staticmethod
    def _grouping(part: str) -> tuple[str, tuple[int, ...]]:
        kind, _, cards = part.partition(":")
        kind = kind.strip().lower()
        if kind not in KINDS:
            raise ValueError(f"{kind!r} is not a grouping; groupings: {', '.join(KINDS)}")
        return kind, tuple(allocate(cards))

    def card_markup(self, name: str) -> str:
        return _named([name])


RENDERER: Renderer = OnionRenderer()  # typed as the protocol: mypy holds the class to it
