// The replay page: a finished deal move by move, drawn by the game's own table renderer exactly as
// the player saw it (the API's steps are seat 0's views), every hand on request, and the review of
// the player's decisions (queued on the server, polled until done). It never acts on a table.
import { createText, el, fmt, piece } from "./text.js";
import { arrangeSeats } from "./seats.js";
import { triedUrl } from "./tried.js";
import { withKit } from "./kit.js";

const data = JSON.parse(document.getElementById("table-data").textContent);
const text = createText(data);
const { numbers, t, seatName, pieceLabel, reasonText } = text;
// a loss in points: one decimal at most (an estimate), in the page's language, with the true minus
// sign (U+2212) where the language's own format has the hyphen-minus
const tenths = new Intl.NumberFormat(data.lang, { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(data.lang, { style: "percent", maximumFractionDigits: 1 });
// a value that rounds to zero is shown as 0, not "−0" (an interval's end just below zero)
const points = (n) => (Math.abs(n) < 0.05 ? tenths.format(0) : tenths.format(n).replace("-", "\u2212"));
// an exact review's figures are no estimates, and a choice may cost hundredths of a point: three
// decimals (as its thresholds are written)
const thousandths = new Intl.NumberFormat(data.lang, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const exactPoints = (n) => (Math.abs(n) < 0.0005 ? thousandths.format(0) : thousandths.format(n).replace("-", "\u2212"));
const reviewPoints = (n) => (review && review.exact ? exactPoints(n) : points(n));
// a choice's exact value, signed: an average result may be a gain or a loss
const signedThousandths = new Intl.NumberFormat(data.lang, { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: "exceptZero" });
const exactValue = (n) => (Math.abs(n) < 0.0005 ? thousandths.format(0) : signedThousandths.format(n).replace("-", "\u2212"));
const LOSS_LABELS = ["inaccuracy", "mistake", "blunder"]; // a loss the review can tell from noise
const $ = (id) => document.getElementById(id);
const base = `/api/tables/${encodeURIComponent(data.table)}/deals/${data.deal_no}`;

// the game's renderer never acts here, and a finished trick stays on the felt until the next step
const motion = { before() {}, after() {}, gather() {}, duration: () => 0, hold: () => 1 };
const helpers = withKit({
  data, t, ts: text.ts, fmt, el, piece, pieceName: text.pieceName, pieceLabel, pieceText: text.pieceText,
  signed: text.signed, seatName, numbers, keepFocus: (render) => render(), setRoving() {}, motion,
  reason: text.reason, act() {}, nextDeal() {},
  me: () => viewer,
  // the last step's result comes into view as it appears (the review's verdict is scrolled to after)
  showEnd: (box) => box.scrollIntoView({ block: "nearest" }),
  // as on the table: the seat to act at the step shown, none once the deal is over
  actingSeat: () => (at < steps.length - 1 ? steps[at].view.to_act ?? null : null),
  actingSeats: () => (at < steps.length - 1 ? steps[at].view.acting ?? [] : []),
  posOf: (seat) => (document.querySelector(`.seat[data-seat="${seat}"]`) || { dataset: {} }).dataset.pos || "",
});
// the seat whose views the steps are (the one this browser held at the table)
let viewer = 0;

// ---- state -----------------------------------------------------------------------------------
let steps = [];
let at = 0;
let game = null; // the renderer of the step shown
let words = null; // the renderer that words the moves
let createGame = null;
let controlsTemplate = null;
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
// (the deal's returns, whether drawn and who won are the engine's, in the step's "outcome")
function tableAt(i) {
  const view = { ...steps[i].view, legal: [] };
  const outcome = steps[i].outcome;
  const zeros = new Array(view.hand_sizes.length).fill(0);
  return {
    id: data.table, game: data.game, deal_no: data.deal_no, seq: i, level: "", pace_ms: 0,
    status: i === steps.length - 1 ? "over" : "bots",
    view, totals: outcome ? outcome.returns : zeros, last: [],
    deals: outcome ? [{ deal_no: data.deal_no, result: view.result, ...outcome }] : [],
  };
}

function moveText(i, action) {
  // the game's own words for a move, said at the position just after it
  const step = steps[i];
  words.setTable(tableAt(i));
  const lines = words.describe([{ seq: step.seq, seat: step.seat, deal_no: data.deal_no, action: action || step.action }]);
  return lines.join(" ");
}

// The game's renderer keeps what it drew last (a trick being gathered, a selection) to animate the
// next live move; a replay jumps about, so each step is drawn by a renderer made for it, wired to
// fresh copies of the hidden controls (the old ones, with the old renderer's listeners, go).
function renderer() {
  const controls = $("replay-controls");
  controls.replaceWith(controlsTemplate.cloneNode(true));
  const made = createGame(helpers);
  text.setSeats(data.seats.length ? data.seats : made.seats);
  return made;
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
  // words first: the label, the better move and why (what it wins or keeps); the figures behind
  // a disclosure, for whoever wants to know how sure the review is
  if (d.label === "best") {
    parts.push(el("p", { text: t("decision_best", { label }) }));
  } else {
    parts.push(el("p", { text: t("decision_lost", { label, points: reviewPoints(d.loss) }) }));
    // the better move said as a move to make, its pieces named ("play Heaven 6-6 face up"), so a
    // face-down alternative never reads like the chosen move; a review stored before it was said so
    // falls back on the log's words. Its pieces are drawn too.
    const codes = Object.values(d.best).flat().filter((v) => typeof v === "string" && v in data.pieces);
    const move = d.better ? reasonText(d.better) : moveText(i, d.best);
    parts.push(el("p", { class: "replay-better" }, t("better", { move }), " ",
      codes.map((code) => piece(data.piece_kind, code, "mini", pieceLabel(code)))));
  }
  if (d.reason) {
    // why in words, then the figures that make the case: the better move's average beside yours
    // (or, where yours was the best, beside the usual choice or the next best, as the Hint said it)
    parts.push(el("p", { class: "replay-why", text: t("why", { reason: reasonText(d.reason) }) }));
    const values = text.valuesText(d.values);
    if (values) parts.push(el("p", { class: "replay-values", text: values }));
  }
  if (d.exact && Array.isArray(d.options)) {
    // an exact review: every choice with its exact value, the best first, and whom the values are
    // computed against
    const options = [...d.options].sort((a, b) => b.value - a.value);
    parts.push(el("p", { class: "replay-against", text: reasonText(d.against) }));
    parts.push(el("ul", { class: "replay-options" }, options.map((o) => el("li", { class: o.chosen ? "chosen" : null },
      t(o.chosen ? "option_value_yours" : "option_value", { move: reasonText(o.move), points: exactValue(o.value) })))));
  }
  const figures = [];
  if (d.samples && typeof d.mean === "number") {
    figures.push(el("p", { text: t("measured", { num: d.samples, best: points(d.mean), chosen: points(d.mean - d.loss) }) }));
  }
  if (d.label !== "best" && !d.exact) {
    figures.push(el("p", { text: t("decision_loss", { label, points: points(d.loss), low: points(d.ci95[0]), high: points(d.ci95[1]), confidence: data.confidence }) }));
  }
  if (figures.length) parts.push(el("details", { class: "replay-figures" }, el("summary", { text: t("figures") }), figures));
  box.append(...parts);
}

// The step's decision, if the player had a choice there: the view before it lists the legal
// actions (the engine's answer), so a move that was the only legal one is not offered again.
function hadChoice(i) {
  if (i === 0 || steps[i].seat !== viewer) return false;
  const before = steps[i - 1].view;
  return !before.forced && Array.isArray(before.legal) && before.legal.length > 1;
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
  game = renderer();
  game.render(table, true);
  text.explainResult(table);
  $("result").hidden = table.status !== "over" || $("result").childElementCount === 0;
  for (const seat of document.querySelectorAll(".seat")) {
    seat.classList.toggle("to-act", helpers.actingSeats().includes(Number(seat.dataset.seat)));
  }
  $("replay-position").textContent = t("step_of", { step: numbers.format(at), total: numbers.format(steps.length - 1) });
  $("replay-move").textContent = at === 0 ? t("at_start") : moveText(at);
  $("step-first").disabled = $("step-prev").disabled = at === 0;
  $("step-next").disabled = $("step-last").disabled = at === steps.length - 1;
  // the player's own choice just shown (not one the rules made) can be played again differently
  $("try-here").hidden = !hadChoice(at);
  verdict(at);
  showHands(at);
}

// Try from here: a new table at the decision just shown (the same deal), played on the table page.
async function tryHere() {
  const pace = Number(localStorage.getItem("cardavia.pace"));
  const body = { step: at - 1, ...(localStorage.getItem("cardavia.pace") !== null && Number.isFinite(pace) ? { pace_ms: pace } : {}) };
  let reply;
  try {
    const response = await fetch(`${base}/try`, {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    reply = { ok: response.ok, body: await response.json().catch(() => null) };
  } catch (e) {
    reply = { ok: false, body: null };
  }
  if (!reply.ok || !reply.body || !reply.body.id) {
    $("notice").textContent = t("try_failed");
    return;
  }
  // the table page opens this browser's table of the game: the new one, saying where it comes from
  // (this deal and move, and what the review suggested there)
  localStorage.setItem(`cardavia.table.${data.game}`, reply.body.id);
  const d = byIndex.get(at - 1);
  const better = d && d.label !== "best" && d.better ? d.better : null;
  location.href = triedUrl(data.path, { tried: reply.body.id, from: data.table, deal: data.deal_no, step: at, better });
}

// A decision from the list of losses: its step shown with its verdict in view, as much of the
// table above it as the screen holds (focus on the step buttons, the page not scrolled past it).
function showDecision(step) {
  show(step);
  $("step-next").focus({ preventScroll: true });
  const verdict = $("replay-verdict");
  const box = verdict.getBoundingClientRect();
  // the step buttons above it belong in view too wherever both fit (the list that was clicked may
  // have left the page scrolled so that the verdict shows and the buttons do not)
  const top = Math.min(box.top, document.querySelector(".replay-steps").getBoundingClientRect().top);
  const fits = box.bottom - top <= window.innerHeight;
  if ((fits ? top : box.top) >= 0 && box.bottom <= window.innerHeight) return;
  verdict.scrollIntoView({ block: fits || box.height <= window.innerHeight ? "end" : "start" });
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
  // the labels first, as counts ("Best: 9, Good: 2, Mistake: 1"); the points and the accuracy, with
  // what accuracy is, behind a disclosure
  const counts = ["best", "good", ...LOSS_LABELS].map((label) => [label, review.decisions.filter((d) => d.label === label).length])
    .filter(([, n]) => n > 0).map(([label, n]) => t("label_count", { label: t(`label_${label}`), tally: numbers.format(n) }));
  const list = new Intl.ListFormat(data.lang, { type: "conjunction" }); // "unit" joins with nothing in Chinese
  $("review-summary").textContent = t("review_overview", { num: s.decisions, labels: list.format(counts) });
  $("review-figures").hidden = false;
  $("review-figures-summary").textContent = t("figures");
  // an accuracy over one decision is all or nothing: there, how far its choices lay apart instead
  const one = s.decisions === 1;
  const stake = typeof s.stake === "number" ? s.stake : review.decisions.reduce((sum, d) => sum + d.spread, 0);
  $("review-totals").textContent = one
    ? t("review_totals_one", { points: reviewPoints(s.points_lost), stake: reviewPoints(stake) })
    : t("review_totals", { points: reviewPoints(s.points_lost), accuracy: percent.format(s.accuracy / 100) });
  $("review-help").textContent = one ? "" : t("accuracy_line", { full: percent.format(1) });
  $("review-help").hidden = one;
  // only the decisions that lost points (labelled a loss), biggest first: the review says which
  const listed = Array.isArray(review.losses) ? review.losses.map((index) => byIndex.get(index)).filter(Boolean)
    : review.decisions.filter((d) => LOSS_LABELS.includes(d.label) && d.loss > 0).sort((a, b) => b.loss - a.loss || a.index - b.index);
  const losses = listed.slice(0, 10);
  $("losses-heading").hidden = false;
  $("losses-heading").textContent = t("losses_heading");
  $("review-losses").replaceChildren(...(losses.length ? losses.map((d) => el("li", {},
    el("button", { type: "button", class: `link-button label-${d.label}`, onclick: () => showDecision(d.index + 1) },
      `${t("step_of", { step: numbers.format(d.index + 1), total: numbers.format(steps.length - 1) })} \u2014 `,
      t("decision_lost", { label: t(`label_${d.label}`), points: reviewPoints(d.loss) }))))
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
  $("try-here").textContent = t("try_here");
  $("try-here").addEventListener("click", tryHere);
  const reply = await getJson("GET", `${base}/steps`);
  if (!reply.ok || !Array.isArray(reply.body) || reply.body.length === 0) {
    $("notice").textContent = t("not_found");
    $("replay").hidden = true;
    return;
  }
  steps = reply.body;
  viewer = Number(steps[0].view.seat ?? 0);
  // drawn from this browser's own seat, with the names of the people who sat at the table
  arrangeSeats(viewer);
  const seated = await getJson("GET", `/api/tables/${encodeURIComponent(data.table)}`);
  text.setViewer(viewer, seated.ok && seated.body ? seated.body.people : null);
  const heading = $("replay-heading");
  heading.textContent = t("replay_title", { deal: t("deal_no", { num: data.deal_no }) });
  document.title = heading.textContent;
  ({ default: createGame } = await import(data.module));
  controlsTemplate = $("replay-controls").cloneNode(true);
  words = renderer(); // says the moves (its own state never drawn)
  $("step-first").addEventListener("click", () => show(0));
  $("step-prev").addEventListener("click", () => show(at - 1));
  $("step-next").addEventListener("click", () => show(at + 1));
  $("step-last").addEventListener("click", () => show(steps.length - 1));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    // a text field or a list keeps its keys; the "every hand" checkbox does not use them
    if (target && (target.tagName === "SELECT" || target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type !== "checkbox"))) return;
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
