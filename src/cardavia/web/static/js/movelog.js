// The table page's move log (a polite live region): each move in the game's words, the deals
// named between them, a move the AI made for a person whose time ran out or who left, a drawn
// deal dealt again, and who won a deal. It holds the last 60 lines; a new table starts it afresh.
// The seats and the quick messages write to it too (``line``). It names no game.
import { el } from "./text.js";

const box = () => document.getElementById("log");

/** ``describe(plays)``: the game's lines for its log entries; ``me()``: the seat this browser holds. */
export function createMoveLog({ t, ts, seatName, describe, me }) {
  let loggedSeq = 0;
  let drawnNoted = null;
  let wonNoted = null; // the deal whose winner the log has named
  const away = new Set(); // the seats the log has said are away (their person left), until they are back

  function line(text) {
    const log = box();
    log.append(el("p", { text }));
    while (log.childElementCount > 60) log.firstElementChild.remove();
    log.parentElement.scrollTop = log.parentElement.scrollHeight;
  }

  const clear = () => box().replaceChildren();

  // a table shown for the first time: its log starts at its deal's start
  function restart(next) {
    loggedSeq = next.deal_start ?? next.seq;
    clear();
    away.clear();
  }

  // the entries of ``next.last`` the log has not said yet
  const news = (next) => (next.last || []).filter((entry) => entry.seq >= loggedSeq);

  // ``entries`` (``news(next)``) said; ``previous``: the table shown before, null for a fresh one
  function write(next, entries, previous) {
    const fresh = !previous;
    // a new deal comes as an entry of seat -1: name the deal there, between the plays of the
    // deals either side of it, and hand the game only the plays
    let plays = [];
    let dealNamed = false;
    const flush = () => { describe(plays).forEach(line); plays = []; };
    // a drawn deal (the server marks it "drawn") is dealt again by the server on its own: say so
    // once, even when its end and the redeal arrive together (in the game's words where it has them)
    const noteDrawn = (dealNo) => {
      if (drawnNoted === dealNo) return;
      drawnNoted = dealNo;
      line(t("drawn"));
    };
    if (fresh) { line(t("deal_no", { num: next.deal_no })); dealNamed = true; }
    for (const entry of entries) {
      if (entry.seat >= 0) {
        // a move the AI made for a person whose time ran out is said to be the AI's
        if (entry.auto) {
          const left = entry.auto_reason === "left"; // the person had left, rather than run out of time
          // a person who left is said to be away once, not before each move the AI makes for them
          if (!left || !away.has(entry.seat)) {
            flush();
            if (left) away.add(entry.seat);
            if (entry.seat === me()) line(t(left ? "auto_left_you" : "auto_played_you"));
            else line(t(left ? "auto_left" : "auto_played", { name: seatName(entry.seat) }));
          }
        }
        plays.push(entry);
        continue;
      }
      flush();
      const dealNo = (entry.action && entry.action.deal) || next.deal_no;
      const before = (next.deals || []).find((d) => d.deal_no === dealNo - 1);
      if (before && before.drawn) noteDrawn(dealNo - 1);
      if (!fresh) line(t("deal_no", { num: dealNo }));
      dealNamed = true;
    }
    flush();
    const ended = (next.deals || []).find((d) => d.deal_no === next.deal_no);
    if (ended && ended.drawn) noteDrawn(next.deal_no);
    if (previous && previous.deal_no !== next.deal_no && !dealNamed) line(t("deal_no", { num: next.deal_no }));
    // the log ends with who won the deal (a drawn deal has said so above)
    const done = `${next.id}/${next.deal_no}`;
    if (next.status === "over" && ended && !ended.drawn && ended.winner !== null && ended.winner !== undefined && wonNoted !== done) {
      wonNoted = done;
      line(ts("deal_won", ended.winner));
    }
    // someone back at the table may be said to be away again when they next leave
    for (const person of next.people || []) if (person.here !== false && !person.ai_plays) away.delete(person.seat);
    if (entries.length) loggedSeq = Math.max(...entries.map((e) => e.seq)) + 1;
    loggedSeq = Math.max(loggedSeq, next.seq);
  }

  return { line, clear, restart, news, write, away };
}
