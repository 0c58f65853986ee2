// Where the table page stands at the two moments a deal changes the page's length: its end, when
// the result appears below the buttons, and the start of the next, when the result goes away. The
// games' scripts call showEnd; the table calls startOfDeal. Both jump (no smooth scrolling): a
// player who asked for less motion gets none, and a browser test measures where the page settles.

const MARGIN = 8; // px kept between a control and the screen's edge

// Shows as much of the end panel as the screen holds without putting the *Next deal* button (or,
// at a table that ends with its deal, the panel's own top) above the screen's top: on a laptop the
// whole panel comes into view, on a phone the button stays at the top with the panel's start below.
export function showEnd(box) {
  const next = document.getElementById("act-next");
  const keep = next && !next.hidden ? next : box;
  const bottom = box.getBoundingClientRect().bottom;
  const top = keep.getBoundingClientRect().top;
  const down = Math.min(bottom + MARGIN - window.innerHeight, top - MARGIN);
  if (down > 0) window.scrollBy({ top: down, left: 0, behavior: "instant" });
}

// A new deal starts where the first one did: the page unscrolled, the felt, the hand and the
// buttons on one screen, whatever the last deal's end panel had scrolled to.
export function startOfDeal() {
  if (window.scrollY !== 0) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
}
