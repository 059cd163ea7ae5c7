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
export function remember(entry) {
  const all = JSON.parse(localStorage.getItem("canasta.tables") || "[]").filter(x => x.link !== entry.link);
  all.unshift({ ...entry, at: new Date().toISOString() });
  localStorage.setItem("canasta.tables", JSON.stringify(all.slice(0, 30)));
}
export function myTables() { return JSON.parse(localStorage.getItem("canasta.tables") || "[]"); }
// The display settings chosen at the table (larger cards, four colours, high contrast) on every page.
const prefs = JSON.parse(localStorage.getItem("canasta.prefs") || "{}");
for (const k of ["large", "four", "contrast"]) document.documentElement.classList.toggle(k, !!prefs[k]);
