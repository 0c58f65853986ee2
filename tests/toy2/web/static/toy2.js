// Two Colours at the table: the hand as buttons, the round in the centre, Play.
export default function createToy2(h) {
  const { t, el, piece, pieceLabel, seatName } = h;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let selected = null;
  const legal = () => (current && current.status === "human" ? current.view.legal : []);
  const playable = (code) => legal().some((a) => a.piece === code);

  function draw(busy) {
    const view = current.view;
    const open = view.played.length % 2 ? view.played.slice(-1) : view.played.slice(-2);
    $("centre").replaceChildren(...open.map((p) => piece("toy2", p.piece, "mini", pieceLabel(p.piece))));
    $("hand").replaceChildren(...view.hand.map((code, index) => {
      const button = el("button", { type: "button", class: "piece-button", "aria-pressed": String(code === selected) },
        piece("toy2", code, "", pieceLabel(code)));
      button.dataset.code = code;
      button.dataset.index = String(index);
      button.disabled = busy || !playable(code);
      button.addEventListener("click", () => { selected = code; draw(busy); });
      return button;
    }));
    $("act-play").disabled = busy || selected === null || !playable(selected);
  }
  const play = () => { if (selected !== null) h.act({ piece: selected }); };
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
