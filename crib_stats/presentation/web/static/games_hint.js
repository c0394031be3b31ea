// The hint's box of the "Play a game" panel: the engine's ranking of the decision asked
// (GET /api/games/{id}/hint), drawn by games_tables.js, brought into view (on a phone it is below
// the hand, under the fold) with as little scrolling as shows it, at once for a reduced-motion
// reader, and again while it settles (a wide table's "scroll sideways" line comes a frame later).
import { $, el } from "./dom.js";
import { get } from "./games_api.js";
import { hintNode } from "./games_tables.js";

let drawn = -Infinity;

function show(...nodes) {
  $("g-hint").replaceChildren(...nodes);
  drawn = performance.now();
  inView();
}

function inView() {
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  $("g-hint").scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" });
}

// the hint is for its decision only: cleared once a decision is sent
export function clearHint() {
  drawn = -Infinity;
  $("g-hint").replaceChildren();
}

// keep the box in view while it settles
export function watchHint() {
  new ResizeObserver(() => { if (performance.now() - drawn < 1500) inView(); }).observe($("g-hint"));
}

// ask the hint of game gid's decision at; drawn only if still(): the same decision is asked;
// lost(e) says whether the server did not answer (then it is asked again by the panel)
export async function askHint(gid, at, still, lost) {
  show(el("p", { class: "help", text: "The engine is ranking your choices…" }));
  $("g-hint").setAttribute("aria-busy", "true");
  try {
    const h = await get(`/api/games/${gid}/hint`, undefined, {
      onWait: (s) => { show(el("p", { class: "help", text: `The server is busy: asking again in ${s} s…` })); } });
    if (still() && h.id === gid && h.decision === at) show(hintNode(h));
  } catch (e) {
    show(el("p", { class: "error", text: "No hint: " + e.message }));
    lost(e);
  } finally { $("g-hint").removeAttribute("aria-busy"); }
}
