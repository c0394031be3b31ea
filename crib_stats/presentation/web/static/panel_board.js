// The Board panel: `crib-stats game` on the page. Two heat maps of P(win) over every score, one
// for each seat, drawn here from /api/game/table (the board's p_win for every position), with a
// legend and the position under the pointer (or the keyboard's cursor); a position looked up with
// its figures and their ± (/api/game?at=, `game --at`); the headline figures (/api/game,
// `crib-stats game --json`) and what throwing for the board is worth (/api/game/board-play).
import { $, el, fixed } from "./dom.js";
import { api, modelText } from "./api.js";
import { commit, offerOption, scorePair, state } from "./state.js";
import { watchScroll } from "./tables.js";
import { pageWords } from "./words.js";

export const id = "board";
export const label = "Board";
export const defaults = { bvariant: "six-card", bdiscard: "objective", bat: "", brole: "dealer" };
export const checks = { bvariant: ["six-card", "five-card"], bdiscard: ["objective", "equilibrium"],
  bat: scorePair(120), brole: ["dealer", "pone"] };
const LABELS = { at: "The position" };
const SEATS = { me: "you deal next", opponent: "the opponent deals next" };
const ROLE_OF = { me: "dealer", opponent: "pone" };

// matplotlib's RdBu (the colours of `game --plot`): 0 red, 1/2 white, 1 blue
const RDBU = ["#67001f", "#b2182b", "#d6604d", "#f4a582", "#fddbc7", "#f7f7f7", "#d1e5f0", "#92c5de", "#4393c3",
  "#2166ac", "#053061"].map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));

export function colour(p) {
  const x = Math.min(1, Math.max(0, p)) * (RDBU.length - 1);
  const i = Math.min(RDBU.length - 2, Math.floor(x));
  const f = x - i;
  return RDBU[i].map((a, k) => Math.round(a + (RDBU[i + 1][k] - a) * f));
}

let table = null; // the /api/game/table object shown
let cursor = { me: null, opponent: null }; // [mine, theirs] under the pointer or the keyboard
let seq = 0;
const MARGIN = { left: 34, bottom: 30, top: 8, right: 14 };

function showError(text) { $("b-error").textContent = text ? pageWords(text, LABELS) : ""; }

function geometry(canvas) {
  const n = table.target;
  const size = Math.min(canvas.width - MARGIN.left - MARGIN.right, canvas.height - MARGIN.top - MARGIN.bottom);
  return { n, cell: size / n, x0: MARGIN.left, y0: MARGIN.top + size, size };
}

function draw(seat) {
  const canvas = $(`b-map-${seat}`);
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!table) return;
  const g = geometry(canvas);
  const grid = table.p_win[seat];
  const img = ctx.createImageData(g.n, g.n);
  for (let mine = 0; mine < g.n; mine++) {
    for (let theirs = 0; theirs < g.n; theirs++) {
      const [r, gg, b] = colour(grid[mine][theirs]);
      const at = 4 * ((g.n - 1 - mine) * g.n + theirs); // your score up, the opponent's across
      img.data[at] = r; img.data[at + 1] = gg; img.data[at + 2] = b; img.data[at + 3] = 255;
    }
  }
  // scaled up without smoothing: one square a position
  const tmp = document.createElement("canvas");
  tmp.width = tmp.height = g.n;
  tmp.getContext("2d").putImageData(img, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(tmp, g.x0, g.y0 - g.size, g.size, g.size);
  // axes: ticks every 20 (10 in the five-card game), the names
  ctx.fillStyle = "#333";
  ctx.strokeStyle = "#777";
  ctx.font = "11px system-ui, sans-serif";
  const step = g.n > 70 ? 20 : 10;
  for (let v = 0; v < g.n; v += step) {
    const x = g.x0 + (v + 0.5) * g.cell, y = g.y0 - (v + 0.5) * g.cell;
    ctx.textAlign = "center";
    ctx.fillText(String(v), x, g.y0 + 13);
    ctx.textAlign = "right";
    ctx.fillText(String(v), g.x0 - 4, y + 4);
  }
  ctx.textAlign = "center";
  ctx.fillText("the opponent's score →", g.x0 + g.size / 2, g.y0 + 27);
  ctx.save();
  ctx.translate(11, g.y0 - g.size / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText("your score →", 0, 0);
  ctx.restore();
  const c = cursor[seat];
  if (c) {
    ctx.strokeStyle = "#f0a202";
    ctx.lineWidth = 2;
    const s = Math.max(g.cell, 5);
    ctx.strokeRect(g.x0 + (c[1] + 0.5) * g.cell - s / 2, g.y0 - (c[0] + 0.5) * g.cell - s / 2, s, s);
  }
}

function legend() {
  const box = $("b-legend");
  const bar = document.createElement("canvas");
  bar.width = 300; bar.height = 14;
  bar.className = "legend-bar";
  const ctx = bar.getContext("2d");
  for (let x = 0; x < bar.width; x++) {
    const [r, g, b] = colour(x / (bar.width - 1));
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.fillRect(x, 0, 1, bar.height);
  }
  const ticks = el("div", { class: "legend-ticks" }, ...["0", "0.25", "0.5", "0.75", "1"].map((t) => el("span", { text: t })));
  box.replaceChildren(el("span", { class: "legend-name", text: "P(you win)" }), el("div", { class: "legend-scale" }, bar, ticks));
}

function readout(seat) {
  const c = cursor[seat];
  if (!table || !c) return;
  const p = table.p_win[seat][c[0]][c[1]];
  $("b-readout").textContent = `You ${c[0]}, the opponent ${c[1]}, ${SEATS[seat]}: P(win) ${fixed(p, 4)}` +
    ` (± at most ${fixed(table.p_win_se_max[seat], 4)}; Enter or a click looks it up)`;
}

function cellAt(seat, ev) {
  const canvas = $(`b-map-${seat}`);
  const box = canvas.getBoundingClientRect();
  const g = geometry(canvas);
  const x = (ev.clientX - box.left) * (canvas.width / box.width), y = (ev.clientY - box.top) * (canvas.height / box.height);
  const theirs = Math.floor((x - g.x0) / g.cell), mine = Math.floor((g.y0 - y) / g.cell);
  return mine >= 0 && mine < g.n && theirs >= 0 && theirs < g.n ? [mine, theirs] : null;
}

function point(seat, c) {
  cursor[seat] = c;
  draw(seat);
  readout(seat);
}

function lookUpCell(seat) {
  const c = cursor[seat];
  if (!c) return;
  commit({ bat: `${c[0]},${c[1]}`, brole: ROLE_OF[seat] });
  fillLookup();
  lookUp();
}

function wireMap(seat) {
  const canvas = $(`b-map-${seat}`);
  canvas.addEventListener("pointermove", (ev) => { const c = cellAt(seat, ev); if (c) point(seat, c); });
  canvas.addEventListener("click", (ev) => { const c = cellAt(seat, ev); if (c) { point(seat, c); lookUpCell(seat); } });
  canvas.addEventListener("keydown", (ev) => {
    if (!table) return;
    const n = table.target;
    const c = cursor[seat] || [Math.floor(n / 2), Math.floor(n / 2)];
    const moves = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1],
      PageUp: [10, 0], PageDown: [-10, 0] };
    if (ev.key in moves) {
      ev.preventDefault();
      const [dm, dt] = moves[ev.key];
      point(seat, [Math.min(n - 1, Math.max(0, c[0] + dm)), Math.min(n - 1, Math.max(0, c[1] + dt))]);
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      if (!cursor[seat]) point(seat, c);
      lookUpCell(seat);
    }
  });
  canvas.addEventListener("focus", () => { if (!cursor[seat] && table) point(seat, [Math.floor(table.target / 2), Math.floor(table.target / 2)]); });
}

const pm = (f, d, pct) => (pct ? `${(100 * f.value).toFixed(3)}% ± ${(100 * f.se).toFixed(3)}` : `${f.value.toFixed(d)} ± ${f.se.toFixed(d)}`);
// a figure of the JSON ({name: value, "se": error}) as {value, se}
const fig = (obj, key) => ({ value: obj[key][key], se: obj[key].se });

function figureTable(rows, caption) {
  const t = el("table", { class: "figures" }, el("caption", { text: caption }));
  const tb = el("tbody");
  for (const [name, text, key] of rows) tb.append(el("tr", { "data-figure": key || null }, el("th", { scope: "row", text: name }), el("td", { class: "num", text })));
  t.append(tb);
  return el("div", { class: "table-wrap" }, t);
}

async function lookUp() {
  const mine = ++seq;
  const out = $("b-position");
  if (!state.bat) { out.replaceChildren(); return; }
  try {
    const r = await api("/api/game", { at: state.bat, role: state.brole, variant: state.bvariant, discard: state.bdiscard });
    if (mine !== seq) return;
    showError("");
    const f = r.figures;
    const lose = r.model.double_skunk_below ? "skunk" : "lurch";
    const who = r.at.deals_next === "me" ? "you deal next" : "the opponent deals next";
    out.replaceChildren(figureTable([
      ["P(win)", pm(fig(f, "p_win"), 4, true), "p_win"],
      [`P(win with a ${lose})`, pm(fig(f, "p_win_skunk"), 4, true), "p_win_skunk"],
      [`P(${lose}ed)`, pm(fig(f, "p_skunked"), 4, true), "p_skunked"],
      ["expected game points", pm(fig(f, "game_points"), 4), "game_points"],
      ["deals left (this one)", pm(fig(f, "deals_left"), 4), "deals_left"],
    ], `You at ${r.at.mine}, the opponent at ${r.at.theirs}, ${who}`));
    const seat = r.at.deals_next === "me" ? "me" : "opponent";
    cursor[seat] = [r.at.mine, r.at.theirs];
    draw(seat);
  } catch (e) {
    if (mine !== seq) return;
    out.replaceChildren();
    showError(e.message);
  }
}

async function headline() {
  const v = state.bvariant, d = state.bdiscard;
  const box = $("b-headline");
  try {
    const r = await api("/api/game", { variant: v, discard: d });
    if (v !== state.bvariant || d !== state.bdiscard) return;
    const f = r.figures;
    const lose = r.model.double_skunk_below ? ["skunks", "is skunked"] : ["lurches", "is lurched"];
    const rows = [["first dealer wins", pm(fig(f, "first_dealer_win"), 3, true), "first_dealer_win"],
      [`first dealer ${lose[0]}`, pm(fig(f, "first_dealer_skunks"), 3, true), "first_dealer_skunks"],
      [`first dealer ${lose[1]}`, pm(fig(f, "first_dealer_skunked"), 3, true), "first_dealer_skunked"]];
    if (r.model.double_skunk_below) {
      rows.push(["first dealer double-skunks", pm(fig(f, "first_dealer_double_skunks"), 3, true), "first_dealer_double_skunks"],
        ["first dealer double-skunked", pm(fig(f, "first_dealer_double_skunked"), 3, true), "first_dealer_double_skunked"]);
    }
    rows.push([`decided by one point (the loser ends at ${r.model.target - 1})`, pm(fig(f, "one_point"), 3, true), "one_point"],
      ["deals a game, mean", pm(fig(f, "deals_mean"), 4), "deals_mean"],
      ["deals a game, median", String(f.deals_median.deals_median), "deals_median"],
      ["first dealer's game points", pm(fig(f, "game_points_first_dealer"), 4), "game_points_first_dealer"]);
    for (const key of ["cell_35_37", "cell_58_57"]) {
      if (f[key]) {
        const [a, b] = key.slice(5).split("_");
        rows.push([`dealer ${a}, pone ${b}: dealer wins`, pm(fig(f, key), 3, true), key]);
      }
    }
    const seats = Object.entries(r.points_a_deal).map(([key, x]) => [key.replace(/_/g, ", ").replace("peg", "the play").replace("heels", "his heels"),
      `${x[key].toFixed(4)} ± ${x.se.toFixed(4)}`, key]);
    const parts = [figureTable(rows, `From the start of a game (${r.variant}, to ${r.model.target}): the first dealer's side`),
      figureTable(seats, "Points a deal (mean ± se over the model's deals)")];
    if (r.published && r.published.length) {
      parts.push(figureTable(r.published.map((p) => [p.figure, `${p.value < 1 ? (100 * p.value).toFixed(1) + "%" : p.value}; ` +
        `here ${p.value < 1 ? (100 * p.computed).toFixed(2) + "%" : p.computed.toFixed(2)}`]), "Published figures beside these"));
    }
    if (v === "six-card" && d === "objective") {
      try {
        const bp = (await api("/api/game/board-play", {})).board_play;
        parts.push(el("p", { class: "caption", id: "b-board-play", text: `What throwing for the board is worth: over ` +
          `${bp.games.toLocaleString("en")} whole games, a player who throws by P(win) from a score of ${bp.board_from} wins ` +
          `${(100 * bp.win_rate).toFixed(2)}% ± ${(100 * bp.win_rate_se).toFixed(2)} against one who throws by points.` }));
      } catch (e) { /* the measurement is a file of the package: without it, nothing to add */ }
    }
    box.replaceChildren(...parts);
    for (const w of box.querySelectorAll(".table-wrap")) watchScroll(w);
    $("b-model").textContent = "Model: " + modelText(r.model) + `; ${r.model.deals.toLocaleString("en")} random deals (seed ${r.model.seed}); ` +
      `± one standard error, ${r.model.error} (${r.model.groups}).`;
  } catch (e) {
    box.replaceChildren();
    showError(e.message);
  }
}

async function loadTable() {
  const v = state.bvariant, d = state.bdiscard;
  $("b-readout").textContent = "Reading the board…";
  try {
    const t = await api("/api/game/table", { variant: v, discard: d });
    if (v !== state.bvariant || d !== state.bdiscard) return;
    table = t;
    cursor = { me: null, opponent: null };
    draw("me");
    draw("opponent");
    $("b-readout").textContent = "Point at a square (or focus a map and use the arrow keys) to read its P(win).";
    if (state.bat) {
      const [a, b] = state.bat.split(",").map(Number);
      const seat = state.brole === "dealer" ? "me" : "opponent";
      if (a < t.target && b < t.target) { cursor[seat] = [a, b]; draw(seat); }
    }
  } catch (e) {
    showError(e.message);
  }
}

function applyConflicts() {
  const why = offerOption($("b-discard"), "equilibrium", "bdiscard", state.bvariant === "six-card",
    "the equilibrium discards are solved for the six-card game only");
  $("b-why").replaceChildren(...(why ? [el("li", { text: `Equilibrium discards: ${why}.` })] : []));
  document.body.dispatchEvent(new CustomEvent("notices"));
}

function fillLookup() {
  const [mine, theirs] = state.bat ? state.bat.split(",") : ["", ""];
  $("b-mine").value = mine;
  $("b-theirs").value = theirs;
  for (const r of document.querySelectorAll("input[name=b-role]")) r.checked = r.value === state.brole;
}

let shown = ""; // the variant and discards whose maps and figures are drawn

export function restore() {
  $("b-variant").value = state.bvariant;
  applyConflicts();
  $("b-discard").value = state.bdiscard;
  fillLookup();
  const now = `${state.bvariant}/${state.bdiscard}`;
  if (state.tab === "board" || shown) {  // the maps are drawn once the panel is first shown
    if (now !== shown) { shown = now; loadTable(); headline(); }
    lookUp();
  }
}

export function shownNow() { restore(); } // main.js: the tab was chosen

export function init() {
  legend();
  wireMap("me");
  wireMap("opponent");
  for (const key of ["b-variant", "b-discard"]) {
    $(key).addEventListener("change", () => {
      commit({ bvariant: $("b-variant").value, bdiscard: $("b-discard").value });
      applyConflicts();
      if (state.bat) {
        const [a, b] = state.bat.split(",").map(Number);
        const top = state.bvariant === "five-card" ? 60 : 120;
        if (a > top || b > top) commit({ bat: "" }, { push: false });
      }
      restore();
    });
  }
  $("b-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const mine = $("b-mine").value.trim(), theirs = $("b-theirs").value.trim();
    if (mine === "" || theirs === "") { showError("Give both scores: yours and the opponent's."); return; }
    const role = document.querySelector("input[name=b-role]:checked").value;
    commit({ bat: `${mine},${theirs}`, brole: role });
    lookUp();
  });
}
