"""Mao in a real browser, through its own module: the lobby creates the table
(every rule in play, bots dealing), and a person talks, knocks, shows their
hand, draws and plays, and hears the dealer call each penalty by name; the
chat line survives the table's redraws; a phone-sized screenshot is kept.

The server does not yet wake a table at the rules' deadline (issue 11's live
clocks will), so time at a browser table moves only when a bot waits; this
test plays a few turns rather than a whole game."""

from __future__ import annotations

import httpx2
from browser_helpers import (
    ARTIFACTS,
    act,
    actions_done,
    base_url,
    browser,
    needs_chromium,
    watch_errors,
)

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def create_mao(page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.select_option("[name=game]", "mao")
    page.fill("[name=opt-players]", "3")
    page.press("[name=opt-players]", "Tab")
    page.click("details.advanced summary")  # the seed is under "Advanced"
    page.fill("[name=opt-rules]", "all")
    page.check("[name=opt-reveal]")
    page.fill("[name=name-0]", "Ann")
    for seat in (1, 2):
        page.select_option(f"[name=seat-{seat}]", "club")  # Mao's club bot: the dealer's judgement
    page.fill("[name=seed]", "6")
    page.click("#create-button")
    page.wait_for_selector("#table[data-status=playing]")
    page.wait_for_selector(".board.mao")


def log_text(page) -> str:
    return "\n".join(page.locator(".log li").all_inner_texts())


def say(page, text: str) -> None:
    before = actions_done(page)
    page.fill("#chat", text)
    page.press("#chat", "Enter")
    page.wait_for_function("n => Number(document.querySelector('#table').dataset.actions) > n", arg=before)


def test_a_person_talks_knocks_shows_and_plays_mao_in_the_browser(base_url, browser):
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    create_mao(page, base_url)
    page.wait_for_selector(".seat.me.to-act")  # the bot dealer has started the game: Ann's turn
    assert "has now started" in log_text(page)
    # the offers' words come from the server (game.MOVES): none is a button below the board
    assert page.locator(".actions button").count() == 0
    say(page, "<b>hello</b> everyone")
    assert "You: “<b>hello</b> everyone”" in log_text(page)  # speech is text, never markup
    page.wait_for_function("() => document.querySelector('.log').innerText.includes('Dealer: You, talking.')")
    page.locator("#chat").evaluate("e => e.blur()")  # the table's keys work outside the chat line
    act(page, "k", page.locator("#knock"), keyboard=True)
    assert "Dealer: You, improper knocking." in log_text(page)
    act(page, None, page.locator("#show-hand"), keyboard=False)
    assert "Dealer: You, Band-Aid." in log_text(page)
    assert page.locator("#show-hand").is_checked()
    act(page, None, page.locator("#show-hand"), keyboard=False)
    assert not page.locator("#show-hand").is_checked()
    page.fill("#chat", "half a thought")  # a draft survives the table's redraws
    act(page, None, page.locator("#draw"), keyboard=False)  # Draw sits beside the hand
    assert page.locator("#chat").input_value() == "half a thought"
    page.fill("#chat", "")
    assert page.locator("#turn-clock").count() == 1
    hand = page.locator(".hand .card")
    assert hand.count() >= 5
    before = actions_done(page)
    hand.first.click()  # any card may be attempted: the dealer judges it
    page.wait_for_function("n => Number(document.querySelector('#table').dataset.actions) > n", arg=before)
    assert "You play" in log_text(page) or "take it back" in log_text(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "mao-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / "mao-phone.png"), full_page=True)
    box = page.locator("#chat").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert not errors, errors


def test_a_person_who_deals_starts_the_game_from_the_page_and_can_read_the_quick_phrases(base_url, browser):
    """Ann deals: the page tells her how to start (before, it said only "Waiting for the dealer"
    and no button offered the words), and the quick phrases on the felt are light on dark
    (they were the lobby's blue outline on dark green, hard to read)."""
    r = httpx2.post(base_url + "/api/tables", json={"game": "mao", "options": {"players": 3, "dealer": 0}, "seed": 5,
                                                     "seats": [{"name": "Ann"}, {"bot": "dealer"}, {"bot": "dealer"}]})
    assert r.status_code == 201, r.text
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    page.goto(base_url + r.json()["invites"][0]["path"])
    page.wait_for_selector("#deal-banner")
    assert "You deal: start the game by saying" in page.locator("#deal-banner").inner_text()
    assert page.locator(".actions button").count() == 0  # the start is in the banner, not a button below
    start = page.locator("button.quick-phrase", has_text="The game of maʊ has now started.")
    colour = start.evaluate("b => getComputedStyle(b).color")
    assert colour == "rgb(255, 255, 255)", colour
    act(page, None, start, keyboard=False)
    page.wait_for_function("() => !document.querySelector('#deal-banner')")
    assert "You: “The game of maʊ has now started.”" in log_text(page)
    page.set_viewport_size(PHONE)  # the game and table's name keep a line of their own (it showed "M")
    crumb = page.locator("#crumb").bounding_box()
    assert crumb is not None and crumb["width"] > 200, crumb
    assert not errors, errors
