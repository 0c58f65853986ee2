// The toy game at the table: the hand as buttons, the current round in the centre, Play.
export default function createToy(h) {
  const { t, el, piece, pieceLabel, seatName } = h;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let selected = null;
  const legal = () => (current && current.status === "human" ? current.view.legal : []);

  function draw(busy) {
    const view = current.view;
    const round = view.played.slice(view.played.length - (view.played.length % view.hand_sizes.length || 0));
    $("centre").replaceChildren(...round.map((p) => piece("toy", p.piece, "mini", pieceLabel(p.piece))));
    $("hand").replaceChildren(...view.hand.map((code) => {
      const button = el("button", { type: "button", class: "piece-button", "aria-pressed": String(code === selected) },
        piece("toy", code, "", pieceLabel(code)));
      button.disabled = busy || !legal().some((a) => a.piece === code);
      button.addEventListener("click", () => { selected = code; draw(busy); });
      return button;
    }));
    $("act-play").disabled = busy || selected === null || !legal().some((a) => a.piece === selected);
  }
  $("act-play").addEventListener("click", () => { if (selected !== null) h.act({ piece: selected }); });

  return {
    seats: ["you", "left", "right"],
    holds() { return false; },
    net(view) { return view.result ? view.result.deltas : null; },
    playFocused() { if (selected !== null) h.act({ piece: selected }); },
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
