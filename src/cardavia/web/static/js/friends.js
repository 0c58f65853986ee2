// The tradition page's "Play with friends": creates a table with seats for invited people
// (POST /api/tables with "friends" and "turn_limit_s") and shows the host one invite link per
// seat, each with a Copy button. The table becomes this browser's table of the game, so the
// table page opens it.
import { absoluteLink, storeLinks } from "./seats.js";

const form = document.getElementById("friends-form");
if (form) {
  const list = document.getElementById("invite-list");
  const box = document.getElementById("invites");
  const notice = document.getElementById("friends-notice");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    notice.textContent = "";
    const limit = form.elements.turn_limit_s.value;
    // a tradition with several games asks which one (its option says where that game's table is)
    const chosen = form.elements.game ? form.elements.game.selectedOptions[0] : null;
    const game = chosen ? chosen.value : form.dataset.game;
    const body = {
      game,
      level: form.querySelector("input[name='friends-level']:checked").value,
      friends: Number(form.elements.friends.value),
      turn_limit_s: limit ? Number(limit) : null,
      // the name the friends see (cleaned by the server); none given: they see "Host"
      host_name: form.elements.host_name.value.trim() || null,
    };
    let reply = null;
    try {
      reply = await fetch("/api/tables", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
    } catch (e) { reply = null; }
    if (!reply || !reply.ok) {
      notice.textContent = document.documentElement.dataset.offline || "…";
      return;
    }
    const table = await reply.json();
    try { localStorage.setItem(`cardavia.table.${game}`, table.id); } catch (e) { /* the links still work */ }
    document.getElementById("friends-go").href = `${chosen ? chosen.dataset.path : form.dataset.path}/table`;
    // the table page shows the host each open seat's link again (the server keeps only hashes)
    const invites = table.invites.map((invite) => ({ seat: invite.seat, url: absoluteLink(invite.url) }));
    storeLinks(table.id, Object.fromEntries(invites.map((invite) => [invite.seat, invite.url])));
    // each link says whose seat it is for, as the host will see the table (the links come in the
    // game's order of invitation: in a partnership game, the host's partner first)
    const seatNames = JSON.parse(form.dataset.seatNames || "{}")[game] || [];
    list.replaceChildren(...invites.map((invite, i) => {
      const named = seatNames[invite.seat];
      const label = named ? list.dataset.seatLabel.replace("{seat}", named) : list.dataset.label.replace("{num}", String(i + 1));
      const input = Object.assign(document.createElement("input"), { type: "text", readOnly: true, value: invite.url, id: `invite-${invite.seat}` });
      const caption = Object.assign(document.createElement("label"), { htmlFor: input.id, className: "invite-seat", textContent: label });
      const copy = Object.assign(document.createElement("button"), { type: "button", className: "button", textContent: list.dataset.copy });
      copy.setAttribute("aria-label", `${list.dataset.copy}: ${label}`);
      copy.addEventListener("click", async () => {
        try { await navigator.clipboard.writeText(invite.url); } catch (e) { input.select(); document.execCommand("copy"); }
        copy.textContent = list.dataset.copied;
        setTimeout(() => { copy.textContent = list.dataset.copy; }, 2000);
      });
      const item = document.createElement("li");
      item.append(caption, input, copy);
      return item;
    }));
    box.hidden = false;
    document.getElementById("invites-heading").focus();
  });
}

// The join page: "Take this seat" under a chosen name (POST /api/join/<token>), then the table.
const join = document.getElementById("join-form");
if (join) {
  join.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = document.getElementById("join-error");
    error.textContent = "";
    let reply = null;
    try {
      reply = await fetch(`/api/join/${encodeURIComponent(join.dataset.token)}`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: join.elements.name.value }),
      });
    } catch (e) { reply = null; }
    if (!reply || !reply.ok) {
      let code = "";
      try { code = reply ? (await reply.json()).error.code : ""; } catch (e) { code = ""; }
      error.textContent = reply && reply.status === 404 ? join.dataset.gone
        : code === "bad-name" ? join.dataset.badName
          : code === "rate-limited" ? join.dataset.limited : join.dataset.failed;
      return;
    }
    const table = await reply.json();
    try { localStorage.setItem(`cardavia.table.${table.game}`, table.id); } catch (e) { /* reload keeps the seat anyway */ }
    window.location.assign(`${join.dataset.path}/table`);
  });
}

// One's own invite link opened again (from the message it came in), after taking its seat: the
// table page opens this browser's table of the game, so that is made this table, then it opens.
const back = document.getElementById("join-back");
if (back) {
  try { localStorage.setItem(`cardavia.table.${back.dataset.game}`, back.dataset.table); } catch (e) { /* the link still leads there */ }
  window.location.replace(back.href);
}
