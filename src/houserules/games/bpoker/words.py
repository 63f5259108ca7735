"""bpoker's events in plain words: one sentence per event, cards as ``[[NAME]]`` tokens.

The lines say what happened, not which clause made it happen: a clause id (``BP-7``) is for
someone who asks for it (``houserules rules bpoker --full``), and each event keeps its clause
in its data. Seats are named, never "seat 1": the rules write the seats their questions
mention as "seat N" (``name_seats`` puts each player's name there, "your" for the reader).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...engine.words import Line, card, cards, shared
from .cards import CardError, parse_card
from .catalogue import RULES
from .pairs import SETS

Said = Callable[[Mapping[str, Any], str, Sequence[str]], str | None]


def _cards(n: Any) -> str:
    """``n`` cards in words, singular for one: "1 card", "3 cards"."""
    return f"{n} card" if n == 1 else f"{n} cards"


def _seat(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


_SEAT_WORD = re.compile(r"\bseat (\d+)('s)?")


def name_seats(text: str, names: Sequence[str]) -> str:
    """Words the rules wrote with seats as "seat N" ("discard a card of seat 2's table"), each seat
    named: the reader's own name is "You", which ``engine.words.second_person`` turns into "your"
    ("You's table" reads "your table")."""
    return _SEAT_WORD.sub(lambda m: _seat(names, int(m.group(1))) + (m.group(2) or ""), text)


#: a card's or a set's name by its clause, for a line about its effect ("Ann's 2♠ does nothing"),
#: filled on first use: the card records register themselves when the rules are loaded
_TITLES: dict[str, str] = {}


def effect_name(clause: str) -> str:
    """The card or set whose effect ``clause`` is, in words ("2♠", "4 + 4"), or "card"."""
    if not _TITLES:
        from . import effects_high, effects_low  # noqa: F401  (importing them registers the records)

        _TITLES.update({r.clause: r.title for r in RULES.values()})
        _TITLES.update({r.clause: r.title for r in SETS})
    title = (_TITLES.get(clause) or _TITLES.get(clause.rsplit(".", 1)[0]) or "card").split(" (")[0]
    words = title.split()
    if len(words) > 1 and all(w[-1] in "♣♦♥♠" for w in words):  # "9♥ 9♠": a rule of several suits
        return words[0][:-1]
    return {"BP-2": "2"}.get(clause, title)


def _to(names: Sequence[str], dest: str) -> str:
    """``pot``, ``discard`` or ``seat N`` (a payment into that player's stash)."""
    return _seat(names, int(dest[5:])) if dest.startswith("seat ") else f"the {dest}"


#: a prompt ending in one of these asks for what the options name ("trade the 2 for …")
_OPEN_ENDS = ("for", "onto", "with", "to", "from", "of")


def open_prompt(prompt: str) -> str:
    """A question put to a seat, ended with "…" where the offered options complete it."""
    return prompt + " …" if prompt.rsplit(" ", 1)[-1] in _OPEN_ENDS else prompt


def _choice(choice: str, names: Sequence[str]) -> str:
    """An offered option in words, its cards as card tokens: ``2S#3+AS#2`` is two cards,
    ``5H>seat:1`` a card forced onto a seat's table, ``seat:2`` a seat; anything else as it is."""
    if ">" in choice:
        what, _, seat = choice.partition(">")
        return f"{_choice(what, names)} for {_seat(names, _seat_number(seat))}'s table"
    if choice.startswith("seat:"):
        return _seat(names, _seat_number(choice))
    parts = choice.split("+")
    if all(_is_card(p) for p in parts):
        return cards(parts)
    return choice


def _seat_number(text: str) -> int | None:
    number = text.removeprefix("seat:")
    return int(number) if number.isdigit() else None


def _is_card(name: str) -> bool:
    try:
        parse_card(name)
    except CardError:
        return False
    return True


def _played(e: Mapping[str, Any], who: str, names: Sequence[str]) -> str:
    text = f"{who} plays {card(e['card'])}"
    if "forced_by" in e:
        text = f"{card(e['card'])} comes into play on {who}'s table, as if {who} played it"
    if "as" in e:
        text += f" (a {e['as']} in effect)"
    return text + (" — no-effect" if e.get("ne") else "")


SENTENCES: dict[str, Said] = {
    "played": _played,
    "asked": lambda e, w, n: f"{w} must choose: {open_prompt(name_seats(e['prompt'], n))}.",
    "chose": lambda e, w, n: f"{w} chooses {_choice(e['choice'], n)}." if "choice" in e else f"{w} chooses.",
    "reacted": lambda e, w, n: f"{w} reacts: {e['reaction']}.",
    "broken": lambda e, w, n: f"The tile {cards(e['cards'])} on {w}'s table is broken up.",
    "paid": lambda e, w, n: f"{w} pays {_cards(e['count'])} to {_to(n, e['to'])}.",
    "forgiven": lambda e, w, n: f"{w} cannot pay {e['count']} more; it is forgiven.",
    "cannibalised": lambda e, w, n: f"{w} pays {_to(n, e['to'])} with {card(e['card'])} from the table.",
    "lost": lambda e, w, n: f"{w}'s {effect_name(e['clause'])} does nothing: {e['why']}.",
    "to-be-played": lambda e, w, n: f"{w} must play {_cards(e['count'])} from the {e['from']}.",
    "took-random": lambda e, w, n: f"{w} takes {card(e['card'])} at random from {_seat(n, e['from'])}'s stash.",
    "to-pot": lambda e, w, n: f"{w} puts {_cards(e['count'])} from the {e['from']} into the pot.",
    "from-pot": lambda e, w, n: f"{w} takes {_cards(e['count'])} from the pot.",
    "wilds-to-pot": lambda e, w, n: f"Every wild goes to the pot: {cards(e['cards'])}.",
    "looked": lambda e, w, n: f"{w} looks at a viewing hand.",
    "traded-viewing": lambda e, w, n: f"{w} trades viewing hands with {_seat(n, e['with'])}.",
    "traded": lambda e, w, n: f"{w} trades {card(e['gave'])} for {cards(e['took'])}.",
    "traded-hands": lambda e, w, n: f"{w} trades poker hands with {_seat(n, e['with'])}.",
    "wild": lambda e, w, n: f"{card(e['card'])} becomes wild on {w}'s table.",
    "tunnel": lambda e, w, n: f"{w} tunnels {card(e['card'])} with {card(e['six'])} (viewing hand to the pot).",
    "magic": lambda e, w, n: f"{w} uses the Magic of {card(e['card'])}.",
    "j-spent": lambda e, w, n: f"The J makes {card(e['card'])} no-effect.",
    "j-armed": lambda e, w, n: "The next card played will be no-effect.",
    "replayed": lambda e, w, n: f"{w} replays {card(e['card'])} (as {e['as']}).",
    "five-price": lambda e, w, n: f"{w} pays ({e['price']}) to choose the card on the 5.",
    "forced": lambda e, w, n: f"{w} forces {card(e['card'])} onto {_seat(n, e['onto'])}'s table.",
    "ring": lambda e, w, n: "The Ring Rule: every player has had the shaft power.",
    "ring-split": lambda e, w, n: "The pot is split among the players.",
    "ring-no-shaft": lambda e, w, n: f"{w} gets no shaft power (the Ring Rule).",
    "discarded": lambda e, w, n: f"{card(e['card'])} from {w}'s table goes to the discard.",
    "restored": lambda e, w, n: f"{cards(e['cards'])} return to normal.",
    "control": lambda e, w, n: f"{w} controls {_seat(n, e['of'])}'s hand.",
    "released": lambda e, w, n: f"{w} releases control of {_seat(n, e['of'])}'s hand.",
    "handed": lambda e, w, n: (f"{w} sends {card(e['card'])} back to {_seat(n, e['to'])} (Reflector)."
                               if e.get("clause") == "BP-JE.R" else f"{w} gives {card(e['card'])} to {_seat(n, e['to'])}."),
    "ace-clubs": lambda e, w, n: f"{w}'s A♣ ends every effect in progress.",
    "turn-ends": lambda e, w, n: f"{w}'s turn is over.",
    "hand": lambda e, w, n: f"Hand {e['hand']} begins; {w} deals.",
    "exempt": lambda e, w, n: f"{w}'s {e['count']} table cards do not count toward the maximum this turn.",
    "drew": lambda e, w, n: f"{w} draws {_cards(e['count'])}" + (f": {cards(e['cards'])}." if "cards" in e else "."),
    "returned": lambda e, w, n: f"{w} returns a card to the stash.",
    "declared": lambda e, w, n: f"{w} declares {cards(e['cards']) or 'nothing'} ({e['hand']}).",
    "pass": lambda e, w, n: f"{w} passes: no more plays this turn.",
    "no-cards": lambda e, w, n: f"{w} has no cards left: {w}'s turns go by without asking {w} until {w} gets some.",
    "scrapped": lambda e, w, n: f"{w} scraps the table.",
    "won-hand": lambda e, w, n: f"{w} wins the hand ({e['how']}) and {_cards(e['pot'])} of pot.",
    "lost-hand": lambda e, w, n: f"{w} loses the hand.",
    "hand-cap": lambda e, w, n: f"The hand ends without a winner after {e['turns']} turns.",
    "window": lambda e, w, n: f"{' and '.join(_seat(n, s) for s in e['seats'])} may answer "
                              + (f"{name_seats(e['about'], n)}." if e.get("about") else "the card."),
    "passed": lambda e, w, n: f"{w} does not react.",
    "turn-over": lambda e, w, n: f"{w} declares a poker hand next.",
    # pairs and sets (pairs.py)
    "set-played": lambda e, w, n: f"{w} plays the set {cards(e['cards'])}: {e['set']}.",
    "locked-out": lambda e, w, n: f"{cards(e['cards'])} cannot come onto {w}'s table (10♦ + card): discarded unresolved.",
    "in-effect": lambda e, w, n: f"{card(e['card'])} is a {e['as']} in effect on {w}'s table.",
    "took-back": lambda e, w, n: f"{w} takes a table card back into the viewing hand.",
    "traded-all": lambda e, w, n: f"{w} trades viewing hands, cards-to-be-played, tables and stashes with {_seat(n, e['with'])}.",
    "shield": lambda e, w, n: f"Every card on {w}'s table becomes no-effect (Shield).",
    "reversed": lambda e, w, n: "The direction of play is reversed: play now goes "
                                + ("left." if e["direction"] == 1 else "right."),
    "atomic": lambda e, w, n: f"Atomic Bomb: {_cards(e['count'])} from every table and the discard go to the pot.",
    "next-instead": lambda e, w, n: f"{w}'s turn is over: {_seat(n, e['next'])}'s turn begins next instead (Q + Q).",
    "no-regain": lambda e, w, n: f"{w} may not regain the turn: nobody is skipped (A + A with two players left).",
    "skip": lambda e, w, n: f"{_seat(n, e['next'])}'s next turn will be skipped (A + A).",
    "skipped": lambda e, w, n: f"{w}'s turn is skipped (A + A).",
    "reflect": lambda e, w, n: f"{w} reflects {card(e['card'])} back with {cards(e['cards'])} (Reflector).",
    "neutralized": lambda e, w, n: f"{w} discards {cards(e['cards'])} together (Neutralization): no 3♣ to declare.",
    "f-poker": lambda e, w, n: f"Play is paused: {w} starts a game of f_poker for an f_pot of {e['f_pot']} cards.",
    "f-stand": lambda e, w, n: f"f_poker: {w} stands.",
    "f-fold": lambda e, w, n: f"f_poker: {w} folds.",
    "f-draw": lambda e, w, n: f"f_poker: {w} changes {_cards(e['count'])}.",
    "f-won": lambda e, w, n: f"{w} wins f_poker and its f_pot of {e['f_pot']} cards; play resumes with {w}'s turn "
                             "(no win check this time).",
    "unit-sideways": lambda e, w, n: f"{w} turns {card(e['card'])} of the Discreationary Shafting Unit sideways "
                                     "to force a card as a 6.",
    "unit-spent": lambda e, w, n: f"All three 6s of {w}'s unit are sideways: {cards(e['cards'])} go to the discard.",
    "unit-upright": lambda e, w, n: f"{card(e['card'])} of the Discreationary Shafting Unit is upright again.",
    "nine-stands": lambda e, w, n: f"{w}'s 9♦ will win the hand if it is still there when {w}'s turn begins.",
    "hole": lambda e, w, n: (f"{w}'s Black Hole: everyone pays {w} 2 cards." if e["clause"] == "BP-P.7H"
                             else f"{w}'s White Hole: {w} pays everyone 2 cards."),
}

#: how much each line matters (engine/words.py TONES); unlisted: an ordinary line
TONE = {"asked": "quiet", "chose": "quiet", "window": "quiet", "passed": "quiet", "turn-over": "quiet",
        "drew": "quiet", "paid": "aside", "forgiven": "aside", "cannibalised": "aside",
        "broken": "aside", "lost": "aside", "j-spent": "aside", "to-pot": "aside", "returned": "quiet",
        "exempt": "aside", "magic": "special", "tunnel": "special", "control": "special",
        "ring": "special", "ring-split": "special", "won-hand": "good", "lost-hand": "alert",
        "hand": "strong", "hand-cap": "strong", "reacted": "special", "set-played": "special", "reflect": "special", "f-poker": "strong", "f-won": "good",
        "atomic": "alert", "shield": "special", "unit-sideways": "special", "unit-spent": "aside", "hole": "aside", "skipped": "aside", "no-cards": "aside"}


class BPokerWords:
    def describe(self, event: Mapping[str, Any], names: Sequence[str]) -> Line | None:
        said = SENTENCES.get(event["event"])
        if said is None:
            return shared(event, names)
        text = said(event, _seat(names, event.get("seat")), names)
        return None if text is None else Line(text, TONE.get(event["event"], ""))


WORDS = BPokerWords()
