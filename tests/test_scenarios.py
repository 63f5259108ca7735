"""Every scenario file under tests/scenarios/<game>/ is a test.

A scenario pins a rules clause with a literal position; see
houserules.engine.scenario for the format and docs/rules/<game>.md for the
clause each one pins. A game kept outside this checkout (``HOUSERULES_GAMES=DIR``)
has its scenarios run from DIR/tests/scenarios too.
"""

from pathlib import Path

import pytest

from houserules.engine import registry
from houserules.engine.scenario import run_file

ROOT = Path(__file__).parent / "scenarios"
#: this checkout's scenarios, then those of each game kept outside it (``HOUSERULES_GAMES``)
FILES = sorted(ROOT.glob("*/*.json")) + [p for root in registry.roots()
                                          for p in sorted((root / "tests" / "scenarios").glob("*/*.json"))]


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path: Path) -> None:
    report = run_file(path)
    assert report.passed, report.failure
