"""King Taco's moves in the browser say what the terminal menu says (game.MOVES): the
buttons and each lit card's words come from the server, the web module writes none."""

from __future__ import annotations

import httpx2
from browser_helpers import ARTIFACTS, base_url, browser, needs_chromium, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name


def _table(base_url: str, browser, seed: int):
    t = httpx2.post(base_url + "/api/tables", json={"game": "king-taco", "options": {"players": 2}, "seed": seed,
                                                    "seats": [{"name": "Ann"}, {"bot": "heuristic"}]}).json()
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + t["invites"][0]["path"])
    page.wait_for_selector("#table[data-can-act=true]")
    return page, errors


def test_the_draw_button_and_the_cards_say_the_moves_words(base_url, browser):
    page, errors = _table(base_url, browser, 5)  # seed 5: nothing of Ann's first hand is playable
    button = page.locator('button.action[data-action="draw"]')
    assert button.locator(".cost").inner_text() == "you lose 1 mana"
    assert button.inner_text().startswith("Draw 1")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "king-taco-draw.png"))
    page, errors2 = _table(base_url, browser, 0)  # seed 0: Ann may play a wild or green:3
    titles = page.locator(".hand .card.legal").evaluate_all("cs => cs.map((c) => c.title)")
    assert sorted(titles) == ["Play WILD", "Play green 3"], titles
    assert not errors + errors2, errors + errors2
