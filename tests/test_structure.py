"""The shape of the code: no import cycles anywhere, and pure rules.

An import cycle is a knot two modules can only be read together; hiding one
side of it inside a function (as Onion's flow/modifiers/state once did) keeps
the knot and only hides it, so every import counts here, wherever it is
written, ``TYPE_CHECKING`` ones included. And the arrows point one way
(docs/engine.md): the engine and each game's rules modules import no bot, no
terminal, no server, no table, no simulator and no heavy library.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import houserules

ROOT = Path(houserules.__file__).parent
#: the parts of a game package that are for people and programs, not rules (Mao's learner is a bot)
PRESENTATION = {"bots", "bots_basic", "bots_rollout", "learner", "terminal", "commands", "words", "encoding"}
#: what rules code may never import
FORBIDDEN = ("houserules.bots", "houserules.server", "houserules.tui", "houserules.table", "houserules.sim",
             "houserules.cli", "houserules.envs", "rich", "typer", "fastapi", "uvicorn", "numpy", "starlette")


def module_name(path: Path) -> str:
    parts = ["houserules", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1]) if parts[-1] == "__init__" else ".".join(parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def imports(name: str) -> set[str]:
    """Every module ``name`` imports, at any depth of its code, resolved to full names."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if sub in MODULES else base)
    return out


GRAPH = {name: {m for m in imports(name) if m in MODULES and m != name} for name in MODULES}


def cycles() -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_anywhere() -> None:
    assert cycles() == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above can fail: a knot put into the graph is found."""
    GRAPH["houserules.engine.core"].add("houserules.engine.referee")
    try:
        assert any({"houserules.engine.core", "houserules.engine.referee"} <= set(c) for c in cycles())
    finally:
        GRAPH["houserules.engine.core"].discard("houserules.engine.referee")


def rules_modules() -> list[str]:
    """The engine, the card notation, and every game module that is not for presentation."""
    out = []
    for name in MODULES:
        parts = name.split(".")
        if len(parts) < 2:
            continue
        if parts[1] == "engine" or name == "houserules.cards":
            out.append(name)
        elif parts[1] == "games" and len(parts) >= 3 and parts[-1] not in PRESENTATION:
            out.append(name)
        elif parts[1:3] == ["newgame", "template"] and len(parts) == 4 and parts[-1] not in PRESENTATION:
            out.append(name)  # the game new-game writes, as it will be under games/
    return out


def test_rules_import_no_bot_terminal_server_or_heavy_library() -> None:
    bad = {name: sorted(m for m in imports(name) if m.startswith(FORBIDDEN) or
                        any(m.startswith(f"{name.rsplit('.', 1)[0]}.{p}") for p in PRESENTATION))
           for name in rules_modules()}
    assert {k: v for k, v in bad.items() if v} == {}
    assert {"houserules.games.shedding.rules", "houserules.newgame.template.rules"} <= set(rules_modules())


def test_no_game_package_reaches_into_the_server():
    """A game's own commands, terminal and bots included: the server drives games, never the other
    way round (Mao's ``rules export --table`` reads a stored table through cli.py's ``GAME_TOOLS``)."""
    reach = {name: sorted(m for m in GRAPH[name] if m.startswith("houserules.server"))
             for name in MODULES if name.startswith("houserules.games.")}
    assert not {name: found for name, found in reach.items() if found}


#: what may be long or tangled: Onion's solver, a search written as one piece (issue 40)
SOLVER = "houserules.games.onion.solver"
LONGEST = 80


def test_no_function_is_over_80_lines_outside_onions_solver() -> None:
    """A function a newcomer cannot read in one screen is cut where its parts are (issue 40)."""
    long = [f"{name}.{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for name, path in MODULES.items() if name != SOLVER
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > LONGEST]
    assert long == []


def test_no_function_is_ranked_f_outside_onions_solver() -> None:
    """radon's rank F (cyclomatic complexity over 40): too many paths to test or to hold in mind."""
    complexity = pytest.importorskip("radon.complexity", reason="radon measures it (pip install radon)")
    tangled = [f"{name}.{block.fullname} ({block.complexity})" for name, path in MODULES.items() if name != SOLVER
               for block in complexity.cc_visit(path.read_text()) if complexity.cc_rank(block.complexity) == "F"]
    assert tangled == []


def test_no_game_carries_out_its_moves_itself() -> None:
    """Every game's ``apply`` is the engine's: the kinds' effects, dispatched by the table
    ``GameBase`` makes from ``moves`` (issue 40: four games overrode it to skip interpreted
    layers, and Mao's match to keep its count). A kind's effect is where a game says what
    happens; the engine compiles the one dispatch."""
    from houserules.engine import registry
    from houserules.engine.base import GameBase

    for name in registry.names():
        game = registry.get(name)
        assert isinstance(game, GameBase), name
        assert type(game).apply is GameBase.apply, f"{name} overrides apply"
