// The turn clock as shown: the server sends, with every update, each deciding
// seat's time left (by its own clock); this page only counts down from the
// moment it received them. Nothing here decides anything. The same goes for
// the seconds until a stand-in bot sits down for a player who is away.

import { lowTimeAlert } from "./alerts.js";

/** A clock is low, drawn in red (and, if the person asked for it, beeps once for their own seat), at this many seconds. */
export const LOW_S = 10;

/** "0:27", "4:05" */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class Countdown {
  constructor() {
    this.clock = null;
    this.at = 0;
    this.standIns = {};
    this.mine = null;
    this.warned = false; // the person's own clock has beeped for being low (once per decision)
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** A new update's clock (or null); ``standIns``: seconds until a stand-in sits down, by seat; ``mine``: this page's seat. */
  set(clock, running, standIns = {}, mine = null) {
    this.clock = clock;
    this.running = running; // the table is playing (not waiting, paused or over)
    this.standIns = standIns;
    this.mine = mine;
    this.at = performance.now();
    this.tick();
  }

  /** Seconds left for ``seat`` now, or null if its clock is not running. */
  left(seat) {
    const c = this.clock;
    if (!c || !(String(seat) in c.running)) return null;
    const spent = this.running ? (performance.now() - this.at) / 1000 : 0;
    return Math.max(0, c.running[String(seat)] - spent);
  }

  tick() {
    for (const el of document.querySelectorAll("[data-clock-seat]")) {
      const seat = Number(el.dataset.clockSeat);
      const left = this.left(seat);
      const bank = this.clock && this.clock.banks ? this.clock.banks[seat] : null;
      el.hidden = left === null && bank === null;
      if (left !== null) {
        el.textContent = clockText(left);
        el.classList.toggle("low", left <= LOW_S);
        el.classList.add("running");
      } else if (bank !== null && bank !== undefined) {
        el.textContent = clockText(bank);
        el.classList.remove("low", "running");
      }
    }
    const mine = this.mine === null ? null : this.left(this.mine);
    if (mine !== null && mine > 0 && mine <= LOW_S && this.running && !this.warned) lowTimeAlert();
    this.warned = mine !== null && mine <= LOW_S;
    // the stand-in counts down whatever the table does (paused or not): the server's grace period does
    const since = (performance.now() - this.at) / 1000;
    for (const el of document.querySelectorAll("[data-stand-in-seat]")) {
      const due = this.standIns[el.dataset.standInSeat];
      if (typeof due === "number") el.textContent = clockText(due - since);
    }
  }

  stop() {
    clearInterval(this.timer);
  }
}
