// The browser client: a lobby to create or join a table and the table
// screen. No page ever reloads: links are routed here with pushState, and
// the table screen is redrawn from each server update. Everything shown of
// a game comes from its view JSON, drawn by the game's module in games/
// (or by games/fallback.js until the game has one).

import { TableConnection } from "./net.js";
import fallback from "./games/fallback.js";
import { h, copyButton } from "./dom.js";

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
  if (m) {
    const fragment = location.hash.slice(1);
    if (fragment) {
      localStorage.setItem(tokenKey(m[1]), fragment);
      history.replaceState(null, "", location.pathname + location.search); // keep the secret out of sight
    }
    const watch = new URLSearchParams(location.search).has("watch");
    screen = new TableScreen(m[1], watch ? null : localStorage.getItem(tokenKey(m[1])));
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

const tokenKey = (id) => `houserules:token:${id}`;
const invitesKey = (id) => `houserules:invites:${id}`;

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
  const recent = h("section", { class: "panel", id: "recent" }, h("h2", {}, "Recent tables"));
  app.replaceChildren(h("div", { class: "lobby" }, form, join, recent));
  buildCreateForm(form);
  fetch("/api/tables?limit=10").then((r) => r.json()).then((rows) => {
    if (!rows.length) recent.append(h("p", { class: "muted" }, "None yet."));
    for (const t of rows) {
      recent.append(h("p", {}, h("a", { href: `/t/${t.id}`, "data-nav": "" }, `${t.game} · ${t.id}`),
        h("span", { class: "muted" }, t.over ? " (finished)" : "")));
    }
  });
  return { stop() {} };
}

async function buildCreateForm(form) {
  const list = await games();
  const gameSelect = h("select", { name: "game", "aria-label": "game" },
    ...list.map((g) => h("option", { value: g.name }, g.title)));
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats-form" });
  form.replaceChildren(h("h2", {}, "New table"),
    h("label", {}, "Game ", gameSelect), optionsBox,
    h("label", {}, "deal seed ", h("input", { name: "seed", type: "number", min: 0, placeholder: "random" })),
    h("h3", {}, "Seats"), seatsBox,
    h("p", { class: "muted" }, "You sit at the first seat played by a person; the others get invite links."),
    h("button", { id: "create-button" }, "Create table"));

  const game = () => list.find((g) => g.name === gameSelect.value);
  const seatCount = () => {
    const players = form.querySelector("[name=opt-players]");
    return players ? Number(players.value) || game().seats : game().seats;
  };
  const drawSeats = () => {
    const g = game();
    const n = seatCount();
    const rows = [];
    for (let i = 0; i < n; i++) {
      // a seat already on the form keeps what was typed and chosen for it
      const before = { name: form.elements[`name-${i}`], kind: form.elements[`seat-${i}`] };
      const kind = h("select", { name: `seat-${i}`, "aria-label": `seat ${i}` },
        h("option", { value: "" }, i === 0 ? "a person (you)" : "a person (invite)"),
        ...g.bots.map((b) => h("option", { value: b }, `${b} bot`)));
      if (i > 0 && g.bots.includes("heuristic")) kind.value = "heuristic";
      if (before.kind && [...kind.options].some((o) => o.value === before.kind.value)) kind.value = before.kind.value;
      rows.push(h("div", { class: "row" }, h("span", { class: "seat-no" }, `Seat ${i}`),
        h("input", { name: `name-${i}`, placeholder: "name", maxlength: 40, "aria-label": `seat ${i} name`,
          value: before.name ? before.name.value : "" }), kind));
    }
    seatsBox.replaceChildren(...rows);
  };
  const drawOptions = () => {
    const g = game();
    optionsBox.replaceChildren(...Object.entries(g.options).map(([key, value]) => optionInput(key, value)));
    const players = form.querySelector("[name=opt-players]");
    if (players) players.addEventListener("change", drawSeats);
    drawSeats();
  };
  gameSelect.addEventListener("change", drawOptions);
  drawOptions();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = game();
    const options = {};
    for (const [key, value] of Object.entries(g.options)) {
      const input = form.elements[`opt-${key}`];
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
    const res = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: g.name, options, seats, seed: form.elements.seed.value === "" ? null : Number(form.elements.seed.value) }),
    });
    const body = await res.json();
    if (!res.ok) return notice(typeof body.detail === "string" ? body.detail : "Those settings do not work.");
    localStorage.setItem(invitesKey(body.table), JSON.stringify(body.invites));
    const mine = body.invites[0];
    navigate(mine ? mine.path : body.spectate);
  });
}

function optionInput(key, value) {
  const name = `opt-${key}`;
  let input;
  if (key === "mode") {
    input = h("select", { name }, h("option", { value: "strict" }, "strict (illegal moves refused)"),
      h("option", { value: "table" }, "table (illegal moves penalised)"));
    input.value = value;
  } else if (isStructured(value)) {
    input = h("input", { name, type: "text", class: "json", value: JSON.stringify(value), title: "JSON, or a plain word" });
  } else if (typeof value === "boolean") {
    input = h("input", { type: "checkbox", name });
    input.checked = value;
  } else {
    input = h("input", { name, type: typeof value === "number" ? "number" : "text", value: value ?? "", placeholder: value === null ? "default" : "" });
  }
  return h("label", {}, key.replace(/_/g, " ") + " ", input);
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
  constructor(tableId, token) {
    this.id = tableId;
    this.token = token;
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
    this.conn = new TableConnection(tableId, token, handle, (s, why) => this.connState(s, why));
  }

  stop() {
    document.removeEventListener("keydown", this.onKey);
    document.title = "houserules";
    this.conn.close();
  }

  connState(state, why) {
    connBadge.hidden = false;
    connBadge.dataset.state = state;
    connBadge.textContent = { connecting: "connecting…", open: "● connected", closed: "reconnecting…", gone: "✕ " + (why || "closed") }[state];
    if (state === "gone") this.root.replaceChildren(h("div", { class: "panel" }, h("h2", {}, "Cannot open this table"), h("p", {}, why || ""),
      this.token ? h("p", {}, h("a", { href: `/t/${this.id}?watch`, "data-nav": "" }, "Watch it instead")) : "",
      h("a", { href: "/", "data-nav": "" }, "Back to the lobby")));
  }

  async message(msg) {
    if (msg.type === "welcome") {
      this.welcome = msg;
      crumb.textContent = `${msg.title} · table ${msg.table}` + (msg.seat === null ? " · watching" : "");
      this.mod = await loadModule(msg.game);
    } else if (msg.type === "update") {
      if (msg.events_from < this.logStart || msg.events_from > this.logStart + this.log.length) {
        this.log = []; // we missed some: start again from what the server sent
        this.logStart = msg.events_from;
      } else {
        this.log.length = msg.events_from - this.logStart;
      }
      this.log.push(...msg.events);
      this.conn.events = msg.next;
      this.last = msg;
      this.render();
    } else if (msg.type === "error") {
      notice(msg.message, "error");
    } else if (msg.type === "ack" && msg.penalties && msg.penalties.length) {
      notice("Penalty: " + msg.penalties.join(", "), "error");
    } else if (msg.type === "rematch") {
      const token = this.token;
      if (token) localStorage.setItem(tokenKey(msg.table), token);
      navigate(`/t/${msg.table}`);
    }
  }

  get seat() {
    return this.welcome ? this.welcome.seat : null;
  }

  names() {
    return this.last.seats.map((s) => s.name);
  }

  act(action) {
    this.conn.act(action);
  }

  leave() {
    if (!confirm("Leave this table? A bot plays your seat from now on and your link stops working.")) return;
    localStorage.removeItem(tokenKey(this.id));
    this.token = this.conn.token = null; // from now on this page watches
    this.conn.send({ type: "leave" });
  }

  render() {
    const u = this.last;
    const mod = this.mod;
    const names = this.names();
    const decision = JSON.stringify(u.legal);
    if (decision !== this.uiFor) {
      this.ui = {};
      this.uiFor = decision;
    }
    const focused = document.activeElement?.dataset?.focus; // given back after the redraw
    const ctx = {
      view: u.view, legal: u.legal, seat: this.seat, names, act: (a) => this.act(a),
      ui: this.ui, redraw: () => this.render(), events: this.log,
    };
    const toAct = u.status === "playing" ? mod.toAct(u.view) : [];
    document.title = (u.status === "playing" && u.legal.length ? "▶ Your move · " : "") + (this.welcome?.title || "houserules");
    this.root.dataset.status = u.status;
    this.root.dataset.canAct = String(u.legal.length > 0);
    this.root.dataset.actions = String(u.actions);

    const seats = h("ol", { class: "seats" }, ...u.seats.map((s) => h("li", {
      class: ["seat", toAct.includes(s.seat) ? "to-act" : "", s.seat === this.seat ? "me" : "", s.connected ? "" : "away"].join(" "),
      "data-seat": s.seat,
    }, h("span", { class: "name" }, s.seat === this.seat ? `${names[s.seat]} (you)` : names[s.seat]),
      h("span", { class: "note" }, s.bot ? `${s.bot} bot` : s.joined ? (s.connected ? "" : "away") : "not joined yet"),
      h("span", { class: "count" }, mod.seatNote(u.view, s.seat)))));

    const main = u.status === "waiting" ? this.waiting() : mod.board(ctx);
    const buttons = u.legal.filter((a) => mod.isButton(a));
    const actions = h("div", { class: "actions" }, ...buttons.map((a) => {
      const key = Object.keys(mod.keys).find((k) => mod.keys[k] === a.action);
      return h("button", { class: "action", "data-action": a.action, onclick: () => this.act(a) },
        mod.actionLabel(a, u.view), key ? h("kbd", {}, key) : "");
    }));
    const turn = h("p", { class: "turn" }, u.status !== "playing" ? "" :
      u.legal.length ? "Your move" : toAct.length ? `Waiting for ${toAct.map((s) => names[s]).join(", ")}` : "");
    const shown = this.log.slice(-150);
    const log = h("ol", { class: "log", "aria-label": "event log" },
      shown.length < this.logStart + this.log.length ? h("li", { class: "muted" }, "… earlier events") : "",
      ...shown.map((e) => {
        // the sentence comes with the event, in the game's one wording; cards are [[NAME]] tokens
        return e.text ? h("li", { class: `ev ev-${e.event} tone-${e.tone || "plain"}` }, cardWords(e.text, mod.cardText)) : "";
      }));
    const leave = this.seat !== null && u.status !== "over" ? h("button", {
      class: "ghost leave", onclick: () => this.leave(),
    }, "Leave the table (a bot takes your seat)") : "";
    this.root.replaceChildren(h("div", { class: "play" }, seats, turn, main, actions, leave),
      h("aside", { class: "side" }, h("h3", {}, "What happened"), log));
    log.scrollTop = log.scrollHeight;
    if (u.status === "over") this.root.append(this.resultPanel(ctx));
    if (focused) this.root.querySelector(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  }

  waiting() {
    const box = h("div", { class: "panel waiting" }, h("h2", {}, "Waiting for everyone to sit down"),
      h("p", { class: "muted" }, "The game starts when every person's seat has joined. Send each friend their link:"));
    const invites = JSON.parse(localStorage.getItem(invitesKey(this.id)) || "[]");
    for (const inv of invites) {
      if (inv.seat === this.seat) continue;
      const seat = this.last.seats[inv.seat];
      const url = location.origin + inv.path;
      box.append(h("div", { class: "row invite", "data-seat": inv.seat },
        h("span", { class: "seat-no" }, `${seat.name}${seat.joined ? " ✓" : ""}`),
        h("input", { value: url, readonly: true, "aria-label": `invite link for seat ${inv.seat}` }), copyButton(url)));
    }
    box.append(h("p", { class: "muted" }, "Spectators: ", h("code", {}, `${location.origin}/t/${this.id}?watch`)));
    return box;
  }

  resultPanel(ctx) {
    const u = this.last;
    const names = this.names();
    const r = u.result || { winners: [], reason: "" };
    const won = r.winners.includes(this.seat);
    const title = won ? "You win!" : r.winners.length ? `${r.winners.map((s) => names[s]).join(" and ")} ${r.winners.length > 1 ? "win" : "wins"}` : "No winner";
    const panel = h("div", { id: "result", class: "result" }, h("div", { class: "panel" },
      h("h2", {}, title), h("p", {}, `The game ended: ${r.reason}.`),
      this.mod.resultDetail ? this.mod.resultDetail(ctx) // the game's own summary tells the scores its way
        : r.scores ? h("p", {}, "Scores: " + r.scores.map((s, i) => `${names[i]} ${s}`).join(", ")) : "",
      h("div", { class: "row" },
        this.seat !== null ? h("button", { id: "rematch", onclick: () => this.conn.send({ type: "rematch" }) }, "Rematch", h("kbd", {}, "r")) : "",
        h("button", { class: "ghost", onclick: () => panel.remove() }, "See the table"),
        h("a", { href: "/", "data-nav": "", class: "button ghost" }, "Lobby"))));
    return panel;
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
    return { ...fallback, ...mod, keys: { ...fallback.keys, ...(mod.keys || {}) } };
  } catch (err) {
    console.error(err);
    return fallback;
  }
}

/** A sentence of the game's words with each [[CARD]] token written as the game writes cards. */
function cardWords(text, cardText) {
  return text.replace(/\[\[([^\[\]]+)\]\]/g, (_, name) => cardText(name));
}

function showHelp(mod = fallback) {
  const keys = [["1–9", "play the 1st…9th highlighted card"], ...(mod.help || []), ["r", "rematch (when the game is over)"], ["?", "this help"]];
  document.getElementById("help-keys").replaceChildren(...keys.map(([k, d]) => h("li", {}, h("kbd", {}, k), " ", d)));
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
