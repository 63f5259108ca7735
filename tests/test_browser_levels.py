"""The lobby offers bots by strength in words: beginner, club (the default) and strong, each with
what it means said under the seats; never a kind by its program's name ("ismcts bot", issue 39);
a strong bot sits and plays."""

from __future__ import annotations

from browser_helpers import ARTIFACTS, base_url, browser, needs_chromium, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name


def test_the_lobby_names_bots_by_strength_and_defaults_to_club(base_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    watch_errors(page, errors)
    page.goto(base_url + "/")
    seat = page.locator("[name=seat-1]")
    assert seat.input_value() == "club"
    labels = seat.locator("option").all_inner_texts()
    assert labels == ["a person (invite)", "beginner bot", "club bot", "strong bot"]
    assert "searches" in (seat.locator("option[value=strong]").get_attribute("title") or "")
    words = page.locator(".bot-words").inner_text()
    assert "strong bot: the strongest the game has: searches" in words and "club bot: plays as a decent club player" in words
    page.select_option("[name=seat-1]", "strong")
    page.fill("[name=name-0]", "Ann")  # unnamed, her page would first ask who she is
    page.screenshot(path=str(ARTIFACTS / "lobby-levels.png"))
    page.click("#create-button")
    page.wait_for_selector("#table[data-status=playing]")
    assert not errors, errors
