"""Cards that move (issue 25; web/motion.js): at a Shedding table in a real browser a card
drawn flies from the draw pile into the hand, a card played flies from its seat to the pile,
a seat's card count ticks as it changes; under prefers-reduced-motion nothing moves. Screenshots
are taken mid-flight, on a laptop and a phone, into test-artifacts/."""

from __future__ import annotations

import httpx2
from browser_helpers import ARTIFACTS, actions_done, base_url, browser, needs_chromium, wait_for_more_actions, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

#: from now on, what flew: each ghost card (with the rectangles it flew between) and each counter that ticked
RECORD = """() => {
  window.flights = []; window.ticks = [];
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) if (n.classList && n.classList.contains("flying")) window.flights.push(n.outerHTML.length);
    for (const c of changes) if (c.type === "attributes" && c.target.classList.contains("ticking")) window.ticks.push(c.target.textContent);
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
}"""
#: a flight under way: the ghost's centre, where it lands and the animations running
IN_FLIGHT = """() => {
  const ghost = document.querySelector(".flying");
  if (!ghost) return null;
  const r = ghost.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, left: ghost.style.left, top: ghost.style.top,
           animations: document.getAnimations().length, moving: document.querySelector("#table").dataset.moving || null };
}"""
PAUSE_MID = """() => { for (const a of document.getAnimations()) { a.pause(); a.currentTime = a.effect.getTiming().delay + 200; } }"""
RESUME = "() => { for (const a of document.getAnimations()) a.play(); }"


def new_table(base: str, seed: int = 3) -> str:
    r = httpx2.post(base + "/api/tables", json={"game": "shedding", "options": {"players": 3}, "seed": seed,
                                                 "seats": [{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "heuristic"}]})
    assert r.status_code == 201, r.text
    return base + r.json()["invites"][0]["path"]


def my_turn(page) -> None:
    page.wait_for_selector("#table[data-can-act=true]")


def move(page, what: str) -> dict:
    """Make a move (``draw``, or ``play`` the first lit card) and catch the first flight it starts."""
    before = actions_done(page)
    target = page.locator('button.action[data-action="draw"]') if what == "draw" else page.locator(".hand .card.legal").first
    target.click()
    flight = page.wait_for_function(IN_FLIGHT, polling="raf", timeout=5000).json_value()
    wait_for_more_actions(page, before)
    return flight


def shoot(page, name: str) -> None:
    """A screenshot with every animation held at 200 ms in (mid-flight), then let go."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate(PAUSE_MID)
    page.screenshot(path=str(ARTIFACTS / name))
    page.evaluate(RESUME)


def test_a_drawn_card_flies_to_the_hand_and_a_played_card_to_the_pile(base_url, browser):
    errors: list[str] = []
    for size, tag in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page = browser.new_context(viewport=size).new_page()
        watch_errors(page, errors)
        page.goto(new_table(base_url))
        my_turn(page)
        page.evaluate(RECORD)
        hand = page.locator(".hand .card").count()
        drew = move(page, "draw")
        assert drew["animations"] > 0 and drew["moving"] == "true", drew
        shoot(page, f"motion-draw-{tag}.png")
        page.wait_for_function("() => !document.querySelector('.flying') && !document.querySelector('#table').dataset.moving")
        assert page.locator(".hand .card").count() == hand + 1
        assert page.locator('.hand .card[style*="hidden"]').count() == 0  # the real card is shown once its ghost lands
        for _ in range(10):  # my next turns until I have a card to play
            my_turn(page)
            if page.locator(".hand .card.legal").count():
                break
            move(page, "draw")
        played = move(page, "play")
        assert played["animations"] > 0, played
        shoot(page, f"motion-play-{tag}.png")
        page.wait_for_function("() => !document.querySelector('.flying')")
        flights, ticks = page.evaluate("() => [window.flights.length, window.ticks]")
        assert flights >= 2 and ticks, (flights, ticks)  # the bots' cards flew too; the card counts ticked
        page.context.close()
    assert not errors, errors


def test_nothing_moves_for_a_person_who_asks_for_less_motion(base_url, browser):
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.emulate_media(reduced_motion="reduce")
    watch_errors(page, errors)
    page.goto(new_table(base_url))
    my_turn(page)
    page.evaluate(RECORD)
    for _ in range(3):
        my_turn(page)
        before = actions_done(page)
        if page.locator(".hand .card.legal").count():
            page.locator(".hand .card.legal").first.click()
        else:  # a draw, or the end of a run begun
            page.locator('button.action[data-action="draw"], button.action[data-action="end"]').first.click()
        wait_for_more_actions(page, before)
        assert page.evaluate("() => document.getAnimations().length") == 0
    page.wait_for_timeout(600)
    assert page.evaluate("() => [window.flights.length, window.ticks.length]") == [0, 0]
    assert not errors, errors
