// The table page: loads or creates this browser's table, follows its event stream, and hands
// each TableOut to the game's renderer. The server ships the legal actions with the view: this
// script only chooses among them, it never re-implements the rules.
import { createTienGow } from "./tien-gow.js";
import { createCherki } from "./cherki.js";

const data = JSON.parse(document.getElementById("table-data").textContent);
const storeKey = `cardavia.table.${data.game}`;
const paceKey = "cardavia.pace";
const plural = new Intl.PluralRules(data.lang);
const numbers = new Intl.NumberFormat(data.lang);
const signedNumbers = new Intl.NumberFormat(data.lang, { signDisplay: "exceptZero" });
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function fmt(template, params = {}) {
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

// A message about a seat: the human's own form ("You win…") where there is one.
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
// A piece drawn from the page's sprite; label null for a decorative one (inside a labelled button).
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
// The accessible name of a piece: code then name ("6-6 Heaven"), as the contract says.
const pieceLabel = (code) => `${code} ${pieceName(code)}`;
// A piece inside a sentence: name then code ("Plum 5-5"), as the engine's messages show it.
const pieceText = (code) => `${pieceName(code)} ${code}`;
const signed = (n) => signedNumbers.format(n).replace("-", "\u2212");

// Re-render an engine error or a hint reason from its translated template and parameters.
function renderTemplate(template, params) {
  const shown = {};
  const split = (v) => (Array.isArray(v) ? v : String(v).split("+")).map((s) => s.trim()).filter(Boolean);
  for (const [key, value] of Object.entries(params || {})) {
    if (data.keys.code.includes(key)) shown[key] = split(value).join("+");
    else if (data.keys.named.includes(key) && split(value).every((c) => c in data.pieces)) {
      shown[key] = split(value).map(pieceText).join(" + ");
      if (key === "card") shown.card_name = pieceName(String(value));
    } else if (data.keys.name.includes(key)) shown[key] = data.names[value] || value;
    else if (key === "seat" || key === "to_act") shown[key] = seatName(Number(value));
    else shown[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  if (params && typeof params.card === "string") {
    shown.card = params.card;
    shown.card_name = pieceName(params.card);
  }
  // A Cherki kind is a value ("5", named by itself) or an honour, named like its card ("RF").
  if (params && params.kind !== undefined) {
    const kind = String(params.kind);
    shown.kind_name = kind in data.pieces ? pieceName(kind) : kind;
  }
  return template.replace(/\{(\w+)\}/g, (m, key) => (key in shown ? String(shown[key]) : m));
}

const errorText = (error) =>
  data.errors[error.code] ? renderTemplate(data.errors[error.code], error.params) : error.message;
const reasonText = (reason) =>
  data.hints[reason.id] ? renderTemplate(data.hints[reason.id], reason.params) : reason.text;

const SEAT_NAMES = {
  "tien-gow": ["you", "east", "north", "west"],
  cherki: ["you", "west", "east"],
};
function seatName(seat) {
  const key = SEAT_NAMES[data.game][seat];
  return key ? t(key) : String(seat);
}

// ---- state and server ----------------------------------------------------------------------
let table = null;
let events = null;
let loggedSeq = 0;
let drawnNoted = null;
let busy = false;
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let payload = null;
    try { payload = await response.json(); } catch (e) { payload = null; }
    return { ok: response.ok, status: response.status, body: payload };
  } catch (e) {
    return { ok: false, status: 0, body: null };
  }
}

function notice(text, kind = "error") {
  const box = $("notice");
  box.textContent = text || "";
  box.className = `notice ${text ? kind : ""}`;
}

function log(text) {
  const box = $("log");
  box.append(el("p", { text }));
  while (box.childElementCount > 40) box.firstElementChild.remove();
  box.parentElement.scrollTop = box.parentElement.scrollHeight;
}

function pace() {
  const stored = localStorage.getItem(paceKey);
  if (stored !== null) return Number(stored);
  return reducedMotion ? 0 : 700;
}

function connect() {
  if (events) events.close();
  events = new EventSource(`/api/tables/${table.id}/events?seq=${table.seq}`);
  events.addEventListener("table", (event) => {
    try { update(JSON.parse(event.data)); } catch (e) { /* a malformed event: the next one heals */ }
  });
}

async function create() {
  const reply = await api("POST", "/api/tables", { game: data.game, level: "normal", pace_ms: pace() });
  if (!reply.ok) {
    notice(t("offline"));
    return;
  }
  localStorage.setItem(storeKey, reply.body.id);
  table = null;
  $("log").replaceChildren();
  $("hint").textContent = "";
  notice("");
  update(reply.body);
  connect();
}

async function start() {
  const id = localStorage.getItem(storeKey);
  if (id) {
    const reply = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
    if (reply.ok) {
      update(reply.body);
      connect();
      return;
    }
    if (reply.status === 0) {
      notice(t("offline"));
      setTimeout(start, 3000);
      return;
    }
  }
  await create();
}

function update(next) {
  if (!next || !next.view) return;
  const fresh = !table || table.id !== next.id;
  if (!fresh && next.seq < table.seq) return; // an older answer overtaken by the stream
  if (fresh) loggedSeq = next.seq;
  const entries = (next.last || []).filter((entry) => entry.seq >= loggedSeq);
  const previous = fresh ? null : table;
  table = next;
  game.setTable(next);
  // a new deal comes as an entry of seat -1: name the deal there, between the plays of the
  // deals either side of it, and hand the game only the plays
  let plays = [];
  let dealNamed = false;
  const flush = () => { game.describe(plays).forEach(log); plays = []; };
  // a drawn Cherki deal is dealt again by the server on its own: say so once, even when its end
  // and the redeal arrive together
  const noteDrawn = (dealNo) => {
    if (drawnNoted === dealNo || !("drawn" in data.text)) return;
    drawnNoted = dealNo;
    log(t("drawn"));
  };
  for (const entry of entries) {
    if (entry.seat >= 0) { plays.push(entry); continue; }
    flush();
    const dealNo = (entry.action && entry.action.deal) || next.deal_no;
    const before = (next.deals || []).find((d) => d.deal_no === dealNo - 1);
    if (before && before.result && before.result.drawn) noteDrawn(dealNo - 1);
    log(t("deal_no", { num: dealNo }));
    dealNamed = true;
  }
  flush();
  const result = next.view.result;
  if (result && result.drawn) noteDrawn(next.deal_no);
  if (previous && previous.deal_no !== next.deal_no && !dealNamed) log(t("deal_no", { num: next.deal_no }));
  if (entries.length) loggedSeq = Math.max(...entries.map((e) => e.seq)) + 1;
  loggedSeq = Math.max(loggedSeq, next.seq);
  renderAll();
  // a keyboard player whose focus was lost with a disabled control gets it back on the hand
  const lost = !document.activeElement || document.activeElement === document.body;
  if (!fresh && lost && next.status === "human" && previous && previous.status !== "human") {
    const first = document.querySelector("#hand button:not([disabled])");
    if (first) first.focus();
  }
}

function keepFocus(render) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.key : null;
  render();
  if (key && (!document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected)) {
    const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

function renderAll() {
  keepFocus(() => {
    const view = table.view;
    const status = table.status;
    $("status").dataset.status = status;
    document.body.classList.toggle("deal-over", status === "over");
    $("status").dataset.seq = String(table.seq);
    $("status").textContent =
      status === "human" ? t("your_turn") : status === "over" ? t("over") : t("playing", { name: seatName(view.to_act ?? 1) });
    for (const seat of document.querySelectorAll(".seat")) seat.classList.toggle("to-act", Number(seat.dataset.seat) === view.to_act && status !== "over");
    $("act-hint").disabled = status !== "human" || busy;
    const nextButton = $("act-next");
    nextButton.hidden = status !== "over";
    game.render(table, busy);
    // the finished deal's replay and review (its own page)
    const replay = $("replay-link");
    replay.hidden = status !== "over";
    replay.firstElementChild.href = `/traditions/${data.slug}/replay/${encodeURIComponent(table.id)}/${table.deal_no}`;
  });
}

async function act(action) {
  if (!table || busy) return;
  busy = true;
  notice("");
  $("hint").textContent = "";
  renderAll();
  const reply = await api("POST", `/api/tables/${table.id}/actions`, { seq: table.seq, action });
  busy = false;
  if (reply.ok) {
    game.clearSelection(action);
    update(reply.body);
    renderAll(); // the stream may already be ahead of this reply: the controls still need enabling
  } else if (reply.status === 409 && reply.body && reply.body.table) {
    notice(t("stale"), "info");
    update(reply.body.table);
  } else if (reply.status === 422 && reply.body && reply.body.error) {
    notice(t("illegal", { reason: errorText(reply.body.error) }));
    renderAll();
  } else if (reply.status === 404) {
    await create();
  } else {
    notice(t("offline"));
    renderAll();
  }
}

async function nextDeal() {
  if (!table || busy) return;
  busy = true;
  const reply = await api("POST", `/api/tables/${table.id}/next-deal`, { seq: table.seq });
  busy = false;
  if (reply.ok) {
    game.clearSelection();
    $("hint").textContent = "";
    update(reply.body);
    const first = document.querySelector("#hand button");
    (first || $("status")).focus?.();
  } else if (reply.body && reply.body.table) {
    update(reply.body.table);
  } else {
    notice(t("offline"));
  }
}

async function hint() {
  if (!table) return;
  const reply = await api("GET", `/api/tables/${table.id}/hint`);
  if (reply.ok && reply.body) {
    $("hint").textContent = t("hint", { reason: reasonText(reply.body.reason) });
    game.showHint(reply.body.action);
  } else {
    $("hint").textContent = t("hint_unavailable");
  }
}

const helpers = { data, t, ts, fmt, el, piece, pieceName, pieceLabel, pieceText, signed, seatName, act, nextDeal, numbers, keepFocus };
const game = data.game === "tien-gow" ? createTienGow(helpers) : createCherki(helpers);

$("act-hint").addEventListener("click", hint);
$("act-next").addEventListener("click", nextDeal);
$("act-new").addEventListener("click", () => {
  if (table && table.status !== "over" && !window.confirm(t("new_confirm"))) return;
  create();
});
const paceSelect = $("pace");
paceSelect.value = String(pace());
if (!paceSelect.value) paceSelect.value = "700";
paceSelect.addEventListener("change", async () => {
  localStorage.setItem(paceKey, paceSelect.value);
  if (table) {
    const reply = await api("POST", `/api/tables/${table.id}/settings`, { pace_ms: Number(paceSelect.value) });
    if (reply.ok) update(reply.body);
  }
});
start();
