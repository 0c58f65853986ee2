// Gaple at the table: one line of tiles growing at both ends, laid on their sides (a double across),
// wrapping to fit the felt. The tiles that fit are marked before the player chooses (from the legal
// actions the server sends: this module works out no rule); a tile that fits both ends waits for the
// player to choose the end, on the line itself or with Left end / Right end. Passes are shown on the
// seats and said in the log; a blocked deal is explained with every count and the tie rule; the
// match score to its target runs from deal to deal.

const SVG = "http://www.w3.org/2000/svg";
const SYMBOL = "double-six";

export default function createGaple(h) {
  const { t, ts, el, piece, pieceLabel, pieceText, seatName } = h;
  const $ = (id) => document.getElementById(id);
  const n = (x) => h.numbers.format(x);
  // a text about the pips at the two ends: both said ("a 4 or a 5"), or said once where both ends
  // show the same pips (its "_one" text: "a 5", never "a 5 or a 5")
  const endsText = (key, ends) => (ends[0] === ends[1] ? [`${key}_one`, { pip: n(ends[0]) }] : [key, { left: n(ends[0]), right: n(ends[1]) }]);
  let current = null;
  let selected = null; // the chosen tile's code
  let focusIndex = 0;
  const newHand = h.handWatch();
  const result = h.endPanel();
  let lineCount = 0; // tiles on the line when last drawn: the new one is the one that moved

  const me = () => h.me();
  const myTurn = () => Boolean(current) && current.status === "human";
  const plays = (view) => view.legal.filter((a) => a.do === "play");
  // where a tile may go now, from the legal actions: "open", "left", "right" (both: two entries)
  function endsFor(view, code) {
    const out = [];
    for (const a of plays(view)) if (a.tile === code) out.push(a.end || "open");
    return out;
  }

  // ---- a tile on the line: on its side with its halves as they lie, a double across ----------
  function lineTile(p, fresh) {
    const [left, right] = p.pips;
    const double = left === right;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", `gp-lt${double ? " gp-double" : ""}`);
    svg.setAttribute("viewBox", double ? "0 0 50 100" : "0 0 100 50");
    svg.setAttribute("focusable", "false");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", pieceLabel(p.tile));
    if (fresh !== null) svg.dataset.motionFrom = String(fresh);
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `#${SYMBOL}-${p.tile}`);
    if (!double) {
      // the symbol stands upright, low half on top: turned left the low half faces left
      use.setAttribute("width", "50");
      use.setAttribute("height", "100");
      use.setAttribute("transform", left <= right ? "translate(0 50) rotate(-90)" : "translate(100 0) rotate(90)");
    }
    svg.append(use);
    return svg;
  }

  // the button at one end of the line that lays the chosen tile there
  function endButton(view, end) {
    const pip = view.ends[end === "left" ? 0 : 1];
    return el("button", {
      type: "button",
      class: `gp-end gp-end-${end}`,
      "data-key": `end-${end}`,
      "aria-label": t("end_button", { tile: pieceText(selected), pip: n(pip) }),
      onclick: () => lay(selected, end),
    }, el("span", { "aria-hidden": "true", text: end === "left" ? `◀ ${n(pip)}` : `${n(pip)} ▶` }));
  }

  function lineBox(view) {
    const line = view.line;
    const live = myTurn() && selected !== null && view.ends !== null;
    const ends = live ? endsFor(view, selected) : [];
    // the newest tile came from the seat that played last (the history's last play)
    const last = [...view.history].reverse().find((a) => a.do === "play");
    const grew = line.length > lineCount;
    const freshAt = !grew || !last ? -1 : last.end === "left" ? 0 : line.length - 1;
    lineCount = line.length;
    const tiles = line.map((p, i) => lineTile(p, i === freshAt ? last.seat : null));
    const parts = [];
    if (ends.includes("left")) parts.push(endButton(view, "left"));
    parts.push(...tiles);
    if (ends.includes("right")) parts.push(endButton(view, "right"));
    const box = el("div", {
      class: "gp-line",
      role: "group",
      "aria-label": t("line_label", { num: line.length }),
    }, line.length ? parts : el("p", { class: "gp-empty", text: t("line_empty") }));
    const endsText = view.ends ? el("p", { class: "gp-ends" },
      el("span", { class: "gp-end-mark", "aria-hidden": "true", text: `◀ ${n(view.ends[0])}` }),
      el("span", { class: "gp-ends-words", text: t("ends_line", { left: n(view.ends[0]), right: n(view.ends[1]) }) }),
      el("span", { class: "gp-end-mark", "aria-hidden": "true", text: `${n(view.ends[1])} ▶` })) : null;
    return [endsText, box];
  }

  // ---- the match score to its target ---------------------------------------------------------
  function sides(view) {
    // with teams: the player's team and the other; else each seat, the player first
    if (view.scores.length === 2) return [[me() % 2, t("team_us")], [1 - (me() % 2), t("team_them")]];
    return [0, 1, 2, 3].map((k) => (me() + k) % 4).map((s) => [s, seatName(s)]);
  }
  function matchScores(table) {
    const view = table.view;
    if (view.result && view.result.scores) return view.result.scores;
    return view.scores;
  }
  function matchBox(table) {
    const view = table.view;
    const scores = matchScores(table);
    const target = view.target;
    return el("div", { class: "gp-match" },
      el("span", { class: "gp-match-heading", text: t("match_to", { target: n(target) }) }),
      el("ul", { class: "gp-match-list" }, sides(view).map(([side, name]) => el("li", {},
        el("span", { text: t("match_side", { name, score: n(scores[side]) }) }),
        el("meter", { min: "0", max: String(target), value: String(Math.min(target, scores[side])), "aria-hidden": "true" })))));
  }

  // ---- seats ----------------------------------------------------------------------------------
  function lastActionOf(view, seat) {
    for (let i = view.history.length - 1; i >= 0; i--) if (view.history[i].seat === seat) return view.history[i];
    return null;
  }

  function seats(view) {
    const scores = matchScores(current);
    for (const box of document.querySelectorAll(".seat")) {
      const seat = Number(box.dataset.seat);
      const badges = [];
      if (view.opener === seat && view.line.length) badges.push(el("span", { class: "badge quiet", text: t("opens_badge") }));
      if (h.actingSeat() === seat) badges.push(el("span", { class: "badge", text: t("to_act") }));
      if (view.partner === seat) badges.push(el("span", { class: "badge quiet", text: t("partner_badge") }));
      box.setAttribute("aria-label", t("seat_label", { name: seatName(seat) }));
      box.setAttribute("role", "group");
      const size = view.hand_sizes[seat];
      const result = view.result && !view.result.annulled ? view.result : null;
      let body = null;
      if (result && seat !== me()) {
        // the end: every hand shown
        const left = result.hands[seat];
        body = el("div", { class: "gp-shown", role: "group", "aria-label": t("tiles_in_hand", { num: left.length }) },
          left.length ? left.map((c) => piece(SYMBOL, c, "mini", pieceLabel(c))) : el("span", { text: t("no_tiles") }));
      } else if (seat !== me()) {
        body = el("div", { class: "backs", role: "img", "aria-label": t("tiles_in_hand", { num: size }) },
          Array.from({ length: size }, () => piece(SYMBOL, "back", "back", null)),
          el("span", { class: "count", "aria-hidden": "true", text: n(size) }));
      }
      const facts = [];
      const last = lastActionOf(view, seat);
      // a pass stays on the seat until its next turn: shown as a word with a mark, not a colour
      if (last && last.do === "pass" && !view.over) facts.push(el("span", { class: "tag gp-passed", text: t("pass_badge") }));
      if (view.dead_sizes[seat]) facts.push(el("span", { text: t("dead_tiles", { num: view.dead_sizes[seat] }) }));
      if (seat === me()) facts.push(el("span", { text: t("tiles_in_hand", { num: size }) }));
      if (scores.length === 4) facts.push(el("span", { class: "gp-score", text: t("score_line", { score: n(scores[seat]) }) }));
      box.replaceChildren(...[
        h.seatHeading(seat, badges),
        body,
        el("div", { class: "seat-facts" }, facts)].filter(Boolean));
    }
  }

  // ---- the hand -------------------------------------------------------------------------------
  function hand(view, busy) {
    const box = $("hand");
    if (newHand(current, view.hand)) {
      selected = null;
      focusIndex = Math.min(focusIndex, Math.max(0, view.hand.length - 1));
    }
    const playing = myTurn() && !busy;
    const discarding = view.legal.some((a) => a.do === "discard");
    if (selected !== null && !view.hand.includes(selected)) selected = null;
    box.replaceChildren(...view.hand.map((code, i) => {
      const ends = endsFor(view, code);
      const legal = ends.length > 0 || discarding;
      const mark = playing ? (legal ? " legal" : " dim") : "";
      const where = ends.includes("open") ? "fits_open" : ends.length === 2 ? "fits_both"
        : ends.includes("left") ? "fits_left" : ends.includes("right") ? "fits_right" : "fits_none";
      const label = playing && !discarding ? t(where, { tile: pieceLabel(code) }) : pieceLabel(code);
      return h.handButton(SYMBOL, code, i, {
        key: `tile-${code}`,
        mark: `${mark}${ends.length === 2 ? " gp-both" : ""}`,
        pressed: selected === code,
        label,
        off: !playing || !legal,
        focused: i === focusIndex,
        onclick: () => { focusIndex = i; choose(code); },
        onfocus: () => { focusIndex = i; },
      });
    }));
  }

  // Choosing a tile: one that fits one end is laid by choosing it again (or Play); one that fits
  // both waits for its end; a tile that fits nowhere is sent all the same, so that the engine's
  // refusal says why (the ends it does not match).
  function choose(code) {
    if (!myTurn()) return;
    const view = current.view;
    if (view.legal.some((a) => a.do === "discard")) {
      if (selected === code) h.act({ do: "discard", tile: code });
      else { selected = code; draw(); }
      return;
    }
    const ends = endsFor(view, code);
    if (!ends.length) { h.act({ do: "play", tile: code }); return; }
    if (selected === code && ends.length === 1) { lay(code, ends[0]); return; }
    selected = code;
    draw();
  }

  function lay(code, end) {
    if (code === null || !myTurn()) return;
    const action = { do: "play", tile: code };
    if (end && end !== "open") action.end = end;
    h.act(action);
  }

  function playFocused(index) {
    if (!myTurn()) return;
    const code = current.view.hand[index];
    if (code === undefined) return;
    const ends = endsFor(current.view, code);
    // Enter lays a tile that fits one end; one that fits both is chosen, its end asked for
    if (ends.length === 1) { lay(code, ends[0]); return; }
    choose(code);
  }

  // ---- the controls and the explanation -------------------------------------------------------
  function show(id, on, enabled = on) {
    const node = $(id);
    node.hidden = !on;
    node.disabled = !enabled;
  }

  function controls(view, busy) {
    const live = myTurn() && !busy;
    const ends = selected !== null ? endsFor(view, selected) : [];
    const discarding = view.legal.some((a) => a.do === "discard");
    $("act-play").hidden = discarding || ends.length === 2;
    $("act-play").disabled = !(live && ends.length === 1);
    show("act-left", live && ends.length === 2, live);
    show("act-right", live && ends.length === 2, live);
    show("act-pass", view.legal.some((a) => a.do === "pass"), live);
    show("act-discard", discarding, live && selected !== null);
  }

  function choice(view) {
    const box = $("choice");
    const parts = [];
    if (myTurn()) {
      const ends = selected !== null ? endsFor(view, selected) : [];
      if (view.legal.some((a) => a.do === "discard")) parts.push(t("discard_line"));
      else if (view.legal.some((a) => a.do === "pass")) parts.push(t(...endsText("pass_line", view.ends)));
      else if (ends.length === 2) parts.push(t("choose_end", { tile: pieceText(selected), left: n(view.ends[0]), right: n(view.ends[1]) }));
      else if (ends.length === 1) parts.push(t("chosen_one", { tile: pieceText(selected) }));
      else if (view.ends === null) parts.push(t("open_line"));
      else parts.push(t(...endsText("play_line", view.ends)));
    }
    const sig = parts.join("\n");
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    box.replaceChildren(...parts.map((p) => el("p", { text: p })));
  }

  function centre(table) {
    const view = table.view;
    $("centre").replaceChildren(...[matchBox(table), ...lineBox(view)].filter(Boolean));
  }

  // ---- the end of the deal --------------------------------------------------------------------
  // what #result shows at the deal's end (every hand is shown then: a reveal the player hears)
  function ending(view) {
    const r = view.result;
    h.sound?.("reveal");
    if (r.annulled) {
      return [el("h2", { id: "result-heading", text: ts("annulled", r.shown.seat) }),
        el("div", { class: "tiles" }, r.shown.tiles.map((c) => piece(SYMBOL, c, "mini", pieceLabel(c))))];
    }
    const teams = r.points.length === 2;
    const side = (seat) => (teams ? seat % 2 : seat);
    const mine = side(me());
    const lines = [];
    const blocked = r.end === "blocked";
    if (blocked) {
      lines.push(t(teams ? "res_teams_rule" : "res_blocked_rule"));
      const low = Math.min(...r.counts);
      if (!teams && r.counts.filter((c) => c === low).length > 1) lines.push(ts("res_blocked_tie", r.winner, { low: n(low) }));
    }
    const points = r.points[side(r.winner)];
    if (teams) lines.push(t("res_points_team", { team: t(side(r.winner) === mine ? "team_us" : "team_them"), points: n(points) }));
    else lines.push(ts("res_points", r.winner, { points: n(points) }));
    if (r.match_over) {
      if (teams) lines.push(t("match_won_team", { team: t(r.match_winner === mine ? "team_us" : "team_them"), target: n(r.target) }));
      else lines.push(ts("match_won", r.match_winner, { target: n(r.target) }));
      lines.push(t("match_new"));
    } else if (r.next_leader !== null) {
      const any = view.options && view.options.lead === "any";
      lines.push(ts(any ? "next_opens_any" : "next_opens", r.next_leader));
    }
    // every seat: the tiles it still holds, its count, its match score after the deal
    const order = [0, 1, 2, 3].map((k) => (me() + k) % 4);
    const rows = order.map((seat) => {
      const marks = [];
      if (seat === r.winner) marks.push(el("span", { class: "gp-mark gp-win", text: `★ ${t("winner_mark")}` }));
      if (blocked && seat === r.blocker) marks.push(el("span", { class: "gp-mark", text: `⊘ ${t("closer_mark")}` }));
      const held = [...r.hands[seat], ...r.dead[seat]];
      return el("tr", { class: seat === r.winner ? "winner" : "" },
        el("th", { scope: "row" }, seatName(seat), " ", marks),
        el("td", { "data-label": t("col_left") }, held.length
          ? el("span", { class: "tiles" }, held.map((c) => piece(SYMBOL, c, "mini", pieceLabel(c))))
          : t("no_tiles")),
        el("td", { "data-label": t("col_count"), text: n(r.counts[seat]) }),
        el("td", { "data-label": t("col_match"), text: n(r.scores[side(seat)]) }));
    });
    return [
      el("h2", { id: "result-heading", text: ts(blocked ? "res_blocked" : "res_out", blocked ? r.blocker : r.winner) }),
      el("ul", { class: "res-lines" }, lines.map((line) => el("li", { text: line }))),
      h.figures([t("col_player"), t("col_left"), t("col_count"), t("col_match")], rows, { class: "gp-result-table" })];
  }

  const draw = h.drawing(() => current, ({ table, view, busy }) => {
    document.body.classList.toggle("gp-choosing-end", selected !== null && endsFor(view, selected).length === 2);
    seats(view);
    centre(table);
    hand(view, busy);
    controls(view, busy);
    choice(view);
    result(table, view.over && Boolean(view.result), () => ending(view));
  });

  $("act-play").addEventListener("click", () => {
    if (selected === null || !current) return;
    const ends = endsFor(current.view, selected);
    if (ends.length === 1) lay(selected, ends[0]);
  });
  $("act-left").addEventListener("click", () => lay(selected, "left"));
  $("act-right").addEventListener("click", () => lay(selected, "right"));
  $("act-pass").addEventListener("click", () => h.act({ do: "pass" }));
  $("act-discard").addEventListener("click", () => { if (selected !== null) h.act({ do: "discard", tile: selected }); });

  // the log's words: each entry is matched with the view's history (the same actions, in order),
  // which says on which end a tile went and what the ends showed at a pass
  function describe(allEntries) {
    const out = [];
    if (!current) return out;
    const view = current.view;
    const entries = allEntries.filter((e) => e.deal_no === undefined || e.deal_no === current.deal_no);
    const first = view.history.length - entries.length;
    entries.forEach((entry, i) => {
      const a = entry.action || {};
      const seen = view.history[first + i] || {};
      const seat = entry.seat;
      const ends = seen.ends || [0, 0];
      if (a.do === "pass") { const [key, params] = endsText("log_pass", ends); out.push(ts(key, seat, params)); }
      else if (a.do === "discard") out.push(seat === me() && a.tile ? t("log_discard_you", { tile: pieceText(a.tile) }) : t("log_discard", { name: seatName(seat) }));
      else if (a.do === "play") {
        const end = seen.end || a.end;
        const key = !seen.ends ? "log_open" : end === "left" ? "log_left" : "log_right";
        out.push(ts(key, seat, { tile: pieceText(a.tile) }));
      }
    });
    return out;
  }

  return {
    holds() { return false; },
    playFocused,
    render(table, busy) { current = table; draw(busy); },
    setTable(table) { current = table; },
    clearSelection() { selected = null; },
    showHint(action) {
      if (!action || !current) return;
      if (action.do === "play" || action.do === "discard") { selected = action.tile; draw(); }
      else if (action.do === "pass") $("act-pass").focus();
      if (action.end) $(`act-${action.end}`)?.focus();
    },
    describe,
  };
}
