// "Play again together" at a table shared with friends: once a deal is over the host makes a new
// table for the same people in the same seats (POST .../rematch); the old table then names it
// (TableOut.next_table) and its stream says so ("say" with message "moved"), so every person's
// page opens the new table, where their seat is theirs already.
import { isShared } from "./seats.js";

/** ``h``: the table page's helpers (``t``, ``api``, ``notice``, ``me``, ``open``, ``refresh``). */
export function createRematch(h) {
  const { t } = h;
  const button = document.getElementById("act-rematch");
  let current = null;
  let followed = null;

  button.addEventListener("click", async () => {
    if (!current) return;
    button.disabled = true;
    const reply = await h.api("POST", `/api/tables/${encodeURIComponent(current.id)}/rematch`);
    button.disabled = false;
    if (reply.ok && reply.body && reply.body.id) follow(reply.body.id);
    else if (reply.status === 0 || reply.status === 503) h.notice(t("offline"), "offline");
    else h.refresh();
  });

  function follow(id) {
    if (followed === id) return;
    followed = id;
    h.open(id);
  }

  /** Offer the button to the host of a shared table whose deal is over; follow a made table. */
  function render(table) {
    current = table;
    if (table.next_table) { follow(table.next_table); return; }
    button.hidden = !(table.status === "over" && h.me() === 0 && isShared(table.people));
  }

  /** A "say" event of the stream: "moved" means a new table was made after this one. */
  function heard(news) {
    if (news && news.message === "moved") h.refresh();
  }

  return { render, heard };
}
