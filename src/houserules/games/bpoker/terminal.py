"""How bpoker looks in a terminal, and how a person types its actions.

Every seat's zones in one table (stash and its sideways cards, viewing hand
against its correct number, cards-to-be-played ("to play"), the table with
its marks, the declared hand), then the player's own cards, then what he may do next and why.
Marks: a wild is shown face down ``▒8S``, a no-effect card sideways ``↷JS``,
a tile as ``[5H 3S =2♠]``, a shafting unit's used 6 ``↶6H``, a protected card
underlined.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from ...engine.core import Action
from ...tui import Renderer, RendererBase, house_rules, seat_table, second_person
from .cards import CardError, card_name, is_red, parse_card, suit
from .said import is_unit, strength
from .view import BView
from .words import name_seats, open_prompt

HELP = """Type a menu number, or: a card to play it (QS; QS#2 is the second deck's copy), pass,
scrap, use JS (a no-effect J's discard effect; use 3C: Neutralization, at any time: in other
players' turns it is offered before their next move; use 6S: turn a 6 of your shafting unit
sideways to force a card), pair AS AH (a set as one card), declare AS KS QS JS 10S (when you
declare, the cards alone will do: AS KS QS JS 10S; the menu lists the strongest hands),
or an offered choice word (skip, seat:2, 5H>seat:1, 7H+7H#2, magic, tunnel, reflect, pass ...).
Magic (your 10♦ on your table): a card coming onto your table lands with no effect, or an
opponent's card does nothing to you; you are asked each time it could.
Also: log, help, quit.
Marks: ▒ wild (face down), ↷ no-effect (sideways), [5H 3S =2♠] a tile and its value in effect,
[6C ↶6H 6S unit] a shafting unit and its used 6s, underlined: protected.
Each card in the menu says what it will do (and what happens instead now: after a J, a 10♦ lock).
How to play: houserules rules bpoker; every clause with its id: houserules rules bpoker --full."""


#: a seat in a choice word: ``seat:2``, ``5H>seat:1`` (the rules count from 0, people from 1)
_SEAT = re.compile(r"(?i)seat:(\d+)")


def card_markup(name: str) -> str:
    try:
        red = is_red(suit(parse_card(name)))
    except CardError:
        return name
    return f"[bold {'red' if red else 'white'} on grey15] {name} [/]"


def slot_markup(slot: dict[str, Any]) -> str:
    cards = slot["cards"]
    side = slot.get("sideways", [])
    if len(cards) > 1 or "as" in slot:
        inner = " ".join(("[dim]↶[/]" if c in side else "") + card_markup(c) for c in cards)
        inner += f" ={slot['as']}" if "as" in slot else " unit" if is_unit(slot) else ""
        text = f"[{inner}]"
    else:
        text = card_markup(cards[0])
    if slot.get("wild"):
        text = f"[dim]▒[/]{text}"
    if slot.get("ne"):
        text = f"[dim]↷[/]{text}"
    return f"[underline]{text}[/]" if slot.get("protected") else text


def _declared(d: dict[str, Any], s: int) -> str:
    hand = d["declared"][s]
    return (" ".join(hand) + f" ({d['declared_hand'][s]})") if hand else "—"


def scores_line(d: dict[str, Any], names: list[str]) -> str:
    """What a score is, with the scores: the cards in each stash when the game ends (BP-1.6)."""
    cards = ", ".join(f"{names[s]} {d['stash_sizes'][s]}" for s in range(d["players"]))
    return f"A score is the cards in a player's stash, and the most wins: {cards}."


#: how many declarations the menu lists (the strongest); any other is typed
SHOWN = 8


def _best_declarations(legal: list[Action], view: BView) -> list[Action]:
    return sorted((a for a in legal if a.kind == "declare"),
                  key=lambda a: strength([card_name(c) for c in a.arg], view), reverse=True)


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardError:
        return False
    return True


class BPokerRenderer(RendererBase):
    help_text = HELP

    def render(self, view: BView, names: list[str]) -> RenderableType:
        shown = [escape(n) for n in names]  # people type their names: the lines below are markup
        d = view.data
        rows = []
        for s in range(d["players"]):
            stash = f"{d['stash_sizes'][s]}" + (f" ({d['sideways'][s]}↷)" if d["sideways"][s] else "")
            table = " ".join(slot_markup(x) for x in d["tables"][s]) or "—"
            rows.append((stash, f"{d['viewing_sizes'][s]}/{d['correct'][s]}", str(d["ctbp_sizes"][s]),
                         f"{table}  [dim]{d['counted'][s]}/{d['maximum'][s]}[/]", _declared(d, s)))
        grid = seat_table(names, view.seat, ("stash", "viewing", "to play", "table (count/max)", "declared"), rows,
                          turn=None if d["over"] else d["turn"], marks=["" if x else "✗" for x in d["in_hand"]])
        arrow = "left →" if d["direction"] == 1 else "← right"
        status = [f"Hand {d['hand']}/{d['hands']}", f"dealer {shown[d['dealer']]}", f"play goes {arrow}",
                  f"pot {d['pot_size']}", f"discard {len(d['discard'])}"
                  + (f" (top {card_markup(d['discard'][-1])})" if d["discard"] else "")]
        if d["armed_j"]:
            status.append("[bold yellow]next card played is no-effect (J)[/]")
        if d["control"]:
            status.append(f"[bold magenta]{shown[d['control'][0]]} controls {shown[d['control'][1]]}'s hand[/]")
        lines: list[RenderableType] = [Text.from_markup("   ".join(status)), grid]
        if d["house"]:
            lines.append(Text.from_markup(house_rules([(r["id"], r["title"], r["words"]) for r in d["house"]])))
        if d["transit"]:
            lines.append(Text.from_markup("Being played: " + " ".join(card_markup(c) for c in d["transit"])))
        if d["phase"] == "fpoker":  # the nested game, shown apart (BP-FP)
            who = ", ".join(f"{shown[s]} ({d['f_hand_sizes'][s]})" + (" folded" if s in d["f_folded"] else "")
                            for s in d["f_players"])
            lines.append(Text.from_markup(f"[bold yellow]f_poker[/] — f_pot {d['f_pot_size']} cards; players: {who}"))
            if d["f_hand"]:
                lines.append(Text.from_markup("Your f-hand: " + " ".join(card_markup(c) for c in d["f_hand"])))
        for seen in d["seen_viewing"]:
            lines.append(Text.from_markup(f"{shown[seen['seat']]}'s viewing hand (you control it): "
                                          + " ".join(card_markup(c) for c in seen["viewing"])))
        for seen in d["looked"]:  # what a look showed, kept through every change seen card by card (BP-H34)
            lines.append(Text.from_markup(f"{shown[seen['seat']]}'s viewing hand (you looked): "
                                          + (" ".join(card_markup(c) for c in seen["viewing"]) or "—")))
        if d["viewing"] is not None:
            lines.append(Text.from_markup("Your viewing hand: " + (" ".join(card_markup(c) for c in d["viewing"]) or "—")))
            if d["ctbp"]:
                lines.append(Text.from_markup("Your cards to be played: " + " ".join(card_markup(c) for c in d["ctbp"])))
        lines.append(Text.from_markup(second_person(self._next(view, shown))))
        return Panel(Group(*lines), title="bpoker", border_style="green")

    def _next(self, view: BView, names: list[str]) -> str:
        """What happens next and why, in words."""
        d = view.data
        if d["over"]:
            return f"[bold]The game is over: {d['reason']}.[/] {scores_line(d, names)}"
        if d["ask"]:
            who = names[d["ask"]["seat"]]
            return f"[bold magenta]{who} must choose: {open_prompt(name_seats(d['ask']['prompt'], names))}[/]"
        if d["reacting"]:
            about = d["about"] or {}
            what = name_seats(about.get("says", "a card is coming"), names)
            answers = " or ".join(o for o in d["options"] if o != "pass") or "a reaction"
            return f"[bold red]{what[:1].upper()}{what[1:]} — answer with {answers}, or pass?[/]"
        who = names[d["turn"]]
        if d["phase"] == "declare":
            return f"[bold]{who}'s turn is over: {who} declares five table cards as a poker hand.[/] " + \
                self._declaring(view)
        s = d["turn"]
        full = d["counted"][s] >= d["maximum"][s]
        why = "the table is at its maximum: pass or scrap" if full else (
            "play a card (at least one this turn)" if not d["played"] else "play another card or pass")
        return f"[bold]{who}'s turn:[/] {why}."

    def menu(self, view: BView, legal: list[Action]) -> list[Action]:
        """The legal actions; of the declarations only the ``SHOWN`` strongest, strongest first (a
        table of nine offers 126, and the best scrolled away above them): any other is typed. Magic
        offered on a card the person plays himself comes after "Let it be", so that a quick "1"
        does not spend the 10♦."""
        rest = [a for a in legal if a.kind != "declare"]
        if view.data["reacting"] and (view.data["about"] or {}).get("clause") == "BP-10D.M":
            rest.sort(key=lambda a: a.arg != "pass")  # a card of your own choosing: letting it be comes first
        return _best_declarations(legal, view)[:SHOWN] + rest

    def _declaring(self, view: BView) -> str:
        """Under the table while declaring: how many hands there are, and how to declare one not listed."""
        count = len(view.data.get("declarations") or [])
        if not count:  # another seat declares
            return ""
        if count <= SHOWN:
            return "Pick a number, or type the cards (e.g. [bold]AS KS QS JS 10S[/])."
        return (f"The {SHOWN} strongest of {count} possible hands are listed, strongest first; "
                "to declare another, type its cards (e.g. [bold]AS KS QS JS 10S[/]).")

    def parse(self, text: str, seat: int, view: BView) -> Action:
        words = text.strip().split()
        if not words:
            raise ValueError("type a card or an action (help)")
        head, rest = words[0].lower(), words[1:]
        options = view.data["options"]
        typed = _SEAT.sub(lambda m: f"seat:{int(m.group(1)) - 1}", text.strip())  # seats typed from 1
        if typed in options:
            return Action(seat, "choose", arg=typed)
        if options and head != "choose":
            return Action(seat, "choose", arg=self._option(typed, options))
        if head == "choose" and rest:
            return Action(seat, "choose", arg=typed.partition(" ")[2].strip())
        if head in ("pass", "scrap") and not rest:
            return Action(seat, head)
        if head == "declare" or (view.data["phase"] == "declare" and all(map(_is_card, words))):
            named = rest if head == "declare" else words  # declaring, the cards alone say it
            return Action(seat, "declare", arg=tuple(sorted(self._card(w, view) for w in named)))
        if head == "pair":
            if len(rest) < 2:
                raise ValueError("a set is two or more cards, e.g. pair AS AH")
            return Action(seat, "pair", arg=self._distinct(rest, view))
        if head in ("play", "use"):
            if not rest:
                raise ValueError(f"{head} which card? e.g. {head} QS")
            return Action(seat, head, self._card(rest[0], view))
        if head == "choose":
            raise ValueError("nothing to choose now")
        return Action(seat, "play", self._card(words[0], view))

    def _option(self, text: str, options: list[str]) -> str:
        """A typed answer matched to an offered option, a card's copy number optional (``5h>seat:1``)."""
        def plain(o: str) -> str:
            return "".join(part.split("#")[0] for part in o.replace(">", " > ").split(" ")).upper()
        exact = [o for o in options if o.upper() == text.upper()]
        loose = [o for o in options if plain(o) == plain(text)]
        found = exact or loose
        if not found:
            shown = (_SEAT.sub(lambda m: f"seat:{int(m.group(1)) + 1}", o) for o in options)
            raise ValueError(f"choose one of: {', '.join(shown)}")
        return found[0]

    def _distinct(self, names: list[str], view: BView) -> tuple[int, ...]:
        """Several cards by name, each a different copy (``pair qh qh`` is QH and QH#2)."""
        mine = [parse_card(c) for c in view.data["viewing"] or []]
        out: list[int] = []
        for name in names:
            want = parse_card(name)
            pool = [c for c in mine if c not in out and (c == want or ("#" not in name and c % 54 == want % 54))]
            out.append(pool[0] if pool else want)
        return tuple(sorted(out))

    def _card(self, name: str, view: BView) -> int:
        """A card by name; without a #copy, the copy the seat has at hand or on its table."""
        card = parse_card(name)
        if "#" in name:
            return card
        mine = list(view.data["viewing"] or []) + [c for x in view.data["tables"][view.seat or 0] for c in x["cards"]]
        base = card_name(card)
        if base in mine:
            return card
        for held in mine:
            if held.split("#")[0] == base:
                return parse_card(held)
        return card

    def card_markup(self, name: str) -> str:
        return card_markup(name)


RENDERER: Renderer = BPokerRenderer()  # typed as the protocol: mypy holds the class to it
