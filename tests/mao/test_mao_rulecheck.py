"""The rule-book checker as a server meets it (issues 22 and 23): fast and bounded whatever the
book, once per book, and refusing what the table could not play: required words forbidden,
fields never enforced, cards never free, books that explode, letters nobody can type."""

from __future__ import annotations

import itertools
import json
import random
import time
from typing import Any

import pytest

from houserules.cards import DECK_SIZE, parse_card
from houserules.engine.core import Action, OptionsError
from houserules.engine.referee import act
from houserules.games.mao import language as L
from houserules.games.mao import rulebook as rb
from houserules.games.mao import rulecheck as rc
from houserules.games.mao.library import LIBRARY
from houserules.games.mao.match import GAME
from houserules.games.mao.preview import preview
from houserules.games.mao.state import validate_options

from .test_mao_match import new, win_now

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def book(*rules: dict[str, Any]) -> tuple[rb.Rule, ...]:
    return L.book([{"id": f"r{i}", **r} for i, r in enumerate(rules)])


def refused(*rules: dict[str, Any], ids: Any = None) -> str:
    """The refusal of a book (where: why), or "" when it is accepted."""
    try:
        rc.refuse(book(*rules), 5, ids)
    except L.RuleError as exc:
        return str(exc)
    return ""


def forty() -> list[dict[str, Any]]:
    """40 rules whose pairs mostly cannot hold together: the old checker visited every world of
    every pair (about two minutes of CPU for this book)."""
    return [{"id": f"r{i}", "on": "play", "if": [f"card.rank {'==' if i % 2 == 0 else '!='} below2.rank",
                                                 f"below.rank != {RANKS[i % 13]}"],
             "effects": ["skip"] if i % 4 < 2 else ["reverse"]} for i in range(40)]


# --- 23.1: fast, bounded, once --------------------------------------------------------------
def test_a_forty_rule_book_is_checked_in_a_blink() -> None:
    rules = L.book(forty())
    rc._verdict.cache_clear()
    t0 = time.process_time()
    rc.refuse(rules, 5)
    warnings = rc.check(rules)
    spent = time.process_time() - t0
    assert spent < 2.0, spent  # was ~120 s of CPU
    assert sum("contradicts" in w for w in warnings) == 90


def test_a_books_verdict_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = rc._refuse
    monkeypatch.setattr(rc, "_refuse", lambda *a: calls.append(1) or real(*a))
    rc._verdict.cache_clear()
    opts = {"players": 4, "house": forty()[:3]}
    for _ in range(3):
        validate_options(opts)
    assert len(calls) == 1


def test_a_book_that_cannot_be_checked_within_the_budget_is_refused_saying_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rc, "BUDGET", 50)
    rc._verdict.cache_clear()
    try:
        with pytest.raises(L.RuleError, match="too complex to check"):
            rc.refuse(L.book(forty()), 5)
    finally:
        rc._verdict.cache_clear()


def test_the_largest_books_stay_well_inside_the_budget() -> None:
    """40 rules of 6 conditions each, every pair of references compared: what the language
    allows at most, checked within a fraction of the budget."""
    conds = [f"{a}.{attr} {op} {b}.{attr}" for a, b in itertools.permutations(rc.CARD_REFS, 2)
             for attr in ("rank", "suit", "colour") for op in ("==", "!=")]
    conds += [f"{a}.rank adjacent {b}.rank" for a, b in itertools.permutations(rc.CARD_REFS, 2)]
    rng = random.Random(4)
    rules = [{"id": f"r{i}", "on": "play", "if": rng.sample(conds, 6), "effects": [rng.choice(["skip", "reverse"])]}
             for i in range(40)]
    parsed = L.book(rules)
    work = rc._Work()
    rc._refuse(parsed, 5, rc._in_play(parsed, None), work)
    for a in parsed:
        for b in parsed:
            rc._satisfiable(a.when + b.when, work)
    assert work.steps < rc.BUDGET // 4, work.steps


def _brute(conds: tuple[rb.Condition, ...]) -> bool:
    """The old way: visit every world of the cards the conditions name."""
    names = sorted({r for c in conds for r in L.refs(c)})
    return any(all(rb.holds(c, dict(zip(names, w))) for c in conds)
               for w in itertools.product(range(DECK_SIZE), repeat=len(names)))


def test_the_bit_sets_agree_with_visiting_every_world() -> None:
    pool = ["card.rank == below.rank", "card.rank != below.rank", "card.suit == below.suit",
            "card.suit != below.suit", "card.colour == below.colour", "card.colour != below.colour",
            "card.rank adjacent below.rank", "below.rank adjacent card.rank", "card.rank == 7", "card.rank in 6,7,8",
            "below.rank != 7", "card.suit == hearts", "below.suit in clubs,spades", "card.colour == black",
            "below.colour == red", "card.rank adjacent 7", "below.rank == K", "card.suit != below.suit"]
    rng = random.Random(1)
    for _ in range(60):
        raw = rng.sample(pool, rng.randint(1, 4))
        conds = tuple(L.condition(c, "if") for c in raw)
        assert rc._satisfiable(conds, rc._Work()) == _brute(conds), raw
    # and with the card two below
    for raw in (["card.rank == below2.rank", "card.rank != below2.rank"],
                ["card.rank == below2.rank", "below2.suit == hearts", "card.suit == spades"],
                ["below2.rank adjacent card.rank", "card.rank == A", "below2.rank != 2"]):
        conds = tuple(L.condition(c, "if") for c in raw)
        assert rc._satisfiable(conds, rc._Work()) == _brute(conds), raw


# --- 23.7: books that explode, cards never free, letters nobody types ---------------------------
EVERYONE_SAYS = {"who": "everyone", "do": "say", "phrase": "Hello", "failure": "failure to say hello"}


def test_a_book_where_only_the_king_of_spades_may_be_played_is_refused() -> None:
    why = refused({"on": "play", "if": ["card.rank != K"], "penalty": "not a king"},
                  {"on": "play", "if": ["card.suit != spades", "below.colour in red,black"], "penalty": "not a spade"})
    assert "unwinnable" in why and "only KS can be" in why and "never empty" in why
    # one card never free is enough: whoever holds it can never go out
    assert "no play of QS" in refused({"on": "play", "if": ["card.rank == Q", "card.suit == spades"],
                                       "penalty": "the black lady"})
    # every card free somewhere: fine (a seven on a seven is forbidden, not every seven)
    assert not refused({"on": "play", "if": ["card.rank == 7", "below.rank == 7"], "penalty": "double seven"})


def test_a_book_that_forbids_every_legal_play_is_refused() -> None:
    """Same suit and same rank are the base rules' plays: forbidding both leaves only plays
    that are improper anyway (the old checker let it through)."""
    why = refused({"on": "play", "if": ["card.suit == below.suit"], "penalty": "suited"},
                  {"on": "play", "if": ["card.rank == below.rank"], "penalty": "ranked"}, ids=rb.in_play(["base"]))
    assert "every possible play" in why
    assert "can ever get down to its last card" in refused({"on": "last", "penalty": "no last card"})


def test_a_book_that_fires_on_every_play_with_everyone_is_capped() -> None:
    every_play = {"on": "play", "must": [EVERYONE_SAYS]}
    assert not refused(every_play)  # twelve failures a play: a lot, but a dealer can assess them
    on_penalty = {"on": "penalty", "must": [{**EVERYONE_SAYS, "phrase": "Sorry", "failure": "failure to say sorry"}]}
    why = refused(every_play, on_penalty)
    assert "explodes" in why and f"at most {rc.MAX_CARDS}" in why and "r1" in why
    four = {"on": "play", "must": [{**EVERYONE_SAYS, "phrase": f"Hi {n}", "failure": f"failure {n}"} for n in range(4)]}
    assert not refused(four)  # 48 + the seed's 5
    assert "explodes" in refused(four, {**four, "must": [{**o, "phrase": o["phrase"] + "!"} for o in four["must"]]})


def test_phrases_that_set_each_other_off_are_refused() -> None:
    echo = {"on": "phrase", "if": ["said == hello"], "must": [{**EVERYONE_SAYS, "phrase": "Hello"}]}
    assert "never end" in refused(echo)
    ping = {"on": "phrase", "if": ["said == ping"],
            "must": [{"who": "next", "do": "say", "phrase": "Pong", "failure": "no pong"}]}
    pong = {"on": "phrase", "if": ["said == pong"],
            "must": [{"who": "next", "do": "say", "phrase": "Ping", "failure": "no ping"}]}
    assert "r0 → r1 → r0" in refused(ping, pong)
    assert not refused(ping)


def test_every_library_rule_together_is_playable() -> None:
    """What bots write stays writable: the whole library at once passes."""
    rc.refuse(L.book([dict(r) for r in LIBRARY]), 5)


@pytest.mark.parametrize("text, alphabets", [
    ("m\u0430o", "Latin and Cyrillic"),            # a Cyrillic а
    ("\u03a1ing", "Greek and Latin"),               # a Greek Ρ
    ("Hello w\u043erld", "Latin and Cyrillic"),
])
def test_lookalike_letters_are_refused(text: str, alphabets: str) -> None:
    with pytest.raises(L.RuleError, match=f"mixes {alphabets}") as err:
        L.rule({"id": "x", "on": "play", "if": ["card.rank == 7"],
                "must": [{"who": "player", "do": "say", "phrase": text, "failure": "f"}]})
    assert err.value.where == "rule.must[0].phrase"
    with pytest.raises(L.RuleError, match="mixes"):
        L.rule({"id": "x", "on": "phrase", "if": [f"said == {text}"], "penalty": "p"})


@pytest.mark.parametrize("text", ["?!", "...", "!!! ???", "(-)"])
def test_a_phrase_with_no_word_to_say_is_refused(text: str) -> None:
    """Speech is heard by its words (``speech.words``): a phrase of marks alone could never be
    said, so its duty would always cost a card; it is refused as look-alike letters are (H-ext-letters)."""
    say = {"who": "player", "do": "say", "phrase": text, "failure": "f"}
    for rule, where in (({"must": [say]}, "rule.must[0].phrase"),
                        ({"must": [{**say, "phrase": "Hi", "also": [text]}]}, "rule.must[0].also[0]"),
                        ({"on": "phrase", "if": [f"said == {text}"], "penalty": "p"}, "rule.if[0]")):
        with pytest.raises(L.RuleError, match="no word to say") as err:
            L.rule({"id": "x", "on": "play", "if": ["card.rank == 7"], **rule})
        assert err.value.where == where
    assert L.rule({"id": "x", "on": "play", "if": ["card.rank == 7"],
                   "must": [{**say, "phrase": "Hi?!"}]}).must[0].phrase == "Hi?!"  # words and marks: fine


def test_text_is_kept_in_the_form_people_type() -> None:
    r = L.rule({"id": "x", "on": "play", "if": ["card.rank == 7"],
                "must": [{"who": "player", "do": "say", "phrase": "\uff2c\uff55\uff43\uff4b\uff59", "failure": "f"}]})
    assert r.must[0].phrase == "Lucky"  # full-width letters are the plain ones
    assert L.rule({"id": "x", "on": "play", "penalty": "Привет"}).penalty == "Привет"  # one alphabet: fine


# --- 22.13: every required word -----------------------------------------------------------------
@pytest.mark.parametrize("said, rules, who", [
    ("subway", "standard", "subway"),
    ("merry christmas", "all", "christmas"),
    ("all hail the queen of hearts", "standard", "ailments"),
    ("All hail the jack of knaves", "standard", "ailments"),
    ("mao", "base", "last"),
])
def test_a_forbidden_word_any_rule_in_play_requires_is_refused(said: str, rules: str, who: str) -> None:
    forbid = {"on": "phrase", "if": [f"said == {said}"], "penalty": "forbidden word"}
    assert f"{who} requires it" in refused(forbid, ids=rb.in_play([rules]))
    with pytest.raises(OptionsError, match=f"{who} requires it"):
        validate_options({"rules": rules, "house": [{"id": "f", **forbid}]})


def test_a_forbidden_word_no_rule_in_play_requires_is_fine() -> None:
    forbid = {"on": "phrase", "if": ["said == subway"], "penalty": "forbidden word"}
    assert not refused(forbid, ids=rb.in_play(["base"]))
    # a written hail for every seven: each of its wordings is required
    hail = {"on": "play", "if": ["card.rank == 7"],
            "must": [{"who": "player", "do": "say", "phrase": "Seven of {suit}", "failure": "f"}]}
    assert "r0 requires it" in refused(hail, {"on": "phrase", "if": ["said == seven of hearts"], "penalty": "x"},
                                       ids=rb.in_play(["base"]))
    also = {"on": "play", "if": ["card.rank == 7"],
            "must": [{"who": "player", "do": "say", "phrase": "Lucky", "also": ["Lucky me"], "failure": "f"}]}
    assert not refused(also, {"on": "phrase", "if": ["said == lucky"], "penalty": "x"})  # "Lucky me" is free


# --- 22.14: fields the table never enforces ----------------------------------------------------------
SAY = {"who": "player", "do": "say", "phrase": "Lucky", "failure": "failure to say lucky"}
UNENFORCED = [
    ({"on": "play", "if": ["card.rank == 7"], "must": [{**SAY, "improper": "botched luck"}]},
     "rules[0].must[0].improper", "prefix"),
    ({"on": "play", "if": ["card.rank == J"], "must": [{"who": "next", "do": "point", "failure": "f",
                                                        "improper": "bad point"}]},
     "rules[0].must[0].improper", "cannot be done wrongly"),
    ({"on": "play", "if": ["card.rank == Q"], "must": [{"who": "everyone", "do": "silent", "failure": "f",
                                                        "improper": "bad silence"}]},
     "rules[0].must[0].improper", "cannot be done wrongly"),
    ({"on": "play", "if": ["card.rank == Q"], "must": [{"who": "everyone", "do": "silent", "failure": "f"}],
      "wrong_time": "shushing"}, "rules[0].wrong_time", "nothing can be done at the wrong time"),
    ({"on": "play", "if": ["card.rank == 8"], "effects": ["again"], "wrong_time": "eager"},
     "rules[0].wrong_time", "nothing can be done at the wrong time"),
]


@pytest.mark.parametrize("rule, where, why", UNENFORCED)
def test_fields_the_table_never_enforces_are_refused_everywhere(rule: dict[str, Any], where: str, why: str) -> None:
    with pytest.raises(L.RuleError) as err:
        rc.refuse(book(rule), 5)
    assert err.value.where == where and why in err.value.why
    answer = preview({"rule": {"id": "x", **rule}, "hand": []})  # the browser editor
    assert not answer["ok"] and why in answer["error"]
    state = new()  # a match's winner
    win_now(state, 0)
    bad = GAME.check(state, Action(0, "write", arg=("add", "", json.dumps({"id": "x", **rule}), 1)))
    assert bad is not None and why in bad.reason


def test_enforced_fields_stay_accepted() -> None:
    assert not refused({"on": "play", "if": ["card.rank == 7"],
                        "must": [{**SAY, "prefix": "luck", "improper": "botched luck"}], "wrong_time": "talking"})
    assert not refused({"on": "play", "if": ["card.rank == 7"],
                        "must": [{"who": "player", "do": "knock", "times": 2, "failure": "f", "improper": "i"}],
                        "wrong_time": "knocking about"})
    assert not refused({"on": "play", "if": ["card.rank == J"], "must": [{"who": "next", "do": "point", "failure": "f"}],
                        "wrong_time": "pointing about"})


def test_an_allow_rule_that_names_no_card_below_still_allows_something() -> None:
    """Twos are wild: the old checker saw no card below and warned it allowed nothing."""
    assert not rc.check(book({"on": "allow", "if": ["card.rank == 2"]}))
    assert rc.check(book({"on": "allow", "if": ["card.suit == below.suit", "card.rank == 2"]}))


def test_a_winners_suggestions_are_checked_in_milliseconds() -> None:
    """Every update a server sends the winner of a match its offers, each suggestion checked
    with the book in play: with a book the old checker needed seconds for (every play but the
    K of clubs costs a card), that was ~10 s of the event loop per update."""
    slow_for_old = [{"id": f"costly-{i}", "on": "play", "if": [cond, "below.colour in red,black",
                                                                 "below2.colour in red,black"], "effects": ["draw:1"]}
                    for i, cond in enumerate(["card.rank != K", "card.suit != clubs"])]
    state = new(house=slow_for_old)
    king, top = parse_card("KC"), parse_card("4C")
    for zone in (state.draw, *state.hands, state.discard):
        for c in (king, top):
            if c in zone:
                zone.remove(c)
    state.discard.append(top)
    state.hands[0] = [king]
    act(GAME, state, Action(state.dealer, "say", arg=rb.START))
    state.turn = 0
    act(GAME, state, Action(0, "play", king))
    assert state.match is not None and state.match.writer == 0
    rc._verdict.cache_clear()
    t0 = time.process_time()
    offers = GAME.offer(state, 0)
    GAME.offer(state, 0)
    assert time.process_time() - t0 < 1.0
    assert any(a.kind == "write" and a.arg[0] == "add" for a in offers)
