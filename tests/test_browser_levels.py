"""The lobby offers bots by strength in words: beginner, club (the default) and strong, each with
what it means, and the other kinds under "by kind"; a strong bot sits and plays."""

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
    assert labels[1:4] == ["beginner bot", "club bot", "strong bot"]
    assert "searches" in (seat.locator("option[value=strong]").get_attribute("title") or "")
    assert seat.locator("optgroup[label='by kind'] option[value=heuristic]").count() == 1
    page.select_option("[name=seat-1]", "strong")
    page.screenshot(path=str(ARTIFACTS / "lobby-levels.png"))
    page.click("#create-button")
    page.wait_for_selector("#table[data-status=playing]")
    assert not errors, errors
