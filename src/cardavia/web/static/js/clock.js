// The turn clock of a table with a time limit per move: the time the person to decide has left,
// counted down from what the server said (TableOut.turn_left_ms, when the page received it), so a
// reload shows the same clock; the browser's own clock never decides when a turn began. The
// person whose turn it is hears a warning 10 s before the AI plays for them (an assertive region).
import { el } from "./text.js";

const WARN_MS = 10_000;

/** ``h``: the table page's helpers (``t``, ``seatName``, ``me``). */
export function createClock(h) {
  const { t } = h;
  const box = el("p", { class: "turn-clock", id: "turn-clock", role: "timer", hidden: true });
  const warning = el("p", { class: "visually-hidden", id: "turn-clock-warning", "aria-live": "assertive" });
  const status = document.getElementById("status");
  status.after(box, warning);
  let deadline = null;
  let who = null;
  let warned = "";
  let turn = "";
  let ticker = null;

  const format = (ms) => {
    const s = Math.ceil(Math.max(0, ms) / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };

  function tick() {
    if (deadline === null) return;
    const left = deadline - performance.now();
    const time = format(left);
    const text = who === h.me() ? t("clock_you", { time }) : t("clock_other", { name: h.seatName(who), time });
    if (box.textContent !== text) box.textContent = text;
    box.classList.toggle("low", left <= WARN_MS);
    if (who === h.me() && left <= WARN_MS && left > 0 && warned !== turn) {
      warned = turn;
      warning.textContent = t("clock_warn_you");
    }
  }

  /** Show ``table``'s clock (hidden when nobody decides under a limit). */
  function render(table) {
    const left = table.turn_left_ms;
    if (left === null || left === undefined || table.status === "over") {
      deadline = null;
      box.hidden = true;
      clearInterval(ticker);
      ticker = null;
      return;
    }
    // the person the clock is of: this page's when its seat is to decide (several seats may decide
    // at once, each on its own clock), else the first person deciding
    const acting = Array.isArray(table.view.acting) ? table.view.acting : [table.view.to_act];
    const people = (table.people || []).filter((p) => p.kind === "host" || p.kind === "person").map((p) => p.seat);
    who = table.status === "human" ? h.me() : (acting.find((s) => people.includes(s)) ?? table.view.to_act);
    // one decision, one warning: of seats deciding at once, the others' moves do not start a new one
    const key = acting.length > 1 ? `${table.id}:${table.deal_no}:${who}:together` : `${table.id}:${table.seq}`;
    if (key !== turn) { turn = key; warning.textContent = ""; }
    // counted from when the page received the table (the server's figure is from that moment)
    deadline = (table.received ?? performance.now()) + left;
    box.hidden = false;
    tick();
    if (!ticker) ticker = setInterval(tick, 250);
  }

  return { render };
}
