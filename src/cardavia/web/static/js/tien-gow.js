// Tien Gow at the table: the hand as tile buttons, the legal groups a selection can make, the
// trick, the seats' columns and payments, the last trick, and the end-of-deal settlement.
const POSITIONS = { 0: "bottom", 1: "right", 2: "top", 3: "left" };

const key = (codes) => [...codes].sort().join("+");
// is every tile of `part` (a multiset) in `whole`?
function within(part, whole) {
  const left = [...whole];
  for (const code of part) {
    const at = left.indexOf(code);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

export function createTienGow(h) {
  const { t, ts, el, piece, pieceLabel, pieceText, signed, seatName } = h;
  let selected = new Set(); // indices into the hand
  let handSignature = "";
  let current = null;
  let showLast = false;

  const $ = (id) => document.getElementById(id);
  const tilesText = (codes) => codes.map(pieceText).join(" + ");
  const selectedCodes = () => [...selected].sort((a, b) => a - b).map((i) => current.view.hand[i]);

  function selectCodes(codes) {
    const hand = current.view.hand;
    const chosen = new Set();
    for (const code of codes) {
      const at = hand.findIndex((c, i) => c === code && !chosen.has(i));
      if (at >= 0) chosen.add(at);
    }
    selected = chosen;
    draw();
  }

  function playGroup(play, high) {
    const up = play.face === "up";
    const count = up ? play.tiles.length : play.count ?? (play.tiles || []).length;
    const tiles = up
      ? play.tiles.map((code) => piece("tile", code, "mini", pieceLabel(code)))
      : [el("span", { role: "img", "aria-label": t("face_down", { num: count }), class: "tiles" },
          ...Array.from({ length: count }, () => piece("tile", "back", "mini", null)))];
    return el("div", { class: `play-group${high ? " high" : ""}` },
      el("span", { text: seatName(play.seat) }),
      el("span", { class: "tiles" }, tiles),
      high ? el("span", { class: "badge", text: t("high_group") }) : null);
  }

  function trickBlock(plays, heading) {
    let high = -1;
    plays.forEach((p, i) => { if (p.face === "up") high = i; });
    return [el("h3", { text: heading }),
      plays.length ? el("div", { class: "trick-plays" }, plays.map((p, i) => playGroup(p, i === high)))
        : el("p", { text: t("trick_empty") })];
  }

  function seats(view) {
    for (const box of document.querySelectorAll(".seat")) {
      const seat = Number(box.dataset.seat);
      const badges = [];
      if (view.banker === seat) badges.push(el("span", { class: "badge", text: t("banker") }));
      if (view.to_act === seat && !view.over) badges.push(el("span", { class: "badge", text: t("to_act") }));
      box.setAttribute("aria-label", t("seat_label", { name: seatName(seat) }));
      box.setAttribute("role", "group");
      box.replaceChildren(
        el("div", { class: "seat-name" }, el("span", { text: seatName(seat) }), badges),
        el("div", { class: "seat-facts" },
          el("span", { text: t("columns", { num: view.columns[seat] }) }),
          el("span", { text: t("tiles_in_hand", { num: view.hand_sizes[seat] }) }),
          el("span", { text: t("money", { amount: signed(view.money[seat]) }) })));
    }
  }

  function centre(view) {
    const box = $("centre");
    if (view.trick.length === 0 && view.tricks.length) {
      const last = view.tricks[view.tricks.length - 1];
      box.replaceChildren(...trickBlock(last.plays, ts("last_trick", last.winner)));
    } else {
      box.replaceChildren(...trickBlock(view.trick, t("current_trick")));
    }
  }

  function hand(view, myTurn, busy) {
    const box = $("hand");
    const signature = `${current.id}/${current.deal_no}/${view.hand.join(",")}`;
    if (signature !== handSignature) {
      handSignature = signature;
      selected = new Set();
    }
    box.replaceChildren(...view.hand.map((code, i) => {
      const button = el("button", {
        type: "button",
        class: "piece-button",
        "aria-pressed": selected.has(i) ? "true" : "false",
        "aria-label": pieceLabel(code),
        "data-key": `tile-${i}-${code}`,
        "data-code": code,
        disabled: !myTurn || busy,
        onclick: () => {
          if (selected.has(i)) selected.delete(i); else selected.add(i);
          draw();
        },
      }, piece("tile", code, "big", null));
      return button;
    }));
  }

  function optionList(heading, plays) {
    return [el("p", { text: heading }), el("ul", {}, plays.map((p) => el("li", {},
      el("button", { type: "button", class: "group-option", "data-key": `opt-${key(p.tiles)}`, onclick: () => selectCodes(p.tiles) },
        tilesText(p.tiles)))))];
  }

  function choice(view, myTurn) {
    const box = $("choice");
    const playButton = $("act-play");
    const downButton = $("act-down");
    playButton.disabled = true;
    downButton.disabled = true;
    if (!myTurn) { box.replaceChildren(); return; }
    const sel = selectedCodes();
    const up = view.legal.filter((p) => p.face === "up");
    const down = view.legal.filter((p) => p.face === "down");
    const canUp = sel.length > 0 && up.some((p) => key(p.tiles) === key(sel));
    const canDown = sel.length > 0 && down.some((p) => key(p.tiles) === key(sel));
    playButton.disabled = !canUp;
    downButton.disabled = !canDown;
    const leading = view.trick.length === 0;
    const parts = [];
    if (leading) {
      if (!sel.length) parts.push(el("p", { text: t("select_lead") }));
      else if (canUp) parts.push(el("p", { text: t("up_lead") }));
      else {
        const groups = up.filter((p) => within(sel, p.tiles));
        if (groups.length) parts.push(...optionList(t("groups_with"), groups));
        else parts.push(el("p", { class: "explain", text: t("no_group") }));
      }
    } else {
      const first = view.trick[0];
      const need = first.face === "up" ? first.tiles.length : first.count;
      let highPlay = null;
      for (const p of view.trick) if (p.face === "up") highPlay = p;
      if (!up.length) parts.push(el("p", { text: t("must_down") }));
      if (sel.length > need) parts.push(el("p", { class: "explain", text: t("too_many", { num: need }) }));
      else if (sel.length < need) {
        parts.push(el("p", { text: t("select_follow", { num: need }) }));
        const groups = up.filter((p) => within(sel, p.tiles));
        if (groups.length) parts.push(...optionList(t("beating_groups"), groups));
      } else if (canUp) parts.push(el("p", { text: t("can_play_up") }));
      else if (highPlay) parts.push(el("p", { class: "explain", text: t("down_only", { high: tilesText(highPlay.tiles) }) }));
    }
    box.replaceChildren(...parts);
  }

  function lastTrick(view) {
    const button = $("act-last");
    const panel = $("last-trick");
    const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
    button.disabled = !last;
    button.setAttribute("aria-expanded", showLast && last ? "true" : "false");
    button.textContent = showLast && last ? t("hide_last") : t("show_last");
    panel.hidden = !(showLast && last);
    if (last && showLast) panel.replaceChildren(...trickBlock(last.plays, ts("last_trick", last.winner)));
  }

  function result(table) {
    const box = $("result");
    const view = table.view;
    if (!view.over || !view.result) { box.hidden = true; box.replaceChildren(); return; }
    const r = view.result;
    const labels = [t("player"), t("col_columns"), t("col_immediate"), t("col_settlement"), t("net"), t("total")];
    // each cell carries its column's heading, so a phone can show the rows as labelled blocks
    const num = (n, col) => el("td", { class: n > 0 ? "num-pos" : n < 0 ? "num-neg" : "", "data-label": labels[col], text: signed(n) });
    const rows = [0, 1, 2, 3].map((s) => el("tr", { class: s === r.winner ? "winner" : "" },
      el("th", { scope: "row", text: seatName(s) }),
      el("td", { "data-label": labels[1], text: h.numbers.format(r.columns[s]) }),
      num(r.immediate[s], 2), num(r.settlement[s], 3), num(r.net[s], 4), num(table.totals[s], 5)));
    const wasHidden = box.hidden;
    box.hidden = false;
    box.replaceChildren(
      el("h2", { id: "result-heading", text: t("result_title") }),
      el("p", { class: "winner", text: t("winner", { name: seatName(r.winner) }) }),
      el("p", { text: t("next_banker", { name: seatName(r.next_banker) }) }),
      el("div", { class: "table-scroll" }, el("table", { class: "stack-narrow" },
        el("thead", {}, el("tr", {}, labels.map((label) => el("th", { scope: "col", text: label })))),
        el("tbody", {}, rows))));
    if (wasHidden) box.scrollIntoView({ block: "nearest" });
  }

  function draw(busy = false) {
    if (!current) return;
    h.keepFocus(() => {
      const view = current.view;
      const myTurn = current.status === "human";
      seats(view);
      centre(view);
      hand(view, myTurn, busy);
      choice(view, myTurn && !busy);
      lastTrick(view);
      result(current);
    });
  }

  $("act-play").addEventListener("click", () => h.act({ tiles: selectedCodes(), face: "up" }));
  $("act-down").addEventListener("click", () => h.act({ tiles: selectedCodes(), face: "down" }));
  $("act-last").addEventListener("click", () => { showLast = !showLast; draw(); });

  return {
    render(table, busy) { current = table; draw(busy); },
    setTable(table) { current = table; },
    clearSelection() { selected = new Set(); },
    showHint(action) { if (action && action.tiles) selectCodes(action.tiles); },
    describe(allEntries) {
      const out = [];
      const view = current ? current.view : null;
      if (!view) return out;
      // only this deal's plays: their position in the deal tells a lead from a follow
      const entries = allEntries.filter((e) => e.deal_no === undefined || e.deal_no === current.deal_no);
      let index = view.actions - entries.length; // the deal's play number of the first entry
      for (const entry of entries) {
        const a = entry.action || {};
        const seat = entry.seat;
        if (a.face === "down") out.push(ts("played_down", seat, { num: a.count ?? (a.tiles || []).length }));
        else if (index % 4 === 0) out.push(ts("led", seat, { tiles: tilesText(a.tiles || []) }));
        else out.push(ts("played_up", seat, { tiles: tilesText(a.tiles || []) }));
        if (index % 4 === 3) {
          const trick = view.tricks[Math.floor(index / 4)];
          if (trick) out.push(ts("won_trick", trick.winner, { num: trick.size }));
          if (trick && trick.payments.some((p) => p !== 0)) {
            const list = new Intl.ListFormat(h.data.lang, { type: "unit" });
            const parts = trick.payments.map((p, s) => t("seat_amount", { name: seatName(s), amount: signed(p) }));
            out.push(t("paid_now", { list: list.format(parts) }));
          }
        }
        index += 1;
      }
      return out;
    },
  };
}
