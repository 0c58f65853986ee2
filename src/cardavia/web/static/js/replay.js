// The replay page: a finished deal move by move, drawn by the game's own table renderer exactly as
// the player saw it (the API's steps are seat 0's views), every hand on request, and the review of
// the player's decisions (queued on the server, polled until done). It never acts on a table.
const data = JSON.parse(document.getElementById("table-data").textContent);
const plural = new Intl.PluralRules(data.lang);
const numbers = new Intl.NumberFormat(data.lang, { maximumFractionDigits: 1 });
const signedNumbers = new Intl.NumberFormat(data.lang, { signDisplay: "exceptZero", maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(data.lang, { style: "percent", maximumFractionDigits: 1 });
const $ = (id) => document.getElementById(id);
const base = `/api/tables/${encodeURIComponent(data.table)}/deals/${data.deal_no}`;

// ---- the same small helpers the table page gives a game's renderer ---------------------------
function fmt(template, params = {}) {
  return template.replace(/%\((\w+)\)s|%%/g, (match, key) => {
    if (match === "%%") return "%";
    return key in params ? String(params[key]) : match;
  });
}

function t(key, params = {}) {
  const value = data.text[key];
  if (value === undefined) return key;
  if (typeof value === "object") {
    const form = plural.select(Number(params.num)) === "one" ? value.one : value.other;
    return fmt(form, { ...params, num: numbers.format(params.num) });
  }
  return fmt(value, params);
}

const SEAT_KEYS = { 4: ["you", "east", "north", "west"], 3: ["you", "west", "east"] };
let seatCount = 4;
function seatName(seat) {
  const key = (SEAT_KEYS[seatCount] || [])[seat];
  return key ? t(key) : String(seat);
}

function ts(key, seat, params = {}) {
  const own = `${key}_you`;
  return seat === 0 && own in data.text ? t(own, params) : t(key, { ...params, name: seatName(seat) });
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function piece(kind, code, cls, label) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", `${cls} ${kind}`);
  svg.setAttribute("focusable", "false");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#${kind}-${code}`);
  svg.append(use);
  return svg;
}

const pieceName = (code) => data.pieces[code] || code;
const pieceLabel = (code) => `${code} ${pieceName(code)}`;
const pieceText = (code) => `${pieceName(code)} ${code}`;
const signed = (n) => signedNumbers.format(n).replace("-", "\u2212");
const points = (n) => numbers.format(n).replace("-", "\u2212");

// a bot's reason, re-rendered from the page's translated hint templates
function reasonText(reason) {
  const template = data.hints[reason.id];
  if (!template) return reason.text;
  const shown = {};
  const split = (v) => (Array.isArray(v) ? v : String(v).split("+")).map((s) => s.trim()).filter(Boolean);
  for (const [key, value] of Object.entries(reason.params || {})) {
    if (data.keys.named.includes(key) || key === "tiles") {
      shown[key] = split(value).every((c) => c in data.pieces) ? split(value).map(pieceText).join(" + ") : value;
    } else shown[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  const params = reason.params || {};
  if (typeof params.card === "string") {
    shown.card = params.card;
    shown.card_name = pieceName(params.card);
  }
  if (params.kind !== undefined) {
    const kind = String(params.kind);
    shown.kind_name = kind in data.pieces ? pieceName(kind) : kind;
  }
  return template.replace(/\{(\w+)\}/g, (m, key) => (key in shown ? String(shown[key]) : m));
}

function keepFocus(render) { render(); }

// ---- state -----------------------------------------------------------------------------------
let steps = [];
let at = 0;
let game = null;
let hands = null;
let review = null;
const byIndex = new Map(); // record index -> decision review

async function getJson(method, path) {
  try {
    const reply = await fetch(path, { method, credentials: "same-origin" });
    let body = null;
    try { body = await reply.json(); } catch (e) { body = null; }
    return { ok: reply.ok, status: reply.status, body };
  } catch (e) {
    return { ok: false, status: 0, body: null };
  }
}

// the table as the renderer expects it at step i (status "bots": nobody may act; "over" at the end)
function tableAt(i) {
  const view = { ...steps[i].view, legal: [] };
  const result = view.result;
  const zeros = new Array(seatCount).fill(0);
  const net = result && (result.net || result.deltas);
  return {
    id: data.table, game: data.game, deal_no: data.deal_no, seq: i, level: "", pace_ms: 0,
    status: i === steps.length - 1 ? "over" : "bots",
    view, totals: Array.isArray(net) ? net : zeros, last: [],
    deals: result ? [{ deal_no: data.deal_no, result }] : [],
  };
}

function moveText(i, action) {
  // the game's own words for a move, said at the position just after it
  const step = steps[i];
  game.setTable(tableAt(i));
  const lines = game.describe([{ seq: step.seq, seat: step.seat, deal_no: data.deal_no, action: action || step.action }]);
  return lines.join(" ");
}

function verdict(i) {
  const box = $("replay-verdict");
  box.replaceChildren();
  box.className = "replay-verdict";
  const d = i > 0 ? byIndex.get(i - 1) : undefined;
  if (!d) return;
  const label = t(`label_${d.label}`);
  box.classList.add(`label-${d.label}`);
  const parts = [el("span", { class: "badge", text: t("your_decision") })];
  if (d.label === "best") {
    parts.push(el("p", { text: t("decision_best", { label }) }));
  } else {
    parts.push(el("p", { text: t("decision_loss", { label, points: points(d.loss), low: points(d.ci95[0]), high: points(d.ci95[1]) }) }));
    // the pieces of the better move, drawn (a face-down play's words do not name them)
    const codes = Object.values(d.best).flat().filter((v) => typeof v === "string" && v in data.pieces);
    parts.push(el("p", { class: "replay-better" }, t("better", { move: moveText(i, d.best) }), " ",
      codes.map((code) => piece(data.piece_kind, code, "mini", pieceLabel(code)))));
  }
  if (d.reason) parts.push(el("p", { class: "meta", text: t("why", { reason: reasonText(d.reason) }) }));
  box.append(...parts);
}

function showHands(i) {
  const box = $("replay-hands");
  const on = $("show-hands").checked && hands;
  box.hidden = !on;
  if (!on) return;
  const kind = data.piece_kind;
  box.replaceChildren(...hands[i].map((hand, seat) => el("div", { class: "replay-hand" },
    el("h3", { text: t("hand_of", { name: seatName(seat) }) }),
    el("div", { class: "tiles", role: "list" }, hand.map((code) =>
      el("span", { role: "listitem" }, piece(kind, code, "mini", pieceLabel(code))))))));
}

function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const table = tableAt(at);
  game.render(table, true);
  $("result").hidden = table.status !== "over" || $("result").childElementCount === 0;
  for (const seat of document.querySelectorAll(".seat")) {
    seat.classList.toggle("to-act", Number(seat.dataset.seat) === table.view.to_act && table.status !== "over");
  }
  $("replay-position").textContent = t("step_of", { step: numbers.format(at), total: numbers.format(steps.length - 1) });
  $("replay-move").textContent = at === 0 ? t("at_start") : moveText(at);
  game.setTable(table);
  $("step-first").disabled = $("step-prev").disabled = at === 0;
  $("step-next").disabled = $("step-last").disabled = at === steps.length - 1;
  verdict(at);
  showHands(at);
}

// ---- the review --------------------------------------------------------------------------------
function renderReview(job) {
  const status = $("review-status");
  const bar = $("review-progress");
  const start = $("review-start");
  start.hidden = job.status !== "none" && job.status !== "failed";
  start.textContent = job.status === "failed" ? t("review_retry") : t("review_start");
  bar.hidden = job.status !== "running" && job.status !== "queued";
  bar.max = Math.max(1, job.total);
  bar.value = job.done;
  if (job.status === "queued") status.textContent = t("review_queued");
  else if (job.status === "running") status.textContent = job.total ? t("review_running", { done: numbers.format(job.done), num: job.total }) : t("review_queued");
  else if (job.status === "failed") status.textContent = t("review_failed");
  else status.textContent = "";
  if (job.status !== "done" || !job.review) return;
  review = job.review;
  byIndex.clear();
  for (const d of review.decisions) byIndex.set(d.index, d);
  const s = review.summary;
  $("review-summary").textContent = t("review_summary", { num: s.decisions, points: points(s.points_lost), accuracy: percent.format(s.accuracy / 100) });
  $("review-help").textContent = t("accuracy_help");
  const losses = review.decisions.filter((d) => d.label !== "best" && d.loss > 0).sort((a, b) => b.loss - a.loss || a.index - b.index).slice(0, 10);
  $("losses-heading").hidden = false;
  $("losses-heading").textContent = t("losses_heading");
  const list = $("review-losses");
  list.replaceChildren(...(losses.length ? losses.map((d) => el("li", {},
    el("button", { type: "button", class: `link-button label-${d.label}`, onclick: () => { show(d.index + 1); $("step-next").focus(); } },
      `${t("step_of", { step: numbers.format(d.index + 1), total: numbers.format(steps.length - 1) })} \u2014 `,
      t("decision_loss", { label: t(`label_${d.label}`), points: points(d.loss), low: points(d.ci95[0]), high: points(d.ci95[1]) }))))
    : [el("li", { text: t("no_losses") })]));
  verdict(at);
}

async function poll() {
  const reply = await getJson("GET", `${base}/review`);
  if (!reply.ok || !reply.body) return;
  renderReview(reply.body);
  if (reply.body.status === "queued" || reply.body.status === "running") setTimeout(poll, 1000);
}

async function startReview() {
  const reply = await getJson("POST", `${base}/review`);
  if (reply.ok && reply.body) {
    renderReview(reply.body);
    setTimeout(poll, 500);
  } else {
    renderReview({ status: "failed", done: 0, total: 0 });
  }
}

// ---- start ---------------------------------------------------------------------------------------
async function start() {
  $("step-first").textContent = t("first");
  $("step-prev").textContent = t("prev");
  $("step-next").textContent = t("next");
  $("step-last").textContent = t("last");
  $("show-hands-label").textContent = t("show_hands");
  $("replay-keys").textContent = t("keys_help");
  $("review-start").textContent = t("review_start");
  const reply = await getJson("GET", `${base}/steps`);
  if (!reply.ok || !Array.isArray(reply.body) || reply.body.length === 0) {
    $("notice").textContent = t("not_found");
    $("replay").hidden = true;
    return;
  }
  steps = reply.body;
  seatCount = steps[0].view.hand_sizes.length;
  const heading = $("replay-heading");
  heading.textContent = t("replay_title", { deal: t("deal_no", { num: data.deal_no }) });
  document.title = heading.textContent;
  const mod = await import(`./${data.game}.js`);
  const create = Object.values(mod).find((f) => typeof f === "function");
  // the steps are the views of the seat this browser held at the table (the host's: seat 0)
  const me = Number(steps[0].view.seat ?? 0);
  const posOf = (seat) => (document.querySelector(`.seat[data-seat="${seat}"]`) || { dataset: {} }).dataset.pos || "";
  game = create({ data, t, ts, fmt, el, piece, pieceName, pieceLabel, pieceText, signed, seatName, numbers, keepFocus, act: () => {}, nextDeal: () => {}, me: () => me, posOf });
  $("step-first").addEventListener("click", () => show(0));
  $("step-prev").addEventListener("click", () => show(at - 1));
  $("step-next").addEventListener("click", () => show(at + 1));
  $("step-last").addEventListener("click", () => show(steps.length - 1));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]);
  });
  $("show-hands").addEventListener("change", async () => {
    if ($("show-hands").checked && !hands) {
      const got = await getJson("GET", `${base}/hands`);
      if (got.ok && Array.isArray(got.body)) hands = got.body;
    }
    showHands(at);
  });
  $("review-start").addEventListener("click", startReview);
  show(0);
  await poll();
}

start();
