"""bpoker can be learnt from the browser alone: every card says what it will do before it is
played (a tooltip, the line under the hand on hover or a long press, which never plays it), a
Neutralization out of turn is offered as a button without "Your move" (a free action), and the
How to play page opens with the plain words. Screenshots at 1366x768 and 390x844 are kept in
test-artifacts/."""

from __future__ import annotations

import json

import httpx2
from browser_helpers import ARTIFACTS, base_url, browser, needs_chromium, watch_errors

from houserules.engine import registry
from houserules.games.bpoker.catalogue import card_says
from houserules.games.bpoker.cards import parse_card, rank, suit

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
GAME = registry.get("bpoker")


def new_table(base: str) -> dict:
    r = httpx2.post(base + "/api/tables", json={"game": "bpoker", "options": {"players": 3, "nine_diamonds": "wins"},
                                                 "seed": 1, "seats": [{"name": "Ann"}, {"bot": "heuristic"},
                                                                       {"bot": "heuristic"}]})
    assert r.status_code == 201, r.text
    return r.json()


def test_every_card_of_the_hand_says_what_it_will_do(base_url, browser):
    errors: list[str] = []
    t = new_table(base_url)
    page = browser.new_context(viewport=LAPTOP, has_touch=True).new_page()
    watch_errors(page, errors)
    page.goto(base_url + t["invites"][0]["path"])
    page.wait_for_selector("#table[data-can-act=true]")
    cards = page.locator(".hand .card[data-card]")
    assert cards.count() >= 1
    for i in range(cards.count()):
        name = cards.nth(i).get_attribute("data-card")
        words = card_says((rank(parse_card(name)), suit(parse_card(name))), {"nine_diamonds": "wins"})
        assert words and words in (cards.nth(i).get_attribute("title") or ""), name
    first = cards.first
    first.hover()
    name = first.get_attribute("data-card")
    assert card_says((rank(parse_card(name)), suit(parse_card(name))), {}) in page.inner_text("#card-info")
    page.screenshot(path=str(ARTIFACTS / "bpoker-card-words-laptop.png"), full_page=False)
    # a long press (a phone) shows the words and does not play the card
    page.set_viewport_size(PHONE)
    before = page.locator("#table").get_attribute("data-actions")
    last = cards.last
    last.scroll_into_view_if_needed()
    last.dispatch_event("pointerdown")
    page.wait_for_timeout(700)
    last.dispatch_event("pointerup")
    last.dispatch_event("click")
    page.wait_for_timeout(300)
    assert page.locator("#table").get_attribute("data-actions") == before
    assert page.inner_text("#card-info").startswith(page.evaluate(
        "n => document.querySelector(`.hand [data-card='${n}']`).getAttribute('aria-label')",
        last.get_attribute("data-card")))
    page.screenshot(path=str(ARTIFACTS / "bpoker-card-words-phone.png"), full_page=False)
    page.click("#help-button")  # at the table, How to play is one click away
    assert page.locator("#help-rules-link").get_attribute("href") == "/rules/bpoker"
    assert not errors, errors


def showing(base_url, browser, state, free: bool):
    """A laptop page at a new table whose every update is replaced by seat 0's view of ``state``
    (a literal state), its legal actions with their words, and ``free``: the browser drawn for a
    moment a real game reaches only by chance."""
    seen = GAME.view(state, 0)
    mine = [a for a in GAME.legal(state) if a.seat == 0]
    view, legal = seen.to_json(), [GAME.action_to_json(a) for a in mine]
    said = [GAME.words(a, seen).to_json() for a in mine]
    t = new_table(base_url)
    page = browser.new_context(viewport=LAPTOP).new_page()

    def route(ws):
        server = ws.connect_to_server()

        def down(message):
            msg = json.loads(message)
            if msg.get("type") == "update":
                msg.update(view=view, legal=legal, said=said, free=free, status="playing", events=[])
            ws.send(json.dumps(msg))
        server.on_message(down)

    page.route_web_socket("**/ws/**", route)
    page.goto(base_url + t["invites"][0]["path"])
    return page


def test_a_neutralization_out_of_turn_is_a_button_not_your_move(base_url, browser):
    """The update a seat gets when it may neutralize in another player's turn (crafted from a
    literal state: the server's own update, with that view, legal list and ``free``)."""
    state = GAME.scenario_state(GAME.options({"players": 3}), {
        "turn": 1, "stash": [["2C#3", "3C#3"], ["2D#3"], ["2H#3"]],
        "viewing": [["AS", "QC"], ["9H", "KD"], ["QH"]],
        "tables": [["3C", {"card": "8H", "wild": True}, "KS"], ["4H"], ["JD"]]}, 0)
    legal = [GAME.action_to_json(a) for a in GAME.legal(state) if a.seat == 0]
    assert legal == [{"seat": 0, "action": "use", "card": "3C"}]
    page = showing(base_url, browser, state, free=True)
    page.wait_for_selector('button.action[data-action="use"]')
    button = page.locator('button.action[data-action="use"]')
    assert "Neutralize" in button.inner_text()
    assert page.locator("#table").get_attribute("data-free") == "true"
    assert page.locator("#table").get_attribute("data-can-act") == "false"
    assert "Your move" not in page.inner_text(".turn")
    page.screenshot(path=str(ARTIFACTS / "bpoker-free-action-laptop.png"), full_page=False)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / "bpoker-free-action-phone.png"), full_page=True)


def test_how_to_play_opens_with_plain_words(base_url, browser):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(base_url + "/rules/bpoker")
    page.wait_for_selector(".rules-body h2")
    assert page.locator(".rules-body h2").first.inner_text() == "How to play"
    text = page.inner_text(".rules-body")
    assert text.index("Your turn") < text.index("BP-1.1")
    page.screenshot(path=str(ARTIFACTS / "bpoker-how-to-play-phone.png"), full_page=False)


def test_a_set_says_what_it_does_under_its_button_and_a_j_says_what_happens_now(base_url, browser):
    state = GAME.scenario_state(GAME.options({"players": 3}), {
        "turn": 0, "played": 1, "armed_j": True, "stash": [["2C#3"], ["2D#3"], ["2H#3"]],
        "viewing": [["AS", "AH", "QC", "7H"], ["9H"], ["QH"]], "tables": [["JD"], ["4H"], []]}, 0)
    page = showing(base_url, browser, state, free=False)
    page.wait_for_selector('button.action[data-action="pair"]')
    assert "skips the next player" in page.locator('button.action[data-action="pair"]').first.inner_text()
    page.locator('.hand [data-card="QC"]').hover()
    assert page.inner_text("#card-info").startswith("Q♣: no effect now: a J was just played (else: goes to")
    page.screenshot(path=str(ARTIFACTS / "bpoker-set-words-laptop.png"), full_page=False)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / "bpoker-set-words-phone.png"), full_page=False)
