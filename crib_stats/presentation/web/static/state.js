// The page's state lives in the URL: a link reproduces the view, Back and Forward step through it.
// Each panel declares its keys, their defaults and how to check a value (addDefaults); a key equal
// to its default is left out of the URL. A shared link with a value the page cannot use falls
// back to the default, and the page says so (notices()).

const DEFAULTS = { tab: "" };
const CHECKS = {};
export const state = { ...DEFAULTS };
let fallbacks = [];

// defaults: {key: value}; checks: {key: a list of the allowed values, or a function(value) -> true}
export function addDefaults(defaults, checks = {}) {
  for (const [k, v] of Object.entries(defaults)) {
    if (k in DEFAULTS && k !== "tab") throw new Error(`the URL key ${k} is declared twice`);
    DEFAULTS[k] = v;
  }
  Object.assign(CHECKS, checks);
}

export const defaultOf = (k) => DEFAULTS[k];

function fits(k, v) {
  const check = CHECKS[k];
  if (!check || v === DEFAULTS[k]) return true;
  return Array.isArray(check) ? check.includes(v) : check(v);
}

export function readURL() {
  const q = new URLSearchParams(location.search);
  for (const k of Object.keys(state)) delete state[k];
  Object.assign(state, DEFAULTS);
  fallbacks = [];
  for (const k of Object.keys(DEFAULTS)) {
    if (!q.has(k)) continue;
    const v = q.get(k).slice(0, 200);
    if (fits(k, v)) state[k] = v;
    else fallbacks.push([k, v]);
  }
  return state;
}

// what the last readURL() could not use: [key, value] pairs (their defaults were used instead)
export const notices = () => fallbacks;

// drop a value the page will not use (a panel's rule), keeping what to say about it
export function fallBack(key, why) {
  if (state[key] === DEFAULTS[key]) return;
  fallbacks.push([key, state[key], why]);
  state[key] = DEFAULTS[key];
  history.replaceState(null, "", urlOf(state));
}

function urlOf(s) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v !== DEFAULTS[k]) q.set(k, v);
  const text = q.toString();
  return location.pathname + (text ? "?" + text : "");
}

export function commit(changes, { push = true } = {}) {
  Object.assign(state, changes);
  const url = urlOf(state);
  if (url !== location.pathname + location.search) {
    if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  }
}

// offer `value` in the <select> only `when` it can go with the rest: otherwise the option is
// disabled and a state value of it dropped (saying `why`); the reason, or null
export function offerOption(select, value, key, when, why) {
  select.querySelector(`option[value="${value}"]`).disabled = !when;
  if (when) return null;
  if (state[key] === value) fallBack(key, why);
  return why;
}

// checks shared by the panels
export const wholeIn = (lo, hi) => (v) => /^\d{1,4}$/.test(v) && +v >= lo && +v <= hi;
export const scorePair = (hi) => (v) => {
  const m = /^(\d{1,3}),(\d{1,3})$/.exec(v);
  return !!m && +m[1] <= hi && +m[2] <= hi;
};
export const cardText = (v) => /^[0-9a-z ,♣♦♥♠]*$/i.test(v);
