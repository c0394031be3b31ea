// The "Play a game" panel: a whole game against players of the toolkit (one opponent; two with
// three players; a partner and two opponents with four), played by the server's referee
// (/api/games). The board (every side's score, the last move's pegs), your hand as cards (click,
// or Tab and Space/Enter: throw two, then play), the count and its cards, the cards played, the
// events in words (go, 31, last card, his heels), each show itemised with the crib last, a Hint
// for the decision now, the review of each deal once it is over and of the game at the end, and
// the record to download. With muggins, at each of your shows (your crib's when you deal) the
// page asks your count in a number field (focused; Enter claims it) before it shows the breakdown,
// then shows the breakdown and what the opponent mugged of an undercount, the combinations named. While the opponent decides on the server the page says it is thinking
// and asks again (a long poll); the rest of the page keeps answering. The game's id is in the URL.
import { $, el } from "./dom.js";
import { RANKS } from "./cards.js";
import { commit, state } from "./state.js";
import { get, post } from "./games_api.js";
import { cardNode, cardText, cardsNode, lastCounted, renderPlayed, scoreTrack, showNode, wordsNode } from "./games_board.js";
import { fillChoices, fillForVariant, formNode, newGameBody } from "./games_new.js";
import { askHint, clearHint, watchHint } from "./games_hint.js";
import { cribOwner, eventWords, gameOverWords, Name, name, owned, scoresWords, seatWho } from "./games_words.js";
import { countingNode, dealReviewNode, gameReviewNode, gamesListNode, meaningLink } from "./games_tables.js";

export const id = "games";
export const label = "Play a game";
// game: the game shown; gseed: the packs' seed of a new game (a link can deal a chosen game)
export const defaults = { game: "", gseed: "" };
export const checks = { game: (v) => /^[0-9a-f]{16}$/.test(v), gseed: (v) => /^\d{1,15}$/.test(v) };

const DECIDE_WAIT = 0.3; // seconds a decision's answer waits for a quick opponent (one round trip)
const POLL_WAIT = 20; // seconds a long poll waits for a thinking opponent
const RETRY_MAX = 30; // seconds between tries at most while the server does not answer (1, 2, 4, ... 30)

let g = null; // the game as last answered
let log = []; // every event seen, by its index
let selected = new Set(); // the cards picked to throw
let busy = false;
let focusHand = false; // put the keyboard's focus back on the hand once the next decision is asked
let review = null;
let reviewing = false;
let listing = null;
let retry = { timer: null, delay: 0 }; // asking again by itself while the server does not answer

const rankOf = (c) => RANKS.indexOf(c.slice(0, -1).toUpperCase());
const sorted = (cards) => [...cards].sort((a, b) => rankOf(a) - rankOf(b) || a.slice(-1).localeCompare(b.slice(-1)));

function build() {
  const panel = $("panel-games");
  panel.append(
    el("div", { id: "g-start" }, formNode(),
      el("p", { class: "help" }, "Every computer player decides on this machine from what its seat sees, never your cards " +
        "(nor your partner's). With two players the engine throws and plays for the best chance to win the game, P(win), " +
        "as the Discard and Play tabs rank them with the score; with three it throws for its own P(win), with four for its " +
        "side's; for a card with three or four there is no board: it goes by the points now, and Hint says which. Each deal is " +
        "reviewed once it is over (", meaningLink("what these numbers mean"), ")."),
      el("details", { id: "g-list" }, el("summary", { text: "Your games and your running figures" }), el("div", { id: "g-games" }))),
    el("p", { id: "g-error", class: "error", role: "alert", "aria-live": "assertive" }),
    el("div", { id: "g-game", hidden: true },
      el("div", { id: "g-board", class: "g-board" }),
      el("p", { id: "g-status", class: "g-status", role: "status", "aria-live": "polite", tabindex: "-1" }),
      el("div", { class: "g-felt" },
        el("div", { class: "g-spot" }, el("span", { class: "label", text: "Starter" }), el("span", { id: "g-starter" })),
        el("div", { class: "g-spot" }, el("span", { class: "label", text: "Count" }), el("span", { id: "g-count", class: "g-count" }),
          el("span", { id: "g-sequence", class: "g-sequence" })),
        el("div", { id: "g-played" })),
      el("section", { id: "g-end", hidden: true, "aria-labelledby": "g-result" },
        el("h3", { id: "g-result", class: "g-result" }),
        el("p", {}, el("a", { id: "g-record", download: "", text: "Download the game's record (JSON, crib-stats-game/1)" })),
        el("h3", { class: "sub", text: "The game's review" }), el("div", { id: "g-counting" }),
        el("div", { id: "g-game-review", "aria-live": "polite" })),
      el("div", { id: "g-hand-box", class: "g-hand-box" },
        el("h3", { id: "g-ask", class: "g-ask" }),
        el("div", { id: "g-hand", class: "g-hand", role: "group", "aria-labelledby": "g-ask" }),
        el("form", { id: "g-claim", class: "row g-claim", autocomplete: "off", hidden: true },
          el("label", { for: "g-points", id: "g-points-label", text: "Your count" }),
          el("input", { type: "number", id: "g-points", min: "0", max: "29", step: "1", inputmode: "numeric",
            required: "", "aria-describedby": "g-ask" }),
          el("button", { type: "submit", id: "g-claim-go", text: "Claim" })),
        el("div", { class: "row" }, el("button", { type: "button", id: "g-throw", class: "g-throw", text: "Throw to the crib" }),
          el("button", { type: "button", id: "g-hint-go", text: "Hint" }),
          el("button", { type: "button", id: "g-retry", hidden: true, text: "Ask again" }))),
      el("div", { id: "g-hint", "aria-live": "polite" }),
      el("div", { id: "g-counted", "aria-live": "polite" }),
      el("h3", { class: "sub", text: "This deal" }),
      el("ol", { id: "g-log", class: "g-log", "aria-live": "polite" }),
      el("section", { id: "g-last", hidden: true, "aria-labelledby": "g-last-title" },
        el("h3", { id: "g-last-title", class: "sub" }), el("div", { id: "g-shows" }),
        el("h3", { id: "g-review-title", class: "sub" }), el("div", { id: "g-deal-review", "aria-live": "polite" }))));
}

function showError(text) { $("g-error").textContent = text || ""; }

// the server did not answer (status 0; any other error is the server's answer): say so and ask
// again by itself, waiting twice as long each time up to RETRY_MAX s; "Ask again now" does not wait.
// True when it was that.
function lost(e) {
  if (!e || e.status !== 0) return false;
  if (retry.timer) return true;
  retry.delay = retry.delay ? Math.min(RETRY_MAX, 2 * retry.delay) : 1;
  showError(`${e.message} Trying again in ${retry.delay} s…`);
  $("g-retry").textContent = "Ask again now";
  $("g-retry").hidden = false;
  retry.timer = setTimeout(reconnect, retry.delay * 1000);
  return true;
}

// ask again: the game shown (every event from the start) or the list; once the server answers,
// the error goes and the page carries on where it was (a thinking opponent followed, the review asked)
async function reconnect() {
  clearTimeout(retry.timer);
  retry.timer = null;
  const gid = (g && g.id) || state.game;
  try {
    const r = gid ? await get(`/api/games/${gid}`, { since: 0 }) : await get("/api/games");
    retry.delay = 0;
    showError("");
    $("g-retry").hidden = true;
    $("g-retry").textContent = "Ask again";
    if (gid) { accept(r); follow(); }
    refreshList();
  } catch (e) {
    if (!lost(e)) showError(e.message);
  }
}

async function refreshList() {
  try {
    listing = await get("/api/games");
  } catch (e) { if (!lost(e)) showError(e.message); return; }
  fillChoices(listing);
  $("g-games").replaceChildren(gamesListNode(listing, (gid) => { commit({ game: gid }); open(gid); }));
}

function merge(events) { for (const e of events) log[e.index] = e; }

function accept(r) {
  if (!g || r.id !== g.id) log = [];
  merge(r.events);
  g = r;
  render();
}

async function open(gid) {
  showError("");
  g = null; log = []; review = null; selected = new Set();
  try {
    accept(await get(`/api/games/${gid}`, { since: 0 }));
  } catch (e) {
    if (lost(e)) return;
    showError(e.status === 404 ? `There is no game ${gid} on this server (it keeps its games in its own file).` : e.message);
    $("g-game").hidden = true;
    return;
  }
  follow();
}

async function newGame(ev) {
  ev.preventDefault();
  showError("");
  busy = true;
  try {
    const body = newGameBody();
    if (state.gseed) body.seed = Number(state.gseed);
    const r = await post("/api/games", body, { wait: DECIDE_WAIT });
    commit({ game: r.id });
    g = null; review = null; selected = new Set();
    focusHand = true;
    accept(r);
  } catch (e) { if (!lost(e)) showError(e.message); } finally { busy = false; }
  if (g) render();
  follow();
  refreshList();
}

// while the opponent thinks: ask again, each time waiting on the server for its decision
async function follow() {
  const gid = g && g.id;
  while (g && g.id === gid && g.thinking) {
    try {
      accept(await get(`/api/games/${gid}`, { since: log.length, wait: POLL_WAIT }));
    } catch (e) {
      if (!lost(e)) { showError(e.message); $("g-retry").hidden = false; }
      return;
    }
  }
  if (g && g.id === gid && g.result) refreshList();
}

async function decide(kind, payload) {
  if (busy || !g) return;
  busy = true;
  showError("");
  clearHint();
  focusHand = true;
  render();
  try {
    const r = await post(`/api/games/${g.id}/${kind}`, { ...payload, decision: g.decision }, { wait: DECIDE_WAIT });
    selected = new Set();
    busy = false;
    accept(r);
  } catch (e) {
    busy = false;
    showError(e.message);
    render();
    if (lost(e)) return;  // the decision is asked again once the server is back (the game as it stands)
    if (e.status === 409) { try { accept(await get(`/api/games/${g.id}`, { since: log.length })); } catch (x) { /* shown */ } }
    return;
  }
  follow();
}

function pick(card) {
  if (!g || busy) return;
  if (g.to_act === "play") { decide("play", { card }); return; }
  if (g.to_act !== "discard") return;
  if (selected.has(card)) selected.delete(card);
  else if (selected.size < g.choices.throw) selected.add(card);
  else { showError(`You throw ${g.choices.throw} card${g.choices.throw === 1 ? "" : "s"}: unpick one first.`); return; }
  showError("");
  renderHand();
}

function renderHand() {
  const v = g.view;
  const mine = !busy && !g.thinking && g.to_act;
  const counting = g.to_act === "count" || g.to_act === "muggins";
  $("g-claim").hidden = !counting;
  $("g-throw").hidden = g.to_act !== "discard";
  $("g-hint-go").hidden = counting;
  $("g-hand-box").hidden = !!g.result;
  if (counting) { renderClaim(mine); return; }
  const legal = new Set(g.choices ? g.choices.cards : []);
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#g-hand");
  const focusCard = focused ? document.activeElement.dataset.card : null;
  const buttons = sorted(v.hand).map((c) => {
    const ok = mine && legal.has(c);
    const b = el("button", { type: "button", class: "g-card " + c.slice(-1), "data-card": c,
      "aria-pressed": g.to_act === "discard" ? String(selected.has(c)) : null, "aria-disabled": ok ? "false" : "true",
      "aria-label": `${cardText(c)}${g.to_act === "discard" ? ": throw it?" : g.to_act === "play" ? (ok ? ": play it" : ": would pass 31") : ""}`,
      title: g.to_act === "play" && !legal.has(c) ? `it would take the count past 31` : null }, cardNode(c));
    b.addEventListener("click", () => { if (b.getAttribute("aria-disabled") === "false") pick(c); });
    return b;
  });
  $("g-hand").replaceChildren(...buttons);
  if (!buttons.length) $("g-hand").append(el("span", { class: "help", text: "(no cards left)" }));
  const ask = !g.to_act ? (g.result ? "The game is over" : "Your hand") : g.to_act === "discard"
    ? `Throw ${g.choices.throw} card${g.choices.throw === 1 ? "" : "s"} to ${cribOwner(g) === "you" ? "your" : name(cribOwner(g)) === "the opponent" ? "the opponent's" : owned(cribOwner(g))} crib` : "Play a card";
  $("g-ask").textContent = ask + (g.to_act === "discard" ? ` (${selected.size} of ${g.choices.throw} picked)` : "");
  const thr = $("g-throw");
  thr.disabled = !(mine && g.to_act === "discard" && selected.size === g.choices.throw);
  $("g-hint-go").disabled = !mine;
  const again = focusCard && $("g-hand").querySelector(`[data-card="${focusCard}"]`);
  if (again) again.focus();
  else if (focusHand && mine) {
    const first = $("g-hand").querySelector('[aria-disabled="false"]');
    if (first) { first.focus(); focusHand = false; }
  } else if (focused) $("g-status").focus();
}

// muggins: the show to count (your hand, or your crib) with the starter, and the number field
function renderClaim(mine) {
  const q = g.choices;
  const what = g.to_act === "muggins" ? `${owned(seatWho(g, q.whose) || "opponent")} ${q.what}: claimed ${q.claimed}; call what was missed`
    : q.whose === "crib" ? "your crib" : "your hand";
  $("g-ask").textContent = `Count ${what} (with the starter)`;
  $("g-points-label").textContent = g.to_act === "muggins" ? "Points missed" : "Your count";
  $("g-hand").replaceChildren(el("span", { class: "g-count-cards" }, cardsNode(q.cards), " and the starter ", cardNode(q.starter)));
  $("g-points").disabled = !mine;
  $("g-claim-go").disabled = !mine;
  if (mine && $("g-claim").dataset.decision !== String(g.decision)) {
    $("g-claim").dataset.decision = String(g.decision);
    $("g-points").value = "";
    $("g-points").focus();
    focusHand = false;
  }
}

function claim(ev) {
  ev.preventDefault();
  if (!g || busy || (g.to_act !== "count" && g.to_act !== "muggins")) return;
  const raw = $("g-points").value.trim();
  const n = Number(raw);
  if (!/^\d{1,2}$/.test(raw) || n > 29) { showError("A count is a whole number of points from 0 to 29."); $("g-points").focus(); return; }
  decide(g.to_act, { points: n });
}

function lastMover() {
  for (let i = log.length - 1; i >= 0; i--) if (log[i] && log[i].points && log[i].side) return log[i].side;
  return null;
}

function render() {
  if (!g) return;
  $("g-game").hidden = false;
  const v = g.view;
  const events = log.filter(Boolean);
  scoreTrack($("g-board"), g, events, lastMover());
  $("g-board").dataset.decision = String(g.decision);
  const dealer = cribOwner(g);
  const role = dealer === "you" ? "you deal (your crib)" : dealer === "opponent" ? "the opponent deals (their crib)"
    : `${name(dealer)} deals (${dealer === "partner" ? "your side's crib" : `${owned(dealer)} crib`})`;
  const turn = g.table.find((t) => t.who === g.turn);
  const thinker = g.table.length === 2 || !turn ? `The opponent (${g.opponent})` : `${Name(turn.who)} (${turn.player})`;
  $("g-status").textContent = g.result ? gameOverWords(g.result)
    : g.problem ? `${g.problem}. It is asked again in a few seconds.`
      : g.thinking ? `${thinker} is thinking…`
        : `Deal ${v.deal + 1} of your ${g.variant} game ${g.table.length === 2 ? `against ${g.opponent}` : `(${g.opponent})`}: ${role}. ` +
          (g.to_act === "discard" ? "Your throw." : g.to_act === "count" ? `Your count: ${g.choices.whose === "crib" ? "your crib" : "your hand"}.`
            : g.to_act === "muggins" ? "Your call: the opponent undercounted." : `Your card (the count is ${v.count}).`) +
          (g.muggins ? " Muggins: you count your own shows." : "");
  $("g-game").setAttribute("aria-busy", g.thinking ? "true" : "false");
  Object.assign($("g-game").dataset, { toAct: g.to_act || "", deal: String(v.deal),
    throw: g.to_act === "discard" ? String(g.choices.throw) : "" });
  $("g-retry").hidden = !g.problem && !retry.timer;
  $("g-starter").replaceChildren(v.starter ? cardNode(v.starter) : el("span", { class: "help", text: "cut after the throws" }));
  $("g-count").textContent = String(v.count);
  $("g-sequence").replaceChildren(cardsNode(v.sequence));
  renderPlayed($("g-played"), g);
  renderHand();
  const here = events.filter((e) => e.deal === v.deal && eventWords(e) && e.kind !== "show");
  $("g-log").replaceChildren(...here.map((e) => el("li", { class: `g-event ${e.kind} ${e.by || ""}`, "data-kind": e.kind },
    wordsNode(eventWords(e)))));
  $("g-counted").replaceChildren(...lastCounted(events));
  renderLast(events);
  renderEnd();
}

// the last deal over: its shows (the pone's hand, the dealer's, the crib) and its review
function renderLast(events) {
  const deal = g.result ? g.view.deal : g.view.deal - 1;
  const shows = events.filter((e) => e.kind === "show" && e.deal === deal);
  $("g-last").hidden = deal < 0;
  if (deal < 0) return;
  $("g-last-title").textContent = `Deal ${deal + 1}: the shows`;
  $("g-shows").replaceChildren(...(shows.length ? shows.map(showNode)
    : [el("p", { class: "help", text: "No show: the game ended in the play." })]));
  $("g-review-title").textContent = `Deal ${deal + 1}: your decisions reviewed`;
  if (fresh()) {
    $("g-deal-review").replaceChildren(dealReviewNode(review, deal));
  } else {
    $("g-deal-review").replaceChildren(el("p", { class: "help", text: "Reviewing your decisions (the engine ranks each one)…" }));
  }
  if (!fresh() || review.pending) loadReview();
}

// the review covers every deal over (the server reviews the deals that are over)
const dealsOver = () => g.view.deal + (g.result ? 1 : 0);
const fresh = () => !!review && review.id === g.id && review.deals_over === dealsOver();

async function loadReview() {
  if (reviewing || !g) return;
  reviewing = true;
  const gid = g.id;
  try {
    while (g && g.id === gid) {
      const r = await get(`/api/games/${gid}/review`, { wait: POLL_WAIT });
      if (!g || g.id !== gid) break;
      review = r;
      renderLast(log.filter(Boolean));
      renderEnd();
      if (r.complete && fresh()) break;
    }
  } catch (e) {
    if (!lost(e)) showError(e.message);
  } finally { reviewing = false; }
}

function renderEnd() {
  $("g-end").hidden = !g.result;
  if (!g.result) return;
  const said = scoresWords(g.result.scores);
  $("g-result").textContent = `${gameOverWords(g.result)} ${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
  $("g-record").href = `/api/games/${g.id}/record`;
  $("g-record").setAttribute("download", `crib-stats-game-${g.id}.json`);
  $("g-counting").replaceChildren(...(g.counting ? [countingNode(g.counting)] : []));
  $("g-game-review").replaceChildren(fresh() ? gameReviewNode(review)
    : el("p", { class: "help", text: "Reviewing the game…" }));
}

async function hint() {
  if (!g || busy) return;
  const gid = g.id, at = g.decision;
  await askHint(gid, at, () => !!g && g.id === gid && g.decision === at, lost);
}

export function init() {
  build();
  $("g-new").addEventListener("submit", newGame);
  $("g-throw").addEventListener("click", () => {
    if (g && g.to_act === "discard" && selected.size === g.choices.throw) decide("discard", { cards: [...selected] });
  });
  $("g-hint-go").addEventListener("click", hint);
  $("g-claim").addEventListener("submit", claim);
  $("g-variant").addEventListener("change", fillForVariant);
  fillForVariant();
  watchHint();
  $("g-retry").addEventListener("click", reconnect);
}

export function restore() {
  if (state.game && (!g || g.id !== state.game)) open(state.game);
  if (!state.game) { g = null; log = []; $("g-game").hidden = true; }
  if (state.tab === id) refreshList();
}

export function shownNow() { refreshList(); }
