// The page's DOM helpers: find, build elements and SVG, format numbers.

export const $ = (id) => document.getElementById(id);

export const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v; else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) e.append(kid);
  return e;
};

const SVG = "http://www.w3.org/2000/svg";
export const svg = (tag, attrs = {}, text) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

// a figure with d decimals ("–" when there is none)
export const fixed = (x, d) => (x === null || x === undefined ? "–" : Number(x).toFixed(d));
