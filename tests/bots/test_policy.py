"""policy:PATH: a saved NumPy network plays like any bot, and a bad file is one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from houserules.bots import bot_kinds, make
from houserules.bots.policy import save_policy
from houserules.engine.core import GameError
from houserules.envs.common import EncodedGame
from houserules.sim.ladder import LadderConfig
from houserules.sim.ladder import run as ladder
from houserules.sim.runner import SimConfig, simulate


def tiny(path: Path, game: str = "shedding", players: int = 2, hidden: int = 8, seed: int = 0,
         out: int | None = None) -> Path:
    """A random two-layer policy for ``game`` at ``players`` seats, saved at ``path``."""
    t = EncodedGame(game, players)
    rng = np.random.default_rng(seed)
    layers = [(rng.normal(size=(t.obs_size, hidden)), np.zeros(hidden)),
              (rng.normal(size=(hidden, out or t.act_size)), np.zeros(out or t.act_size))]
    save_policy(path, game, layers, {"players": players})
    return path


def test_a_saved_policy_plays_its_highest_scoring_legal_action(tmp_path: Path) -> None:
    path = tiny(tmp_path / "p.npz")
    bot = make("shedding", f"policy:{path}", 0)
    t = EncodedGame("shedding", 2)
    t.new(3)
    seat = t.seat_to_act()
    assert seat is not None
    view, legal = t.view(seat), t.legal(seat)
    chosen = bot.choose(view, legal)
    data = np.load(path)
    h = np.tanh(t.observe(seat)["observation"] @ data["w0"] + data["b0"])
    scores = h @ data["w1"] + data["b1"]
    best = max(legal, key=lambda a: scores[t.encoding.index(view, a)])  # the mask: legal ones only
    assert chosen == best


def test_a_policy_sits_in_the_simulator_and_the_ladder_like_any_bot(tmp_path: Path) -> None:
    spec = f"policy:{tiny(tmp_path / 'p.npz')}"
    assert simulate(SimConfig("shedding", 4, {"players": 2}, (spec, "random"), seed=1))[0].games == 4
    rated = ladder(LadderConfig("shedding", (spec, "random"), 4, {"players": 2}, seed=1))
    assert spec in str(rated)


def test_policy_is_not_offered_bare_in_menus() -> None:
    assert "policy" not in bot_kinds("shedding")
    with pytest.raises(GameError, match="policy:PATH"):
        make("shedding", "policy", 0)


@pytest.mark.parametrize("spec, says", [
    ("policy:/nowhere/p.npz", "cannot read policy"),
    ("policy:/etc/hostname", "is a NumPy .npz file"),
])
def test_a_bad_path_is_one_line(spec: str, says: str) -> None:
    with pytest.raises(GameError, match=says):
        make("shedding", spec, 0)


def test_a_file_that_is_not_a_policy_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(GameError, match="not a readable"):
        make("shedding", f"policy:{junk}", 0)
    bare = tmp_path / "bare.npz"
    np.savez(bare, w0=np.zeros((2, 2)))
    with pytest.raises(GameError, match="no 'game'"):
        make("shedding", f"policy:{bare}", 0)


def test_a_wrong_shape_or_game_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="scores 7 actions"):
        make("shedding", f"policy:{tiny(tmp_path / 'short.npz', out=7)}", 0)
    path = tiny(tmp_path / "p.npz")
    with pytest.raises(GameError, match="trained for shedding, not onion"):
        make("onion", f"policy:{path}", 0)
    bot = make("shedding", f"policy:{path}", 0)  # trained at two seats, seated at four
    t = EncodedGame("shedding", 4)
    t.new(0)
    seat = t.seat_to_act()
    assert seat is not None
    if t.obs_size != EncodedGame("shedding", 2).obs_size:
        with pytest.raises(GameError, match="reads"):
            bot.choose(t.view(seat), t.legal(seat))


def test_a_server_offers_its_policies_folder_by_name_and_never_reads_a_strangers_path(tmp_path: Path) -> None:
    """``houserules serve --policies DIR``: each NAME.npz sits at a lobby's table as the bot
    ``policy:NAME`` of its game; a path, or a name not offered, is refused without saying which
    files exist (a stranger must not map the server's disk), and seats show the name only."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent))
    from server_helpers import hub, server

    from houserules.bots.policy import PolicyBot, shelf

    folder = tmp_path / "policies"
    folder.mkdir()
    tiny(folder / "tiny.npz")
    offered = shelf(folder)
    assert offered == {"shedding": {"tiny": str(folder / "tiny.npz")}}
    with server(tmp_path / "t.db", policies=offered) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
        assert "policy:tiny" in games["shedding"]["bots"] and not any("policy" in b for b in games["mao"]["bots"])
        for spec in (f"policy:{folder / 'tiny.npz'}", "policy:/nowhere.npz", "policy:other"):
            r = client.post("/api/tables", json={"game": "shedding", "options": {"players": 2},
                                                 "seats": [{}, {"bot": spec}]})
            assert r.status_code == 400 and "offered: policy:tiny" in r.json()["detail"], r.text
            assert "cannot read" not in r.json()["detail"]
        r = client.post("/api/tables", json={"game": "shedding", "options": {"players": 2},
                                             "seats": [{"bot": "random"}, {"bot": "policy:tiny"}]})
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        summary = client.get(f"/api/tables/{table}").json()
        assert isinstance(hub(client).tables[table].table.seats[1].bot, PolicyBot)
        assert [s["bot"] for s in summary["seats"]] == ["random", "policy:tiny"]
        assert str(tmp_path) not in json.dumps(summary)


def test_a_policies_folder_that_is_not_one_is_one_line(tmp_path: Path) -> None:
    from houserules.bots.policy import shelf

    with pytest.raises(GameError, match="cannot read the policies folder"):
        shelf(tmp_path / "missing")
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(GameError, match="not a readable"):
        shelf(tmp_path)
