// A table opened from a replay to play one of the player's moves again. The replay page sends the
// player here with where the move comes from in the address (?tried=<new table>&from=<table>
// &deal=<n>&step=<move>&better=<the review's suggestion, a hint reason as JSON>); while this page
// shows that new table, a line says so ("Deal 1, move 9 again — the review suggested: …") with a
// link back to the replay. Nothing here is trusted: ids and numbers are checked, and a suggestion
// is only shown through one of the game's own hint templates, its pieces by their names.
import { el } from "./text.js";

const ID = /^[\w-]{1,64}$/;

/** Where a tried table comes from, read from the address's query, or null when it says nothing. */
export function readTried(search) {
  const params = new URLSearchParams(search);
  const tried = params.get("tried") || "";
  const from = params.get("from") || "";
  const deal = Number(params.get("deal"));
  const step = Number(params.get("step"));
  if (!ID.test(tried) || !ID.test(from) || !Number.isInteger(deal) || deal < 1 || !Number.isInteger(step) || step < 1) return null;
  let better = null;
  try { better = JSON.parse(params.get("better") || "null"); } catch (e) { better = null; }
  return { tried, from, deal, step, better };
}

/** The address of the table page for a table tried from ``context`` (what readTried reads back);
 * ``path`` is where the game's pages live (the page data's ``path``). */
export function triedUrl(path, context) {
  const params = new URLSearchParams({
    tried: context.tried, from: context.from, deal: String(context.deal), step: String(context.step),
  });
  if (context.better) params.set("better", JSON.stringify({ id: context.better.id, params: context.better.params }));
  return `${path}/table?${params}`;
}

// a suggestion the page may say: one of the game's hint templates, its parameters numbers or pieces
function sayable(better, data) {
  if (!better || typeof better !== "object" || typeof better.id !== "string" || !(better.id in data.hints)) return false;
  const params = better.params || {};
  if (typeof params !== "object" || Array.isArray(params)) return false;
  const piece = (v) => typeof v === "string" && v in data.pieces;
  return Object.values(params).every((v) => Number.isFinite(v) || piece(v) || (Array.isArray(v) && v.length > 0 && v.every(piece)));
}

/** Show (or hide) the line in ``box`` for the table ``tableId``: only the tried table has one. */
export function showTried(box, context, tableId, { data, t, reasonText }) {
  const on = Boolean(context) && context.tried === tableId;
  box.hidden = !on;
  if (!on || box.dataset.shown === tableId) return;
  box.dataset.shown = tableId;
  const deal = t("deal_no", { num: context.deal });
  const step = new Intl.NumberFormat(data.lang).format(context.step);
  const said = sayable(context.better, data)
    ? t("tried_from", { deal, step, move: reasonText(context.better) })
    : t("tried_from_plain", { deal, step });
  const back = `${data.path}/replay/${encodeURIComponent(context.from)}/${context.deal}`;
  box.replaceChildren(said, " ", el("a", { href: back, text: t("back_to_replay") }));
}
