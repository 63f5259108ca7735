"""The rules page and the code agree: every clause id the code, the matrix
and the scenarios cite is on docs/rules/king-taco.md, and every scenario is
named in the "pinned by" cell of a clause (tests/test_rules_pages.py checks
the converse: every clause is pinned by something that exists)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import houserules.games.king_taco as package
from houserules.games.king_taco.matrix import effects_markdown

ROOT = Path(__file__).parents[2]
PAGE = (ROOT / "docs" / "rules" / "king-taco.md").read_text()
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "king-taco").glob("*.json"))
CODE = "\n".join(p.read_text() for p in Path(package.__file__).parent.glob("*.py"))
CLAUSE = re.compile(r"KT-(?:H\d+|\d+(?:\.\d+)*)")


def _on_page(clause: str) -> bool:
    return clause in PAGE or re.search(rf"(?<![\d.]){re.escape(clause[3:])}(?![\d])", PAGE) is not None


def test_clauses_cited_by_code_and_matrix_are_on_the_page() -> None:
    missing = sorted({c for c in CLAUSE.findall(CODE + effects_markdown()) if not _on_page(c)})
    assert not missing


def test_clauses_cited_by_scenarios_are_on_the_page() -> None:
    for path in SCENARIOS:
        for clause in json.loads(path.read_text())["clauses"]:
            assert _on_page(clause), (path.name, clause)


def test_every_scenario_is_named_on_the_page() -> None:
    pins = " ".join(line.rsplit("|", 2)[-2] for line in PAGE.splitlines() if line.startswith("| KT-"))
    missing = [p.stem for p in SCENARIOS if not re.search(rf"(?<![\w-]){re.escape(p.stem)}(?![\w-])", pins)]
    assert not missing
