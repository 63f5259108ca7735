"""A Mao match in a real browser (the Extension's rule editor, issue 13): Ann wins the first
game, sees the rules in play (only she, the next dealer, does), builds a rule from the menus,
reads it in the words every screen uses (the server's ``language.explain``), tries it on a
sample hand, is told where and why a bad rule is wrong (as text, never markup) and saves it;
her witness reads it, the third player does not. Screenshots of the editor are kept."""

from __future__ import annotations

import httpx2
from browser_helpers import (
    ARTIFACTS,
    actions_done,
    base_url,
    browser,
    needs_chromium,
    watch_errors,
)

from houserules.games.mao import language
from houserules.games.mao import rulebook as rb

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
# every card may be played and its player plays again: Ann, first to play, goes out in one turn
QUICK = [{"id": "anything", "on": "allow", "if": ["card.colour in red,black"]},
         {"id": "once-more", "on": "play", "if": ["card.colour in red,black"], "effects": ["again"]}]


def new_match(base: str) -> dict:
    r = httpx2.post(base + "/api/tables", json={
        "game": "mao", "seed": 4, "seats": [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}],
        "options": {"players": 3, "rules": "base", "extension": True, "games": 2, "delay_s": 60, "grace_s": 5,
                    "house": QUICK}})
    assert r.status_code == 201, r.text
    return r.json()


def stored(page, before: int) -> None:
    page.wait_for_function("n => Number(document.querySelector('#table').dataset.actions) > n", arg=before)


def say(page, text: str) -> None:
    before = actions_done(page)
    page.fill("#chat", text)
    page.press("#chat", "Enter")
    stored(page, before)


def ann_wins_the_first_game(base: str, browser, errors: list[str]) -> list:
    """Three people sit at a new match (Ann, Bo, Cy on laptops); Cy deals, and Ann, first to
    play, plays every card in one turn, saying maʊ before the last: she wins and is to write."""
    t = new_match(base)
    pages = [browser.new_context(viewport=LAPTOP).new_page() for _ in range(3)]
    for page, invite in zip(pages, t["invites"], strict=True):
        watch_errors(page, errors)
        page.goto(base + invite["path"])
    for page in pages:  # the game starts once everyone has taken their seat
        page.wait_for_selector(".board.mao")
    ann, _, cy = pages
    say(cy, rb.START)  # Cy deals: the dealer's start sentence
    ann.wait_for_selector(".seat.me.to-act")
    while ann.locator(".hand .card").count() > 1:
        before = actions_done(ann)
        ann.locator(".hand .card").first.click()
        stored(ann, before)
    say(ann, "maʊ")
    before = actions_done(ann)
    ann.locator(".hand .card").first.click()
    stored(ann, before)
    return pages


def words_become(page, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#rule-words').textContent === t", arg=text)


def test_a_winner_writes_a_rule_in_the_browser_and_only_the_witness_reads_it(base_url, browser):
    errors: list[str] = []
    ann, bo, cy = ann_wins_the_first_game(base_url, browser, errors)
    ann.wait_for_selector("#rule-editor")
    # the rules in play, to change one, are shown to the writer (the next dealer) only
    assert ann.locator("#rules-in-play li").count() == 2
    ops = ann.locator("#rule-op option").evaluate_all("os => os.map(o => o.value)")
    assert ops == ["add", "anything", "once-more"]  # the form may also change a rule in play
    for other in (bo, cy):
        other.wait_for_selector("#match")
        assert other.locator("#rules-in-play").count() == 0 and other.locator("#rule-editor").count() == 0

    # build "when a heart is played, the next player knocks once" from the menus
    ann.select_option("#rule-thing", "suit")
    ann.select_option("#rule-value", "hearts")
    ann.select_option("#rule-who", "next")
    ann.select_option("#rule-does", "knock")
    ann.fill("#rule-id", "heart-knock")
    assert ann.locator("#rule-phrase").is_hidden()  # a knock has no phrase
    ann.fill("#rule-penalty", "failure to knock for hearts")
    rule = {"id": "heart-knock", "on": "play", "if": ["card.suit == hearts"],
            "must": [{"who": "next", "do": "knock", "times": 1, "failure": "failure to knock for hearts",
                      "improper": "improper knocking"}]}
    words_become(ann, language.explain(language.rule({**rule, "group": "house"})))  # the one renderer's words
    assert ann.locator("#rule-sample .fires").count() == 2  # 8H and 10H of the sample hand
    assert ann.locator("#rule-sample .quiet").count() == 4
    assert ann.locator("#rule-save").is_enabled()
    ARTIFACTS.mkdir(exist_ok=True)
    ann.locator("#match").screenshot(path=str(ARTIFACTS / "mao-rule-editor.png"))

    # a rule the language refuses: where and why, as text; nothing can be saved
    ann.select_option("#rule-on", "penalty")
    ann.select_option("#rule-does", "skip")
    ann.wait_for_function("() => document.querySelector('#rule-words').textContent.startsWith('Not a rule yet')")
    assert "rule.effects[0]" in ann.locator("#rule-words").inner_text()
    assert ann.locator("#rule-save").is_disabled()
    ann.select_option("#rule-on", "play")
    ann.select_option("#rule-does", "say")
    ann.fill("#rule-phrase", "<b>Hearts</b>")
    ann.wait_for_function("() => document.querySelector('#rule-words').textContent.includes('plain punctuation')")
    assert ann.locator("#rule-words b").count() == 0 and "<b>" not in ann.locator("#rule-words").inner_text()
    ann.fill("#rule-phrase", "Hearts")
    ann.fill("#rule-penalty", "failure to say hearts")
    ann.select_option("#rule-thing", "suit")
    ann.select_option("#rule-value", "hearts")
    ann.wait_for_function("() => document.querySelector('#rule-words').textContent.includes('must say “Hearts”')")
    ann.set_viewport_size(PHONE)
    ann.screenshot(path=str(ARTIFACTS / "mao-rule-editor-phone.png"), full_page=True)
    # no buttons, no bar: an empty action bar stuck to the phone's bottom edge hid the editor's fields
    assert ann.locator(".actions").count() == 1 and not ann.locator(".actions").is_visible()
    ann.set_viewport_size(LAPTOP)
    ann.select_option("#rule-witness", "1")
    before = actions_done(ann)
    ann.click("#rule-save")
    stored(ann, before)

    ann.wait_for_selector(".my-rule")
    assert "must say “Hearts”" in ann.locator(".my-rule").inner_text()
    bo.wait_for_selector(".told-rule")
    assert "Ann's rule, told to you" in bo.locator(".told-rule").inner_text()
    assert "Hearts" in bo.locator(".told-rule").inner_text()
    cy.wait_for_function("() => document.querySelector('#match').innerText.includes('1 rule change')")
    assert "Hearts" not in cy.locator("body").inner_text() and cy.locator(".told-rule").count() == 0
    assert not errors, errors


def test_the_lobby_tells_what_a_match_is(base_url, browser):
    """The lobby offers the Extension's options with words, like every other option."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(base_url + "/")
    page.select_option("[name=game]", "mao")
    for key, said in (("extension", "each winner deals the next"), ("games", "How many games a match lasts")):
        option = page.locator(f"[data-option={key}]")
        option.wait_for()
        assert said in option.locator(".option-words").inner_text()
    assert page.locator("[name=opt-extension]").get_attribute("type") == "checkbox"
    assert page.locator("[name=opt-games]").input_value() == "3"
    # words, not JSON or another table's numbers: the rule sets comma-separated (it showed
    # ["standard"]), no written rules (it showed []), the judge from a menu, and the first
    # dealer and the decks empty with their default in words (it showed "First dealer 3"
    # while the form had three seats, 0 to 2; the first dealer is now a menu of the seats,
    # counted from 1, its first choice the default in words)
    assert page.locator("[name=opt-rules]").input_value() == "standard"
    assert page.locator("[name=opt-house]").input_value() == ""
    assert page.locator("[name=opt-judge]").evaluate("e => e.tagName") == "SELECT"
    dealer = page.locator("[name=opt-dealer]")
    assert dealer.evaluate("e => e.tagName") == "SELECT" and dealer.input_value() == ""
    labels = dealer.evaluate("e => [...e.options].map((o) => o.textContent)")
    assert labels[0] == "the last seat" and labels[1] == "Seat 1"
    decks = page.locator("[name=opt-decks]")
    assert decks.input_value() == "" and decks.get_attribute("placeholder") == "default"
    assert "empty: one per six players" in (page.locator("[data-option=decks] .option-words").text_content() or "")
