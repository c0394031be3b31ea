// Tables of figures: a column is {key, label, num, d (decimals), value(row), text(row), cards(row)};
// a heading is a button that sorts by its column. An exact figure's fraction is the cell's title
// (a pointer's hover) and a second line shown on a tap of the cell or for every cell with "exact
// fractions" on (a touch screen has no hover). A table wider than its box scrolls inside it, and
// says so (watchScroll).
import { el, fixed } from "./dom.js";
import { cardList } from "./cards.js";

export function valueOf(col, row) {
  if (col.value) return col.value(row);
  const v = row[col.key];
  return v === null || v === undefined ? -Infinity : v;
}

// the rows ordered by `sort` (a column key) in `dir` ("asc"/"desc"); ties keep the rows' order
export function sortRows(rows, cols, sort, dir) {
  const out = rows.map((r, i) => [r, i]);
  const col = cols.find((c) => c.key === sort);
  if (col) {
    const sign = dir === "asc" ? 1 : -1;
    out.sort(([a, i], [b, j]) => {
      const x = valueOf(col, a), y = valueOf(col, b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign || i - j;
    });
  }
  return out.map(([r]) => r);
}

// the headings into `tr`: each a button calling onSort(col)
export function fillHead(tr, cols, sort, dir, onSort) {
  tr.replaceChildren();
  for (const col of cols) {
    const sorted = sort === col.key;
    const th = el("th", { scope: "col", class: (col.num ? "num " : "") + col.key,
      "aria-sort": sorted ? (dir === "asc" ? "ascending" : "descending") : "none" });
    if (onSort) {
      const b = el("button", { type: "button", "data-sort": col.key, text: col.label, title: `sort by ${col.label}` });
      b.addEventListener("click", () => onSort(col));
      th.append(b);
    } else th.textContent = col.label;
    tr.append(th);
  }
}

// the next sort after a click on col's heading: numbers biggest first, then the other way
export function nextSort(col, sort, dir) {
  if (sort === col.key) return { sort: col.key, dir: dir === "asc" ? "desc" : "asc" };
  return { sort: col.key, dir: col.num && col.key !== "rank" ? "desc" : "asc" };
}

// one cell of a row
export function cell(col, row) {
  const td = el("td", { class: (col.num ? "num " : "") + col.key });
  if (col.cards) td.append(cardList(col.cards(row)));
  else td.textContent = col.text ? col.text(row) : fixed(row[col.key], col.d);
  const exact = row[col.key + "_exact"];
  if (exact) withExact(td, exact);
  return td;
}

// the cell's exact fraction: its title, and a line of its own that a tap shows
export function withExact(td, exact) {
  td.title = `exactly ${exact}`;
  td.classList.add("has-exact");
  td.append(el("span", { class: "exact", text: exact }));
  td.addEventListener("click", (ev) => { if (!ev.target.closest("button")) td.classList.toggle("show"); });
  return td;
}

// mark `wrap` (a box that scrolls sideways) "scrolls" while its content is wider than it, and
// "at-end" once scrolled to its right edge: the style sheet shows the cue
export function watchScroll(wrap) {
  const update = () => {
    wrap.classList.toggle("scrolls", wrap.scrollWidth > wrap.clientWidth + 1);
    wrap.classList.toggle("at-end", wrap.scrollLeft + wrap.clientWidth >= wrap.scrollWidth - 1);
  };
  wrap.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(wrap);
  if (wrap.firstElementChild) new ResizeObserver(update).observe(wrap.firstElementChild);
  new MutationObserver(update).observe(wrap, { childList: true, subtree: true });
  update();
}
