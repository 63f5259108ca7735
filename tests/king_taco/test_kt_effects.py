"""Each effect is one small function naming its clause (``effects.TRIGGERS``):
every kind a stack can have when it triggers has one, and each says which
clause of docs/rules/king-taco.md it carries out."""

from __future__ import annotations

import ast
import re

from houserules import native
from houserules.games.king_taco.effects import TRIGGERS
from houserules.games.king_taco.matrix import MATRIX


def test_every_stack_base_has_a_trigger() -> None:
    assert set(MATRIX) == set(TRIGGERS)


def docstrings(module: str) -> dict[str, str]:
    """Each function's docstring, read from the module's source (compiled, a function keeps none)."""
    tree = ast.parse(native.source(module).read_text())
    return {node.name: ast.get_docstring(node) or "" for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def test_every_trigger_names_its_clause() -> None:
    for kind, trigger in TRIGGERS.items():
        doc = docstrings(trigger.__module__).get(trigger.__name__, "")
        assert re.search(r"KT-\d+(\.\d+)*", doc), (kind, trigger.__name__)
