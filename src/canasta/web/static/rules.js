// The printable rules card of a preset: each rule as a sentence (what it means and its value in
// words), grouped, with where it comes from. The option names house rules are typed with are shown
// on request ("Show the names for house rules").
import { loadMessages, applyMessages, t, num } from "/static/i18n.js";
import { el } from "/static/common.js";

await loadMessages();
applyMessages();
document.getElementById("print").onclick = () => print();
const preset = location.pathname.split("/")[2];
const r = await fetch(`/api/presets/${encodeURIComponent(preset)}`), card = await r.json();
const rankWord = n => t("rank_word_" + n) === "rank_word_" + n ? String(n) : t("rank_word_" + n);
const number = n => (n <= -1e8 ? t("rules_any_score") : num(n));
const listOf = xs => (xs.length ? xs.join(", ") : t("rules_none"));
// A value in words: by the option where a bare list would mean nothing to a player, else by its type.
const WORDS = {
  opening_minimums: v => listOf(v.map(([from, min]) => t("rules_min_from", { min, from: number(from) }))),
  opening_by_hand: v => listOf(v.map((min, i) => t("rules_hand_min", { n: i + 1, min }))),
  sequences: v => listOf(v.map(([lo, hi]) => t("rules_window", { lo: rankWord(lo), hi: rankWord(hi) }))),
  rank_canasta_bonus: v => listOf(v.map(([rank, n]) => t("rules_rank_points", { rank: rankWord(rank), n }))),
  rank_incomplete_penalty: v => listOf(v.map(([rank, n]) => t("rules_rank_points", { rank: rankWord(rank), n }))),
  red3_values: v => listOf(v.map((n, i) => t("rules_count_points", { k: i, n })).slice(1)),
  talon: v => listOf(v.map((n, i) => t("rules_talon", { k: i + 1, n }))),
  wild_canasta_by_jokers: v => listOf(v.map((n, i) => t("rules_jokers_points", { k: i, n }))),
  wild_incomplete_by_jokers: v => listOf(v.map((n, i) => t("rules_jokers_points", { k: i, n }))),
  no_wild_ranks: v => listOf(v.map(rankWord)), opening_wild_ranks: v => listOf(v.map(rankWord)), stuck_ranks: v => listOf(v.map(rankWord)),
};
function valueWords(o) {
  const v = o.value;
  if (WORDS[o.name] && Array.isArray(v)) return WORDS[o.name](v);
  if (typeof v === "boolean") return t(v ? "yes" : "no");
  if (Array.isArray(v)) return listOf(v.map(x => (typeof x === "string" ? t("rules_word_" + x) === "rules_word_" + x ? x : t("rules_word_" + x) : String(x))));
  if (typeof v === "number") return number(v);
  return t("rules_word_" + v) === "rules_word_" + v ? String(v).replaceAll("_", " ") : t("rules_word_" + v);
}
const sentence = o => t("rules_sentence", { meaning: o.meaning.charAt(0).toUpperCase() + o.meaning.slice(1), value: valueWords(o) });
if (!r.ok) document.getElementById("name").textContent = card.error.message;
else {
  document.getElementById("name").textContent = t("rules_heading", { name: card.title || card.name, n: card.players });
  document.title = t("rules_page_title", { name: card.title || card.name });
  document.getElementById("desc").textContent = t("preset_about_" + card.name) === "preset_about_" + card.name ? card.description : t("preset_about_" + card.name);
  const names = document.getElementById("show-names");
  names.onchange = () => document.body.classList.toggle("show-names", names.checked);
  const groups = new Map();
  for (const o of card.options) { if (!groups.has(o.group)) groups.set(o.group, []); groups.get(o.group).push(o); }
  const group = g => (t("group_" + g) === "group_" + g ? g : t("group_" + g));
  document.getElementById("groups").replaceChildren(...[...groups].map(([g, opts]) => el("div", {},
    el("h3", { text: group(g) }),
    el("ul", { class: "rules-list" }, ...opts.map(o => el("li", { class: "rule", "data-option": o.name },
      el("p", { class: "rules-sentence", text: sentence(o) }),
      // where it comes from quotes the rule sheet (written in English) or names our ruling; the
      // option's name and value are what a house rule types: both as they are (data-verbatim)
      el("p", { class: "note source", text: t("rules_from", { source: o.source }), "data-verbatim": "quote" }),
      el("p", { class: "note option-name", text: t("rules_house_name", { name: `${o.name}=${JSON.stringify(o.value)}` }), "data-verbatim": "typed" })))))));
}
