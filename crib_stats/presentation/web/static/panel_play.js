// The Play panel: your dealt cards, the two you threw, the starter, the cards played so far (each
// yours or theirs, in order), and the score if you give it; /api/advise (the object `crib-stats
// advise --json` prints) gives every card you may play now with E[your points - theirs] and, with
// a score, P(win). The best is marked; "play" adds a card of yours to the play.
import { $, el } from "./dom.js";
import { DEALT, buildPicker, cardSpan, fromServer, parseLoose, randomCards, showPressed, toServer } from "./cards.js";
import { api, modelText, waitLine } from "./api.js";
import { cardText, commit, offerOption, scorePair, state } from "./state.js";
import { cell, fillHead, watchScroll } from "./tables.js";
import { pageWords } from "./words.js";

export const id = "play";
export const label = "Play";
export const defaults = { pdealt: "", pthrow: "", pstarter: "", pplayed: "", prole: "dealer", pvariant: "six-card",
  ppolicy: "objective", pscore: "" };
export const checks = { pdealt: cardText, pthrow: cardText, pstarter: cardText, pplayed: cardText,
  prole: ["dealer", "pone"], pvariant: ["six-card", "five-card"], ppolicy: ["objective", "equilibrium"],
  pscore: scorePair(120) };
const LABELS = { dealt: "Your dealt cards", throw: "The thrown cards", starter: "The starter", played: "The cards played",
  score: "The score" };

let seq = 0;
let target = "dealt"; // what the deck picks
let result = null;

const cardsOf = (text) => parseLoose(text || "") || [];
const need = () => DEALT[state.pvariant];

function showError(text) { $("p-error").textContent = text ? pageWords(text, LABELS) : ""; }

// what cannot go together here, and why
function applyConflicts() {
  const why = offerOption($("p-policy"), "equilibrium", "ppolicy", state.pvariant === "six-card",
    "the equilibrium discards are solved for the six-card game only");
  $("p-why").replaceChildren(...(why ? [el("li", { text: `The opponent threw by the equilibrium: ${why}.` })] : []));
  document.body.dispatchEvent(new CustomEvent("notices"));
}

// the cards already placed somewhere (a card is used once)
function used() {
  return new Set([...cardsOf(state.pdealt), ...cardsOf(state.pstarter), ...cardsOf(state.pplayed)]);
}

function showDeck() {
  const dealt = cardsOf(state.pdealt);
  const pressed = new Set(target === "dealt" ? dealt : target === "starter" ? cardsOf(state.pstarter) : []);
  showPressed($("p-picker"), pressed);
  const taken = used();
  for (const b of $("p-picker").querySelectorAll(".card")) {
    const c = b.dataset.card;
    const off = target === "dealt" ? cardsOf(state.pstarter).includes(c) || cardsOf(state.pplayed).includes(c)
      : target === "starter" ? dealt.includes(c) || cardsOf(state.pplayed).includes(c)
        : taken.has(c);
    b.setAttribute("aria-disabled", off ? "true" : "false");
    b.title = off ? "already used in this deal" : "";
  }
  for (const r of document.querySelectorAll("input[name=p-target]")) r.checked = r.value === target;
}

function chip(c, attrs, onClick) {
  const b = el("button", { type: "button", class: "chip", "data-card": c, ...attrs }, cardSpan(toServer(c)));
  b.addEventListener("click", onClick);
  return b;
}

function showHand() {
  // a chip re-made keeps the keyboard's focus (or passes it to its neighbour, once played)
  const focused = document.activeElement;
  const group = focused && focused.classList.contains("chip") ? focused.parentElement.id : null;
  const at = group ? [...focused.parentElement.children].indexOf(focused) : -1;
  const card = group ? focused.dataset.card : null;
  renderHand();
  if (group) {
    const box = $(group);
    const again = box.querySelector(`[data-card="${card}"]`) || box.children[Math.min(at, box.children.length - 1)];
    if (again && again.focus) again.focus();
  }
}

function renderHand() {
  const dealt = cardsOf(state.pdealt);
  const thrown = cardsOf(state.pthrow);
  const played = cardsOf(state.pplayed);
  $("p-thrown").replaceChildren(...dealt.map((c) => chip(c, { "aria-pressed": thrown.includes(c) ? "true" : "false",
    "aria-label": `${c}: thrown to the crib?` }, () => toggleThrow(c))));
  if (!dealt.length) $("p-thrown").append(el("span", { class: "help", text: "(your dealt cards first)" }));
  const kept = dealt.filter((c) => !thrown.includes(c) && !played.includes(c));
  $("p-hand").replaceChildren(...kept.map((c) => chip(c, { "aria-label": `play ${c}` }, () => addPlayed(c))));
  if (!kept.length) $("p-hand").append(el("span", { class: "help", text: dealt.length ? "(none left)" : "" }));
  $("p-played").replaceChildren(...played.map((c, i) => el("li", { class: dealt.includes(c) ? "mine" : "theirs" },
    cardSpan(toServer(c)), el("span", { class: "who", text: dealt.includes(c) ? " yours" : " theirs" }))));
  if (!played.length) $("p-played").append(el("li", { class: "help", text: "nothing yet: the pone leads" }));
  $("p-undo").disabled = !played.length;
  $("p-restart").disabled = !played.length;
  showDeck();
}

function toggleThrow(c) {
  const thrown = cardsOf(state.pthrow);
  const next = thrown.includes(c) ? thrown.filter((x) => x !== c) : [...thrown, c];
  if (next.length > 2) { showError("You throw two cards: unpick one first."); return; }
  commit({ pthrow: next.join(" "), pplayed: "" });
  showHand();
  advise();
}

function addPlayed(c) {
  commit({ pplayed: [...cardsOf(state.pplayed), c].join(" ") });
  showHand();
  advise();
}

function pick(c) {
  if (target === "dealt") {
    const dealt = cardsOf(state.pdealt);
    let next;
    if (dealt.includes(c)) next = dealt.filter((x) => x !== c);
    else if (dealt.length >= need()) { showError(`You were dealt ${need()} cards: unpick one first.`); return; }
    else next = [...dealt, c];
    commit({ pdealt: next.join(" "), pthrow: cardsOf(state.pthrow).filter((x) => next.includes(x)).join(" "), pplayed: "" });
    $("p-dealt").value = state.pdealt;
    if (next.length === need()) target = cardsOf(state.pstarter).length ? "theirs" : "starter";
  } else if (target === "starter") {
    if (cardsOf(state.pdealt).includes(c)) { showError("The starter is not one of your cards."); return; }
    commit({ pstarter: cardsOf(state.pstarter).includes(c) ? "" : c });
    $("p-starter").value = state.pstarter;
    if (state.pstarter) target = "theirs";
  } else {
    if (used().has(c)) { showError(`${toServer(c)} is already used in this deal.`); return; }
    addPlayed(c);
    return;
  }
  showHand();
  advise();
}

function missing() {
  const dealt = cardsOf(state.pdealt);
  if (dealt.length !== need()) return `Give your ${need()} dealt cards (${dealt.length} so far).`;
  if (cardsOf(state.pthrow).length !== 2) return "Pick the two cards you threw to the crib.";
  if (cardsOf(state.pstarter).length !== 1) return "Give the starter.";
  return "";
}

function clearOut(text = "") {
  result = null;
  $("p-table").hidden = true;
  $("p-summary").textContent = text;
  $("p-verdict").textContent = "";
  $("p-model").textContent = "";
}

async function advise() {
  const mine = ++seq;
  showError("");
  const gap = missing();
  if (gap) { clearOut(gap); return; }
  clearOut(state.pscore ? "Weighing every hand the opponent can hold and every way the game can go (seconds at the lead)…"
    : "Weighing every hand the opponent can hold…");
  $("p-out").setAttribute("aria-busy", "true");
  try {
    const r = await api("/api/advise", { dealt: state.pdealt, throw: state.pthrow, starter: state.pstarter,
      role: state.prole, played: state.pplayed, score: state.pscore, variant: state.pvariant,
      discard_policy: state.ppolicy }, {
      onWait: (s) => { if (mine === seq) $("p-summary").textContent = waitLine(s); },
    });
    if (mine !== seq) return;
    result = r;
    render();
  } catch (e) {
    if (mine !== seq) return;
    clearOut();
    showError(e.message);
  } finally {
    if (mine === seq) $("p-out").removeAttribute("aria-busy");
  }
}

function render() {
  const r = result;
  const board = r.score !== null && r.score !== undefined;
  const cols = [
    { key: "card", label: "card", cards: (p) => [p.card] },
    { key: "ev", label: "E[you − them]", num: true, text: (p) => (p.ev >= 0 ? "+" : "") + p.ev.toFixed(4) },
    { key: "gives_up", label: "gives up", num: true, d: 4 },
  ];
  if (board) {
    cols.push({ key: "p_win", label: "P(win)", num: true, d: 4 },
      { key: "p_win_error_bound", label: "±", num: true, d: 4 });
  }
  cols.push({ key: "play", label: "" });
  fillHead($("p-head"), cols, null, null, null);
  const body = $("p-body");
  body.replaceChildren();
  r.plays.forEach((p, i) => {
    const tr = el("tr", { class: i === 0 ? "best" : null, "data-card": fromServer(p.card) });
    for (const c of cols) {
      if (c.key === "play") {
        const b = el("button", { type: "button", class: "play-it", text: "play it", "aria-label": `play ${p.card}` });
        b.addEventListener("click", () => addPlayed(fromServer(p.card)));
        tr.append(el("td", {}, b));
      } else tr.append(cell(c, p));
    }
    body.append(tr);
  });
  const shown = r.played.map((x) => x.card + (x.by === "you" ? "*" : "")).join(" ");
  const lines = [`${r.variant}, you are the ${r.role === "dealer" ? "dealer (your crib)" : "pone (the opponent's crib)"}; ` +
    (r.played.length ? `played so far: ${shown}${r.played.some((x) => x.by === "you") ? " (* yours)" : ""}; the count is ${r.count}`
      : "nothing played yet: you lead") +
    (board ? `; score: you ${r.score[0]}, the opponent ${r.score[1]}` : "") + ".",
    `Opponent hands still possible: ${r.hands_consistent.toLocaleString("en")} of ${r.hands_total.toLocaleString("en")}.`];
  if (r.plays.length) {
    const best = r.plays[0];
    const same = best.card.slice(0, -1) === (r.greedy || "").slice(0, -1);
    lines.push(`Best: ${best.card}${board ? " (by P(win))" : ""}; greedy would play ${r.greedy}${same ? " too" : ""}.`);
    if (board && r.best_for_points && r.best_for_points.slice(0, -1) !== best.card.slice(0, -1)) {
      const pts = r.plays.find((p) => p.card === r.best_for_points);
      $("p-verdict").textContent = `The board changes the card: ${r.best_for_points} pegs most on average, but ${best.card} ` +
        `wins ${(best.p_win - pts.p_win >= 0 ? "+" : "")}${(best.p_win - pts.p_win).toFixed(4)} more often.`;
    }
  }
  $("p-summary").replaceChildren(...lines.flatMap((t, i) => (i ? [el("br"), t] : [t])));
  $("p-model").textContent = "Model: " + modelText(r.model) + ".";
  $("p-table").hidden = false;
}

function fill() {
  $("p-dealt").value = state.pdealt;
  $("p-starter").value = state.pstarter;
  for (const r of document.querySelectorAll("input[name=p-role]")) r.checked = r.value === state.prole;
  $("p-variant").value = state.pvariant;
  applyConflicts();
  $("p-policy").value = state.ppolicy;
  const [mine, theirs] = state.pscore ? state.pscore.split(",") : ["", ""];
  $("p-mine").value = mine;
  $("p-theirs").value = theirs;
  const dealt = cardsOf(state.pdealt);
  target = dealt.length < need() ? "dealt" : cardsOf(state.pstarter).length ? "theirs" : "starter";
  showHand();
}

export function restore() {
  fill();
  advise();
}

export function init() {
  buildPicker($("p-picker"), pick);
  $("play-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    readTyped();
    advise();
  });
  for (const key of ["p-dealt", "p-starter"]) $(key).addEventListener("change", () => { readTyped(); advise(); });
  $("p-deal").addEventListener("click", () => {
    const dealt = randomCards(need());
    const starter = randomCards(1, dealt)[0];
    commit({ pdealt: dealt.join(" "), pthrow: "", pstarter: starter, pplayed: "" });
    fill();
    advise();
  });
  $("p-clear").addEventListener("click", () => {
    commit({ pdealt: "", pthrow: "", pstarter: "", pplayed: "" });
    fill();
    clearOut();
    showError("");
  });
  $("p-undo").addEventListener("click", () => {
    commit({ pplayed: cardsOf(state.pplayed).slice(0, -1).join(" ") });
    showHand();
    advise();
  });
  $("p-restart").addEventListener("click", () => { commit({ pplayed: "" }); showHand(); advise(); });
  for (const r of document.querySelectorAll("input[name=p-role]")) {
    r.addEventListener("change", () => { commit({ prole: r.value }); advise(); });
  }
  for (const r of document.querySelectorAll("input[name=p-target]")) {
    r.addEventListener("change", () => { target = r.value; showDeck(); });
  }
  $("p-variant").addEventListener("change", () => {
    commit({ pvariant: $("p-variant").value, pdealt: "", pthrow: "", pplayed: "" });
    fill();
    advise();
  });
  $("p-policy").addEventListener("change", () => { commit({ ppolicy: $("p-policy").value }); advise(); });
  for (const key of ["p-mine", "p-theirs"]) {
    $(key).addEventListener("change", () => {
      const mine = $("p-mine").value.trim(), theirs = $("p-theirs").value.trim();
      if ((mine === "") !== (theirs === "")) {
        $("p-summary").textContent = "Give both scores (yours and the opponent's) for P(win).";
        return;
      }
      commit({ pscore: mine === "" ? "" : `${mine},${theirs}` });
      advise();
    });
  }
  watchScroll(document.querySelector("#panel-play .table-wrap"));
}

// the typed fields, read as the picker reads cards (the server parses them for real)
function readTyped() {
  const typed = parseLoose($("p-dealt").value);
  const dealt = typed === null ? $("p-dealt").value.trim() : typed.join(" ");
  const starterTyped = parseLoose($("p-starter").value);
  const starter = starterTyped === null ? $("p-starter").value.trim() : starterTyped.join(" ");
  const changed = dealt !== state.pdealt;
  commit({ pdealt: dealt, pstarter: starter,
    pthrow: changed ? cardsOf(state.pthrow).filter((c) => cardsOf(dealt).includes(c)).join(" ") : state.pthrow,
    pplayed: changed ? "" : state.pplayed });
  target = cardsOf(state.pdealt).length < need() ? "dealt" : cardsOf(state.pstarter).length ? "theirs" : "starter";
  showHand();
}
