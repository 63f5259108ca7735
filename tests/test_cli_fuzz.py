"""Issue 10, item 17: the CLI never ends in a traceback, whatever it is given.

Hundreds of bad inputs (records, resume files and scenarios that are not
UTF-8, not JSON, nested too deep, of the wrong types, or real files with one
field spoiled; output paths that cannot be written; out-of-range numbers)
must each end in one line saying what is wrong and exit 1 or 2 (or 0 when the
spoiled file happens to still be valid), never in a Python exception.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from houserules.cli import app

runner = CliRunner()
SCENARIOS = Path(__file__).parent / "scenarios"
#: one scenario per game, with a literal state (the richest input a file can give)
SCENARIO_FILES = [SCENARIOS / "shedding" / "issue-example-wrap-ace.json",
                  SCENARIOS / "king-taco" / "allow-bars-stackable.json",
                  SCENARIOS / "cripple-mr-onion" / "buying-face-down-cards.json"]

BAD_VALUES: list[Any] = [None, True, -1, 0, 1.5, 2**70, float("inf"), float("nan"), "", "x", "∞", [], [1],
                         [[[]]], {}, {"a": 1}, "QS", [None], [{"action": None}]]


def invoke(*args: str, input: str | None = "quit\n") -> Any:
    return runner.invoke(app, list(args), input=input)


def assert_clean(result: Any, args: tuple[str, ...], ok: tuple[int, ...] = (0, 1, 2)) -> None:
    """No Python exception escaped, no traceback was printed, the exit code is one of ``ok``,
    and a failure says what is wrong: one line starting with 'error:', or Typer's usage error
    for an argument of the wrong type."""
    where = f"houserules {' '.join(args)}\n{result.output[-600:]}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (where, result.exception)
    assert "Traceback" not in result.output, where
    assert result.exit_code in ok, where
    if result.exit_code == 2 and "Usage:" not in result.output:
        errors = [line for line in result.output.splitlines() if line.startswith("error:")]
        assert len(errors) == 1 and len(errors[0]) > len("error: "), where


def spoil(obj: Any, rng: random.Random) -> Any:
    """A copy of ``obj`` with one value somewhere replaced by a bad one, or one key removed."""
    out = copy.deepcopy(obj)
    parent: Any = None
    key: Any = None
    node = out
    while isinstance(node, dict | list) and node and rng.random() < 0.7:
        parent, key = node, rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        node = node[key]
    if parent is None:
        return rng.choice(BAD_VALUES)
    if isinstance(parent, dict) and rng.random() < 0.2:
        del parent[key]
    else:
        parent[key] = copy.deepcopy(rng.choice(BAD_VALUES))
    return out


def raw_files() -> Iterator[tuple[str, bytes]]:
    """Files that are not JSON objects at all."""
    yield "not-utf8", b'\xff\xfe{"game": "shedding"}'
    yield "latin1", '{"game": "shedding", "options": {"name": "Zoë"}}'.encode("latin-1")
    yield "empty", b""
    yield "truncated", b'{"game": "shedding", "options": {'
    yield "list-deep", b"[" * 100_000 + b"]" * 100_000
    yield "dict-deep", b'{"a":' * 50_000 + b"1" + b"}" * 50_000
    yield "deep-inside", b'{"game": "shedding", "options": {}, "seed": 1, "actions": [' + b"[" * 200 + b"]" * 200 + b"]}"
    yield "huge-int", b'{"game": "shedding", "options": {}, "seed": ' + b"9" * 5000 + b', "actions": []}'
    yield "infinite-seed", b'{"game": "shedding", "options": {}, "seed": Infinity, "actions": []}'
    yield "nan-seed", b'{"game": "shedding", "options": {}, "seed": NaN, "actions": []}'
    yield "float-seed", b'{"game": "shedding", "options": {}, "seed": 1.5, "actions": []}'
    yield "string-seed", b'{"game": "shedding", "options": {}, "seed": "7", "actions": []}'
    yield "null-options", b'{"game": "shedding", "options": null, "seed": 1, "actions": []}'
    yield "int-actions", b'{"game": "shedding", "options": {}, "seed": 1, "actions": 5}'
    yield "string-actions", b'{"game": "shedding", "options": {}, "seed": 1, "actions": "play QS"}'
    yield "list-game", b'{"game": ["shedding"], "options": {}, "seed": 1, "actions": []}'
    yield "a-list", b"[1, 2, 3]"
    yield "a-string", b'"hello"'
    yield "binary", bytes(range(256))


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("rec") / "game.json"
    result = invoke("play", "shedding", "--watch", "--players", "3", "--seed", "5", "--delay", "0",
                    "--save", str(path), input=None)
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("name", "data"), list(raw_files()), ids=[n for n, _ in raw_files()])
def test_files_that_are_not_records_or_scenarios(tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(data)
    for args in (("replay", str(path)), ("replay", str(path), "--json"), ("scenario", str(path)),
                 ("play", "shedding", "--resume", str(path))):
        assert_clean(invoke(*args), args, ok=(1, 2))


def test_spoiled_records_replay_and_resume_cleanly(tmp_path: Path, record: dict[str, Any]) -> None:
    rng = random.Random(10)
    for i in range(120):
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(spoil(record, rng)))
        args = ("replay", str(path)) if i % 3 else ("play", "shedding", "--resume", str(path))
        assert_clean(invoke(*args), args)


@pytest.mark.parametrize("source", SCENARIO_FILES, ids=lambda p: p.parent.name)
def test_spoiled_scenarios_run_cleanly(tmp_path: Path, source: Path) -> None:
    scenario = json.loads(source.read_text())
    rng = random.Random(source.name)
    for i in range(80):
        path = tmp_path / f"s{i}.json"
        path.write_text(json.dumps(spoil(scenario, rng)))
        args = ("scenario", str(path), *(("--json",) if i % 2 else ()))
        assert_clean(invoke(*args), args)


def test_paths_and_directories_as_arguments(tmp_path: Path) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    cases = [
        ("replay", str(tmp_path)),
        ("scenario", str(tmp_path)),
        ("play", "shedding", "--resume", str(tmp_path)),
        ("play", "shedding", "--watch", "--players", "2", "--delay", "0", "--save", str(tmp_path)),
        ("play", "shedding", "--watch", "--players", "2", "--delay", "0", "--save", str(a_file / "g.json")),
        ("sim", "shedding", "--games", "2", "--plot", str(tmp_path)),
        ("sim", "shedding", "--games", "2", "--plot", str(a_file / "run.png")),
        ("sim", "shedding", "--games", "2", "--plot", str(tmp_path / "run.jpg")),
    ]
    for args in cases:
        assert_clean(invoke(*args), args, ok=(1, 2))


def test_missing_directories_for_outputs_are_made(tmp_path: Path) -> None:
    save = tmp_path / "new" / "dir" / "g.json"
    plot = tmp_path / "other" / "run.png"
    args = ("play", "shedding", "--watch", "--players", "2", "--delay", "0", "--save", str(save))
    assert_clean(invoke(*args), args, ok=(0,))
    assert save.exists()
    args = ("sim", "shedding", "--games", "2", "--plot", str(plot))
    assert_clean(invoke(*args), args, ok=(0,))
    assert plot.exists()


@pytest.mark.parametrize("fault", [OSError(28, "No space left on device"),
                                   RuntimeError("plotting needs matplotlib: pip install houserules[plot]")])
@pytest.mark.parametrize("command", ["sim", "ladder"])
def test_a_plot_that_cannot_be_written_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   command: str, fault: Exception) -> None:
    """sim and ladder share one plot writer: its two faults (the file, matplotlib) end in one line, exit 1."""
    def broken(*_: Any) -> None:
        raise fault

    monkeypatch.setattr("houserules.sim.plot.plot_run", broken)
    monkeypatch.setattr("houserules.sim.ladder.plot_ladder", broken)
    plot = tmp_path / "run.png"
    args = (command, "shedding", "--games", "2", "--bots", "random,heuristic", "--plot", str(plot))
    result = invoke(*args)
    assert_clean(result, args, ok=(1,))
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    said = f"could not write the plot {plot}: No space left on device" if isinstance(fault, OSError) else str(fault)
    assert errors == [f"error: {said}"], result.output


@pytest.mark.parametrize("args", [
    ("serve", "--port", "99999"),
    ("serve", "--port", "-1"),
    ("serve", "--bot-delay", "-1"),
    ("serve", "--sync", "sometimes"),
    ("sim", "shedding", "--games", "0"),
    ("sim", "shedding", "--games", "2", "--players", "-1"),
    ("sim", "shedding", "--games", "2", "-o", "players=1e999"),
    ("sim", "shedding", "--games", "2", "-o", "hand_size=[[[]]]"),
    ("sim", "shedding", "--games", "2", "-o", "hand_size=null"),
    ("sim", "shedding", "--games", "2", "-o", "=3"),
    ("sim", "cripple-mr-onion", "--games", "1", "-o", "modifiers=99"),
    ("sim", "cripple-mr-onion", "--games", "1", "-o", "modifiers=[[[[[[[[["),
    ("sim", "cripple-mr-onion", "--games", "1", "--modifiers", "all"),
    ("sim", "king-taco", "--games", "1", "-o", "deck=5"),
    ("play", "shedding", "--seat", "9"),
    ("play", "shedding", "--mode", "lenient"),
    ("play", "shedding", "--players", "1"),
    ("play", "nothing"),
    ("sim", "shedding", "--seed", "x"),
    ("onion", "best", "ZZ"),
    ("onion", "best", "2C", "--rule", "death=x"),
])
def test_bad_arguments(args: tuple[str, ...]) -> None:
    assert_clean(invoke(*args), args, ok=(1, 2))
