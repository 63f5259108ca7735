"""Traceability: every clause on a rules page is pinned by a scenario or a test
that exists, and every scenario names only clauses its page defines.

A rules page (docs/rules/GAME.md) lists clauses in table rows whose first
cell is the id (``S-3.2``, ``H-4``, ``M-penalties-c``) and whose last cell names scenario files
(by stem, from tests/scenarios/GAME/) and tests (`` `tests/x.py::test_name` ``). The pages of a
game kept outside this checkout (``HOUSERULES_GAMES``) are checked in their own folder too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from houserules.engine import registry

ROOT = Path(__file__).parent.parent
#: each rules page, with the folder shaped like a checkout it is in (its scenarios are there)
PAGES = [(page, root) for root in (ROOT, *registry.roots()) for page in sorted((root / "docs" / "rules").glob("*.md"))]
IDS = [page.stem for page, _ in PAGES]
ROW = re.compile(r"^\|\s*([A-Z][A-Z0-9]*-[A-Za-z0-9][A-Za-z0-9.-]*)\s*\|(.*)\|\s*$")


def clauses(page: Path) -> dict[str, str]:
    out = {}
    for line in page.read_text().splitlines():
        m = ROW.match(line)
        if m:
            out[m.group(1)] = m.group(2).split("|")[-1].strip()
    return out


def resolves(item: str, game: str, root: Path = ROOT) -> bool:
    item = item.strip().strip("`")
    if "::" in item:
        path, name = item.split("::", 1)
        file = root / path if (root / path).exists() else ROOT / path  # a game outside names this checkout's tests
        return file.exists() and re.search(rf"^(async )?def {re.escape(name)}\(", file.read_text(), re.M) is not None
    return (root / "tests" / "scenarios" / game / f"{item}.json").exists()


@pytest.mark.parametrize(("page", "root"), PAGES, ids=IDS)
def test_every_clause_is_pinned(page: Path, root: Path) -> None:
    every_clause_is_pinned(page, root)


def every_clause_is_pinned(page: Path, root: Path = ROOT) -> None:
    """Each check here is a function of a page (and the checkout it is in, whose tests and scenarios
    pin it): tests/test_new_game.py runs them on a scratch game's page."""
    table = clauses(page)
    assert table, f"{page.name} defines no clause rows"
    for cid, pinned in table.items():
        items = [i for i in pinned.split(",") if i.strip()]
        assert items, f"{page.name}: {cid} is pinned by nothing"
        for item in items:
            assert resolves(item, page.stem, root), f"{page.name}: {cid} names {item.strip()!r}, which does not exist"


@pytest.mark.parametrize(("page", "root"), PAGES, ids=IDS)
def test_scenarios_name_defined_clauses(page: Path, root: Path) -> None:
    scenarios_name_defined_clauses(page, root)


def scenarios_name_defined_clauses(page: Path, root: Path = ROOT) -> None:
    defined = set(clauses(page))
    for file in sorted((root / "tests" / "scenarios" / page.stem).glob("*.json")):
        for cid in json.loads(file.read_text()).get("clauses", []):
            assert cid in defined, f"{file.name} names {cid}, not defined on {page.name}"


#: what a player must never be shown: a source or test path, a test's name, the seed's file
DEVELOPER_PATH = re.compile(r"\.py\b|\bsrc/|\btests?/|::test_|\btest_\w+|shared/seeds|\bbench/")


@pytest.mark.parametrize(("page", "root"), PAGES, ids=IDS)
def test_how_to_play_names_no_source_or_test_path_and_keeps_every_clause(page: Path, root: Path) -> None:
    how_to_play_names_no_source_or_test_path_and_keeps_every_clause(page)


def how_to_play_names_no_source_or_test_path_and_keeps_every_clause(page: Path) -> None:
    """Players get the plain words and the clauses (issue 39); the code and test index stays on the
    page as written, for developers (``houserules rules GAME --developers``)."""
    from houserules.rules_pages import as_html, developer_index, for_players, without_developer_sections

    text, html = for_players(page.stem), as_html(page.stem)
    for shown in (text, html):
        found = DEVELOPER_PATH.search(shown)
        assert not found, f"{page.name}: {shown[max(0, found.start() - 80):found.end() + 40]!r}"
    assert "| pinned by |" not in text
    assert DEVELOPER_PATH.search(developer_index(page.stem))
    if not registry.spec(page.stem).secret_rules:  # every clause a player may read is there, by its id
        kept = without_developer_sections(page.read_text())
        for cid in clauses(page):
            if f"| {cid} |" in kept:
                assert f"| {cid} |" in text, f"{page.name}: {cid} is missing for players"
