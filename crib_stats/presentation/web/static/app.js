// crib-stats serve: the page. Plain JavaScript, no build step, no request to any other host.
// Every figure comes from /api/discard and /api/score (the objects `crib-stats ... --json` prints);
// the page only arranges them. The state lives in the URL: a link reproduces the view, Back and
// Forward step through it.
"use strict";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = [["c", "♣", "clubs"], ["d", "♦", "diamonds"], ["h", "♥", "hearts"], ["s", "♠", "spades"]];
const GLYPH_SUIT = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s" };
const DEALT = { "six-card": 6, "five-card": 5, "three-player": 5, "four-player": 5 };
const NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " +
  "fifteen sixteen seventeen eighteen nineteen twenty").split(" ");
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v; else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) e.append(kid);
  return e;
};
const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}, text) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

// ---------------------------------------------------------------------------------------------
// cards: codes "5h", "10h", "jd"; the server writes "5♥", "10♥", "J♦"
// ---------------------------------------------------------------------------------------------

const code = (rank, suit) => rank.toLowerCase() + suit;
const ALL = SUITS.flatMap(([s]) => RANKS.map((r) => code(r, s)));

function fromServer(text) { // "10♥" -> "10h"; bare ranks (the play) have no suit
  const glyph = text.slice(-1);
  return GLYPH_SUIT[glyph] ? text.slice(0, -1).toLowerCase() + GLYPH_SUIT[glyph] : text.toLowerCase();
}

// A loose reading like the command line's, for the picker only: the server parses for real (and
// words the error). Returns null when the text is not a plain list of cards.
function parseLoose(text) {
  const cleaned = text.replace(/\ufe0f/g, "").replace(/[,;]/g, " ").trim();
  if (!cleaned) return [];
  const re = /\s*(10|[a2-9tjqk])\s*([cdhs♣♦♥♠♧♢♡♤])\s*/giy;
  const out = [];
  let m;
  while ((m = re.exec(cleaned)) !== null) {
    let r = m[1].toUpperCase();
    if (r === "T") r = "10";
    const s = GLYPH_SUIT[m[2]] || m[2].toLowerCase();
    out.push(code(r, s));
    if (re.lastIndex >= cleaned.length) return out;
  }
  return null;
}

function cardSpan(text) { // a server card ("5♥") with its suit's colour
  const s = GLYPH_SUIT[text.slice(-1)];
  return el("span", { class: s ? s + "l" : null, text });
}

function cardList(cards) {
  const span = el("span", { class: "cards" });
  cards.forEach((c, i) => { if (i) span.append(" "); span.append(cardSpan(c)); });
  return span;
}

// ---------------------------------------------------------------------------------------------
// state <-> URL
// ---------------------------------------------------------------------------------------------

const DEFAULTS = {
  tab: "discard", cards: "", role: "dealer", variant: "six-card", crib_model: "random", pegging: "",
  peg_opponent: "", starter: "", need: "", sort: "", dir: "", open: "", deck: "",
  hand: "", cut: "", crib: "", svariant: "six-card",
};
let state = { ...DEFAULTS };

function readURL() {
  const q = new URLSearchParams(location.search);
  const s = { ...DEFAULTS };
  for (const k of Object.keys(DEFAULTS)) if (q.has(k)) s[k] = q.get(k).slice(0, 200);
  return s;
}

function urlOf(s) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v !== DEFAULTS[k]) q.set(k, v);
  const text = q.toString();
  return location.pathname + (text ? "?" + text : "");
}

function commit(changes, { push = true } = {}) {
  state = { ...state, ...changes };
  const url = urlOf(state);
  if (url !== location.pathname + location.search) {
    if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  }
}

// ---------------------------------------------------------------------------------------------
// the picker
// ---------------------------------------------------------------------------------------------

function buildPicker() {
  const picker = $("picker");
  SUITS.forEach(([s, glyph, name], row) => {
    const tr = el("div", { role: "row", class: "picker-row" });
    tr.style.display = "contents";
    RANKS.forEach((r, col) => {
      const name1 = RANK_NAMES[r] || r;
      const b = el("button", {
        type: "button", class: "card " + s, "data-card": code(r, s), "aria-pressed": "false",
        "aria-label": `${name1} of ${name}`, tabindex: row === 0 && col === 0 ? "0" : "-1", role: "gridcell",
      }, el("span", { class: "r", text: r }), el("span", { class: "g", text: glyph, "aria-hidden": "true" }),
      el("span", { class: "l", text: s, "aria-hidden": "true" }));
      b.addEventListener("click", () => toggleCard(code(r, s)));
      tr.append(b);
    });
    picker.append(tr);
  });
  picker.addEventListener("keydown", (ev) => {
    const buttons = [...picker.querySelectorAll(".card")];
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 13, ArrowUp: -13 };
    let j = null;
    if (ev.key in moves) j = i + moves[ev.key];
    else if (ev.key === "Home") j = i - (i % 13);
    else if (ev.key === "End") j = i - (i % 13) + 12;
    if (j === null) return;
    ev.preventDefault();
    j = (j + 52) % 52;
    buttons[i].tabIndex = -1;
    buttons[j].tabIndex = 0;
    buttons[j].focus();
  });
}

function showPicked() {
  const picked = new Set(parseLoose(state.cards) || []);
  for (const b of document.querySelectorAll("#picker .card")) {
    b.setAttribute("aria-pressed", picked.has(b.dataset.card) ? "true" : "false");
  }
}

function toggleCard(c) {
  const now = parseLoose(state.cards) || [];
  const n = DEALT[state.variant] || 6;
  let next;
  if (now.includes(c)) next = now.filter((x) => x !== c);
  else if (now.length >= n) { showError(`You have ${n} cards: unpick one first.`); return; }
  else next = [...now, c];
  const complete = next.length === n;
  commit({ cards: next.join(" "), open: "", starter: next.includes(state.starter.toLowerCase()) ? "" : state.starter },
    { push: complete });
  $("cards").value = state.cards;
  showPicked();
  if (complete) analyse(); else { showError(""); clearResults(`${next.length} of ${n} cards picked.`); }
}

// ---------------------------------------------------------------------------------------------
// the API
// ---------------------------------------------------------------------------------------------

async function api(path, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== "" && v !== null && v !== undefined) q.set(k, v);
  let response;
  try {
    response = await fetch(`${path}?${q}`, { headers: { Accept: "application/json" } });
  } catch (e) {
    throw new Error("the server does not answer (is crib-stats serve still running?)");
  }
  let body;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) throw new Error(body && body.error ? body.error : `HTTP ${response.status}`);
  return body;
}

function discardParams(s, overrides = {}) {
  return {
    cards: s.cards, role: s.role, variant: s.variant, crib_model: s.crib_model, starter: s.starter, need: s.need,
    pegging: s.pegging, peg_opponent: s.pegging ? s.peg_opponent : "", ...overrides,
  };
}

function showError(text, where = "error") { $(where).textContent = text; }

// ---------------------------------------------------------------------------------------------
// the throws
// ---------------------------------------------------------------------------------------------

let result = null; // the last /api/discard object shown
let seq = 0;

const fixed = (x, d) => (x === null || x === undefined ? "–" : Number(x).toFixed(d));

function columns(r) {
  const cols = [
    { key: "rank", label: "#", num: true, value: (t) => t._rank, text: (t) => String(t._rank) },
    { key: "throw", label: "throw", value: (t) => t.throw.join(" "), cards: (t) => t.throw },
    { key: "keep", label: "keep", value: (t) => t.keep.join(" "), cards: (t) => t.keep },
    { key: "hand_ev", label: "E[hand]", num: true, d: 3 },
    { key: "crib_ev", label: "E[crib]", num: true, d: 3 },
  ];
  if (r.pegging) cols.push({ key: "peg_ev", label: "E[peg]", num: true, d: 3 });
  cols.push({ key: "net_ev", label: "net", num: true, d: 3 },
    { key: "sd", label: "sd", num: true, d: 2 },
    { key: "range", label: "min..max", num: true, value: (t) => (t.min === null ? -1e9 : t.min * 1000 + t.max),
      text: (t) => (t.min === null ? "–" : `${t.min}..${t.max}`) });
  if (r.need !== null) cols.push({ key: "p_need", label: `P(≥${r.need})`, num: true, d: 4 });
  return cols;
}

function valueOf(col, t) {
  if (col.value) return col.value(t);
  const v = t[col.key];
  return v === null || v === undefined ? -Infinity : v;
}

function clearResults(summary = "") {
  result = null;
  $("throws").hidden = true;
  $("summary").textContent = summary;
  $("caption").textContent = "";
}

async function analyse({ quiet = false } = {}) {
  const mine = ++seq;
  if (!state.cards.trim()) { clearResults(); showError(""); return; }
  $("results").setAttribute("aria-busy", "true");
  try {
    const r = await api("/api/discard", discardParams(state));
    if (mine !== seq) return;
    r.throws.forEach((t, i) => { t._rank = i + 1; });
    result = r;
    showError("");
    const canonical = r.dealt.map(fromServer).join(" ");
    if (canonical !== state.cards) { commit({ cards: canonical }, { push: false }); $("cards").value = canonical; }
    showPicked();
    renderTable();
  } catch (e) {
    if (mine !== seq) return;
    clearResults();
    if (!quiet) showError(e.message);
  } finally {
    if (mine === seq) $("results").removeAttribute("aria-busy");
  }
}

function renderTable() {
  const r = result;
  const cols = columns(r);
  const head = $("head");
  head.replaceChildren();
  for (const col of cols) {
    const sorted = state.sort === col.key;
    const th = el("th", { scope: "col", class: (col.num ? "num " : "") + col.key,
      "aria-sort": sorted ? (state.dir === "asc" ? "ascending" : "descending") : "none" });
    const b = el("button", { type: "button", "data-sort": col.key, text: col.label,
      title: `sort by ${col.label}` });
    b.addEventListener("click", () => sortBy(col));
    th.append(b);
    head.append(th);
  }
  let rows = [...r.throws];
  const col = cols.find((c) => c.key === state.sort);
  if (col) {
    const sign = state.dir === "asc" ? 1 : -1;
    rows.sort((a, b) => {
      const x = valueOf(col, a), y = valueOf(col, b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign || a._rank - b._rank;
    });
  }
  const body = $("body");
  body.replaceChildren();
  for (const t of rows) {
    const key = t.throw.map(fromServer).join(" ");
    const open = state.open === key;
    const tr = el("tr", { class: t._rank === 1 ? "best" : null, "data-throw": key });
    for (const c of cols) {
      const td = el("td", { class: (c.num ? "num " : "") + c.key });
      if (c.cards) td.append(cardList(c.cards(t)));
      else td.textContent = c.text ? c.text(t) : fixed(t[c.key], c.d);
      if (t[c.key + "_exact"]) td.title = `exactly ${t[c.key + "_exact"]}`;
      if (c.key === "rank") {
        const b = el("button", { type: "button", class: "open", "aria-expanded": open ? "true" : "false",
          "aria-label": `details of throwing ${t.throw.join(" ")}`, text: open ? "▾" : "▸" });
        b.addEventListener("click", () => toggleRow(key));
        td.prepend(b);
      }
      tr.append(td);
    }
    body.append(tr);
    if (open) {
      const cell = el("td", { colspan: String(cols.length) }, el("p", { text: "Rerunning the analysis for every starter…" }));
      const detail = el("tr", { class: "detail", id: "detail" }, cell);
      body.append(detail);
      fillDetail(cell, t);
    }
  }
  const best = r.throws[0];
  const sign = r.role === "dealer" ? "+" : "-";
  $("summary").replaceChildren("Best: throw ", cardList(best.throw), ", keep ", cardList(best.keep),
    `: E[hand] ${fixed(best.hand_ev, 3)} ${sign} E[crib] ${fixed(best.crib_ev, 3)}` +
    (r.pegging ? ` + E[peg] ${fixed(best.peg_ev, 3)}` : "") + ` = net ${fixed(best.net_ev, 3)}`);
  const who = r.role === "dealer" ? "dealer (your crib)" : "pone (opponent's crib)";
  $("caption").textContent = `${r.variant}, ${who}, crib model ${r.crib_model}` +
    (r.pegging ? `, play ${r.pegging}` + (r.peg_opponent ? ` against a ${r.peg_opponent} keep` : "") : "") +
    (r.starter ? `, starter ${r.starter}` : "") +
    (r.throws[0].sd === null ? ": a table model gives a mean crib without a spread" :
      `: over ${r.outcomes_per_throw.toLocaleString("en")} equally likely outcomes per throw`) +
    (r.rank_by === "need" ? `; ranked by P(≥${r.need}), then net` : "") + ". Click a heading to sort, a row's ▸ for its starters.";
  $("throws").hidden = false;
}

function sortBy(col) {
  let dir = col.num && col.key !== "rank" ? "desc" : "asc";
  if (state.sort === col.key) dir = state.dir === "asc" ? "desc" : "asc";
  commit({ sort: col.key, dir });
  renderTable();
  const b = document.querySelector(`#head button[data-sort="${col.key}"]`);
  if (b) b.focus();
}

function toggleRow(key) {
  commit({ open: state.open === key ? "" : key });
  renderTable();
  const b = document.querySelector(`#body tr[data-throw="${key}"] .open`);
  if (b) b.focus();
}

// the per-starter breakdown: the analysis rerun with each unseen starter fixed (46 quick requests),
// kept per query so that every row opens at once after the first
const starterCache = new Map();

async function pool(items, size, work) {
  const out = new Array(items.length);
  let next = 0;
  async function worker() { while (next < items.length) { const i = next++; out[i] = await work(items[i]); } }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}

function perStarter(r) {
  const base = discardParams(state, { cards: r.dealt.map(fromServer).join(" "), starter: "" });
  const key = JSON.stringify(base);
  if (!starterCache.has(key)) {
    const dealt = new Set(r.dealt.map(fromServer));
    const starters = ALL.filter((c) => !dealt.has(c));
    const p = pool(starters, 6, async (s) => ({ s, r: await api("/api/discard", { ...base, starter: s }) }));
    p.catch(() => starterCache.delete(key));
    starterCache.set(key, p);
  }
  return starterCache.get(key);
}

async function fillDetail(cell, t) {
  const throwKey = t.throw.join(" ");
  let runs;
  try { runs = await perStarter(result); } catch (e) { cell.replaceChildren(el("p", { class: "error", text: e.message })); return; }
  if (!cell.isConnected) return;
  const rows = runs.map(({ r }) => ({ starter: r.starter, t: r.throws.find((x) => x.throw.join(" ") === throwKey) }));
  const hands = rows.map((x) => x.t.hand_ev);
  const grid = el("div", { class: "detail-grid" });
  grid.append(chart(t, hands, result));
  const wrap = el("div", { class: "starters-wrap" });
  const table = el("table", { class: "starters" });
  const needCol = result.need !== null;
  table.append(el("caption", { text: `Each of the ${rows.length} starters` }),
    el("thead", {}, el("tr", {}, el("th", { text: "starter" }), el("th", { class: "num", text: "hand" }),
      el("th", { class: "num", text: "E[crib]" }), ...(result.pegging ? [el("th", { class: "num", text: "E[peg]" })] : []),
      el("th", { class: "num", text: "net" }), ...(needCol ? [el("th", { class: "num", text: `P(≥${result.need})` })] : []))));
  const tb = el("tbody");
  for (const x of [...rows].sort((a, b) => b.t.net_ev - a.t.net_ev || b.t.hand_ev - a.t.hand_ev)) {
    const tr = el("tr", {}, el("td", {}, cardSpan(x.starter)), el("td", { class: "num", text: String(x.t.hand_ev) }),
      el("td", { class: "num", text: fixed(x.t.crib_ev, 3), title: `exactly ${x.t.crib_ev_exact}` }),
      ...(result.pegging ? [el("td", { class: "num", text: fixed(x.t.peg_ev, 3) })] : []),
      el("td", { class: "num", text: fixed(x.t.net_ev, 3) }),
      ...(needCol ? [el("td", { class: "num", text: fixed(x.t.p_need, 4) })] : []));
    tb.append(tr);
  }
  table.append(tb);
  wrap.append(table);
  grid.append(wrap);
  cell.replaceChildren(grid);
}

// the hand's points over the starters (exact: one count per starter), with the net's spread below
function chart(t, hands, r) {
  const W = 420, H = 230, left = 34, right = 10, top = 28, plotH = 120;
  const maxPts = Math.max(...hands, 1);
  const counts = new Array(maxPts + 1).fill(0);
  for (const h of hands) counts[h] += 1;
  const maxCount = Math.max(...counts);
  const bw = (W - left - right) / (maxPts + 1);
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", class: "dist",
    "aria-label": `hand points over the ${hands.length} starters for keeping ${t.keep.join(" ")}` });
  s.append(svg("title", {}, `keep ${t.keep.join(" ")}: hand points over the ${hands.length} starters`));
  s.append(svg("text", { x: left, y: 16, "font-size": 12, "font-weight": 700 },
    `keep ${t.keep.join(" ")}: hand points, ${hands.length} starters`));
  const base = top + plotH;
  s.append(svg("line", { x1: left, y1: base, x2: W - right, y2: base, stroke: "#777" }));
  for (let c = 0; c <= maxCount; c += Math.max(1, Math.ceil(maxCount / 4))) {
    const y = base - (c / maxCount) * plotH;
    s.append(svg("text", { x: left - 4, y: y + 4, "font-size": 10, "text-anchor": "end", fill: "#555" }, String(c)));
    s.append(svg("line", { x1: left, y1: y, x2: W - right, y2: y, stroke: "#e3e0d6" }));
  }
  counts.forEach((n, p) => {
    const x = left + p * bw;
    if (n) {
      const h = (n / maxCount) * plotH;
      const bar = svg("rect", { x: x + 1, y: base - h, width: Math.max(1, bw - 2), height: h, fill: "#2f6d4f", class: "bar" });
      bar.append(svg("title", {}, `${p} points: ${n} of ${hands.length} starters`));
      s.append(bar);
    }
    if (maxPts <= 16 || p % 2 === 0) {
      s.append(svg("text", { x: x + bw / 2, y: base + 12, "font-size": 10, "text-anchor": "middle", fill: "#555" }, String(p)));
    }
  });
  const mx = left + (t.hand_ev + 0.5) * bw;
  s.append(svg("line", { x1: mx, y1: top - 4, x2: mx, y2: base, stroke: "#c0182b", "stroke-dasharray": "4 3" }));
  s.append(svg("text", { x: mx + 3, y: top + 6, "font-size": 10, fill: "#c0182b" }, `E ${t.hand_ev.toFixed(3)}`));
  // the net's spread over every outcome (the show): min..max, mean ± sd
  const y2 = base + 40;
  s.append(svg("text", { x: left, y: y2 - 8, "font-size": 11 }, t.min === null
    ? `net ${t.net_ev.toFixed(3)} (a table crib model: no spread)`
    : `show net over ${r.outcomes_per_throw.toLocaleString("en")} outcomes: ${t.min}..${t.max}, mean ${(t.net_ev - (t.peg_ev || 0)).toFixed(2)} ± ${t.sd.toFixed(2)}`));
  if (t.min !== null) {
    const lo = Math.min(t.min, 0), hi = Math.max(t.max, 1);
    const sx = (v) => left + ((v - lo) / (hi - lo)) * (W - left - right);
    const mean = t.net_ev - (t.peg_ev || 0);
    s.append(svg("line", { x1: sx(t.min), y1: y2 + 8, x2: sx(t.max), y2: y2 + 8, stroke: "#777", "stroke-width": 2 }));
    s.append(svg("rect", { x: sx(Math.max(t.min, mean - t.sd)), y: y2 + 2, height: 12, fill: "#1f5f8b", opacity: 0.35,
      width: Math.max(1, sx(Math.min(t.max, mean + t.sd)) - sx(Math.max(t.min, mean - t.sd))) }));
    s.append(svg("line", { x1: sx(mean), y1: y2, x2: sx(mean), y2: y2 + 16, stroke: "#1f5f8b", "stroke-width": 2 }));
    for (const v of [t.min, t.max]) {
      s.append(svg("text", { x: sx(v), y: y2 + 28, "font-size": 10, "text-anchor": "middle", fill: "#555" }, String(v)));
    }
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// the scorer
// ---------------------------------------------------------------------------------------------

const spoken = (n) => (n <= 20 ? NUMBERS[n] : ({ 2: "twenty", 3: "thirty" }[Math.floor(n / 10)] +
  (n % 10 ? "-" + NUMBERS[n % 10] : "")));

function say(b) { // as crib_stats.show.scoring.Breakdown.say() words it
  const phrases = [];
  let running = 0;
  for (const s of b.fifteen_sets) { running += 2; phrases.push(`fifteen ${spoken(running)} (${s.join(" ")})`); }
  for (const s of b.pair_sets) { running += 2; phrases.push(`and a pair is ${running} (${s.join(" ")})`); }
  for (const s of b.run_sets) { running += s.length; phrases.push(`and a run of ${spoken(s.length)} is ${running} (${s.join(" ")})`); }
  if (b.flush) {
    running += b.flush;
    const suited = b.flush === b.hand.length + 1 ? [...b.hand, b.starter] : b.hand;
    phrases.push(`and a flush of ${spoken(b.flush)} is ${running} (${suited.join(" ")})`);
  }
  if (b.nobs) {
    running += b.nobs;
    const jack = b.hand.find((c) => c.startsWith("J") && c.slice(-1) === b.starter.slice(-1));
    phrases.push(`and nobs is ${running} (${jack})`);
  }
  if (!phrases.length) return "nineteen (nothing scores)";
  return phrases.join(", ").replace(/^and /, "");
}

async function scoreIt() {
  const out = $("score-out");
  if (!state.hand.trim() && !state.cut.trim()) { out.replaceChildren(); showError("", "score-error"); return; }
  try {
    const b = await api("/api/score", { cards: state.hand, starter: state.cut, crib: state.crib ? "true" : "",
      variant: state.svariant });
    showError("", "score-error");
    const sets = (list) => { const s = el("td", { class: "sets" }); list.forEach((x, i) => { if (i) s.append(", "); s.append(cardList(x)); }); return s; };
    const t = el("table", { id: "score-table" },
      el("caption", {}, `${b.crib ? "crib" : "hand"} `, cardList(b.hand), "  starter ", cardSpan(b.starter)),
      el("tbody", {},
        el("tr", {}, el("th", { text: "fifteens" }), el("td", { class: "num", text: String(b.fifteens) }), sets(b.fifteen_sets)),
        el("tr", {}, el("th", { text: "pairs" }), el("td", { class: "num", text: String(b.pairs) }), sets(b.pair_sets)),
        el("tr", {}, el("th", { text: "runs" }), el("td", { class: "num", text: String(b.runs) }), sets(b.run_sets)),
        el("tr", {}, el("th", { text: "flush" }), el("td", { class: "num", text: String(b.flush) }), el("td")),
        el("tr", {}, el("th", { text: "nobs" }), el("td", { class: "num", text: String(b.nobs) }), el("td")),
        el("tr", { class: "total" }, el("th", { text: "total" }), el("td", { class: "num", id: "score-total", text: String(b.total) }), el("td"))));
    out.replaceChildren(t, el("p", { class: "said", id: "said", text: `said: ${say(b)}` }));
  } catch (e) {
    out.replaceChildren();
    showError(e.message, "score-error");
  }
}

// ---------------------------------------------------------------------------------------------
// wiring
// ---------------------------------------------------------------------------------------------

function showTab(tab, focus = false) {
  for (const name of ["discard", "score"]) {
    const on = name === tab;
    $(`tab-${name}`).setAttribute("aria-selected", on ? "true" : "false");
    $(`tab-${name}`).tabIndex = on ? 0 : -1;
    $(`panel-${name}`).hidden = !on;
  }
  if (focus) $(`tab-${tab}`).focus();
}

function fillControls() {
  $("cards").value = state.cards;
  for (const r of document.querySelectorAll("input[name=role]")) r.checked = r.value === state.role;
  for (const id of ["variant", "crib_model", "pegging", "peg_opponent"]) $(id).value = state[id];
  $("peg_opponent").disabled = !state.pegging;
  $("starter").value = state.starter;
  $("need").value = state.need;
  $("four-colour").checked = state.deck === "4";
  document.body.classList.toggle("four-colour", state.deck === "4");
  $("score-cards").value = state.hand;
  $("score-starter").value = state.cut;
  $("score-crib").checked = !!state.crib;
  $("score-variant").value = state.svariant;
  showTab(state.tab);
  showPicked();
}

function restore() { // from the URL: first load, Back and Forward
  state = readURL();
  fillControls();
  if (state.cards.trim()) analyse(); else { clearResults(); showError(""); }
  if (state.hand.trim() || state.cut.trim()) scoreIt(); else { $("score-out").replaceChildren(); showError("", "score-error"); }
}

function deal() {
  const n = DEALT[state.variant] || 6;
  const deck = [...ALL];
  const rnd = new Uint32Array(n);
  crypto.getRandomValues(rnd);
  const hand = [];
  for (let i = 0; i < n; i++) hand.push(deck.splice(rnd[i] % deck.length, 1)[0]);
  commit({ cards: hand.join(" "), open: "", starter: "" });
  fillControls();
  analyse();
}

function init() {
  buildPicker();
  $("discard-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    commit({ cards: $("cards").value.trim(), open: "" });
    showPicked();
    analyse();
  });
  $("deal").addEventListener("click", deal);
  $("clear").addEventListener("click", () => { commit({ cards: "", open: "", starter: "" }); fillControls(); clearResults(); showError(""); });
  for (const r of document.querySelectorAll("input[name=role]")) {
    r.addEventListener("change", () => { commit({ role: r.value }); analyse(); });
  }
  for (const id of ["variant", "crib_model", "pegging", "peg_opponent", "starter", "need"]) {
    $(id).addEventListener("change", () => {
      commit({ [id]: $(id).value.trim(), open: id === "variant" ? "" : state.open });
      $("peg_opponent").disabled = !state.pegging;
      if (id === "variant") showPicked();
      analyse();
    });
  }
  $("four-colour").addEventListener("change", () => {
    commit({ deck: $("four-colour").checked ? "4" : "" }, { push: false });
    document.body.classList.toggle("four-colour", state.deck === "4");
  });
  $("score-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    commit({ tab: "score", hand: $("score-cards").value.trim(), cut: $("score-starter").value.trim(),
      crib: $("score-crib").checked ? "1" : "", svariant: $("score-variant").value });
    scoreIt();
  });
  const tabs = ["discard", "score"];
  for (const name of tabs) {
    $(`tab-${name}`).addEventListener("click", () => { commit({ tab: name }); showTab(name); });
    $(`tab-${name}`).addEventListener("keydown", (ev) => {
      if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
      const other = tabs[(tabs.indexOf(name) + 1) % 2];
      commit({ tab: other });
      showTab(other, true);
    });
  }
  window.addEventListener("popstate", restore);
  restore();
}

document.addEventListener("DOMContentLoaded", init);
