"""The example house-rule books every game with a vocabulary ships (examples/house/GAME/, issue 36):
each is a conformance variant, is accepted without a warning at the fewest and the most seats, is
played by the search bot, and keeps the club bot well ahead of random play. One file for every
game: what differs between games is only how many games decide the club bot's lead."""

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
from houserules.sim import SimConfig, simulate

#: per game: how many books it ships at least, the table the club bot plays (the club bot in one
#: seat, random play in the others, the seats rotating), how many games and the club bot's wins
#: that decide it is ahead at 1% (one-sided exact binomial test against a fair share of the wins:
#: ``test_each_threshold_decides``). King Taco's luck (the auction, goto) keeps the club bot near
#: 60% against random play (1,000 games a book: bench/RESULTS.md, "House rules: the club bot under
#: every shipped book"); heads-up Onion's club bot wins some three matches in four
CLUB: dict[str, tuple[int, dict[str, Any], int, int]] = {
    "shedding": (5, {"players": 2}, 30, 23),
    "king-taco": (5, {"players": 2}, 400, 225),
    "cripple-mr-onion": (3, {"players": 2, "rounds": 25, "chips": 20}, 80, 52),
    "bpoker": (3, {"players": 3}, 60, 30),
}
GAMES = [name for name in registry.names() if registry.house_books(name)]
BOOKS = [(game, name, book) for game in GAMES for name, book in registry.house_books(game)]
IDS = [f"{game}:{name}" for game, name, _ in BOOKS]


def test_every_game_with_books_is_measured_here() -> None:
    assert sorted(GAMES) == sorted(CLUB)


@pytest.mark.parametrize("game", GAMES)
def test_enough_books_ship_and_each_is_a_variant(game: str) -> None:
    books = registry.house_books(game)
    assert len(books) >= CLUB[game][0]
    for _, book in books:
        assert {"house": book} in registry.spec(game).variants


@pytest.mark.parametrize("game, name, book", BOOKS, ids=IDS)
def test_each_book_is_accepted_without_a_warning(game: str, name: str, book: Any) -> None:
    vocabulary = registry.get(game).vocabulary
    assert vocabulary is not None
    C.forget()
    for players in registry.spec(game).players:
        verdict = C.verdict(B.read_book(book, vocabulary), vocabulary, players)
        assert verdict.refusal is None and verdict.warnings == (), (name, players, verdict)


@pytest.mark.parametrize("game", GAMES)
def test_each_threshold_decides(game: str) -> None:
    _, options, games, decides = CLUB[game]
    p = 1 / options["players"]
    assert sum(comb(games, k) * p ** k * (1 - p) ** (games - k) for k in range(decides, games + 1)) < 0.01


@pytest.mark.parametrize("game, name, book", BOOKS, ids=IDS)
def test_the_club_bot_beats_random_under_every_book(game: str, name: str, book: Any) -> None:
    _, options, games, decides = CLUB[game]
    club = levels(game)["club"]
    bots = (club,) + ("random",) * (options["players"] - 1)
    tally, _ = simulate(SimConfig(game, games, {**options, "house": book}, bots))
    assert tally.wins_by_bot[club] >= decides, dict(tally.wins_by_bot)


@pytest.mark.parametrize("game, name, book", BOOKS, ids=IDS)
def test_the_search_bot_plays_under_every_book(game: str, name: str, book: Any) -> None:
    """ISMCTS plays stand-in states forward through the same rules: under any book its moves are legal."""
    rules = registry.get(game)
    state = rules.new(rules.options({**CLUB[game][1], "house": book}), 11)
    bot = make(game, "ismcts:6", 1)
    rng = random.Random(3)
    for _ in range(40):
        if rules.result(state) is not None:
            break
        seat = rules.to_act(state)[0]
        legal = [a for a in rules.legal(state) if a.seat == seat]
        action = ask(bot, rules, state, seat, legal) if seat == 0 else rng.choice(legal)
        assert action is not None and rules.check(state, action) is None
        rules.apply(state, action)
