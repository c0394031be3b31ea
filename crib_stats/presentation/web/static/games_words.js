// The games' words: every seat and side said from the player's seat, as the server tells them
// (a view's table: you, the opponent; with three players left and right; with four left, your
// partner, right, and the sides us and them), and the events said in words (go, 31, last card,
// his heels, each show, muggins, the end). Cards come from the server in the record's ASCII.
import { toServer } from "./cards.js";

export const cardText = (c) => toServer(c);

const NAME = { you: "You", opponent: "The opponent", left: "Left", right: "Right", partner: "Your partner",
  us: "Your side", them: "Their side" };
const POSSESSIVE = { you: "your", opponent: "the opponent's", left: "left's", right: "right's", partner: "your partner's",
  us: "your side's", them: "their side's" };
const OWNED = { you: "yours", opponent: "the opponent's", left: "left's", right: "right's", partner: "your partner's",
  us: "your side's", them: "their side's" };

// a seat or side as the start of a sentence ("Left"), inside one ("left"), its possessive
// ("left's", "your"), what it owns ("yours")
export const Name = (w) => NAME[w] || String(w);
export const name = (w) => (w === "left" || w === "right" ? w : Name(w).replace(/^(The|Your|Their|You)\b/, (m) => m.toLowerCase()));
export const possessive = (w) => POSSESSIVE[w] || `${w}'s`;
export const owned = (w) => OWNED[w] || `${w}'s`;
// the verb agrees with who: "you play", "left plays"
export const verb = (w, v) => (w === "you" || w === "us" || w === "them" ? v : `${v}s`);
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// one event in words (a string), or null for those the page does not say
export function eventWords(e) {
  const by = e.by;
  switch (e.kind) {
    case "deal": return `Deal ${e.deal + 1}: ${name(by)} ${verb(by, "deal")} (the crib is ${by === "opponent" ? "theirs" : owned(by)}).`;
    case "first_deal_last": return `${Name(by)} ${verb(by, "peg")} 3 for last (the pone's start in the five-card game).`;
    case "discard": return `${Name(by)} threw to the crib.`;
    case "starter": return `The starter is ${cardText(e.card)}.`;
    case "heels": return `His heels: ${name(by)} ${verb(by, "peg")} 2 (the starter is a jack).`;
    case "card": return `${Name(by)} ${verb(by, "play")} ${cardText(e.card)}, count ${e.count}` + (e.points ? `: ${e.why}.` : ".");
    case "go-said": return `${Name(by)} cannot play: go (count ${e.count}).`;
    case "go": return `${Name(by)} ${verb(by, "peg")} 1 for the go.`;
    case "last": return `${Name(by)} ${verb(by, "peg")} 1 for the last card.`;
    case "show": return `${showTitle(e)}: ${e.points}` + (e.claimed !== undefined && e.claimed !== null
      ? ` (claimed ${e.claimed}, the count ${e.breakdown.total}).` : ".");
    case "muggins": return `Muggins: ${name(by)} ${verb(by, "peg")} ${e.points} missed in ${possessive(e.owner)} count.`;
    case "game_over": return gameOverWords(e.result);
    default: return null;
  }
}

// whose show: the pone's or the dealer's hand with two players, a seat's hand with more, the crib
export function showTitle(e) {
  if (e.whose === "crib") return `The crib (${owned(e.by)})`;
  if (e.whose === "pone" || e.whose === "dealer") return `${e.whose === "pone" ? "The pone's" : "The dealer's"} hand (${owned(e.by)})`;
  return `${capital(possessive(e.by))} hand`;
}

// the end: who won (a side), with a skunk or a forfeit, and the game points (none with three players)
export function gameOverWords(result) {
  const w = result.winner;
  const skunked = (result.skunked || []).filter((s) => s !== w);
  const extra = result.forfeit ? ` (a forfeit: ${result.forfeit})` : result.double_skunk ? ` with a double skunk`
    : result.skunk ? " with a skunk" : "";
  const who = skunked.length && !result.forfeit && Object.keys(result.scores || {}).length > 2
    ? ` (${skunked.map(name).join(" and ")} skunked)` : "";
  const points = result.game_points === null || result.game_points === undefined ? "" : `: ${result.game_points} game points`;
  return `${w === "you" ? "You win" : w === "us" ? "Your side wins" : `${Name(w)} wins`}${extra}${who}${points}.`;
}

// the scores said from the player's side: "you 121, left 98, right 87"
export function scoresWords(scores) {
  return Object.entries(scores).map(([w, n]) => `${name(w)} ${n}`).join(", ");
}

// a combination of a show said with its cards: "fifteen 2 with 7♥ 8♣"
export const itemWords = (it) => `${it.say} with ${it.cards.map(cardText).join(" ")}`;

// a seat's word (you, opponent, left, right, partner) from its name in game g's view; two players'
// views are told from your side already ("you", "opponent")
export function seatWho(g, seat) {
  if (seat === "you" || seat === "opponent") return seat;
  const t = g.table.find((x) => x.seat === seat);
  return t ? t.who : null;
}

// who deals game g's deal now, by word
export function cribOwner(g) {
  const v = g.view;
  if (g.table.length === 2) return v.dealer ? "you" : "opponent";
  return seatWho(g, v.dealer);
}
