// Cherki at the table: the hand as card buttons, Draw / Take / Discard / Call Cherki among the
// server's legal actions, each seat's discards with the top one highlighted, the stock, the calls,
// and the end: the winner's nine cards, x and the payments (or a drawn deal).
export default function createCherki(h) {
  const { t, ts, el, piece, pieceLabel, pieceText, seatName } = h;
  let selected = null; // index into the hand
  let selectedCode = null;
  const newHand = h.handWatch();
  let current = null;
  let lastNote = "";
  let focusIndex = 0; // the hand's one tab stop
  let shownTop = ""; // the discard on top of the pile when last drawn: a new one travels in
  let shownPicked = ""; // the card just picked up when last drawn: a drawn one comes from the stock
  const result = h.endPanel();
  const shownSizes = []; // each seat's hand size when last drawn: a new card came from the stock
  const $ = (id) => document.getElementById(id);
  const legal = () => (current && current.status === "human" ? current.view.legal : []);
  const find = (pred) => legal().find(pred);

  // one row however many discards: they overlap more as the row fills (CSSOM: the CSP forbids style="")
  function discardRow(row) {
    const box = el("div", { class: "discard-row" }, row.length ? row : el("span", { text: t("no_discards") }));
    box.style.setProperty("--n", String(Math.max(1, row.length)));
    return box;
  }

  function seats(view) {
    for (const box of document.querySelectorAll(".seat")) {
      const seat = Number(box.dataset.seat);
      const badges = [];
      if (view.dealer === seat) badges.push(el("span", { class: "badge", text: t("dealer") }));
      if (view.called[seat]) badges.push(el("span", { class: "badge called", text: t("called") }));
      if (h.actingSeat() === seat) badges.push(el("span", { class: "badge", text: t("to_act") }));
      // a discard someone took went into that player's hand: it is no longer in the row
      const mine = view.discards.filter((d) => d.seat === seat && (d.taken_by === null || d.taken_by === undefined));
      const row = mine.map((d) => {
        const top = view.top_discard && d === view.discards[view.discards.length - 1] && d.taken_by === null;
        const label = top ? t("top_discard", { card: pieceLabel(d.card) }) : pieceLabel(d.card);
        return piece("card", d.card, `mini${top ? " top" : ""}`, label);
      });
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", t("seat_label", { name: seatName(seat) }));
      // an opponent's hand as the backs of its cards, its count beside them; a card it just drew
      // comes from the stock
      const size = view.hand_sizes[seat];
      const grew = seat !== h.me() && shownSizes[seat] !== undefined && size > shownSizes[seat];
      const took = view.discards.length > 0 && view.discards[view.discards.length - 1].taken_by === seat;
      shownSizes[seat] = size;
      const backs = seat === h.me() ? null : el("div", { class: "backs", role: "img", "aria-label": t("cards_in_hand", { num: size }) },
        Array.from({ length: size }, (_, i) => {
          const back = piece("card", "back", "back", null);
          if (grew && i === size - 1) back.dataset.motionFrom = took ? "pile" : "stock";
          return back;
        }),
        el("span", { class: "count", "aria-hidden": "true", text: h.numbers.format(view.hand_sizes[seat]) }));
      box.replaceChildren(...[
        h.seatHeading(seat, badges),
        backs,
        seat === h.me() ? el("div", { class: "seat-facts" }, el("span", { text: t("cards_in_hand", { num: view.hand_sizes[seat] }) })) : null,
        el("div", { class: "discard-label", text: t("discards") }),
        discardRow(row)].filter(Boolean));
    }
    const centre = $("centre");
    const top = view.top_discard;
    const topEntry = view.discards.length ? view.discards[view.discards.length - 1] : null;
    const topSig = `${current.id}/${current.deal_no}/${view.discards.length}`;
    const fresh = top && topSig !== shownTop;
    shownTop = topSig;
    // the stock as a pile with its count; the discard pile with its top card, which came from its seat
    const layers = Math.min(4, Math.ceil(view.stock / 24));
    const parts = [
      el("div", { class: "stock-pile", "data-motion": "stock", role: "img", "aria-label": t("stock", { num: view.stock }) },
        Array.from({ length: layers }, (_, i) => piece("card", "back", `back layer-${i}`, null)),
        el("span", { class: "count", "aria-hidden": "true", text: h.numbers.format(view.stock) })),
      el("div", { class: "top-discard", "data-motion": "pile" },
        top ? piece("card", top, "mini top", t("top_discard", { card: pieceLabel(top) }))
          : el("span", { class: "pile-empty", text: t("pile_empty") })),
      el("div", { class: "centre-text" },
        el("p", { class: "stock", "aria-hidden": "true", text: t("stock", { num: view.stock }) }),
        el("p", { class: "last-note", "aria-hidden": "true", text: lastNote }))];
    if (fresh && topEntry) {
      parts[1].dataset.motionFrom = String(topEntry.seat);
    }
    centre.replaceChildren(...parts);
  }

  function hand(view, myTurn, busy) {
    if (newHand(current, view.hand)) {
      // a card chosen before drawing stays chosen when the new card slides into the sorted hand
      const code = selected === null ? null : selectedCode;
      selected = code && view.hand.includes(code) && myTurn ? view.hand.indexOf(code) : null;
      focusIndex = Math.min(focusIndex, Math.max(0, view.hand.length - 1));
    }
    // in the discard phase, the cards that cannot be discarded now are dimmed (a called hand)
    const discardable = view.phase === "discard" && myTurn
      ? new Set(legal().filter((a) => a.do === "discard").map((a) => a.card)) : null;
    const marking = discardable && discardable.size < new Set(view.hand).size;
    const pickedSig = `${current.id}/${current.deal_no}/${view.turn}/${view.picked}`;
    const fresh = view.picked && pickedSig !== shownPicked;
    const took = view.discards.length > 0 && view.discards[view.discards.length - 1].taken_by === h.me();
    if (view.picked) shownPicked = pickedSig;
    $("hand").replaceChildren(...view.hand.map((code, i) => {
      const picked = view.picked === code && i === view.hand.lastIndexOf(code);
      const mark = marking ? (discardable.has(code) ? " legal" : " dim") : "";
      return h.handButton("card", code, i, {
        key: `card-${i}-${code}`,
        mark: ` card${picked ? " taken" : ""}${mark}`,
        pressed: selected === i,
        label: picked ? t("picked_card", { card: pieceLabel(code) }) : null,
        off: !myTurn || busy,
        focused: i === focusIndex,
        "data-motion-from": picked && fresh ? (took ? "pile" : "stock") : null,
        onclick: () => {
          focusIndex = i;
          if (!myTurn || busy) return;
          selected = selected === i ? null : i;
          selectedCode = selected === null ? null : code;
          draw();
        },
        ondblclick: () => { selected = null; playFocused(i); },
        onfocus: () => { focusIndex = i; },
      });
    }));
  }

  // Enter (or a double click) on a card after picking up discards it; the engine says why not if
  // it cannot go. Before picking up, Enter only chooses the card.
  function playFocused(index) {
    if (!current || current.status !== "human") return;
    const view = current.view;
    if (selected === null || view.phase !== "discard") {
      selected = index;
      selectedCode = view.hand[index];
      draw();
    }
    if (view.phase !== "discard") return;
    const card = view.hand[selected];
    const plain = find((a) => a.do === "discard" && a.card === card && !a.call);
    const call = find((a) => a.do === "discard" && a.card === card && a.call);
    h.act({ do: "discard", card, call: !plain && Boolean(call) });
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
    } else if (view.called[h.me()] && view.phase !== "over") {
      parts.push(el("p", { text: t("called_wait") }));
    }
    $("choice").replaceChildren(...parts);
  }

  // the end: a drawn deal, or the winner's cards with what each counts, x and the payments
  function ending(table) {
    const view = table.view;
    const r = view.result;
    const nextButton = $("act-next");
    if (r.drawn || r.winner === null) {
      nextButton.textContent = t("redeal");
      return [el("h2", { id: "result-heading", text: t("result_title") }), el("p", { text: t("drawn") })];
    }
    nextButton.textContent = nextButton.dataset.label || nextButton.textContent;
    const cards = r.hand || view.revealed || [];
    const num = (n, seat) => h.signedCell(n, { "data-explain-seat": seat === undefined ? null : String(seat) });
    const marked = (view.explain && view.explain.marked) || [];
    return [
      el("h2", { id: "result-heading", text: t("result_title") }),
      el("p", { class: "winner", text: ts("wins_with", r.winner) }),
      el("div", { class: "piece-row winning-hand", role: "group", "aria-label": t("hand_cards") },
        cards.map((c, i) => {
          // each card with what it counts, so x can be checked by eye; the card that won is marked
          const points = h.data.points[c];
          const won = i === cards.length - 1 && marked.includes(c);
          const label = t("card_points", { card: pieceLabel(c), num: points });
          return el("div", { class: `scored-card${won ? " won" : ""}` },
            piece("card", c, "mini", won ? t("winning_card", { card: label }) : label),
            el("span", { class: "points", "aria-hidden": "true", text: h.numbers.format(points) }),
            won ? el("span", { class: "badge", "aria-hidden": "true", text: t("won_mark") }) : null);
        })),
      // x as the sum it is, in the engine's own words
      el("p", { class: "x-line", text: view.explain && view.explain.lines.length
        ? h.reason(view.explain.lines[0].factors[0]) : t("x_line", { x: h.numbers.format(r.x) }) }),
      h.figures([t("player"), t("payment"), t("total")], [0, 1, 2].map((s) => el("tr", { class: s === r.winner ? "winner" : "" },
        el("th", { scope: "row", text: seatName(s) }), num(r.deltas[s], s), num(table.totals[s]))))];
  }

  const draw = h.drawing(() => current, ({ table, view, myTurn, busy }) => {
    seats(view);
    hand(view, myTurn, busy);
    controls(view, myTurn, busy);
    result(table, Boolean(view.result), () => ending(table));
  });

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
    holds() { return false; },
    playFocused,
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
        // the card the player just drew is named (the view holds it while it is to be discarded);
        // not a card just taken from the pile (a replay words a draw the player did not make)
        const view = current ? current.view : null;
        const took = view && view.discards.length > 0 && view.discards[view.discards.length - 1].taken_by === h.me();
        if (a.do === "draw" && seat === h.me() && entry === entries[entries.length - 1] && view && view.picked && !took) {
          return t("drew_card_you", { card: pieceText(current.view.picked) });
        }
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
