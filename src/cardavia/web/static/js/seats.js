// A table shared with invited friends: the list of who sits in each seat (everyone sees it; the
// host also gets, for each open seat, its invite link with Copy, "New link" and "Let the AI play
// this seat", and for a friend who has left, "Let the AI play for them"), the open and AI seats and
// the absent marked on the felt, the rules' meta line counting the people and the AI at the table,
// and arrivals, departures and returns said in the move log (a polite live region). Names are
// shown as text only. No game is named here.
import { el } from "./text.js";

/** Draw the page's seat boxes in the real order of play, starting from seat ``me`` at the bottom:
 * the box first drawn for seat k shows seat (me + k) mod n (the table and its replay alike). */
export function arrangeSeats(me) {
  const boxes = [...document.querySelectorAll(".seat")];
  for (const box of boxes) {
    if (box.dataset.place === undefined) box.dataset.place = box.dataset.seat;
    box.dataset.seat = String((me + Number(box.dataset.place)) % boxes.length);
  }
}

// The host's invite links, as the create reply gave them (the server keeps only their hashes, so
// this browser is the one place they can be read again); "New link" replaces one.
const linksKey = (id) => `cardavia.invites.${id}`;

/** The invite links this browser holds for table ``id``: ``{seat: url}``. */
export function storedLinks(id) {
  try {
    const links = JSON.parse(localStorage.getItem(linksKey(id)) || "{}");
    return links && typeof links === "object" ? links : {};
  } catch (e) {
    return {};
  }
}

/** ``url`` made absolute on the address this page was loaded from: a server without a configured
 * public URL answers invite links relative to the site (never built from a request's Host). */
export function absoluteLink(url) {
  return new URL(url, window.location.href).href;
}

/** Remember ``links`` (``{seat: url}``) for table ``id``; an empty set is forgotten. */
export function storeLinks(id, links) {
  try {
    if (Object.keys(links).length) localStorage.setItem(linksKey(id), JSON.stringify(links));
    else localStorage.removeItem(linksKey(id));
  } catch (e) { /* without storage the host still gets a new link on asking */ }
}

/** Whether invited people sit (or are awaited) at the table. */
export function isShared(people) {
  return (people || []).some((p) => p.kind === "person" || p.kind === "open");
}

/**
 * The seat list and its buttons. ``h``: the table page's helpers (``t``, ``seatName``, ``api``,
 * ``update``, ``log``, ``notice``, ``me``, and ``away``: the seats the log has said are away).
 */
export function createSeats(h) {
  const { t, seatName, api } = h;
  const $ = (id) => document.getElementById(id);
  const meta = $("table-meta");
  const metaText = meta ? meta.textContent : "";
  let current = null;
  let drawn = "";

  const path = (tail) => `/api/tables/${encodeURIComponent(current.id)}/${tail}`;

  // what changed for the others to hear: an arrival, a seat the AI takes from now on, someone
  // leaving or coming back, the AI playing for someone who left
  function announce(previous, next) {
    if (!previous || previous.id !== next.id) return;
    for (const person of next.people || []) {
      const before = (previous.people || [])[person.seat];
      if (!before) continue;
      const name = seatName(person.seat);
      if (before.kind !== person.kind) {
        if (person.kind === "person") h.log(t("joined", { name: person.name }));
        else if (person.kind === "ai") h.log(t("now_ai", { seat: name }));
        continue;
      }
      if (person.seat === h.me()) continue; // this browser is here: its own comings are not news
      // one line when someone goes (whatever says it first: this, or a move the AI makes for them)
      // and one when they are back
      if (person.ai_plays && !before.ai_plays) { h.log(t("handed_ai", { name })); h.away.add(person.seat); }
      else if (person.here === false && before.here === true) {
        if (!h.away.has(person.seat)) h.log(t("left_table", { name }));
        h.away.add(person.seat);
      } else if (person.here === true && before.here === false) {
        h.log(t("back_table", { name }));
        h.away.delete(person.seat);
      }
    }
  }

  // A friend who is slow (their time ran out: the AI played that turn, they are still here) and
  // one who has left (the AI plays for them once it is their turn, or already does) are told apart;
  // one who left and is back plays again from their next turn.
  function personText(person) {
    if (person.here === false) return t(person.away ? "who_left_ai" : "who_left");
    if (person.away && person.away_reason === "time") return t("who_slow");
    return null;
  }

  function stateText(person) {
    if (person.kind === "host") return person.here === false ? t("who_host_left") : t("who_host");
    if (person.kind === "open") return t("who_open");
    if (person.kind === "ai") return t("who_ai");
    return personText(person) || t("who_person");
  }

  // presence writes nothing to the log, so no event says who left or came back: look again now
  // and then while the table is shared
  let presenceTimer = null;
  function watchPresence(shared) {
    if (!shared) { clearInterval(presenceTimer); presenceTimer = null; return; }
    if (presenceTimer) return;
    presenceTimer = setInterval(async () => {
      if (!current) return;
      const reply = await api("GET", `/api/tables/${encodeURIComponent(current.id)}`);
      if (reply.ok) h.update(reply.body);
    }, 20000);
  }

  async function newLink(seat) {
    const reply = await api("POST", path(`invites/${seat}`));
    if (!reply.ok) return refused(reply);
    storeLinks(current.id, { ...storedLinks(current.id), [seat]: absoluteLink(reply.body.url) });
    drawn = "";
    render(current);
    const field = document.querySelector(`[data-key="seat-${seat}-link"]`);
    if (field) { field.focus(); field.select(); }
  }

  async function toAI(seat) {
    const reply = await api("POST", path(`seats/${seat}/ai`));
    if (!reply.ok) return refused(reply);
    const links = storedLinks(current.id);
    delete links[seat];
    storeLinks(current.id, links);
    h.update(reply.body);
  }

  // the seat was taken meanwhile (400), or the server is away: say so, and show the table as it is
  async function refused(reply) {
    if (reply.status === 0 || reply.status === 503) { h.notice(t("offline"), "offline"); return; }
    const again = await api("GET", `/api/tables/${encodeURIComponent(current.id)}`);
    if (again.ok) h.update(again.body);
  }

  async function copy(url, button, field) {
    try { await navigator.clipboard.writeText(url); } catch (e) { field.select(); document.execCommand("copy"); }
    button.textContent = t("copied");
    setTimeout(() => { button.textContent = t("copy_link"); }, 2000);
  }

  function button(key, label, seat, onClick) {
    return el("button", {
      type: "button", class: "button", "data-key": `seat-${seat}-${key}`,
      "aria-label": t("for_seat", { action: label, seat: seatName(seat) }), onclick: onClick,
    }, label);
  }

  function row(person, host, links) {
    const seat = person.seat;
    const gone = person.here === false;
    const left = gone && !person.away; // gone, and the AI does not play for them yet
    const item = el("li", { class: `seat-row ${person.kind}${person.away ? " away" : ""}${gone ? " left" : ""}` },
      el("span", { class: "seat-row-name", text: seatName(seat) }),
      el("span", { class: "seat-row-state", text: stateText(person) }));
    if (host && person.kind === "person" && left) {
      // a friend who has left: the host may let the AI play for them at once, until they are back
      item.append(el("div", { class: "seat-row-actions" },
        button("play-for", t("seat_play_for"), seat, () => toAI(seat))));
      return item;
    }
    if (!host || person.kind !== "open") return item;
    const url = links[seat];
    const actions = el("div", { class: "seat-row-actions" });
    if (url) {
      const field = el("input", {
        type: "text", readonly: true, value: url, "data-key": `seat-${seat}-link`,
        "aria-label": t("link_for_seat", { seat: seatName(seat) }),
      });
      const copyButton = button("copy", t("copy_link"), seat, () => copy(url, copyButton, field));
      actions.append(el("div", { class: "seat-link" }, field, copyButton));
    }
    actions.append(button("renew", t("new_link"), seat, () => newLink(seat)),
      button("ai", t("seat_to_ai"), seat, () => toAI(seat)));
    item.append(actions);
    return item;
  }

  // the felt: each open seat says it waits for a player, and at a shared table the AI's seats and
  // an away person's say who plays them (the person's own name is the seat's name already)
  function markFelt(people, shared) {
    for (const box of document.querySelectorAll(".seat")) {
      box.querySelector(".seat-who")?.remove();
      const person = people[Number(box.dataset.seat)];
      if (!shared || !person) continue;
      let text = null;
      if (person.kind === "open") text = t("who_open");
      else if (person.kind === "ai") text = t("who_ai");
      else if (person.kind === "person") text = personText(person);
      if (text) box.append(el("p", { class: `seat-who ${person.kind}${person.here === false ? " left" : ""}`, text }));
    }
  }

  /** Draw the list, the felt's marks and the meta line for ``table`` (after the game's render). */
  function render(table) {
    current = table;
    const people = table.people || [];
    const shared = isShared(people);
    const host = h.me() === 0;
    $("seats-panel").hidden = !shared;
    // while the table waits for its invited people the seat list (the host's links, Start now) is
    // what matters: the page's style sheet brings it up beside the felt
    document.body.classList.toggle("table-waiting", table.status === "waiting");
    watchPresence(shared);
    markFelt(people, shared);
    if (meta) {
      const persons = people.filter((p) => p.kind !== "ai").length;
      const ai = people.length - persons;
      const who = { people: t("people_count", { num: persons }), ai: t("ai_count", { num: ai }) };
      const text = !shared ? metaText : t(ai ? "shared_meta" : "shared_meta_no_ai", who);
      if (meta.textContent !== text) meta.textContent = text;
    }
    if (!shared) return;
    let links = {};
    if (host) {
      // a link whose seat is no longer open is of no use: forget it
      const open = new Set(people.filter((p) => p.kind === "open").map((p) => String(p.seat)));
      const stored = storedLinks(table.id);
      links = Object.fromEntries(Object.entries(stored).filter(([seat]) => open.has(seat)));
      if (Object.keys(links).length !== Object.keys(stored).length) storeLinks(table.id, links);
    }
    // rebuilt only when something in it changed, so a focused button or a "Copied" stays put
    const signature = JSON.stringify([table.id, h.me(), people, links]);
    if (signature === drawn) return;
    drawn = signature;
    $("seat-list").replaceChildren(...people.map((p) => row(p, host, links)));
  }

  return { render, announce };
}
