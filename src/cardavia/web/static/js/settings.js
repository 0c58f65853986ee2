// The table page's settings, remembered in this browser: the opponents' pace (the host's to set, and
// sent to the server, which plays at it), the sounds, the next deal by itself, and the level of a
// new table (shared with the tradition page's "Opponents" choice, which may send one as ?level=).
// Each is read here when it is used; the page's own controls change them.
import { keepInHand } from "./keys.js";
import { playSound, setSound, soundOn } from "./sound.js";

const paceKey = "cardavia.pace";
const levelKey = "cardavia.level"; // shared with the tradition page's "Opponents" choice
const autoNextKey = "cardavia.autonext";
const LEVELS = ["easy", "normal", "hard"];
const $ = (id) => document.getElementById(id);

// The opponents' pause between two moves; the page's animations take a share of it. Reduced
// motion changes how a move is shown (a fade), never how fast the opponents play.
export function pace() {
  const stored = localStorage.getItem(paceKey);
  return stored !== null && Number.isFinite(Number(stored)) ? Number(stored) : 700;
}

// The level of a new table of this browser's own.
export function level() {
  const stored = localStorage.getItem(levelKey);
  return LEVELS.includes(stored) ? stored : "normal";
}

// Whether the next deal starts by itself a few seconds after a deal's end.
export const nextByItselfOn = () => localStorage.getItem(autoNextKey) === "on";

// A level chosen on the tradition page arrives as ?level=: it becomes this browser's choice, and the
// address loses it so that a reload or a bookmark does not choose again. Answers that choice, if
// one came (null if not), so that a table of another level is not resumed unasked.
export function takeAskedLevel() {
  const params = new URLSearchParams(location.search);
  const asked = params.get("level");
  if (asked === null) return null;
  const known = LEVELS.includes(asked);
  if (known) localStorage.setItem(levelKey, asked);
  params.delete("level");
  const query = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  return known ? asked : null;
}

// The player chose a level on the tradition page but this browser has a table of another level:
// they say which they want, this one at its level or a new one at the level chosen (``newGame``).
export function askLevel(current, chosen, { t, newGame }) {
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

/** The page's settings controls, shown as this browser remembers them and listened to from now on.
 * ``table()``: the table shown (or null); ``api``, ``update``: the page's; ``renderAll``: its redraw. */
export function listenToSettings({ table, api, update, renderAll }) {
  const paceSelect = $("pace");
  paceSelect.value = String(pace());
  if (!paceSelect.value) paceSelect.value = "700";
  paceSelect.addEventListener("change", async () => {
    localStorage.setItem(paceKey, paceSelect.value);
    if (table()) {
      const reply = await api("POST", `/api/tables/${table().id}/settings`, { pace_ms: Number(paceSelect.value) });
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
  autoNextBox.checked = nextByItselfOn();
  autoNextBox.addEventListener("change", () => {
    localStorage.setItem(autoNextKey, autoNextBox.checked ? "on" : "off");
    if (table()) renderAll();
  });
  for (const radio of document.querySelectorAll("input[name='level']")) {
    radio.checked = radio.value === level();
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      localStorage.setItem(levelKey, radio.value);
      if (table()) renderAll();
    });
  }
}
