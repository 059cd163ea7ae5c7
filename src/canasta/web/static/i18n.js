// Every player-facing string comes from messages/<lang>.json, so a translation needs no page change.
let M = {};
export async function loadMessages(lang = "en") {
  const r = await fetch(`/static/messages/${lang}.json`);
  M = await r.json();
}
export function t(key, args = {}) {
  let s = M[key] ?? key;
  for (const [k, v] of Object.entries(args)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
export function cardText(c) { return c === "JK" ? "JK" : (c[0] === "T" ? "10" : c[0]) + SUIT[c[1]]; }
export function cardName(c) {
  if (c === "JK") return t("joker");
  return t("card_name", { rank: t("rank_" + c[0]), suit: t("suit_" + c[1]) });
}
export function cardsText(s) { return (s || "").split(/\s+/).filter(Boolean).map(cardText).join(" "); }
// Fill a page's fixed words from the catalogue: data-t for text, data-t-label for an aria-label.
export function applyMessages(root = document) {
  root.querySelectorAll("[data-t]").forEach(n => { n.textContent = t(n.dataset.t); });
  root.querySelectorAll("[data-t-label]").forEach(n => n.setAttribute("aria-label", t(n.dataset.tLabel)));
  if (root === document && document.documentElement.dataset.title) document.title = t(document.documentElement.dataset.title);
}
