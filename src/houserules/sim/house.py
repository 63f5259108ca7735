"""A house-rule book checked before the first card: its verdict, its words, and a smoke run.

``houserules house check GAME FILE`` (and anything else that wants the whole report) asks
``check_book``: the book read against the game's vocabulary (errors name the file's line),
the engine's and the game's verdict within the step budget (``engine.house.check``), every
rule in the words generated from it, and then, for a book that is not refused, a smoke run:
a few dozen seeded games of the game's club bots under the book, with a lower turn limit,
and the share that reached it (a book can pass every check and still make games drag on).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import levels
from ..engine import registry
from ..engine.core import GameError
from ..engine.house import book as house_book
from ..engine.house.check import verdict
from ..engine.house.text import RuleError
from ..engine.house.vocabulary import Vocabulary
from .runner import play

#: games in a smoke run, and the turn limit they are played to (a heuristic game of Shedding
#: takes some 30 turns; a book that makes games run to this limit makes them drag on for ever)
SMOKE_GAMES = 24
SMOKE_TURNS = 1_000
#: the rounds of a game whose length is a number of rounds (Cripple Mr Onion's match, 50 by default:
#: two dozen such matches of its club bots take a minute, too long for a lobby to wait on)
SMOKE_ROUNDS = 5


@dataclass
class Smoke:
    """A smoke run: ``games`` seeded games of ``bot`` at ``players`` seats, played to a turn limit
    of ``turns`` or, in a game counted in rounds (Cripple Mr Onion's match), to ``rounds`` rounds
    (``turns`` then 0: it has no turn limit); ``limit`` of them ended without a winner (at the turn
    limit), ``fired`` house rules fired in all."""

    games: int
    players: int
    bot: str
    turns: int
    limit: int = 0
    fired: int = 0
    rounds: int = 0

    @property
    def share(self) -> float:
        return self.limit / self.games if self.games else 0.0


@dataclass
class HouseReport:
    """What a group hears before playing a book: each rule (id, title, words), the refusal (where,
    why) or the warnings, and the smoke run (None when refused)."""

    game: str
    rules: list[tuple[str, str, str]]
    refusal: tuple[str, str] | None
    warnings: list[str] = field(default_factory=list)
    smoke: Smoke | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "accepted": self.refusal is None,
            "rules": [{"id": i, "title": t, "words": w} for i, t, w in self.rules],
            "refusal": None if self.refusal is None else {"where": self.refusal[0], "why": self.refusal[1]},
            "warnings": self.warnings, "smoke": None}
        if self.smoke is not None:
            s = self.smoke
            out["smoke"] = {"games": s.games, "players": s.players, "bot": s.bot, "turn_limit": s.turns,
                            "at_limit": s.limit, "share": s.share, "fired": s.fired, "rounds": s.rounds}
        return out


def vocabulary_of(game_name: str) -> Vocabulary:
    """The house-rule vocabulary of ``game_name``; GameError when the game has none."""
    game = registry.get(game_name)
    if game.vocabulary is None:
        extra = " (Mao's written rules: houserules mao rules check FILE)" if game.name == "mao" else ""
        raise GameError(f"{game.title} has no house-rule vocabulary yet{extra}")
    return game.vocabulary


def check_book(game_name: str, text: str, players: int | None = None, games: int = SMOKE_GAMES,
               progress: Callable[[int], None] | None = None) -> HouseReport:
    """The report on the book in ``text`` for ``game_name`` at a table of ``players`` (the game's
    default when None). RuleError (with the file's line) for a book that cannot be read."""
    game = registry.get(game_name)
    vocab = vocabulary_of(game_name)
    book = house_book.parse(text, vocab)
    seats = game.seats_for(game.options({} if players is None else {"players": players}))
    found = verdict(book, vocab, seats)
    said = list(house_book.sayings(book, vocab))
    if found.refusal is not None:
        return HouseReport(game.name, said, found.refusal)
    report = HouseReport(game.name, said, None, list(found.warnings))
    if games > 0:
        report.smoke = smoke(game_name, house_book.to_json(book, vocab), seats, games, progress)
    return report


def smoke(game_name: str, book: dict[str, Any], players: int, games: int,
          progress: Callable[[int], None] | None = None) -> Smoke:
    """Play ``games`` seeded games (seeds 0, 1, ...) of the game's club bot under ``book``."""
    game = registry.get(game_name)
    keys = {o.key for o in game.option_schema}
    raw: dict[str, Any] = {"players": players, "house": book}
    if "max_turns" in keys:
        raw["max_turns"] = SMOKE_TURNS
    if "rounds" in keys:
        raw["rounds"] = SMOKE_ROUNDS
    options = game.options(raw)
    bot = levels(game.name)["club"]
    out = Smoke(games, players, bot, options.get("max_turns", 0), rounds=0 if "max_turns" in keys else options.get("rounds", 0))
    for seed in range(games):
        narrowed: Counter[str] = Counter()
        state, events, _ = play(game.name, options, seed, [bot] * players, narrowed=narrowed)
        result = game.result(state)
        out.limit += result is None or not result.winners
        out.fired += sum(e.kind == "house" for e in events) + narrowed.total()
        if progress is not None:
            progress(1)
    return out


__all__ = ["HouseReport", "RuleError", "Smoke", "check_book", "smoke", "vocabulary_of"]
