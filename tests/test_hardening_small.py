"""Issue 38, item 7: the small ones. Each failed before its fix: ``serve --bot-delay inf`` was
accepted (bots never moved); hostile policy files, a too long ``mao rules import --name`` and an
export to a folder or ``/proc`` ended in "internal error"; an all-bot table did not play until
someone watched; a table its host paused and left stayed paused for ever; a whole-number act id
sent as a float was refused; seat names kept the right-to-left override that chat strips. (Mao's
idle note naming a seat owing a duty: tests/test_server_secrets.py.)"""

from __future__ import annotations

import json
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
from server_helpers import create, seat, server
from typer.testing import CliRunner

from houserules.bots import policy
from houserules.cli import app
from houserules.engine.core import GameError

runner = CliRunner()


def one_line_error(args: list[str]) -> str:
    out = runner.invoke(app, args)
    lines = [line for line in out.output.splitlines() if line.strip()]
    assert out.exit_code == 2 and len(lines) == 1 and "internal error" not in out.output, (args, out.output)
    return lines[0]


@pytest.mark.parametrize("delay", ["inf", "nan", "-1", "1e9"])
def test_serve_refuses_a_bot_delay_bots_could_never_keep(delay, monkeypatch):
    monkeypatch.setattr("uvicorn.run", lambda *a, **k: None)  # never started: the option is refused first
    assert "--bot-delay" in one_line_error(["serve", "--bot-delay", delay])


def _npz(path: Path, **arrays) -> str:
    with open(path, "wb") as f:
        np.savez(f, **arrays)
    return str(path)


def hostile(tmp: Path) -> list[str]:
    """Policy files a stranger could hand over: each must be refused in one line."""
    good = {"game": np.array("shedding"), "options": np.array("{}"), "activation": np.array("relu"),
            "w0": np.zeros((3, 2), np.float32), "b0": np.zeros(2, np.float32)}
    bad_zip = tmp / "zip.npz"
    bad_zip.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    members = tmp / "members.npz"
    with zipfile.ZipFile(members, "w") as z:
        z.writestr("game.npy", b"\x93NUMPY garbage")
    return [str(bad_zip), str(members),
            _npz(tmp / "version.npz", **good, version=np.array([2, 2])),
            _npz(tmp / "flat.npz", **{**good, "w0": np.zeros(6, np.float32)}),
            _npz(tmp / "text.npz", **{**good, "w0": np.array([["a", "b"]])}),
            _npz(tmp / "game.npz", **{**good, "game": np.array(["shedding", "mao"])}),
            _npz(tmp / "options.npz", **{**good, "options": np.array("[1, 2]")}),
            _npz(tmp / "bias.npz", **{**good, "b0": np.zeros((2, 2), np.float32)})]


def test_hostile_policy_files_are_refused_in_one_line(tmp_path):
    for path in hostile(tmp_path):
        with pytest.raises(GameError):
            policy.check(policy.load(path), path, "shedding")
        line = one_line_error(["sim", "shedding", "-n", "1", "--bots", f"policy:{path},random"])
        assert "policy" in line, line


def test_mao_rule_books_are_written_or_refused_in_one_line(tmp_path):
    book = tmp_path / "book.json"
    assert runner.invoke(app, ["mao", "rules", "export", str(book)]).exit_code == 0
    assert "--name" in one_line_error(["mao", "rules", "import", str(book), "--name", "x" * 300])
    assert str(tmp_path) in one_line_error(["mao", "rules", "export", str(tmp_path)])
    if Path("/proc/self").exists():
        one_line_error(["mao", "rules", "export", "/proc/self/nope.json"])


def _wait(pred, limit: float = 20.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return False


def test_an_all_bot_table_plays_with_nobody_watching(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"bot": "random"}, {"bot": "random"}], players=2)
        assert _wait(lambda: client.get(f"/api/tables/{t['table']}").json()["actions"] > 0)


def test_a_table_its_host_paused_and_left_goes_on_after_the_hosts_grace(tmp_path):
    with server(tmp_path / "t.db", grace=0.3) as client:
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}], players=2)
        with seat(client, t["table"], t["invites"][1]["token"]):
            with client.websocket_connect(f"/ws/{t['table']}") as host:
                host.send_text(json.dumps({"type": "hello", "token": t["invites"][0]["token"], "host": t["host"]}))
                assert host.receive_json()["host"] is True
                host.send_text(json.dumps({"type": "host", "do": "pause"}))
                assert _wait(lambda: client.get(f"/api/tables/{t['table']}").json()["status"] == "paused", 5)
            assert _wait(lambda: client.get(f"/api/tables/{t['table']}").json()["status"] == "playing", 5)


def test_a_whole_number_act_id_sent_as_a_float_is_an_id(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "random"}], players=2)
        with seat(client, t["table"], t["invites"][0]["token"]) as ann:
            u = ann.my_turn()
            reply = ann.act(u["legal"][0], ref=3.0)
            assert reply["type"] == "ack" and reply["id"] == 3.0
            assert ann.act(u["legal"][0], ref=3.0) == reply


def test_seat_names_lose_the_marks_that_reorder_or_hide_text(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"name": "Ann\u202egnol\u200b"}, {"name": "\u2066Bo\u2069"}], players=2)
        names = [s["name"] for s in client.get(f"/api/tables/{t['table']}").json()["seats"]]
        assert names == ["Ann gnol", "Bo"]
