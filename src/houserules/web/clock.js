// The turn clock as shown: the server sends, with every update, each deciding
// seat's time left (by its own clock); this page only counts down from the
// moment it received them. Nothing here decides anything.

/** "0:27", "4:05" */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class Countdown {
  constructor() {
    this.clock = null;
    this.at = 0;
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** A new update's clock (or null). */
  set(clock, running) {
    this.clock = clock;
    this.running = running; // the table is playing (not waiting, paused or over)
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
        el.classList.toggle("low", left <= 10);
        el.classList.add("running");
      } else if (bank !== null && bank !== undefined) {
        el.textContent = clockText(bank);
        el.classList.remove("low", "running");
      }
    }
  }

  stop() {
    clearInterval(this.timer);
  }
}
