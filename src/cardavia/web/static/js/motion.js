// The motion of the pieces on the table page: a piece travels from the seat (or the pile) that
// played it, and a won trick is gathered to its winner's seat. Each animation takes a share of the
// opponents' pause (``pace``), so the next move never waits for it; reduced motion fades instead.
// The game's script marks what moves (data-motion-from, data-motion); this module names no game.

/** ``pace``: the opponents' pause between two moves, in ms, as the player chose it. */
export function createMotion({ pace }) {
  let seatBoxes = new Map();
  const reduce = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // a move's animation takes part of the opponents' pause, so the next move never waits for it
  const duration = () => Math.min(900, pace() * 0.6);
  function before() {
    seatBoxes = new Map();
    for (const box of document.querySelectorAll(".seat")) seatBoxes.set(Number(box.dataset.seat), box.getBoundingClientRect());
    // the game's piles a piece can come from (a stock, a discard pile) are named data-motion="…"
    for (const pile of document.querySelectorAll("[data-motion]")) seatBoxes.set(pile.dataset.motion, pile.getBoundingClientRect());
  }
  function travel(node, from, { flip = false } = {}) {
    const ms = duration();
    if (!node || !from || ms <= 0 || !node.animate) return;
    if (reduce()) {
      node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" });
      return;
    }
    const to = node.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const start = `translate(${dx}px, ${dy}px) scale(.7)${flip ? " rotateY(180deg)" : ""}`;
    node.animate([{ transform: start, opacity: 0.4 }, { transform: "none", opacity: 1 }], { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  // the game marks what just arrived with data-motion-from="seat number" or a pile's name
  function after(entries, previous) {
    if (!previous || !entries.length) return;
    for (const node of document.querySelectorAll("[data-motion-from]")) {
      if (node.dataset.motionDone) continue;
      node.dataset.motionDone = "1";
      const from = node.dataset.motionFrom;
      travel(node, seatBoxes.get(/^\d+$/.test(from) ? Number(from) : from), { flip: node.dataset.motionFlip === "1" });
    }
  }
  // a finished trick stays on the felt, then goes to its winner's seat
  function gather(node, seat, onDone) {
    const ms = duration();
    const to = document.querySelector(`.seat[data-seat="${seat}"]`);
    if (!node || !to || ms <= 0 || !node.animate) { onDone(); return; }
    const a = node.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const frames = reduce() ? [{ opacity: 1 }, { opacity: 0 }]
      : [{ transform: "none", opacity: 1 }, { transform: `translate(${b.left + b.width / 2 - (a.left + a.width / 2)}px, ${b.top + b.height / 2 - (a.top + a.height / 2)}px) scale(.4)`, opacity: 0 }];
    const run = node.animate(frames, { duration: ms, easing: "ease-in", fill: "forwards" });
    run.onfinish = onDone;
  }
  // how long a move that ends a trick holds the next ones back: the trick read, then gathered
  return { before, after, gather, duration, hold: () => (pace() > 0 ? Math.max(500, pace() * 2) : 0) };
}
