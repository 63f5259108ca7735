"""Mao's rules as data: one declarative record per rule of seed 003.

Every rule is a ``Rule``: the seed paragraph it restates (``id``), what
triggers it, the conditions on the card that triggered it, the obligations it
puts on someone (who, what, within what time, the penalty for failing and for
doing it wrongly), the effects it has on play, and the penalty for doing its
act at the wrong time. The Extension (issue 13) writes new rules in this same
form, so the seed's standard and additional rules are written in it here and
the judge (``judge``, ``flow``) interprets records instead of special cases.

Conduct rules (talking, pointing, touching, Band-Aid, ...) are records too;
what they watch (speech, a point, a hand held) is not a card, so their
``trigger`` names the act and the judge knows the act.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, RANK, SPADES, SUIT
from ...engine.core import OptionsError
from ...engine.house.conditions import Condition as Condition  # a rule's conditions (re-exported)
from .speech import loose

# --- the seed's names for things ----------------------------------------------------
#: {name} in the Ailments rule, by rank
FACE_NAMES = {JACK: "jack", QUEEN: "queen", KING: "king"}
#: {suit} in the Ailments rule, by suit (Spades are knaves, Clubs clovers)
SUIT_NAMES = {SPADES: "knaves", DIAMONDS: "diamonds", CLUBS: "clovers", HEARTS: "hearts"}

START = "The game of maʊ has now started."
ENDED = "The game of maʊ has now ended."
POINT_OF_ORDER = "Point of order."
SUSTAINED = "Sustained."
OVERRULED = "Overruled."
ADJOURNED = "Meeting adjourned."
PAUSED_ORIGINAL = "The game of maʊ is now paused."
#: a dealer's rulings on a correction (M-corrections), in human-dealer mode
RULINGS: tuple[str, str, str] = ("Good call.", "Bad call.", "No call.")

# penalty names exactly as the seed words them
IMPROPER_PLAY = "improper play"
LAST_CARD = "failure to say ‘maʊ.’"
TALKING = "talking"
NOT_YOUR_TURN = "not your turn"
DELAY = "delay of game"
POINTING = "pointing"
DISCUSSION = "discussion of the rules"
BAD_CALL = "bad call"
GOOD_CALL = "good call"
NO_CALL = "no call"
TOUCHING = "touching your cards"
KNOCK_TWICE = "failure to knock twice"
KNOCK_ONCE = "failure to knock once"
IMPROPER_KNOCKING = "improper knocking"
AILMENT = "improper ailment of the {name} of {suit}"
SUBWAY = "failure to say subway"
BAND_AID = "Band-Aid"
CHRISTMAS = "failure to say Merry Christmas"
#: the seed's second names for the same penalties
ALIASES = {"your turn, go": DELAY, "gesturing": POINTING}


@dataclass(frozen=True)
class Obligation:
    """What a rule requires, of whom, by when, and what failing costs.

    ``who``: ``player`` (whom the trigger concerns: who played or drew, whose
    hand or turn it is, who was penalised or spoke), ``next`` (the next player
    in the turn order after them, turn-order effects ignored) or ``everyone``
    (each seat, that player too). ``act``: ``say`` a phrase (``phrase``, with
    {name}/{suit} filled in from the card; ``also`` are other accepted
    wordings), ``knock`` ``count`` times, ``point`` (at any seat), or
    ``silent`` (not speak while the duty lasts). It is due within the
    reasonable time (option ``grace_s``) and at the latest before another turn
    is played. ``failure`` is the penalty for not doing it (for ``silent``:
    for speaking); ``improper`` the penalty for attempting it wrongly (None: a
    wrong phrase is only talking, a wrong count of knocks is the failure);
    ``prefix`` marks what counts as an attempt.
    """

    who: str
    act: str
    failure: str
    phrase: str = ""
    also: tuple[str, ...] = ()
    count: int = 0
    improper: str | None = None
    prefix: str = ""


@dataclass(frozen=True)
class Rule:
    """One rule of the game as data (see the module docstring).

    ``trigger``: ``play`` (a card lands on the play pile), ``last`` (a play
    leaves one card in hand), ``draw`` (a draw as part of a turn), ``allow``
    (a card may be played when ``when`` holds), ``start`` (the first card
    flipped), ``hand`` (a hand reaching a size), ``turnstart`` (a turn
    starting), ``penalty`` (a penalty given), ``phrase`` (something said), or
    an act the judge watches (``say``, ``knock``, ``point``, ``touch``,
    ``show``, ``call``, ``time``, ``turn``). ``effects``: ``skip``,
    ``reverse``, ``again``, ``draw:N``, ``next:dealer``. ``penalty``: the name
    a violation of a conduct rule gets, or what the trigger itself costs;
    ``wrong_time``: the name for doing the rule's act when not required.
    """

    id: str
    title: str
    group: str
    trigger: str
    when: tuple[Condition, ...] = ()
    must: tuple[Obligation, ...] = ()
    effects: tuple[str, ...] = ()
    penalty: str | None = None
    wrong_time: str | None = None


C = Condition
FACE = C("card.rank", "in", (JACK, QUEEN, KING))

RULES: tuple[Rule, ...] = (
    # --- base rules: always in play -------------------------------------------------
    Rule("playcards", "Playing cards", "base", "allow",
         when=(C("card.suit", "==", "below.suit"),), penalty=IMPROPER_PLAY),
    Rule("playcards", "Playing cards", "base", "allow",
         when=(C("card.rank", "==", "below.rank"),), penalty=IMPROPER_PLAY),
    Rule("last", "Last card", "base", "last",
         must=(Obligation("player", "say", LAST_CARD, phrase="maʊ"),), wrong_time=TALKING),
    Rule("talking", "Talking", "base", "say", penalty=TALKING),
    Rule("out", "Out of turn", "base", "turn", penalty=NOT_YOUR_TURN),
    Rule("delay", "Delay of game", "base", "time", penalty=DELAY),
    Rule("pointing", "Pointing", "base", "point", penalty=POINTING),
    Rule("discussion", "Discussion of rules", "base", "say", penalty=DISCUSSION),
    Rule("corrections", "Corrections", "base", "call", penalty=BAD_CALL),
    # --- standard rules -------------------------------------------------------------
    Rule("touching", "Touching cards", "standard", "touch", penalty=TOUCHING),
    Rule("playextension", "Play extension", "standard", "allow",
         when=(C("card.colour", "==", "below.colour"), C("card.rank", "adjacent", "below.rank")),
         penalty=IMPROPER_PLAY),
    Rule("knocking1", "Knocking", "standard", "play", when=(C("card.suit", "==", HEARTS),),
         must=(Obligation("player", "knock", KNOCK_TWICE, count=2, improper=IMPROPER_KNOCKING),),
         wrong_time=IMPROPER_KNOCKING),
    Rule("ailments", "Ailments", "standard", "play", when=(FACE,),
         must=(Obligation("player", "say", AILMENT, phrase="All hail the {name} of {suit}",
                          improper=AILMENT, prefix="all hail"),),
         wrong_time=TALKING),
    Rule("subway", "Subway", "standard", "play", when=(C("card.rank", "==", "below2.rank"),),
         must=(Obligation("player", "say", SUBWAY, phrase="Subway"),), wrong_time=TALKING),
    # --- additional rules -----------------------------------------------------------
    Rule("order", "Turn order", "additional", "play", when=(C("card.rank", "==", 10),), effects=("skip",)),
    Rule("order", "Turn order", "additional", "play", when=(C("card.rank", "==", ACE),), effects=("reverse",)),
    Rule("order", "Turn order", "additional", "start", when=(C("card.rank", "==", 10),), effects=("skip",)),
    Rule("order", "Turn order", "additional", "start", when=(C("card.rank", "==", ACE),), effects=("reverse",)),
    Rule("knocking2", "Knocking (part 2)", "additional", "play", when=(C("card.suit", "!=", "below.suit"),),
         must=(Obligation("player", "knock", KNOCK_ONCE, count=1, improper=IMPROPER_KNOCKING),),
         wrong_time=IMPROPER_KNOCKING),
    Rule("bandaid", "Band-Aid", "additional", "show", penalty=BAND_AID),
    Rule("christmas", "Merry Christmas", "additional", "draw",
         must=(Obligation("next", "say", CHRISTMAS, phrase="Merry Christmas"),), wrong_time=TALKING),
)

BASE = ("playcards", "last", "talking", "out", "delay", "pointing", "discussion", "corrections", "discretion")
STANDARD = ("touching", "playextension", "knocking1", "ailments", "subway")
ADDITIONAL = ("order", "knocking2", "bandaid", "christmas")
#: the original rule set's rules; its modifications (a)-(d) are the flag ``original``
ORIGINAL = ("playextension", "knocking1", "ailments", "subway", "bandaid")
SETS: Mapping[str, tuple[str, ...]] = {
    "base": (), "standard": STANDARD, "all": STANDARD + ADDITIONAL, "original": ORIGINAL + ("original",),
}
#: the paragraph ids one may name in ``rules`` (the seed's own, plus ``knocking`` as its links spell it)
RULE_IDS = BASE + STANDARD + ADDITIONAL
ID_ALIASES = {"knocking": "knocking1"}
#: every rule's paragraph title, for the reveal after a game
TITLES = {r.id: r.title for r in RULES} | {"discretion": "Discretion", "original": "Original rule set (a)-(d)"}


def rule_set(raw: Any) -> tuple[str, ...]:
    """The ``rules`` option as a canonical tuple of names (set names and paragraph ids);
    OptionsError naming what is wrong. Accepts a string (``standard,christmas``) or a list."""
    if isinstance(raw, str):
        items: Iterable[Any] = [x for x in raw.replace(" ", ",").split(",") if x]
    elif isinstance(raw, (list, tuple)):
        items = raw
    else:
        raise OptionsError("rules is a set name (base, standard, all, original) or a list of the seed's paragraph ids")
    out: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise OptionsError(f"rules: {item!r} is not a rule name")
        key = ID_ALIASES.get(item.strip().lower(), item.strip().lower())
        if key not in SETS and key not in RULE_IDS:
            raise OptionsError(f"rules: unknown rule {item!r}; sets: {', '.join(SETS)}; "
                               f"paragraph ids: {', '.join(RULE_IDS)}")
        if key not in out:
            out.append(key)
    if not out:
        raise OptionsError("rules: name at least one set or rule (base rules are always in play)")
    return tuple(out)


def in_play(names: Iterable[str]) -> frozenset[str]:
    """The paragraph ids in play for a ``rules`` option (base rules always), plus ``original``
    when the original set's modifications apply."""
    out = set(BASE)
    for n in names:
        out.update(SETS.get(n, (n,)))
    return frozenset(out)


def rules_for(ids: frozenset[str], trigger: str, house: tuple[Rule, ...] = ()) -> tuple[Rule, ...]:
    """The records in play with ``trigger``, in the seed's order, then the table's
    written house rules (the Extension, ``language``), which are in play by being there."""
    return tuple(r for r in RULES if r.trigger == trigger and r.id in ids) + tuple(
        r for r in house if r.trigger == trigger)


# --- evaluating conditions -----------------------------------------------------------------
def _colour(card: int) -> str:
    return "red" if SUIT[card] in (DIAMONDS, HEARTS) else "black"


#: the references a condition may name besides literal values (``language`` checks which a trigger sees)
CARD_REFS = ("card", "below", "below2")
TEXT_REFS = ("said", "penalty")


def is_ref(value: Any) -> bool:
    """Whether ``value`` names something a rule looks at (else it is a literal)."""
    if not isinstance(value, str):
        return False
    head, _, attr = value.partition(".")
    return value in TEXT_REFS or value == "hand.size" or (head in CARD_REFS and attr in ("rank", "suit", "colour"))


@lru_cache(maxsize=1024)
def _named(value: str) -> tuple[str, str] | None:
    """What the text ``value`` names, if it is a reference: the context's key and, for a
    card, which of its properties (``card.rank`` -> ``("card", "rank")``, ``hand.size`` ->
    ``("hand", "")``, ``said`` -> ``("said", "")``); None for a literal. Worked out once per
    text: every legal play is judged through these conditions (``_ref``)."""
    if not is_ref(value):
        return None
    if value == "hand.size":
        return "hand", ""
    if value in TEXT_REFS:
        return value, ""
    which, attr = value.split(".", 1)
    return which, attr


def _ref(value: Any, ctx: Mapping[str, Any]) -> Any:
    """A reference's value (None when what it names does not exist here), or a literal.
    What was said and penalty names are heard loosely (``speech.loose``, ``penalty_key``)."""
    if not isinstance(value, str):
        return value
    named = _named(value)
    if named is None:
        return value
    which, attr = named
    if not attr:
        return ctx.get(which)
    card = ctx.get(which)
    if card is None:
        return None
    if attr == "rank":
        return RANK[card]
    if attr == "suit":
        return SUIT[card]
    return _colour(card)


def _heard(kind: str, value: Any) -> Any:
    """Text as the dealer hears it: phrases loosely, penalty names with their second names."""
    key = penalty_key if kind == "penalty" else loose
    return tuple(key(v) for v in value) if isinstance(value, tuple) else key(value)


def holds(cond: Condition, ctx: Mapping[str, Any]) -> bool:
    """Whether ``cond`` holds in ``ctx`` (the cards ``card``/``below``/``below2``, the hand
    size ``hand``, what was ``said``, the ``penalty`` given); anything missing makes it false."""
    left, right = _ref(cond.left, ctx), _ref(cond.right, ctx)
    if left is None or right is None:
        return False
    if cond.left in TEXT_REFS:
        left, right = _heard(cond.left, left), _heard(cond.left, right)
    if cond.op == "==":
        return bool(left == right)
    if cond.op == "!=":
        return bool(left != right)
    if cond.op == "in":
        return left in right
    if cond.op == "adjacent":
        return abs(int(left) - int(right)) == 1
    raise ValueError(f"unknown condition operator {cond.op!r}")


def applies(rule: Rule, ctx: Mapping[str, Any]) -> bool:
    return all(holds(c, ctx) for c in rule.when)


def fill(template: str, card: int | None) -> str:
    """A phrase or penalty name with {name}/{suit} filled in for ``card``."""
    if card is None or "{" not in template:
        return template
    return template.format(name=FACE_NAMES.get(RANK[card], str(RANK[card])), suit=SUIT_NAMES[SUIT[card]])


def penalty_key(name: str) -> str:
    """How penalty names compare: heard loosely, the seed's second names as the first."""
    key = loose(name)
    return _ALIAS_KEYS.get(key, key)


def every_penalty() -> tuple[str, ...]:
    """Every penalty name the seed gives (ailments for every face card), for judging calls."""
    names = [IMPROPER_PLAY, LAST_CARD, TALKING, NOT_YOUR_TURN, DELAY, POINTING, DISCUSSION, BAD_CALL,
             GOOD_CALL, NO_CALL, TOUCHING, KNOCK_TWICE, KNOCK_ONCE, IMPROPER_KNOCKING, SUBWAY, BAND_AID,
             CHRISTMAS, *ALIASES]
    names += [AILMENT.format(name=n, suit=s) for n in FACE_NAMES.values() for s in SUIT_NAMES.values()]
    return tuple(names)


_ALIAS_KEYS = {loose(a): loose(n) for a, n in ALIASES.items()}
