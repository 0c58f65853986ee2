// The table page's keyboard and focus: the hand is one tab stop whose arrows move among its
// pieces (Space chooses, Enter plays), each control of the page has one key of its own (listed
// under "?"), and a focus whose control vanished goes back to the hand, never to the page's top.
// What Enter plays is the game's to say (its ``playFocused``); this module names no game.
import { el } from "./text.js";

const $ = (id) => document.getElementById(id);

// one tab stop for the whole hand: the arrows move inside it
export function setRoving(buttons, index) {
  buttons.forEach((b, i) => b.setAttribute("tabindex", i === index ? "0" : "-1"));
}

// After an action or a change of the table: a focus that fell on the body (its control vanished
// or was disabled) goes back to the hand, on the chosen piece or the one just picked up.
export function keepInHand() {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected || active.disabled;
  if (!lost) return;
  const hand = $("hand");
  const target = hand.querySelector("[aria-pressed='true']") || hand.querySelector(".taken") ||
    hand.querySelector("[tabindex='0']") || hand.querySelector("button");
  if (target) target.focus({ preventScroll: true });
}

// A redraw (``render``) keeps the focus on the control of the same data-key, drawn anew.
export function keepFocus(render) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.key : null;
  render();
  if (key && (!document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected)) {
    const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

// ---- keyboard: arrows move in the hand, Space chooses, Enter plays; one key per control ----
function handKeys(event, playFocused) {
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
    playFocused(Number(buttons[at].dataset.index));
  }
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

/** The page's keys from now on: the hand's arrows and Enter (``playFocused(index)``: the game plays
 * the piece at ``index``), every control's shortcut, and their list under "?". */
export function listenToKeys({ playFocused }) {
  $("hand").addEventListener("keydown", (event) => handKeys(event, playFocused));
  document.addEventListener("keydown", shortcutKeys);
  listShortcuts();
}
