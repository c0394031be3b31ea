// The Discard panel: pick or type the dealt cards, every throw ranked by /api/discard (the object
// `crib-stats discard --json` prints), sortable, each row opening to its starters. With a score
// (yours, theirs) the throws are ranked by P(win the game) instead (`discard --score`), and the
// options the game model does not take are disabled with the reason shown.
import { $, el, fixed } from "./dom.js";
import { DEALT, buildPicker, cardList, fromServer, parseLoose, randomCards, showPressed } from "./cards.js";
import { api, modelText, waitLine } from "./api.js";
import { fillDetail } from "./discard_starters.js";
import { cardText, commit, fallBack, scorePair, state, wholeIn } from "./state.js";
import { cell, fillHead, nextSort, sortRows, watchScroll } from "./tables.js";
import { pageWords } from "./words.js";

export const id = "discard";
export const label = "Discard";
export const defaults = {
  cards: "", role: "dealer", variant: "six-card", crib_model: "random", pegging: "", peg_opponent: "",
  starter: "", need: "", sort: "", dir: "", open: "", deck: "", dscore: "", acc: "", seed: "",
};
export const checks = {
  cards: cardText, role: ["dealer", "pone"], variant: Object.keys(DEALT), crib_model: ["random", "equilibrium", "hessel"],
  pegging: ["greedy", "minimax"], peg_opponent: ["random", "equilibrium"], starter: cardText, need: wholeIn(0, 58),
  dir: ["asc", "desc"], deck: ["4"], dscore: scorePair(120), seed: wholeIn(0, 9999),
  acc: (v) => /^0?\.\d{1,6}$/.test(v) && +v > 0 && +v < 1,
};
const LABELS = { cards: "Your cards", need: "Need N", starter: "The starter", score: "The score", accuracy: "The accuracy",
  seed: "The seed", top: "Top K", crib_model: "The crib model", pegging: "The play", peg_opponent: "The play opponent" };
const BOARD_VARIANTS = ["six-card", "five-card"];

let result = null; // the last /api/discard object shown
let seq = 0;

function showError(text) { $("error").textContent = text ? pageWords(text, LABELS) : ""; }

// what cannot go with what: [state keys, control ids, the reason]; a control whose option cannot
// go with the others is disabled and the reason shown (and a value it had is dropped, saying so)
function conflicts(s) {
  const out = [];
  const twoPlayer = BOARD_VARIANTS.includes(s.variant);
  if (!twoPlayer) {
    out.push([["dscore"], ["d-mine", "d-theirs"], "P(win) needs the board of a two-player game (six-card or five-card)"]);
    out.push([["crib_model"], ["crib_model"], "the three- and four-player games have the random crib model only"]);
  }
  if (s.dscore && twoPlayer) {
    out.push([["crib_model", "pegging", "peg_opponent", "starter", "need"],
      ["crib_model", "pegging", "peg_opponent", "starter", "need"],
      "with a score, the game model plays the deal under its own crib (the opponent's real throw) and play (greedy)"]);
    return out;
  }
  out.push([["acc", "seed"], ["accuracy", "seed"], "the accuracy and seed of P(win) go with a score"]);
  if (s.variant !== "six-card") {
    out.push([["pegging", "peg_opponent"], ["pegging", "peg_opponent"], "E[peg] is modelled for the six-card game's play only"]);
  } else if (!s.pegging) {
    out.push([["peg_opponent"], ["peg_opponent"], "the play opponent goes with a play policy (E[peg])"]);
  }
  if (s.crib_model !== "random" && s.role === "dealer") {
    out.push([["need"], ["need"], "a table crib model gives a mean crib without a spread: P(≥N) for the dealer needs the random model"]);
  }
  return out;
}

const LABEL_OF = { "d-mine": "Score", "d-theirs": "", crib_model: "Crib model", pegging: "Play (E[peg])",
  peg_opponent: "Play opponent", starter: "Starter what-if", need: "Need N", accuracy: "Accuracy", seed: "Seed" };

function applyConflicts() {
  const all = ["d-mine", "d-theirs", "crib_model", "pegging", "peg_opponent", "starter", "need", "accuracy", "seed"];
  const off = new Map();
  for (const [keys, ids, why] of conflicts(state)) {
    for (const key of keys) fallBack(key, why);
    for (const i of ids) off.set(i, why);
  }
  showValues();
  for (const i of all) {
    $(i).disabled = off.has(i);
    $(i).title = off.get(i) || "";
  }
  const list = $("why");
  list.replaceChildren();
  for (const why of new Set(off.values())) {
    const names = [...off].filter(([, w]) => w === why).map(([i]) => LABEL_OF[i]).filter(Boolean);
    list.append(el("li", { text: `${names.join(", ")}: ${why}.` }));
  }
  document.body.dispatchEvent(new CustomEvent("notices"));
}

function showPicked() { showPressed($("picker"), new Set(parseLoose(state.cards) || [])); }

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

function discardParams(s, overrides = {}) {
  if (s.dscore) {  // discard --score: the game model's own crib and play
    return { cards: s.cards, role: s.role, variant: s.variant, score: s.dscore, accuracy: s.acc, seed: s.seed };
  }
  return {
    cards: s.cards, role: s.role, variant: s.variant, crib_model: s.crib_model, starter: s.starter, need: s.need,
    pegging: s.pegging, peg_opponent: s.pegging ? s.peg_opponent : "", ...overrides,
  };
}

const signed = (x, d) => (x >= 0 ? "+" : "") + Number(x).toFixed(d);

// the columns of discard --score: each throw by P(win), with its error and its gain over the points throw
function boardColumns(r) {
  const lose = r.variant === "five-card" ? "lurch" : "skunk";
  return [
    { key: "rank", label: "#", num: true, value: (t) => t._rank, text: (t) => String(t._rank) },
    { key: "throw", label: "throw", value: (t) => t.throw.join(" "), cards: (t) => t.throw },
    { key: "keep", label: "keep", value: (t) => t.keep.join(" "), cards: (t) => t.keep },
    { key: "p_win", label: "P(win)", num: true, d: 4 },
    { key: "p_win_se", label: "±", num: true, d: 4 },
    { key: "vs_points", label: "vs points", num: true, value: (t) => (t.points_throw ? 0 : t.vs_points),
      text: (t) => (t.points_throw ? "" : signed(t.vs_points, 4)) },
    { key: "p_win_skunk", label: `P(${lose})`, num: true, d: 4 },
    { key: "game_points", label: "game pts", num: true, d: 3 },
    { key: "net_ev", label: "net", num: true, d: 3 },
  ];
}

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

function clearResults(summary = "") {
  result = null;
  $("throws").hidden = true;
  $("summary").textContent = summary;
  for (const i of ["caption", "verdict", "model"]) $(i).textContent = "";
}

async function analyse() {
  const mine = ++seq;
  if (!state.cards.trim()) { clearResults(); showError(""); return; }
  $("results").setAttribute("aria-busy", "true");
  if (state.dscore) {
    clearResults("Computing P(win) for every throw (a few tenths of a second)…");
  }
  try {
    const r = await api("/api/discard", discardParams(state), {
      onWait: (s) => { if (mine === seq) $("summary").textContent = waitLine(s); },
    });
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
    showError(e.message);
  } finally {
    if (mine === seq) $("results").removeAttribute("aria-busy");
  }
}

function renderTable() {
  const r = result;
  if (r.rank_by === "board") { renderBoard(); return; }
  $("verdict").textContent = "";
  $("model").textContent = "";
  const cols = columns(r);
  fillHead($("head"), cols, state.sort, state.dir, sortBy);
  const body = $("body");
  body.replaceChildren();
  for (const t of sortRows(r.throws, cols, state.sort, state.dir)) {
    const key = t.throw.map(fromServer).join(" ");
    const open = state.open === key;
    const tr = el("tr", { class: t._rank === 1 ? "best" : null, "data-throw": key });
    for (const c of cols) {
      const td = cell(c, t);
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
      const detailCell = el("td", { colspan: String(cols.length) }, el("p", { text: "Rerunning the analysis for every starter…" }));
      body.append(el("tr", { class: "detail", id: "detail" }, detailCell));
      fillDetail(detailCell, t, r, discardParams(state, { cards: r.dealt.map(fromServer).join(" "), starter: "" }));
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

function renderBoard() {
  const r = result;
  const cols = boardColumns(r);
  fillHead($("head"), cols, state.sort, state.dir, sortBy);
  const body = $("body");
  body.replaceChildren();
  for (const t of sortRows(r.throws, cols, state.sort, state.dir)) {
    const cls = [t._rank === 1 ? "best" : "", t.points_throw ? "points" : ""].join(" ").trim();
    const tr = el("tr", { class: cls || null, "data-throw": t.throw.map(fromServer).join(" ") });
    for (const c of cols) tr.append(cell(c, t));
    body.append(tr);
  }
  const best = r.throws[0];
  const pts = r.throws.find((t) => t.points_throw) || best;
  const lose = r.variant === "five-card" ? "lurch" : "skunk";
  $("summary").replaceChildren("Best for the board: throw ", cardList(best.throw), ", keep ", cardList(best.keep),
    `: P(win) ${fixed(best.p_win, 4)} ± ${fixed(best.p_win_se, 4)}, P(win with a ${lose}) ${fixed(best.p_win_skunk, 4)}, ` +
    `game points ${fixed(best.game_points, 3)}`);
  if (r.board_differs) {
    $("verdict").replaceChildren("The board changes the throw: ", cardList(best.throw),
      ` wins ${signed(r.p_win_gain, 4)} ± ${fixed(r.p_win_gain_se, 4)} more often than `, cardList(pts.throw),
      `, the best for points (net ${fixed(pts.net_ev, 3)} against ${fixed(best.net_ev, 3)})`);
  } else {
    $("verdict").replaceChildren("The board agrees with points: throw ", cardList(best.throw),
      ` (P(win) ${fixed(best.p_win, 4)} ± ${fixed(best.p_win_se, 4)}) is the best for both`);
  }
  const who = r.role === "dealer" ? "dealer (your crib), you deal" : "pone (opponent's crib), the opponent deals";
  $("caption").textContent = `${r.variant}, ${who}: you ${r.score.mine}, the opponent ${r.score.theirs} (to ${r.score.target}). ` +
    "Ranked by P(win); vs points: P(win) minus that of the points throw (marked •, the game model's own throw), paired; " +
    "net: hand " + (r.role === "dealer" ? "+" : "-") + " crib (random crib model), as the throws rank by points. " +
    "Click a heading to sort.";
  const tableSe = Math.max(...r.throws.map((t) => t.table_se));
  $("model").textContent = `P(win): this deal played out under the game model: ${modelText(r.model)}. ${r.method}; ± is one ` +
    `standard error of that sampling (at most ${r.target_se} asked); the board's own error adds at most ${tableSe.toFixed(5)}.`;
  $("throws").hidden = false;
}

function sortBy(col) {
  commit(nextSort(col, state.sort, state.dir));
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

// the options' controls from the state
function showValues() {
  for (const key of ["variant", "crib_model", "pegging", "peg_opponent"]) $(key).value = state[key];
  $("starter").value = state.starter;
  $("need").value = state.need;
  const [mine, theirs] = state.dscore ? state.dscore.split(",") : ["", ""];
  $("d-mine").value = mine;
  $("d-theirs").value = theirs;
  $("accuracy").value = state.acc;
  $("seed").value = state.seed;
}

function fillControls() {
  $("cards").value = state.cards;
  for (const r of document.querySelectorAll("input[name=role]")) r.checked = r.value === state.role;
  applyConflicts();
  $("four-colour").checked = state.deck === "4";
  document.body.classList.toggle("four-colour", state.deck === "4");
  showPicked();
}

// from the URL: first load, Back and Forward
export function restore() {
  fillControls();
  if (state.cards.trim()) analyse(); else { clearResults(); showError(""); }
}

function deal() {
  commit({ cards: randomCards(DEALT[state.variant] || 6).join(" "), open: "", starter: "" });
  fillControls();
  analyse();
}

export function init() {
  buildPicker($("picker"), toggleCard);
  $("discard-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    commit({ cards: $("cards").value.trim(), open: "" });
    showPicked();
    analyse();
  });
  $("deal").addEventListener("click", deal);
  $("clear").addEventListener("click", () => { commit({ cards: "", open: "", starter: "" }); fillControls(); clearResults(); showError(""); });
  for (const r of document.querySelectorAll("input[name=role]")) {
    r.addEventListener("change", () => { commit({ role: r.value }); applyConflicts(); analyse(); });
  }
  for (const key of ["d-mine", "d-theirs"]) {
    $(key).addEventListener("change", () => {
      const mine = $("d-mine").value.trim(), theirs = $("d-theirs").value.trim();
      const both = mine !== "" && theirs !== "";
      if (!both && (mine !== "" || theirs !== "")) {
        if (state.dscore) {
          commit({ dscore: "", sort: "", dir: "" });
          applyConflicts();
          [$("d-mine").value, $("d-theirs").value] = [mine, theirs];  // what is typed so far stays
          analyse();
        }
        showError("");
        $("summary").textContent = "Give both scores (yours and the opponent's) to rank the throws by P(win).";
        return;
      }
      commit({ dscore: both ? `${mine},${theirs}` : "", sort: "", dir: "", open: "" });
      applyConflicts();
      analyse();
    });
  }
  for (const [control, key] of [["accuracy", "acc"], ["seed", "seed"]]) {
    $(control).addEventListener("change", () => { commit({ [key]: $(control).value.trim() }); analyse(); });
  }
  watchScroll(document.querySelector("#panel-discard .table-wrap"));
  for (const key of ["variant", "crib_model", "pegging", "peg_opponent", "starter", "need"]) {
    $(key).addEventListener("change", () => {
      commit({ [key]: $(key).value.trim(), open: key === "variant" ? "" : state.open });
      applyConflicts();
      if (key === "variant") showPicked();
      analyse();
    });
  }
  $("four-colour").addEventListener("change", () => {
    commit({ deck: $("four-colour").checked ? "4" : "" }, { push: false });
    document.body.classList.toggle("four-colour", state.deck === "4");
  });
}
