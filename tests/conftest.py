"""Shared test settings: where the suite's processes keep compiled bytecode, Hypothesis
profiles (CI keeps property runs short), the throwaway PostgreSQL and each worker's Chromium,
and which tests pytest-xdist starts first."""

import asyncio
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# The suite starts many Python processes (pytest-xdist's workers, the server processes' forkserver,
# command-line runs, the pure build), each importing much the same modules. Where the environment
# says not to write bytecode (PYTHONDONTWRITEBYTECODE; the set-up's pip writes none either), each
# compiled every module it imported from source again: 9 CPU s to collect the suite, 3.6 from a
# cache. Here they share one, in the virtual environment's own folder, never beside the sources.
if sys.dont_write_bytecode and sys.prefix != sys.base_prefix:
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = str(Path(sys.prefix) / "pycache")
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("soak", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """One throwaway PostgreSQL per test session (tests/pg_server.py); the tests that need it
    skip, saying why, only where its binaries cannot be had."""
    from pg_server import Missing, postgres

    try:
        with postgres() as server:
            yield server
    except Missing as exc:
        pytest.skip(f"no PostgreSQL to test with: {exc}")


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's headless Chromium, launched once a worker (a launch is a second and a half of
    CPU); tests reach it through ``browser_helpers.browser``, which closes their pages."""
    from browser_helpers import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def _no_loop_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """Playwright's sync API marks its event loop as this thread's running one, and ``chromium``
    lives all session: a later test's ``asyncio.run`` refused to start. Outside the browser
    tests the mark is lifted (the loop itself is untouched) and put back after."""
    loop = asyncio.events._get_running_loop()
    if loop is None or "browser" in request.fixturenames:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(loop)


@pytest.fixture
def pg_dsn(pg_server: Any) -> str:
    """A fresh, empty database on the session's PostgreSQL."""
    pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")
    return str(pg_server.new_database())


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked early go first: run last, a long one kept one worker busy after the other
    had finished, and one that waits left a core idle; first, the other worker's tests fill
    around it. ``--dist loadgroup --no-loadscope-reorder`` with no test in a group makes each
    test its own unit, handed out in this order as a worker runs short (``--dist load`` deals
    a quarter of the suite out at the start: 382 s against 333, the host a little slower).

    Modules whose tests share a server are not grouped on one worker: on pytest 9.2 the groups
    do nothing (pytest-xdist issue 1386), and on pytest 9.1, where they work, a whole run took
    345 s against 338 without them (bench/RESULTS.md)."""
    items.sort(key=lambda item: item.get_closest_marker("early") is None)
