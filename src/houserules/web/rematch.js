// A rematch is an offer (issue 25): one player offers it from the result
// dialog, the others accept or decline; the new table starts when every
// person seated has accepted (the update's `rematch_offer` says who has, and
// the server sends `rematch` to move everyone once they all have). A decline
// ends the offer and is shown to everyone; anyone may offer again.

import { h, keyButton } from "./dom.js";

/**
 * The rematch part of the result dialog for ``seat`` (null: a spectator).
 * @param {object} u  the latest update
 * @param {string[]} names  the seats' names
 * @param {(msg: object) => void} send
 */
export function rematchBox(u, seat, names, send) {
  const offer = u.rematch_offer;
  const who = (s) => (s === seat ? "you" : names[s]);
  const list = (seats) => seats.map(who).join(", ").replace(/, ([^,]*)$/, " and $1");
  const box = h("div", { class: "rematch", "data-offer": offer ? (offer.declined === null ? "open" : "declined") : "none" });
  const open = offer && offer.declined === null;
  if (offer && !open) {
    box.append(h("p", { class: "rematch-declined" }, `${cap(who(offer.declined))} declined the rematch`
      + (offer.declined === seat ? "." : `: ${who(offer.by)} offered it.`)));
  }
  if (seat === null) {
    if (open) box.append(h("p", { class: "rematch-note" }, `${cap(who(offer.by))} offered a rematch; `
      + `waiting for ${list(offer.waiting)}.`));
    return box;
  }
  if (!open) {
    box.append(keyButton("Offer a rematch", "r", () => send({ type: "rematch" }), { id: "rematch" }));
  } else if (offer.waiting.includes(seat)) {
    box.append(h("p", { class: "rematch-note", role: "status" }, `${cap(who(offer.by))} offers a rematch: `
      + "the same seats, a new deal."),
    h("div", { class: "row" },
      keyButton("Accept", "r", () => send({ type: "rematch" }), { id: "rematch-accept" }),
      h("button", { type: "button", class: "ghost", id: "rematch-decline", onclick: () => send({ type: "rematch", accept: false }) },
        "Decline")));
  } else {
    box.append(h("p", { class: "rematch-note", role: "status" }, `${offer.by === seat ? "You offered a rematch" : "You accepted"}: `
      + `waiting for ${list(offer.waiting)} to answer.`));
  }
  return box;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
