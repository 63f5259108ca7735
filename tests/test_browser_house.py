"""House rules in the browser (issue 36, "In the browser"): the lobby's "House rules" for a game with a
vocabulary, a shipped book picked and sent as the ``house`` option, a rule written in the guided form
and said back with the checker's verdict, a refusal in one line; at the table, the rules in force for
players and spectators, and a firing in the log. Screenshots at laptop and phone sizes are kept in
test-artifacts/."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

from browser_helpers import ARTIFACTS, base_url, browser, needs_chromium, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SEVENS = json.loads((Path(__file__).resolve().parent.parent / "examples/house/shedding/sevens-give.json").read_text())
SAID = "When a turn's last card takes effect, if the card's rank is 7: the next player draws a card."


def lobby(browser, viewport, errors):
    page = browser.new_context(viewport=viewport).new_page()
    watch_errors(page, errors)
    ARTIFACTS.mkdir(exist_ok=True)
    return page


def test_a_shipped_book_is_picked_said_and_played_by(base_url, browser):
    """Ann ticks "Sevens give" (said in words, judged Accepted with its smoke run), creates the table
    and reads the rule beside it; the book travels as the house option."""
    errors: list[str] = []
    page = lobby(browser, LAPTOP, errors)
    page.goto(base_url + "/")
    page.fill("[name=opt-players]", "2")
    page.press("[name=opt-players]", "Tab")
    assert page.locator("[data-book=sevens-give]").inner_text() == f"Sevens give: {SAID}"
    page.check("[data-book=sevens-give] input")
    page.wait_for_selector("#house-verdict.accepted")
    assert page.locator("#house-in-force li").inner_text().startswith(f"Sevens give: {SAID}")
    assert re.match(r"Accepted\. Tried in \d+ games between bots at 2 seats: .*fired \d+ times\.$",
                    page.locator("#house-verdict").inner_text())
    page.fill("[name=name-0]", "Ann")
    page.locator("#create").screenshot(path=str(ARTIFACTS / "house-lobby-laptop.png"))
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/tables")) as sent:
        page.click("#create-button")
    assert sent.value.post_data_json["options"]["house"] == SEVENS
    page.wait_for_selector("#house-panel li")
    assert page.locator("#house-panel li").inner_text() == f"Sevens give: {SAID}"
    page.screenshot(path=str(ARTIFACTS / "house-table-laptop.png"))
    assert not errors, errors


def test_a_rule_is_written_from_menus_said_and_judged(base_url, browser):
    """The guided form builds "sevens give" from the vocabulary's menus; the server says it and judges
    it; a rule that leaves a card unplayable is refused in one line, and so is a JSON box's book."""
    errors: list[str] = []
    page = lobby(browser, PHONE, errors)
    page.goto(base_url + "/")
    page.click("#house-writer summary")
    page.select_option(".house-on", "play")
    page.select_option(".house-value", "7")
    page.select_option(".house-effect", "next:draw")
    page.fill(".house-n", "1")
    page.fill("#house-title", "Sevens give")
    assert page.input_value("#house-id") == "sevens-give"
    page.wait_for_function("document.querySelector('#house-said').textContent.startsWith('Sevens give: When')")
    page.wait_for_selector("#house-said.accepted")
    assert page.locator("#house-said .house-words").inner_text() == f"Sevens give: {SAID}"
    page.click("#house-add")
    page.wait_for_selector("#house-in-force li[data-rule=sevens-give]")
    page.wait_for_selector("#house-verdict.accepted")
    page.locator("#house-rules").screenshot(path=str(ARTIFACTS / "house-writer-phone.png"))

    page.select_option(".house-on", "forbid")  # a 2 may never be played: no hand holding one can empty
    page.select_option(".house-value", "2")
    page.fill("#house-title", "No twos")
    page.wait_for_selector("#house-said.refused")
    assert page.locator("#house-said").inner_text().endswith(
        "Refused: rules: unwinnable: 2C, 2D, 2H, 2S can never be played (forbidden wherever it could be, by no-twos), "
        "so a hand holding one can never empty")
    assert page.locator("#house-add").is_disabled()

    page.click(".house-json summary")
    page.fill("#house-json", '{"rules": [{"id": "x", "on": "play",\n "if": ["card.size == 7"], "effects": ["skip"]}]}')
    page.wait_for_selector("#house-verdict.refused")
    assert page.locator("#house-verdict").inner_text().startswith("Refused: line 1: rules[0].if[0]: 'card.size' is not")
    assert not page.locator("[data-book=sevens-give] input").is_checked()
    page.locator("#house-rules").screenshot(path=str(ARTIFACTS / "house-refused-phone.png"))
    page.select_option("[name=game]", "mao")  # Mao keeps its own editor and its secret rules: no House rules here
    page.wait_for_selector("[data-option=rules]")
    assert page.locator("#house-rules").count() == 0
    assert not errors, errors


def test_a_spectator_reads_the_rules_and_sees_one_fire(base_url, browser):
    """A table of bots watched on a phone: the house rules are public, and the log says each firing
    on one line ("Sevens give (house rule): … draws 1")."""
    errors: list[str] = []
    page = lobby(browser, PHONE, errors)
    page.goto(base_url + "/")
    page.fill("[name=opt-players]", "2")
    page.press("[name=opt-players]", "Tab")
    page.check("[data-book=sevens-give] input")
    page.wait_for_selector("#house-verdict.accepted")
    for seat in (0, 1):
        page.select_option(f"[name=seat-{seat}]", "club")
    page.click("details.advanced summary")
    page.fill("[name=seed]", "0")  # a deal where a 7 is played early
    page.click("#create-button")
    page.wait_for_selector("#table[data-status=over]")
    page.click("#result button:has-text('See the table')")
    assert page.locator("#house-panel summary").inner_text() == "House rules (1)"  # folded on a phone
    page.click("#house-panel summary")
    assert page.locator("#house-panel li").inner_text() == f"Sevens give: {SAID}"
    fired = page.locator(".log .ev-house").first.inner_text()
    assert re.fullmatch(r"Sevens give \(house rule\): .+ draws 1", fired), fired
    page.locator(".log .ev-house").first.scroll_into_view_if_needed()
    page.wait_for_timeout(800)  # for the picture only: the cards' last flight lands
    page.screenshot(path=str(ARTIFACTS / "house-table-phone.png"), full_page=True)
    assert not errors, errors


def test_a_replay_shows_the_house_rules_in_force(base_url, browser):
    """A finished game's replay says the book it was played by, each rule in words, above the board."""
    errors: list[str] = []
    sent = json.dumps({"game": "shedding", "options": {"players": 2, "house": SEVENS}, "listed": True, "seed": 4,
                       "seats": [{"bot": "random"}, {"bot": "random"}]}).encode()
    request = urllib.request.Request(base_url + "/api/tables", sent, {"Content-Type": "application/json"})
    made = json.loads(urllib.request.urlopen(request).read())
    page = lobby(browser, LAPTOP, errors)
    page.goto(base_url + made["spectate"])  # a table of bots plays once someone looks
    for _ in range(600):  # not a timed assertion: a bound on waiting for the bots to finish
        summary = json.loads(urllib.request.urlopen(f"{base_url}/api/tables/{made['table']}").read())
        if summary["status"] == "over":
            break
        time.sleep(0.1)
    page.goto(f"{base_url}/replay/{made['table']}")
    page.wait_for_selector("#replay-house li")
    assert page.locator("#replay-house li").inner_text() == f"Sevens give: {SAID}"
    page.screenshot(path=str(ARTIFACTS / "house-replay-laptop.png"))
    assert not errors, errors
