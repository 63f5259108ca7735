"""What speech tells of the rules, as far as a program can hear it (M-discussion, H-discussion).

The seed forbids discussing or explaining the rules (but Deal, Turn, End and the Discussion rule
itself) before a game, between games and in a pause; it lets players refer to a rule "by the
penalty assessed or the names at the beginning of the paragraphs", and calls "anything that would
reveal a detail of the rule to an unaware player" a violation. A person dealing hears what a
sentence means; a program hears words. So the software dealer charges "discussion of the rules"
only for what words show plainly: a **secret detail told whole** — what sets a rule in play off
(a card, a draw, a last card, a phrase said, a turn starting) together with what it asks or does
(knock, say its phrase, skip, reverse, may be played) — and only when some listener has not been
penalised under that rule (``MaoState.aware``: a listener who has been learns nothing new).
Everything else costs nothing here: a question ("what did I do wrong?"), a penalty named ("why
did I get the improper knocking penalty?"), a card or a phrase alone, talk about the Discussion
rule itself. A person dealing (``judge: dealer``) judges the rest; the software's advice to them
is this same reading.

A detail is read off the rule's own record (``rulebook.Rule``: its trigger, conditions,
obligations and effects), so a written rule of the Extension is heard as the seed's are. Words
are compared as stems ("knocked", "knocks", "knocking" are all "knock"), card codes and suit
symbols as the words they stand for ("5h", "5♥": five, heart), and a penalty's name said whole is
a reference, not words of a detail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, NamedTuple

from ...cards import CLUBS, DECK_SIZE, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES
from . import rulebook as rb
from .rulebook import Condition, Rule, is_ref
from .speech import words
from .state import MaoState

#: stems that must all be said, anywhere in the utterance
Cue = frozenset[str]


class Detail(NamedTuple):
    """One record's secret: said together, a cue of ``when`` and a cue of ``what`` tell it."""

    rule: str
    when: tuple[Cue, ...]
    what: tuple[Cue, ...]


# --- hearing words as stems -------------------------------------------------------------------
_IRREGULAR = {"drew": "draw", "drawn": "draw", "said": "say", "says": "say", "dealt": "deal", "won": "win",
              "colour": "color", "colours": "color", "coloured": "color"}
_SYMBOLS = str.maketrans({"♥": " hearts ", "♡": " hearts ", "♠": " spades ", "♤": " spades ",
                          "♦": " diamonds ", "♢": " diamonds ", "♣": " clubs ", "♧": " clubs "})
#: a card typed as a code ("5h", "qs", "10d"); aces are left out: "as", "ad", "ah" are words
_CODE = re.compile(r"(10|[2-9jqk])([cdhs])")
_CODE_WORDS = {"j": "jack", "q": "queen", "k": "king", "c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
#: words a phrase shares with every sentence: a phrase is heard by its other words
_STOP = frozenset({"the", "a", "an", "of", "to", "and", "or", "all", "you", "your", "i", "my", "me", "it", "is",
                   "be", "on", "in", "at", "for", "now", "has", "have"})


@lru_cache(maxsize=4096)
def stem(word: str) -> str:
    """``word`` without the endings that make no other word of a rule ("knocking" -> "knock",
    "aces" -> "ace", "reversed" -> "revers", "penalised" -> "penalty")."""
    if word.startswith("penal"):
        return "penalty"
    w = _IRREGULAR.get(word)
    if w is not None:
        return w
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[:-len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "ls":
                word = word[:-1]  # skipped -> skip
            break
    else:
        if word.endswith("ies") and len(word) > 4:
            word = word[:-3] + "y"
        elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
            word = word[:-1]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return _IRREGULAR.get(word, word)


def stems(text: str) -> tuple[str, ...]:
    """``text`` as the stems a listener hears, in order, card codes and suit symbols as words."""
    out: list[str] = []
    for w in words(text.translate(_SYMBOLS)):
        code = _CODE.fullmatch(w)
        parts = [_CODE_WORDS.get(code[1], code[1]), _CODE_WORDS[code[2]]] if code else [w]
        out.extend(stem(p) for p in parts)
    return tuple(out)


def cue(*texts: str) -> Cue:
    """Stems that together are one cue (every word of ``texts``)."""
    return frozenset(s for t in texts for s in stems(t))


def cues(*texts: str) -> tuple[Cue, ...]:
    """One cue per text: any of them will do."""
    return tuple(cue(t) for t in texts)


# --- what a rule's record tells: what sets it off, and what it asks --------------------------------
_RANKS = {1: "ace", 2: "two 2 deuce", 3: "three 3", 4: "four 4", 5: "five 5", 6: "six 6", 7: "seven 7",
          8: "eight 8", 9: "nine 9", 10: "ten 10", JACK: "jack j", QUEEN: "queen q", KING: "king k"}
_SUITS = {HEARTS: "heart", SPADES: "spade knave", CLUBS: "club clover", DIAMONDS: "diamond"}
_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve")
FACE = cues("face", "royal", "court", "picture")
SAME_SUIT = cues("suit")
SAME_RANK = cues("value", "rank", "number")
SAME_COLOUR = cues("colour", "red", "black")
ADJACENT = cues("higher", "lower", "adjacent", "consecutive", "sequence", "one up", "one down", "one above",
                "one more", "one less")
TWO_BELOW = cues("two below", "two down", "two back", "two before", "two under", "two ago", "two earlier",
                 "two previous", "sandwich")
#: what sets a rule off, by its trigger, where no card condition does
TRIGGERS = {"last": cues("last", "one card", "one left", "single card"), "draw": cues("draw", "pick up"),
            "start": cues("first card", "flip"), "turnstart": cues("turn"),
            "penalty": cues("penalty", "punish"), "play": cues("play")}
#: what a rule asks or does, by act and effect
ACTS = {"knock": cues("knock", "tap", "rap", "bang"), "point": cues("point", "gesture"),
        "silent": cues("silent", "silence", "quiet", "hush", "shush", "mute")}
EFFECTS = {"skip": cues("skip", "miss", "jump", "pass over"),
           "reverse": cues("reverse", "direction", "backward", "backwards", "clockwise", "anticlockwise",
                           "counterclockwise", "other way", "switch"),
           "again": cues("again", "another turn", "extra turn"), "draw": cues("draw", "pick up", "take card"),
           "next": cues("dealer next", "dealer play", "dealer go")}
#: a card that may be played (an ``allow`` rule), and a trigger that costs a card (a rule's own penalty)
PLAYED = cues("play", "put", "lay", "allow", "legal", "valid", "follow")
FORBIDDEN = cues("penalty", "forbid", "forbidden", "illegal", "cant", "cannot", "never", "not allow", "mustnt")
#: the setup and play instructions, secret only in the original set (M-set-a)
INSTRUCTIONS = (Detail("deal", cues("deal"), cues("five", "5")),
                Detail("turn", cues("turn"), cues("draw", "play")),
                Detail("end", cues("no card", "no cards left", "empty", "out of card"), cues("win", "winner")))
#: the acts the judge watches itself (talking, pointing, touching ...): no card sets them off
CONDUCT = frozenset({"say", "knock", "point", "touch", "show", "call", "time", "turn"})


def _rank_cues(value: Any) -> tuple[Cue, ...]:
    ranks = value if isinstance(value, tuple) else (value,)
    out = tuple(cue(w) for r in ranks if r in _RANKS for w in _RANKS[r].split())
    return out + (FACE if set(ranks) >= {JACK, QUEEN, KING} else ())


def _suit_cues(value: Any) -> tuple[Cue, ...]:
    suits = value if isinstance(value, tuple) else (value,)
    return tuple(cue(w) for s in suits if s in _SUITS for w in _SUITS[s].split())


def _condition(c: Condition) -> tuple[Cue, ...]:
    """The cues that tell a condition: a card's rank, suit or colour, its relation to the card
    below (or two below), a hand's size, a phrase said, a penalty given."""
    what = c.left.partition(".")[2]
    if c.left == "hand.size":
        n = c.right if isinstance(c.right, int) else -1
        return tuple(cue(w, "card") for w in (str(n), _NUMBERS[n] if 0 <= n < len(_NUMBERS) else "") if w)
    if c.left == "said":
        said = cue(*(w for w in words(str(c.right)) if w not in _STOP))
        return (said,) if said else ()
    if c.left == "penalty":
        return TRIGGERS["penalty"]
    if is_ref(c.right):
        two = TWO_BELOW if "below2" in (c.left + str(c.right)) else ()
        if what == "rank":
            return two + (ADJACENT if c.op == "adjacent" else SAME_RANK)
        return two + (SAME_SUIT if what == "suit" else SAME_COLOUR)
    if what == "rank":
        return _rank_cues(c.right)
    if what == "suit":
        return _suit_cues(c.right)
    colours = c.right if isinstance(c.right, tuple) else (c.right,)
    return tuple(cue(str(x)) for x in colours)


def _phrase(text: str) -> Cue:
    """A phrase heard by its own words: placeholders and the words every sentence has left out."""
    return cue(*(w for w in words(re.sub(r"\{\w+\}", " ", text)) if w not in _STOP))


def said_whole(rule_id: str) -> str:
    """What a rule's phrase said whole is heard as: the phrase, and none of its words (the queen
    of hearts in "All hail the queen of hearts" is not a card told)."""
    return f"«{rule_id}»"


def _what(rule: Rule) -> tuple[Cue, ...]:
    out: list[Cue] = []
    for ob in rule.must:
        if ob.act == "say":
            out += [p for p in (_phrase(t) for t in (ob.phrase, *ob.also)) if p]
            out.append(frozenset({said_whole(rule.id)}))
        else:
            out += ACTS.get(ob.act, ())
    for effect in rule.effects:
        out += EFFECTS[effect.partition(":")[0]]
    if rule.trigger == "allow":
        out += PLAYED
    elif rule.penalty is not None:
        out += FORBIDDEN
    return tuple(out)


def detail(rule: Rule) -> Detail | None:
    """What telling ``rule`` takes (None: nothing a card or a phrase sets off, so words cannot
    tell it: the conduct rules, left to a person dealing)."""
    if rule.trigger in CONDUCT:
        return None
    when = tuple(c for cond in rule.when for c in _condition(cond))
    if not any(cond.left.partition(".")[0] in rb.CARD_REFS for cond in rule.when):
        when += TRIGGERS.get(rule.trigger, ())
    what = _what(rule)
    return Detail(rule.id, when, what) if when and what else None


def _in_play(ids: frozenset[str], house: tuple[Rule, ...]) -> Iterator[Rule]:
    yield from (r for r in rb.RULES if r.id in ids)
    yield from house


@lru_cache(maxsize=64)
def details(ids: frozenset[str], house: tuple[Rule, ...], extension: bool) -> tuple[Detail, ...]:
    """Every secret detail of the rules in play: the Extension tells the base rules and the
    setup and play instructions (M-extension); the original set keeps even Deal, Turn and End."""
    told = {"base"} if extension else set()
    out = [d for r in _in_play(ids, house) if r.group not in told for d in (detail(r),) if d is not None]
    if "original" in ids and not extension:
        out += INSTRUCTIONS
    return tuple(out)


def _every_card(text: str) -> set[str]:
    return {rb.fill(text, c) for c in range(DECK_SIZE)} if "{" in text else {text}


@lru_cache(maxsize=64)
def names(ids: frozenset[str], house: tuple[Rule, ...]) -> dict[tuple[str, ...], frozenset[str]]:
    """Every penalty's name a player may refer to (as stems, each for every card it can name),
    with the rules that give it for a failure, a wrong attempt or the act itself (not for an act
    at the wrong time: "talking" tells no rule of the phrases that earn it)."""
    out: dict[tuple[str, ...], set[str]] = {stems(n): set() for n in rb.every_penalty()}
    for r in _in_play(ids, house):
        for name in (n for n in (r.penalty, *(n for ob in r.must for n in (ob.failure, ob.improper))) if n):
            for filled in _every_card(name):
                out.setdefault(stems(filled), set()).add(r.id)
        if r.wrong_time:
            out.setdefault(stems(r.wrong_time), set())
    return {k: frozenset(v) for k, v in out.items() if k}


@lru_cache(maxsize=64)
def units(ids: frozenset[str], house: tuple[Rule, ...]) -> dict[tuple[str, ...], str]:
    """What is heard whole, with what it is heard as: a penalty's name (a reference: nothing) and
    a rule's phrase (``said_whole``), each for every card it can name; longest first."""
    out = {k: "" for k in names(ids, house)}
    for r in _in_play(ids, house):
        for ob in r.must:
            for text in (ob.phrase, *ob.also) if ob.act == "say" else ():
                out.update({k: said_whole(r.id) for k in map(stems, _every_card(text)) if len(k) > 1})
    return dict(sorted(out.items(), key=lambda kv: -len(kv[0])))


def told(heard: str, ids: frozenset[str], house: tuple[Rule, ...]) -> frozenset[str]:
    """The stems ``heard`` tells: a penalty named whole is a reference and tells none (M-discussion),
    a rule's phrase said whole is that phrase (``said_whole``), every other word its stem."""
    said = stems(heard)
    whole = units(ids, house)
    longest = max(map(len, whole), default=0)
    out: list[str] = []
    i = 0
    while i < len(said):
        n = next((n for n in range(min(longest, len(said) - i), 0, -1) if said[i:i + n] in whole), 0)
        if n:
            out.append(whole[said[i:i + n]])
        else:
            out.append(said[i])
        i += n or 1
    return frozenset(w for w in out if w)


def reveals(state: MaoState, seat: int, heard: str) -> bool:
    """Whether ``heard``, said by ``seat`` where talking is free (before the start, in a pause),
    tells a secret detail of a rule in play to a listener who has not been penalised under it."""
    ids, house = state.rules, state.house
    found = told(heard, ids, house)
    if not found:
        return False
    listeners = [a for s, a in enumerate(state.aware) if s != seat]
    for d in details(ids, house, bool(state.options.get("extension"))):
        if any(c <= found for c in d.when) and any(c <= found for c in d.what) \
                and not all(d.rule in a for a in listeners):
            return True
    return False


def named_rules(state: MaoState, name: str) -> frozenset[str]:
    """The rules in play that give the penalty ``name`` (a person dealing names it in a call)."""
    return names(state.rules, state.house).get(stems(name), frozenset())
