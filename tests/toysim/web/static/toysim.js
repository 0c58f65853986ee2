// Secret Card at the table: every seat chooses at once. The hand as buttons, Play; a seat that has
// chosen says so; once all have chosen, the centre shows each seat's piece.
export default function createToySim(h) {
  const { t, el, piece, pieceLabel, seatName } = h;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let selected = null;
  const legal = () => (current && current.status === "human" ? current.view.legal : []);

  const playable = (code) => legal().some((a) => a.piece === code);

  function draw(busy = false) {
    const view = current.view;
    h.keepFocus(() => {
      const shown = view.shown || [];
      $("centre").replaceChildren(...shown.map((code, seat) => el("span", { class: "choice", "data-seat": String(seat) },
        el("span", { class: "visually-hidden", text: seatName(seat) }), piece("toysim", code, "mini", pieceLabel(code)))));
      for (const box of document.querySelectorAll(".seat")) {
        const seat = Number(box.dataset.seat);
        let badge = box.querySelector(".has-chosen");
        const chose = !view.result && view.chose[seat];
        if (chose && !badge) {
          badge = el("span", { class: "badge has-chosen", text: t("has_chosen") });
          (box.querySelector(".seat-name") || box).append(badge);
        } else if (!chose && badge) badge.remove();
      }
      $("choice").replaceChildren(el("p", { text: t("explain") }));
      // never disabled: a keyboard player's focus stays in the hand while the others choose
      const focus = Math.max(0, view.hand.indexOf(selected));
      $("hand").replaceChildren(...view.hand.map((code, index) => el("button", {
        type: "button",
        class: "piece-button",
        "aria-pressed": String(code === selected || code === view.chosen),
        "aria-disabled": busy || !playable(code) ? "true" : null,
        tabindex: index === focus ? "0" : "-1",
        "data-key": `piece-${index}-${code}`,
        "data-code": code,
        "data-index": String(index),
        onclick: () => { if (!busy && playable(code)) { selected = code; draw(busy); } },
      }, piece("toysim", code, "", pieceLabel(code)))));
      $("act-play").disabled = busy || selected === null || !playable(selected);
      const over = view.result;
      $("result").hidden = !over;
      $("result").replaceChildren(...(over ? [
        el("h2", { id: "result-heading", text: t("result_title") }),
        el("p", { text: over.drawn ? t("drawn") : t("won", { name: seatName(over.winner) }) }),
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
      return entries.filter((e) => e.action && e.seat >= 0)
        .map((e) => (e.action.piece ? t("you_chose", { piece: pieceLabel(e.action.piece) }) : t("chose", { name: seatName(e.seat) })));
    },
  };
}
