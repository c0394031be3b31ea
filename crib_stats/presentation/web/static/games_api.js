// The games' API client: GET through api.js (a busy server's 429 asked again after its
// Retry-After), and POST with a JSON body (a decision: never computed in the heavy pool, so never
// 429). The answer's object, or an Error carrying the server's one-line message and the HTTP
// status (0: no answer).
import { api } from "./api.js";

export const get = (path, query, options = {}) => api(path, query || {}, options);

export async function post(path, body, query) {
  const q = new URLSearchParams(query || {});
  let response;
  try {
    response = await fetch(path + (q.toString() ? `?${q}` : ""), {
      method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(body) });
  } catch (e) {
    throw Object.assign(new Error("the server does not answer (is crib-stats serve still running?)"), { status: 0 });
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw Object.assign(new Error(data && data.error ? data.error : `HTTP ${response.status}`), { status: response.status });
  }
  return data;
}
