// The API client: GET /api/... with the given parameters (empty ones left out); the answer's
// object, or an Error carrying the server's one-line message (and the HTTP status). A heavy
// answer the server is too busy to start (429) is asked again after its Retry-After, up to three
// times; onWait(seconds) is told, to say so.

export async function api(path, params, { onWait } = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== "" && v !== null && v !== undefined) q.set(k, v);
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(`${path}?${q}`, { headers: { Accept: "application/json" } });
    } catch (e) {
      throw Object.assign(new Error("the server does not answer (is crib-stats serve still running?)"), { status: 0 });
    }
    let body;
    try { body = await response.json(); } catch (e) { body = null; }
    if (response.status === 429 && attempt < 3) {
      const wait = Math.min(30, Number(response.headers.get("Retry-After")) || 5);
      if (onWait) onWait(wait);
      await new Promise((ok) => setTimeout(ok, wait * 1000));
      continue;
    }
    if (!response.ok) {
      throw Object.assign(new Error(body && body.error ? body.error : `HTTP ${response.status}`), { status: response.status });
    }
    return body;
  }
}

// what a panel says while a heavy answer waits for the server
export const waitLine = (seconds) => `The server is busy with other long computations: asking again in ${seconds} s…`;

// work(item) for every item, at most `size` at a time; the answers in the items' order
export async function pool(items, size, work) {
  const out = new Array(items.length);
  let next = 0;
  async function worker() { while (next < items.length) { const i = next++; out[i] = await work(items[i]); } }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}

// a model as the text a person reads: the JSON's `model` is a sentence, or an object with its
// description or what it assumes
export function modelText(m) {
  if (!m) return "";
  if (typeof m === "string") return m;
  if (m.description) return m.description;
  const a = m.assumes;
  if (typeof a === "string") return a;
  if (a && typeof a === "object") return Object.values(a).join("; ");
  return "";
}
