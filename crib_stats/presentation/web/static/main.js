// crib-stats serve: the page. ES modules, no build step, no request to any other host. Every
// figure comes from /api/... (the objects `crib-stats ... --json` prints); the page only arranges
// them. The state lives in the URL (state.js).
//
// A panel is a module exporting id, label, defaults (its URL keys) and checks (what a shared
// link's values may be), init() (wire its controls, once), restore() (show the state: on load,
// on Back/Forward) and, if it draws only when seen, shownNow() (its tab was chosen); with a
// <section id="panel-ID" role="tabpanel" hidden> in index.html. Adding one: the module, its
// section, and a line in PANELS.
import { $, el } from "./dom.js";
import { addDefaults, commit, notices, readURL, state } from "./state.js";
import * as discard from "./panel_discard.js";
import * as play from "./panel_play.js";
import * as board from "./panel_board.js";
import * as score from "./panel_score.js";
import * as games from "./panel_games.js";
import * as drill from "./panel_drill.js";

const PANELS = [discard, play, board, score, games, drill];

function showTab(tab, focus = false) {
  for (const p of PANELS) {
    const on = p.id === tab;
    $(`tab-${p.id}`).setAttribute("aria-selected", on ? "true" : "false");
    $(`tab-${p.id}`).tabIndex = on ? 0 : -1;
    $(`panel-${p.id}`).hidden = !on;
  }
  if (focus) $(`tab-${tab}`).focus();
}

function choose(id, focus = false) {
  commit({ tab: id });
  showTab(id, focus);
  const p = PANELS.find((x) => x.id === id);
  if (p.shownNow) p.shownNow();
}

function buildTabs() {
  const tabs = $("tabs");
  PANELS.forEach((p, i) => {
    const b = el("button", { role: "tab", id: `tab-${p.id}`, "aria-controls": `panel-${p.id}`,
      "aria-selected": i === 0 ? "true" : "false", tabindex: i === 0 ? null : "-1", text: p.label });
    b.addEventListener("click", () => choose(p.id));
    b.addEventListener("keydown", (ev) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[ev.key];
      if (step) choose(PANELS[(i + step + PANELS.length) % PANELS.length].id, true);
      else if (ev.key === "Home") choose(PANELS[0].id, true);
      else if (ev.key === "End") choose(PANELS[PANELS.length - 1].id, true);
    });
    tabs.append(b);
  });
}

// what the page could not use from a shared link, or dropped because it cannot go with the rest
function showNotices() {
  const lines = notices().map(([key, value, why]) => (why
    ? `${key} ${JSON.stringify(value)} is not used: ${why}.`
    : `This link's ${key}=${JSON.stringify(value)} is not a value this page knows: the default is used instead.`));
  $("notice").replaceChildren(...lines.flatMap((t, i) => (i ? [el("br"), t] : [t])));
}

function restore() {
  readURL();
  if (!PANELS.some((p) => p.id === state.tab)) state.tab = PANELS[0].id;
  showTab(state.tab);
  $("show-exact").checked = state.exact === "1";
  document.body.classList.toggle("show-exact", state.exact === "1");
  for (const p of PANELS) p.restore();
  showNotices();
}

function init() {
  addDefaults({ tab: PANELS[0].id, exact: "" }, { exact: ["1"], tab: PANELS.map((p) => p.id) });
  for (const p of PANELS) addDefaults(p.defaults, p.checks || {});
  buildTabs();
  for (const p of PANELS) p.init();
  $("show-exact").addEventListener("change", () => {
    commit({ exact: $("show-exact").checked ? "1" : "" }, { push: false });
    document.body.classList.toggle("show-exact", state.exact === "1");
  });
  document.body.addEventListener("notices", showNotices);
  window.addEventListener("popstate", restore);
  restore();
}

init();
