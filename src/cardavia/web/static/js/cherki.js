// Cherki at the table: the hand as card buttons, Draw / Take / Discard / Call Cherki among the
// server's legal actions, each seat's discards with the top one highlighted, the stock, the calls,
// and the end: the winner's nine cards, x and the payments (or a drawn deal).
export function createCherki(h) {
  const { t, ts, el, piece, pieceLabel, pieceText, signed, seatName } = h;
  let selected = null; // index into the hand
  let selectedCode = null;
  let handSignature = "";
  let current = null;
  let lastNote = "";
  const $ = (id) => document.getElementById(id);
  const legal = () => (current && current.status === "human" ? current.view.legal : []);
  const find = (pred) => legal().find(pred);

  function seats(view) {
    for (const box of document.querySelectorAll(".seat")) {
      const seat = Number(box.dataset.seat);
      const badges = [];
      if (view.dealer === seat) badges.push(el("span", { class: "badge", text: t("dealer") }));
      if (view.called[seat]) badges.push(el("span", { class: "badge called", text: t("called") }));
      if (view.to_act === seat && view.phase !== "over") badges.push(el("span", { class: "badge", text: t("to_act") }));
      // a discard someone took went into that player's hand: it is no longer in the row
      const mine = view.discards.filter((d) => d.seat === seat && (d.taken_by === null || d.taken_by === undefined));
      const row = mine.map((d) => {
        const top = view.top_discard && d === view.discards[view.discards.length - 1] && d.taken_by === null;
        const label = top ? t("top_discard", { card: pieceLabel(d.card) }) : pieceLabel(d.card);
        return piece("card", d.card, `mini${top ? " top" : ""}`, label);
      });
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", t("seat_label", { name: seatName(seat) }));
      box.replaceChildren(
        el("div", { class: "seat-name" }, el("span", { text: seatName(seat) }), badges),
        el("div", { class: "seat-facts" }, el("span", { text: t("cards_in_hand", { num: view.hand_sizes[seat] }) })),
        el("div", { class: "discard-label", text: t("discards") }),
        el("div", { class: "discard-row" }, row.length ? row : el("span", { text: t("no_discards") })));
    }
    const centre = $("centre");
    const top = view.top_discard;
    // the latest move beside the stock, where the eye is (the log below says it to screen readers)
    const parts = [el("div", { class: "centre-text" },
      el("p", { class: "stock", text: t("stock", { num: view.stock }) }),
      el("p", { class: "last-note", "aria-hidden": "true", text: lastNote }))];
    if (top) parts.push(el("div", { class: "top-discard" }, piece("card", top, "mini top", t("top_discard", { card: pieceLabel(top) }))));
    centre.replaceChildren(...parts);
  }

  function hand(view, myTurn, busy) {
    const signature = `${current.id}/${current.deal_no}/${view.hand.join(",")}`;
    if (signature !== handSignature) {
      // a card chosen before drawing stays chosen when the new card slides into the sorted hand
      const code = selected === null ? null : selectedCode;
      handSignature = signature;
      selected = code && view.hand.includes(code) && myTurn ? view.hand.indexOf(code) : null;
    }
    $("hand").replaceChildren(...view.hand.map((code, i) => el("button", {
      type: "button",
      class: `piece-button card${view.picked === code && i === view.hand.lastIndexOf(code) ? " taken" : ""}`,
      "aria-pressed": selected === i ? "true" : "false",
      "aria-label": pieceLabel(code),
      "data-key": `card-${i}-${code}`,
      "data-code": code,
      disabled: !myTurn || busy,
      onclick: () => {
        selected = selected === i ? null : i;
        selectedCode = selected === null ? null : code;
        draw();
      },
    }, piece("card", code, "big", null))));
  }

  function controls(view, myTurn, busy) {
    const code = selected === null ? null : view.hand[selected];
    const drawAction = find((a) => a.do === "draw");
    const takeAction = find((a) => a.do === "take");
    const callAction = find((a) => a.do === "call");
    const discard = code && find((a) => a.do === "discard" && a.card === code && !a.call);
    const discardCall = code && find((a) => a.do === "discard" && a.card === code && a.call);
    const off = !myTurn || busy;
    for (const id of ["act-draw", "act-take", "act-discard", "act-call"]) $(id).classList.remove("suggested");
    $("act-draw").disabled = off || !drawAction;
    $("act-take").disabled = off || !takeAction;
    $("act-discard").disabled = off || !discard;
    $("act-call").disabled = off || !(callAction || discardCall);
    const parts = [];
    if (myTurn) {
      if (callAction) parts.push(el("p", { class: "offer", text: t("offer_call") }));
      if (view.phase === "pickup") parts.push(el("p", { text: t("pick_up") }));
      else if (!code) parts.push(el("p", { text: t("select_discard") }));
      else if (discardCall) parts.push(el("p", { text: t("can_call_discard") }));
      else if (!discard) parts.push(el("p", { class: "explain", text: t("cannot_discard") }));
    } else if (view.called[0] && view.phase !== "over") {
      parts.push(el("p", { text: t("called_wait") }));
    }
    $("choice").replaceChildren(...parts);
  }

  function result(table) {
    const box = $("result");
    const view = table.view;
    const r = view.result;
    if (!r) { box.hidden = true; box.replaceChildren(); return; }
    const wasHidden = box.hidden;
    box.hidden = false;
    const nextButton = $("act-next");
    if (r.drawn || r.winner === null) {
      nextButton.textContent = t("redeal");
      box.replaceChildren(el("h2", { id: "result-heading", text: t("result_title") }), el("p", { text: t("drawn") }));
    } else {
      nextButton.textContent = nextButton.dataset.label || nextButton.textContent;
      const cards = r.hand || view.revealed || [];
      const num = (n) => el("td", { class: n > 0 ? "num-pos" : n < 0 ? "num-neg" : "", text: signed(n) });
      box.replaceChildren(
        el("h2", { id: "result-heading", text: t("result_title") }),
        el("p", { class: "winner", text: ts("wins_with", r.winner) }),
        el("div", { class: "piece-row winning-hand", role: "group", "aria-label": t("hand_cards") },
          cards.map((c) => {
            // each card with what it counts, so x can be checked by eye
            const points = h.data.points[c];
            return el("div", { class: "scored-card" },
              piece("card", c, "mini", t("card_points", { card: pieceLabel(c), num: points })),
              el("span", { class: "points", "aria-hidden": "true", text: h.numbers.format(points) }));
          })),
        el("p", { text: t("x_line", { x: h.numbers.format(r.x) }) }),
        el("div", { class: "table-scroll" }, el("table", {},
          el("thead", {}, el("tr", {}, [t("player"), t("payment"), t("total")].map((l) => el("th", { scope: "col", text: l })))),
          el("tbody", {}, [0, 1, 2].map((s) => el("tr", { class: s === r.winner ? "winner" : "" },
            el("th", { scope: "row", text: seatName(s) }), num(r.deltas[s]), num(table.totals[s])))))));
    }
    if (wasHidden) box.scrollIntoView({ block: "nearest" });
  }

  function draw(busy = false) {
    if (!current) return;
    h.keepFocus(() => {
      const view = current.view;
      const myTurn = current.status === "human";
      seats(view);
      hand(view, myTurn, busy);
      controls(view, myTurn, busy);
      result(current);
    });
  }

  const nextButton = $("act-next");
  nextButton.dataset.label = nextButton.textContent;
  $("act-draw").addEventListener("click", () => h.act({ do: "draw" }));
  $("act-take").addEventListener("click", () => {
    const take = find((a) => a.do === "take");
    if (take) h.act({ do: "take", card: take.card });
  });
  $("act-discard").addEventListener("click", () => {
    if (selected !== null) h.act({ do: "discard", card: current.view.hand[selected], call: false });
  });
  $("act-call").addEventListener("click", () => {
    if (find((a) => a.do === "call")) h.act({ do: "call" });
    else if (selected !== null) h.act({ do: "discard", card: current.view.hand[selected], call: true });
  });

  return {
    render(table, busy) { current = table; draw(busy); },
    setTable(table) { current = table; },
    clearSelection(action) {
      // drawing or taking keeps a card chosen beforehand; a discard uses it up
      if (!action || action.do === "discard" || action.do === "call") { selected = null; selectedCode = null; }
    },
    showHint(action) {
      if (!action) return;
      if (action.do === "discard") {
        selected = current.view.hand.indexOf(action.card);
        selectedCode = action.card;
        draw();
        if (action.call) $("act-call").classList.add("suggested");
      } else {
        const button = $({ draw: "act-draw", take: "act-take", call: "act-call" }[action.do]);
        if (button) button.classList.add("suggested");
      }
    },
    describe(entries) {
      const lines = entries.map((entry) => {
        const a = entry.action || {};
        const seat = entry.seat;
        if (a.do === "draw") return ts("drew", seat);
        if (a.do === "take") return ts("took", seat, { card: pieceText(a.card) });
        if (a.do === "call") return ts("called_log", seat);
        if (a.do === "discard") return ts(a.call ? "discarded_called" : "discarded", seat, { card: pieceText(a.card) });
        return "";
      }).filter(Boolean);
      if (lines.length) lastNote = lines[lines.length - 1];
      return lines;
    },
  };
}
