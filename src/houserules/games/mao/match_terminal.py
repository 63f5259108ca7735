"""A Mao match in the terminal: the match's lines on the table panel, the winner's
rule-writing menu, and the guided editor's prompts (``editor``). ``terminal`` calls
these when its view carries a match."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.prompt import Prompt
from rich.text import Text

from ...engine.core import Action
from . import language
from .editor import guided
from .match import write_arg


def lines(match: dict[str, Any], names: Sequence[str], seat: int | None) -> list[Text]:
    """The score, the rules this seat wrote or witnesses, the rules in play while it writes,
    and the reveal at the end. Rule text is escaped: it is never markup."""
    wins = ", ".join(f"{escape(n)} {w}" for n, w in zip(names, match["wins"]))
    out = [Text.from_markup(f"[bold]Match[/]: game {match['game']} of {match['games']}; wins: {wins}; "
                            f"{match['changes']} rule change(s) so far")]
    for m in match["mine"]:
        out.append(Text("  your rule (told to " + names[m["witness"]] + "): " + m["words"]))
    for m in match["witnessing"]:
        out.append(Text("  " + names[m["author"]] + "'s rule, told to you: " + m["words"]))
    if match.get("writer") is not None and match["writer"] == seat:
        out.append(Text.from_markup("[bold yellow]You won: write the next rule.[/] Pick one below, or type "
                                    "[bold]rule[/] to build your own."))
        for c in match.get("current", []):
            out.append(Text(f"  in play: {c['rule']['id']}: {c['words']}"))
    for r in match.get("revealed", []):
        out.append(Text(f"  {names[r['author']]} (witness {names[r['witness']]}), game {r['game']}, "
                        f"{r['penalties']} penalt{'y' if r['penalties'] == 1 else 'ies'}: {r['words']}"))
    return out


def describe(action: Action) -> str:
    op, rid, text, witness = action.arg
    if op == "remove":
        return escape(f"remove the rule {rid} (tell seat {witness})")
    raw = json.loads(text)
    words = language.explain(language.rule({**raw, "group": "house"}))
    return escape(f"{op} a rule: {words} (tell seat {witness})")


def ask(question: str, choices: Sequence[str], default: str) -> str:
    return Prompt.ask(escape(question), choices=list(choices) or None, default=default)


def edit(seat: int, match: dict[str, Any], players: int) -> Action:
    """The guided editor at the terminal: the winner's rule, as a ``write`` action."""
    current = [c["rule"]["id"] for c in match.get("current", [])]
    arg = guided(ask, current, players, seat)
    return Action(seat, "write", arg=write_arg(arg))
