// The "Score a hand" panel: one hand or crib counted by /api/score (`crib-stats score --json`)
// and said in cribbage cadence.
import { $, el } from "./dom.js";
import { cardList, cardSpan } from "./cards.js";
import { api } from "./api.js";
import { cardText, commit, state } from "./state.js";
import { pageWords } from "./words.js";

export const id = "score";
export const label = "Score a hand";
export const defaults = { hand: "", cut: "", crib: "", svariant: "six-card" };
export const checks = { hand: cardText, cut: cardText, crib: ["1"], svariant: ["six-card", "five-card"] };

const NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " +
  "fifteen sixteen seventeen eighteen nineteen twenty").split(" ");

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

function showError(text) { $("score-error").textContent = text ? pageWords(text, { cards: "The hand", starter: "The starter" }) : ""; }

async function scoreIt() {
  const out = $("score-out");
  if (!state.hand.trim() && !state.cut.trim()) { out.replaceChildren(); showError(""); return; }
  try {
    const b = await api("/api/score", { cards: state.hand, starter: state.cut, crib: state.crib ? "true" : "",
      variant: state.svariant });
    showError("");
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
    showError(e.message);
  }
}

export function restore() {
  $("score-cards").value = state.hand;
  $("score-starter").value = state.cut;
  $("score-crib").checked = !!state.crib;
  $("score-variant").value = state.svariant;
  if (state.hand.trim() || state.cut.trim()) scoreIt(); else { $("score-out").replaceChildren(); showError(""); }
}

export function init() {
  $("score-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    commit({ tab: "score", hand: $("score-cards").value.trim(), cut: $("score-starter").value.trim(),
      crib: $("score-crib").checked ? "1" : "", svariant: $("score-variant").value });
    scoreIt();
  });
}
