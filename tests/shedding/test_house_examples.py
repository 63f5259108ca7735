"""The example house-rule books Shedding ships (examples/house/shedding/, issue 36): each is
accepted, is a conformance variant, is played by the search bot, and keeps the club bot
well ahead of random play."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

from houserules.bots import make
from houserules.bots.base import ask
from houserules.engine import registry
from houserules.engine.house import book as B
from houserules.engine.house import check as C
from houserules.games.shedding.vocabulary import VOCABULARY
from houserules.sim import SimConfig, simulate

BOOKS = registry.house_books("shedding")
NAMES = [name for name, _ in BOOKS]
#: games per book, and the club bot's wins that decide it is ahead (one-sided exact binomial
#: test against an even game: P(X >= 23 | n=30, p=1/2) = 0.0026)
GAMES, DECIDES = 30, 23


def test_five_books_ship_and_each_is_a_variant() -> None:
    assert len(BOOKS) >= 5
    variants = registry.spec("shedding").variants
    for _, book in BOOKS:
        assert {"house": book} in variants


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_each_book_is_accepted_without_a_warning(name: str, book: Any) -> None:
    C.forget()
    for players in (2, 5):
        verdict = C.verdict(B.read_book(book, VOCABULARY), VOCABULARY, players)
        assert verdict.refusal is None and verdict.warnings == (), (name, verdict)


def test_the_decision_threshold_decides() -> None:
    assert sum(comb(GAMES, k) for k in range(DECIDES, GAMES + 1)) / 2 ** GAMES < 0.01


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_the_club_bot_beats_random_under_every_book(name: str, book: Any) -> None:
    tally, _ = simulate(SimConfig("shedding", GAMES, {"players": 2, "house": book}, ("heuristic", "random")))
    assert tally.wins_by_bot["heuristic"] >= DECIDES, dict(tally.wins_by_bot)


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_the_search_bot_plays_under_every_book(name: str, book: Any) -> None:
    """ISMCTS plays stand-in states forward through the same rules: under any book its moves are legal."""
    game = registry.get("shedding")
    state = game.new(game.options({"players": 2, "house": book}), 11)
    bots = [make("shedding", "ismcts:8", 1)]
    rng = random.Random(3)
    for _ in range(40):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal(state) if a.seat == seat]
        action = ask(bots[0], game, state, seat, legal) if seat == 0 else rng.choice(legal)
        assert action is not None and game.check(state, action) is None
        game.apply(state, action)
