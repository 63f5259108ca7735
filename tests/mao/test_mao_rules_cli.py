"""``houserules mao rules check/export/import`` and ``-o rules=@FILE`` (issue 13, portable house rules)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from houserules.cli import app

runner = CliRunner()
SEVEN = {"id": "lucky-seven", "on": "play", "if": ["card.rank == 7"],
         "must": [{"who": "player", "do": "say", "phrase": "Lucky", "failure": "failure to say lucky"}]}


def book(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "book.json"
    path.write_text(text)
    return path


def test_check_explains_and_warns(tmp_path: Path) -> None:
    never = {"id": "never", "on": "play", "if": ["card.suit == hearts", "card.colour == black"], "effects": ["skip"]}
    path = book(tmp_path, json.dumps({"set": ["standard"], "rules": [SEVEN, never]}))
    out = runner.invoke(app, ["mao", "rules", "check", str(path)])
    assert out.exit_code == 0, out.output
    assert "must say “Lucky”" in out.output and "can never fire" in out.output


@pytest.mark.parametrize("text, message", [
    ('{"rules": [\n {"id": "a", "on": "play", "effects": ["skip"]},\n {"id": "b", "on": "play",\n "effects": ["fly"]}]}',
     "line 3: rules[1].effects[0]: 'fly' is not an effect"),
    ('{"rules": [\n {"id": "a" "on": "play"}]}', "line 2: file: not JSON"),
    ('{"rules": [{"id": "x", "on": "play", "penalty": "playing"}]}', "unwinnable"),
    ('{"set": ["nonsense"], "rules": []}', "unknown rule 'nonsense'"),
])
def test_check_refuses_bad_books_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    out = runner.invoke(app, ["mao", "rules", "check", str(book(tmp_path, text))])
    assert out.exit_code == 2 and message in out.output.replace("\n", " "), out.output
    assert "Traceback" not in out.output


def test_export_import_and_play_with_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOUSERULES_HOME", str(tmp_path / "home"))
    exported = tmp_path / "std.json"
    assert runner.invoke(app, ["mao", "rules", "export", str(exported), "--rules", "standard,christmas"]).exit_code == 0
    assert json.loads(exported.read_text())["set"] == ["standard", "christmas"]
    mine = book(tmp_path, json.dumps({"set": ["standard"], "rules": [SEVEN]}))
    out = runner.invoke(app, ["mao", "rules", "import", str(mine), "--name", "friday"])
    assert out.exit_code == 0, out.output
    kept = tmp_path / "home" / "mao-rules" / "friday.json"
    assert json.loads(kept.read_text())["rules"][0]["id"] == "lucky-seven"
    out = runner.invoke(app, ["sim", "mao", "-n", "1", "--players", "3", "--bots", "dealer", "-o", f"rules=@{kept}",
                              "--json"])
    assert out.exit_code == 0, out.output
    bad = book(tmp_path, '{"rules": [{"id": "b", "on": "play", "effects": ["fly"]}]}')
    out = runner.invoke(app, ["sim", "mao", "-n", "1", "-o", f"rules=@{bad}"])
    assert out.exit_code == 2 and "rules[0].effects[0]" in out.output


def test_check_words_lists_every_rule_in_play_in_the_one_plain_form(tmp_path: Path) -> None:
    from houserules.games.mao import language
    from houserules.games.mao.rulebook import RULES

    path = book(tmp_path, json.dumps({"set": ["standard"], "rules": [SEVEN]}))
    out = runner.invoke(app, ["mao", "rules", "check", str(path), "--words"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    knocking = next(r for r in RULES if r.id == "knocking1")
    for r in (knocking, language.rule({**SEVEN, "group": "house"})):
        assert " ".join(language.explain(r).split()) in text
    assert "Merry Christmas" not in text  # not in the standard set
    plain = runner.invoke(app, ["mao", "rules", "check", str(path)])
    assert "Knocking" not in plain.output  # without --words only the written rules are told


def test_the_terminal_editor_says_the_rule_back_before_keeping_it() -> None:
    from houserules.games.mao.terminal import edit_rule

    answers = ["add", "sevens", "play", "rank", "7", "no", "say", "player", "Lucky", "failure to say lucky", "1"]
    asked: list[str] = []

    def ask(keep: str) -> object:
        it = iter(answers + [keep])

        def one(question: str, choices: object, default: str) -> str:
            asked.append(question)
            return next(it)
        return one

    action = edit_rule(0, {"current": []}, 3, ask("yes"))  # type: ignore[arg-type]
    assert action.kind == "write" and "Lucky" in action.arg[2]
    assert asked[-1].startswith("Your rule: sevens: When a card is played and the card's rank is 7; the player must "
                                "say “Lucky”")
    with pytest.raises(ValueError, match="not kept"):
        edit_rule(0, {"current": []}, 3, ask("no"))  # type: ignore[arg-type]


BAD_FILES = {
    "nested": (b'{"rules": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nest"),
    "nested-inside": (b'{"rules": [{"id": "a", "on": "play", "if": ' + b"[" * 50 + b"]" * 50 + b"}]}", "nest"),
    "not-utf8": (b'\xff\xfe{"rules": []}', "not UTF-8"),
    "too-large": (b'{"rules": [], "set": "standard"' + b" " * (64 * 1024) + b"}", "64 KiB"),
    "huge-number": (b'{"rules": [], "x": ' + b"9" * 5000 + b"}", "not JSON"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_bad_rule_book_files_are_one_line_everywhere(tmp_path: Path, name: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A deeply nested, non-UTF-8, oversized file: one line saying so, exit 2, in check, import
    and -o rules=@FILE (the option file used to skip the 64 KiB limit and end in RecursionError)."""
    monkeypatch.setenv("HOUSERULES_HOME", str(tmp_path / "home"))
    data, message = BAD_FILES[name]
    path = tmp_path / f"{name}.json"
    path.write_bytes(data)
    for args in (["mao", "rules", "check", str(path)], ["mao", "rules", "import", str(path)],
                 ["sim", "mao", "-n", "1", "-o", f"rules=@{path}"], ["play", "mao", "-o", f"rules=@{path}"]):
        out = runner.invoke(app, args)
        lines = [line for line in out.output.splitlines() if line.strip()]
        assert out.exception is None or isinstance(out.exception, SystemExit), (args, out.exception)
        assert out.exit_code == 2 and len(lines) == 1 and message in lines[0], (args, out.output)


def test_an_endless_device_is_not_read_to_the_end() -> None:
    """``-o rules=@/dev/zero`` read until memory ran out; now it stops past the limit."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    for args in (["sim", "mao", "-n", "1", "-o", "rules=@/dev/zero"], ["mao", "rules", "check", "/dev/zero"]):
        out = runner.invoke(app, args)
        assert out.exit_code == 2 and "too large" in out.output, out.output


def test_export_from_a_missing_database_creates_nothing(tmp_path: Path) -> None:
    db = tmp_path / "nowhere" / "tables.sqlite3"
    out = runner.invoke(app, ["mao", "rules", "export", str(tmp_path / "out.json"), "--table", "abc", "--db", str(db)])
    assert out.exit_code == 2 and "no server database" in out.output, out.output
    assert not db.exists() and not db.parent.exists() and not (tmp_path / "out.json").exists()


def test_a_refused_book_names_the_line_of_the_rule(tmp_path: Path) -> None:
    hush = {"id": "hush", "on": "play", "if": ["card.rank == Q"], "must": [{"who": "everyone", "do": "silent",
                                                                           "failure": "f"}], "wrong_time": "shushing"}
    path = book(tmp_path, json.dumps({"rules": [SEVEN, hush]}, indent=1))
    out = runner.invoke(app, ["mao", "rules", "check", str(path)])
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if '"hush"' in text) - 1
    assert out.exit_code == 2 and f"line {line}: rules[1].wrong_time" in out.output.replace("\n", " "), out.output
