// The "Counting" panel: the counting drill (/api/drill). The server deals a hand or crib and the
// starter; you type your count (the number field has the keyboard's focus, Enter counts); the
// server says right or wrong with the count itemised as the rules count it, the seconds from the
// deal to your answer, and what a short count missed; your running figures (GET /api/drill) are
// kept in the server's database. Enter on "Next" deals again. The choices (hand or crib, game,
// hard hands) are in the URL; a drill is not (a link deals a fresh one).
import { $, el } from "./dom.js";
import { commit, state } from "./state.js";
import { get, post } from "./games_api.js";
import { cardsNode, wordsNode } from "./games_board.js";

export const id = "drill";
export const label = "Counting";
export const defaults = { dwhat: "hand", dvariant: "six-card", dhard: "" };
const VARIANTS = [["six-card", "six-card (4 cards)"], ["five-card", "five-card (3 cards)"],
  ["three-player", "three-player (4 cards)"], ["four-player", "four-player (4 cards)"]];
export const checks = { dwhat: ["hand", "crib"], dvariant: VARIANTS.map(([v]) => v), dhard: ["1"] };

const KIND_WORDS = { fifteen: "fifteen", pair: "a pair", run: "a run", flush: "a flush", nobs: "his nobs" };
const MISSED_WORDS = { fifteens: "fifteens", pairs: "pairs", runs: "runs", flush: "flushes", nobs: "nobs",
  other: "not a whole combination" };

let drill = null; // the drill dealt, until answered
let busy = false;

function build() {
  const what = el("select", { id: "d-what" }, el("option", { value: "hand", text: "a hand" }), el("option", { value: "crib", text: "a crib" }));
  const variant = el("select", { id: "d-variant" }, ...VARIANTS.map(([v, t]) => el("option", { value: v, text: t })));
  $("panel-drill").append(
    el("form", { id: "d-new", autocomplete: "off", class: "row" },
      el("label", { for: "d-what", text: "Count" }), what, el("label", { for: "d-variant", text: "Game" }), variant,
      el("label", { class: "check" }, el("input", { id: "d-hard", type: "checkbox" }), " hard hands"),
      el("button", { type: "submit", id: "d-deal", text: "Deal" })),
    el("p", { class: "help", text: "The server deals a hand (or a crib) and the starter: count it, type the points and " +
      "press Enter. The clock runs from the deal to your answer. Hard hands score 12 or more, or have four fifteens or " +
      "more, or a double run." }),
    el("p", { id: "d-error", class: "error", role: "alert", "aria-live": "assertive" }),
    el("div", { id: "d-deal-box", hidden: true },
      el("div", { class: "g-felt" },
        el("div", { class: "g-spot" }, el("span", { class: "label", id: "d-cards-label", text: "Hand" }), el("span", { id: "d-cards", class: "d-cards" })),
        el("div", { class: "g-spot" }, el("span", { class: "label", text: "Starter" }), el("span", { id: "d-starter", class: "d-cards" }))),
      el("form", { id: "d-count", autocomplete: "off", class: "row" },
        el("label", { for: "d-points", text: "Your count" }),
        el("input", { id: "d-points", type: "number", min: "0", max: "99", inputmode: "numeric", required: true, class: "d-points" }),
        el("button", { type: "submit", id: "d-go", text: "Count" }))),
    el("div", { id: "d-result", "aria-live": "polite" }),
    el("h3", { class: "sub", text: "Your figures" }),
    el("div", { id: "d-figures", "aria-live": "polite" }));
}

function showError(text) { $("d-error").textContent = text || ""; }

async function deal() {
  if (busy) return;
  busy = true;
  showError("");
  try {
    drill = await post("/api/drill", { what: state.dwhat, variant: state.dvariant, hard: state.dhard === "1" });
    $("d-cards-label").textContent = drill.what === "crib" ? "Crib" : "Hand";
    $("d-cards").replaceChildren(cardsNode(drill.cards));
    $("d-starter").replaceChildren(cardsNode([drill.starter]));
    $("d-deal-box").hidden = false;
    $("d-deal-box").dataset.id = drill.id;
    $("d-points").value = "";
    $("d-points").disabled = false;
    $("d-go").disabled = false;
    $("d-result").replaceChildren();
    $("d-points").focus();
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
  }
}

function resultNode(a) {
  const b = a.breakdown;
  const items = b.items.map((it) => el("li", {}, `${KIND_WORDS[it.kind] || it.kind} `, cardsNode(it.cards), ` for ${it.points}`));
  if (!items.length) items.push(el("li", { text: "nothing scores" }));
  const missed = Object.entries(a.missed).filter(([, p]) => p > 0).map(([k, p]) => `${MISSED_WORDS[k]} ${p}`);
  const verdict = a.right ? `Right: ${a.points}.` : `Not ${a.answered}: the count is ${a.points}` +
    (a.answered > a.points ? ` (${a.answered - a.points} over).` : missed.length ? ` (missed: ${missed.join(", ")}).` : ".");
  return el("div", { class: "d-answer " + (a.right ? "right" : "wrong"), "data-right": a.right ? "true" : "false" },
    el("p", { id: "d-verdict", class: "d-verdict", tabindex: "-1" }, verdict, el("span", { class: "d-seconds", text: ` ${a.seconds.toFixed(1)} s` })),
    el("div", { class: "g-show" },
      el("h4", {}, `${a.what === "crib" ? "The crib" : "The hand"} `, cardsNode(a.cards), " and the starter ", cardsNode([a.starter]),
        el("span", { class: "g-points", text: ` ${a.points} point${a.points === 1 ? "" : "s"}` })),
      el("ul", { id: "d-items" }, ...items),
      b.say ? el("p", { class: "g-say" }, wordsNode(b.say)) : ""),
    el("div", { class: "row" }, el("button", { type: "button", id: "d-next", text: "Next" })));
}

async function answer() {
  if (busy || !drill) return;
  const text = $("d-points").value.trim();
  if (!/^\d{1,2}$/.test(text)) { showError("Type your count: a whole number from 0 to 99."); $("d-points").focus(); return; }
  busy = true;
  showError("");
  try {
    const a = await post(`/api/drill/${drill.id}`, { points: Number(text) });
    drill = null;
    $("d-points").disabled = true;
    $("d-go").disabled = true;
    $("d-result").replaceChildren(resultNode(a));
    $("d-next").addEventListener("click", deal);
    $("d-next").focus();
    await figures();
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
  }
}

const pct = (x) => (x === null ? "–" : `${(100 * x).toFixed(1)} %`);

async function figures() {
  try {
    const f = await get("/api/drill");
    const box = $("d-figures");
    box.dataset.answered = f.answered;
    box.dataset.right = f.right;
    if (!f.answered) { box.replaceChildren(el("p", { class: "help", text: "No drill answered yet." })); return; }
    const rows = Object.entries(f.missed).filter(([k, m]) => k !== "other" || m.drills)
      .map(([k, m]) => el("tr", {}, el("th", { text: MISSED_WORDS[k] }), el("td", { class: "num", text: String(m.drills) }),
        el("td", { class: "num", text: String(m.points) })));
    box.replaceChildren(
      el("p", { id: "d-summary", class: "g-figures" },
        `${f.right} right of ${f.answered} (${pct(f.accuracy)}), ${f.mean_seconds.toFixed(1)} s a ${f.answered === 1 ? "count" : "count on average"}` +
        (f.over.drills ? `; ${f.over.drills} counted over (${f.over.points} points)` : "") + "."),
      el("div", { class: "table-wrap" }, el("table", { class: "g-table-data", id: "d-missed" },
        el("caption", { text: "What the short counts missed" }),
        el("thead", {}, el("tr", {}, el("th", { text: "kind" }), el("th", { class: "num", text: "counts" }), el("th", { class: "num", text: "points" }))),
        el("tbody", {}, ...rows))));
  } catch (e) {
    showError(e.message);
  }
}

function settings() {
  commit({ dwhat: $("d-what").value, dvariant: $("d-variant").value, dhard: $("d-hard").checked ? "1" : "" }, { push: false });
}

export function restore() {
  $("d-what").value = state.dwhat;
  $("d-variant").value = state.dvariant;
  $("d-hard").checked = state.dhard === "1";
  if (state.tab === id) shownNow();
}

let started = false;
export function shownNow() {
  if (started) return;
  started = true;
  figures();
  deal();
}

export function init() {
  build();
  $("d-new").addEventListener("submit", (ev) => { ev.preventDefault(); settings(); deal(); });
  for (const c of ["d-what", "d-variant", "d-hard"]) $(c).addEventListener("change", settings);
  $("d-count").addEventListener("submit", (ev) => { ev.preventDefault(); answer(); });
}
