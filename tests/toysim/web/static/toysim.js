// Secret Card at the table: every seat chooses at once. The hand as buttons, Play; a seat that has
// chosen says so; once all have chosen, the centre shows each seat's piece.
export default function createToySim(h) {
  const { t, el, piece, pieceLabel, seatName } = h;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let selected = null;
  const legal = () => (current && current.status === "human" ? current.view.legal : []);

  function draw(busy) {
    const view = current.view;
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
    $("hand").replaceChildren(...view.hand.map((code) => {
      const button = el("button", { type: "button", class: "piece-button", "aria-pressed": String(code === selected || code === view.chosen) },
        piece("toysim", code, "", pieceLabel(code)));
      button.dataset.code = code;
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
      return entries.filter((e) => e.action && e.seat >= 0)
        .map((e) => (e.action.piece ? t("you_chose", { piece: pieceLabel(e.action.piece) }) : t("chose", { name: seatName(e.seat) })));
    },
  };
}
