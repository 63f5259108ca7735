// A finished game stepped through move by move (issue 25), from the frames
// GET /api/tables/{id}/replay builds out of the table's stored record: each
// frame is the game's view and the new events as this viewer could see them
// at the table (a seat's own view with its token, else a spectator's).
// The game's own module draws each frame, as at the table, with nothing to
// play. Controls: first, back, forward, last, a slider and the move counter;
// the arrow keys, Home and End do the same.
//
// The link is shared like the table's: /replay/ID#w.KEY (the spectator key)
// or /replay/ID#TOKEN; the secret goes to the server in a header, never in
// an address.

import { h, copyButton } from "./dom.js";
import { ruleWords } from "./house.js";

/**
 * @param {string} id  the table
 * @param {{secret: string|null, watch: string|null}} keys  the secret to open it with; the spectator key (to share)
 * @param {{app: Element, crumb: Element, loadModule: Function, cardWords: Function}} page  what the client shares
 */
export function replayScreen(id, keys, page) {
  const { app, crumb } = page;
  crumb.textContent = `replay of table ${id}`;
  const root = h("div", { id: "replay", class: "replay" }, h("p", { class: "muted" }, "Loading the replay…"));
  app.replaceChildren(root);
  let stopped = false;
  let onKey = null;
  const headers = keys.secret ? { Authorization: `Bearer ${keys.secret}` } : {};
  fetch(`/api/tables/${encodeURIComponent(id)}/replay`, { headers }).then(async (r) => {
    const body = await r.json();
    if (stopped) return;
    if (!r.ok) {
      root.replaceChildren(h("div", { class: "panel" }, h("h2", {}, "Cannot show this replay"),
        h("p", {}, typeof body.detail === "string" ? body.detail : "The server refused."),
        h("p", {}, h("a", { href: `/t/${id}`, "data-nav": "" }, "Open the table"), " · ",
          h("a", { href: "/", "data-nav": "" }, "Lobby"))));
      return;
    }
    const mod = await page.loadModule(body.game);
    if (stopped) return;
    const viewer = new Viewer(root, body, mod, keys, page);
    onKey = (e) => viewer.key(e);
    document.addEventListener("keydown", onKey);
  });
  return {
    stop() {
      stopped = true;
      if (onKey) document.removeEventListener("keydown", onKey);
    },
  };
}

class Viewer {
  constructor(root, replay, mod, keys, page) {
    this.root = root;
    this.replay = replay;
    this.mod = mod;
    this.keys = keys;
    this.page = page;
    this.frames = replay.frames;
    // every event of the game with the frame it belongs to: the log up to a frame is a prefix
    this.events = this.frames.flatMap((f, i) => f.events.map((e) => ({ ...e, frame: i })));
    page.crumb.textContent = `Replay · ${replay.title} · table ${replay.table}`
      + (replay.seat === null ? " · as a spectator" : ` · as ${replay.seats[replay.seat]}`);
    this.at = this.frames.length - 1; // the end first: how it finished; Home goes back to the deal
    this.ui = {};
    this.draw();
  }

  go(i) {
    this.at = Math.max(0, Math.min(this.frames.length - 1, i));
    this.draw();
  }

  key(e) {
    if (e.target.closest("input:not([type=range]), select, textarea") || e.metaKey || e.ctrlKey || e.altKey) return;
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.frames.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }

  /** The link to share: the spectator key opens a private table's replay; a seat's token is never shared. */
  shareLink() {
    const { watch } = this.keys;
    if (!watch && !this.replay.listed) return null;
    return `${location.origin}/replay/${this.replay.table}${watch ? `#w.${watch}` : ""}`;
  }

  /** The parts that stay while stepping (the slider is not rebuilt under a dragging finger). */
  build() {
    const { replay } = this;
    const last = this.frames.length - 1;
    const names = replay.seats;
    const button = (label, title, to, id) => h("button", { type: "button", class: "ghost", id, title,
      "aria-label": title, onclick: () => this.go(to()) }, label);
    this.slider = h("input", { type: "range", min: 0, max: last, value: this.at, id: "replay-slider", "aria-label": "move" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.counter = h("output", { id: "replay-counter", "aria-live": "polite" });
    this.buttons = {
      first: button("«", "first: the deal (Home)", () => 0, "replay-first"),
      back: button("◀", "back one move (←)", () => this.at - 1, "replay-back"),
      forward: button("▶", "forward one move (→)", () => this.at + 1, "replay-forward"),
      last: button("»", "last: the end (End)", () => last, "replay-last"),
    };
    const r = replay.result;
    const share = this.shareLink();
    this.table = h("div", { class: "table replay-table" });
    this.root.replaceChildren(
      h("div", { class: "replay-top panel" },
        h("h2", {}, `Replay: ${replay.title}`, r ? h("small", { class: "muted" },
          ` · ${r.winners.length ? `${r.winners.map((s) => names[s]).join(" and ")} won` : "no winner"}: ${r.reason}`) : ""),
        h("div", { class: "replay-controls", role: "group", "aria-label": "replay controls" },
          this.buttons.first, this.buttons.back, this.counter, this.buttons.forward, this.buttons.last, this.slider),
        h("div", { class: "row share" }, share ? [h("span", { class: "muted" }, "Share "),
          h("input", { value: share, readonly: true, "aria-label": "replay link" }), copyButton(share)]
          : h("span", { class: "muted" }, "To share this replay, ask the host for the table's spectator link: "
            + "it opens the replay too."),
          h("a", { href: `/t/${replay.table}`, "data-nav": "", class: "button ghost" }, "The table"))),
      this.housePanel(), this.table);
    this.root.dataset.frames = String(this.frames.length);
  }

  /** The house rules the game was played by, each in words, as the table showed them (none without a book). */
  housePanel() {
    const rules = this.replay.house || [];
    if (!rules.length) return "";
    return h("details", { class: "house-panel panel", id: "replay-house", open: true },
      h("summary", {}, `House rules (${rules.length})`),
      h("ul", {}, ...rules.map((r) => h("li", { "data-rule": r.id }, ...ruleWords(r)))));
  }

  draw() {
    if (!this.table) this.build();
    const { replay, mod, at } = this;
    const frame = this.frames[at];
    const last = this.frames.length - 1;
    const names = replay.seats;
    const cardWords = (text) => this.page.cardWords(text, mod.cardText);
    const ctx = { view: frame.view, legal: [], seat: replay.seat, names, act: () => {}, ui: this.ui,
      redraw: () => this.draw(), events: this.events.filter((e) => e.frame <= at) };
    this.slider.value = String(at);
    this.slider.setAttribute("aria-valuetext", `move ${at} of ${last}`);
    this.counter.textContent = at === 0 ? `The deal · ${last} moves` : `Move ${at} of ${last}`;
    this.buttons.first.disabled = this.buttons.back.disabled = at === 0;
    this.buttons.forward.disabled = this.buttons.last.disabled = at === last;
    const acted = [...frame.events].reverse().find((e) => typeof e.seat === "number" && e.event !== "turn");
    const toAct = at === last ? [] : mod.toAct(frame.view);
    const seats = h("ol", { class: "replay-seats", "aria-label": "seats" }, ...names.map((name, s) => h("li", {
      class: ["seat", toAct.includes(s) ? "to-act" : "", acted && acted.seat === s ? "last-move" : "", s === replay.seat ? "me" : ""].join(" "),
      "data-seat": s }, h("span", { class: "name" }, s === replay.seat ? `${name} (you)` : name), " ",
    h("span", { class: "count" }, mod.seatNote(frame.view, s)))));
    const now = h("p", { class: "replay-now", role: "status" }, frame.events.filter((e) => e.text).map((e) => cardWords(e.text)).join(" · ")
      || (at === 0 ? "The cards are dealt." : ""));
    const log = h("ol", { class: "log", "aria-label": "event log" }, ...this.events.filter((e) => e.frame <= at && e.text)
      .map((e) => h("li", { class: `ev ev-${e.event} tone-${e.tone || "plain"}${e.frame === at ? " current" : ""}` }, cardWords(e.text))));
    this.table.replaceChildren(h("div", { class: "play" }, seats, now, mod.board(ctx)),
      h("aside", { class: "side" }, h("h3", {}, "What happened"), log));
    log.scrollTop = log.scrollHeight;
    this.root.dataset.at = String(at);
  }
}
