// Cards that move, for every game: after each update a card just played
// travels from the player's seat (or, for your own, from where it sat in your
// hand) to where it now lies, a card just drawn travels from the draw pile to
// your hand or to the drawer's seat, and the numbers that changed (a seat's
// card count, a pile's size, the pot) tick. Read from the events the update
// brought (play/played with a card, draw/drew with a count), never from
// comparing views, so a redraw that changes nothing moves nothing.
//
// The table is drawn afresh on each update, so a flight is a copy of the card
// (a "ghost", fixed to the viewport above everything) animated with the Web
// Animations API while the real card waits hidden where it lands. A person who
// asks for less motion (prefers-reduced-motion) gets none at all.
//
// What a game marks (optional): data-pile="draw" on its draw pile and
// data-pile="discard" on its discard pile (or the ids #draw-pile and #discard
// its board shares with the others), data-count on any number that
// should tick. A played card lands on its own element (any [data-card] outside
// the hand and the log), else on the discard pile; a game without a draw pile
// simply shows no draw flights.

const PLAY = new Set(["play", "played"]);
const DRAW = new Set(["draw", "drew"]);
//: a game's piles: marked, or by the ids the games' boards share
const DRAW_PILE = '[data-pile="draw"], #draw-pile';
const DISCARD = '[data-pile="discard"], #discard';
const FLIGHT_MS = 480;
const TICK_MS = 360;
//: at most this many events are animated at once (a reconnect that brings the whole log moves nothing)
const MOST = 12;

export const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

const cardSelector = (name) => `[data-card="${CSS.escape(name)}"]`;
const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

export class Motion {
  constructor() {
    this.upto = null; // the log index up to which events have been shown (null: nothing drawn yet)
    this.handRects = new Map(); // a card of this seat's hand -> where it was on screen before the redraw
    this.numbers = new Map(); // a counter's key -> its text before the redraw
    this.flying = 0; // flights under way (the table says so in data-moving, for tests and styling)
  }

  /** Before the table is drawn again: where this seat's cards are, and what each counter says. */
  before(root) {
    this.handRects.clear();
    this.numbers = counters(root);
    if (reducedMotion()) return;
    for (const el of root.querySelectorAll(".hand [data-card]")) this.handRects.set(el.dataset.card, el.getBoundingClientRect());
  }

  /**
   * After the redraw: animate what the events from the last call on did. ``log`` holds the
   * events this page keeps, the first of them at index ``start`` of the table's log.
   */
  after(root, log, start, seat) {
    const end = start + log.length;
    const from = this.upto;
    this.upto = end;
    if (from === null || from >= end || reducedMotion()) return;
    const fresh = log.slice(Math.max(0, from - start));
    if (fresh.length > MOST * 4) return; // a page catching up: no flights across the whole story
    let moved = 0;
    for (const e of fresh) {
      if (moved >= MOST || typeof e.seat !== "number") continue;
      if (PLAY.has(e.event) && typeof e.card === "string") moved += this.played(root, e, seat, moved);
      else if (DRAW.has(e.event) && e.count > 0) moved += this.drew(root, e, seat, moved);
    }
    tick(root, this.numbers);
  }

  /** A played card: from its seat (or its place in my hand) to where it now lies. */
  played(root, e, seat, order) {
    const onto = landing(root, e.card);
    const seatBox = root.querySelector(`.seat[data-seat="${e.seat}"]`);
    const start = (e.seat === seat && this.handRects.get(e.card)) || seatBox?.getBoundingClientRect();
    if (!onto || !start) return 0;
    this.fly(onto, start, onto.matches("[data-card]") ? onto : null, order);
    return 1;
  }

  /** A drawn card (up to three shown for a big draw): from the draw pile to my hand or the drawer's seat. */
  drew(root, e, seat, order) {
    const pile = root.querySelector(DRAW_PILE);
    if (!pile) return 0;
    const from = pile.getBoundingClientRect();
    const mine = e.seat === seat && Array.isArray(e.cards) ? e.cards : [];
    const seatBox = root.querySelector(`.seat[data-seat="${e.seat}"]`);
    let n = 0;
    for (let i = 0; i < Math.min(3, e.count); i++) {
      const card = mine[i] !== undefined ? root.querySelector(`.hand ${cardSelector(mine[i])}`) : null;
      const onto = card || seatBox;
      if (!onto) continue;
      this.fly(onto, from, card, order + i, card ? null : pile.querySelector(".card"));
      n++;
    }
    return n;
  }

  /**
   * One flight, ``order`` staggering several: a ghost of ``real`` (or of ``look``, a card back,
   * when the card itself is not shown: another seat's draw) from the rectangle ``from`` to ``onto``;
   * the real card stays hidden until its ghost arrives.
   */
  fly(onto, from, real, order, look = null) {
    const to = onto.getBoundingClientRect();
    const model = real || look;
    if (!model || !to.width || !from.width) return;
    const ghost = model.cloneNode(true);
    ghost.classList.remove("arrive", "land", "legal", "picked");
    ghost.classList.add("flying");
    ghost.removeAttribute("id");
    ghost.setAttribute("aria-hidden", "true");
    for (const label of ghost.querySelectorAll(".count")) label.remove(); // a pile's size is not part of the card
    const box = real ? to : model.getBoundingClientRect(); // a back flies at its own size to the seat
    const size = { width: box.width || to.width, height: box.height || to.height };
    const a = centre(from);
    const b = centre(to);
    Object.assign(ghost.style, {
      position: "fixed", left: `${b.x - size.width / 2}px`, top: `${b.y - size.height / 2}px`, margin: "0",
      width: `${size.width}px`, height: `${size.height}px`, zIndex: "60", pointerEvents: "none",
    });
    document.body.append(ghost);
    if (real) {
      real.classList.remove("arrive", "land"); // the flight is its arrival
      real.style.visibility = "hidden";
    }
    const shrink = Math.max(0.5, Math.min(1.2, from.width / size.width));
    const table = document.getElementById("table");
    this.flying++;
    if (table) table.dataset.moving = "true";
    const flight = ghost.animate([
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${shrink}) rotate(-6deg)`, opacity: 0.85 },
      real ? { transform: "translate(0, 0) scale(1) rotate(0deg)", opacity: 1 } // it lands as the card itself
        : { transform: "translate(0, 0) scale(.45) rotate(0deg)", opacity: 0.2 }, // a back goes into the seat
    ], { duration: FLIGHT_MS, delay: order * 90, easing: "cubic-bezier(.2,.75,.3,1)", fill: "backwards" });
    const done = () => {
      ghost.remove();
      if (real) real.style.visibility = "";
      this.flying--;
      const t = document.getElementById("table");
      if (t && this.flying <= 0) delete t.dataset.moving;
    };
    flight.finished.then(done, done);
  }
}

/** Where a played card now lies: its own element outside the hand and the log (a pile's first), else the discard pile. */
function landing(root, name) {
  const found = [...root.querySelectorAll(cardSelector(name))].filter((el) => !el.closest(".hand, .log, .flying"));
  return found.find((el) => el.closest(DISCARD)) || found.find((el) => el.closest("[data-pile], .pile")) || found[0]
    || root.querySelector(DISCARD);
}

/** Every counter on the table by a key that survives a redraw: each seat's card count, and each [data-count]. */
function counters(root) {
  const out = new Map();
  for (const el of root.querySelectorAll(".seat[data-seat] .count")) out.set(`seat:${el.closest(".seat").dataset.seat}`, el.textContent);
  for (const el of root.querySelectorAll("[data-count]")) out.set(`count:${el.dataset.count}`, el.textContent);
  return out;
}

/** The counters whose words changed since ``before`` tick: a short lift and a flash of colour. */
function tick(root, before) {
  const now = counters(root);
  for (const [key, text] of now) {
    if (!before.has(key) || before.get(key) === text) continue;
    const el = key.startsWith("seat:")
      ? root.querySelector(`.seat[data-seat="${key.slice(5)}"] .count`)
      : root.querySelector(`[data-count="${CSS.escape(key.slice(6))}"]`);
    if (!el) continue;
    if (getComputedStyle(el).display === "inline") el.style.display = "inline-block"; // so it can be lifted
    el.classList.add("ticking");
    el.animate([
      { transform: "translateY(-0.35em) scale(1.25)", color: "#b45309" },
      { transform: "translateY(0) scale(1)" },
    ], { duration: TICK_MS, easing: "ease-out" }).finished.then(() => el.classList.remove("ticking"), () => {});
  }
}
