"""Simulation and the ladder as Ray tasks: the same results as the process pool, a clear error without Ray."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from houserules.cli import app
from houserules.sim import SimConfig, simulate
from houserules.sim.ladder import LadderConfig, run
from houserules.sim.parallel import RayMissing, RayUnreachable, run_jobs


def test_without_ray_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(RayMissing, match=r"houserules\[ray\]"):
        run_jobs(divmod, [(7, 2)], ray="")
    result = CliRunner().invoke(app, ["sim", "shedding", "--games", "2", "--ray", "local"])
    assert result.exit_code == 2 and "pip install 'houserules[ray]'" in result.output


@pytest.mark.slow
def test_a_small_local_ray_run_matches_the_process_pool() -> None:
    pytest.importorskip("ray")
    config = SimConfig("king-taco", 40, {"players": 3}, ("random", "heuristic", "random"), seed=5, workers=2)
    pool, _ = simulate(config)
    on_ray, _ = simulate(config, ray="")
    for name in ("games", "actions", "draws", "wins_by_seat", "wins_by_bot", "penalties", "lengths", "stats"):
        assert getattr(pool, name) == getattr(on_ray, name), name
    ladder = LadderConfig("shedding", ("random", "heuristic", "ismcts:3"), 6, {"players": 2}, workers=2)
    assert run(ladder, ray="") == run(ladder)


def _nothing_listens() -> int:
    """A port on 127.0.0.1 where nothing listens (bound, then closed)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _FakeRay:
    """Stands in for Ray (not needed installed): its init fails as a refused cluster does."""

    def __init__(self) -> None:
        self.inits: list[str] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, address: str = "", **_: object) -> None:
        self.inits.append(address)
        raise ConnectionError("Failed to connect to the Ray cluster\nTraceback: many internal lines")


def test_an_unreachable_cluster_is_one_line_in_the_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    address = f"ray://127.0.0.1:{_nothing_listens()}"
    for command in (["sim", "shedding", "--games", "2"], ["ladder", "shedding", "--bots", "random,heuristic",
                                                          "--games", "2"]):
        result = CliRunner().invoke(app, [*command, "--ray", address])
        assert result.exit_code == 2, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and f"cannot reach the Ray cluster at {address}" in lines[0], result.output
    assert fake.inits == []  # refused before Ray's client spent its retries on it


def test_a_cluster_that_refuses_the_connection_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    with socket.socket() as server:  # something listens, but Ray's init fails (a token, a version)
        server.bind(("127.0.0.1", 0))
        server.listen()
        address = f"127.0.0.1:{server.getsockname()[1]}"
        with pytest.raises(RayUnreachable, match=f"cannot connect to the Ray cluster at {address}: Failed to connect"):
            run_jobs(divmod, [(7, 2)], ray=address)
    assert fake.inits == [address]


@pytest.mark.parametrize("bad", ["ray://", "head", "ray://head:port"])
def test_an_address_without_a_port_is_one_line(bad: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", _FakeRay())
    with pytest.raises(RayUnreachable, match="give ray://HOST:PORT"):
        run_jobs(divmod, [(7, 2)], ray=bad)


@pytest.mark.parametrize("command", ["sim", "ladder", "compare"])
def test_the_ray_options_help_names_the_extra(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "300"})
    assert "needs houserules[ray]" in result.output, result.output


class _SlowStartRay(_FakeRay):
    """Stands in for a local Ray that misses its start-up deadline ``fails`` times, then runs tasks."""

    def __init__(self, fails: int) -> None:
        super().__init__()
        self.fails, self.shutdowns = fails, 0

    def init(self, address: str = "", **_: object) -> None:
        self.inits.append(address)
        if len(self.inits) <= self.fails:
            raise RuntimeError("The raylet did not start in time\nmany internal lines")

    def shutdown(self) -> None:
        self.shutdowns += 1

    def remote(self, **_: object) -> object:
        class Task:
            def __init__(self, fn: object) -> None:
                self.remote = lambda *job: fn(*job)  # type: ignore[operator]

        return Task

    def wait(self, refs: list[object], num_returns: int) -> tuple[list[object], list[object]]:
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref: object) -> object:
        return ref


def test_a_local_ray_that_fails_to_start_is_started_once_more_and_says_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fake = _SlowStartRay(fails=1)
    monkeypatch.setitem(sys.modules, "ray", fake)
    assert run_jobs(divmod, [(7, 2), (9, 4)], ray="") == [(3, 1), (2, 1)]
    assert fake.inits == ["", ""]
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["Ray did not start here (The raylet did not start in time); trying once more"]


def test_a_local_ray_that_fails_twice_is_one_line_in_the_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", _SlowStartRay(fails=2))
    result = CliRunner().invoke(app, ["sim", "shedding", "--games", "2", "--ray", "local"])
    assert result.exit_code == 2, result.output
    assert "error: Ray did not start here, twice: The raylet did not start in time" in result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
