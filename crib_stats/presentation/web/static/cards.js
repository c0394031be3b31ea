// Cards: codes "5h", "10h", "jd" in the page and its URLs; the server writes "5♥", "10♥", "J♦".
import { el } from "./dom.js";

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUITS = [["c", "♣", "clubs"], ["d", "♦", "diamonds"], ["h", "♥", "hearts"], ["s", "♠", "spades"]];
const GLYPH_SUIT = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s" };
export const DEALT = { "six-card": 6, "five-card": 5, "three-player": 5, "four-player": 5 };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };

export const code = (rank, suit) => rank.toLowerCase() + suit;
export const ALL = SUITS.flatMap(([s]) => RANKS.map((r) => code(r, s)));

// a card of the page ("10h") as the server writes it ("10♥")
export const toServer = (c) => c.slice(0, -1).toUpperCase() + SUITS.find(([s]) => s === c.slice(-1))[1];

export function fromServer(text) { // "10♥" -> "10h"; bare ranks (the play) have no suit
  const glyph = text.slice(-1);
  return GLYPH_SUIT[glyph] ? text.slice(0, -1).toLowerCase() + GLYPH_SUIT[glyph] : text.toLowerCase();
}

// A loose reading like the command line's, for the picker only: the server parses for real (and
// words the error). Returns null when the text is not a plain list of cards.
export function parseLoose(text) {
  const cleaned = text.replace(/\ufe0f/g, "").replace(/[,;]/g, " ").trim();
  if (!cleaned) return [];
  const re = /\s*(10|[a2-9tjqk])\s*([cdhs♣♦♥♠♧♢♡♤])\s*/giy;
  const out = [];
  let m;
  while ((m = re.exec(cleaned)) !== null) {
    let r = m[1].toUpperCase();
    if (r === "T") r = "10";
    const s = GLYPH_SUIT[m[2]] || m[2].toLowerCase();
    out.push(code(r, s));
    if (re.lastIndex >= cleaned.length) return out;
  }
  return null;
}

export function cardSpan(text) { // a server card ("5♥") with its suit's colour
  const s = GLYPH_SUIT[text.slice(-1)];
  return el("span", { class: s ? s + "l" : null, text });
}

export function cardList(cards) {
  const span = el("span", { class: "cards" });
  cards.forEach((c, i) => { if (i) span.append(" "); span.append(cardSpan(c)); });
  return span;
}

// The deck as a grid of 52 toggle buttons in `container`: one tab stop, arrow keys move, Home and
// End go to a suit's ends, Space or Enter presses. `onPick(code)` is called on a press.
export function buildPicker(container, onPick) {
  SUITS.forEach(([s, glyph, name], row) => {
    const tr = el("div", { role: "row", class: "picker-row" });
    tr.style.display = "contents";
    RANKS.forEach((r, col) => {
      const name1 = RANK_NAMES[r] || r;
      const b = el("button", {
        type: "button", class: "card " + s, "data-card": code(r, s), "aria-pressed": "false",
        "aria-label": `${name1} of ${name}`, tabindex: row === 0 && col === 0 ? "0" : "-1", role: "gridcell",
      }, el("span", { class: "r", text: r }), el("span", { class: "g", text: glyph, "aria-hidden": "true" }),
      el("span", { class: "l", text: s, "aria-hidden": "true" }));
      b.addEventListener("click", () => onPick(code(r, s)));
      tr.append(b);
    });
    container.append(tr);
  });
  container.addEventListener("keydown", (ev) => {
    const buttons = [...container.querySelectorAll(".card")];
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 13, ArrowUp: -13 };
    let j = null;
    if (ev.key in moves) j = i + moves[ev.key];
    else if (ev.key === "Home") j = i - (i % 13);
    else if (ev.key === "End") j = i - (i % 13) + 12;
    if (j === null) return;
    ev.preventDefault();
    j = (j + 52) % 52;
    buttons[i].tabIndex = -1;
    buttons[j].tabIndex = 0;
    buttons[j].focus();
  });
}

// mark the picker's cards: `pressed` a Set of codes
export function showPressed(container, pressed) {
  for (const b of container.querySelectorAll(".card")) {
    b.setAttribute("aria-pressed", pressed.has(b.dataset.card) ? "true" : "false");
  }
}

// n random cards of the pack, none of `except`
export function randomCards(n, except = []) {
  const deck = ALL.filter((c) => !except.includes(c));
  const rnd = new Uint32Array(n);
  crypto.getRandomValues(rnd);
  const hand = [];
  for (let i = 0; i < n; i++) hand.push(deck.splice(rnd[i] % deck.length, 1)[0]);
  return hand;
}
