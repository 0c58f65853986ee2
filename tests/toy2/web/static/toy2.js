// Two Colours at the table: the hand as buttons (never disabled: a keyboard player's focus stays in
// the hand while the other seat plays), the round in the centre, Play.
export default function createToy2(h) {
  const { t, el, piece, pieceLabel, seatName } = h;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let selected = null;
  const legal = () => (current && current.status === "human" ? current.view.legal : []);
  const playable = (code) => legal().some((a) => a.piece === code);

  function draw(busy = false) {
    const view = current.view;
    h.keepFocus(() => {
      const open = view.played.length % 2 ? view.played.slice(-1) : view.played.slice(-2);
      $("centre").replaceChildren(...open.map((p) => piece("toy2", p.piece, "mini", pieceLabel(p.piece))));
      $("choice").replaceChildren(el("p", { text: t("explain") }));
      const focus = Math.max(0, view.hand.indexOf(selected));
      $("hand").replaceChildren(...view.hand.map((code, index) => el("button", {
        type: "button",
        class: "piece-button",
        "aria-pressed": String(code === selected),
        "aria-disabled": busy || !playable(code) ? "true" : null,
        tabindex: index === focus ? "0" : "-1",
        "data-key": `piece-${code}`,
        "data-code": code,
        "data-index": String(index),
        onclick: () => { if (!busy && playable(code)) { selected = code; draw(busy); } },
      }, piece("toy2", code, "", pieceLabel(code)))));
      $("act-play").disabled = busy || selected === null || !playable(selected);
      result(view.result);
    });
  }

  // once the deal is over: each seat's points, under the result's heading
  function result(over) {
    const box = $("result");
    box.hidden = !over;
    box.replaceChildren(...(over ? [
      el("h2", { id: "result-heading", text: t("result_title") }),
      el("ul", {}, over.deltas.map((points, seat) =>
        el("li", { text: t("seat_points", { name: seatName(seat), points: h.signed(points) }) }))),
    ] : []));
  }
  const play = () => { if (selected !== null && playable(selected)) h.act({ piece: selected }); };
  $("act-play").addEventListener("click", play);

  return {
    seats: ["you", "across"],
    holds() { return false; },
    net(view) { return view.result ? view.result.deltas : null; },
    playFocused: play,
    render(table, busy) { current = table; draw(busy); },
    setTable(table) { current = table; },
    clearSelection() { selected = null; },
    showHint(action) { if (action) { selected = action.piece; draw(); } },
    describe(entries) {
      return entries.filter((e) => e.action && e.action.piece)
        .map((e) => t("played", { name: seatName(e.seat), piece: pieceLabel(e.action.piece) }));
    },
  };
}
