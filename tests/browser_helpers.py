"""What the browser tests share: Debian's headless Chromium driven by
Playwright (/usr/bin/chromium; no browser is downloaded), one a worker, with
the flags this machine needs, a server per test module (in a thread of the
test process), and small page helpers.

Test modules import the fixtures by name (``from browser_helpers import
base_url, browser``) and mark themselves with ``needs_chromium``."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import served

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
# as root, in a sandbox without a GPU or network: the flags this machine needs
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

needs_chromium = pytest.mark.skipif(shutil.which(CHROMIUM) is None,
                                    reason=f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("browser") / "t.db") as url:
        yield url


@pytest.fixture
def browser(chromium):
    """The worker's Chromium (tests/conftest.py), its pages closed after each test: left open,
    a finished test's pages went on drawing every move its server's bots made."""
    yield chromium
    for context in chromium.contexts:
        context.close()


def watch_errors(page, errors: list[str]) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)


def actions_done(page) -> int:
    return int(page.locator("#table").get_attribute("data-actions") or 0)


def wait_for_more_actions(page, before: int) -> None:
    """Until the table's record holds more than ``before`` actions (the page's own was stored)."""
    page.wait_for_function("n => Number(document.querySelector('#table').dataset.actions) > n", arg=before)


def act(page, key: str | None, target, keyboard: bool) -> None:
    """One decision, by ``key`` (when ``keyboard`` and there is one) or by clicking ``target``;
    then wait until the table has stored it."""
    before = actions_done(page)
    if keyboard and key:
        page.keyboard.press(key)
    else:
        target.click()
    wait_for_more_actions(page, before)


def hand_and_seats(page) -> dict:
    """What a reload must give back the same: the hand, the seats and how many actions the table holds."""
    return {"hand": page.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)"),
            "seats": page.locator(".seat").all_inner_texts(),
            "actions": actions_done(page)}
