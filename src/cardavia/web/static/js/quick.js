// Quick messages at a table shared with friends: a fixed set, sent by id (POST .../say), each
// person reading them in their own language. They arrive on the table's event stream ("say"),
// are said politely in the move log and shown for a moment beside the sender's seat, unless this
// browser muted them (remembered). Nothing is stored on the server: they are for those present.
import { el } from "./text.js";
import { isShared } from "./seats.js";

export const QUICK = ["good_game", "well_played", "thanks", "oops", "one_moment"];
const muteKey = "cardavia.quick.mute";

/** ``h``: the table page's helpers (``t``, ``seatName``, ``api``, ``log``, ``notice``, ``me``, ``table``). */
export function createQuick(h) {
  const { t } = h;
  let muted = false;
  try { muted = localStorage.getItem(muteKey) === "1"; } catch (e) { /* not remembered, then */ }
  const buttons = QUICK.map((id) => el("button", {
    type: "button", class: "button quick-button", "data-key": `quick-${id}`, "data-quick": id,
    onclick: () => send(id),
  }, t(`quick_${id}`)));
  const mute = el("input", { type: "checkbox", id: "quick-mute" });
  mute.checked = muted;
  mute.addEventListener("change", () => {
    muted = mute.checked;
    try { localStorage.setItem(muteKey, muted ? "1" : "0"); } catch (e) { /* for this page only */ }
  });
  const box = el("section", { class: "quick", id: "quick", "aria-labelledby": "quick-heading", hidden: true },
    el("h3", { id: "quick-heading", text: t("quick_heading") }),
    el("div", { class: "quick-buttons", role: "group", "aria-labelledby": "quick-heading" }, buttons),
    el("p", { class: "quick-mute" }, mute, " ", el("label", { for: "quick-mute", text: t("quick_mute") })));
  document.getElementById("seats-panel").append(box);

  function bubble(seat, text) {
    const seatBox = document.querySelector(`.seat[data-seat="${seat}"]`);
    if (!seatBox) return;
    seatBox.querySelector(".seat-say")?.remove();
    const shown = el("p", { class: "seat-say", "aria-hidden": "true", text });
    seatBox.append(shown);
    setTimeout(() => shown.remove(), 4000);
  }

  function said(seat, id) {
    if (!QUICK.includes(id)) return;
    const message = t(`quick_${id}`);
    bubble(seat, message);
    h.log(seat === h.me() ? t("quick_said_you", { message }) : t("quick_said", { name: h.seatName(seat), message }));
  }

  async function send(id) {
    const table = h.table();
    if (!table) return;
    const reply = await h.api("POST", `/api/tables/${encodeURIComponent(table.id)}/say`, { message: id });
    if (reply.ok) said(h.me(), id); // one's own is shown at once; the stream's copy is skipped
    else if (reply.status === 429) h.notice(t("quick_too_fast"), "info");
    else if (reply.status === 0 || reply.status === 503) h.notice(t("offline"), "offline");
  }

  /** A "say" event of the stream: ``{seat, message}``. */
  function heard(news) {
    if (!news || news.seat === h.me() || muted) return;
    said(Number(news.seat), String(news.message));
  }

  /** Shown at a shared table only. */
  function render(table) {
    box.hidden = !isShared(table.people);
  }

  return { render, heard };
}
