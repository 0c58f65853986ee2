// What the table page and the replay page both say and draw, from the page data: translated texts
// with their plurals, a seat's name, a piece (its sprite, its name in a sentence), the engine's
// errors and the bots' reasons re-rendered from their translated templates, and the payments of a
// finished deal explained line by line. No game is named here: a game's module gives its seats.

const SVG = "http://www.w3.org/2000/svg";
// the parameters of an error or a reason that name a seat
const SEAT_PARAMS = ["seat", "to_act", "owed_by"];

export function fmt(template, params = {}) {
  return template.replace(/%\((\w+)\)s|%%/g, (match, key) => {
    if (match === "%%") return "%";
    return key in params ? String(params[key]) : match;
  });
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A piece drawn from the page's sprite; label null for a decorative one (inside a labelled button).
export function piece(kind, code, cls, label) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", `${cls} ${kind}`);
  svg.setAttribute("focusable", "false");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#${kind}-${code}`);
  svg.append(use);
  return svg;
}

/**
 * The page's words, bound to its data (`#table-data`): `t` a message (a count chooses its plural
 * form), `ts` a message about a seat (the human's own form, "You win…", where there is one).
 * `setSeats` takes the game module's seat names once it is loaded; `setViewer` the seat the page is
 * seen from and the table's people.
 */
export function createText(data) {
  const plural = new Intl.PluralRules(data.lang);
  const numbers = new Intl.NumberFormat(data.lang);
  const signedNumbers = new Intl.NumberFormat(data.lang, { signDisplay: "exceptZero" });
  let seatKeys = [];
  // the seat this page is seen from (drawn at the bottom, "you") and who sits where (a person's
  // own name is shown beside the compass point of their seat)
  let me = 0;
  let people = null;

  function t(key, params = {}) {
    const value = data.text[key];
    if (value === undefined) return key;
    if (typeof value === "object") {
      const form = plural.select(Number(params.num)) === "one" ? value.one : value.other;
      return fmt(form, { ...params, num: numbers.format(params.num) });
    }
    return fmt(value, params);
  }

  // seat names are relative to the one who looks (everyone sits "south"): index them from my seat
  function seatName(seat) {
    const n = seatKeys.length || 1;
    const key = seatKeys[(seat - me + n) % n];
    const place = key ? t(key) : String(seat);
    const person = people ? people[seat] : null;
    // a person's own name, as text only (never HTML), beside the seat's compass point
    const named = person && person.name && (person.kind === "person" || person.kind === "host");
    return named && seat !== me ? t("person_at_seat", { name: person.name, seat: place }) : place;
  }

  function ts(key, seat, params = {}) {
    const own = `${key}_you`;
    return seat === me && own in data.text ? t(own, params) : t(key, { ...params, name: seatName(seat) });
  }

  const pieceName = (code) => data.pieces[code] || code;
  // The accessible name of a piece ("6-6 Heaven", as the contract says for English) and a piece
  // inside a sentence ("Plum 5-5"): each language's own order, from its catalog; a language whose
  // readers do not know the English card codes leaves them out.
  const pieceLabel = (code) => t("piece_label", { code, name: pieceName(code) });
  const pieceText = (code) => t("piece_text", { code, name: pieceName(code) });
  const signed = (n) => signedNumbers.format(n).replace("-", "\u2212");

  // Re-render an engine error or a hint reason from its translated template and parameters;
  // a count is shown by its translated plural phrase ("3 columns"), chosen by the language's rules.
  // `named`: pieces are shown by name even where an error shows the codes the player chose (a
  // reason's "tiles" read "Heaven 6-6 + nine 4-5", never "6-6+4-5").
  function renderTemplate(template, params, counts = {}, named = false) {
    const shown = {};
    const split = (v) => (Array.isArray(v) ? v : String(v).split("+")).map((s) => s.trim()).filter(Boolean);
    for (const [key, value] of Object.entries(params || {})) {
      if (key in counts) {
        const n = Number(value);
        const form = plural.select(n) === "one" ? counts[key].one : counts[key].other;
        shown[key] = form.replace(`{${key}}`, numbers.format(n));
      } else if (data.keys.piece.includes(key)) {
        // one piece: its code as {key}, its name as {key_name} (a template says both its own way)
        shown[key] = String(value);
        shown[`${key}_name`] = pieceName(String(value));
      } else if (key in (data.words || {})) {
        // a code of a word the game names (a suit): {key} the code, {key_name} its name
        shown[key] = String(value);
        shown[`${key}_name`] = data.words[key][String(value)] ?? String(value);
      } else if (data.keys.code.includes(key) && !named) shown[key] = split(value).join("+");
      else if ((data.keys.code.includes(key) || data.keys.named.includes(key)) && split(value).every((c) => c in data.pieces)) {
        shown[key] = split(value).map(pieceText).join(" + ");
      } else if (data.keys.name.includes(key)) shown[key] = data.names[value] || value;
      else if (SEAT_PARAMS.includes(key)) shown[key] = seatName(Number(value));
      else shown[key] = Array.isArray(value) ? value.join(", ") : value;
    }
    // A kind is a value ("5", named by itself) or a piece, named like that piece ("RF").
    if (params && params.kind !== undefined) {
      const kind = String(params.kind);
      shown.kind_name = kind in data.pieces ? pieceName(kind) : kind;
    }
    return template.replace(/\{(\w+)\}/g, (m, key) => (key in shown ? String(shown[key]) : m));
  }

  // The figures of why a move is better (a Hint's, a review's: the analysis's `values`): its
  // average beside another choice's and, where known and not `brief` (the table's Hint, said in a
  // few lines), how often each ends ahead and behind, in the page's language (an exact analysis's
  // to the thousandth, a sampled one's to the hundredth).
  const percent = new Intl.NumberFormat(data.lang, { style: "percent", maximumFractionDigits: 0 });
  const VERSUS = { yours: "values_yours", usual: "values_usual", next: "values_next", close: "values_close" };
  function valuesText(v, brief = false) {
    if (!v || typeof v.mean !== "number" || !(v.versus in VERSUS)) return "";
    const digits = v.exact ? 3 : 2;
    const exactly = new Intl.NumberFormat(data.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: "exceptZero" });
    const pts = (n) => (Math.abs(n) < 0.5 * 10 ** -digits ? numbers.format(0) : exactly.format(n).replace("-", "\u2212"));
    const first = t(VERSUS[v.versus], { mean: pts(v.mean), other: pts(v.other), move: v.move ? reasonText(v.move) : "" });
    if (brief || typeof v.ahead !== "number") return first;
    const shares = {
      ahead: percent.format(v.ahead), behind: percent.format(v.behind),
      other_ahead: percent.format(v.other_ahead), other_behind: percent.format(v.other_behind),
    };
    const second = v.exact ? t("shares_met", shares) : t("shares_played", { ...shares, num: v.samples });
    return t("sentences_join", { first, second });
  }

  const errorText = (error) =>
    data.errors[error.code] ? renderTemplate(data.errors[error.code], error.params, data.counts.errors) : error.message;
  const reasonText = (reason) =>
    data.hints[reason.id] ? renderTemplate(data.hints[reason.id], reason.params, data.counts.hints, true) : reason.text;

  // ---- payments explained: each figure of the end-of-deal panel opens into the engine's lines ----
  const reason = (f) =>
    renderTemplate(data.explain[f.id] || f.id, { ...f.params, value: numbers.format(f.value) }, data.counts.explain);
  function paymentText(ln, seat) {
    const amount = numbers.format(ln.amount);
    const other = ln.payer === seat ? ln.payee : ln.payer;
    let who;
    if (seat === me) who = ln.payer === me ? t("you_pay", { name: seatName(other), amount }) : t("pays_you", { name: seatName(other), amount });
    else if (other === me) who = ln.payer === me ? t("you_pay", { name: seatName(seat), amount }) : t("pays_you", { name: seatName(seat), amount });
    else who = t("pays", { payer: seatName(ln.payer), payee: seatName(ln.payee), amount });
    const reasons = ln.factors.map(reason);
    const list = reasons.reduce((first, second) => t("reasons_join", { first, second }));
    const shown = ln.factors.filter((f) => f.value !== 1);
    if (shown.length < 2) return t("explain_line_one", { payment: who, reasons: list });
    const formula = shown.map((f) => numbers.format(f.value)).join(" × ");
    return t("explain_line", { payment: who, formula, reasons: list });
  }

  /** Open each figure of the drawn result (`#result [data-explain-seat]`) into its payment lines. */
  function explainResult(current) {
    const explain = current.view.explain;
    if (!explain || !explain.lines) return;
    for (const cell of document.querySelectorAll("#result [data-explain-seat]")) {
      if (cell.querySelector("details")) continue;
      const seat = Number(cell.dataset.explainSeat);
      const mine = explain.lines.filter((ln) => ln.payer === seat || ln.payee === seat)
        .filter((ln) => !cell.dataset.explainKind || ln.kind === cell.dataset.explainKind);
      const figure = cell.textContent;
      if (!mine.length) continue;
      cell.replaceChildren(el("details", { class: "explain" },
        el("summary", { "aria-label": t("explain_open", { name: seatName(seat), amount: figure }) }, figure),
        el("ul", {}, mine.map((ln) => el("li", { text: paymentText(ln, seat) })))));
    }
  }

  return {
    plural, numbers, t, ts, seatName, setSeats: (keys) => { seatKeys = keys || []; },
    setViewer: (seat, who) => { me = seat; people = who || null; },
    pieceName, pieceLabel, pieceText, signed, renderTemplate, errorText, reasonText, valuesText, reason, explainResult,
  };
}
