"""What the browser's rule editor asks while a winner builds a rule (the Extension).

``preview`` answers one question without touching any table: the rule in plain
words (``language.explain``, the one function that says any rule, also used by
the terminal editor, the match's views and ``houserules mao rules``), the
checker's warnings, and which cards of a sample hand it would apply to when
played on a sample top card (``rulebook.applies``: the judge's own test), or,
for a rule that fails validation, where and why. The server serves it at
``POST /api/games/mao/preview`` (``GameSpec.preview``); the page shows every
answer as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import parse_card
from ...engine.core import GameError
from . import language, rulecheck
from .rulebook import applies
from .state import HAND

MAX_SAMPLE = 12
#: triggers whose rule looks at a card played (the sample can show what they apply to)
CARD_TRIGGERS = ("play", "last", "allow")


def _card(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise GameError(f"{where} is a card such as 7H")
    try:
        return parse_card(value)
    except ValueError:
        raise GameError(f"{where}: {value!r} is not a card (such as 7H, 10S, QD)") from None


def preview(body: Mapping[str, Any]) -> dict[str, Any]:
    """``{"rule": {...}, "top": "7H", "hand": ["7S", ...]}`` -> ``{"ok", "words", "warnings",
    "applies"}`` (``applies``: one true/false per sample card, or None where the rule's trigger
    is not a card played), or ``{"ok": false, "error": "rule.if[0]: ..."}``."""
    if not isinstance(body, Mapping) or not isinstance(body.get("rule"), Mapping):
        raise GameError('send {"rule": {...}, "top": "7H", "hand": ["7S", ...]}')
    hand = body.get("hand", [])
    if not isinstance(hand, list) or len(hand) > MAX_SAMPLE:
        raise GameError(f"hand is a list of at most {MAX_SAMPLE} cards")
    cards = [_card(c, f"hand[{i}]") for i, c in enumerate(hand)]
    top = _card(body.get("top", "7H"), "top")
    try:
        rule = language.rule({**body["rule"], "group": "house"}, "rule")
        rulecheck.refuse((rule,), HAND)
    except language.RuleError as exc:
        return {"ok": False, "error": str(exc)}
    applied = None
    if rule.trigger in CARD_TRIGGERS:
        applied = [applies(rule, {"card": c, "below": top}) for c in cards]
    return {"ok": True, "words": language.explain(rule), "warnings": rulecheck.check((rule,)), "applies": applied}


#: a card as the preview reads one (``parse_card`` accepts these and a few more spellings)
_CARD = {"type": "string", "pattern": "^(?:10|[2-9AJQKajqk])[SHDCshdc]$", "examples": ["7H"]}
#: what ``preview`` accepts, as JSON Schema (GameSpec.preview_body: the server's OpenAPI schema)
BODY: dict[str, Any] = {
    "type": "object", "required": ["rule"],
    "properties": {"rule": {"type": "object", "description": "a rule in the rule language (docs/rules/mao.md)"},
                   "top": _CARD, "hand": {"type": "array", "items": _CARD, "maxItems": MAX_SAMPLE}},
}
