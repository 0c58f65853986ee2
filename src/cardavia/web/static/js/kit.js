// What every game's table script would otherwise write again, given to it with the helpers (by the
// table and by the replay, each with its own keepFocus and showEnd): the drawing of a table inside
// keepFocus, the end-of-deal panel, the table of figures it shows, a seat's name line, the hand's
// buttons and the pieces a hint or an option names. It names no game: a game's script says only
// what it draws.
import { el } from "./text.js";

// The hand's buttons holding `codes` (each copy once): a set of indices into `hand`.
export function indicesOf(hand, codes) {
  const chosen = new Set();
  for (const code of codes) {
    const at = hand.findIndex((c, i) => c === code && !chosen.has(i));
    if (at >= 0) chosen.add(at);
  }
  return chosen;
}

// The class of a figure by its sign: the table's colours of a gain and a loss.
export const signClass = (n) => (n > 0 ? "num-pos" : n < 0 ? "num-neg" : "");

// A table of figures, its column headings then its rows, in a box that scrolls sideways on a
// narrow screen (`attrs`: the table's own, a class of its layout).
export function figures(labels, rows, attrs = {}) {
  return el("div", { class: "table-scroll" }, el("table", attrs,
    el("thead", {}, el("tr", {}, labels.map((label) => el("th", { scope: "col", text: label })))),
    el("tbody", {}, rows)));
}

// The helpers a game's script receives: `h` with the kit bound to it.
export function withKit(h) {
  // A game's whole redraw: `parts` draws every part of the page from the table `current()` gives
  // (its view, whether it is the player's turn, whether a move is on its way), inside keepFocus (a
  // redraw keeps the focus on the same control); nothing before the first table.
  function drawing(current, parts) {
    return function draw(busy = false) {
      const table = current();
      if (!table) return;
      h.keepFocus(() => parts({ table, view: table.view, myTurn: table.status === "human", busy }));
    };
  }

  // The end-of-deal panel #result: hidden and empty while `ended` is false; at the deal's end
  // filled with what `fill()` returns, again only when the table has moved on (an explanation the
  // player opened stays open), and brought into view (helpers.showEnd) when it appears.
  function endPanel() {
    let shown = "";
    return function result(table, ended, fill) {
      const box = document.getElementById("result");
      if (!ended) { box.hidden = true; box.replaceChildren(); shown = ""; return; }
      const sig = `${table.id}/${table.deal_no}/${table.seq}`;
      if (sig === shown && !box.hidden) return;
      shown = sig;
      const wasHidden = box.hidden;
      box.hidden = false;
      box.replaceChildren(...fill());
      if (wasHidden) h.showEnd(box);
    };
  }

  // A seat's name line on the felt: its name (whole in a tooltip where the seat cuts it short),
  // then its badges.
  const seatHeading = (seat, badges) => el("div", { class: "seat-name" },
    el("span", { class: "seat-label", text: h.seatName(seat), title: h.seatName(seat) }), badges);

  // A figure's cell, coloured by its sign (`attrs`: its column's label, what opens its reasons).
  const signedCell = (n, attrs = {}) => el("td", { class: signClass(n), ...attrs, text: h.signed(n) });

  // A watch on the hand drawn: true when it is another than the last one drawn (another table, deal
  // or pieces), when a script lets go of the pieces chosen and keeps its focus inside the hand.
  function handWatch() {
    let shown = "";
    return function changed(table, hand) {
      const sig = `${table.id}/${table.deal_no}/${hand.join(",")}`;
      if (sig === shown) return false;
      shown = sig;
      return true;
    };
  }

  // A button of the hand, as the browser tests hold every game's: the piece `code` of the sprite
  // `kind`, drawn big, at place `index`, with its data-code, data-index and data-key (`key`); never
  // disabled, `off` makes it aria-disabled while it cannot be played (a keyboard player's focus
  // stays in the hand while the others play); `focused`, the hand's one tab stop (the arrows move
  // inside); `mark`, the classes after piece-button; `pressed`, chosen; `label`, what a screen reader
  // says (the piece's name unless given); any other key, an attribute or a handler of its own,
  // written after these; `more`, what the button shows after the piece.
  const handButton = (kind, code, index, { key, mark = "", pressed = false, label, off = false, focused = false, ...attrs }, ...more) =>
    el("button", {
      type: "button",
      class: `piece-button${mark}`,
      "aria-pressed": pressed ? "true" : "false",
      "aria-label": label ?? h.pieceLabel(code),
      "aria-disabled": off ? "true" : null,
      tabindex: focused ? "0" : "-1",
      "data-key": key,
      "data-code": code,
      "data-index": String(index),
      ...attrs,
    }, h.piece(kind, code, "big", null), ...more);

  return { ...h, drawing, endPanel, figures, handButton, handWatch, indicesOf, seatHeading, signClass, signedCell };
}
