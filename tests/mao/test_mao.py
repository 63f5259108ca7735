"""Mao clauses that are not positions: options, the records, views, records and replays."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from houserules.engine import registry
from houserules.engine.core import TABLE, Action, GameError, OptionsError
from houserules.engine.referee import act
from houserules.engine.replay import GameRecord, events_digest, replay
from houserules.games.mao import rulebook as rb
from houserules.games.mao.speech import loose

GAME = registry.get("mao")
SEED = Path(__file__).parents[3] / "shared" / "seeds" / "003_39c72961b4b0dbf2.txt"


def test_rule_sets_and_combinations() -> None:
    assert GAME.options({"rules": "standard,christmas"})["rules"] == ["standard", "christmas"]
    assert GAME.options({"rules": ["base", "knocking"]})["rules"] == ["base", "knocking1"]
    ids = rb.in_play(["original"])
    assert set(rb.BASE) <= ids and "original" in ids and "touching" not in ids and "bandaid" in ids
    assert rb.in_play(["all"]) >= set(rb.STANDARD + rb.ADDITIONAL)
    for bad in ("nonsense", [], 3, ["standard", 4]):
        with pytest.raises(OptionsError):
            GAME.options({"rules": bad})
    for key, bad in (("delay_s", 0), ("grace_s", "x"), ("players", 13), ("decks", 0)):
        with pytest.raises(OptionsError):
            GAME.options({key: bad})


def test_every_paragraph_of_the_seed_has_a_record() -> None:
    """Rules are data: each base, standard and additional paragraph of the seed is a record
    (Discretion aside: it is the dealer's judgement, H-discretion)."""
    recorded = {r.id for r in rb.RULES}
    assert set(rb.RULE_IDS) - recorded == {"discretion"}
    if SEED.exists():
        text = SEED.read_text()
        for pid in rb.RULE_IDS:
            assert f'id="{pid}"' in text, pid


def test_more_decks_for_more_players() -> None:
    assert GAME.options({"players": 6})["decks"] == 1
    assert GAME.options({"players": 7})["decks"] == 2
    state = GAME.new(GAME.options({"players": 12}), 3)
    assert len(state.all_cards()) == 104


def test_speech_and_names_compare_forgivingly() -> None:
    assert loose("All hail the Queen of Knaves!") == loose("all hail the queen of knaves")
    assert loose("failure to say ‘maʊ.’") == loose("failure to say 'mao'") == loose('Failure to say "mao".')
    assert rb.penalty_key("Your turn, go.") == rb.penalty_key("delay of game")


def _random_table_game(seed: int, players: int = 4) -> tuple[object, list[dict[str, object]], list[object]]:
    """A game of random attempts with time passing, through the referee, as a record."""
    state = GAME.new(GAME.options({"players": players, "rules": "all", "reveal": True}), seed)
    rng = random.Random(seed)
    entries: list[dict[str, object]] = []
    events: list[object] = []
    now = 0.0
    for _ in range(3000):
        if GAME.result(state) is not None:
            break
        now += rng.choice((0.0, 0.5, 1.0, 3.0))
        if rng.random() < 0.1:
            entries.append({"tick": now})
            events += GAME.advance(state, now)
            continue
        pool = GAME.legal(state) if rng.random() < 0.8 else GAME.attempts(state)
        action = pool[rng.randrange(len(pool))]
        got = act(GAME, state, action, now=now)
        events += got
        if [e.kind for e in got][-1:] != ["refused"]:
            entries.append({**GAME.action_to_json(action), "t": now})
    return state, entries, events


def test_timed_record_replays_every_penalty() -> None:
    state, entries, events = _random_table_game(5)
    assert any(e.kind == "penalty" for e in events)
    record = GameRecord("mao", dict(state.options), 5, entries)
    record.digest = events_digest(events)
    res = GAME.result(state)
    record.result = res.to_json() if res else None
    report = replay(GameRecord.from_json(json.loads(json.dumps(record.to_json()))))
    assert report.ok, report.problems


def test_views_and_errors_reveal_no_rule_and_no_reason() -> None:
    """Penalty events carry a name only; refusals' reasons are the penalty's name; views
    hold no rule while the game is on, and the rules in play once it is over (reveal)."""
    state, _, events = _random_table_game(7)
    for e in events:
        if e.kind == "refused":  # an impossible attempt: the seat is told what was impossible, no rule
            assert e.data["reason"] in rb.every_penalty() or "penalt" not in e.data["reason"]
            continue
        assert not {"rule", "reason", "why", "clause"} & set(e.data), e
        if e.kind == "penalty":
            assert set(e.data) == {"name"}
    for seat in range(GAME.seats(state)):
        v = GAME.view(state, seat).to_json()
        assert (v["rules"] is not None) == bool(state.over)
    fresh = GAME.new(GAME.options({"players": 3, "mode": "strict"}), 1)
    act(GAME, fresh, Action(fresh.dealer, "say", arg=rb.START))  # in play, a chat is talking
    wrong = next(a for a in GAME.attempts(fresh) if a.kind == "say" and GAME.check(fresh, a) is not None)
    refusal = act(GAME, fresh, wrong)[0]
    assert refusal.kind == "refused" and refusal.data["reason"] in rb.every_penalty() + (
        "call a penalty on another seat",)


def test_the_dealer_names_only_the_seeds_penalties() -> None:
    """H-discretion: the software dealer never invents a penalty."""
    names = {loose(n) for n in rb.every_penalty()}
    for seed in range(4):
        _, _, events = _random_table_game(seed, players=2 + seed * 3)
        for e in events:
            if e.kind == "penalty":
                assert loose(e.data["name"]) in names, e


def test_bad_action_json_is_one_line() -> None:
    for bad in ({"seat": 0, "action": "say"}, {"seat": 0, "action": "say", "text": 3},
                {"seat": 0, "action": "call", "arg": {"penalty": "talking"}}, {"seat": 0, "action": "knock", "arg": "two"},
                {"seat": 0, "action": "show", "arg": 1}):
        with pytest.raises(GameError) as info:
            GAME.action_from_json(bad)
        assert "\n" not in str(info.value)
    assert GAME.action_from_json({"seat": 1, "action": "touch"}) == Action(1, "touch", None, True)


def test_speech_is_never_markup_and_kept_as_said() -> None:
    state = GAME.new(GAME.options({"players": 3, "mode": TABLE}), 2)
    events = act(GAME, state, Action(0, "say", arg="<b>hi</b>"))
    said = next(e for e in events if e.kind == "say")
    assert said.data["said"] == "<b>hi</b>"  # the clients render it as text, never as HTML
    assert re.search("talking|discussion", " ".join(e.data.get("name", "") for e in events)) is None


def test_human_dealer_sees_rules_and_advice_no_one_else_does() -> None:
    """H-dealer: the software advises the dealer privately and assesses nothing itself."""
    state = GAME.new(GAME.options({"players": 3, "judge": "dealer"}), 4)
    act(GAME, state, Action(state.dealer, "say", arg="The game of maʊ has now started."))
    events = act(GAME, state, Action(0, "say", arg="hello"))
    assert not [e for e in events if e.kind == "penalty"]
    dealer = GAME.view(state, state.dealer).to_json()
    assert dealer["rules"] and dealer["advice"] == [[0, "talking"]]
    for seat in (0, 1, None):
        other = GAME.view(state, seat).to_json()
        assert other["rules"] is None and other["advice"] is None
    got = act(GAME, state, Action(state.dealer, "call", arg=(0, "talking")))
    assert [(e.seat, e.data["name"]) for e in got if e.kind == "penalty"] == [(0, "talking")]
    assert GAME.view(state, state.dealer).to_json()["advice"] == []


def test_bots_deal_and_judge_a_human_dealer_game() -> None:
    """A bot dealer in human-dealer mode assesses what the software advises."""
    from houserules.games.mao.bots import Knower
    state = GAME.new(GAME.options({"players": 4, "judge": "dealer", "rules": "all"}), 9)
    bots = [Knower(s, 0.2) for s in range(4)]
    clock, penalties = 0.0, 0
    for _ in range(20_000):
        seats = GAME.to_act(state)
        if not seats:
            break
        choice = bots[seats[0]].choose(GAME.view(state, seats[0]), GAME.legal(state))
        if choice is None:
            clock = GAME.deadline(state) or clock
            GAME.advance(state, clock)
        else:
            penalties += sum(e.kind == "penalty" for e in act(GAME, state, choice, now=clock))
    assert GAME.result(state) is not None and penalties > 0


def test_the_players_page_tells_only_what_may_be_told() -> None:
    """M-discussion: the "How to play" page (terminal and browser) says Deal, Turn and End,
    never a secret rule."""
    from houserules.rules_pages import for_players

    page = for_players("mao")
    assert "How to play" in page and "draw" in page
    for secret in ("knock twice", "Hearts", "Subway", "All hail", "Merry Christmas", "M-playcards"):
        assert secret not in page, secret
