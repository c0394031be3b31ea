// The game's board and its words: the score track (both players, the front peg at the score and
// the back peg where the last move started), the events said in words (go, 31, last card, his
// heels, each show itemised) and the cards as the page shows them. Cards come from the server in
// the record's ASCII ("10d", "js").
import { el, svg } from "./dom.js";
import { cardSpan, toServer } from "./cards.js";

export const cardText = (c) => toServer(c);
export const cardNode = (c) => cardSpan(toServer(c));

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

// who an event's seat is, from the player's side
const who = (e) => (e.by === "you" ? "You" : "The opponent");
const whose = (e) => (e.by === "you" ? "yours" : "the opponent's");

// one event in words (a string), or null for those the page does not say
export function eventWords(e) {
  switch (e.kind) {
    case "deal": return `Deal ${e.deal + 1}: ${e.by === "you" ? "you deal (the crib is yours)" : "the opponent deals (the crib is theirs)"}.`;
    case "first_deal_last": return `${who(e)} peg${e.by === "you" ? "" : "s"} 3 for last (the pone's start in the five-card game).`;
    case "discard": return `${who(e)} threw to the crib.`;
    case "starter": return `The starter is ${cardText(e.card)}.`;
    case "heels": return `His heels: ${e.by === "you" ? "you peg" : "the opponent pegs"} 2 (the starter is a jack).`;
    case "card": return `${who(e)} play${e.by === "you" ? "" : "s"} ${cardText(e.card)}, count ${e.count}` +
      (e.points ? `: ${e.why}.` : ".");
    case "go-said": return `${who(e)} cannot play: go (count ${e.count}).`;
    case "go": return `${who(e)} peg${e.by === "you" ? "" : "s"} 1 for the go.`;
    case "last": return `${who(e)} peg${e.by === "you" ? "" : "s"} 1 for the last card.`;
    case "show": return `${showTitle(e)}: ${e.points}` + (e.claimed !== undefined && e.claimed !== null
      ? ` (claimed ${e.claimed}, the count ${e.breakdown.total}).` : ".");
    case "muggins": return `Muggins: ${e.by === "you" ? "you peg" : "the opponent pegs"} ${e.points} missed in ${e.by === "you" ? "the opponent's" : "your"} count.`;
    case "game_over": return gameOverWords(e.result, e.by);
    default: return null;
  }
}

export function showTitle(e) {
  if (e.whose === "crib") return `The crib (${whose(e)})`;
  return `${e.whose === "pone" ? "The pone's" : "The dealer's"} hand (${e.by === "you" ? "yours" : "the opponent's"})`;
}

export function gameOverWords(result, by) {
  const won = by === "you";
  const extra = result.forfeit ? ` (a forfeit: ${result.forfeit})` : result.double_skunk ? " with a double skunk"
    : result.skunk ? " with a skunk" : "";
  return `${won ? "You win" : "The opponent wins"}${extra}: ${result.game_points} game points.`;
}

const KIND_WORDS = { fifteen: "fifteen", pair: "a pair", run: "a run", flush: "a flush", nobs: "his nobs" };

// a combination of a show said with its cards: "fifteen 2 with 7♥ 8♣"
export const itemWords = (it) => `${it.say} with ${it.cards.map(cardText).join(" ")}`;

// muggins: your show as you claimed it, its breakdown, and what the opponent mugged
export function countedNode(e, mugged) {
  const total = e.breakdown.total;
  const what = e.whose === "crib" ? "your crib" : "your hand";
  let verdict;
  if (e.claimed === total) verdict = `You counted ${what} right: ${total}.`;
  else if (e.claimed > total) verdict = `You claimed ${e.claimed} for ${what}; it counts ${total}: you peg ${total}.`;
  else {
    verdict = `You claimed ${e.claimed} for ${what}; it counts ${total}: ` + (mugged
      ? `the opponent mugs ${mugged.points} for what you missed: ` : `you missed ${total - e.claimed}: `) +
      e.missed.items.map(itemWords).join(", ") + ".";
  }
  return el("div", { class: "g-counted", "data-claimed": String(e.claimed), "data-total": String(total),
    "data-mugged": String(mugged ? mugged.points : 0) },
    el("p", { class: "g-verdict" + (e.claimed === total ? " right" : " wrong") }, wordsNode(verdict)), showNode(e));
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

// each side's front peg (the score) and back peg (where its last scoring started)
export function pegs(log, seat, scores) {
  const out = { you: { front: scores.you, back: 0, last: 0 }, opponent: { front: scores.opponent, back: 0, last: 0 } };
  for (const e of log) {
    if (!e || !e.points || !e.by || e.kind === "game_over") continue;
    const side = out[e.by];
    side.last = e.points;
    side.back = e.scores[e.seat] - e.points;
  }
  for (const side of Object.values(out)) if (side.back > side.front) side.back = side.front;
  return out;
}

// the score track: a lane a player, 0 to the game's target (121, 91 or 61), ticks every 5, the skunk line
export function scoreTrack(box, view, log, lastMover) {
  const target = view.target;
  const p = pegs(log, view.seat, view.view.scores);
  const W = 600, lane = 34, H = 2 * lane + 6, left = 8, right = 8;
  const x = (n) => left + (W - left - right) * Math.min(n, target) / target;
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "g-track",
    "aria-label": `the score: you ${p.you.front}, the opponent ${p.opponent.front}, of ${target}` });
  const skunk = view.skunk || (target === 121 ? 91 : target === 91 ? 61 : 31);
  s.append(svg("line", { x1: x(skunk), x2: x(skunk), y1: 2, y2: 2 * lane + 4, class: "g-skunk" }));
  ["you", "opponent"].forEach((side, i) => {
    const y = 8 + i * lane;
    s.append(svg("rect", { x: left, y, width: W - left - right, height: lane - 12, rx: 6, class: `g-lane ${side}` }));
    for (let n = 5; n < target; n += 5) {
      s.append(svg("line", { x1: x(n), x2: x(n), y1: y + (n % 30 === 0 ? 2 : 7), y2: y + lane - (n % 30 === 0 ? 14 : 19),
        class: "g-tick" }));
    }
    const cy = y + (lane - 12) / 2;
    const peg = p[side];
    if (peg.back !== peg.front) s.append(svg("circle", { cx: x(peg.back), cy, r: 5, class: `g-peg back ${side}` }));
    s.append(svg("circle", { cx: x(peg.front), cy, r: 7, class: `g-peg front ${side}` + (lastMover === side ? " moved" : "") }));
  });
  // the numbers under the track are the page's text, not the drawing's: a phone shrinks the drawing
  // (600 wide into 360 px) and its numbers with it, to 4 px; these keep the page's size
  const marks = el("div", { class: "g-marks", "aria-hidden": "true" });
  [0, 30, 60, 90].filter((n) => n < target - 10).concat([target]).forEach((n) => {
    const m = el("span", { class: "g-mark" + (n === 0 ? " first" : n === target ? " last" : ""), text: String(n) });
    m.style.left = `${(100 * x(n)) / W}%`;
    marks.append(m);
  });
  const line = (side, name) => el("span", { class: `g-score ${side}`, "data-side": side, "data-score": String(p[side].front) },
    el("b", { text: name }), ` ${p[side].front}`,
    p[side].last && p[side].back !== p[side].front ? el("span", { class: "g-moved", text: ` (+${p[side].front - p[side].back})` }) : "");
  box.replaceChildren(el("div", { class: "g-scores" }, line("you", "You"), line("opponent", "The opponent"),
    el("span", { class: "g-target", text: ` · to ${target}` })), el("div", { class: "g-track-box" }, s, marks));
}
