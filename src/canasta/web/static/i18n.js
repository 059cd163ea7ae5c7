// Every word a page shows comes from the catalogue of the reader's language: the server compiles it
// from the same gettext catalogue (canasta/i18n/<lang>.po) the terminal and the server's sentences
// use, so a translation needs no page change. Templates are canasta.messages templates: {cards},
// {card:name}, {rank}, {n} are typed by their key's name; a message with a count has the plural
// forms of the language (CLDR categories, chosen with Intl.PluralRules); numbers are grouped as
// the language writes them (15.000 in Spanish).
let M = {}, LANG = "en", LANGS = [], PLURAL = new Intl.PluralRules("en"), NUM = { group: ",", min_digits: 4, decimal: "." };
const STORE = "canasta.lang", COOKIE = "canasta_lang";

// The language chosen on this browser, else "" (the server follows Accept-Language): the page's
// "?lang=", else the cookie, else what this browser stored. The cookie comes first: the server sets
// it with a page opened with "?lang=" (server/language.py), so a page opened at once after that one,
// before its script could store anything, is in the language chosen there (issue 37).
export function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  return asked || cookieLanguage() || localStorage.getItem(STORE) || "";
}
function cookieLanguage() {
  const m = document.cookie.match(/(?:^|;\s*)canasta_lang=([^;]*)/);
  try { return m ? decodeURIComponent(m[1]) : ""; } catch { return ""; }
}
export function language() { return LANG; }
// Kept in both places, at once: the cookie for the server (its refusals, hints, names in this
// language) and for the next page; the browser's storage where cookies are refused.
export function chooseLanguage(tag) {
  localStorage.setItem(STORE, tag);
  document.cookie = `${COOKIE}=${encodeURIComponent(tag)}; path=/; max-age=31536000; samesite=lax`;
}
export async function loadMessages() {
  const want = chosenLanguage();
  const r = await fetch(`/api/messages/${encodeURIComponent(want || "auto")}`);
  const j = await r.json();
  M = j.messages; LANG = j.lang; LANGS = j.languages || [];
  PLURAL = new Intl.PluralRules(j.plural_locale); NUM = j.number;
  // a choice is kept as the server understood it ("es-UY" is "es"), the same in both places
  if (want && (j.lang !== localStorage.getItem(STORE) || j.lang !== cookieLanguage())) chooseLanguage(j.lang);
  document.documentElement.lang = j.lang;
}

// A number as the language writes it: "15.000" and "5.587,5" in Spanish, "15,000" and "5,587.5" in
// English (CLDR's symbols, from Babel; a language that groups from five digits writes "1500").
export function num(n) {
  if (typeof n !== "number" || !Number.isFinite(n)) return String(n);
  const [whole, frac] = String(Math.abs(n)).split(".");
  const grouped = whole.length < NUM.min_digits || !NUM.group ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, NUM.group);
  return (n < 0 ? "-" : "") + grouped + (frac ? (NUM.decimal || ".") + frac : "");
}

// A day (an ISO date, "2026-11-28") as the reader's language writes it: "28 nov 2026" in Spanish,
// "28 Nov 2026" (en-GB) or "Nov 28, 2026" (en-US) in English: the month in words, never a number
// that one club reads as the day and another as the month. The browser's own variant of the page's
// language gives the order; a text that is not such a date is shown as it is. Machine outputs (the
// JSON, the CSV files) keep the ISO date.
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export function day(iso) {
  const m = ISO_DAY.exec(String(iso ?? ""));
  if (!m) return String(iso ?? "");
  const when = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  try { return new Intl.DateTimeFormat(readerLocales(), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(when); }
  catch { return String(iso); }
}
// A moment (an ISO date and time, "2026-03-04T17:05:00+00:00", as the server keeps a correction's) in
// the reader's time zone, written as day() writes a day, with the time: "4 Mar 2026, 14:05" (en-GB),
// "Mar 4, 2026, 2:05 PM" (en-US), "4 mar 2026, 14:05" (es); never "3/4/2026", which an English page
// would write the American way for every reader.
export function moment(iso) {
  const when = new Date(String(iso ?? ""));
  if (Number.isNaN(when.getTime())) return String(iso ?? "");
  try { return new Intl.DateTimeFormat(readerLocales(), { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }).format(when); }
  catch { return String(iso); }
}
// The browser's own variant of the page's language (es-AR, en-GB) first, then the language itself.
function readerLocales() {
  const base = LANG.split("-")[0];
  return [(navigator.languages || []).find(l => l.split("-")[0] === base) || LANG, base];
}

const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
const NOTATION = /^(?:[2-9TJQKA][CDHS]|JK)$/;
const RANK_CHAR = { 14: "A", 13: "K", 12: "Q", 11: "J", 10: "T" };
export function cardText(c) { return c === "JK" ? t("joker") : (c[0] === "T" ? "10" : c[0]) + SUIT[c[1]]; }
// A card in words ("queen of hearts"): the catalogue's card_name with the rank's and suit's words
// (as canasta.messages.Words.name does).
export function cardName(c) {
  if (c === "JK") return t("joker");
  const words = { rank: t("rank_" + c[0]), suit: t("suit_" + c[1]) };
  return String(M.card_name ?? "{rank} {suit}").replace(/\{(rank|suit)\}/g, (_, k) => words[k]);
}
// Cards in notation ("7H TD" or a list) written with their symbols; other words are kept.
export function cardsText(s) {
  const list = Array.isArray(s) ? s : String(s || "").split(/\s+/).filter(Boolean);
  return list.map(x => (NOTATION.test(x) ? cardText(x) : x)).join(" ");
}
const rankChar = r => (typeof r === "number" ? RANK_CHAR[r] ?? String(r) : String(r));

// A datum written by its key's type (canasta.messages): cards, ranks, suits, numbers, text; and on
// the pages a date (`date`, `*_date`: an ISO day) as the language writes it.
function datum(key, v, spec) {
  if (v == null) return "";
  if (key === "card" || key.endsWith("_card")) return NOTATION.test(v) ? (spec === "name" ? cardName(v) : cardText(v)) : String(v);
  if (key === "cards" || key.endsWith("_cards")) {
    const list = Array.isArray(v) ? v : String(v).split(/\s+/).filter(Boolean);
    return list.map(x => (NOTATION.test(x) ? (spec === "name" ? cardName(x) : cardText(x)) : x)).join(" ");
  }
  if (key === "rank" || key.endsWith("_rank")) {
    const k = rankChar(v);
    return t(spec === "one" ? "rank_" + k : spec === "a" ? "rank_a_" + k : "ranks_" + k);
  }
  if (key === "suit" || key.endsWith("_suit")) return t("suit_" + ("CDHS"[v] ?? v));
  if (key === "date" || key.endsWith("_date")) return day(v);
  if (typeof v === "number") return spec === "word" && M["count_" + v] ? t("count_" + v) : num(v);
  return String(v);
}

// The sentence of message `key` with `args`; a key missing from the catalogue shows as itself.
export function t(key, args = {}) {
  let s = M[key] ?? key;
  if (typeof s === "object") s = s[PLURAL.select(Number(args.n ?? 0))] ?? s.other;
  return s.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, k, spec) => (k in args ? datum(k, args[k], spec) : whole));
}
export function has(key) { return key in M; }

// The language switch every page has in its header: the catalogues the server has, remembered.
function languageSwitch() {
  if (LANGS.length < 2 || document.getElementById("lang")) return;
  const box = document.querySelector("header") || document.body;
  const sel = document.createElement("select");
  sel.id = "lang"; sel.className = "lang"; sel.setAttribute("aria-label", t("language"));
  sel.dataset.verbatim = "language names";   // each language by its own name (English, Español)
  for (const l of LANGS) { const o = document.createElement("option"); o.value = l.tag; o.textContent = l.name; sel.append(o); }
  if (!LANGS.some(l => l.tag === LANG)) { const o = document.createElement("option"); o.value = LANG; o.textContent = LANG; sel.append(o); }
  sel.value = LANG;
  sel.onchange = () => {
    chooseLanguage(sel.value);
    const u = new URL(location.href); u.searchParams.delete("lang");
    if (u.toString() === location.href) location.reload(); else location.replace(u.toString());   // a link's #token stays
  };
  // beside the page's title, before its tools; on a page without tools, at the right
  const nav = box.querySelector("nav");
  if (nav) nav.before(sel); else { sel.classList.add("end"); box.append(sel); }
}
// Fill a page's fixed words from the catalogue: data-t for text, data-t-label for an aria-label,
// data-t-placeholder for a placeholder; and add the language switch.
export function applyMessages(root = document) {
  root.querySelectorAll("[data-t]").forEach(n => { n.textContent = t(n.dataset.t); });
  root.querySelectorAll("[data-t-label]").forEach(n => n.setAttribute("aria-label", t(n.dataset.tLabel)));
  root.querySelectorAll("[data-t-placeholder]").forEach(n => n.setAttribute("placeholder", t(n.dataset.tPlaceholder)));
  if (root === document) {
    if (document.documentElement.dataset.title) document.title = t(document.documentElement.dataset.title);
    languageSwitch();
  }
}
