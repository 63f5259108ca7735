"""House rules in the browser for Cripple Mr Onion and bpoker (issue 36): their vocabularies' forms,
built from the records alone, write a rule whose effect names a value (a grouping, a card) from a
menu; the server says it and judges it. Screenshots are kept in test-artifacts/."""

from __future__ import annotations

from browser_helpers import ARTIFACTS, base_url, browser, needs_chromium, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1366, "height": 900}
#: a verdict comes with a smoke run of two dozen bot games (Onion's: five rounds each), on a busy machine
SMOKE = 180_000


def test_onion_and_bpoker_rules_are_written_from_menus(base_url, browser):
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(base_url + "/")
    page.select_option("[name=game]", "cripple-mr-onion")
    page.wait_for_selector("[data-book=rising-stakes]")  # the game's own House rules, not the last game's
    page.click("#house-writer summary")
    page.select_option(".house-on", "rank")
    page.select_option(".house-value", "great bagel")
    page.select_option(".house-effect", "above")
    page.select_option(".house-arg", "great onion")
    page.fill("#house-title", "Great bagels rule")
    page.wait_for_selector("#house-said.accepted", timeout=SMOKE)
    assert page.locator("#house-said .house-words").inner_text() == (
        "Great bagels rule: When hands are compared, if the grouping is a great bagel: it ranks just above a "
        "Great Onion.")
    page.locator("#house-rules").screenshot(path=str(ARTIFACTS / "house-writer-onion.png"))

    page.select_option("[name=game]", "bpoker")
    page.wait_for_selector("[data-book=no-card-of-death]")
    page.click("#house-writer summary")
    page.select_option(".house-value >> nth=0", "9")
    page.select_option(".house-effect", "like")
    page.select_option(".house-arg", "9S")
    page.fill("#house-title", "Nines alike")
    page.wait_for_selector("#house-said.accepted", timeout=SMOKE)
    assert page.locator("#house-said .house-words").inner_text().startswith(
        "Nines alike: When a card's rule is looked up (by its value in effect), if the card's rank is 9: it follows "
        "the rule of the 9♠ instead")
    page.locator("#house-rules").screenshot(path=str(ARTIFACTS / "house-writer-bpoker.png"))
    assert not errors, errors
