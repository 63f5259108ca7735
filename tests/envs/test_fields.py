"""Named observations: docs/programs.md's tables are the encodings' own ``fields``."""

from __future__ import annotations

from pathlib import Path

import pytest

from houserules.envs import fields

DOC = Path(__file__).resolve().parents[2] / "docs" / "programs.md"


def test_the_programs_page_tables_are_generated_from_the_encodings() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert fields.rewrite(text) == text, "stale: run python -m houserules.envs.fields --write docs/programs.md"


def test_the_mao_sizes_are_the_encodings_own() -> None:
    assert "| Mao | 2679 (no house rules) | 2847 |" in fields.sizes()


def test_a_page_without_markers_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="no generated part"):
        fields.rewrite("no markers here")
    assert fields.main(["--bogus"]) == 2


def test_an_environments_observation_box_is_bounded_by_the_pieces() -> None:
    pytest.importorskip("gymnasium")
    from houserules.envs.gymnasium import SingleAgentEnv

    e = SingleAgentEnv("shedding", players=2)
    box = e.observation_space["observation"]
    pieces = {p.name: p for p in e.table.pieces}
    hand, pending = pieces["hand"], pieces["pending draw"]
    assert (box.low[hand.offset:hand.offset + hand.size] == 0).all()
    assert (box.high[hand.offset:hand.offset + hand.size] == 1).all()
    assert box.high[pending.offset] == float("inf")
    assert box.bounded_below.all()
