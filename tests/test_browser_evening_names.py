"""A first evening, round 2 (issue 39), in a real browser at a laptop's 1366×768 and a phone's
390×844: people have names and the pages speak to players. Ann makes a table on her laptop (her
name typed straight after changing Players), invites Bo without naming him and Cy by name; Bo
opens his link on his phone and is asked who he is; his waiting screen tells him who is still
missing; they play to the end, talk in the chat (on the phone, a line said while the chat is out
of sight is shown at the top edge), and every name reads right everywhere, never "player 2" nor a
seat counted from 0. Also: a long name never prints over a button nor breaks inside a word; a set
play is not the only sticky button; no How to play page names a source or test path. Screenshots
of every screen, at both sizes, go to test-artifacts/evening2-*.png."""

from __future__ import annotations

import json
import re

import httpx2
from browser_helpers import ARTIFACTS, actions_done, browser, needs_chromium, wait_for_more_actions
from test_browser_evening import LAPTOP, NUMBERED, PHONE, fits, new_page, table, url

from houserules.engine import registry

pytestmark = needs_chromium
__all__ = ["browser", "url"]  # fixtures, used by name

#: what a player must never be shown on a How to play page
DEVELOPER_PATH = re.compile(r"\.py\b|\bsrc/|\btests?/|::test_|\btest_\w+|shared/seeds|\bbench/")
#: the longest name a seat takes (40 characters), one long word after a short one
LONG = "Maximiliana Featherstonehaugh-Cholmondel"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"evening2-{name}.png"), full_page=True)


def play_on(pages: list, actions: int | None = None, limit: int = 600) -> None:
    """Each page, when it may move, plays its first lit card or presses its first button, until the game
    is over (or the table holds ``actions`` actions)."""
    for _ in range(limit):
        if pages[0].locator("#table").get_attribute("data-status") == "over":
            return
        if actions is not None and actions_done(pages[0]) >= actions:
            return
        moved = False
        for page in pages:
            if page.locator("#table").get_attribute("data-can-act") == "true":
                before = actions_done(page)
                page.locator(".hand .card.legal, button.action").first.click()
                wait_for_more_actions(page, before)
                moved = True
        if not moved:
            pages[0].wait_for_timeout(60)
    raise AssertionError("the game did not end")


def test_an_evening_two_people_on_a_phone_and_a_laptop_one_named_on_joining(url, browser):
    errors: list[str] = []
    ann, bo = new_page(browser, LAPTOP, errors), new_page(browser, PHONE, errors)

    # Ann changes Players and clicks straight into her name: the change redraws the seats, never the row she typed in
    ann.goto(url + "/")
    ann.wait_for_selector("[name=seat-1]")
    ann.fill("[name=opt-players]", "3")  # no Tab: the click on the name is what ends the change
    ann.click("[name=name-0]")
    ann.keyboard.type("Ann")
    assert ann.locator(".seats-form .row").count() == 3 and ann.input_value("[name=name-0]") == "Ann"
    assert "strong bot: the strongest the game has: searches" in ann.locator(".bot-words").inner_text()  # the bots by strength, in words
    assert ann.locator("[name=seat-2] option").all_inner_texts() == [
        "a person (invite)", "beginner bot", "club bot", "strong bot"]
    ann.select_option("[name=seat-1]", "")  # Bo, invited without a name: he says it when he joins
    ann.select_option("[name=seat-2]", "")
    ann.fill("[name=name-2]", "Cy")
    ann.click("details.advanced summary")
    assert ann.locator("[name=opt-dealer] option").all_inner_texts() == ["the last seat", "Seat 1", "Seat 2", "Seat 3"]
    ann.fill("[name=seed]", "12")
    fits(ann, "lobby laptop")
    shot(ann, "lobby-laptop")
    ann.click("#create-button")
    ann.wait_for_selector("#table[data-status=waiting]")
    assert ann.locator(".still-missing").inner_text().startswith("Still to come: player 2 and Cy.")
    link = ann.locator('.invite[data-seat="1"] input').input_value()

    # Bo opens his link on his phone and is asked who he is; the game waits for his answer
    bo.goto(link)
    bo.wait_for_selector("#name-form")
    assert bo.input_value("#name-form input") == ""  # nothing remembered in this browser yet
    fits(bo, "join phone")
    shot(bo, "join-phone")
    ann.wait_for_selector('.who-is-here li[data-seat="1"]:has-text("choosing a name")')
    fits(ann, "waiting laptop")
    shot(ann, "waiting-laptop")
    bo.fill("#name-form input", "Bo")
    bo.click("#name-form button")
    bo.wait_for_selector("#table[data-status=waiting] .still-missing")
    bo.wait_for_selector("#name-form", state="detached")
    waiting = bo.locator(".waiting").inner_text()  # it speaks to Bo: who is missing, no links to send
    assert "Still to come: Cy." in waiting and "Send each friend" not in waiting and "Bo (you)" in waiting, waiting
    fits(bo, "waiting phone")
    shot(bo, "waiting-phone")
    ann.wait_for_selector('.invite[data-seat="1"] .seat-no:has-text("Bo")')
    assert ann.locator(".still-missing").inner_text().startswith("Still to come: Cy.")
    ann.click('.invite[data-seat="2"] button.replace')  # Cy never comes: a bot plays his seat
    for page in (ann, bo):
        page.wait_for_selector("#table[data-status=playing]")

    # everyone reads everyone's name, each their own with "(you)"
    for page, me, others in ((ann, "Ann", ("Bo", "Cy")), (bo, "Bo", ("Ann", "Cy"))):
        seats = page.locator(".seat .name").all_inner_texts()
        assert f"{me} (you)" in seats and all(o in seats for o in others), seats

    # on the phone the chat is below the table and the log: a line said there shows at the top edge until seen
    play_on([ann, bo], actions=12)
    bo.evaluate("window.scrollTo(0, 0)")
    assert bo.locator(".chat-lines").evaluate("e => e.getBoundingClientRect().top > innerHeight"), "the chat is in sight"
    ann.fill("[name=table-chat]", "good luck, Bo")
    ann.press("[name=table-chat]", "Enter")
    note = bo.locator("#chat-new")
    note.wait_for()
    assert note.inner_text() == "Chat · Ann: good luck, Bo"
    fits(bo, "table phone")
    bo.screenshot(path=str(ARTIFACTS / "evening2-table-phone.png"))  # the first screen, as Bo sees it
    note.click()
    note.wait_for(state="hidden")
    assert "Ann good luck, Bo" in bo.locator(".chat-lines").inner_text()
    bo.fill("[name=table-chat]", "thanks!")
    bo.press("[name=table-chat]", "Enter")
    ann.wait_for_selector('.chat-lines li:has-text("thanks!")')
    assert ann.locator("#chat-new").is_hidden()  # on the laptop the chat is in sight: no note
    fits(ann, "table laptop")
    shot(ann, "table-laptop")

    play_on([ann, bo])
    for page in (ann, bo):
        page.wait_for_selector("#result .panel")
        page.wait_for_timeout(300)  # the dialog's last redraw
    names = {0: "Ann", 1: "Bo", 2: "Cy"}
    for page, me in ((ann, 0), (bo, 1)):
        said = page.locator("#result").inner_text()
        assert not NUMBERED.search(said) and "The game ended" not in said, said  # how it ended, said once
        assert said.startswith("You win!") or any(said.startswith(f"{n} wins") for s, n in names.items() if s != me), said
        text = page.locator("#app").inner_text()
        assert not NUMBERED.search(text), NUMBERED.search(text)
        log = page.locator(".log").inner_text()  # the other person by name (your own doings read "You …")
        assert names[1 - me] in log and "You " in log, log
        assert not any(re.fullmatch(r"0 cards.*", c) for c in page.locator(".seat .count").all_inner_texts())
    fits(ann, "result laptop")
    shot(ann, "result-laptop")
    bo.evaluate("window.scrollTo(0, 0)")  # Bo scrolled down to the chat
    fits(bo, "result phone")
    shot(bo, "result-phone")

    bo.click("#result a:has-text('Lobby')")  # Bo's name is remembered for his next table
    bo.wait_for_selector("[name=seat-1]")
    assert bo.input_value("[name=name-0]") == "Bo"
    fits(bo, "lobby phone")
    shot(bo, "lobby-phone")
    assert not errors, errors


def test_a_long_name_never_prints_over_a_button_nor_breaks_inside_a_word(url, browser):
    """The host's invite links, the waiting screen and the seats around the table, with a 40-character
    name, on a laptop and on a phone; and an unnamed friend asked their name on a laptop."""
    t = table(url, "shedding", [{"name": "Ann"}, {"name": LONG}, {}])
    for size, label in ((PHONE, "phone"), (LAPTOP, "laptop")):
        page = new_page(browser, size)
        page.goto(url + t["invites"][0]["path"])
        page.evaluate("([id, t]) => { localStorage.setItem(`houserules:invites:${id}`, JSON.stringify(t));"
                      " localStorage.setItem(`houserules:host:${id}`, t.host); }", [t["table"], t])
        page.reload()  # as the host's own page: every link, and the host's panel open
        page.wait_for_selector('.invite[data-seat="1"]')
        fits(page, f"long name {label}")
        for row in ('.invite[data-seat="1"]', '.host-invite[data-seat="1"]'):
            name, copy = page.locator(f"{row} .seat-no").first, page.locator(f"{row} button").first
            if page.locator(row).count() == 0 or not name.is_visible():
                continue
            a, b = name.bounding_box(), copy.bounding_box()
            # side by side, the name ends before the button; else it is on a line of its own above it
            assert a["x"] + a["width"] <= b["x"] + 1 or a["y"] + a["height"] <= b["y"] + 1, (label, row, a, b)
            assert name.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), (label, row)  # nothing spills out
        words = page.locator('.seat[data-seat="1"] .name .word').evaluate_all(
            "ws => ws.map((w) => [w.textContent, w.getBoundingClientRect().height])")
        assert [w for w, _ in words] == ["Maximiliana", "Featherstonehaugh-", "Cholmondel"], words
        line = min(h for _, h in words)
        assert all(h < 1.5 * line for _, h in words), words  # each word on one line: none broken inside
        shot(page, f"long-name-{label}")
        page.context.close()
    friend = new_page(browser, LAPTOP)  # the unnamed third seat's friend, on a laptop
    friend.goto(url + t["invites"][2]["path"])
    friend.wait_for_selector("#name-form")
    fits(friend, "join laptop")
    shot(friend, "join-laptop")


def test_a_set_play_is_not_the_only_sticky_button(url, browser):
    """bpoker's A + A as a button beside single cards to click: on a phone the bar stays in the page's
    flow (stuck alone to the bottom edge it would read as the only way on)."""
    game = registry.get("bpoker")
    state = game.scenario_state(game.options({"players": 3}), {
        "turn": 0, "stash": [["2C#3", "3C#3"], ["2D#3"], ["2H#3"]],
        "viewing": [["AS", "AH", "QC", "7H"], ["9H"], ["QH"]], "tables": [[], [], []]}, 0)
    seen = game.view(state, 0)
    mine = [a for a in game.legal(state) if a.seat == 0]
    crafted = {"view": seen.to_json(), "legal": [game.action_to_json(a) for a in mine], "free": False,
               "said": [game.words(a, seen).to_json() for a in mine], "status": "playing", "events": []}
    r = httpx2.post(url + "/api/tables", json={"game": "bpoker", "options": {"players": 3}, "seed": 1,
                                               "seats": [{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "heuristic"}]})
    t = r.json()
    page = new_page(browser, PHONE)

    def route(ws):  # the server's own updates, each replaced by seat 0's view of that moment
        server = ws.connect_to_server()
        server.on_message(lambda m: ws.send(json.dumps({**json.loads(m), **crafted})
                                             if json.loads(m).get("type") == "update" else m))

    page.route_web_socket("**/ws/**", route)
    page.goto(url + t["invites"][0]["path"])
    page.wait_for_selector('button.action[data-action="pair"]')
    assert page.locator(".hand .card.legal").count() >= 2
    assert page.locator(".actions").evaluate("e => getComputedStyle(e).position") != "sticky"
    shot(page, "set-play-phone")


def test_no_how_to_play_page_names_a_source_or_test_path(url, browser):
    page = new_page(browser, PHONE)
    for name in registry.names():
        page.goto(f"{url}/rules/{name}")
        page.wait_for_selector(".rules-body h2")
        text = page.inner_text(".rules-body")
        found = DEVELOPER_PATH.search(text)
        assert not found, (name, text[max(0, found.start() - 80):found.end() + 40])
        assert "How to play" in text and "Options" in text
        if not registry.spec(name).secret_rules:
            assert "The rules clause by clause" in text
            assert "pinned by" not in page.locator(".rules-body th").all_inner_texts()
        broken = page.evaluate("[...document.querySelectorAll('.rules-body img')].filter((i) => !i.naturalWidth).length")
        assert broken == 0, name
    fits(page, "how to play phone")
    page.screenshot(path=str(ARTIFACTS / "evening2-how-to-play-phone.png"))
    page.locator(".rules-body table").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "evening2-how-to-play-clauses-phone.png"))
