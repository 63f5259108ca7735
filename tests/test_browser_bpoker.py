"""bpoker in a real browser through its own module (games/bpoker/web/main.js):
two people, each in their own browser context with their invite link, and a
bot play a one-hand game to its end by clicking only what the page lights or
offers: a prompt's answers, a declaration button, a lit card of the viewing
hand, or Pass. Every seat's zones stay on the page throughout, and a laptop
and a phone-sized screenshot of the table mid-hand are kept in
test-artifacts/."""

from __future__ import annotations

import httpx2
from browser_helpers import ARTIFACTS, act, base_url, browser, needs_chromium, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def new_table(base: str) -> dict:
    r = httpx2.post(base + "/api/tables", json={"game": "bpoker", "options": {"players": 3, "hands": 1}, "seed": 1,
                                                 "seats": [{"name": "Ann"}, {"name": "Bo"}, {"bot": "heuristic"}]})
    assert r.status_code == 201, r.text
    return r.json()


def move(page) -> str:
    """One decision by what the page offers: a prompt's first answer, the first
    declaration, the first lit card, else Pass (or the first button). Returns what kind it was."""
    for kind, where in (("choose", "#ask button.choice"), ("declare", "#declare button.declare-choice"),
                        ("play", ".hand .card.legal"), ("pass", 'button.action[data-action="pass"]'),
                        ("other", "button.action")):
        found = page.locator(where)
        if found.count():
            act(page, None, found.first, keyboard=False)
            return kind
    raise AssertionError("the page offers nothing although it is this seat's move")


def screenshots(page) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "bpoker-midgame-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / "bpoker-midgame-phone.png"), full_page=True)
    page.set_viewport_size(LAPTOP)
    assert (ARTIFACTS / "bpoker-midgame-laptop.png").stat().st_size > 10_000


def test_two_people_play_a_bpoker_hand_to_its_end_in_the_browser(base_url, browser):
    errors: list[str] = []
    t = new_table(base_url)
    pages = [browser.new_context(viewport=LAPTOP).new_page() for _ in range(2)]
    for page, invite in zip(pages, t["invites"], strict=False):
        watch_errors(page, errors)
        page.goto(base_url + invite["path"])
    for page in pages:  # the hand starts once both have taken their seats
        page.wait_for_selector("#table[data-status=playing]")
        assert page.locator(".board.bpoker").count() == 1
        assert page.locator(".bp-seat").count() == 3  # every seat's zones, not only one's own
    kinds: list[str] = []
    shot = False
    while True:
        done = [p for p in pages if p.locator("#table").get_attribute("data-status") == "over"]
        if done:
            break
        mover = next((p for p in pages if p.locator("#table").get_attribute("data-can-act") == "true"), None)
        if mover is None:  # the bot's move, or an update on its way
            pages[0].wait_for_timeout(100)
            continue
        assert mover.locator(".bp-seat .chips").first.inner_text().startswith("stash")
        if len(kinds) == 10 and not shot:
            screenshots(mover)
            shot = True
        kinds.append(move(mover))
        assert len(kinds) < 300, "the hand did not end"
    for page in pages:
        page.wait_for_selector("#table[data-status=over]")
        page.wait_for_selector("#result")
    assert shot and {"play", "choose"} <= set(kinds), kinds
    assert not errors, errors
