// A Discard row opened: the kept hand's points for each of the unseen starters, charted (SVG) and
// listed with E[crib] and net for that starter: the analysis rerun with the starter fixed.
import { el, svg, fixed } from "./dom.js";
import { ALL, cardSpan, fromServer } from "./cards.js";
import { api, pool } from "./api.js";

// the per-starter breakdown: the analysis rerun with each unseen starter fixed (46 quick requests),
// kept per query so that every row opens at once after the first
const starterCache = new Map();

function perStarter(r, base) {
  const key = JSON.stringify(base);
  if (!starterCache.has(key)) {
    const dealt = new Set(r.dealt.map(fromServer));
    const starters = ALL.filter((c) => !dealt.has(c));
    const p = pool(starters, 6, async (s) => ({ s, r: await api("/api/discard", { ...base, starter: s }) }));
    p.catch(() => starterCache.delete(key));
    starterCache.set(key, p);
  }
  return starterCache.get(key);
}

// the row of throw `t` of the answer `result`, opened into `detailCell`; `base`: the query of
// `result` without its starter
export async function fillDetail(detailCell, t, result, base) {
  const throwKey = t.throw.join(" ");
  let runs;
  try { runs = await perStarter(result, base); } catch (e) { detailCell.replaceChildren(el("p", { class: "error", text: e.message })); return; }
  if (!detailCell.isConnected) return;
  const rows = runs.map(({ r }) => ({ starter: r.starter, t: r.throws.find((x) => x.throw.join(" ") === throwKey) }));
  const hands = rows.map((x) => x.t.hand_ev);
  const grid = el("div", { class: "detail-grid" });
  grid.append(chart(t, hands, result));
  const wrap = el("div", { class: "starters-wrap" });
  const table = el("table", { class: "starters" });
  const needCol = result.need !== null;
  table.append(el("caption", { text: `Each of the ${rows.length} starters` }),
    el("thead", {}, el("tr", {}, el("th", { text: "starter" }), el("th", { class: "num", text: "hand" }),
      el("th", { class: "num", text: "E[crib]" }), ...(result.pegging ? [el("th", { class: "num", text: "E[peg]" })] : []),
      el("th", { class: "num", text: "net" }), ...(needCol ? [el("th", { class: "num", text: `P(≥${result.need})` })] : []))));
  const tb = el("tbody");
  for (const x of [...rows].sort((a, b) => b.t.net_ev - a.t.net_ev || b.t.hand_ev - a.t.hand_ev)) {
    const tr = el("tr", {}, el("td", {}, cardSpan(x.starter)), el("td", { class: "num", text: String(x.t.hand_ev) }),
      el("td", { class: "num", text: fixed(x.t.crib_ev, 3), title: `exactly ${x.t.crib_ev_exact}` }),
      ...(result.pegging ? [el("td", { class: "num", text: fixed(x.t.peg_ev, 3) })] : []),
      el("td", { class: "num", text: fixed(x.t.net_ev, 3) }),
      ...(needCol ? [el("td", { class: "num", text: fixed(x.t.p_need, 4) })] : []));
    tb.append(tr);
  }
  table.append(tb);
  wrap.append(table);
  grid.append(wrap);
  detailCell.replaceChildren(grid);
}

// the hand's points over the starters (exact: one count per starter), with the net's spread below
function chart(t, hands, r) {
  const W = 420, H = 230, left = 34, right = 10, top = 28, plotH = 120;
  const maxPts = Math.max(...hands, 1);
  const counts = new Array(maxPts + 1).fill(0);
  for (const h of hands) counts[h] += 1;
  const maxCount = Math.max(...counts);
  const bw = (W - left - right) / (maxPts + 1);
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", class: "dist",
    "aria-label": `hand points over the ${hands.length} starters for keeping ${t.keep.join(" ")}` });
  s.append(svg("title", {}, `keep ${t.keep.join(" ")}: hand points over the ${hands.length} starters`));
  s.append(svg("text", { x: left, y: 16, "font-size": 12, "font-weight": 700 },
    `keep ${t.keep.join(" ")}: hand points, ${hands.length} starters`));
  const base = top + plotH;
  s.append(svg("line", { x1: left, y1: base, x2: W - right, y2: base, stroke: "#777" }));
  for (let c = 0; c <= maxCount; c += Math.max(1, Math.ceil(maxCount / 4))) {
    const y = base - (c / maxCount) * plotH;
    s.append(svg("text", { x: left - 4, y: y + 4, "font-size": 10, "text-anchor": "end", fill: "#555" }, String(c)));
    s.append(svg("line", { x1: left, y1: y, x2: W - right, y2: y, stroke: "#e3e0d6" }));
  }
  counts.forEach((n, p) => {
    const x = left + p * bw;
    if (n) {
      const h = (n / maxCount) * plotH;
      const bar = svg("rect", { x: x + 1, y: base - h, width: Math.max(1, bw - 2), height: h, fill: "#2f6d4f", class: "bar" });
      bar.append(svg("title", {}, `${p} points: ${n} of ${hands.length} starters`));
      s.append(bar);
    }
    if (maxPts <= 16 || p % 2 === 0) {
      s.append(svg("text", { x: x + bw / 2, y: base + 12, "font-size": 10, "text-anchor": "middle", fill: "#555" }, String(p)));
    }
  });
  const mx = left + (t.hand_ev + 0.5) * bw;
  s.append(svg("line", { x1: mx, y1: top - 4, x2: mx, y2: base, stroke: "#c0182b", "stroke-dasharray": "4 3" }));
  s.append(svg("text", { x: mx + 3, y: top + 6, "font-size": 10, fill: "#c0182b" }, `E ${t.hand_ev.toFixed(3)}`));
  // the net's spread over every outcome (the show): min..max, mean ± sd
  const y2 = base + 40;
  s.append(svg("text", { x: left, y: y2 - 8, "font-size": 11 }, t.min === null
    ? `net ${t.net_ev.toFixed(3)} (a table crib model: no spread)`
    : `show net over ${r.outcomes_per_throw.toLocaleString("en")} outcomes: ${t.min}..${t.max}, mean ${(t.net_ev - (t.peg_ev || 0)).toFixed(2)} ± ${t.sd.toFixed(2)}`));
  if (t.min !== null) {
    const lo = Math.min(t.min, 0), hi = Math.max(t.max, 1);
    const sx = (v) => left + ((v - lo) / (hi - lo)) * (W - left - right);
    const mean = t.net_ev - (t.peg_ev || 0);
    s.append(svg("line", { x1: sx(t.min), y1: y2 + 8, x2: sx(t.max), y2: y2 + 8, stroke: "#777", "stroke-width": 2 }));
    s.append(svg("rect", { x: sx(Math.max(t.min, mean - t.sd)), y: y2 + 2, height: 12, fill: "#1f5f8b", opacity: 0.35,
      width: Math.max(1, sx(Math.min(t.max, mean + t.sd)) - sx(Math.max(t.min, mean - t.sd))) }));
    s.append(svg("line", { x1: sx(mean), y1: y2, x2: sx(mean), y2: y2 + 16, stroke: "#1f5f8b", "stroke-width": 2 }));
    for (const v of [t.min, t.max]) {
      s.append(svg("text", { x: sx(v), y: y2 + 28, "font-size": 10, "text-anchor": "middle", fill: "#555" }, String(v)));
    }
  }
  return s;
}

