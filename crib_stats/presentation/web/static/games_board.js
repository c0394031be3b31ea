// The game's board: the score track (a lane a side: you and the opponent, three players each,
// or your side and theirs; the front peg at the score and the back peg where the last move
// started), each show itemised, and the cards as the page shows them. Cards come from the server
// in the record's ASCII ("10d", "js"); the words are games_words.js's.
import { el, svg } from "./dom.js";
import { cardSpan, toServer } from "./cards.js";
import { cardText, itemWords, Name, name, seatWho, showTitle } from "./games_words.js";

export { cardText };
export const cardNode = (c) => cardSpan(toServer(c));
const KIND_WORDS = { fifteen: "fifteen", pair: "a pair", run: "a run", flush: "a flush", nobs: "his nobs" };

export function cardsNode(cards) {
  const span = el("span", { class: "cards" });
  cards.forEach((c, i) => { if (i) span.append(" "); span.append(cardNode(c)); });
  return span;
}

// words with the cards in them ("You play 7♦, count 7.") drawn as cards are: each in its suit's colour
const GLYPH_CARD = /((?:10|[A2-9JQK])[♣♦♥♠])/;
export function wordsNode(text) {
  return el("span", {}, ...String(text).split(GLYPH_CARD).map((part, i) => (i % 2 ? cardSpan(part) : part)));
}

// muggins: your show as you claimed it, its breakdown, and what the opponent mugged
export function countedNode(e, mugged) {
  const total = e.breakdown.total;
  const what = e.whose === "crib" ? "your crib" : "your hand";
  let verdict;
  if (e.claimed === total) verdict = `You counted ${what} right: ${total}.`;
  else if (e.claimed > total) verdict = `You claimed ${e.claimed} for ${what}; it counts ${total}: you peg ${total}.`;
  else {
    verdict = `You claimed ${e.claimed} for ${what}; it counts ${total}: ` + (mugged
      ? `${name(mugged.by)} mugs ${mugged.points} for what you missed: ` : `you missed ${total - e.claimed}: `) +
      e.missed.items.map(itemWords).join(", ") + ".";
  }
  return el("div", { class: "g-counted", "data-claimed": String(e.claimed), "data-total": String(total),
    "data-mugged": String(mugged ? mugged.points : 0) },
    el("p", { class: "g-verdict" + (e.claimed === total ? " right" : " wrong") }, wordsNode(verdict)), showNode(e));
}

// muggins: your last show claimed, its breakdown and what was mugged (until your next throw), as
// nodes (none when there is none)
export function lastCounted(events) {
  let shown = null;
  for (let i = events.length - 1; i >= 0 && !shown; i--) {
    const e = events[i];
    if (e.kind === "discard" && e.by === "you") break;
    if (e.kind === "show" && e.by === "you" && e.claimed !== undefined && e.claimed !== null) shown = e;
  }
  const mugged = shown && events.find((e) => e.kind === "muggins" && e.deal === shown.deal && e.index === shown.index + 1);
  return shown ? [countedNode(shown, mugged)] : [];
}

// a show: its cards and the starter, then every scoring combination with its points
export function showNode(e) {
  const items = e.breakdown.items.map((it) => el("li", {}, `${KIND_WORDS[it.kind] || it.kind} `, cardsNode(it.cards),
    ` for ${it.points}`));
  if (!items.length) items.push(el("li", { text: "nothing scores" }));
  return el("div", { class: "g-show" + (e.whose === "crib" ? " crib" : ""), "data-whose": e.whose, "data-by": e.by },
    el("h4", {}, `${showTitle(e)}: `, cardsNode(e.cards), " and the starter ", cardNode(e.card),
      el("span", { class: "g-points", text: ` ${e.breakdown.total} point${e.breakdown.total === 1 ? "" : "s"}` +
        (e.claimed !== undefined && e.claimed !== null ? ` (claimed ${e.claimed}, pegged ${e.points})` : "") })),
    el("ul", {}, ...items),
    e.breakdown.say ? el("p", { class: "g-say" }, wordsNode(e.breakdown.say)) : "");
}

// the sides in the order the board draws them: yours first, then clockwise ("us", "them" with partners)
export function sides(g) {
  const out = [];
  for (const t of g.table) if (!out.includes(t.side_who)) out.push(t.side_who);
  return out;
}

// each side's score now, by its word
export function sideScores(g) {
  const v = g.view;
  if (g.table.length === 2) return v.scores; // two players: the view is told from your side
  const out = {};
  for (const t of g.table) out[t.side_who] = v.scores[t.side];
  return out;
}

// each side's front peg (the score) and back peg (where its last scoring started)
export function pegs(log, scores) {
  const out = {};
  for (const [side, n] of Object.entries(scores)) out[side] = { front: n, back: 0, last: 0 };
  for (const e of log) {
    if (!e || !e.points || !e.side || e.kind === "game_over" || !out[e.side]) continue;
    const side = out[e.side];
    side.last = e.points;
    side.back = e.score - e.points;
  }
  for (const side of Object.values(out)) if (side.back > side.front) side.back = side.front;
  return out;
}

// the score track: a lane a side, 0 to the game's target (121, 91 or 61), ticks every 5, the skunk line
export function scoreTrack(box, g, log, lastMover) {
  const target = g.target;
  const order = sides(g);
  const p = pegs(log, sideScores(g));
  const W = 600, lane = order.length > 2 ? 28 : 34, H = order.length * lane + 6, left = 8, right = 8;
  const x = (n) => left + (W - left - right) * Math.min(n, target) / target;
  const said = order.map((side) => `${name(side)} ${p[side].front}`).join(", ");
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "g-track", "aria-label": `the score: ${said}, of ${target}` });
  const skunk = g.skunk || (target === 121 ? 91 : target === 91 ? 61 : 31);
  s.append(svg("line", { x1: x(skunk), x2: x(skunk), y1: 2, y2: order.length * lane + 4, class: "g-skunk" }));
  order.forEach((side, i) => {
    const y = 8 + i * lane;
    const kind = side === "you" || side === "us" ? "you" : "opponent";
    s.append(svg("rect", { x: left, y, width: W - left - right, height: lane - 12, rx: 6, class: `g-lane ${kind} ${side}` }));
    for (let n = 5; n < target; n += 5) {
      s.append(svg("line", { x1: x(n), x2: x(n), y1: y + (n % 30 === 0 ? 2 : 7), y2: y + lane - (n % 30 === 0 ? 14 : 19),
        class: "g-tick" }));
    }
    const cy = y + (lane - 12) / 2;
    const peg = p[side];
    if (peg.back !== peg.front) s.append(svg("circle", { cx: x(peg.back), cy, r: 5, class: `g-peg back ${kind} ${side}` }));
    s.append(svg("circle", { cx: x(peg.front), cy, r: 7, class: `g-peg front ${kind} ${side}` + (lastMover === side ? " moved" : "") }));
  });
  // the numbers under the track are the page's text, not the drawing's: a phone shrinks the drawing
  // (600 wide into 360 px) and its numbers with it, to 4 px; these keep the page's size
  const marks = el("div", { class: "g-marks", "aria-hidden": "true" });
  [0, 30, 60, 90].filter((n) => n < target - 10).concat([target]).forEach((n) => {
    const m = el("span", { class: "g-mark" + (n === 0 ? " first" : n === target ? " last" : ""), text: String(n) });
    m.style.left = `${(100 * x(n)) / W}%`;
    marks.append(m);
  });
  const players = (side) => g.table.filter((t) => t.side_who === side && t.who !== "you").map((t) => t.player);
  const line = (side) => el("span", { class: `g-score ${side}`, "data-side": side, "data-score": String(p[side].front) },
    el("b", { text: Name(side) }), order.length > 2 && side !== "you" ? ` (${players(side).join(", ")})` : "", ` ${p[side].front}`,
    p[side].last && p[side].back !== p[side].front ? el("span", { class: "g-moved", text: ` (+${p[side].front - p[side].back})` }) : "");
  box.replaceChildren(el("div", { class: "g-scores" }, ...order.map(line),
    el("span", { class: "g-target", text: ` · to ${target}` })), el("div", { class: "g-track-box" }, s, marks));
}

// the cards each seat of game g has played this deal, into box: a spot each on the felt, the
// others first, then yours; the cards of the count now bright, those of the counts before dimmed
export function renderPlayed(box, g) {
  const v = g.view;
  const order = [...g.table.filter((t) => t.who !== "you"), g.table.find((t) => t.who === "you")];
  const now = v.played.length - v.sequence.length; // the first card of the count now
  box.replaceChildren(...order.map((t) => {
    const mine = v.played.map((p, i) => [p, i]).filter(([p]) => seatWho(g, p.by) === t.who);
    const cards = el("span", { class: "cards" });
    mine.forEach(([p, i], k) => {
      if (k) cards.append(" ");
      cards.append(el("span", { class: i >= now ? "now" : "gone" }, cardNode(p.card)));
    });
    const id = t.who === "you" ? "g-mine" : t.who === "opponent" ? "g-theirs" : `g-played-${t.who}`;
    return el("div", { class: "g-spot" }, el("span", { class: "label", text: `${Name(t.who)} played` }),
      el("span", { id }, cards));
  }));
}
