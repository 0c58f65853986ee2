// Pai Gow at the table: four tiles to split into two hands of two, every seat at once and in
// secret. The page shows the splits the server lists as legal (each once), each with both hands' values
// as the engine names them (view.choices), the banker and who has set; at the reveal every seat's
// two hands, how each met the banker's and why (view.showings), the points and the round.

const key = (codes) => [...codes].sort().join("+");
const ROUND = 4; // deals in a round: the bank goes once round the four seats

export default function createPaiGow(h) {
  const { t, ts, el, piece, pieceLabel, pieceText, signed, seatName } = h;
  let current = null;
  let selected = new Set(); // indices into the hand
  let restarted = null; // the index a third choice started the hand again from, while it is chosen
  const newHand = h.handWatch();
  let focusIndex = 0; // the hand's one tab stop
  const result = h.endPanel();

  const $ = (id) => document.getElementById(id);
  const tilesText = (codes) => codes.map(pieceText).join(" + ");
  const selectedCodes = () => [...selected].sort((a, b) => a - b).map((i) => current.view.hand[i]);
  const canSet = () => Boolean(current) && current.status === "human" && current.view.legal.length > 0;

  // A hand's value in words, from the engine's key of it (the page works out no rule).
  function handName(hand) {
    const k = hand.key;
    if (k.category === "pair") {
      return hand.pair_of ? t(`hand_pair_${hand.pair_of}`) : t("hand_pair", { name: h.pieceName(hand.tiles[0]) });
    }
    if (k.category === "wong") return t("hand_wong", { name: h.pieceName(k.high) });
    if (k.category === "gong") return t("hand_gong", { name: h.pieceName(k.high) });
    return t("hand_points", { num: k.value });
  }
  const splitValues = (split) => t("split_values", { high: handName(split.high), low: handName(split.low) });
  const handText = (hand) => t("hand_tiles", { tiles: tilesText(hand.tiles), value: handName(hand) });

  // The legal split the chosen tiles make (two chosen: one of its hands is exactly those), if any.
  function chosenSplit(view) {
    const sel = selectedCodes();
    if (sel.length !== 2) return null;
    const at = view.choices.findIndex((c) => key(c.high.tiles) === key(sel) || key(c.low.tiles) === key(sel));
    return at < 0 ? null : { index: at, split: view.choices[at], action: view.legal[at] };
  }

  function selectCodes(codes) {
    selected = h.indicesOf(current.view.hand, codes);
    draw();
  }

  function handTiles(hand, cls = "mini") {
    return el("span", { class: "tiles", role: "group", "aria-label": handText(hand) },
      hand.tiles.map((code) => piece("tile", code, cls, pieceLabel(code))));
  }

  function seats(view) {
    const shows = view.showings || [];
    for (const box of document.querySelectorAll(".seat")) {
      const seat = Number(box.dataset.seat);
      const badges = [];
      if (view.banker === seat) badges.push(el("span", { class: "badge banker", text: t("banker") }));
      box.setAttribute("aria-label", t("seat_label", { name: seatName(seat) }));
      box.setAttribute("role", "group");
      const show = shows.find((s) => s.seat === seat);
      let body = null;
      if (show) {
        // the reveal: both hands, the result against the banker
        body = el("div", { class: "pg-seat-hands" },
          el("div", { class: "pg-seat-hand" }, handTiles(show.high), el("span", { class: "pg-value", text: handName(show.high) })),
          el("div", { class: "pg-seat-hand" }, handTiles(show.low), el("span", { class: "pg-value", text: handName(show.low) })),
          show.result ? el("span", { class: `pg-result pg-${show.result}`, text: t(`result_${show.result}`) }) : null);
      } else if (seat !== h.me()) {
        // before the reveal another seat is its tiles' backs and whether it has set, nothing more
        body = el("div", { class: "backs", "aria-hidden": "true" },
          Array.from({ length: view.hand_sizes[seat] }, () => piece("tile", "back", "back", null)));
      }
      // nobody decides while the table waits for invited people to take their seats
      const state = show || seat === h.me() || current.status === "waiting" ? null
        : el("span", { class: `pg-state${view.set[seat] ? " done" : ""}`, text: t(view.set[seat] ? "has_set" : "deciding") });
      box.replaceChildren(...[
        h.seatHeading(seat, badges),
        state,
        body,
        el("div", { class: "seat-facts" }, el("span", { text: t("points_total", { amount: signed(current.totals[seat] ?? 0) }) })),
      ].filter(Boolean));
    }
  }

  // The felt's centre: where the round stands and who banks.
  function centre(view) {
    const box = $("centre");
    const inRound = ((current.deal_no - 1) % ROUND) + 1;
    box.replaceChildren(
      el("p", { class: "pg-round", text: t("round_of", { deal: inRound }) }),
      el("p", { class: "pg-banks", text: ts("banks", view.banker, { name: seatName(view.banker) }) }));
  }

  function hand(view, busy) {
    const box = $("hand");
    if (newHand(current, view.hand)) {
      selected = new Set();
      restarted = null;
      focusIndex = Math.min(focusIndex, Math.max(0, view.hand.length - 1));
    }
    const open = canSet() && !busy;
    // once set, the tiles stand as the two hands the seat made: high first, then low
    const own = view.own;
    const order = own ? [...own.high.tiles, ...own.low.tiles] : view.hand;
    const used = new Set();
    box.replaceChildren(...order.map((code, shown) => {
      const i = view.hand.findIndex((c, j) => c === code && !used.has(j));
      used.add(i);
      return h.handButton("tile", code, i, {
        key: `tile-${i}-${code}`,
        mark: own ? (shown < 2 ? " pg-high" : " pg-low") : "",
        pressed: selected.has(i),
        off: !open,
        focused: i === focusIndex,
        onclick: () => { focusIndex = i; toggle(i); },
        onfocus: () => { focusIndex = i; },
      });
    }));
  }

  // Choosing: at most the two tiles of one hand; a third choice starts the hand again from it,
  // and the explanation says so (the first two did not vanish silently)
  function toggle(i) {
    if (!canSet()) return;
    restarted = null;
    if (selected.has(i)) selected.delete(i);
    else if (selected.size >= 2) { selected = new Set([i]); restarted = i; }
    else selected.add(i);
    draw();
  }

  function choice(view, busy) {
    const box = $("choice");
    const setButton = $("act-set");
    const autoButton = $("act-auto");
    const open = canSet() && !busy;
    const chosen = open ? chosenSplit(view) : null;
    setButton.disabled = !chosen;
    autoButton.disabled = !open;
    if (view.over) { box.replaceChildren(); return; }
    if (!open) {
      box.replaceChildren(view.own ? el("p", {}, t("waiting_set"), " ", el("span", { class: "pg-values", text: splitValues(view.own) })) : "");
      return;
    }
    const sel = selectedCodes();
    // the values of the hands chosen so far, else what to do
    const parts = [chosen ? el("p", { class: "pg-values", text: splitValues(chosen.split) })
      : el("p", { text: sel.length !== 1 ? t("choose")
        : restarted !== null && selected.has(restarted) ? t("choose_again", { tile: pieceText(view.hand[restarted]) })
          : t("choose_one_more") })];
    // the three ways to split, each with both hands' values; the one the chosen tiles make is marked
    parts.push(el("ul", { class: "pg-splits" }, view.choices.map((split, at) => {
      const mine = chosen && chosen.index === at;
      const fits = sel.length === 1 && (split.high.tiles.includes(sel[0]) || split.low.tiles.includes(sel[0]));
      const label = t("split_label", { high: handText(split.high), low: handText(split.low) });
      return el("li", {}, el("button", {
        type: "button",
        class: `pg-split${mine ? " chosen" : ""}${fits ? " fits" : ""}`,
        "aria-pressed": mine ? "true" : "false",
        "aria-label": label,
        "data-key": `split-${key(split.high.tiles)}`,
        onclick: () => selectCodes(view.legal[at].hand),
      },
        el("span", { class: "pg-split-hand" }, handTiles(split.high), el("span", { class: "pg-value", text: handName(split.high) })),
        el("span", { class: "pg-split-sep", "aria-hidden": "true", text: "·" }),
        el("span", { class: "pg-split-hand" }, handTiles(split.low), el("span", { class: "pg-value", text: handName(split.low) }))));
    })));
    box.replaceChildren(...parts);
  }

  // One comparison with the banker in words: who won the hand, and why.
  function versus(hand, bank) {
    const params = { hand: handName(hand), banker: handName(bank) };
    if (hand.why === "beat-tile") return t("vs_win_tile", { hand: params.hand, tile: pieceText(hand.key.high) });
    if (hand.why === "beaten-tile") return t("vs_loss_tile", { hand: params.hand, tile: pieceText(bank.key.high) });
    const words = { beat: "vs_win", beaten: "vs_loss", copy: "vs_copy", "zero-zero": "vs_zero", tie: "vs_tie" };
    return t(words[hand.why] || "vs_loss", params);
  }

  function reveal(table) {
    const view = table.view;
    const bank = view.showings.find((s) => s.seat === view.banker);
    const ended = (table.deals || []).find((d) => d.deal_no === table.deal_no);
    const returns = ended ? ended.returns : view.result.net;
    // one block a seat (a list, not a wide table: a phone shows it whole): its result, both hands
    // with their values and how each met the banker's, its points
    const line = (show, side) => el("p", { class: "pg-reveal-hand" },
      el("span", { class: "pg-side", text: t(side === "high" ? "high_hand" : "low_hand") }), " ",
      handTiles(show[side]), " ", el("span", { class: "pg-value", text: handName(show[side]) }),
      show[side].why ? el("span", { class: `pg-vs pg-${show[side].why}`, text: versus(show[side], bank[side]) }) : null);
    const items = view.showings.map((show) => el("li", { class: show.seat === view.banker ? "pg-bank-row" : "" },
      el("h3", {}, seatName(show.seat), " ",
        show.seat === view.banker ? el("span", { class: "badge banker", text: t("banker") })
          : el("span", { class: `pg-result pg-${show.result}`, text: t(`result_${show.result}`) })),
      line(show, "high"), line(show, "low"),
      el("p", { class: "pg-points" },
        el("span", { class: h.signClass(returns[show.seat]) },
          t("points_line", { amount: signed(returns[show.seat]) })), " · ",
        el("span", {}, t("total_line", { amount: signed(table.totals[show.seat] ?? 0) })))));
    return [
      el("h2", { id: "result-heading", text: t("reveal_title") }),
      el("ul", { class: "pg-reveal" }, items),
      el("p", { text: ts("next_banker", view.result.next_banker, { name: seatName(view.result.next_banker) }) })];
  }

  // The round's standings: each deal of the round so far (who banked, each seat's points), and the
  // table's running totals. The server's finished deals say each seat's returns and the banker.
  function standings(table) {
    const section = $("pg-standings");
    const body = $("pg-standings-body");
    if (!section || !body) return;
    const first = Math.floor((table.deal_no - 1) / ROUND) * ROUND + 1;
    const deals = (table.deals || []).filter((d) => d.deal_no >= first && d.deal_no < first + ROUND);
    if (!deals.length) { section.hidden = true; return; }
    section.hidden = false;
    const seatsOrder = [0, 1, 2, 3];
    const labels = [t("player"), ...deals.map((d) => t("deal_no", { num: d.deal_no })), t("col_total")];
    const rows = seatsOrder.map((seat) => el("tr", {},
      el("th", { scope: "row", text: seatName(seat) }),
      deals.map((d) => el("td", { class: d.result && d.result.banker === seat ? "pg-banked" : "" },
        signed(d.returns[seat]), d.result && d.result.banker === seat ? el("span", { class: "badge banker", text: t("banker") }) : null)),
      el("td", { text: signed(table.totals[seat] ?? 0) })));
    const done = deals.length === ROUND;
    body.replaceChildren(
      el("p", { text: done ? t("round_done") : t("round_of", { deal: ((table.deal_no - 1) % ROUND) + 1 }) }),
      h.figures(labels, rows, { class: "pg-standings-table" }));
  }

  const draw = h.drawing(() => current, ({ table, view, busy }) => {
    seats(view);
    centre(view);
    hand(view, busy);
    choice(view, busy);
    result(table, view.over && Boolean(view.showings), () => reveal(table));
    standings(table);
  });

  // Enter: with the two tiles of a hand chosen, set; otherwise choose the focused tile.
  function playFocused(index) {
    if (!canSet()) return;
    const chosen = chosenSplit(current.view);
    if (chosen) { h.act(chosen.action); return; }
    toggle(index);
  }

  $("act-set").addEventListener("click", () => {
    const chosen = current ? chosenSplit(current.view) : null;
    if (chosen) h.act(chosen.action);
  });
  // Set for me: the split the table's Hint gives (the review's best, valued exactly), set at once
  $("act-auto").addEventListener("click", async () => {
    if (!canSet()) return;
    let reply = null;
    try { reply = await fetch(`/api/tables/${encodeURIComponent(current.id)}/hint`, { credentials: "same-origin" }); } catch (e) { reply = null; }
    if (!reply || !reply.ok) return;
    const body = await reply.json();
    if (body && body.action && Array.isArray(body.action.hand)) {
      selectCodes(body.action.hand);
      h.act({ hand: body.action.hand });
    }
  });

  return {
    holds() { return false; },
    playFocused,
    render(table, busy) { current = table; draw(busy); },
    setTable(table) { current = table; },
    clearSelection() { selected = new Set(); restarted = null; },
    showHint(action) { if (action && Array.isArray(action.hand)) selectCodes(action.hand); },
    describe(allEntries) {
      const out = [];
      if (!current) return out;
      const view = current.view;
      const entries = allEntries.filter((e) => e.deal_no === undefined || e.deal_no === current.deal_no);
      for (const entry of entries) {
        if (entry.seat === h.me() && view.own) out.push(t("set_log_you", { high: handText(view.own.high), low: handText(view.own.low) }));
        else out.push(t("set_log", { name: seatName(entry.seat) }));
      }
      return out;
    },
  };
}
