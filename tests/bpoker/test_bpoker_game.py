"""bpoker as a whole: options, caps with their reasons, what views hide, the resolution order."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from houserules import native
from houserules.engine import registry
from houserules.engine.core import Action, OptionsError
from houserules.engine.referee import act
from houserules.games.bpoker.cards import card_name
from houserules.games.bpoker.machine import STEPS
from houserules.games.bpoker.play import Ctx
from houserules.games.bpoker.state import Frame

GAME = registry.get("bpoker")
SCENARIOS = Path(__file__).parent.parent / "scenarios" / "bpoker"


def _random_game(options: dict[str, object], seed: int) -> object:
    state = GAME.new(GAME.options(options), seed)
    rng = random.Random(seed)
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        mine = [a for a in GAME.legal(state) if a.seat == seat]
        GAME.apply(state, mine[rng.randrange(len(mine))])
    return state


def test_player_range() -> None:
    for bad in (2, 7, "4", True):
        with pytest.raises(OptionsError, match="BP-1.1"):
            GAME.options({"players": bad})
    with pytest.raises(OptionsError, match="decks"):
        GAME.options({"decks": 0})


def test_caps_end_the_game_with_the_reason_recorded() -> None:
    state = _random_game({"players": 4, "max_turns": 5}, 3)
    result = GAME.result(state)
    assert result is not None and result.reason == "turn limit (5 turns)"
    state = _random_game({"players": 3, "hand_turns": 3, "hands": 2}, 4)
    result = GAME.result(state)
    assert result is not None and result.reason == "2 hands played"
    state = _random_game({"players": 3, "hand_turns": 3, "hands": 1}, 4)
    result = GAME.result(state)
    assert result is not None and result.reason == "1 hand played"  # not "1 hands played"


def test_views_never_show_a_stash_or_another_viewing_hand() -> None:
    state = GAME.new(GAME.options({"players": 4}), 11)
    secret = {card_name(c) for z in state.stash for c in z} | {card_name(c) for c in state.pot}
    for seat in [None, 0, 1, 2, 3]:
        text = json.dumps(GAME.view(state, seat).to_json())
        others = {card_name(c) for s in range(4) if s != seat for c in state.viewing[s]}
        assert not any(f'"{n}"' in text for n in secret | others), seat


def test_resolution_order_example() -> None:
    """The rules page's worked example (BP-R): a 5 forced by a Shaft, tunnelled on, its fees, its follow-up."""
    obj = json.loads((SCENARIOS / "forced-five-tunnelled.json").read_text())
    state = GAME.scenario_state(GAME.options(obj["options"]), obj["state"], 0)
    kinds: list[str] = []
    for step in obj["steps"]:
        if "expect" not in step:
            kinds += [e.kind for e in act(GAME, state, GAME.action_from_json(step))]
    assert kinds == ["played", "asked", "chose", "forced", "window", "reacted", "tunnel", "played", "paid", "paid",
                     "paid", "asked", "chose", "played", "asked"]


def test_an_immediate_effect_that_cannot_resolve_is_lost() -> None:
    """A 2♠ with nothing to trade for is lost (L135-137): no question is asked."""
    state = GAME.scenario_state(GAME.options({"players": 3}), {"viewing": [["2S"], [], []]}, 0)
    events = act(GAME, state, Action(0, "play", GAME.action_from_json({"seat": 0, "action": "play", "card": "2S"}).card))
    assert [e.kind for e in events] == ["played", "lost"] and state.ask is None


def test_refusals_name_the_clause_and_change_nothing() -> None:
    state = GAME.scenario_state(GAME.options({"players": 3}), {"viewing": [["4H"], [], []]}, 0)
    before = GAME.snapshot(state)
    for raw, clause in [({"seat": 0, "action": "pass"}, "BP-3.4"), ({"seat": 1, "action": "pass"}, "BP-3.0"),
                        ({"seat": 0, "action": "play", "card": "KS"}, "BP-2.2"),
                        ({"seat": 0, "action": "choose", "choice": "skip"}, "BP-R.1"),
                        ({"seat": 0, "action": "declare", "cards": ["4H"]}, "BP-3.5")]:
        events = act(GAME, state, GAME.action_from_json(raw))
        assert [(e.kind, e.data["rule"]) for e in events] == [("refused", clause)]
        assert GAME.snapshot(state) == before


def test_continuous_effect_ends_when_its_card_becomes_no_effect_mid_payment() -> None:
    """Nothing in part 1 turns a table card sideways (part 2's J+J Shield will): marked no-effect
    while a K♥ fee is being paid, a J♣ stops counting at once (BP-E2), yet the fee already
    charged keeps its amount (BP-F.3)."""
    state = GAME.scenario_state(GAME.options({"players": 3}), {
        "tables": [["AH"], ["JC", "4D", "9D", "9H", "9S"], []], "viewing": [["KH"], [], []],
        "stash": [["2C"], ["3C"], ["4C"]]}, 0)
    for raw in ({"seat": 0, "action": "play", "card": "KH"}, {"seat": 0, "action": "choose", "choice": "KH"}):
        act(GAME, state, GAME.action_from_json(raw))
    assert state.ask is not None and state.ask.seat == 1 and "3 to go" in state.ask.prompt
    jack = next(s for s in state.tables[1] if card_name(s.top) == "JC")
    four = next(s for s in state.tables[1] if card_name(s.top) == "4D")
    four.ne = jack.ne = True  # what a Shield would do
    assert GAME.view(state, 1).data["maximum"][1] == 7
    for choice in ("9D", "9H", "9S"):
        act(GAME, state, GAME.action_from_json({"seat": 1, "action": "choose", "choice": choice}))
    assert sorted(card_name(c) for s in state.tables[1] for c in s.cards) == ["4D", "JC"]


def test_game_stats_count_how_hands_end() -> None:
    state = GAME.new(GAME.options({"players": 3, "hands": 2}), 8)
    rng = random.Random(8)
    events = []
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        mine = [a for a in GAME.legal(state) if a.seat == seat]
        events += GAME.apply(state, mine[rng.randrange(len(mine))])
    stats = GAME.game_stats(state, events)  # type: ignore[attr-defined]
    assert stats["turns"] == state.turns and sum(stats["hand_ends"].values()) == 2 and stats["played"]


def test_a_card_put_back_on_the_stash_is_told_only_to_its_owner() -> None:
    obj = json.loads((SCENARIOS / "refill-returns-excess.json").read_text())
    state = GAME.scenario_state(GAME.options(obj["options"]), obj["state"], 0)
    act(GAME, state, GAME.action_from_json({"seat": 2, "action": "declare", "cards": ["KD"]}))
    events = act(GAME, state, GAME.action_from_json({"seat": 0, "action": "choose", "choice": "AS"}))
    chose = next(e for e in events if e.kind == "chose")
    assert "AS" not in json.dumps(chose.for_seat(1)) and "AS" in json.dumps(chose.for_seat(0))


def test_an_unpayable_optional_fee_is_refused_naming_the_fee_rule() -> None:
    state = GAME.scenario_state(GAME.options({"players": 3}), {"viewing": [["8S"], [], []],
                                                                 "stash": [["2C"], ["3C"], ["4C"]]}, 0)
    act(GAME, state, GAME.action_from_json({"seat": 0, "action": "play", "card": "8S"}))
    events = act(GAME, state, GAME.action_from_json({"seat": 0, "action": "choose", "choice": "keep"}))
    assert [(e.kind, e.data["rule"]) for e in events] == [("refused", "BP-F.4")]


def test_ace_of_clubs_ends_only_its_players_effects() -> None:
    """A♣ (L913-916): the steps its player is resolving are dropped, a card on its way to his table
    arrives without effects; other players' steps and the game's bookkeeping stay."""
    state = GAME.scenario_state(GAME.options({"players": 3}), {"tables": [["AC"], [], []]}, 0)
    moving = GAME.action_from_json({"seat": 0, "action": "play", "card": "7H"}).card
    state.transit.append(moving)
    state.frames = [Frame("pay", 1, (2, "pot", "BP-5.4")), Frame("control.release", 0, (1,)),
                    Frame("land", 0, (moving, -1, False)), Frame("5.follow", 0, (None, -1))]
    ace = GAME.action_from_json({"seat": 0, "action": "play", "card": "AC"}).card
    STEPS["AC"](state, Frame("AC", 0, (Ctx(ace, 14, 0, -1),)))
    assert [f.step for f in state.frames] == ["pay", "control.release"]
    assert state.transit == [] and [card_name(s.top) for s in state.tables[0]] == ["AC", "7H"]
    assert state.turn_over


def test_a_determinized_twin_can_be_played_on() -> None:
    """A search bot samples a twin for one seat and plays every seat on it: a question that names
    cards of a hidden hand is renamed with the redeal, so each answer is still a card held."""
    for seed in range(40):
        state = GAME.new(GAME.options({"players": 4}), seed)
        rng = random.Random(seed)
        for step in range(150):
            if GAME.result(state) is not None:
                break
            if step % 3 == 0:
                twin = GAME.determinize(state, (step // 3) % 4, rng)
                for _ in range(30):
                    if GAME.result(twin) is not None:
                        break
                    seat = GAME.to_act(twin)[0]
                    mine = [a for a in GAME.legal(twin) if a.seat == seat]
                    GAME.apply(twin, mine[rng.randrange(len(mine))])
            seat = GAME.to_act(state)[0]
            mine = [a for a in GAME.legal(state) if a.seat == seat]
            GAME.apply(state, mine[rng.randrange(len(mine))])


def test_questions_do_not_assume_a_players_sex() -> None:
    """Prompts said "his cards onto his table" and "make him discard": players are anyone."""
    import re

    from houserules.games.bpoker import effects_high, effects_low, pairs

    for module in (effects_high, effects_low, pairs):
        prompts = re.findall(r'ask\([^"]*"[^"]*", "([^"]*)"', native.source(module.__name__).read_text())
        assert prompts, module.__name__
        assert not [p for p in prompts if re.search(r"\b(his|him|he)\b", p)], module.__name__


def test_a_player_with_no_cards_is_told_once_and_not_asked() -> None:
    """BP-H41: the empty seat's turns pass by themselves; the log says so once, not every round."""
    path = SCENARIOS / "no-cards-turn-passes-by-itself.json"
    spec = json.loads(path.read_text())
    state = GAME.scenario_state(GAME.options(spec["options"]), spec["state"], 0)
    events = []
    for _ in range(6):  # three rounds of seats 0 and 2 passing after one play
        seat = state.turn
        assert seat != 1 and GAME.to_act(state) == (seat,)
        mine = [a for a in GAME.legal(state) if a.seat == seat]
        play = next((a for a in mine if a.kind == "play"), None)
        events += GAME.apply(state, play or Action(seat, "pass"))
        if state.turn == seat and state.phase == "turn":
            events += GAME.apply(state, Action(seat, "pass"))
    told = [e for e in events if e.kind == "no-cards"]
    assert len(told) == 1 and told[0].seat == 1
    assert not [e for e in events if e.seat == 1 and e.kind in ("pass", "declared")]
