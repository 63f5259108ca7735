"""bpoker's house-rule vocabulary (issue 36): which card rule a card follows, as records.

One family, the chapter's own mechanism (docs/rules/bpoker.md, "House rules a table may
write", BP-HR1 .. BP-HR6): a card's rule is looked up by its value in effect in the
catalogue (``catalogue.RULES``; a red 5 makes the next card's rule that of the card one lower,
"it has the special card rule for a 2 invoked instead of the rule for a 3", L403-407). A rule
on ``card`` names values (``card.rank``, ``card.suit``, ``card.colour``) and says the rule they
follow instead: ``like:9S`` (the chapter's rule of another card, as the chapter gives it) or
``plain`` (none: the card plays for its poker value only); ``replaces`` switches a card rule
off by its clause (BP-1B .. BP-AC), for every card that follows it.

A card's rule is what its catalogue record holds: its immediate effect, its continuous effects
(the viewing hand's correct number, the table's maximum, fees) and the 3's beginning-of-turn
trigger. ``house`` compiles a book into the card rules a state plays by (``HouseCards``);
``housecheck`` judges one first.
"""

from __future__ import annotations

from typing import Any, Final

from ...engine.house.conditions import Reading
from ...engine.house.kinds import COLOUR, SUIT, Kind
from ...engine.house.text import RuleError
from ...engine.house.vocabulary import Effect, Seed, Subject, Trigger, Vocabulary
from .cards import BLACK1, RANK_NAMES, RED1, SUIT_LETTERS, is_red, value_name
from .catalogue import SAYS, VALUES, code, decode, says
from .housecheck import judge

ALL_OPS = ("==", "!=", "in", "<=", ">=")
EQ_OPS = ("==", "!=", "in")

CODES: Final = tuple(code(v) for v in VALUES)
_RANK_WORDS: Final = {**{v.lower(): k for k, v in RANK_NAMES.items()}, "ace": 14, "jack": 11, "queen": 12,
                      "king": 13, "joker": 1, "t": 10, "ten": 10}
_SYMBOLS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_ONES: Final = {"1r": (1, RED1), "1 of red": (1, RED1), "1b": (1, BLACK1), "1 of black": (1, BLACK1),
                "joker": (1, BLACK1), "jk": (1, BLACK1)}


def _value(literal: str, where: str) -> int:
    word = literal.strip().lower()
    for symbol, letter in _SYMBOLS.items():
        word = word.replace(symbol, letter.lower())
    if word in _ONES:
        return code(_ONES[word])
    rank, suit = word[:-1].strip(), word[-1:].upper()
    if rank in _RANK_WORDS and suit in SUIT_LETTERS:
        return code((_RANK_WORDS[rank], SUIT_LETTERS.index(suit)))
    raise RuleError(where, f"{literal!r} is not a card (9S, 10D, AH, JC; 1R, 1B, 1C for the 1s)")


def _write(n: Any) -> str:
    r, s = decode(n)
    if s >= 4:
        return "1R" if s == RED1 else "1B"
    return RANK_NAMES[r] + SUIT_LETTERS[s]


def _say(n: Any) -> str:
    return value_name(*decode(n))


#: a card's value (a rank and a suit, or the 1 of a colour), kept as ``code``
VALUE: Final = Kind("card", _value, _write, _say, CODES)


def _rank(literal: str, where: str) -> int:
    word = literal.strip().lower()
    if word not in _RANK_WORDS:
        raise RuleError(where, f"{literal!r} is not a rank (1 2 .. 10 J Q K A; a Joker is a 1)")
    return _RANK_WORDS[word]


def _rank_name(value: Any) -> str:
    return RANK_NAMES[int(value)]


#: bpoker's ranks: "An ace is not a 1, it is an A. A Joker is a 1 of Black" (L213-214): 1 .. 14
RANK: Final = Kind("rank", _rank, _rank_name, _rank_name, tuple(range(1, 15)))


def _suit_of(n: Any) -> int:
    s = decode(n)[1]
    return s if s < 4 else -1  # the 1 of a colour is no suit's


def _colour_of(n: Any) -> str:
    return "red" if is_red(decode(n)[1]) else "black"


SUBJECTS = (Subject("card", "the card", CODES),)
READINGS = (
    Reading("card.rank", RANK, ALL_OPS, "the card's rank", "card", lambda n: decode(n)[0]),
    Reading("card.suit", SUIT, EQ_OPS, "the card's suit", "card", _suit_of),
    Reading("card.colour", COLOUR, EQ_OPS, "the card's colour", "card", _colour_of),
)
TRIGGERS = (
    Trigger("card", "BP-E1", "When a card's rule is looked up (by its value in effect)",
            ("card.rank", "card.suit", "card.colour"), ("like", "plain"), penalty=False, who="it"),
)
EFFECTS = (
    Effect("like", "BP-5.1", "{who} follows the rule of the {n} instead, as the chapter gives it", kind=VALUE),
    Effect("plain", "BP-HR3", "{who} follows no card rule: it plays for its poker value only"),
)
#: the single cards' rules a book may switch off, by clause, in the words the app says them
SAYS_ORDER: Final = tuple(clause for clause in SAYS if not clause.startswith("BP-P."))
SEED_ENTRIES = tuple(Seed(clause, says(clause, {})) for clause in SAYS_ORDER)

VOCABULARY = Vocabulary(
    game="bpoker", clause="BP-HR1", triggers=TRIGGERS, subjects=SUBJECTS, readings=READINGS, effects=EFFECTS,
    seed=SEED_ENTRIES, judge=judge, hint="card.rank, card.suit, card.colour",
)
