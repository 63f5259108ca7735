"""Each game's rules page (docs/rules/GAME.md) for players: in the terminal
(``houserules rules GAME``) and in the browser (the "How to play" page).

A rules page is written for two readers. Its section "How to play" says the
game in plain words; the rest restates the seed clause by clause with ids,
house rules and the tests that pin them. Players get the plain words first
and the clauses after, under one heading that says what they are.
"""

from __future__ import annotations

import re
from pathlib import Path

from .engine import registry
from .engine.core import GameError
from .engine.options import example

#: docs/ beside src/ in a checkout; an installed copy carries the pages in houserules/docs
_DOCS = (Path(__file__).resolve().parents[2] / "docs", Path(__file__).resolve().parent / "docs")
_PLACES = tuple(d / "rules" for d in _DOCS)
PLAIN = "How to play"


def images() -> Path | None:
    """The folder of the pictures the rules pages show (``![…](img/NAME.png)``), served beside the
    pages at ``/rules/img/``; None in an installation without it."""
    return next((folder / "img" for folder in _PLACES if (folder / "img").is_dir()), None)


def rules_file(game: str) -> Path:
    """The rules page of ``game`` (any of its names); GameError if there is none."""
    name = registry.get(game).name
    for folder in _PLACES:
        path = folder / f"{name}.md"
        if path.is_file():
            return path
    raise GameError(f"no rules page for {name} in this installation")


def for_players(game: str) -> str:
    """The page reordered for players: its title, the plain words, then the clauses."""
    text = rules_file(game).read_text(encoding="utf-8")
    title, _, body = text.partition("\n")
    sections = re.split(r"(?m)^(?=## )", body)
    plain = [s for s in sections if s.startswith(f"## {PLAIN}")]
    rest = [s for s in sections if not s.startswith(f"## {PLAIN}")]
    clauses = re.sub(r"(?m)^(#{2,5}) ", r"#\1 ", "".join(rest))  # one level down, under the heading below
    head = f"# {registry.get(game).title}\n\n"
    plain.append(options_section(game))
    if registry.spec(game).secret_rules:  # the clauses would spoil the game for players
        return (head + "".join(plain) + "\n## The rules clause by clause\n\nSecret: learning them is the game. "
                "The full page (it spoils the game) is docs/rules/" + registry.get(game).name + ".md.\n")
    return (head + "".join(plain) + "\n## The rules clause by clause\n\n"
            "Every rule with its id (S-1.2, KT-3.4, …), as the referee enforces it; **House rules** are "
            "our decisions where the original rules are silent or unclear, with the reason.\n\n"
            + title.lstrip("# ") + "\n" + clauses)


def options_section(game: str) -> str:
    """The game's options as a table, from its schema: the words the lobby and
    ``houserules options`` show (``engine.options.Option``)."""
    g = registry.get(game)
    items = [f"- **{o.label}** (`{o.key}`; default {o.default_words()}; {o.allowed()}): {o.help}"
             for o in g.option_schema]
    return ("## Options\n\nSet in the lobby's New table form, or in the terminal with `-o KEY=VALUE` "
            f"(`houserules play {g.name} {example(g.option_schema)}`; `houserules options {g.name}` lists them "
            "too).\n\n" + "\n".join(items) + "\n\n")


def markdown_html(text: str) -> str:
    """Markdown as HTML; raw HTML in the text is shown as text, not run."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = md.render(text)
    return html


def as_html(game: str) -> str:
    """The page for players as HTML."""
    return markdown_html(for_players(game))


def doc_text(name: str) -> str | None:
    """A page of docs/ (``protocol.md``), if this installation has it."""
    for folder in _DOCS:
        path = folder / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None
