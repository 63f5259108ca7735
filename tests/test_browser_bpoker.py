"""bpoker in a real browser through its own module (games/bpoker/web/main.js):
two people, each in their own browser context with their invite link, and a
bot play a one-hand game to its end by clicking only what the page lights or
offers: a prompt's answers, a declaration button, a lit card of the viewing
hand, or Pass. Every seat's zones stay on the page throughout, and a laptop
and a phone-sized screenshot of the table mid-hand are kept in
test-artifacts/."""

from __future__ import annotations

import httpx2
from browser_helpers import ARTIFACTS, act, base_url, browser, needs_chromium, watch_errors

pytestmark = needs_chromium
__all__ = ["base_url", "browser"]  # fixtures, used by name

LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def new_table(base: str) -> dict:
    r = httpx2.post(base + "/api/tables", json={"game": "bpoker", "options": {"players": 3, "hands": 1}, "seed": 1,
                                                 "seats": [{"name": "Ann"}, {"name": "Bo"}, {"bot": "heuristic"}]})
    assert r.status_code == 201, r.text
    return r.json()


def move(page) -> str:
    """One decision by what the page offers: a prompt's first answer, the first
    declaration, the first lit card, else Pass (or the first button). Returns what kind it was."""
    for kind, where in (("choose", "#ask button.choice"), ("declare", "#declare button.declare-choice"),
                        ("play", ".hand .card.legal"), ("pass", 'button.action[data-action="pass"]'),
                        ("other", "button.action")):
        found = page.locator(where)
        if found.count():
            act(page, None, found.first, keyboard=False)
            return kind
    raise AssertionError("the page offers nothing although it is this seat's move")


def screenshots(page) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "bpoker-midgame-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / "bpoker-midgame-phone.png"), full_page=True)
    page.set_viewport_size(LAPTOP)
    assert (ARTIFACTS / "bpoker-midgame-laptop.png").stat().st_size > 10_000


def test_two_people_play_a_bpoker_hand_to_its_end_in_the_browser(base_url, browser):
    errors: list[str] = []
    t = new_table(base_url)
    pages = [browser.new_context(viewport=LAPTOP).new_page() for _ in range(2)]
    for page, invite in zip(pages, t["invites"], strict=False):
        watch_errors(page, errors)
        page.goto(base_url + invite["path"])
    for page in pages:  # the hand starts once both have taken their seats
        page.wait_for_selector("#table[data-status=playing]")
        assert page.locator(".board.bpoker").count() == 1
        assert page.locator(".bp-seat").count() == 3  # every seat's zones, not only one's own
    kinds: list[str] = []
    shot = False
    while True:
        done = [p for p in pages if p.locator("#table").get_attribute("data-status") == "over"]
        if done:
            break
        mover = next((p for p in pages if p.locator("#table").get_attribute("data-can-act") == "true"), None)
        if mover is None:  # the bot's move, or an update on its way
            pages[0].wait_for_timeout(100)
            continue
        assert mover.locator(".bp-seat .chips").first.inner_text().startswith("stash")
        if len(kinds) == 10 and not shot:
            screenshots(mover)
            shot = True
        kinds.append(move(mover))
        assert len(kinds) < 300, "the hand did not end"
    for page in pages:
        page.wait_for_selector("#table[data-status=over]")
        page.wait_for_selector("#result")
    assert shot and {"play", "choose"} <= set(kinds), kinds
    # how it ended, in whole sentences (it read "… 15 cards of pot.; The game ends: …"), and the
    # hand counter at the last hand played (it read "hand 2 of 1")
    ending = pages[0].locator("#result .ending").inner_text()
    assert ".;" not in ending and ending.endswith("."), ending
    assert "hand 1 of 1" in pages[0].locator(".board.bpoker .chips").first.inner_text()
    assert not errors, errors


# a seat's view in the middle of a hand, as view.py sends it: a wild face down
# (its origin shown and the value it stands as), a no-effect card turned
# sideways, a Joker, and this seat asked to react out of turn
VIEW = {"game": "bpoker", "seat": 0, "players": 3, "hand": 1, "hands": 1, "dealer": 2, "turn": 1, "direction": 1,
        "phase": "turn", "played": 1, "stash_sizes": [40, 38, 45], "sideways": [2, 0, 0], "viewing_sizes": [4, 3, 5],
        "ctbp_sizes": [0, 0, 0], "viewing": ["JK", "QC#2", "2S#3", "4D"], "ctbp": [], "seen_viewing": [],
        "tables": [[{"cards": ["7S"]}], [{"cards": ["3C#2"], "wild": True, "as": "A♠"}, {"cards": ["8H"], "ne": True}],
                   []],
        "declared": [[], ["3C#2", "8H"], []], "declared_hand": [None, "high card (short hand)", None],
        "correct": [5, 5, 5], "maximum": [7, 7, 7], "counted": [1, 1, 0], "pot_size": 6, "discard": ["6S"],
        "transit": ["KS"], "ask": None, "options": ["magic", "pass"], "reacting": True, "armed_j": False,
        "about": {"clause": "BP-R.2", "card": "K♠", "says": "K♠, forced by seat 1, is coming onto seat 0's table"},
        "control": None, "in_hand": [True, True, True], "out": [], "hands_won": [0, 0, 0], "f_pot_size": 0,
        "f_players": [], "f_folded": [], "f_hand_sizes": [0, 0, 0], "f_hand": [], "turns": 3, "over": False,
        "winners": [], "reason": ""}
LEGAL = [{"seat": 0, "action": "choose", "choice": "magic"}, {"seat": 0, "action": "choose", "choice": "pass"}]
SAID = [{"label": "Magic: discard your 10♦ (magic)", "note": "K♠ lands on your table with no effect", "cost": "",
         "button": False},
        {"label": "Let it be (pass)", "note": "", "cost": "", "button": False}]


def test_the_bpoker_board_shows_wilds_sideways_cards_and_a_reaction_prompt(base_url, browser):
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    page.goto(base_url + "/")
    acted = page.evaluate("""async ([view, legal, said]) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const acted = [];
        const ctx = {view, legal, said, seat: 0, names: ["Ann", "Bo", "Cy"], act: (a) => acted.push(a), ui: {},
                     redraw: () => {}, events: []};
        document.body.replaceChildren(mod.board(ctx));
        document.querySelector("#ask button.choice").click();
        return {acted, toAct: mod.toAct(view)};
    }""", [VIEW, LEGAL, SAID])
    assert acted["acted"] == [LEGAL[0]] and acted["toAct"] == [0]
    # the prompt names the card it is for and what is happening (issue 37), each answer what it does
    assert page.locator("#ask.urgent h3").inner_text() == "K♠, forced by Bo, is coming onto your table."
    answers = page.locator("#ask button.choice").all_inner_texts()
    assert answers[0].startswith("Magic: discard your 10♦") and "K♠ lands on your table with no effect" in answers[0]
    assert answers[1].startswith("Let it be") and "(pass)" not in answers[1]
    bo = page.locator('.bp-seat[data-seat="1"]')
    # the viewing hand against its correct number, the table against its maximum (the page
    # said "table 6/5 (max 7)": a table's count over the viewing hand's correct number)
    chips = page.locator('.bp-seat[data-seat="0"] .chips').inner_text()
    assert "viewing 4/5" in chips and "table 1/7" in chips and "max" not in chips, chips
    assert "wild, face down as A♠" in bo.locator(".slot.wild figcaption").inner_text()
    assert bo.locator('.slot.wild .card[data-card="3C#2"]').count() == 1  # its origin, shown
    assert bo.locator(".slot.ne .card.sideways").count() == 1 and "no effect" in bo.inner_text()
    assert "declared: high card (short hand) · 3♣ 8♥" in bo.inner_text()
    assert "sideways 2" in page.locator('.bp-seat[data-seat="0"]').inner_text()
    assert page.locator('.hand .card[data-card="JK"]').inner_text().strip() == "Joker"
    assert page.locator("#fpoker").count() == 0  # f_poker is drawn only while it is played
    fpoker = page.evaluate("""async (view) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const ctx = {view, legal: [], seat: 0, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {}, redraw: () => {}, events: []};
        return mod.board(ctx).querySelector("#fpoker").innerText;
    }""", {**VIEW, "reacting": False, "f_players": [0, 1], "f_folded": [1], "f_pot_size": 9, "f_hand_sizes": [5, 0, 0]})
    assert "f_pot 9" in fpoker and "Bo · folded" in fpoker and "Ann · 5 cards" in fpoker
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "bpoker-board-zones.png"), full_page=True)
    assert not errors, errors


def test_declaration_buttons_say_the_hand_and_f_poker_is_its_own_phase(base_url, browser):
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    page.goto(base_url + "/")
    unit = {"cards": ["6C", "6H", "6S"], "sideways": ["6H"], "protected": True}
    declaring = {**VIEW, "reacting": False, "options": [], "phase": "declare", "turn": 0,
                 "tables": [[{"cards": ["KS"]}, {"cards": ["KH"]}, {"cards": ["7S"]}, {"cards": ["7D"]},
                             {"cards": ["3S"], "wild": True}, unit], [], []],
                 "declarations": [{"cards": ["3S", "7D", "7S", "KH", "KS"], "hand": "full house, Ks over 7s"}]}
    legal = [{"seat": 0, "action": "declare", "cards": ["3S", "7D", "7S", "KH", "KS"]}]
    page.evaluate("""async ([view, legal]) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const ctx = {view, legal, seat: 0, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {}, redraw: () => {}, events: []};
        document.body.replaceChildren(mod.board(ctx));
    }""", [declaring, legal])
    button = page.locator("#declare button.declare-choice")
    assert button.count() == 1 and button.inner_text().startswith("Declare: Full house, Ks over 7s")
    mine = page.locator('.bp-seat[data-seat="0"]')
    assert mine.locator(".slot .card.sideways").count() == 1 and "shafting unit, 1 of 3 used" in mine.inner_text()
    page.screenshot(path=str(ARTIFACTS / "bpoker-declare-named.png"), full_page=True)
    fp = {**VIEW, "reacting": False, "phase": "fpoker", "f_players": [1, 0, 2], "f_folded": [2], "f_pot_size": 19,
          "f_hand_sizes": [5, 5, 0], "f_hand": ["AS", "AH", "KD", "7C", "2S"], "ask": {"seat": 1, "clause": "BP-FP.2",
          "prompt": "f_poker: stand, draw (cards to change) or fold"}, "options": []}
    page.evaluate("""async (view) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const ctx = {view, legal: [], seat: 0, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {}, redraw: () => {}, events: []};
        document.body.replaceChildren(mod.board(ctx));
    }""", fp)
    assert page.locator(".board.bpoker.in-fpoker #fpoker").count() == 1
    assert page.locator('.bp-fplayer[data-seat="0"] .card[data-card="AS"]').count() == 1  # my f-hand, face up
    assert page.locator('.bp-fplayer[data-seat="1"] .card.back').count() == 5  # his, face down
    assert "Bo · deciding" in page.inner_text("#fpoker") and "Cy · folded" in page.inner_text("#fpoker")
    assert not page.locator("details.bp-paused").get_attribute("open")  # the paused hand is folded away
    page.screenshot(path=str(ARTIFACTS / "bpoker-fpoker-phase.png"), full_page=True)
    assert not errors, errors


def test_declarations_are_offered_strongest_first(base_url, browser):
    """A table of seven offered twenty declarations in the server's order (pairs of 2s first, the
    three 2s in the middle): the strongest is now first and on the first key; every one remains."""
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    page.goto(base_url + "/")
    hands = [(["2D", "2H", "4C", "7C", "QS"], "pair of 2s"), (["2D", "4C", "7C", "JC", "QS"], "high card, Q"),
             (["2D", "2H", "3H", "4C", "QS"], "three 2s"), (["2H", "4C", "JC", "QD", "QS"], "pair of Qs"),
             (["3S", "7D", "7S", "KH"], "full house, Ks over 7s (short hand)"), (["2D", "2H", "3H", "4C", "7C"], "three 2s")]
    declaring = {**VIEW, "reacting": False, "options": [], "phase": "declare", "turn": 0,
                 "declarations": [{"cards": c, "hand": h} for c, h in hands]}
    legal = [{"seat": 0, "action": "declare", "cards": c} for c, _ in hands]
    page.evaluate("""async ([view, legal]) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const ctx = {view, legal, seat: 0, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {}, redraw: () => {}, events: []};
        document.body.replaceChildren(mod.board(ctx));
    }""", [declaring, legal])
    order = page.locator("#declare button.declare-choice").evaluate_all("bs => bs.map(b => b.dataset.hand)")
    assert order == ["three 2s", "three 2s", "pair of Qs", "pair of 2s", "high card, Q",
                     "full house, Ks over 7s (short hand)"], order
    first = page.locator("#declare button.declare-choice").first
    assert first.get_attribute("data-cards") == "2D 2H 3H 4C QS"  # of equals, the server's order
    assert first.locator("kbd").inner_text() == "a"
    assert not errors, errors


def test_a_prompt_and_its_answers_name_seats_by_name(base_url, browser):
    """Issue 25: the rules ask "discard which card of seat 2's table" and offer "seat:1"; people
    read names (Cy's table, Bo), never a seat counted from 0."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(base_url + "/")
    asking = {**VIEW, "reacting": False, "ask": {"seat": 0, "clause": "BP-KD", "prompt": "discard which card of seat 2's table"}}
    legal = [{"seat": 0, "action": "choose", "choice": "seat:1"}, {"seat": 0, "action": "choose", "choice": "seat:2"}]
    page.evaluate("""async ([view, legal]) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const ctx = {view, legal, seat: 0, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {}, redraw: () => {}, events: []};
        document.body.replaceChildren(mod.board(ctx));
    }""", [asking, legal])
    assert page.locator("#ask h3").inner_text() == "Discard which card of Cy's table"
    assert [b.split("\n")[0] for b in page.locator("#ask button.choice").all_inner_texts()] == ["Bo", "Cy"]
    page.evaluate("""async ([view, legal]) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const ctx = {view, legal: [], seat: 1, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {}, redraw: () => {}, events: []};
        document.body.replaceChildren(mod.board(ctx));
    }""", [asking, legal])
    assert "Ann is asked: discard which card of Cy's table" in page.locator(".waiting-for").inner_text()


def test_the_result_says_what_a_score_is_and_prompts_carry_no_clause_ids(base_url, browser):
    """Issue 39: the scores said nothing of what a score is, and a prompt read "rule BP-KD" under
    its question; issue 37: a card asked for on a 5 is said at its value in effect."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(base_url + "/")
    over = {**VIEW, "reacting": False, "over": True, "winners": [2], "stash_sizes": [40, 38, 45], "hands_won": [1, 0, 2],
            "reason": "3 hands played"}
    asking = {**VIEW, "reacting": False, "ask": {"seat": 0, "clause": "BP-5", "prompt": "play which card on the 5"},
              "on_five": {"QC#2": "as a J♣ in effect: the next card anybody plays has no effect; your fees +2"},
              "says": {"QC#2": "goes to the next player's table with another card of your table, which he plays"}}
    shown = page.evaluate("""async ([over, asking]) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const ctx = (view, legal) => ({view, legal, seat: 0, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {},
                                        redraw: () => {}, events: []});
        const scores = mod.resultDetail(ctx(over, [])).innerText;
        const board = mod.board(ctx(asking, [{seat: 0, action: "choose", choice: "QC#2"}]));
        document.body.replaceChildren(board);
        return {scores, ask: document.querySelector("#ask").innerText,
                tip: document.querySelector('#ask button.choice[data-choice="QC#2"]').title};
    }""", [over, asking])
    assert "A score is the cards in a player's stash when the game ends; the most cards win." in shown["scores"]
    assert shown["scores"].index("Cy: 45 cards in stash · 2 hands won") < shown["scores"].index("Ann: 40 cards")
    assert "BP-" not in shown["ask"] and "rule" not in shown["ask"]
    assert "as a J♣ in effect" in shown["tip"]
    forcing = {**VIEW, "reacting": False, "ask": {"seat": 0, "clause": "BP-6", "prompt": "force a card onto a table"}}
    labels = page.evaluate("""async (view) => {
        const mod = (await import("/static/games/bpoker/main.js")).default;
        const legal = ["4D>seat:0", "4D>seat:2"].map((choice) => ({seat: 0, action: "choose", choice}));
        const ctx = {view, legal, seat: 0, names: ["Ann", "Bo", "Cy"], act: () => {}, ui: {}, redraw: () => {}, events: []};
        document.body.replaceChildren(mod.board(ctx));
        return [...document.querySelectorAll("#ask button.choice")].map((b) => b.firstChild.textContent);
    }""", forcing)
    assert labels == ["4♦ onto your table", "4♦ onto Cy's table"]  # never "4D>Ann"


def test_the_lobby_offers_a_first_game_of_bpoker_in_words(base_url, browser):
    """Issue 39: 3 of 5 observed hands ended on a 9♦; the lobby offers a calmer first table, in
    words, and shows the options it sets (kept under "Advanced")."""
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_errors(page, errors)
    page.goto(base_url + "/")
    page.wait_for_selector("#first-game-bpoker")
    panel = page.locator("#first-game-bpoker").inner_text()
    assert "Your first game of bpoker?" in panel and "9♦" in panel and "Jokers" in panel
    page.click("#first-game-bpoker button")
    assert page.locator("[name=game]").input_value() == "bpoker"
    assert page.locator("[name=opt-nine_diamonds]").input_value() == "stands"
    assert page.locator("[name=opt-jokers]").input_value() == "0"
    assert page.locator("[name=opt-jokers]").is_visible()  # the Advanced options it set are open to see
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#first-game-bpoker").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "bpoker-first-game-lobby.png"), full_page=True)
    page.fill("[name=name-0]", "Ann")  # unnamed, her page would first ask who she is
    page.click("#create-button")
    page.wait_for_selector(".board.bpoker")
    assert not errors, errors
