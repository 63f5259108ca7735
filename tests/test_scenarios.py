"""Every scenario file under tests/scenarios/<game>/ is a test.

A scenario pins a rules clause with a literal position; see
houserules.engine.scenario for the format and docs/rules/<game>.md for the
clause each one pins.
"""

from pathlib import Path

import pytest

from houserules.engine.scenario import run_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path: Path) -> None:
    report = run_file(path)
    assert report.passed, report.failure
