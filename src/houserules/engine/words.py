"""Events in plain words, written once per game for every screen.

A game's ``words`` module (declared in its ``GameSpec``) turns an event, as
one viewer may see it, into one sentence in the third person: "Ann plays
[[QS]] and draws 2." Cards are written as ``[[NAME]]`` in the game's own
notation, so each screen can draw them its own way: the terminal styles them
with Rich markup, the browser receives the sentence with the event and turns
each token into a card chip, and ``plain`` makes plain text for logs and
tests. Nobody writes a game's wording twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

CARD_TOKEN = re.compile(r"\[\[([^\[\]]+)\]\]")

#: how much a line matters, for screens to style: "" an ordinary line, "aside" a
#: consequence of the line before (an effect), "quiet" bookkeeping (whose turn),
#: "alert" something against a player (a penalty, a NOPE, a refusal), "good" a
#: win, "strong" a milestone (a round, the end), "special" a special card
TONES = ("", "aside", "quiet", "alert", "good", "strong", "special")


def plural(n: int, word: str) -> str:
    """``n`` and the word, with an s unless there is exactly one: "1 card", "3 hands"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


class Line(NamedTuple):
    """One event told in words: the sentence and its tone."""

    text: str
    tone: str = ""


class Words(Protocol):
    """How a game tells its events."""

    def describe(self, event: Mapping[str, Any], names: Sequence[str]) -> Line | None:
        """One line for ``event`` (its JSON as the viewer sees it), seats named by
        ``names``; None for an event a person need not read (a bookkeeping one)."""
        ...


#: one kind of event told: (its JSON as the viewer sees it, the name of its seat ("" for none),
#: every seat's name) -> its line, or None for an event this viewer need not read
Told = Callable[[Mapping[str, Any], str, Sequence[str]], Line | None]


def said(template: str, tone: str = "",
         fields: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None) -> Told:
    """A sentence that is the same every time but for the event's fields: ``{who}`` is the
    seat's name, any other ``{field}`` the event's own (``fields``, when given, adds or rewrites
    some first: King Taco says an effect's symbol in words)."""
    def told(e: Mapping[str, Any], who: str, names: Sequence[str]) -> Line:
        values = {**e, **fields(e)} if fields is not None else e
        return Line(template.format_map({**values, "who": who}), tone)
    return told


class TableWords:
    """A game's words as a table, one entry per kind of event (``Told``): the dialect every game
    writes its words in, so that adding an event is one line in a table, not a branch of a
    ladder. Kinds not in the table are told as every game tells them (``shared``)."""

    def __init__(self, told: Mapping[str, Told]):
        self.told = dict(told)

    def describe(self, event: Mapping[str, Any], names: Sequence[str]) -> Line | None:
        told = self.told.get(event["event"])
        if told is None:
            return shared(event, names)
        seat = event.get("seat")
        return told(event, names[seat] if isinstance(seat, int) else "", names)


def shared(e: Mapping[str, Any], names: Sequence[str]) -> Line | None:
    """The events every game tells alike: whose turn it is, a refusal, the end, a house rule
    firing (its effects follow in lines of their own: "Sevens give (house rule)", "Bo draws 1")."""
    kind = e["event"]
    if kind == "house":
        return Line(f"{e['title']} (house rule)", "special")
    if kind == "turn":
        return Line(f"— {names[e['seat']]}'s turn —", "quiet")
    if kind == "refused":
        return Line(f"Refused: {e['reason']} [{e['rule']}]", "alert")
    if kind == "over":
        return Line(f"The game ends: {e['reason']}", "strong")
    return None


YOU = "You"
_IRREGULAR = {"is": "are", "has": "have", "was": "were"}


def _base_form(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


#: verbs the games' words join to a first one with "and" ("Ann plays 5♥ and draws 2"): a
#: list, not a guess, since "and" is as often followed by a plural noun ("tables and stashes")
_AND_VERBS = ("draws", "gains", "keeps", "loses", "passes", "pays", "plays", "raises", "takes", "tells",
              "wins", "writes")
_AND_VERB = re.compile(rf"\band ({'|'.join(_AND_VERBS)})\b")
#: "You" that is not a sentence's first word: after a word or a comma ("as if You played it")
_INNER_YOU = re.compile(rf"(?<=[a-z0-9,;] ){YOU}\b")
#: a line (or its opening markup) that begins "your ...", to be capitalised
_QUOTED = re.compile(r"(“[^”]*”)")
_YOUR_FIRST = re.compile(r"^((?:\[[^\]]*\])?)your\b")


def second_person(line: str) -> str:
    """Lines are written in the third person ("Ann plays 5♥"); the person
    reading is named "You", so their lines read "You play 5♥" and "your turn".
    One rule here instead of a grammar in every game's words: the verbs agree
    ("You play 5♥ and draw 2"), "You" inside a sentence is "you", and a line
    that begins with the reader's possession begins "Your". Words quoted as
    said aloud (“…”) stay exactly as they were said."""
    mine = line.startswith(f"{YOU} ")
    parts = _QUOTED.split(line)
    for i in range(0, len(parts), 2):  # the even parts are outside quotes
        parts[i] = _told(parts[i], mine)
    return _YOUR_FIRST.sub(lambda m: f"{m.group(1)}Your", "".join(parts))


def _told(text: str, mine: bool) -> str:
    """``second_person`` on words outside quotes; ``mine`` when the line's subject is the reader."""
    text = text.replace(f"{YOU}'s turn", "your turn").replace(f"{YOU}'s ", "your ")
    if mine:  # "You hold their cards up" reads "You hold your cards up"
        text = re.sub(r"\btheir\b", "your", re.sub(r"\bthemself\b", "yourself", text))
        text = _AND_VERB.sub(lambda m: f"and {_base_form(m.group(1))}", text)
    text = re.sub(rf"\b{YOU} ([A-Za-z]+)", lambda m: f"{YOU} {_base_form(m.group(1))}", text)
    return _INNER_YOU.sub("you", text)


def tell(words: Words, event: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> Line | None:
    """``event`` in words for ``viewer``: its own seat is "You"."""
    if viewer is not None and 0 <= viewer < len(names):
        names = [YOU if s == viewer else n for s, n in enumerate(names)]
    line = words.describe(event, names)
    if line is None:
        return None
    return Line(second_person(line.text), line.tone) if viewer is not None else line


def card(name: str) -> str:
    """A card's token in a sentence."""
    return f"[[{name}]]"


def cards(names: Sequence[str], sep: str = " ") -> str:
    return sep.join(card(n) for n in names)


def render(text: str, draw: Callable[[str], str]) -> str:
    """``text`` with each card token drawn by ``draw`` (given the card's name)."""
    return CARD_TOKEN.sub(lambda m: draw(m.group(1)), text)


def plain(text: str) -> str:
    """``text`` with the card tokens as bare names."""
    return render(text, lambda name: name)
