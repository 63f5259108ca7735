"""The example house-rule books Cripple Mr Onion ships (examples/house/cripple-mr-onion/, issue 36):
each is accepted without a warning, is a conformance variant, keeps the club bot well ahead of
random play, and is played by the search bot."""

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
from houserules.games.onion.vocabulary import VOCABULARY
from houserules.sim import SimConfig, simulate

NAME = "cripple-mr-onion"
BOOKS = registry.house_books(NAME)
NAMES = [name for name, _ in BOOKS]
#: matches per book (two seats, 25 rounds each: the rising stakes' rounds come), and the club bot's
#: wins that decide it is ahead (one-sided exact binomial test against an even game:
#: P(X >= 52 | n=80, p=1/2) = 0.0048); heads-up the club bot wins some three matches in four
GAMES, DECIDES = 80, 52
SHORT = {"players": 2, "rounds": 25, "chips": 20}


def test_at_least_three_books_ship_and_each_is_a_variant() -> None:
    assert len(BOOKS) >= 3
    variants = registry.spec(NAME).variants
    for _, book in BOOKS:
        assert {"house": book} in variants


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_each_book_is_accepted_without_a_warning(name: str, book: Any) -> None:
    C.forget()
    for players in (2, 7):
        verdict = C.verdict(B.read_book(book, VOCABULARY), VOCABULARY, players)
        assert verdict.refusal is None and verdict.warnings == (), (name, verdict)


def test_the_decision_threshold_decides() -> None:
    assert sum(comb(GAMES, k) for k in range(DECIDES, GAMES + 1)) / 2 ** GAMES < 0.01


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_the_club_bot_beats_random_under_every_book(name: str, book: Any) -> None:
    club = levels(NAME)["club"]
    tally, _ = simulate(SimConfig(NAME, GAMES, {**SHORT, "house": book}, (club, "random")))
    assert tally.wins_by_bot[club] >= DECIDES, dict(tally.wins_by_bot)


@pytest.mark.parametrize("name, book", BOOKS, ids=NAMES)
def test_the_search_bot_plays_under_every_book(name: str, book: Any) -> None:
    """ISMCTS plays stand-in states forward through the same rules: under any book its moves are legal."""
    game = registry.get(NAME)
    state = game.new(game.options({**SHORT, "house": book}), 11)
    bot = make(NAME, "ismcts:6", 1)
    rng = random.Random(3)
    for _ in range(30):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal(state) if a.seat == seat]
        action = ask(bot, game, state, seat, legal) if seat == 0 else rng.choice(legal)
        assert action is not None and game.check(state, action) is None
        game.apply(state, action)
