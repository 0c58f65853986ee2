// The table page: loads or creates this browser's table, follows its event stream, and hands
// each TableOut to the game's renderer, a module whose URL the page data names (this script
// names no game). The server ships the legal actions with the view and the reasons of every
// payment: this script only chooses among them, it never re-implements the rules.
import { createText, el, fmt, piece } from "./text.js";
import { arrangeSeats, createSeats, isShared, storeLinks } from "./seats.js";
import { readTried, showTried } from "./tried.js";
import { createClock } from "./clock.js";
import { createQuick } from "./quick.js";
import { createRematch } from "./rematch.js";
import { showEnd, startOfDeal } from "./scroll.js";
import { withKit } from "./kit.js";
import { playSound, setSound, soundOn } from "./sound.js";

const data = JSON.parse(document.getElementById("table-data").textContent);
const storeKey = `cardavia.table.${data.game}`;
const paceKey = "cardavia.pace";
const levelKey = "cardavia.level"; // shared with the tradition page's "Opponents" choice
const LEVELS = ["easy", "normal", "hard"];
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
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
let events = null;
let loggedSeq = 0;
let drawnNoted = null;
let wonNoted = null; // the deal whose winner the log has named
let dealShown = null; // the table and deal last drawn: another is a new deal, which starts unscrolled
let turnSounded = null; // the table and move at which the player's turn last sounded
let autoNext = null; // the timer of the next deal that starts by itself, and the deal it follows
const autoNextKey = "cardavia.autonext";
const AUTO_NEXT_MS = 5000;
const away = new Set(); // the seats the log has said are away (their person left), until they are back
let busy = false;
let retryMs = 1000; // the event stream's reconnection delay, doubled up to 8 s while it fails
let retryTimer = null;
let offline = false;
const $ = (id) => document.getElementById(id);
const baseTitle = document.title;

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
    const retry = Number(response.headers.get("Retry-After"));
    return { ok: response.ok, status: response.status, body: payload, retry: Number.isFinite(retry) ? retry : 0 };
  } catch (e) {
    return { ok: false, status: 0, body: null, retry: 0 };
  }
}

// a server that is down (0) or busy (503) is waited for: the page says so and tries again
const unreachable = (reply) => reply.status === 0 || reply.status === 503;
const unknown = (reply) => reply.status === 503 && Boolean(reply.body && reply.body.error && reply.body.error.code === "unknown");

// A write the server may have applied before its database failed (503 "unknown") is sent again,
// the same request at the same seq (the server answers one already applied as done, and never
// applies it twice), until an answer says what happened; a failure of a resend is as unsure.
async function sendSure(method, path, body) {
  let wait = 1000;
  let unsure = false;
  for (;;) {
    const reply = await api(method, path, body);
    if (!unknown(reply) && !(unsure && unreachable(reply))) return reply;
    unsure = true;
    notice(t("resending"), "offline");
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, reply.retry * 1000)));
    wait = Math.min(wait * 2, 8000);
  }
}

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

function backOnline() {
  retryMs = 1000;
  if (offline) notice("");
}

function log(text) {
  const box = $("log");
  box.append(el("p", { text }));
  while (box.childElementCount > 60) box.firstElementChild.remove();
  box.parentElement.scrollTop = box.parentElement.scrollHeight;
}

// The opponents' pause between two moves; the page's animations take a share of it. Reduced
// motion changes how a move is shown (a fade), never how fast the opponents play.
function pace() {
  const stored = localStorage.getItem(paceKey);
  return stored !== null && Number.isFinite(Number(stored)) ? Number(stored) : 700;
}

// A level chosen on the tradition page arrives as ?level=: it becomes this browser's choice, and the
// address loses it so that a reload or a bookmark does not choose again.
// ``askedLevel``: that choice, if one came, so that a table of another level is not resumed unasked.
let askedLevel = null;
{
  const params = new URLSearchParams(location.search);
  const asked = params.get("level");
  if (asked !== null) {
    if (LEVELS.includes(asked)) {
      localStorage.setItem(levelKey, asked);
      askedLevel = asked;
    }
    params.delete("level");
    const query = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  }
}

function level() {
  const stored = localStorage.getItem(levelKey);
  return LEVELS.includes(stored) ? stored : "normal";
}

function connect() {
  if (events) events.close();
  clearTimeout(retryTimer);
  events = new EventSource(`/api/tables/${table.id}/events?seq=${table.seq}`);
  events.addEventListener("table", (event) => {
    backOnline();
    try { update(JSON.parse(event.data)); } catch (e) { /* a malformed event: the next one heals */ }
  });
  // a quick message of someone at the table, or news that the table was followed by a new one
  events.addEventListener("say", (event) => {
    let news = null;
    try { news = JSON.parse(event.data); } catch (e) { return; }
    quick.heard(news);
    rematch.heard(news);
  });
  // EventSource gives up on an answer that is not a stream (a 503 while the server catches up):
  // reconnect by hand, waiting longer each time, and say why the table is still
  events.onerror = () => {
    events.close();
    notice(t("catching_up"), "offline");
    clearTimeout(retryTimer);
    retryTimer = setTimeout(resume, retryMs);
    retryMs = Math.min(retryMs * 2, 8000);
  };
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
    retryTimer = setTimeout(resume, Math.max(retryMs, reply.retry * 1000));
    retryMs = Math.min(retryMs * 2, 8000);
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
  $("log").replaceChildren();
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
      if (askedLevel && reply.body.level !== askedLevel) askLevel(reply.body.level, askedLevel);
      askedLevel = null;
      return;
    }
    if (unreachable(reply)) {
      notice(t(reply.status === 503 ? "catching_up" : "offline"), "offline");
      retryTimer = setTimeout(start, Math.max(retryMs, reply.retry * 1000));
      retryMs = Math.min(retryMs * 2, 8000);
      return;
    }
  }
  await create();
}

// The player chose a level on the tradition page but this browser has a table of another level:
// they say which they want, this one at its level or a new one at the level chosen.
function askLevel(current, chosen) {
  const box = $("level-ask");
  const name = (value) => t(`level_${value}`);
  $("level-ask-text").textContent = t("level_ask", { old: name(current), new: name(chosen) });
  $("level-resume").textContent = t("level_resume", { level: name(current) });
  $("level-new").textContent = t("level_new", { level: name(chosen) });
  box.hidden = false;
  const close = () => { box.hidden = true; $("level-resume").onclick = null; $("level-new").onclick = null; };
  $("level-resume").onclick = () => { close(); keepInHand(); };
  $("level-new").onclick = async () => { close(); await newGame(); };
  $("level-resume").focus({ preventScroll: true });
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
    loggedSeq = next.deal_start ?? next.seq;
    $("log").replaceChildren();
    me = next.seat ?? 0;
    away.clear();
    arrangeSeats(me);
  }
  const entries = (next.last || []).filter((entry) => entry.seq >= loggedSeq);
  const previous = fresh ? null : table;
  table = next;
  text.setViewer(me, next.people); // who sits where changes as invited people take their seats
  seats.announce(previous, next);
  game.setTable(next);
  // a new deal comes as an entry of seat -1: name the deal there, between the plays of the
  // deals either side of it, and hand the game only the plays
  let plays = [];
  let dealNamed = false;
  const flush = () => { game.describe(plays).forEach(log); plays = []; };
  // a drawn deal (the server marks it "drawn") is dealt again by the server on its own: say so
  // once, even when its end and the redeal arrive together (in the game's words where it has them)
  const noteDrawn = (dealNo) => {
    if (drawnNoted === dealNo) return;
    drawnNoted = dealNo;
    log(t("drawn"));
  };
  if (fresh) { log(t("deal_no", { num: next.deal_no })); dealNamed = true; }
  for (const entry of entries) {
    if (entry.seat >= 0) {
      // a move the AI made for a person whose time ran out is said to be the AI's
      if (entry.auto) {
        const left = entry.auto_reason === "left"; // the person had left, rather than run out of time
        // a person who left is said to be away once, not before each move the AI makes for them
        if (!left || !away.has(entry.seat)) {
          flush();
          if (left) away.add(entry.seat);
          if (entry.seat === me) log(t(left ? "auto_left_you" : "auto_played_you"));
          else log(t(left ? "auto_left" : "auto_played", { name: seatName(entry.seat) }));
        }
      }
      plays.push(entry);
      continue;
    }
    flush();
    const dealNo = (entry.action && entry.action.deal) || next.deal_no;
    const before = (next.deals || []).find((d) => d.deal_no === dealNo - 1);
    if (before && before.drawn) noteDrawn(dealNo - 1);
    if (!fresh) log(t("deal_no", { num: dealNo }));
    dealNamed = true;
  }
  flush();
  const ended = (next.deals || []).find((d) => d.deal_no === next.deal_no);
  if (ended && ended.drawn) noteDrawn(next.deal_no);
  if (previous && previous.deal_no !== next.deal_no && !dealNamed) log(t("deal_no", { num: next.deal_no }));
  // the log ends with who won the deal (a drawn deal has said so above)
  const done = `${next.id}/${next.deal_no}`;
  if (next.status === "over" && ended && !ended.drawn && ended.winner !== null && ended.winner !== undefined && wonNoted !== done) {
    wonNoted = done;
    log(ts("deal_won", ended.winner));
  }
  // someone back at the table may be said to be away again when they next leave
  for (const person of next.people || []) if (person.here !== false && !person.ai_plays) away.delete(person.seat);
  if (entries.length) loggedSeq = Math.max(...entries.map((e) => e.seq)) + 1;
  loggedSeq = Math.max(loggedSeq, next.seq);
  motion.before();
  renderAll();
  motion.after(previous ? entries : [], previous);
  // a keyboard player's focus never falls to the page's top: back to the hand
  if (!fresh) keepInHand();
}

// After an action or a change of the table: a focus that fell on the body (its control vanished
// or was disabled) goes back to the hand, on the chosen piece or the one just picked up.
function keepInHand() {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected || active.disabled;
  if (!lost) return;
  const hand = $("hand");
  const target = hand.querySelector("[aria-pressed='true']") || hand.querySelector(".taken") ||
    hand.querySelector("[tabindex='0']") || hand.querySelector("button");
  if (target) target.focus({ preventScroll: true });
}

function keepFocus(render) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.key : null;
  render();
  if (key && (!document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected)) {
    const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
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
  const wanted = status === "over" && !$("act-next").hidden && localStorage.getItem(autoNextKey) === "on";
  if (autoNext && (!wanted || autoNext.deal !== deal)) { clearTimeout(autoNext.timer); autoNext = null; }
  if (wanted && !autoNext) autoNext = { deal, timer: setTimeout(() => { autoNext = null; nextDeal(); }, AUTO_NEXT_MS) };
}

// ---- motion: a piece travels from the seat that played it; a won trick is gathered to its winner ----
const motion = (() => {
  let seatBoxes = new Map();
  const reduce = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // a move's animation takes part of the opponents' pause, so the next move never waits for it
  const duration = () => Math.min(900, pace() * 0.6);
  function before() {
    seatBoxes = new Map();
    for (const box of document.querySelectorAll(".seat")) seatBoxes.set(Number(box.dataset.seat), box.getBoundingClientRect());
    // the game's piles a piece can come from (a stock, a discard pile) are named data-motion="…"
    for (const pile of document.querySelectorAll("[data-motion]")) seatBoxes.set(pile.dataset.motion, pile.getBoundingClientRect());
  }
  function travel(node, from, { flip = false } = {}) {
    const ms = duration();
    if (!node || !from || ms <= 0 || !node.animate) return;
    if (reduce()) {
      node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" });
      return;
    }
    const to = node.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const start = `translate(${dx}px, ${dy}px) scale(.7)${flip ? " rotateY(180deg)" : ""}`;
    node.animate([{ transform: start, opacity: 0.4 }, { transform: "none", opacity: 1 }], { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  // the game marks what just arrived with data-motion-from="seat number" or a pile's name
  function after(entries, previous) {
    if (!previous || !entries.length) return;
    for (const node of document.querySelectorAll("[data-motion-from]")) {
      if (node.dataset.motionDone) continue;
      node.dataset.motionDone = "1";
      const from = node.dataset.motionFrom;
      travel(node, seatBoxes.get(/^\d+$/.test(from) ? Number(from) : from), { flip: node.dataset.motionFlip === "1" });
    }
  }
  // a finished trick stays on the felt, then goes to its winner's seat
  function gather(node, seat, onDone) {
    const ms = duration();
    const to = document.querySelector(`.seat[data-seat="${seat}"]`);
    if (!node || !to || ms <= 0 || !node.animate) { onDone(); return; }
    const a = node.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const frames = reduce() ? [{ opacity: 1 }, { opacity: 0 }]
      : [{ transform: "none", opacity: 1 }, { transform: `translate(${b.left + b.width / 2 - (a.left + a.width / 2)}px, ${b.top + b.height / 2 - (a.top + a.height / 2)}px) scale(.4)`, opacity: 0 }];
    const run = node.animate(frames, { duration: ms, easing: "ease-in", fill: "forwards" });
    run.onfinish = onDone;
  }
  return { before, after, gather, duration, hold: () => (pace() > 0 ? Math.max(500, pace() * 2) : 0) };
})();

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

// ---- keyboard: arrows move in the hand, Space chooses, Enter plays; one key per control ----
function handKeys(event) {
  const buttons = [...$("hand").querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
  if (event.key in moves) {
    event.preventDefault();
    const step = moves[event.key];
    const to = step === -Infinity ? 0 : step === Infinity ? buttons.length - 1 : (at + step + buttons.length) % buttons.length;
    setRoving(buttons, to);
    buttons[to].focus();
  } else if (event.key === "Enter") {
    event.preventDefault();
    game.playFocused(Number(buttons[at].dataset.index));
  }
}

// one tab stop for the whole hand: the arrows move inside it
function setRoving(buttons, index) {
  buttons.forEach((b, i) => b.setAttribute("tabindex", i === index ? "0" : "-1"));
}

function shortcutKeys(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) && target.type !== "radio") return;
  if (event.key === "?") {
    event.preventDefault();
    const help = $("keys-help");
    help.open = !help.open;
    if (help.open) help.querySelector("summary").focus();
    return;
  }
  const button = document.querySelector(`[data-shortcut="${CSS.escape(event.key.toLowerCase())}"]`);
  if (!button || button.hidden || !button.closest("#controls, .settings")) return;
  event.preventDefault();
  if (!button.disabled) button.click();
}

function listShortcuts() {
  const list = $("keys-list");
  for (const button of document.querySelectorAll("[data-shortcut]")) {
    const key = button.dataset.shortcut.toUpperCase();
    button.setAttribute("aria-keyshortcuts", key);
    const name = button.dataset.label || button.textContent.trim();
    list.append(el("dt", {}, el("kbd", { text: key })), el("dd", { text: name }));
  }
}

const helpers = withKit({
  data, t, ts, fmt, el, piece, pieceName, pieceLabel, pieceText, signed, seatName, act, nextDeal, numbers,
  keepFocus, setRoving, motion, reason, me: () => me, posOf, actingSeat, actingSeats, showEnd, sound: playSound,
});
const { default: createGame } = await import(data.module);
const game = createGame(helpers);
text.setSeats(data.seats.length ? data.seats : game.seats);
const seats = createSeats({ t, seatName, api, update, log, notice, me: () => me, away });
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
$("hand").addEventListener("keydown", handKeys);
document.addEventListener("keydown", shortcutKeys);
listShortcuts();

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
// the sounds and the next deal by itself: off until chosen, remembered in this browser
const soundBox = $("sound");
soundBox.checked = soundOn();
soundBox.addEventListener("change", () => {
  setSound(soundBox.checked);
  if (soundBox.checked) playSound("piece"); // the player hears what they turned on (and the browser allows sound after this click)
});
const autoNextBox = $("auto-next");
autoNextBox.checked = localStorage.getItem(autoNextKey) === "on";
autoNextBox.addEventListener("change", () => {
  localStorage.setItem(autoNextKey, autoNextBox.checked ? "on" : "off");
  if (table) renderAll();
});
for (const radio of document.querySelectorAll("input[name='level']")) {
  radio.checked = radio.value === level();
  radio.addEventListener("change", () => {
    if (!radio.checked) return;
    localStorage.setItem(levelKey, radio.value);
    if (table) renderAll();
  });
}
start();
