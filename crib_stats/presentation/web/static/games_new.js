// The "New game" form: the game (six-card, five-card, three players, four in partnership), its
// target, muggins, and the computer players: one opponent with two players; with three the
// players on your left and your right; with four the opponent on your left, your partner and the
// opponent on your right (POST /api/games takes them as "opponents", clockwise from your seat).
import { $, el } from "./dom.js";

const VARIANTS = [["six-card", "six-card"], ["five-card", "five-card"], ["three-player", "three players"],
  ["four-player", "four, partners"]];
const TARGETS = { "six-card": [121, 91, 61], "five-card": [61], "three-player": [121, 61], "four-player": [121] };
// the computer seats a variant has, clockwise from yours, and how the form names them
const SEATS = { 2: [["opponent", "Opponent"]], 3: [["left", "On your left"], ["right", "On your right"]],
  4: [["left", "On your left"], ["partner", "Your partner"], ["right", "On your right"]] };
const PLAYERS = { "six-card": 2, "five-card": 2, "three-player": 3, "four-player": 4 };

let listing = null;

const selectId = (who) => (who === "opponent" ? "g-opponent" : `g-opponent-${who}`);

export function formNode() {
  const variant = el("select", { id: "g-variant" }, ...VARIANTS.map(([v, text]) => el("option", { value: v, text })));
  const seats = ["opponent", "left", "partner", "right"].map((who) => el("span", { class: "g-seat", "data-who": who },
    el("label", { for: selectId(who), text: who === "opponent" ? "Opponent" : "" }), el("select", { id: selectId(who) })));
  return el("form", { id: "g-new", autocomplete: "off", class: "row" },
    el("label", { for: "g-variant", text: "Game" }), variant,
    el("label", { for: "g-target", text: "to" }), el("select", { id: "g-target" }), ...seats,
    el("span", { class: "g-check" }, el("input", { type: "checkbox", id: "g-muggins" }),
      el("label", { for: "g-muggins", text: "Muggins: count your own shows" })),
    el("button", { type: "submit", id: "g-go", text: "New game" }));
}

// the server's list of players and targets, once it has answered
export function fillChoices(answer) {
  listing = answer;
  for (const who of ["opponent", "left", "partner", "right"]) {
    const sel = $(selectId(who));
    if (sel.options.length || !listing) continue;
    // a seat of three or four takes the players of both (the search plays two hands only)
    const by = listing.seat_opponents || {};
    const names = who === "opponent" ? (by["2"] || listing.opponents)
      : (by["3"] || listing.opponents).filter((n) => !by["4"] || by["4"].includes(n));
    for (const n of names) sel.append(el("option", { value: n, text: n }));
    sel.value = listing.default_opponent;
  }
  fillForVariant();
}

// the targets and the computer seats of the game chosen
export function fillForVariant() {
  const variant = $("g-variant").value;
  const sel = $("g-target");
  const targets = (listing && listing.targets && listing.targets[variant]) || TARGETS[variant];
  if (sel.dataset.variant !== variant || sel.options.length !== targets.length) {
    const was = Number(sel.value);
    sel.replaceChildren(...targets.map((t) => el("option", { value: String(t), text: String(t) })));
    if (targets.includes(was)) sel.value = String(was);
    sel.dataset.variant = variant;
  }
  const shown = new Map(SEATS[PLAYERS[variant]]);
  for (const span of document.querySelectorAll("#g-new .g-seat")) {
    const who = span.dataset.who;
    span.hidden = !shown.has(who);
    span.querySelector("label").textContent = shown.get(who) || "";
  }
}

// the request's body for the form as it stands
export function newGameBody() {
  const variant = $("g-variant").value;
  const body = { variant, target: Number($("g-target").value), muggins: $("g-muggins").checked };
  const seats = SEATS[PLAYERS[variant]].map(([who]) => $(selectId(who)).value);
  if (PLAYERS[variant] === 2) body.opponent = seats[0];
  else body.opponents = seats;
  return body;
}
