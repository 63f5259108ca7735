"""Mao at a browser table with people at it (issue 22, "The table"): a person who deals is
never stranded (a point of order shows them Sustained / Overruled, and "Your move" follows
what the table waits for), Draw sits beside the hand on a laptop and a phone, the 1–9 keys
play the hand's cards, the red penalty notice tells only your own penalties, quick phrases
never offer a player the dealer's sentences, and the lobby offers a first game in words."""

from __future__ import annotations

import httpx2
from browser_helpers import ARTIFACTS, actions_done, base_url, browser, needs_chromium, wait_for_more_actions, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
DEALERS_WORDS = ("The game of maʊ has now started.", "Sustained.", "Overruled.", "Meeting adjourned.")


def table(base_url: str, people: int = 2, **options) -> dict:
    seats = [{"name": "Ann"}, {"name": "Bo"}, {"bot": "dealer"}]
    r = httpx2.post(base_url + "/api/tables", json={
        "game": "mao", "options": {"players": 3, "dealer": 0, "delay_s": 60, **options}, "seed": 5,
        "seats": seats[:people] + [{"bot": "dealer"}] * (3 - people)})
    assert r.status_code == 201, r.text
    return r.json()


def open_seat(browser, base_url: str, t: dict, seat: int, errors: list[str], viewport=LAPTOP):
    page = browser.new_context(viewport=viewport).new_page()
    watch_errors(page, errors)
    page.goto(base_url + t["invites"][seat]["path"])
    page.wait_for_selector("#table[data-status]")  # the table waits until every person has joined
    return page


def quick(page) -> list[str]:
    return page.locator(".quick-phrase").all_inner_texts()


def turn_line(page) -> str:
    return page.locator(".turn").inner_text()


def test_a_person_who_deals_rules_on_a_point_of_order_from_the_banner(base_url, browser):
    errors: list[str] = []
    t = table(base_url)
    ann = open_seat(browser, base_url, t, 0, errors)
    bo = open_seat(browser, base_url, t, 1, errors)
    ann.wait_for_selector("#start-game")
    before = actions_done(ann)
    ann.click("#start-game")
    wait_for_more_actions(ann, before)
    bo.wait_for_function("() => document.querySelector('.turn').innerText === 'Your move'")
    assert not any(w in quick(bo) for w in DEALERS_WORDS), quick(bo)  # the start was said: never Bo's phrase

    bo.fill("#chat", "Point of order.")
    bo.press("#chat", "Enter")
    ann.wait_for_selector("#pause-banner .ruling-word")
    assert "Bo raised a point of order: waiting for you to rule" in ann.locator("#pause-banner").inner_text()
    assert [w.split()[0] for w in ann.locator("#pause-banner .ruling-word").all_inner_texts()] == ["Sustained", "Overruled"]
    assert turn_line(ann) == "Your move"  # the table waits for the dealer's ruling
    bo.wait_for_function("() => document.querySelector('#pause-banner')")
    assert "waiting for Ann to rule" in bo.locator("#pause-banner").inner_text()
    assert bo.locator("#pause-banner .ruling-word").count() == 0
    assert turn_line(bo) == "Waiting for Ann"
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "mao-dealer-rules-laptop.png"))
    ann.set_viewport_size(PHONE)
    ann.screenshot(path=str(ARTIFACTS / "mao-dealer-rules-phone.png"))
    for button in ann.locator("#pause-banner .ruling-word").all():  # on screen, not cut off
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["y"] + box["height"] <= PHONE["height"], box
    ann.set_viewport_size(LAPTOP)

    before = actions_done(ann)
    ann.locator("#chat").evaluate("e => e.blur()")
    ann.keyboard.press("y")  # Sustained, by its key
    wait_for_more_actions(ann, before)
    ann.wait_for_selector("#pause-banner >> text=Meeting adjourned")
    assert "Sustained." not in quick(bo) and "Meeting adjourned." not in quick(bo), quick(bo)
    ann.click("#pause-banner .ruling-word")  # Meeting adjourned
    ann.wait_for_function("() => !document.querySelector('#pause-banner')")
    assert not errors, errors


def test_draw_sits_beside_the_hand_and_the_number_keys_play_its_cards(base_url, browser):
    errors: list[str] = []
    t = table(base_url, people=1, dealer=2)  # the bot deals and starts; Ann plays first
    for viewport, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page = open_seat(browser, base_url, t, 0, errors, viewport)
        page.wait_for_selector("#draw")
        box = page.locator("#draw").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (name, box)
        hand = page.locator(".hand .card").last.bounding_box()
        assert hand is not None and hand["y"] + hand["height"] <= viewport["height"], (name, hand)
        page.screenshot(path=str(ARTIFACTS / f"mao-table-{name}.png"))
        page.context.close()
    page = open_seat(browser, base_url, t, 0, errors)
    page.wait_for_selector(".hand .card")
    page.wait_for_timeout(300)  # the seat's stand-in (the other pages closed: H-absent) has got up
    mine = page.locator(".log li.ev-play, .log li.ev-returned")
    plays = mine.count()
    page.keyboard.press("1")  # any card may be attempted at any moment: the dealer judges it
    page.wait_for_function("n => document.querySelectorAll('.log li.ev-play, .log li.ev-returned').length > n",
                           arg=plays)
    assert "You" in mine.last.inner_text()
    assert not errors, errors


def started_by_the_dealer(base_url: str, browser, errors: list[str]):
    """Ann's page at a table where she deals and judges, the game started by her words."""
    ann = open_seat(browser, base_url, table(base_url, people=1, judge="dealer"), 0, errors)
    ann.wait_for_selector("#start-game")
    before = actions_done(ann)
    ann.click("#start-game")
    wait_for_more_actions(ann, before)
    return ann


def test_the_red_notice_tells_only_your_own_penalties(base_url, browser):
    """The dealer (a person judging) calls a penalty on Bo: Bo is told; the dealer's page is not
    told it as if it were theirs (it was, before: every penalty of the act's events)."""
    errors: list[str] = []
    ann = started_by_the_dealer(base_url, browser, errors)
    ann.select_option("#target", "1")
    ann.fill("#call-name", "talking")
    before = actions_done(ann)
    ann.click("#call")
    wait_for_more_actions(ann, before)
    ann.wait_for_function("() => document.querySelector('.log').innerText.includes('Bo, talking')")
    notice = ann.locator("#notice")
    assert notice.count() == 0 or "Penalty" not in notice.inner_text()
    assert not errors, errors


def test_a_call_being_made_survives_the_table_redrawing(base_url, browser):
    """Every act at the table redraws it: the player picked for a call and the penalty name typed
    so far stay as they were (they were reset to the first player and an empty name, so a call
    made while the table moved went to the wrong player or unnamed)."""
    errors: list[str] = []
    ann = started_by_the_dealer(base_url, browser, errors)
    ann.select_option("#target", "2")
    ann.fill("#call-name", "talk")
    before = actions_done(ann)
    ann.click("#touch")  # an act of her own: the table redraws
    wait_for_more_actions(ann, before)
    assert ann.input_value("#target") == "2" and ann.input_value("#call-name") == "talk"
    ann.fill("#call-name", "talking")
    before = actions_done(ann)
    ann.click("#call")
    wait_for_more_actions(ann, before)
    assert ann.input_value("#call-name") == "" and ann.input_value("#target") == "2"  # made: the name is spent
    assert not errors, errors


def test_the_lobby_offers_a_first_game_in_words(base_url, browser):
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    page.goto(base_url + "/")
    page.wait_for_selector("#first-game-mao")
    assert "first game" in page.locator("#first-game-mao").inner_text().lower()
    page.click("#first-game-mao button")
    assert page.locator("[name=game]").input_value() == "mao"
    assert float(page.locator("[name=opt-delay_s]").input_value()) > 5
    assert page.locator("[name=opt-reveal]").is_checked()
    page.screenshot(path=str(ARTIFACTS / "mao-first-game-lobby.png"))
    page.fill("[name=name-0]", "Ann")  # unnamed, her page would first ask who she is
    page.click("#create-button")
    page.wait_for_selector(".board.mao")
    assert not errors, errors


def test_the_next_game_of_a_match_waits_until_the_witness_has_read_the_rule(base_url, browser):
    """H-ext-read: Ann wins and adds a rule told to Bo; the next game waits for Bo's "I have
    read it" (every other screen says so), then Ann, the new dealer, starts it."""
    from test_browser_mao_match import ann_wins_the_first_game, say, stored

    errors: list[str] = []
    ann, bo, cy = ann_wins_the_first_game(base_url, browser, errors)
    ann.wait_for_selector(".write-offer")
    assert ann.locator(".write-offer").first.inner_text().endswith("(tell Bo)")  # the record's words, by name
    before = actions_done(ann)
    ann.locator(".write-offer").first.click()  # a library rule, told to the next seat: Bo
    stored(ann, before)
    bo.wait_for_selector("#read-button")
    assert bo.locator(".told-rule").count() == 1 and bo.locator(".turn").inner_text() == "Your move"
    for other in (ann, cy):
        other.wait_for_function("() => (document.querySelector('#read-rule') || {}).textContent"
                                " === 'Waiting for Bo to read the new rule.'")
        assert other.locator(".turn").inner_text() == "Waiting for Bo"
    bo.screenshot(path=str(ARTIFACTS / "mao-witness-reads.png"))
    before = actions_done(bo)
    bo.click("#read-button")
    stored(bo, before)
    ann.wait_for_selector("#start-game")
    say(ann, "The game of maʊ has now started.")
    assert not errors, errors


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def improper(card: str, top: str) -> bool:
    """A card the standard rules never let be played on ``top`` (not its suit or rank, nor of its
    colour and one apart), from what any player sees: no rule is read from the page."""
    (rank, suit), (top_rank, top_suit) = (card[:-1], card[-1]), (top[:-1], top[-1])
    same_colour = (suit in "DH") == (top_suit in "DH")
    return suit != top_suit and rank != top_rank and not (
        same_colour and abs(RANKS.index(rank) - RANKS.index(top_rank)) == 1)


def test_a_person_who_deals_penalises_a_bad_play_from_the_advice_in_one_tap(base_url, browser):
    """Issue 37, item 3: Ann deals and judges; Bo plays a card that may not be played; Ann's desk
    offers "Bo: improper play" (the software's advice, the name filled in) and one tap gives the
    penalty, before the bot after Bo plays on (item 7: the bots leave her the reasonable time).
    The desk, the rules in play and the Point at / Call penalty controls are on a laptop's first
    screen (issue 39)."""
    errors: list[str] = []
    t = table(base_url, judge="dealer", grace_s=30)
    ann = open_seat(browser, base_url, t, 0, errors)
    bo = open_seat(browser, base_url, t, 1, errors)
    ann.wait_for_selector("#start-game")
    before = actions_done(ann)
    ann.click("#start-game")
    wait_for_more_actions(ann, before)
    ann.wait_for_selector("#dealer-desk")
    assert ann.locator("#dealer-desk .penalise").count() == 0 and bo.locator("#dealer-desk").count() == 0
    bo.wait_for_function("() => document.querySelector('.turn').innerText === 'Your move'")
    hand = bo.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    top = bo.locator("#discard .card").last.get_attribute("data-card")
    bad = next(c for c in hand if improper(c, top))
    before = actions_done(bo)
    bo.locator(f'.hand .card[data-card="{bad}"]').click()
    wait_for_more_actions(bo, before)

    advice = ann.locator("#dealer-desk .penalise")
    advice.first.wait_for()
    assert [a.splitlines()[0] for a in advice.all_inner_texts()] == ["Bo: improper play"]  # the name filled in
    for control in ("#dealer-desk .penalise", "#point", "#call"):  # all on a laptop's first screen
        box = ann.locator(control).first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= LAPTOP["height"], (control, box)
    ann.click("#rules-in-play summary")
    rules = ann.locator("#rules-in-play li").all_inner_texts()
    assert any(r.startswith("Playing cards") for r in rules) and any(r.startswith("Pointing") for r in rules)
    ann.screenshot(path=str(ARTIFACTS / "mao-dealer-desk-laptop.png"))
    before = actions_done(ann)
    advice.first.click()  # one tap
    wait_for_more_actions(ann, before)
    ann.wait_for_function("() => document.querySelector('.log').innerText.includes('Dealer: Bo, improper play.')")
    assert ann.locator("#dealer-desk .penalise").count() == 0  # called: the advice is spent
    lines = ann.locator(".log li").all_inner_texts()
    penalty = lines.index("Dealer: Bo, improper play.")
    assert not any(line.startswith("Cy") for line in lines[:penalty]), lines  # before the next bot move
    bo.wait_for_function("() => document.querySelector('.log').innerText.includes('Dealer: You, improper play.')")
    assert "1 penalty" in bo.locator(".seat.me").inner_text()
    ann.wait_for_function("() => [...document.querySelectorAll('.log li')].some(li => li.innerText.startsWith('Cy'))")
    assert not errors, errors
