// The browser client: a lobby to create or join a table and the table
// screen. No page ever reloads: links are routed here with pushState, and
// the table screen is redrawn from each server update. Everything shown of
// a game comes from its view JSON, drawn by the game's module in games/
// (or by games/fallback.js until the game has one).

import { TableConnection } from "./net.js";
import fallback from "./games/fallback.js";
import { h, copyButton, cardWords, named, personName } from "./dom.js";
import { isPlainList, optionField, TABLE_CLOCKS } from "./lobby_options.js";
import { houseRules, ruleWords } from "./house.js";
import { Countdown, clockText } from "./clock.js";
import { announce, turnAlert, soundOn, setSound, lowTimeSoundOn, setLowTimeSound } from "./alerts.js";
import { Motion } from "./motion.js";
import { ChatPanel } from "./table_chat.js";
import { rematchBox } from "./rematch.js";
import { replayScreen } from "./replay.js";

const app = document.getElementById("app");
const crumb = document.getElementById("crumb");
const connBadge = document.getElementById("conn");
let screen = null; // the current screen; it has a stop() to run when we leave it
let gamesCache = null;

// --- routing -------------------------------------------------------------
function route() {
  if (screen) screen.stop();
  screen = null;
  connBadge.hidden = true;
  const m = /^\/t\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  const rules = /^\/rules\/([a-z0-9-]+)$/.exec(location.pathname);
  const replay = /^\/replay\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  if (replay) { // a finished game, move by move: opened with the table's own secrets (replay.js)
    const id = replay[1];
    const fragment = location.hash.slice(1);
    if (fragment.startsWith("w.")) localStorage.setItem(watchKey(id), fragment.slice(2));
    else if (fragment) localStorage.setItem(tokenKey(id), fragment);
    if (fragment) history.replaceState(null, "", location.pathname + location.search);
    const watch = localStorage.getItem(watchKey(id));
    // a spectator link opens the spectator's replay, as it opens the table to watch
    const asSpectator = fragment.startsWith("w.") || new URLSearchParams(location.search).has("watch");
    const secret = (!asSpectator && localStorage.getItem(tokenKey(id))) || watch || localStorage.getItem(hostKey(id));
    screen = replayScreen(id, { secret, watch }, { app, crumb, loadModule, cardWords });
  } else if (m) {
    const fragment = location.hash.slice(1);
    let watch = new URLSearchParams(location.search).has("watch");
    if (fragment.startsWith("w.")) { // a spectator link: its key lets this page watch a private table
      localStorage.setItem(watchKey(m[1]), fragment.slice(2));
      watch = true;
    } else if (fragment) {
      localStorage.setItem(tokenKey(m[1]), fragment);
    }
    if (fragment) history.replaceState(null, "", location.pathname + location.search); // keep the secret out of sight
    screen = new TableScreen(m[1], watch ? null : localStorage.getItem(tokenKey(m[1])), {
      watch: localStorage.getItem(watchKey(m[1])), host: localStorage.getItem(hostKey(m[1])),
    });
  } else if (rules) {
    screen = rulesPage(rules[1]);
  } else {
    screen = lobby();
  }
}

export function navigate(path) {
  history.pushState(null, "", path);
  route();
}

document.addEventListener("click", (e) => {
  const a = e.target.closest("a[data-nav]");
  if (a && !e.metaKey && !e.ctrlKey && !e.shiftKey) {
    e.preventDefault();
    navigate(a.getAttribute("href"));
  }
});
window.addEventListener("popstate", route);
document.getElementById("help-button").addEventListener("click", () => showHelp());
const soundButton = document.getElementById("sound-button");
const showSound = () => {
  soundButton.setAttribute("aria-pressed", String(soundOn()));
  soundButton.textContent = soundOn() ? "♪ on" : "♪ off";
};
soundButton.addEventListener("click", () => { setSound(!soundOn()); showSound(); });
showSound();

const tokenKey = (id) => `houserules:token:${id}`;
const invitesKey = (id) => `houserules:invites:${id}`;
const watchKey = (id) => `houserules:watch:${id}`;
const hostKey = (id) => `houserules:host:${id}`;
const NAME_KEY = "houserules:name"; // the name you sat down with last time
const HOUSE = "house"; // the option every game with a house-rule vocabulary takes its table's rules in

async function games() {
  if (!gamesCache) gamesCache = await (await fetch("/api/games")).json();
  return gamesCache;
}

// --- lobby ---------------------------------------------------------------
function lobby() {
  crumb.textContent = "";
  const form = h("form", { class: "panel", id: "create" });
  const join = h("form", { class: "panel", id: "join" },
    h("h2", {}, "Join a table"),
    h("p", { class: "muted" }, "Paste the invite link a friend sent you."),
    h("div", { class: "row" },
      h("input", { name: "link", placeholder: "http://…/t/…#…", required: true, "aria-label": "invite link" }),
      h("button", {}, "Join")));
  join.addEventListener("submit", (e) => {
    e.preventDefault();
    try {
      const url = new URL(join.elements.link.value.trim(), location.href);
      navigate(url.pathname + url.hash);
    } catch {
      notice("That is not a link.");
    }
  });
  const recent = h("section", { class: "panel", id: "recent" }, h("h2", {}, "Open tables"),
    h("p", { class: "muted" }, "Tables are private unless their host lists them here."));
  app.replaceChildren(h("div", { class: "lobby" }, form, join, recent));
  buildCreateForm(form);
  fetch("/api/tables?limit=10").then((r) => r.json()).then((rows) => {
    if (!rows.length) recent.append(h("p", { class: "muted" }, "None listed."));
    for (const t of rows) {
      recent.append(h("p", {}, h("a", { href: `/t/${t.id}?watch`, "data-nav": "" }, `${t.game} · ${t.id}`),
        h("span", { class: "muted" }, t.over ? " (finished)" : "")));
    }
  });
  games().then((list) => join.after(h("section", { class: "panel", id: "learn" }, h("h2", {}, "Learn a game"),
    h("ul", {}, ...list.map((g) => h("li", {}, h("a", { href: `/rules/${g.name}`, "data-nav": "" }, `How to play ${g.title}`)))))));
  return { stop() {} };
}

async function buildCreateForm(form) {
  const list = await games();
  const gameSelect = h("select", { name: "game", "aria-label": "game" },
    ...list.map((g) => h("option", { value: g.name }, g.title)));
  const optionsBox = h("div", { class: "options" });
  const houseBox = h("div", { class: "house-box" }); // a game with a house-rule vocabulary: its "House rules" (house.js)
  let house = null;
  const seatsBox = h("div", { class: "seats-form" });
  const advanced = h("details", { class: "advanced" }, h("summary", {}, "Advanced"), h("div", { class: "options" }),
    h("label", {}, "Deal seed ", h("input", { name: "seed", type: "number", min: 0, placeholder: "random" }),
      h("small", { class: "muted" }, " the same seed deals the same cards")));
  const clockSelect = h("select", { name: "clock", "aria-label": "clock" },
    ...TABLE_CLOCKS.map((c, i) => h("option", { value: String(i) }, c.label)));
  const timeoutSelect = h("select", { name: "on_timeout", "aria-label": "when time runs out" },
    h("option", { value: "bot" }, "a bot makes the move for them"),
    h("option", { value: "forfeit" }, "they lose the game (two-player games; a bot moves otherwise)"));
  form.replaceChildren(h("h2", {}, "New table"),
    h("label", {}, "Game ", gameSelect, " ", h("a", { id: "rules-link", "data-nav": "", href: "#" }, "How to play")),
    optionsBox,
    houseBox,
    h("fieldset", { class: "table-settings" }, h("legend", {}, "Table"),
      h("label", {}, "Clock ", clockSelect),
      h("label", {}, "When someone's time runs out ", timeoutSelect),
      h("label", {}, h("input", { type: "checkbox", name: "listed" }),
        " List this table in the lobby (anyone can watch; otherwise only people with a link)")),
    h("h3", {}, "Seats"), seatsBox,
    h("p", { class: "muted" }, "You sit at the first seat played by a person; the others get invite links."),
    h("ul", { class: "muted bot-words" }, ...Object.entries(list[0].levels || {}).map(([level, words]) =>
      h("li", {}, h("b", {}, `${level} bot`), `: ${words}`))),
    advanced,
    h("button", { id: "create-button" }, "Create table"));

  const game = () => list.find((g) => g.name === gameSelect.value);
  const seatCount = () => {
    const players = form.querySelector("[name=opt-players]");
    return players ? Number(players.value) || game().seats : game().seats;
  };
  // One row per seat, kept for the whole form: changing Players or the game adds or removes rows at
  // the end and changes the choices of who plays, but never replaces a row, so a name being typed
  // (or a click landing on a row as Players loses the focus) is never lost. Your own name is
  // remembered for your next table.
  const rows = [];
  let seatFields = []; // the options naming a seat ("First dealer"), offered as the seats there are
  const seatRow = (i) => {
    const kind = h("select", { name: `seat-${i}`, "aria-label": `who plays seat ${i + 1}` });
    const name = h("input", { name: `name-${i}`, placeholder: "name", maxlength: 40, "aria-label": `seat ${i + 1}: name`,
      value: i === 0 ? localStorage.getItem(NAME_KEY) || "" : "" });
    kind.addEventListener("change", () => { kind.dataset.chosen = "yes"; });
    // seats are numbered from 1 for people (the rules' seat numbers start at 0)
    return { kind, element: h("div", { class: "row" }, h("span", { class: "seat-no" }, `Seat ${i + 1}`), name, kind) };
  };
  const drawSeats = () => {
    const g = game();
    const n = seatCount();
    for (let i = rows.length; i < n; i++) rows.push(seatRow(i));
    rows.forEach((row, i) => offerBots(row.kind, g, i));
    while (seatsBox.children.length > n) seatsBox.lastElementChild.remove();
    for (let i = seatsBox.children.length; i < n; i++) seatsBox.append(rows[i].element);
    for (const f of seatFields) f.seats(n);
    house?.setPlayers(n);
  };
  const drawOptions = () => {
    const g = game();
    form.querySelector("#rules-link").setAttribute("href", `/rules/${g.name}`);
    // the house option is the "House rules" section, not a field (a game without a vocabulary keeps its field: Mao's)
    house = g.house ? houseRules(g, g.option_words.find((o) => o.key === HOUSE), seatCount()) : null;
    houseBox.replaceChildren(house ? house.element : "");
    const fields = Object.entries(g.options).filter(([key]) => !(house && key === HOUSE)).map(([key, value]) => optionField(g, key, value));
    seatFields = fields.filter((f) => f.seats);
    optionsBox.replaceChildren(...fields.filter((f) => !f.advanced).map((f) => f.element));
    advanced.querySelector(".options").replaceChildren(...fields.filter((f) => f.advanced).map((f) => f.element));
    const players = form.querySelector("[name=opt-players]");
    if (players) players.addEventListener("change", drawSeats);
    drawSeats();
  };
  gameSelect.addEventListener("change", drawOptions);
  drawOptions();
  // a game whose defaults are for people who know it offers a newcomer's first table (GameSpec.first_game)
  form.after(...list.filter((g) => g.first_game).map((g) => firstGame(g, form, gameSelect, drawOptions)));

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = game();
    const options = {};
    if (house) {
      const book = house.book();
      if (book.error) return notice(`House rules: ${book.error}.`, "error");
      if (book.value !== null) options[HOUSE] = book.value;
    }
    for (const [key, value] of Object.entries(g.options)) {
      if (house && key === HOUSE) continue;
      const input = form.elements[`opt-${key}`];
      if (input.dataset.default === "empty") { // empty: the game's own default; else sent as typed, even when it
        // equals the default for the players the form started with (that default follows the player count)
        if (input.value.trim() !== "") options[key] = input.type === "number" ? Number(input.value) : parseLoose(input.value.trim());
        continue;
      }
      if (isPlainList(value)) { // comma-separated words or numbers (or JSON, or a plain word such as "all")
        const raw = input.value.trim();
        if (raw !== value.join(",")) options[key] = raw === "" ? [] : parseLoose(raw);
        continue;
      }
      if (isStructured(value)) { // a list or an object, edited as JSON (or a plain word such as "all")
        const raw = input.value.trim();
        if (raw !== JSON.stringify(value)) options[key] = parseLoose(raw);
        continue;
      }
      const raw = input.type === "checkbox" ? input.checked : input.value.trim();
      const chosen = raw === "" && value === null ? null : typeof value === "number" ? Number(raw) : raw;
      if (chosen !== value) options[key] = chosen; // send only what was changed: defaults may depend on each other
    }
    const seats = [];
    for (let i = 0; i < seatCount(); i++) {
      seats.push({ name: form.elements[`name-${i}`].value.trim() || null, bot: form.elements[`seat-${i}`].value || null });
    }
    const mine = seats.find((s) => s.bot === null);
    if (mine && mine.name) localStorage.setItem(NAME_KEY, mine.name);
    const res = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({
        game: g.name, options, seats, seed: form.elements.seed.value === "" ? null : Number(form.elements.seed.value),
        clock: TABLE_CLOCKS[Number(form.elements.clock.value)].clock, on_timeout: form.elements.on_timeout.value,
        listed: form.elements.listed.checked,
      }),
    });
    const body = await res.json();
    if (!res.ok) return notice(typeof body.detail === "string" ? body.detail : "Those settings do not work.");
    localStorage.setItem(invitesKey(body.table), JSON.stringify({ invites: body.invites, spectate: body.spectate }));
    localStorage.setItem(hostKey(body.table), body.host);
    localStorage.setItem(watchKey(body.table), body.spectate.split("#w.")[1]);
    const first = body.invites[0];
    navigate(first ? first.path : body.spectate);
  });
}

/** The choices of who plays seat ``i`` of ``game``: a person, or a bot by strength (the lobby's words:
 * beginner, club, strong), or a trained bot the server offers; a choice made stays while it is offered. */
function offerBots(select, game, i) {
  const before = select.dataset.chosen ? select.value : null;
  const trained = game.bots.filter((b) => b.startsWith("policy:"));
  select.replaceChildren(h("option", { value: "" }, i === 0 ? "a person (you)" : "a person (invite)"),
    ...Object.entries(game.levels || {}).map(([level, words]) => h("option", { value: level, title: words }, `${level} bot`)),
    ...trained.map((b) => h("option", { value: b }, `trained bot: ${b.slice("policy:".length)}`)));
  select.value = before !== null && [...select.options].some((o) => o.value === before) ? before
    : i > 0 && game.default_bot ? game.default_bot : "";
}

/** A game for newcomers, in words (GameSpec.first_game: Mao's more time, bpoker's calmer 9♦): the New table form
 * set for a first game. */
function firstGame(game, form, gameSelect, drawOptions) {
  const set = () => {
    gameSelect.value = game.name;
    drawOptions();
    for (const [key, value] of Object.entries(game.first_game.options)) {
      const field = form.elements[`opt-${key}`];
      if (!field) continue;
      if (field.type === "checkbox") field.checked = Boolean(value);
      else field.value = String(value);
      const folded = field.closest("details");  // a preset option kept under "Advanced" is shown, not hidden
      if (folded) folded.open = true;
    }
    form.scrollIntoView({ behavior: "smooth", block: "start" });
    notice(`Set for a first game of ${game.title}: choose who sits where, then Create table.`);
  };
  return h("section", { class: "panel first-game", id: `first-game-${game.name}` },
    h("h2", {}, `Your first game of ${game.title}?`), h("p", {}, game.first_game.pitch),
    h("button", { type: "button", onclick: set }, "Set up a first game"));
}

const isStructured = (value) => value !== null && typeof value === "object";

/** An edited list or object option: JSON if it parses (``[1, 4]``), else the text itself (``all``, ``1,4``). */
function parseLoose(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// --- the table -----------------------------------------------------------
class TableScreen {
  constructor(tableId, token, keys = {}) {
    this.id = tableId;
    this.token = token;
    this.keys = keys;
    this.countdown = new Countdown();
    this.connected = false;
    this.prevCards = null; // the hand's cards at the last redraw (new ones are dealt in with an animation)
    this.motion = new Motion(); // cards that travel from seat to pile and back (motion.js)
    this.log = []; // the events this page holds…
    this.logStart = 0; // …starting at this index of the table's log
    this.last = null; // the latest update
    this.mod = fallback;
    // What a person is in the middle of choosing (cards picked, an amount):
    // the module keeps it in ctx.ui, which lasts while the same decision is offered.
    this.ui = {};
    this.uiFor = "";
    this.root = h("div", { id: "table", class: "table" });
    app.replaceChildren(this.root);
    crumb.textContent = `table ${tableId}`;
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    // Messages are handled one after another: the welcome loads the game's
    // module before the first update is drawn with it.
    this.queue = Promise.resolve();
    const handle = (m) => { this.queue = this.queue.then(() => this.message(m)).catch((e) => console.error(e)); };
    this.conn = new TableConnection(tableId, token, handle, (s, why) => this.connState(s, why), keys);
  }

  stop() {
    document.removeEventListener("keydown", this.onKey);
    document.title = "houserules";
    this.countdown.stop();
    this.conn.close();
    this.chat?.close();
  }

  connState(state, why) {
    connBadge.hidden = false;
    connBadge.dataset.state = state;
    connBadge.textContent = { connecting: "connecting…", open: "● connected", closed: "✕ not connected — reconnecting…", gone: "✕ " + (why || "closed") }[state];
    this.connected = state === "open";
    this.root.dataset.connected = String(this.connected);
    this.root.querySelector(".offline")?.toggleAttribute("hidden", this.connected);
    if (state === "closed") announce("Not connected. Reconnecting.", true);
    if (state === "gone") this.root.replaceChildren(h("div", { class: "panel" }, h("h2", {}, "Cannot open this table"), h("p", {}, why || ""),
      this.token ? h("p", {}, h("a", { href: `/t/${this.id}?watch`, "data-nav": "" }, "Watch it instead")) : "",
      h("a", { href: "/", "data-nav": "" }, "Back to the lobby")));
  }

  async message(msg) {
    if (msg.type === "welcome") {
      this.welcome = msg;
      this.naming = !!msg.name_wanted; // a seat the host left unnamed: its person says who they are first
      crumb.textContent = `${msg.title} · table ${msg.table}` + (msg.seat === null ? " · watching" : "");
      this.mod = await loadModule(msg.game);
      tableGame = { name: msg.game, title: msg.title };
      if (msg.chat && !this.chat) this.chat = new ChatPanel((m) => this.conn.send(m), msg.seat !== null);
      this.chat?.setCanTalk(msg.seat !== null); // after leaving, this page reads as a spectator
      if (typeof msg.stood_in_from === "number") { // a bot played for us: show what
        this.awayFrom = msg.stood_in_from;
        this.backAt = null; // the first update after the welcome says where the log stood when we came back
      }
    } else if (msg.type === "update") {
      if (msg.events_from < this.logStart || msg.events_from > this.logStart + this.log.length) {
        this.log = []; // we missed some: start again from what the server sent
        this.logStart = msg.events_from;
      } else {
        this.log.length = msg.events_from - this.logStart;
      }
      this.log.push(...msg.events);
      if (this.backAt === null) this.backAt = msg.next;
      this.conn.events = msg.next;
      this.last = msg;
      this.render();
    } else if (msg.type === "error") {
      notice(msg.message, "error");
      announce(msg.message, true);
    } else if (msg.type === "ack" && msg.penalties && msg.penalties.length) {
      notice("Penalty: " + msg.penalties.join(", "), "error");
      announce("Penalty: " + msg.penalties.join(", "), true);
    } else if (msg.type === "chat") {
      this.chat?.receive(msg, this.seat);
    } else if (msg.type === "rematch") {
      const token = this.token;
      if (token) localStorage.setItem(tokenKey(msg.table), token);
      // the rematch keeps the seats' tokens, the host's secret and the spectator key: carry them over
      for (const key of [hostKey, watchKey]) {
        const value = localStorage.getItem(key(this.id));
        if (value) localStorage.setItem(key(msg.table), value);
      }
      const saved = this.savedInvites();
      const moved = (path) => path && path.replace(`/t/${this.id}#`, `/t/${msg.table}#`);
      if (saved.invites.length) localStorage.setItem(invitesKey(msg.table), JSON.stringify({
        invites: saved.invites.map((inv) => ({ ...inv, path: moved(inv.path) })), spectate: moved(saved.spectate) }));
      navigate(`/t/${msg.table}`);
    }
  }

  get seat() {
    return this.welcome ? this.welcome.seat : null;
  }

  /** The seats' names; while this page's person is asked theirs, their own seat is "You" (not "player 2"). */
  names() {
    return this.last.seats.map((s) => (this.naming && s.seat === this.seat ? "You" : s.name));
  }

  act(action) {
    if (!this.conn.connected) return notice("Not connected: that move was not sent. Reconnecting…", "error");
    this.conn.act(action);
  }

  host(msg) {
    if (!this.conn.connected) return notice("Not connected: try again in a moment.", "error");
    this.conn.send({ type: "host", ...msg });
  }

  leave() {
    if (!confirm("Leave this table? A bot plays your seat from now on and your link stops working.")) return;
    localStorage.removeItem(tokenKey(this.id));
    this.token = this.conn.token = null; // from now on this page watches
    this.conn.send({ type: "leave" });
  }

  render() {
    this.motion.before(this.root); // where the cards are before the table is drawn again
    const u = this.last;
    const mod = this.mod;
    if (this.naming && this.seat !== null && u.seats[this.seat].joined) this.naming = false; // the name was taken
    const names = this.names();
    const decision = JSON.stringify(u.legal);
    if (decision !== this.uiFor) {
      this.ui = {};
      this.uiFor = decision;
    }
    const focused = document.activeElement?.dataset?.focus; // given back after the redraw
    // each legal action's words come from the server in the game's one wording (u.said, index for index)
    const said = u.said || [];
    const ctx = {
      view: u.view, legal: u.legal, said, seat: this.seat, names, act: (a) => this.act(a),
      ui: this.ui, redraw: () => this.render(), events: this.log,
    };
    const toAct = u.status === "playing" ? mod.toAct(u.view) : [];
    // free actions (u.free): this seat may act, but nobody waits for it, so it is not "your move"
    const myMove = u.status === "playing" && u.legal.length > 0 && !u.free;
    if (myMove && !this.wasMyMove) turnAlert();
    this.wasMyMove = myMove;
    document.title = (myMove ? "▶ Your move · " : "") + (this.welcome?.title || "houserules");
    this.root.dataset.status = u.status;
    this.root.dataset.canAct = String(myMove);
    this.root.dataset.free = String(u.status === "playing" && !!u.free && u.legal.length > 0);
    this.root.dataset.actions = String(u.actions);
    this.root.dataset.connected = String(this.connected);
    this.countdown.set(u.clock, u.status === "playing",
      Object.fromEntries(u.seats.filter((s) => typeof s.stand_in_in === "number").map((s) => [s.seat, s.stand_in_in])), this.seat);

    const last = this.lastMove(names);
    const main = u.status === "waiting" ? this.waiting() : mod.board(ctx);
    const buttons = u.legal.map((a, i) => [a, said[i]]).filter(([, w]) => w && (w.button || mod.everyButton));
    // On a phone the bar of buttons sticks to the bottom edge, except where that would mislead. A prompt
    // on the board asks the question: the buttons go right under it, with its own answers (Onion's
    // "Keep all five"), never stuck over it. While the board offers other moves (cards to play), the bar
    // sticks only if it holds a way on, a step that neither costs (Fold, Draw) nor plays cards as the
    // board's do (bpoker's set, "Play A♠ + A♥"): alone on the first screen, such a bar would read as
    // the only way on.
    const ask = main instanceof Element ? main.querySelector(".prompt") : null;
    const wayOn = buttons.some(([a, w]) => !w.cost && a.card === undefined && a.cards === undefined);
    const sticky = !ask && (wayOn || u.legal.length === buttons.length);
    const actions = h("div", { class: `actions ${sticky ? "sticky" : "in-flow"}`, role: "group", "aria-label": "your actions" }, ...buttons.map(([a, w]) => {
      const key = Object.keys(mod.keys).find((k) => mod.keys[k] === a.action);
      const cost = w.cost ? cardWords(w.cost, mod.cardText) : "";
      const note = w.note ? cardWords(w.note, mod.cardText) : "";  // what it will do
      return h("button", { class: ["action", w.cost ? "risky" : ""].join(" "), "data-action": a.action, onclick: () => this.act(a),
        title: cost || note || null }, cardWords(w.label, mod.cardText), note ? h("small", { class: "says" }, note) : "",
        cost ? h("small", { class: "cost" }, cost) : "", key ? h("kbd", {}, key) : "");
    }));
    const turn = h("p", { class: "turn", role: "status" }, u.status === "paused" ? "Paused by the host" : u.status !== "playing" ? "" :
      myMove ? "Your move" : (toAct.length ? `Waiting for ${toAct.map((s) => names[s]).join(", ")}` : "")
        + (u.free && buttons.length ? " · you may act now too (below)" : ""));
    const shown = this.log.slice(-150);
    const firstShown = this.logStart + this.log.length - shown.length;
    const log = h("ol", { class: "log", "aria-label": "event log" },
      shown.length < this.logStart + this.log.length ? h("li", { class: "muted" }, "… earlier events") : "",
      ...shown.map((e, i) => {
        // the sentence comes with the event, in the game's one wording; cards are [[NAME]] tokens
        if (firedBy(shown[i - 1], e)) return ""; // said on its house rule's line
        const away = this.byStandIn(e, firstShown + i); // the stand-in bot's doing
        const then = firedBy(e, shown[i + 1]) ? `: ${cardWords(shown[i + 1].text, mod.cardText)}` : "";
        return e.text ? h("li", { class: `ev ev-${e.event} tone-${e.tone || "plain"}${away ? " while-away" : ""}`, "data-seat": e.seat ?? null },
          cardWords(e.text, mod.cardText) + then) : "";
      }));
    const leave = this.seat !== null && u.status !== "over" ? h("button", {
      class: "ghost leave", onclick: () => this.leave(),
    }, "Leave the table (a bot takes your seat)") : "";
    const offline = h("div", { class: "offline", role: "alert", hidden: this.connected }, "Not connected — reconnecting… Moves cannot be sent until the connection is back.");
    const away = this.awayFrom !== undefined ? h("div", { class: "prompt away-note" }, h("h3", {}, "Welcome back"),
      h("p", {}, "A bot played your seat while you were away; its moves are marked in the log."),
      h("button", { type: "button", class: "ghost", onclick: () => { this.awayFrom = undefined; this.render(); } }, "Got it")) : "";
    if (ask) ask.after(actions);
    this.root.replaceChildren(h("div", { class: "play" }, offline, this.ring(toAct, last), turn, away, main, ask ? "" : actions, leave),
      h("aside", { class: "side" }, this.hostPanel(), this.lowTimeToggle(), this.housePanel(), h("h3", {}, "What happened"), log,
        this.chat ? this.chat.element : ""));
    log.scrollTop = log.scrollHeight;
    this.animate();
    this.motion.after(this.root, this.log, this.logStart, this.seat);
    if (u.status === "over") this.root.append(this.resultPanel(ctx));
    if (focused) {
      const again = this.root.querySelector(`[data-focus="${CSS.escape(focused)}"]`);
      // the card just played has left the hand: keep the focus in the hand, on its neighbour
      const near = again || [...this.root.querySelectorAll(".hand [data-focus]")].at(Math.max(0, Number(focused.split("-").pop()) - 1));
      (near || this.root.querySelector(".hand [data-focus], .actions button"))?.focus();
    }
    this.countdown.tick();
  }

  /** Whether event ``e`` (the table log's ``index``-th) is a move the stand-in bot made for this
   * person while they were away: theirs, between the bot sitting down and their coming back. */
  byStandIn(e, index) {
    return this.awayFrom !== undefined && e.seat === this.seat && e.event !== "turn"
      && index >= this.awayFrom && (this.backAt === null || index < this.backAt);
  }

  /** The seats around an oval table, the person's own at the bottom; the last move in the middle. */
  ring(toAct, last) {
    const u = this.last;
    const names = this.names();
    const n = u.seats.length;
    const me = this.seat ?? 0;
    const seats = u.seats.map((s) => {
      const angle = ((s.seat - me + n) % n) / n * 2 * Math.PI; // 0 = bottom, going clockwise
      const x = 50 - 40 * Math.sin(angle);
      const y = 50 + 40 * Math.cos(angle);
      const botNote = s.bot ? "bot" : ""; // its kind in the tooltip ("dealer bot" would read as the dealer)
      // a player away: everyone sees when the stand-in bot sits down (the server's seconds, counted down here)
      const due = typeof s.stand_in_in === "number" && !s.stand_in && !s.bot;
      const note = s.bot ? botNote : s.stand_in ? "away · a bot plays for now" : due
        ? ["away · a bot plays in ", h("span", { class: "stand-in-clock", "data-stand-in-seat": s.seat }, clockText(s.stand_in_in))]
        : s.joined ? (s.connected ? "" : "away") : s.seat === this.seat ? "" : s.connected ? "choosing a name…" : "not joined yet";
      // anyone playing (or the host) may hand an absent player's seat to a bot at once; only the host
      // a seat nobody has opened yet (play then begins without them)
      const seated = this.seat !== null && this.seat !== s.seat;
      const mayReplace = !s.bot && !s.connected && !s.stand_in
        && ((u.status === "playing" && (seated || this.welcome?.host)) || (u.status === "waiting" && !s.joined && this.welcome?.host));
      return h("li", {
        class: ["seat", toAct.includes(s.seat) ? "to-act" : "", s.seat === this.seat ? "me" : "", s.connected ? "" : "away",
          last && last.seat === s.seat ? "last-move" : ""].join(" "),
        "data-seat": s.seat, style: `--x:${x.toFixed(1)}%;--y:${y.toFixed(1)}%`,
        title: s.bot ? `${s.bot} bot` : null,
      }, h("span", { class: "name" }, personName(names[s.seat]), s.seat === this.seat && !this.naming ? " (you)" : ""),
        h("span", { class: "note" }, note),
        h("span", { class: "count" }, this.mod.seatNote(u.view, s.seat)),
        h("span", { class: "clock", "data-clock-seat": s.seat, hidden: true }),
        mayReplace ? h("button", { class: "ghost replace", onclick: () => this.host({ do: "replace", seat: s.seat }) },
          u.status === "playing" ? "Let a bot play now" : "Let a bot play") : "");
    });
    return h("div", { class: "table-ring", style: `--seats:${n}` }, h("div", { class: "felt" },
      h("p", { class: "last", "aria-live": "off" }, last ? last.text : "")),
    h("ol", { class: "seats", "aria-label": "seats" }, ...seats));
  }

  /** The latest event worth pointing at: who did it and in words. */
  lastMove(names) {
    for (let i = this.log.length - 1; i >= 0 && i >= this.log.length - 20; i--) {
      const e = this.log[i];
      if (typeof e.seat !== "number" || e.event === "turn" || !e.text) continue;
      return { seat: e.seat, text: cardWords(e.text, this.mod.cardText), index: this.logStart + i };
    }
    return null;
  }

  /** Light animations: a card that just reached the hand slides in; the pile's new top card lands. */
  animate() {
    const hand = [...this.root.querySelectorAll(".hand .card")];
    const now = hand.map((c) => c.dataset.card);
    if (this.prevCards) {
      const before = new Map();
      for (const c of this.prevCards) before.set(c, (before.get(c) || 0) + 1);
      for (const el of hand) {
        const k = el.dataset.card;
        if (before.get(k)) before.set(k, before.get(k) - 1);
        else el.classList.add("arrive");
      }
    }
    this.prevCards = now;
    const top = this.root.querySelector(".pile .card.face, #discard .card");
    const key = top ? `${top.dataset.card}@${this.last.actions}` : "";
    if (top && this.prevTop && this.prevTop.split("@")[0] !== top.dataset.card) top.classList.add("land");
    this.prevTop = key;
  }

  /** The host's tools, for the whole game: every invite link, the spectator link, pause and resume. */
  hostPanel() {
    if (!this.welcome?.host && !this.savedInvites().invites.length) return "";
    const u = this.last;
    const box = h("details", { class: "host-panel" }, h("summary", {}, this.welcome?.host ? "Host: invite links, pause" : "Invite links"));
    box.open = this.hostOpen ?? !!this.welcome?.host; // the host sees every link all game long, unless they fold it away
    box.addEventListener("toggle", () => { this.hostOpen = box.open; });
    const { invites, spectate } = this.savedInvites();
    for (const inv of invites) {
      const seat = u.seats[inv.seat];
      const url = location.origin + inv.path;
      box.append(h("div", { class: "row host-invite", "data-seat": inv.seat },
        h("span", { class: "seat-no" }, personName(seat.name), inv.seat === this.seat ? " (you)" : ""),
        h("input", { value: url, readonly: true, "aria-label": `invite link for ${seat.name}` }), copyButton(url)));
    }
    if (spectate) {
      const url = location.origin + spectate;
      box.append(h("div", { class: "row host-invite spectate" }, h("span", { class: "seat-no" }, "Spectators"),
        h("input", { value: url, readonly: true, "aria-label": "spectator link" }), copyButton(url)));
    }
    if (this.welcome?.host && (u.status === "playing" || u.status === "paused")) {
      box.append(h("div", { class: "row" }, u.status === "paused"
        ? h("button", { id: "resume", onclick: () => this.host({ do: "resume" }) }, "Resume the game")
        : h("button", { id: "pause", class: "ghost", onclick: () => this.host({ do: "pause" }) }, "Pause the game")));
    }
    return box;
  }

  /** The table's house rules, each in words (public: every seat and spectator reads them); open unless folded
   * away, and folded at first on a phone, where the side panel is short. */
  housePanel() {
    const rules = this.welcome?.house || [];
    if (!rules.length) return "";
    const box = h("details", { class: "house-panel", id: "house-panel" }, h("summary", {}, `House rules (${rules.length})`),
      h("ul", {}, ...rules.map((r) => h("li", { "data-rule": r.id }, ...ruleWords(r)))));
    box.open = this.houseOpen ?? !matchMedia("(max-width: 760px)").matches;
    box.addEventListener("toggle", () => { this.houseOpen = box.open; });
    return box;
  }

  /** At a table with a clock, a player may ask for a beep when their own time runs low (off unless asked). */
  lowTimeToggle() {
    if (!this.last.clock || this.seat === null) return "";
    const box = h("input", { type: "checkbox", id: "low-time-sound" });
    box.checked = lowTimeSoundOn();
    box.addEventListener("change", () => setLowTimeSound(box.checked));
    return h("label", { class: "low-time-toggle" }, box, " Beep when my time is low");
  }

  savedInvites() {
    const saved = JSON.parse(localStorage.getItem(invitesKey(this.id)) || "null");
    if (Array.isArray(saved)) return { invites: saved, spectate: null }; // saved by an older page
    return saved || { invites: [], spectate: null };
  }

  /** Before play: who is here and who is still missing, for everyone; the host (or whoever holds the
   * links) also gets each friend's link to send; a person whose seat has no name yet is asked theirs. */
  waiting() {
    const seats = this.last.seats;
    const names = this.names();
    const people = seats.filter((s) => !s.bot);
    const missing = people.filter((s) => !s.joined && s.seat !== this.seat);
    const { invites, spectate } = this.savedInvites();
    const links = invites.filter((inv) => inv.seat !== this.seat);
    const box = h("div", { class: "panel waiting" }, h("h2", {}, "Waiting for everyone to sit down"),
      this.naming ? this.nameForm() : "",
      h("p", { class: "still-missing", role: "status" }, missing.length
        ? [h("b", {}, `Still to come: ${andList(missing.map((s) => s.name))}.`), " The game starts when everyone has opened "
          + "their invite link" + (this.welcome?.host ? " (or you let a bot play a seat nobody opens)." : ".")]
        : h("b", {}, "Everyone is here.")),
      h("ul", { class: "who-is-here" }, ...people.map((s) => h("li", { "data-seat": s.seat },
        personName(names[s.seat]), s.seat === this.seat && !this.naming ? " (you)" : "",
        h("span", { class: "muted" }, s.joined || s.seat === this.seat ? " · here" : s.connected ? " · choosing a name…" : " · not here yet")))));
    if (links.length) box.append(h("p", { class: "muted" }, "Send each friend their link:"));
    for (const inv of links) {
      const seat = seats[inv.seat];
      const url = location.origin + inv.path;
      box.append(h("div", { class: "row invite", "data-seat": inv.seat },
        h("span", { class: "seat-no" }, personName(seat.name), seat.joined ? " ✓" : ""),
        h("input", { value: url, readonly: true, "aria-label": `invite link for ${seat.name}` }), copyButton(url),
        this.welcome?.host && !seat.joined
          ? h("button", { class: "ghost replace", onclick: () => this.host({ do: "replace", seat: inv.seat }) }, "Let a bot play")
          : ""));
    }
    if (spectate) box.append(h("p", { class: "muted spectate" }, "Spectators: ", h("code", {}, location.origin + spectate)));
    if (links.length) box.append(h("p", { class: "muted" }, "The links stay under “Invite links” beside the table for the whole game."));
    return box;
  }

  /** "Who are you?": a friend whose seat the host left unnamed says their name on joining, and this
   * browser remembers it for their next table. Built once, so a name being typed survives the redraws. */
  nameForm() {
    if (this.nameBox) return this.nameBox;
    const input = h("input", { name: "my-name", maxlength: 40, required: true, autocomplete: "nickname",
      placeholder: "your name", value: localStorage.getItem(NAME_KEY) || "", "aria-label": "your name" });
    const form = h("form", { class: "name-form", id: "name-form" },
      h("h3", {}, "Who are you?"), h("p", {}, "Your name, as the others at the table will see it."),
      h("div", { class: "row" }, input, h("button", {}, "Sit down")));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      if (this.conn.send({ type: "name", name }) === null) return notice("Not connected: try again in a moment.", "error");
      localStorage.setItem(NAME_KEY, name);
    });
    this.nameBox = form;
    return form;
  }

  resultPanel(ctx) {
    const u = this.last;
    const names = this.names();
    const r = u.result || { winners: [], reason: "" };
    const won = r.winners.includes(this.seat);
    const title = won ? "You win!" : r.winners.length ? `${r.winners.map((s) => names[s]).join(" and ")} ${r.winners.length > 1 ? "win" : "wins"}` : "No winner";
    const story = this.ending();
    const panel = h("div", { id: "result", class: "result" }, h("div", { class: "panel" },
      h("h2", {}, title),
      // how it ended, once: the game's own sentences when the log tells it, else the rules' reason
      // (which names seats by number, "seat 0 ran out of time": people read names)
      story ? h("p", { class: "ending" }, story) : h("p", { class: "ending" }, `The game ended: ${named(r.reason, names)}.`),
      this.mod.resultDetail ? this.mod.resultDetail(ctx) // the game's own summary tells the scores its way
        : r.scores ? h("p", {}, "Scores: " + r.scores.map((s, i) => `${names[i]} ${s}`).join(", ")) : "",
      rematchBox(u, this.seat, names, (m) => this.conn.send(m)),
      h("div", { class: "row" },
        h("a", { href: `/replay/${this.id}`, "data-nav": "", class: "button ghost", id: "watch-replay" }, "Watch the replay"),
        h("button", { class: "ghost", onclick: () => panel.remove() }, "See the table"),
        h("a", { href: "/", "data-nav": "", class: "button ghost" }, "Lobby"))));
    return panel;
  }

  /** How it ended, in the game's own words: the last milestones of the log, one sentence each
   * ("Bo empties their hand: auction! … Ann wins."): a line that ends a sentence keeps its stop. */
  ending() {
    const lines = [];
    for (let i = this.log.length - 1; i >= 0 && i >= this.log.length - 15 && lines.length < 3; i--) {
      const e = this.log[i];
      if (e.text && (e.tone === "good" || e.tone === "strong" || e.event === "forfeit")) lines.unshift(cardWords(e.text, this.mod.cardText));
    }
    return lines.map((l) => (/[.!?…]$/.test(l) ? l : `${l}.`)).join(" ");
  }

  key(e) {
    if (e.target.closest("input, select, textarea") || e.metaKey || e.ctrlKey || e.altKey) return;
    if (e.key === "?") return showHelp(this.mod);
    if (!this.last) return;
    if (e.key === "r" && this.last.status === "over" && this.seat !== null) return this.conn.send({ type: "rematch" });
    if (/^[1-9]$/.test(e.key)) {
      const cards = this.root.querySelectorAll(".legal[data-card]");
      const card = cards[Number(e.key) - 1];
      if (card) return card.click();
    }
    // a control the board drew with its own key (data-key), else a button for an action kind
    const own = [...this.root.querySelectorAll("[data-key]")].find((el) => el.dataset.key.split(" ").includes(e.key) && !el.disabled);
    if (own) {
      e.preventDefault();
      return own.click();
    }
    const kind = this.mod.keys[e.key];
    const button = kind && this.root.querySelector(`button.action[data-action="${kind}"]`);
    if (button) button.click();
  }
}

/** The game's rendering module, completed by the fallback's functions for anything it leaves out. */
async function loadModule(game) {
  const info = (await games()).find((g) => g.name === game);
  if (!info || !info.client_module) return fallback;
  try {
    const mod = (await import(`./games/${game}/main.js`)).default;
    return { ...fallback, everyButton: false, ...mod, keys: { ...fallback.keys, ...(mod.keys || {}) } };
  } catch (err) {
    console.error(err);
    return fallback;
  }
}

/** Whether ``next`` is what the house rule firing in ``e`` did, said on its line ("Sevens give (house rule): Bo
 * draws 1"): the event right after a firing, unless it starts something else (a turn, another firing, the end). */
function firedBy(e, next) {
  return !!(e && next && e.event === "house" && e.text && next.text && !["turn", "house", "over"].includes(next.event));
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
function andList(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

// --- How to play -----------------------------------------------------------
function rulesPage(game) {
  crumb.textContent = "How to play";
  const box = h("article", { class: "panel rules-page" }, h("p", { class: "muted" }, "Loading…"));
  app.replaceChildren(box);
  fetch(`/api/rules/${encodeURIComponent(game)}`).then(async (r) => {
    const body = await r.json();
    if (!r.ok) return box.replaceChildren(h("h2", {}, "No such game"), h("p", {}, body.detail || ""), h("a", { href: "/", "data-nav": "" }, "Back to the lobby"));
    crumb.textContent = `How to play ${body.title}`;
    const page = h("div", { class: "rules-body" });
    page.innerHTML = body.html; // rendered on the server from docs/rules, our own text (raw HTML is escaped there)
    box.replaceChildren(h("p", {}, h("a", { href: "/", "data-nav": "" }, "← Lobby")), page);
  });
  return { stop() {} };
}

/** The game of the table on screen (its How to play is one click away in the help), if any. */
let tableGame = null;

function showHelp(mod = fallback) {
  const keys = [["1–9", "play the 1st…9th card you may click (Mao: of your hand), left to right"], ...(mod.help || []), ["r", "offer or accept a rematch (when the game is over)"], ["?", "this help"]];
  document.getElementById("help-keys").replaceChildren(...keys.map(([k, d]) => h("li", {}, h("kbd", {}, k), " ", d)));
  const game = /^\/t\//.test(location.pathname) ? tableGame : null;
  document.getElementById("help-rules").replaceChildren(game ? h("a", { href: `/rules/${game.name}`, target: "_blank",
    rel: "noopener", id: "help-rules-link" }, `How to play ${game.title}`, " (opens beside this table)") : "");
  document.getElementById("help").showModal();
}

let noticeTimer;
function notice(text, kind = "info") {
  let box = document.getElementById("notice");
  if (!box) {
    box = h("div", { id: "notice", role: "status" });
    document.body.append(box);
  }
  box.className = kind;
  box.textContent = text;
  box.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { box.hidden = true; }, 4000);
}

route();
