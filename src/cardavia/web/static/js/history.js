// The history page: this browser's finished deals, each with its record to download.
const data = JSON.parse(document.getElementById("page-data").textContent);
const dates = new Intl.DateTimeFormat(data.lang, { dateStyle: "medium", timeStyle: "short" });
const signed = new Intl.NumberFormat(data.lang, { signDisplay: "exceptZero" });
const fmt = (template, params) => template.replace(/%\((\w+)\)s/g, (m, k) => (k in params ? String(params[k]) : m));

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

// this browser's seat's points in the deal: the server sends each seat's returns as the engine scores
// them, and the seat held there (a friend's table may have seated this browser anywhere)
function net(row) {
  const mine = Array.isArray(row.returns) ? row.returns[row.seat ?? 0] : undefined;
  return typeof mine === "number" ? signed.format(mine).replace("-", "\u2212") : "";
}

function when(value) {
  const date = typeof value === "number" ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value ?? "") : dates.format(date);
}

async function load() {
  let rows = [];
  try {
    const reply = await fetch("/api/history", { credentials: "same-origin" });
    if (reply.ok) rows = await reply.json();
  } catch (e) {
    rows = [];
  }
  const body = document.querySelector("#history tbody");
  rows.sort((a, b) => String(b.finished_at).localeCompare(String(a.finished_at)));
  for (const row of rows) {
    const tr = document.createElement("tr");
    const game = data.games[row.game];
    tr.append(cell(game ? game.name : row.game), cell(String(row.deal_no)), cell(when(row.finished_at)), cell(net(row)));
    const link = document.createElement("a");
    link.href = `/api/tables/${encodeURIComponent(row.table)}/deals/${row.deal_no}/record`;
    link.setAttribute("download", `${row.game}-${row.table}-${row.deal_no}.json`);
    link.textContent = fmt(data.text.download, {});
    const td = document.createElement("td");
    td.append(link);
    const replay = document.createElement("a");
    const base = game ? game.path : `/traditions/${encodeURIComponent(row.game)}`;
    replay.href = `${base}/replay/${encodeURIComponent(row.table)}/${row.deal_no}`;
    replay.textContent = fmt(data.text.replay_link, {});
    const replayCell = document.createElement("td");
    replayCell.append(replay);
    tr.append(replayCell, td);
    body.append(tr);
  }
  document.getElementById("history").hidden = rows.length === 0;
  document.getElementById("history-empty").hidden = rows.length !== 0;
}

load();
