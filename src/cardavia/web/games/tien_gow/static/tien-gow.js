// Tien Gow at the table: the hand as tile buttons, the legal groups a selection can make, the
// trick, the seats' columns and payments, the last trick, and the end-of-deal settlement.

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

export default function createTienGow(h) {
  const { t, ts, el, piece, pieceLabel, pieceText, signed, seatName } = h;
  let selected = new Set(); // indices into the hand
  const newHand = h.handWatch();
  let current = null;
  let showLast = false;
  let focusIndex = 0; // the hand's one tab stop
  let shownPlays = ""; // the trick's plays already drawn: only a new one travels in
  let gathered = 0; // finished tricks already gathered to their winner
  let gatherTimer = null;
  const result = h.endPanel();

  const $ = (id) => document.getElementById(id);
  const tilesText = (codes) => codes.map(pieceText).join(" + ");
  const selectedCodes = () => [...selected].sort((a, b) => a - b).map((i) => current.view.hand[i]);

  function selectCodes(codes) {
    selected = h.indicesOf(current.view.hand, codes);
    draw();
  }

  function playGroup(play, high, fresh) {
    const up = play.face === "up";
    const count = up ? play.tiles.length : play.count ?? (play.tiles || []).length;
    // a face-down play is its backs, but the player's own shows its tiles (the view gives them to
    // that seat alone), dimmed, in a group named as face down
    const own = !up && Array.isArray(play.tiles) && play.tiles.length > 0;
    const tiles = up
      ? play.tiles.map((code) => piece("tile", code, "mini", pieceLabel(code)))
      : own
        ? [el("span", { role: "group", "aria-label": t("face_down", { num: count }), class: "tiles own-down" },
            ...play.tiles.map((code) => piece("tile", code, "mini", pieceLabel(code))))]
        : [el("span", { role: "img", "aria-label": t("face_down", { num: count }), class: "tiles" },
            ...Array.from({ length: count }, () => piece("tile", "back", "mini", null)))];
    // each play sits on the side of the seat that made it, and a new one travels in from there
    return el("div", {
      class: `play-group${high ? " high" : ""}${up ? "" : " down"}`,
      "data-pos": h.posOf(play.seat),
      "data-motion-from": fresh ? String(play.seat) : null,
      "data-motion-flip": fresh && !up ? "1" : null,
    },
      el("span", { class: "play-seat", text: seatName(play.seat) }),
      el("span", { class: "tiles" }, tiles),
      el("span", { class: `badge${high ? "" : " placeholder"}`, "aria-hidden": high ? null : "true", text: t("high_group") }));
  }

  // ``holder``: the seat whose play holds the trick, as the server says (a finished trick's winner,
  // the current trick's ``view.holder``): the page never works it out from the plays
  function trickBlock(plays, heading, holder, { fresh = () => false, done = false } = {}) {
    return [el("h2", { class: "trick-heading", text: heading }),
      el("div", { class: `trick-plays${done ? " done" : ""}` },
        plays.length ? plays.map((p, i) => playGroup(p, p.seat === holder, fresh(i)))
          : el("p", { class: "trick-empty", text: t("trick_empty") }))];
  }

  function seats(view) {
    for (const box of document.querySelectorAll(".seat")) {
      const seat = Number(box.dataset.seat);
      const badges = [];
      if (view.banker === seat) badges.push(el("span", { class: "badge", text: t("banker") }));
      if (h.actingSeat() === seat) badges.push(el("span", { class: "badge", text: t("to_act") }));
      box.setAttribute("aria-label", t("seat_label", { name: seatName(seat) }));
      box.setAttribute("role", "group");
      // an opponent's hand as the backs of its tiles, its count beside them
      const backs = seat === h.me() ? null : el("div", { class: "backs", role: "img", "aria-label": t("tiles_in_hand", { num: view.hand_sizes[seat] }) },
        Array.from({ length: view.hand_sizes[seat] }, () => piece("tile", "back", "back", null)),
        el("span", { class: "count", "aria-hidden": "true", text: h.numbers.format(view.hand_sizes[seat]) }));
      box.replaceChildren(...[
        h.seatHeading(seat, badges),
        backs,
        el("div", { class: "seat-facts" },
          el("span", { text: t("columns", { num: view.columns[seat] }) }),
          seat === h.me() ? el("span", { text: t("tiles_in_hand", { num: view.hand_sizes[seat] }) }) : null,
          el("span", { text: t("money", { amount: signed(view.money[seat]) }) }))].filter(Boolean));
    }
  }

  // The current trick; a trick just finished stays for a while ("won by"), then goes to its winner.
  function centre(view) {
    const box = $("centre");
    const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
    if (view.trick.length === 0 && last && (gathered < view.tricks.length || view.over)) {
      const sig = `${current.id}/${current.deal_no}/done${view.tricks.length}`;
      const fresh = shownPlays !== sig && shownPlays.startsWith(`${current.id}/${current.deal_no}/t${view.tricks.length - 1}:`);
      const before = shownPlays.split(":")[1] ? shownPlays.split(":")[1].split(",").length : 0;
      box.replaceChildren(...trickBlock(last.plays, ts("last_trick", last.winner), last.winner, { fresh: (i) => fresh && i >= before, done: true }));
      if (shownPlays !== sig && view.over) shownPlays = sig;
      if (shownPlays !== sig) {
        shownPlays = sig;
        const count = view.tricks.length;
        clearTimeout(gatherTimer);
        const hold = h.motion.hold();
        const finish = () => { if (gathered < count) { gathered = count; draw(); } };
        if (hold <= 0) finish();
        else gatherTimer = setTimeout(() => {
          const plays = box.querySelector(".trick-plays.done");
          h.motion.gather(plays, last.winner, finish);
        }, Math.max(0, hold - h.motion.duration()));
      }
      return;
    }
    if (view.trick.length) gathered = view.tricks.length;
    const sig = `${current.id}/${current.deal_no}/t${view.tricks.length}:${view.trick.map((p) => p.seat).join(",")}`;
    const before = shownPlays.startsWith(`${current.id}/${current.deal_no}/t${view.tricks.length}:`)
      ? (shownPlays.split(":")[1] ? shownPlays.split(":")[1].split(",").length : 0) : 0;
    const isNew = sig !== shownPlays;
    shownPlays = sig;
    box.replaceChildren(...trickBlock(view.trick, t("current_trick"), view.holder, { fresh: (i) => isNew && i >= before }));
  }

  // Which tiles can take part in a play that counts: when leading, the groups the selection can
  // grow into; when following, the plays that beat the trick (the rest can only go face down).
  function marks(view, myTurn) {
    if (!myTurn) return null;
    const sel = selectedCodes();
    const up = view.legal.filter((p) => p.face === "up" && within(sel, p.tiles));
    if (!view.legal.some((p) => p.face === "up")) return null;
    // nothing to tell apart when every tile can start a lead
    if (!sel.length && view.trick.length === 0) return null;
    const usable = new Set();
    for (const p of up) {
      const left = [...p.tiles];
      for (const code of sel) left.splice(left.indexOf(code), 1);
      left.forEach((code) => usable.add(code));
    }
    return usable;
  }

  function hand(view, myTurn, busy) {
    const box = $("hand");
    if (newHand(current, view.hand)) {
      selected = new Set();
      focusIndex = Math.min(focusIndex, Math.max(0, view.hand.length - 1));
    }
    const usable = marks(view, myTurn && !busy);
    box.replaceChildren(...view.hand.map((code, i) => {
      const mark = !usable || selected.has(i) ? "" : usable.has(code) ? " legal" : " dim";
      return h.handButton("tile", code, i, {
        key: `tile-${i}-${code}`,
        mark,
        pressed: selected.has(i),
        off: !myTurn || busy,
        focused: i === focusIndex,
        onclick: () => {
          focusIndex = i;
          if (!myTurn || busy) return;
          if (selected.has(i)) selected.delete(i); else selected.add(i);
          draw();
        },
        ondblclick: () => { selected = new Set(); playFocused(i); },
        onfocus: () => { focusIndex = i; },
      });
    }));
  }

  // Enter (or a double click): play what is chosen, or the focused tile alone, the way it can go;
  // a choice the page cannot match is still sent, so the engine's reason for refusing it is shown.
  function playFocused(index) {
    if (!current || current.status !== "human") return;
    if (!selected.size) selected = new Set([index]);
    const sel = selectedCodes();
    const matches = (face) => current.view.legal.some((p) => p.face === face && key(p.tiles) === key(sel));
    const face = matches("up") ? "up" : matches("down") ? "down" : "up";
    h.act({ tiles: sel, face });
  }

  function optionList(heading, plays) {
    return [el("p", { text: heading }), el("ul", {}, plays.map((p) => el("li", {},
      el("button", { type: "button", class: "group-option", "data-key": `opt-${key(p.tiles)}`, onclick: () => selectCodes(p.tiles) },
        tilesText(p.tiles)))))];
  }

  function choice(view, myTurn, busy) {
    const box = $("choice");
    const playButton = $("act-play");
    const downButton = $("act-down");
    playButton.disabled = true;
    downButton.disabled = true;
    if (!myTurn) { box.replaceChildren(); return; }
    // while the move is on its way the explanation keeps its words (blanking it moved everything
    // below it up and back down again), and the buttons wait for the answer
    if (busy) return;
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
      else if (canUp) {
        parts.push(el("p", { text: t("up_lead") }));
        const bigger = up.filter((p) => p.tiles.length > sel.length && within(sel, p.tiles));
        if (bigger.length) parts.push(...optionList(t("groups_with"), bigger));
      } else {
        const groups = up.filter((p) => within(sel, p.tiles));
        if (groups.length) parts.push(...optionList(t("groups_with"), groups));
        else parts.push(el("p", { class: "explain", text: t("no_group") }));
      }
    } else {
      const first = view.trick[0];
      const need = first.face === "up" ? first.tiles.length : first.count;
      const highPlay = view.trick.find((p) => p.seat === view.holder);
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
    if (last && showLast) panel.replaceChildren(...trickBlock(last.plays, ts("last_trick", last.winner), last.winner));
  }

  function settlement(table) {
    const r = table.view.result;
    // each cell carries its column's heading, so a phone can show the rows as labelled blocks
    const labels = [t("player"), t("col_columns"), t("col_immediate"), t("col_settlement"), t("net"), t("total")];
    // each figure can open into its reasons (the engine's payment lines, see table.js)
    const num = (n, col, seat, kind) => h.signedCell(n, {
      "data-label": labels[col], "data-explain-seat": kind ? String(seat) : null, "data-explain-kind": kind || null,
    });
    const rows = [0, 1, 2, 3].map((s) => el("tr", { class: s === r.winner ? "winner" : "" },
      el("th", { scope: "row", text: seatName(s) }),
      el("td", { "data-label": labels[1], text: h.numbers.format(r.columns[s]) }),
      num(r.immediate[s], 2, s, "immediate"), num(r.settlement[s], 3, s, "settlement"), num(r.net[s], 4), num(table.totals[s], 5)));
    return [
      el("h2", { id: "result-heading", text: t("result_title") }),
      el("p", { class: "winner", text: t("winner", { name: seatName(r.winner) }) }),
      el("p", { text: t("next_banker", { name: seatName(r.next_banker) }) }),
      h.figures(labels, rows, { class: "stack-narrow" })];
  }

  const draw = h.drawing(() => current, ({ table, view, myTurn, busy }) => {
    seats(view);
    centre(view);
    hand(view, myTurn, busy);
    choice(view, myTurn, busy);
    lastTrick(view);
    result(table, view.over && Boolean(view.result), () => settlement(table));
  });

  $("act-play").addEventListener("click", () => h.act({ tiles: selectedCodes(), face: "up" }));
  $("act-down").addEventListener("click", () => h.act({ tiles: selectedCodes(), face: "down" }));
  $("act-last").addEventListener("click", () => { showLast = !showLast; draw(); });

  return {
    holds(previous, next) { return next.view.tricks.length > previous.view.tricks.length && !next.view.over; },
    playFocused,
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
        // the player's own face-down tiles are theirs to know (the server leaves them in their own
        // entries only): named, so a replay can set them beside the review's better move
        if (a.face === "down" && seat === h.me() && Array.isArray(a.tiles) && a.tiles.length) out.push(t("played_down_named_you", { tiles: tilesText(a.tiles) }));
        else if (a.face === "down") out.push(ts("played_down", seat, { num: a.count ?? (a.tiles || []).length }));
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
