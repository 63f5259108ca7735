// The table chat (issue 25): what the people at a table say to each other
// beside the game, at every game whose talk is free (the welcome's `chat`;
// not Mao, where speech is part of the play). A line is text, never markup:
// it reaches the page as a text node (h() and textContent), so a line such
// as <img src=x onerror=...> shows as those characters. Each person may mute
// the chat; the choice is remembered in this browser (localStorage).
//
// The panel is built once per table screen and moved into each redraw, so a
// line being typed survives the updates that arrive meanwhile. Where the panel
// is out of sight (on a phone it sits below the table and the log), a line
// someone says brings up a note at the top of the screen ("Chat · Bo: good
// move (2 new)"); a tap on it scrolls to the chat, and seeing the chat clears it.

import { h } from "./dom.js";

const MUTED = "houserules:chat-muted";
/** The longest line the server keeps (server/chat.py, MAX_CHARS). */
export const MAX_CHARS = 300;
/** Lines a page holds at most (the server sends its recent ones on every welcome). */
const HELD = 200;

export class ChatPanel {
  /**
   * @param {(msg: object) => string|null} send  sends a message on the table's connection (null: not connected)
   * @param {boolean} canTalk  a seat talks; a spectator reads
   */
  constructor(send, canTalk) {
    this.send = send;
    this.lines = [];
    this.unseen = 0; // lines that arrived while muted
    this.list = h("ol", { class: "chat-lines", "aria-label": "table chat", "aria-live": "polite" });
    this.muteButton = h("button", { type: "button", class: "ghost chat-mute", onclick: () => this.setMuted(!this.muted) });
    this.input = h("input", { name: "table-chat", maxlength: MAX_CHARS, autocomplete: "off", placeholder: "Say something…",
      "aria-label": "chat message", "data-focus": "chat-input" });
    this.form = h("form", { class: "chat-say row" }, this.input, h("button", {}, "Send"));
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (this.send({ type: "chat", text }) !== null) this.input.value = "";
    });
    this.readOnly = h("p", { class: "muted chat-note" }, "Spectators read the chat; the players talk.");
    this.mutedNote = h("p", { class: "muted chat-note chat-muted-note" });
    this.element = h("section", { class: "table-chat", id: "table-chat" },
      h("div", { class: "chat-head" }, h("h3", {}, "Table chat"), this.muteButton),
      this.list, this.mutedNote, this.form, this.readOnly);
    this.setCanTalk(canTalk);
    this.setMuted(localStorage.getItem(MUTED) === "1");
    this.unread = 0; // lines said by others while the panel was out of sight
    this.newLines = h("button", { type: "button", class: "chat-new", id: "chat-new", hidden: true, "aria-live": "polite",
      onclick: () => { this.element.scrollIntoView({ behavior: "smooth", block: "end" }); this.input.focus({ preventScroll: true }); } });
    document.body.append(this.newLines);
    this.inSight = false;
    this.watcher = new IntersectionObserver(([entry]) => {
      this.inSight = entry.intersectionRatio >= 0.5; // half the lines on screen: the chat is seen
      if (this.inSight) this.showUnread(0);
    }, { threshold: 0.5 });
    this.watcher.observe(this.list);
  }

  /** The table screen is left: no note outlives it. */
  close() {
    this.watcher.disconnect();
    this.newLines.remove();
  }

  /** The note of lines not seen yet: ``count`` of them, the last ``line`` said (0: none, hidden). */
  showUnread(count, line) {
    this.unread = count;
    this.newLines.hidden = count === 0;
    if (count) this.newLines.textContent = `Chat · ${line.name}: ${line.text}` + (count > 1 ? ` (${count} new)` : "");
  }

  get muted() {
    return this.element.dataset.muted === "true";
  }

  setMuted(muted) {
    if (muted) localStorage.setItem(MUTED, "1");
    else localStorage.removeItem(MUTED);
    this.element.dataset.muted = String(muted);
    this.muteButton.textContent = muted ? "Unmute" : "Mute";
    this.muteButton.setAttribute("aria-pressed", String(muted));
    if (!muted) this.unseen = 0;
    this.draw();
  }

  setCanTalk(canTalk) {
    this.form.hidden = !canTalk;
    this.readOnly.hidden = canTalk;
  }

  /** A `chat` message from the server: the recent lines (history) or a new one. */
  receive(msg, mySeat) {
    this.mySeat = mySeat;
    if (msg.history) this.lines = [];
    const known = new Set(this.lines.map((l) => l.n));
    const fresh = msg.lines.filter((l) => !known.has(l.n));
    this.lines.push(...fresh);
    this.lines.sort((a, b) => a.n - b.n);
    this.lines.splice(0, Math.max(0, this.lines.length - HELD));
    if (this.muted && !msg.history) this.unseen += fresh.length;
    const others = msg.history ? [] : fresh.filter((l) => l.seat !== mySeat);
    if (others.length && !this.muted && !this.inSight) this.showUnread(this.unread + others.length, others.at(-1));
    this.draw();
  }

  draw() {
    this.list.hidden = this.muted;
    this.mutedNote.hidden = !this.muted;
    this.mutedNote.textContent = `Chat muted${this.unseen ? ` · ${this.unseen} new` : ""}.`;
    if (this.muted) return;
    this.list.replaceChildren(...(this.lines.length ? this.lines.map((l) => h("li", {
      class: l.seat === this.mySeat ? "mine" : "", title: new Date(l.at * 1000).toLocaleTimeString(),
    }, h("b", { class: "who" }, l.name), " ", h("span", { class: "said" }, l.text)))
      : [h("li", { class: "muted" }, "Nobody has said anything yet.")]));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
