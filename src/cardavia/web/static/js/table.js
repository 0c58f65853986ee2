// The table page: loads or creates this browser's table, follows its event stream, and hands
// each TableOut to the game's renderer, a module whose URL the page data names (this script
// names no game). The server ships the legal actions with the view and the reasons of every
// payment: this script only chooses among them, it never re-implements the rules. Beside it: the
// server's requests and stream (server.js), the move log, the motion, the keys, the settings.
import { createText, el, fmt, piece } from "./text.js";
import { arrangeSeats, createSeats, isShared, storeLinks } from "./seats.js";
import { readTried, showTried } from "./tried.js";
import { createClock } from "./clock.js";
import { createQuick } from "./quick.js";
import { createRematch } from "./rematch.js";
import { showEnd, startOfDeal } from "./scroll.js";
import { withKit } from "./kit.js";
import { playSound } from "./sound.js";
import { createMotion } from "./motion.js";
import { keepFocus, keepInHand, listenToKeys, setRoving } from "./keys.js";
import { askLevel, level, listenToSettings, nextByItselfOn, pace, takeAskedLevel } from "./settings.js";
import { api, createServer, unreachable } from "./server.js";
import { createMoveLog } from "./movelog.js";

const data = JSON.parse(document.getElementById("table-data").textContent);
const storeKey = `cardavia.table.${data.game}`;
const text = createText(data);
const { numbers, t, ts, seatName, pieceName, pieceLabel, pieceText, signed, errorText, reasonText, reason, explainResult } = text;

// opened from a replay to play a move again: where it comes from, said while this table is shown
const tried = readTried(location.search);

// the seat this browser holds (the host's is 0; an invited person's is theirs): drawn at the bottom
let me = 0;
let waitTimer = null;
async function refreshWaiting() {
  if (!table) return;
  const reply = await api("GET", `/api/tables/${encodeURIComponent(table.id)}`);
  if (reply.ok) update(reply.body); else waitTimer = setTimeout(refreshWaiting, 4000);
}
async function startNow() {
  if (!table) return;
  const reply = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/start`);
  if (reply.ok) update(reply.body);
}
function posOf(seat) {
  const box = document.querySelector(`.seat[data-seat="${seat}"]`);
  return box ? box.dataset.pos : "";
}

// ---- state and server ----------------------------------------------------------------------
let table = null;
let dealShown = null; // the table and deal last drawn: another is a new deal, which starts unscrolled
let turnSounded = null; // the table and move at which the player's turn last sounded
let autoNext = null; // the timer of the next deal that starts by itself, and the deal it follows
const AUTO_NEXT_MS = 5000;
let busy = false;
let offline = false;
const $ = (id) => document.getElementById(id);
const baseTitle = document.title;

function notice(text, kind = "error") {
  const box = $("notice");
  if (box.textContent !== (text || "")) box.textContent = text || "";
  box.className = `notice ${text ? kind : ""}`;
  offline = kind === "offline" && Boolean(text);
  // a refusal says why under the buttons: on a phone that can be below the fold, where it was unread
  if (text && kind === "error" && box.getBoundingClientRect().bottom > window.innerHeight) {
    box.scrollIntoView({ block: "nearest", behavior: "instant" });
  }
}

const server = createServer({ resending: () => notice(t("resending"), "offline") });
const { sendSure } = server;

function backOnline() {
  server.answered();
  if (offline) notice("");
}

// A level chosen on the tradition page (?level=), so that a table of another level is not resumed unasked.
let askedLevel = takeAskedLevel();

function connect() {
  server.follow(`/api/tables/${table.id}/events?seq=${table.seq}`, {
    back: backOnline,
    table: update,
    // a quick message of someone at the table, or news that the table was followed by a new one
    say: (news) => { quick.heard(news); rematch.heard(news); },
    // lost (a 503 while the server catches up): reconnect, waiting longer each time, and say why the table is still
    lost: () => { notice(t("catching_up"), "offline"); server.later(resume); },
  });
}

// Back after a loss of the stream: the table as it is now, with what happened meanwhile logged.
async function resume() {
  if (!table) return start();
  const reply = await api("GET", `/api/tables/${encodeURIComponent(table.id)}?since=${table.seq}`);
  if (reply.ok) {
    backOnline();
    update(reply.body);
    connect();
  } else if (unreachable(reply)) {
    notice(t("catching_up"), "offline");
    server.later(resume, reply.retry);
  } else {
    await create();
  }
}

async function create() {
  const chosen = level();
  const reply = await api("POST", "/api/tables", { game: data.game, level: chosen, pace_ms: pace() });
  if (!reply.ok) {
    notice(t("offline"), "offline");
    return;
  }
  backOnline();
  localStorage.setItem(storeKey, reply.body.id);
  // what the old table still had to show is dropped with it
  pending.length = 0;
  holdUntil = 0;
  table = null;
  moveLog.clear();
  $("hint").textContent = "";
  notice("");
  update(reply.body);
  connect();
}

async function start() {
  const id = localStorage.getItem(storeKey);
  if (id) {
    const path = `/api/tables/${encodeURIComponent(id)}`;
    let reply = await api("GET", path);
    // the move log of the deal in progress is rebuilt from the table's own log
    if (reply.ok && reply.body.deal_start < reply.body.seq) reply = await api("GET", `${path}?since=${reply.body.deal_start}`);
    if (reply.ok) {
      backOnline();
      update(reply.body);
      connect();
      if (askedLevel && reply.body.level !== askedLevel) askLevel(reply.body.level, askedLevel, { t, newGame });
      askedLevel = null;
      return;
    }
    if (unreachable(reply)) {
      notice(t(reply.status === 503 ? "catching_up" : "offline"), "offline");
      server.later(start, reply.retry);
      return;
    }
  }
  await create();
}

// A new table of this browser's own: a host's friends play on, the AI taking the host's seat.
async function newGame() {
  if (table && me === 0 && isShared(table.people)) {
    const reply = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/seats/0/ai`);
    if (unreachable(reply)) { notice(t("offline"), "offline"); return; }
    storeLinks(table.id, {});
  }
  await create();
}

// One move at a time, whatever the server's timing: updates wait in this queue and are shown in
// order, each move at least the pace after the one before, and one that ends a trick holds the next
// ones back while the trick is read and gathered (the pause grows with the chosen pace; Instant
// holds nothing). The server may play on while a trick is held: its moves queue here and come out
// one by one, never two in the same moment. The player's own move (``own``, the reply to their
// action) is shown at once when nothing waits before it.
const pending = [];
let holdUntil = 0;
let pumpTimer = null;
function update(next, { own = false } = {}) {
  if (!next || !next.view) return;
  // one of several seats deciding at once: the reply to its own decision holds every move made
  // since the page's (its ``last``), so the others' waiting here are shown with it, at once
  if (own && table && (table.view.acting || []).length > 1) {
    for (let i = pending.length - 1; i >= 0; i--) if (pending[i].id === next.id && pending[i].seq <= next.seq) pending.splice(i, 1);
  }
  if (own && !pending.length && (!table || next.seq > table.seq)) holdUntil = 0;
  next.received = performance.now(); // the turn clock counts from when the server's figure arrived
  pending.push(next);
  pump();
}

function pump() {
  clearTimeout(pumpTimer);
  while (pending.length) {
    const wait = holdUntil - performance.now();
    if (wait > 0) { pumpTimer = setTimeout(pump, wait); return; }
    const next = pending.shift();
    if (table && next.id !== table.id && next.id !== localStorage.getItem(storeKey)) continue; // a table given up
    const previous = table;
    show(next);
    if (!previous || table !== next || previous.id !== next.id || next.seq <= previous.seq) continue;
    if (next.deal_no === previous.deal_no) playSound("piece");
    // a move was shown: the next one waits its pace, or the whole hold of a finished trick
    holdUntil = performance.now() + (game.holds(previous, next) ? motion.hold() : pace());
  }
}

function show(next) {
  const fresh = !table || table.id !== next.id;
  if (!fresh && next.seq < table.seq) return; // an older answer overtaken by the stream
  if (fresh) {
    moveLog.restart(next);
    me = next.seat ?? 0;
    arrangeSeats(me);
  }
  const entries = moveLog.news(next);
  const previous = fresh ? null : table;
  table = next;
  text.setViewer(me, next.people); // who sits where changes as invited people take their seats
  seats.announce(previous, next);
  game.setTable(next);
  moveLog.write(next, entries, previous);
  motion.before();
  renderAll();
  motion.after(previous ? entries : [], previous);
  // a keyboard player's focus never falls to the page's top: back to the hand
  if (!fresh) keepInHand();
}

// The seats that may act now, as far as the page shows them: none while the table waits for invited
// people or once the deal is over. Several at once in a game where every seat decides at the same
// time (the server writes ``view.acting`` into every view; ``[to_act]`` in a one-seat game): each is
// marked to act, and "my turn" is my seat among them, whatever the others do and in whatever order.
function actingSeats() {
  if (!table || !["human", "bots", "people"].includes(table.status)) return [];
  const acting = table.view.acting;
  if (Array.isArray(acting)) return acting;
  const seat = table.view.to_act;
  return seat === null || seat === undefined ? [] : [seat];
}

// The one seat whose turn it is, for a one-seat game's "To play" badge and the felt's mark (a game
// where seats decide at once reads ``actingSeats``).
function actingSeat() {
  if (!table || !["human", "bots", "people"].includes(table.status)) return null;
  return table.view.to_act ?? null;
}

// The status line changes once a turn: your turn, the opponents', the end of the deal with its result.
// `spoken`: what a screen reader announces instead of `text` (the status is a live region), where
// it says more than the line shows: the line stays one short line on a phone
function setStatus(text, spoken = "") {
  const box = $("status");
  if (box.dataset.text === text && (box.dataset.spoken || "") === spoken) return;
  box.dataset.text = text;
  box.dataset.spoken = spoken;
  if (!spoken) box.textContent = text;
  else box.replaceChildren(el("span", { "aria-hidden": "true", text }), el("span", { class: "visually-hidden", text: spoken }));
}

// On the player's turn a screen reader hears what the game asks now (its explanation's first line,
// in the phase the game is in, as the game redraws it: "a hand is two tiles…") with "Your turn",
// which alone says the same in every phase.
function sayTurn() {
  if (!table || table.status !== "human") return;
  const asked = $("choice").querySelector("p")?.textContent.trim();
  setStatus(t("your_turn"), asked ? t("your_turn_doing", { what: asked }) : "");
}

// Whether the seats to act now are the player's partners (a partnership game): the status line
// does not say the opponents play while the partner decides.
function partnerActs() {
  const team = (data.teams || []).find((seats) => seats.includes(me)) || [me];
  const acting = actingSeats();
  return acting.length > 0 && acting.every((seat) => seat !== me && team.includes(seat));
}

function statusText(status, view) {
  if (status === "waiting") return t("waiting_for_friends");
  if (status !== "over") return t(partnerActs() ? "waiting_partner" : "waiting");
  // the finished deal as the server scores it: its winner and each seat's returns
  const ended = (table.deals || []).find((d) => d.deal_no === table.deal_no);
  if (!ended || ended.drawn || ended.winner === null || ended.winner === undefined) return t("over");
  return ts("over_summary", ended.winner, { amount: signed(ended.returns[me] ?? 0) });
}

function renderAll() {
  keepFocus(() => {
    const view = table.view;
    const status = table.status;
    $("status").dataset.status = status;
    document.body.classList.toggle("deal-over", status === "over");
    $("status").dataset.seq = String(table.seq);
    if (status !== "human") setStatus(statusText(status, view)); // the turn is said below, once the game has drawn what it asks
    document.title = status === "human" ? t("title_your_turn", { title: baseTitle }) : baseTitle;
    const acting = actingSeats();
    for (const seat of document.querySelectorAll(".seat")) seat.classList.toggle("to-act", acting.includes(Number(seat.dataset.seat)));
    $("act-hint").disabled = status !== "human" || busy;
    $("act-next").hidden = status !== "over" || Boolean(table.ends); // a table that ends with its deal
    // a table waiting for invited people: the host may start with the AI in the open seats, and
    // everyone looks again now and then (a seat taken writes nothing to the log, so no event says so)
    $("act-start").hidden = !(status === "waiting" && me === 0);
    clearTimeout(waitTimer);
    if (status === "waiting") waitTimer = setTimeout(refreshWaiting, 2000);
    const shown = $("table-level");
    // at a table shared with friends the opponents are people too: the level is the AI's, and a
    // table without an AI seat has none to show
    const people = table.people || [];
    const shared = isShared(people);
    const levelName = t(`level_${table.level}`);
    const levelText = !shared ? t("playing_level", { level: levelName })
      : people.some((p) => p.kind === "ai") ? t("playing_level_ai", { level: levelName }) : "";
    if (shown.textContent !== levelText) shown.textContent = levelText;
    shown.dataset.level = table.level;
    game.render(table, busy);
    sayTurn();
    seats.render(table);
    showTried($("tried-from"), tried, table.id, { data, t, reasonText });
    clock.render(table);
    quick.render(table);
    rematch.render(table);
    const deal = `${table.id}/${table.deal_no}`;
    if (dealShown !== null && deal !== dealShown) startOfDeal();
    dealShown = deal;
    const turn = `${deal}/${table.seq}`;
    if (status === "human" && turnSounded !== turn) { turnSounded = turn; playSound("turn"); }
    nextByItself(status, deal);
    // a guest's page holds this one table of the game: a table of their own would take its place
    // here, and their used link could not bring them back, so a guest is not offered one
    const guest = me !== 0 && isShared(table.people);
    $("act-new").hidden = guest;
    document.querySelector(".level-choice").hidden = guest;
    // the pace is everyone's at the table: the host's to set, not a guest's
    for (const part of [$("pace"), document.querySelector("label[for='pace']")]) if (part) part.hidden = guest;
    $("level-note").hidden = guest || table.level === level();
    explainResult(table);
    // the finished deal's replay and review (its own page)
    const replay = $("replay-link");
    replay.hidden = status !== "over";
    replay.firstElementChild.href = `${data.path}/replay/${encodeURIComponent(table.id)}/${table.deal_no}`;
  });
}

// A whole round or match without pressing Next deal, if the player chose it: the next deal starts
// a few seconds after a deal's end (the result read meanwhile), once, where Next deal is offered.
function nextByItself(status, deal) {
  const wanted = status === "over" && !$("act-next").hidden && nextByItselfOn();
  if (autoNext && (!wanted || autoNext.deal !== deal)) { clearTimeout(autoNext.timer); autoNext = null; }
  if (wanted && !autoNext) autoNext = { deal, timer: setTimeout(() => { autoNext = null; nextDeal(); }, AUTO_NEXT_MS) };
}

async function act(action) {
  if (!table || busy) return;
  busy = true;
  notice("");
  $("hint").textContent = "";
  renderAll();
  const reply = await sendSure("POST", `/api/tables/${table.id}/actions`, { seq: table.seq, action });
  busy = false;
  if (reply.ok) {
    backOnline();
    game.clearSelection(action);
    update(reply.body, { own: true });
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
    notice(t(unreachable(reply) ? "catching_up" : "offline"), "offline");
    renderAll();
  }
  keepInHand();
}

async function nextDeal() {
  if (!table || busy) return;
  busy = true;
  const reply = await sendSure("POST", `/api/tables/${table.id}/next-deal`, { seq: table.seq });
  busy = false;
  if (reply.ok) {
    backOnline();
    game.clearSelection();
    $("hint").textContent = "";
    update(reply.body);
    // the stream may already be ahead of this reply (the AI playing the new deal's first moves),
    // shown while the request was out: its controls were drawn disabled and need enabling
    if (table) renderAll();
    const first = document.querySelector("#hand button");
    (first || $("status")).focus?.();
  } else if (reply.body && reply.body.table) {
    update(reply.body.table);
  } else {
    notice(t("offline"), "offline");
  }
}

async function hint() {
  if (!table) return;
  const reply = await api("GET", `/api/tables/${table.id}/hint`);
  if (reply.ok && reply.body) {
    // the move, why, and its average beside the usual choice's or the next best's, as the review
    // says them of that move (the review adds how often each ends ahead and behind)
    const values = text.valuesText(reply.body.values, true);
    const advice = reasonText(reply.body.reason);
    $("hint").textContent = values && reply.body.move
      ? t("hint_values", { move: reasonText(reply.body.move), reason: advice, values })
      : t("hint", { reason: advice });
    game.showHint(reply.body.action);
  } else {
    $("hint").textContent = t("hint_unavailable");
  }
}

const motion = createMotion({ pace });
const helpers = withKit({
  data, t, ts, fmt, el, piece, pieceName, pieceLabel, pieceText, signed, seatName, act, nextDeal, numbers,
  keepFocus, setRoving, motion, reason, me: () => me, posOf, actingSeat, actingSeats, showEnd, sound: playSound,
});
const { default: createGame } = await import(data.module);
const game = createGame(helpers);
text.setSeats(data.seats.length ? data.seats : game.seats);
const moveLog = createMoveLog({ t, ts, seatName, describe: (plays) => game.describe(plays), me: () => me });
const log = moveLog.line;
const seats = createSeats({ t, seatName, api, update, log, notice, me: () => me, away: moveLog.away });
const clock = createClock({ t, seatName, me: () => me });
const quick = createQuick({ t, seatName, api, log, notice, me: () => me, table: () => table });
// the table that follows this one (Play again together): this browser's table of the game from now on
async function open(id) {
  localStorage.setItem(storeKey, id);
  pending.length = 0;
  holdUntil = 0;
  await start();
}
const rematch = createRematch({ t, api, notice, me: () => me, open, refresh: refreshWaiting });

// the game redraws its explanation on its own too (a piece chosen): the status follows it
new MutationObserver(sayTurn).observe($("choice"), { childList: true, subtree: true, characterData: true });
$("act-hint").addEventListener("click", hint);
$("act-start").addEventListener("click", startNow);
$("act-next").addEventListener("click", nextDeal);
$("act-new").addEventListener("click", () => {
  // the host's friends play on: the AI takes the host's seat (and any seat still open) first
  if (table && me === 0 && isShared(table.people)) {
    if (!window.confirm(t("leave_confirm"))) return;
  } else if (table && table.status !== "over" && !window.confirm(t("new_confirm"))) return;
  $("level-ask").hidden = true;
  newGame();
});
listenToKeys({ playFocused: (index) => game.playFocused(index) });
listenToSettings({ table: () => table, api, update, renderAll });
start();
