"""policy:PATH format 2: a network that scores each legal action from the encoding's action features."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from houserules.bots import ask, make
from houserules.bots.policy import save_policy
from houserules.engine.core import GameError
from houserules.envs.common import EncodedGame
from houserules.sim.ladder import LadderConfig
from houserules.sim.ladder import run as ladder

from .test_policy import tiny

GAMES = {"shedding": {}, "cripple-mr-onion": {"rounds": 2}}


def scorer(path: Path, game: str, hidden: int = 6, seed: int = 0, features: str | None = None,
           rows: int | None = None, out: int = 1, **options: object) -> Path:
    """A random format-2 policy for ``game`` (two players), saved at ``path``."""
    t = EncodedGame(game, 2, **options)
    n = rows or len(t.encoding.action_feature_names())
    rng = np.random.default_rng(seed)
    layers = [(rng.normal(size=(n, hidden)), rng.normal(size=hidden)), (rng.normal(size=(hidden, out)), np.zeros(out))]
    save_policy(path, game, layers, {**options, "players": 2},
                features=t.encoding.action_features_name if features is None else features)
    return path


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_has_a_row_of_the_named_length_from_the_view(game: str) -> None:
    t = EncodedGame(game, 2, **GAMES[game])
    names = t.encoding.action_feature_names()
    assert re.fullmatch(r"[a-z]+-actions-\d+", t.encoding.action_features_name) and len(set(names)) == len(names)
    bots = [make(game, "heuristic", s) for s in range(2)]
    for deal in range(3):
        t.new(deal)
        while not t.over:
            seat = t.seat_to_act()
            assert seat is not None
            legal = t.legal(seat)
            rows = t.encoding.action_features(t.view(seat), legal)
            assert len(rows) == len(legal) and all(len(r) == len(names) for r in rows)
            assert all(np.isfinite(r).all() for r in rows)
            t.perform(ask(bots[seat], t.game, t.state, seat, legal))


def test_the_shedding_rows_mark_the_heuristics_choice() -> None:
    t = EncodedGame("shedding", 2)
    heuristic = make("shedding", "heuristic", 0)
    at = t.encoding.action_feature_names().index("heuristic's choice")
    for deal in range(5):
        t.new(deal)
        seat = t.seat_to_act()
        assert seat is not None
        legal = t.legal(seat)
        rows = t.encoding.action_features(t.view(seat), legal)
        assert [r[at] for r in rows] == [float(a == ask(heuristic, t.game, t.state, seat, legal)) for a in legal]


def test_the_onion_strength_is_a_function_of_the_view_sampled_afresh_for_each() -> None:
    """onion-actions-2: the same view gives the same row, and the estimate's random numbers come
    from the view (version 1 seeded every estimate alike, so its error repeated: +0.086)."""
    from houserules.games.onion.encoding import _seed

    t = EncodedGame("cripple-mr-onion", 2, rounds=2)
    bots = [make("cripple-mr-onion", "heuristic", s) for s in range(2)]
    at = t.encoding.action_feature_names().index("strength")
    seeds, strengths = set(), []
    t.new(0)
    while not t.over and len(strengths) < 12:
        seat = t.seat_to_act()
        assert seat is not None
        view, legal = t.view(seat), t.legal(seat)
        if view.phase in ("name", "answer", "cover", "extra") and len(legal) > 1:
            rows = t.encoding.action_features(view, legal)
            assert rows == t.encoding.action_features(view, legal)
            strengths.append(rows[0][at])
            seeds.add(_seed(view))
        t.perform(ask(bots[seat], t.game, t.state, seat, legal))
    assert len(seeds) > 1 and len(set(strengths)) > 1


@pytest.mark.parametrize("game", GAMES)
def test_a_format_2_policy_plays_the_legal_action_whose_row_scores_highest(tmp_path: Path, game: str) -> None:
    path = scorer(tmp_path / "p.npz", game, **GAMES[game])
    bot = make(game, f"policy:{path}", 0)
    t = EncodedGame(game, 2, **GAMES[game])
    data = np.load(path)
    assert int(data["version"]) == 2 and str(data["features"]) == t.encoding.action_features_name
    checked = 0
    for deal in range(4):
        t.new(deal)
        while not t.over and checked < 40:
            seat = t.seat_to_act()
            assert seat is not None
            view, legal = t.view(seat), t.legal(seat)
            chosen = bot.choose(view, legal)
            if len(legal) > 1:
                x = np.asarray(t.encoding.action_features(view, legal))
                scores = np.tanh(x @ data["w0"] + data["b0"]) @ data["w1"] + data["b1"]
                assert chosen == legal[int(np.argmax(scores[:, 0]))]
                checked += 1
            t.perform(chosen)
    assert checked


def test_a_format_2_policy_sits_in_the_ladder(tmp_path: Path) -> None:
    spec = f"policy:{scorer(tmp_path / 'p.npz', 'shedding')}"
    assert spec in str(ladder(LadderConfig("shedding", (spec, "heuristic"), 4, {"players": 2}, seed=1)))


def test_format_1_files_still_load_and_play(tmp_path: Path) -> None:
    path = tiny(tmp_path / "old.npz")
    assert "version" not in np.load(path).files  # as every file before format 2 was written
    bot = make("shedding", f"policy:{path}", 0)
    t = EncodedGame("shedding", 2)
    t.new(0)
    seat = t.seat_to_act()
    assert seat is not None
    assert bot.choose(t.view(seat), t.legal(seat)) in t.legal(seat)


def test_features_of_another_version_or_game_or_shape_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="reads the action features shedding-actions-0"):
        make("shedding", f"policy:{scorer(tmp_path / 'v.npz', 'shedding', features='shedding-actions-0')}", 0)
    path = tmp_path / "kt.npz"  # a game whose encoding has no action features
    save_policy(path, "king-taco", [(np.zeros((3, 1)), np.zeros(1))], {"players": 2}, features="taco-actions-1")
    with pytest.raises(GameError, match="has none"):
        make("king-taco", f"policy:{path}", 0)
    with pytest.raises(GameError, match="layer 0"):
        make("shedding", f"policy:{scorer(tmp_path / 'r.npz', 'shedding', rows=5)}", 0)
    with pytest.raises(GameError, match="not 1"):
        make("shedding", f"policy:{scorer(tmp_path / 'o.npz', 'shedding', out=3)}", 0)


def test_a_format_the_installed_houserules_does_not_know_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "future.npz"
    np.savez(path, game=np.array("shedding"), options=np.array("{}"), activation=np.array("tanh"),
             version=np.array(9), features=np.array("x"), w0=np.zeros((2, 1)), b0=np.zeros(1))
    with pytest.raises(GameError, match="format 9"):
        make("shedding", f"policy:{path}", 0)
