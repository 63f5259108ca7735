"""Each game's rules page (docs/rules/GAME.md) for players: in the terminal
(``houserules rules GAME``) and in the browser (the "How to play" page).

A rules page is written for two readers. Its section "How to play" says the
game in plain words; the rest restates the seed clause by clause with ids and
house rules, and names for developers the seed's file, the code and the tests
that pin each clause. Players get the plain words, the options and the
clauses; the page's developer material (``developer_index``) is left out as
it is rendered for them, so the one page stays the one place each rule is
written: the preamble naming the seed's file and the code, each clause
table's "pinned by" column, the sections about the code rather than the game
(``DEVELOPER_SECTIONS``) and, wherever else it appears, a sentence or a
parenthesis naming a file, a test or an issue (``DEVELOPER``).
``houserules rules GAME --developers`` prints the page as written.
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

#: what only a developer reads: a file or folder of the repository, a test, a code name, the tracker
DEVELOPER = re.compile(r"""
    \b(?:src|tests|bench|shared|examples|docs|engine|games)/   # a folder of the repository
  | \w\.(?:py|json|txt|npz|png)\b                               # a file
  | ::\w | \btest_\w                                            # a test
  | \bissues?\s+\d                                              # the tracker
  | `[a-z_]+\.[A-Za-z_]+`                                       # a code name: `catalogue.RULES`
""", re.X)
#: sections about the program rather than the game: studies of house rules and options (tables of
#: figures from ``houserules compare`` and ``sim``), what is still to do, the scenario files' words
DEVELOPER_SECTIONS = re.compile(
    r"houserules (?:compare|sim)|\bstud(?:y|ies)\b|scenario (?:vocabulary|contract)|still lacks|slots in|statistics",
    re.I)
#: when a decision was taken ("measured again after issue 10's changes"): the words of the tracker
_ISSUE_PHRASE = re.compile(r",?\s+(?:in|after|since|for|before|by)\s+issues?\s+\d+(?:'s\s+\w+)?")
_HEADING = re.compile(r"^(#{1,6}) (.*)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*_`\"“(])")


def images() -> Path | None:
    """The folder of the pictures the rules pages show (``![…](img/NAME.png)``), served beside the
    pages at ``/rules/img/``; None in an installation without it."""
    return next((folder / "img" for folder in _PLACES if (folder / "img").is_dir()), None)


def places() -> tuple[Path, ...]:
    """Where rules pages are: this checkout's or installation's, then each of ``registry.roots()``'s."""
    return _PLACES + tuple(root / "docs" / "rules" for root in registry.roots())


def rules_file(game: str) -> Path:
    """The rules page of ``game`` (any of its names); GameError if there is none."""
    name = registry.get(game).name
    for folder in places():
        path = folder / f"{name}.md"
        if path.is_file():
            return path
    raise GameError(f"no rules page for {name} in this installation")


def developer_index(game: str) -> str:
    """The page as written: with the seed's file, the code and the tests that pin each clause."""
    return rules_file(game).read_text(encoding="utf-8")


def for_players(game: str) -> str:
    """The page for players: its title, the plain words, the options, then the clauses."""
    text = developer_index(game)
    _title, _, body = text.partition("\n")
    sections = re.split(r"(?m)^(?=## )", without_developer_sections(body))[1:]  # [0]: the preamble, for developers
    plain = [s for s in sections if s.startswith(f"## {PLAIN}")]
    rest = [s for s in sections if not s.startswith(f"## {PLAIN}")]
    clauses = re.sub(r"(?m)^(#{2,5}) ", r"#\1 ", "".join(rest))  # one level down, under the heading below
    head = f"# {registry.get(game).title}\n\n"
    plain.append(options_section(game))
    if registry.spec(game).secret_rules:  # the clauses would spoil the game for players
        return for_reading(head + "".join(plain) + "\n## The rules clause by clause\n\nSecret: learning them is "
                           f"the game. Every rule (it spoils the game): `houserules rules {registry.get(game).name} "
                           "--developers`.\n")
    return for_reading(head + "".join(plain) + "\n## The rules clause by clause\n\n"
                       "Every rule with its id (S-1.2, KT-3.4, …), as the referee enforces it; **House rules** are "
                       "our decisions where the original rules are silent or unclear, with the reason.\n\n" + clauses)


def without_developer_sections(body: str) -> str:
    """``body`` without the sections (and their subsections) whose heading ``DEVELOPER_SECTIONS`` matches."""
    out: list[str] = []
    skipping = 0  # the level of the heading being left out, 0 when none is
    fenced = False
    for line in body.splitlines(keepends=True):
        fenced ^= line.startswith("```")
        m = None if fenced else _HEADING.match(line)
        if m and skipping and len(m.group(1)) <= skipping:
            skipping = 0
        if m and not skipping and DEVELOPER_SECTIONS.search(m.group(2)):
            skipping = len(m.group(1))
        if not skipping:
            out.append(line)
    return "".join(out)


def for_reading(text: str) -> str:
    """``text`` block by block without its developer material: a table loses its "pinned by"
    column, and a parenthesis, a sentence or a code block naming a file, a test or an issue goes."""
    kept = [_block(b) for b in _blocks(text)]
    return "\n\n".join(b for b in kept if b.strip()) + "\n"


def _blocks(text: str) -> list[str]:
    """``text``'s blocks: runs of lines between blank lines, a fenced code block whole."""
    blocks: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            blocks.append([])
        else:
            blocks[-1].append(line)
    return ["\n".join(b) for b in blocks if b]


def _block(block: str) -> str:
    if block.startswith("```") or all(line.startswith("    ") for line in block.split("\n")):  # code
        return "" if DEVELOPER.search(block) else block
    parts: list[list[str]] = []  # a heading, a table, a paragraph or a list item: its lines
    for line in block.split("\n"):
        table = line.startswith("|")
        if parts and table and parts[-1][0].startswith("|"):
            parts[-1].append(line)
        elif parts and not table and not re.match(r"\s*(?:[-*+]|\d+\.) |#", line) and parts[-1][0][0] not in "#|":
            parts[-1].append(line.strip())  # the paragraph or item goes on
        else:
            parts.append([line])
    out = [_table(p) if p[0].startswith("|") else _prose(" ".join(p)) for p in parts]
    return "\n".join(o for o in out if o.strip() and not re.fullmatch(r"\s*(?:[-*+]|\d+\.)\s*", o))


def _table(rows: list[str]) -> str:
    """A table's rows with its "pinned by" column (a clause table's last) left out, each cell for reading."""
    cells = [r.strip().strip("|").split("|") for r in rows]
    drop = len(cells[0]) - 1 if cells[0][-1].strip().lower() == "pinned by" else None
    out = []
    for row in cells:
        kept = [c for i, c in enumerate(row) if i != drop]
        out.append("| " + " | ".join(_prose(c.strip()) if set(c.strip()) - set("-: ") else c.strip() for c in kept)
                   + " |")
    return "\n".join(out)


def _prose(text: str) -> str:
    """A paragraph, list item or cell without the parentheses, phrases, clauses and sentences that
    name developer material."""
    text = _ISSUE_PHRASE.sub("", _without_parentheses(text))
    sentences = _SENTENCE_END.split(text)
    kept = [k for k in (_sentence(s) for s in sentences) if k]
    said = re.sub(r"\s+([.,;:])", r"\1", " ".join(kept))
    return said if len(kept) == len(sentences) or _says(said) else ""


def _sentence(text: str) -> str:
    """A sentence without its clauses (between semicolons) that name developer material; empty
    when its first one does."""
    if not DEVELOPER.search(text):
        return text
    parts = re.split(r";\s+(?![^()]*\))", text)  # at the semicolons outside parentheses
    if DEVELOPER.search(parts[0]):
        return ""
    return "; ".join(p for p in parts if not DEVELOPER.search(p)).rstrip(".") + "."


def _says(text: str) -> bool:
    """Whether what is left says something (more than a list marker or a label)."""
    return len(re.sub(r"[-*+#|:\s\d.]", "", text)) > 3


def _without_parentheses(text: str) -> str:
    """``text`` without each parenthesis (outermost first) that names developer material."""
    out: list[str] = []
    depth = start = 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                inner = text[start:i + 1]
                if not DEVELOPER.search(inner):
                    out.append(inner)
                continue
        if depth == 0:
            out.append(ch)
        elif i == len(text) - 1:  # never closed: keep it as it was
            out.append(text[start:])
    said = "".join(out)
    return re.sub(r"\s+([.,;:)])", r"\1", said)


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
