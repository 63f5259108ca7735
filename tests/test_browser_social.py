"""Issue 25 in a real browser: the rematch as an offer (two people, two browser contexts), the table
chat (text is text, a mute that is remembered, none at Mao) and a finished game's replay stepped
through by buttons, slider and keys, shared by link with the table's privacy. Screenshots at
1366×768 and 390×844 are kept in test-artifacts/."""

from __future__ import annotations

from contextlib import ExitStack

import httpx2
from browser_helpers import ARTIFACTS, base_url, browser, needs_chromium, watch_errors
from server_helpers import QUICK, Seat, SyncSocket, play_to_end
from websockets.sync.client import connect

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
PEOPLE = [{"name": "Ann"}, {"name": "Bo"}, {"bot": "random"}]


def new_table(base: str, game: str = "shedding", seats=None, **options) -> dict:
    r = httpx2.post(base + "/api/tables", json={"game": game, "options": options or {"players": 3},
                                                "seats": seats or PEOPLE, "seed": 11})
    assert r.status_code == 201, r.text
    return r.json()


def finished_table(base: str) -> dict:
    """A table Ann and Bo (over WebSockets) and a bot played to its end."""
    t = new_table(base)
    with ExitStack() as stack:
        seats = {}
        for inv in t["invites"]:
            s = Seat(SyncSocket(stack.enter_context(connect(base.replace("http", "ws") + f"/ws/{t['table']}"))))
            s.send({"type": "hello", "token": inv["token"], "since": 0})
            s.until(lambda m: m["type"] == "update")
            seats[inv["seat"]] = s
        seats[0].until(lambda m: m["type"] == "update" and m["status"] != "waiting")
        play_to_end(seats)
    return t


def pages(browser, errors: list[str]):
    ann = browser.new_context(viewport=LAPTOP).new_page()
    bo = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    for page in (ann, bo):
        watch_errors(page, errors)
    return ann, bo


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "the page scrolls sideways"


def test_a_rematch_is_offered_declined_offered_again_and_accepted(base_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    t = finished_table(base_url)
    errors: list[str] = []
    ann, bo = pages(browser, errors)
    for page, inv in ((ann, t["invites"][0]), (bo, t["invites"][1])):
        page.goto(base_url + inv["path"])
        page.wait_for_selector("#result .rematch[data-offer=none]")
    old = ann.url

    ann.click("#rematch")  # Ann offers; Bo is asked, nobody moves
    bo.wait_for_selector("#rematch-accept")
    assert "Ann offers a rematch" in bo.locator(".rematch").inner_text()
    ann.wait_for_selector(".rematch[data-offer=open]")
    assert "waiting for Bo" in ann.locator(".rematch").inner_text()
    ann.screenshot(path=str(ARTIFACTS / "rematch-offer-laptop.png"))
    bo.screenshot(path=str(ARTIFACTS / "rematch-offer-phone.png"))
    no_sideways_scroll(bo)

    bo.click("#rematch-decline")  # a decline is shown, the offer ends, both stay
    ann.wait_for_selector(".rematch[data-offer=declined]")
    assert "Bo declined the rematch" in ann.locator(".rematch-declined").inner_text()
    ann.screenshot(path=str(ARTIFACTS / "rematch-declined-laptop.png"))
    assert ann.url == old and bo.url.split("#")[0] == old.split("#")[0]

    bo.click("#rematch")  # Bo offers after all; Ann accepts with the key r
    ann.wait_for_selector("#rematch-accept")
    ann.keyboard.press("r")
    for page in (ann, bo):
        page.wait_for_url(lambda url: url != old)
        page.wait_for_selector("#table[data-status=playing]")
    assert ann.url == bo.url
    assert not errors, errors


def test_table_chat_is_text_with_a_mute_remembered_and_spectators_reading(base_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    t = new_table(base_url)
    errors: list[str] = []
    ann, bo = pages(browser, errors)
    for page, inv in ((ann, t["invites"][0]), (bo, t["invites"][1])):
        page.goto(base_url + inv["path"])
    for page in (ann, bo):
        page.wait_for_selector("#table[data-status=playing] #table-chat")

    markup = '<img src=x onerror="window.__pwned = 1">'
    ann.fill("#table-chat input", markup)
    ann.press("#table-chat input", "Enter")
    line = bo.locator(".chat-lines li .said").last
    line.wait_for()
    assert line.inner_text() == markup  # shown as the characters typed
    assert bo.locator(".chat-lines img").count() == 0 and ann.locator(".chat-lines img").count() == 0
    assert bo.evaluate("window.__pwned") is None and ann.evaluate("window.__pwned") is None
    bo.fill("#table-chat input", "good luck all")
    bo.click("#table-chat button:has-text('Send')")
    ann.locator(".chat-lines li .said", has_text="good luck all").wait_for()
    ann.fill("#table-chat input", "half a thought")  # a line being typed survives the updates meanwhile
    ann.screenshot(path=str(ARTIFACTS / "chat-laptop.png"))
    bo.screenshot(path=str(ARTIFACTS / "chat-phone.png"), full_page=True)
    no_sideways_scroll(bo)
    assert ann.locator("#table-chat input").input_value() == "half a thought"

    # Bo mutes the chat: the lines go, a count of new ones shows; it stays muted after a reload
    bo.click(".chat-mute")
    assert bo.locator(".chat-lines").is_hidden()
    ann.fill("#table-chat input", "are you there?")
    ann.press("#table-chat input", "Enter")
    bo.locator(".chat-muted-note", has_text="1 new").wait_for()
    bo.reload()
    bo.wait_for_selector("#table-chat[data-muted=true]")
    bo.click(".chat-mute")
    bo.locator(".chat-lines li .said", has_text="are you there?").wait_for()  # the recent lines came back
    assert bo.locator(".chat-lines li").count() == 3

    # a spectator reads and cannot talk; the update their arrival brings keeps Ann's line and focus
    ann.click("#table-chat input")
    ann.keyboard.type("still typing")
    ann.evaluate("window.__draws = 0; new MutationObserver(() => { window.__draws++; })"
                 ".observe(document.querySelector('#table'), {childList: true})")
    watcher = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(watcher, errors)
    watcher.goto(base_url + t["spectate"])
    watcher.locator(".chat-lines li .said", has_text="good luck all").wait_for()
    ann.wait_for_function("window.__draws > 0")  # Ann's table was drawn again meanwhile
    assert ann.evaluate("document.activeElement.name") == "table-chat"
    assert ann.locator("#table-chat input").input_value() == "still typing"
    assert watcher.locator("#table-chat form").is_hidden() and "Spectators read" in watcher.locator("#table-chat").inner_text()
    assert not errors, errors


def test_mao_tables_have_no_chat(base_url, browser):
    t = new_table(base_url, game="mao", seats=[{"name": "Ann"}] + [{"bot": "dealer"}] * 3, players=4)
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(base_url + t["invites"][0]["path"])
    page.wait_for_selector("#table[data-status=playing]")
    assert page.locator("#table-chat").count() == 0


def test_a_finished_game_replays_move_by_move_and_is_shared_with_the_tables_privacy(base_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    t = finished_table(base_url)
    errors: list[str] = []
    ann, bo = pages(browser, errors)
    bo.goto(base_url + t["invites"][1]["path"])  # Bo, invited, has no spectator key to share
    bo.wait_for_selector("#result")
    bo.click("#watch-replay")
    bo.wait_for_selector("#replay[data-at]")
    assert bo.locator(".share input").count() == 0 and "ask the host" in bo.locator(".share").inner_text()
    ann.goto(base_url + t["spectate"])  # Ann hosts: her page has the spectator link
    ann.wait_for_selector("#table[data-status=over]")
    ann.goto(base_url + t["invites"][0]["path"])
    ann.wait_for_selector("#result")
    ann.click("#watch-replay")  # from the result dialog
    ann.wait_for_selector("#replay[data-at]")
    frames = int(ann.locator("#replay").get_attribute("data-frames"))
    assert frames > 10 and ann.locator("#replay").get_attribute("data-at") == str(frames - 1)
    assert "as Ann" in ann.locator("#crumb").inner_text()
    ann.keyboard.press("Home")
    ann.wait_for_selector("#replay[data-at='0']")
    assert "The deal" in ann.locator("#replay-counter").inner_text()
    dealt = httpx2.get(f"{base_url}/api/tables/{t['table']}/replay",
                       headers={"Authorization": f"Bearer {t['invites'][0]['token']}"}).json()["frames"][0]["view"]["hand"]
    assert ann.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == dealt  # Ann's own hand
    ann.keyboard.press("ArrowRight")
    ann.click("#replay-forward")
    ann.wait_for_selector("#replay[data-at='2']")
    assert ann.locator("#replay-counter").inner_text() == f"Move 2 of {frames - 1}"
    ann.click("#replay-back")
    ann.wait_for_selector("#replay[data-at='1']")
    box = ann.locator("#replay-slider").bounding_box()  # dragged by a hand: it follows all the way
    ann.mouse.move(box["x"] + 2, box["y"] + box["height"] / 2)
    ann.mouse.down()
    for step in range(1, 11):
        ann.mouse.move(box["x"] + box["width"] * step / 20, box["y"] + box["height"] / 2)
    ann.mouse.up()
    assert abs(int(ann.locator("#replay").get_attribute("data-at")) - frames // 2) <= 2
    ann.locator("#replay-slider").fill(str(frames // 2))
    ann.wait_for_selector(f"#replay[data-at='{frames // 2}']")
    assert ann.locator(".replay .log .current").count() >= 1
    ann.screenshot(path=str(ARTIFACTS / "replay-laptop.png"))
    ann.click("#replay-last")
    ann.wait_for_selector(f"#replay[data-at='{frames - 1}']")
    link = ann.locator(".share input").input_value()
    assert "#w." in link  # the spectator key: the replay is as private as the table

    # Bo on his phone opens the shared link: a spectator's replay, nobody's hand
    bo.goto(link)
    bo.wait_for_selector("#replay[data-at]")
    assert "as a spectator" in bo.locator("#crumb").inner_text()
    bo.keyboard.press("Home")
    bo.wait_for_selector("#replay[data-at='0']")
    assert bo.locator(".hand .card").count() == 0
    bo.locator("#replay-slider").fill(str(frames // 2))
    bo.screenshot(path=str(ARTIFACTS / "replay-phone.png"), full_page=True)
    no_sideways_scroll(bo)

    # without a secret of the table, a private table's replay does not open
    stranger = browser.new_context(viewport=LAPTOP).new_page()
    stranger.goto(f"{base_url}/replay/{t['table']}")
    stranger.wait_for_selector("text=Cannot show this replay")
    assert "private" in stranger.locator("#replay").inner_text()
    assert not errors, errors


def test_every_game_replays_in_the_browser(base_url, browser):
    """Each game's own module draws every frame of a replay (a listed table of bots, played out)."""
    from houserules.engine import registry

    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    for game in registry.names():
        g = registry.get(game)
        n = g.seats(g.new(g.options({}), 0))
        bot = "dealer" if game == "mao" else "random"
        t = httpx2.post(base_url + "/api/tables", json={"game": game, "seed": 5, "listed": True,
                                                        "options": QUICK.get(game, {}),  # Mao's quickest clocks
                                                        "seats": [{"bot": bot}] * n}).json()
        with connect(base_url.replace("http", "ws") + f"/ws/{t['table']}") as ws:  # bots play once someone looks
            s = Seat(SyncSocket(ws, timeout=120))
            s.send({"type": "hello", "since": 0})
            s.until(lambda m: m["type"] == "update" and m["status"] == "over")
        page.goto(f"{base_url}/replay/{t['table']}")
        page.wait_for_selector("#replay[data-at]")
        frames = int(page.locator("#replay").get_attribute("data-frames"))
        page.keyboard.press("Home")
        for i in range(1, min(frames, 6)):
            page.keyboard.press("ArrowRight")
            page.wait_for_selector(f"#replay[data-at='{i}']")
        page.locator("#replay-slider").fill(str(frames // 2))
        page.wait_for_selector(f"#replay[data-at='{frames // 2}'] .play .board")
        page.screenshot(path=str(ARTIFACTS / f"replay-{game}-laptop.png"))
        assert not errors, (game, errors)
