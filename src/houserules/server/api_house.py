"""The HTTP API's house rules (issue 36): for every game with a house-rule vocabulary, what a rule
may say (``GET /api/games/{game}/house``), the example books the game ships (``.../house/books``),
and a book's verdict before the table is made (``POST .../house/check``).

The check reads the book, says every rule in words, judges it within the checker's step budget
and plays its smoke run of bot games: work that must never hold the event loop, so it runs in a
worker thread, at most ``AT_ONCE`` at a time however many are asked, and its whole answer is kept
by the book's content (a lobby asks again each time a rule is edited back). A book is bounded as
an option file is (``OPTION_FILE_BYTES``); one that cannot be read is refused like one the checker
refuses: one line, where and why, never a traceback.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

import anyio
import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from ..engine import registry
from ..engine.core import GameError
from ..engine.house import book as house_book
from ..engine.house import form
from ..engine.house.text import RuleError
from ..engine.house.vocabulary import Vocabulary
from ..engine.options import OPTION_FILE_BYTES
from ..sim.house import check_book, vocabulary_of
from .schemas import GATE_ERRORS, errors

router = APIRouter()
#: checks worked out at once (each in a worker thread); more wait their turn
AT_ONCE = 2
#: answers kept, by game, book and table size
KEPT = 64
_KEPT: OrderedDict[tuple[str, str, int | None], dict[str, Any]] = OrderedDict()


class RuleSaid(BaseModel):
    id: str
    title: str
    words: str = Field(description="the rule in plain words, generated from the rule itself")


class Refusal(BaseModel):
    where: str = Field(description="where in the book: rules[2].if[0], file, rules")
    why: str
    line: int | None = Field(None, description="the line of the text sent that the rule starts on, when known")


class SmokeRun(BaseModel):
    games: int = Field(description="seeded games of the game's club bots played under the book")
    players: int
    bot: str
    turn_limit: int = Field(description="the turn limit the games were played to (0: the game is counted in rounds)")
    at_limit: int = Field(description="games that reached the turn limit (or the last round) without a winner")
    share: float
    fired: int = Field(description="house rules fired in all the games")
    rounds: int = Field(0, description="the rounds each game was played to, in a game counted in rounds "
                                       "(Cripple Mr Onion's match); 0 otherwise")


class HouseVerdict(BaseModel):
    game: str
    accepted: bool
    rules: list[RuleSaid] = Field(description="each rule in words (none when the book cannot be read)")
    refusal: Refusal | None = Field(description="why the table cannot play the book (null: accepted)")
    warnings: list[str]
    smoke: SmokeRun | None = Field(description="the smoke run (null when refused)")


class HouseCheck(BaseModel):
    book: Any = Field(None, description='the book: {"format": "houserules-rules", "version": 2, "game": ..., '
                                        '"rules": [...]} or a bare list of rules')
    text: str | None = Field(None, description="or the book as a file's text (JSON): errors then name its line")
    players: int | None = Field(None, description="seats at the table the verdict is for (default: the game's)")


class HouseBook(BaseModel):
    name: str = Field(description="its file's name (examples/house/GAME/NAME.json)")
    title: str
    rules: list[RuleSaid]
    book: dict[str, Any] = Field(description="the book, as the house option takes it")


def vocabulary_or_404(game: str) -> Vocabulary:
    try:
        return vocabulary_of(game)
    except GameError as exc:
        raise HTTPException(404, str(exc)) from None


@router.get("/api/games/{game}/house", responses=errors(*GATE_ERRORS, 404))
async def vocabulary(game: str) -> dict[str, Any]:
    """What a house rule of this game may say, for a form that writes one: its triggers (each with
    its clause, words, what it may read and the effects it may carry, said at its moment), each
    reading's operators and allowed values, the effects with their bounds, the seed's entries a rule
    may replace, and the book's limits. ``404`` for a game without a vocabulary."""
    return form.to_json(vocabulary_or_404(game))


def book_title(name: str, rules: list[RuleSaid]) -> str:
    """A shipped book's title: its one rule's, else its file's name in words."""
    return rules[0].title if len(rules) == 1 else name.replace("-", " ").capitalize()


@router.get("/api/games/{game}/house/books", response_model=list[HouseBook], responses=errors(*GATE_ERRORS, 404))
async def books(game: str) -> list[HouseBook]:
    """The example books the game ships (the conformance suite plays under each), every rule in words."""
    vocab = vocabulary_or_404(game)
    out = []
    for name, raw in registry.house_books(vocab.game):
        found = house_book.read_book(raw, vocab)
        said = [RuleSaid(id=r.id, title=r.title, words=house_book.explain(r, vocab)) for r in found.rules]
        out.append(HouseBook(name=name, title=book_title(name, said), rules=said, book=house_book.to_json(found, vocab)))
    return out


def _text(body: HouseCheck) -> str:
    """The book sent, as text, bounded as an option file is: 400 without one, 413 when larger."""
    if (body.book is None) == (body.text is None):
        raise HTTPException(400, 'send the book as "book" (JSON) or as "text" (a file\'s text), one of them')
    text = body.text if body.text is not None else json.dumps(body.book, ensure_ascii=False)
    if len(text.encode()) > OPTION_FILE_BYTES:
        raise HTTPException(413, f"a book is at most {OPTION_FILE_BYTES // 1024} KiB, as an option file is")
    return text


def _judge(game: str, vocab: Vocabulary, text: str, players: int | None) -> dict[str, Any]:
    """The verdict on ``text`` (in a worker thread): read, kept by content, or worked out."""
    try:
        key = (vocab.game, house_book.canonical(house_book.parse(text, vocab), vocab), players)
    except RuleError as exc:
        return {"game": vocab.game, "accepted": False, "rules": [], "warnings": [], "smoke": None,
                "refusal": {"where": exc.where, "why": exc.why, "line": exc.line}}
    if key in _KEPT:
        _KEPT.move_to_end(key)
        return _KEPT[key]
    answer: dict[str, Any] = check_book(game, key[1], players).to_json()
    _KEPT[key] = answer
    if len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)
    return answer


def _limiter(request: Request) -> anyio.CapacityLimiter:
    """This server's limit on checks worked out at once (made on first use, in its event loop)."""
    found: anyio.CapacityLimiter | None = getattr(request.app.state, "house_checks", None)
    if found is None:
        found = request.app.state.house_checks = anyio.CapacityLimiter(AT_ONCE)
    return found


@router.post("/api/games/{game}/house/check", response_model=HouseVerdict,
             responses=errors(*GATE_ERRORS, 400, 404, 413))
async def check(game: str, body: HouseCheck, request: Request) -> dict[str, Any]:
    """A book's verdict before the table is made: each rule in words, and either why the table cannot
    play it (``refusal``: where and why, in one line) or its warnings and a smoke run of bot games.
    Nothing is stored. Worked out in a worker thread within the checker's step budget, never on the
    event loop; an answer is kept by the book's content. ``400`` for a table size the game does not
    take, ``404`` for a game without a vocabulary, ``413`` for a book over 64 KiB."""
    vocab = vocabulary_or_404(game)
    text = _text(body)
    try:
        return await anyio.to_thread.run_sync(_judge, game, vocab, text, body.players, limiter=_limiter(request))
    except GameError as exc:  # the table size (a book's own faults are a refusal, above)
        raise HTTPException(400, str(exc)) from None
