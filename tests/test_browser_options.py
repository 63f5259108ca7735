"""The lobby's options, drawn from each game's schema (issue 24) with help in words for every
option (issue 25), in a real browser."""

from __future__ import annotations

from browser_helpers import base_url, browser, needs_chromium, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1366, "height": 768}


def test_every_option_in_the_lobby_has_its_schemas_words(base_url, browser):
    """Each game's form shows every option with the label and help the server sends from the
    schema (bpoker's advanced options and Onion's cripple had none; King Taco's Goto was wrong)."""
    import httpx2

    page = browser.new_context(viewport=LAPTOP).new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + "/")
    for game in httpx2.get(base_url + "/api/games").json():
        page.select_option("[name=game]", game["name"])
        for o in game["option_words"]:
            option = page.locator(f"[data-option={o['key']}]")
            option.wait_for(state="attached")
            assert option.locator(".option-name").text_content() == o["label"], (game["name"], o["key"])
            assert o["help"] in (option.locator(".option-words").text_content() or ""), (game["name"], o["key"])
    page.select_option("[name=game]", "king-taco")
    assert "1 in Goto chance" in (page.locator("[data-option=goto] .option-words").text_content() or "")
    page.select_option("[name=game]", "cripple-mr-onion")
    assert "cripple an Onion" in (page.locator("[data-option=cripple] .option-words").text_content() or "")
    assert not errors, errors


def test_a_default_that_follows_the_player_count_is_sent_when_typed(base_url, browser):
    """King Taco's first dealer is empty (the last seat); typed, it is sent as typed, even when it is
    the number the default was at the form's first player count (3 of 4 seats: at five seats the
    last seat is 4, so leaving 3 out would have made seat 4 deal)."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(base_url + "/")
    page.select_option("[name=game]", "king-taco")
    page.fill("[name=opt-players]", "5")
    page.press("[name=opt-players]", "Tab")
    page.click("details.advanced summary")
    dealer = page.locator("[name=opt-dealer]")  # the seats as people count them, from 1; the API's from 0
    assert dealer.locator("option").all_inner_texts() == ["the last seat", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5"]
    page.select_option("[name=opt-dealer]", label="Seat 4")
    for seat in range(1, 5):
        page.select_option(f"[name=seat-{seat}]", "beginner")
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/tables")) as sent:
        page.click("#create-button")
    options = sent.value.post_data_json["options"]
    assert options["players"] == 5 and options["dealer"] == 3 and "deck" not in options
