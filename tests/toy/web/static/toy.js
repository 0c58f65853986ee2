// The toy game at the table: the hand as buttons (never disabled: a keyboard player's focus stays in
// the hand while the others play), the current round in the centre, Play, the result once over.
export default function createToy(h) {
  const { t, el, piece, pieceLabel, seatName } = h;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let selected = null;
  const legal = () => (current && current.status === "human" ? current.view.legal : []);
  const playable = (code) => legal().some((a) => a.piece === code);

  function draw(busy = false) {
    const view = current.view;
    h.keepFocus(() => {
      const round = view.played.slice(view.played.length - (view.played.length % view.hand_sizes.length || 0));
      $("centre").replaceChildren(...round.map((p) => piece("toy", p.piece, "mini", pieceLabel(p.piece))));
      $("choice").replaceChildren(el("p", { text: t("explain") }));
      const focus = Math.max(0, view.hand.indexOf(selected));
      $("hand").replaceChildren(...view.hand.map((code, index) => el("button", {
        type: "button",
        class: "piece-button",
        "aria-pressed": String(code === selected),
        "aria-disabled": busy || !playable(code) ? "true" : null,
        tabindex: index === focus ? "0" : "-1",
        "data-key": `piece-${index}-${code}`,
        "data-code": code,
        "data-index": String(index),
        onclick: () => { if (!busy && playable(code)) { selected = code; draw(busy); } },
      }, piece("toy", code, "", pieceLabel(code)))));
      $("act-play").disabled = busy || selected === null || !playable(selected);
      const over = view.result;
      $("result").hidden = !over;
      $("result").replaceChildren(...(over ? [
        el("h2", { id: "result-heading", text: t("result_title") }),
        el("p", { text: over.drawn ? t("drawn") : t("rounds", { name: seatName(over.winner), num: Math.max(...over.rounds) }) }),
      ] : []));
    });
  }
  const play = () => { if (selected !== null && playable(selected)) h.act({ piece: selected }); };
  $("act-play").addEventListener("click", play);

  return {
    seats: ["you", "left", "right"],
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
