// Helpers shared by the pages: text only through textContent (names are never parsed as HTML).
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}
// The server's links are absolute on the address others reach (its public URL); this browser opens
// them on the address it is using now (a host at home may use "localhost" for the club's server).
export function here(link) { const u = new URL(link, location.href); return u.pathname + u.search + u.hash; }
// True when a link opens only on the computer running the server (it was started for this computer alone).
export function onlyHere(link) { return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(link, location.href).hostname); }
export function remember(entry) {
  entry = { ...entry, link: here(entry.link) };
  const all = JSON.parse(localStorage.getItem("canasta.tables") || "[]").filter(x => x.link !== entry.link);
  all.unshift({ ...entry, at: new Date().toISOString() });
  localStorage.setItem("canasta.tables", JSON.stringify(all.slice(0, 30)));
}
export function myTables() { return JSON.parse(localStorage.getItem("canasta.tables") || "[]"); }
// The display settings chosen at the table (larger cards, four colours, high contrast) on every page.
const prefs = JSON.parse(localStorage.getItem("canasta.prefs") || "{}");
for (const k of ["large", "four", "contrast"]) document.documentElement.classList.toggle(k, !!prefs[k]);
// A page opened from a secret link: the id in its path (after the page's name) and the token after
// "#t=" (never sent to the server in the URL), with the headers that carry it.
export function secretLink() {
  const id = location.pathname.split("/")[2];
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  return { id, token, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } };
}
// GET (no body) or POST JSON with those headers; a refusal becomes an Error with the server's sentence.
export async function api(path, headers, body) {
  const r = await fetch(path, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) throw Object.assign(new Error(j.error.message), { code: j.error.code, data: j.error.data });
  return j;
}
// House rules typed one per line as option=value: JSON values where they parse (2, true, [4,14]),
// else the text; the engine checks them.
export function houseRules(text) {
  const overrides = {};
  for (const line of text.split("\n")) {
    const m = line.match(/^\s*(\w+)\s*=\s*(.+?)\s*$/); if (!m) continue;
    try { overrides[m[1]] = JSON.parse(m[2]); } catch { overrides[m[1]] = m[2]; }
  }
  return overrides;
}
// Seconds as m:ss (rounded up, never below 0), for the round clock.
export function mmss(s) { s = Math.max(0, Math.ceil(s)); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }
