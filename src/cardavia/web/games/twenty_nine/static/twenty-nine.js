// Twenty-Nine at the table: partners facing each other, the hold auction (only the legal bids the
// view lists), the trump chosen face down (named on the bidder's page alone, from its own view),
// doubling, asking for the trump and the pair exactly when the view's legal actions hold them, the
// trick with its points, the match to ±6 on a red and a black Six, and the end of the deal
// explained. Every rule is the engine's: this module reads the view, it never works one out.

const SUITS = ["c", "d", "h", "s"];
const SYMBOL = { c: "♣", d: "♦", h: "♥", s: "♠" };
const suitOf = (code) => code.slice(-1);

export default function createTwentyNine(h) {
  const { t, ts, el, piece, pieceLabel, pieceText, signed, seatName } = h;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let revealSounded = null; // the deal whose reveal has sounded ("" none yet; null before the first draw)
  let selected = null; // the chosen card's code
  let focusIndex = 0;
  const newHand = h.handWatch();
  let shownPlays = "";
  const result = h.endPanel();

  const me = () => h.me();
  const team = (seat) => seat % 2;
  const suitName = (suit) => t(`suit_${suit}`);
  const suitText = (suit) => `${SYMBOL[suit]} ${suitName(suit)}`;
  const legalOf = (view, what) => view.legal.filter((a) => a.do === what);

  // ---- seats ----------------------------------------------------------------------------------
  // each seat's last call in the auction: a bid, a hold (the same number as the bid it answered), a pass
  function lastCalls(view) {
    const out = new Map();
    let high = 0;
    for (const call of view.calls) {
      if (call.pass) out.set(call.seat, t("call_pass"));
      else {
        out.set(call.seat, t(call.bid === high ? "call_hold" : "call_bid", { value: h.numbers.format(call.bid) }));
        high = call.bid;
      }
    }
    return out;
  }

  function seats(view) {
    const calls = view.bidder === null ? lastCalls(view) : new Map();
    const won = [0, 0, 0, 0];
    for (const trick of view.tricks) won[trick.winner] += 1;
    for (const box of document.querySelectorAll(".seat")) {
      const seat = Number(box.dataset.seat);
      const badges = [];
      if (view.dealer === seat) badges.push(el("span", { class: "badge quiet", text: t("dealer") }));
      if (view.bidder === seat) badges.push(el("span", { class: "badge bidder", text: t("bidder") }));
      if (h.actingSeat() === seat) badges.push(el("span", { class: "badge", text: t("to_act") }));
      box.setAttribute("aria-label", t("seat_label", { name: seatName(seat) }));
      box.setAttribute("role", "group");
      box.classList.toggle("partner-team", team(seat) === team(me()));
      const size = view.hand_sizes[seat];
      const backs = seat === me() ? null : el("div", { class: "backs", role: "img", "aria-label": t("cards_in_hand", { num: size }) },
        Array.from({ length: size }, () => piece("french-card", "back", "back", null)),
        el("span", { class: "count", "aria-hidden": "true", text: h.numbers.format(size) }));
      const facts = [];
      // what the seat did that everyone may know: asked for the trump, declared the pair
      if (view.reveal && view.reveal.seat === seat) facts.push(el("span", { class: "tag", text: t(seat === view.bidder ? "showed_badge" : "asked_badge") }));
      if (view.pair && view.pair.seat === seat) facts.push(el("span", { class: "tag", text: t("pair_badge") }));
      // who doubled or redoubled, for the whole deal (the auction's list gives way to the tricks)
      for (const d of view.doubles) if (d.seat === seat && d.do !== "pass") facts.push(el("span", { class: "tag", text: t(`call_${d.do}`) }));
      if (calls.has(seat)) facts.push(el("span", { class: "call", text: calls.get(seat) }));
      if (view.phase !== "auction") facts.push(el("span", { text: t("tricks_won", { num: won[seat] }) }));
      if (seat === me()) facts.push(el("span", { text: t("cards_in_hand", { num: size }) }));
      box.replaceChildren(...[
        h.seatHeading(seat, badges),
        backs,
        el("div", { class: "seat-facts" }, facts)].filter(Boolean));
    }
  }

  // ---- the match to ±6, on a red and a black Six ----------------------------------------------
  // A team keeps its score on two Sixes, one red and one black, the one laid over the other so that
  // as many pips show as the score: red pips above zero, black below (drawn here: the 32-card pack
  // has no Six). The figure is written beside it, and the pair is named for screen readers.
  const SVG = "http://www.w3.org/2000/svg";
  const PIPS = [[10, 9], [22, 9], [10, 22], [22, 22], [10, 35], [22, 35]];
  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  }
  function sixes(score, label) {
    const pic = svg("svg", { viewBox: "0 0 44 46", class: "sixes", "aria-hidden": "true", focusable: "false" });
    const shown = Math.min(6, Math.abs(score));
    const ink = score < 0 ? "#1d1d1d" : "#b3261e";
    // the other Six lies under it, offset, in the other colour; the top Six's pips not counted are
    // covered (hatched), the counted ones bright
    pic.append(svg("rect", { x: 11, y: 3, width: 31, height: 42, rx: 3, fill: "#fffdf8", stroke: score < 0 ? "#b3261e" : "#1d1d1d", "stroke-width": 2 }));
    pic.append(svg("rect", { x: 1, y: 1, width: 31, height: 42, rx: 3, fill: "#fffdf8", stroke: "#5b4a36" }));
    PIPS.forEach(([x, y], i) => pic.append(i < shown
      ? svg("circle", { cx: x, cy: y, r: 4.2, fill: ink })
      : svg("circle", { cx: x, cy: y, r: 3.6, fill: "none", stroke: "#b9ab94", "stroke-width": 1.2 })));
    return el("span", { class: `team-score${score > 0 ? " up" : score < 0 ? " down" : ""}`, role: "img", "aria-label": label },
      pic, el("span", { class: "score-figure", "aria-hidden": "true", text: signed(score) }));
  }

  function matchBox(table) {
    const series = table.series;
    if (!series) return null;
    const us = series.scores[team(me())];
    const them = series.scores[1 - team(me())];
    const parts = [
      el("span", { class: "match-heading", text: t("match_heading") }),
      el("span", { class: "match-team" }, el("span", { class: "team-name", "aria-hidden": "true", text: t("team_us") }), sixes(us, t("sixes_us", { score: signed(us) }))),
      el("span", { class: "match-team" }, el("span", { class: "team-name", "aria-hidden": "true", text: t("team_them") }), sixes(them, t("sixes_them", { score: signed(them) }))),
    ];
    return el("div", { class: "match" }, parts);
  }

  // ---- the centre: contract, trump, points, the trick -----------------------------------------
  function contractLine(view) {
    const bits = [];
    if (view.bidder === null) {
      const top = [...view.calls].reverse().find((c) => !c.pass);
      bits.push(el("span", { class: "contract", text: top ? ts("current_bid", top.seat, { value: h.numbers.format(top.bid) }) : t("no_bid") }));
      return bits;
    }
    bits.push(el("span", { class: "contract", text: ts("contract", view.bidder, { value: h.numbers.format(view.bid) }) }));
    let trump;
    if (view.phase === "trump") trump = t("trump_choosing");
    else if (view.trump === null) trump = t("trump_hidden");
    else if (!view.reveal && !view.over) trump = t("trump_secret", { suit: suitText(view.trump) });
    else trump = t("trump_shown", { suit: suitText(view.trump) });
    bits.push(el("span", { class: `trump${view.trump && !view.reveal && !view.over ? " secret" : ""}`, "data-trump": view.trump || "hidden", text: trump }));
    if (view.multiplier === 2) bits.push(el("span", { class: "badge", text: t("doubled") }));
    if (view.multiplier === 4) bits.push(el("span", { class: "badge", text: t("redoubled") }));
    if (view.target !== null) bits.push(el("span", { text: t("target", { target: h.numbers.format(view.target) }) }));
    return bits;
  }

  function playCard(p, { fresh, winner, led }) {
    return el("div", {
      class: `play${winner ? " high" : ""}${led ? " led" : ""}`,
      "data-pos": h.posOf(p.seat),
      "data-motion-from": fresh ? String(p.seat) : null,
    }, el("span", { class: "play-seat", text: led ? t("play_led", { name: seatName(p.seat) }) : seatName(p.seat) }), piece("french-card", p.card, "mini", pieceLabel(p.card)));
  }

  function trickBox(view) {
    const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
    // between two tricks the last one stays on the felt, with who took it and its points
    const showLast = view.trick.length === 0 && last && view.phase !== "auction";
    const plays = showLast ? last.plays : view.trick;
    const number = showLast ? view.tricks.length : view.tricks.length + 1;
    const sig = `${current.id}/${current.deal_no}/${number}:${plays.map((p) => p.seat).join(",")}`;
    const prefix = `${current.id}/${current.deal_no}/${number}:`;
    const before = shownPlays.startsWith(prefix) ? (shownPlays.slice(prefix.length) ? shownPlays.slice(prefix.length).split(",").length : 0) : 0;
    const isNew = sig !== shownPlays;
    shownPlays = sig;
    const heading = showLast
      ? ts("trick_taken", last.winner, { num: last.points })
      : `${t("trick_heading", { trick: h.numbers.format(number) })} · ${t("trick_points", { num: view.trick_points })}`;
    return [el("h2", { class: "trick-heading", text: heading }),
      el("div", { class: `trick-plays${showLast ? " done" : ""}` },
        plays.length ? plays.map((p, i) => playCard(p, { fresh: isNew && i >= before, winner: showLast && p.seat === last.winner, led: i === 0 }))
          : el("p", { class: "trick-empty", text: t("trick_empty") }))];
  }

  // On a small screen a long auction shows its last RECENT_CALLS calls and "…" before them; the
  // earlier ones are still read by screen readers (the stylesheet decides, see .calls .early).
  const RECENT_CALLS = 8;

  // the doubling round's call ``i``: a double, a redouble, or a pass (declining to double, or to
  // redouble once someone has doubled)
  function doublingCall(view, i) {
    const d = view.doubles[i];
    if (d.do !== "pass") return `call_${d.do}`;
    return view.doubles.slice(0, i).some((x) => x.do === "double") ? "call_no_redouble" : "call_no_double";
  }

  function auctionBox(view) {
    const calls = view.calls.map((c, i) => {
      const earlier = view.calls.slice(0, i).filter((x) => !x.pass).map((x) => x.bid);
      const high = earlier.length ? earlier[earlier.length - 1] : 0;
      const what = c.pass ? t("call_pass") : t(c.bid === high ? "call_hold" : "call_bid", { value: h.numbers.format(c.bid) });
      const early = i < view.calls.length - RECENT_CALLS;
      return el("li", { class: early ? "early" : null }, el("span", { class: "who", text: seatName(c.seat) }), " ", el("span", { text: what }));
    });
    if (view.calls.length > RECENT_CALLS) calls.unshift(el("li", { class: "more", "aria-hidden": "true", text: "…" }));
    // then the doubling round: who doubled, who redoubled, who declined
    for (const [i, d] of view.doubles.entries()) {
      calls.push(el("li", { class: "doubling" }, el("span", { class: "who", text: seatName(d.seat) }), " ",
        el("span", { text: t(doublingCall(view, i)) })));
    }
    const list = el("ol", { class: "calls" }, calls);
    return [el("h2", { class: "trick-heading", text: t("auction_heading") }), list];
  }

  function centre(table) {
    const view = table.view;
    const box = $("centre");
    const head = el("div", { class: "tn-head" }, contractLine(view));
    const us = view.points[team(me())];
    const them = view.points[1 - team(me())];
    const points = view.phase === "play" || view.over
      ? el("p", { class: "tn-points", text: t("team_points", { us: h.numbers.format(us), them: h.numbers.format(them) }) }) : null;
    const body = view.phase === "auction" || (view.phase === "annulled") ? auctionBox(view)
      : view.phase === "play" || view.over ? trickBox(view) : auctionBox(view);
    box.replaceChildren(...[head, points, matchBox(table), ...body].filter(Boolean));
  }

  // ---- the hand -------------------------------------------------------------------------------
  function playable(view) {
    return new Set(legalOf(view, "play").map((a) => a.card));
  }

  function hand(view, myTurn, busy) {
    const box = $("hand");
    if (newHand(current, view.hand)) {
      selected = null;
      focusIndex = Math.min(focusIndex, Math.max(0, view.hand.length - 1));
    }
    const canPlay = playable(view);
    const playing = myTurn && !busy && view.phase === "play";
    if (selected && !canPlay.has(selected)) selected = null;
    // the view names the trump only to a seat that may know it: the bidder before the reveal,
    // everyone after it, so marking its suit here shows nothing the seat may not know
    const trump = view.trump;
    box.replaceChildren(...view.hand.map((code, i) => {
      const legal = canPlay.has(code);
      const mark = playing ? (legal ? " legal" : " dim") : "";
      const isTrump = trump !== null && suitOf(code) === trump;
      const label = isTrump ? t("trump_card", { card: pieceLabel(code) }) : pieceLabel(code);
      return h.handButton("french-card", code, i, {
        key: `card-${code}`,
        mark: `${mark}${isTrump ? " trump" : ""}`,
        pressed: selected === code,
        label,
        off: !playing || !legal,
        focused: i === focusIndex,
        onclick: () => {
          focusIndex = i;
          if (!playing) return;
          // a dimmed card is sent too: the engine refuses it and the notice says the rule (follow
          // the suit led, the bidder's hidden trump), where a silent click said nothing
          if (!legal) { h.act({ do: "play", card: code }); return; }
          // a second tap on the chosen card plays it (touch); one tap chooses it
          if (selected === code) { h.act({ do: "play", card: code }); return; }
          selected = code;
          draw();
        },
        ondblclick: () => { if (playing && legal) h.act({ do: "play", card: code }); },
        onfocus: () => { focusIndex = i; },
      }, isTrump ? el("span", { class: "trump-mark", "aria-hidden": "true", text: t("trump_mark") }) : null);
    }));
  }

  function playFocused(index) {
    if (!current || current.status !== "human") return;
    const code = current.view.hand[index];
    if (code === undefined) return;
    // a card the engine refuses is still sent, so its reason (follow suit…) is said
    if (current.view.phase === "play") h.act({ do: "play", card: code });
  }

  // ---- the controls of the moment and what they mean -----------------------------------------
  function show(id, on, enabled = on) {
    const node = $(id);
    node.hidden = !on;
    node.disabled = !enabled;
  }

  function controls(view, myTurn, busy) {
    const live = myTurn && !busy;
    const bids = legalOf(view, "bid").map((a) => a.value);
    const raise = bids.filter((v) => v !== view.hold);
    const passes = legalOf(view, "pass").length > 0;
    const auction = view.phase === "auction" && myTurn;
    // the bid list: the legal bids above a hold, as the view lists them
    const select = $("tn-bid");
    const values = raise.join(",");
    if (select.dataset.values !== values) {
      const keep = select.value;
      select.replaceChildren(...raise.map((v) => el("option", { value: String(v), text: h.numbers.format(v) })));
      select.dataset.values = values;
      if (raise.includes(Number(keep))) select.value = keep;
    }
    $("tn-bid-box").hidden = !(auction && raise.length);
    select.disabled = !live;
    show("act-bid", auction && raise.length > 0, live && raise.length > 0);
    show("act-hold", auction && view.hold !== null && bids.includes(view.hold), live);
    if (view.hold !== null) $("act-hold").textContent = t("hold_button", { value: h.numbers.format(view.hold) });
    show("act-pass", myTurn && passes, live && passes);
    for (const suit of SUITS) show(`act-trump-${suit}`, view.phase === "trump" && myTurn && legalOf(view, "trump").some((a) => a.suit === suit), live);
    show("act-double", legalOf(view, "double").length > 0, live);
    show("act-redouble", legalOf(view, "redouble").length > 0, live);
    show("act-ask", legalOf(view, "reveal").length > 0, live);
    // the bidder asks no one: it shows its own trump
    const ask = view.bidder === me() ? t("show_button") : t("ask_button");
    if ($("act-ask").textContent !== ask) $("act-ask").textContent = ask;
    show("act-pair", legalOf(view, "pair").length > 0, live);
    const playing = view.phase === "play" && myTurn;
    $("act-play").hidden = view.phase !== "play";
    $("act-play").disabled = !(playing && live && selected && playable(view).has(selected));
  }

  function choice(view, myTurn) {
    const box = $("choice");
    const parts = [];
    if (view.phase === "auction") {
      if (myTurn) {
        const bids = legalOf(view, "bid").map((a) => a.value);
        if (view.defender === null) parts.push(t("open_line", { low: h.numbers.format(Math.min(...bids)), high: h.numbers.format(Math.max(...bids)) }));
        else if (view.hold !== null) {
          const raiser = view.challenger;
          parts.push(ts("hold_line", raiser, { value: h.numbers.format(view.hold) }));
        } else parts.push(t("raise_line", { value: h.numbers.format(view.bid) }));
      }
      parts.push(t("hold_rule"));
    } else if (view.phase === "trump") {
      parts.push(myTurn ? t("trump_choose", { value: h.numbers.format(view.bid) }) : ts("trump_wait", view.bidder));
    } else if ((view.phase === "double" || view.phase === "redouble") && myTurn && view.legal.length) {
      parts.push(legalOf(view, "redouble").length ? t("redouble_line") : ts("double_line", view.bidder, { value: h.numbers.format(view.bid) }));
    } else if (view.phase === "play" && myTurn) {
      if (legalOf(view, "pair").length && view.pair_target !== null) parts.push(t("pair_line", { target: h.numbers.format(view.pair_target) }));
      const bidder = view.bidder === me();
      if (legalOf(view, "reveal").length) parts.push(t(bidder ? "show_line" : "ask_line"));
      else if (view.asker_now === me()) parts.push(t(bidder ? "shown_line" : "asked_line"));
      else if (view.trick.length === 0) {
        parts.push(t("lead_line"));
        // the engine keeps the bidder's hidden trump out of its leads: say why those cards are dimmed
        const hiddenTrumpHeld = view.trump !== null && !view.reveal && view.bidder === me() && view.hand.some((c) => !playable(view).has(c));
        if (hiddenTrumpHeld) parts.push(t("bidder_lead_line"));
      } else parts.push(t("follow_line"));
    }
    const sig = parts.join("\n");
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    box.replaceChildren(...parts.map((p, i) => el("p", { class: i === parts.length - 1 && view.phase === "auction" ? "tn-rule" : "", text: p })));
  }

  // ---- the end of the deal --------------------------------------------------------------------
  function ending(table) {
    const view = table.view;
    const r = view.result;
    const n = (x) => h.numbers.format(x);
    if (r.annulled) {
      return [el("h2", { id: "result-heading", text: t("result_title") }), el("p", { text: t("drawn") }),
        el("div", { class: "tiles", role: "group", "aria-label": t("shown_four") }, view.shown.map((c) => piece("french-card", c, "mini", pieceLabel(c))))];
    }
    const mine = team(me());
    const bidTeam = team(r.bidder);
    const verdict = t(r.made ? "res_made" : "res_failed", { points: n(r.points[bidTeam]), target: n(r.target) });
    const lines = [ts("res_contract", r.bidder, { value: n(r.bid), suit: suitText(r.trump) })];
    if (r.multiplier === 2) lines.push(t("res_doubled"));
    if (r.multiplier === 4) lines.push(t("res_redoubled"));
    lines.push(r.reveal ? ts(r.reveal.seat === r.bidder ? "res_shown" : "res_reveal", r.reveal.seat, { trick: n(r.reveal.trick + 1) }) : t("res_no_reveal"));
    if (r.pair) lines.push(ts(r.pair.effect < 0 ? "res_pair_down" : "res_pair_up", r.pair.seat, { bid: n(r.bid), target: n(r.target) }));
    else lines.push(t("res_no_pair", { target: n(r.target) }));
    lines.push(t("res_points", { us: n(r.points[mine]), them: n(r.points[1 - mine]) }));
    lines.push(t(bidTeam === mine ? "res_change_us" : "res_change_them", { amount: signed(r.game_points[bidTeam]) }));
    if (table.series) {
      lines.push(t("res_match", { us: signed(table.series.scores[mine]), them: signed(table.series.scores[1 - mine]) }));
      if (table.series.won !== null) lines.push(t(table.series.won === mine ? "match_won_us" : "match_won_them"), t("match_new"));
    }
    const labels = [t("col_trick"), t("col_led"), t("col_won"), t("col_points")];
    const rows = r.tricks.map((trick, i) => el("tr", { class: team(trick.winner) === mine ? "ours" : "" },
      el("th", { scope: "row", text: n(i + 1) }),
      el("td", { "data-label": labels[1], text: seatName(trick.leader) }),
      el("td", { "data-label": labels[2], text: seatName(trick.winner) }),
      el("td", { "data-label": labels[3], text: n(trick.points) })));
    return [
      el("h2", { id: "result-heading", text: t("result_title") }),
      el("p", { class: `verdict ${r.made ? "made" : "failed"}`, text: verdict }),
      el("ul", { class: "res-lines" }, lines.map((line) => el("li", { text: line }))),
      el("details", { class: "tricks-table" }, el("summary", { text: t("tricks_caption") }), h.figures(labels, rows))];
  }

  const draw = h.drawing(() => current, ({ table, view, myTurn, busy }) => {
    seats(view);
    centre(table);
    hand(view, myTurn, busy);
    controls(view, myTurn, busy);
    choice(view, myTurn); // words only: they stay while a request is in flight (the buttons wait)
    result(table, view.over && Boolean(view.result), () => ending(table));
  });

  $("act-bid").addEventListener("click", () => h.act({ do: "bid", value: Number($("tn-bid").value) }));
  $("act-hold").addEventListener("click", () => { if (current && current.view.hold !== null) h.act({ do: "bid", value: current.view.hold }); });
  $("act-pass").addEventListener("click", () => h.act({ do: "pass" }));
  for (const suit of SUITS) $(`act-trump-${suit}`).addEventListener("click", () => h.act({ do: "trump", suit }));
  $("act-double").addEventListener("click", () => h.act({ do: "double" }));
  $("act-redouble").addEventListener("click", () => h.act({ do: "redouble" }));
  $("act-ask").addEventListener("click", () => h.act({ do: "reveal" }));
  $("act-pair").addEventListener("click", () => h.act({ do: "pair" }));
  $("act-play").addEventListener("click", () => { if (selected) h.act({ do: "play", card: selected }); });

  // the log's words: each entry's place in the deal (its index among the deal's actions) says
  // whether a bid is a hold, a pass declines a double, a card leads; counted back from the view
  function describe(allEntries) {
    const out = [];
    const view = current ? current.view : null;
    if (!view) return out;
    const entries = allEntries.filter((e) => e.deal_no === undefined || e.deal_no === current.deal_no);
    let index = view.actions - entries.length;
    // the deal's card plays before the first entry, so each play knows its trick and place in it
    const playsNow = view.tricks.length * 4 + view.trick.length;
    let play = playsNow - entries.filter((e) => (e.action || {}).do === "play").length;
    const auctionEnd = view.bidder === null ? Infinity : view.calls.length;
    const highBefore = (i) => {
      const bids = view.calls.slice(0, i).filter((c) => !c.pass);
      return bids.length ? bids[bids.length - 1].bid : 0;
    };
    for (const entry of entries) {
      const a = entry.action || {};
      const seat = entry.seat;
      if (a.do === "bid") out.push(ts(a.value === highBefore(index) ? "log_hold" : "log_bid", seat, { value: h.numbers.format(a.value) }));
      else if (a.do === "pass" && index < auctionEnd) out.push(ts("log_pass", seat));
      else if (a.do === "pass") {
        // a pass after the trump: declining to double, or to redouble once someone has doubled
        const redouble = view.doubles.slice(0, Math.max(0, index - auctionEnd - 1)).some((d) => d.do === "double");
        out.push(ts(redouble ? "log_no_redouble" : "log_no_double", seat));
      } else if (a.do === "trump") out.push(a.suit && seat === me() ? t("log_trump_you", { suit: suitText(a.suit) }) : ts("log_trump", seat));
      else if (a.do === "double") out.push(ts("log_double", seat));
      else if (a.do === "redouble") out.push(ts("log_redouble", seat));
      else if (a.do === "reveal") out.push(ts(seat === view.bidder ? "log_show" : "log_ask", seat, { suit: view.trump ? suitText(view.trump) : "?" }));
      else if (a.do === "pair") out.push(ts("log_pair", seat, { target: h.numbers.format(view.target) }));
      else if (a.do === "play") {
        if (play === 0) out.push(t("log_second_four"));
        out.push(ts(play % 4 === 0 ? "log_lead" : "log_play", seat, { card: pieceText(a.card) }));
        if (play % 4 === 3) {
          const trick = view.tricks[Math.floor(play / 4)];
          if (trick) out.push(ts("log_trick", trick.winner, { num: trick.points }));
        }
        play += 1;
      }
      index += 1;
    }
    return out;
  }

  return {
    holds(previous, next) { return next.view.tricks.length > previous.view.tricks.length && !next.view.over; },
    playFocused,
    render(table, busy) {
      // the trump shown to everyone sounds once (the shared table plays it only if sounds are on);
      // a page opened after the reveal does not sound it again
      const shown = table.view.reveal ? `${table.id}/${table.deal_no}` : null;
      if (shown && revealSounded !== null && shown !== revealSounded) h.sound?.("reveal");
      revealSounded = shown || (revealSounded === null ? "" : revealSounded);
      current = table;
      draw(busy);
    },
    setTable(table) { current = table; },
    clearSelection() { selected = null; },
    showHint(action) {
      if (!action || !current) return;
      if (action.do === "play") { selected = action.card; draw(); return; }
      if (action.do === "bid" && action.value !== current.view.hold) { $("tn-bid").value = String(action.value); $("tn-bid").focus(); return; }
      const target = { bid: "act-hold", pass: "act-pass", double: "act-double", redouble: "act-redouble", reveal: "act-ask", pair: "act-pair" }[action.do]
        || (action.do === "trump" ? `act-trump-${action.suit}` : null);
      if (target && $(target)) $(target).focus();
    },
    describe,
  };
}
