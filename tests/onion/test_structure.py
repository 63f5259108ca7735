"""The Onion package's shape (issue 9 item 3): its modules import one another
at the top only, in one direction (no cycle, none hidden inside a function),
and its phases are one table that ``legal``, ``check`` and ``apply`` all read."""

from __future__ import annotations

import ast
from pathlib import Path

from houserules.games.onion import phases, rules
from houserules.games.onion.state import OnionKind, Phase

PACKAGE = Path(phases.__file__).parent
#: the rules modules (the package's CLI commands may import lazily, to start quickly)
RULES = ("cards", "groupings", "solver", "state", "modifiers", "flow", "phases", "rules", "view", "game")


def local_imports(tree: ast.Module) -> set[str]:
    """The sibling modules a module imports (``from . import x``, ``from .x import y``)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(alias.name for alias in node.names)
    return out


def test_no_import_inside_a_function() -> None:
    for path in (PACKAGE / f"{module}.py" for module in RULES):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{path.name}: {node.name} imports inside the function (line {inner[0].lineno})"


def test_no_import_cycle() -> None:
    graph = {p.stem: local_imports(ast.parse(p.read_text())) for p in PACKAGE.glob("*.py")}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' -> '.join(path + (module,))}"
        if module in done:
            return
        for dep in graph.get(module, ()):
            visit(dep, path + (module,))
        done.add(module)

    for module in graph:
        visit(module, ())


def test_every_phase_has_one_record_and_every_kind_a_phase() -> None:
    assert set(phases.PHASES) == set(Phase)
    used = {kind for rule in phases.PHASES.values() for kind in rule.moves}
    assert used == set(OnionKind) == set(rules.KINDS)
    for phase, rule in phases.PHASES.items():
        assert rule.wrong_time.rule.startswith("CMO-"), phase


def test_action_kinds_are_their_json_words() -> None:
    """The StrEnum's values are the words actions have always had in JSON."""
    assert [k.value for k in OnionKind] == [
        "discard", "fold", "bet", "match", "raise", "buy", "stop", "extra", "pass", "accept", "bid",
        "decline", "special", "done", "choose", "reveal", "declare"]
    assert all(k == k.value and isinstance(k, str) for k in OnionKind)
