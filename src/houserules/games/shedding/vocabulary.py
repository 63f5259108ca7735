"""Shedding's house-rule vocabulary (issue 36): what a table may write rules about, as records.

Each trigger is tied to the clause it extends and fires at the moment the seed's own
effects do (docs/rules/shedding.md, "House rules of your own", HR-1 .. HR-16):

- ``play``: a turn's last card takes effect (S-4.7), as the seed's 2, 8, King and Ace do;
- ``allow``: a first card may be played on a top it does not match (S-2.2);
- ``forbid``: a card may not be played (strict mode refuses it; table mode charges the
  rule's penalty, else a Mistake's);
- ``out``: a player's last card would take them out (S-8.1): a penalty instead of the win;
- ``draw``: a player draws one card for want of a play (H-1);
- ``turnstart``: a turn starts.

Conditions read the card (``card.rank``/``suit``/``colour``), the card it lands on (``top.*``;
at a draw or a turn's start, the pile's top), the player's ``hand.size`` and the draw
``pressure``, as each trigger allows. Effects: ``skip``, ``reverse``, ``again``, ``draw:N``,
``next:draw:N``, ``everyone:draw:N``, ``pressure:N``, ``suit``; a named penalty of 1 to 3
cards; ``replaces``: the seed's card effects S-4.1 .. S-4.6 switched off. ``house`` compiles
a book into the card table; ``housecheck`` judges one before the first card.
"""

from __future__ import annotations

from ...cards import DECK_SIZE, IS_RED, RANK, SUIT
from ...engine.house.conditions import Reading
from ...engine.house.kinds import COLOUR, count_kind
from ...engine.house.kinds import RANK as RANK_KIND
from ...engine.house.kinds import SUIT as SUIT_KIND
from ...engine.house.vocabulary import Effect, Seed, Subject, Trigger, Vocabulary
from .housecheck import judge

# --- what conditions read ------------------------------------------------------------------------
ALL_OPS = ("==", "!=", "in", "<=", ">=")
EQ_OPS = ("==", "!=", "in")
#: the most draw pressure a condition names (more reads as this much)
MOST_PRESSURE = 60
CARDS = tuple(range(DECK_SIZE))
SUBJECTS = (
    Subject("card", "the card", CARDS),
    Subject("top", "the card it lands on", CARDS),
    Subject("hand", "the player's hand", tuple(range(DECK_SIZE + 1))),
    Subject("pressure", "the draw pressure", tuple(range(MOST_PRESSURE + 1))),
)


def _colour(c: int) -> str:
    return "red" if IS_RED[c] else "black"


def _card(subject: str, whose: str) -> tuple[Reading, ...]:
    return (Reading(f"{subject}.rank", RANK_KIND, ALL_OPS, f"{whose} rank", subject, RANK.__getitem__),
            Reading(f"{subject}.suit", SUIT_KIND, EQ_OPS, f"{whose} suit", subject, SUIT.__getitem__),
            Reading(f"{subject}.colour", COLOUR, EQ_OPS, f"{whose} colour", subject, _colour))


READINGS = (
    *_card("card", "the card's"), *_card("top", "the top card's"),
    Reading("hand.size", count_kind(0, DECK_SIZE, "number of cards", "cards"), ALL_OPS,
            "the player's hand", "hand"),
    Reading("pressure", count_kind(0, MOST_PRESSURE, "number of cards"), ALL_OPS, "the draw pressure",
            "pressure"),
)
CARD = ("card.rank", "card.suit", "card.colour")
TOP = ("top.rank", "top.suit", "top.colour")
HOLDING = tuple(range(1, DECK_SIZE + 1))  # a player who plays or draws holds a card

# --- the moments a rule may hang on ----------------------------------------------------------------
DRAWS = ("draw", "next:draw", "everyone:draw")
TRIGGERS = (
    Trigger("play", "S-4.7", "When a turn's last card takes effect", CARD + TOP + ("hand.size",),
            ("skip", "reverse", "again", *DRAWS, "pressure", "suit")),
    Trigger("allow", "S-2.2", "A first card may also be played on a top card it does not match", CARD + TOP +
            ("hand.size",), penalty=False, needs_if=True, acts=False, domains={"hand": HOLDING}),
    Trigger("forbid", "S-2.1", "A card may not be played", CARD + TOP + ("hand.size", "pressure"), needs_if=True,
            acts=False, domains={"hand": HOLDING}, costs="in table mode, trying it costs the player"),
    Trigger("out", "S-8.1", "When a player's last card would take them out", CARD + TOP,
            costs="instead of winning, the player takes the penalty"),
    Trigger("draw", "H-1", "When a player draws a card for want of a play", TOP + ("hand.size",),
            ("skip", "reverse", *DRAWS), who="the player who drew", domains={"hand": HOLDING}),
    Trigger("turnstart", "S-2.1", "When a turn starts", TOP + ("hand.size", "pressure"), DRAWS,
            who="the player whose turn it is"),
)


def _n(n: int, seats: int) -> int:
    return n


def _others(n: int, seats: int) -> int:
    return n * (seats - 1)


EFFECTS = (
    Effect("skip", "S-4.4", "the next player is skipped"),
    Effect("reverse", "S-4.5", "the direction of play reverses", cancels=True),
    Effect("again", "HR-9", "{who} plays again"),
    Effect("draw", "HR-10", "{who} draws {cards}", 1, 5, cost=_n),
    Effect("next:draw", "HR-10", "the next player draws {cards}", 1, 5, cost=_n),
    Effect("everyone:draw", "HR-10", "every other player draws {cards}", 1, 3, cost=_others),
    Effect("pressure", "S-4.1", "the draw pressure grows by {n}, as a 2's does", 1, 5, cost=_n),
    Effect("suit", "S-4.6", "the active suit becomes the card's own, as an Ace's does"),
)
SEED_ENTRIES = (
    Seed("S-4.1", "a 2 puts 2 cards of draw pressure on the next player"),
    Seed("S-4.2", "a black Jack puts 5 cards of draw pressure on the next player"),
    Seed("S-4.3", "a red Jack shields against draw pressure"),
    Seed("S-4.4", "an 8 skips the next player"),
    Seed("S-4.5", "a King reverses the direction of play"),
    Seed("S-4.6", "an Ace makes its suit the active suit"),
)


VOCABULARY = Vocabulary(
    game="shedding", clause="HR-1", triggers=TRIGGERS, subjects=SUBJECTS, readings=READINGS, effects=EFFECTS,
    seed=SEED_ENTRIES, judge=judge,
    hint="card/top .rank/.suit/.colour, hand.size, pressure",
)
