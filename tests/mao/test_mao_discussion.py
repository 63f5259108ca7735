"""What the software dealer hears as discussion of the rules (M-discussion, H-discussion, issue 37):
only a secret detail told whole, to a listener who has not been penalised under the rule."""

from __future__ import annotations

from typing import Any

import pytest

from houserules.engine.core import Action
from houserules.engine.referee import act
from houserules.games.mao import discussion, judge
from houserules.games.mao import rulebook as rb
from houserules.games.mao.game import GAME
from houserules.games.mao.match import GAME as MATCH
from houserules.games.mao.state import MaoState
from .test_mao_match import new as new_match
from .test_mao_match import read, win_now, write

HANDS = [["6C", "5H", "QS", "KD", "9S"], ["7C", "3D", "JH", "4S", "8H"], ["2C", "10S", "AD", "6D", "9H"]]


def paused(rules: str = "standard", **opts: Any) -> MaoState:
    options = GAME.options({"players": 3, "rules": rules, **opts})
    return GAME.scenario_state(options, {"hands": HANDS, "discard": ["5C"], "paused": True}, 1)


def heard(state: MaoState, text: str, seat: int = 1) -> str:
    return judge.hear(state, seat, text).what


@pytest.mark.parametrize("rules", ["standard", "all", "original"])
def test_naming_any_penalty_or_asking_about_it_is_free(rules: str) -> None:
    """A rule may be referenced by the penalty assessed: every name the seed gives, alone or in
    a newcomer's question, costs nothing in a pause, in every rule set."""
    state = paused(rules)
    for name in rb.every_penalty():
        for text in (name, f"Why did I get the {name} penalty?", f"I would like to dispute the {name} penalty."):
            assert heard(state, text) == "free", text


@pytest.mark.parametrize("rules", ["standard", "all", "original"])
def test_a_rules_phrase_said_alone_is_free_and_told_with_its_moment_is_not(rules: str) -> None:
    """A phrase is not a detail by itself ("All hail the queen of hearts" names a card, but it is
    the phrase); the phrase with what sets it off is."""
    state = paused(rules)
    for rule in rb.RULES:
        if rule.id not in state.rules:
            continue
        for ob in rule.must:
            if ob.act == "say":
                assert heard(state, rb.fill(ob.phrase, 46)) == "free", ob.phrase  # 46: the queen of hearts
    assert heard(state, "All hail the queen of hearts when you play the queen of hearts") == "discussion"


def test_every_seed_rule_with_a_card_or_phrase_can_be_told_and_is_heard() -> None:
    """Each record a card or a phrase sets off has a detail, and one sentence telling it (a cue of
    what sets it off and one of what it asks) is discussion while a listener is unaware."""
    state = paused("all")
    told = {"knocking1": "hearts want two knocks", "ailments": "a king wants a hail",
            "subway": "say subway when your card is the same value as the one two below",
            "playextension": "a red card one higher may be played on a red card",
            "playcards": "you may play the same suit", "last": "say mao when you have one card left",
            "order": "a ten skips the next player", "knocking2": "when the suit changes you knock once",
            "christmas": "say merry christmas when the player before you draws"}
    details = {d.rule for d in discussion.details(state.rules, state.house, False)}
    assert details == set(told)
    for rid, text in told.items():
        assert heard(state, text) == "discussion", (rid, text)


def test_what_words_cannot_tell_is_left_to_a_person_dealing() -> None:
    """Conduct rules (talking, pointing, touching, Band-Aid, delay of game) have no card: the
    software never charges speech about them; nor a card, or an act, alone."""
    state = paused("all")
    for text in ("Do not talk during the game.", "Never point at the player whose turn it is.",
                 "Do not touch your cards in a pause.", "Hide your cards.", "Play within five seconds.",
                 "Hearts are lovely.", "I knocked on the table.", "Nobody is allowed to explain the rules to you."):
        assert heard(state, text) == "free", text


def test_the_extension_tells_the_base_rules_and_the_original_keeps_deal_turn_and_end() -> None:
    extension = new_match(rules="standard")
    act(MATCH, extension, Action(1, "say", arg="Point of order."))
    assert heard(extension, "you may play the same suit") == "free"
    assert heard(extension, "hearts want two knocks") == "discussion"
    original = paused("original")
    assert heard(original, "you may draw a card each turn") == "discussion"
    assert heard(paused("standard"), "you may draw a card each turn") == "free"


def test_a_listener_who_was_penalised_under_a_rule_learns_nothing_new() -> None:
    state = paused("standard")
    text = "hearts want two knocks"
    assert heard(state, text) == "discussion"
    state.aware[0] = frozenset({"knocking1"})
    assert heard(state, text) == "discussion"  # seat 2 has not met it
    state.aware[2] = frozenset({"knocking1"})
    assert heard(state, text) == "free"
    assert heard(state, text, seat=0) == "discussion"  # seat 1 listens now, and has not met it


def test_a_person_dealings_call_teaches_the_rule_it_names() -> None:
    state = paused("standard", judge="dealer")
    act(GAME, state, Action(state.dealer, "call", arg=(0, "failure to knock twice")))
    act(GAME, state, Action(state.dealer, "call", arg=(0, "improper ailment of the king of hearts")))
    assert state.aware[0] == {"knocking1", "ailments"}


def test_a_match_remembers_who_was_penalised_under_what_but_not_a_rule_that_changed() -> None:
    state = new_match(rules="standard", games=3)
    state.aware = [frozenset({"knocking1", "subway"}), frozenset({"subway"}), frozenset()]
    win_now(state, 1)
    act(MATCH, state, write(1, "remove", None, 0, "ailments"))
    read(state)
    assert state.aware == [{"knocking1", "subway"}, {"subway"}, frozenset()]
    win_now(state, 2)
    knock3 = {"id": "knocking1", "on": "play", "if": ["card.suit == hearts"],
              "must": [{"who": "player", "do": "knock", "times": 3, "failure": "failure to knock thrice"}]}
    act(MATCH, state, write(2, "modify", knock3, 0, "knocking1"))
    read(state)
    assert state.aware[0] == {"subway"}
