"""bpoker's moves in words: the labels, costs and notes of its move records (``game.MOVES``).

The terminal menu and the browser's buttons both read these, so a card is said one way
everywhere: what it is, and what it will do (the catalogue's words through the view,
``view.card_words``), or what happens to it instead at this moment (after a J, a 10♦ lock).
Cards are ``[[NAME]]`` tokens (engine.words) for each screen to draw.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action
from ...engine.moves import seat
from ...engine.words import card
from .cards import CardError, card_name, parse_card, rank, suit
from .hands import describe as hand_name
from .hands import evaluate
from .view import BView


def seat_of(view: BView) -> int:
    """The seat whose moves are said: the view's own (the turn's, for an onlooker)."""
    return view.seat if view.seat is not None else int(view.data["turn"])


def is_unit(slot: dict[str, Any]) -> bool:
    """A 6+6+6 on a table, the Discreationary Shafting Unit (BP-P.6)."""
    return len(slot["cards"]) == 3 and "as" not in slot and all(rank(parse_card(c)) == 6 for c in slot["cards"])


def _says(key: str, sets: bool, view: BView) -> str:
    """What the card or set ``key`` will do, or what happens to it instead now."""
    words = view.words()
    line = words["set_says" if sets else "says"].get(key)
    now = words["now"].get(key)
    if now:
        return f"{now} (else: {line})" if line else str(now)
    five = words["on_five"].get(key)  # played on a 5 it has a value in effect, and that value's rule
    if five and not sets:
        return str(five)
    return str(line) if line else ""


def strength(names: list[str], view: BView) -> tuple[int, ...]:
    """How strong the hand ``names`` make is (hands.py's key: the larger, the stronger),
    its wild cards counted as wild."""
    wild = {c for s in view.data["tables"] for x in s if x.get("wild") for c in x["cards"]}
    faces = [(rank(parse_card(n)), suit(parse_card(n))) for n in names if n not in wild]
    return tuple(evaluate(faces, sum(n in wild for n in names)))


def _hand(names: list[str], view: BView) -> str:
    told = {tuple(sorted(x["cards"])): x["hand"] for x in view.data.get("declarations", [])}
    if tuple(sorted(names)) in told:  # the rules' own words for it (BP-H13)
        return str(told[tuple(sorted(names))])
    return hand_name(strength(names, view))


def play(a: Action, view: BView) -> str:
    return f"Play {card(card_name(a.card))}"


def play_note(a: Action, view: BView) -> str:
    return _says(card_name(a.card), False, view)


def pair(a: Action, view: BView) -> str:
    return "Play together: " + " + ".join(card(card_name(c)) for c in a.arg)


def pair_note(a: Action, view: BView) -> str:
    return _says("+".join(card_name(c) for c in sorted(a.arg)), True, view)


def use(a: Action, view: BView) -> str:
    """A unit's 6 shafts (BP-P.6T), a 3♣ neutralizes a wild (BP-JE.N), a no-effect J restores (BP-J.D)."""
    name = card_name(a.card)
    if any(is_unit(x) and name in x["cards"] for x in view.data["tables"][seat_of(view)]):
        return f"Shaft: turn {card(name)} of your unit sideways"
    if rank(a.card) == 3:
        return f"Neutralize: discard {card(name)} and a wild"
    return f"Use {card(name)}"


def use_note(a: Action, view: BView) -> str:
    name = card_name(a.card)
    if any(is_unit(x) and name in x["cards"] for x in view.data["tables"][seat_of(view)]):
        return "force a card onto a table as a 6"
    if rank(a.card) == 3:
        return "Neutralization: the wild and the 3 go to the discard"
    return "its discard effect: restore a no-effect card or a unit's 6"


def declare(a: Action, view: BView) -> str:
    names = [card_name(c) for c in a.arg]
    return "Declare " + (" ".join(card(n) for n in names) or "nothing")


def declare_note(a: Action, view: BView) -> str:
    return _hand([card_name(c) for c in a.arg], view)


def choice(a: Action, view: BView) -> str:
    """An offered choice in words, with the word to type: ``5H>seat:1`` is "force 5H onto
    seat 1's table"."""
    option = str(a.arg)
    if ">" in option:
        name, target = option.split(">")
        return f"Force {card(name)} onto {_whose(target[5:], view)} table ({option})"
    if option.startswith("seat:"):
        return f"{'Yourself' if _mine(option[5:], view) else seat(option[5:])} ({option})"
    if option.startswith("draw:"):
        return "Change " + " and ".join(card(c) for c in option[5:].split("+")) + f" ({option})"
    if option in REACTIONS and view.data.get("reacting"):
        return f"{REACTIONS[option]} ({option})"
    if option.startswith("hands:"):
        return f"Pay 3 and trade poker hands with {seat(option[11:])} ({option})"
    try:
        return " and ".join(card(card_name(parse_card(p))) for p in option.split("+"))
    except CardError:
        return option


#: a reaction window's answers in words (the word to type after them)
REACTIONS = {"magic": "Magic: discard your 10♦", "tunnel": "Tunnel: discard your 6 and put your viewing hand in the pot",
             "reflect": "Reflector: discard your 6 and 10♦", "pass": "Let it be"}


def _mine(number: str, view: BView) -> bool:
    return number.isdigit() and int(number) == view.seat


def _whose(number: str, view: BView) -> str:
    """A seat's possessive in a menu line: "your" for the reader's own, else the seat's token
    ("onto your table", never "onto You's table")."""
    return "your" if _mine(number, view) else f"{seat(number)}'s"


def choice_note(a: Action, view: BView) -> str:
    """When the question is which card to play, what the card will do; in a reaction window, what
    the reaction does to what is happening."""
    about = view.data.get("about") or {}
    if view.data.get("reacting") and a.arg in REACTIONS and a.arg != "pass":
        return _reaction_note(str(a.arg), about)
    ask = view.data.get("ask") or {}
    if "play" in str(ask.get("prompt", "")) and a.arg in view.words()["says"]:
        return _says(str(a.arg), False, view)
    return ""


def _reaction_note(reaction: str, about: dict[str, Any]) -> str:
    """What answering with ``reaction`` does, said of the card the window is for."""
    what = str(about.get("card") or "the card")
    if reaction == "tunnel":
        return f"{what} goes on to another player's table"
    if reaction == "reflect":
        return f"{what} goes back to the table of the player forcing it"
    if about.get("clause") in ("BP-R.2", "BP-10D.M"):
        return f"{what} lands on your table with no effect"
    return f"{_owner(about)}{what} does nothing to you"


def _owner(about: dict[str, Any]) -> str:
    """ "Ann's " from words that begin "seat 0's …" (as a seat token a screen names), else ""."""
    says = str(about.get("says") or "")
    if says.startswith("seat ") and "'s " in says:
        number = says[5:].split("'", 1)[0]
        if number.isdigit():
            return f"{seat(number)}'s "
    return ""
