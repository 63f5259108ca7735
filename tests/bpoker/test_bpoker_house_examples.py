"""The example house-rule books bpoker ships (examples/house/bpoker/, issue 36): each is accepted
without a warning, is a conformance variant, keeps the club bot well ahead of random play, and is
played by the search bot."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

from houserules.bots import levels, make
from houserules.bots.base import ask
from houserules.engine import registry
from houserules.engine.house import book as B
from houserules.engine.house import check as C
from houserules.games.bpoker.vocabulary import VOCABULARY

NAME = "bpoker"
GAME = registry.get(NAME)
BOOKS = registry.house_books(NAME)
NAMES = [name for name, _ in BOOKS]
#: games per book at three seats (the club bot's seat goes round), and its wins that decide it is
#: ahead (one-sided exact binomial test against a third of the wins: P(X >= 30 | n=60, p=1/3) = 0.0056)
GAMES, SEATS, DECIDES = 60, 3, 30


def test_at_least_three_books_ship_and_each_is_a_variant() -> None:
    assert len(BOOKS) >= 3
    variants = registry.spec(NAME).variants
    for _, book in BOOKS:
        assert {"house": book} in variants


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_each_book_is_accepted_without_a_warning(name: str, book: Any) -> None:
    C.forget()
    for players in (3, 6):
        verdict = C.verdict(B.read_book(book, VOCABULARY), VOCABULARY, players)
        assert verdict.refusal is None and verdict.warnings == (), (name, verdict)


def test_the_decision_threshold_decides() -> None:
    p = 1 / SEATS
    assert sum(comb(GAMES, k) * p ** k * (1 - p) ** (GAMES - k) for k in range(DECIDES, GAMES + 1)) < 0.01


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_the_club_bot_beats_random_under_every_book(name: str, book: Any) -> None:
    club = levels(NAME)["club"]
    wins = 0.0
    for seed in range(GAMES):
        state = GAME.new(GAME.options({"players": SEATS, "house": book}), seed)
        bots = [make(NAME, club if s == seed % SEATS else "random", seed * 10 + s) for s in range(SEATS)]
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            legal = [a for a in GAME.legal(state) if a.seat == seat]
            GAME.apply(state, bots[seat].choose(GAME.view(state, seat), legal))
        result = GAME.result(state)
        assert result is not None
        wins += (seed % SEATS in result.winners) / len(result.winners)
    assert wins >= DECIDES, wins


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_the_search_bot_plays_under_every_book(name: str, book: Any) -> None:
    """ISMCTS plays stand-in states forward through the same rules: under any book its moves are legal."""
    state = GAME.new(GAME.options({"players": SEATS, "house": book}), 11)
    bot = make(NAME, "ismcts:6", 1)
    rng = random.Random(3)
    for _ in range(40):
        if GAME.result(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal(state) if a.seat == seat]
        action = ask(bot, GAME, state, seat, legal) if seat == 0 else rng.choice(legal)
        assert action is not None and GAME.check(state, action) is None
        GAME.apply(state, action)
