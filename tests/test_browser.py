"""The browser table in a real browser: Playwright drives Debian's headless
Chromium (/usr/bin/chromium; no browser is downloaded). Two people, each in
their own browser context, join one Shedding table with two bots and play
it to the end by clicking; one of them reloads mid-game and must find the
same view; a screenshot of the table mid-game is kept in test-artifacts/."""

from __future__ import annotations

import time

from browser_helpers import (ARTIFACTS, act, actions_done, base_url, browser, hand_and_seats, needs_chromium,
                             wait_for_more_actions, watch_errors)
from server_helpers import free_port, start_server

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name


KEYS = {"declare": "l", "draw": "d", "end": "e", "decline": "x"}
#: the words the server sends with each legal action (engine.moves): the page writes none of its own
LABELS = {"declare": "Last card!", "draw": "Draw ", "end": "End run", "decline": "Decline the Queen"}


def take_a_turn(page, keyboard: bool = False) -> None:
    """Do what a simple player would: declare the last card, else play a lit
    card, else press the first button; with the mouse or the keyboard."""
    declare = page.locator('button.action[data-action="declare"]')
    card = page.locator(".hand .card.legal")
    for button in page.locator("button.action").all():
        assert button.inner_text().startswith(LABELS[button.get_attribute("data-action") or ""])
    if declare.count():
        target, key = declare.first, KEYS["declare"]
    elif card.count():
        target, key = card.first, "1"
    else:
        target = page.locator("button.action").first
        key = KEYS[target.get_attribute("data-action") or ""]
    act(page, key, target, keyboard)


def what_i_see(page) -> dict:
    return {**hand_and_seats(page), "top": page.locator("#discard .card").get_attribute("data-card")}


def test_two_people_play_shedding_to_the_end_in_the_browser(base_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    ann = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    bo = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()  # a phone
    for page in (ann, bo):
        watch_errors(page, errors)

    # Ann creates the table in the lobby: herself, Bo, and two bots
    ann.goto(base_url + "/")
    ann.fill("[name=name-0]", "Ann")
    ann.select_option("[name=seat-1]", "")
    ann.fill("[name=name-1]", "Bo")
    ann.select_option("[name=seat-2]", "club")
    ann.select_option("[name=seat-3]", "beginner")
    ann.click("details.advanced summary")  # the seed is under "Advanced"
    ann.fill("[name=seed]", "12")  # with a known deal, the bots and these players make the same game every run
    ann.click("#create-button")
    ann.wait_for_selector("#table[data-status=waiting]")
    link = ann.locator('.invite[data-seat="1"] input').input_value()
    assert "#" in link

    bo.goto(link)
    for page in (ann, bo):
        page.wait_for_selector("#table[data-status=playing]")
    assert "#" not in bo.url  # the token left the address bar

    turns = {id(ann): 0, id(bo): 0}
    reloaded = False
    for _ in range(4000):
        if all(p.locator("#table").get_attribute("data-status") == "over" for p in (ann, bo)):
            break
        moved = False
        for page in (ann, bo):
            if page.locator("#table").get_attribute("data-can-act") != "true":
                continue
            if page is bo and turns[id(bo)] == 4 and not reloaded:
                ann.screenshot(path=str(ARTIFACTS / "browser-midgame-laptop.png"))
                bo.screenshot(path=str(ARTIFACTS / "browser-midgame-phone.png"), full_page=True)
                seen = what_i_see(bo)
                bo.reload()
                bo.wait_for_selector("#table[data-can-act=true]")
                assert what_i_see(bo) == seen
                reloaded = True
            take_a_turn(page, keyboard=page is ann)
            turns[id(page)] += 1
            moved = True
        if not moved:
            time.sleep(0.02)
    else:
        raise AssertionError("the game did not end")

    assert reloaded, "Bo never had a fifth turn to reload at"
    for page in (ann, bo):
        page.wait_for_selector("#result")
        title = page.locator("#result h2").inner_text()
        assert "win" in title.lower() or title == "No winner"
        assert page.locator(".log .ev-win, .log .ev-over").count() >= 1
    assert (ARTIFACTS / "browser-midgame-laptop.png").stat().st_size > 10_000
    assert not errors, errors

    # a rematch is an offer: Ann offers, Bo accepts, and both go to a new table without a page load
    old = ann.url
    ann.click("#rematch")
    bo.click("#rematch-accept")
    ann.wait_for_url(lambda url: url != old)
    bo.wait_for_url(lambda url: url != old)
    for page in (ann, bo):
        page.wait_for_selector("#table[data-status=playing]")


def test_a_game_without_its_own_module_gets_the_generic_table(base_url, browser):
    """The fallback renders any view and offers every legal action as a button."""
    import httpx2

    t = httpx2.post(base_url + "/api/tables", json={
        "game": "shedding", "options": {"players": 2}, "seats": [{"name": "Ann"}, {"bot": "random"}]}).json()
    page = browser.new_context().new_page()
    page.route("**/api/games", lambda route: route.fulfill(json=[
        {**g, "client_module": False} for g in httpx2.get(base_url + "/api/games").json()]))
    page.goto(base_url + t["invites"][0]["path"])
    page.wait_for_selector(".board.generic")
    page.wait_for_selector("#table[data-can-act=true]")
    buttons = page.locator("button.action")
    assert buttons.count() >= 1
    before = actions_done(page)
    buttons.first.click()
    wait_for_more_actions(page, before)


def test_the_page_reconnects_by_itself_after_the_server_restarts(tmp_path, browser):
    """SIGKILL the server under an open table; when it is back the page
    reconnects on its own and shows the same game."""
    import httpx2

    db, port = tmp_path / "t.db", free_port()
    proc = start_server(db, port)
    try:
        base = f"http://127.0.0.1:{port}"
        t = httpx2.post(base + "/api/tables", json={
            "game": "shedding", "options": {"players": 2}, "seats": [{"name": "Ann"}, {"bot": "heuristic"}]}).json()
        page = browser.new_context().new_page()
        page.goto(base + t["invites"][0]["path"])
        page.wait_for_selector("#table[data-can-act=true]")
        take_a_turn(page)
        page.wait_for_selector("#table[data-can-act=true]")
        seen = what_i_see(page)
        proc.kill()
        proc.wait()
        page.wait_for_selector("#conn[data-state=closed]")
        proc = start_server(db, port)
        page.wait_for_selector("#conn[data-state=open]", timeout=15_000)
        page.wait_for_selector("#table[data-can-act=true]")
        assert what_i_see(page) == seen
    finally:
        proc.kill()
        proc.wait()


def test_in_table_mode_an_illegal_card_is_penalised_and_named_in_the_log(base_url, browser):
    import httpx2

    t = httpx2.post(base_url + "/api/tables", json={
        "game": "shedding", "options": {"players": 2, "mode": "table"}, "seats": [{"name": "Ann"}, {"bot": "heuristic"}],
        "seed": 3}).json()
    page = browser.new_context().new_page()
    page.goto(base_url + t["invites"][0]["path"])
    for _ in range(50):
        page.wait_for_selector("#table[data-can-act=true]")
        wrong = page.locator(".hand .card.playable:not(.legal)")
        if wrong.count():
            before = actions_done(page)
            wrong.first.click()
            wait_for_more_actions(page, before)
            break
        take_a_turn(page)
    else:
        raise AssertionError("never held a card that was illegal to play")
    penalty = page.locator(".log .ev-penalty").last
    assert "PENALTY" in penalty.inner_text() and "mistake" in penalty.inner_text()


def test_leaving_hands_the_seat_to_a_bot_and_the_page_watches_on(base_url, browser):
    import httpx2

    t = httpx2.post(base_url + "/api/tables", json={
        "game": "shedding", "options": {"players": 2}, "seats": [{"name": "Ann"}, {"bot": "random"}]}).json()
    page = browser.new_context().new_page()
    page.on("dialog", lambda d: d.accept())
    page.goto(base_url + t["invites"][0]["path"])
    page.wait_for_selector("#table[data-can-act=true]")
    page.click("button.leave")
    page.wait_for_selector("#crumb:has-text('watching')")
    page.wait_for_selector("#table[data-status=over]", timeout=20_000)  # the bots finish the game
    assert "heuristic bot" in page.locator('.seat[data-seat="0"]').inner_text()
