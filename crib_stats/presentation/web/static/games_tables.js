// The games' tables: the hint (the engine's ranking of the decision now), the review of a deal's
// decisions and of the game, the list of games with the running figures.
import { $, el, fixed } from "./dom.js";
import { cardsNode } from "./games_board.js";
import { watchScroll } from "./tables.js";
import { pageWords } from "./words.js";

const pct = (x) => (x === null || x === undefined ? "–" : (100 * x).toFixed(1) + "%");

// a table in a box that scrolls sideways when it is wider than the page (a phone), and says so
function table(head, rows, caption) {
  const wrap = el("div", { class: "table-wrap" },
    el("table", { class: "g-table-data" },
      caption ? el("caption", { text: caption }) : "",
      el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col", class: h.num ? "num" : null, text: h.label })))),
      el("tbody", {}, ...rows)));
  watchScroll(wrap);
  return wrap;
}

// a link to "What these numbers mean" at the foot of the page (opened, and scrolled to)
export function meaningLink(text) {
  const a = el("a", { href: "#meaning", class: "g-meaning", text });
  a.addEventListener("click", (ev) => {
    ev.preventDefault();  // the page's state is its query string: no fragment, no history entry
    $("meaning").open = true;
    $("meaning").scrollIntoView({ block: "start" });
  });
  return a;
}

const td = (content, num = false) => el("td", { class: num ? "num" : null }, content);

// the hint: {kind, ranking} (discard --score's or advise --score's JSON, cards in ASCII), said in a
// player's words with the cards drawn as the page draws them
export function hintNode(h) {
  const r = h.ranking;
  if (h.kind === "points") return pointsHint(r);
  if (h.kind === "points-now") return pointsNowHint(r);
  if (h.kind === "discard") {
    const rows = r.throws.slice(0, 6).map((t, i) => el("tr", { class: i === 0 ? "best" : null, "data-throw": t.throw.join(" ") },
      td(cardsNode(t.throw)), td(cardsNode(t.keep)), td(fixed(t.p_win, 4), true), td("±" + fixed(t.p_win_se, 4), true),
      td(t.points_throw ? "the points throw" : (t.vs_points >= 0 ? "+" : "") + fixed(t.vs_points, 4), true)));
    return el("div", { class: "g-hint", "data-kind": "discard" },
      el("p", { class: "g-hint-line" }, "Throw ", cardsNode(r.best_for_board.throw),
        ...(r.board_differs ? [" for the board (the points throw is ", cardsNode(r.best_for_points.throw), ")."]
          : [" (for the board and for points)."])),
      table([{ label: "throw" }, { label: "keep" }, { label: "P(win)", num: true }, { label: "±", num: true },
        { label: "vs points", num: true }], rows, `The best ${Math.min(6, r.throws.length)} of ${r.throws.length} throws by ` +
        `P(win), the chance to win the game, at ` + (r.score.right === undefined ? `${r.score.mine}–${r.score.theirs}`
          : `${r.score.mine} (you), ${r.score.left} (on your left), ${r.score.right} (on your right)`)));
  }
  const rows = r.plays.map((p, i) => el("tr", { class: i === 0 ? "best" : null, "data-card": p.card },
    td(cardsNode([p.card])), td(fixed(p.p_win, 4), true), td((p.ev >= 0 ? "+" : "") + fixed(p.ev, 3), true),
    td(fixed(p.gives_up, 3), true)));
  const best = r.plays[0].card;
  const greedy = r.greedy && r.greedy !== best  // the simple player's card, said only when it is another card
    ? [" (the greedy player, who takes the most points now, would play ", cardsNode([r.greedy]), ")."] : ["."];
  return el("div", { class: "g-hint", "data-kind": "play" },
    el("p", { class: "g-hint-line" }, "Play ", cardsNode([best]), ...greedy),
    table([{ label: "card" }, { label: "P(win)", num: true }, { label: "E[you − them]", num: true },
      { label: "gives up", num: true }], rows, `Every card that fits, by P(win), the chance to win the game ` +
      `(${r.hands_consistent.toLocaleString("en")} hands the opponent may still hold)`));
}

// a throw with no board: every throw by points (E[hand] and E[crib], the crib at random), as the
// Discard tab ranks it and as the engine throws there
function pointsHint(r) {
  const yours = r.role === "dealer";
  const rows = r.throws.slice(0, 6).map((t, i) => el("tr", { class: i === 0 ? "best" : null, "data-throw": t.throw.join(" ") },
    td(cardsNode(t.throw)), td(cardsNode(t.keep)), td(fixed(t.hand_ev, 2), true), td(fixed(t.crib_ev, 2), true),
    td(fixed(t.net_ev, 2), true)));
  return el("div", { class: "g-hint", "data-kind": "points" },
    el("p", { class: "g-hint-line" }, "Throw ", cardsNode(r.throws[0].throw),
      ` for points (no board for this game: the engine throws the same).`),
    table([{ label: "throw" }, { label: "keep" }, { label: "E[hand]", num: true }, { label: "E[crib]", num: true },
      { label: yours ? "hand + crib" : "hand − crib", num: true }], rows,
    `The best ${Math.min(6, r.throws.length)} of ${r.throws.length} throws by points, the crib ${yours ? "yours" : "another's"}`));
}

// three or four players' card: no board for the play; each card that fits with what it pegs now
function pointsNowHint(r) {
  const engine = r.plays.find((p) => p.engine);
  const rows = r.plays.map((p) => el("tr", { class: p.engine ? "best" : null, "data-card": p.card },
    td(cardsNode([p.card])), td(String(p.points), true), td(p.why || "–")));
  return el("div", { class: "g-hint", "data-kind": "points-now" },
    el("p", { class: "g-hint-line" }, "The engine would play ", cardsNode([engine.card]),
      ": points now (no board for the play with three or four players)."),
    table([{ label: "card" }, { label: "pegs now", num: true }, { label: "for" }], rows,
      `Every card that fits at count ${r.count}`),
    el("p", { class: "help", text: `The rule: ${r.model}.` }));
}

function decisionCell(e) {
  if (e.kind === "discard") return el("span", {}, "threw ", cardsNode(e.made));
  return el("span", {}, "played ", cardsNode([e.made]), e.sequence.length ? " on " : " to lead", e.sequence.length ? cardsNode(e.sequence) : "");
}

function reviewRow(e, withDeal) {
  const best = e.best === null ? "–" : cardsNode(Array.isArray(e.best) ? e.best : [e.best]);
  const lost = e.error ? el("span", { class: "g-refused", text: pageWords(e.error) }) : e.forced ? "forced (one rank fits)"
    : e.p_win_lost > 0 ? fixed(e.p_win_lost, 4) : "0 (the best)";
  return el("tr", { class: e.rank === 1 ? "best" : e.p_win_lost >= 0.01 ? "g-costly" : null, "data-decision": String(e.decision) },
    withDeal ? td(String(e.deal + 1), true) : "", td(`${e.scores.you}–${e.scores.opponent}`, true), td(decisionCell(e)),
    td(best), td(fixed(e.p_win_made, 4), true), td(fixed(e.p_win_best, 4), true), td(lost, true));
}

const REVIEW_HEAD = [{ label: "score", num: true }, { label: "you" }, { label: "the engine's best" },
  { label: "P(win) yours", num: true }, { label: "best", num: true }, { label: "given up", num: true }];

function totalsLine(t) {
  return `${t.decisions} decision${t.decisions === 1 ? "" : "s"} with a choice gave up ${fixed(t.p_win_lost, 4)} of P(win)` +
    ` (the throw${t.throws === 1 ? "" : "s"} ${fixed(t.throws_lost, 4)}, the card${t.cards === 1 ? "" : "s"} ${fixed(t.cards_lost, 4)});` +
    ` ${t.best} the engine's best` + (t.forced ? `; ${t.forced} forced` : "") + (t.refused ? `; ${t.refused} not measured` : "") + ".";
}

// the review of one deal (its decisions and totals)
export function dealReviewNode(review, deal) {
  const entries = review.decisions.filter((e) => e.deal === deal);
  const totals = review.deals.find((d) => d.deal === deal);
  const parts = [];
  if (entries.length) parts.push(table(REVIEW_HEAD, entries.map((e) => reviewRow(e, false))));
  if (totals) parts.push(el("p", { class: "g-totals", text: totalsLine(totals) }));
  if (review.pending) parts.push(el("p", { class: "help", text: `Reviewing ${review.pending} more decision${review.pending === 1 ? "" : "s"}…` }));
  return el("div", { class: "g-review", "data-deal": String(deal), "aria-busy": review.pending ? "true" : "false" }, ...parts);
}

// the review of the whole game: every decision, each deal's totals, the game's, the costliest
// muggins: your counting in the game: shows counted, right, points missed (and overclaimed)
export function countingNode(c) {
  return el("p", { class: "g-counting", "data-shows": String(c.shows), "data-right": String(c.right),
    "data-missed": String(c.points_missed) },
    `Your counting: ${c.shows} show${c.shows === 1 ? "" : "s"} counted, ${c.right} right, ` +
    `${c.points_missed} point${c.points_missed === 1 ? "" : "s"} missed` +
    (c.points_overclaimed ? `, ${c.points_overclaimed} overclaimed (cut to the count).` : "."));
}

export function gameReviewNode(review) {
  const rows = review.decisions.map((e) => reviewRow(e, true));
  const deals = review.deals.map((d) => el("tr", {}, td(String(d.deal + 1), true), td(String(d.decisions), true),
    td(fixed(d.throws_lost, 4), true), td(fixed(d.cards_lost, 4), true), td(fixed(d.p_win_lost, 4), true)));
  const costly = review.costliest.map((n) => review.decisions.find((e) => e.decision === n)).filter(Boolean);
  return el("div", { class: "g-review g-game-review", "aria-busy": review.pending ? "true" : "false" },
    el("p", { class: "g-totals", text: "The game: " + totalsLine(review.game) }),
    costly.length ? el("p", {}, "The costliest: ", ...costly.flatMap((e, i) => [i ? "; " : "", `deal ${e.deal + 1}, `,
      decisionCell(e), ` (${fixed(e.p_win_lost, 4)})`])) : "",
    table([{ label: "deal", num: true }, { label: "decisions", num: true }, { label: "throws gave up", num: true },
      { label: "cards gave up", num: true }, { label: "in all", num: true }], deals, "Each deal"),
    table([{ label: "deal", num: true }, ...REVIEW_HEAD], rows, "Every decision"),
    review.pending ? el("p", { class: "help", text: `Reviewing ${review.pending} more decision${review.pending === 1 ? "" : "s"}…` }) : "",
    el("p", { class: "caption" }, "Each throw is ranked as the Discard tab ranks it with the score (P(win) sampled: " +
      "its ± is noise), each card as the Play tab ranks it with the score (exact over the hands the opponent may hold); " +
      "P(win) given up is the best P(win) less yours (", meaningLink("what these numbers mean"), ")."));
}

// the list of games and the running figures; onOpen(id) opens one
export function gamesListNode(listing, onOpen) {
  const f = listing.figures;
  const figures = el("p", { class: "g-figures" },
    `${f.games} game${f.games === 1 ? "" : "s"}, ${f.finished} finished, ${f.won} won (${pct(f.win_rate)}). `,
    f.decisions_reviewed ? `P(win) given up per decision ${fixed(f.p_win_lost_per_decision, 4)} over ${f.decisions_reviewed} reviewed` +
      ` (per throw ${fixed(f.p_win_lost_per_throw, 4)} over ${f.throws_reviewed}, per card ${fixed(f.p_win_lost_per_card, 4)} over ${f.cards_reviewed}).`
      : "No decision reviewed yet.",
    f.counting && f.counting.shows ? ` Your counting (muggins): ${f.counting.shows} show${f.counting.shows === 1 ? "" : "s"} ` +
      `counted, ${f.counting.right} right (${pct(f.counting.accuracy)}), ${f.counting.points_missed} point` +
      `${f.counting.points_missed === 1 ? "" : "s"} missed.` : "");
  const rows = listing.games.slice(0, 30).map((gm) => {
    const open = el("button", { type: "button", class: "g-open", "data-game": gm.id, text: gm.over ? "review" : "resume",
      "aria-label": `${gm.over ? "review" : "resume"} the game of ${gm.created.slice(0, 16).replace("T", " ")}` });
    open.addEventListener("click", () => onOpen(gm.id));
    return el("tr", { "data-game": gm.id }, td(gm.created.slice(0, 16).replace("T", " ")), td(gm.opponent), td(gm.variant),
      td(Object.values(gm.scores).join("–"), true),
      td(gm.winner === null ? "playing" : gm.winner === "you" || gm.winner === "us" ? "won" : "lost"),
      td(gm.reviewed ? fixed(gm.p_win_lost, 3) : "–", true), td(open));
  });
  return el("div", {}, figures, rows.length ? table([{ label: "started (UTC)" }, { label: "opponent" }, { label: "game" },
    { label: "score", num: true }, { label: "result" }, { label: "P(win) given up", num: true }, { label: "" }], rows) : "");
}
